"""The bots play Clank! Legacy: legal and read-only, and a seeded tournament with the
three strengths in order (planner ahead of greedy ahead of random, with intervals); and
positions where the shortest way rides a coach or needs a Canoe, which both heuristic
bots take."""

from __future__ import annotations

import copy

import pytest
from legacy_helpers import legacy_position

from clankwidget import Game
from clankwidget.bots import GreedyBot, PlannerBot
from clankwidget.bots.board_info import _info
from clankwidget.data import load_board
from clankwidget.rules.actions import Buy, Move
from clankwidget.rules.legacy import Coach
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


# ---------------------------------------------------------------------------
# Coaches and canoes on purpose: positions where the clearly shortest way rides a coach
# or paddles, and both heuristic bots take it (through the path functions).


def _alone(left: dict, hand=(), **blue) -> Game:
    """Blue to move with ``hand``, the fields ``blue`` changed, and only the artifacts
    ``left`` in the dungeon (and any blue carries): a position on the teaching map with the
    other rooms' artifacts taken off the board itself (artifacts are conserved, and a thief carries one, so a
    position cannot simply drop them or park them in the others' hands)."""
    pos = legacy_position(3, hands={"blue": list(hand)}, changes={"players": {"blue": blue}})
    board = copy.deepcopy(load_board(pos["board"]).raw)
    carried = list(blue.get("artifacts", ()))
    for space in board["spaces"]:
        if space.get("artifact") in carried:  # its room stays the one it was taken from
            carried.remove(space["artifact"])
        elif space["id"] not in left:
            space.pop("artifact", None)
    pos["board"] = board
    pos["state"]["artifacts"] = dict(left)
    return Game.from_position(pos, seed=1)


BOTS = [GreedyBot, PlannerBot]


@pytest.mark.parametrize("bot", BOTS)
def test_a_bot_rides_the_coach_to_a_far_artifact(bot):
    # North Road to Ash Stair: 6 Boots on foot, 2 by the Deepway coach (1 Boot, 4 Gold)
    game = _alone({"ash-stair": 15}, space="coach-north", boots=1, gold=5)
    info = _info(game.board)
    i, j = info.idx["coach-north"], info.idx["ash-stair"]
    assert (info.ways(False)["dist"][i][j], info.ways(False, gold=5)["dist"][i][j]) == (6, 2)
    assert bot(0).choose(game) == Coach("coach-deep")
    # 3 Gold pays for Fordside only (4 Boots then): greedy takes it, the planner weighs
    # 2 Boots saved against 3 Gold (points); 2 Gold pays for no ride: both walk
    ford = bot(0).choose(_alone({"ash-stair": 15}, space="coach-north", boots=1, gold=3))
    assert ford == Coach("coach-ford") if bot is GreedyBot else ford != Coach("coach-deep")
    poor = _alone({"ash-stair": 15}, space="coach-north", boots=1, gold=2)
    assert isinstance(bot(0).choose(poor), Move)


@pytest.mark.parametrize("bot", BOTS)
def test_a_bot_rides_the_coach_home_with_its_artifact(bot):
    # Deepway to HQ: 6 Boots (and two monsters) on foot, 4 with the ride to North Road
    game = _alone(
        {"wyrm-nest": 20}, space="coach-deep", boots=1, gold=4, artifacts=[15],
    )  # fmt: skip
    assert bot(0).choose(game) == Coach("coach-north")


@pytest.mark.parametrize("bot", BOTS)
def test_a_bot_with_a_canoe_paddles_to_the_island(bot):
    canoe = [{"kind": "market", "id": "canoe", "name": "Canoe", "points": 3, "grants": "canoe"}]
    game = _alone({"mirror-lake": 10}, space="reed-landing", boots=1, tokens=canoe)
    water = next(p.index for p in game.board.paths if {p.a, p.b} == {"reed-landing", "mirror-lake"})
    assert bot(0).choose(game) == Move(water, 0)
    # the island is out of reach without one: no target, so no move there
    dry = _alone({"mirror-lake": 10}, space="reed-landing", boots=1)
    assert bot(0).choose(dry) != Move(water, 0)


def test_the_greedy_bot_buys_a_canoe_that_opens_the_way():
    game = _alone({"mirror-lake": 10}, space="town", gold=7)
    assert GreedyBot(0).choose(game) == Buy("canoe")
