"""One scenario per rule of Clank! In! Space! (seed 001), on the assembled teaching ship.

Set-up tests build games the way ``Game.new`` builds them (``Game._from_setup`` with an
assembled ship and the space-teaching card set); rule tests start from a position
(``at_ship``: a fresh set-up with only what the situation needs changed). The first-game ship is Cargo Bay + Corridor + Command with the
Greenhouse Deck (fore), Reactor Core (mid) and Sick Bay (aft).
"""

from __future__ import annotations

import copy
import itertools
from collections import Counter
from pathlib import Path

import numpy as np
import pytest

from clankwidget import BoardDataError, Game, IllegalAction
from clankwidget.data import Board, CardSet, load_board, load_cards
from clankwidget.rules.actions import (
    Acquire,
    AcquireReserve,
    Buy,
    Choose,
    Decline,
    Defeat,
    DefeatReserve,
    EndTurn,
    Move,
    Play,
    TakeArtifact,
    TakeSecret,
    Teleport,
    UseToken,
)
from clankwidget.rules.space import (
    HackPort,
    Hyperlift,
    SpaceRules,
    Telepad,
    assemble_ship,
    describe_space,
    load_edition,
)

from helpers import again, at, token

CARDS = load_cards("space-teaching")
COLOURS = ["blue", "yellow", "green", "purple"]


def new_game(
    players=2, seed=0, pieces=None, positions=None, cards=CARDS, rules=SpaceRules, edition="space"
) -> Game:
    board = assemble_ship(pieces, positions, edition=edition)
    setup = {
        "edition": edition,
        "colours": COLOURS[:players],
        "seed": seed,
        "board": board.raw,
        "cards": cards.raw,
    }
    return Game._from_setup(setup, rules, board, cards)


def custom_cards(**setup_changes) -> CardSet:
    doc = copy.deepcopy(CARDS.raw)
    doc["setup"].update(setup_changes)
    return CardSet.from_dict(doc, source="<test cards>")


def path(game, a, b) -> int:
    return next(p.index for p in game.board.paths if {p.a, p.b} == {a, b})


def walk(game, a, b, swords=0):
    game.apply(Move(path(game, a, b), swords))


def at_ship(
    changes=None, *, players=2, seed=0, pieces=None, positions=None, edition="space", **first
) -> Game:
    """A game from a position on an assembled ship (the first-game ship by default) with
    the space-teaching cards: a fresh set-up with ``changes``; keyword ``first`` fields
    change blue's (see helpers.at)."""
    board = assemble_ship(pieces, positions, edition=edition)
    return at(
        changes,
        players=COLOURS[:players],
        seed=seed,
        edition=edition,
        board=board,
        cards=CARDS,
        **first,
    )


def item(item_id, grants, points=5) -> dict:
    """A market item as a player's token."""
    return {"kind": "market", "id": item_id, "name": item_id, "points": points, "grants": grants}


CODE = {"kind": "code", "id": "command-code", "name": "Command Code", "grants": "code"}


class Rigged:
    """An RNG whose ``choice`` draws exactly the cubes named (by colour)."""

    def __init__(self, real, game, wanted: dict[str, int]):
        self._real, self._game, self._wanted = real, game, wanted

    def __getattr__(self, name):
        return getattr(self._real, name)

    def choice(self, total, size, replace):
        s = self._game.state
        order = self._game.rules.cube_order(s)
        starts = np.concatenate([[0], np.cumsum([s.bag.get(c, 0) for c in order])])
        picks = []
        for i, colour in enumerate(order):
            picks += list(range(starts[i], starts[i] + self._wanted.get(colour, 0)))
        assert len(picks) == size, (picks, size)
        return np.array(picks)


def rigged_attack(game, draws, **wanted):
    real = game.rules.rng
    game.rules.rng = Rigged(real, game, wanted)
    try:
        game.rules.attack(game.state, draws, "Test attack")
    finally:
        game.rules.rng = real


def cubes(game, colour):
    return game.rules.cube_census(game.state)[colour]


# ---------------------------------------------------------------- assembling the ship


def test_first_game_ship_has_seven_pieces_joined():
    ship = assemble_ship()
    assert ship.kind == "board" and ship.edition == "space"
    assert [m["id"] for m in ship.modules] == [
        "cargo-bay",
        "corridor",
        "command",
        "greenhouse",
        "reactor",
        "sickbay",
    ]
    assert ship.space(ship.start).module == "cargo-bay"
    assert [m["id"] for m in ship.modules if m.get("command")] == ["command"]
    g = ship.to_networkx()
    import networkx as nx

    assert nx.is_strongly_connected(g)
    # the joins are ordinary paths between connector spaces
    assert {"gh-west", "cb-gantry"} in [{p.a, p.b} for p in ship.paths]
    assert {"sb-dock", "co-aft"} in [{p.a, p.b} for p in ship.paths]


def test_pieces_are_drawn_at_their_slot_offsets():
    ship = assemble_ship()
    piece = load_board("space-reactor")
    dx, dy = load_edition("space")["ship"]["slots"]["mid"]["offset"]
    for sp in piece.spaces:
        assert (ship.space(sp.id).x, ship.space(sp.id).y) == (sp.x + dx, sp.y + dy)
    assert all(0 <= s.x <= ship.width and 0 <= s.y <= ship.height for s in ship.spaces)


@pytest.mark.parametrize(
    "pieces, positions",
    [
        (["space-armory", "space-observatory", "space-gymnasium"], None),
        (["space-gymnasium", "space-greenhouse", "space-observatory"], ["aft", "fore", "mid"]),
        ({"fore": "space-sickbay", "mid": "space-armory", "aft": "space-reactor"}, None),
    ],
)
def test_any_side_in_any_position(pieces, positions):
    ship = assemble_ship(pieces, positions)
    names = pieces.values() if isinstance(pieces, dict) else pieces
    for name in names:
        piece = load_board(name)
        assert all(sp.id in ship for sp in piece.spaces)
    if positions:
        # gymnasium in aft: its west connector joins the mid piece's east connector
        assert {"gy-west", "ob-east"} in [{p.a, p.b} for p in ship.paths]


