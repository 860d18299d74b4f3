"""The one schema registry: every ``board_data/schema/*.schema.json``, checked once.

Each data format (board, card set, Space edition, Space card extras, the Space effect
vocabulary) is a JSON Schema in ``board_data/schema``; they may refer to one another by
``$id`` (``space-effects.schema.json#/$defs/effects``). :func:`check` validates a
document against one of them and raises :class:`~clankwidget.errors.BoardDataError`
naming the file, the JSON path and what was expected there.

"integer" means a JSON integer here: ``5.0`` or ``1e8`` is not a count (JSON Schema would
let an integral float through, and the rules would then multiply a list by a float).
"""

from __future__ import annotations

import difflib
import json
from functools import cache
from typing import Any

from ..errors import BoardDataError
from ._files import board_data_dir

__all__ = ["SCHEMAS", "check", "schema", "validator"]

SCHEMAS = (
    "board",
    "cards",
    "legacy",
    "space-effects",
    "space-edition",
    "space-cards",
    "position",
    "campaign",
    "moonrakers",
    "moonrakers-position",
)
"""The registered schemas, by kind: ``board_data/schema/<kind>.schema.json``."""

PARTS = {"campaign-save": ("campaign", "save"), "card-effects": ("cards", "effects")}
"""Kinds checked against a part of a registered schema: kind -> (schema, ``$defs`` name)."""

_BASE = "https://clankwidget.invalid/schema/"


@cache
def _registry():
    # jsonschema is imported here, not at the top: with its optional format checkers
    # installed (JupyterLab brings them) its import takes seconds, and most uses of
    # clankwidget (odds, paths) never load a file.
    from jsonschema import Draft202012Validator
    from referencing import Registry, Resource

    folder = board_data_dir() / "schema"
    resources = []
    for kind in SCHEMAS:
        doc = json.loads((folder / f"{kind}.schema.json").read_text(encoding="utf-8"))
        Draft202012Validator.check_schema(doc)
        if doc.get("$id") != f"{_BASE}{kind}.schema.json":  # pragma: no cover - our files
            raise RuntimeError(f"{kind}.schema.json has $id {doc.get('$id')!r}")
        resources.append((doc["$id"], Resource.from_contents(doc)))
    return Registry().with_resources(resources)


def schema(kind: str) -> dict:
    """The schema document of ``kind`` (one of :data:`SCHEMAS`)."""
    if kind not in SCHEMAS:
        raise KeyError(f"no schema {kind!r}; the schemas are {', '.join(SCHEMAS)}")
    return _registry().contents(f"{_BASE}{kind}.schema.json")


@cache
def _validator_class():
    from jsonschema import Draft202012Validator, validators

    def is_integer(checker, instance) -> bool:
        return isinstance(instance, int) and not isinstance(instance, bool)

    checker = Draft202012Validator.TYPE_CHECKER.redefine("integer", is_integer)
    return validators.extend(Draft202012Validator, type_checker=checker)


@cache
def validator(kind: str):
    """A validator for ``kind``. ``space-effects`` is a library of definitions: its
    validator checks one list of effects."""
    if kind in PARTS:
        whole, part = PARTS[kind]
        doc = {"$ref": f"{_BASE}{whole}.schema.json#/$defs/{part}"}
    elif kind == "space-effects":
        doc = {"$ref": f"{_BASE}{kind}.schema.json#/$defs/effects"}
    else:
        doc = {"$ref": f"{_BASE}{kind}.schema.json"}
    return _validator_class()(_inlined(_BASE, doc), registry=_registry())


# keywords whose value maps names to schemas, and those whose value is data, not a schema
_SCHEMA_MAPS = ("properties", "patternProperties", "dependentSchemas")
_DATA = ("enum", "const", "required", "examples", "default", "dependentRequired")


def _inlined(base: str, node: Any, inside: frozenset = frozenset()) -> Any:
    """``node``, a part of the schema at ``base``, with every ``$ref`` that stands alone
    replaced by what it refers to, so that checking a document follows no references (a
    position's hundreds of card ids each went through the registry: twice the time). A
    reference back into a definition it is inside (an effect within a condition) stays,
    made absolute. The errors are the same; only their schema paths lose the ``$ref``
    steps, which no message shows."""
    if isinstance(node, list):
        return [_inlined(base, v, inside) for v in node]
    if not isinstance(node, dict):
        return node
    out = {}
    for key, value in node.items():
        if key in ("$ref", "$id", "$defs"):  # references resolve in the registry's copy
            continue
        if key in _SCHEMA_MAPS:
            out[key] = {k: _inlined(base, v, inside) for k, v in value.items()}
        elif key in _DATA:
            out[key] = value
        else:
            out[key] = _inlined(base, value, inside)
    ref = node.get("$ref")
    if ref is None:
        return out
    file, _, pointer = ref.partition("#")
    target = base.partition("#")[0] if not file else file if "://" in file else _BASE + file
    absolute = f"{target}#{pointer}"
    if len(node) > 1 or absolute in inside:
        out["$ref"] = absolute
        return out
    part = _registry().contents(target)
    for step in filter(None, pointer.split("/")):
        part = part[step]
    return _inlined(target, part, inside | {absolute})


