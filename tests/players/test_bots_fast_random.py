"""The random bot's shortcut picks what the plain filtered list picks.

The random bot decides about as often as every other bot together. It does not build the
list of actions other than EndTurn: it reads EndTurn off the end of the legal list (where
every edition lists it, once), or sees with a scan of the classes that it is not listed.
These tests set it beside the plain way (the filtered list, then the same draws) on every
position of seeded games in every edition, and on lists laid out in other ways.
"""

from __future__ import annotations

import copy

import pytest

from clankwidget import Game, editions
from clankwidget.bots.random_bot import RandomBot
from clankwidget.rules import actions as A

EDITIONS = [e.name for e in editions(engine=True)]


def _plain_choose(bot, legal) -> A.Action:
    """The random bot's choice as first written: the others listed, then the draws."""
    others = [a for a in legal if not isinstance(a, A.EndTurn)]
    if not others or (len(others) < len(legal) and bot.rng.random() < 0.25):
        return next(a for a in legal if isinstance(a, A.EndTurn))
    if len(others) == 1:
        return others[0]
    return others[bot.rng.integers(len(others))]


class _Listed:
    """A stand-in game whose rules list ``legal`` (the random bot reads nothing else)."""

    def __init__(self, legal):
        self.state = None
        self.rules = self
        self._legal = legal

    def legal_actions(self, _state):
        return list(self._legal)


def _beside(bot, game, legal) -> A.Action:
    """The bot's choice, checked against the plain way on a copy of its generator: the same
    action and the generator left in the same state."""
    twin = copy.deepcopy(bot)
    got = bot.choose(game)
    want = _plain_choose(twin, legal)
    assert got == want and got.__class__ is want.__class__
    assert bot.rng.bit_generator.state == twin.rng.bit_generator.state
    return got


@pytest.mark.parametrize("name", EDITIONS)
def test_random_bot_picks_as_the_plain_list(name):
    seen = {"end last": 0, "no end": 0}
    for seed in range(2):
        game = Game.new(name, players=2, seed=seed)
        bots = [RandomBot(seed=seed + i) for i in range(2)]
        for _ in range(1500):
            if game.is_over:
                break
            legal = game.legal_actions()
            ends = [i for i, a in enumerate(legal) if isinstance(a, A.EndTurn)]
            assert ends in ([], [len(legal) - 1])  # the layout the shortcut reads
            seen["end last" if ends else "no end"] += 1
            seat = game.state.players.index(game.acting_player)
            game.apply(_beside(bots[seat], game, legal))
    assert all(seen.values()), seen


LAYOUTS = [
    [A.Play("a"), A.Acquire(0), A.EndTurn()],
    [A.Play("a"), A.Acquire(0), A.Move(1, 0)],
    [A.EndTurn(), A.Play("a"), A.Acquire(0)],  # listed first: the plain list is used
    [A.Play("a"), A.EndTurn(), A.Acquire(0)],
    [A.EndTurn()],
    [A.Acquire(2)],
    [A.Acquire(2), A.EndTurn()],
]


@pytest.mark.parametrize("legal", LAYOUTS)
def test_random_bot_on_any_layout(legal):
    for seed in range(40):
        bot = RandomBot(seed=seed)
        for _ in range(5):
            _beside(bot, _Listed(legal), legal)


def test_random_bot_with_nothing_listed():
    with pytest.raises(StopIteration):
        RandomBot(seed=0).choose(_Listed([]))
