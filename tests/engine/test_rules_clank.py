"""One scenario per rule of Clank!: A Deck-Building Adventure (seed 004), on the scenario board.

The scenario board (tests/fixtures/scenario-board.json) puts every feature one or two
steps from the entrance; each test starts from a position (``helpers.at``: a fresh set-up
with only what the situation needs changed) with the exact hand and pool it needs.
"""

from __future__ import annotations

from collections import Counter

import pytest

from clankwidget import IllegalAction
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
    Teleport,
    UseToken,
)

from helpers import at, cards_doc, cube_total, custom_cards, new_game

# path indices on the scenario board
ENTRANCE_HALL, HALL_GALLERY, HALL_DEN, DEN_CAVE, CAVE_GALLERY, GALLERY_VAULT = range(6)
HALL_MARKET, HALL_SHRINE, SHRINE_NOOK, MARKET_SANCTUM, GALLERY_FOUNTAIN = 6, 7, 8, 9, 10
FOUNTAIN_TREASURY, VAULT_ATTIC, TREASURY_SLIDE, SLIDE_CRYPT, CRYPT_DEEP, DEEP_MARKET = range(11, 17)
GALLERY_ATTIC = 17


# ---------------------------------------------------------------- set-up


@pytest.mark.parametrize("n, rage, removed", [(2, 2, 2), (3, 1, 1), (4, 0, 0)])
def test_setup_by_player_count(n, rage, removed):
    cards = custom_cards(artifacts_removed={"2": 2, "3": 1, "4": 0})
    game = new_game(players=n, cards=cards, seed=5)
    s = game.state
    assert s.rage == rage
    assert len(s.artifacts) == 3 - removed
    assert [s.clank_area[p.colour] for p in s.players] == [3, 2, 1, 0][:n]
    for p in s.players:
        assert len(p.hand) == 5 and len(p.deck) == 5 and p.space == "entrance"
        assert Counter(p.hand + p.deck) == {"burgle": 6, "stumble": 2, "sidestep": 1, "scramble": 1}
    assert len(s.row) == 6 and not any(game.cards[c].dragon for c in s.row)
    assert s.bag == {"black": 24}


def test_opening_row_never_has_a_dragon():
    for seed in range(30):
        game = new_game(seed=seed)
        assert not any(game.cards[c].dragon for c in game.state.row), seed


def test_secrets_and_idols_dealt_face_down_by_slot():
    s = new_game(seed=3).state
    assert len(s.space_tokens["nook"]) == 2 and {t["kind"] for t in s.space_tokens["nook"]} == {
        "minor"
    }
    assert len(s.space_tokens["sanctum"]) == 1 and s.space_tokens["sanctum"][0]["kind"] == "major"
    assert [t["kind"] for t in s.space_tokens["shrine"]] == ["idol"] * 3


# ---------------------------------------------------------------- playing cards


def test_every_card_must_be_played_before_ending_the_turn():
    game = at(hand=["burgle", "stumble"])
    with pytest.raises(IllegalAction, match="play every card"):
        game.apply(EndTurn())
    game.apply(Play("burgle"))
    game.apply(Play("stumble"))
    game.apply(EndTurn())


def test_resources_pool_across_cards_and_spend_between_plays():
    game = at(hand=["scramble", "burgle", "sidestep"])
    game.apply(Play("scramble"))
    game.apply(Move(ENTRANCE_HALL))  # spend the boot before playing the rest
    game.apply(Play("burgle"))
    game.apply(Play("sidestep"))
    p = game.current_player
    assert (p.skill, p.boots, p.space) == (2, 1, "hall")


def test_unspent_resources_are_lost_at_end_of_turn():
    game = at(hand=["burgle"], boots=3, swords=2, teleports=1)
    game.apply(Play("burgle"))
    game.apply(EndTurn())
    p = game.players[0]
    assert (p.skill, p.swords, p.boots, p.teleports) == (0, 0, 0, 0)