def test_two_sides_of_one_piece_are_refused():
    with pytest.raises(ValueError, match="two sides of one piece"):
        assemble_ship(["space-greenhouse", "space-armory", "space-reactor"])


def test_wrong_pieces_are_refused_with_reasons():
    with pytest.raises(ValueError, match="needs 3 modules"):
        assemble_ship(["space-greenhouse", "space-reactor"])
    with pytest.raises(ValueError, match="unknown ship position"):
        assemble_ship({"bow": "space-greenhouse", "mid": "space-reactor", "aft": "space-sickbay"})
    with pytest.raises(ValueError, match="whole board"):
        assemble_ship(["teaching-dungeon", "space-reactor", "space-sickbay"])
    with pytest.raises(ValueError, match="'pulsarcade' piece"):
        assemble_ship(["pulsarcade-vault", "space-reactor", "space-sickbay"])
    with pytest.raises(ValueError, match="positions must name each"):
        assemble_ship(
            ["space-greenhouse", "space-reactor", "space-sickbay"], ["fore", "fore", "aft"]
        )


def test_a_piece_must_fit_its_slot(tmp_path):
    doc = copy.deepcopy(load_board("space-reactor").raw)
    doc["id"] = "odd-piece"
    doc["connectors"] = doc["connectors"][:2]
    odd = Board.from_dict(doc, source="odd-piece.json")
    with pytest.raises(ValueError, match="does not fit the 'mid' slot"):
        assemble_ship(["space-greenhouse", odd, "space-sickbay"])


def test_piece_port_effects_are_validated_with_file_and_path():
    doc = copy.deepcopy(load_board("space-reactor").raw)
    doc["id"] = "bad-ports"
    doc["spaces"][3]["data_port"] = [{"laser": 2}]
    with pytest.raises(BoardDataError) as err:  # (on load: the board schema checks them)
        Board.from_dict(doc, source="bad-ports.json")
    assert err.value.file == "bad-ports.json"
    assert err.value.json_path == "$.spaces[3].data_port[0]"
    assert "not a known effect" in str(err.value)


def test_every_shipped_module_has_a_port_for_each_player():
    # the guarantee behind the check below: each side of each ship piece that has data
    # ports has one per player of the biggest game (4)
    boards = sorted(Path(__file__).resolve().parents[2].glob("board_data/boards/*.json"))
    pieces = [p.stem for p in boards if p.stem.startswith(("space-", "pulsarcade-"))]
    assert len(pieces) >= 15
    for name in pieces:
        board = load_board(name)
        ports = Counter(sp.module for sp in board.spaces if sp.data_port)
        assert all(k >= 4 for k in ports.values()), (name, dict(ports))


def _with_ports(name: str, keep: int) -> Board:
    doc = copy.deepcopy(load_board(name).raw)
    doc["id"] = f"{name}-{keep}-ports"
    seen = 0
    for space in doc["spaces"]:
        if "data_port" in space:
            seen += 1
            if seen > keep:
                del space["data_port"]
    return Board.from_dict(doc, source=f"{doc['id']}.json")


def test_a_ship_without_a_port_for_everyone_is_refused():
    # a thief needs ports in two modules and the others hold one per module at most, so
    # two modules must have a port per player, else a thief can be left with none to hack
    ship = assemble_ship(
        ["space-greenhouse", _with_ports("space-reactor", 2), _with_ports("space-sickbay", 3)]
    )
    with pytest.raises(ValueError, match="cannot seat 4 players") as err:
        Game.new("space", board=ship, players=4, seed=1)
    assert "Reactor Core 2" in str(err.value) and "Sick Bay 3" in str(err.value)
    assert Game.new("space", board=ship, players=3, seed=1).state.turn == 1
    assert Game.new("space", board=ship, players=2, seed=1).state.turn == 1


def test_duplicate_space_ids_across_pieces_are_named():
    doc = copy.deepcopy(load_board("space-reactor").raw)
    doc["id"] = "copycat"
    doc["modules"][0]["id"] = "copycat"
    doc["spaces"][0]["id"] = "gh-pump"
    for sp in doc["spaces"]:
        sp["module"] = "copycat"
    for p in doc["paths"]:
        p["from"] = "gh-pump" if p["from"] == "re-west" else p["from"]
        p["to"] = "gh-pump" if p["to"] == "re-west" else p["to"]
    doc["connectors"][0]["space"] = "gh-pump"
    copycat = Board.from_dict(doc, source="copycat.json")
    with pytest.raises(BoardDataError, match="'gh-pump' is also in 'space-greenhouse'"):
        assemble_ship(["space-greenhouse", copycat, "space-sickbay"])


def test_assembled_board_is_self_contained():
    ship = assemble_ship(["space-armory", "space-observatory", "space-gymnasium"])
    again = Board.from_dict(copy.deepcopy(ship.raw))
    assert again.space_ids == ship.space_ids and len(again.paths) == len(ship.paths)
    game = new_game(pieces=["space-armory", "space-observatory", "space-gymnasium"], seed=4)
    game.apply(Play(game.current_player.hand[0]))
    loaded = Game.from_json(game.to_json())
    assert loaded.state.to_dict() == game.state.to_dict()
    assert loaded.board.raw == ship.raw


# ---------------------------------------------------------------- set-up


@pytest.mark.parametrize("n, rage, artifacts, market", [(2, 2, 4, 1), (3, 1, 5, 2), (4, 0, 6, 2)])
def test_setup_by_player_count(n, rage, artifacts, market):
    game = new_game(players=n, seed=5)
    s = game.state
    assert s.rage == rage
    assert len(s.artifacts) == artifacts
    assert set(s.artifacts.values()) <= {5, 10, 15, 20, 25, 30}
    assert s.market == {
        "master-key": market,
        "telepass": market,
        "med-kit": market,
        "contraband": market,
    }
    assert s.extra["pods"] == {"cb-pods": 4}
    assert s.extra["crystals"] == 5 and s.extra["codes"] == n
    assert s.extra["hunters"] == {"7": 1, "8": 1, "9": 2} and not s.extra["lockdown"]
    assert s.bag == {"black": 24, "red": 0} and s.clank_area["red"] == 0
    assert [s.clank_area[p.colour] for p in s.players] == [3, 2, 1, 0][:n]
    assert s.reserve == {"fazr": 15, "boldly-go": 15, "memory-core": 12, "g0b-l1n": None}
    for p in s.players:
        assert p.space == "cb-dock" and len(p.hand) == 5
        assert Counter(p.hand + p.deck) == {"hack": 6, "stumble": 2, "access": 1, "scramble": 1}
        assert p.extra["data"] == 2 and p.supply == 30 - s.clank_area[p.colour]
    assert game.rules.health == 10


