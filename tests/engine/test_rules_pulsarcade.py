"""Clank! In! Space! Adventures: Pulsarcade (seed 000): the worked examples with the source's
numbers, then one scenario per Arcade Cabinet and per module rule.

The source's examples use published cards; ours stand in with the same numbers:
Chimp-O-Tron 9000 (Science, +2 Skill, faction match -3 Clank!) for MonkeyBot 30000, Eager
Intern (Science) for Helpful Prodigy, Patrol Drone (2 Swords) for Killbot, Fe-Lynx
(cost 2) for Fe-Lion, Void Corsair (cost 3) for Space Pirate, Grav Stomper (trash a card
from the row) for Exo Stomper.
"""

from __future__ import annotations

import copy

import numpy as np
import pytest
from test_rules_space import CODE, Rigged, at_ship, custom_cards, item, walk

from clankwidget import Game, IllegalAction, RuleNotImplemented
from clankwidget.data import CardSet, load_cards
from clankwidget.odds import attack_odds
from clankwidget.paths import turn_options
from clankwidget.rules.actions import (
    Acquire,
    AcquireReserve,
    Buy,
    Choose,
    Decline,
    Defeat,
    DefeatReserve,
    EndTurn,
    Play,
    TakeArtifact,
)
from clankwidget.rules.pulsarcade import (
    MODULES,
    ClaimCabinet,
    Clone,
    PulsarcadeRules,
    Ransack,
    StealArtifact,
    Thrill,
)
from clankwidget.rules.space import HackPort, Hyperlift, Telepad, assemble_ship, load_edition

from helpers import again, token

CARDS = load_cards("space-teaching")
COLOURS = ["blue", "yellow", "green", "purple"]
#: a ship with every module a test may need next to the MCP
ARCADE = ["pulsarcade-black-market", "space-reactor", "space-sickbay"]


def new_game(pieces=ARCADE, players=2, seed=0, cards=CARDS, options=None) -> Game:
    board = assemble_ship(pieces, edition="pulsarcade", options=options)
    setup = {
        "edition": "pulsarcade",
        "colours": COLOURS[:players],
        "seed": seed,
        "board": board.raw,
        "cards": cards.raw,
    }
    return Game._from_setup(setup, PulsarcadeRules, board, cards)


def at_arcade(changes=None, *, pieces=ARCADE, **kw) -> Game:
    """A game from a position on a Pulsarcade ship (the MCP and ``pieces``; see at_ship)."""
    return at_ship(changes, pieces=pieces, edition="pulsarcade", **kw)


def modules(**by_id) -> dict:
    """Changes to the modules' own state: ``modules(vault={"filled": [...]})``."""
    return {"modules": {k.replace("_", "-"): v for k, v in by_id.items()}}


SIXTH_CRYSTAL = token(
    "sixth-crystal", "The Sixth Crystal", kind="major", keep=True, crystal=True, crystal_points=3
)


def rigged_attack(game, draws, **wanted):
    real = game.rules.rng
    game.rules.rng = Rigged(real, game, wanted)
    try:
        game.rules.attack(game.state, draws, "Test attack")
    finally:
        game.rules.rng = real


def cubes(game, colour):
    return game.rules.cube_census(game.state)[colour]


def module_state(game, kind):
    return game.state.extra["modules"][game.rules.module(kind).id]


# ================================================================ the source's worked examples


def test_worked_example_ping_claim():
    """4 Clank! made between Chimp-O-Tron and Eager Intern claims Ping, although the faction
    match then takes 3 back; the Memory Core cannot give a second Eraditron."""
    left = new_game(players=4).state.extra["cabinets"]["eraditron"] - 1
    hand = ["chimp-o-tron", "stumble", "stumble", "stumble", "stumble", "eager-intern"]
    game = at_arcade(
        {"extra": {"cabinets": {"eraditron": left}}},
        players=4,
        extra={"cabinets": ["eraditron"]},  # claimed on an earlier turn
        hand=[*hand, "memory-core"],
    )
    s = game.state
    blue = game.current_player
    area = s.clank_area["blue"]
    game.apply(Play("chimp-o-tron"))
    for _ in range(4):
        game.apply(Play("stumble"))
    assert s.clank_area["blue"] == area + 4 and blue.clank_made == 4
    game.apply(Play("eager-intern"))  # the Science match: Chimp-O-Tron takes 3 back
    assert s.clank_area["blue"] == area + 1
    game.apply(ClaimCabinet("ping"))
    assert blue.extra["cabinets"] == ["eraditron", "ping"] and s.extra["cabinets"]["ping"] == 2
    game.apply(Play("memory-core"))
    assert ClaimCabinet("eraditron") not in game.legal_actions()
    with pytest.raises(IllegalAction, match="already have Eraditron"):
        game.apply(ClaimCabinet("eraditron"))