def test_illegal_action_changes_nothing_and_says_why():
    game = at(hand=["burgle"])
    before = game.state.to_dict()
    for action, reason in [
        (Play("brute"), "not in your hand"),
        (Move(ENTRANCE_HALL), "needs 1 Boot"),
        (AcquireReserve("tome"), "needs 7 Skill"),
        (TakeArtifact(), "no artifact here"),
        (Buy("crown"), "not in a market"),
        (Choose(0), "no choice"),
        ({"kind": "fly"}, "unknown action kind"),
        ({"kind": "move", "path": "x"}, "must be an integer"),
    ]:
        with pytest.raises(IllegalAction, match=reason):
            game.apply(action)
        assert game.state.to_dict() == before


# ---------------------------------------------------------------- acquiring


def test_acquired_cards_go_to_the_discard_pile_and_the_slot_waits_for_end_of_turn():
    game = at({"row": {"0": "runner"}}, hand=[], skill=5)
    s = game.state
    game.apply(Acquire(0))
    p = game.current_player
    assert p.discard[-1] == "runner" and p.skill == 3 and s.row[0] is None
    game.apply(AcquireReserve("mercenary"))
    assert p.discard[-1] == "mercenary" and s.reserve["mercenary"] == 14 and p.skill == 1
    game.apply(EndTurn())
    assert s.row[0] is not None


def test_gem_makes_clank_when_acquired():
    game = at({"row": {"0": "gem"}}, hand=[], skill=4)
    area = game.state.clank_area["blue"]
    game.apply(Acquire(0))
    assert game.state.clank_area["blue"] == area + 2


def test_device_is_used_at_once_and_goes_to_the_dungeon_discard():
    game = at({"row": {"1": "ladder"}}, hand=[], skill=3)
    s = game.state
    game.apply(Acquire(1))
    p = game.current_player
    assert p.boots == 2 and "ladder" not in p.all_cards and s.dungeon_discard == ["ladder"]


def test_depths_only_device_needs_the_depths():
    game = at({"row": {"0": "drill"}}, hand=[], skill=3)
    with pytest.raises(IllegalAction, match="only be taken if you are in the Depths"):
        game.apply(Acquire(0))
    game = at({"row": {"0": "drill"}}, hand=[], skill=3, space="slide")
    game.apply(Acquire(0))
    assert game.current_player.gold == 5


def test_monsters_are_defeated_for_their_reward_and_leave_the_row():
    game = at({"row": {"2": "ogre"}}, hand=[], swords=4, damage=2)
    s = game.state
    with pytest.raises(IllegalAction, match="monster"):
        game.apply(Acquire(2))
    game.apply(Defeat(2))
    p = game.current_player
    assert (p.gold, p.damage, p.swords) == (3, 1, 0)
    assert s.row[2] is None and s.dungeon_discard == ["ogre"]


def test_the_reserve_goblin_can_be_fought_again_and_again():
    game = at(hand=[], swords=6)
    for _ in range(3):
        game.apply(DefeatReserve("goblin"))
    assert game.current_player.gold == 3 and game.state.reserve["goblin"] is None
    with pytest.raises(IllegalAction, match="needs 2 Swords"):
        game.apply(DefeatReserve("goblin"))


def test_reserve_piles_run_out():
    game = at({"reserve": {"tome": 0}}, hand=[], skill=7)
    with pytest.raises(IllegalAction, match="pile is empty"):
        game.apply(AcquireReserve("tome"))


# ---------------------------------------------------------------- decks


def test_reshuffle_only_when_drawing_from_an_empty_deck_and_play_area_stays_out():
    game = at(hand=["scout", "scout"], deck=["burgle"], discard=["stumble", "stumble"])
    p = game.current_player
    game.apply(Play("scout"))  # draws the last deck card: no reshuffle yet
    assert p.hand == ["scout", "burgle"] and p.discard == ["stumble", "stumble"] and p.deck == []
    game.apply(Play("scout"))  # empty deck: the discard is reshuffled, the play area is not
    assert p.hand == ["burgle", "stumble"] and p.deck == ["stumble"] and p.discard == []
    assert p.play == ["scout", "scout"]


