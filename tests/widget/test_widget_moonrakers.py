"""Moonrakers in the widget without a browser: the table view the kernel builds for one
seat (and only that seat's secrets), the intents of the table checked by the engine, the
turn handed between the person and the bots as captains act during each other's turns."""

from __future__ import annotations

import json

import pytest

from clankwidget import Game
from clankwidget.bots.moonrakers import GreedyCaptain
from clankwidget.widget import ClankBoard, play
from clankwidget.widget.parts.moonrakers import table_view

MR = lambda w: w.game.state.extra["mr"]  # noqa: E731


def _widget(seed=11, **kw):
    return play("moonrakers", players=3, bots="greedy", seed=seed, bot_delay=0, **kw)


def _secrets(game, seat):
    """Names and ids of what ``seat`` keeps hidden: objectives and cards in hand/deck."""
    p = game.players[seat]
    rules = game.rules
    return [rules.data.objectives[o]["name"] for o in p.extra["objectives"]]


def test_the_table_view_is_drawn_as_a_table_with_the_bots_of_the_edition():
    w = _widget()
    v = w.view
    assert v["layout"] == "table" and "map" not in v["features"]
    assert w.board == {}
    assert len(v["dispatch"]) == 8 and len(v["captains"]) == 3
    assert all(isinstance(b, GreedyCaptain) for b in w.bots.values())
    assert [c["bot"] for c in v["captains"]] == [None, "greedy", "greedy"]
    assert v["phase"] == "keep" and v["you_act"] and v["keep"]["drop"] == 1
    json.dumps(v)  # plain JSON
    c = v["dispatch"][0]
    assert sum(c["hazards"]) == pytest.approx(1.0)
    assert len(c["hazards"]) == 2 * c["dice"] + 1 or c["dice"] == 0


@pytest.mark.parametrize("seed", [2, 11])
def test_no_other_captains_secret_reaches_the_browser(seed):
    w = _widget(seed=seed)
    for _ in range(30):  # through set-up, negotiation and execution
        text = json.dumps(w.view)
        for seat in (1, 2):
            for name in set(_secrets(w.game, seat)) - set(_secrets(w.game, 0)):
                assert name not in text
        assert [c["id"] for c in w.view["hand"]] == list(w.game.players[0].hand)
        for c in w.view["captains"]:
            assert "hand" not in c and "objectives_list" not in c
        legal = w.game.legal_actions()
        if w.game.is_over or not legal:
            break
        bot = GreedyCaptain(seed=1)
        w.handle_intent(bot.choose(w.game).to_dict())
    # a spectator sees no hand and no objective
    spectator = table_view(w.game, None)
    assert spectator["hand"] == [] and spectator["objectives"] == []


def test_an_illegal_or_malformed_intent_is_refused_and_changes_nothing():
    w = _widget()
    before = json.dumps(w.game.state.to_dict(), sort_keys=True)
    n = len(w.game.actions)
    for bad in (
        {"kind": "choose-contract", "slot": 0},  # not in the keep phase
        {"kind": "offer", "seat": 1, "prestige": 1},
        {"kind": "drop-objective", "objective": "nonsense"},
        {"kind": "offer", "seat": "1"},
        {"kind": "buy-part", "slot": 0, "extra": 1},
        {"kind": "move-to", "id": "x"},
        {"kind": "hover-space", "id": "x"},
        {"kind": "hover-bag"},  # no dragon: refused, not an unexpected error
    ):
        reply = w.handle_intent(bad)
        assert reply["kind"] == "error", bad
        assert not reply["message"].startswith("unexpected"), reply
        assert w.status["level"] == "error"
    assert len(w.game.actions) == n
    assert json.dumps(w.game.state.to_dict(), sort_keys=True) == before


def test_a_turn_played_through_intents_hands_the_turn_to_the_bots_and_back():
    w = _widget()
    v = w.view
    assert w.handle_intent(v["keep"]["among"][0]["intent"])["kind"] == "ok"
    assert MR(w)["phase"] == "plan" and MR(w)["actor"] == 0  # bots put theirs back
    assert w.handle_intent({"kind": "choose-contract", "slot": 0})["kind"] == "ok"
    v = w.view
    assert v["deal"]["can_offer"] and [c["seat"] for c in v["deal"]["invitable"]] == [1, 2]
    # an offer above what is left is refused with the engine's reason
    left = v["deal"]["left"]
    reply = w.handle_intent({"kind": "offer", "seat": 2, "prestige": left["prestige"] + 1})
    assert reply["kind"] == "error" and "only" in reply["message"]
    reply = w.handle_intent({"kind": "offer", "seat": 2, "prestige": 1, "dice": 1})
    assert reply == {"kind": "ok", "intent": "offer"}
    # the bot answered (during our turn): we act again
    assert MR(w)["actor"] == 0 and not w.busy
    if MR(w)["phase"] == "respond":
        w.handle_intent({"kind": "refuse"})
    assert w.handle_intent({"kind": "launch"})["kind"] == "ok"
    assert w.view["execution"] is not None or MR(w)["phase"] != "execute"
    for _ in range(20):
        if MR(w)["phase"] != "execute":
            break
        legal = [a for a in w.game.legal_actions() if a.kind in ("call-on", "play")]
        pick = legal[0] if legal else next(a for a in w.game.legal_actions())
        assert w.handle_intent(pick.to_dict())["kind"] == "ok"
    if MR(w)["phase"] == "refit":
        w.handle_intent({"kind": "refit", "index": -1})
    assert MR(w)["phase"] == "buy" and w.view["armory"]["parts"]
    turn = w.game.state.turn
    assert w.handle_intent({"kind": "end-turn"})["kind"] == "ok"
    assert w.game.state.turn > turn
    assert w.game.is_over or MR(w)["actor"] == 0


