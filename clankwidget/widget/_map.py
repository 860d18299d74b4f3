"""The map as the view shows it: the board's geometry, what is left on it, and what the
front end draws on each space (marks, badges, words) and path, for one viewer."""

from __future__ import annotations

from collections import Counter
from typing import Any

from ._edition import edition_part, terms
from .parts import ViewPart, plural


def _space_words(entry: dict, own_words: list[str], vocab) -> list[str]:
    """What is in a space, in reading order: the exit, the edition's own, the map's, in
    the edition's ``vocab`` (its Gold, its Depths)."""
    words = ["the exit: leave with an artifact to escape"] if entry["start"] else []
    words += own_words
    if entry["depths"]:
        words.append(f"in the {vocab.get('depths', 'Depths')}: knocked out here you score nothing")
    if entry["crystal_cave"]:
        words.append("crystal cave: entering ends your movement")
    if entry["market"]:
        words.append("market")
    if entry["heal"]:
        words.append(f"heals {entry['heal']}")
    if entry["gold"]:
        words.append(f"{entry['gold']} {vocab['gold'].lower()} on entering")
    if entry["artifact"] is not None:
        cost = entry.get("artifact_cost")
        costs = f", costs {plural(cost, 'token')}" if cost is not None else ""
        words.append(f"artifact worth {entry['artifact']}{costs}")
    secrets = entry["secrets"]
    if secrets["major"]:
        words.append(plural(secrets["major"], "major secret"))
    if secrets["minor"]:
        words.append(plural(secrets["minor"], "minor secret"))
    if entry["idols"]:
        words.append(plural(entry["idols"], "monkey idol"))
    return words


def _space_badges(entry: dict, own: list[list]) -> list[list]:
    """The badges along a space's top edge: the edition's own, then the map's."""
    badges = [list(b) for b in own]
    if entry["start"]:
        badges.append(["exit", None, []])
    if entry["crystal_cave"]:
        badges.append(["crystal", None, []])
    if entry["market"]:
        badges.append(["market", None, []])
    if entry["heal"]:
        badges.append(["heart", f"+{entry['heal']}", []])
    if entry["gold"]:
        badges.append(["gold", f"+{entry['gold']}", []])
    secrets = entry["secrets"]
    if secrets["major"]:
        badges.append(["secretMajor", str(secrets["major"]), []])
    if secrets["minor"]:
        badges.append(["secret", str(secrets["minor"]), []])
    if entry["idols"]:
        badges.append(["idol", str(entry["idols"]), []])
    return badges


def board_view(game, seat: int | None = None, part: ViewPart | None = None) -> dict[str, Any]:
    """Board geometry with what is left on it (artifacts, secrets, idols) and what the
    front end draws on each space, for the viewer in ``seat``."""
    part = part or edition_part(game)
    board = game.board
    s = game.state
    own_terms = terms(game)
    spaces = []
    for sp in board.spaces:
        stack = s.space_tokens.get(sp.id, ())
        kinds = Counter(t.get("kind", "minor") for t in stack)
        entry = {
            "id": sp.id,
            "name": sp.name,
            "x": sp.x,
            "y": sp.y,
            "start": sp.start,
            "depths": sp.depths,
            "crystal_cave": sp.crystal_cave,
            "market": sp.market,
            "heal": sp.heal,
            "gold": sp.gold,
            "artifact": s.artifacts.get(sp.id),
            "artifact_cost": None,
            "secrets": {"minor": kinds.get("minor", 0), "major": kinds.get("major", 0)},
            "idols": kinds.get("idol", 0),
            "note": sp.note,
        }
        own = dict(part.space(sp))
        own_words = own.pop("words", [])
        own_badges = own.pop("badges", [])
        own_marks = own.pop("marks", [])
        entry.update(own)
        marks = [
            m
            for m, on in (
                ("deep", entry["depths"]),
                ("start", entry["start"]),
                ("crystal", entry["crystal_cave"]),
            )
            if on
        ]
        entry["marks"] = marks + list(own_marks)
        entry["badges"] = _space_badges(entry, own_badges)
        entry["words"] = _space_words(entry, own_words, own_terms)
        spaces.append(entry)
    paths = [
        {
            "index": p.index,
            "a": p.a,
            "b": p.b,
            "boots": p.boots,
            "monsters": p.monsters,
            "locked": p.locked,
            "one_way": p.one_way,
            "water": p.water,
            "note": p.note,
            "gate": part.path_gate(p),
        }
        for p in board.paths
    ]
    modules = []
    for m in board.modules:
        gated = bool(m.get("command"))
        is_open = not gated or part.module_open(m, seat)
        modules.append(
            {
                "id": m["id"],
                "name": m.get("name", m["id"]),
                "gated": gated,
                "open": is_open,
                "title": part.module_title(m, is_open),
            }
        )
    return {
        "id": board.id,
        "title": board.title,
        "width": board.width,
        "height": board.height,
        "depths_line": _depths_line(board),
        "spaces": spaces,
        "paths": paths,
        "modules": modules,
    }


def _depths_line(board) -> float | None:
    """The y between the surface and the Depths when every Depths space lies below."""
    deep = [sp.y for sp in board.spaces if sp.depths]
    top = [sp.y for sp in board.spaces if not sp.depths]
    if not deep or not top or min(deep) <= max(top):
        return None
    return (min(deep) + max(top)) / 2
