"""Clank! Legacy's rules, one test per rule of the refresher (seed 002), each set up from a
position on the shipped teaching map (Quillmere Vale) and teaching set."""

from __future__ import annotations

import copy
from collections import Counter

import numpy as np
import pytest
from legacy_helpers import legacy_game, legacy_position

import clankwidget as cw
from clankwidget import Game, IllegalAction
from clankwidget.data import Board, CardSet, load_board, load_cards
from clankwidget.errors import BoardDataError
from clankwidget.rules import actions as A
from clankwidget.rules.legacy import Coach, LegacyRules


def path(game: Game, a: str, b: str) -> int:
    """The index of the path from ``a`` to ``b``."""
    return next(p.index for p in game.board.paths if {p.a, p.b} == {a, b})


def me(game: Game):
    return game.current_player


# -- set-up ---------------------------------------------------------------------------


@pytest.mark.parametrize(("n", "rage_space"), [(2, 2), (3, 1), (4, 0)])
def test_setup_by_player_count(n, rage_space):
    game = Game.new("legacy", players=n, seed=3)
    s = game.state
    assert s.rage == rage_space  # first space with four, second with three, third with two
    assert s.bag == {"black": 24}
    assert [s.clank_area[p.colour] for p in s.players] == [3, 2, 1, 0][:n]
    for p in s.players:
        assert p.supply + s.clank_area[p.colour] == 30 and p.space == "hq"
        assert len(p.hand) == 5
        assert Counter(p.all_cards) == {"burgle": 6, "stumble": 2, "sidestep": 1, "scramble": 1}
    assert s.reserve == {"mercenary": 15, "explore": 15, "mysterious-tome": 12, "cultist": None}
    assert s.extra["mugs"] == n
    assert s.extra["fruit"] == {"thornwood": True, "moon-orchard": True}
    assert len(s.extra["bank"]) == 20 and all(t["kind"] == "minor" for t in s.extra["bank"])
    assert {k: len(v) for k, v in s.space_tokens.items()} == {
        "chapel": 1,
        "ember-hall": 1,
        "wyrm-nest": 1,
    }
    assert len(s.extra["bank_majors"]) == 2  # the extra majors wait in the Bank
    assert sorted(s.artifacts.values()) == [5, 10, 15, 20, 25, 30]
    assert s.market == {"canoe": 4, "master-key": 4, "company-banner": 4}


def test_the_opening_row_holds_no_event_and_no_dragon_attack():
    for seed in range(40):
        game = Game.new("legacy", players=2, seed=seed)
        cards = [game.rules.card(c) for c in game.state.row]
        assert len(cards) == 6
        assert not any(c.dragon or c.banner == "event" for c in cards)
        total = Counter(game.state.dungeon_deck + game.state.row)
        assert sum(total.values()) == 51  # the set-aside cards went back into the deck


def test_contracts_and_a_patron_come_from_the_options():
    game = Game.new(
        "legacy",
        players=2,
        seed=1,
        options={"contracts": ["survey-lake", "rainy-day"], "patron": "patron-hermit"},
    )
    assert game.state.reserve["patron-hermit"] == 1
    assert [c["id"] for c in game.state.extra["contracts"]] == ["survey-lake", "rainy-day"]
    assert any("Contract: Survey the Lake" in line for line in game.log)
    with pytest.raises(ValueError, match="option 'contracts' must list contract ids"):
        Game.new("legacy", options={"contracts": ["steal-the-moon"]})
    with pytest.raises(ValueError, match="option 'patron' must be one of"):
        Game.new("legacy", options={"patron": "mercenary"})
    for bad in ({"contracts": [["survey-lake"]]}, {"contracts": [{}]}, {"patron": ["x"]}):
        with pytest.raises(ValueError, match="must"):  # (not a TypeError from a dict lookup)
            Game.new("legacy", options=bad)


