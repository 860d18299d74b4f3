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
        overload = {"advanced_deck", "advanced_offer", "free_removal", "join", "bonus"}
        if self.overload and overload - set(mr):
            missing = ", ".join(sorted(overload - set(mr)))
            raise PositionError("$.state.extra.mr", f"the overload option needs {missing}")
        if not self.overload and overload & set(mr):
            extra = ", ".join(sorted(overload & set(mr)))
            raise PositionError("$.state.extra.mr", f"{extra}: only with the overload option")
        self._verify_seats(mr, n)
        self._verify_phase(mr)
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
        exe = mr["execution"]
        if exe is not None and mr["contract"] is not None:
            head_to_head = bool(self.contract(s).get("head_to_head"))
            if (exe["own"] is not None) != head_to_head:
                raise PositionError(
                    "$.state.extra.mr.execution.own",
                    "counts of one's own are kept exactly for a head-to-head contract",
                )

    @staticmethod
    def _verify_seats(mr: dict, n: int) -> None:
        """Every seat the table names is a captain's, and what it counts per seat has one
        number for each (the schema has checked the types)."""
        at = "$.state.extra.mr"
        named = {"asked": mr["asked"], "deals": [int(k) for k in mr["deals"]]}
        for key, fields in (
            ("offer", ("seat", "by")),
            ("execution", ("seats", "waiting", "playing")),
            ("keep", ("queue",)),
            ("refit", ("seat",)),
            ("join", ("queue", "joined")),
            ("bonus", ("seat",)),
        ):
            part = mr.get(key) or {}
            for field in fields:
                value = part.get(field)
                named[f"{key}.{field}"] = value if isinstance(value, list) else [value]
        for where, seats in named.items():
            if any(i is not None and not 0 <= i < n for i in seats):
                raise PositionError(f"{at}.{where}", f"expected seats from 0 to {n - 1}")
        exe = mr["execution"]
        for key in ("actions", "dice", "rolled", "blocks", "miss_damage", "own"):
            if exe is not None and exe[key] is not None and len(exe[key]) != n:
                raise PositionError(
                    f"{at}.execution.{key}", f"expected one entry per captain ({n})"
                )

    @staticmethod
    def _verify_phase(mr: dict) -> None:
        """What the phase needs is there (and what only another phase has is not), and
        the captain who acts is the one the phase waits for."""
        at, phase = "$.state.extra.mr", mr["phase"]
        for key in ("keep", "refit", "join", "bonus"):
            if (mr.get(key) is not None) != (phase == key):
                raise PositionError(f"{at}.{key}", f"set only in the {key} phase")
        needs = {"respond": "offer", "execute": "execution"}
        if phase in needs and mr[needs[phase]] is None:
            raise PositionError(f"{at}.{needs[phase]}", f"the {phase} phase needs it")
        if phase in ("negotiate", "respond", "execute", "join") and mr["contract"] is None:
            raise PositionError(f"{at}.contract", f"the {phase} phase is about a contract")
        queue = (mr.get(phase) or {}).get("queue") if phase in ("keep", "join") else None
        if queue is not None and not queue:
            raise PositionError(f"{at}.{phase}.queue", "expected the captains still to answer")
        exe, offer = mr["execution"], mr["offer"]
        waits_for = {
            "keep": queue[0] if queue else None,
            "join": queue[0] if queue else None,
            "refit": (mr["refit"] or {}).get("seat"),
            "bonus": (mr.get("bonus") or {}).get("seat"),
            "execute": exe["playing"] if exe and exe["playing"] is not None else mr["leader"],
        }.get(phase, mr["leader"])
        if phase == "respond":  # whoever did not make the terms on the table
            waits_for = offer["seat"] if offer["by"] == mr["leader"] else mr["leader"]
        if mr["actor"] != waits_for:
            raise PositionError(f"{at}.actor", f"the {phase} phase waits for seat {waits_for}")
        keep = mr["keep"]
        if keep is not None and (keep["drop"] < 1 or keep["among"] == []):
            raise PositionError(
                f"{at}.keep", "expected an objective to put back, and one to choose"
            )
        if phase == "execute":
            if mr["leader"] not in exe["seats"]:
                raise PositionError(f"{at}.execution.seats", "expected the leader among them")
            if exe["playing"] is None and not exe["waiting"]:
                raise PositionError(f"{at}.execution.waiting", "expected a captain still to play")
            for i in exe["seats"]:
                if i != mr["leader"] and str(i) not in mr["deals"]:
                    raise PositionError(f"{at}.deals", f"seat {i} helps without a deal")

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
