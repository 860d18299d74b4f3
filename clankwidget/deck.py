"""Deck-draw odds: what one turn's hand gives, and when a card shows up.

A player's deck is a draw pile (face down, shuffled) and a discard pile. At the end of a
turn the player discards every card played and draws a hand of five; drawing from an empty
draw pile first shuffles the discard pile into a new draw pile (only then; cards in play
are not part of it). The next turn plays the whole hand, and a card that says "draw N"
draws N more cards, which are played too.

The functions here answer lesson questions about that:

* :func:`resource_distribution` - the exact law of one turn's skill (or swords, boots,
  clank, gold, ...), "draw N" cards included; :func:`chance_at_least` - the chance of
  reaching a threshold, such as Pulsarcade's Skill Shot at 6 or 8 skill.
* :func:`chance_to_see` and :func:`turns_until_seen_distribution` - when a card (say one
  just bought into the discard pile) first comes into hand: the "deck cycling" lesson.
* :func:`sample_turns` - a seeded simulation to show beside the exact answers.
* :func:`card_resources` - how a card's effects are counted.

Give the piles **as they are when the next hand is drawn** (this turn's played cards and
purchases already in the discard pile), in any of these forms:

* a sequence of :class:`~clankwidget.data.Card` objects (copies repeated);
* a mapping ``name -> count`` together with ``cards=``, a mapping ``name -> Card`` or
  ``name -> resource dict`` (``dict(card_set.starting_deck)`` with ``cards=card_set.cards``
  works); :func:`chance_to_see` needs no ``cards=``;
* a sequence of plain resource dicts such as ``{"skill": 2}`` or ``{"boots": 1, "draw": 1}``
  (the form :func:`card_resources` returns), or of names looked up in ``cards=``.

What is exact, and what is a model
    The distributions are exact (up to float64 rounding, ~1e-15) for the model that every
    card gives the fixed amounts :func:`card_resources` reports: the shuffle, the reshuffle
    of the discard pile when the draw pile runs short, before or during the turn, and all
    "draw N" cards (however they chain) are followed card by card. Not modelled: cards
    acquired during the turn (they go to the discard pile and could come back in a
    mid-turn reshuffle), optional "discard a card to gain ..." and "trash" effects (never
    taken), conditions (``if``) that hold in some turns and not others (see ``conditions``),
    and choices made per hand (``choose`` is one fixed option per card). The draw-effect
    part is a Markov chain over how many cards of each kind with a draw effect have been
    drawn, with (cards without a draw effect + 1) x the product of (copies + 1) over
    those kinds states per pile; above :data:`MAX_STATES` a clear error says so (use
    ``include_draws=False`` or :func:`sample_turns`). Starting decks have no draw cards;
    a deck with a dozen draw cards of four kinds is still well under the limit.

    :func:`chance_to_see` and :func:`turns_until_seen_distribution` are exact for hands of
    exactly ``hand_size`` cards: they ignore "draw N" effects and cards acquired later.

Example::

    >>> from clankwidget.deck import chance_at_least, chance_to_see
    >>> deck = [{"skill": 1}] * 6 + [{"skill": 2}] * 2 + [{"boots": 1}] * 2
    >>> round(chance_at_least(deck, resource="skill", k=6), 4)  # a Skill Shot at 6
    0.3175
    >>> round(chance_to_see({"skill": 2}, deck[:7], deck[7:], turns=1), 4)
    0.7143
"""

from __future__ import annotations

import math
import operator
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

import numpy as np

from .data import Card
from .errors import OddsInputError, at_most, big_number, shown
from .kernels.deck import _sample_turns, _turn_pmf
from .kernels.rng import state_from

__all__ = [
    "CONDITIONS",
    "MAX_AMOUNT",
    "MAX_BYTES",
    "MAX_CARDS",
    "MAX_PILE",
    "MAX_STATES",
    "MAX_WORK",
    "RESOURCES",
    "TotalDistribution",
    "TurnSamples",
    "card_resources",
    "chance_at_least",
    "chance_to_see",
    "resource_distribution",
    "sample_turns",
    "turns_until_seen_distribution",
]

RESOURCES = (
    "skill",
    "swords",
    "boots",
    "clank",
    "gold",
    "draw",
    "heal",
    "teleport",
    "rage",
    "others_clank",
    "all_clank",
    "return_black",
)
"""The amounts a card can give when played (the numeric effects of the card schema)."""