def test_played_cards_are_discarded_before_the_new_hand_is_drawn():
    game = at(hand=["burgle"], deck=[], discard=["stumble"])
    p = game.current_player
    game.apply(Play("burgle"))
    game.apply(EndTurn())
    assert sorted(p.hand) == ["burgle", "stumble"] and p.discard == [] and p.deck == []


def test_drawing_with_deck_and_discard_empty_draws_nothing():
    game = at(hand=["scout"], deck=[], discard=[])
    p = game.current_player
    game.apply(Play("scout"))
    assert p.hand == []


# ---------------------------------------------------------------- market


def test_market_sells_items_for_seven_gold_duplicates_allowed_and_crowns_best_first():
    game = at(hand=[], space="market", gold=28)
    game.apply(Buy("master-key"))
    game.apply(Buy("master-key"))
    game.apply(Buy("crown"))
    game.apply(Buy("crown"))
    p = game.current_player
    assert p.gold == 0 and p.owns("key") == 2
    assert [t["points"] for t in p.tokens if t["grants"] == "crown"] == [10, 9]
    assert game.state.market["master-key"] == 0
    game = at({"market": {"master-key": 0}}, hand=[], space="market", gold=7)
    with pytest.raises(IllegalAction, match="no Master Key is left"):
        game.apply(Buy("master-key"))


def test_market_needs_seven_gold():
    game = at(hand=[], space="market", gold=6)
    with pytest.raises(IllegalAction, match="costs 7 Gold; you have 6"):
        game.apply(Buy("backpack"))


# ---------------------------------------------------------------- movement


def test_one_and_two_boot_tunnels():
    game = at(hand=[], space="hall", boots=2)
    assert Move(HALL_GALLERY) in game.legal_actions()
    game.apply(Move(HALL_GALLERY))
    assert game.current_player.boots == 0
    game = at(hand=[], space="hall", boots=1)
    with pytest.raises(IllegalAction, match="needs 2 Boots"):
        game.apply(Move(HALL_GALLERY))


def test_monster_icons_hurt_unless_paid_with_swords():
    game = at(hand=[], space="hall", boots=2, swords=1)
    legal = game.legal_actions()
    assert (
        Move(HALL_DEN, 0) in legal and Move(HALL_DEN, 1) in legal and Move(HALL_DEN, 2) not in legal
    )
    game.apply(Move(HALL_DEN, 1))
    p = game.current_player
    assert (p.damage, p.swords, p.space) == (1, 0, "den")
    assert cube_total(game, "blue") == 30


def test_no_voluntary_tunnel_damage_that_fills_the_meter():
    game = at(hand=[], space="hall", boots=1, swords=0, damage=8)
    with pytest.raises(IllegalAction, match="fill your health meter"):
        game.apply(Move(HALL_DEN, 0))
    game = at(hand=[], space="hall", boots=1, swords=1, damage=8)
    game.apply(Move(HALL_DEN, 1))
    assert game.current_player.damage == 9 and game.current_player.is_in


def test_no_tunnel_damage_with_an_empty_supply():
    # blue's 27 cubes not in the Clank! area are all in the bag
    game = at({"bag": {"blue": 27}}, hand=[], space="hall", boots=1, supply=0)
    with pytest.raises(IllegalAction, match="cannot take 2 damage"):
        game.apply(Move(HALL_DEN, 0))


_MASTER_KEY = {"kind": "market", "id": "master-key", "name": "Master Key", "points": 5}


def test_locked_tunnels_need_a_master_key():
    game = at(hand=[], space="gallery", boots=1)
    with pytest.raises(IllegalAction, match="locked"):
        game.apply(Move(GALLERY_VAULT))
    game = at(hand=[], space="gallery", boots=1, tokens=[{**_MASTER_KEY, "grants": "key"}])
    game.apply(Move(GALLERY_VAULT))
    assert game.current_player.space == "vault"


