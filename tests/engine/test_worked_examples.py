"""The worked examples of the rules sources, as engine tests with the sources' numbers.

"A turn, played out" (seed 002): a whole turn of a three-player game, from the Clank!
area and health meter at the start to the dragon's attack after the refill: once with the
Clank! rules on a four-space board, once as Clank! Legacy on the Legacy teaching map.
"""

from __future__ import annotations

import copy

import numpy as np

from clankwidget import Game
from clankwidget.data import Board, CardSet
from clankwidget.rules.actions import Acquire, EndTurn, Move, Play, TakeArtifact

from helpers import at, cards_doc


class _RiggedBag:
    """An RNG whose ``choice`` draws the cubes named, in the engine's cube order."""

    def __init__(self, real, game, wanted: dict[str, int]):
        self._real, self._game, self._wanted = real, game, wanted

    def __getattr__(self, name):
        return getattr(self._real, name)

    def choice(self, total, size, replace):
        s = self._game.state
        order = self._game.rules.cube_order(s)
        starts = np.concatenate([[0], np.cumsum([s.bag.get(c, 0) for c in order])])
        picks = []
        wanted = dict(self._wanted)
        wanted["black"] = size - sum(wanted.values())
        for i, colour in enumerate(order):
            picks += list(range(starts[i], starts[i] + wanted.get(colour, 0)))
        assert len(picks) == size
        return np.array(picks)


def _example_game(changes: dict) -> Game:
    """The example's four-space board, three players, all the artifacts, at ``changes``."""
    spaces = [
        {"id": "hq", "name": "HQ", "x": 0, "y": 0, "start": True},
        {"id": "ledge", "name": "Ledge", "x": 100, "y": 100},
        {"id": "lair", "name": "Lair", "x": 200, "y": 200, "depths": True, "artifact": 25},
        {"id": "stair", "name": "Stair", "x": 100, "y": 300},
    ]
    paths = [
        {"from": "hq", "to": "ledge"},
        {"from": "ledge", "to": "lair", "monsters": 1},
        {"from": "lair", "to": "stair", "boots": 2},
        {"from": "stair", "to": "hq"},
    ]
    board = Board.from_dict(
        {
            "format": "clankwidget-board",
            "version": 1,
            "id": "example",
            "title": "Example",
            "edition": "clank",
            "spaces": spaces,
            "paths": paths,
        },
        source="<example>",
    )
    doc = copy.deepcopy(cards_doc())
    doc["setup"]["artifacts_removed"] = {"3": 0}
    cards = CardSet.from_dict(doc)
    return at(changes, board=board, cards=cards, players=["yellow", "red", "green"], seed=1)


def test_a_turn_played_out():
    # "The Clank! Area holds 2 of your cubes, 3 red and 1 green. Your Health Meter already
    # carries 3 damage. You stand 1 path away from the most valuable Artifact."
    hand = ["mercenary", "scramble", "runner", "stumble", "stumble"]
    game = _example_game(
        {
            "players": {"yellow": {"damage": 3, "space": "ledge", "hand": hand}},
            "clank_area": {"yellow": 2, "red": 3, "green": 1},
            "row": ["hush", "horn", "runner", "brute", "scout", "seer"],  # the Horn: a Danger
            "dungeon_deck": {"-1": "gem"},  # the refill will reveal a Dragon Attack symbol
        }
    )
    s, rules = game.state, game.rules
    yellow = game.current_player
    assert [p.supply for p in game.players] == [30 - 2 - 3, 30 - 3, 30 - 1]
    rage_before = s.rage

    # "Your five cards produce 2 Skill, 2 Swords, 3 Boots and plus 2 Clank!"
    for card in list(yellow.hand):
        game.apply(Play(card))
    assert (yellow.skill, yellow.swords, yellow.boots) == (2, 2, 3)
    assert s.clank_area["yellow"] == 4  # "2 more yellow cubes go into the Clank! Area, making 4"

    # "You spend 1 Boot to walk the monster path and 1 Sword to cancel its damage"
    game.apply(Move(1, swords=1))
    assert yellow.damage == 3 and yellow.space == "lair"
    # "On the Artifact space you take it, and the Dragon Marker climbs one space"
    game.apply(TakeArtifact())
    assert yellow.artifacts == [25] and s.rage == rage_before + 1
    # "Your last 2 Boots pay for the footprint path heading home, which costs exactly 2."
    game.apply(Move(2))
    assert yellow.space == "stair" and yellow.boots == 0
    # "Your 2 Skill buy a blue banner card costing 2 from the Adventure Row."
    game.apply(Acquire(0))
    assert yellow.discard[-1] == "hush" and s.row[0] is None and yellow.skill == 0
    # "Your last Sword finds no monster you want to fight, so it is wasted."
    assert yellow.swords == 1

    # "Refilling the Row reveals a Dragon Attack symbol. All 8 cubes in the Clank! Area go
    # into the bag. You draw as many as the Marker's new space shows, plus 1 for the Danger
    # card. Out come 2 yellow, 1 red, and the rest black. Your meter rises to 5."
    area_total = sum(s.clank_area.values())
    assert area_total == 8
    rules.rng = _RiggedBag(rules.rng, game, {"yellow": 2, "red": 1})
    game.apply(EndTurn())
    draws = rules.setup_numbers["rage_track"][s.rage] + 1
    assert (
        f"The dragon attacks: {draws} cubes drawn: {draws - 3} black, 2 yellow, 1 red" in game.log
    )
    assert yellow.damage == 5
    assert len(yellow.hand) == 5 and yellow.swords == 0  # discarded, drew 5, sword wasted
    assert game.current_player.colour == "red"  # "play passes to your left"


