"""The widget plays Clank! Legacy: its view shows HQ, the Town, Coaches, the Forest, water,
waypoints and the passage being read, fruit, Contracts, Mugs and off-clock attacks; a few
intents go through the message handler; the Bank's tokens stay hidden."""

from __future__ import annotations

import json

from legacy_helpers import legacy_game

from clankwidget import Game
from clankwidget.widget import ClankBoard, view_state


def _space(view, sid):
    return next(s for s in view["board"]["spaces"] if s["id"] == sid)


def test_the_view_shows_the_valley():
    game = Game.new("legacy", players=3, seed=2, options={"contracts": ["rainy-day"]})
    v = view_state(game, 0)
    json.dumps(v)
    coach = _space(v, "coach-deep")
    assert coach["coach"] == 3 and ["coach", "3", []] in coach["badges"]
    forest = _space(v, "thornwood")
    assert forest["forest"] and "forest" in forest["marks"] and forest["fruit"] is True
    assert any("Forest" in w for w in forest["words"])
    town = _space(v, "town")
    assert town["town"] and town["market"]
    assert ["code", "#2", []] in _space(v, "tollbridge")["badges"]
    assert any("Bank" in w for w in _space(v, "old-mill")["words"])
    water = [p for p in v["board"]["paths"] if p["water"]]
    assert water and all(p["gate"] == "water: needs a Canoe" for p in water)
    panels = {p["id"]: p for p in v["panels"]}
    assert panels["contracts"]["rows"][0]["label"] == "Rainy Day Fund"
    franchise = {r["label"]: r["value"] for r in panels["franchise"]["rows"]}
    assert franchise == {"Mugs beside HQ": "3", "Minor secrets in the Bank": "20"}
    bank_ids = {t["id"] for t in game.state.extra["bank"]}
    blob = json.dumps(v)
    row = ["danger-pay", "ferryman", "quiet-ledger", "road-map", "field-intern", "hedge-witch"]
    cards = json.dumps(view_state(legacy_game(3, row=row), 0)["row"])
    assert "if you are in the Danger Zone" in cards  # Legacy's words on the cards
    assert "Depths" not in cards
    assert '"bank": 20' in blob and not any(f'"{i}"' in blob for i in bank_ids - {"tonic"})


def test_a_passage_is_shown_and_chosen_through_intents():
    game = legacy_game(3, changes={"players": {"blue": {"space": "chapel", "boots": 1}}})
    w = ClankBoard(game, bot_delay=0)
    path = next(p.index for p in game.board.paths if {p.a, p.b} == {"chapel", "tollbridge"})
    assert w.handle_intent({"kind": "move", "path": path, "swords": 0})["kind"] == "ok"
    v = w.view
    assert v["pending"]["prompt"].startswith("Passage 2") and v["pending"]["mine"]
    passage = next(p for p in v["panels"] if p["id"] == "passage")
    assert passage["note"] and len(passage["rows"]) == 3
    before = w.game.state.to_dict()
    refused = w.handle_intent({"kind": "choose", "option": 0})  # 2 Gold: blue has none
    assert refused["kind"] == "error" and w.game.state.to_dict() == before
    assert w.handle_intent({"kind": "choose", "option": 2})["kind"] == "ok"
    assert w.game.state.pending is None


def test_a_coach_ride_through_intents_and_the_off_clock_note():
    game = legacy_game(
        3,
        changes={
            "players": {
                "blue": {"space": "coach-north", "boots": 1, "gold": 3},
                "yellow": {"status": "knocked-out"},
            }
        },
    )
    w = ClankBoard(game, bot_delay=0)
    v = w.view
    ride = next(a for a in v["actions"] if a["intent"]["kind"] == "coach")
    assert ride["label"].startswith("Take the coach to Fordside Coach Stop (1 Boot, 3 Gold)")
    assert w.handle_intent(ride["intent"])["kind"] == "ok"
    assert w.game.current_player.space == "coach-ford" and w.game.current_player.gold == 0
    rows = {
        r["label"]: r for r in next(p for p in w.view["panels"] if p["id"] == "franchise")["rows"]
    }
    assert (
        rows["Off the clock"]["value"] == "Yellow" and "4 cubes" in rows["Off the clock"]["title"]
    )
    reply = w.handle_intent({"kind": "hover-bag"})  # the attack odds, with their notes
    assert reply["kind"] == "odds" and reply["draws"] == 4
    assert "off the clock" in reply["notes"][0]["text"]
    assert {p["colour"] for p in reply["players"]} == {"blue", "green"}