def test_one_way_tunnels():
    game = at(hand=[], space="treasury", boots=2)
    game.apply(Move(TREASURY_SLIDE))
    assert game.current_player.space == "slide"
    with pytest.raises(IllegalAction, match="one-way"):
        game.apply(Move(TREASURY_SLIDE))


def test_crystal_cave_stops_boots_but_not_teleports():
    game = at(hand=[], space="den", boots=3, teleports=1)
    game.apply(Move(DEN_CAVE))
    with pytest.raises(IllegalAction, match="cannot use Boots again"):
        game.apply(Move(CAVE_GALLERY))
    game.apply(Teleport("gallery"))
    assert game.current_player.space == "gallery"


def test_teleport_ignores_locks_arrows_and_monsters_but_entering_a_cave_still_stops():
    game = at(hand=[], space="slide", teleports=3, boots=2)
    game.apply(Teleport("treasury"))  # against the one-way arrow
    assert game.current_player.space == "treasury"
    game = at(hand=[], space="gallery", teleports=2, boots=2)
    game.apply(Teleport("vault"))  # through the lock
    assert game.current_player.space == "vault"
    game = at(hand=[], space="gallery", teleports=1, boots=2)
    game.apply(Teleport("cave"))
    assert game.current_player.exhausted


def test_teleport_only_to_adjacent_spaces():
    game = at(hand=[], space="hall", teleports=1)
    with pytest.raises(IllegalAction, match="not joined"):
        game.apply(Teleport("crypt"))


def test_the_exit_needs_an_artifact():
    game = at(hand=[], space="hall", boots=1)
    with pytest.raises(IllegalAction, match="only go back out with an artifact"):
        game.apply(Move(ENTRANCE_HALL))


# ---------------------------------------------------------------- tokens and rooms


def test_one_secret_per_entry_and_the_second_on_reentry():
    game = at(hand=[], space="shrine", boots=3, seed=2)
    s = game.state
    first, second = (t["name"] for t in s.space_tokens["nook"])
    assert {t["id"] for t in s.space_tokens["nook"]} <= {"potion", "egg", "coins"}
    game.apply(Move(SHRINE_NOOK))
    assert len(s.space_tokens["nook"]) == 1
    game.apply(Move(SHRINE_NOOK))  # back to the shrine: an idol
    game.apply(Move(SHRINE_NOOK))
    assert "nook" not in s.space_tokens
    found = [line for line in game.log if " finds " in line]
    assert found[0].endswith(first) and found[-1].endswith(second) and len(found) == 3


def test_idols_are_worth_five_and_taken_one_per_entry():
    game = at(hand=[], space="hall", boots=1)
    game.apply(Move(HALL_SHRINE))
    p = game.current_player
    assert [t["id"] for t in p.tokens] == ["idol"] and len(game.state.space_tokens["shrine"]) == 2
    assert game.scores()["blue"] == 5


_EGG = {"kind": "minor", "id": "egg", "name": "Dragon Egg", "keep": True, "egg": True, "points": 3}
_POTION = {
    "kind": "minor",
    "id": "potion",
    "name": "Healing Draught",
    "keep": True,
    "use": [{"heal": 1}],
}


def test_dragon_egg_raises_rage_and_kept_potions_can_be_used_later():
    game = at(
        {"space_tokens": {"nook": [_EGG, _POTION]}}, hand=[], space="shrine", boots=3, damage=2
    )
    s = game.state
    rage = s.rage
    game.apply(Move(SHRINE_NOOK))
    assert s.rage == rage + 1
    game.apply(Move(SHRINE_NOOK))
    game.apply(Move(SHRINE_NOOK))
    assert UseToken("potion") in game.legal_actions()
    game.apply(UseToken("potion"))
    p = game.current_player
    assert p.damage == 1 and [t["id"] for t in p.tokens] == ["egg", "idol"]  # shrine on the way


