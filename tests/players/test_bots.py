"""Bots and simulations: legal, deterministic, read-only players; games that finish; and a
seeded tournament showing the three strengths in order (planner > greedy > random)."""

from __future__ import annotations

import copy
import sys

import pytest

from clankwidget import Game, editions, registry
from clankwidget.bots import BOTS, Bot, GreedyBot, PlannerBot, RandomBot, make_bot
from clankwidget.rules import actions as A
from clankwidget.simulate import (
    GameRecord,
    SimulationError,
    TournamentResult,
    play_game,
    tournament,
    wilson_interval,
)

from helpers import at, shuffle_hidden

KINDS = ("random", "greedy", "planner")


@pytest.mark.parametrize("edition", ["clank", "space", "pulsarcade", "legacy"])
@pytest.mark.parametrize("kind", ["greedy", "planner"])
def test_a_bot_decides_only_from_what_its_seat_may_see(edition, kind):
    """Before every third action of a game, a copy of it with everything the acting seat may
    not see changed (the dungeon deck's order, the other's hand and draw pile, its own
    draw order, the face-down secrets, the generator): a bot of that seat, made afresh
    with the same seed, chooses the same in both. (Moonrakers' captains have their own
    test in test_bots_moonrakers.py.)"""
    make = registry.edition(edition).make_bot
    game = Game.new(edition, players=2, seed=6)
    bots = [make(kind, seed=i) for i in range(2)]
    checked = 0
    for step in range(3000):
        if game.is_over:
            break
        seat = game.state.current
        if step % 3 == 0:
            other = copy.deepcopy(game)
            shuffle_hidden(other, seat)
            mine, its_twin = make(kind, seed=99), make(kind, seed=99)
            assert mine.choose(game) == its_twin.choose(other), (step, game.state.turn)
            checked += 1
        game.apply(bots[seat].choose(game))
    assert checked > 50


def _play_checked(seats, seed, players=None, edition="clank"):
    """Play a whole game; before every action check the bot's choice is one of
    ``legal_actions()`` and that choosing did not change the game."""
    game = Game.new(edition=edition, players=players or len(seats), seed=seed)
    bots = [make_bot(kind, seed=seed * 10 + i) for i, kind in enumerate(seats)]
    for _ in range(20_000):
        if game.is_over:
            break
        before = game.state.to_dict()
        n_actions = len(game.actions)
        legal = game.legal_actions()
        action = bots[game.state.current].choose(game)
        assert action in legal, f"{bots[game.state.current]!r} chose illegal {action}"
        assert game.state.to_dict() == before, "choose() changed the game"
        assert len(game.actions) == n_actions
        game.apply(action)
    assert game.is_over
    return game


def test_registry_and_make_bot():
    assert set(KINDS) <= set(BOTS)
    assert BOTS["random"] is RandomBot and BOTS["greedy"] is GreedyBot
    assert BOTS["planner"] is PlannerBot
    bot = make_bot("planner", seed=4)
    assert isinstance(bot, PlannerBot) and bot.seed == 4 and bot.name == "planner"
    assert make_bot(bot) is bot
    assert repr(make_bot("greedy", seed=2)) == "GreedyBot(seed=2)"
    with pytest.raises(ValueError, match="unknown bot 'chess'; choose from random, greedy"):
        make_bot("chess")


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_bot_plays_only_legal_actions_and_never_changes_the_game(kind, players):
    # the bot under test in the first seat, the other kinds around it
    others = [k for k in KINDS if k != kind]
    seats = [kind] + [others[i % len(others)] for i in range(players - 1)]
    game = _play_checked(seats, seed=players * 7 + KINDS.index(kind))
    assert game.legal_actions() == []


@pytest.mark.parametrize("kind", ["greedy", "planner"])
def test_a_table_of_one_kind_plays_legally(kind):
    _play_checked([kind] * 3, seed=5)


@pytest.mark.parametrize("edition", [e.name for e in editions(playable=True) if e.has("ship")])
def test_bots_stay_legal_in_the_other_editions(edition):
    _play_checked(["planner", "greedy", "random"], seed=3, edition=edition)


@pytest.mark.parametrize("edition", [e.name for e in editions(playable=True) if e.has("ship")])
def test_bots_aboard_a_ship_hack_steal_and_escape(edition):
    # a ship's way to an artifact: two data ports make the code, the command module
    # opens, an artifact is taken (or stolen with tokens), an escape pod takes it home
    escaped = winners = 0
    for seed in range(4):
        game = _play_checked(["planner", "greedy"], seed=seed, edition=edition)
        assert game.state.turn < 80, "the bots wandered instead of playing"
        escaped += sum(p.status == "escaped" for p in game.players)
        winners += bool(game.winners())
        assert any(game.rules.has_code(p) for p in game.players)
    assert escaped >= 2 and winners >= 3


