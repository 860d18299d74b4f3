"""Lesson 07, Danger cards: what one more cube per attack costs, and what refilling the
dungeon row brings.

Story: :data:`STORY_07`, :func:`danger_story` (lesson 01's game, played on); one attack:
:func:`danger_table`; several, one a round: :func:`danger_knockout`, following the thieves
knocked out on the way and the countdown the first of them starts
(:func:`knockout_by_attack` exact, :func:`knockout_sampled` simulated), or as the fixed
sequence :func:`danger_attacks` that :func:`clankwidget.odds.knockout_odds` can take; the
row's refill: :func:`refill_odds`; the exercise: a refill that may set off an attack.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache, lru_cache
from types import MappingProxyType

import numpy as np

from .. import _args
from ..errors import LessonInputError
from ._common import Table, story_game, wilson
from ._exercises import Exercise, register
from .l02_countdown import COUNTDOWN_EXTRAS

__all__ = [
    "STORY_07",
    "DangerStory",
    "danger_attacks",
    "danger_game",
    "danger_knockout",
    "danger_story",
    "danger_table",
    "knockout_by_attack",
    "knockout_sampled",
    "refill_odds",
]


STORY_07 = {"players": 3, "seed": 6, "until_turn": 57}
"""Lesson 07's game: lesson 01's game (three random bots, seed 6), played on to the start
of turn 57."""


def danger_game():
    """Lesson 07's game (a fresh copy each call), from its saved position
    ``board_data/positions/lesson-07-danger-cards.json`` (see :data:`STORY_07`)."""
    return story_game("lesson-07-danger-cards", seed=STORY_07["seed"])


@dataclass(frozen=True)
class DangerStory:
    """Lesson 07's moment, as plain numbers.

    ``cubes``: the bag plus the Clank area (black first); ``rage``: the cubes the rage
    track draws; ``dangers``: the Danger cards in the dungeon row (ids), each one more cube
    per attack; ``health``: each thief's remaining health; ``deck``: the cards left in the
    dungeon deck by mark, ``{"danger": .., "both": .., "dragon": .., "neither": ..}``
    (``"both"``: a Danger card that also has a dragon symbol); ``names``: card id -> name.
    """

    cubes: Mapping[str, int]
    rage: int
    dangers: tuple[str, ...]
    health: Mapping[str, int]
    deck: Mapping[str, int]
    names: Mapping[str, str]

    @property
    def draws(self) -> int:
        """Cubes the next attack draws: the rage track's plus one per Danger card."""
        return self.rage + len(self.dangers)

    def draws_with(self, dangers: int) -> int:
        """Cubes an attack draws with ``dangers`` Danger cards in the row."""
        if dangers < 0:
            raise ValueError(f"dangers must be >= 0, got {dangers}")
        return self.rage + dangers

    def attack(self, dangers: int):
        """The exact odds (:func:`clankwidget.odds.attack_odds`) of the next attack with
        ``dangers`` Danger cards in the row."""
        from ..odds import attack_odds

        draws = self.draws_with(dangers)
        return attack_odds(dict(self.cubes), draws, health=dict(self.health), hit_all=None)


@cache
def _story_07() -> DangerStory:
    game = danger_game()
    s, rules = game.state, game.rules
    cubes, _ = game.attack_cubes()
    order = ["black", *(p.colour for p in game.players)]
    mark = {(True, True): "both", (True, False): "danger", (False, True): "dragon"}
    deck = {"danger": 0, "both": 0, "dragon": 0, "neither": 0}
    for cid in s.dungeon_deck:
        card = rules.card(cid)
        deck[mark.get((bool(card.danger), bool(card.dragon)), "neither")] += 1
    dangers = tuple(c for c in s.row if c and rules.card(c).danger)
    # read-only views: the story is cached, so a learner's edits must not leak into it
    return DangerStory(
        cubes=MappingProxyType({c: int(cubes.get(c, 0)) for c in order}),
        rage=int(rules.rage_value(s)),
        dangers=dangers,
        health=MappingProxyType(
            {p.colour: rules.health - p.damage for p in game.players if p.is_in}
        ),
        deck=MappingProxyType(deck),
        names=MappingProxyType({c: rules.card(c).name for c in dangers}),
    )


def danger_story() -> DangerStory:
    """Lesson 07: green, hurt, on turn, with two Danger cards in the dungeon row."""
    return _story_07()