CONDITIONS = ("companion", "artifact", "depths", "key", "crown")
"""The tests an ``{"if": {...}}`` effect can name (see the card schema's ``condition``)."""

MAX_STATES = 4_000_000
"""Largest Markov chain (per pile) that :func:`resource_distribution` builds for draw cards."""

MAX_CARDS = 500
"""Largest pile the exact functions accept (float64 subset counts stay far from overflow)."""

MAX_PILE = 100_000
"""Largest pile any function accepts (a game's deck holds a few dozen cards)."""

MAX_AMOUNT = 1_000_000
"""Largest amount of a resource (or draws) one card may give."""

MAX_WORK = 2_000_000_000
"""Most cards :func:`sample_turns` may draw in all (``trials * turns * hand_size``)."""

MAX_BYTES = 2 << 30
"""Most memory :func:`sample_turns` allocates for its results."""

MAX_TABLE = 20_000_000
"""Most cells of the exact method's table: totals the turn may reach (from the sum of
the negative amounts to the sum of the positive ones) times the cards it may draw
(160 MB of float64)."""

MAX_EXACT_WORK = 1_000_000_000
"""Most table cells the exact method may fill, the table once per kind of card: a few
seconds."""

_IGNORED_EFFECTS = ("discard", "trash")
_RESOURCE_SET = frozenset(RESOURCES)


# ---------------------------------------------------------------------------
# Results


@dataclass(frozen=True, eq=False)
class TotalDistribution:
    """The law of an integer total: ``pmf[i]`` is P(total = ``offset + i``).

    ``offset`` is 0 unless the total can be negative (clank with "-1 clank" cards), so
    for skill, swords, boots and gold ``pmf[k]`` is simply P(total = k). ``pmf`` is a
    read-only float64 array that sums to 1 and always covers total 0.
    """

    pmf: np.ndarray
    offset: int = 0
    resource: str = "skill"

    @property
    def support(self) -> np.ndarray:
        """The totals ``pmf`` covers: ``offset, offset + 1, ...``."""
        return np.arange(self.offset, self.offset + len(self.pmf))

    @property
    def mean(self) -> float:
        """The expected total."""
        return float(np.dot(self.support, self.pmf))

    def prob(self, k: int) -> float:
        """P(total = k); 0 outside the support."""
        i = _as_int("k", k) - self.offset
        return float(self.pmf[i]) if 0 <= i < len(self.pmf) else 0.0

    def at_least(self, k: int) -> float:
        """P(total >= k)."""
        i = _as_int("k", k) - self.offset
        return min(1.0, float(self.pmf[max(i, 0) :].sum())) if i < len(self.pmf) else 0.0

    def at_most(self, k: int) -> float:
        """P(total <= k)."""
        i = _as_int("k", k) - self.offset
        return min(1.0, float(self.pmf[: i + 1].sum())) if i >= 0 else 0.0

    def __repr__(self) -> str:
        pairs = ", ".join(
            f"{k}: {p:.4g}" for k, p in zip(self.support, self.pmf, strict=True) if p > 0
        )
        return f"TotalDistribution({self.resource}: {{{pairs}}})"