@pytest.mark.parametrize(("edition", "seed"), [("space", 146), ("pulsarcade", 121)])
def test_four_planners_aboard_a_ship_finish(edition, seed):
    # these deals once left the last thief aboard with no free data port in a second
    # module (the ship's modules had two or three ports): the game never ended
    game = play_game(["planner"] * 4, seed=seed, edition=edition, max_steps=4000)
    assert game.is_over
    assert all(p.status != "in" for p in game.players)


def test_a_tournament_aboard_a_ship():
    result = tournament(["greedy", "random"], games=4, seed=2, edition="space")
    assert result.wins["greedy"] == 4 and result.no_winner == 0
    assert all(r.end_reason == "every player has left the ship" for r in result.records)


def test_the_ship_navigator_heads_for_ports_then_command_then_pods():
    from clankwidget._shipnav import ShipNavigator

    def aboard(changes=None, **blue):
        return at(changes, edition="space", board=None, cards=None, seed=1, **blue)

    game = aboard()
    goals = ShipNavigator(game).goals()
    assert goals and all(game.board.space(g).data_port for g in goals)
    code = {"kind": "code", "id": "command-code", "name": "Code", "grants": "code"}
    game = aboard(tokens=[code])
    assert game.current_player.colour == "blue"
    assert ShipNavigator(game).goals() == set(game.state.artifacts)
    sid, value = next(iter(game.state.artifacts.items()))
    game = aboard({"artifacts": {sid: None}}, tokens=[code], artifacts=[value])
    assert ShipNavigator(game).goals() == {"cb-pods"}
    dist = ShipNavigator(game).distances({"cb-pods"})
    assert dist["cb-pods"] == 0 and dist[game.current_player.space] < float("inf")


@pytest.mark.parametrize("kind", KINDS)
def test_bots_are_deterministic_by_seed(kind):
    a = play_game([kind, kind], seed=21)
    b = play_game([kind, kind], seed=21)
    assert a.actions == b.actions
    assert a.state.to_dict() == b.state.to_dict()
    c = play_game([kind, kind], seed=22)
    assert c.actions != a.actions


def test_one_bot_object_can_play_game_after_game():
    # a bot keeps small per-game memories; a new game (or the same seed again) resets them
    bot = make_bot("planner", seed=1)
    first = play_game([bot, "greedy"], seed=3)
    second = play_game([bot, "greedy"], seed=3)
    fresh = play_game(["planner", "greedy"], seed=3)
    assert first.actions == second.actions
    assert first.is_over and fresh.is_over


def test_bots_resolve_pending_choices_legally():
    # a hand with a choice (Fork in the Tunnel), a discard (Pawnbroker's Ledger) and a
    # Stumble: every bot must answer the prompts with Choose/Decline only
    def holding(hand):
        game = at(board=None, cards=None, seed=2, hand=hand)
        assert game.current_player.colour == "blue"
        return game, game.current_player

    for kind in KINDS:
        game, p = holding(["fork-in-the-tunnel", "pawnbroker", "stumble"])
        bot = make_bot(kind, seed=0)
        seen_pending = False
        while p.hand or game.pending:
            legal = game.legal_actions()
            action = bot.choose(game)
            assert action in legal
            if game.pending:
                seen_pending = True
                assert isinstance(action, A.Choose | A.Decline)
            game.apply(action)
        assert seen_pending
    # greedy and planner throw the Stumble away for the Pawnbroker's gold
    for kind in ("greedy", "planner"):
        game, p = holding(["pawnbroker", "stumble"])
        bot = make_bot(kind)
        while p.hand or game.pending:
            game.apply(bot.choose(game))
        assert p.gold == 3 and "stumble" in p.discard and "stumble" not in p.play


def test_greedy_heads_for_the_most_valuable_artifact():
    game = Game.new(players=2, seed=9)
    bot = GreedyBot()
    best = max(game.state.artifacts.items(), key=lambda kv: kv[1])[0]
    assert bot.target(game, game.current_player) == best