def danger_table(story: DangerStory, colour: str, dangers: Iterable[int] | None = None) -> Table:
    """One attack's odds for ``colour`` with 0, 1, ... Danger cards in the row (default:
    0 up to the story's count): draws, ``p_hit`` (at least one damage), ``expected``
    damage and ``p_knockout``. All from :func:`clankwidget.odds.attack_odds`."""
    _check(story, colour)
    rows = []
    for n in range(len(story.dangers) + 1) if dangers is None else _counts(dangers, "dangers"):
        odds = story.attack(n)
        rows.append(
            {
                "dangers": n,
                "draws": story.draws_with(n),
                "p_hit": 1.0 - float(odds.damage(colour)[0]),
                "expected": odds.expected(colour),
                "p_knockout": odds.knockout(colour),
            }
        )
    return Table(rows, title=f"{colour}, one attack")


def danger_attacks(story: DangerStory, attacks: int, dangers: int, *, added: int = 1) -> list:
    """The next ``attacks`` attacks with ``dangers`` Danger cards in the row: the first
    from the bag as it is, each later one after every thief still inside has put ``added``
    more cubes in the Clank area. A list of :class:`clankwidget.odds.Attack` for
    :func:`clankwidget.odds.knockout_odds`."""
    from ..odds import Attack

    _args.story(story, DangerStory, "danger_story")
    attacks = _args.whole(attacks, "attacks", least=1, most=MAX_ATTACKS)
    added = _args.whole(added, "added")
    draws = story.draws_with(_args.whole(dangers, "dangers", most=MAX_DANGERS))
    later = {c: added for c in story.health} if added else {}
    return [Attack(draws)] + [Attack(draws, later) for _ in range(attacks - 1)]


def danger_knockout(
    story: DangerStory,
    colour: str,
    attacks: int,
    dangers: Iterable[int] | None = None,
    *,
    rules: bool = True,
) -> Table:
    """The chance ``colour`` is knocked out by the end of each of the next ``attacks``
    attacks, one column per number of Danger cards left in the row (default: the story's
    count down to 0), exact.

    ``rules=True`` (the default): :func:`knockout_by_attack`, which follows the two rules a
    fixed sequence cannot: a thief knocked out adds no more cubes, and the first one
    knocked out starts the countdown. ``rules=False``: the fixed sequence of
    :func:`danger_attacks` through :func:`clankwidget.odds.knockout_odds` (every thief of
    the story adds a cube before each later attack, and no countdown)."""
    from ..odds import knockout_odds

    _check(story, colour)
    attacks = _args.whole(attacks, "attacks", least=1, most=MAX_ATTACKS)
    counts = list(
        range(len(story.dangers), -1, -1) if dangers is None else _counts(dangers, "dangers")
    )
    rows = [{"attack": t + 1} for t in range(attacks)]
    for n in counts:
        if rules:
            ko = knockout_by_attack(story, colour, attacks, n)
        else:
            ko = knockout_odds(
                dict(story.health),
                danger_attacks(story, attacks, n),
                bag=dict(story.cubes),
                hit_all=None,
            ).knockout(colour)
        for row, p in zip(rows, ko, strict=True):
            row[_dangers_label(n)] = float(p)
    return Table(rows, title=f"{colour}: knocked out by the end of attack ...")


MAX_ATTACKS = 30
"""The most attacks the knock-out helpers follow (a game has a few dozen rounds; the
exact walk's states grow with each)."""

MAX_DANGERS = 12
"""The most Danger cards in the row: a card set's row has at most twelve places (its
schema's bound; six in the shipped sets)."""

MAX_EXACT = 20
"""The most cubes an attack draws, and a thief adds a round, that
:func:`knockout_by_attack` walks through exactly (the story: 5 and 1)."""

MAX_STATES = 20_000
"""The most ways the thieves' damage can stand (each from 0 to its health, or to all the
cubes the attacks draw) that :func:`knockout_by_attack` walks through (the story: 256)."""


def _check(story: DangerStory, colour: str) -> None:
    """Check a danger story and a thief inside."""
    _args.story(story, DangerStory, "danger_story")
    _args.one_of(colour, story.health, "colour (a thief still inside)")


