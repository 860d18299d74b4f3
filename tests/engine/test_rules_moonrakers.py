"""Moonrakers rules, one by one: set-up, cards, planning, base, negotiation, dice,
execution, rewards, buying, objectives, the end; and its data loader.

Each situation is set up from a position (``table`` and ``again`` in tests/helpers.py):
what a test names (a hand, a contract in Dispatch, parts, prestige) comes from where it
was, so every card and contract is still somewhere once."""

from __future__ import annotations

import copy
import json
import re
from collections import Counter

import pytest

import clankwidget as cw
from clankwidget import Game, IllegalAction
from clankwidget.errors import BoardDataError
from clankwidget.rules import actions as A
from clankwidget.rules.actions import action_from_dict
from clankwidget.rules.moonrakers import MoonrakersRules
from clankwidget.rules.moonrakers_data import card_set_from_dict, load_card_set
from clankwidget.rules.protocol import DECK_HOOKS

from helpers import again, table

DATA = cw.data.board_data_dir() / "moonrakers" / "moonrakers-teaching.json"


def mr(game):
    return game.state.extra["mr"]


def leader(game):
    return game.state.players[mr(game)["leader"]]


def other(game):
    return (mr(game)["leader"] + 1) % len(game.players)


def dispatch(cid: str) -> dict:
    """Changes putting contract ``cid`` in Dispatch slot 0 (the one there takes its place)."""
    return {"extra": {"mr": {"dispatch": {"0": cid}}}}


# ---------------------------------------------------------------- the edition


def test_the_registry_lists_moonrakers_as_playable():
    entry = cw.edition("moonrakers")
    assert entry.has_engine and entry.playable and entry.has("contracts")
    assert entry.rules_class() is MoonrakersRules
    assert "moonrakers" in [e.name for e in cw.editions(playable=True)]
    assert "moonrakers" in [e.name for e in cw.editions(engine=True)]
    assert "legacy" in [e.name for e in cw.editions(engine=True)]
    words = {"gold", "boss", "boss_attack", "row", "deck", "space", "spaces", "place", "map"}
    assert words | {"cubes"} <= set(entry.vocabulary)
    assert entry.vocabulary["gold"] == "Credits" and entry.vocabulary["row"] == "Dispatch"
    assert not [h for h in DECK_HOOKS if not hasattr(MoonrakersRules, h)]
    game = Game.new("moonrakers", seed=0)
    assert game.board is None and game.cards.id == entry.cards
    assert game.rules.words == dict(entry.vocabulary)
    with pytest.raises(TypeError, match="no map"):
        Game.new("moonrakers", board="teaching-dungeon")
    assert Game.from_position(game.position(), seed=1).position() == game.position()


# ---------------------------------------------------------------- set-up


@pytest.mark.parametrize("seed", range(4))
def test_set_up(seed):
    game = Game.new("moonrakers", players=3, seed=seed)
    s, m, su = game.state, mr(game), game.rules.su
    for p in s.players:
        assert p.gold == 2 and p.extra["prestige"] == 0 and p.extra["parts"] == []
        assert len(p.hand) == 5 and len(p.all_cards) == 10
        assert Counter(p.all_cards) == {
            "damage-1": 2,
            "reactor": 3,
            "shield": 2,
            "thruster": 2,
            "miss": 1,
        }
        assert len(p.extra["objectives"]) == 3  # dealt three, one goes back next
    assert len(m["parts_offer"]) == 6 and len(m["crew_offer"]) == 3
    assert len(m["dispatch"]) == 8
    assert all(game.rules.data.contracts[c]["dice"] < su["redraw_dice"] for c in m["dispatch"])
    assert s.reserve["reactor"] == 10
    # the first leader rolled least hazards in the last roll; the tied re-rolled
    rolls = [e["rolls"] for e in s.events if e["kind"] == "setup" and "rolls" in e]
    last = rolls[-1]
    lead = m["leader"]
    assert last[lead] == min(r for r in last if r is not None)
    assert sum(1 for r in last if r == last[lead]) == 1
    for before in rolls[:-1]:
        low = min(r for r in before if r is not None)
        assert sum(1 for r in before if r == low) > 1
    # each captain keeps two of the three, in seat order
    assert m["phase"] == "keep" and m["actor"] == 0
    for seat in range(3):
        assert m["actor"] == seat
        game.apply(game.legal_actions()[0])
    assert [len(p.extra["objectives"]) for p in s.players] == [2, 2, 2]
    assert m["phase"] == "plan" and m["actor"] == lead == s.current


