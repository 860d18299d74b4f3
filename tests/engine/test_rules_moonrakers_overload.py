"""Moonrakers with the Overload option: head-to-head contracts, the advanced action offer,
the free Armory removal, bonus advanced cards, the refused IOsphere and Nomad options, and
the log's "die"/"dice". Tables are set up from positions (a seeded set-up, edited)."""

from __future__ import annotations

import json

import pytest

from clankwidget import Game, IllegalAction, PositionError, RuleNotImplemented
from clankwidget.bots.moonrakers import GreedyCaptain, PlannerCaptain
from clankwidget.errors import BoardDataError
from clankwidget.rules import actions as A
from clankwidget.rules.moonrakers_data import (
    MoonrakersData,
    card_set_from_dict,
    dice_words,
    load_card_set,
)

OL = {"overload": True}


def _game(players: int = 3, seed: int = 0) -> Game:
    return Game.new("moonrakers", players=players, seed=seed, options=OL)


def _planning(players: int = 3, seed: int = 0) -> Game:
    """An Overload game past the set-up's objectives, its leader planning."""
    game = _game(players, seed)
    while game.state.extra["mr"]["phase"] == "keep":
        game.apply(game.legal_actions()[0])
    return game


def _move(pile_from: list, pile_to: list, card: str) -> None:
    pile_from.remove(card)
    pile_to.append(card)


def _table(game: Game, edit) -> Game:
    """``game``'s position, edited by ``edit(doc)``, started again (checked by the rules)."""
    doc = json.loads(json.dumps(game.position()))
    edit(doc)
    return Game.from_position(doc, seed=1)


def _contract_to_slot(doc, cid: str, slot: int = 0) -> None:
    mr = doc["state"]["extra"]["mr"]
    for key in ("contract_deck", "contract_discard"):
        if cid in mr[key]:
            i = mr[key].index(cid)
            mr[key][i], mr["dispatch"][slot] = mr["dispatch"][slot], cid
            return
    assert cid in mr["dispatch"]
    i = mr["dispatch"].index(cid)
    mr["dispatch"][i], mr["dispatch"][slot] = mr["dispatch"][slot], cid


def _hand(doc, seat: int, cards: list[str]) -> None:
    """Give captain ``seat`` exactly ``cards`` in hand: their old hand goes to their
    discard, the new cards come from the supply."""
    st = doc["state"]
    p = st["players"][seat]
    p["discard"] += p["hand"]
    p["hand"] = []
    for cid in cards:
        st["reserve"][cid] -= 1
        p["hand"].append(cid)


# ---------------------------------------------------------------- set-up and options


def test_overload_shuffles_its_content_in_and_deals_the_advanced_offer():
    base, game = Game.new("moonrakers", players=3, seed=4), _game(seed=4)
    mr, raw = game.state.extra["mr"], game.cards.raw["overload"]
    assert "advanced_offer" not in base.state.extra["mr"]
    assert len(mr["advanced_offer"]) == raw["setup"]["advanced_offer"] == 3
    advanced = sorted(c["card"] for c in raw["advanced"] for _ in range(c["count"]))
    assert sorted(mr["advanced_offer"] + mr["advanced_deck"]) == advanced
    contracts = mr["dispatch"] + mr["contract_deck"] + mr["contract_discard"]
    assert {c["id"] for c in raw["contracts"]} <= set(contracts)
    assert {c["id"] for c in raw["parts"]} <= set(mr["part_deck"] + mr["parts_offer"])
    crew = {c["card"] for c in raw["crew_deck"]}
    assert crew <= set(mr["crew_deck"] + mr["crew_offer"])
    assert mr["free_removal"] == 1 and mr["join"] is None and mr["bonus"] is None


@pytest.mark.parametrize("seed", range(6))
def test_head_to_head_contracts_are_redrawn_at_set_up(seed):
    game = _game(seed=seed)
    contracts = game.rules.data.contracts
    assert not any(contracts[c].get("head_to_head") for c in game.state.extra["mr"]["dispatch"])


def test_iosphere_and_nomad_are_refused_saying_why():
    with pytest.raises(RuleNotImplemented, match="IOsphere.*without their rule"):
        Game.new("moonrakers", seed=0, options={"overload": True, "iosphere": True})
    with pytest.raises(RuleNotImplemented, match="nomad.*areas"):
        Game.new("moonrakers", seed=0, options={"nomad": True})
    assert "IOsphere tokens not included" in type(_game().rules).known_options["overload"]


