"""Positions: a game's whole situation as JSON, and games started from one (issue 11)."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import clankwidget as cw
from clankwidget import Game, PositionError, SaveError, bots
from clankwidget.data import board_data_dir

from helpers import play_a_while

# editions with a map; Moonrakers' table: tests/engine/test_positions_moonrakers.py
PLAYABLE = [e.name for e in cw.editions(playable=True) if e.has("map")]


def _played(edition: str, seed: int, steps: int) -> Game:
    game = Game.new(edition, players=2 + seed % 3, seed=seed)
    players = [bots.make_bot("greedy", seed=i) for i in range(len(game.players))]
    for _ in range(steps):
        if game.is_over:
            break
        game.apply(players[game.state.current].choose(game))
    return game


@pytest.mark.parametrize("edition", PLAYABLE)
@pytest.mark.parametrize("seed", range(3))
def test_a_position_starts_a_game_with_the_same_position_and_actions(edition, seed):
    game = _played(edition, seed, steps=40 + 50 * seed)
    pos = game.position()
    json.dumps(pos)  # JSON-ready
    again = Game.from_position(pos, seed=7)
    assert again.position() == pos
    assert again.legal_actions() == game.legal_actions()
    assert again.scores() == game.scores()
    # it saves, loads, replays and undoes like any other game, and its save holds it
    for action in again.legal_actions()[:1]:
        again.apply(action)
    saved = json.loads(again.to_json())
    assert saved["setup"]["position"] == pos
    loaded = Game.from_json(again.to_json())
    assert loaded.state.to_dict() == again.state.to_dict()
    assert again.replay().state.to_dict() == again.state.to_dict()
    while again.can_undo:
        again.undo()
    assert again.position() == pos or not again.can_undo


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    edition=st.sampled_from(PLAYABLE),
    players=st.integers(2, 4),
    seed=st.integers(0, 2**32 - 1),
    steps=st.integers(0, 150),
)
def test_from_position_of_a_random_game_is_the_same_game(edition, players, seed, steps):
    """Any seeded game, stopped anywhere: its position starts a game with the same position,
    the same legal actions and scores, and the same actions from there give the same
    position whatever the new game's seed (only what is still hidden may differ)."""
    game = play_a_while(Game.new(edition, players=players, seed=seed), steps, seed)
    pos = game.position()
    again = Game.from_position(json.loads(json.dumps(pos)), seed=seed + 1)
    assert again.position() == pos
    assert again.legal_actions() == game.legal_actions()
    assert again.scores() == game.scores() and again.pending == game.pending
    assert Game.from_position(again.position(), seed=0).position() == pos


def test_the_same_seed_plays_on_the_same_way_from_a_position():
    pos = _played("clank", 1, 60).position()
    a, b = Game.from_position(pos, seed=3), Game.from_position(pos, seed=3)
    ba, bb = bots.make_bot("planner", seed=1), bots.make_bot("planner", seed=1)
    for _ in range(80):
        if a.is_over:
            break
        a.apply(ba.choose(a))
        b.apply(bb.choose(b))
    assert a.state.to_dict() == b.state.to_dict()


def test_shipped_boards_go_by_name_and_assembled_ships_whole():
    assert Game.new("clank", seed=1).position()["board"] == "teaching-dungeon"
    assert Game.new("clank", seed=1).position()["cards"] == "clank-teaching"
    assert isinstance(Game.new("space", seed=1).position()["board"], dict)


def test_a_short_description_changes_only_what_it_names():
    pos = cw.position(
        "clank",
        players=2,
        seed=1,
        changes={"players": {"blue": {"space": "cloakroom", "damage": 7, "supply": 20}}},
    )
    game = Game.from_position(pos, seed=0)
    blue, yellow = game.players
    assert (blue.space, blue.damage, blue.supply) == ("cloakroom", 7, 20)
    fresh = Game.new("clank", players=2, seed=1)
    assert yellow.to_dict() == fresh.players[1].to_dict()
    assert game.state.row == fresh.state.row
    with pytest.raises(PositionError, match=r"changes\.players\.green: no green player"):
        cw.position("clank", changes={"players": {"green": {"damage": 1}}})
    with pytest.raises(PositionError, match=r"changes\.dragon: no such field"):
        cw.position("clank", changes={"dragon": 3})


