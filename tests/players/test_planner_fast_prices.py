"""The planner's price tables, kept with the plan they were worked out for, are the ones
worked out afresh (and its cheap per-decision checks give the plain answers)."""

from __future__ import annotations

import pytest
from test_planner_fast import PLANNED, _planner_positions

from clankwidget import registry
from clankwidget.bots import PlannerBot
from clankwidget.rules import actions as A


def _fresh(bot, name, game, p, plan):
    """The table worked out with nothing kept."""
    bot._prices_kept = bot._play_prices_kept = None
    return getattr(bot, name)(game, p, plan)


@pytest.mark.parametrize("edition", ["clank", "space", "legacy"])
def test_kept_prices_are_the_fresh_prices(edition):
    if edition not in PLANNED:
        pytest.skip(f"{edition} has no planner")
    checked = 0
    for seed in range(2):
        for game, bot in _planner_positions(edition, seed=seed):
            p = game.current_player
            plan = bot.plan(game)
            rival = next(q for q in game.state.players if q is not p)
            for name in ("_prices", "_play_prices"):
                # the same plan for either player, in turn: the kept answer must match
                # what is worked out afresh for that player (its space, damage, artifacts)
                for q in (p, rival, rival, p, p):
                    kept = getattr(bot, name)(game, q, plan)
                    assert kept == _fresh(bot, name, game, q, plan), name
                    getattr(bot, name)(game, q, plan)  # (kept again for the next)
            checked += 1
            bot.choose(game)  # (the bot's own decision keeps its own tables)
            assert bot._prices(game, p, plan) == _fresh(bot, "_prices", game, p, plan)
    assert checked > 40


def test_the_ship_and_secret_checks_give_the_plain_answers():
    bot = PlannerBot()
    for ed in ("clank", "space", "pulsarcade", "legacy"):
        for _ in range(2):
            assert bot._has_ship(ed) == registry.edition(ed).has("ship")
    legal = [A.EndTurn(), A.TakeSecret(), A.TakeArtifact()]
    for actions in (legal, legal[:1], legal[2:], []):
        assert (A.TakeSecret in map(type, actions)) == (A.TakeSecret() in actions)