@dataclass(frozen=True, eq=False)
class TurnSamples:
    """Seeded simulated turns from :func:`sample_turns`.

    ``totals[i, t]`` is the resource generated in turn ``t + 1`` of trial ``i`` and
    ``cards_drawn[i, t]`` the cards drawn for it (hand plus "draw N"). ``first_seen[i]``
    is the first turn (1-based) in which a copy of the watched card was drawn, 0 when not
    within the simulated turns; ``None`` when no card was watched.
    """

    resource: str
    totals: np.ndarray
    cards_drawn: np.ndarray
    first_seen: np.ndarray | None = None

    @property
    def trials(self) -> int:
        """How many times the turns were played."""
        return self.totals.shape[0]

    @property
    def turns(self) -> int:
        """Turns played per trial."""
        return self.totals.shape[1]

    def distribution(self, turn: int = 1) -> TotalDistribution:
        """Observed frequencies of turn ``turn``'s total, shaped like the exact answer."""
        column = self.totals[:, self._turn_index(turn)]
        low = min(0, int(column.min()))
        counts = np.bincount(column - low)
        if len(counts) < 1 - low:
            counts = np.concatenate([counts, np.zeros(1 - low - len(counts), counts.dtype)])
        return _frozen_distribution(counts / len(column), low, self.resource)

    def chance_at_least(self, k: int, turn: int = 1) -> float:
        """Fraction of trials whose turn ``turn`` reached ``k`` or more."""
        k = _as_int("k", k)
        return float(np.mean(self.totals[:, self._turn_index(turn)] >= k))

    def seen_within(self, turns: int) -> float:
        """Fraction of trials in which the watched card was drawn within ``turns`` turns."""
        if self.first_seen is None:
            raise ValueError("no card was watched: pass watch=card to sample_turns")
        turns = _as_int("turns", turns, minimum=0)
        if turns > self.turns:
            raise ValueError(f"turns={turns} is more than the {self.turns} turns simulated")
        seen = (self.first_seen > 0) & (self.first_seen <= turns)
        return float(np.mean(seen))

    def _turn_index(self, turn: int) -> int:
        turn = _as_int("turn", turn, minimum=1)
        if turn > self.turns:
            raise ValueError(f"turn={turn} is more than the {self.turns} turns simulated")
        return turn - 1

    def __repr__(self) -> str:
        return (
            f"TurnSamples({self.resource}: {self.trials} trials x {self.turns} turns, "
            f"mean {self.resource} in turn 1: {self.totals[:, 0].mean():.3f})"
        )


# ---------------------------------------------------------------------------
# How a card counts


def card_resources(
    card: Card, *, choose_for: str | None = None, conditions: Iterable[str] = ()
) -> dict[str, int]:
    """What playing ``card`` gives, as ``{resource: amount}`` (non-zero amounts only).

    This is exactly how every function of this module counts a card:

    * unconditional effects (``{"skill": 2}``, ``{"draw": 1}``, ``{"clank": -1}``, ...)
      are summed; only the card's ``play`` effects count (not acquire, use or reward);
    * ``{"if": {...}, "then": [...]}`` counts only when every test it names is in
      ``conditions`` (from :data:`CONDITIONS`, e.g. ``("companion",)``). A condition is
      thus taken to hold in every turn or in none. "companion" really depends on the rest
      of the hand: when the conditional effect only adds, the odds computed with and
      without ``conditions=("companion",)`` bracket the true odds;
    * ``{"choose": [...]}`` takes the option with the most ``choose_for`` (ties: the most
      draw, then the first listed). It is one fixed option per card, not the best choice
      for each hand. A card with a choice needs ``choose_for``; the odds functions pass
      the resource asked about unless told otherwise (for clank that means the most
      clank, a worst case);
    * ``{"discard": 1, "then": [...]}`` (optional) and ``{"trash": ...}`` are ignored:
      counted as not taken.

    >>> from clankwidget.data import Card
    >>> card = Card("x", "Example", "ordinary", play=({"skill": 1}, {"choose": [
    ...     [{"swords": 2}], [{"boots": 1}, {"draw": 1}]]}))
    >>> card_resources(card, choose_for="boots")
    {'skill': 1, 'boots': 1, 'draw': 1}
    """
    if not isinstance(card, Card):
        raise ValueError(f"card_resources expects a Card, got {type(card).__name__}")
    if choose_for is not None:
        _check_resource(choose_for, "choose_for")
    held = _check_conditions(conditions)
    totals = _effects_total(card.play, choose_for, held, card)
    return {r: totals[r] for r in RESOURCES if totals.get(r, 0) != 0}


#: How deep ``if`` and ``choose`` may nest in a card (the card sets nest one or two)
MAX_NESTING = 20