def test_what_a_description_does_not_name_makes_up_the_difference():
    fresh = Game.new("clank", players=2, seed=1)
    top = "tunnel-runner"  # three in the set, none in the row of this set-up
    assert top not in fresh.state.row
    pos = cw.position(
        "clank",
        players=2,
        seed=1,
        changes={
            "players": {"blue": {"hand": [top, "stumble"], "damage": 4}},
            "clank_area": {"yellow": 5},
            "row": {"0": top},
            "reserve": {"secret-tome": 0},
        },
    )
    s = pos["state"]
    blue, yellow = s["players"]
    old_hand = fresh.players[0].hand
    # the hand's new cards come from where they were; the old hand goes to the discard
    assert blue["hand"] == [top, "stumble"]
    assert sorted(blue["discard"] + blue["hand"] + blue["deck"]) == sorted(
        [*fresh.players[0].all_cards, top]
    )
    assert len(blue["discard"]) == len(old_hand) - (1 if "stumble" in old_hand else 0)
    # cubes come from the supply
    assert blue["supply"] == fresh.players[0].supply - 4
    assert yellow["supply"] == fresh.players[1].supply - (5 - fresh.state.clank_area["yellow"])
    # the row's old card goes under the dungeon deck; the two copies came off the deck
    assert s["row"][0] == top and s["dungeon_deck"][0] == fresh.state.row[0]
    assert len(s["dungeon_deck"]) == len(fresh.state.dungeon_deck) + 1 - 2
    assert s["dungeon_deck"].count(top) == fresh.state.dungeon_deck.count(top) - 2
    # an emptied reserve pile is out of the game
    assert s["trash"] == ["secret-tome"] * fresh.state.reserve["secret-tome"]
    Game.from_position(pos, seed=0)


def test_a_description_may_set_single_slots_and_the_top_of_the_deck():
    pos = cw.position("clank", seed=1, changes={"dungeon_deck": {"-1": "tunnel-runner"}})
    deck = pos["state"]["dungeon_deck"]
    assert deck[-1] == "tunnel-runner" and deck.count("tunnel-runner") == Game.new(
        "clank", seed=1
    ).state.dungeon_deck.count("tunnel-runner")
    with pytest.raises(PositionError, match=r"changes\.row\.9: expected an index from -6 to 5"):
        cw.position("clank", changes={"row": {"9": "tunnel-runner"}})


def test_null_takes_a_key_out_and_a_named_supply_leaves_the_rest_in_the_bag():
    fresh = Game.new("clank", players=2, seed=1).state
    gone = next(iter(fresh.artifacts))
    taken = {"supply": 1, "artifacts": [fresh.artifacts[gone]]}
    changes = {"artifacts": {gone: None}, "players": {"blue": taken}}
    s = cw.position("clank", players=2, seed=1, changes=changes)["state"]
    assert gone not in s["artifacts"] and len(s["artifacts"]) == len(fresh.artifacts) - 1
    # an artifact off the board and in nobody's hands is missing
    with pytest.raises(PositionError, match=r"\$\.state\.artifacts: .* 0 carried"):
        cw.position("clank", seed=1, changes={"artifacts": {gone: None}})
    assert s["players"][0]["supply"] == 1
    assert s["bag"]["blue"] == fresh.players[0].supply - 1
    # in the reserve, null is an unlimited pile, which only a card of the set may have
    with pytest.raises(PositionError, match=r"\$\.state\.reserve: unknown pile 'dragon'"):
        cw.position("clank", changes={"reserve": {"dragon": None}})


def test_without_balance_a_description_is_taken_as_it_is():
    with pytest.raises(PositionError, match=r"\$\.state: .*blue cubes in play"):
        cw.position("clank", changes={"players": {"blue": {"damage": 4}}}, balance=False)
    with pytest.raises(PositionError, match=r"\$\.state: .*blue cubes in play"):
        cw.position("clank", changes={"players": {"blue": {"damage": 4, "supply": 30}}})


def test_a_game_in_progress_can_be_changed_the_same_way():
    game = _played("clank", 1, 30)
    pos = game.position()
    before = copy.deepcopy(pos)
    colour = game.current_player.colour
    new = cw.positions.changed(pos, {"players": {colour: {"hand": [], "damage": 2}}})
    assert pos == before  # the position given is not changed
    again = Game.from_position(new, seed=0)
    p = again.current_player
    assert p.hand == [] and p.damage == 2
    assert sorted(p.all_cards) == sorted(game.current_player.all_cards)
    assert again.state.turn == game.state.turn and again.state.row == game.state.row
    with pytest.raises(PositionError, match=r"changes\.players\.purple: no purple player"):
        cw.positions.changed(pos, {"players": {"purple": {"damage": 1}}})


def test_the_shipped_example_loads_and_asks_the_odds():
    text = (board_data_dir() / "positions" / "last-dash.json").read_text()
    game = Game.from_position(text, seed=1)
    blue = game.players[0]
    assert blue.artifacts == [10] and blue.damage == 7
    odds = game.attack_odds()
    assert 0 < odds.expected("blue") < 5


def _fresh() -> dict:
    return Game.new("clank", players=2, seed=1).position()