def test_contracts_with_three_dice_are_redrawn_at_set_up():
    doc = json.loads(DATA.read_text())
    for c in doc["contracts"][:12]:
        c["dice"] = 3  # many hard contracts: they must all be set aside
    cards = card_set_from_dict(doc, source="hard.json")
    for seed in range(5):
        game = Game.new("moonrakers", seed=seed, cards=cards)
        dice = [game.rules.data.contracts[c]["dice"] for c in mr(game)["dispatch"]]
        assert len(dice) == 8 and max(dice) < 3
        assert len(mr(game)["contract_deck"]) == len(doc["contracts"]) - 8


# ---------------------------------------------------------------- cards


def executing(hand, contract="lost-probe", seed=0, **fields) -> Game:
    """The leader alone in an execution of ``contract`` with ``hand`` (and ``fields``)."""
    game = table(dispatch(contract), seed=seed, hand=list(hand), **fields)
    assert mr(game)["dispatch"][0] == contract
    game.apply(A.ChooseContract(0))
    game.apply(A.Launch())
    return game


def test_a_card_takes_an_action_and_a_reactor_gives_two():
    game = executing(["damage-1", "damage-1", "reactor", "miss"], seed=1)
    p = leader(game)
    exe = mr(game)["execution"]
    assert exe["actions"][mr(game)["leader"]] == 1
    game.apply(A.Play("reactor"))
    assert exe["actions"][mr(game)["leader"]] == 2 and exe["meets"]["reactor"] == 1
    game.apply(A.Play("miss"))
    assert exe["meets"] == {"damage": 0, "shield": 0, "reactor": 1, "thruster": 0, "crew": 0}
    game.apply(A.Play("damage-1"))
    # out of actions: the captain is done by themselves; the contract is resolved
    assert mr(game)["phase"] == "buy"
    assert p.hand == [] and "damage-1" in p.discard


def test_no_play_without_an_action():
    game = executing(["thruster", "damage-1", "miss"], contract="lost-probe", seed=1)
    assert game.why_illegal(A.Play("miss")) is None
    lead = mr(game)["leader"]
    game = again(game, {"extra": {"mr": {"execution": {"actions": {str(lead): 0}}}}})
    assert "no action left" in game.why_illegal(A.Play("miss"))


def test_a_thruster_draws_two_and_a_shield_blocks_a_hazard():
    game = executing(["reactor", "thruster", "shield", "miss"], "nebula-survey", seed=2)
    p = leader(game)
    game.apply(A.Play("reactor"))
    before = len(p.hand)
    game.apply(A.Play("thruster"))
    assert len(p.hand) == before - 1 + 2
    exe = mr(game)["execution"]  # kept: the execution ends with this last action
    game.apply(A.Play("shield"))
    assert exe["blocks"][mr(game)["leader"]] == 1 and exe["meets"]["shield"] == 1


def test_a_miss_meets_damage_only_with_a_salvage_arm():
    game = executing(
        ["reactor", "miss", "damage-1"], "pirate-skiff", seed=3, extra={"parts": ["salvage-arm"]}
    )
    assert "salvage-arm" not in mr(game)["parts_offer"] + mr(game)["part_deck"]
    game.apply(A.Play("reactor"))
    game.apply(A.Play("miss"))
    assert game.rules.met(game.state)["damage"] == 1
    game.apply(A.Play("damage-1"))
    assert leader(game).extra["prestige"] == 1  # Chase off a pirate skiff: 1 prestige


def test_crew_meets_a_crew_requirement_and_uses_its_ability():
    game = executing(["engineer-brask", "thruster", "thruster"], "secret-cargo", seed=4)
    p = leader(game)
    game.apply(A.Play("engineer-brask"))
    exe = mr(game)["execution"]
    assert exe["meets"]["crew"] == 1 and exe["actions"][mr(game)["leader"]] == 2
    credits = p.gold
    game.apply(A.Play("thruster"))
    game.apply(A.Play("thruster"))
    if mr(game)["phase"] == "execute":
        game.apply(A.StopPlaying())
    assert p.gold == credits + 3  # Carry a sealed crate pays 3 credits


