"""The bots play Clank! Legacy: legal and read-only, and a seeded tournament with the
three strengths in order (planner ahead of greedy ahead of random, with intervals)."""

from __future__ import annotations

import pytest

from clankwidget.simulate import play_game, tournament


def test_bots_stay_legal_in_legacy():
    for seed in range(2):
        game = play_game(
            ["planner", "greedy", "random"], seed=seed, edition="legacy", check_legal=True
        )
        assert game.is_over and game.legal_actions() == []
        assert any(p.status == "escaped" for p in game.players)


@pytest.mark.slow
def test_a_legacy_tournament_orders_the_bots():
    result = tournament(
        ["random", "greedy", "planner"], games=36, seed=0, players=3, edition="legacy"
    )
    rate = result.win_rate
    assert rate("planner") > rate("greedy") > rate("random")
    assert result.interval("greedy")[0] > result.interval("random")[1]
    assert result.interval("planner")[0] > result.interval("random")[1]
    assert result.escape_rate["planner"] >= result.escape_rate["greedy"]