def _edited(fn) -> dict:
    pos = copy.deepcopy(_fresh())
    fn(pos)
    return pos


def _damage(pos, n):
    blue = pos["state"]["players"][0]
    blue["supply"] -= n - blue["damage"]
    blue["damage"] = n


def _card_in_two_places(pos):
    pos["state"]["players"][0]["hand"].append(pos["state"]["players"][0]["deck"][0])


def _cubes_from_nowhere(pos):
    pos["state"]["bag"]["blue"] = 4


@pytest.mark.parametrize(
    ("edit", "field", "message"),
    [
        (lambda p: _damage(p, 11), r"\$\.state\.players\[0\]\.damage", "11 damage is over 10"),
        (lambda p: _damage(p, 10), r"\$\.state\.players\[0\]\.damage", "knocks blue out"),
        (_card_in_two_places, r"\$\.state", "card '.*' is in .* places"),
        (_cubes_from_nowhere, r"\$\.state", "blue cubes in play, the set-up has 30"),
        (
            lambda p: p["state"]["players"][1].update(space="the-moon"),
            r"\$\.state\.players\[1\]\.space",
            "no space 'the-moon'",
        ),
        (lambda p: p.update(edition="chess"), r"\$\.edition", "unknown edition 'chess'"),
        (lambda p: p.update(board="no-such-board"), r"\$\.board", "no-such-board"),
        (lambda p: p["state"].update(turn=0), r"\$\.state\.turn", ""),
        (lambda p: p["state"].update(rage=40), r"\$\.state\.rage", "expected 0 to"),
        (lambda p: p["state"].update(current=5), r"\$\.state\.current", "seat"),
        (lambda p: p["state"]["row"].__setitem__(0, "dragon-egg-omelette"), r"row\[0\]", "unknown"),
        (lambda p: p["state"]["players"][0].update(colour="black"), r"players", "colour 'black'"),
        (lambda p: p["state"].update(teacher="me"), r"\$\.state", "teacher"),
        (lambda p: p["state"]["players"].pop(), r"\$\.state\.players", ""),
        # (the widget's view indexed the seat; a null pile of 15 made cards from nothing)
        (lambda p: p["state"].update(countdown_player=7), r"countdown_player", "a seat from 0"),
        (lambda p: p["state"]["reserve"].update(mercenary=None), r"reserve\.mercenary", "15"),
    ],
)
def test_a_position_that_breaks_the_rules_is_refused_naming_the_field(edit, field, message):
    with pytest.raises(PositionError, match=f"{field}.*{message}"):
        Game.from_position(_edited(edit), seed=0)


def test_not_json_and_a_tampered_save_are_refused():
    with pytest.raises(PositionError, match="not JSON"):
        Game.from_position("{nope", seed=0)
    game = Game.from_position(_fresh(), seed=0)
    doc = json.loads(game.to_json())
    _damage(doc["setup"]["position"], 11)
    import hashlib

    body = {k: doc[k] for k in ("setup", "actions", "state")}
    doc["checksum"] = hashlib.sha256(
        json.dumps(body, sort_keys=True, separators=(",", ":")).encode()
    ).hexdigest()
    with pytest.raises(SaveError, match="11 damage"):
        Game.from_json(json.dumps(doc))


def test_a_refused_position_changes_nothing_it_was_given():
    pos = _edited(lambda p: _damage(p, 11))
    before = copy.deepcopy(pos)
    with pytest.raises(PositionError):
        Game.from_position(pos, seed=0)
    assert pos == before


def test_a_position_of_a_finished_game_loads_as_finished():
    game = _played("clank", 2, 5000)
    assert game.is_over
    again = Game.from_position(game.position(), seed=1)
    assert again.is_over and again.legal_actions() == []
    assert again.scores() == game.scores()
    assert np.array_equal(sorted(again.winners()), sorted(game.winners()))


def test_the_position_schema_is_shipped_beside_the_others():
    schema = json.loads(Path(board_data_dir() / "schema" / "position.schema.json").read_text())
    assert schema["properties"]["format"]["const"] == "clankwidget-position"


def test_the_widget_opens_at_a_position():
    from clankwidget.widget import play

    pos = cw.position("clank", seed=1, changes={"players": {"blue": {"space": "cloakroom"}}})
    board = play(position=pos, bots="greedy", seed=3)
    assert board.game.position() == pos
    assert board.view["players"][0]["space"] == "cloakroom"
    with pytest.raises(TypeError, match="either position= or board="):
        play(position=pos, board="teaching-dungeon")


