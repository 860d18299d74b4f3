"""Moonrakers positions: a whole situation of a Moonrakers game as JSON, and back.

A mixin of :class:`~clankwidget.rules.moonrakers.MoonrakersRules`, called by
:mod:`clankwidget.positions` for an edition with no map. The document has the shape of
every position (``format``, ``version``, ``edition``, ``board`` (``null``: no map),
``cards``, ``options``, ``state``), checked against
``board_data/schema/moonrakers-position.schema.json``, then by the rules: every
contract, ship part, crew card, objective and action card of the set-up is somewhere,
once; the seats named (the leader, who acts, the open offer, the execution) exist;
prestige and credits are not negative; no captain has more than four parts. With the
``overload`` option the advanced action cards count too, and a head-to-head sign-up
(``join``) or a waiting bonus (``bonus``) is set exactly in its phase. Like every
position it holds no log and no generator: a game started from one draws what is still
unrevealed from its own seed.
"""

from __future__ import annotations

import copy
from collections import Counter
from typing import Any

from ..errors import BoardDataError, PositionError

__all__ = ["PositionRules"]

#: GameState fields a position leaves out: the log and the generator belong to a game.
_NOT_IN_POSITION = ("rng", "log", "events", "edition")


class PositionRules:
    """Positions of Moonrakers games (a mixin; see the module docstring)."""

    def position_of(self, game) -> dict[str, Any]:
        """The game's current situation as a JSON-ready position."""
        from .moonrakers_data import load_card_set

        state = game.state.to_dict()
        for key in _NOT_IN_POSITION:
            state.pop(key, None)
        cards: str | dict = copy.deepcopy(game.cards.raw)
        try:
            if load_card_set(game.cards.id).raw == game.cards.raw:
                cards = game.cards.id
        except BoardDataError:
            pass
        doc = {
            "format": "clankwidget-position",
            "version": 1,
            "edition": game.edition,
            "board": None,
            "cards": cards,
            "state": state,
        }
        if game.rules.options:
            doc["options"] = copy.deepcopy(game.rules.options)
        return doc

    @classmethod
    def state_from_position(cls, doc: dict, source: str = "<position>"):
        """Check a (schema-valid) Moonrakers position; return ``(rules, state)``."""
        import numpy as np

        from ..data import check
        from .state import GameState

        try:
            check("moonrakers-position", doc, source)
        except BoardDataError as exc:
            raise PositionError(exc.json_path, exc.problem) from None
        ref = doc["cards"]
        try:
            cards = (
                cls.load_card_set(ref)
                if isinstance(ref, str)
                else cls.card_set_from_dict(ref, source=f"{source} $.cards")
            )
        except (BoardDataError, ValueError) as exc:
            raise PositionError("$.cards", str(exc)) from None
        options = doc.get("options")
        try:
            rules = cls(None, cards, options)
        except ValueError as exc:
            raise PositionError("$.options", str(exc)) from None
        raw = doc["state"]
        colours = [p["colour"] for p in raw["players"]]
        if len(set(colours)) != len(colours):
            raise PositionError("$.state.players", "each captain needs their own colour")
        try:
            state = GameState.from_dict({**copy.deepcopy(raw), "edition": cls.edition})
        except (KeyError, TypeError, ValueError) as exc:
            raise PositionError("$.state", f"not a Moonrakers state ({exc})") from None
        fresh = cls(None, cards, options).setup(colours, np.random.Generator(np.random.PCG64(0)))
        rules._verify_position(state, fresh)
        rules.rng = np.random.Generator(np.random.PCG64(0))
        try:
            rules.legal_actions(state)
        except Exception as exc:
            raise PositionError("$.state", f"the rules cannot go on from here ({exc})") from None
        return rules, state

    def _verify_position(self, s, fresh) -> None:
        n = len(s.players)
        mr = s.extra["mr"]
        for key in ("actor", "leader"):
            if not 0 <= mr[key] < n:
                raise PositionError(f"$.state.extra.mr.{key}", f"expected a seat from 0 to {n - 1}")
        if s.current != mr["leader"]:
            raise PositionError("$.state.current", "the current seat is the leader's")
        for i, p in enumerate(s.players):
            at = f"$.state.players[{i}]"
            if p.gold < 0 or p.extra["prestige"] < 0:
                raise PositionError(at, "credits and prestige are 0 or more")
            if len(p.extra["parts"]) > self.su["max_parts"]:
                raise PositionError(f"{at}.extra.parts", f"at most {self.su['max_parts']} parts")
            for cid in p.all_cards:
                if cid not in self.data.cards:
                    raise PositionError(at, f"unknown card {cid!r}")
        offer, exe = mr.get("offer"), mr.get("execution")
        if offer is not None and not 0 <= offer.get("seat", -1) < n:
            raise PositionError("$.state.extra.mr.offer.seat", "not a captain")
        if exe is not None and any(not 0 <= i < n for i in exe.get("seats", [])):
            raise PositionError("$.state.extra.mr.execution.seats", "not a captain")
        for key in ("join", "bonus"):
            if (mr.get(key) is not None) != (mr["phase"] == key):
                raise PositionError(f"$.state.extra.mr.{key}", f"set only in the {key} phase")
        seats = [*(mr.get("join") or {}).get("queue", []), (mr.get("bonus") or {}).get("seat", 0)]
        if any(not 0 <= i < n for i in seats):
            raise PositionError("$.state.extra.mr", "a head-to-head or bonus seat is not a captain")
        if mr["contract"] is not None and not 0 <= mr["contract"] < len(mr["dispatch"]):
            raise PositionError("$.state.extra.mr.contract", "no such Dispatch slot")
        for what, have, want in (
            ("contract", self._contracts(s), self._contracts(fresh)),
            ("ship part", self._parts(s), self._parts(fresh)),
            ("objective", self._objectives(s), self._objectives(fresh)),
            ("card", self._cards(s), self._cards(fresh)),
        ):
            for key in sorted(set(have) | set(want)):
                if have[key] != want[key]:
                    raise PositionError(
                        "$.state",
                        f"{what} {key!r} is in {have[key]} places, the set-up has {want[key]}",
                    )

    @staticmethod
    def _contracts(s) -> Counter:
        mr = s.extra["mr"]
        return Counter(mr["contract_deck"] + mr["contract_discard"] + mr["dispatch"])

    @staticmethod
    def _parts(s) -> Counter:
        mr = s.extra["mr"]
        out = Counter(mr["part_deck"] + mr["parts_offer"] + mr["parts_gone"])
        for p in s.players:
            out.update(p.extra["parts"])
        if mr.get("refit"):
            out[mr["refit"]["part"]] += 1
        return out

    @staticmethod
    def _objectives(s) -> Counter:
        mr = s.extra["mr"]
        out = Counter(mr["objective_deck"] + mr["objective_discard"])
        for p in s.players:
            out.update(p.extra["objectives"] + p.extra["claimed"])
        return out

    @staticmethod
    def _cards(s) -> Counter:
        mr = s.extra["mr"]
        out = Counter(mr["crew_deck"] + mr["crew_offer"])
        out.update(mr.get("advanced_deck", []) + mr.get("advanced_offer", []))
        for p in s.players:
            out.update(p.all_cards)
        for cid, k in s.reserve.items():
            out[cid] += k or 0
        return out
