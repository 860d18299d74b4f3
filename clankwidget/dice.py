"""Moonrakers' hazard dice: the chance of each number of hazards a roll shows, and the
chance a captain's hand and deck meet a contract's requirements.

:func:`hazard_odds` is exact (a numba kernel convolves one die's faces ``dice`` times and
takes Shields off); :func:`meet_odds` weighs the orders the deck can be drawn in, exactly
when there are few and by a seeded simulation otherwise (the search for the best plays
is a numba kernel, :mod:`clankwidget.kernels.dice`; the shuffles are drawn here from a
seeded Generator; ``benchmarks/bench_dice.py`` measured it 88-163x its plain-Python twin,
which gives the same answers to the bit); :func:`captain_meet_odds` asks it for a seat
from what that seat may see. :mod:`clankwidget.odds` re-exports all three.

>>> round(hazard_odds(2).expected, 4)  # two teaching dice, no Shield: 2 x 4/6
1.3333
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import islice
from typing import Any

import numpy as np

from ._odds_input import _mapping, _whole
from .errors import OddsInputError, at_most, shown
from .kernels.dice import _hazard_pmf, _meet_exact, _meet_orders

__all__ = [
    "MAX_DICE",
    "TEACHING_DIE",
    "HazardOdds",
    "MeetOdds",
    "captain_meet_odds",
    "hazard_odds",
    "meet_odds",
]


#: Limits on :func:`meet_odds`' input: cards in a hand or deck, any count it is given
#: (requirements, meets, actions, draws), and cards one simulation shuffles in all
#: (``n`` times the deck: 80 MB of indices)
MAX_MEET_CARDS = 1_000
MAX_MEET_COUNT = 1_000
MAX_SHUFFLED = 10_000_000
#: The most plays one :func:`meet_odds` tries in its searches for the best plays, over
#: every order it weighs (a few seconds); a game's hands need thousands
MAX_SEARCH_PLAYS = 50_000_000
#: The most faces a hazard die may have.
MAX_FACES = 1_000

#: The teaching hazard die of the shipped Moonrakers card set: the hazards on each face.
TEACHING_DIE = (0, 0, 0, 1, 1, 2)
#: The most dice :func:`hazard_odds` takes (a contract has at most 4; lessons go further).
MAX_DICE = 200


@dataclass(frozen=True)
class HazardOdds:
    """The distribution of unblocked hazards: ``pmf[k]`` is the chance of exactly ``k``."""

    dice: int
    shields: int
    faces: tuple[int, ...]
    pmf: tuple[float, ...]

    @property
    def expected(self) -> float:
        """The expected number of unblocked hazards (prestige lost, if you have it)."""
        return float(sum(k * p for k, p in enumerate(self.pmf)))

    @property
    def safe(self) -> float:
        """The chance that no hazard gets through."""
        return float(self.pmf[0])

    def at_least(self, k: int) -> float:
        """The chance of ``k`` or more unblocked hazards."""
        k = _whole(k, "k", least=-MAX_FACES * MAX_DICE, most=MAX_FACES * MAX_DICE)
        return min(1.0, float(sum(self.pmf[max(0, k) :])))


def hazard_odds(dice: int, shields: int = 0, faces: Sequence[int] | None = None) -> HazardOdds:
    """The exact distribution of unblocked hazards when ``dice`` hazard dice are rolled
    and ``shields`` of the hazards are blocked (Moonrakers).

    ``faces`` lists the hazards shown on each face of the die (all faces equally
    likely); the default is the shipped teaching die :data:`TEACHING_DIE`.

    >>> odds = hazard_odds(2)
    >>> [round(p, 4) for p in odds.pmf]  # 0..4 hazards on two teaching dice
    [0.25, 0.3333, 0.2778, 0.1111, 0.0278]
    >>> round(hazard_odds(2, shields=1).safe, 4)
    0.5833
    """
    for name, value in (("dice", dice), ("shields", shields)):
        if isinstance(value, bool) or not isinstance(value, int | np.integer):
            raise OddsInputError(f"{name} must be a whole number, got {shown(value)}")
        if value < 0:
            raise OddsInputError(f"{name} must be 0 or more, got {shown(value)}")
    if dice > MAX_DICE:
        raise OddsInputError(f"at most {MAX_DICE} dice, got {shown(dice)}")
    shields = min(shields, 20 * MAX_DICE)  # (more Shields than hazards can show block all)
    faces = TEACHING_DIE if faces is None else _listed(faces, "faces", MAX_FACES)
    if not faces:
        raise OddsInputError("a die needs at least one face")
    for f in faces:
        if isinstance(f, bool) or not isinstance(f, int | np.integer) or not 0 <= f <= 20:
            raise OddsInputError(f"each face shows 0 to 20 hazards, got {shown(f)}")
    face_pmf = np.bincount(np.asarray(faces, dtype=np.int64)) / len(faces)
    pmf = _hazard_pmf(face_pmf.astype(np.float64), int(dice), int(shields))
    top = int(np.flatnonzero(pmf)[-1]) if pmf.any() else 0
    return HazardOdds(
        int(dice),
        int(shields),
        tuple(int(f) for f in faces),
        tuple(float(p) for p in pmf[: top + 1]),
    )


@dataclass(frozen=True)
class MeetOdds:
    """The chance that a captain meets a contract's requirements from a hand and deck."""

    p: float
    method: str  # "exact" or "simulate"
    orders: int  # draw orders weighed (exact) or drawn (simulate)