@pytest.mark.parametrize("value", [1, 10**30, "yes", [[True]], None])
def test_an_option_is_true_or_false(value):
    # (a number of 31 digits is not sensible JSON, which Game.new checks first)
    match = r"\$\.overload: expected a number of sensible size" if value == 10**30 else "true or"
    with pytest.raises(ValueError, match=match):
        Game.new("moonrakers", seed=0, options={"overload": value})


def test_a_card_set_without_overload_content_refuses_the_option():
    doc = json.loads(json.dumps(load_card_set("moonrakers-teaching").raw))
    del doc["overload"]
    cards = card_set_from_dict(doc, source="mine.json")
    with pytest.raises(BoardDataError, match=r"\$\.overload.*overload option"):
        MoonrakersData.of(cards, overload=True)


def test_overload_data_is_checked_naming_the_path():
    doc = json.loads(json.dumps(load_card_set("moonrakers-teaching").raw))
    doc["overload"]["advanced"][0]["card"] = "broker-quill"  # crew, not an action card
    with pytest.raises(BoardDataError, match=r"\$\.overload\.advanced\[0\]\.card"):
        card_set_from_dict(doc, source="mine.json")
    doc = json.loads(json.dumps(load_card_set("moonrakers-teaching").raw))
    doc["overload"]["contracts"][0]["head_to_head"] = "yes"
    with pytest.raises(BoardDataError, match="head_to_head"):
        card_set_from_dict(doc, source="mine.json")


# ---------------------------------------------------------------- head-to-head contracts


def _h2h(players=3, hands=None, cid="h2h-derelict") -> Game:
    game = _planning(players)

    def edit(doc):
        _contract_to_slot(doc, cid)
        for seat, cards in (hands or {}).items():
            _hand(doc, seat, cards)

    return _table(game, edit)


def test_choosing_a_head_to_head_contract_asks_each_captain_clockwise():
    game = _h2h(players=3)
    leader = game.state.extra["mr"]["leader"]
    game.apply(A.ChooseContract(0))
    mr = game.state.extra["mr"]
    assert mr["phase"] == "join" and mr["actor"] == (leader + 1) % 3
    assert game.legal_actions() == [A.JoinContract(), A.StayOut()]
    with pytest.raises(IllegalAction, match="join"):
        game.apply(A.Offer((leader + 1) % 3))
    game.apply(A.JoinContract())
    assert game.state.extra["mr"]["actor"] == (leader + 2) % 3
    game.apply(A.StayOut())
    exe = game.state.extra["mr"]["execution"]
    assert exe["seats"] == [leader, (leader + 1) % 3]
    dice = game.rules.data.contracts["h2h-derelict"]["dice"]
    assert [exe["dice"][i] for i in exe["seats"]] == [dice, dice]  # each rolls them all


def _run_execution(game, plays: dict[int, list[str]]) -> None:
    """Call each captain in seat order of ``plays`` and play their cards, then stop."""
    mr = game.state.extra["mr"]
    while mr["phase"] == "execute":
        exe = mr["execution"]
        if exe["playing"] is None:
            game.apply(A.CallOn(exe["waiting"][0]))
            continue
        seat = exe["playing"]
        todo = plays.get(seat, [])
        if todo and todo[0] in game.state.players[seat].hand:
            game.apply(A.Play(todo.pop(0)))
        else:
            game.apply(A.StopPlaying())
        mr = game.state.extra["mr"]


def test_the_captain_meeting_the_most_requirements_wins_it_all():
    # Race to the derelict needs 3 Reactor and 1 Thruster
    hands = {0: ["reactor", "thruster"], 1: ["reactor", "reactor", "reactor"], 2: ["shield"]}
    game = _h2h(players=3, hands=hands)
    game.apply(A.ChooseContract(0))
    while game.state.extra["mr"]["phase"] == "join":
        game.apply(A.JoinContract())
    before = [(p.gold, p.extra["prestige"]) for p in game.state.players]
    _run_execution(game, {0: ["reactor", "thruster"], 1: ["reactor", "reactor", "reactor"]})
    ev = next(e for e in reversed(game.state.events) if "winner" in e)
    c = game.rules.data.contracts["h2h-derelict"]
    assert ev["success"] and ev["winner"] == game.state.players[1].colour
    p1 = game.state.players[1]
    assert p1.gold == before[1][0] + c["reward"]["credits"]
    assert p1.extra["stats"]["head_to_head"] == 1
    assert p1.extra["stats"]["completed"]["explore"] == 1
    for i in (0, 2):  # the others get nothing
        assert game.state.players[i].gold == before[i][0]
        assert "head_to_head" not in game.state.players[i].extra["stats"]