# ---------------------------------------------------------------- planning and base


def test_a_paid_swap_once_a_turn():
    game = table(seed=5)
    p = leader(game)
    old = mr(game)["dispatch"][2]
    game.apply(A.SwapContract(2))
    assert p.gold == 1 and mr(game)["dispatch"][2] != old
    assert old in mr(game)["contract_discard"]
    assert "already swapped" in game.why_illegal(A.SwapContract(3))


def test_staying_at_base():
    game = table(seed=6)
    p = leader(game)
    hand = list(p.hand)
    objectives = list(p.extra["objectives"])
    game.apply(A.StayAtBase())
    assert p.gold == 3 and p.hand == hand  # the fresh hand comes at the end of the turn
    m = mr(game)
    assert m["phase"] == "keep" and len(p.extra["objectives"]) == 4
    drawn = [o for o in p.extra["objectives"] if o not in objectives]
    assert {a.objective for a in game.legal_actions() if a.kind == "drop-objective"} == set(drawn)
    game.apply(A.DropObjective(drawn[0]))
    assert m["phase"] == "buy" and len(p.extra["objectives"]) == 3
    # a free swap, then the paid one
    game.apply(A.SwapContract(0))
    assert p.gold == 3
    game.apply(A.SwapContract(1))
    assert p.gold == 2


# ---------------------------------------------------------------- negotiation


def test_offers_accept_refuse_and_counter():
    game = table(dispatch("rogue-frigate"), players=3, seed=7)
    lead, a, b = mr(game)["leader"], other(game), (other(game) + 1) % 3
    game.apply(A.ChooseContract(0))  # 3 prestige, 2 dice
    assert "only" in game.why_illegal(A.Offer(a, prestige=4))
    assert "seat" in game.why_illegal(A.Offer(lead, prestige=1))
    game.apply(A.Offer(a, prestige=1, credits=1, dice=1))
    m = mr(game)
    assert m["phase"] == "respond" and m["actor"] == a
    game.apply(A.Counter(prestige=2, credits=1, dice=0))
    assert m["actor"] == lead
    game.apply(A.Counter(prestige=1, credits=1, dice=0))
    assert m["actor"] == a and "no more counter" in game.why_illegal(A.Counter(prestige=2))
    game.apply(A.Accept())
    assert m["deals"] == {str(a): {"prestige": 1, "credits": 1, "bonus": 0, "dice": 0}}
    assert m["phase"] == "negotiate" and m["actor"] == lead
    assert "already been invited" in game.why_illegal(A.Offer(a, prestige=1))
    # the shares left: 2 prestige, 1 credit, 2 dice
    assert "only" in game.why_illegal(A.Offer(b, prestige=3))
    game.apply(A.Offer(b, prestige=2))
    game.apply(A.Refuse())
    assert str(b) not in m["deals"] and m["actor"] == lead


def test_two_failed_negotiations_leave_going_alone_or_base():
    game = table(players=2, seed=8)
    first = mr(game)["dispatch"][0]
    game.apply(A.ChooseContract(0))
    game.apply(A.Abandon())
    assert "failed" in game.why_illegal(A.ChooseContract(0))
    game.apply(A.ChooseContract(1))
    game.apply(A.Abandon())
    m = mr(game)
    assert m["alone"] and m["tried"] == [first, m["dispatch"][1]]
    game.apply(A.ChooseContract(2))
    assert m["phase"] == "execute" and m["execution"]["seats"] == [m["leader"]]


