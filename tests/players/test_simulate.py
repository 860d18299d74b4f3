"""Tournaments: mirror tables (one bot in every seat) for seat-balance studies, and the
checks on where the games run. (The mixed tables are tested in test_bots.py; the Dask
cluster in test_simulate_dask.py.)"""

from __future__ import annotations

import pytest

from clankwidget import registry
from clankwidget.simulate import GameRecord, SeatBalance, TournamentResult, tournament


def test_mirror_tables_seat_one_bot_everywhere_on_shared_deals():
    result = tournament(["greedy", "random"], games=3, seed=4, mirror=True)
    mixed = tournament(["greedy", "random"], games=3, seed=4)
    assert result.records == mixed.records  # the mixed tables are unchanged
    assert result.wins == mixed.wins and result.played == mixed.played  # mirror not counted
    assert len(result.mirror_records) == 6
    by_bot = {
        b: [r for r in result.mirror_records if r.seats[0] == b] for b in ("greedy", "random")
    }
    assert [r.seats for r in by_bot["greedy"]] == [("greedy", "greedy")] * 3
    assert [r.seats for r in by_bot["random"]] == [("random", "random")] * 3
    # the same deals for every bot, three different ones, none shared with the mixed tables
    seeds = [r.seed for r in by_bot["greedy"]]
    assert seeds == [r.seed for r in by_bot["random"]] and len(set(seeds)) == 3
    assert not set(seeds) & {r.seed for r in mixed.records}


def test_a_five_seat_moonrakers_mirror_table_plays():
    """(Every tournament refused players=5, Moonrakers' too: "players must be 2, 3 or 4".)"""
    result = tournament(["greedy"], 1, players=5, edition="moonrakers", mirror=True)
    assert [r.seats for r in result.mirror_records] == [("greedy",) * 5]


@pytest.mark.parametrize("entry", registry.editions(), ids=lambda e: e.name)
def test_a_tournament_seats_what_its_edition_seats(entry):
    low, high = entry.players
    bots = list(entry.bot_classes())[:2]
    for players in (low - 1, high + 1):
        with pytest.raises(ValueError) as refused:
            tournament(bots, 1, players=players, edition=entry.name)
        assert str(refused.value) == (
            f"players must be {low} to {high} for {entry.title}, got {players}"
        )


def test_seat_balance_counts_each_seats_wins():
    records = [
        GameRecord(1, ("a", "a", "a"), (9, 3, 1), (0,), ("escaped",) * 3, 20, "done"),
        GameRecord(2, ("a", "a", "a"), (5, 9, 9), (1, 2), ("escaped",) * 3, 20, "done"),
        GameRecord(3, ("a", "a", "a"), (0, 0, 0), (), ("knocked-out",) * 3, 20, "done"),
        GameRecord(4, ("a", "a", "a"), (1, 2, 9), (2,), ("escaped",) * 3, 20, "done"),
    ]
    b = SeatBalance.from_records("a", records)
    assert b.games == 4 and b.no_winner == 1
    assert b.wins == (1.0, 0.5, 1.5)
    assert b.share(2) == pytest.approx(0.375)
    lo, hi = b.intervals()[0]
    assert 0 < lo < 0.25 < hi < 1


def test_seat_table_and_repr():
    result = tournament(["greedy"], games=4, seed=1, players=3, mirror=True)
    assert result.games == 0 and result.records == []  # one bot: only its mirror table
    balance = result.seat_balance("greedy")
    assert balance.games == 4 and len(balance.wins) == 3
    assert sum(balance.wins) + balance.no_winner == pytest.approx(4)
    table = result.seat_table().splitlines()
    assert table[0] == "| bot | games | seat 1 | seat 2 | seat 3 | no winner |"
    assert table[2].startswith("| greedy | 4 | ")
    assert "Mirror tables (4 games)" in repr(result)
    with pytest.raises(ValueError, match="no mirror table for 'random'"):
        result.seat_balance("random")
    plain = tournament(["greedy", "random"], games=2, seed=1)
    assert "mirror=True" in plain.seat_table()
    with pytest.raises(ValueError, match="run the tournament with mirror=True"):
        plain.seat_balance("greedy")
    assert isinstance(plain, TournamentResult) and plain.mirror_records == []


def test_where_the_games_run_is_checked():
    with pytest.raises(ValueError, match="need at least 3 bots.*mirror=True"):
        tournament(["random", "greedy"], games=2, players=3)
    with pytest.raises(ValueError, match="either client= .* or use_dask=True"):
        tournament(["random", "greedy"], games=2, client="tcp://127.0.0.1:1", use_dask=True)
    pytest.importorskip("distributed")
    with pytest.raises(TypeError, match="client must be a dask.distributed.Client or"):
        tournament(["random", "greedy"], games=2, client=42)


def test_a_tournament_too_big_to_keep_is_refused_before_any_game(monkeypatch):
    import clankwidget.simulate as sim

    monkeypatch.setattr(sim, "_run", lambda spec: pytest.fail("a game was played"))
    with pytest.raises(ValueError, match="is 1,000,000,000,000 games, over the 1,000,000"):
        tournament(["greedy", "random"], 10**12)
    # three bots at two seats: three tables, and a mirror table per bot
    with pytest.raises(ValueError, match="is 2,400,000 games"):
        tournament(["greedy", "random", "planner"], 400_000, mirror=True)


def test_bots_given_as_text_or_endlessly_are_refused():
    import itertools

    from clankwidget.simulate import play_game

    with pytest.raises(ValueError, match="got the text 'clank'; .* pass edition='clank'"):
        tournament("clank", 2)
    with pytest.raises(ValueError, match="bots must be a list of bots, got the text 'greedy'$"):
        play_game("greedy", 1)
    with pytest.raises(ValueError, match="more than 100 bots"):
        tournament(itertools.repeat("greedy"), 2)


def test_module_examples():
    import doctest

    import clankwidget.simulate as simulate_module

    result = doctest.testmod(simulate_module, optionflags=doctest.NORMALIZE_WHITESPACE)
    assert result.attempted > 0 and result.failed == 0