def test_a_tie_goes_to_the_turn_order_from_the_leader():
    hands = {0: ["reactor", "thruster"], 1: ["reactor", "thruster"]}
    game = _h2h(players=2, hands=hands)
    leader = game.state.extra["mr"]["leader"]
    game.apply(A.ChooseContract(0))
    game.apply(A.JoinContract())
    _run_execution(game, {0: ["reactor", "thruster"], 1: ["reactor", "thruster"]})
    ev = next(e for e in reversed(game.state.events) if "winner" in e)
    assert ev["winner"] == game.state.players[leader].colour


def test_a_head_to_head_contract_run_alone_needs_every_requirement():
    game = _h2h(players=2, hands={0: ["reactor", "thruster"], 1: ["reactor", "thruster"]})
    leader = game.state.extra["mr"]["leader"]
    game.apply(A.ChooseContract(0))
    game.apply(A.StayOut())
    assert game.state.extra["mr"]["execution"]["seats"] == [leader]
    _run_execution(game, {leader: ["reactor", "thruster"]})
    ev = next(e for e in reversed(game.state.events) if "winner" in e)
    assert not ev["success"] and ev["winner"] is None
    assert game.state.players[leader].extra["prestige"] == 0


# ---------------------------------------------------------------- the Armory


def _buying(players=2, credits=20) -> Game:
    game = _h2h(players=players)

    def edit(doc):
        mr = doc["state"]["extra"]["mr"]
        mr["phase"] = "buy"
        mr["actor"] = mr["leader"]
        doc["state"]["players"][mr["leader"]]["gold"] = credits

    return _table(game, edit)


def test_an_advanced_action_card_is_bought_from_its_own_offer_and_replaced():
    game = _buying()
    mr = game.state.extra["mr"]
    p = game.state.players[mr["leader"]]
    card = mr["advanced_offer"][0]
    assert A.BuyAction(card) in game.legal_actions()
    top = mr["advanced_deck"][-1]
    game.apply(A.BuyAction(card))
    assert p.discard[-1] == card and p.gold == 20 - game.rules.card(card).cost
    assert mr["advanced_offer"][0] == top and len(mr["advanced_offer"]) == 3
    p.gold = 0
    with pytest.raises(IllegalAction, match="costs"):
        game.apply(A.BuyAction(mr["advanced_offer"][1]))


def test_the_first_removal_before_buying_is_free_then_the_paid_one():
    game = _buying(credits=3)
    mr = game.state.extra["mr"]
    p = game.state.players[mr["leader"]]
    old = mr["advanced_offer"][1]
    game.apply(A.ReplaceOffer("advanced", 1))
    assert p.gold == 3 and mr["free_removal"] == 0 and mr["advanced_deck"][0] == old
    game.apply(A.ReplaceOffer("parts", 0))
    assert p.gold == 2 and mr["replaced"]
    with pytest.raises(IllegalAction, match="already replaced"):
        game.apply(A.ReplaceOffer("crew", 0))


def test_buying_anything_ends_the_free_removal():
    game = _buying(credits=20)
    mr = game.state.extra["mr"]
    game.apply(A.BuyCrew(0))
    assert mr["free_removal"] == 0
    gold = game.state.players[mr["leader"]].gold
    game.apply(A.ReplaceOffer("crew", 0))
    assert game.state.players[mr["leader"]].gold == gold - 1


def test_the_free_removal_comes_back_each_turn():
    game = _buying(credits=5)
    game.apply(A.ReplaceOffer("crew", 0))
    game.apply(A.EndTurn())
    assert game.state.extra["mr"]["free_removal"] == 1


# ---------------------------------------------------------------- bonus cards


def _bonus_waiting(kind="crew", empty_advanced=False) -> Game:
    game = _buying()

    def edit(doc):
        mr = doc["state"]["extra"]["mr"]
        mr["phase"], mr["bonus"] = "bonus", {"seat": 1, "kind": kind}
        mr["actor"] = 1
        if empty_advanced:  # the advanced cards are all in captain 0's discard
            p = doc["state"]["players"][0]
            p["discard"] += mr["advanced_offer"] + mr["advanced_deck"]
            mr["advanced_offer"], mr["advanced_deck"] = [], []

    return _table(game, edit)


def test_a_bonus_may_take_an_advanced_action_card_on_offer():
    game = _bonus_waiting()
    mr = game.state.extra["mr"]
    choices = {a.choice for a in game.legal_actions() if a.kind == "take-bonus"}
    assert choices == {"deck", *mr["advanced_offer"]}
    card = mr["advanced_offer"][2]
    game.apply(A.TakeBonus(card))
    assert game.state.players[1].discard[-1] == card
    assert mr["phase"] == "buy" and mr["bonus"] is None and len(mr["advanced_offer"]) == 3
    with pytest.raises(IllegalAction, match="not now"):
        game.apply(A.TakeBonus("deck"))