def test_a_waypoint_without_a_passage_names_the_file_and_path():
    doc = copy.deepcopy(load_board("legacy-teaching").raw)
    doc["spaces"][1]["waypoint"] = 42
    board = Board.from_dict(doc, source="bad-board.json")
    with pytest.raises(BoardDataError, match=r"bad-board.json.*\$\.spaces\[1\]\.waypoint"):
        LegacyRules(board, load_cards("legacy-teaching"))
    cards = copy.deepcopy(load_cards("legacy-teaching").raw)
    del cards["legacy"]
    with pytest.raises(BoardDataError, match=r"\$\.legacy"):
        LegacyRules(load_board("legacy-teaching"), CardSet.from_dict(cards, source="c.json"))


# -- the turn ---------------------------------------------------------------------------


def test_every_card_is_played_and_unspent_resources_are_lost():
    game = legacy_game(hands={"blue": ["burgle", "burgle", "sidestep", "scramble", "burgle"]})
    with pytest.raises(IllegalAction, match="play every card"):
        game.apply(A.EndTurn())
    for cid in list(me(game).hand):
        game.apply(A.Play(cid))
    blue = me(game)
    assert (blue.skill, blue.boots) == (4, 2)
    game.apply(A.EndTurn())
    assert (blue.skill, blue.boots, blue.swords) == (0, 0, 0)


def test_the_cultist_is_never_discarded_and_fought_again_and_again():
    game = legacy_game(hands={"blue": ["mercenary", "mercenary", "burgle", "burgle", "burgle"]})
    game.apply(A.Play("mercenary"))
    game.apply(A.Play("mercenary"))
    game.apply(A.DefeatReserve("cultist"))
    game.apply(A.DefeatReserve("cultist"))
    assert me(game).gold == 2 and game.state.reserve["cultist"] is None
    assert "cultist" not in game.state.dungeon_discard
    with pytest.raises(IllegalAction, match="needs 2 Swords"):
        game.apply(A.DefeatReserve("cultist"))


def test_an_illegal_action_changes_nothing_and_says_why():
    game = legacy_game()
    before = game.state.to_dict()
    with pytest.raises(IllegalAction, match="there is no coach stop here"):
        game.apply(Coach("coach-ford"))
    assert game.state.to_dict() == before


# -- movement ---------------------------------------------------------------------------


def test_entering_a_forest_stops_boots_but_not_teleports():
    game = legacy_game(
        changes={"players": {"blue": {"space": "lamp-street", "boots": 3, "teleports": 1}}}
    )
    game.apply(A.Move(path(game, "lamp-street", "thornwood")))
    blue = me(game)
    assert blue.exhausted and blue.boots == 2
    with pytest.raises(IllegalAction, match="cannot use Boots again"):
        game.apply(A.Move(path(game, "thornwood", "moon-orchard")))
    game.apply(A.Teleport("moon-orchard"))  # teleport still works
    assert blue.space == "moon-orchard"


def test_footprint_monster_and_one_way_paths():
    game = legacy_game(
        changes={"players": {"blue": {"space": "tollbridge", "boots": 3, "swords": 0}}}
    )
    game.apply(A.Move(path(game, "tollbridge", "signpost")))  # footprints: 2 Boots
    assert me(game).boots == 1
    assert game.state.pending["passage"] == 1  # the waypoint reads its passage
    game.apply(A.Choose(2))
    game.apply(A.Move(path(game, "signpost", "fox-den"), swords=0))  # a monster: 1 damage
    assert me(game).damage == 1
    g2 = legacy_game(changes={"players": {"blue": {"space": "ember-hall", "boots": 2}}})
    with pytest.raises(IllegalAction, match="one-way"):
        g2.apply(A.Move(path(g2, "tollbridge", "ember-hall")))


