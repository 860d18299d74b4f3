"""The deck-building core: cards, decks, hands, the row, playing, acquiring, scoring.

:class:`DeckBuildingRules` is the first layer of the rules and the only one every edition
shares: a card game without a map (Moonrakers) can use it alone. It deals the starting
decks and the row, lets the player play cards (their effects pooled as Skill, Swords and
Gold, choices opened as pending prompts: :mod:`clankwidget.rules.card_effects`), acquire
from the row and the reserve and defeat monsters (:mod:`clankwidget.rules.card_takes`),
end the turn (discard, draw, refill the row: :mod:`clankwidget.rules.turn_end`)
and counts points. The thieves on a
map (:mod:`clankwidget.rules.thieves`) build on it; an edition's module builds on either.

Hooks are methods a layer or an edition overrides; each is listed, with what it is for,
in :class:`clankwidget.rules.protocol.EditionRules`. The rules object is stateless apart
from the RNG it is handed and the ``revealed`` flag; the state it works on is a
:class:`~clankwidget.rules.state.GameState`.

Legality has one source of truth: each action kind has a ``_check_<kind>`` method
returning ``None`` or the reason it is illegal, and ``legal_actions`` is the list of
candidate actions that pass their check. Where a layer's own checks decide, it builds its
part of that list straight from the state (bots ask for it at every decision); tests hold
it equal to checking every candidate.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import cache
from typing import ClassVar
from weakref import WeakKeyDictionary

import numpy as np

from .. import registry
from ..data import Board, Card, CardSet, load_cards
from ..errors import IllegalAction, shown
from . import actions as A
from .card_effects import CardEffects
from .card_takes import CardTakes
from .effects import describe
from .state import ESCAPED, KNOCKED_OUT, GameState, PlayerState
from .turn_end import TurnEnd

__all__ = ["EVENT_KINDS", "PLAYER_COLOURS", "DeckBuildingRules"]

#: Colours a player may take, in default seating order. Black is the dragon's; red is a
#: player colour only in editions without red bounty-hunter cubes (see ``hit_all``).
PLAYER_COLOURS = ("blue", "yellow", "green", "purple", "red", "orange", "white", "pink", "teal")

#: The kinds of the structured events in ``GameState.events`` (one per log line).
EVENT_KINDS = frozenset(
    {
        "setup",
        "info",
        "turn",
        "play",
        "gain",
        "defeat",
        "buy",
        "move",
        "artifact",
        "secret",
        "escape",
        "knockout",
        "rage",
        "attack",
        "row",
        "deck-out",
        "countdown",
        "game-over",
        # Moonrakers: a hazard-dice roll; an offer, counter, acceptance or refusal
        "hazard",
        "deal",
    }
)


#: the actions that answer a pending choice (the only ones it allows)
_CHOICE_KINDS = frozenset({"choose", "decline"})


class _Made(dict):
    """Actions made once per rules object, by their argument, on first use: ``make(key)``
    (actions are frozen values, so one instance serves every legal list that offers it;
    a plain dict lookup is the cheapest way to hand it out)."""

    def __init__(self, make):
        super().__init__()
        self.make = make

    def __missing__(self, key):
        made = self[key] = self.make(key)
        return made


class _Names(dict):
    """Colour -> the core's name() for a player of that colour (the colour, capitalized),
    worked out on first use (made without a Python call: the planner makes many rules)."""

    def __missing__(self, colour):
        name = self[colour] = colour.capitalize()
        return name


#: card set -> tables read off its cards alone (see ``DeckBuildingRules._cards_table``).
#: The cards never change: every rules object that reads a set as it is (each game's, each
#: bot's fork) shares its tables, which go when the set does.
_CARD_TABLES: WeakKeyDictionary = WeakKeyDictionary()


@cache
def _handler_names(cls: type) -> tuple[tuple[str, str, str], ...]:
    """``(kind, "_check_<kind>", "_do_<kind>")`` for each ``_check_`` method of a rules
    class (looked up once per class; the kind is the name with dashes)."""
    return tuple(
        (name[len("_check_") :].replace("_", "-"), name, "_do_" + name[len("_check_") :])
        for name in dir(cls)
        if name.startswith("_check_")
    )


@cache
def _core_rules_decide(cls: type) -> bool:
    """Whether the core's own rules decide its actions in a rules class (playing a card,
    taking one, ending the turn): then legal_actions builds their part of the list from
    the state (worked out once per class)."""
    return (
        cls.candidates is DeckBuildingRules.candidates
        and cls.card is DeckBuildingRules.card
        and all(
            getattr(cls, "_check_" + kind) is getattr(DeckBuildingRules, "_check_" + kind)
            for kind in (
                "play",
                "end_turn",
                "acquire",
                "defeat",
                "acquire_reserve",
                "defeat_reserve",
            )
        )
    )


class DeckBuildingRules(CardTakes, TurnEnd, CardEffects):
    """The deck-building core every edition shares. Subclasses set ``edition``."""

    edition = "base"
    #: the colour whose drawn cube hurts every player (``None``: no such cubes)
    hit_all: str | None = None
    #: the kind of token an escape earns (Mastery, escape pod, Mug): the end screen's
    #: score breakdown gives it a row of its own (``None``: no such token)
    escape_token: str | None = None
    #: the ``options`` this edition's rules understand: name -> what it does
    known_options: ClassVar[Mapping[str, str]] = {}
    #: conditions about the other cards played this turn, "before or after" this one: a
    #: card's bonus on them waits for the rest of the turn. Every other condition (the
    #: Depths, an artifact, a Key, a Crown...) is about the player's situation and is
    #: decided when the card is played (board_data/README.md, "Conditions").
    order_free: ClassVar[frozenset[str]] = frozenset({"companion"})

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
                f"unknown option {shown(unknown[0])} for {self.edition!r} games (known: {known})"
            )
        self.options = dict(options or {})
        self.setup_numbers = cards.setup
        self.rng: np.random.Generator | None = None
        #: how many random draws these rules have made (see :meth:`random`)
        self.draws = 0
        self.revealed = False
        self._market = {m["id"]: m for m in cards.market}
        #: card id -> the card as these rules read it (an edition may add to the set's)
        self._card_table = cards.cards
        # action kind -> (check, do), from the _check_<kind> / _do_<kind> methods
        self._handlers = {
            kind: (getattr(self, check), getattr(self, do))
            for kind, check, do in _handler_names(type(self))
        }
        self._checks = {kind: check for kind, (check, _) in self._handlers.items()}
        #: the action kinds these rules know: check() refuses every other kind (a bot asks
        #: here before checking an action some editions lack, and skips the refusal's words)
        self.kinds = frozenset(self._handlers)
        rules = type(self)
        # whether the core's check decides (an edition may check every action its own way)
        self._core_check = rules.check is DeckBuildingRules.check
        # whether the edition offers actions of its own (see edition_candidates)
        self._edition_actions = rules.edition_candidates is not DeckBuildingRules.edition_candidates
        self._core_decides = _core_rules_decide(rules)
        # whether the acting player is always the current one (an edition where others
        # act during a turn overrides acting): then it is read off the state directly
        self._plain_acting = rules.acting is DeckBuildingRules.acting
        self._plain_simple = rules.apply_simple is DeckBuildingRules.apply_simple
        self._after_play = rules.after_play is not DeckBuildingRules.after_play
        # whether name() is the core's: then a colour's name is read from _names (the
        # log's hot lines: playing, taking, defeating, a new turn)
        self._plain_name = rules.name is DeckBuildingRules.name
        self._names = _Names()
        # whether say() is the core's: then the log's hot lines (playing, taking,
        # defeating, moving, a new turn) add their line and event without its call
        self._plain_say = rules.say is DeckBuildingRules.say
        # whether plain Skill, Swords and Gold are added by the core's own apply_effects
        # (not an edition's): then a card that plays only those adds them at once
        self._plain_gains = self._plain_simple and rules.apply_effects is CardEffects.apply_effects
        self._play_gains: dict[str, tuple | bool] = {}  # see _gains
        # whether card() is the core's: then a card is read from _card_table directly
        self._plain_card = rules.card is DeckBuildingRules.card
        self._actions: dict[tuple, A.Action] = {}
        self._end_turn = self._action(A.EndTurn)
        # the actions legal lists offer most, by their argument (see _Made)
        self._plays = _CARD_TABLES.setdefault(cards, {}).setdefault("plays", _Made(A.Play))
        self._acquires = _Made(A.Acquire)  # by row slot
        self._defeats = _Made(A.Defeat)
        self._prices: dict[str, tuple] = {}  # see _read_prices
        self._card_points: dict[str, int] | None = None  # see points
        self._play_texts: dict[str, str] | None = None  # see _do_play
        self._described_texts: dict[tuple, tuple] | None = None  # see _described
        self._own_tables: dict[str, dict] = {}  # see _cards_table

    def _cards_table(self, name: str, plain: bool = True) -> dict:
        """The table ``name`` read off the cards: shared by every rules object on the card
        set when these rules read the set's own cards (an edition may read them its own
        way: ``_card_table``, or ``plain`` false), else this object's own."""
        if plain and self._card_table is self.cards.cards:
            tables = _CARD_TABLES.setdefault(self.cards, {})
        else:
            tables = self._own_tables
        return tables.setdefault(name, {})

    @classmethod
    def load_card_set(cls, name_or_path) -> CardSet:
        """Hook: the edition's card set by name or path (an edition whose cards have a
        format of their own, like Moonrakers, loads and validates them itself)."""
        return load_cards(name_or_path)

    @classmethod
    def card_set_from_dict(cls, doc, source: str) -> CardSet:
        """Hook: a card set from its JSON document (a save holds it whole)."""
        return CardSet.from_dict(doc, source=source)

    def setup(self, colours: list[str], rng: np.random.Generator) -> GameState:
        """A fresh game state for these players: reserve, shuffled dungeon deck and
        opening row, each player's shuffled starting deck and first hand. Layers and
        editions add their components around it (see :meth:`setup_players`)."""
        self.rng = rng
        su = self.setup_numbers
        players = [self.new_player(c) for c in colours]
        s = GameState(edition=self.edition, players=players)
        self.setup_table(s)
        s.reserve = {cid: count for cid, count in self.cards.reserve}
        self.setup_market(s)
        dungeon, starting = self._decks()
        s.dungeon_deck = self.shuffled(dungeon)
        self.deal_opening_row(s)
        for i, p in enumerate(players):
            p.deck = self.shuffled(starting)
            self.draw(s, p, su["hand_size"])
            self.setup_player(s, p, i)
        return s

    def _decks(self) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """The dungeon deck and a starting deck before the shuffle: each card id as many
        times as the set has it, in the set's order (read once per card set)."""
        tables = _CARD_TABLES.setdefault(self.cards, {})
        decks = tables.get("decks")
        if decks is None:
            decks = tables["decks"] = tuple(
                tuple(cid for cid, count in stacks for _ in range(count))
                for stacks in (self.cards.dungeon_deck, self.cards.starting_deck)
            )
        return decks

    def new_player(self, colour: str) -> PlayerState:
        """Hook: a player before the deal (the map layer puts them on the start space)."""
        return PlayerState(colour=colour, space="", supply=0)

    def setup_table(self, s: GameState) -> None:
        """Hook: the layer's own components, set out before the cards are dealt."""

    def setup_market(self, s: GameState) -> None:
        """Hook: the market's stock (the map layer's; a market is a space on the board)."""

    def setup_player(self, s: GameState, p: PlayerState, seat: int) -> None:
        """Hook: a player's own set-up after their first hand (starting Clank!...)."""

    def deal_opening_row(self, s: GameState) -> None:
        """Six cards with no Dragon Attack symbol; set-aside dragons are shuffled back."""
        aside = []
        s.row = []
        while len(s.row) < self.setup_numbers["row_size"] and s.dungeon_deck:
            cid = s.dungeon_deck.pop()
            (aside if self.card(cid).dragon else s.row).append(cid)
        if aside:
            s.dungeon_deck = self.shuffled(s.dungeon_deck + aside)

    def card(self, cid: str) -> Card:
        return self._card_table[cid]

    def random(self) -> np.random.Generator:
        """The game's generator, for one random draw. The rules draw only through here:
        the count of draws tells the game when an action used the generator, and so
        when its state must be saved again."""
        self.draws += 1
        return self.rng

    def shuffled(self, items) -> list:
        """A new list of ``items`` in a random order. (Shuffling the list itself draws
        what ``permutation(len(items))`` draws, the same swaps, without making arrays.)"""
        out = list(items)
        self.random().shuffle(out)
        return out

    def say(self, s: GameState, text: str, kind: str = "info", who=None, **details) -> None:
        """Add a line to the log and its structured event (see :data:`EVENT_KINDS`):
        ``kind``, the player it is about (``who``, a :class:`PlayerState`) and details."""
        s.log.append(text)
        s.events.append({"kind": kind, "actor": who.colour if who else None, **details})

    def name(self, p: PlayerState) -> str:
        return p.colour.capitalize()

    def player_index(self, s: GameState, colour: str) -> int:
        return next(i for i, p in enumerate(s.players) if p.colour == colour)

    def acting(self, s: GameState) -> PlayerState:
        """Hook: the player who acts now. In Clank! it is always the current player
        (``s.player``); an edition where other players act during a turn (Moonrakers'
        negotiation and execution) overrides it. :meth:`check` and :meth:`apply` hand
        this player to the action's ``_check_``/``_do_`` methods."""
        return s.players[s.current]  # s.player, without the property's call

    def legal_actions(self, s: GameState) -> list[A.Action]:
        """Every action the acting player (:meth:`acting`) may take now, in a stable order."""
        if not self._core_check:  # an edition's own check decides
            return [a for a in self.candidates(s) if self.check(s, a) is None]
        if s.over:
            return []
        # check() would refuse what the game is over for, a pending choice or an unknown
        # kind; candidates() offers none of those, so each candidate goes straight to its
        # kind's own check
        current = s.players[s.current]
        p = current if self._plain_acting else self.acting(s)
        checks = self._checks
        if s.pending or not self._core_decides or p is not current:
            return [
                a
                for a in self.candidates(s)
                if (c := checks.get(a.kind)) is not None and c(s, p, a) is None
            ]
        # The core's own checks decide its actions: its part of the list is built here from
        # the state (the same actions in the same order as checking its candidates)
        # any card in hand (subscripts in a comprehension: map over a _Made's __getitem__
        # calls a dict subclass's slot wrapper, twice as slow)
        plays = self._plays
        out = [plays[cid] for cid in dict.fromkeys(p.hand)]
        self._card_actions(s, p, out)
        out.extend(self.layer_legal(s, p))
        if self._edition_actions:
            for a in self.edition_candidates(s):
                if (c := checks.get(a.kind)) is not None and c(s, p, a) is None:
                    out.append(a)
        if not p.hand:  # a turn ends once the hand is played
            out.append(self._end_turn)
        return out

    def market_items(self) -> list[dict]:
        """Every item a market may sell at this table, by the rules' reading: the card
        set's, then the edition's own (Pulsarcade's Disguise Kit), each id once."""
        return list(self._market.values())

    def _action(self, cls: type[A.Action], *args) -> A.Action:
        """The action ``cls(*args)``, made once per rules object (actions are frozen
        values, so one instance serves every legal list that offers it)."""
        key = (cls, *args)
        a = self._actions.get(key)
        if a is None:
            a = self._actions[key] = cls(*args)
        return a

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
        yield from self.layer_candidates(s, p)
        yield from self.edition_candidates(s)
        if not p.hand:
            yield A.EndTurn()

    def edition_candidates(self, s: GameState) -> Iterable[A.Action]:
        """Hook: the edition's own actions (checked by their ``_check_<kind>``)."""
        return ()

    def layer_candidates(self, s: GameState, p: PlayerState) -> Iterable[A.Action]:
        """Hook: the actions a layer of mechanics adds (the map layer: buy, move...)."""
        return ()

    def layer_legal(self, s: GameState, p: PlayerState) -> list[A.Action]:
        """The legal actions among :meth:`layer_candidates`, in their order. This default
        checks each; a layer may find some straight from the state instead (the map
        layer's moves), as long as the list is the same."""
        checks = self._checks
        return [
            a
            for a in self.layer_candidates(s, p)
            if (c := checks.get(a.kind)) is not None and c(s, p, a) is None
        ]

    def check(self, s: GameState, action: A.Action) -> str | None:
        """``None`` if ``action`` is legal now, else the reason it is not."""
        if s.over:
            return "the game is over"
        if s.pending and action.kind not in _CHOICE_KINDS:
            return f"finish the pending choice first ({s.pending['prompt']})"
        handlers = self._handlers.get(action.kind)
        if handlers is None:
            return f"{self.edition!r} games have no {action.kind!r} action"
        p = s.players[s.current] if self._plain_acting else self.acting(s)
        return handlers[0](s, p, action)

    def apply(self, s: GameState, action: A.Action) -> None:
        """Apply a legal action; raises :class:`IllegalAction` (state untouched) otherwise."""
        p = s.players[s.current] if self._plain_acting else self.acting(s)
        handlers = self._handlers.get(action.kind)
        # With the core's check, the game on, no choice pending and a known kind, check()
        # would answer the kind's own check for this player: it is asked directly (the
        # handlers looked up once, for the check and the change). Else check() decides.
        if (
            self._core_check
            and handlers is not None
            and not s.over
            and (not s.pending or action.kind in _CHOICE_KINDS)
        ):
            reason = handlers[0](s, p, action)
        else:
            reason = self.check(s, action)
        if reason is not None:
            raise IllegalAction(action, reason)
        self.revealed = False
        (handlers or self._handlers[action.kind])[1](s, p, action)
        if not s.over and not s.pending:
            p = s.players[s.current] if self._plain_acting else self.acting(s)
            if p.held:  # bonuses waiting for their condition this turn
                self.release_held(s, p)

    def _check_play(self, s, p, a: A.Play):
        if a.card not in p.hand:
            return f"{a.card!r} is not in your hand"
        return None

    def _do_play(self, s, p, a: A.Play):
        cid = a.card
        p.hand.remove(cid)
        p.play.append(cid)
        card = self._card_table[cid] if self._plain_card else self.card(cid)
        texts = self._play_texts
        if texts is None:  # card id -> " plays <card> (<effects>)", in the core's words
            rules = type(self)
            texts = self._play_texts = self._cards_table(
                "play texts",
                rules.card is DeckBuildingRules.card
                and rules.effects_text is DeckBuildingRules.effects_text,
            )
        words = texts.get(cid)
        if words is None:  # a card's words are the same at every play: worked out once
            text = self.effects_text(card.play)
            words = texts[cid] = f" plays {card.name}" + (f" ({text})" if text else "")
        name = self._names[p.colour] if self._plain_name else self.name(p)
        if self._plain_say:  # what say() adds, without its call (a play is half the log)
            s.log.append(name + words)
            s.events.append({"kind": "play", "actor": p.colour, "card": card.id})
        else:
            self.say(s, name + words, "play", p, card=card.id)
        if self._after_play:  # only an edition that reacts to a play has it called
            self.after_play(s, p, card)
        gains = self._play_gains.get(cid) if self._plain_gains else False
        if gains is None:  # not read yet
            gains = self._gains(cid, card)
        if not gains:
            self.apply_effects(s, p, card.play, source=cid, hold=True)
        else:  # only Skill, Swords and Gold: what apply_effects would add, added at once
            skill, swords, gold, generated = gains
            p.skill += skill
            p.swords += swords
            p.gold += gold
            p.skill_generated += generated

    def _gains(self, cid: str, card: Card) -> tuple[int, int, int, int] | bool:
        """``(skill, swords, gold, skill generated)`` that playing ``card`` adds when its
        play effects are only Skill, Swords and Gold (most plays), else ``False``: read
        once per card, into ``_play_gains`` (kept with the card set when these rules read
        its own cards)."""
        if not self._play_gains:  # the first card read: the table for these rules' cards
            plain = self._plain_card
            self._play_gains = self._cards_table("play gains", plain)
            if cid in self._play_gains:
                return self._play_gains[cid]
        sums = {"skill": 0, "swords": 0, "gold": 0}
        generated = 0
        for e in card.play:
            key, value = next(iter(e.items()))
            if key not in sums or len(e) != 1:
                self._play_gains[cid] = False
                return False
            sums[key] += value
            if key == "skill" and value > 0:
                generated += value
        gains = (sums["skill"], sums["swords"], sums["gold"], generated)
        self._play_gains[cid] = gains
        return gains

    def effects_text(self, effects) -> str:
        """A list of effects in the edition's words (for the log and the card text)."""
        return describe(effects) if effects else ""

    def after_play(self, s, p, card: Card) -> None:
        """Hook: an edition may react to a card being played (before its effects)."""

    def points(self, s, p) -> int:
        """Everything the player holds: artifacts, tokens, gold and card points."""
        card_points = self._card_points
        if card_points is None:  # card id -> its points, read once (bots ask every turn)
            card_points = self._card_points = self._cards_table("points")
            if not card_points:
                card_points.update((c, card.points) for c, card in self._card_table.items())
        tokens = 0
        for t in p.tokens:  # a loop: no generator to make, and none at all without tokens
            tokens += t.get("points", 0)
        return sum(p.artifacts) + tokens + p.gold + sum(map(card_points.__getitem__, p.all_cards))

    def score_breakdown(self, s, p) -> list[tuple[str, int]]:
        """The player's points by where they come from, in the order a player counts
        them (artifacts, the escape token, other tokens, gold, cards, then the edition's
        own in :meth:`more_points`). They add up to :meth:`points`; whatever a subclass
        counts that has no row of its own shows as "Other"."""
        special = [t for t in p.tokens if t.get("kind") == self.escape_token and t.get("points")]
        rows = [
            ("Artifacts", sum(p.artifacts)),
            *((t.get("name", t["kind"]), t["points"]) for t in special),
            ("Tokens", sum(t.get("points", 0) for t in p.tokens if t not in special)),
            ("Gold", p.gold),
            ("Cards", sum(self.card(c).points for c in p.all_cards)),
            *self.more_points(s, p),
        ]
        rest = self.points(s, p) - sum(v for _, v in rows)
        return rows + ([("Other", rest)] if rest else [])

    def more_points(self, s, p) -> list[tuple[str, int]]:
        """Hook: the edition's own sources of points, as ``(name, points)`` rows."""
        return []

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