def _at_high_score_booth(cabinets, skill_cards) -> Game:
    game = at_arcade(
        tokens=[CODE],
        extra={"cabinets": list(cabinets)},
        hand=list(skill_cards),
        space="mc-redeem-2",
    )
    for cid in skill_cards:
        game.apply(Play(cid))
    return game


def test_worked_example_plus_two_redemption_with_five_skill():
    """4 cabinet tokens + 2 = 6: up to the 20-point artifact; if it is gone, the 15; never the 25."""
    cabinets = ["ping", "q-alert", "eraditron"]  # 1 + 1 + 2 tokens
    game = _at_high_score_booth(cabinets, ["boldly-go", "scramble", "hack", "hack"])
    s, blue = game.state, game.current_player
    assert sorted(s.artifacts.values()) == [5, 10, 15, 20, 25, 30]  # all six with 2 players
    assert blue.skill_generated == 5 and game.rules.skill_shot(blue) == 0
    assert game.rules.token_total(s, blue) == 6
    steals = {a.space for a in game.legal_actions() if isinstance(a, StealArtifact)}
    assert steals == {"mc-a5", "mc-a10", "mc-a15", "mc-a20"}
    # an opponent already has the 20
    game = again(game, {"artifacts": {"mc-a20": None}, "players": {"yellow": {"artifacts": [20]}}})
    s, blue = game.state, game.current_player
    with pytest.raises(IllegalAction, match="no MCP artifact"):
        game.apply(StealArtifact("mc-a20"))
    with pytest.raises(IllegalAction, match="costs 8 tokens; you have 6"):
        game.apply(StealArtifact("mc-a25"))
    rage = s.rage
    game.apply(StealArtifact("mc-a15"))
    assert blue.artifacts == [15] and s.rage == rage + 1


@pytest.mark.parametrize(
    "cards, shot",
    [
        (["boldly-go", "boldly-go", "hack", "hack"], 1),
        (["boldly-go", "boldly-go", "boldly-go", "hack", "hack"], 2),
    ],
)
def test_skill_shot_counts_skill_generated_spent_or_not(cards, shot):
    game = _at_high_score_booth(["ping", "q-alert", "eraditron"], cards)
    blue = game.current_player
    game.apply(AcquireReserve("fazr"))  # spending Skill does not lower the Skill Shot
    assert game.rules.skill_shot(blue) == shot
    assert game.rules.token_total(game.state, blue) == 6 + shot
    if shot == 2:
        game.apply(StealArtifact("mc-a25"))
        assert blue.artifacts == [25]
    else:
        with pytest.raises(IllegalAction, match="costs 8 tokens; you have 7"):
            game.apply(StealArtifact("mc-a25"))


def test_the_prize_counter_has_no_bonus_and_artifacts_are_not_picked_up():
    game = at_arcade(tokens=[CODE], extra={"cabinets": ["ping"]}, hand=[], space="mc-redeem")
    blue = game.current_player
    assert game.rules.token_total(game.state, blue) == 1
    with pytest.raises(IllegalAction, match="costs 2 tokens; you have 1"):
        game.apply(StealArtifact("mc-a5"))
    game = again(game, space="mc-a5")
    with pytest.raises(IllegalAction, match="Redemption space"):
        game.apply(TakeArtifact())
    with pytest.raises(IllegalAction, match="from a Redemption space"):
        game.apply(StealArtifact("mc-a5"))


def test_worked_example_race_track_turn():
    """5 Skill, 4 Swords: the first row defeat and reserve gains do not move the racer; two
    row acquisitions after it move it two spaces; trashing from the row does not."""
    row = {"0": "patrol-drone", "1": "fe-lynx", "2": "void-corsair", "3": "shackled-brawler"}
    game = at_arcade(
        {"row": row},
        pieces=["pulsarcade-race-track", "space-reactor", "space-sickbay"],
        hand=["grav-stomper"],
        skill=5,
        swords=4,
    )
    s = game.state
    blue = game.current_player
    racers = module_state(game, "race-track")["racers"]
    game.apply(Defeat(0))  # Killbot's stand-in: the first row card this turn
    assert racers["blue"] == "grid"
    game.apply(DefeatReserve("g0b-l1n"))
    assert racers["blue"] == "grid"
    alt = game.fork()  # what the reserve would have done
    game.apply(Acquire(1))  # Fe-Lynx, cost 2: second row card
    game.apply(Acquire(2))  # Void Corsair, cost 3: third
    assert racers["blue"] == "straight" and blue.skill == 0
    assert blue.gold == 2 + 1 + 1  # the drone, the G0/B-L1N, the credit space on the way
    game.apply(Play("grav-stomper"))
    game.apply(Choose(game.pending["values"].index(3)))
    assert s.trash == ["shackled-brawler"] and racers["blue"] == "straight"
    # the other choice: FAZR and Boldly Go from the reserve leave the racer where it was
    alt.apply(AcquireReserve("fazr"))
    alt.apply(AcquireReserve("boldly-go"))
    assert alt.current_player.skill == 0
    assert module_state(alt, "race-track")["racers"]["blue"] == "grid"