def test_success_pays_the_agreed_shares_and_failure_pays_nothing():
    for success in (True, False):
        game = table(dispatch("rogue-frigate"), players=2, seed=9)
        lead, a = mr(game)["leader"], other(game)
        game.apply(A.ChooseContract(0))  # dmg 5, shield 1
        game.apply(A.Offer(a, prestige=1, credits=2, dice=2))
        game.apply(A.Accept())
        lc, hc = game.state.players[lead].colour, game.state.players[a].colour
        hand = ["reactor", "damage-3", "shield"] if success else ["reactor", "shield"]
        game = again(game, {"players": {lc: {"hand": ["damage-2"]}, hc: {"hand": hand}}})
        game.apply(A.Launch())
        exe = mr(game)["execution"]
        assert exe["dice"][lead] == 0 and exe["dice"][a] == 2
        game = again(game, {"players": {hc: {"extra": {"prestige": 5}}}})  # the hazards show
        L, H = game.state.players[lead], game.state.players[a]
        exe = mr(game)["execution"]
        rolled = exe["rolled"][a]
        game.apply(A.CallOn(lead))
        game.apply(A.Play("damage-2"))
        game.apply(A.Play("reactor"))
        if success:
            game.apply(A.Play("damage-3"))
        game.apply(A.Play("shield"))
        if mr(game)["phase"] == "execute":
            game.apply(A.StopPlaying())
        unblocked = max(0, rolled - 1)
        if success:
            assert L.extra["prestige"] == 2 and L.gold == 2
            assert H.extra["prestige"] == 5 + 1 - unblocked and H.gold == 4
        else:
            assert L.extra["prestige"] == 0 and L.gold == 2
            assert H.extra["prestige"] == 5 - unblocked and H.gold == 2
        # everyone taking part discarded; the helper drew 5 now, the leader at the end
        assert len(H.hand) == 5 and L.hand == [] and mr(game)["phase"] == "buy"
        game.apply(A.EndTurn())
        assert len(L.hand) == 5


def test_hazards_cost_prestige_but_never_below_zero():
    game = executing(["miss"], "nebula-survey", seed=10)
    p = leader(game)
    game.apply(A.StopPlaying())
    assert p.extra["prestige"] == 0
    game2 = executing(["miss"], "nebula-survey", seed=10, extra={"prestige": 3})
    p2 = leader(game2)
    game2.apply(A.StopPlaying())
    events = [e for e in game2.state.events if e.get("faces") is not None]
    assert p2.extra["prestige"] == 3 - sum(events[-1]["faces"])


# ---------------------------------------------------------------- buying


def buying(credits=20, players=2, seed=0) -> Game:
    """The leader with ``credits``, two negotiations failed, in the buy phase."""
    game = table(players=players, seed=seed, gold=credits)
    game.apply(A.ChooseContract(0))
    game.apply(A.Abandon())
    game.apply(A.ChooseContract(1))
    game.apply(A.Abandon())
    return again(game, {"extra": {"mr": {"phase": "buy"}}})


def test_buying_parts_and_crew():
    game = buying(credits=60, seed=11)
    p = leader(game)
    m = mr(game)
    pid = m["parts_offer"][0]
    part = game.rules.data.parts[pid]
    supply = dict(game.state.reserve)
    game.apply(A.BuyPart(0))
    assert p.extra["parts"] == [pid] and p.gold == 60 - part["cost"]
    assert m["parts_offer"][0] != pid and len(m["parts_offer"]) == 6
    for cid in part["adds"]:
        assert cid in p.discard
    assert sum(supply.values()) - sum(game.state.reserve.values()) == len(part["adds"])
    for _ in range(3):
        game.apply(A.BuyPart(0))
    assert len(p.extra["parts"]) == 4
    assert "say which one" in game.why_illegal(A.BuyPart(0))
    gone = p.extra["parts"][1]
    deck_before = len(p.all_cards)
    game.apply(A.BuyPart(0, 1))
    assert gone not in p.extra["parts"] and gone in m["parts_gone"]
    assert len(p.extra["parts"]) == 4 and len(p.all_cards) >= deck_before
    crew = m["crew_offer"][0]
    game.apply(A.BuyCrew(0))
    assert crew in p.discard
    # basic action cards are not sold (their tray is what parts add)
    assert "not sold" in game.why_illegal(A.BuyAction("damage-3"))
    assert not [a for a in game.legal_actions() if a.kind == "buy-action"]
    offered = m["crew_offer"][1]
    gold = p.gold
    game.apply(A.ReplaceOffer("crew", 1))
    assert p.gold == gold - 1 and m["crew_offer"][1] != offered
    assert "already replaced" in game.why_illegal(A.ReplaceOffer("parts", 0))