def test_artifacts_removed_at_random_for_fewer_players():
    seen = set()
    for seed in range(12):
        seen.add(tuple(sorted(new_game(players=2, seed=seed).state.artifacts.values())))
    assert len(seen) > 3


def test_secrets_are_dealt_two_per_minor_space_one_per_major():
    game = new_game(seed=3)
    s = game.state
    for sp in game.board.spaces:
        kinds = Counter(t["kind"] for t in s.space_tokens.get(sp.id, []))
        assert kinds == +Counter(minor=sp.minor_secrets, major=sp.major_secrets), sp.id
        assert sp.minor_secrets in (0, 2) and sp.major_secrets in (0, 1), sp.id
    assert [t["kind"] for t in s.space_tokens["gh-orchard"]] == ["minor", "minor"]
    assert [t["kind"] for t in s.space_tokens["co-shaft"]] == ["major"]


def test_opening_row_has_no_boss_attack_symbol():
    for seed in range(20):
        game = new_game(seed=seed)
        assert len(game.state.row) == 6
        assert not any(game.rules.card(c).dragon for c in game.state.row)


def test_red_is_the_bounty_hunters_colour():
    assert SpaceRules.hit_all == "red"
    assert "red" not in [p.colour for p in new_game(players=4).players]


# ---------------------------------------------------------------- cards and resources


def test_starting_cards_do_what_they_say():
    game = at_ship(hand=["hack", "stumble", "access", "scramble"])
    area = game.state.clank_area["blue"]
    for cid in ["hack", "stumble", "access", "scramble"]:
        game.apply(Play(cid))
    p = game.current_player
    assert (p.skill, p.boots) == (2, 2) and game.state.clank_area["blue"] == area + 1
    game.apply(EndTurn())
    assert len(p.hand) == 5


def test_reserve_costs_and_the_g0b_l1n_fought_again_and_again():
    game = at_ship(hand=[], skill=12, swords=6)
    game.apply(AcquireReserve("fazr"))
    game.apply(AcquireReserve("boldly-go"))
    game.apply(AcquireReserve("memory-core"))
    p = game.current_player
    assert p.skill == 0 and p.discard[-3:] == ["fazr", "boldly-go", "memory-core"]
    for _ in range(3):
        game.apply(DefeatReserve("g0b-l1n"))
    assert p.gold == 3 and game.state.reserve["g0b-l1n"] is None
    assert game.scores()["blue"] == 3 + 7  # credits + the Memory Core's 7 points


def test_row_cards_are_not_replaced_until_the_end_of_the_turn():
    game = at_ship({"row": {"0": "fe-lynx", "1": "patrol-drone"}}, hand=[], skill=2, swords=2)
    s = game.state
    game.apply(Acquire(0))
    game.apply(Defeat(1))
    p = game.current_player
    assert p.discard[-1] == "fe-lynx" and p.gold == 2 and s.row[:2] == [None, None]
    assert s.dungeon_discard[-1] == "patrol-drone"
    game.apply(EndTurn())
    assert None not in s.row


def test_factions_need_another_card_of_the_faction_in_either_order():
    game = at_ship(hand=["quick-draw-rook", "cargo-skimmer"])
    # alone: no bonus
    game.apply(Play("quick-draw-rook"))
    assert game.current_player.gold == 0
    # the other outlaw played later releases the waiting bonus
    game.apply(Play("cargo-skimmer"))
    p = game.current_player
    assert p.gold == 1 + 1  # the Skimmer's own credit and the Rook's faction bonus
    # and the Skimmer's own faction bonus (-1 Clank!) came too, once
    assert p.held == []


def test_a_faction_card_does_not_match_itself_but_two_copies_match():
    game = at_ship(hand=["rebel-scout", "quick-draw-rook", "rebel-scout"])
    game.apply(Play("rebel-scout"))
    game.apply(Play("quick-draw-rook"))
    assert game.current_player.skill == 0  # an outlaw is no resistance match
    game.apply(Play("rebel-scout"))
    assert game.current_player.skill == 2  # each scout's bonus: +1 Skill, once per card


_SKELETON_PASS = {
    "kind": "minor",
    "id": "skeleton-pass",
    "name": "Skeleton Pass",
    "keep": True,
    "use": [{"multipass": True}],
}


def test_skeleton_pass_makes_every_faction_match():
    game = at_ship(hand=["rebel-scout"], tokens=[_SKELETON_PASS])
    p = game.current_player
    game.apply(Play("rebel-scout"))
    assert p.skill == 0
    game.apply(UseToken("skeleton-pass"))
    assert p.skill == 1 and not p.tokens


def test_contraband_bonus_needs_a_contraband_item():
    game = at_ship(hand=["backdoor-broker"])
    game.apply(Play("backdoor-broker"))
    assert game.current_player.gold == 2
    game = at_ship(hand=["backdoor-broker"], tokens=[item("contraband", "contraband", 10)])
    game.apply(Play("backdoor-broker"))
    assert game.current_player.gold == 4


def test_power_crystals_come_from_the_bank_and_unlock_crystal_bonuses():
    game = at_ship(hand=["safehouse-map", "safehouse-map"], space="gh-shed")
    s = game.state
    game.apply(Play("safehouse-map"))
    p = game.current_player
    assert p.boots == 1  # no crystal yet: no bonus
    game.apply(HackPort())  # the Potting Shed's port: +1 power crystal
    assert p.extra["crystals"] == 1 and s.extra["crystals"] == 4
    assert p.boots == 1  # decided when the card was played: a crystal after does not pay
    game.apply(Play("safehouse-map"))
    assert p.boots == 3  # played holding a crystal: the bonus
    game = again(game, {"extra": {"crystals": 0}})  # the bank is empty
    s, p = game.state, game.current_player
    game.rules.apply_effects(s, p, [{"crystal": 2}], source=None)
    assert p.extra["crystals"] == 1  # the bank is empty: nothing more