def _effects_total(effects, choose_for, held, card, depth=0) -> dict[str, int]:
    """What a list of effects gives (see :func:`card_resources`). A card of a card set
    was checked by its schema; one made by hand is checked here as it is read."""
    if depth > MAX_NESTING:
        raise ValueError(f"card {card.id!r}: effects nest more than {MAX_NESTING} deep")
    if isinstance(effects, str | bytes | Mapping) or not isinstance(effects, Iterable):
        raise ValueError(f"card {card.id!r}: expected a list of effects, got {shown(effects)}")
    out: dict[str, int] = {}
    for effect in effects:
        if not isinstance(effect, Mapping):
            raise ValueError(f"card {card.id!r}: effect {shown(effect)} is not a dict")
        if "if" in effect:
            if not isinstance(effect["if"], Mapping):
                raise ValueError(
                    f"card {card.id!r}: 'if' takes a dict of tests, got {shown(effect)}"
                )
            if set(effect["if"]) <= held:
                then = effect.get("then", ())
                _add(out, _effects_total(then, choose_for, held, card, depth + 1))
        elif "choose" in effect:
            if choose_for is None:
                raise ValueError(
                    f"card {card.id!r} has a choice; say which resource the player maximises "
                    f"with choose_for= (one of {', '.join(RESOURCES)})"
                )
            options = effect["choose"]
            if not isinstance(options, list | tuple) or not options:
                raise ValueError(
                    f"card {card.id!r}: 'choose' takes a list of options, got {shown(effect)}"
                )
            options = [_effects_total(o, choose_for, held, card, depth + 1) for o in options]
            best = max(
                range(len(options)),
                key=lambda i: (options[i].get(choose_for, 0), options[i].get("draw", 0), -i),
            )
            _add(out, options[best])
        elif any(key in effect for key in _IGNORED_EFFECTS):
            continue
        else:
            for key, amount in effect.items():
                if key not in RESOURCES:
                    raise ValueError(
                        f"card {card.id!r}: unknown effect {shown(key)} in {shown(effect)}"
                    )
                amount = _as_int(f"card {card.id!r}: {key}", amount)
                _add(out, {key: amount})
    return out


def _add(into: dict[str, int], more: Mapping[str, int]) -> None:
    for key, amount in more.items():
        into[key] = into.get(key, 0) + amount


# ---------------------------------------------------------------------------
# Validation and conversion


def _as_int(name: str, value, minimum: int | None = None, maximum: int | None = None) -> int:
    if isinstance(value, bool):
        raise ValueError(f"{name} must be an integer, got {shown(value)}")
    try:
        value = operator.index(value)
    except TypeError:
        raise ValueError(f"{name} must be an integer, got {shown(value)}") from None
    if minimum is not None and value < minimum:
        raise ValueError(f"{name} must be >= {minimum}, got {value}")
    if maximum is not None and value > maximum:
        raise OddsInputError(f"{name} must be at most {maximum:,}, got {big_number(value)}")
    return value


def _too_many(where: str) -> OddsInputError:
    return OddsInputError(f"{where} has more than {MAX_PILE:,} cards (the limit)")


def _check_resource(resource, what: str = "resource") -> str:
    if resource not in RESOURCES:
        raise ValueError(
            f"unknown {what} {shown(resource)}; expected one of {', '.join(RESOURCES)}"
        )
    return resource


def _check_conditions(conditions) -> frozenset[str]:
    if isinstance(conditions, str):
        conditions = (conditions,)
    held = frozenset(at_most(conditions, 1_000, "conditions"))
    unknown = sorted(held - set(CONDITIONS), key=shown)
    if unknown:
        raise ValueError(
            f"unknown condition(s) {', '.join(map(shown, unknown[:6]))}; "
            f"expected some of {', '.join(CONDITIONS)}"
        )
    return held


def _expand(pile, cards, where: str) -> list[tuple[object, object]]:
    """A pile as one ``(key, spec)`` per card.

    ``key`` is what :func:`chance_to_see` matches (a Card's id, a name) and ``spec`` what
    the card gives: a Card, a resource dict, or None when not known.
    """
    if isinstance(pile, (str, bytes, Card)) or not isinstance(pile, Iterable):
        raise ValueError(
            f"{where} must be a sequence of cards or a mapping name -> count, "
            f"got {type(pile).__name__}"
        )
    if cards is not None and not isinstance(cards, Mapping):
        raise ValueError(f"cards= must be a mapping name -> Card or resource dict, got {cards!r}")
    out: list[tuple[object, object]] = []
    if isinstance(pile, Mapping):
        for name, count in pile.items():
            count = _as_int(f"{where}[{name!r}] (a count)", count, minimum=0, maximum=MAX_PILE)
            if len(out) + count > MAX_PILE:
                raise _too_many(where)
            spec = cards.get(name) if cards is not None else None
            out.extend([(name, spec)] * count)
        return out
    for i, item in enumerate(pile):
        if i >= MAX_PILE:
            raise _too_many(where)
        if isinstance(item, Card):
            out.append((item.id, item))
        elif isinstance(item, (dict, Mapping)):
            out.append((None, item))
        elif isinstance(item, str):
            out.append((item, cards.get(item) if cards is not None else None))
        else:
            raise ValueError(
                f"{where}[{i}] must be a Card, a resource dict or a card name, "
                f"got {type(item).__name__}"
            )
    return out