def test_only_the_leader_buys_and_only_what_they_can_afford():
    game = buying(credits=0, seed=12)
    p = leader(game)
    assert "costs" in game.why_illegal(A.BuyPart(0))
    assert "costs" in game.why_illegal(A.BuyCrew(0))
    assert "not now" in game.why_illegal(A.Offer(other(game)))
    assert p.gold == 0


# ---------------------------------------------------------------- objectives and the end


def test_objectives_are_claimed_when_met_for_one_prestige():
    game = table(seed=13, gold=5, extra={"objectives": ["war-chest", "hunter"]})
    assert "not met" in game.why_illegal(A.ClaimObjective("war-chest"))
    game = again(game, gold=6)
    p = leader(game)
    assert A.ClaimObjective("war-chest") in game.legal_actions()
    assert A.ClaimObjective("hunter") not in game.legal_actions()
    game.apply(A.ClaimObjective("war-chest"))
    assert p.extra["prestige"] == 1 and p.extra["claimed"] == ["war-chest"]
    assert "not a secret objective of" in game.why_illegal(A.ClaimObjective("war-chest"))


def _naive_counts(rules, p) -> dict[str, int]:
    """What a captain has of each objective measure, written out from the README."""
    st, cards = p.extra["stats"], p.deck + p.hand + p.discard + p.play
    advanced = {c for c, _ in rules.data.advanced}
    return {
        "parts": len(p.extra["parts"]),
        "credits": p.gold,
        "crew": len([c for c in cards if rules.data.cards[c]["kind"] == "crew"]),
        "cards": len(cards),
        "kinds": len([k for k, n in st["completed"].items() if n > 0]),
        "helped": st["helped"],
        "led": st["led"],
        "clean": st["clean"],
        "completed_any": sum(st["completed"].values()),
        "head_to_head": st.get("head_to_head", 0),
        "advanced": len([c for c in cards if c in advanced]),
    }


def _naive_met(rules, p, cond) -> bool:
    ((key, value),) = cond.items()
    if key == "completed":
        done = p.extra["stats"]["completed"]
        return all(done.get(kind, 0) >= n for kind, n in value.items())
    return _naive_counts(rules, p)[key] >= value


@pytest.mark.parametrize("options", [None, {"overload": True}])
def test_every_objective_condition_reads_the_captains_own_state(options):
    """Every measure an objective may ask for (every condition of the data schema) counts
    what the README says, for every captain at every step of seeded games; every
    objective in the data (Overload's too) is met exactly when that count says so, and
    each is met somewhere and unmet somewhere."""
    from clankwidget.bots.moonrakers import GreedyCaptain

    schema = json.loads(
        (cw.data.board_data_dir() / "schema" / "moonrakers.schema.json").read_text()
    )
    conditions = schema["$defs"]["objective"]["properties"]["condition"]["properties"]
    assert set(MoonrakersRules._HAVE) | {"completed"} == set(conditions)
    seen = Counter()
    for seed in range(2):
        game = Game.new("moonrakers", players=3, seed=seed, options=options)
        rules = game.rules
        objectives = list(rules.data.objectives.values())
        captains = [GreedyCaptain(seed * 10 + i) for i in range(3)]
        for _ in range(1500):
            if game.is_over:
                break
            for p in game.state.players:
                counts = {k: have(rules, p, p.extra["stats"]) for k, have in rules._HAVE.items()}
                assert counts == _naive_counts(rules, p)
                for obj in objectives:
                    met = rules.objective_met(game.state, p, obj["condition"])
                    assert met == _naive_met(rules, p, obj["condition"]), (obj["id"], p.colour)
                    seen[obj["id"], met] += 1
            game.apply(captains[mr(game)["actor"]].choose(game))
        # and a captain with more of everything than any condition asks
        rich = copy.deepcopy(game.state.players[0])
        rich.gold += 50
        rich.extra["parts"] = list(rules.data.parts)[:8]
        rich.play += [c for c, card in rules.data.cards.items() if card["kind"] == "crew"]
        rich.hand += [c for c, _ in rules.data.advanced] * 2
        rich.deck += ["miss"] * 60
        st = rich.extra["stats"]
        for key in ("helped", "led", "clean", "head_to_head"):
            st[key] = st.get(key, 0) + 20
        st["completed"] = {c["kind"]: 20 for c in rules.data.contracts.values()}
        for obj in objectives:
            met = rules.objective_met(game.state, rich, obj["condition"])
            assert met == _naive_met(rules, rich, obj["condition"]) is True, obj["id"]
            seen[obj["id"], met] += 1
    for obj in objectives:
        assert seen[obj["id"], True] and seen[obj["id"], False], obj["id"]