def _counts(values: Iterable[int], what: str, most: int = MAX_DANGERS) -> list[int]:
    """A list of whole numbers a student gave, each from 0 to ``most``."""
    return [_args.whole(v, f"each of {what}", most=most) for v in _args.items(values, what)]


def _countdown_draws(draws: int, countdown: int) -> int | None:
    """Cubes the attack draws when the countdown marker has just moved to ``countdown``
    (0: not started); ``None`` on its last space, where everyone inside is knocked out."""
    if countdown == 0:
        return draws
    if countdown > len(COUNTDOWN_EXTRAS) + 1:
        return None
    return draws + COUNTDOWN_EXTRAS[countdown - 2]


@lru_cache(maxsize=10_000)  # (bounded: a student's bags could grow it without end)
def _outcomes(counts: tuple[int, ...], draws: int) -> tuple[tuple[tuple[int, ...], float], ...]:
    """Every way to draw ``draws`` cubes (all if fewer) from a bag with ``counts`` of each
    kind, without replacement: ``(drawn of each kind, probability)``."""
    total = sum(counts)
    draws = min(draws, total)
    out = []
    for drawn in itertools.product(*(range(min(c, draws) + 1) for c in counts)):
        if sum(drawn) == draws:
            ways = math.prod(math.comb(c, k) for c, k in zip(counts, drawn, strict=True))
            out.append((drawn, ways / math.comb(total, draws)))
    return tuple(out)


def _start(story: DangerStory) -> tuple[int, tuple[tuple[str, int, int], ...]]:
    """The bag as (black, ((thief, cubes, health left), ...)): the cubes of a colour with
    no thief inside count as black."""
    black = sum(k for c, k in story.cubes.items() if c not in story.health)
    return black, tuple((c, int(story.cubes.get(c, 0)), int(h)) for c, h in story.health.items())


def knockout_by_attack(
    story: DangerStory, colour: str, attacks: int, dangers: int, *, added: int = 1
) -> list[float]:
    """P(``colour`` is knocked out by the end of attack 1, 2, ..., ``attacks``), exact.

    The sequence of :func:`danger_attacks` (the first attack from the bag as it is, one
    per round after it, each drawing the rage track's cubes plus one per Danger card),
    with the rules it leaves out:

    * before each later attack every thief still inside adds ``added`` cubes; a thief
      knocked out adds none, and the cubes of theirs still in the bag count as black;
    * the first thief knocked out starts the countdown: from the next round on, that
      round's attack is the countdown's (1, 2, 3 extra cubes), and on its fifth space
      everyone still inside is knocked out.

    Kept simple (and said so in the lesson): nobody escapes and no other attack comes
    during these rounds, and the row keeps its ``dangers`` Danger cards. An exact walk
    over every bag and every thief's damage; :func:`knockout_sampled` simulates it.
    """
    _check(story, colour)
    attacks = _args.whole(attacks, "attacks", least=1, most=MAX_ATTACKS)
    added = _args.whole(added, "added", most=MAX_EXACT)
    base = story.draws_with(_args.whole(dangers, "dangers", most=MAX_DANGERS))
    # each thief's damage takes at most min(health, cubes drawn in all) values
    reach = attacks * (base + COUNTDOWN_EXTRAS[-1])
    ways = math.prod(
        min(_args.whole(h, "a thief's health"), reach) + 1 for h in story.health.values()
    )
    if base > MAX_EXACT or ways > MAX_STATES:
        raise LessonInputError(
            f"the exact walk follows at most {MAX_EXACT} cubes an attack (here {base}) and "
            f"{MAX_STATES:,} ways the thieves' damage can stand (here {ways:,}): "
            "use knockout_sampled, or fewer attacks"
        )
    # state: (countdown space, black cubes, ((thief, cubes, health left), ...)) -> chance
    states: dict = {(0, *_start(story)): 1.0}
    out, gone = [], 0.0
    for t in range(attacks):
        nxt: dict = {}
        for (countdown, black, thieves), p in states.items():
            if t > 0:
                thieves = tuple((c, k + added, h) for c, k, h in thieves)
                countdown += countdown > 0
            draws = _countdown_draws(base, countdown)
            if draws is None:  # the countdown's last space: everyone inside is out
                gone += p
                continue
            counts = (black, *(k for _, k, _ in thieves))
            for drawn, q in _outcomes(counts, draws):
                left, hurt, out_now = black - drawn[0], [], False
                for (c, k, h), d in zip(thieves, drawn[1:], strict=True):
                    if d >= h:
                        out_now = True
                        left += k - d  # their cubes left in the bag now count as black
                        if c == colour:
                            break
                    else:
                        hurt.append((c, k - d, h - d))
                else:
                    key = (1 if out_now and countdown == 0 else countdown, left, tuple(hurt))
                    nxt[key] = nxt.get(key, 0.0) + p * q
                    continue
                gone += p * q  # ``colour`` is out
        states = nxt
        out.append(gone)
    return out


