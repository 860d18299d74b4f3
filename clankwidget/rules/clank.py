"""Clank!: A Deck-Building Adventure, on the shared core.

What is this edition's own: secrets and monkey idols taken on entry, dragon eggs, the
Depths (no rescue down there; the cards' "in the Depths" condition), the cards' "holding
a Crown" condition, escaping with an artifact for the Mastery token, and the countdown
track that the first player out sets going.

Readings of the rules where the sources leave a gap (each also in board_data/README.md):

* A secret or idol is taken automatically on entering its room (one per entry). The
  source says a thief takes one on entry; we do not offer "leave it there".
* A mandatory-trash secret (the Magic Spring; the teaching set's Purging Spring) trashes
  at the end of the turn (FACTS: a mandatory trash at the end of the turn), when the hand
  is empty: a card played this turn may be the one trashed, an unplayed one may not. The
  End Turn action asks it (a pending choice), then ends the turn; two springs ask twice.
* Arrive effects of the opening row are not resolved (the row is dealt before the
  first turn; only cards revealed by a refill "arrive").
* A player who reaches the exit with an artifact escapes at once (Mastery token) and
  may finish the turn (play cards, acquire, defeat) but not move; the countdown starts
  when that turn ends, or at once when the first player out was knocked out.
* On the countdown player's later turns the marker advances one space; only the
  countdown player's marker moves. Other players who are out do nothing on their turns.
* If the bag holds fewer cubes than an attack draws, every cube in it is drawn.
"""

from __future__ import annotations

import numpy as np

from ..errors import PositionError
from .state import ESCAPED, GameState
from .thieves import ThievesRules

__all__ = ["ClankRules"]


class ClankRules(ThievesRules):
    edition = "clank"
    escape_token = "mastery"

    def setup(self, colours: list[str], rng: np.random.Generator) -> GameState:
        s = super().setup(colours, rng)
        n = len(colours)
        rooms = [sp for sp in self.board.spaces if sp.artifact]
        removed = self.setup_numbers.get("artifacts_removed", {}).get(str(n), 0)
        order = self.random().permutation(len(rooms))
        keep = sorted(order[: max(0, len(rooms) - removed)].tolist())
        s.artifacts = {rooms[i].id: rooms[i].artifact for i in keep}
        self.deal_secrets(s)
        return s

    def extra_tokens(self, space) -> list[dict]:
        """Monkey idols: face-up tokens on their rooms, under the secrets."""
        if not (space.idols and self.cards.idol):
            return []
        idol = {"kind": "idol", "keep": True, **self.cards.idol}
        idol.pop("count", None)
        return [dict(idol) for _ in range(space.idols)]

    # -- entering rooms ------------------------------------------------------

    def on_enter(self, s, p, space, teleport: bool) -> None:
        if space.start and p.artifacts:
            p.status = ESCAPED
            mastery = self.escape_bonus
            p.tokens.append(
                {"kind": "mastery", "id": "mastery", "name": "Mastery token", "points": mastery}
            )
            self.say(
                s,
                f"{self.name(p)} escapes the dungeon with the Mastery token (+{mastery})",
                "escape",
                p,
            )
            return
        if space.heal:
            self.heal(s, p, space.heal)
        if space.gold:
            p.gold += space.gold
            self.say(s, f"{self.name(p)} finds {space.gold} Gold")
        stack = s.space_tokens.get(space.id)
        if stack:
            self._take_token(s, p, stack.pop(0))
            if not stack:
                del s.space_tokens[space.id]

    def _take_token(self, s, p, token: dict) -> None:
        self.revealed = True
        self.say(s, f"{self.name(p)} finds {token['name']}", "secret", p)
        if token.get("keep") or token.get("use"):
            p.tokens.append(token)
        if token.get("egg"):
            self.raise_rage(s, 1)
        now, later = [], []
        for e in token.get("take", ()):  # one pass: what happens now, what waits
            (later if self._at_turn_end(e) else now).append(e)
        if later:
            # turn_flags are copied shallowly for undo: replace the list, never change it
            job = {"source": token["id"], "effects": later}
            p.turn_flags["turn_end"] = [*p.turn_flags.get("turn_end", ()), job]
            self.say(s, f"{token['name']}: at the end of the turn, trash a card", "secret", p)
        self.apply_effects(s, p, now, source=token["id"])

    @staticmethod
    def _at_turn_end(effect: dict) -> bool:
        """A mandatory trash (the Magic Spring) waits for the end of the turn."""
        return "trash" in effect and not effect["trash"].get("optional", True)

    def check_position(self, s, fresh) -> None:
        """What waits for the end of a turn is what a token of the card set makes wait."""
        super().check_position(s, fresh)
        tokens = {t["id"]: t for group in self.cards.secrets.values() for t in group}
        for k, p in enumerate(s.players):
            for i, job in enumerate(p.turn_flags.get("turn_end", ())):
                token = tokens.get(job["source"])
                later = [e for e in token.get("take", ()) if self._at_turn_end(e)] if token else []
                if not later or job["effects"] != later:
                    raise PositionError(
                        f"$.state.players[{k}].turn_flags.turn_end[{i}]",
                        "expected what a token of the card set does at the end of the turn",
                    )

    # -- the end of the turn -------------------------------------------------

    def _do_end_turn(self, s, p, a):
        jobs = p.turn_flags.get("turn_end")
        while jobs:
            job, jobs = jobs[0], jobs[1:]
            p.turn_flags = {**p.turn_flags, "turn_end": jobs}
            self.apply_effects(s, p, job["effects"], source=job["source"])
            if s.pending:  # the choice ends the turn when it is made (see _do_choose)
                s.pending = {**s.pending, "end_turn": True}
                return
        super()._do_end_turn(s, p, a)

    def _do_choose(self, s, p, a):
        ends = s.pending.get("end_turn")
        super()._do_choose(s, p, a)
        if ends and not s.pending and not s.over:
            self._do_end_turn(s, s.player, a)

    # -- conditions ------------------------------------------------------------

    def edition_test(self, s, p, key: str, source: str | None) -> bool:
        """Clank!'s own conditions: in the Depths, holding a Crown."""
        if key == "depths":
            return self.board.space(p.space).depths
        if key == "crown":
            return p.owns("crown") > 0
        return super().edition_test(s, p, key, source)

    # -- leaving the game ----------------------------------------------------

    def rescued(self, s, p) -> bool:
        return bool(p.artifacts) and not self.board.space(p.space).depths

    def on_out(self, s, p) -> None:
        self._start_countdown(s, p)

    def after_end_turn(self, s, p) -> None:
        if p.status == ESCAPED:
            self._start_countdown(s, p)

    def _start_countdown(self, s, p) -> None:
        if s.countdown is None and self.setup_numbers.get("countdown"):
            s.countdown = 1
            s.countdown_player = s.players.index(p)
            self.say(s, f"The countdown begins ({self.name(p)} is out first)", "countdown", p)

    def out_turn(self, s, p) -> None:
        if s.countdown is None or s.players.index(p) != s.countdown_player:
            return
        track = self.setup_numbers["countdown"]
        s.countdown = min(s.countdown + 1, len(track))
        extra = track[s.countdown - 1]
        if extra is None:
            self.say(
                s,
                f"The countdown reaches space {s.countdown}: everyone still inside is lost",
                "countdown",
            )
            for q in s.players:
                if q.is_in:
                    self.knock_out(s, q, " by the countdown")
            self.finish(s, "the countdown ran out")
        elif extra > 0:
            draws = self.rage_value(s) + self.dangers(s) + extra
            self.attack(s, draws, f"Countdown space {s.countdown} (+{extra})")