#: Exact :func:`meet_odds` weighs at most this many distinct draw orders; past it, it
#: simulates ``n`` seeded shuffles.
MAX_EXACT_ORDERS = 20_000


def meet_odds(
    hand: Sequence[str],
    deck: Sequence[str],
    requires: Mapping[str, int],
    cards: Mapping[str, Mapping[str, Any]],
    *,
    actions: int = 1,
    met: Mapping[str, int] | None = None,
    n: int = 2_000,
    seed: int | None = 0,
    max_exact: int = MAX_EXACT_ORDERS,
) -> MeetOdds:
    """The chance that one captain meets ``requires`` (Moonrakers: ``{"damage": 3}``...)
    from ``hand`` with ``actions`` to spend, drawing from ``deck`` (its cards in an
    unknown order) when a card says so, playing as well as possible.

    ``cards`` maps a card id to its ``meets`` (kind -> count) and ``effects``
    (``actions``: more actions, ``draw``: cards drawn); ``met`` is what is met already
    (other captains' cards, installed parts). Every card costs one action to play.
    Reading: a draw pile that runs out during the execution is not refilled here (the
    discard pile holds only what was played before), so the chance is a slight lower
    bound when a captain draws through their whole deck.

    Exact when every distinct order of the cards that can be drawn can be weighed (at
    most ``max_exact``, :data:`MAX_EXACT_ORDERS` by default), else ``n`` seeded random
    shuffles. Refused at once: a hand or deck of more than :data:`MAX_MEET_CARDS` cards,
    a count over :data:`MAX_MEET_COUNT`, a card whose entry is not meets and effects of
    whole numbers, a simulation of more than :data:`MAX_SHUFFLED` shuffled cards.

    >>> cards = {"reactor": {"meets": {"reactor": 1}, "effects": {"actions": 2}},
    ...          "thruster": {"meets": {"thruster": 1}, "effects": {"draw": 2}},
    ...          "miss": {"meets": {}, "effects": {}}}
    >>> meet_odds(["reactor", "reactor"], [], {"reactor": 2}, cards).p
    1.0
    >>> meet_odds(["thruster"], ["reactor", "miss"], {"thruster": 1, "reactor": 1}, cards).p
    0.0
    >>> meet_odds(["reactor", "thruster"], ["reactor", "miss", "miss"],
    ...           {"reactor": 2}, cards).p  # the Thruster draws 2 of the 3: 2/3
    0.6666666666666666
    """
    hand = _listed(hand, "hand", MAX_MEET_CARDS)
    deck = _listed(deck, "deck", MAX_MEET_CARDS)
    cards = _mapping(cards, "cards", None)
    for cid in {*hand, *deck}:
        if not isinstance(cid, str) or cid not in cards:
            raise OddsInputError(f"unknown card {shown(cid)}: give its meets and effects in cards")
        _card_spec(cards[cid], cid)
    actions = _whole(actions, "actions", most=MAX_MEET_COUNT)
    requires = _counts(requires, "requires")
    met = _counts(met or {}, "met")
    max_exact = _whole(max_exact, "max_exact", most=MAX_SHUFFLED)
    return _meet_odds(hand, deck, requires, cards, actions, met, n, seed, max_exact)