def test_worked_example_vault_ransack():
    """The yellow vault's 3 cubes pay 6 Credits; later black cubes refill it first."""
    game = at_arcade(pieces=["pulsarcade-vault", "space-reactor", "space-sickbay"], hand=[])
    s = game.state
    vault = module_state(game, "vault")
    rigged_attack(game, 7, black=7)  # 3 in the yellow vault, 4 in the deep vault
    assert vault["filled"] == [True] * 7 + [False]
    game = again(game, space="va-ledger")
    s, blue = game.state, game.current_player
    vault = module_state(game, "vault")
    area = s.clank_area["blue"]
    game.apply(Ransack("yellow"))
    assert blue.gold == 6 and s.clank_area["blue"] == area + 3
    assert vault["filled"] == [False] * 3 + [True] * 4 + [False]
    assert s.aside["black"] == 3 and cubes(game, "black") == 24
    rigged_attack(game, 4, black=4)
    assert vault["filled"] == [True] * 8  # the three yellow slots, then the deep vault's fifth


# ================================================================ set-up


def test_setup_uses_all_artifacts_and_cabinet_copies_by_player_count():
    two = new_game(players=2).state
    four = new_game(players=4).state
    assert len(two.artifacts) == len(four.artifacts) == 6
    assert two.extra["cabinets"] == {
        "contra-kong": 1,
        "dragons-den": 2,
        "eraditron": 1,
        "mortal-instinct": 1,
        "ping": 2,
        "q-alert": 1,
        "slogger": 1,
        "snack-man": 1,
    }
    assert sum(four.extra["cabinets"].values()) == 18
    assert four.extra["cabinets"]["dragons-den"] == four.extra["cabinets"]["ping"] == 3
    assert two.market["disguise-kit"] == 1 and four.market["disguise-kit"] == 2


def test_the_mcp_replaces_the_command_module():
    for pieces in ([*ARCADE, "pulsarcade-mcp", "space-command"], [*ARCADE, "space-command"]):
        with pytest.raises(ValueError, match="'space-command' is a command piece that"):
            assemble_ship(pieces, edition="pulsarcade")
    ship = assemble_ship([*ARCADE, "pulsarcade-mcp"], edition="pulsarcade")
    assert "mc-gate" in ship and "cm-gate" not in ship


def test_the_vault_is_refused_with_a_scheme():
    with pytest.raises(ValueError, match="Vault module cannot be used with a 'scheme' option"):
        assemble_ship(
            ["pulsarcade-vault", "space-reactor", "space-sickbay"],
            edition="pulsarcade",
            options={"scheme": "apocalypse"},
        )
    ship = assemble_ship(
        ["pulsarcade-vault", "space-reactor", "space-sickbay"], edition="pulsarcade"
    )
    with pytest.raises(ValueError, match="Vault module cannot be used with a 'scheme'"):
        PulsarcadeRules(ship, CARDS, {"scheme": "apocalypse"})
    with pytest.raises(RuleNotImplemented, match="schemes .* are not implemented"):
        PulsarcadeRules(assemble_ship(edition="pulsarcade"), CARDS, {"scheme": "apocalypse"})
    with pytest.raises(ValueError, match="unknown option 'sheme'"):
        PulsarcadeRules(assemble_ship(edition="pulsarcade"), CARDS, {"sheme": "apocalypse"})


def test_the_mcp_is_sealed_without_a_command_code():
    game = at_arcade(hand=[], space="co-east", boots=1)
    with pytest.raises(IllegalAction, match="command code"):
        walk(game, "co-east", "mc-gate")
    game = at_arcade(hand=[], space="co-lift")
    with pytest.raises(IllegalAction, match="command code"):
        game.apply(Hyperlift("mc-lift"))