def test_water_paths_need_a_canoe_bought_in_a_town_once():
    game = legacy_game(changes={"players": {"blue": {"space": "town", "gold": 16, "boots": 2}}})
    game.apply(A.Buy("canoe"))
    blue = me(game)
    assert blue.gold == 9 and blue.owns("canoe") == 1
    with pytest.raises(IllegalAction, match="one of each type"):
        game.apply(A.Buy("canoe"))
    game.apply(A.Buy("master-key"))  # another type is fine
    g2 = legacy_game(changes={"players": {"blue": {"space": "reed-landing", "boots": 1}}})
    with pytest.raises(IllegalAction, match="need a Canoe"):
        g2.apply(A.Move(path(g2, "reed-landing", "mirror-lake")))
    g3 = legacy_game(changes={"players": {"blue": {"space": "lamp-street", "gold": 9}}})
    with pytest.raises(IllegalAction, match="not in a market"):
        g3.apply(A.Buy("canoe"))


def test_a_coach_costs_a_boot_and_the_gold_of_both_stops():
    game = legacy_game(
        changes={"players": {"blue": {"space": "coach-north", "boots": 1, "gold": 5}}}
    )
    assert Coach("coach-deep") in game.legal_actions()
    game.apply(Coach("coach-deep"))  # 1 + 3 Gold
    blue = me(game)
    assert (blue.space, blue.boots, blue.gold) == ("coach-deep", 0, 1)
    g2 = legacy_game(changes={"players": {"blue": {"space": "coach-north", "boots": 1, "gold": 3}}})
    with pytest.raises(IllegalAction, match="costs 4 Gold; you have 3"):
        g2.apply(Coach("coach-deep"))
    g3 = legacy_game(
        changes={
            "players": {"blue": {"space": "coach-north", "boots": 1, "gold": 9, "exhausted": True}}
        }
    )
    with pytest.raises(IllegalAction, match="cannot use Boots to move"):
        g3.apply(Coach("coach-ford"))


# -- artifacts, secrets and first-entry rewards ------------------------------------------


def test_one_artifact_for_good_raises_rage_and_opens_hq():
    game = legacy_game(changes={"players": {"blue": {"space": "fox-den", "boots": 2}}})
    rage = game.state.rage
    with pytest.raises(IllegalAction, match="artifact"):
        legacy_game(changes={"players": {"blue": {"space": "lamp-street", "boots": 1}}}).apply(
            A.Move(0)
        )
    game.apply(A.TakeArtifact())
    assert me(game).artifacts == [5] and game.state.rage == rage + 1
    game.state.artifacts["fox-den"] = 7  # another one here: still only one
    with pytest.raises(IllegalAction, match="cannot carry another"):
        game.apply(A.TakeArtifact())


def test_the_gold_dragon_egg_raises_rage():
    pos = legacy_position(changes={"players": {"blue": {"space": "scorched-gate", "boots": 1}}})
    state = pos["state"]
    # move the egg (wherever the shuffle put it) onto the Ember Hall
    places = [*state["space_tokens"].values(), state["extra"]["bank_majors"]]
    stack = next(st for st in places if any(t["id"] == "gold-dragon-egg" for t in st))
    egg = next(t for t in stack if t["id"] == "gold-dragon-egg")
    stack.remove(egg)
    state["extra"]["bank_majors"] += state["space_tokens"].pop("ember-hall")
    state["space_tokens"] = {k: v for k, v in state["space_tokens"].items() if v}
    state["space_tokens"]["ember-hall"] = [egg]
    game = Game.from_position(pos, seed=1)
    rage = game.state.rage
    game.apply(A.Move(path(game, "scorched-gate", "ember-hall")))
    assert game.state.rage == rage + 1
    assert any(t["id"] == "gold-dragon-egg" for t in me(game).tokens)