def test_trashing_from_the_adventure_row():
    game = at_ship({"row": {"2": "patrol-drone"}}, hand=["grav-stomper", "grav-stomper"])
    s = game.state
    game.apply(Play("grav-stomper"))
    assert game.pending["kind"] == "row-trash"
    option = game.pending["values"].index(2)
    game.apply(Choose(option))
    assert s.row[2] is None and s.trash == ["patrol-drone"]
    assert game.current_player.swords == 1
    game.apply(Play("grav-stomper"))
    assert game.pending["kind"] == "row-trash"
    game.apply(Decline())
    assert s.trash == ["patrol-drone"]


def test_devices_with_space_effects():
    game = at_ship({"row": {"0": "crystal-extractor"}}, hand=[], skill=4)
    s = game.state
    area = s.clank_area["blue"]
    game.apply(Acquire(0))
    p = game.current_player
    assert p.extra["crystals"] == 1 and s.clank_area["blue"] == area + 2
    assert "crystal-extractor" not in p.all_cards and s.dungeon_discard == ["crystal-extractor"]


def test_card_text_names_factions_and_credits():
    rules = new_game().rules
    assert rules.card_text("quick-draw-rook") == (
        "[Outlaw] +2 Swords, if another Outlaw card is played this turn: +1 Credit"
    )
    assert describe_space([{"gold": 3}, {"crystal": 1}]) == "+3 Credits, +1 power crystal"


# ---------------------------------------------------------------- market


def test_market_items_cost_seven_credits_one_of_each_type():
    game = at_ship(players=3, hand=[], space="co-market", gold=30, damage=3)
    game.apply(Buy("master-key"))
    game.apply(Buy("med-kit"))
    p = game.current_player
    assert p.gold == 16 and p.owns("key") and p.owns("medkit")
    assert p.damage == 1  # the Med Kit heals 2 when bought
    with pytest.raises(IllegalAction, match="already have a Master Key"):
        game.apply(Buy("master-key"))
    assert game.state.market["master-key"] == 1
    assert any("for 7 Credits" in line for line in game.log)


def test_market_needs_a_market_space_and_credits():
    game = at_ship(hand=[], gold=7)
    with pytest.raises(IllegalAction, match="not in a market"):
        game.apply(Buy("telepass"))
    game = at_ship(hand=[], space="sb-pharmacy", gold=6)
    with pytest.raises(IllegalAction, match="costs 7 Credits; you have 6"):
        game.apply(Buy("telepass"))


def test_two_player_market_has_one_of_each():
    game = at_ship(players=2, hand=[], space="co-market", gold=7)
    game.apply(Buy("contraband"))
    assert game.state.market["contraband"] == 0
    # yellow, at the market with 7 Credits too, finds none left
    yellow = {"hand": [], "space": "co-market", "gold": 7}
    game = again(game, {"current": 1, "players": {"yellow": yellow}})
    with pytest.raises(IllegalAction, match="no Contraband is left"):
        game.apply(Buy("contraband"))


# ---------------------------------------------------------------- movement


def test_footprints_need_two_boots():
    game = at_ship(hand=[], space="cb-dock", boots=1)
    with pytest.raises(IllegalAction, match="needs 2 Boots"):
        walk(game, "cb-dock", "cb-crates")
    game = at_ship(hand=[], space="cb-dock", boots=2)
    walk(game, "cb-dock", "cb-crates")
    assert game.current_player.boots == 0


def test_enemy_icons_hurt_unless_paid_with_swords():
    game = at_ship(hand=[], space="cb-airlock", boots=2, swords=1)
    walk(game, "cb-airlock", "cb-gantry", swords=1)
    p = game.current_player
    assert (p.damage, p.swords) == (0, 0)
    walk(game, "cb-gantry", "cb-airlock", swords=0)
    assert p.damage == 1 and cubes(game, "blue") == 30


def test_padlocks_need_a_master_key():
    game = at_ship(hand=[], space="cm-15", boots=1, tokens=[CODE])
    with pytest.raises(IllegalAction, match="locked"):
        walk(game, "cm-15", "cm-25")
    game = at_ship(hand=[], space="cm-15", boots=1, tokens=[CODE, item("master-key", "key")])
    walk(game, "cm-15", "cm-25")
    assert game.current_player.space == "cm-25"


def test_arrows_go_one_way():
    game = at_ship(hand=[], space="gh-shed", boots=2)
    walk(game, "gh-shed", "gh-east")
    with pytest.raises(IllegalAction, match="one-way"):
        walk(game, "gh-east", "gh-shed")


def test_security_checkpoints_stop_boots():
    game = at_ship(hand=[], space="co-market", boots=3)
    walk(game, "co-market", "co-gate-a")
    p = game.current_player
    assert p.exhausted and p.boots == 2
    with pytest.raises(IllegalAction, match="cannot use Boots again"):
        walk(game, "co-gate-a", "co-pad")
    game.apply(EndTurn())
    assert not game.players[0].exhausted


def test_card_teleports_are_not_stopped_by_a_checkpoint():
    game = at_ship(hand=[], space="co-gate-a", teleports=1, exhausted=True)
    game.apply(Teleport("co-pad"))
    assert game.current_player.space == "co-pad"


# ---------------------------------------------------------------- secrets