def test_disguise_kit_takes_three_clank_back_and_is_worth_seven():
    game = at_arcade(hand=[], space="co-market", gold=7)
    s = game.state
    blue = game.current_player
    assert s.clank_area["blue"] == 3
    game.apply(Buy("disguise-kit"))
    assert s.clank_area["blue"] == 0 and blue.owns("disguise")
    assert game.scores()["blue"] == 7
    yellow = {"hand": [], "space": "co-market", "gold": 7}
    game = again(game, {"current": 1, "players": {"yellow": yellow}})
    with pytest.raises(IllegalAction, match="no Disguise Kit is left"):
        game.apply(Buy("disguise-kit"))


# ================================================================ Arcade Cabinets


def test_contra_kong_needs_contraband_owned():
    game = at_arcade()
    with pytest.raises(IllegalAction, match="contraband"):
        game.apply(ClaimCabinet("contra-kong"))
    game = at_arcade(tokens=[item("contraband", "contraband", 10)])
    game.apply(ClaimCabinet("contra-kong"))


def test_dragons_den_at_any_point_of_the_turn_even_healed_after():
    game = at_arcade(hand=["medic-vanya"], damage=5)
    with pytest.raises(IllegalAction, match="6 damage"):
        game.apply(ClaimCabinet("dragons-den"))
    game = at_arcade(hand=["medic-vanya"], space="cb-airlock", boots=1, damage=5)
    blue = game.current_player
    walk(game, "cb-airlock", "cb-gantry")  # the guard drone: 6 damage
    game.apply(Play("medic-vanya"))  # heal 1: back to 5
    assert blue.damage == 5
    game.apply(ClaimCabinet("dragons-den"))
    assert "dragons-den" in blue.extra["cabinets"]


def test_dragons_den_counts_damage_at_the_start_of_the_turn():
    game = at_arcade(hand=["hack"], damage=6)
    game.apply(Play("hack"))
    game.apply(ClaimCabinet("dragons-den"))


def test_eraditron_needs_a_memory_core_played_and_is_worth_two():
    game = at_arcade(hand=["memory-core"], skill=7)
    blue = game.current_player
    game.apply(AcquireReserve("memory-core"))
    with pytest.raises(IllegalAction, match="play a Memory Core"):
        game.apply(ClaimCabinet("eraditron"))
    game.apply(Play("memory-core"))
    game.apply(ClaimCabinet("eraditron"))
    assert game.rules.cabinet_tokens(blue) == 2


def test_mortal_instinct_three_g0b_l1ns_or_two_eradibots_in_one_turn():
    game = at_arcade(hand=[], swords=6)
    game.apply(DefeatReserve("g0b-l1n"))
    game.apply(DefeatReserve("g0b-l1n"))
    with pytest.raises(IllegalAction, match="defeat 3 G0/B-L1N or 2 Eradibot"):
        game.apply(ClaimCabinet("mortal-instinct"))
    game.apply(EndTurn())
    # blue's next turn (yellow's passed over): 2 Swords
    game = again(game, {"current": 0, "players": {"blue": {"hand": [], "swords": 2}}})
    game.apply(DefeatReserve("g0b-l1n"))  # three this game, but only one this turn
    with pytest.raises(IllegalAction, match="defeat 3"):
        game.apply(ClaimCabinet("mortal-instinct"))
    game = at_arcade({"reserve": {"eradibot": None}}, hand=[], swords=6)  # the card flipped
    game.apply(DefeatReserve("eradibot"))
    game.apply(DefeatReserve("eradibot"))
    game.apply(ClaimCabinet("mortal-instinct"))


def test_ping_needs_four_clank_made_this_turn():
    game = at_arcade(hand=["stumble", "stumble", "stumble"])
    s = game.state
    assert s.clank_area["blue"] == 3  # already there at the start: does not count
    for _ in range(3):
        game.apply(Play("stumble"))
    with pytest.raises(IllegalAction, match="make 4 Clank!"):
        game.apply(ClaimCabinet("ping"))


def test_q_alert_needs_a_telepad_ride_not_just_a_telepass():
    game = at_arcade(tokens=[item("telepass", "telepass")], hand=[], space="co-pad")
    with pytest.raises(IllegalAction, match="telepad"):
        game.apply(ClaimCabinet("q-alert"))
    game.apply(Telepad("sb-pad"))
    game.apply(ClaimCabinet("q-alert"))


def test_slogger_wastes_three_boots_even_at_a_checkpoint():
    game = at_arcade(hand=[], space="co-market", boots=4)
    blue = game.current_player
    walk(game, "co-market", "co-gate-a")
    assert blue.exhausted and blue.boots == 3
    game.apply(ClaimCabinet("slogger"))
    assert blue.boots == 0
    game = at_arcade(hand=[], boots=2)
    with pytest.raises(IllegalAction, match="3 unspent Boots"):
        game.apply(ClaimCabinet("slogger"))