def test_a_moonrakers_description_takes_what_it_names_from_where_it_was():
    fresh = Game.new("moonrakers", players=2, seed=1).position()["state"]
    m0 = fresh["extra"]["mr"]
    contract = m0["contract_deck"][3]
    crew = m0["crew_deck"][-1]
    changes = {
        "extra": {"mr": {"dispatch": {"0": contract}}},
        "players": {"blue": {"hand": [crew, "damage-3"], "extra": {"parts": ["salvage-arm"]}}},
    }
    s = cw.position("moonrakers", players=2, seed=1, changes=changes)["state"]
    m, blue = s["extra"]["mr"], s["players"][0]
    # a swap: the contract that was in slot 0 takes the new one's place in the deck
    assert m["dispatch"] == [contract, *m0["dispatch"][1:]]
    assert m["contract_deck"][3] == m0["dispatch"][0]
    # the crew card comes off the crew deck, the action card off the reserve, the part
    # from the offer or the deck; the old hand goes to the discard
    assert m["crew_deck"] == m0["crew_deck"][:-1]
    assert s["reserve"]["damage-3"] == fresh["reserve"]["damage-3"] - 1
    assert "salvage-arm" not in m["parts_offer"] + m["part_deck"]
    assert sorted(blue["discard"]) == sorted(fresh["players"][0]["hand"])


def _first_artifact(pos) -> tuple[str, int]:
    return next(iter(pos["state"]["artifacts"].items()))


def _carried_and_on_the_board(pos):
    pos["state"]["players"][0]["artifacts"].append(_first_artifact(pos)[1])


def _artifact_gone(pos):
    del pos["state"]["artifacts"][_first_artifact(pos)[0]]


def _artifact_moved(pos):
    pos["state"]["artifacts"][_first_artifact(pos)[0]] = 99


def _bump(*path, by=1):
    def edit(pos):
        holder = pos["state"]
        for key in path[:-1]:
            holder = holder[key]
        holder[path[-1]] += by

    return edit


def _set_extra(*path):
    def edit(pos):
        node = pos["state"]["extra"]
        for key in path[:-2]:
            node = node[key]
        node[path[-2]] = path[-1]

    return edit


def _mugs_overdrawn(pos):
    mug = {"kind": "mug", "id": "mug", "name": "Mug", "points": 20}
    pos["state"]["extra"]["mugs"] -= 3
    pos["state"]["players"][0]["tokens"] += [mug] * 3


def _bank_doubled(pos):
    pos["state"]["extra"]["bank"] *= 2


def _major_held_and_there(pos):
    there = next(t for stack in pos["state"]["space_tokens"].values() for t in stack)
    pos["state"]["players"][0]["tokens"].append(copy.deepcopy(there))


def _port_nobody_hacked(pos):
    board = cw.Game.from_position(pos, seed=0).board
    port = next(sp.id for sp in board.spaces if sp.data_port)
    pos["state"]["extra"]["ports"][port] = "blue"


@pytest.mark.parametrize(
    ("edition", "edit", "field", "message"),
    [
        ("clank", _carried_and_on_the_board, r"players\[0\]\.artifacts", "also on the board"),
        ("clank", _artifact_gone, r"\$\.state\.artifacts", "artifacts on the board and 0"),
        ("clank", _artifact_moved, r"\$\.state\.artifacts\.[a-z-]+", "no artifact worth 99"),
        ("clank", _bump("market", "master-key"), r"market\.master-key", "the set-up has 2"),
        ("clank", lambda p: p["state"]["crowns"].pop(), r"\$\.state\.crowns", "the set-up has"),
        ("legacy", _bump("extra", "mugs", by=-1), r"extra\.mugs", "mugs left and held"),
        ("space", _bump("extra", "codes"), r"extra\.codes", "codes left and held"),
        ("space", _bump("extra", "crystals"), r"extra\.crystals", "crystals left and held"),
        ("space", _bump("extra", "pods", "cb-pods", by=-1), r"extra\.pods", "pods left"),
        ("space", _bump("players", 0, "extra", "data"), r"players\[0\]\.extra\.data", "cubes"),
        ("space", _port_nobody_hacked, r"extra\.ports\.[a-z-]+", "blue did not hack it"),
        (
            "pulsarcade",
            _bump("extra", "cabinets", "ping"),
            r"extra\.cabinets",
            "ping 3.* has .*ping 2",
        ),
        ("pulsarcade", _bump("extra", "crystals", by=-1), r"extra\.crystals", "crystals"),
        # (a count that is no count crashed the census; -1 Mugs left balanced 3 held)
        ("space", _set_extra("pods", "cb-pods", "x"), r"extra\.pods\.cb-pods", "a whole number"),
        ("legacy", _mugs_overdrawn, r"extra\.mugs", "counts of 0 or more"),
        # (a Bank of thirty more secrets, or a major secret both held and on its space)
        ("legacy", _bank_doubled, r"\$\.state", "the card set has"),
        ("legacy", _major_held_and_there, r"\$\.state", "of the secret 'strongbox'"),
    ],
)
def test_components_that_are_not_conserved_are_refused(edition, edit, field, message):
    """Artifacts, the market and crowns, and a ship's codes, crystals, escape pods, data
    cubes and cabinets, Legacy's Mugs: each is somewhere, once, like the cards and cubes."""
    pos = Game.new(edition, players=2, seed=1).position()
    Game.from_position(pos, seed=0)  # the fresh set-up passes
    edit(pos)
    with pytest.raises(PositionError, match=f"{field}: .*{message}"):
        Game.from_position(pos, seed=0)