def test_a_secret_on_each_thiefs_first_entry_only():
    game = at_ship(seed=2, hand=[], space="gh-west", boots=3)
    s = game.state
    first, second = (dict(t) for t in s.space_tokens["gh-orchard"])
    walk(game, "gh-west", "gh-orchard")
    assert len(s.space_tokens["gh-orchard"]) == 2  # the thief may take one (or not)
    game.apply(TakeSecret())
    assert len(s.space_tokens["gh-orchard"]) == 1
    assert any(first["name"] in line for line in game.log[-3:])
    walk(game, "gh-orchard", "gh-west")
    walk(game, "gh-west", "gh-orchard")  # a second entry: nothing
    assert TakeSecret() not in game.legal_actions()
    assert len(s.space_tokens["gh-orchard"]) == 1
    # yellow's first entry, on yellow's turn: the other secret
    yellow = {"hand": [], "space": "gh-west", "boots": 1}
    game = again(game, {"current": 1, "players": {"yellow": yellow}})
    s = game.state
    walk(game, "gh-west", "gh-orchard")
    game.apply(TakeSecret())
    assert "gh-orchard" not in s.space_tokens
    assert any(second["name"] in line for line in game.log[-3:])


def test_major_secret_space_holds_one():
    game = at_ship(seed=1, hand=[], space="co-gate-b", boots=1, swords=1)
    s = game.state
    token = s.space_tokens["co-shaft"][0]
    walk(game, "co-gate-b", "co-shaft", swords=1)
    game.apply(TakeSecret())
    assert "co-shaft" not in s.space_tokens and token["kind"] == "major"


_ARCHIVE = {
    "kind": "minor",
    "id": "archive",
    "name": "Archive",
    "keep": True,
    "points": 3,
    "take": [{"rage": 1}],
}
_STIM_CHARGE = {
    "kind": "minor",
    "id": "stim-charge",
    "name": "Stim Charge",
    "keep": True,
    "use": [{"swords": 2}],
}


def test_archive_raises_rage_and_scores_three():
    orchard = {"space_tokens": {"gh-orchard": [_ARCHIVE]}}
    game = at_ship(orchard, hand=[], space="gh-west", boots=1)
    s = game.state
    rage = s.rage
    walk(game, "gh-west", "gh-orchard")
    assert s.rage == rage  # the thief may leave it there
    game.apply(TakeSecret())
    assert s.rage == rage + 1
    assert game.scores()["blue"] == 3


def test_kept_secrets_can_be_used_later():
    orchard = {"space_tokens": {"gh-orchard": [_STIM_CHARGE]}}
    game = at_ship(orchard, hand=[], space="gh-west", boots=1)
    walk(game, "gh-west", "gh-orchard")
    game.apply(TakeSecret())
    p = game.current_player
    assert p.swords == 0 and [t["id"] for t in p.tokens] == ["stim-charge"]
    game.apply(UseToken("stim-charge"))
    assert p.swords == 2 and p.tokens == []


# ---------------------------------------------------------------- hyperlifts and telepads


def test_hyperlift_goes_to_any_other_lift_without_boots_then_no_more_boots():
    game = at_ship(hand=[], space="cb-dock", boots=3)
    walk(game, "cb-dock", "cb-lift")
    legal = game.legal_actions()
    assert Hyperlift("gh-lift") in legal and Hyperlift("co-lift") in legal
    assert Hyperlift("cb-lift") not in legal and Hyperlift("cm-lift") not in legal  # no code
    game.apply(Hyperlift("gh-lift"))
    p = game.current_player
    assert p.space == "gh-lift" and p.boots == 2 and p.exhausted
    with pytest.raises(IllegalAction, match="cannot use Boots again"):
        walk(game, "gh-lift", "gh-dock")
    game.apply(Hyperlift("co-lift"))  # rides do not use Boots
    assert p.space == "co-lift"


def test_hyperlift_needs_a_lift_space():
    game = at_ship(hand=[], space="cb-dock")
    with pytest.raises(IllegalAction, match="no hyperlift in your space"):
        game.apply(Hyperlift("gh-lift"))


def test_lockdown_seals_the_cargo_bay_lift_when_the_marker_reaches_the_last_red_space():
    # the marker on space 9: the bounty hunters have all joined the Clank! area
    gone = {"7": 0, "8": 0, "9": 0}
    game = at_ship({"rage": 9, "extra": {"hunters": gone}, "clank_area": {"red": 4}})
    s = game.state
    assert not s.extra["lockdown"]
    game.rules.raise_rage(s, 1)
    assert s.extra["lockdown"] and any("Lockdown" in line for line in game.log)
    game = again(game, hand=[], space="cb-lift")
    with pytest.raises(IllegalAction, match="lockdown token blocks"):
        game.apply(Hyperlift("gh-lift"))
    game = again(game, hand=[], space="gh-lift")
    with pytest.raises(IllegalAction, match="lockdown token blocks"):
        game.apply(Hyperlift("cb-lift"))
    game.apply(Hyperlift("co-lift"))


def test_telepads_need_a_telepass():
    game = at_ship(hand=[], space="co-pad", boots=2)
    with pytest.raises(IllegalAction, match="TelePass"):
        game.apply(Telepad("sb-pad"))
    game = at_ship(hand=[], space="co-pad", boots=2, tokens=[item("telepass", "telepass")])
    assert Telepad("sb-pad") in game.legal_actions()
    game.apply(Telepad("sb-pad"))
    p = game.current_player
    assert p.space == "sb-pad" and p.exhausted and p.boots == 2


def test_turn_options_on_a_ship_follow_its_lifts_seals_and_pods():
    from clankwidget.paths import turn_options

    game = at_ship(hand=[], space="cb-dock", boots=1)
    ctx = game.path_context()
    assert ctx["exits"] == [] and "cm-gate" in ctx["closed"] and "cm-lift" in ctx["closed"]
    opts = turn_options(game)
    # one boot to the lift, then a free ride to every lift but the sealed command one
    assert {"gh-lift", "co-lift"} <= set(opts.reachable)
    assert not set(ctx["closed"]) & set(opts.reachable)
    route = opts.route("gh-lift")
    assert [st.path for st in route][-1] == "lift" and opts.best("gh-lift").stopped
    # every step of the route is an action the engine takes
    for st, here in zip(route, ["cb-dock", *[st.space for st in route]]):
        game.apply(game.rules.route_action(here, st))
    assert game.current_player.space == "gh-lift" and game.current_player.exhausted

    game = at_ship(hand=[], space="co-lift", tokens=[CODE])
    assert "cm-lift" in turn_options(game).reachable and not game.path_context()["closed"]

    game = at_ship({"rage": 10}, hand=[], space="co-lift")  # the lockdown place
    assert game.state.extra["lockdown"]
    assert "cb-lift" not in turn_options(game).reachable  # the lockdown seals its lift

    game = at_ship(hand=[], space="cb-dock", boots=3, artifacts=[10])
    assert game.path_context()["exits"] == ["cb-pods"]
    assert turn_options(game).best("cb-pods").stopped  # a pod ends the thief's turn aboard