def test_planner_explain_lists_its_options_and_changes_nothing():
    game = Game.new(players=2, seed=4)
    walkers = [make_bot("greedy", 1), make_bot("greedy", 2)]
    for _ in range(60):  # a few turns in
        game.apply(walkers[game.state.current].choose(game))
    bot = make_bot("planner")
    before = game.state.to_dict()
    rows = bot.explain(game)
    assert game.state.to_dict() == before
    targets = {r["target"] for r in rows}
    assert set(game.state.artifacts) <= targets
    for r in rows:
        assert 0 <= r["p_win"] <= 1 and 0 <= r["p_alive"] <= 1 and r["turns"] >= 0
        assert len(r["rivals"]) == 1
    assert rows == sorted(rows, key=lambda r: (-r["p_win"], -r["expected"]))
    assert bot.plan(game).target == rows[0]["target"]


# --------------------------------------------------------------------- play_game


@pytest.mark.parametrize("players", [2, 3, 4])
def test_games_with_bots_finish(players):
    for seed in range(3):
        seats = [KINDS[(seed + i) % 3] for i in range(players)]
        game = play_game(seats, seed=seed)
        assert game.is_over and game.state.end_reason
        assert len(game.players) == players


def test_play_game_takes_colours_classes_and_objects():
    game = play_game([GreedyBot, make_bot("random", 3)], seed=1, players=["green", "purple"])
    assert [p.colour for p in game.players] == ["green", "purple"]
    with pytest.raises(ValueError, match="one bot per player"):
        play_game(["greedy"], seed=1, players=["green", "purple"])


def test_step_limit_gives_a_clear_error():
    with pytest.raises(SimulationError, match=r"did not end within max_steps=5 actions"):
        play_game(["greedy", "greedy"], seed=1, max_steps=5)
    with pytest.raises(ValueError, match="max_steps"):
        play_game(["greedy", "greedy"], seed=1, max_steps=0)


class _Cheat(Bot):
    name = "cheat"

    def choose(self, game):
        return A.Move(path=0, swords=5)


def test_an_illegal_bot_action_is_reported():
    with pytest.raises(SimulationError, match=r"_Cheat\(seed=\d+\) chose an illegal action"):
        play_game([_Cheat, "greedy"], seed=1)
    with pytest.raises(SimulationError, match="which is not legal now"):
        play_game([_Cheat, "greedy"], seed=1, check_legal=True)


# -------------------------------------------------------------------- tournament


def test_tournament_rotates_seats_and_summarises():
    result = tournament(["greedy", "random"], games=6, seed=2)
    assert isinstance(result, TournamentResult)
    assert result.games == 6 and len(result.records) == 6
    assert result.played == {"greedy": 6, "random": 6}
    # every deal is played from both seatings, with the same game seed
    for a, b in zip(result.records[::2], result.records[1::2]):
        assert a.seed == b.seed and a.seats == b.seats[::-1]
    assert sum(result.wins.values()) + result.no_winner == pytest.approx(6)
    assert 0 <= result.win_rate("greedy") <= 1
    lo, hi = result.interval("greedy")
    assert 0 <= lo <= result.win_rate("greedy") <= hi <= 1
    for rates in (result.escape_rate, result.knockout_rate):
        assert all(0 <= v <= 1 for v in rates.values())
    table = result.table()
    assert table.splitlines()[0].startswith("| bot | games | wins | win rate | 95% CI |")
    assert "greedy" in table and "random" in table
    assert repr(result).startswith("TournamentResult: 6 games of 2 players, seed 2")
    again = tournament(["greedy", "random"], games=6, seed=2)
    assert again.records == result.records


def test_tournament_three_player_table_and_round_robin():
    result = tournament(["random", "greedy", "planner"], games=6, seed=1, players=3)
    seatings = {r.seats for r in result.records}
    assert len(seatings) == 6  # all orders of three bots, one deal
    assert len({r.seed for r in result.records}) == 1
    rr = tournament(["random", "greedy", "planner"], games=2, seed=1, players=2)
    assert rr.games == 6  # three pairings, two games each
    assert rr.played == {"random": 4, "greedy": 4, "planner": 4}


def test_tournament_progress_bar(capsys):
    tournament(["greedy", "random"], games=2, seed=0, progress=True)
    assert "games" in capsys.readouterr().err


def test_tournament_refuses_bad_input():
    with pytest.raises(ValueError, match="unknown bot 'chess'"):
        tournament(["chess", "random"], games=2)
    with pytest.raises(ValueError, match="give each bot once"):
        tournament(["random", "random"], games=2)
    with pytest.raises(ValueError, match="players must be 2 to 4 for Clank!.*, got 5"):
        tournament(["random", "greedy"], games=2, players=5)
    with pytest.raises(ValueError, match="need at least 3 bots"):
        tournament(["random", "greedy"], games=2, players=3)
    with pytest.raises(ValueError, match="games must be a positive whole number"):
        tournament(["random", "greedy"], games=0)