def _set(*path, value):
    def edit(pos):
        node = pos["state"]
        for key in path[:-1]:
            node = node[key]
        if value is _DELETE:
            del node[path[-1]]
        else:
            node[path[-1]] = value

    return edit


_DELETE = object()


def _first_token(pos):
    return next(stack for stack in pos["state"]["space_tokens"].values() if stack)[0]


@pytest.mark.parametrize(
    ("edition", "edit", "field", "message"),
    [
        ("legacy", _set("extra", "mugs", value=None), r"extra\.mugs", "a whole number"),
        ("legacy", _set("extra", "fruit", value=_DELETE), r"extra\.fruit", "expected this"),
        ("space", _set("extra", "ports", value=None), r"extra\.ports", "an object"),
        ("space", _set("players", 0, "extra", "hacked", value=None), r"hacked", "a list"),
        ("space", _set("players", 1, "extra", "visited", value=_DELETE), r"visited", "this"),
        ("pulsarcade", _set("players", 0, "extra", "cabinets", value=1.5), "cabinets", "list"),
        ("pulsarcade", _set("players", 0, "extra", "cabinets", value=[None]), "cabinets", "None"),
        ("clank", _set("players", 0, "tokens", value=[{"kind": "market"}]), r"tokens\[0\]", "id"),
        ("clank", lambda p: _first_token(p).pop("name"), r"space_tokens.*\[0\]", "name"),
        ("clank", lambda p: _first_token(p).update(use=99999), r"\.use", "array"),
        ("clank", lambda p: _first_token(p).update(take=[{"gold": 9}]), r"\[0\]", "card set's"),
        ("clank", _set("players", 0, "held", value=[{"card": "x"}]), r"held\[0\]", "if"),
    ],
)
def test_an_editions_own_fields_of_the_wrong_kind_are_refused(edition, edit, field, message):
    """What the schema leaves to an edition (its ``extra`` fields, tokens, held bonuses)
    is still checked: there, of the kind a set-up has, with the fields every token has."""
    pos = Game.new(edition, players=2, seed=1).position()
    edit(pos)
    with pytest.raises(PositionError, match=f"{field}.*{message}"):
        Game.from_position(pos, seed=0)


_CONTRACTS = ["survey-lake", "deep-delivery", "rainy-day", "big-ticket", "growing-team"]


def _refused_once_edited(game: Game, edit, match: str) -> None:
    """``game``'s position round-trips; edited by ``edit``, it is refused (``match``)."""
    assert Game.from_position(game.position(), seed=0).position() == game.position()
    pos = game.position()
    edit(pos)
    with pytest.raises(PositionError, match=match):
        Game.from_position(pos, seed=0)


def _contract_done() -> Game:
    """A seeded Legacy game just after blue completed a contract (growing-team)."""
    game = Game.new("legacy", players=2, seed=0, options={"contracts": _CONTRACTS})
    players = [bots.make_bot("greedy", seed=i) for i in range(2)]
    while not any(c["done"] for c in game.state.extra["contracts"]):
        game.apply(players[game.state.current].choose(game))
    return game


def _contract(i, **fields):
    return lambda pos: pos["state"]["extra"]["contracts"][i].update(fields)


def _blue_tokens(edit):
    def change(pos):
        blue = next(p for p in pos["state"]["players"] if p["colour"] == "blue")
        edit(blue["tokens"])

    return change


def _forged_contract(tokens):
    next(t for t in tokens if t["kind"] == "contract")["points"] = 99


def _forged_mug(pos):
    pos["state"]["extra"]["mugs"] -= 1
    pos["state"]["players"][0]["tokens"].append(
        {"kind": "mug", "id": "mug", "name": "Mug", "points": 99}
    )


def _turn_flags(**flags):
    return lambda pos: pos["state"]["players"][0]["turn_flags"].update(flags)


def _fruit(pos, **fields):
    pos["state"]["extra"]["fruit"].update(fields)


