"""The worked examples of the rules sources, as engine tests with the sources' numbers.

"A turn, played out" (seed 002): a whole turn of a three-player game, from the Clank!
area and health meter at the start to the dragon's attack after the refill.
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