def test_a_turn_played_out_in_legacy():
    """The same turn on the Legacy teaching map, from a position: yellow on the Glass
    Grotto, one monster path from the 30 (the most valuable artifact left), whose way home
    is a one-way footprint path of 2 Boots."""
    from legacy_helpers import legacy_position

    from clankwidget.rules.actions import Acquire as Buy_

    hand = ["mercenary", "scramble", "ferryman", "stumble", "mysterious-tome"]
    row = ["field-intern", "brass-bugle", "quiet-ledger", "road-map", "ferryman", "smoke-bomb"]
    pos = legacy_position(
        players=3,
        hands={"yellow": hand},
        row=row,
        top=["wayshrine"],  # the refill reveals a Dragon Attack symbol
        changes={
            "current": 1,
            # "The Clank! Area holds 2 of your cubes, 3 red and 1 green."
            "clank_area": {"blue": 3, "yellow": 2, "green": 1},
            "players": {
                # "Your Health Meter already carries 3 damage."
                "yellow": {"space": "glass-grotto", "damage": 3, "supply": 25},
            },
        },
    )
    # the source's red player is our blue (seat colours); the 30 is the most valuable left.
    # The source's turn finds no secret on the way home: the Ember Hall's goes to the Bank.
    pos["state"]["extra"]["bank_majors"] += pos["state"]["space_tokens"].pop("ember-hall")
    game = Game.from_position(pos, seed=4)
    s, rules = game.state, game.rules
    yellow = game.current_player
    assert yellow.colour == "yellow" and max(s.artifacts.values()) == 30
    monster_path = next(
        p.index for p in game.board.paths if {p.a, p.b} == {"glass-grotto", "hoard-lip"}
    )
    home_path = next(p.index for p in game.board.paths if (p.a, p.b) == ("hoard-lip", "ember-hall"))
    assert game.board.paths[monster_path].monsters == 1
    assert game.board.paths[home_path].boots == 2
    rage_before = s.rage

    # "Your five cards produce 2 Skill, 2 Swords, 3 Boots and plus 2 Clank!"
    for card in hand:
        game.apply(Play(card))
    assert (yellow.skill, yellow.swords, yellow.boots) == (2, 2, 3)
    assert s.clank_area["yellow"] == 4  # "making 4"
    # "You spend 1 Boot to walk the monster path and 1 Sword to cancel its damage"
    game.apply(Move(monster_path, swords=1))
    assert yellow.damage == 3 and yellow.boots == 2 and yellow.swords == 1
    # "On the Artifact space you take it, and the Dragon Marker climbs one space"
    game.apply(TakeArtifact())
    assert yellow.artifacts == [30] and s.rage == rage_before + 1
    # "Your last 2 Boots pay for the footprint path heading home, which costs exactly 2."
    game.apply(Move(home_path))
    assert yellow.boots == 0 and yellow.space == "ember-hall"
    # "Your 2 Skill buy a blue banner card costing 2 from the Adventure Row."
    assert rules.card("field-intern").cost == 2
    game.apply(Buy_(0))
    assert yellow.discard[-1] == "field-intern" and s.row[0] is None and yellow.skill == 0
    assert yellow.swords == 1  # "Your last Sword ... is wasted."

    # "All 8 cubes in the Clank! Area go into the bag. You draw as many as the Marker's new
    # space shows, plus 1 for the Danger card in the Row. Out come 2 yellow, 1 red, and the
    # rest black. Your meter rises to 5."
    area = {c: k for c, k in s.clank_area.items() if k}
    assert area == {"blue": 3, "yellow": 4, "green": 1} and sum(area.values()) == 8
    assert rules.dangers(s) == 1  # the Brass Bugle
    draws = rules.rage_value(s) + 1
    assert draws == 3 + 1  # three players: second rage space (2), one up (3), +1
    rules.rng = _RiggedBag(rules.rng, game, {"yellow": 2, "blue": 1})
    game.apply(EndTurn())
    assert "The dragon attacks: 4 cubes drawn: 1 black, 1 blue, 2 yellow" in game.log
    assert yellow.damage == 5
    assert len(yellow.hand) == 5 and yellow.swords == 0
    assert game.current_player.colour == "green"  # "play passes to your left"