def check(kind: str, doc: Any, source: str, prefix: str = "$") -> None:
    """Validate ``doc`` against the ``kind`` schema; the JSON path is reported under
    ``prefix`` (for a part of a larger document, such as a space's ``enter`` effects)."""
    from jsonschema.exceptions import best_match

    error = best_match(validator(kind).iter_errors(doc))
    if error is None:
        return
    error = _innermost(error)
    where = prefix + error.json_path[1:]
    problem = f"expected {_expected(error)}: {_problem(error)}"
    if because := _because(validator(kind).schema, error):
        problem += f"; {because}"
    raise BoardDataError(source, where, problem)


def _because(root: dict, error) -> str | None:
    """The ``description`` of the ``then`` an error was found under: the narrower rule a
    document meets when its ``if`` holds (a Legacy map's space effects), said with the
    error, which would otherwise only say what the wider rule knows."""
    node, because, keyword = root, None, True  # (a step is a keyword, or a name in one)
    for step in error.absolute_schema_path:
        if keyword and step == "then" and isinstance(node, dict):
            then = node.get("then")
            because = then.get("description", because) if isinstance(then, dict) else because
        try:
            node = node[step]
        except (KeyError, IndexError, TypeError):
            break
        keyword = not (keyword and step in (*_SCHEMA_MAPS, "$defs"))
    return because


def _innermost(error):
    """For a ``oneOf`` (an effect), descend into the branch the object meant to be.

    An effect names its kind by its key (``{"if": ..., "then": [...]}``); when exactly one
    branch requires keys the object has, its errors are the useful ones, however deep.
    """
    from jsonschema.exceptions import best_match

    while error.validator == "oneOf" and isinstance(error.instance, dict) and error.context:
        branches = error.validator_value
        meant = [
            i
            for i, branch in enumerate(branches)
            if branch.get("required") and set(branch["required"]) <= set(error.instance)
        ]
        if len(meant) != 1:
            break
        inner = [e for e in error.context if e.relative_schema_path[0] == meant[0]]
        if not inner:
            break
        error = best_match(inner)
    return error


def _problem(error) -> str:
    if error.validator in ("oneOf", "anyOf") and isinstance(error.instance, dict):
        keys = ", ".join(sorted(error.instance)) or "nothing"
        return (
            f"{{{keys}}} is not a known effect or entry (see board_data/README.md "
            "and board_data/space/README.md)"
        )
    if error.validator == "additionalProperties":
        allowed = list(error.schema.get("properties", {}))
        unknown = sorted(set(error.instance) - set(allowed))
        hints = []
        for name in unknown:
            close = difflib.get_close_matches(name, allowed, n=1)
            hints.append(f"{name!r}" + (f" (did you mean {close[0]!r}?)" if close else ""))
        return f"unknown field {', '.join(hints)}"
    message = error.message
    if len(message) > 300:  # a message quoting a huge value
        message = message[:297] + "..."
    return message.encode("utf-8", "backslashreplace").decode("utf-8")


def _expected(error) -> str:
    schema = error.schema if isinstance(error.schema, dict) else {}
    if "title" in schema:
        return schema["title"]
    if error.validator in ("oneOf", "anyOf") and isinstance(error.instance, dict):
        return "a known effect"
    if error.validator == "additionalProperties":
        return "only the fields board_data/README.md lists"
    if error.validator == "const":
        return repr(error.validator_value)
    if error.validator == "enum":
        return "one of " + ", ".join(repr(v) for v in error.validator_value)
    if error.validator == "type":
        return f"a value of type {error.validator_value}"
    if error.validator == "required":
        return "the required fields"
    if error.validator in ("minimum", "exclusiveMinimum"):
        return f"a number at least {error.validator_value}"
    if error.validator in ("maximum", "exclusiveMaximum"):
        return f"a number at most {error.validator_value}"
    if error.validator in ("maxItems", "maxLength", "maxProperties"):
        return f"at most {error.validator_value}"
    if error.validator == "pattern":
        return "lower-case letters, digits, '-' and '_'"
    return "a value that matches the schema"