def test_snack_man_consumes_a_crystal_in_the_mcp():
    bank = {"extra": {"crystals": 4}}
    game = at_arcade(bank, tokens=[CODE], extra={"crystals": 1}, hand=[], space="co-east")
    with pytest.raises(IllegalAction, match="in the MCP"):
        game.apply(ClaimCabinet("snack-man"))
    game = again(game, space="mc-a5")
    s, blue = game.state, game.current_player
    game.apply(ClaimCabinet("snack-man"))
    assert blue.extra["crystals"] == 0 and s.extra["crystals"] == 5


def test_snack_man_may_take_the_sixth_crystal_out_of_the_game():
    game = at_arcade(
        players=4,
        tokens=[CODE, SIXTH_CRYSTAL],
        extra={"crystals": 1},
        hand=[],
        space="mc-gate",
    )
    blue = game.current_player
    game.apply(ClaimCabinet("snack-man", "sixth-crystal"))
    assert not blue.tokens[1:] and blue.extra["crystals"] == 1
    assert all(t["id"] != "sixth-crystal" for t in blue.tokens)


@pytest.mark.parametrize(
    "crystals, sixth, listed",
    [
        (1, False, [""]),  # a power crystal: one claim, "crystal" would say the same
        (1, True, ["", "sixth-crystal"]),  # both: a power crystal, or the Sixth Crystal
        (0, True, ["", "sixth-crystal"]),  # the Sixth only: both forms (saved games)
    ],
)
def test_snack_man_lists_exactly_the_claims_its_check_allows(crystals, sixth, listed):
    tokens = [CODE, SIXTH_CRYSTAL] if sixth else [CODE]
    bank = {"extra": {"crystals": 4}}
    game = at_arcade(bank, tokens=tokens, extra={"crystals": crystals}, hand=[], space="mc-gate")
    forms = ("", "crystal", "sixth-crystal", "sixth")
    allowed = [u for u in forms if game.why_illegal(ClaimCabinet("snack-man", u)) is None]
    claims = [a for a in game.legal_actions() if isinstance(a, ClaimCabinet)]
    offered = [a.using for a in claims if a.cabinet == "snack-man"]
    assert allowed == offered == listed
    assert "no crystal is named" in game.why_illegal(ClaimCabinet("snack-man", "crystal"))
    game.apply(ClaimCabinet("snack-man"))  # no name: a power crystal first
    blue = game.current_player
    assert blue.extra["crystals"] == 0 and (len(blue.tokens) == 2) == (sixth and crystals > 0)


def test_one_cabinet_of_each_per_thief_stock_runs_out_and_none_after_stealing():
    contraband = {"tokens": [item("contraband", "contraband", 10)]}
    game = at_arcade({"players": {"blue": contraband}})  # two players: the market has one
    game.apply(ClaimCabinet("contra-kong"))
    with pytest.raises(IllegalAction, match="already have Contra Kong"):
        game.apply(ClaimCabinet("contra-kong"))
    kept = [t for t in game.players[0].tokens if t["id"] != "contraband"]
    passed_on = {"blue": {"tokens": kept}, "yellow": contraband}  # blue gave it to yellow
    game = again(game, {"current": 1, "players": passed_on})
    with pytest.raises(IllegalAction, match="no Contra Kong is left"):
        game.apply(ClaimCabinet("contra-kong"))
    game = again(game, artifacts=[5])
    with pytest.raises(IllegalAction, match="no more Arcade Cabinets"):
        game.apply(ClaimCabinet("ping"))


# ================================================================ Black Market


@pytest.mark.parametrize(
    "space, cost", [("bm-cheap", 5), ("bm-fair", 7), ("bm-clinic", 8), ("bm-gems", 9)]
)
def test_black_market_prices(space, cost):
    game = at_arcade(hand=[], space=space, gold=cost, damage=2)
    s = game.state
    blue = game.current_player
    hand, area, crystals = len(blue.hand), s.clank_area["blue"], blue.extra["crystals"]
    game.apply(Buy("master-key"))
    assert blue.gold == 0 and blue.owns("key")
    assert s.clank_area["blue"] == area + (2 if space == "bm-cheap" else 0)
    assert len(blue.hand) == hand + (space == "bm-fair")
    assert blue.damage == 2 - (space == "bm-clinic")
    assert blue.extra["crystals"] == crystals + (space == "bm-gems")