def _spec_resources(key, spec, choose_for, held) -> Mapping[str, int]:
    if isinstance(spec, Card):
        return card_resources(spec, choose_for=choose_for, conditions=held)
    if isinstance(spec, Mapping):
        for name, amount in spec.items():
            if name not in _RESOURCE_SET:
                raise ValueError(
                    f"unknown resource {shown(name)} in {shown(dict(spec))}; "
                    f"expected some of {', '.join(RESOURCES)}"
                )
            if type(amount) is not int:
                _as_int(f"{name} in {dict(spec)!r}", amount)
        return spec
    raise ValueError(
        f"what card {shown(key)} gives is unknown: "
        f"pass cards={{{shown(key)}: Card or resource dict}}"
    )


def _amounts(entries, resource, include_draws, choose_for, held) -> list[tuple[int, int]]:
    """``(draw, amount of resource)`` for each ``(key, spec)`` entry."""
    memo: dict[int, tuple[int, int]] = {}  # by id(spec): copies share one spec object
    out = []
    for key, spec in entries:
        amounts = memo.get(id(spec))
        if amounts is None:
            res = _spec_resources(key, spec, choose_for, held)
            amounts = memo[id(spec)] = _draw_and_amount(key, res, resource, include_draws)
        out.append(amounts)
    return out


def _draw_and_amount(key, res: Mapping[str, int], resource, include_draws) -> tuple[int, int]:
    """``(draw, amount of resource)`` of a card that gives ``res``, within the limits."""
    draw = int(res.get("draw", 0)) if include_draws else 0
    if draw < 0:
        raise ValueError(f"card {key!r} draws {draw} cards; draws must be >= 0")
    amount = int(res.get(resource, 0))
    for what, value in (("draws", draw), (resource, amount)):
        if abs(value) > MAX_AMOUNT:
            raise OddsInputError(
                f"card {key!r} gives {what} {big_number(value)}; at most {MAX_AMOUNT:,}"
            )
    return draw, amount


def _resource_tallies(draw_pile, discard, cards, resource, include_draws, choose_for, conditions):
    """Both piles as counts of each ``(draw, amount of resource)`` their cards give."""
    resource = _check_resource(resource)
    choose_for = resource if choose_for is None else _check_resource(choose_for, "choose_for")
    held = _check_conditions(conditions)
    tallies = []
    for pile, where in ((draw_pile, "draw_pile"), (discard, "discard")):
        entries = _expand(pile, cards, where)
        tallies.append(Counter(_amounts(entries, resource, include_draws, choose_for, held)))
    return tallies


def _tallied_distribution(draw_tally, discard_tally, resource, hand_size) -> TotalDistribution:
    """:func:`resource_distribution` of piles given as counts of ``(draw, amount)`` (see
    :func:`_draw_and_amount`): the computation the public function runs once it has
    checked and counted its input. The planner bot calls it directly with the counts of
    its deck (worked out once per card), not to check the same cards at every step."""
    for tally, where in ((draw_tally, "draw_pile"), (discard_tally, "discard")):
        size = sum(tally.values())
        if size > MAX_CARDS:
            raise ValueError(f"{where} has {size} cards; at most {MAX_CARDS} are supported")
    d_cnt, r_cnt, drw, val, lo, hi = _tally_arrays(draw_tally, discard_tally)
    # the kernel's tables: a row per number of cards drawn, a column per total
    drawn = min(max(d_cnt.sum(), r_cnt.sum()), hand_size + int((d_cnt + r_cnt) @ drw))
    cells = (drawn + 1) * (hi - lo + 1)
    if cells > MAX_TABLE or cells * (len(val) + 1) > MAX_EXACT_WORK:
        raise OddsInputError(
            f"the {resource} total may be anything from {lo:,} to {hi:,} over up to "
            f"{drawn:,} cards of {len(val)} kinds: more than the exact method's "
            f"{MAX_TABLE:,} cells a table or {MAX_EXACT_WORK:,} in all; use sample_turns"
        )
    for cnt, where in ((d_cnt, "draw_pile"), (r_cnt, "discard")):
        states = _chain_states(cnt, drw)
        if states > MAX_STATES:
            raise ValueError(
                f"too many draw cards in {where} for the exact method ({states:,} chain "
                f"states, limit {MAX_STATES:,}); use include_draws=False or sample_turns"
            )
    pmf = _turn_pmf(d_cnt, r_cnt, drw, val, hand_size, lo, hi - lo + 1)
    return _frozen_distribution(pmf, lo, resource)


