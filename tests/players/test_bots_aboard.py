"""The greedy and planner bots use a ship's markets, telepads and modules when they pay
(clankwidget.bots.aboard): positions where each rule clearly applies (and one where it
clearly does not), and seeded games in which every one of them is seen."""

from __future__ import annotations

import copy

import pytest

import clankwidget as cw
from clankwidget import Game
from clankwidget._shipnav import ShipNavigator
from clankwidget.bots import GreedyBot, PlannerBot, aboard
from clankwidget.rules import actions as A
from clankwidget.rules.pulsarcade import Clone, PulsarcadeRules, Ransack, Thrill
from clankwidget.rules.space import Telepad
from clankwidget.simulate import play_game

BOTS = [GreedyBot, PlannerBot]
#: the other side of each Pulsarcade module: the Vault, the Research Lab, the Race Track
OTHER_SIDES = {
    "fore": "pulsarcade-vault",
    "mid": "pulsarcade-research-lab",
    "aft": "pulsarcade-race-track",
}
CODE = {"kind": "code", "id": "command-code", "name": "Command Code", "grants": "code"}
TELEPASS = {
    "kind": "market",
    "id": "telepass",
    "name": "TelePass",
    "points": 5,
    "grants": "telepass",
}


def aboard_at(edition="pulsarcade", changes=None, modules=None, **blue) -> Game:
    """A two-player game (seed 1: blue to move) from a position: ``changes`` to the
    state, keyword fields to blue's; ``modules``: the ship's module sides."""
    changes = copy.deepcopy(changes or {})
    if blue:
        changes.setdefault("players", {}).setdefault("blue", {}).update(blue)
    more = {"modules": modules} if modules else {}
    game = Game.from_position(cw.position(edition, 2, 1, changes=changes, **more), seed=1)
    assert game.current_player.colour == "blue"
    return game


def choices(game) -> list:
    """What each bot chooses (the game unchanged)."""
    before = game.state.to_dict()
    out = [bot(0).choose(game) for bot in BOTS]
    assert game.state.to_dict() == before
    return out


def test_they_thrill_the_audience_once_it_may_be_thrilled():
    # three Clank! made this turn: the Danger Vision track gives points for nothing
    game = aboard_at(hand=[], clank_made=3)
    assert choices(game) == [Thrill(), Thrill()]


def test_they_leave_a_clone_in_a_vat_they_stand_in():
    game = aboard_at(hand=[], space="cv-vat-2")
    assert choices(game) == [Clone(), Clone()]


@pytest.mark.parametrize(("filled", "ransack"), [(2, True), (1, False)])
def test_they_ransack_a_vault_when_its_credits_beat_the_noise(filled, ransack):
    # the Yellow Vault's slots hold 2, 4 and 6 Credits; a ransack makes 3 Clank!
    fill = [i < filled for i in range(8)]
    game = aboard_at(
        changes={"extra": {"modules": {"vault": {"filled": fill}}}},
        modules=OTHER_SIDES,
        hand=[],
        space="va-teller",
    )
    assert aboard.vault_credits(game, "yellow") == (4 if ransack else 2)
    want = Ransack("yellow") if ransack else A.EndTurn()
    assert choices(game) == [want, want]


@pytest.mark.parametrize("edition", ["space", "pulsarcade"])
def test_they_buy_contraband_for_its_points(edition):
    # 10 points for 7 Credits (each a point at the end); in Pulsarcade it also opens the
    # Contra Kong cabinet. The Master Key, the TelePass and the Med Kit (5 points each)
    # are not worth their 7 Credits here
    game = aboard_at(edition, hand=[], space="co-market", gold=7)
    assert choices(game) == [A.Buy("contraband"), A.Buy("contraband")]


def test_nothing_is_bought_that_is_not_worth_its_price():
    bought = [{"kind": "market", "id": "contraband", "name": "Contraband", "points": 10,
               "grants": "contraband"}]  # fmt: skip
    game = aboard_at("space", hand=[], space="co-market", gold=7, tokens=bought)
    assert any(type(a) is A.Buy for a in game.legal_actions())
    assert choices(game) == [A.EndTurn(), A.EndTurn()]


def test_with_credits_they_stop_at_a_market_on_the_way():
    # from the corridor's west end the market is one boot aside of the way to the ports
    here = "co-west"

    def goes_to(game, action):
        return game.board.paths[action.path].other_end(here)

    poor = aboard_at(hand=[], space=here, boots=1)
    rich = aboard_at(hand=[], space=here, boots=1, gold=7)
    assert all(goes_to(poor, a) != "co-market" for a in choices(poor))
    assert [goes_to(rich, a) for a in choices(rich)] == ["co-market", "co-market"]


def test_they_ride_a_telepad_for_q_alert():
    # with a TelePass, the ride from the aft telepad to the fore one adds a boot to the
    # way, but lets the thief claim the Q*Alert cabinet (a token); then it claims it
    game = aboard_at(hand=[], space="co-aft", tokens=[TELEPASS])
    assert choices(game) == [Telepad("co-pad"), Telepad("co-pad")]
    game.apply(Telepad("co-pad"))
    assert [a.cabinet for a in choices(game)] == ["q-alert", "q-alert"]


def test_the_navigator_says_what_a_key_or_a_telepass_saves():
    nav = ShipNavigator(aboard_at("space", space="sb-morgue", tokens=[CODE]))
    assert nav.saved(keys=True) == 2.0  # the locked path to the Sickbay's east end
    assert nav.saved(pads=True) == 0.0
    nav = ShipNavigator(aboard_at("space", space="co-pad"))
    assert nav.saved(pads=True) == 3.0 and nav.saved(keys=True) == 0.0
    assert nav.detours(["co-pad"]) == {"co-pad": 0}


def test_a_master_key_is_worth_its_price_where_it_saves_two_boots():
    game = aboard_at("space", space="sb-morgue", tokens=[CODE])
    key = next(m for m in game.cards.market if m["grants"] == "key")
    p, nav = game.current_player, ShipNavigator(game)
    assert aboard.item_worth(game, p, key, 7, (), nav) == 5 - 7 + 1.5 * 2
    game = aboard_at("space", space="sb-morgue")  # heading for the ports: no shorter
    p, nav = game.current_player, ShipNavigator(game)
    assert aboard.item_worth(game, p, key, 7, (), nav) == 5 - 7


def test_seeded_games_show_every_module_action():
    """The seeded games in which the bots once never bought, thrilled, cloned, ransacked
    or rode a telepad (3,168 of them did none of it)."""
    seen = set()
    wanted = {"buy", "thrill", "clone", "telepad", "ransack"}
    for seed in range(6):
        game = play_game(["greedy", "greedy"], seed=seed, edition="pulsarcade")
        seen.update(a.kind for a in game.actions)
    other = PulsarcadeRules.assemble_board(modules=OTHER_SIDES)
    game = play_game(["greedy", "greedy"], seed=4, edition="pulsarcade", board=other)
    seen.update(a.kind for a in game.actions)
    assert wanted <= seen, wanted - seen