def test_black_market_cheap_stall_needs_two_cubes_and_the_gem_stall_an_available_crystal():
    game = at_arcade(hand=[], space="bm-cheap", gold=7, supply=1)  # the rest in the bag
    with pytest.raises(IllegalAction, match="makes 2 Clank!"):
        game.apply(Buy("master-key"))
    game = at_arcade({"extra": {"crystals": 0}}, hand=[], space="bm-gems", gold=9)
    blue = game.current_player
    game.apply(Buy("telepass"))  # no crystal left: the item is still bought
    assert blue.owns("telepass") and blue.extra["crystals"] == 0


# ================================================================ Cloning Vats

VATS = ["pulsarcade-cloning-vats", "space-reactor", "space-sickbay"]


def test_clones_take_the_bounty_hunters_hit():
    game = at_arcade(pieces=VATS, players=3, hand=[], space="cv-vat-1")
    game.apply(Clone())
    with pytest.raises(IllegalAction, match="already have a clone"):
        game.apply(Clone())
    vats = module_state(game, "cloning-vats")["vats"]
    assert vats["cv-vat-1"] == ["blue"] and cubes(game, "blue") == 30
    # a bounty hunter in the Clank! area (from the first space of the track)
    game = again(game, {"clank_area": {"red": 1}, "extra": {"hunters": {"7": 0}}})
    s = game.state
    blue, yellow, green = s.players
    vats = module_state(game, "cloning-vats")["vats"]
    area = s.clank_area["blue"]
    rigged_attack(game, 1, red=1)
    assert blue.damage == 0 and vats["cv-vat-1"] == []
    # the attack emptied the Clank! area into the bag, then the clone cube went to the area
    assert s.bag["blue"] == area and s.clank_area["blue"] == 1
    assert yellow.damage == 1 and green.damage == 1
    assert cubes(game, "blue") == 30 and cubes(game, "red") == 4


def test_attack_odds_count_the_clones_as_the_engine_does():
    game = at_arcade(pieces=VATS, players=3, hand=[], space="cv-vat-1")
    game.apply(Clone())
    # two hunters in the Clank! area, blue's and yellow's cubes as they are
    area = {"red": 2, "blue": 2, "yellow": 1}
    game = again(game, {"clank_area": area, "extra": {"hunters": {"7": 0, "8": 0}}})
    s = game.state
    assert game.rules.clones(s, s.players[0]) == 1
    odds = game.attack_odds()
    cubes_now, draws = game.attack_cubes()
    health = {p.colour: game.rules.health - p.damage for p in s.players}
    want = attack_odds(cubes_now, draws, health=health, clones={"blue": 1})
    np.testing.assert_allclose(odds.joint, want.joint)
    assert odds.clones == {"blue": 1}
    # the engine's own attacks, from copies of this state, agree with the exact odds
    hits = np.zeros(odds.damage("blue").size)
    trials = 1500
    for seed in range(trials):
        trial = copy.deepcopy(game)
        trial.rules.rng = np.random.default_rng(seed)
        trial.rules.attack(trial.state, draws, "Test attack")
        hits[trial.state.players[0].damage] += 1
    assert np.abs(hits / trials - odds.damage("blue")).max() < 0.04


def test_vat_squares_are_limited():
    # blue's and yellow's clones fill the second vat; green, to move, tries it too
    vats = modules(cloning_vats={"vats": {"cv-vat-2": ["blue", "yellow"]}})
    green = {"hand": [], "space": "cv-vat-2"}
    game = at_arcade(
        {"extra": vats, "current": 2, "players": {"green": green}}, pieces=VATS, players=3
    )
    with pytest.raises(IllegalAction, match="every square"):
        game.apply(Clone())
    game = again(game, space="cv-vat-3", supply=0)  # green's cubes all in the bag
    with pytest.raises(IllegalAction, match="no cube left"):
        game.apply(Clone())


# ================================================================ Danger Theater


THEATER = ["pulsarcade-danger-theater", "space-reactor", "space-sickbay"]


def test_thrill_the_audience_once_a_turn_with_three_clank():
    game = at_arcade(pieces=THEATER, hand=["stumble", "stumble", "stumble", "silent-soles"])
    contestants = module_state(game, "danger-theater")["contestants"]
    game.apply(Play("stumble"))
    game.apply(Play("stumble"))
    with pytest.raises(IllegalAction, match="make 3 Clank!"):
        game.apply(Thrill())
    game.apply(Play("stumble"))
    game.apply(Play("silent-soles"))  # -2 Clank!: still made 3 this turn
    game.apply(Thrill())
    assert contestants["blue"] == 1
    with pytest.raises(IllegalAction, match="once this turn"):
        game.apply(Thrill())


def test_thrill_needs_the_cubes_actually_placed():
    # one cube left in blue's supply (the rest in the bag)
    game = at_arcade(pieces=THEATER, hand=["stumble", "stumble", "stumble"], supply=1)
    for _ in range(3):
        game.apply(Play("stumble"))
    with pytest.raises(IllegalAction, match="you have made 1"):
        game.apply(Thrill())