def _tally_arrays(draw_tally, discard_tally):
    """Count arrays over the distinct (draw, value) types of both piles, and value bounds.

    Returns ``(d_cnt, r_cnt, drw, val, lo, hi)``: ``lo`` and ``hi`` are the sums of all
    negative and of all positive values, the range every total lies in.
    """
    types = sorted(draw_tally.keys() | discard_tally.keys())
    drw = np.array([t[0] for t in types], np.int64)
    val = np.array([t[1] for t in types], np.int64)
    d_cnt = np.array([draw_tally.get(t, 0) for t in types], np.int64)
    r_cnt = np.array([discard_tally.get(t, 0) for t in types], np.int64)
    every = [draw_tally.get(t, 0) + discard_tally.get(t, 0) for t in types]
    lo = sum(c * v for c, (_, v) in zip(every, types, strict=True) if v < 0)
    hi = sum(c * v for c, (_, v) in zip(every, types, strict=True) if v > 0)
    return d_cnt, r_cnt, drw, val, lo, hi


def _chain_states(cnt, drw) -> int:
    """Size of the draw-card chain the kernel builds for one pile (see kernels/deck.py)."""
    zeros = 0
    states = 1
    for c, w in zip(cnt.tolist(), drw.tolist(), strict=True):
        if w == 0:
            zeros += c
        else:
            states *= c + 1
    return (zeros + 1) * states


def _frozen_distribution(pmf: np.ndarray, low: int, resource: str) -> TotalDistribution:
    """Trim zero ends (keeping total 0 covered) and wrap."""
    nz = np.flatnonzero(pmf)
    start = min(int(nz[0]), -low) if len(nz) else -low
    stop = max(int(nz[-1]), -low) + 1 if len(nz) else -low + 1
    pmf = np.array(pmf[start:stop], dtype=np.float64)
    pmf.setflags(write=False)
    return TotalDistribution(pmf=pmf, offset=low + start, resource=resource)


# ---------------------------------------------------------------------------
# One turn's resources


def resource_distribution(
    draw_pile,
    discard=(),
    *,
    resource: str = "skill",
    hand_size: int = 5,
    include_draws: bool = True,
    cards: Mapping | None = None,
    choose_for: str | None = None,
    conditions: Iterable[str] = (),
) -> TotalDistribution:
    """Exact law of the ``resource`` one turn's hand generates.

    The hand is ``hand_size`` cards from the shuffled ``draw_pile``; when it runs short
    the ``discard`` pile is shuffled into a new draw pile first. With ``include_draws``
    every "draw N" card in play draws N more cards (from the draw pile, reshuffling the
    discard pile if needed and if that has not happened yet), which are played too; with
    ``include_draws=False`` the turn is the ``hand_size`` cards only.

    Each card counts as :func:`card_resources` says, with ``choose_for`` (default:
    ``resource``) and ``conditions``. The answer is exact for that model (see the module
    docstring for what it leaves out); ``result.pmf[k]`` is P(total = k) when the total
    cannot be negative. Raises ``ValueError`` for bad input, and when the draw cards are
    so many that the exact chain exceeds :data:`MAX_STATES` states or the totals so
    spread that its tables exceed :data:`MAX_TABLE` cells (:func:`sample_turns` answers
    then).

    >>> deck = [{"skill": 1}] * 3 + [{"skill": 0}] * 3 + [{"draw": 1}]
    >>> resource_distribution(deck, hand_size=5)
    TotalDistribution(skill: {2: 0.5, 3: 0.5})
    """
    hand_size = _as_int("hand_size", hand_size, minimum=1, maximum=MAX_PILE)
    resource = _check_resource(resource)
    draw_tally, discard_tally = _resource_tallies(
        draw_pile, discard, cards, resource, include_draws, choose_for, conditions
    )
    return _tallied_distribution(draw_tally, discard_tally, resource, hand_size)


