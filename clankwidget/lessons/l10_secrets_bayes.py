"""Lesson 10, secrets and Bayes: what the major secrets already opened say about the ones
still face down.

The teaching dungeon has fewer major-secret rooms than the card set has major tokens, so
a few tokens stay in the box, unseen. Is the Jewelled Chalice on the board at all? Before
any room is opened, the chance is the share of tokens dealt; every room opened without
it lowers that chance (Bayes' rule), and tells about every other token too.

Story: :func:`secrets_story` (the token counts from the card set, the rooms from the
board, one seeded deal); the update: :func:`on_board_posterior` (prior and likelihoods
from :func:`clankwidget.odds.attack_odds`, the tokens drawn without replacement like
cubes), :func:`bayes_table`, :func:`next_token_table`; a seeded simulation of deals:
:func:`simulate_deals`; the exercise: six rooms opened.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from .. import _args
from ._common import Table, wilson
from ._exercises import Exercise, register

__all__ = [
    "SecretsStory",
    "bayes_table",
    "next_token_table",
    "on_board_posterior",
    "secrets_story",
    "simulate_deals",
]

TARGET = "jewelled-chalice"
"""The token the lesson follows: the Jewelled Chalice (one copy, 7 points)."""


@dataclass(frozen=True)
class SecretsStory:
    """Lesson 10's secrets: the major tokens (id -> copies) and names, the rooms that
    hold one (in the board's order), and one seeded deal: ``dealt[i]`` lies in
    ``rooms[i]``; ``opened`` rooms have been opened (their tokens seen)."""

    tokens: Mapping[str, int]
    names: Mapping[str, str]
    rooms: Sequence[str]
    dealt: Sequence[str]
    opened: int

    @property
    def total(self) -> int:
        return sum(self.tokens.values())

    @property
    def slots(self) -> int:
        return len(self.rooms)

    @property
    def seen(self) -> list[str]:
        return list(self.dealt[: self.opened])


def secrets_story(seed: int = 16, opened: int = 4) -> SecretsStory:
    """The teaching card set's major secrets dealt, face down, onto the teaching
    dungeon's major-secret rooms by a seeded shuffle (``numpy.random.default_rng(seed)``),
    as the rules deal them (the tokens shuffled, one per room, the rest left in the box),
    but with its own generator, so the story stays put whatever the engine's shuffles do.
    The first ``opened`` rooms have been opened by the other thieves."""
    from ..data import load_board, load_cards

    cs = load_cards("clank-teaching")
    board = load_board("teaching-dungeon")
    majors = cs.secrets["major"]
    tokens = {t["id"]: int(t.get("count", 1)) for t in majors}
    names = {t["id"]: t["name"] for t in majors}
    rooms = [s.id for s in board.spaces for _ in range(s.major_secrets or 0)]
    pool = [t for t, k in tokens.items() for _ in range(k)]
    opened = _args.whole(opened, "opened", most=len(rooms))
    order = np.random.default_rng(_args.seed(seed)).permutation(len(pool))
    dealt = [pool[i] for i in order[: len(rooms)]]
    return SecretsStory(tokens=tokens, names=names, rooms=rooms, dealt=dealt, opened=opened)


def on_board_posterior(story: SecretsStory, opened: int | None = None, target: str = TARGET):
    """Bayes' rule for "``target`` is on the board" (H) after ``opened`` rooms were opened
    and none held it (E). Returns ``(prior, likelihood given H, likelihood given not H,
    posterior)``. The prior is the chance ``target`` is among the tokens dealt; given H,
    the opened rooms are a random few of the dealt tokens, so E is the chance they miss
    ``target``. Both from :func:`clankwidget.odds.attack_odds` (tokens drawn without
    replacement, like cubes from the dragon bag); given not H, E is certain."""
    from ..odds import attack_odds

    _check(story, target)
    opened = story.opened if opened is None else _args.whole(opened, "opened", most=story.slots)
    copies = story.tokens[target]
    others = story.total - copies
    dealt = attack_odds({"black": others, target: copies}, story.slots, hit_all=None)
    prior = 1.0 - float(dealt.damage(target)[0])
    if opened:
        seen = attack_odds({"black": story.slots - 1, target: 1}, opened, hit_all=None)
        given_h = float(seen.damage(target)[0])
    else:
        given_h = 1.0
    given_not = 1.0
    posterior = given_h * prior / (given_h * prior + given_not * (1.0 - prior))
    return prior, given_h, given_not, posterior


def bayes_table(story: SecretsStory, opened: Sequence[int], target: str = TARGET) -> Table:
    """:func:`on_board_posterior` for each number of rooms opened (none holding
    ``target``)."""
    _check(story, target)
    rows = []
    for k in _opened(story, opened):
        prior, lh, ln, post = on_board_posterior(story, k, target)
        rows.append(
            {
                "rooms opened": k,
                "prior P(H)": prior,
                "P(E | H)": lh,
                "P(E | not H)": ln,
                "posterior P(H | E)": post,
            }
        )
    return Table(rows, title=f"Is the {story.names[target]} on the board? (H)")


def next_token_table(story: SecretsStory) -> Table:
    """What the next room opened holds, before and after what the opened rooms showed:
    by symmetry every token not yet seen is equally likely to lie under any closed room
    (or in the box), so P(type) = copies not seen / tokens not seen."""
    _check(story)
    seen = story.seen
    left = story.total - len(seen)
    rows = []
    for t, k in story.tokens.items():
        rows.append(
            {
                "token": story.names[t],
                "copies": k,
                "seen": seen.count(t),
                "before": k / story.total,
                "now": (k - seen.count(t)) / left,
            }
        )
    return Table(rows, title=f"The next major secret, after {len(seen)} opened")


def simulate_deals(
    story: SecretsStory, opened: Sequence[int], *, n: int = 200_000, seed: int, target=TARGET
) -> Table:
    """``n`` seeded deals of the major tokens (random permutations); for each number of
    rooms opened, keep the deals in which those rooms miss ``target`` and count how often
    ``target`` is on the board: the simulated posterior, beside the exact one, with its
    95% Wilson interval (over the deals kept)."""
    _check(story, target)
    opened = _opened(story, opened)
    n = _args.trials(n)
    rng = np.random.default_rng(_args.seed(seed))
    pool = [t for t, k in story.tokens.items() for _ in range(k)]
    mark = np.array([t == target for t in pool])
    perms = rng.permuted(np.tile(np.arange(len(pool)), (n, 1)), axis=1)
    where = np.argmax(mark[perms], axis=1)  # position of (the first copy of) target
    rows = []
    for k in opened:
        kept = where >= k
        m = int(kept.sum())
        if m:
            est = float((where[kept] < story.slots).mean())
            low, high = wilson(est, m)
        else:  # every deal showed the target in the rooms opened: none is kept
            est = low = high = math.nan
        rows.append(
            {
                "rooms opened": k,
                "exact": on_board_posterior(story, k, target)[3],
                "simulated": est,
                "deals kept": m,
                "95% low": low,
                "95% high": high,
            }
        )
    return Table(rows, title=f"{n:,} seeded deals")


def _check(story: SecretsStory, *target: str) -> None:
    """Check a secrets story and, if given, a target token of it."""
    _args.story(story, SecretsStory, "secrets_story")
    for token in target:
        _args.one_of(token, story.tokens, "target")


def _opened(story: SecretsStory, opened: Sequence[int]) -> list[int]:
    """Counts of rooms opened, each from 0 to the story's rooms."""
    return [
        _args.whole(k, "each of opened", most=story.slots) for k in _args.items(opened, "opened")
    ]


# ---------------------------------------------------------------------------
# The exercise: six rooms opened, no chalice

EXERCISE_10_OPENED = 6


def _ex10():
    return on_board_posterior(secrets_story(), EXERCISE_10_OPENED)[3]


def _ex10_traps():
    story = secrets_story()
    prior, given_h, _, right = on_board_posterior(story, EXERCISE_10_OPENED)
    left = story.total - EXERCISE_10_OPENED
    out = [
        (prior, "That is the chance before any room was opened: update it on what was seen."),
        (
            given_h,
            "That is P(E | H), the chance of seeing no chalice if it is on the board. Bayes: "
            "P(H | E) = P(E | H) P(H) / P(E).",
        ),
        (
            1 / left,
            "That is the chance one particular closed room holds it; the question "
            "asks about the whole board.",
        ),
        (
            1.0,
            "Not every token is dealt: the card set has more major secrets than the board has "
            "rooms for, so the chalice may be in the box.",
        ),
        (1.0 - right, "That is the chance the chalice is in the box, not on the board."),
    ]
    return [(w, why) for w, why in out if abs(w - right) > 1e-9]


EXERCISE = register(
    Exercise(
        "10",
        "Six of the nine major-secret rooms have now been opened, and none held the Jewelled "
        "Chalice. What is the chance the Chalice is on the board at all (under one of the "
        "three closed rooms), to 4 decimal places?",
        _ex10,
        "Bayes' rule: prior P(H) as in the lesson, P(E | H) the chance 6 opened rooms miss "
        "it, P(E | not H) = 1; lessons.on_board_posterior(story, 6) does it.",
        traps=_ex10_traps,
    )
)
