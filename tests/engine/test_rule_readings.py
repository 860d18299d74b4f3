"""Rule readings fixed in issue 11, each set up from a position (and each failing on 0.1.0)."""

from __future__ import annotations

import copy
import itertools

import pytest

import clankwidget as cw
from clankwidget import Game, IllegalAction
from clankwidget.data import Board, load_board
from clankwidget.rules import ship as ship_rules
from clankwidget.rules.actions import Buy, Choose, EndTurn, Move, Play, TakeSecret
from clankwidget.rules.pulsarcade import ClaimCabinet, Thrill
from clankwidget.rules.space import Telepad, assemble_ship, load_edition


def _from(changes, players=3, seed=1, edition="clank") -> Game:
    """A game from a position: a fresh set-up with ``changes`` (what they do not name makes
    up the difference: cards come from where they were, cubes from the supply)."""
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


# ---------------------------------------------------------------- 1. Clank! made this turn


def _arcade_after_two_alarm_drones() -> Game:
    """Blue ends a turn; two Alarm Drones arrive (+2 Clank! for everyone, each)."""
    changes = {
        "players": {"blue": {"hand": []}},
        "row": {"0": None, "1": None},
        "dungeon_deck": {"-1": "alarm-drone", "-2": "alarm-drone"},
    }
    game = _from(changes, players=2, edition="pulsarcade")
    game.apply(EndTurn())
    assert game.current_player.colour == "yellow"
    return game


def test_ping_and_the_theater_do_not_count_clank_made_before_the_turn_began():
    game = _arcade_after_two_alarm_drones()
    yellow = game.current_player
    assert game.state.clank_area["yellow"] >= 4  # the drones' cubes are in the area...
    assert yellow.clank_made == 0  # ...but yellow made none of them this turn
    legal = game.legal_actions()
    assert ClaimCabinet("ping") not in legal
    assert Thrill() not in legal
    with pytest.raises(IllegalAction, match="make 4 Clank! this turn"):
        game.apply(ClaimCabinet("ping"))


def test_clank_made_in_the_turn_counts_and_negative_clank_before_cancels_it():
    hand = ["silent-soles", "stumble", "stumble"]
    # nothing of blue's in the area
    changes = {"players": {"blue": {"hand": hand}}, "clank_area": {"blue": 0}}
    game = _from(changes, players=2, edition="pulsarcade")
    blue = game.current_player
    game.apply(Play("silent-soles"))  # -2 Clank! first: it cancels the next two
    game.apply(Play("stumble"))
    game.apply(Play("stumble"))
    assert blue.clank_made == 0 and game.state.clank_area["blue"] == 0


# ---------------------------------------------------------------- 2. two telepads on every ship


def _every_ship(edition: str):
    """Every set of module sides an edition's ship can be assembled from."""
    ship = load_edition(edition)["ship"]
    for pairs in itertools.combinations(ship["sides"], len(ship["positions"])):
        for sides in itertools.product(*pairs):
            yield list(sides)


@pytest.mark.parametrize("edition", ["space", "pulsarcade"])
def test_every_ship_that_can_be_assembled_has_two_telepads(edition):
    count = 0
    for sides in _every_ship(edition):
        ship = assemble_ship(sides, edition=edition)
        pads = [sp.id for sp in ship.spaces if sp.telepad]
        assert len(pads) >= 2, f"{sides}: telepads {pads}"
        count += 1
    assert count == {"space": 8, "pulsarcade": 160}[edition]


def test_q_alert_can_be_claimed_on_the_recommended_pulsarcade_ship():
    fresh = cw.position("pulsarcade", players=2, seed=1)
    pads = [sp["id"] for sp in fresh["board"]["spaces"] if sp.get("telepad")]
    assert len(pads) >= 2
    telepass = {
        "kind": "market",
        "id": "telepass",
        "name": "TelePass",
        "points": 5,
        "grants": "telepass",
    }
    changes = {
        "players": {"blue": {"space": pads[0], "tokens": [telepass]}},
        "market": {"telepass": fresh["state"]["market"]["telepass"] - 1},
    }
    game = _from(changes, players=2, edition="pulsarcade")
    game.apply(Telepad(pads[1]))
    game.apply(ClaimCabinet("q-alert"))
    assert "q-alert" in game.current_player.extra["cabinets"]


