"""Aboard a ship the rage marker does things as it climbs: the bounty hunters waiting on
the track join the Clank! area as it passes them, and its lockdown place seals a
hyperlift. A position holds what the climb did: a short description that moves the
marker up plays the climb for the places it does not name, and a position whose hunters
or lockdown token disagree with its marker is refused, naming the field."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import clankwidget as cw
from clankwidget import Game, PositionError
from clankwidget.rules.space import Hyperlift

EDITIONS = ("space", "pulsarcade")
SPACE = Path(__file__).resolve().parents[2] / "board_data" / "space" / "space.json"


def _track() -> tuple[dict[int, int], int]:
    """The hunters by place and the lockdown place, read from the Space edition file
    itself (Pulsarcade's ship keeps its track) rather than from the rules."""
    rage = json.loads(SPACE.read_text())["rage"]
    return {int(k): v for k, v in rage["hunters"].items()}, rage["lockdown"]


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("rage", range(2, 11))
def test_moving_the_marker_up_plays_the_climb(edition, rage):
    hunters, lockdown = _track()
    start = Game.new(edition, players=2, seed=3).state.rage
    game = Game.from_position(cw.position(edition, players=2, seed=3, changes={"rage": rage}))
    s = game.state
    assert s.rage == rage
    passed = sum(k for place, k in hunters.items() if start < place <= rage)
    assert s.clank_area["red"] == passed
    assert s.extra["hunters"] == {str(p): k for p, k in hunters.items() if p > max(rage, start)}
    assert s.extra["lockdown"] is (rage >= lockdown)


def test_the_sealed_lift_refuses_a_ride_after_a_described_lockdown():
    """The lockdown the description brought is the game's: its lift takes nobody."""
    _, lockdown = _track()
    board = Game.new("space", players=2, seed=3).board
    sealed = next(sp.id for sp in board.spaces if sp.lockdown)
    other = next(sp.id for sp in board.spaces if sp.hyperlift and not sp.lockdown)

    def ride(rage):
        changes = {"rage": rage, "players": {"blue": {"space": other}}}
        game = Game.from_position(cw.position("space", players=2, seed=3, changes=changes))
        assert game.state.players[game.state.current].colour == "blue"
        return game.why_illegal(Hyperlift(sealed))

    assert ride(lockdown - 1) is None
    assert "lockdown token blocks" in ride(lockdown)


@pytest.mark.parametrize(
    ("changes", "field", "words"),
    [
        ({"rage": 8, "extra": {"hunters": {"7": 1, "8": 1, "9": 2}}}, "hunters.7", "rage 7"),
        ({"rage": 10, "extra": {"lockdown": False}}, "hunters.7", "Clank! area"),
        ({"rage": 4, "extra": {"lockdown": True}}, "lockdown", "below the lockdown place"),
    ],
)
@pytest.mark.parametrize("edition", EDITIONS)
def test_a_marker_that_disagrees_with_the_track_is_refused(edition, changes, field, words):
    with pytest.raises(PositionError) as err:
        cw.position(edition, players=2, seed=3, changes=changes)
    assert err.value.field == f"$.state.extra.{field}"
    assert words in str(err.value)


@pytest.mark.parametrize("edition", EDITIONS)
def test_a_lockdown_missing_at_its_place_is_refused(edition):
    """Hunters named gone and the clank area named full, but the token left up."""
    _, lockdown = _track()
    pos = cw.position(edition, players=2, seed=3, changes={"rage": lockdown})
    pos["state"]["extra"]["lockdown"] = False
    with pytest.raises(PositionError) as err:
        Game.from_position(pos)
    assert err.value.field == "$.state.extra.lockdown"
    assert "expected true" in str(err.value)


def test_positions_a_game_reaches_at_the_top_of_the_track_pass_the_checks():
    """Played on from the plaid place, the marker's own climb gives positions the checks
    accept, lockdown included."""
    _, lockdown = _track()
    reached = 0
    for seed in range(6):
        game = Game.from_position(cw.position("space", players=2, seed=seed, changes={"rage": 9}))
        bots = [cw.edition("space").make_bot("random", seed=seed + i) for i in range(2)]
        for _ in range(400):
            if game.is_over:
                break
            rage = game.state.rage
            game.apply(bots[game.state.current].choose(game))
            if game.state.rage != rage:  # the marker climbed: its position is checked
                copy = Game.from_position(game.position())
                assert copy.state.extra == game.state.extra
        reached += game.state.rage >= lockdown
    assert reached, "no game climbed to the lockdown place: the test proves nothing"