def test_a_bonus_from_the_deck_is_the_contracts_kind():
    game = _bonus_waiting("crew")
    top = game.state.extra["mr"]["crew_deck"][-1]
    game.apply(A.TakeBonus("deck"))
    assert game.state.players[1].discard[-1] == top


def test_when_advanced_cards_run_out_a_supply_action_card_may_be_taken():
    game = _bonus_waiting(empty_advanced=True)
    choices = {a.choice for a in game.legal_actions()}
    assert {"deck", "damage-3", "reactor"} <= choices
    with pytest.raises(IllegalAction, match="not a bonus you may take"):
        game.apply(A.TakeBonus("adv-fusion"))
    left = game.state.reserve["damage-3"]
    game.apply(A.TakeBonus("damage-3"))
    assert game.state.reserve["damage-3"] == left - 1
    assert game.state.players[1].discard[-1] == "damage-3"


def test_a_supply_card_is_refused_while_advanced_cards_are_left():
    game = _bonus_waiting()
    state = game.state.to_dict()
    with pytest.raises(IllegalAction, match="run out"):
        game.apply(A.TakeBonus("reactor"))
    assert game.state.to_dict() == state


# ---------------------------------------------------------------- positions, saves, sight


def test_positions_of_every_overload_phase_round_trip():
    join = _h2h(players=3)
    join.apply(A.ChooseContract(0))
    for game in (join, _bonus_waiting(), _buying()):
        pos = game.position()
        again = Game.from_position(json.dumps(pos), seed=3)
        assert again.position() == pos and again.legal_actions() == game.legal_actions()
        again.apply(again.legal_actions()[0])
        assert Game.from_json(again.to_json()).state.to_dict() == again.state.to_dict()
        assert again.replay().state.to_dict() == again.state.to_dict()


@pytest.mark.parametrize(
    ("change", "where"),
    [
        (lambda mr: mr["advanced_offer"].pop(), "adv-"),
        (lambda mr: mr.update(bonus={"seat": 1, "kind": "crew"}), "bonus"),
        (lambda mr: mr.update(phase="join"), "join"),
    ],
)
def test_a_broken_overload_position_is_refused(change, where):
    doc = json.loads(json.dumps(_buying().position()))
    change(doc["state"]["extra"]["mr"])
    with pytest.raises(PositionError, match=where):
        Game.from_position(doc)


def test_the_observation_shows_the_overload_table_but_no_hand():
    game = _h2h(players=3)
    game.apply(A.ChooseContract(0))
    obs = game.rules.observation(game.state, 2)
    t = obs["table"]
    assert t["advanced_offer"] == game.state.extra["mr"]["advanced_offer"]
    assert t["advanced_deck"] == len(game.state.extra["mr"]["advanced_deck"])
    assert t["join"]["queue"] and t["free_removal"] == 1
    assert obs["hand"] == game.state.players[2].hand
    assert all("hand" not in c or isinstance(c["hand"], int) for c in obs["captains"])


# ---------------------------------------------------------------- the log's words


def test_one_die_and_several_dice():
    assert dice_words(1, "hazard") == "1 hazard die"
    assert dice_words(2) == "2 dice" and dice_words(0) == "0 dice"
    game = _h2h(players=2, hands={0: ["reactor"], 1: ["reactor"]})
    game.apply(A.ChooseContract(0))  # Race to the derelict: 1 die
    assert "(explore, 1 die)" in game.state.log[-2]
    game.apply(A.JoinContract())
    rolls = [line for line in game.state.log if " rolls " in line]
    assert rolls and all("1 hazard die:" in line for line in rolls)


def test_no_log_line_says_one_dice_or_one_hazards():
    game = Game.new("moonrakers", players=3, seed=2, options=OL)
    bots = [GreedyCaptain(i) for i in range(3)]
    for _ in range(200):
        if game.is_over:
            break
        game.apply(bots[game.state.extra["mr"]["actor"]].choose(game))
    text = "\n".join(game.state.log)
    assert " die" in text
    for wrong in ("1 dice", "1 hazard dice", "(1 hazards)", " 1 unblocked hazards"):
        assert wrong not in text


def test_planner_and_greedy_captains_play_an_overload_game_to_the_end():
    game = Game.new("moonrakers", players=2, seed=8, options=OL)
    bots = [PlannerCaptain(0), GreedyCaptain(1)]
    for _ in range(2000):
        if game.is_over:
            break
        game.apply(bots[game.state.extra["mr"]["actor"]].choose(game))
    assert game.is_over and max(game.scores().values()) >= 10
