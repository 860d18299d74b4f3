"""Clank! Legacy: Acquisitions Incorporated, on the Clank! rules.

What is this edition's own, on top of :class:`~clankwidget.rules.clank.ClankRules` (secrets
taken on entry, the Danger Zone that works like the Depths, dragon eggs):

* set-up: the opening Adventure Row holds no Event and no Dragon Attack card; minor secrets
  wait face down in the Bank, one major secret lies on each major-secret space (extras to
  the Bank); mystic fruit whole side up; one Mug per player beside HQ; the Contracts given
  by the campaign (option ``contracts``) in a row above the board; a Patron (option
  ``patron``) as one more Reserve pile of one card;
* first-entry rewards, once per space each turn: Gold, healing, a space's ``enter``
  effects (a card draw), a random minor secret from the Bank, the space's major secret,
  a whole mystic fruit;
* numbered Waypoints pause the turn on a passage of the Book of Passages (a pending
  choice that ``legal_actions`` lists as ``choose`` actions);
* Towns sell market items for 7 Gold, one of each type per player; Coach spaces take you to
  any other Coach space for 1 Boot plus the Gold printed on both;
* Forests end Boot movement (``Space.stops_movement``), water paths need a Canoe;
* one artifact at most, for good; Events resolve while the row refills and go to the
  discard pile; escaping happens at the end of the turn (cubes leave the Clank! area before
  the refill, a 20-point Mug is taken); off-clock players draw exactly 4 cubes on their turn
  (6 with two players); an attack that empties the dragon bag ends the game at once with
  everyone still in knocked out.

Readings of the rules where the source is silent (also in board_data/README.md, "Clank!
Legacy"):

* "First time you enter each turn": Gold, healing, ``enter`` effects and a minor secret
  from the Bank come again on a later turn; a major secret and a fruit, once taken or
  eaten, are gone (a fruit shows its eaten side until an event regrows it).
* A Waypoint's passage is read by each player the first time *they* enter it in a game;
  passing it again reads nothing. Options that cost Gold are offered only to a player who
  can pay.
* A player who reaches HQ with an artifact may finish the turn and even leave again; they
  escape if they still stand on HQ when they end the turn.
* Contracts are checked for the player whose turn ends, before the discard; the first
  player to meet a contract completes it (its reward and a token worth its points).
* The Adventure deck running out: the Adventure discard pile is shuffled into a new deck
  (with the game's generator); only if that is empty too does the deck-out end the game
  with everyone still in knocked out (Clank!'s rule for a dungeon deck that runs out).
  An Event resolved while the row refills goes to the discard pile, but a new deck made
  in that same refill leaves it out (it waits on the pile for the next one): no Event
  resolves twice in one refill, and a discard pile holding only the Events resolved in
  this refill counts as empty, so the deck has run out (otherwise a deck of nothing but
  Events would be revealed, resolved and reshuffled for ever).
* A first entry that opens a choice (a secret's optional trash, say) finishes after the
  choice is answered: the rewards left and the waypoint's passage come then, in order
  (Bank secret, major secret, fruit, passage).
* Extra major secrets go to the Bank but are never drawn (the Bank's draws are minor).
* A coach ride is movement (not possible once a Forest has stopped your Boots); arriving
  by coach is an entry (first-entry rewards, waypoints).

The path search (``game.path_context()`` for :func:`clankwidget.paths.turn_options`)
knows the Forest (it stops Boots), water paths (a Canoe) and coach rides: a ride is a
``"coach"`` step of a route (1 Boot, the fares from the player's Gold, only while Boots may
still be spent; ``route_action`` turns it into a :class:`Coach` action), and the
multi-turn functions (``distance_table``, ``journey``...) take a ``gold`` budget for rides.
The search does not count Gold picked up on the way, so a route it offers can always be
paid. The bots plan with the same functions: coaches and a Canoe shorten their trips.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable
from dataclasses import dataclass
from typing import ClassVar

import numpy as np

from ..data import check_space_effects
from ..errors import BoardDataError, PositionError, shown
from . import actions as A
from .clank import ClankRules
from .state import ESCAPED, GameState

__all__ = ["Coach", "LegacyRules"]


@dataclass(frozen=True)
class Coach(A.Action):
    """Hire a coach from the Coach space you stand on to Coach space ``to`` (1 Boot plus
    the Gold printed on both spaces)."""

    kind: ClassVar[str] = "coach"
    to: str


class LegacyRules(ClankRules):
    """Clank! Legacy (see the module docstring)."""

    edition = "legacy"
    escape_token = "mug"
    space_effects = ("enter",)  # a room's first-entry reward
    known_options: ClassVar[dict[str, str]] = {
        "contracts": "ids of the Contracts in play (kept from the last game or given by "
        "the prologue)",
        "patron": "id of the Patron card put in the Reserve (one earned in the campaign)",
    }

    def __init__(self, board, cards, options=None):
        super().__init__(board, cards, options)
        self.legacy = cards.raw.get("legacy")
        if not isinstance(self.legacy, dict):
            raise BoardDataError(
                cards.source or cards.id,
                "$.legacy",
                "expected the Legacy components (fruit, contracts, patrons, passages)",
            )
        check_space_effects(board, "card-effects")  # (first-entry rewards, as cards give)
        self.passages = {p["number"]: p for p in self.legacy["passages"]}
        self.contracts = {c["id"]: c for c in self.legacy["contracts"]}
        for i, sp in enumerate(board.spaces):
            if sp.waypoint is not None and sp.waypoint not in self.passages:
                raise BoardDataError(
                    board.source or board.id,
                    f"$.spaces[{i}].waypoint",
                    f"expected a passage number of card set {cards.id!r}, got {sp.waypoint}",
                )
        for i, c in enumerate(self.legacy["contracts"]):
            where = c["goal"].get("stand_on")
            if where is not None and where not in board:
                raise BoardDataError(
                    cards.source or cards.id,
                    f"$.legacy.contracts[{i}].goal.stand_on",
                    f"expected a space of board {board.id!r}, got {where!r}",
                )
        for i, pid in enumerate(self.legacy["patrons"]):
            if pid not in cards.cards or cards.cards[pid].banner != "reserve":
                raise BoardDataError(
                    cards.source or cards.id,
                    f"$.legacy.patrons[{i}]",
                    f"expected the id of a reserve card, got {pid!r}",
                )
        chosen = self.options.get("contracts", [])
        if not isinstance(chosen, list) or any(
            not isinstance(c, str) or c not in self.contracts for c in chosen
        ):
            raise ValueError(
                f"option 'contracts' must list contract ids of {cards.id!r} "
                f"({', '.join(self.contracts)}), got {chosen!r}"
            )
        patron = self.options.get("patron")
        if patron is not None and (
            not isinstance(patron, str) or patron not in self.legacy["patrons"]
        ):
            raise ValueError(
                f"option 'patron' must be one of {', '.join(self.legacy['patrons'])}, "
                f"got {patron!r}"
            )
        self.coaches = {sp.id: sp.coach for sp in board.spaces if sp.coach is not None}
        self._resolved: list[str] = []  # the Events resolved in the refill under way

    # -- set-up -----------------------------------------------------------------------

    def setup(self, colours: list[str], rng: np.random.Generator) -> GameState:
        s = super().setup(colours, rng)
        s.extra["fruit"] = {sp.id: True for sp in self.board.spaces for _ in range(sp.fruit)}
        s.extra["mugs"] = len(colours)
        s.extra["contracts"] = [{"id": c, "done": None} for c in self.options.get("contracts", [])]
        patron = self.options.get("patron")
        if patron:
            s.reserve[patron] = 1
        for p in s.players:
            p.extra["read"] = []
        for c in s.extra["contracts"]:
            contract = self.contracts[c["id"]]
            self.say(s, f"Contract: {contract['name']} ({contract.get('text', '')})")
        return s

    def deal_opening_row(self, s: GameState) -> None:
        """Six cards with no Dragon Attack symbol and no Event; set-aside cards go back."""
        aside = []
        s.row = []
        while len(s.row) < self.setup_numbers["row_size"] and s.dungeon_deck:
            cid = s.dungeon_deck.pop()
            card = self.card(cid)
            (aside if card.dragon or card.banner == "event" else s.row).append(cid)
        if aside:
            s.dungeon_deck = self.shuffled(s.dungeon_deck + aside)

    def deal_secrets(self, s: GameState) -> None:
        """Major secrets face down on their spaces (extras to the Bank, never drawn); the
        minor secrets shuffled face down in the Bank."""
        pools = {}
        for size in ("minor", "major"):
            tokens = []
            for t in self.cards.secrets.get(size, ()):
                token = {"kind": size, **{k: v for k, v in t.items() if k != "count"}}
                tokens.extend(copy.deepcopy(token) for _ in range(t.get("count", 1)))
            pools[size] = self.shuffled(tokens)
        for sp in self.board.spaces:
            for _ in range(sp.major_secrets):
                if pools["major"]:
                    s.space_tokens.setdefault(sp.id, []).append(pools["major"].pop())
        s.extra["bank"] = pools["minor"]
        s.extra["bank_majors"] = pools["major"]

    # -- actions ------------------------------------------------------------------------

    def edition_candidates(self, s: GameState) -> Iterable[A.Action]:
        p = s.player
        if p.space in self.coaches and p.boots and not p.exhausted and p.is_in:
            yield from (Coach(to) for to in self.coaches if to != p.space)

    def _check_coach(self, s, p, a: Coach):
        if not p.is_in:
            return "you are off the clock"
        if p.space not in self.coaches:
            return "there is no coach stop here"
        if a.to not in self.coaches or a.to == p.space:
            others = ", ".join(c for c in self.coaches if c != p.space)
            return f"{a.to!r} is not another coach stop (coach stops: {others})"
        if p.exhausted:
            return "you cannot use Boots to move again this turn"
        if p.boots < 1:
            return "a coach needs 1 Boot; you have 0"
        cost = self.coach_cost(p.space, a.to)
        if p.gold < cost:
            return f"that coach costs {cost} Gold; you have {p.gold}"
        return self.entry_refusal(s, p, a.to, teleport=False)

    def coach_cost(self, here: str, to: str) -> int:
        """Gold for a coach ride: the numbers printed on both coach spaces."""
        return self.coaches[here] + self.coaches[to]

    def _do_coach(self, s, p, a: Coach):
        cost = self.coach_cost(p.space, a.to)
        p.boots -= 1
        p.gold -= cost
        self.say(
            s,
            f"{self.name(p)} takes the coach to {self.board.space(a.to).name} ({cost} Gold)",
            "move",
            p,
            to=a.to,
        )
        self.enter(s, p, a.to, teleport=False)

    def _check_choose(self, s, p, a: A.Choose):
        why = super()._check_choose(s, p, a)
        if why is None and s.pending.get("passage") is not None:
            cost = sum(e.get("pay_gold", 0) for e in s.pending["values"][a.option])
            if cost > s.players[s.pending["player"]].gold:
                return f"that option costs {cost} Gold; you have {p.gold}"
        return why

    # -- the market and artifacts -------------------------------------------------------

    def market_price(self, s, p, item: dict):
        space = self.board.space(p.space)
        if not (space.town or space.market):
            return None
        return item.get("cost", 7), []

    def market_limit(self, s, p, item: dict) -> str | None:
        if any(t.get("kind") == "market" and t["id"] == item["id"] for t in p.tokens):
            return f"you already have a {item['name']} (one of each type)"
        return None

    def artifact_capacity(self, p) -> int:
        return 1

    # -- entering spaces ----------------------------------------------------------------

    def on_enter(self, s, p, space, teleport: bool) -> None:
        if space.start:
            if p.artifacts:
                self.say(
                    s,
                    f"{self.name(p)} is back at HQ with an artifact: they escape at the end "
                    "of the turn",
                    "move",
                    p,
                    to=space.id,
                )
            return
        entered = p.turn_flags.get("entered", [])
        if space.id in entered:
            return
        # turn_flags are copied shallowly for undo: replace the list, never change it
        p.turn_flags["entered"] = [*entered, space.id]
        if space.gold:
            p.gold += space.gold
            self.say(s, f"{self.name(p)} finds {space.gold} Gold")
        if space.heal:
            self.heal(s, p, space.heal)
        if space.enter:
            self.apply_effects(s, p, list(space.enter), source=space.id)
        self._entry_rewards(s, p, space.id, 0)

    #: what a first entry gives after Gold, healing and ``enter`` effects, in order
    _ENTRY_STEPS = ("_enter_bank", "_enter_major", "_enter_fruit", "_enter_waypoint")

    def _entry_rewards(self, s, p, sid: str, step: int) -> None:
        """The first-entry rewards of space ``sid`` from ``step`` of :attr:`_ENTRY_STEPS`
        on: a minor secret from the Bank, the space's major secret, its fruit, its
        waypoint's passage. When one opens a choice (a secret's optional trash, say), the
        rest waits behind it: an ``entry`` effect at the end of the choice's ``then``, so
        the passage is read once the choice is answered, never skipped and never opened
        over another choice."""
        space = self.board.space(sid)
        for k in range(step, len(self._ENTRY_STEPS)):
            if s.pending:
                rest = {"entry": {"space": sid, "step": k}}
                s.pending = {**s.pending, "then": [*s.pending["then"], rest]}
                return
            getattr(self, self._ENTRY_STEPS[k])(s, p, space)

    def _enter_bank(self, s, p, space) -> None:
        if space.minor_secrets and s.extra["bank"]:
            bank = list(s.extra["bank"])
            token = bank.pop()
            s.extra["bank"] = bank
            self._take_token(s, p, token)

    def _enter_major(self, s, p, space) -> None:
        stack = s.space_tokens.get(space.id)
        if stack:
            self._take_token(s, p, stack.pop(0))
            if not stack:
                del s.space_tokens[space.id]

    def _enter_fruit(self, s, p, space) -> None:
        if s.extra["fruit"].get(space.id):
            s.extra["fruit"][space.id] = False
            fruit = self.legacy["fruit"]
            self.say(s, f"{self.name(p)} eats the {fruit['name']}", "secret", p)
            self.apply_effects(s, p, fruit["eat"], source="fruit")

    def _enter_waypoint(self, s, p, space) -> None:
        n = space.waypoint
        if n is not None and n not in p.extra.get("read", []):
            p.extra["read"] = [*p.extra.get("read", []), n]
            self.open_passage(s, p, n)

    def open_passage(self, s, p, number: int) -> None:
        """Pause the turn on passage ``number``: a pending choice of its options."""
        passage = self.passages[number]
        self.say(s, f"{self.name(p)} reads passage {number}: {passage['title']}", "info", p)
        s.pending = {
            "kind": "choose",
            "prompt": f"Passage {number}, {passage['title']}: choose one",
            "text": passage.get("text", ""),
            "options": [
                o["label"] + (f" ({self.effects_text(o['effects'])})" if o["effects"] else "")
                for o in passage["options"]
            ],
            "values": [list(o["effects"]) for o in passage["options"]],
            "optional": False,
            "player": s.players.index(p),
            "source": f"passage-{number}",
            "then": [],
            "passage": number,
        }

    def source_name(self, source) -> str:
        if isinstance(source, str) and source.startswith("passage-"):
            return f"Passage {source[len('passage-') :]}"
        if source == "fruit":
            return self.legacy["fruit"]["name"]
        return super().source_name(source)

    # -- effects --------------------------------------------------------------------------

    def effects_text(self, effects) -> str:
        """Effects in Legacy's words: the Depths are the Danger Zone here."""
        return super().effects_text(effects).replace("the Depths", "the Danger Zone")

    def make_clank(self, s, p, n: int) -> None:
        if not p.is_in:
            return  # off the clock: no Clank!
        super().make_clank(s, p, n)

    def apply_edition_effect(self, s, p, key, value) -> None:
        if key == "regrow_fruit":
            s.extra["fruit"] = {sid: True for sid in s.extra["fruit"]}
            self.say(s, "Every mystic fruit grows back")
        elif key == "pay_gold":
            p.gold -= min(value, p.gold)
        elif key == "entry":  # the rest of a first entry, behind a choice (_entry_rewards)
            v = value if isinstance(value, dict) else {}
            sid, step = v.get("space"), v.get("step")
            if not isinstance(sid, str) or sid not in self.board or type(step) is not int:
                raise ValueError(f"'entry' names a space and a step, got {shown(value)}")
            self._entry_rewards(s, p, sid, step)
        else:
            super().apply_edition_effect(s, p, key, value)

    # -- the row ----------------------------------------------------------------------------

    def refill_row(self, s) -> None:
        """The core's refill, remembering the Events it resolves: a new deck shuffled in
        the same refill leaves them on the discard pile (see :meth:`deck_exhausted`)."""
        self._resolved = []
        try:
            super().refill_row(s)
        finally:
            self._resolved = []

    def after_reveal(self, s, slot: int) -> None:
        cid = s.row[slot]
        if self.card(cid).banner == "event":
            s.row[slot] = None
            s.dungeon_discard.append(cid)
            self._resolved.append(cid)
            self.say(s, f"{self.card(cid).name} is resolved and discarded", "row", card=cid)

    def deck_exhausted(self, s) -> None:
        """The Adventure deck is empty mid-refill: its discard pile, less the Events
        resolved in this refill (they stay on it, for the next new deck), is shuffled into
        a new deck. Nothing else there: the deck has run out, and as in Clank! everyone
        still in is knocked out. (Shuffling those Events back would reveal them again in
        the same refill: twice for one Event, and for ever when only Events are left.)"""
        pile, resolved = list(s.dungeon_discard), []
        for cid in reversed(self._resolved):  # the last copy: they lie on top of the pile
            if cid in pile:
                del pile[len(pile) - 1 - pile[::-1].index(cid)]
                resolved.insert(0, cid)
        if pile:
            s.dungeon_deck = self.shuffled(pile)
            s.dungeon_discard = resolved
            self.say(s, "The Adventure deck is empty: its discard pile is shuffled into a new one")
            return
        held = " (its discard pile holds only the Events resolved in this refill)"
        self.say(
            s,
            f"The Adventure deck has run out{held if resolved else ''}: everyone still in is "
            "knocked out",
            "deck-out",
        )
        for q in s.players:
            if q.is_in:
                self.knock_out(s, q, " (the Adventure deck ran out)")
        self.finish(s, "the Adventure deck ran out")

    # -- the end of a turn ------------------------------------------------------------------

    def before_end_turn(self, s, p) -> None:
        for c in s.extra["contracts"]:
            if c["done"] is None and self.goal_met(s, p, self.contracts[c["id"]]["goal"]):
                self.complete_contract(s, p, c)

    def goal_met(self, s, p, goal: dict) -> bool:
        """Whether ``p`` meets every test of a contract's goal."""
        tests = {
            "stand_on": lambda v: p.space == v,
            "gold": lambda v: p.gold >= v,
            "owns": lambda v: any(
                t.get("kind") == "market" and t.get("grants") == v for t in p.tokens
            ),
            "artifact": lambda v: max(p.artifacts, default=0) >= v,
            "cards": lambda v: len(p.all_cards) >= v,
        }
        return all(tests[k](v) for k, v in goal.items())

    def complete_contract(self, s, p, entry: dict) -> None:
        contract = self.contracts[entry["id"]]
        entry["done"] = p.colour
        token = self.contract_token(contract["id"])
        p.tokens.append(token)
        self.say(
            s,
            f"{self.name(p)} completes the contract {contract['name']} (+{token['points']})",
            "secret",
            p,
            contract=contract["id"],
        )
        self.apply_effects(s, p, contract["reward"], source=contract["id"])

    def contract_token(self, cid: str) -> dict:
        """The token a player takes for completing contract ``cid`` (its points)."""
        contract = self.contracts[cid]
        points = contract.get("points", 0)
        return {"kind": "contract", "id": cid, "name": contract["name"], "points": points}

    def mug(self) -> dict:
        """The token an escape takes (while Mugs are left)."""
        return {"kind": "mug", "id": "mug", "name": "Mug", "points": self.escape_bonus}

    def check_position(self, s, fresh) -> None:
        """Legacy's own table: the Contracts (see :meth:`_verify_contracts`); a Mug is the
        Mug; a passage being read is one of the book; the spaces entered this turn
        (first-entry rewards) are the board's; the fruit grow where the set-up puts them,
        whole or eaten."""
        super().check_position(s, fresh)
        self._verify_contracts(s, fresh)
        for k, q in enumerate(s.players):
            for i, t in enumerate(q.tokens):
                if t.get("kind") == "mug" and t != self.mug():
                    raise PositionError(
                        f"$.state.players[{k}].tokens[{i}]", f"expected {shown(self.mug())}"
                    )
            entered = q.turn_flags.get("entered", [])  # (a list of text: the schema)
            if not all(x in self.board for x in entered):
                raise PositionError(
                    f"$.state.players[{k}].turn_flags.entered",
                    f"expected a list of the spaces entered this turn, got {shown(entered)}",
                )
        passage = (s.pending or {}).get("passage")
        if passage is not None and passage not in self.passages:
            raise PositionError(
                "$.state.pending.passage", f"expected a passage of {self.cards.id!r}"
            )
        fruit = s.extra["fruit"]
        if set(fruit) != set(fresh.extra["fruit"]) or not all(
            isinstance(v, bool) for v in fruit.values()
        ):
            spaces = sorted(fresh.extra["fruit"])
            raise PositionError(
                "$.state.extra.fruit", f"expected true (whole) or false (eaten) for {spaces}"
            )

    def _verify_contracts(self, s, fresh) -> None:
        """The Contracts in play are the options' (a game never changes them), each done
        by nobody (``null``) or by one player, who holds its token and no other contract's."""
        at = "$.state.extra.contracts"
        want = [c["id"] for c in fresh.extra["contracts"]]
        have = s.extra["contracts"]
        if len(have) != len(want):
            raise PositionError(at, f"expected the {len(want)} contracts of the options {want}")
        colours = {q.colour for q in s.players}
        done = {}
        for i, (c, cid) in enumerate(zip(have, want, strict=True)):
            if not isinstance(c, dict) or set(c) != {"id", "done"} or c["id"] != cid:
                raise PositionError(f"{at}[{i}]", f"expected {{'id': {cid!r}, 'done': ...}}")
            if c["done"] is not None:
                if not isinstance(c["done"], str) or c["done"] not in colours:
                    raise PositionError(
                        f"{at}[{i}].done",
                        f"expected null or a player's colour, got {shown(c['done'])}",
                    )
                done.setdefault(c["done"], []).append(cid)
        for k, q in enumerate(s.players):
            held = [t for t in q.tokens if t.get("kind") == "contract"]
            made = [self.contract_token(cid) for cid in done.get(q.colour, [])]
            if sorted(held, key=repr) != sorted(made, key=repr):
                raise PositionError(
                    f"$.state.players[{k}].tokens",
                    f"expected the tokens of the contracts {q.colour} completed, {made}",
                )

    def after_end_turn(self, s, p) -> None:
        if p.is_in and p.artifacts and p.space == self.board.start:
            self.escape(s, p)

    def escape(self, s, p) -> None:
        """Off the clock by escaping: cubes out of the Clank! area, a Mug taken."""
        back = s.clank_area.get(p.colour, 0)
        s.clank_area[p.colour] = 0
        p.supply += back
        p.status = ESCAPED
        if s.extra["mugs"] > 0:
            s.extra["mugs"] -= 1
            p.tokens.append(self.mug())
        self.say(
            s,
            f"{self.name(p)} escapes to HQ with a Mug (+{self.escape_bonus}); "
            f"{back} cube{'s' if back != 1 else ''} leave the Clank! area",
            "escape",
            p,
        )

    def out_draws(self, s) -> int:
        """Cubes drawn on the turn of a player who is off the clock (4; 6 with two)."""
        return self.setup_numbers.get("out_draws", {}).get(str(len(s.players)), 4)

    empty_bag_ends = True

    def next_attack_draws(self, s) -> int:
        """While a player is off the clock (and someone is still in) the next certain
        attack is the off-clock player's turn: 4 cubes (6 with two), nothing else."""
        if any(not q.is_in for q in s.players) and any(q.is_in for q in s.players):
            return self.out_draws(s)
        return super().next_attack_draws(s)

    def turns_after_out(self, s) -> float:
        """About how many off-clock draws empty the bag (every cube in the bag and the
        Clank! area, 4 or 6 a turn): the bots' horizon once a player has left."""
        cubes = sum(s.bag.values()) + sum(s.clank_area.values())
        return max(1.0, cubes / self.out_draws(s))

    def out_turn(self, s, p) -> None:
        n = self.out_draws(s)
        self.attack(s, n, f"{self.name(p)} is off the clock: the dragon draws {n}")

    def after_attack(self, s) -> None:
        if s.over or not self.empty_bag_ends or sum(s.bag.values()) > 0:
            return
        self.say(s, "The dragon bag is empty: everyone still in is knocked out")
        for q in s.players:
            if q.is_in:
                self.knock_out(s, q, " (the dragon bag is empty)")
        self.finish(s, "the dragon bag is empty")

    def on_out(self, s, p) -> None:
        """No countdown in Legacy."""

    def finish(self, s, reason: str) -> None:
        super().finish(s, reason.replace("the dungeon", "the map"))

    def path_context(self, s, p) -> dict:
        """The Clank! movement, plus water paths with a Canoe and coach rides paid from
        the player's Gold (the search takes the coach stops from the board)."""
        ctx = super().path_context(s, p)
        ctx["canoe"] = p.owns("canoe") > 0
        ctx["gold"] = p.gold
        return ctx

    def route_action(self, here: str, step) -> A.Action:
        """A route's coach ride is a :class:`Coach` action; other steps as in Clank!."""
        if step.path == "coach":
            return Coach(step.space)
        return super().route_action(here, step)