def test_first_entry_rewards_once_a_turn():
    game = legacy_game(
        changes={"players": {"blue": {"space": "hq", "boots": 3}}},
    )
    blue = me(game)
    game.apply(A.Move(path(game, "hq", "lamp-street")))
    assert blue.gold == 1
    game.apply(A.Move(path(game, "lamp-street", "town")))
    game.apply(A.Move(path(game, "lamp-street", "town")))  # back: no second Gold this turn
    assert blue.gold == 1
    bank = len(game.state.extra["bank"])
    g2 = legacy_game(changes={"players": {"blue": {"space": "coach-north", "boots": 3}}})
    g2.apply(A.Move(path(g2, "coach-north", "old-mill")))
    assert len(g2.state.extra["bank"]) == bank - 1  # a minor secret from the Bank
    g2.apply(A.Move(path(g2, "coach-north", "old-mill")))
    g2.apply(A.Move(path(g2, "coach-north", "old-mill")))
    assert len(g2.state.extra["bank"]) == bank - 1  # once a turn


def test_mystic_fruit_is_eaten_once_and_regrows_with_the_harvest_event():
    game = legacy_game(
        changes={
            "players": {"blue": {"space": "coach-north", "boots": 1, "damage": 3, "supply": 24}}
        },
        row=[None, "ferryman", "quiet-ledger", "road-map", "field-intern", "hedge-witch"],
        top=["event-harvest"],
        hands={"blue": []},
    )
    game.apply(A.Move(path(game, "coach-north", "moon-orchard")))
    assert me(game).damage == 1 and game.state.extra["fruit"]["moon-orchard"] is False
    game.apply(A.EndTurn())  # the refill reveals the Harvest Moon
    assert game.state.extra["fruit"]["moon-orchard"] is True


def test_a_waypoint_pauses_on_a_passage_read_once_and_gold_options_need_gold():
    game = legacy_game(changes={"players": {"blue": {"space": "chapel", "boots": 3, "gold": 1}}})
    game.apply(A.Move(path(game, "chapel", "tollbridge")))
    assert game.state.pending["prompt"].startswith("Passage 2")
    legal = game.legal_actions()
    assert legal == [A.Choose(1), A.Choose(2)]  # paying 2 Gold is not offered with 1 Gold
    with pytest.raises(IllegalAction, match="finish the pending choice"):
        game.apply(A.EndTurn())
    with pytest.raises(IllegalAction, match="costs 2 Gold; you have 1"):
        game.apply(A.Choose(0))
    game.apply(A.Choose(1))
    blue = me(game)
    assert blue.skill == 2 and game.state.clank_area["blue"] == 3 + 2
    game.apply(A.Move(path(game, "chapel", "tollbridge")))
    game.apply(A.Move(path(game, "chapel", "tollbridge")))
    assert game.state.pending is None  # read once


# -- Clank!, the row and the dragon ----------------------------------------------------


def test_negative_clank_leftover_is_lost_at_the_end_of_the_turn():
    game = legacy_game(
        hands={"yellow": ["smoke-bomb", "burgle", "burgle", "burgle", "burgle"]},
        changes={"current": 1},
    )
    yellow = me(game)
    assert yellow.colour == "yellow" and game.state.clank_area["yellow"] == 2
    game.apply(A.Play("smoke-bomb"))  # -2 Clank!
    assert game.state.clank_area["yellow"] == 0
    g2 = legacy_game(
        hands={"green": ["smoke-bomb", "stumble", "burgle", "burgle", "burgle"]},
        changes={"current": 2},
    )
    green = me(g2)
    g2.apply(A.Play("smoke-bomb"))  # 1 cube back, 1 left over
    g2.apply(A.Decline())  # keep the hand: no discard for Boots
    assert g2.state.clank_area["green"] == 0 and green.clank_credit == 1
    for cid in list(green.hand):
        g2.apply(A.Play(cid))
    assert g2.state.clank_area["green"] == 0  # the Stumble is cancelled this turn
    g2.apply(A.EndTurn())
    assert green.clank_credit == 0


