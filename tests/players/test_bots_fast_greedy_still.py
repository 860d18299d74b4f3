"""The greedy bot's shortcuts for a list without a walk answer what the full way answers.

After its hand is played the greedy bot asks where it heads (its ways and its target) only
when that can matter: a list that is nothing but the end of the turn is answered at once,
and one that lists no walk (no Move, Teleport or an edition's route action) skips the walk.
These tests set each shortcut beside the full way (the walk worked out and looked up in
the list) on every such position of seeded games in every edition the greedy bot plays.
"""

from __future__ import annotations

import contextlib

import pytest

from clankwidget import Game, edition, editions
from clankwidget.bots import GreedyBot
from clankwidget.bots import greedy as G
from clankwidget.bots.evaluation import _classes
from clankwidget.paths import Step
from clankwidget.rules import actions as A

GREEDY = [e.name for e in editions(engine=True) if isinstance(e.make_bot("greedy"), GreedyBot)]


def _full(bot, game, legal, monkeypatch) -> A.Action:
    """The bot's answer the full way: every class counted as a walk, and the list given
    twice (the same answer: each rule takes the first best, and no longer a lone EndTurn)."""
    with monkeypatch.context() as m:
        m.setattr(G, "_STILL", frozenset())
        return bot._choose(game, [*legal, *legal])


@pytest.mark.parametrize("name", GREEDY)
def test_lists_without_a_walk_answer_as_the_full_way(name, monkeypatch):
    seen = {"end only": 0, "no walk": 0, "walk": 0}
    for seed in range(3):
        game = Game.new(name, players=2, seed=seed)
        bots = [
            edition(name).make_bot(k, seed=seed + i) for i, k in enumerate(("greedy", "random"))
        ]
        greedy = GreedyBot(seed)
        for _ in range(3000):
            if game.is_over:
                break
            legal = game.legal_actions()
            s = game.state
            if not s.pending and not s.players[s.current].hand:
                got = greedy._choose(game, legal)
                want = _full(GreedyBot(seed), game, legal, monkeypatch)
                assert got == want and got.__class__ is want.__class__, (seed, got, want)
                if len(legal) == 1:
                    seen["end only"] += 1
                elif _classes(legal) <= G._STILL:
                    seen["no walk"] += 1
                else:
                    seen["walk"] += 1
            game.apply(bots[s.players.index(game.acting_player)].choose(game))
    assert all(seen.values()), seen


@pytest.mark.parametrize("name", GREEDY)
def test_no_walk_is_counted_still(name):
    """What _move may return (a Move, a Teleport, or a route action the rules make for a
    step of any kind, such as Legacy's coach) is never among the classes taken as still:
    a teleport with no Move listed is rare in play, so this is checked on the classes."""
    rules = Game.new(name, players=2, seed=0).rules
    walks = {A.Move, A.Teleport}
    for kind in ("coach", "teleport", 0):
        with contextlib.suppress(Exception):  # (a step this edition does not take)
            walks.add(type(rules.route_action("x", Step(kind, "y", 0, 0, 1))))
    assert walks.isdisjoint(G._STILL), walks & G._STILL