def test_heal_and_treasure_rooms_pay_on_every_entry():
    game = at(hand=[], space="gallery", boots=3, damage=5)
    game.apply(Move(GALLERY_FOUNTAIN))
    game.apply(Move(FOUNTAIN_TREASURY))
    game.apply(Move(FOUNTAIN_TREASURY))  # back into the fountain: it heals again
    p = game.current_player
    assert p.damage == 1 and p.gold == 2
    assert cube_total(game, "blue") == 30


# ---------------------------------------------------------------- artifacts and rage

_BACKPACK = {"kind": "market", "id": "backpack", "name": "Backpack", "points": 5}


def test_taking_an_artifact_is_an_action_one_at_a_time_unless_a_backpack():
    game = at(hand=[], space="vault", boots=1)
    s = game.state
    game.apply(Move(VAULT_ATTIC))
    assert game.current_player.artifacts == []  # entering does not take it
    rage = s.rage
    game.apply(TakeArtifact())
    assert (
        game.current_player.artifacts == [5] and s.rage == rage + 1 and "attic" not in s.artifacts
    )
    game = at(hand=[], space="crypt", artifacts=[5])
    with pytest.raises(IllegalAction, match="cannot carry another artifact"):
        game.apply(TakeArtifact())
    game = at(hand=[], space="crypt", artifacts=[5], tokens=[{**_BACKPACK, "grants": "backpack"}])
    game.apply(TakeArtifact())
    assert game.current_player.artifacts == [5, 10]


def test_rage_is_capped_at_the_top_of_the_track():
    game = new_game()
    s = game.state
    game.rules.raise_rage(s, 50)
    assert s.rage == 6 and game.rules.rage_value(s) == 5


def test_the_log_says_whether_a_rise_of_the_marker_changes_the_attacks():
    # the teaching track reads 2, 2, 3, 3, 4, 4, 5: from the first place the next one
    # draws as many cubes, the one after draws one more; the top stays put
    game = new_game()
    s = game.state
    s.rage = 0
    game.rules.raise_rage(s, 1)
    assert s.log[-1] == "The rage marker moves up (still 2 cubes per attack)"
    game.rules.raise_rage(s, 1)
    assert s.log[-1] == "Rage rises to 3 cubes per attack"
    s.rage, said = 6, len(s.log)
    game.rules.raise_rage(s, 1)
    assert len(s.log) == said


# ---------------------------------------------------------------- clank and attacks


def test_negative_clank_removes_own_cubes_and_the_rest_offsets_later_clank():
    game = at(hand=["hush", "hush", "stumble"])
    s = game.state
    assert s.clank_area["blue"] == 3
    game.apply(Play("hush"))
    game.apply(Play("hush"))
    assert s.clank_area["blue"] == 0 and game.current_player.clank_credit == 1
    game.apply(Play("stumble"))
    assert s.clank_area["blue"] == 0 and game.current_player.clank_credit == 0
    assert cube_total(game, "blue") == 30


def test_negative_clank_left_over_is_lost_when_the_turn_ends_for_every_player():
    # yellow was made to take back more Clank! than it had out during blue's turn: what is
    # left offsets later Clank! that turn, then is lost (FACTS RB1 8), not kept for yellow's
    game = at({"players": {"yellow": {"clank_credit": 2, "hand": ["stumble"]}}}, hand=[])
    s = game.state
    area = s.clank_area["yellow"]
    game.apply(EndTurn())
    yellow = game.current_player
    assert yellow.colour == "yellow" and yellow.clank_credit == 0
    game.apply(Play("stumble"))
    assert s.clank_area["yellow"] == area + 1 and yellow.clank_made == 1