@pytest.mark.parametrize(
    ("edit", "field", "message"),
    [
        (_contract(0, done="purple"), r"contracts\[0\]\.done", "null or a player's colour"),
        (_contract(0, done={"a": 1}), r"contracts\[0\]\.done", "null or a player's colour"),
        (_contract(1, id="big-ticket"), r"contracts\[1\]", "'deep-delivery'"),
        (_contract(2, extra=1), r"contracts\[2\]", "'rainy-day'"),
        (lambda pos: pos["state"]["extra"]["contracts"].pop(), "contracts", "the 5 contracts"),
        (_contract(0, done="blue"), r"players\[\d\]\.tokens", "blue completed"),
        (_contract(4, done=None), r"players\[\d\]\.tokens", "blue completed"),
        (_contract(4, done="yellow"), r"players\[\d\]\.tokens", "completed"),
        (_blue_tokens(_forged_contract), r"players\[\d\]\.tokens", "blue completed"),
        (_blue_tokens(lambda tokens: tokens.clear()), r"players\[\d\]\.tokens", "completed"),
        (_forged_mug, r"players\[0\]\.tokens\[\d+\]", "'Mug', 'points': 20"),
        (lambda pos: _fruit(pos, start=True), r"extra\.fruit", "whole"),
        (lambda pos: pos["state"]["extra"]["fruit"].clear(), r"extra\.fruit", "whole"),
        # (Legacy's first-entry rewards read it as a list of spaces: 5 crashed the next move)
        (_turn_flags(entered=5), r"players\[0\]\.turn_flags\.entered", "5 is not of type"),
        # (a Bank token is drawn blind on entry: an edited one crashed the game then)
        (lambda pos: pos["state"]["extra"]["bank"].__setitem__(0, {}), r"bank\[0\]", "deals it"),
        (lambda pos: pos["state"]["extra"]["bank"][-1].update(take=0), r"bank\[\d+\]", "deals"),
        (_turn_flags(entered=["the-moon"]), r"turn_flags\.entered", "the spaces entered"),
    ],
)
def test_legacys_contracts_mugs_and_fruit_are_the_tables_own(edit, field, message):
    """The Contracts in play are the options' all game long, a done one is held as its
    own token by the player who did it, a Mug is worth what a Mug is, and the fruit grow
    where the board has them: a position cannot make up points or rewards."""
    _refused_once_edited(_contract_done(), edit, f"{field}.*{message}")


def _holding() -> Game:
    """A seeded Clank! game where a played Loyal Hound waits for a companion."""
    game = Game.new("clank", players=2, seed=0)
    players = [bots.make_bot("greedy", seed=i) for i in range(2)]
    while not any(p.held for p in game.players):
        game.apply(players[game.state.current].choose(game))
    return game


def _held(**fields):
    def edit(pos):
        held = next(p["held"] for p in pos["state"]["players"] if p["held"])
        held[0].update(fields)

    return edit


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (_held(then=[{"boots": 5}]), "a conditional effect of 'loyal-hound'"),
        (_held(then=[{"no-such-effect": 1}]), "a conditional effect of 'loyal-hound'"),
        (_held(**{"if": {"no-such-condition": True}}), "a conditional effect of 'loyal-hound'"),
        (_held(**{"if": {}}), "a conditional effect of 'loyal-hound'"),
        (_held(card="burgle"), "a conditional effect of 'burgle'"),
        (_held(card="no-such-card"), "unknown card 'no-such-card'"),
    ],
)
def test_a_held_bonus_is_its_cards_own(edit, message):
    """A bonus waiting for its condition is one of its card's conditional effects, as the
    card set (and the edition) gives it: an edited one loaded and crashed at the next
    play, or paid what the card never pays."""
    _refused_once_edited(_holding(), edit, rf"players\[\d\]\.held\[0\].*{message}")


_SPRING = {"trash": {"from": ["hand", "discard", "play"], "optional": False}}


@pytest.mark.parametrize(
    ("flags", "field", "message"),
    [
        ({"turn_end": "x"}, r"turn_flags\.turn_end", "array"),
        ({"turn_end": [{"effects": 1}]}, r"turn_flags\.turn_end\[0\]", "source"),
        ({"zzz": 1}, r"turn_flags", "zzz"),
        ({"peak_damage": -1}, r"turn_flags\.peak_damage", "minimum"),
        (
            {"turn_end": [{"source": "purging-spring", "effects": [{"gold": 9}]}]},
            r"turn_flags\.turn_end\[0\]",
            "a token of the card set does",
        ),
        (
            {"turn_end": [{"source": "lost-coins", "effects": [_SPRING]}]},
            r"turn_flags\.turn_end\[0\]",
            "a token of the card set does",
        ),
    ],
)
def test_what_a_turn_remembers_is_what_the_rules_write(flags, field, message):
    """The turn's flags are each edition's own keys, of their kinds, and what waits for
    the end of the turn is what a token of the card set makes wait (a job of 5 or of
    edited effects loaded, and ending the turn crashed or paid it)."""
    pos = Game.new("clank", players=2, seed=1).position()
    good = {"turn_end": [{"source": "purging-spring", "effects": [_SPRING]}]}
    pos["state"]["players"][0]["turn_flags"] = good
    assert Game.from_position(pos, seed=0).state.players[0].turn_flags == good
    pos["state"]["players"][0]["turn_flags"] = flags
    with pytest.raises(PositionError, match=f"{field}.*{message}"):
        Game.from_position(pos, seed=0)


