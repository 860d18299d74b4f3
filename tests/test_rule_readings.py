"""Rule readings fixed in issue 11, each set up from a position (and each failing on 0.1.0)."""

from __future__ import annotations

import clankwidget as cw
from clankwidget import Game
from clankwidget.rules.actions import Choose


def _from(changes, players=3, seed=1, edition="clank") -> Game:
    return Game.from_position(
        cw.position(edition, players=players, seed=seed, changes=changes), seed=0
    )


def test_attack_odds_leave_out_players_who_are_out_and_count_their_cubes_as_harmless():
    # green (third seat) starts with 1 Clank!: knock green out, its cubes still in the bag
    game = _from(
        {
            "players": {"green": {"status": "knocked-out", "damage": 10, "supply": 19}},
            "bag": {"black": 24, "green": 1},
            "clank_area": {"blue": 3, "yellow": 2, "green": 0},
        }
    )
    odds = game.attack_odds()
    assert odds.colours == ("blue", "yellow")
    cubes, _ = game.attack_cubes()
    assert cubes == {"black": 25, "blue": 3, "yellow": 2}


def test_attack_odds_count_the_countdown_extra_cubes_by_themselves():
    # blue escaped; the countdown marker is on its first space: the next attack draws +1
    escaped = {"status": "escaped", "space": "entrance", "artifacts": [5]}
    game = _from(
        {"players": {"blue": escaped}, "countdown": 1, "countdown_player": 0, "current": 1},
        players=2,
    )
    track = game.rules.setup_numbers["countdown"]
    base = game.rules.rage_value(game.state) + game.rules.dangers(game.state)
    assert game.countdown_extra() == track[1] == 1
    assert game.attack_cubes()[1] == base + 1
    assert game.attack_cubes(extra=0)[1] == base
    assert game.attack_odds().draws == base + 1


def test_a_prompt_from_a_secret_names_it_not_its_id():
    game = Game.new("clank", players=2, seed=1)
    rules = game.rules
    blue = game.players[0]
    assert rules.source_name("purging-spring") == "Purging Spring"
    rules.open_choice(game.state, blue, {"trash": {"optional": False}}, "purging-spring", [])
    assert game.pending["prompt"].startswith("Purging Spring: trash a card")
    game.apply(Choose(0))