def test_a_ship_with_fewer_than_two_telepads_is_refused_at_assembly(monkeypatch):
    # a transcribed Corridor with one telepad, in a ship whose modules have none
    doc = copy.deepcopy(load_board("space-corridor").raw)
    for sp in doc["spaces"]:
        if sp["id"] != "co-pad":
            sp.pop("telepad", None)
    corridor = Board.from_dict(doc, source="<a corridor with one telepad>")
    real = ship_rules.load_board
    monkeypatch.setattr(
        ship_rules, "load_board", lambda name: corridor if name == "space-corridor" else real(name)
    )
    with pytest.raises(ValueError, match="two telepads or more .* have 1: co-pad"):
        assemble_ship(["space-greenhouse", "space-reactor", "space-gymnasium"])
    ship = assemble_ship(["space-armory", "space-reactor", "space-gymnasium"])
    assert [sp.id for sp in ship.spaces if sp.telepad] == ["co-pad", "ar-pad"]


# ---------------------------------------------------------------- 3. a secret may be left


def _path(game: Game, a: str, b: str) -> int:
    return next(path.index for path in game.board.paths if {path.a, path.b} == {a, b})


def _at_the_dock_with_boots(boots: int, edition: str = "space") -> Game:
    return _from({"players": {"blue": {"hand": [], "boots": boots}}}, 2, edition=edition)


def test_a_space_secret_is_offered_on_first_entry_and_may_be_left():
    game = _at_the_dock_with_boots(6)
    s, blue = game.state, game.current_player
    stack = list(s.space_tokens["cb-crates"])
    crates = _path(game, "cb-dock", "cb-crates")
    game.apply(Move(crates))
    assert s.space_tokens["cb-crates"] == stack and not blue.tokens  # not taken by itself
    assert TakeSecret() in game.legal_actions()
    # leaving without it: it stays, and coming back is not a first entry
    game.apply(Move(crates))
    assert TakeSecret() not in game.legal_actions()
    game.apply(Move(crates))
    assert TakeSecret() not in game.legal_actions()
    with pytest.raises(IllegalAction, match="first entry"):
        game.apply(TakeSecret())
    assert s.space_tokens["cb-crates"] == stack and not blue.tokens


def test_taking_the_secret_takes_the_top_token_once():
    game = _at_the_dock_with_boots(2)
    s, blue = game.state, game.current_player
    top = s.space_tokens["cb-crates"][0]
    game.apply(Move(_path(game, "cb-dock", "cb-crates")))
    game.apply(TakeSecret())
    assert top["name"] in game.state.log[-1] or any(top["name"] in line for line in s.log[-4:])
    assert s.space_tokens.get("cb-crates", [None])[0] is not top
    assert TakeSecret() not in game.legal_actions()
    kept = top.get("keep") or top.get("use")
    assert (top in blue.tokens) == bool(kept)


def test_clank_secrets_are_still_collected_on_entry():
    # the Clank! source: a thief takes one secret or idol on entering a room
    game = Game.new("clank", players=2, seed=1)
    assert "take-secret" not in {a.kind for a in game.legal_actions()}
    with pytest.raises(IllegalAction, match="no 'take-secret' action"):
        game.apply(TakeSecret())


# ---------------------------------------------------------------- 4. which clone the hunter gets


def _vats(state: dict) -> dict:
    return next(m for m in state["extra"]["modules"].values() if "vats" in m)


