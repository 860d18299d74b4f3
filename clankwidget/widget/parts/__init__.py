"""Edition parts of the view state: what one edition adds to the generic view.

:func:`clankwidget.widget.view.view_state` builds the view every edition shares (players,
cards, the map, the bag, the log). What only one edition has (a ship's data ports and
hyperlifts, Pulsarcade's Arcade Cabinets) comes from that edition's *part*: an object
made by the function its registry entry names in ``view`` (``"module:function"``, see
:mod:`clankwidget.registry`), here a :class:`ViewPart` subclass. An edition without one
gets :class:`ViewPart` itself, which adds nothing.

Every method has a default, so a part overrides only what its edition has. Parts say
things in generic shapes the front end draws without knowing the edition:

* a space's ``marks`` (CSS classes ``cw-room-<mark>``), ``badges`` (``[icon, text,
  cubes]``: an icon name of the front end's set, an optional short text, optional cube
  colours) and ``words`` (phrases for screen readers and the inspector);
* a player's ``facts`` (``{id, label, value, title, icon}``);
* ``panels`` (``{id, title, rows: [{label, value, colour?, title?}], note?}``) beside the
  boss, and ``offers`` (``{id, title, hint, icon, items: [{id, name, value, text, left,
  owners, legal, why}]}``) beside the market;
* the rage track's ``tokens`` and ``zones``, special cubes (``cube_kinds``), odds notes;
* an action's ``label``, ``where`` (``"here"``: about the player's space; ``"now"``) and
  ``icon``; the ``legend`` of the map.

Nothing here decides a rule: parts read the engine's public state and the rules' public
data; legality and reasons come from ``game.legal_actions()`` and ``game.why_illegal``.
"""

from __future__ import annotations

from typing import Any

from ...rules import actions as A
from ...rules.effects import describe

__all__ = ["LOG_LINES", "Badge", "ViewPart", "fact", "log_view", "plural"]

#: How many log lines a view carries.
LOG_LINES = 40

#: ``[icon, text or None, cube colours]``: a badge on a space's top edge.
Badge = list


def plural(n: int, one: str, many: str | None = None) -> str:
    """``"1 cube"``, ``"2 cubes"``."""
    return f"{n} {one if n == 1 else (many or one + 's')}"


def log_view(s) -> list[dict]:
    """The last :data:`LOG_LINES` lines of a game's log, each with its structured event's
    kind and actor. The set-up's line loses its seed: with the seed anyone could deal the
    game again and read every hidden card (the kernel's log keeps it)."""
    lines = s.log[-LOG_LINES:]
    events = s.events[-len(lines) :] if lines else []
    if len(events) != len(lines):  # a state from before events: words only
        events = [{}] * len(lines)
    return [
        {
            "text": text.rsplit(", seed ", 1)[0] if e.get("kind") == "setup" else text,
            "kind": e.get("kind", "info"),
            "actor": e.get("actor"),
        }
        for text, e in zip(lines, events, strict=True)
    ]


def fact(
    fid: str,
    label: str,
    value: str,
    title: str = "",
    icon: str | None = None,
    meter: dict | None = None,
) -> dict:
    """A player fact: ``{id, label, value, title, icon}``, and ``meter`` when the fact is
    a count toward thresholds the view draws as a bar: ``{value, max, marks: [{at,
    label}]}`` (Pulsarcade's Skill Shot: marks at 6 and 8)."""
    out = {
        "id": fid,
        "label": label,
        "value": value,
        "title": title or f"{label}: {value}",
        "icon": icon,
    }
    if meter is not None:
        out["meter"] = meter
    return out


#: The map's legend where an edition has no other: what the front end draws on a board.
LEGEND = [
    {"icon": "boots", "text": "extra boots to walk"},
    {"icon": "monster", "text": "monster: a sword or a damage"},
    {"icon": "lock", "text": "locked: needs a Master Key"},
    {"icon": "artifact", "text": "artifact (points)"},
    {"icon": "secret", "text": "minor secrets (face down)"},
    {"icon": "secretMajor", "text": "major secrets (face down)"},
    {"icon": "idol", "text": "monkey idols"},
    {"icon": "crystal", "text": "crystal cave: stop"},
    {"icon": "market", "text": "market"},
    {"icon": "heart", "text": "heals"},
    {"icon": "gold", "text": "gold on entering"},
    {"icon": "exit", "text": "exit"},
    {"icon": "arrow", "text": "one-way tunnel"},
]