_PASSAGE = {
    "kind": "choose", "prompt": "Passage 1: choose one", "text": "",
    "options": ["Take 1 Gold", "Nothing"], "values": [[{"gold": 1}], []],
    "optional": False, "player": 0, "source": "passage-1", "then": [], "passage": 1,
}  # fmt: skip


@pytest.mark.parametrize(
    ("fields", "field", "message"),
    [
        ({"kind": "x"}, r"pending\.kind", "expected one of"),
        ({"options": ["a", "b", "c"]}, r"pending\.values", "one value for each option"),
        ({"then": None}, r"pending\.then", "array"),
        ({"player": 5}, r"pending\.player", "a seat from 0 to 1"),
        ({"passage": 99}, r"pending\.passage", "a passage of 'legacy-teaching'"),
        ({"values": [[{"heal": ["x"]}], []]}, r"pending:", r"choose\(option=0\) fails"),
        ({"kind": "discard", "values": ["no-such-card", "burgle"]}, r"values\[0\]", "discard"),
        ({"kind": "trash", "values": [["hand", "x"], ["deck", "y"]]}, r"values\[0\]", "trash"),
    ],
)
def test_a_choice_waiting_is_one_its_values_answer(fields, field, message):
    """(A choice of an unknown kind, with an option too many, a passage the book lacks or
    effects of the wrong kind loaded, and answering it, or drawing it, crashed.) Besides
    the checks, every legal action is taken once on a copy when a position loads."""
    pos = Game.new("legacy", players=2, seed=1).position()
    pos["state"]["pending"] = dict(_PASSAGE)
    assert Game.from_position(pos, seed=0).pending["passage"] == 1
    pos["state"]["pending"].update(fields)
    with pytest.raises(PositionError, match=f"{field}.*{message}"):
        Game.from_position(pos, seed=0)


def test_a_legacy_game_without_contracts_takes_none_from_a_position():
    """(It loaded, and then the end of the turn looked the item up and crashed.)"""
    pos = Game.new("legacy", players=2, seed=1).position()
    pos["state"]["extra"]["contracts"] = [1]
    with pytest.raises(PositionError, match=r"extra\.contracts.*the 0 contracts"):
        Game.from_position(pos, seed=0)
    pos["state"]["extra"]["contracts"] = []
    pos["state"]["extra"]["fruit"] = {k: "eaten" for k in pos["state"]["extra"]["fruit"]}
    with pytest.raises(PositionError, match=r"extra\.fruit"):
        Game.from_position(pos, seed=0)


def test_what_a_description_gives_a_player_comes_off_the_board_market_or_supply():
    fresh = Game.new("space", players=2, seed=1).position()["state"]
    sid, value = next(iter(fresh["artifacts"].items()))
    code = {"kind": "code", "id": "command-code", "name": "Code", "grants": "code"}
    key = {"kind": "market", "id": "master-key", "name": "Key", "points": 5, "grants": "key"}
    blue = {"artifacts": [value], "tokens": [code, key], "extra": {"crystals": 2}}
    s = cw.position("space", players=2, seed=1, changes={"players": {"blue": blue}})["state"]
    assert sid not in s["artifacts"] and len(s["artifacts"]) == len(fresh["artifacts"]) - 1
    assert s["market"]["master-key"] == fresh["market"]["master-key"] - 1
    assert s["extra"]["codes"] == fresh["extra"]["codes"] - 1
    assert s["extra"]["crystals"] == fresh["extra"]["crystals"] - 2
    # a supply a change empties: the players it did not name hold the rest
    s = cw.position("space", players=2, seed=1, changes={"extra": {"crystals": 0}})["state"]
    assert s["players"][1]["extra"]["crystals"] == fresh["extra"]["crystals"]
    s = cw.position("clank", players=2, seed=1, changes={"market": {"master-key": 0}})["state"]
    held = [t["id"] for p in s["players"] for t in p["tokens"] if t["kind"] == "market"]
    assert held == ["master-key"] * Game.new("clank", seed=1).state.market["master-key"]
    # a hacked port marks the ship and spends a data cube
    port = next(sp.id for sp in Game.new("space", seed=1).board.spaces if sp.data_port)
    hacked = {"players": {"blue": {"extra": {"hacked": [port]}}}}
    s = cw.position("space", players=2, seed=1, changes=hacked)["state"]
    assert s["extra"]["ports"] == {port: "blue"}
    assert s["players"][0]["extra"]["data"] == fresh["players"][0]["extra"]["data"] - 1