def test_events_resolve_during_the_refill_and_the_refill_goes_on():
    row = ["ferryman", "quiet-ledger", None, "road-map", "hedge-witch", "smoke-bomb"]
    game = legacy_game(row=row, top=["field-intern", "event-storm"], hands={"blue": []})
    s = game.state
    area = dict(s.clank_area)
    game.apply(A.EndTurn())
    assert s.row[2] == "field-intern" and "event-storm" in s.dungeon_discard
    assert all(s.clank_area[c] == area[c] + 1 for c in area)  # everyone +1 Clank!


def test_one_attack_per_refill_drawing_rage_plus_danger_cards():
    row = ["brass-bugle", "cult-zealot", None, None, "quiet-ledger", "road-map"]
    game = legacy_game(row=row, top=["ash-knight", "marsh-wyrmling"], hands={"blue": []})
    s = game.state
    game.apply(A.EndTurn())
    attacks = [e for e in s.events if e["kind"] == "attack"]
    assert len(attacks) == 1  # two symbols, one attack
    assert sum(attacks[0]["drawn"].values()) == 2 + 2  # rage 2 (3 players) + 2 Danger cards


def test_off_clock_players_draw_exactly_four_or_six_cubes():
    for players, draws in ((3, 4), (2, 6)):
        row = ["brass-bugle", "cult-zealot", "field-intern", "ferryman", "quiet-ledger", "road-map"]
        game = legacy_game(
            players,
            row=row,
            hands={"blue": []},
            changes={"players": {"yellow": {"status": "knocked-out"}}},
        )
        game.apply(A.EndTurn())
        attack = [e for e in game.state.events if e["kind"] == "attack"][-1]
        assert sum(attack["drawn"].values()) == draws  # rage and Danger cards ignored
        assert game.current_player.colour != "yellow"


def test_off_clock_players_make_no_clank_and_take_no_dragon_damage():
    row = [None, "ferryman", "quiet-ledger", "road-map", "field-intern", "hedge-witch"]
    game = legacy_game(
        row=row,
        top=["event-storm"],
        hands={"blue": []},
        changes={
            "bag": {"black": 0, "yellow": 4},
            "aside": {"black": 24},
            "clank_area": {"blue": 3, "yellow": 0, "green": 1},
            "players": {"yellow": {"status": "escaped", "supply": 26}},
        },
    )
    s, (blue, yellow, green) = game.state, game.players
    supplies = blue.supply, green.supply
    game.apply(A.EndTurn())
    assert (blue.supply, green.supply) == (supplies[0] - 1, supplies[1] - 1)  # the storm
    assert yellow.supply == 26  # ...but no Clank! from an off-clock player
    drawn = [e["drawn"] for e in s.events if e["kind"] == "attack"][-1]
    assert sum(drawn.values()) == 4 and yellow.damage == 0  # drawn yellow: set aside
    assert s.aside.get("yellow", 0) == drawn.get("yellow", 0)


def test_an_empty_bag_after_an_attack_ends_the_game_with_everyone_in_knocked_out():
    game = legacy_game(
        row=[None, "ferryman", "quiet-ledger", "road-map", "field-intern", "hedge-witch"],
        top=["ash-knight"],
        hands={"blue": []},
        changes={
            "bag": {"black": 1},
            "aside": {"black": 23},
            "clank_area": {"blue": 0, "yellow": 0, "green": 0},
            "players": {
                "blue": {"supply": 30},
                "yellow": {"supply": 30},
                "green": {"supply": 30, "artifacts": [5], "space": "fox-den"},
            },
        },
    )
    game.apply(A.EndTurn())
    assert game.is_over and game.state.end_reason == "the dragon bag is empty"
    assert all(p.status == "knocked-out" for p in game.players)
    scores = game.scores()
    assert scores["green"] > 0 and scores["blue"] == scores["yellow"] == 0


# -- leaving, Mugs and scoring ------------------------------------------------------------


