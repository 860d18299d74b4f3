"""The shared deck-building core: decks, the row, the bag, Clank!, damage, movement.

:class:`DeckBuildingRules` holds every mechanic the Clank! editions share. An edition is
a subclass (``clank.py``, later ``space.py``) that sets up its own components and fills
in a few hooks: what entering a space does, who may be rescued, what an out player's
turn does, how a drawn cube of a special colour hurts. The rules object is stateless
apart from the RNG it is handed and the ``revealed`` flag; the state it works on is a
:class:`~clankwidget.rules.state.GameState`.

Legality has one source of truth: each action kind has a ``_check_<kind>`` method
returning ``None`` or the reason it is illegal, and ``legal_actions`` is the list of
candidate actions that pass their check.
"""

from __future__ import annotations

import copy
from collections import Counter
from collections.abc import Iterable, Mapping
from typing import ClassVar

import numpy as np

from .. import registry
from ..data import Board, Card, CardSet
from ..errors import IllegalAction, RuleNotImplemented
from . import actions as A
from .effects import describe
from .state import ESCAPED, KNOCKED_OUT, GameState, PlayerState

__all__ = ["PLAYER_COLOURS", "DeckBuildingRules"]

#: Colours a player may take, in default seating order. Black is the dragon's; red is a
#: player colour only in editions without red bounty-hunter cubes (see ``hit_all``).
PLAYER_COLOURS = ("blue", "yellow", "green", "purple", "red", "orange", "white", "pink", "teal")