def test_hovering_a_room_counts_the_coach_fare_and_the_gold():
    # North Road to Ash Stair: 6 Boots on foot, 2 with the Deepway coach (1 Boot, 4 Gold)
    def hover(gold, boots):
        game = legacy_game(
            3, changes={"players": {"blue": {"space": "coach-north", "boots": boots, "gold": gold}}}
        )
        return ClankBoard(game, bot_delay=0).handle_intent(
            {"kind": "hover-space", "id": "ash-stair"}
        )

    rich = hover(gold=5, boots=2)
    assert rich["reachable"] and rich["distance"] == 2
    ride = rich["options"][0]
    assert (ride["boots"], ride["coaches"], ride["gold"]) == (2, 1, 4)
    assert ride["steps"][0]["path"] == "coach"
    poor = hover(gold=2, boots=2)  # no fare: the walk, out of reach this turn
    assert not poor["reachable"] and poor["distance"] == 6


def test_a_danger_zone_space_is_named_in_the_editions_words():
    # the map layer's Depths are Legacy's Danger Zone: the space's words say so, once
    board = ClankBoard(legacy_game(3), bot_delay=0).board
    deep = next(sp for sp in board["spaces"] if sp["depths"])
    said = [w for w in deep["words"] if "Danger Zone" in w or "Depths" in w]
    assert said == ["in the Danger Zone: knocked out here you score nothing"]
    clank = ClankBoard(Game.new("clank", players=2, seed=0), bot_delay=0).board
    deep = next(sp for sp in clank["spaces"] if sp["depths"])
    assert "in the Depths: knocked out here you score nothing" in deep["words"]


def test_a_coach_ride_in_a_route_carries_its_fare_for_the_map():
    # the map draws a ride as a ride, its fare beside it: each step says what it costs
    rich = ClankBoard(
        legacy_game(
            3, changes={"players": {"blue": {"space": "coach-north", "boots": 2, "gold": 5}}}
        ),
        bot_delay=0,
    )
    ash = next(m for m in rich.view["moves"] if m["id"] == "ash-stair")
    assert ash["route"][0] == {"path": "coach", "space": "coach-deep", "gold": 4}
    assert ash["route"][1]["gold"] == 0 and isinstance(ash["route"][1]["path"], int)
    # out of reach this turn (1 Boot): the way over several turns says which leg is a ride
    poor = ClankBoard(
        legacy_game(
            3, changes={"players": {"blue": {"space": "coach-north", "boots": 1, "gold": 5}}}
        ),
        bot_delay=0,
    )
    reply = poor.handle_intent({"kind": "hover-space", "id": "ash-stair"})
    assert not reply["reachable"] and reply["distance"] == 2
    assert reply["far_steps"][0] == {"path": "coach", "space": "coach-deep", "gold": 4}
    assert reply["far"] == [st["space"] for st in reply["far_steps"]]


def test_a_campaign_board_plays_the_campaign_game_after_game():
    """(A campaign was Python only: each game set up, played and recorded by hand.)"""
    import pytest

    from clankwidget import play
    from clankwidget.campaign import Campaign, CampaignError
    from clankwidget.widget import CampaignBoard

    camp = Campaign.start()
    w = play(campaign=camp, bots="greedy", human=None, bot_delay=0, seed=3)
    assert isinstance(w, CampaignBoard) and w.campaign is camp
    assert w.status["text"].startswith("Game 1: The Charter (1 of 3).")
    for number in (2, 3):
        assert w.game.is_over  # (bots in every seat: the game is played at once)
        box = w.view["next_game"]  # the game-over box's button
        assert box["label"] == "Next campaign game" and box["enabled"]
        assert box["text"].endswith(f"deals {camp.data['games'][number - 1]['title']}.")
        nxt = camp.upcoming()
        assert w.handle_intent({"kind": "new-game"})["kind"] == "ok"
        assert camp.next == number - 1 and len(camp.results) == number - 1
        assert w.status["text"].startswith(f"Recorded {nxt['title']} (")
        assert f"({number} of 3)" in w.status["text"]
        assert w.game.rules.options["contracts"] == camp.upcoming()["contracts"]
        assert w.game.board.raw == camp.board().raw  # the map with the campaign's changes
    assert w.view["next_game"]["label"] == "Record the last game"
    assert w.handle_intent({"kind": "new-game"})["kind"] == "ok"
    assert camp.finished and w.status["text"].endswith("save it with campaign.to_json()")
    assert not w.view["next_game"]["enabled"]
    assert Campaign.from_json(camp.to_json()) == camp
    with pytest.raises(CampaignError, match="is over"):
        CampaignBoard(camp)
    with pytest.raises(TypeError, match="give no edition=, board="):
        play("space", board="teaching-dungeon", campaign=Campaign.start())


def test_new_game_before_the_end_deals_the_same_campaign_game_afresh():
    from clankwidget import play
    from clankwidget.campaign import Campaign

    camp = Campaign.start()
    w = play(campaign=camp, players=3, bots="greedy", bot_delay=0, seed=3)
    assert not w.game.is_over and w.seat == 0
    assert w.handle_intent({"kind": "new-game", "seed": 8})["kind"] == "ok"
    assert camp.next == 0 and camp.results == [] and w.game.seed == 8
    assert len(w.game.players) == 3 and w.status["text"].startswith("Game 1: The Charter")
    assert "next_game" not in w.view  # (only once a game is over)
