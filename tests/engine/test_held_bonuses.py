"""A bonus about the other cards played this turn ("before or after": Clank!'s companions,
Clank! In! Space!'s factions) waits for the rest of the turn, also when a choice on the
same card comes before it. The choice pauses the card's effects; whatever answers it (a
choice, a decline, a row trash, a race fork, or nothing to choose from) goes on holding
the bonus as the card's play began, so a matching card played later still brings it."""

from __future__ import annotations

import copy
import json

import pytest
from test_rules_pulsarcade import RACE, at_arcade, module_state, modules
from test_rules_space import CARDS as SPACE_CARDS
from test_rules_space import COLOURS, at_ship

import clankwidget as cw
from clankwidget import Game
from clankwidget.data import CardSet, board_data_dir
from clankwidget.rules.actions import Choose, Decline, EndTurn, Play, UseToken
from clankwidget.rules.space import assemble_ship

from helpers import at, token

SKELETON_PASS = token("skeleton-pass", "Skeleton Pass", keep=True, use=[{"multipass": True}])


def _play_sleeper_first(game: Game, answer) -> None:
    """Sleeper Agent (choose: +3 Skill or +3 Swords; a Resistance ally: +1 Teleport) played
    first, its choice answered: its ally bonus waits."""
    blue = game.current_player
    game.apply(Play("sleeper-agent"))
    assert game.pending and game.pending["kind"] == "choose"
    game.apply(answer)
    assert blue.teleports == 0
    assert [h["card"] for h in blue.held] == ["sleeper-agent"]


# ---------------------------------------------------------------- Clank! In! Space!


@pytest.mark.parametrize(
    "order", [["sleeper-agent", "rebel-scout"], ["rebel-scout", "sleeper-agent"]]
)
def test_a_faction_bonus_after_a_choice_counts_a_card_played_before_or_after(order):
    game = at_ship(hand=list(order))
    blue = game.current_player
    for cid in order:
        game.apply(Play(cid))
        if game.pending:
            game.apply(Choose(0))  # +3 Skill
    assert blue.teleports == 1  # Sleeper Agent's ally bonus, in either order
    assert blue.skill == 3 + 1  # its choice and Rebel Scout's own ally bonus
    assert blue.held == []


def test_the_held_faction_bonus_is_released_later_in_the_turn_and_dropped_at_its_end():
    game = at_ship(hand=["sleeper-agent", "hack", "rebel-scout"])
    blue = game.current_player
    _play_sleeper_first(game, Choose(1))  # +3 Swords
    game.apply(Play("hack"))  # not Resistance: the bonus still waits
    assert blue.teleports == 0 and len(blue.held) == 1
    game.apply(Play("rebel-scout"))  # the other Resistance card: the bonus arrives now
    assert blue.teleports == 1 and blue.held == [] and blue.swords == 3

    alone = at_ship(hand=["sleeper-agent"])
    _play_sleeper_first(alone, Choose(0))
    alone.apply(EndTurn())  # no other Resistance card this turn: the bonus is gone
    assert alone.players[0].held == [] and alone.players[0].teleports == 0


def test_the_skeleton_pass_after_the_choice_brings_the_faction_bonus():
    game = at_ship(hand=["sleeper-agent"], tokens=[SKELETON_PASS])
    _play_sleeper_first(game, Choose(0))
    game.apply(UseToken("skeleton-pass"))  # every faction counts this turn
    assert game.current_player.teleports == 1 and game.current_player.held == []


def test_the_faction_bonus_after_a_choice_holds_in_pulsarcade_too():
    game = at_arcade(hand=["sleeper-agent", "rebel-scout"])
    _play_sleeper_first(game, Choose(1))
    game.apply(Play("rebel-scout"))
    assert game.current_player.teleports == 1


def _extras(**cards) -> dict:
    """The space-teaching card extras with ``cards`` changed (a custom card set's rules)."""
    doc = json.loads((board_data_dir() / "space" / "space-teaching.json").read_text())
    doc["cards"].update(cards)
    return doc


def _custom(edition, extras, *, pieces=None, changes=None, **blue) -> Game:
    board = assemble_ship(pieces, None, edition=edition)
    changes = copy.deepcopy(changes or {})
    changes.setdefault("players", {}).setdefault("blue", {}).update(blue)
    pos = cw.position(
        edition,
        COLOURS[:2],
        0,
        board=board,
        cards=SPACE_CARDS,
        changes=changes,
        options={"card_extras": extras},
    )
    return Game.from_position(pos, seed=0)