def knockout_sampled(
    story: DangerStory,
    colour: str,
    attacks: int,
    dangers: int,
    *,
    added: int = 1,
    n: int = 200_000,
    seed: int,
) -> list[float]:
    """The same chances as :func:`knockout_by_attack`, estimated from ``n`` seeded plays of
    the same rounds, cube by cube (an independent check: no shared code)."""
    _check(story, colour)
    attacks = _args.whole(attacks, "attacks", least=1, most=MAX_ATTACKS)
    added = _args.whole(added, "added")
    dangers = _args.whole(dangers, "dangers", most=MAX_DANGERS)
    n = _args.trials(n)
    rng = np.random.default_rng(_args.seed(seed))
    black, thieves = _start(story)
    names = [c for c, _, _ in thieves]
    me = names.index(colour)
    bag = np.zeros((n, 1 + len(names)), np.int64)
    bag[:, 0] = black
    bag[:, 1:] = [k for _, k, _ in thieves]
    health = np.array([h for _, _, h in thieves], np.int64)
    damage = np.zeros((n, len(names)), np.int64)
    inside = np.ones((n, len(names)), bool)
    countdown = np.zeros(n, np.int64)
    out_at = np.full(n, attacks, np.int64)  # the attack ``colour`` is knocked out at
    base = story.draws_with(dangers)
    for t in range(attacks):
        live = out_at == attacks
        if t > 0:
            bag[:, 1:] += added * (inside & live[:, None])
            countdown += (countdown > 0) & live
        end = live & (countdown > len(COUNTDOWN_EXTRAS) + 1)
        out_at[end] = t
        live &= ~end
        extra = np.zeros(n, np.int64)
        ticking = countdown >= 2
        extra[ticking] = np.asarray(COUNTDOWN_EXTRAS)[np.minimum(countdown[ticking], 4) - 2]
        draws = np.where(live, base + extra, 0)
        for step in range(int(draws.max(initial=0))):
            rows = np.flatnonzero((draws > step) & (bag.sum(axis=1) > 0))
            cum = bag[rows].cumsum(axis=1)
            pick = (rng.random(len(rows)) * cum[:, -1])[:, None]
            kind = (cum <= pick).sum(axis=1)
            bag[rows, kind] -= 1
            thief = kind > 0
            damage[rows[thief], kind[thief] - 1] += 1
        now_out = inside & (damage >= health) & live[:, None]
        out_at[now_out[:, me]] = t
        bag[:, 0] += (bag[:, 1:] * now_out).sum(axis=1)
        bag[:, 1:] *= ~now_out
        countdown[(countdown == 0) & now_out.any(axis=1)] = 1
        inside &= ~now_out
    return [float((out_at <= t).mean()) for t in range(attacks)]


def _dangers_label(n: int) -> str:
    return f"{n} Danger card{'' if n == 1 else 's'}"


def _some_marked(size: int, marked: int, k: int) -> float:
    """The chance that ``k`` cards dealt from ``size`` include one of ``marked`` cards."""
    return 1.0 - math.comb(size - marked, k) / math.comb(size, k)


