"""Lesson 05, deck cycling: when will the card just bought come into the hand?

Story: :data:`STORY_05`, :func:`cycling_game` (the game, kept as a position),
:func:`cycling_story` (its piles); how that game was made: :func:`first_turn_buy`; the
exercise's piles: :func:`exercise_piles`.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from .. import _args
from ..errors import LessonInputError, shown
from ._common import story_game
from ._exercises import Exercise, _lesson_key, register

__all__ = [
    "STORY_05",
    "CyclingStory",
    "cycling_game",
    "cycling_story",
    "exercise_piles",
    "first_turn_buy",
]

STORY_05 = {"players": 2, "seed": 3, "bought": "explore"}
"""Where lesson 05's game came from: :func:`first_turn_buy` with seed 3 (blue plays the
whole opening hand and buys an Explore). The game itself is kept as a position,
``board_data/positions/lesson-05-deck-cycling.json``, so the piles the lesson counts do
not move when the engine's shuffles or rules change."""


def cycling_game():
    """Lesson 05's game (a fresh copy each call), as yellow's first turn begins."""
    return story_game("lesson-05-deck-cycling", seed=STORY_05["seed"])


def first_turn_buy(seed: int = 3, colour_index: int = 0, buy: str = "explore"):
    """A two-player game in which the first player plays their whole first hand, buys
    ``buy`` from the reserve if the skill allows (else a Mercenary, else nothing) and ends
    the turn. Returns ``(game, bought)``: the game as the second player's turn begins."""
    from ..game import Game

    if colour_index not in (0, 1) or isinstance(colour_index, bool):
        raise ValueError(f"colour_index is the player, 0 or 1, got {shown(colour_index)}")
    if not isinstance(buy, str):
        raise LessonInputError(f"buy must be a card id (text), got {shown(buy)}")
    game = Game.new(players=2, seed=seed)
    for _ in range(colour_index):
        _end_turn_playing_all(game, None)
    bought = _end_turn_playing_all(game, buy)
    return game, bought


def _end_turn_playing_all(game, buy: str | None) -> str | None:
    from ..rules import actions as A

    p = game.current_player
    while p.hand:
        game.apply(A.Play(card=p.hand[0]))
        while game.pending is not None:
            game.apply(A.Choose(option=0))
    bought = None
    if buy is not None:
        for cid in (buy, "mercenary"):
            if game.why_illegal(A.AcquireReserve(card=cid)) is None:
                game.apply(A.AcquireReserve(card=cid))
                bought = cid
                break
    game.apply(A.EndTurn())
    return bought


@dataclass(frozen=True)
class CyclingStory:
    """Lesson 05: the piles as the next hand is drawn, and the card just bought."""

    card: str
    draw_pile: tuple[str, ...]
    discard: tuple[str, ...]
    seed: int


@lru_cache(maxsize=16)
def _cycling_story(seed: int) -> CyclingStory:
    if seed == STORY_05["seed"]:
        game, bought = cycling_game(), STORY_05["bought"]
    else:  # another seed: play the first turn again with this engine
        game, bought = first_turn_buy(seed=seed)
    p = game.players[0]
    # the engine has already drawn the next hand from the draw pile: put it back, so the
    # piles are as they were the moment before that draw (the hand is not known yet)
    draw_pile = tuple(p.deck) + tuple(reversed(p.hand))
    return CyclingStory(bought, draw_pile, tuple(p.discard), seed)


def cycling_story(seed: int = 3) -> CyclingStory:
    """Lesson 05: the piles after blue's first turn of a seeded two-player game. Seed 3 is
    the lesson's, read from its saved position (:func:`cycling_game`); any other seed
    plays that first turn with :func:`first_turn_buy`."""
    return _cycling_story(_args.seed(seed))


def _ex05():
    from ..deck import chance_to_see

    return chance_to_see("explore", _ex05_piles()[0], _ex05_piles()[1], turns=2)


def _ex05_piles():
    story = cycling_story()
    # two turns later: the new draw pile holds 3 cards, the rest (the Explore among them)
    # is in the discard pile
    deck = list(story.draw_pile) + list(story.discard)
    deck.remove(story.card)
    return tuple(deck[:3]), (*deck[3:], story.card)


def _ex05_traps():
    draw, discard = _ex05_piles()
    n = len(draw) + len(discard)
    first = (5 - len(draw)) / len(discard)
    return [
        (
            first,
            "That is only the next hand (3 old cards plus 2 from the reshuffled pile). "
            "The question asks about 2 turns.",
        ),
        (
            10 / n,
            "That treats the whole deck as one shuffled pile. The Explore cannot be in "
            "the 3 cards left in the draw pile: it waits in the discard pile for the reshuffle.",
        ),
        (
            1 - (1 - 5 / n) ** 2,
            "That treats the two hands as independent draws. They are "
            "not: a card drawn in the first hand is not in the second.",
        ),
    ]


EXERCISE = register(
    Exercise(
        "05",
        "Later in the game, after a turn in which blue drew extra cards, blue's draw pile "
        "has only 3 cards left and the Explore is in the discard pile with the rest of the "
        "deck. What is the chance blue sees the Explore within the next 2 turns, to 4 "
        "decimal places?",
        _ex05,
        "chance_to_see('explore', draw_pile, discard, turns=2) with the piles from "
        "lessons.exercise_piles('05').",
        traps=_ex05_traps,
    )
)


def exercise_piles(lesson: str = "05") -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The piles of lesson 05's exercise: ``(draw_pile, discard)``."""
    if _lesson_key(lesson) != "05":
        raise ValueError("only lesson 05's exercise has piles")
    return _ex05_piles()