def test_one_attack_per_refill_however_many_dragons_and_danger_adds_cubes():
    # one danger card stays in the row; two dragon symbols come out (the gem first)
    game = at(
        {
            "row": ["horn", None, None, "runner", "runner", "runner"],
            "dungeon_deck": {"-2": "wail", "-1": "gem"},
            "clank_area": {"blue": 5, "yellow": 5},
        },
        hand=[],
    )
    s = game.state
    game.apply(EndTurn())
    attacks = [line for line in game.log if "The dragon attacks" in line]
    assert len(attacks) == 1
    draws = game.rules.setup_numbers["rage_track"][s.rage] + 1
    assert f"{draws} cubes drawn" in attacks[0]
    # the Wail's arrive effect (+1 Clank! each) came before the attack: 12 cubes went into the bag
    assert sum(s.bag.values()) + sum(s.aside.values()) + sum(p.damage for p in s.players) == 24 + 12


def test_arrive_effects_return_black_cubes():
    game = at(
        {
            "aside": {"black": 5},
            "bag": {"black": 19},
            "row": {"0": None},
            "dungeon_deck": {"-1": "shrine-card"},
        },
        hand=[],
    )
    s = game.state
    game.apply(EndTurn())
    assert s.aside["black"] == 3 and s.bag["black"] == 21


def test_attack_damage_comes_from_drawn_cubes_and_black_cubes_are_set_aside():
    game = at({"clank_area": {"blue": 4, "yellow": 0}, "bag": {"black": 0}})
    s = game.state
    game.rules.attack(s, 3, "test")
    blue = game.players[0]
    assert blue.damage == 3 and s.bag["blue"] == 1 and cube_total(game, "blue") == 30


def test_drawing_more_than_the_bag_holds_draws_everything():
    game = at({"clank_area": {"blue": 2, "yellow": 0}, "bag": {"black": 1}})
    s = game.state
    aside = s.aside["black"]
    game.rules.attack(s, 10, "test")
    assert s.bag == {"black": 0, "blue": 0, "yellow": 0} and s.aside["black"] == aside + 1
    assert game.players[0].damage == 2


def test_cubes_of_players_who_are_out_act_as_black():
    game = at(
        {
            "players": {"yellow": {"status": "escaped"}},
            "clank_area": {"blue": 0, "yellow": 3},
            "bag": {"black": 0},
        }
    )
    s = game.state
    game.rules.attack(s, 3, "test")
    assert game.players[1].damage == 0 and s.aside["yellow"] == 3


def test_a_full_meter_knocks_out():
    game = at({"clank_area": {"blue": 0, "yellow": 0}, "bag": {"black": 0, "blue": 3}}, damage=8)
    s = game.state
    game.rules.attack(s, 3, "test")
    assert game.players[0].status == "knocked-out" and game.players[0].damage == 10
    assert s.aside["blue"] == 1 and cube_total(game, "blue") == 30


# ---------------------------------------------------------------- leaving and scoring


def _escaping(changes=None, players=2, **first) -> object:
    """Blue, next to the exit with an artifact, steps out."""
    game = at(changes, players=players, hand=[], space="hall", boots=1, artifacts=[10], **first)
    game.apply(Move(ENTRANCE_HALL))
    return game


_MASTERY = {"kind": "mastery", "id": "mastery", "name": "Mastery token", "points": 20}
#: blue escaped last turn with the 10; the countdown is on its first space; yellow to move
_COUNTDOWN = {
    "players": {
        "blue": {
            "status": "escaped",
            "space": "entrance",
            "artifacts": [10],
            "tokens": [_MASTERY],
            "hand": [],
        }
    },
    "countdown": 1,
    "countdown_player": 0,
    "current": 1,
    "turn": 2,
}


def test_escaping_with_an_artifact_earns_the_mastery_token_and_ends_movement():
    game = _escaping()
    p = game.players[0]
    assert p.status == "escaped" and any(
        t["id"] == "mastery" and t["points"] == 20 for t in p.tokens
    )
    assert not any(isinstance(a, Move) for a in game.legal_actions())
    game.apply(EndTurn())
    assert game.state.countdown == 1 and game.state.countdown_player == 0
    assert game.scores()["blue"] == 30 + 0  # artifact 10 + mastery 20, no gold or card points