def refill_odds(
    story: DangerStory, slots: Iterable[int] = (1, 2, 3), *, n: int = 200_000, seed: int
) -> Table:
    """What refilling ``slots`` empty places in the dungeon row from the dungeon deck
    brings: the chance of a new Danger card and of a dragon symbol (which sets off an
    attack), exact (hypergeometric: ``1 - C(N - marked, k) / C(N, k)``) and from ``n``
    seeded refills drawn by :func:`clankwidget.odds.sample_attacks` (the deck is a bag of
    cards, marked or not), each simulated figure with its 95% Wilson interval."""
    from ..odds import sample_attacks

    _args.story(story, DangerStory, "danger_story")
    slots = _counts(slots, "slots", most=_args.MAX_COUNT)
    n, seed = _args.trials(n), _args.seed(seed)
    deck = dict(story.deck)
    size = sum(deck.values())
    danger = deck["danger"] + deck["both"]
    dragon = deck["dragon"] + deck["both"]
    # the deck as a bag: "black" the unmarked cards, so sample_attacks counts the others
    bag = {"danger": deck["danger"], "both": deck["both"], "dragon": deck["dragon"]}
    bag["black"] = deck["neither"]
    rows = []
    for k in slots:
        if not 0 <= k <= size:
            raise ValueError(f"cannot refill {k} places from a deck of {size}")
        sim = sample_attacks(bag, k, n, seed=seed, hit_all=None)
        new_danger = (sim.drawn_of("danger") + sim.drawn_of("both")) > 0
        new_dragon = (sim.drawn_of("dragon") + sim.drawn_of("both")) > 0
        rows.append(
            {
                "places": k,
                "danger": _some_marked(size, danger, k),
                "danger_sim": float(new_danger.mean()),
                "danger_ci": _interval_text(float(new_danger.mean()), n),
                "attack": _some_marked(size, dragon, k),
                "attack_sim": float(new_dragon.mean()),
                "attack_ci": _interval_text(float(new_dragon.mean()), n),
            }
        )
    return Table(
        rows,
        title=f"Refilling from a dungeon deck of {size}: {dragon} cards with a dragon symbol, "
        f"{danger} with a Danger mark, {deck['both']} with both",
        headers={
            "danger": "P(new Danger)",
            "danger_sim": "simulated",
            "attack": "P(dragon attacks)",
            "attack_sim": "simulated",
            "danger_ci": "95% interval",
            "attack_ci": "95% interval",
        },
    )


def _interval_text(estimate: float, n: int) -> str:
    lo, hi = wilson(estimate, n)
    return f"{lo:.4f}-{hi:.4f}"


def _refill_knockout(story: DangerStory, colour: str, places: int, *, new_dangers=True) -> float:
    """The chance that refilling ``places`` empty places sets off an attack (a dragon
    symbol among the new cards) and that attack knocks ``colour`` out. The Danger cards
    are gone from the row, but a new one adds its cube (unless ``new_dangers`` is false)."""
    deck = story.deck
    size = sum(deck.values())
    kinds = ("both", "danger", "dragon", "neither")
    total = 0.0
    for counts in itertools.product(*(range(min(deck[k], places) + 1) for k in kinds)):
        got = dict(zip(kinds, counts, strict=True))
        if sum(counts) != places or got["both"] + got["dragon"] == 0:
            continue  # not this many cards, or no dragon symbol: no attack
        ways = math.prod(math.comb(deck[k], got[k]) for k in kinds)
        extra = got["both"] + got["danger"] if new_dangers else 0
        total += ways / math.comb(size, places) * story.attack(extra).knockout(colour)
    return total


def _ex07():
    return _refill_knockout(danger_story(), "green", 2)


def _ex07_traps():
    story = danger_story()
    ko0 = story.attack(0).knockout("green")
    size = sum(story.deck.values())
    attack = _some_marked(size, story.deck["dragon"] + story.deck["both"], 2)
    return [
        (
            _refill_knockout(story, "green", 2, new_dangers=False),
            "Nearly: if the refill brings the second Ember Altar, it is a Danger card in the "
            "row when the attack it sets off draws, so that attack draws one cube more.",
        ),
        (
            ko0,
            "That is the chance an attack drawing the rage track's cubes knocks green out; "
            "but the attack comes only if a new card shows a dragon symbol.",
        ),
        (attack, "That is the chance the refill sets off an attack; it must also knock green out."),
    ]


EXERCISE = register(
    Exercise(
        "07",
        "Green defeats the Ash Gremlin and uses the Ember Altar, so two places refill at the "
        "end of the turn. What is the chance that the refill sets off an attack and that "
        "attack knocks green out, to 5 decimal places?",
        _ex07,
        "Split on what the two new cards are (story.deck): with the other Ember Altar (dragon "
        "and Danger) the attack draws story.draws_with(1); with a plain dragon card only, "
        "story.draws_with(0); with no dragon symbol there is no attack. Add up P(cards) x "
        "attack_odds(...).knockout('green').",
        decimals=5,
        traps=_ex07_traps,
    )
)