def _hunter_strikes_after_yellows_turn(blue_vats) -> Game:
    """Blue has clones in ``blue_vats``; Yellow ends the turn, a Boss Attack card arrives
    and the bag holds one red cube and nothing else: the bounty hunter hits everyone."""
    s = cw.position("pulsarcade", players=2, seed=1)["state"]
    module = next(name for name, m in s["extra"]["modules"].items() if "vats" in m)
    level, k = next((lv, k) for lv, k in s["extra"]["hunters"].items() if k)
    changes = {
        "current": 1,
        "players": {"yellow": {"hand": []}},
        "clank_area": {"blue": 0, "yellow": 0},
        # blue's clones (cubes from blue's supply); one bounty hunter moved into the bag
        "extra": {
            "modules": {module: {"vats": {vat: ["blue"] for vat in blue_vats}}},
            "hunters": {level: k - 1},
        },
        "bag": {"black": 0, "red": 1},
        "aside": {"black": s["bag"]["black"]},
        "row": {"0": None},
        "dungeon_deck": {"-1": "crime-boss-vex"},  # a Boss Attack symbol
    }
    game = _from(changes, players=2, edition="pulsarcade")
    assert [p.supply for p in game.players] == [30 - len(blue_vats), 30]
    game.apply(EndTurn())
    return game


def test_a_thief_with_clones_in_two_vats_chooses_which_the_hunter_got():
    game = _hunter_strikes_after_yellows_turn(["cv-vat-1", "cv-vat-2"])
    s = game.state
    blue, yellow = s.players
    assert yellow.damage == 1 and blue.damage == 0
    assert s.clank_area["blue"] == 1  # the clone's cube, at once
    assert any("gets one of Blue's clones" in line for line in s.log)
    assert game.rules.clones(s, blue) == 1  # one clone left to take a hit
    # on Blue's turn: which vat?
    assert game.current_player is blue
    assert s.pending["kind"] == "clone-hit" and s.pending["values"] == ["cv-vat-1", "cv-vat-2"]
    game.apply(Choose(1))
    vats = _vats(game.position()["state"])["vats"]
    assert vats["cv-vat-1"] == ["blue"] and vats["cv-vat-2"] == []
    assert "clone in" in s.log[-1] and s.events[-1]["clone"] == "cv-vat-2"
    census = game.rules.cube_census(s)
    assert census["blue"] == game.rules.setup_numbers["cubes"]


def test_a_single_clone_takes_the_hit_and_the_log_says_so():
    game = _hunter_strikes_after_yellows_turn(["cv-vat-3"])
    s = game.state
    assert s.players[0].damage == 0 and s.pending is None
    assert _vats(game.position()["state"])["vats"]["cv-vat-3"] == []
    line = next(i for i, text in enumerate(s.log) if "clone in" in text)
    assert s.events[line] == {
        "kind": "attack",
        "actor": "blue",
        "clone": "cv-vat-3",
    }


# ---------------------------------------------------------------- 5. the MCP replaces Command


def test_a_pulsarcade_ship_with_the_command_module_is_refused():
    with pytest.raises(ValueError, match="'space-command' is a command piece that 'pulsarcade'"):
        Game.new("pulsarcade", modules=[*_ARCADE, "space-command"], seed=1)
    with pytest.raises(ValueError, match="'space-command' is a command piece"):
        assemble_ship(
            {
                "command": "space-command",
                **dict(zip(("fore", "mid", "aft"), _ARCADE)),
            },
            edition="pulsarcade",
        )
    # a saved or hand-made Pulsarcade position on a Command-module ship is refused too
    pos = cw.position("pulsarcade", players=2, seed=1)
    ship = assemble_ship([*_ARCADE, "space-command"], edition="space")
    pos["board"] = ship.raw
    with pytest.raises(cw.PositionError, match="the MCP replaces the Command module"):
        Game.from_position(pos, seed=0)


_ARCADE = ["space-greenhouse", "space-reactor", "space-sickbay"]


# ---------------------------------------------------------------- 6. the Magic Spring


def _spring_in_whisper_well(**blue):
    """Blue holds a Stumble and a Sidestep; the Whisper Well's top secret is a Purging
    Spring (the teaching set's Magic Spring)."""
    tokens = cw.position("clank", players=2, seed=1)["state"]["space_tokens"]
    room = next(r for r, st in tokens.items() if st[0]["id"] == "purging-spring")
    well, there = tokens["whisper-well"], tokens[room]
    well[0], there[0] = there[0], well[0]
    blue = {"hand": ["stumble", "sidestep"], **blue}
    changes = {"players": {"blue": blue}, "space_tokens": {"whisper-well": well, room: there}}
    return _from(changes, players=2)