def test_the_game_ends_at_the_end_of_a_turn_with_ten_prestige():
    game = buying(seed=14)
    p, q = leader(game), game.state.players[other(game)]
    top = {"extra": {"prestige": 10}}
    game = again(game, {"players": {q.colour: {**top, "gold": 5}, p.colour: {**top, "gold": 4}}})
    p, q = leader(game), game.state.players[other(game)]
    assert not game.is_over
    game.apply(A.EndTurn())
    assert game.is_over and game.legal_actions() == []
    assert game.winners() == [q.colour]  # tied on prestige: the greater net worth
    assert game.scores() == {p.colour: 10, q.colour: 10}


def test_leadership_passes_clockwise():
    game = buying(players=3, seed=15)
    first = mr(game)["leader"]
    game.apply(A.EndTurn())
    assert mr(game)["leader"] == game.state.current == (first + 1) % 3
    assert mr(game)["phase"] == "plan"


# ---------------------------------------------------------------- engine promises


def test_hidden_information_stays_with_its_seat():
    game = table(players=3, seed=16)
    obs = game.rules.observation(game.state, 1)
    assert obs["hand"] == game.state.players[1].hand
    assert obs["objectives"] == game.state.players[1].extra["objectives"]
    for seat, cap in enumerate(obs["captains"]):
        assert isinstance(cap["hand"], int) and isinstance(cap["objectives"], int)
        assert cap["hand"] == len(game.state.players[seat].hand)
    text = json.dumps({k: v for k, v in obs.items() if k not in ("hand", "objectives")})
    for oid in game.state.players[0].extra["objectives"]:
        assert f'"{oid}"' not in text


def test_an_illegal_action_changes_nothing_and_actions_round_trip():
    game = table(seed=17)
    before = game.state.to_dict()
    for bad in (A.Play("reactor"), A.Accept(), A.BuyPart(0), A.Acquire(0), A.Move(0)):
        with pytest.raises(IllegalAction):
            game.apply(bad)
    assert game.state.to_dict() == before
    assert "no 'acquire' action" in game.why_illegal(A.Acquire(0))
    for action in game.legal_actions()[:50]:
        assert action_from_dict(action.to_dict()) == action
    offer = A.Offer(1, prestige=2, credits=1, bonus=0, dice=1)
    assert action_from_dict(offer.to_dict()) == offer


# ---------------------------------------------------------------- data


def test_the_data_loader_names_the_file_and_the_path():
    assert load_card_set("moonrakers-teaching").id == "moonrakers-teaching"
    doc = json.loads(DATA.read_text())
    doc["contracts"][3]["dice"] = 9
    with pytest.raises(BoardDataError, match=r"bad\.json: \$\.contracts\[3\]\.dice"):
        card_set_from_dict(doc, source="bad.json")
    doc = json.loads(DATA.read_text())
    doc["parts"][0]["adds"] = ["laser"]
    with pytest.raises(BoardDataError, match=r"\$\.parts\[0\]\.adds\[0\]"):
        card_set_from_dict(doc, source="bad.json")
    doc = json.loads(DATA.read_text())
    doc["crew_deck"][0]["card"] = "reactor"
    with pytest.raises(BoardDataError, match=r"\$\.crew_deck\[0\]\.card.*kind crew"):
        card_set_from_dict(doc, source="bad.json")
    doc = json.loads(DATA.read_text())
    doc["setup"]["hand_size"] = 5.0  # a count is a whole number, 5.0 is not one
    with pytest.raises(BoardDataError, match=r"\$\.setup\.hand_size: .*integer"):
        card_set_from_dict(doc, source="bad.json")
    with pytest.raises(BoardDataError, match="no shipped Moonrakers card set"):
        load_card_set("nope")
    with pytest.raises(BoardDataError, match="Moonrakers card set"):
        Game.new("moonrakers", cards=cw.load_cards("clank-teaching"))