# ---------------------------------------------------------------- data ports and command code


def test_data_port_gives_its_effect_once():
    game = at_ship(hand=[], space="gh-nursery")
    s = game.state
    area = s.clank_area["blue"]
    game.apply(HackPort())
    p = game.current_player
    assert p.gold == 3 and s.clank_area["blue"] == area + 1
    assert s.extra["ports"] == {"gh-nursery": "blue"} and p.extra["data"] == 1
    game = again(game, {"current": 1, "players": {"yellow": {"hand": [], "space": "gh-nursery"}}})
    with pytest.raises(IllegalAction, match="has been used"):
        game.apply(HackPort())


def test_second_data_cube_must_go_in_another_module():
    game = at_ship(hand=[], space="gh-nursery")
    game.apply(HackPort())
    game = again(game, space="gh-pump")
    with pytest.raises(IllegalAction, match="another module"):
        game.apply(HackPort())


def test_completing_the_command_code_takes_a_token_and_raises_rage():
    game = at_ship(hand=[], space="gh-pump")
    s = game.state
    rage = s.rage
    game.apply(HackPort())
    assert not game.rules.has_code(game.current_player)
    game = again(game, space="re-exhaust")
    s = game.state
    game.apply(HackPort())
    p = game.current_player
    assert game.rules.has_code(p) and s.extra["codes"] == 1 and s.rage == rage + 1
    assert p.extra["data"] == 0
    game = again(game, space="re-control")
    with pytest.raises(IllegalAction, match="no data cubes left"):
        game.apply(HackPort())


def test_the_command_module_is_sealed_without_a_code_by_any_means():
    game = at_ship(hand=[], space="co-east", boots=2, teleports=1)
    with pytest.raises(IllegalAction, match="command code"):
        walk(game, "co-east", "cm-gate")
    with pytest.raises(IllegalAction, match="command code"):
        game.apply(Teleport("cm-gate"))
    game = at_ship(hand=[], space="co-lift")
    with pytest.raises(IllegalAction, match="command code"):
        game.apply(Hyperlift("cm-lift"))
    game = at_ship(hand=[], space="co-east", boots=1, tokens=[CODE])
    walk(game, "co-east", "cm-gate")
    assert game.current_player.space == "cm-gate"


# ---------------------------------------------------------------- artifacts


def test_steal_one_artifact_only_and_rage_rises():
    game = at_ship(players=4, hand=[], space="cm-10", boots=1, tokens=[CODE])
    s = game.state
    p = game.current_player
    rage = s.rage
    game.apply(TakeArtifact())
    assert p.artifacts == [10] and s.rage == rage + 1 and "cm-10" not in s.artifacts
    walk(game, "cm-10", "cm-5")
    with pytest.raises(IllegalAction, match="cannot carry another"):
        game.apply(TakeArtifact())


# ---------------------------------------------------------------- the boss


def test_boss_attack_at_end_of_turn_once_however_many_symbols():
    changes = {
        "row": {"0": None, "1": None},
        "dungeon_deck": {"-2": "hunter-droid", "-1": "sentry-mech"},
    }
    game = at_ship(changes, hand=[])
    before = len([line for line in game.log if "boss attacks" in line])
    game.apply(EndTurn())
    assert len([line for line in game.log if "The boss attacks" in line]) == before + 1


def test_bounty_hunters_join_the_clank_area_when_the_marker_reaches_them():
    game = at_ship({"rage": 6}, players=4)
    s = game.state
    game.rules.raise_rage(s, 1)
    assert s.clank_area["red"] == 1 and s.extra["hunters"] == {"8": 1, "9": 2}
    game.rules.raise_rage(s, 2)  # passes space 8 and lands on the plaid space
    assert s.clank_area["red"] == 4 and s.extra["hunters"] == {}
    assert game.rules.rage_value(s) == 5


def test_a_drawn_red_cube_hurts_every_thief_aboard_and_returns():
    # two hunters in the Clank! area, one still on the track, none in the bag yet
    changes = {
        "clank_area": {"red": 2},
        "extra": {"hunters": {"7": 0, "8": 0, "9": 2}},
        "players": {"green": {"status": "escaped"}},
    }
    game = at_ship(changes, players=3)
    s = game.state
    rigged_attack(game, 3, red=1, black=2)
    blue, yellow, green = s.players
    assert blue.damage == 1 and yellow.damage == 1 and green.damage == 0
    # the drawn hunter is back in the Clank! area; the other stays in the bag
    assert s.clank_area["red"] == 1 and s.bag["red"] == 1
    assert s.aside["black"] == 2
    for c in ("blue", "yellow", "green"):
        assert cubes(game, c) == 30
    assert cubes(game, "red") == 4


def test_a_red_cube_on_an_empty_supply_is_marked_with_a_set_aside_black_cube():
    changes = {
        "players": {"blue": {"supply": 0, "damage": 0}},
        "clank_area": {"blue": 0, "red": 1},
        "aside": {"blue": 30, "black": 1},
        "extra": {"hunters": {"7": 0, "8": 1, "9": 2}},
    }
    game = at_ship(changes)
    s = game.state
    blue = s.players[0]
    assert s.bag["black"] == 23
    rigged_attack(game, 1, red=1)
    assert blue.damage == 1 and blue.extra["marks"] == 1 and s.aside["black"] == 0
    assert cubes(game, "black") == 24 and cubes(game, "blue") == 30
    game.rules.heal(s, blue, 1)
    assert (
        blue.damage == 0 and blue.extra["marks"] == 0 and s.aside["black"] == 1 and blue.supply == 0
    )