def test_ties_split_the_win_and_nobody_scoring_is_no_win():
    from clankwidget.simulate import _summarise

    records = [
        GameRecord(1, ("a", "b"), (40, 40), (0, 1), ("escaped", "escaped"), 20, "done"),
        GameRecord(2, ("b", "a"), (0, 0), (), ("knocked-out", "knocked-out"), 30, "done"),
        GameRecord(3, ("a", "b"), (50, 0), (0,), ("escaped", "knocked-out"), 25, "done"),
    ]
    result = _summarise(["a", "b"], 2, 3, 0, records)
    assert result.wins == {"a": 1.5, "b": 0.5}
    assert result.no_winner == 1
    assert result.escape_rate == {"a": 2 / 3, "b": 1 / 3}
    assert result.mean_score == {"a": 30.0, "b": 40 / 3}


def test_wilson_interval():
    assert wilson_interval(0, 0) == (0.0, 1.0)
    lo, hi = wilson_interval(50, 100)
    assert lo == pytest.approx(0.4038, abs=1e-4) and hi == pytest.approx(0.5962, abs=1e-4)
    lo, hi = wilson_interval(0, 10)
    assert lo == 0.0 and hi == pytest.approx(0.2775, abs=1e-4)
    # the lessons' intervals are the same numbers at the same z (one formula,
    # simulate.wilson_bounds; the lessons' own z is the 1.96 they teach)
    from clankwidget import lessons

    for k, n in ((0, 10), (3, 7), (50, 100), (99, 100)):
        same = lessons.wilson_interval(k, n, z=1.959964)
        assert wilson_interval(k, n) == tuple(map(float, same))
    lo, hi = wilson_interval(2.5, 5)  # (ties split the wins: halves are fine)
    assert 0 < lo < 0.5 < hi < 1
    with pytest.raises(ValueError, match="n must be a whole number of games, got 2.5"):
        wilson_interval(1, 2.5)  # (ties split the wins, never the games)


def test_a_game_played_without_a_seed_records_the_one_it_drew():
    """(seed=None reached int(None) when the bots were seeded.)"""
    game = play_game(["greedy", "random"], None)
    assert game.is_over and isinstance(game.seed, int)
    again = play_game(["greedy", "random"], game.seed)
    assert [a.to_dict() for a in again.actions] == [a.to_dict() for a in game.actions]


def test_use_dask_without_dask_says_how_to_install_it(monkeypatch):
    monkeypatch.setitem(sys.modules, "dask", None)  # import dask now fails, as if absent
    monkeypatch.setitem(sys.modules, "dask.bag", None)
    with pytest.raises(ImportError, match="pip install dask"):
        tournament(["greedy", "random"], games=2, use_dask=True)


def test_use_dask_gives_the_same_results():
    pytest.importorskip("dask.bag", reason="the dask extra: pip install -e '.[dask]'")
    plain = tournament(["greedy", "random"], games=4, seed=5)
    dasked = tournament(["greedy", "random"], games=4, seed=5, use_dask=True, scheduler="threads")
    assert dasked.records == plain.records


# --------------------------------------------------------- strength, by tournament


@pytest.mark.slow
def test_planner_beats_greedy_beats_random():
    # Seeded, so deterministic; each deal is played from both seats. Observed with this
    # seed: planner beats greedy in 72.5% of 200 games (95% CI 65.9-78.2%; 72-80% with
    # other seeds, 72.3% of 300 in benchmarks/tournament.py), greedy beats random in
    # 100% of 150. The thresholds leave room for small changes in the engine or the bots
    # but fail if the order of strength breaks.
    pg = tournament(["planner", "greedy"], games=200, seed=2026)
    gr = tournament(["greedy", "random"], games=150, seed=2026)
    assert pg.win_rate("planner") > 0.6, pg
    assert pg.interval("planner")[0] > 0.5, pg
    assert gr.win_rate("greedy") > 0.9, gr
    assert pg.mean_score["planner"] > pg.mean_score["greedy"]
    assert gr.escape_rate["greedy"] > 0.8 > gr.escape_rate["random"]


@pytest.mark.slow
def test_three_player_mixed_table_puts_the_planner_first():
    # observed: planner 71.7%, greedy 21.7%, random 0% of 60 games (4 without a winner);
    # 72.0% / 25.7% / 0% of 300 in benchmarks/tournament.py
    result = tournament(["random", "greedy", "planner"], games=60, seed=2026, players=3)
    assert result.win_rate("planner") > 0.5, result
    assert result.win_rate("planner") > result.win_rate("greedy") > result.win_rate("random")