def test_escaping_at_the_end_of_the_turn_takes_the_cubes_out_and_a_mug():
    game = legacy_game(
        hands={"blue": ["stumble"]},
        changes={"players": {"blue": {"space": "lamp-street", "boots": 1, "artifacts": [10]}}},
    )
    s = game.state
    blue = me(game)
    game.apply(A.Move(path(game, "hq", "lamp-street")))
    assert blue.is_in  # finishes the turn first
    game.apply(A.Play("stumble"))
    assert s.clank_area["blue"] == 4
    game.apply(A.EndTurn())
    assert blue.status == "escaped" and s.clank_area["blue"] == 0
    assert blue.supply + blue.damage == 30 and s.extra["mugs"] == 2
    assert [t["points"] for t in blue.tokens if t["kind"] == "mug"] == [20]


def test_scoring_needs_an_artifact_and_ties_go_to_the_more_valuable_one():
    game = legacy_game(
        changes={
            "players": {
                "blue": {"status": "escaped", "artifacts": [10], "gold": 15},
                "yellow": {"status": "knocked-out", "artifacts": [25], "space": "town"},
                "green": {"status": "knocked-out", "artifacts": [30], "space": "glass-grotto"},
            },
            "artifacts": {"fox-den": 5, "ash-stair": 15, "wyrm-nest": 20},
            "over": True,
        }
    )
    rules, s = game.rules, game.state
    card_points = 0  # the starting deck is worth nothing
    assert game.scores() == {"blue": 10 + 15 + card_points, "yellow": 25, "green": 0}
    assert game.winners() == ["yellow"]  # 25 = 25: the more valuable artifact wins
    assert rules.scores(s)[2] == 0  # knocked out in the Danger Zone: nothing


def test_a_contract_is_completed_at_the_end_of_the_turn_by_whoever_meets_it():
    game = legacy_game(
        options={"contracts": ["rainy-day", "deep-delivery"]},
        hands={"blue": []},
        changes={"players": {"blue": {"gold": 6}}},
    )
    game.apply(A.EndTurn())
    s = game.state
    assert s.extra["contracts"] == [
        {"id": "rainy-day", "done": "blue"},
        {"id": "deep-delivery", "done": None},
    ]
    blue = game.players[0]
    assert [t["points"] for t in blue.tokens if t["kind"] == "contract"] == [5]


def test_the_adventure_deck_is_reshuffled_from_its_discard_pile():
    pos = legacy_position(
        row=[None, "ferryman", "quiet-ledger", "road-map", "field-intern", "hedge-witch"],
        hands={"blue": []},
    )
    state = pos["state"]
    state["dungeon_discard"], state["dungeon_deck"] = state["dungeon_deck"], []
    game = Game.from_position(pos, seed=1)
    s = game.state
    game.apply(A.EndTurn())
    assert not game.is_over and s.row[0] is not None
    assert any("shuffled into a new one" in line for line in game.log)


def test_kept_tokens_and_market_items_score():
    game = legacy_game(
        changes={"players": {"blue": {"space": "town", "gold": 7, "artifacts": [5]}}}
    )
    game.apply(A.Buy("company-banner"))
    assert game.scores()["blue"] == 5 + 8


def test_random_seeded_games_end_and_can_be_replayed():
    rng = np.random.default_rng(0)
    game = Game.new("legacy", players=3, seed=11)
    while not game.is_over:
        legal = game.legal_actions()
        game.apply(legal[int(rng.integers(len(legal)))])
    assert game.replay().state.to_dict() == game.state.to_dict()
    again = Game.from_json(game.to_json())
    assert again.state.to_dict() == game.state.to_dict()
    assert cw.edition("legacy").has_engine


def test_acquiring_the_mysterious_tome_scores_seven():
    game = legacy_game(changes={"players": {"blue": {"skill": 7, "artifacts": [5]}}})
    before = game.scores()["blue"]
    game.apply(A.AcquireReserve("mysterious-tome"))
    assert game.scores()["blue"] == before + 7


