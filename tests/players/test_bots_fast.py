"""The greedy and random bots' shortcuts answer what the plain ways answer.

The bots decide hundreds of times a game, so they skip work whose answer they already
have: whether an action is legal is read off the legal list they hold (comparing only
actions of one class), not asked of the rules again; a card's noise and discard are read
from per-card-set tables; a board's first steps toward a space are kept per board. These
tests set each shortcut beside the plain way on many positions of seeded games.
"""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from clankwidget import Game, edition, editions
from clankwidget.bots import GreedyBot
from clankwidget.bots import board_info as bi
from clankwidget.bots.evaluation import _classes, _effects_value, _hand_play, _offered
from clankwidget.rules import actions as A

GREEDY = [e.name for e in editions(engine=True) if isinstance(e.make_bot("greedy"), GreedyBot)]
FIELDLESS = (A.EndTurn, A.TakeSecret, A.TakeArtifact, A.Decline)


def _positions(name: str, seeds=range(3), table=("greedy", "random")):
    """Every position of seeded games between ``table``'s bots: ``(game, legal)``."""
    for seed in seeds:
        game = Game.new(name, players=len(table), seed=seed)
        bots = [edition(name).make_bot(k, seed=seed + i) for i, k in enumerate(table)]
        for _ in range(3000):
            if game.is_over:
                break
            yield game, game.legal_actions()
            game.apply(bots[game.state.players.index(game.acting_player)].choose(game))


def _copy(action: A.Action) -> A.Action:
    """An equal action that is not the same instance."""
    return dataclasses.replace(action)


@pytest.mark.parametrize("edition", GREEDY)
def test_listed_actions_are_the_legal_ones(edition):
    elsewhere: list[A.Action] = []  # actions legal somewhere in the game, maybe not here
    for n, (game, legal) in enumerate(_positions(edition)):
        elsewhere = (elsewhere + legal)[-60:]
        classes = _classes(legal)
        for cls in FIELDLESS:
            assert (cls in classes) == (cls() in legal), (n, cls)
            # the classes themselves, never a subclass (the random bot compares classes)
            assert [a.__class__ for a in legal if isinstance(a, cls)] in ([], [cls]), (n, cls)
        probes = [*legal, *map(_copy, legal), *elsewhere, *(cls() for cls in FIELDLESS)]
        probes += [A.Move(path.index, swords) for path in game.board.paths for swords in (0, 1)]
        for a in probes:
            assert _offered(a, legal) == (a in legal), (n, a)


def _plain_hand_play(game, order):
    """:func:`_hand_play` as first written: through :meth:`Game.why_illegal`."""
    if not game.current_player.hand or game.pending:
        return None
    if game.why_illegal(A.TakeSecret()) is None:
        return None
    play = A.Play(order())
    return play if game.why_illegal(play) is None else None


def _plain_play_order(game, hand) -> str:
    """The greedy bot's play order as first written, card by card."""
    cards = game.cards.cards
    noisy = [c for c in hand if _effects_value(cards[c].play, {"clank": 1}) > 0]
    if noisy:
        for c in hand:
            if any("discard" in e for e in cards[c].play):
                return c
        quiet = [c for c in hand if c not in noisy]
        if quiet:
            return quiet[0]
    return hand[0]


@pytest.mark.parametrize("edition", GREEDY)
def test_hand_play_and_play_order_as_first_written(edition):
    bot = GreedyBot(0)
    for game, _ in _positions(edition, seeds=range(2)):
        p = game.current_player
        want = _plain_hand_play(game, lambda g=game, p=p: _plain_play_order(g, p.hand))
        assert _hand_play(game, bot._play_order, game, p) == want
        assert (
            _hand_play(game, lambda g=game, p=p: bot._play_order(g, p)) == want
        )  # the planner's way
    # any hand of the set's cards, with its noisy ones, its Stumbles, its discards
    ids = sorted(game.cards.cards)
    rng = np.random.default_rng(5)
    fake = dataclasses.replace(game.current_player)
    for _ in range(400):
        fake.hand = [str(c) for c in rng.choice(ids, size=int(rng.integers(1, 8)))]
        assert bot._play_order(game, fake) == _plain_play_order(game, fake.hand), fake.hand
    for c in ids:
        assert bot._noisy(game, c) == (_effects_value(game.cards.cards[c].play, {"clank": 1}) > 0)


@pytest.mark.parametrize("edition", GREEDY)
def test_ways_read_what_the_player_owns(edition):
    rng = np.random.default_rng(3)
    for n, (game, _) in enumerate(_positions(edition, seeds=range(1))):
        p = dataclasses.replace(game.current_player)
        grants = ["key", "canoe", "backpack", None]
        p.tokens = [
            {"id": f"t{i}", "grants": grants[k]} for i, k in enumerate(rng.integers(4, size=3))
        ]
        want = (p.owns("key") > 0, p.owns("canoe") > 0, p.gold)
        assert bi._ways(game, p) == want, (n, p.tokens)


@pytest.mark.parametrize("edition", ["clank", "legacy"])
def test_next_steps_kept_per_board_are_those_worked_out(edition):
    """Asked in a shuffled order, twice, with every way of moving: a kept answer that
    missed an argument would answer for another."""
    game = Game.new(edition, players=2, seed=0)
    info = bi._info(game.board)
    fresh = bi._BoardInfo(game.board)
    rng = np.random.default_rng(11)
    ids = list(info.ids)
    golds = sorted({0, 1, 2, 3, 5, 8, info.gold_cap, info.gold_cap + 4})
    asks = [
        (space, target, bool(keys), bool(exit_), bool(canoe), int(gold))
        for space in ids
        for target in rng.choice(ids, 4)
        for keys in (0, 1)
        for exit_ in (0, 1)
        for canoe in (0, 1)
        for gold in rng.choice(golds, 2)
    ]
    for _ in range(2):
        for i in rng.permutation(len(asks)):
            space, target, keys, can_exit, canoe, gold = asks[i]
            want = bi._work_out_steps(fresh, space, target, keys, can_exit, canoe, gold)
            got = bi._next_steps(info, space, target, keys, can_exit, canoe=canoe, gold=gold)
            assert got == want, asks[i]


def test_a_draw_from_one_choice_is_the_first_and_draws_nothing():
    """The random bot takes the only action left without asking its generator: numpy's
    ``integers(1)`` is 0 and leaves the generator as it was, after any earlier draws
    (a whole or a half 64-bit word used). Should numpy ever draw for it, this fails."""
    for seed in range(100):
        rng = np.random.default_rng(seed)
        for k in range(30):
            if k % 3 == 0:
                rng.random()
            elif k % 3 == 1:
                rng.integers(2 + k)
            state = rng.bit_generator.state
            assert rng.integers(1) == 0
            assert rng.bit_generator.state == state, (seed, k)