class DeckBuildingRules:
    """Mechanics shared by the Clank! editions. Subclasses set ``edition``."""

    edition = "base"
    #: the colour whose drawn cube hurts every player (``None``: no such cubes)
    hit_all: str | None = None
    #: the ``options`` this edition's rules understand: name -> what it does
    known_options: ClassVar[Mapping[str, str]] = {}

    def __init__(self, board: Board, cards: CardSet, options: dict | None = None):
        self.board = board
        self.cards = cards
        #: the edition's words for the table's parts (from the registry)
        self.words = dict(registry.vocabulary(self.edition))
        if options is not None and not isinstance(options, dict):
            raise ValueError(f"options must be a JSON object, got {type(options).__name__}")
        unknown = sorted(set(options or ()) - set(self.known_options))
        if unknown:
            known = ", ".join(self.known_options) or "none"
            raise ValueError(
                f"unknown option {unknown[0]!r} for {self.edition!r} games (known: {known})"
            )
        self.options = dict(options or {})
        self.setup_numbers = cards.setup
        self.rng: np.random.Generator | None = None
        self.revealed = False
        self._market = {m["id"]: m for m in cards.market}
        # action kind -> (check, do), from the _check_<kind> / _do_<kind> methods
        self._handlers = {
            name[len("_check_") :].replace("_", "-"): (
                getattr(self, name),
                getattr(self, "_do_" + name[len("_check_") :]),
            )
            for name in dir(self)
            if name.startswith("_check_")
        }

    # ------------------------------------------------------------------ setup

    def setup(self, colours: list[str], rng: np.random.Generator) -> GameState:
        """A fresh game state for these players (subclasses add their components)."""
        self.rng = rng
        n = len(colours)
        su = self.setup_numbers
        players = [
            PlayerState(colour=c, space=self.board.start, supply=su["cubes"]) for c in colours
        ]
        s = GameState(edition=self.edition, players=players)
        s.bag = {"black": su["black_cubes"]}
        s.clank_area = {c: 0 for c in colours}
        s.aside = {"black": 0}
        s.rage = su["rage_start"].get(str(n), 0)
        s.reserve = {cid: count for cid, count in self.cards.reserve}
        for item in self.cards.market:
            s.market[item["id"]] = item["count"]
            if item["grants"] == "crown" and isinstance(item.get("points"), list):
                s.crowns = sorted(item["points"], reverse=True)
        deck = [cid for cid, count in self.cards.dungeon_deck for _ in range(count)]
        s.dungeon_deck = self.shuffled(deck)
        self.deal_opening_row(s)
        for i, p in enumerate(players):
            p.deck = self.shuffled([cid for cid, k in self.cards.starting_deck for _ in range(k)])
            self.draw(s, p, su["hand_size"])
            start = su["starting_clank"][i] if i < len(su["starting_clank"]) else 0
            self.make_clank(s, p, start)
            p.clank_made = 0
        return s

    def deal_opening_row(self, s: GameState) -> None:
        """Six cards with no Dragon Attack symbol; set-aside dragons are shuffled back."""
        aside = []
        s.row = []
        while len(s.row) < self.setup_numbers["row_size"] and s.dungeon_deck:
            cid = s.dungeon_deck.pop()
            (aside if self.card(cid).dragon else s.row).append(cid)
        if aside:
            s.dungeon_deck = self.shuffled(s.dungeon_deck + aside)

    def deal_secrets(self, s: GameState) -> None:
        """Shuffle the secret tokens by size and stack them face down on their spaces
        (major under minor), with any face-up tokens of the edition (:meth:`extra_tokens`)."""
        pools = {}
        for size in ("minor", "major"):
            tokens = []
            for t in self.cards.secrets.get(size, ()):
                token = self.secret_token(
                    {"kind": size, **{k: v for k, v in t.items() if k != "count"}}
                )
                tokens.extend(copy.deepcopy(token) for _ in range(t.get("count", 1)))
            pools[size] = self.shuffled(tokens)
        for sp in self.board.spaces:
            stack = []
            for size, slots in (("major", sp.major_secrets), ("minor", sp.minor_secrets)):
                for _ in range(slots):
                    if not pools[size]:
                        raise ValueError(
                            f"card set {self.cards.id!r} has too few {size} secrets "
                            f"for board {self.board.id!r}"
                        )
                    stack.append(pools[size].pop())
            stack.extend(self.extra_tokens(sp))
            if stack:
                s.space_tokens[sp.id] = stack

    def secret_token(self, token: dict) -> dict:
        """Hook: a secret token as this edition deals it."""
        return token

    def extra_tokens(self, space) -> list[dict]:
        """Hook: face-up tokens dealt onto ``space`` under its secrets."""
        return []

    # ------------------------------------------------------------- utilities

    def card(self, cid: str) -> Card:
        return self.cards.cards[cid]

    def shuffled(self, items: list) -> list:
        order = self.rng.permutation(len(items))
        return [items[i] for i in order]

    def say(self, s: GameState, text: str, kind: str = "info", who=None, **details) -> None:
        """Add a line to the log and its structured event (see :data:`EVENT_KINDS`):
        ``kind``, the player it is about (``who``, a :class:`PlayerState`) and details."""
        s.log.append(text)
        s.events.append({"kind": kind, "actor": who.colour if who else None, **details})

    def name(self, p: PlayerState) -> str:
        return p.colour.capitalize()

    @property
    def health(self) -> int:
        return self.setup_numbers["health"]

    def rage_value(self, s: GameState) -> int:
        return self.setup_numbers["rage_track"][s.rage]

    def dangers(self, s: GameState) -> int:
        return sum(1 for cid in s.row if cid and self.card(cid).danger)

    def player_index(self, s: GameState, colour: str) -> int:
        return next(i for i, p in enumerate(s.players) if p.colour == colour)

    # --------------------------------------------------------- legal actions

    def legal_actions(self, s: GameState) -> list[A.Action]:
        """Every action the current player may take now, in a stable order."""
        return [a for a in self.candidates(s) if self.check(s, a) is None]

    def candidates(self, s: GameState) -> Iterable[A.Action]:
        if s.over:
            return
        p = s.player
        if s.pending:
            yield from (A.Choose(i) for i in range(len(s.pending["options"])))
            yield A.Decline()
            return
        # Candidates are a superset of the legal actions; the cheap filters here only
        # skip ones whose check would certainly fail.
        yield from (A.Play(cid) for cid in dict.fromkeys(p.hand))
        for i, cid in enumerate(s.row):
            if cid is not None:
                if self.card(cid).is_monster:
                    if p.swords:
                        yield A.Defeat(i)
                elif p.skill >= self.card(cid).cost:
                    yield A.Acquire(i)
        for cid in s.reserve:
            if self.card(cid).is_monster:
                if p.swords:
                    yield A.DefeatReserve(cid)
            elif p.skill >= self.card(cid).cost:
                yield A.AcquireReserve(cid)
        if p.gold:
            yield from (A.Buy(item) for item in s.market)
        if p.boots and not p.exhausted:
            for path in self.board.exits(p.space):
                for sw in range(min(path.monsters, p.swords) + 1):
                    yield A.Move(path.index, sw)
        if p.teleports:
            yield from (A.Teleport(to) for to in self.board.adjacent(p.space))
        if p.space in s.artifacts:
            yield A.TakeArtifact()
        yield from (A.UseToken(t) for t in dict.fromkeys(t["id"] for t in p.tokens if t.get("use")))
        yield from self.edition_candidates(s)
        if not p.hand:
            yield A.EndTurn()

    def edition_candidates(self, s: GameState) -> Iterable[A.Action]:
        return ()

    def check(self, s: GameState, action: A.Action) -> str | None:
        """``None`` if ``action`` is legal now, else the reason it is not."""
        if s.over:
            return "the game is over"
        if s.pending and action.kind not in ("choose", "decline"):
            return f"finish the pending choice first ({s.pending['prompt']})"
        handlers = self._handlers.get(action.kind)
        if handlers is None:
            return f"{self.edition!r} games have no {action.kind!r} action"
        return handlers[0](s, s.player, action)

    def apply(self, s: GameState, action: A.Action) -> None:
        """Apply a legal action; raises :class:`IllegalAction` (state untouched) otherwise."""
        reason = self.check(s, action)
        if reason is not None:
            raise IllegalAction(action, reason)
        self.revealed = False
        self._handlers[action.kind][1](s, s.player, action)
        if not s.over and not s.pending:
            self.release_held(s, s.player)

    # ------------------------------------------------------------ card play

    def _check_play(self, s, p, a: A.Play):
        if a.card not in p.hand:
            return f"{a.card!r} is not in your hand"
        return None

    def _do_play(self, s, p, a: A.Play):
        p.hand.remove(a.card)
        p.play.append(a.card)
        card = self.card(a.card)
        text = self.effects_text(card.play)
        self.say(
            s,
            f"{self.name(p)} plays {card.name}" + (f" ({text})" if text else ""),
            "play",
            p,
            card=card.id,
        )
        self.after_play(s, p, card)
        self.apply_effects(s, p, card.play, source=a.card, hold=True)

    def effects_text(self, effects) -> str:
        """A list of effects in the edition's words (for the log and the card text)."""
        return describe(effects) if effects else ""

    def after_play(self, s, p, card: Card) -> None:
        """Hook: an edition may react to a card being played (before its effects)."""

    def _check_acquire(self, s, p, a: A.Acquire):
        cid = self._row_card(s, a.slot)
        if cid is None:
            return (
                f"row slot {a.slot} is empty"
                if 0 <= a.slot < len(s.row)
                else f"there is no row slot {a.slot}"
            )
        card = self.card(cid)
        if card.is_monster:
            return f"{card.name} is a monster: defeat it with Swords"
        return self._afford(p, card, "skill", card.cost) or self._requires(s, p, card)

    def _do_acquire(self, s, p, a: A.Acquire):
        cid = s.row[a.slot]
        s.row[a.slot] = None
        self._gain_card(s, p, cid, from_row=True)

    def _check_acquire_reserve(self, s, p, a: A.AcquireReserve):
        if a.card not in s.reserve:
            return f"there is no reserve pile {a.card!r}"
        card = self.card(a.card)
        if card.is_monster:
            return f"{card.name} is a monster: defeat it with Swords"
        if s.reserve[a.card] == 0:
            return f"the {card.name} pile is empty"
        return self._afford(p, card, "skill", card.cost) or self._requires(s, p, card)

    def _do_acquire_reserve(self, s, p, a: A.AcquireReserve):
        if s.reserve[a.card] is not None:
            s.reserve[a.card] -= 1
        self._gain_card(s, p, a.card, from_row=False)

    def _gain_card(self, s, p, cid: str, from_row: bool):
        card = self.card(cid)
        p.skill -= card.cost
        if card.is_device:
            self.say(
                s, f"{self.name(p)} uses {card.name} ({describe(card.use)})", "gain", p, card=cid
            )
            s.dungeon_discard.append(cid)
            self.apply_effects(s, p, card.use, source=cid)
        else:
            self.say(s, f"{self.name(p)} acquires {card.name}", "gain", p, card=cid)
            p.discard.append(cid)
            self.apply_effects(s, p, card.acquire, source=cid)
        self.after_gain(s, p, card, from_row)

    def after_gain(self, s, p, card: Card, from_row: bool) -> None:
        """Hook: a card was acquired or defeated (``from_row``: it came from the row)."""

    def _check_defeat(self, s, p, a: A.Defeat):
        cid = self._row_card(s, a.slot)
        if cid is None:
            return (
                f"row slot {a.slot} is empty"
                if 0 <= a.slot < len(s.row)
                else f"there is no row slot {a.slot}"
            )
        card = self.card(cid)
        if not card.is_monster:
            return f"{card.name} is not a monster: acquire it with Skill"
        return self._afford(p, card, "swords", card.defeat) or self._requires(s, p, card)

    def _do_defeat(self, s, p, a: A.Defeat):
        cid = s.row[a.slot]
        s.row[a.slot] = None
        s.dungeon_discard.append(cid)
        self._defeat(s, p, self.card(cid), from_row=True)

    def _check_defeat_reserve(self, s, p, a: A.DefeatReserve):
        if a.card not in s.reserve or not self.card(a.card).is_monster:
            return f"there is no reserve monster {a.card!r}"
        card = self.card(a.card)
        return self._afford(p, card, "swords", card.defeat) or self._requires(s, p, card)

    def _do_defeat_reserve(self, s, p, a: A.DefeatReserve):
        self._defeat(s, p, self.card(a.card), from_row=False)

    def _defeat(self, s, p, card: Card, from_row: bool):
        p.swords -= card.defeat
        self.say(
            s,
            f"{self.name(p)} defeats {card.name}"
            + (f" ({describe(card.reward)})" if card.reward else ""),
            "defeat",
            p,
            card=card.id,
        )
        self.apply_effects(s, p, card.reward, source=card.id)
        self.after_gain(s, p, card, from_row)

    def _row_card(self, s, slot: int) -> str | None:
        return s.row[slot] if 0 <= slot < len(s.row) else None

    def _afford(self, p, card: Card, resource: str, cost: int) -> str | None:
        have = getattr(p, resource)
        if have < cost:
            word = "Skill" if resource == "skill" else "Swords"
            return f"{card.name} needs {cost} {word}; you have {have}"
        return None

    def _requires(self, s, p, card: Card) -> str | None:
        if card.requires and not self.condition(s, p, card.requires, source=None):
            from .effects import condition_text

            return f"{card.name} can only be taken if {condition_text(card.requires)}"
        return None

    # --------------------------------------------------------------- market

    def _check_buy(self, s, p, a: A.Buy):
        item = self._market.get(a.item)
        if item is None:
            return f"the market has no item {a.item!r}"
        if not p.is_in:
            return f"you have left the {self.words['place']}"
        price = self.market_price(s, p, item)
        if price is None:
            return "you are not in a market"
        if s.market.get(a.item, 0) <= 0:
            return f"no {item['name']} is left"
        cost, extra = price
        if p.gold < cost:
            return f"a {item['name']} costs {cost} {self.words['gold']}; you have {p.gold}"
        need = sum(e["clank"] for e in extra if "clank" in e and e["clank"] > 0)
        if need > p.supply:
            return f"buying here makes {need} Clank! and you have {p.supply} cubes left"
        return self.market_limit(s, p, item)

    def market_price(self, s, p, item: dict) -> tuple[int, list] | None:
        """``(price, extra effects)`` of ``item`` where ``p`` stands; ``None``: no market."""
        if not self.board.space(p.space).market:
            return None
        return item.get("cost", 7), []

    def market_limit(self, s, p, item: dict) -> str | None:
        """Hook: Clank! allows duplicates; later editions allow one of each type."""
        return None

    def _do_buy(self, s, p, a: A.Buy):
        item = self._market[a.item]
        p.gold -= item.get("cost", 7)
        s.market[a.item] -= 1
        points = item.get("points", 0)
        if item["grants"] == "crown" and s.crowns:
            points = s.crowns.pop(0)
        elif isinstance(points, list):
            points = points[0] if points else 0
        p.tokens.append(
            {
                "kind": "market",
                "id": a.item,
                "name": item["name"],
                "points": points,
                "grants": item["grants"],
            }
        )
        self.say(
            s,
            f"{self.name(p)} buys a {item['name']}" + (f" worth {points}" if points else ""),
            "buy",
            p,
            item=a.item,
        )
        self.apply_effects(s, p, item.get("buy", ()), source=a.item)

    # ------------------------------------------------------------- movement

    def _check_move(self, s, p, a: A.Move):
        if not 0 <= a.path < len(self.board.paths):
            return f"there is no path {a.path}"
        path = self.board.paths[a.path]
        if p.space not in (path.a, path.b):
            return f"path {a.path} does not start from {p.space!r}"
        if not path.leaves(p.space):
            return f"path {a.path} is one-way into {p.space!r}"
        if not p.is_in:
            return "you have left the game"
        if p.exhausted:
            return "you cannot use Boots again this turn"
        if p.boots < path.boots:
            plural = "s" if path.boots > 1 else ""
            return f"that path needs {path.boots} Boot{plural}; you have {p.boots}"
        if path.locked and not self.has_key(s, p):
            return "that path is locked: you need a Master Key"
        if path.water and not p.owns("canoe"):
            return "that is a water path: you need a Canoe"
        if not 0 <= a.swords <= path.monsters:
            icons = f"{path.monsters} monster icon" + ("s" if path.monsters != 1 else "")
            return f"that path has {icons}; pay 0 to {path.monsters} Swords"
        if a.swords > p.swords:
            return f"you have only {p.swords} Swords"
        hurt = path.monsters - a.swords
        if hurt and hurt > p.supply:
            return f"you have {p.supply} cubes left and cannot take {hurt} damage"
        if hurt and p.damage + hurt >= self.health:
            return f"taking {hurt} damage would fill your health meter; pay more Swords"
        return self.entry_refusal(s, p, path.other_end(p.space), teleport=False)

    def has_key(self, s, p) -> bool:
        return p.owns("key") > 0

    def clones(self, s, p) -> int:
        """Hook: how many of the next attack's hit-all cubes ``p`` has something else take."""
        return 0

    def route_action(self, here: str, step) -> A.Action:
        """The action that takes one step (a :class:`clankwidget.paths.Step`) of a route
        from ``here``: a move along its path, a teleport or, aboard a ship, a lift."""
        if isinstance(step.path, int):
            return A.Move(step.path, step.swords)
        if step.path == "teleport":
            return A.Teleport(step.space)
        if step.path == "lift":
            return self.lift_action(here, step.space)
        raise ValueError(f"unknown route step {step.path!r}")

    def lift_action(self, here: str, to: str) -> A.Action:
        """Hook: the action that rides a lift from ``here`` to ``to``."""
        raise RuleNotImplemented(f"the {self.edition!r} rules have no lifts")

    def path_context(self, s, p) -> dict:
        """``p``'s movement this turn as keyword arguments of
        :func:`clankwidget.paths.turn_options`: budgets, flags and the board's own ways
        (an edition adds its lifts, exits and closed spaces)."""
        return {
            "start": p.space,
            "boots": p.boots,
            "swords": p.swords,
            # tunnel damage comes from the supply: an empty supply allows none
            "health": min(self.health - p.damage, p.supply + 1),
            "keys": self.has_key(s, p),
            "teleports": p.teleports,
            "can_exit": bool(p.artifacts),
            "exhausted": p.exhausted or not p.is_in,
        }

    def entry_refusal(self, s, p, space_id: str, teleport: bool) -> str | None:
        """Hook: why ``p`` may not enter ``space_id`` (``None`` if it may)."""
        if self.board.space(space_id).start and not p.artifacts:
            return "you may only go back out with an artifact"
        return None

    def _do_move(self, s, p, a: A.Move):
        path = self.board.paths[a.path]
        dest = path.other_end(p.space)
        p.boots -= path.boots
        p.swords -= a.swords
        hurt = path.monsters - a.swords
        self.say(
            s,
            f"{self.name(p)} moves to {self.board.space(dest).name}"
            + (f", taking {hurt} damage" if hurt else ""),
            "move",
            p,
            to=dest,
        )
        if hurt:
            self.damage_from_supply(s, p, hurt)
        self.enter(s, p, dest, teleport=False)

    def _check_teleport(self, s, p, a: A.Teleport):
        if p.teleports <= 0:
            return "you have no teleport to spend"
        if not p.is_in:
            return "you have left the game"
        if a.to not in self.board or a.to not in self.board.adjacent(p.space):
            return f"{a.to!r} is not joined to your space by a path"
        return self.entry_refusal(s, p, a.to, teleport=True)

    def _do_teleport(self, s, p, a: A.Teleport):
        p.teleports -= 1
        self.say(
            s, f"{self.name(p)} teleports to {self.board.space(a.to).name}", "move", p, to=a.to
        )
        self.enter(s, p, a.to, teleport=True)

    def enter(self, s, p, space_id: str, teleport: bool) -> None:
        p.space = space_id
        space = self.board.space(space_id)
        if space.stops_movement:
            p.exhausted = True
        self.on_enter(s, p, space, teleport)

    def on_enter(self, s, p, space, teleport: bool) -> None:
        """Hook: what entering ``space`` does (tokens, healing, escaping...)."""

    # -------------------------------------------------------------- artifacts

    def _check_take_artifact(self, s, p, a):
        if p.space not in s.artifacts:
            return "there is no artifact here"
        room = 1 + p.owns("backpack")
        if len(p.artifacts) >= room:
            return "you cannot carry another artifact" + (
                "" if room > 1 else " (a Backpack holds one more)"
            )
        return None

    def _do_take_artifact(self, s, p, a):
        value = s.artifacts.pop(p.space)
        p.artifacts.append(value)
        self.say(s, f"{self.name(p)} takes the {value}-point artifact", "artifact", p, points=value)
        self.raise_rage(s, 1)

    # ----------------------------------------------------------------- tokens

    def _check_use_token(self, s, p, a: A.UseToken):
        if not any(t["id"] == a.token and t.get("use") for t in p.tokens):
            return f"you have no usable {a.token!r} token"
        return None

    def _do_use_token(self, s, p, a: A.UseToken):
        i = next(i for i, t in enumerate(p.tokens) if t["id"] == a.token and t.get("use"))
        token = p.tokens.pop(i)
        self.say(s, f"{self.name(p)} uses {token['name']} ({describe(token['use'])})")
        self.apply_effects(s, p, token["use"], source=token["id"])

    # ---------------------------------------------------------------- effects

    def apply_effects(
        self, s, p: PlayerState | None, effects, source: str | None, hold: bool = False
    ):
        """Apply effects in order. A choice pauses: the rest waits in ``s.pending``."""
        effects = list(effects)
        for i, e in enumerate(effects):
            key = next(iter(e))
            rest = effects[i + 1 :]
            if key == "if":
                if p is None:
                    continue
                if self.condition(s, p, e["if"], source):
                    self.apply_effects(s, p, e["then"], source, hold)
                elif hold:
                    p.held.append({"card": source, "if": e["if"], "then": e["then"]})
            elif key in ("choose", "trash", "discard"):
                if self.open_choice(s, p, e, source, rest):
                    return
            else:
                self.apply_simple(s, p, key, e[key])

    def apply_simple(self, s, p, key: str, value) -> None:
        if key in ("skill", "swords", "boots", "gold"):
            setattr(p, key, getattr(p, key) + value)
            if key == "skill" and value > 0:
                p.skill_generated += value
        elif key == "teleport":
            p.teleports += value
        elif key == "clank":
            self.make_clank(s, p, value)
        elif key == "draw":
            self.draw(s, p, value)
        elif key == "heal":
            self.heal(s, p, value)
        elif key == "rage":
            self.raise_rage(s, value)
        elif key == "others_clank":
            for q in s.players:
                if q is not p and q.is_in:
                    self.make_clank(s, q, value)
        elif key == "all_clank":
            for q in s.players:
                if q.is_in:
                    self.make_clank(s, q, value)
        elif key == "return_black":
            k = min(value, s.aside.get("black", 0))
            s.aside["black"] -= k
            s.bag["black"] += k
        else:
            self.apply_edition_effect(s, p, key, value)

    def apply_edition_effect(self, s, p, key, value) -> None:
        """Hook: effects an edition adds to the vocabulary."""
        raise RuleNotImplemented(f"the {self.edition!r} rules do not know the effect {key!r}")

    def condition(self, s, p, cond: dict, source: str | None) -> bool:
        """Whether every test in ``cond`` holds for ``p`` (``source``: the card asking)."""
        return all(self._test(s, p, key, source) for key in cond)

    def _test(self, s, p, key: str, source: str | None) -> bool:
        if key == "companion":
            others = sum(1 for cid in p.play if self.card(cid).companion)
            if source is not None and source in p.play and self.card(source).companion:
                others -= 1  # the card itself does not count as "another" companion
            return others >= 1
        if key == "artifact":
            return bool(p.artifacts)
        if key == "depths":
            return self.board.space(p.space).depths
        if key == "key":
            return self.has_key(s, p)
        if key == "crown":
            return p.owns("crown") > 0
        return self.edition_test(s, p, key, source)

    def edition_test(self, s, p, key: str, source: str | None) -> bool:
        """Hook: conditions an edition adds to the vocabulary."""
        raise RuleNotImplemented(f"the {self.edition!r} rules do not know the condition {key!r}")

    def release_held(self, s, p) -> None:
        """Conditional play effects wait until their condition holds (within the turn)."""
        changed = True
        while changed and p.held and not s.pending:
            changed = False
            for h in list(p.held):
                if self.condition(s, p, h["if"], h["card"]):
                    p.held.remove(h)
                    self.apply_effects(s, p, h["then"], h["card"], hold=True)
                    changed = True
                    break

    # ----------------------------------------------------------------- choices

    def open_choice(self, s, p, effect: dict, source, rest: list) -> bool:
        """Set up a pending choice; returns False if there is nothing to choose from."""
        key = next(iter(effect))
        cname = self.card(source).name if source in self.cards.cards else str(source)
        if key == "choose":
            opts = effect["choose"]
            pending = {
                "kind": "choose",
                "prompt": f"{cname}: choose one",
                "options": [describe(o) for o in opts],
                "values": [list(o) for o in opts],
                "optional": False,
            }
        elif key == "trash":
            spec = effect["trash"]
            zones = spec.get("from", ["hand", "discard", "play"])
            values = []
            for zone in zones:
                for cid in dict.fromkeys(getattr(p, zone)):
                    values.append([zone, cid])
            if not values:
                self.apply_effects(s, p, rest, source)
                return True
            pending = {
                "kind": "trash",
                "prompt": f"{cname}: trash a card"
                + ("" if spec.get("optional", True) else " (you must)"),
                "options": [f"{self.card(c).name} ({z})" for z, c in values],
                "values": values,
                "optional": spec.get("optional", True),
            }
        else:  # discard
            values = list(dict.fromkeys(p.hand))
            if not values:
                self.apply_effects(s, p, rest, source)
                return True
            pending = {
                "kind": "discard",
                "prompt": f"{cname}: you may discard a card to get {describe(effect['then'])}",
                "options": [self.card(c).name for c in values],
                "values": values,
                "gain": list(effect["then"]),
                "optional": True,
            }
        pending.update(player=s.players.index(p), source=source, then=list(rest))
        s.pending = pending
        return True

    def _check_choose(self, s, p, a: A.Choose):
        if not s.pending:
            return "there is no choice to make"
        if not 0 <= a.option < len(s.pending["options"]):
            return f"choose an option from 0 to {len(s.pending['options']) - 1}"
        return None

    def _do_choose(self, s, p, a: A.Choose):
        pend, s.pending = s.pending, None
        p = s.players[pend["player"]]
        value = pend["values"][a.option]
        after = pend["then"]
        if pend["kind"] == "choose":
            self.say(s, f"{self.name(p)} chooses {pend['options'][a.option]}")
            self.apply_effects(s, p, list(value) + after, pend["source"])
        elif pend["kind"] == "trash":
            zone, cid = value
            getattr(p, zone).remove(cid)
            s.trash.append(cid)
            self.say(s, f"{self.name(p)} trashes {self.card(cid).name}")
            self.apply_effects(s, p, after, pend["source"])
        else:
            p.hand.remove(value)
            p.discard.append(value)
            self.say(s, f"{self.name(p)} discards {self.card(value).name}")
            self.apply_effects(s, p, pend["gain"] + after, pend["source"])

    def _check_decline(self, s, p, a):
        if not s.pending:
            return "there is no choice to decline"
        if not s.pending["optional"]:
            return "this choice is not optional"
        return None

    def _do_decline(self, s, p, a):
        pend, s.pending = s.pending, None
        self.apply_effects(s, s.players[pend["player"]], pend["then"], pend["source"])

    # ------------------------------------------------------- cubes and damage

    def make_clank(self, s, p, n: int) -> None:
        """Add (n > 0) or remove (n < 0) the player's cubes in the Clank! area."""
        c = p.colour
        if n >= 0:
            offset = min(n, p.clank_credit)
            p.clank_credit -= offset
            placed = min(n - offset, p.supply)
            p.supply -= placed
            s.clank_area[c] = s.clank_area.get(c, 0) + placed
            p.clank_made += placed
        else:
            removed = min(-n, s.clank_area.get(c, 0))
            s.clank_area[c] -= removed
            p.supply += removed
            p.clank_credit += -n - removed

    def damage_from_supply(self, s, p, n: int) -> None:
        k = min(n, p.supply)
        p.supply -= k
        p.damage += k
        self.check_knockout(s, p)

    def heal(self, s, p, n: int) -> None:
        k = min(n, p.damage)
        p.damage -= k
        p.supply += k

    def check_knockout(self, s, p) -> None:
        if p.is_in and p.damage >= self.health:
            self.knock_out(s, p)

    def knock_out(self, s, p, why: str = "") -> None:
        p.status = KNOCKED_OUT
        rescued = self.rescued(s, p)
        self.say(
            s,
            f"{self.name(p)} is knocked out{why}" + (" but is rescued" if rescued else ""),
            "knockout",
            p,
            rescued=rescued,
        )
        self.on_out(s, p)

    def rescued(self, s, p) -> bool:
        """Hook: whether a knocked-out player still scores."""
        return False

    def on_out(self, s, p) -> None:
        """Hook: a player has just left the game (escaped or knocked out)."""

    def raise_rage(self, s, n: int) -> None:
        top = len(self.setup_numbers["rage_track"]) - 1
        before = s.rage
        s.rage = min(top, s.rage + n)
        if s.rage != before:
            self.say(s, f"Rage rises to {self.rage_value(s)} cubes per attack", "rage", rage=s.rage)
        self.after_rage(s, before)

    def after_rage(self, s, before: int) -> None:
        """Hook: the rage marker moved from ``before`` to ``s.rage``."""

    def cube_order(self, s) -> list[str]:
        """Colours in the bag, in the fixed order that draws index into."""
        colours = ["black"] + [p.colour for p in s.players]
        return colours + sorted(set(s.bag) - set(colours))

    def attack(self, s, draws: int, why: str) -> None:
        """Empty the Clank! area into the bag and draw ``draws`` cubes."""
        for c, k in s.clank_area.items():
            s.bag[c] = s.bag.get(c, 0) + k
            s.clank_area[c] = 0
        order = self.cube_order(s)
        counts = np.array([s.bag.get(c, 0) for c in order], dtype=np.int64)
        total = int(counts.sum())
        k = min(draws, total)
        picked = self.rng.choice(total, size=k, replace=False) if k else np.empty(0, dtype=np.int64)
        drawn = np.bincount(
            np.searchsorted(np.cumsum(counts), picked, side="right"), minlength=len(order)
        )
        self.revealed = True
        got = {c: int(n) for c, n in zip(order, drawn, strict=True) if n}
        shown = ", ".join(f"{n} {c}" for c, n in got.items()) or "nothing"
        self.say(
            s, f"{why}: {draws} cube{'s' if draws != 1 else ''} drawn: {shown}", "attack", drawn=got
        )
        for c, n in got.items():
            s.bag[c] -= n
            self.resolve_drawn(s, c, n)
        self.after_attack(s)

    def resolve_drawn(self, s, colour: str, n: int) -> None:
        """Drawn cubes: black set aside, a player's colour is damage (aside if out)."""
        owner = next((q for q in s.players if q.colour == colour), None)
        if owner is None or not owner.is_in:
            s.aside[colour] = s.aside.get(colour, 0) + n
            return
        hit = min(n, self.health - owner.damage)
        owner.damage += hit
        if n > hit:
            s.aside[colour] = s.aside.get(colour, 0) + n - hit
        self.check_knockout(s, owner)

    def after_attack(self, s) -> None:
        """Hook: after the cubes of an attack are resolved."""

    # ----------------------------------------------------------------- decks

    def draw(self, s, p, n: int) -> None:
        for _ in range(n):
            if not p.deck:
                if not p.discard:
                    return
                p.deck = self.shuffled(p.discard)
                p.discard = []
            p.hand.append(p.deck.pop())
            self.revealed = True

    def refill_row(self, s) -> None:
        """Fill empty row slots; one attack at most, after arrive effects."""
        dragon = False
        for i, cid in enumerate(s.row):
            if cid is not None:
                continue
            if not s.dungeon_deck:
                self.deck_exhausted(s)
                return
            new = s.dungeon_deck.pop()
            s.row[i] = new
            self.revealed = True
            card = self.card(new)
            self.say(
                s,
                f"{card.name} enters the row" + (" (dragon attack!)" if card.dragon else ""),
                "row",
                card=new,
            )
            dragon = dragon or card.dragon
            self.apply_effects(s, None, card.arrive, source=new)
        if dragon:
            self.attack(s, self.rage_value(s) + self.dangers(s), "The dragon attacks")

    def deck_exhausted(self, s) -> None:
        self.say(s, "The dungeon deck has run out", "deck-out")
        for q in s.players:
            if q.is_in:
                self.knock_out(s, q, " (the deck ran out)")
        self.finish(s, "the dungeon deck ran out")

    # ----------------------------------------------------------------- turns

    def _check_end_turn(self, s, p, a):
        if p.hand:
            left = ", ".join(self.card(c).name for c in p.hand)
            return f"play every card in your hand first ({left})"
        return None

    def _do_end_turn(self, s, p, a):
        self.before_end_turn(s, p)
        p.discard.extend(p.play)
        p.play = []
        p.skill = p.swords = p.boots = p.teleports = 0
        p.clank_made = p.clank_credit = p.skill_generated = 0
        p.exhausted = False
        p.held = []
        p.turn_flags = {}
        if p.is_in:
            self.draw(s, p, self.setup_numbers["hand_size"])
        self.after_end_turn(s, p)
        if s.over:
            return
        self.refill_row(s)
        if not s.over:
            self.next_turn(s)

    def before_end_turn(self, s, p) -> None:
        """Hook: before the play area is discarded."""

    def after_end_turn(self, s, p) -> None:
        """Hook: after discarding and drawing, before the row is refilled."""

    def next_turn(self, s) -> None:
        """Pass the turn on; out players' turns are resolved (countdown, cube draws)."""
        n = len(s.players)
        for _ in range(2 * n + 1):
            if all(not q.is_in for q in s.players):
                self.finish(s, "every player has left the dungeon")
                return
            s.current = (s.current + 1) % n
            s.turn += 1
            p = s.player
            if p.is_in:
                self.say(s, f"— {self.name(p)}'s turn —", "turn", p, turn=s.turn)
                return
            self.out_turn(s, p)
            if s.over:
                return
        self.finish(s, "no player can take a turn")  # pragma: no cover - defensive

    def out_turn(self, s, p) -> None:
        """Hook: what the turn of a player who has left does."""

    def finish(self, s, reason: str) -> None:
        if s.over:
            return
        s.over = True
        s.end_reason = reason
        s.pending = None
        scores = self.scores(s)
        self.say(
            s,
            f"Game over ({reason}): "
            + ", ".join(f"{self.name(q)} {v}" for q, v in zip(s.players, scores, strict=True)),
            "game-over",
            reason=reason,
        )

    # --------------------------------------------------------------- scoring

    def points(self, s, p) -> int:
        """Everything the player holds: artifacts, tokens, gold and card points."""
        cards = Counter(p.all_cards)
        return (
            sum(p.artifacts)
            + sum(t.get("points", 0) for t in p.tokens)
            + p.gold
            + sum(self.card(c).points * k for c, k in cards.items())
        )

    def eligible(self, s, p) -> bool:
        if p.status == ESCAPED:
            return True
        if p.status == KNOCKED_OUT:
            return self.rescued(s, p)
        return True

    def scores(self, s) -> list[int]:
        """Final scores for players who have left; the running tally for those still in."""
        return [self.points(s, p) if self.eligible(s, p) else 0 for p in s.players]

    def winners(self, s) -> list[int]:
        """Indices of the winners: most points among the players who score, ties to the
        most valuable artifact. Nobody wins when nobody scores (everyone lost inside)."""
        sc = self.scores(s)
        able = [i for i, p in enumerate(s.players) if self.eligible(s, p)]
        if not able:
            return []
        key = {i: (sc[i], max(s.players[i].artifacts, default=0)) for i in able}
        best = max(key.values())
        return [i for i in able if key[i] == best]