@pytest.mark.parametrize("answer", [Choose(0), Decline()])
def test_a_faction_bonus_after_a_row_trash_is_held(answer):
    extras = _extras(
        **{
            "grav-stomper": {
                "faction": "outlaw",
                "play": [{"row_trash": 1}],
                "ally": [{"teleport": 1}],
            }
        }
    )
    game = _custom("space", extras, hand=["grav-stomper", "quick-draw-rook"])
    blue = game.current_player
    game.apply(Play("grav-stomper"))
    assert game.pending["kind"] == "row-trash"
    game.apply(answer)
    assert blue.teleports == 0 and [h["card"] for h in blue.held] == ["grav-stomper"]
    game.apply(Play("quick-draw-rook"))  # another Outlaw card, played after
    assert blue.teleports == 1 and blue.held == []


def test_a_faction_bonus_after_a_race_fork_is_held():
    extras = _extras(
        **{"fe-lynx": {"faction": "resistance", "play": [{"race": 1}], "ally": [{"teleport": 1}]}}
    )
    at_fork = {"extra": modules(race_track={"racers": {"blue": "fork"}})}
    game = _custom(
        "pulsarcade", extras, pieces=RACE, changes=at_fork, hand=["fe-lynx", "rebel-scout"]
    )
    blue = game.current_player
    game.apply(Play("fe-lynx"))
    assert game.pending["kind"] == "race-fork"
    game.apply(Choose(0))
    assert module_state(game, "race-track")["racers"]["blue"] != "fork"
    assert blue.teleports == 0 and [h["card"] for h in blue.held] == ["fe-lynx"]
    game.apply(Play("rebel-scout"))
    assert blue.teleports == 1 and blue.held == []


# ---------------------------------------------------------------- Clank!'s companions


def _moth(**blue) -> Game:
    """Memory Moth (a companion: you may trash a card; if another companion: draw 1)."""
    return at(board="teaching-dungeon", cards="clank-teaching", space="entrance", **blue)


@pytest.mark.parametrize("answer", ["decline", "trash a card", "trash itself"])
def test_a_companion_bonus_after_a_trash_choice_counts_a_companion_played_after(answer):
    game = _moth(hand=["memory-moth", "burgle", "mercenary"], deck=["sidestep"])
    blue = game.current_player
    game.apply(Play("memory-moth"))
    assert game.pending["kind"] == "trash"
    if answer == "decline":
        game.apply(Decline())
    else:
        want = ["hand", "burgle"] if answer == "trash a card" else ["play", "memory-moth"]
        game.apply(Choose(game.pending["values"].index(want)))
    assert len(blue.hand) == (2 if answer != "trash a card" else 1)  # nothing drawn yet
    assert [h["card"] for h in blue.held] == ["memory-moth"]
    game.apply(Play("mercenary"))  # the other companion: the Moth's draw arrives
    assert blue.held == [] and blue.hand[-1:] == ["sidestep"] and blue.deck == []


def test_a_companion_bonus_after_a_choice_counts_a_companion_played_before():
    game = _moth(hand=["mercenary", "memory-moth"], deck=["burgle"])
    blue = game.current_player
    game.apply(Play("mercenary"))
    game.apply(Play("memory-moth"))
    game.apply(Decline())
    assert blue.hand == ["burgle"] and blue.held == []


def test_with_nothing_to_choose_from_the_bonus_still_waits():
    """A card whose trash finds no card goes on past it, holding its bonus all the same."""
    doc = json.loads((board_data_dir() / "cards" / "clank-teaching.json").read_text())
    moth = next(c for c in doc["cards"] if c["id"] == "memory-moth")
    moth["play"][0] = {"trash": {"from": ["discard"], "optional": True}}
    game = at(
        board="teaching-dungeon",
        cards=CardSet.from_dict(doc),
        space="entrance",
        hand=["memory-moth", "mercenary"],
        discard=[],
        deck=["burgle"],
    )
    blue = game.current_player
    game.apply(Play("memory-moth"))
    assert game.pending is None and [h["card"] for h in blue.held] == ["memory-moth"]
    game.apply(Play("mercenary"))
    assert blue.hand == ["burgle"] and blue.held == []