def test_countdown_spaces_two_to_four_attack_with_extra_cubes_and_five_knocks_out():
    # yellow and green hold no cards and have no Clank! out: the attacks draw black cubes only,
    # so both are still inside to see space 5
    quiet = {"hand": [], "deck": [], "discard": []}
    changes = {
        **_COUNTDOWN,
        "players": {**_COUNTDOWN["players"], "yellow": quiet, "green": quiet},
        "clank_area": {"blue": 0, "yellow": 0, "green": 0},
    }
    game = at(changes, players=3)
    s = game.state
    extras = []
    while not game.is_over:
        game.apply(EndTurn())
        extras += [
            line
            for line in game.log[-6:]
            if line.startswith("Countdown space") and line not in extras
        ]
    assert [e.split(":")[0] for e in extras] == [
        "Countdown space 2 (+1)",
        "Countdown space 3 (+2)",
        "Countdown space 4 (+3)",
    ]
    assert s.countdown == 5 and s.end_reason == "the countdown ran out"
    assert [p.status for p in game.players] == ["escaped", "knocked-out", "knocked-out"]


def test_countdown_extra_cubes_apply_only_to_countdown_attacks():
    # yellow's turn: a refill attack draws rage + dangers only
    changes = {
        **_COUNTDOWN,
        "players": {**_COUNTDOWN["players"], "yellow": {"hand": []}},
        "row": {"0": None},
        "dungeon_deck": {"-1": "wail"},
    }
    game = at(changes, players=3)
    s = game.state
    game.apply(EndTurn())
    attack = next(line for line in reversed(game.log) if "The dragon attacks" in line)
    assert f"{game.rules.rage_value(s) + game.rules.dangers(s)} cube" in attack


def test_the_countdown_starts_once():
    yellow = {"hand": [], "space": "hall", "boots": 1, "artifacts": [5]}
    game = at({**_COUNTDOWN, "players": {**_COUNTDOWN["players"], "yellow": yellow}}, players=3)
    game.apply(Move(ENTRANCE_HALL))
    assert game.players[1].status == "escaped"
    game.apply(EndTurn())
    assert game.state.countdown_player == 0


def test_rescue_only_for_an_artifact_holder_outside_the_depths():
    game = at(
        {
            "players": {
                "blue": {"artifacts": [5], "space": "gallery", "gold": 4},  # rescued
                "yellow": {"artifacts": [10], "space": "crypt", "gold": 4},  # in the depths
                "green": {"artifacts": [], "space": "hall", "gold": 4},  # no artifact
            }
        },
        players=3,
    )
    for p in game.players:
        game.rules.knock_out(game.state, p)
    assert game.scores() == {"blue": 5 + 4 + 0, "yellow": 0, "green": 0}


def test_scoring_counts_artifacts_tokens_gold_and_card_points():
    egg = {"kind": "minor", "id": "egg", "name": "Dragon Egg", "points": 3, "keep": True}
    blue = {
        "artifacts": [20],
        "gold": 3,
        "discard": ["tome", "gem"],  # 7 + 4 points
        "tokens": [egg, _MASTERY],
        "status": "escaped",
    }
    game = at({"players": {"blue": blue}, "current": 1})
    assert game.scores()["blue"] == 20 + 3 + 7 + 4 + 3 + 20


def test_ties_go_to_the_most_valuable_artifact():
    out = {"status": "escaped", "space": "entrance"}
    game = at(
        {
            "players": {
                "blue": {**out, "artifacts": [5], "gold": 10},
                "yellow": {**out, "artifacts": [10], "gold": 5},
            },
            "over": True,
        }
    )
    assert game.scores()["blue"] == game.scores()["yellow"]
    assert game.winners() == ["yellow"]


