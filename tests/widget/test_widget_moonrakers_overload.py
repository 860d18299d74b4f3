"""Moonrakers' Overload option in the widget without a browser: the table view carries
the advanced action offer, head-to-head marks, the free removal, a sign-up and a waiting
bonus, and the intents it offers are the engine's."""

from __future__ import annotations

import json

from clankwidget import Game
from clankwidget.rules import actions as A
from clankwidget.widget import play
from clankwidget.widget.parts.moonrakers import table_view


def _position_game(edit) -> Game:
    game = Game.new("moonrakers", players=3, seed=0, options={"overload": True})
    while game.state.extra["mr"]["phase"] == "keep":
        game.apply(game.legal_actions()[0])
    doc = json.loads(json.dumps(game.position()))
    edit(doc["state"]["extra"]["mr"], doc["state"])
    return Game.from_position(doc, seed=1)


def _h2h_first(mr, state):
    i = mr["contract_deck"].index("h2h-salvage")
    mr["contract_deck"][i], mr["dispatch"][0] = mr["dispatch"][0], "h2h-salvage"


def test_a_base_game_has_no_overload_part():
    game = Game.new("moonrakers", players=2, seed=0)
    v = table_view(game, 0)
    assert v["overload"] is None
    assert not any(c["head_to_head"] for c in v["dispatch"])


def test_head_to_head_contracts_are_marked_and_the_sign_up_shown():
    game = _position_game(_h2h_first)
    leader = game.state.extra["mr"]["leader"]
    v = table_view(game, leader)
    assert v["dispatch"][0]["head_to_head"] and not v["dispatch"][1]["head_to_head"]
    assert not any(c["legal"] for c in v["overload"]["advanced"])  # not while planning
    assert all("allowed in: buy" in c["why"] for c in v["overload"]["advanced"])
    game.apply(A.ChooseContract(0))
    joiner = game.state.extra["mr"]["actor"]
    v = table_view(game, joiner)
    assert v["phase"] == "join" and v["overload"]["join"]["joined"] == []
    assert v["overload"]["join"]["waiting"][0] == game.players[joiner].colour
    kinds = [a["intent"]["kind"] for a in v["actions"]]
    assert kinds == ["join-contract", "stay-out"]
    assert v["phase_text"].startswith("deciding whether to join")


def test_the_advanced_offer_and_the_free_removal_while_buying():
    def buying(mr, state):
        mr["phase"], mr["actor"] = "buy", mr["leader"]
        state["players"][mr["leader"]]["gold"] = 7

    game = _position_game(buying)
    leader = game.state.extra["mr"]["leader"]
    o = table_view(game, leader)["overload"]
    mr = game.state.extra["mr"]
    assert [c["id"] for c in o["advanced"]] == mr["advanced_offer"]
    assert o["deck"] == len(mr["advanced_deck"]) and o["free_removal"] == 1
    for c in o["advanced"]:
        assert c["intent"] == {"kind": "buy-action", "card": c["id"]}
        assert c["legal"] == (c["cost"] <= 7)
    assert all(r["legal"] for r in o["replace"])
    # a spectator sees the offer but may do nothing with it
    spectator = table_view(game, None)["overload"]
    assert not any(c["legal"] for c in spectator["advanced"])


def test_a_waiting_bonus_is_offered_to_its_captain_only_and_taken_by_intent():
    def bonus(mr, state):
        mr["phase"], mr["actor"], mr["bonus"] = "bonus", 0, {"seat": 0, "kind": "crew"}

    game = _position_game(bonus)
    w = play("moonrakers", position=game.position(), bots="greedy", seed=1, bot_delay=0)
    o = w.view["overload"]
    assert o["bonus"]["seat"] == 0 and o["bonus"]["choices"][0]["choice"] == "deck"
    assert {c["choice"] for c in o["bonus"]["choices"][1:]} == set(
        game.state.extra["mr"]["advanced_offer"]
    )
    other = table_view(game, 1)["overload"]["bonus"]
    assert other["choices"] == []  # only its captain gets the buttons
    card = o["bonus"]["choices"][1]
    w.handle_intent(card["intent"])
    assert card["choice"] in w.game.players[0].all_cards
    assert w.game.state.extra["mr"]["bonus"] is None
