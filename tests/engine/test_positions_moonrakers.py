"""Moonrakers positions: the whole table as JSON (Dispatch, the Armory, the decks, the
negotiation and the execution), started from, saved and replayed; a position that
breaks the rules is refused naming the field."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from clankwidget import Game, PositionError
from clankwidget.bots.moonrakers import GreedyCaptain
from clankwidget.widget import play


def _played(seed: int, steps: int) -> Game:
    game = Game.new("moonrakers", players=2 + seed % 4, seed=seed)
    bots = [GreedyCaptain(seed=i) for i in range(len(game.players))]
    for _ in range(steps):
        if game.is_over:
            break
        game.apply(bots[game.players.index(game.acting_player)].choose(game))
    return game


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("steps", [0, 7, 60, 150])
def test_a_position_starts_the_same_table(seed, steps):
    game = _played(seed, steps)
    pos = game.position()
    json.dumps(pos)
    assert pos["board"] is None and pos["cards"] == "moonrakers-teaching"
    again = Game.from_position(json.dumps(pos), seed=7)
    assert again.position() == pos
    assert again.legal_actions() == game.legal_actions()
    assert again.scores() == game.scores()
    # it saves, loads and replays; its save holds the position it started from
    for action in again.legal_actions()[:1]:
        again.apply(action)
    assert Game.from_json(again.to_json()).state.to_dict() == again.state.to_dict()
    assert again.replay().state.to_dict() == again.state.to_dict()


@pytest.mark.parametrize("steps", [0, 40, 120])
def test_an_overload_position_starts_the_same_table(steps):
    game = Game.new("moonrakers", players=3, seed=steps, options={"overload": True})
    bots = [GreedyCaptain(seed=i) for i in range(3)]
    for _ in range(steps):
        if game.is_over:
            break
        game.apply(bots[game.players.index(game.acting_player)].choose(game))
    pos = game.position()
    assert pos["options"] == {"overload": True}
    assert "advanced_offer" in pos["state"]["extra"]["mr"]
    again = Game.from_position(json.dumps(pos), seed=7)
    assert again.position() == pos
    assert again.legal_actions() == game.legal_actions()
    for action in again.legal_actions()[:1]:
        again.apply(action)
    assert Game.from_json(again.to_json()).state.to_dict() == again.state.to_dict()
    assert again.replay().state.to_dict() == again.state.to_dict()


def _pos():
    return _played(1, 60).position()


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (lambda d: d["state"]["extra"]["mr"]["dispatch"].pop(), "$.state"),
        (lambda d: d["state"]["extra"]["mr"]["parts_offer"].append("plasma-lance"), "$.state"),
        (lambda d: d["state"]["players"][0]["hand"].append("reactor"), "$.state"),
        (lambda d: d["state"]["players"][0]["hand"].append("laser-sword"), "$.state.players[0]"),
        (lambda d: d["state"]["extra"]["mr"].update(leader=9), "$.state.extra.mr.leader"),
        (lambda d: d["state"]["players"][1]["extra"].update(prestige=-2), "prestige"),
        (lambda d: d.update(board="teaching-dungeon"), "$.board"),
        (lambda d: d.update(cards="no-such-cards"), "$.cards"),
        (
            lambda d: d["state"]["players"][0]["extra"]["parts"].extend(["a", "b", "c", "d", "e"]),
            "parts",
        ),
        # the shape of every part of the table, not only its lists of ids
        (lambda d: d["state"]["extra"]["mr"].pop("contract"), "$.state.extra.mr"),
        (lambda d: d["state"]["extra"]["mr"].update(contract="x"), "$.state.extra.mr.contract"),
        (lambda d: d["state"]["extra"]["mr"].update(offer="x"), "$.state.extra.mr.offer"),
        (lambda d: d["state"]["extra"]["mr"].pop("swapped"), "$.state.extra.mr"),
        (lambda d: d["state"]["players"][0].update(tokens=None), "$.state.players[0].tokens"),
        (lambda d: d["state"]["players"][0].update(colour="x"), "$.state.players[0].colour"),
        (lambda d: d["state"].update(row=None), "$.state.row"),
        (lambda d: d["state"]["players"][1]["extra"].update(stats={}), "extra.stats"),
        (lambda d: d.update(options={"overload": 10**30}), "$.options"),
        (lambda d: d["state"]["extra"]["mr"].update(advanced_deck=[]), "only with the overload"),
        (lambda d: d["state"]["extra"]["mr"].update(asked=[7]), "$.state.extra.mr.asked"),
    ],
)
def test_a_position_that_breaks_the_rules_is_refused(change, field):
    doc = _pos()
    change(doc)
    with pytest.raises(PositionError) as err:
        Game.from_position(doc, seed=1)
    assert field in str(err.value)


def test_the_widget_opens_a_position():
    pos = _played(2, 40).position()
    w = play(position=pos, bots="greedy", bot_delay=0, seed=3)
    assert w.view["layout"] == "table"
    assert w.game.state.turn >= pos["state"]["turn"]


@pytest.mark.parametrize("options", [None, {"overload": True}])
def test_a_mistyped_field_anywhere_is_refused_naming_it(options):
    """Every field of a position, at a few moments of a game, set to values of the wrong
    kind (or taken out): refused with a PositionError, or, where the value happens to be
    one the field takes, a table the rules can play on."""
    game = Game.new("moonrakers", players=3, seed=4, options=options)
    bots = [GreedyCaptain(seed=i) for i in range(3)]
    docs = []
    for step in range(400):
        if step in (0, 25, 90, 399) or game.is_over:
            docs.append(game.position())
        if game.is_over:
            break
        game.apply(bots[game.players.index(game.acting_player)].choose(game))

    def paths(value, at=()):
        yield at
        if isinstance(value, dict | list):
            items = value.items() if isinstance(value, dict) else enumerate(value[:2])
            for k, v in items:
                yield from paths(v, (*at, k))

    tried = 0
    for doc in docs:
        for at in list(paths(doc["state"]))[1:]:
            for bad in (None, "x", 1.5, -1, 2.0, [], {}, [None], "__delete__"):
                edited = json.loads(json.dumps(doc))
                parent = edited["state"]
                for k in at[:-1]:
                    parent = parent[k]
                if bad == "__delete__":
                    del parent[at[-1]]
                else:
                    parent[at[-1]] = bad
                try:
                    again = Game.from_position(edited, seed=1)
                except PositionError:
                    tried += 1
                    continue
                for _ in range(30):  # accepted: it plays on
                    if again.is_over:
                        break
                    again.apply(GreedyCaptain(seed=1).choose(again))
                tried += 1
    assert tried > 3000


def test_every_moment_of_an_overload_game_is_a_position_that_starts_the_same_table():
    """Whatever the phase (an objective put back, an offer answered, an execution with
    deals or head-to-head, a sign-up, a bonus), the table is a position that loads."""
    phases = Counter()
    for seed in (0, 3):
        game = Game.new("moonrakers", players=3, seed=seed, options={"overload": True})
        bots = [GreedyCaptain(seed=i) for i in range(3)]
        while not game.is_over:
            mr = game.state.extra["mr"]
            if mr["phase"] != "plan" or game.state.turn % 5 == 0:
                pos = game.position()
                assert Game.from_position(pos, seed=1).position() == pos
                head_to_head = mr["execution"] is not None and mr["execution"]["own"] is not None
                phases[mr["phase"], head_to_head] += 1
            game.apply(bots[game.players.index(game.acting_player)].choose(game))
    assert {("execute", True), ("execute", False), ("join", False), ("respond", False)} <= set(
        phases
    ), phases