def test_undo_within_the_persons_turn():
    w = _widget()
    w.handle_intent(w.view["keep"]["among"][0]["intent"])
    n = len(w.game.actions)
    w.handle_intent({"kind": "choose-contract", "slot": 0})
    assert w.view["can_undo"]
    assert w.handle_intent({"kind": "undo"})["kind"] == "ok"
    assert len(w.game.actions) == n and MR(w)["phase"] == "plan"


def test_watching_bots_play_a_whole_game():
    game = Game.new("moonrakers", players=3, seed=4)
    w = ClankBoard(game, bots=["greedy"], human=None, bot_delay=0)
    assert w.game.is_over
    assert w.view["is_over"] and w.view["winners"]
    assert max(w.game.rules.scores(w.game.state)) >= 10


def _play_on(w, until, limit=400):
    """The person plays the first legal action that is not an offer until ``until(w)``."""
    g = w.game
    for _ in range(limit):
        if until(w) or g.is_over:
            return
        acts = [a for a in g.legal_actions() if a.kind not in ("offer", "counter", "swap-contract")]
        assert w.handle_intent(acts[0].to_dict())["kind"] == "ok"
    raise AssertionError("never reached")


def test_save_load_and_a_replay_of_the_table_where_nothing_can_be_played(tmp_path):
    w = _widget()
    _play_on(w, lambda w: w.game.state.turn >= 3 and MR(w)["actor"] == 0)
    saved = w.handle_intent({"kind": "save"})  # (written next to the notebook, not sent)
    assert saved["kind"] == "saved" and saved["name"].startswith("clank-moonrakers-seed11")
    actions = [a.to_dict() for a in w.game.actions]
    w.handle_intent({"kind": "new-game", "seed": 3})
    text = (tmp_path / saved["name"]).read_text()
    assert w.handle_intent({"kind": "load", "text": text})["kind"] == "ok"
    assert [a.to_dict() for a in w.game.actions] == actions

    # a replay's next step in words, never a secret (which objective is put back)
    assert w.handle_intent({"kind": "replay", "step": 0})["kind"] == "ok"
    assert w.view["replay"]["next"] == "putting back an objective"
    assert w.handle_intent({"kind": "replay", "step": 4})["kind"] == "ok"
    v = w.view
    assert v["layout"] == "table" and v["replay"]["step"] == 4
    assert v["replay"]["total"] == len(actions)
    assert v["log_total"] == len(w.game.replay(4).log)
    # nothing is offered in a replay, and every control says why
    assert v["actions"] == [] and not v["you_act"]
    why = "this is a replay: leave it to play on"
    assert {c["choose"]["why"] for c in v["dispatch"]} == {why}
    assert all(not c["legal"] and c["why"] == why for c in v["hand"])
    reply = w.handle_intent(actions[4])
    assert reply["kind"] == "error" and "replay" in reply["message"]
    assert w.handle_intent({"kind": "replay-exit"})["kind"] == "ok"
    assert "replay" not in w.view and len(w.game.actions) == len(actions)


def test_since_your_turn_says_what_the_other_captains_did():
    w = _widget()
    seen = []

    def shown(w):
        since = w.view.get("since")
        if since and MR(w)["phase"] == "plan" and MR(w)["leader"] == 0:
            seen.append(since)
        return len(seen) >= 2

    _play_on(w, shown)
    for since in seen:
        assert [p["colour"] for p in since["players"]] == ["yellow", "green"]  # not blue
    entries = [p for since in seen for p in since["players"]]
    assert any(p["contracts"] for p in entries)
    for p in entries:
        for c in p["contracts"]:
            assert c["text"].startswith(p["colour"].capitalize() + " chooses")
            assert c["result"] in ("success", "failure", None)
    # the prestige gained is the score's change since the mark
    assert any(p["points"] for p in entries)


def test_hot_seat_captains_hand_the_table_over_and_see_only_their_own_cards():
    w = play("moonrakers", players=["human", "human"], seed=3, bot_delay=0)
    assert w.seat == 0 and not w.bots
    blue_objectives = {o["id"] for o in w.view["keep"]["among"]}
    assert w.handle_intent(w.view["keep"]["among"][0]["intent"])["kind"] == "ok"
    # Yellow puts back an objective next: the table waits for Yellow, showing no hand
    assert w.view["pass_to"] == "yellow" and w.seat is None
    assert not w.view.get("hand") and not w.view.get("keep")
    early = {"kind": "drop-objective", "objective": sorted(blue_objectives)[0]}
    assert "pass the board to Yellow" in w.handle_intent(early)["message"]
    assert w.handle_intent({"kind": "ready"})["kind"] == "ok"
    assert w.seat == 1 and "pass_to" not in w.view
    yellow_objectives = {o["id"] for o in w.view["keep"]["among"]}
    assert yellow_objectives and yellow_objectives.isdisjoint(blue_objectives)
    assert w.handle_intent({"kind": "ready"})["kind"] == "error"