class ViewPart:
    """An edition's contribution to the view state (the default contributes nothing)."""

    #: Action kinds the part's ``offers`` show with their reasons (not listed again
    #: among the refused actions of the actions panel).
    offered_kinds: frozenset[str] = frozenset()

    def __init__(self, game):
        self.game = game

    # -- words and cards -------------------------------------------------------------

    def effects_text(self, effects) -> str:
        """A list of card effects in words."""
        return describe(effects)

    def card_extra(self, card_id: str) -> dict[str, Any]:
        """Keys added to a card's view (a faction...)."""
        return {}

    # -- the map ------------------------------------------------------------------------

    def space(self, sp) -> dict[str, Any]:
        """Keys added to space ``sp``'s view, and its own ``marks``, ``badges`` (drawn
        before the map layer's) and ``words`` (said after "the exit")."""
        return {}

    def path_gate(self, path) -> str | None:
        """Why a path needs something more than a key (drawn as a code badge), or None."""
        return None

    def module_open(self, module: dict, seat: int | None) -> bool:
        """Whether the viewer may enter a gated module of the board."""
        return True

    def module_title(self, module: dict, is_open: bool) -> str:
        return module.get("name", module["id"])

    def legend(self) -> list[dict]:
        """The map's legend: ``[{icon, text}]`` (icon ``"arrow"``: a one-way arrow)."""
        return [dict(item) for item in LEGEND]

    # -- players and the table ----------------------------------------------------------

    def player_facts(self, p) -> list[dict]:
        """Short public facts about player ``p`` (see :func:`fact`)."""
        return []

    def panels(self) -> list[dict]:
        """The edition's shared state as small panels beside the boss."""
        return []

    def offers(self, seat: int | None, why) -> list[dict]:
        """Things to claim beside the market; ``why(action)`` says why the viewer cannot."""
        return []

    def rage(self) -> dict[str, Any]:
        """The boss's ``icon`` and rage ``label``; ``tokens`` ({index: [{icon, count,
        title}]}) and ``zones`` ({index: [name]}) of the rage track."""
        return {"icon": "dragon", "label": "Rage"}

    def cube_kinds(self) -> dict[str, dict]:
        """Cubes that are not a player's: ``{colour: {icon, name, note}}``."""
        return {}

    def odds_notes(self, reply: dict) -> list[dict]:
        """Lines under the attack odds (``[{icon, text}]``); may add a ``note`` (a
        footnote title) to a player's entry of ``reply["players"]``."""
        return []

    def extra(self) -> dict[str, Any] | None:
        """The edition's public state as raw data, for Python tools (the front end does
        not read it)."""
        return None

    # -- the market ---------------------------------------------------------------------

    def market_items(self) -> list[dict]:
        """Every market item of the game, the edition's additions included."""
        return self.game.rules.market_items()

    def market_price(self, p, item: dict) -> tuple[int, str]:
        """``(price, extra effects in words)`` of ``item`` where ``p`` stands."""
        return int(item.get("cost", 7)), ""

    def market_extra(self, item: dict, extra: str) -> dict[str, Any]:
        """Keys added to a market item's view."""
        return {}

    # -- actions ------------------------------------------------------------------------

    def action_label(self, action: A.Action) -> str | None:
        """A label for one of the edition's own actions (None: not one of them)."""
        return None

    def blocked_label(self, action: A.Action) -> str | None:
        """A short name for an edition action that is not possible now."""
        return None

    def action_where(self, kind: str) -> str:
        """Where the view offers an edition action: ``"here"`` when it is about the
        player's space, else ``"now"`` (both in the actions panel by the map)."""
        return "now"

    def action_icon(self, kind: str) -> str | None:
        return None

    def notes(self) -> list[str]:
        """Lines for the actions panel on the viewer's turn."""
        return []