def test_theater_levels_give_a_sword_every_turn_then_ignore_checkpoints():
    level_2 = {"extra": modules(danger_theater={"contestants": {"blue": 2}})}
    game = at_arcade(level_2, pieces=THEATER, hand=[], clank_made=3)
    s = game.state
    blue = game.current_player
    contestants = module_state(game, "danger-theater")["contestants"]
    game.apply(Thrill())  # level 3: +1 Sword now
    assert contestants["blue"] == 3 and blue.swords == 1
    game.apply(EndTurn())
    assert blue.swords == 0
    game = again(game, hand=[])  # yellow's turn, with nothing to play
    s, blue = game.state, game.players[0]
    game.apply(EndTurn())  # ...ends: blue's turn starts with the Sword
    assert s.current == 0 and blue.swords == 1
    level_5 = {"extra": modules(danger_theater={"contestants": {"blue": 5}})}
    game = again(game, level_5, hand=[], space="co-market", boots=2)
    blue = game.current_player
    # the route preview agrees: the checkpoint does not end blue's boots
    opts = turn_options(game)
    assert not opts.best("co-gate-a").stopped and "co-pad" in opts.reachable
    assert "co-gate-a" not in game.path_context()["stops"]
    walk(game, "co-market", "co-gate-a")
    assert not blue.exhausted
    walk(game, "co-gate-a", "co-pad")
    assert game.scores()["blue"] == 12


def test_entering_the_main_stage_makes_two_clank():
    game = at_arcade(pieces=THEATER, hand=[], space="dt-west", boots=1)
    s = game.state
    area = s.clank_area["blue"]
    walk(game, "dt-west", "dt-stage")
    assert s.clank_area["blue"] == area + 2


# ================================================================ Race Track


RACE = ["pulsarcade-race-track", "space-reactor", "space-sickbay"]


def test_race_track_ports_advance_and_the_fork_is_chosen():
    straight = {"extra": modules(race_track={"racers": {"blue": "straight"}})}
    game = at_arcade(straight, pieces=RACE, hand=[], space="rt-pits")
    racers = module_state(game, "race-track")["racers"]
    game.apply(HackPort())  # advance 1: straight -> fork
    assert racers["blue"] == "fork" and not game.pending
    # another turn: at the tower with both data cubes, the pits' port free again
    fresh = {"extra": {"ports": {"rt-pits": None}}}
    game = again(game, fresh, space="rt-tower", extra={"data": 2, "hacked": []})
    blue = game.current_player
    game.apply(HackPort())  # advance 1 from the fork: choose, then +1 Credit
    assert game.pending["kind"] == "race-fork"
    with pytest.raises(IllegalAction, match="not optional"):
        game.apply(Decline())
    gold = blue.gold
    game.apply(Choose(game.pending["options"].index("the outside line")))
    racers = module_state(game, "race-track")["racers"]
    assert racers["blue"] == "outside-1" and blue.gold == gold + 2 + 1


def test_racers_cross_the_line_into_the_best_free_standing():
    home = {"extra": modules(race_track={"racers": {"yellow": "home", "blue": "home"}})}
    game = at_arcade(home, pieces=RACE, players=3)
    s = game.state
    race = module_state(game, "race-track")
    game.rules.apply_effects(s, s.players[1], [{"race": 1}], source=None)  # yellow first
    game.rules.apply_effects(s, s.players[0], [{"race": 3}], source=None)
    assert race["standings"] == ["yellow", "blue", None, None]
    assert race["racers"]["blue"] == "flag"
    assert game.scores() == {
        "blue": 6 + s.players[0].gold,
        "yellow": 10 + s.players[1].gold,
        "green": 0 + s.players[2].gold,
    }


# ================================================================ Research Lab


LAB = ["pulsarcade-research-lab", "space-reactor", "space-sickbay"]