def test_the_readme_documents_every_schema_field():
    root = cw.data.board_data_dir()
    readme = (root / "moonrakers" / "README.md").read_text(encoding="utf-8")
    schema = json.loads((root / "schema" / "moonrakers.schema.json").read_text())
    names = set(schema["properties"])
    for d in schema["$defs"].values():
        names |= set(d.get("properties", {}))
        for sub in d.get("properties", {}).values():
            names |= set(sub.get("properties", {}))
    missing = [n for n in sorted(names) if f"`{n}`" not in readme]
    assert not missing, f"not documented in board_data/moonrakers/README.md: {missing}"


def test_a_bonus_crew_card_goes_to_the_discard_pile():
    game = executing(["engineer-brask", "damage-3"], "smuggler-den", seed=18)
    p, deck = leader(game), list(mr(game)["crew_deck"])
    game.apply(A.Play("engineer-brask"))
    game.apply(A.Play("damage-3"))
    assert mr(game)["phase"] == "buy" and p.extra["stats"]["completed"] == {"kill": 1}
    assert mr(game)["crew_deck"] == deck[:-1] and deck[-1] in p.discard


@pytest.mark.parametrize("index", [-1, 0])
def test_a_bonus_part_with_a_full_terminal_replaces_one_or_goes(index):
    full = ["point-defense", "deflector-array", "cargo-pods", "auto-loader"]
    hand = ["reactor", "damage-3", "damage-3", "damage-1"]
    game = executing(hand, "void-leviathan", seed=19, extra={"parts": full})
    p, bonus = leader(game), mr(game)["part_deck"][-1]
    assert mr(game)["execution"]["actions"][mr(game)["leader"]] == 2  # the Auto-Loader
    for cid in ("reactor", "damage-3", "damage-3", "damage-1"):
        game.apply(A.Play(cid))
    m = mr(game)
    assert m["phase"] == "refit" and m["refit"] == {"seat": m["leader"], "part": bonus}
    assert [a.index for a in game.legal_actions()] == [-1, 0, 1, 2, 3]
    game.apply(A.Refit(index))
    assert m["phase"] == "buy" and m["refit"] is None
    if index == -1:
        assert p.extra["parts"] == full and m["part_deck"][0] == bonus
    else:
        assert p.extra["parts"] == [*full[1:], bonus] and m["parts_gone"] == ["point-defense"]


def test_who_may_act_in_negotiation_and_execution():
    game = table(dispatch("drone-swarm"), players=3, seed=20)
    lead, a, b = mr(game)["leader"], other(game), (other(game) + 1) % 3
    assert "not now" in game.why_illegal(A.Launch())
    game.apply(A.ChooseContract(0))  # 2 prestige, 1 die
    assert "not now" in game.why_illegal(A.SwapContract(1))
    assert "not now" in game.why_illegal(A.StayAtBase())
    game.apply(A.Offer(a, prestige=1))
    assert game.acting_player is game.state.players[a]
    assert "not now" in game.why_illegal(A.Launch())  # the invitee answers first
    game.apply(A.Accept())
    game.apply(A.Offer(b, prestige=1))
    game.apply(A.Accept())
    game.apply(A.Launch())
    m = mr(game)
    assert m["execution"]["seats"] == [lead, a, b] and m["actor"] == lead
    assert [x.seat for x in game.legal_actions() if x.kind == "call-on"] == [lead, a, b]
    game.apply(A.CallOn(b))
    assert game.acting_player is game.state.players[b]
    assert "only the leader" in game.why_illegal(A.CallOn(a))
    game.apply(A.StopPlaying())
    assert m["actor"] == lead and "not a captain waiting" in game.why_illegal(A.CallOn(b))


def test_what_needs_a_map_or_the_dragons_bag_says_moonrakers_has_none():
    game = Game.new("moonrakers", players=2, seed=1)
    for call, what in (
        (game.attack_cubes, "attack_cubes() needs an edition with a dragon's bag of cubes"),
        (game.attack_odds, "attack_odds() needs an edition with a dragon's bag of cubes"),
        (game.path_context, "path_context() needs an edition with a map"),
    ):
        with pytest.raises(TypeError, match=re.escape(f"{what}; 'moonrakers' has none")):
            call()
    assert game.countdown_extra() == 0  # (no countdown: nothing to add)