def test_the_magic_spring_trashes_at_the_end_of_the_turn_not_on_entry():
    game = _spring_in_whisper_well()
    s, blue = game.state, game.current_player
    game.apply(Play("sidestep"))
    game.apply(Move(_path(game, "entrance", "whisper-well")))
    assert s.pending is None  # an unplayed Stumble cannot be trashed on entry
    assert any("Purging Spring" in line for line in s.log[-2:])
    game.apply(Play("stumble"))
    game.apply(EndTurn())  # the spring asks now: hand empty, played cards included
    assert s.pending["kind"] == "trash" and s.pending["prompt"].startswith("Purging Spring")
    assert not s.pending["optional"] and ["play", "stumble"] in s.pending["values"]
    assert game.current_player is blue and blue.hand == []
    game.apply(Choose(s.pending["values"].index(["play", "stumble"])))
    assert s.trash == ["stumble"] and blue.all_cards.count("stumble") == 1
    assert game.current_player is not blue and len(blue.hand) == 5  # the turn ended


def test_two_springs_in_one_turn_ask_twice_then_the_turn_ends():
    # a spring taken earlier this turn already waits for the end of the turn
    spring = {
        "source": "purging-spring",
        "effects": [{"trash": {"from": ["hand", "discard", "play"], "optional": False}}],
    }  # (as the card set's Purging Spring makes it wait)
    game = _spring_in_whisper_well(turn_flags={"turn_end": [spring]})
    s, blue = game.state, game.current_player
    game.apply(Play("sidestep"))
    game.apply(Move(_path(game, "entrance", "whisper-well")))
    game.apply(Play("stumble"))
    game.apply(EndTurn())
    game.apply(Choose(0))
    assert s.pending is not None and game.current_player is blue
    game.apply(Choose(0))
    assert s.pending is None and game.current_player is not blue
    assert len(s.trash) == 2


# ---------------------------------------------------------------- 7. "if" bonuses and play order


def _at_the_cellar_steps(hand):
    return _from({"players": {"blue": {"space": "cellar-steps", "hand": hand}}}, players=2)


def test_a_depths_bonus_is_decided_when_the_card_is_played():
    game = _at_the_cellar_steps(["deep-delver", "sidestep"])
    blue = game.current_player
    game.apply(Play("sidestep"))
    game.apply(Play("deep-delver"))  # above the Depths: +1 Sword, no bonus
    assert (blue.swords, blue.boots) == (1, 1)
    game.apply(Move(_path(game, "cellar-steps", "stair-foot")))
    assert game.rules.board.space(blue.space).depths
    assert (blue.swords, blue.boots) == (1, 0)  # going down later does not pay it
    assert blue.held == []


def test_a_depths_bonus_played_in_the_depths_pays_at_once():
    game = _at_the_cellar_steps(["deep-delver", "sidestep"])
    blue = game.current_player
    game.apply(Play("sidestep"))
    game.apply(Move(_path(game, "cellar-steps", "stair-foot")))
    game.apply(Play("deep-delver"))
    assert (blue.swords, blue.boots) == (2, 1)


def test_a_companion_bonus_still_counts_a_companion_played_after():
    game = _at_the_cellar_steps(["hired-brute", "mercenary"])
    blue = game.current_player
    game.apply(Play("hired-brute"))
    assert blue.swords == 2
    game.apply(Play("mercenary"))  # another companion, played after: the Brute's bonus
    assert blue.swords == 2 + 2 + 2


def test_a_contraband_bonus_is_decided_when_the_card_is_played():
    hand = ["backdoor-broker", "loaded-dice"]
    blue = {"space": "co-market", "gold": 7, "hand": hand}
    game = _from({"players": {"blue": blue}}, players=2, edition="space")
    p = game.current_player
    game.apply(Play("backdoor-broker"))  # no Contraband yet: no bonus
    gold = p.gold
    game.apply(Buy("contraband"))
    assert p.gold == gold - 7  # buying it later does not pay the first card's bonus
    game.apply(Play("loaded-dice"))  # played with Contraband owned: the bonus
    assert p.gold == gold - 7 + _plain_gold(game, "loaded-dice") + 2


def _plain_gold(game: Game, cid: str) -> int:
    return sum(e.get("gold", 0) for e in game.cards.cards[cid].play)