def test_a_red_cube_can_knock_out():
    changes = {"clank_area": {"red": 1}, "extra": {"hunters": {"7": 0, "8": 1, "9": 2}}}
    game = at_ship(changes, damage=9)
    blue = game.state.players[0]
    rigged_attack(game, 1, red=1)
    assert blue.status == "knocked-out"


def test_players_own_cubes_drawn_are_damage():
    game = at_ship()
    s = game.state
    rigged_attack(game, 3, blue=2, black=1)
    assert s.players[0].damage == 2 and cubes(game, "blue") == 30


# ---------------------------------------------------------------- leaving the ship


def test_escape_pod_with_an_artifact_scores_twenty():
    game = at_ship(hand=[], space="cb-dock", boots=1, gold=4, artifacts=[15])
    s = game.state
    p = game.current_player
    walk(game, "cb-dock", "cb-pods")
    assert p.status == "escaped" and s.extra["pods"]["cb-pods"] == 3
    assert game.scores()["blue"] == 15 + 20 + 4
    with pytest.raises(IllegalAction):
        walk(game, "cb-pods", "cb-dock")


def test_escape_pods_without_an_artifact_do_nothing():
    game = at_ship(hand=[], space="cb-dock", boots=2)
    walk(game, "cb-dock", "cb-pods")
    assert game.current_player.is_in
    walk(game, "cb-pods", "cb-dock")


def test_knocked_out_in_the_cargo_bay_with_an_artifact_is_rescued():
    game = at_ship(artifacts=[20], space="cb-lift", gold=3)
    s = game.state
    p = game.current_player
    game.rules.knock_out(s, p)
    assert game.rules.rescued(s, p) and game.scores()["blue"] == 23


@pytest.mark.parametrize("space, artifact", [("co-west", [20]), ("cb-dock", [])])
def test_knocked_out_elsewhere_or_without_an_artifact_scores_nothing(space, artifact):
    game = at_ship(artifacts=list(artifact), space=space, gold=9)
    s = game.state
    p = game.current_player
    game.rules.knock_out(s, p)
    assert game.scores()["blue"] == 0


@pytest.mark.parametrize("n, draws", [(2, 6), (3, 4), (4, 4)])
def test_a_thief_who_is_out_draws_cubes_on_their_turn(n, draws):
    game = at_ship({"players": {"yellow": {"status": "escaped"}}}, players=n, hand=[])
    s = game.state
    game.apply(EndTurn())
    assert any(f"the boss draws {draws}" in line for line in game.log)
    assert s.current == (2 % n)


def test_the_game_ends_when_everyone_is_out():
    changes = {"players": {"yellow": {"status": "escaped"}}}
    game = at_ship(changes, artifacts=[5], hand=[], space="cb-dock", boots=1)
    s = game.state
    walk(game, "cb-dock", "cb-pods")
    game.apply(EndTurn())
    assert game.is_over and s.end_reason == "every player has left the ship"
    assert game.legal_actions() == []


def test_an_empty_adventure_deck_knocks_out_everyone_aboard():
    changes = {
        "players": {"yellow": {"artifacts": [10], "space": "cb-dock", "gold": 2}},
        "dungeon_deck": [],
        "row": {"0": None},
    }
    game = at_ship(changes, hand=[])
    s = game.state
    blue, yellow = s.players
    game.apply(EndTurn())
    assert game.is_over and "adventure deck" in s.end_reason
    assert blue.status == yellow.status == "knocked-out"
    assert game.scores() == {"blue": 0, "yellow": 12}


_SIXTH_CRYSTAL = token(
    "sixth-crystal", "The Sixth Crystal", kind="major", keep=True, crystal=True, crystal_points=3
)


def test_scoring_counts_artifact_credits_tokens_cards_and_the_sixth_crystal():
    game = at_ship(
        artifacts=[25],
        gold=6,
        tokens=[item("contraband", "contraband", 10), _SIXTH_CRYSTAL],
        extra={"crystals": 2},
        discard=["memory-core"],
    )
    # 25 + 6 + 10 + 3 x (2 crystals + the Sixth Crystal itself) + 7
    assert game.scores()["blue"] == 25 + 6 + 10 + 9 + 7


# ---------------------------------------------------------------- the engine's promises


def test_illegal_actions_change_nothing():
    game = at_ship(hand=["hack"])
    before = game.state.to_dict()
    for action, reason in [
        (HackPort(), "no data port"),
        (Hyperlift("co-lift"), "no hyperlift"),
        (Telepad("co-pad"), "no telepad"),
        ({"kind": "hyperlift"}, "needs 'to'"),
        (Buy("disguise-kit"), "no item"),
    ]:
        with pytest.raises(IllegalAction, match=reason):
            game.apply(action)
        assert game.state.to_dict() == before


def test_replay_and_json_round_trip():
    game = new_game(players=3, seed=11)
    rng = np.random.default_rng(1)
    for _ in range(200):
        if game.is_over:
            break
        legal = game.legal_actions()
        game.apply(legal[int(rng.integers(len(legal)))])
    assert game.replay().state.to_dict() == game.state.to_dict()
    assert Game.from_json(game.to_json()).state.to_dict() == game.state.to_dict()


# ---------------------------------------------------------------- the shipped data

SPACE_LAYOUTS = [
    (list(perm), None)
    for a in ("space-greenhouse", "space-armory")
    for b in ("space-reactor", "space-observatory")
    for c in ("space-sickbay", "space-gymnasium")
    for perm in itertools.permutations((a, b, c))
]


def _reach(board, start, usable):
    seen, todo = {start}, [start]
    while todo:
        u = todo.pop()
        for p in board.exits(u):
            v = p.other_end(u)
            if v not in seen and usable(p, v):
                seen.add(v)
                todo.append(v)
    return seen


