"""Clank! Legacy's part of the view state: the valley around the company's HQ.

HQ (where an artifact holder escapes at the end of the turn), the Town's market, Coach
stops with their Gold, the Forest that stops Boots, water paths that need a Canoe,
numbered Waypoints and the passage being read (the pending choice), mystic fruit, minor
secrets drawn from the Bank, the Contracts in play, the Mugs left beside HQ and the
off-clock attacks. Pure reads of the engine (see :mod:`clankwidget.widget.parts`); the
Bank's face-down tokens are never shown, only how many are left.
"""

from __future__ import annotations

from typing import Any

from ...rules import actions as A
from . import LEGEND, ViewPart, fact, plural

__all__ = ["LegacyPart", "legacy_part"]

_GOALS = {
    "stand_on": lambda v, board: f"stand on {board.space(v).name}",
    "gold": lambda v, board: f"hold {v} Gold",
    "owns": lambda v, board: f"own a {'Canoe' if v == 'canoe' else 'market item'}",
    "artifact": lambda v, board: f"carry an artifact worth {v}+",
    "cards": lambda v, board: f"own {v} cards",
}


class LegacyPart(ViewPart):
    """The view of a Clank! Legacy game."""

    offered_kinds = frozenset()

    def effects_text(self, effects) -> str:
        return self.game.rules.effects_text(effects)

    def _words(self, key: str) -> str:
        return self.game.rules.words.get(key, key)

    # -- the map ------------------------------------------------------------------------

    def space(self, sp) -> dict[str, Any]:
        s = self.game.state
        words: list[str] = []
        badges: list[list] = []
        out: dict[str, Any] = {
            "town": sp.town,
            "forest": sp.forest,
            "coach": sp.coach,
            "waypoint": sp.waypoint,
            "fruit": s.extra["fruit"].get(sp.id) if sp.fruit else None,
        }
        if sp.start:
            words.append("HQ: end your turn here with an artifact to escape with a Mug")
        if sp.town:
            words.append("Town: market items for 7 Gold, one of each type")
        if sp.coach is not None:
            words.append(
                f"coach stop ({sp.coach} Gold): 1 Boot plus the Gold of both stops "
                "to any other coach stop"
            )
            badges.append(["coach", f"{sp.coach}", []])
        if sp.forest:
            words.append("Forest: entering it ends your Boot movement this turn")
            badges.append(["checkpoint", None, []])
        if sp.waypoint is not None:
            words.append(f"waypoint {sp.waypoint}: read its passage the first time you enter")
            badges.append(["code", f"#{sp.waypoint}", []])
        if sp.fruit:
            whole = bool(out["fruit"])
            words.append("mystic fruit: " + ("whole (eat it on entering)" if whole else "eaten"))
            if whole:
                badges.append(["heart", "fruit", []])
        if sp.minor_secrets:
            left = len(s.extra["bank"])
            words.append(
                f"a minor secret from the Bank on your first entry each turn ({left} left)"
            )
            badges.append(["secret", "Bank", []])
        if sp.enter:
            words.append(f"first entry each turn: {self.effects_text(sp.enter)}")
        out.update(words=words, badges=badges, marks=["forest"] if sp.forest else [])
        return out

    def path_gate(self, path) -> str | None:
        return "water: needs a Canoe" if path.water else None

    def legend(self) -> list[dict]:
        extra = [
            {"icon": "coach", "text": "coach stop (its Gold); a ride: a brown dashed arc"},
            {"icon": "checkpoint", "text": "forest: stop"},
            {"icon": "code", "text": "waypoint (a passage) / water path: needs a Canoe"},
            {"icon": "heart", "text": "mystic fruit / heals"},
        ]
        return [dict(item) for item in LEGEND if item["icon"] not in ("idol", "crystal")] + extra

    # -- players and the table ----------------------------------------------------------

    def player_facts(self, p) -> list[dict]:
        facts = []
        mugs = [t for t in p.tokens if t.get("kind") == "mug"]
        if mugs:
            facts.append(fact("mug", "Mug", f"+{mugs[0]['points']}", "escaped with a Mug"))
        done = [t["name"] for t in p.tokens if t.get("kind") == "contract"]
        if done:
            facts.append(fact("contracts", "Contracts", str(len(done)), ", ".join(done)))
        if p.owns("canoe"):
            facts.append(fact("canoe", "Canoe", "yes", "may use water paths"))
        if not p.is_in:
            facts.append(
                fact("clock", "Off the clock", p.status, "takes no turns; the dragon draws")
            )
        return facts

    def panels(self) -> list[dict]:
        game, s = self.game, self.game.state
        rules = game.rules
        panels = []
        rows = []
        for c in s.extra["contracts"]:
            contract = rules.contracts[c["id"]]
            goal = ", ".join(_GOALS[k](v, game.board) for k, v in contract["goal"].items())
            done = c["done"]
            rows.append(
                {
                    "label": contract["name"],
                    "value": f"done by {done.capitalize()}" if done else "open",
                    "colour": done,
                    "title": f"{goal}; reward: {contract.get('points', 0)} points"
                    + (f", {self.effects_text(contract['reward'])}" if contract["reward"] else ""),
                }
            )
        if rows:
            panels.append({"id": "contracts", "title": "Contracts", "rows": rows})
        out = [p for p in s.players if not p.is_in]
        inside = [p for p in s.players if p.is_in]
        table = [
            {"label": "Mugs beside HQ", "value": str(s.extra["mugs"])},
            {"label": "Minor secrets in the Bank", "value": str(len(s.extra["bank"]))},
        ]
        if out and inside:
            n = rules.out_draws(s)
            table.append(
                {
                    "label": "Off the clock",
                    "value": ", ".join(p.colour.capitalize() for p in out),
                    "title": f"on each of their turns the dragon draws {plural(n, 'cube')}, "
                    "ignoring rage and Danger cards",
                }
            )
        panels.append({"id": "franchise", "title": "The Franchise", "rows": table})
        pend = s.pending
        if pend and pend.get("passage") is not None:
            passage = rules.passages[pend["passage"]]
            panels.append(
                {
                    "id": "passage",
                    "title": f"Passage {passage['number']}: {passage['title']}",
                    "rows": [
                        {"label": f"{i + 1}", "value": text}
                        for i, text in enumerate(pend["options"])
                    ],
                    "note": passage.get("text", ""),
                }
            )
        return panels

    def odds_notes(self, reply: dict) -> list[dict]:
        s = self.game.state
        notes = []
        if any(not p.is_in for p in s.players) and any(p.is_in for p in s.players):
            n = self.game.rules.out_draws(s)
            notes.append(
                {
                    "icon": "dragon",
                    "text": f"A player is off the clock: the next attack draws exactly "
                    f"{plural(n, 'cube')}, whatever the rage and Danger cards.",
                }
            )
        cubes, draws = self.game.attack_cubes()
        if draws >= sum(cubes.values()):
            notes.append(
                {
                    "icon": "dragon",
                    "text": "This attack empties the bag: the game ends and everyone still "
                    "in is knocked out.",
                }
            )
        return notes

    def extra(self) -> dict[str, Any] | None:
        s = self.game.state
        return {
            "contracts": [dict(c) for c in s.extra["contracts"]],
            "mugs": s.extra["mugs"],
            "fruit": dict(s.extra["fruit"]),
            "bank": len(s.extra["bank"]),
        }

    # -- actions ------------------------------------------------------------------------

    def action_label(self, action: A.Action) -> str | None:
        if action.kind == "coach":
            here = self.game.current_player.space
            cost = self.game.rules.coach_cost(here, action.to)
            return (
                f"Take the coach to {self.game.board.space(action.to).name} (1 Boot, {cost} Gold)"
            )
        return None

    def blocked_label(self, action: A.Action) -> str | None:
        return "Coach" if action.kind == "coach" else None

    def action_where(self, kind: str) -> str:
        return "here" if kind == "coach" else "now"

    def action_icon(self, kind: str) -> str | None:
        return "coach" if kind == "coach" else None

    def notes(self) -> list[str]:
        p = self.game.current_player
        if p.is_in and p.artifacts and p.space == self.game.board.start:
            return ["You are at HQ with an artifact: end your turn here to escape with a Mug."]
        return []


def legacy_part(game) -> LegacyPart:
    """Clank! Legacy's part (the registry's ``view`` of the edition)."""
    return LegacyPart(game)