def test_a_kept_secret_is_used_later():
    tonic = {"kind": "minor", "id": "tonic", "name": "Tonic", "keep": True, "use": [{"heal": 1}]}
    game = legacy_game(
        changes={"players": {"blue": {"damage": 2, "supply": 25, "tokens": [tonic]}}}
    )
    game.apply(A.UseToken("tonic"))
    assert me(game).damage == 1


def test_undo_restores_a_coach_ride_and_stops_at_a_secret_from_the_bank():
    game = legacy_game(
        changes={"players": {"blue": {"space": "coach-north", "boots": 2, "gold": 4}}}
    )
    before = game.state.to_dict()
    game.apply(Coach("coach-ford"))
    game.undo()
    assert game.state.to_dict() == before
    game.apply(A.Move(path(game, "coach-north", "old-mill")))  # a minor secret is revealed
    assert not game.can_undo
    saved = Game.from_json(game.to_json())
    assert saved.state.to_dict() == game.state.to_dict()


def test_first_entry_card_draw_and_healing_once_a_turn():
    game = legacy_game(
        hands={"blue": []},
        changes={
            "players": {"blue": {"space": "coach-ford", "boots": 3, "damage": 2, "supply": 25}}
        },
    )
    blue = me(game)
    game.apply(A.Move(path(game, "coach-ford", "sunken-library")))  # draw 1 (and the Bank)
    assert len(blue.hand) == 1
    game.apply(A.Move(path(game, "coach-ford", "sunken-library")))
    game.apply(A.Move(path(game, "coach-ford", "sunken-library")))
    assert len(blue.hand) == 1  # not again this turn
    g2 = legacy_game(
        changes={
            "players": {"blue": {"space": "moon-orchard", "boots": 3, "damage": 2, "supply": 25}}
        }
    )
    g2.state.extra["fruit"]["moon-orchard"] = False  # nothing else heals on the way
    g2.apply(A.Move(path(g2, "moon-orchard", "chapel")))
    assert me(g2).damage == 1
    g2.apply(A.Move(path(g2, "moon-orchard", "chapel")))
    g2.apply(A.Move(path(g2, "moon-orchard", "chapel")))
    assert me(g2).damage == 1


def test_no_voluntary_damage_into_a_full_meter_or_from_an_empty_supply():
    game = legacy_game(
        changes={"players": {"blue": {"space": "signpost", "boots": 1, "damage": 9, "supply": 18}}}
    )
    with pytest.raises(IllegalAction, match="fill your health meter"):
        game.apply(A.Move(path(game, "signpost", "fox-den")))
    g2 = legacy_game(
        changes={
            "clank_area": {"blue": 30},
            "players": {"blue": {"space": "signpost", "boots": 1, "supply": 0}},
        }
    )
    with pytest.raises(IllegalAction, match="0 cubes left"):
        g2.apply(A.Move(path(g2, "signpost", "fox-den")))


def test_a_boards_first_entry_rewards_are_effects_the_cards_know():
    """(The board schema leaves a space's ``enter`` to the edition: a Legacy map whose
    Old Mill gave ``{"bogus": 1}`` loaded, and the game crashed when someone entered.)"""
    import copy

    from clankwidget.data import Board, load_board
    from clankwidget.errors import BoardDataError

    doc = copy.deepcopy(load_board("legacy-teaching").raw)
    doc["id"] = "edited"
    i, space = next((i, s) for i, s in enumerate(doc["spaces"]) if s.get("enter"))
    for bad, says in (([{"bogus": 1}], "known effect"), ([{"gold": "x"}], "integer")):
        space["enter"] = bad
        with pytest.raises(BoardDataError, match=rf"\$\.spaces\[{i}\]\.enter\[0\].*{says}"):
            Game.new("legacy", board=Board.from_dict(doc), seed=1)