def test_a_thief_who_escaped_during_their_turn_still_ends_it():
    """Seen in seeded Space games: an escape pod ends a thief's game, not their turn."""
    game = Game.new("space", players=2, seed=0)
    players = [bots.make_bot(k, seed=i) for i, k in enumerate(["random", "greedy"])]
    while game.current_player.is_in:
        game.apply(players[game.state.current].choose(game))
    assert game.current_player.status == "escaped" and not game.is_over
    again = Game.from_position(game.position(), seed=1)
    assert again.legal_actions() == game.legal_actions()
    again.apply(again.legal_actions()[0])
    assert again.current_player.is_in


@pytest.mark.parametrize("edition", [e.name for e in cw.editions(engine=True) if e.has("map")])
def test_every_position_of_a_seeded_bot_game_passes_the_checks(edition):
    """Conservation is measured against a fresh set-up: whatever the bots do (buy, hack,
    escape in a pod, take a Mug), each position they reach must still add up."""
    game = Game.new(edition, players=3, seed=11)
    players = [bots.make_bot(k, seed=i) for i, k in enumerate(["greedy", "random", "planner"])]
    for step in range(400):
        if step % 9 == 0 or game.is_over:
            cw.positions.state_from_position(game.position())
        if game.is_over:
            break
        game.apply(players[game.state.current].choose(game))


def test_a_position_at_the_schemas_highest_counts_still_plays_to_one_that_loads():
    """(Turn 100,000, the old ceiling, loaded; a turn later the game's own position was
    refused.) The ceiling is a billion: bounded and exact, and out of reach of play."""
    pos = Game.new("legacy", players=2, seed=1).position()
    pos["state"]["turn"] = 100_000
    pos["state"]["players"][0]["gold"] = 100_000
    game = Game.from_position(pos, seed=0)
    players = [bots.make_bot("greedy", seed=i) for i in range(2)]
    while game.state.turn == 100_000:
        game.apply(players[game.state.current].choose(game))
    assert Game.from_position(game.position(), seed=0).state.turn == 100_001
    pos["state"]["turn"] = 10**9 + 1
    with pytest.raises(PositionError, match=r"\$\.state\.turn"):
        Game.from_position(pos, seed=0)


def test_a_secret_a_description_gives_comes_off_the_bank_or_a_space():
    """No more of a secret than the card set has: one given to a player is taken from
    where the set-up left one (Legacy's Bank, else a space), unless the change names it."""
    tonic = {"kind": "minor", "id": "tonic", "name": "Tonic", "keep": True, "use": [{"heal": 1}]}
    fresh = cw.position("legacy", players=2, seed=1)
    given = cw.position(
        "legacy", players=2, seed=1, changes={"players": {"blue": {"tokens": [tonic]}}}
    )

    def tonics(pos, where):
        state = pos["state"]
        tokens = {
            "bank": state["extra"]["bank"],
            "spaces": [t for stack in state["space_tokens"].values() for t in stack],
        }[where]
        return sum(t["id"] == "tonic" for t in tokens)

    left = tonics(fresh, "bank") + tonics(fresh, "spaces")
    assert tonics(given, "bank") + tonics(given, "spaces") == left - 1
    assert Game.from_position(given, seed=0).players[0].tokens[-1]["id"] == "tonic"


def test_a_thief_carries_no_more_artifacts_than_room_for():
    arts = sorted(cw.position("clank", players=2)["state"]["artifacts"].values())
    two = {"players": {"blue": {"artifacts": arts[:2]}}}
    with pytest.raises(PositionError) as refused:
        cw.position("clank", players=2, changes=two)
    assert refused.value.field == "$.state.players[0].artifacts"
    assert "2 artifacts carried, Blue may carry 1 (a Backpack holds one more)" in str(refused.value)
    # with a Backpack bought from the market, two fit
    item = next(i for i in Game.new("clank").rules.cards.market if i["grants"] == "backpack")
    backpack = {"kind": "market", **{k: item[k] for k in ("id", "name", "points", "grants")}}
    two["players"]["blue"]["tokens"] = [backpack]
    game = Game.from_position(cw.position("clank", players=2, changes=two))
    assert game.players[0].artifacts == arts[:2]
    assert game.state.market["backpack"] == item["count"] - 1
    # Legacy sells no Backpack: one artifact, and no word of one
    with pytest.raises(PositionError, match=r"may carry 1$"):
        cw.position("legacy", players=2, changes={"players": {"blue": {"artifacts": [5, 10]}}})
