"""Moonrakers rules the s20 audit found wrong, each set up from a position (``table`` and
``again`` in tests/helpers.py) and checked against the reading now documented in
``clankwidget/rules/moonrakers.py``: objectives met by a captain who has no move are
scored at the end of the turn, before the winner is named; basic action cards are not
sold; staying at base draws the fresh hand at the end of the turn, after buying."""

from __future__ import annotations

from collections import Counter

from clankwidget import Game
from clankwidget.rules import actions as A

from helpers import again, table


def mr(game):
    return game.state.extra["mr"]


def _ally_meets_hunter_on_nine():
    """Two captains on 9 prestige; the leader leads a Kill contract with the other one
    helping for a credit, and the ally holds Hunter (complete a Kill contract). Both
    play a Damage; the contract succeeds; the leader is in the buying phase."""
    game = table({"extra": {"mr": {"dispatch": {"0": "pirate-skiff"}}}}, players=2, seed=5)
    lead = mr(game)["leader"]
    ally = 1 - lead
    leader, helper = game.state.players[lead], game.state.players[ally]
    held = [o for o in helper.extra["objectives"] if o != "hunter"] + ["hunter"]
    game = again(
        game,
        {
            "players": {
                leader.colour: {"hand": ["damage-1", "damage-1"], "extra": {"prestige": 9}},
                helper.colour: {"hand": ["damage-1"], "extra": {"prestige": 9, "objectives": held}},
            }
        },
    )
    game.apply(A.ChooseContract(0))  # Kill: 2 Damage, 1 prestige and 1 credit
    game.apply(A.Offer(ally, credits=1))
    game.apply(A.Accept())
    game.apply(A.Launch())
    game.apply(A.CallOn(ally))
    game.apply(A.Play("damage-1"))
    while mr(game)["phase"] == "execute":
        if mr(game)["execution"]["playing"] == lead and "damage-1" in leader.hand:
            game.apply(A.Play("damage-1"))
        else:
            game.apply(A.StopPlaying())
    return game, lead, ally


def test_an_ally_who_met_an_objective_in_the_execution_scores_it_before_the_winner():
    game, lead, ally = _ally_meets_hunter_on_nine()
    leader, helper = game.state.players[lead], game.state.players[ally]
    assert mr(game)["phase"] == "buy" and mr(game)["actor"] == lead
    assert (
        helper.extra["stats"]["completed"] == {"kill": 1} and "hunter" in helper.extra["objectives"]
    )
    # the ally has no move now: only the captain who acts claims on a move, and the words
    # say whose objectives those are (the same whoever holds it: secrets stay secret)
    why = game.why_illegal(A.ClaimObjective("hunter"))
    assert f"not a secret objective of {game.rules.name(leader)}" in why
    assert "scored at the end of the turn" in why
    assert leader.extra["prestige"] == 10 and helper.extra["prestige"] == 9
    game.apply(A.EndTurn())
    # the ally scored Hunter at the end of the turn: a tie on 10, broken by net worth
    assert helper.extra["claimed"] == ["hunter"] and "hunter" not in helper.extra["objectives"]
    assert game.scores() == {leader.colour: 10, helper.colour: 10}
    assert game.rules.net_worth(game.state, helper) > game.rules.net_worth(game.state, leader)
    assert game.is_over and game.winners() == [helper.colour]
    assert any("reveals Hunter at the end of the turn" in line for line in game.log)


def test_objectives_not_claimed_on_a_move_are_scored_at_the_end_of_the_turn():
    """Every captain's met objectives, the leader's too, clockwise from the leader; one
    not met stays secret."""
    game = table(players=3, seed=13, gold=6, extra={"objectives": ["war-chest", "hunter"]})
    lead = mr(game)["leader"]
    p = game.state.players[lead]
    q = game.state.players[(lead + 1) % 3]
    held = ["hoard", *q.extra["objectives"][1:]]  # (the one put out goes where Hoard was)
    game = again(game, {"players": {q.colour: {"gold": 10, "extra": {"objectives": held}}}})
    p, q = game.state.players[lead], game.state.players[(lead + 1) % 3]
    game.apply(A.StayAtBase())
    while mr(game)["phase"] == "keep":
        game.apply(A.DropObjective(game.legal_actions()[0].objective))
    before = {c.colour: c.extra["prestige"] for c in game.state.players}
    game.apply(A.EndTurn())
    assert p.extra["claimed"] == ["war-chest"] and "hunter" in p.extra["objectives"]
    assert q.extra["claimed"] == ["hoard"]
    assert p.extra["prestige"] == before[p.colour] + 1
    assert q.extra["prestige"] == before[q.colour] + 1
    reveals = [
        e["actor"] for e in game.state.events if e.get("objective") in ("war-chest", "hoard")
    ]
    assert reveals == [p.colour, q.colour]  # the leader first, then clockwise
    assert not game.is_over and mr(game)["leader"] == (lead + 1) % 3


def test_basic_action_cards_are_not_sold():
    """The source's buying phase sells ship parts, (advanced action cards) and crew; the
    tray of basic action cards is where parts' added cards come from."""
    game = table(players=2, seed=11, gold=30)
    game.apply(A.StayAtBase())
    while mr(game)["phase"] == "keep":
        game.apply(game.legal_actions()[0])
    assert mr(game)["phase"] == "buy"
    for cid in game.state.reserve:
        assert "not sold" in game.why_illegal(A.BuyAction(cid))
    assert not [a for a in game.legal_actions() if a.kind == "buy-action"]
    # with Overload, buy-action buys the advanced action cards on offer, and only those
    game = Game.new("moonrakers", players=2, seed=3, options={"overload": True})
    while mr(game)["phase"] == "keep":
        game.apply(game.legal_actions()[0])
    game = again(game, gold=30)
    game.apply(A.StayAtBase())
    while mr(game)["phase"] == "keep":
        game.apply(game.legal_actions()[0])
    bought = {a.card for a in game.legal_actions() if a.kind == "buy-action"}
    assert bought == set(mr(game)["advanced_offer"])
    assert "advanced action cards on offer" in game.why_illegal(A.BuyAction("reactor"))
    assert "not an advanced action card" in game.why_illegal(A.BuyAction("no-such-card"))


def test_staying_at_base_draws_the_fresh_hand_after_buying():
    """The source lists the fresh hand last, after "go straight to the buying phase": a
    crew card bought can be shuffled into it when the draw pile has run out."""
    game = table(players=2, seed=1, gold=10)
    lead = mr(game)["leader"]
    p = game.state.players[lead]
    # the leader holds one Damage, with an empty draw pile and only the Miss discarded
    # (the rest of their cards back to the supply)
    rest = Counter(p.deck + p.discard + p.hand) - Counter(["damage-1", "miss"])
    reserve = dict(game.state.reserve)
    for cid, k in rest.items():
        reserve[cid] += k
    game = again(
        game,
        {
            "reserve": reserve,
            "players": {p.colour: {"hand": ["damage-1"], "deck": [], "discard": ["miss"]}},
        },
    )
    p = game.state.players[lead]
    game.apply(A.StayAtBase())
    assert p.hand == ["damage-1"] and p.discard == ["miss"]  # not yet
    while mr(game)["phase"] == "keep":
        game.apply(game.legal_actions()[0])
    crew = mr(game)["crew_offer"][0]
    game.apply(A.BuyCrew(0))
    game.apply(A.EndTurn())
    assert sorted(p.hand) == sorted(["damage-1", "miss", crew]) and p.discard == []