def chance_at_least(
    draw_pile,
    discard=(),
    *,
    resource: str,
    k: int,
    hand_size: int = 5,
    include_draws: bool = True,
    cards: Mapping | None = None,
    choose_for: str | None = None,
    conditions: Iterable[str] = (),
) -> float:
    """P(one turn generates at least ``k`` of ``resource``), exactly.

    The Skill Shot question: ``chance_at_least(deck, resource="skill", k=6)`` (and 8).
    Same model and arguments as :func:`resource_distribution`; ``k`` must be >= 0 (for a
    total that can be negative use ``resource_distribution(...).at_least(k)``).
    """
    k = _as_int("k", k, minimum=0)
    dist = resource_distribution(
        draw_pile,
        discard,
        resource=resource,
        hand_size=hand_size,
        include_draws=include_draws,
        cards=cards,
        choose_for=choose_for,
        conditions=conditions,
    )
    return dist.at_least(k)


# ---------------------------------------------------------------------------
# When a card comes into hand


def _matches(target, key, spec) -> bool:
    if isinstance(target, Card):
        return key == target.id or (key == target.name and not isinstance(spec, Card))
    if isinstance(target, str):
        return key == target or (isinstance(spec, Card) and spec.name == target)
    if isinstance(target, Mapping):
        return key is None and isinstance(spec, Mapping) and dict(spec) == dict(target)
    raise ValueError(
        f"card must be a Card, a card id or name, or a resource dict, got {type(target).__name__}"
    )


def _copies(card, draw_pile, discard, cards=None) -> tuple[int, int, int, int]:
    """(copies in draw pile, draw pile size, copies in discard, discard size)."""
    d = _expand(draw_pile, cards, "draw_pile")
    r = _expand(discard, cards, "discard")
    cd = sum(_matches(card, key, spec) for key, spec in d)
    cr = sum(_matches(card, key, spec) for key, spec in r)
    if cd + cr == 0:
        label = card.id if isinstance(card, Card) else card
        raise ValueError(f"card {label!r} is in neither the draw pile nor the discard pile")
    return cd, len(d), cr, len(r)


def _unseen_after(n: int, cd: int, d: int, cr: int, r: int, h: int) -> float:
    """P(no copy drawn within ``n`` turns of exactly ``h`` cards); see chance_to_see."""
    if n <= 0:
        return 1.0
    k1 = d // h + 1  # the hand that empties the draw pile and reshuffles
    a = d - (k1 - 1) * h  # cards of that hand still taken from the old draw pile
    if n < k1:
        return math.comb(d - n * h, cd) / math.comb(d, cd)
    if cd > 0:
        return 0.0
    m = d + r - a  # the new draw pile: discard plus hands 1 .. k1-1
    taken = min(m, (n - k1 + 1) * h - a)
    return math.comb(m - taken, cr) / math.comb(m, cr)


def chance_to_see(card, draw_pile, discard=(), *, turns: int, hand_size: int = 5) -> float:
    """P(a copy of ``card`` is in hand within the next ``turns`` hands), exactly.

    ``card`` is a Card (matched by id, or by name against the keys of a name -> count
    mapping), a card id or name, or a resource dict (for piles of plain dicts). Its
    copies may be anywhere in ``draw_pile`` and ``discard``, e.g. a card just bought.
    Piles are as when the next hand is drawn; every turn draws exactly ``hand_size``
    cards and discards them. A copy in the draw pile is at a uniformly random place
    (hypergeometric odds); once the hand that empties the draw pile comes, all of it has
    been drawn, and the discard pile plus the hands played so far are shuffled into a new
    draw pile, in which a copy from the discard pile is again at a uniform place. So
    every copy is seen by the end of that pile. Exact under these assumptions: no "draw
    N" effects and no cards acquired along the way (either would change the timing).
    """
    turns = _as_int("turns", turns, minimum=0)
    hand_size = _as_int("hand_size", hand_size, minimum=1, maximum=MAX_PILE)
    cd, d, cr, r = _copies(card, draw_pile, discard)
    return 1.0 - _unseen_after(turns, cd, d, cr, r, hand_size)