@pytest.mark.parametrize(
    "space, bonus",
    [
        ("rl-chem", {"skill": 1}),
        ("rl-weapons", {"swords": 2}),
        ("rl-propulsion", {"boots": 1}),
        ("rl-cognition", {"draw": 1}),
    ],
)
def test_research_tokens_pay_once_a_turn_for_a_reserve_card(space, bonus):
    # a Hack on top of blue's deck, for the draw
    game = at_arcade(pieces=LAB, hand=["fazr", "boldly-go"], space=space, deck={"-1": "hack"})
    s = game.state
    blue = game.current_player
    area = s.clank_area["blue"]
    game.apply(HackPort())
    clank = 1 if space in ("rl-weapons", "rl-cognition") else 0
    assert len(blue.extra["research"]) == 1
    assert s.clank_area["blue"] == area + clank
    game.apply(Play("fazr"))
    game.apply(Play("boldly-go"))  # the second reserve card: no second bonus
    key, value = next(iter(bonus.items()))
    base = {"skill": 1 + 2, "swords": 2, "boots": 1}
    if key == "draw":
        assert blue.hand == ["hack"] and s.clank_area["blue"] == area + clank + 1
    else:
        assert getattr(blue, key) == base[key] + value
    game = again(game, {"current": 1, "players": {"yellow": {"hand": [], "space": space}}})
    with pytest.raises(IllegalAction, match="has been used"):
        game.apply(HackPort())


def test_research_token_taken_after_a_reserve_card_pays_at_once():
    game = at_arcade(pieces=LAB, hand=["fazr"], space="rl-chem")
    blue = game.current_player
    game.apply(Play("fazr"))
    game.apply(HackPort())
    assert blue.skill == 1 + 1


def test_a_research_port_and_its_log_name_the_token():
    game = at_arcade(pieces=LAB, hand=[], space="rl-chem")
    game.apply(HackPort())
    assert "Blue hacks the data port in Chem Bench (take the Focus Serum Research token)" in (
        game.log
    )
    port = game.board.space("rl-cognition").data_port
    assert game.rules.effects_text(port) == "take the Neural Link Research token, +1 Clank!"


# ================================================================ Vault


VAULT = ["pulsarcade-vault", "space-reactor", "space-sickbay"]


def test_deep_vault_needs_a_command_code_and_three_cubes():
    game = at_arcade(pieces=VAULT)
    rigged_attack(game, 5, black=5)
    game = again(game, hand=[], space="va-east")
    with pytest.raises(IllegalAction, match="command code"):
        game.apply(Ransack("deep"))
    game = again(game, tokens=[CODE], supply=2)  # the rest of blue's cubes in the bag
    with pytest.raises(IllegalAction, match="3 Clank!"):
        game.apply(Ransack("deep"))
    game = again(game, supply=20)
    game.apply(Ransack("deep"))
    assert game.current_player.gold == 5  # two cubes in the deep vault: its second slot
    with pytest.raises(IllegalAction, match="cannot be reached"):
        game.apply(Ransack("yellow"))


def test_an_empty_vault_cannot_be_ransacked_and_full_vaults_set_cubes_aside():
    game = at_arcade(pieces=VAULT, hand=[], space="va-teller")
    s = game.state
    with pytest.raises(IllegalAction, match="is empty"):
        game.apply(Ransack("yellow"))
    rigged_attack(game, 10, black=10)
    assert sum(module_state(game, "vault")["filled"]) == 8 and s.aside["black"] == 2


def test_drawn_black_cubes_go_to_the_vault_in_an_attack():
    game = new_game(VAULT)
    s = game.state
    rigged_attack(game, 2, black=2)
    assert module_state(game, "vault")["filled"][:3] == [True, True, False]
    assert s.aside["black"] == 0 and cubes(game, "black") == 24


def test_return_black_takes_set_aside_cubes_first_then_vault_cubes_in_reverse():
    game = at_arcade(pieces=VAULT)
    rigged_attack(game, 5, black=5)
    game = again(game, {"aside": {"black": 1}})  # one more black cube set aside, from the bag
    s = game.state
    assert s.bag["black"] == 18
    game.rules.apply_effects(s, None, [{"return_black": 3}], source=None)
    assert s.aside["black"] == 0
    assert module_state(game, "vault")["filled"][:5] == [True, True, True, False, False]
    assert s.bag["black"] == 21 and cubes(game, "black") == 24


# ================================================================ the module registry


def test_every_pulsarcade_module_side_has_rules():
    edition = load_edition("pulsarcade")
    assert {m["kind"] for m in edition["modules"].values()} == set(MODULES)
    sides = [s for pair in edition["ship"]["sides"] for s in pair if s.startswith("pulsarcade-")]
    assert len(sides) == 6
    for side in sides:
        ship = assemble_ship([side, "space-reactor", "space-sickbay"], edition="pulsarcade")
        rules = PulsarcadeRules(ship, CARDS)
        assert len(rules.modules) == 1


def test_custom_card_set_keeps_the_extras():
    cards = custom_cards(rage_start={"2": 6, "3": 6, "4": 6})
    assert isinstance(cards, CardSet)
    game = new_game(cards=cards)
    assert game.state.rage == 6
    assert game.rules.faction_of("chimp-o-tron") == "science"