def test_the_dungeon_deck_running_out_ends_the_game_and_knocks_out_everyone_inside():
    game = at(
        {
            "dungeon_deck": [],
            "row": {"0": None},
            "players": {"yellow": {"artifacts": [5], "space": "hall"}},
        },
        hand=[],
    )
    s = game.state
    game.apply(EndTurn())
    assert game.is_over and s.end_reason == "the dungeon deck ran out"
    assert all(p.status == "knocked-out" for p in game.players)
    assert game.scores()["yellow"] == 5 and game.scores()["blue"] == 0


def test_the_game_ends_when_everyone_is_out():
    game = _escaping({"players": {"yellow": {"status": "knocked-out"}}})
    game.apply(EndTurn())
    assert game.is_over and game.state.end_reason == "every player has left the dungeon"


# ---------------------------------------------------------------- card effects


def test_companion_bonus_counts_regardless_of_play_order():
    game = at(hand=["pal", "mercenary"])
    game.apply(Play("pal"))
    assert game.current_player.skill == 1
    game.apply(Play("mercenary"))  # the second companion arrives later: Pal's bonus fires now
    assert game.current_player.skill == 1 + 1 + 2


def test_a_lone_companion_gets_no_bonus_and_the_bonus_does_not_carry_over():
    game = at(hand=["pal"])
    game.apply(Play("pal"))
    assert game.players[0].held != []
    game.apply(EndTurn())
    assert game.players[0].held == []


def test_artifact_condition():
    # in the attic: the artifact is taken between the two Looters
    game = at(hand=["looter", "looter"], space="attic")
    game.apply(Play("looter"))
    assert game.current_player.gold == 0
    game.apply(TakeArtifact())
    game.apply(Play("looter"))
    # only the second: the first was played without an artifact, and an "if" about the
    # player's situation is decided on play (only companions wait; board_data/README.md)
    assert game.current_player.artifacts == [5] and game.current_player.gold == 2


def test_choose_one_option():
    game = at(hand=["seer", "burgle"])
    game.apply(Play("seer"))
    assert game.pending["options"] == ["+2 Skill", "+2 Boots"]
    assert game.legal_actions() == [Choose(0), Choose(1)]
    game.apply(Choose(1))
    assert game.current_player.boots == 2 and game.pending is None


def test_trash_a_card_from_hand_discard_or_play_area_optional():
    game = at(hand=["purger", "stumble"], discard=["stumble"])
    p = game.current_player
    game.apply(Play("purger"))
    assert game.pending["kind"] == "trash" and game.pending["optional"]
    labels = game.pending["options"]
    game.apply(Choose(labels.index("Stumble (hand)")))
    assert p.hand == [] and game.state.trash == ["stumble"]
    game = at(hand=["purger"])
    game.apply(Play("purger"))
    game.apply(Decline())
    assert game.state.trash == []


def test_discard_for_an_effect():
    game = at(hand=["barter", "stumble"])
    game.apply(Play("barter"))
    game.apply(Choose(0))
    p = game.current_player
    assert p.gold == 3 and p.hand == [] and p.discard[-1] == "stumble"


def test_discard_with_nothing_to_discard_gives_nothing():
    game = at(hand=["barter"])
    game.apply(Play("barter"))
    assert game.pending is None and game.current_player.gold == 0


def test_the_text_of_a_card_comes_from_its_effects():
    from clankwidget.rules.effects import describe

    doc = {c["id"]: c for c in cards_doc()["cards"]}
    assert (
        describe(doc["pal"]["play"]) == "+1 Skill, if you have another companion in play: +2 Skill"
    )
    assert describe(doc["hush"]["play"]) == "-2 Clank!"


def test_nobody_wins_when_everyone_is_lost_inside():
    lost = {"space": "crypt", "artifacts": [10]}
    game = at({"players": {"blue": lost, "yellow": {**lost, "artifacts": [5]}}})
    for p in game.players:
        game.rules.knock_out(game.state, p)
    assert game.scores() == {"blue": 0, "yellow": 0} and game.winners() == []