def turns_until_seen_distribution(card, draw_pile, discard=(), *, hand_size: int = 5) -> np.ndarray:
    """``p[n]`` = P(a copy of ``card`` first comes into hand on turn ``n``), ``p[0] = 0``.

    The array ends at the last turn with a chance (the card is certain to be seen by
    then), so it sums to 1; ``np.cumsum(p)[n]`` is ``chance_to_see(..., turns=n)``. Same
    model as :func:`chance_to_see`.
    """
    hand_size = _as_int("hand_size", hand_size, minimum=1, maximum=MAX_PILE)
    cd, d, cr, r = _copies(card, draw_pile, discard)
    unseen = [1.0]
    while unseen[-1] > 0.0:
        unseen.append(_unseen_after(len(unseen), cd, d, cr, r, hand_size))
    q = np.array(unseen)
    p = np.zeros(len(q))
    p[1:] = q[:-1] - q[1:]
    return p


# ---------------------------------------------------------------------------
# Simulation


def sample_turns(
    draw_pile,
    discard=(),
    *,
    turns: int,
    trials: int,
    seed,
    resource: str = "skill",
    hand_size: int = 5,
    include_draws: bool = True,
    watch=None,
    cards: Mapping | None = None,
    choose_for: str | None = None,
    conditions: Iterable[str] = (),
) -> TurnSamples:
    """Play ``turns`` consecutive turns ``trials`` times from the same piles, seeded.

    Each turn draws ``hand_size`` cards (and, with ``include_draws``, what "draw N" cards
    say), totals ``resource``, and discards every card played; an empty draw pile
    reshuffles the discard pile. Cards count as in :func:`resource_distribution`, so turn
    1 samples exactly the law that function computes, and with ``include_draws=False``
    and ``watch=card`` the first-seen turns sample :func:`turns_until_seen_distribution`.

    ``seed`` is an int or a ``numpy.random.Generator``; it seeds the kernel's generator
    (xoshiro256**), so a seed gives the same samples on every machine.
    """
    turns = _as_int("turns", turns, minimum=1, maximum=MAX_WORK)
    trials = _as_int("trials", trials, minimum=1, maximum=MAX_WORK)
    hand_size = _as_int("hand_size", hand_size, minimum=1, maximum=MAX_PILE)
    need = 2 * 8 * trials * turns + 8 * trials
    if need > MAX_BYTES:
        raise OddsInputError(
            f"{trials:,} trials of {turns:,} turns would need {need / 2**20:,.0f} MiB for "
            f"their results (the limit is {MAX_BYTES / 2**20:,.0f} MiB); ask for fewer"
        )
    if trials * turns * hand_size > MAX_WORK:
        raise OddsInputError(
            f"{trials:,} trials of {turns:,} turns of {hand_size} cards would draw "
            f"{trials * turns * hand_size:,} cards (at most {MAX_WORK:,}); ask for fewer"
        )
    resource = _check_resource(resource)
    choose_for = resource if choose_for is None else _check_resource(choose_for, "choose_for")
    held = _check_conditions(conditions)
    d = _expand(draw_pile, cards, "draw_pile")
    r = _expand(discard, cards, "discard")
    both = d + r
    if not both:
        raise ValueError("draw_pile and discard are both empty: there is nothing to draw")
    amounts = np.array(_amounts(both, resource, include_draws, choose_for, held), np.int64)
    drw = np.ascontiguousarray(amounts[:, 0])
    val = np.ascontiguousarray(amounts[:, 1])
    watched = np.zeros(len(both), np.int64)
    if watch is not None:
        watched[:] = [_matches(watch, key, spec) for key, spec in both]
        if not watched.any():
            label = watch.id if isinstance(watch, Card) else watch
            raise ValueError(f"card {label!r} is in neither the draw pile nor the discard pile")
    state = _seed_state(seed)
    totals, drawn, first = _sample_turns(val, drw, len(d), watched, hand_size, turns, trials, state)
    return TurnSamples(
        resource=resource,
        totals=totals,
        cards_drawn=drawn,
        first_seen=first if watch is not None else None,
    )


def _seed_state(seed) -> np.ndarray:
    if isinstance(seed, bool) or seed is None:
        raise ValueError(f"seed must be an int or a numpy.random.Generator, got {seed!r}")
    if isinstance(seed, np.random.Generator):
        rng = seed
    else:
        rng = np.random.default_rng(_as_int("seed", seed, minimum=0))
    return state_from(rng)