@pytest.mark.parametrize("pieces, positions", SPACE_LAYOUTS)
def test_every_base_layout_is_playable_and_drawable(pieces, positions):
    ship = assemble_ship(pieces, positions)
    command = {sp.id for sp in ship.spaces if sp.module == "command"}
    no_key = lambda p, v: not p.locked  # noqa: E731
    # every space outside command can be reached without a key or a code...
    outside = _reach(ship, ship.start, lambda p, v: no_key(p, v) and v not in command)
    assert outside == set(ship.space_ids) - command
    # ...and with a code every artifact too; and from anywhere a thief can walk back home
    assert {sp.id for sp in ship.spaces if sp.artifact} <= _reach(ship, ship.start, no_key)
    for sp in ship.spaces:
        assert ship.start in _reach(ship, sp.id, no_key), sp.id
    for a in ship.spaces:
        assert 0 <= a.x <= ship.width and 0 <= a.y <= ship.height
        for b in ship.spaces:
            if a.index < b.index:
                assert (a.x - b.x) ** 2 + (a.y - b.y) ** 2 >= 60**2, (a.id, b.id)


def test_every_module_side_has_ports_and_secrets():
    edition = load_edition("pulsarcade")
    for side in [s for pair in edition["ship"]["sides"] for s in pair]:
        piece = load_board(side)
        ports = [sp for sp in piece.spaces if sp.data_port]
        assert len(ports) >= 2, side
        assert sum(1 for sp in piece.spaces if sp.minor_secrets) >= 1, side
        assert sum(sp.major_secrets for sp in piece.spaces) >= 1, side
        assert {c["id"] for c in piece.raw["connectors"]} == {"west", "east", "dock"}


def test_secret_tokens_suffice_for_any_ship():
    edition = load_edition("pulsarcade")
    pieces = [[load_board(s) for s in pair] for pair in edition["ship"]["sides"]]
    fixed = [
        load_board(n)
        for n in ("space-cargo-bay", "space-corridor", "space-command", "pulsarcade-mcp")
    ]

    def slots(board, kind):
        return sum(getattr(sp, kind + "_secrets") for sp in board.spaces)

    for kind in ("minor", "major"):
        per_piece = sorted((max(slots(s, kind) for s in pair) for pair in pieces), reverse=True)
        most = sum(slots(b, kind) for b in fixed) + sum(per_piece[:3])
        have = sum(t.get("count", 1) for t in CARDS.secrets[kind])
        assert have >= most, (kind, have, most)
    assert sum(t.get("count", 1) for t in CARDS.secrets["minor"]) == 28
    assert sum(t.get("count", 1) for t in CARDS.secrets["major"]) == 11


def test_the_space_teaching_card_set():
    deck = [(CARDS[c], n) for c, n in CARDS.dungeon_deck]
    assert sum(n for _, n in deck) == 100
    rules = new_game().rules
    factions = Counter()
    for card, n in deck:
        factions[rules.faction_of(card.id)] += n
    assert factions["outlaw"] == 18 and factions["resistance"] == 26 and factions["science"] == 11
    assert 20 <= sum(n for c, n in deck if c.dragon) <= 30
    assert sum(n for c, n in deck if c.is_monster) >= 20
    assert dict(CARDS.starting_deck) == {"hack": 6, "stumble": 2, "access": 1, "scramble": 1}
    assert dict(CARDS.reserve) == {"fazr": 15, "boldly-go": 15, "memory-core": 12, "g0b-l1n": None}
    assert (CARDS["fazr"].cost, CARDS["boldly-go"].cost, CARDS["memory-core"].cost) == (2, 3, 7)
    assert CARDS["memory-core"].points == 7 and CARDS["g0b-l1n"].defeat == 2
    assert {m["grants"]: m.get("cost", 7) for m in CARDS.market} == {
        "key": 7,
        "telepass": 7,
        "medkit": 7,
        "contraband": 7,
    }
    # every effect and condition of the edition is used by some card
    text = str(
        [
            rules.card(c).play + rules.card(c).use + rules.card(c).reward + rules.card(c).arrive
            for c in CARDS.cards
        ]
    )
    for word in ("'faction'", "'contraband'", "'crystal'", "row_trash", "return_black", "teleport"):
        assert word in text, word


def test_card_extras_errors_name_the_path():
    from clankwidget.rules.space import load_card_extras

    good = {"format": "clankwidget-space-cards", "version": 1, "id": "space-teaching", "cards": {}}
    for change, where, what in [
        ({"cards": {"nope": {"faction": "outlaw"}}}, "$.cards.nope", "id of a card"),
        (
            {"cards": {"hack": {"ally": [{"laser": 1}]}}},
            "$.cards.hack.ally[0]",
            "not a known effect",
        ),
        ({"cards": {"hack": {"fraction": "outlaw"}}}, "$.cards.hack", "fraction"),
        (
            {"factions": {"outlaw": "Outlaw"}, "cards": {"hack": {"faction": "pirates"}}},
            "$.cards.hack.faction",
            "factions",
        ),
        ({"id": "other-set"}, "$.id", "'space-teaching'"),
    ]:
        doc = {**good, **change}
        with pytest.raises(BoardDataError) as err:
            load_card_extras(CARDS, doc)
        assert err.value.json_path == where, (err.value, where)
        assert what in str(err.value)


def test_edition_file_errors_name_the_path():
    from clankwidget.rules.space import _space_check

    doc = copy.deepcopy(load_edition("pulsarcade"))
    doc.pop("extends", None)
    doc["cabinets"][1]["condition"] = {"damage": 6, "owns": "contraband"}
    with pytest.raises(BoardDataError) as err:
        _space_check("space-edition", doc, "my-edition.json")
    assert err.value.file == "my-edition.json" and err.value.json_path == "$.cabinets[1].condition"
    doc = copy.deepcopy(load_edition("pulsarcade"))
    doc["modules"]["vault"]["fill"][0] = ["yellow", "first"]
    with pytest.raises(BoardDataError) as err:
        _space_check("space-edition", doc, "my-edition.json")
    assert err.value.json_path.startswith("$.modules.vault")


def test_the_opening_rows_arrive_effects_are_resolved():
    seed = next(s for s in range(200) if "alarm-drone" in new_game(seed=s).state.row)
    game = new_game(seed=seed)
    s = game.state
    k = s.row.count("alarm-drone")
    assert [s.clank_area[p.colour] for p in s.players] == [3 + 2 * k, 2 + 2 * k]
    assert all(p.clank_made == 0 for p in s.players)  # not the first player's own Clank!