def _meet_odds(hand, deck, requires, cards, actions, met, n, seed, max_exact) -> MeetOdds:
    """:func:`meet_odds` on checked input: the Moonrakers planner, whose hands, decks and
    cards come from the engine, asks here at every offer it weighs."""
    kinds = sorted(requires)
    need = np.array([max(0, requires[k] - met.get(k, 0)) for k in kinds], np.int64)
    if not need.any():
        return MeetOdds(1.0, "exact", 1)
    ids = sorted(set(hand) | set(deck))
    number = {c: i for i, c in enumerate(ids)}
    meets = np.array(
        [[int(cards[c]["meets"].get(k, 0)) for k in kinds] for c in ids], np.int64
    ).reshape(len(ids), len(kinds))
    plus = np.array([int(cards[c]["effects"].get("actions", 0)) for c in ids], np.int64)
    draws = np.array([int(cards[c]["effects"].get("draw", 0)) for c in ids], np.int64)
    held = np.bincount(np.array([number[c] for c in hand], np.int64), minlength=len(ids))
    order = np.array([number[c] for c in deck], np.int64)
    pool = np.bincount(order, minlength=len(ids))
    reach = min(len(deck), int(draws @ held + draws @ pool))
    search = (meets, plus, draws, need, int(actions))
    budget = np.array([MAX_SEARCH_PLAYS], np.int64)
    p, count, exact = _meet_exact(held, pool, *search, reach, int(max_exact), budget)
    _check_budget(budget, ids)
    if exact:
        return MeetOdds(float(min(1.0, p)), "exact", int(count))
    if seed is None:
        raise OddsInputError("too many draw orders to weigh exactly: pass seed=... to simulate")
    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise OddsInputError(f"n (shuffles to simulate) must be 1 or more, got {shown(n)}")
    if n * max(len(deck), 1) > MAX_SHUFFLED:
        raise OddsInputError(
            f"{n:,} shuffles of a {len(deck)}-card deck is over the {MAX_SHUFFLED:,} cards "
            "one simulation shuffles: give a smaller n"
        )
    # the draws come from the seeded Generator here; the kernel only searches
    try:
        if isinstance(seed, bool):
            raise TypeError
        rng = np.random.default_rng(seed)
    except (TypeError, ValueError):
        raise OddsInputError(
            f"seed must be an int of 0 or more, a SeedSequence or a Generator, got {shown(seed)}"
        ) from None
    shuffles = rng.permuted(np.tile(np.arange(len(deck)), (n, 1)), axis=1)
    wins = _meet_orders(order[shuffles[:, :reach]], held, pool, *search, budget)
    _check_budget(budget, ids)
    return MeetOdds(wins / n, "simulate", n)


def _check_budget(budget: np.ndarray, ids: list) -> None:
    if budget[0] < 0:
        raise OddsInputError(
            f"the best plays of {len(ids)} kinds of card take more than "
            f"{MAX_SEARCH_PLAYS:,} plays to search: ask with fewer cards, fewer actions "
            "or a smaller n"
        )


def _listed(items, what: str, most: int) -> tuple:
    """``items`` (any iterable) as a tuple, refused past ``most`` (an endless one too)."""
    if isinstance(items, str | bytes | Mapping):
        raise OddsInputError(f"{what} must be a list, got {type(items).__name__} {shown(items)}")
    try:
        return tuple(at_most(items, most, what, OddsInputError))
    except TypeError:
        raise OddsInputError(f"{what} must be a list, got {type(items).__name__}") from None


def _counts(value, what: str) -> dict[str, int]:
    """A mapping of kind (text) to a whole number (:data:`MAX_MEET_COUNT` at most)."""
    value = _mapping(value, what, None)
    out = {}
    for k, v in islice(value.items(), MAX_MEET_COUNT + 1):
        if not isinstance(k, str):
            raise OddsInputError(f"{what}: a kind must be a text, got {shown(k)}")
        out[k] = _whole(v, f"{what}[{shown(k)}]", most=MAX_MEET_COUNT)
    if len(out) > MAX_MEET_COUNT:
        raise OddsInputError(f"{what} names more than {MAX_MEET_COUNT} kinds")
    return out


def _card_spec(spec, cid: str) -> None:
    """Refuse a card's ``cards`` entry that is not ``{"meets": {...}, "effects": {...}}``
    of whole numbers, before any of it is read."""
    where = f"cards[{shown(cid)}]"
    spec = _mapping(spec, where, None)
    for part in ("meets", "effects"):
        if part not in spec:
            raise OddsInputError(f"{where} has no {part!r}: give its meets and its effects")
        _counts(spec[part], f"{where}[{part!r}]")


def captain_meet_odds(rules, obs: Mapping, contract: Mapping, **kwargs) -> MeetOdds:
    """:func:`meet_odds` for one Moonrakers captain from their observation
    (:meth:`~clankwidget.rules.moonrakers.MoonrakersRules.observation`: their own hand
    and draw pile, their installed parts' actions and requirements met) and a contract;
    ``kwargs`` go to :func:`meet_odds` (``n``, ``seed``, ``max_exact``)."""
    if not hasattr(rules, "start_of_execution"):
        raise TypeError(f"rules must be a Moonrakers game's rules, got {type(rules).__name__}")
    try:
        hand, deck, requires, cards, actions, met = _captain(rules, obs, contract)
    except (KeyError, IndexError, TypeError) as exc:
        raise OddsInputError(
            "obs must be a captain's observation (rules.observation(...)) and contract one "
            f"of its contracts, with 'requires': {type(exc).__name__} {shown(exc.args[:1])}"
        ) from None
    return meet_odds(hand, deck, requires, cards, actions=actions, met=met, **kwargs)


def _captain(rules, obs: Mapping, contract: Mapping) -> tuple:
    """:func:`meet_odds`' first six arguments for a captain's observation and a contract."""
    actions, met = rules.start_of_execution(obs["captains"][obs["seat"]]["parts"])
    return obs["hand"], obs["deck_cards"], contract["requires"], rules.data.cards, actions, met
