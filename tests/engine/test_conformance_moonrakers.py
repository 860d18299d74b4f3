"""Seeded Moonrakers games to the end, checking the engine's promises after every action
(beside ``tests/engine/test_editions.py``, which plays every playable edition; this
file checks Moonrakers' own invariants).

Invariants after every action:

- cards conserved: every card, part, contract and objective is somewhere, once;
- credits never negative; at most four parts installed;
- prestige never below zero (a hazard with nothing left to lose costs nothing) and it
  changes only where the rules say: it rises only by a contract's reward on success or
  by a claimed objective, it falls only by unblocked hazards at the end of an execution;
- rewards paid only on success;
- a stable list of legal actions, a sample of them legal; an illegal action refused with
  nothing changed; one structured event per log line;
- the game ends; replay and the JSON round trip rebuild it; the same seed, the same game.

The captains are greedy bots with a random move now and then (seeded). The same checks
run on games with the Overload option (head-to-head contracts, the advanced action
offer, the free removal, bonus choices).
"""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

from clankwidget import Game, IllegalAction
from clankwidget.bots.moonrakers import GreedyCaptain, RandomCaptain
from clankwidget.rules import actions as A
from clankwidget.rules import moonrakers
from clankwidget.rules.deckbuilding import EVENT_KINDS

MAX_STEPS = 4_000


def inventory(game) -> tuple[Counter, Counter, Counter, Counter]:
    s, m = game.state, game.state.extra["mr"]
    cards = Counter(s.reserve)
    parts, contracts, objectives = Counter(), Counter(), Counter()
    for p in s.players:
        cards.update(p.all_cards)
        parts.update(p.extra["parts"])
        objectives.update(p.extra["objectives"] + p.extra["claimed"])
    cards.update(m["crew_deck"] + m["crew_offer"])
    cards.update(m.get("advanced_deck", []) + m.get("advanced_offer", []))
    parts.update(m["part_deck"] + m["parts_offer"] + m["parts_gone"])
    if m["refit"]:
        parts[m["refit"]["part"]] += 1
    contracts.update(m["contract_deck"] + m["dispatch"] + m["contract_discard"])
    objectives.update(m["objective_deck"] + m["objective_discard"])
    return +cards, +parts, +contracts, +objectives


def check_invariants(game, before_prestige, start, new_events) -> None:
    s = game.state
    assert inventory(game) == start
    assert len(s.events) == len(s.log)
    assert {e["kind"] for e in new_events} <= EVENT_KINDS
    successes = [e for e in new_events if "success" in e]
    claimed = [e for e in new_events if e["kind"] == "secret" and "objective" in e]
    for i, p in enumerate(s.players):
        assert p.gold >= 0 and len(p.extra["parts"]) <= 4
        now, was = p.extra["prestige"], before_prestige[i]
        assert now >= 0
        if now > was:
            assert (successes and successes[0]["success"]) or claimed, (
                f"{p.colour} gained prestige without a success or an objective"
            )
        if now < was:
            assert successes, f"{p.colour} lost prestige outside an execution's end"
    for e in successes:
        if not e["success"]:
            gains = [x for x in new_events if x["kind"] == "gain" and x.get("prestige", 0) > 0]
            assert not gains, "a failed contract paid prestige"


def play(seed: int, players: int, explore: float = 0.1, checks: bool = True, options=None) -> Game:
    game = Game.new("moonrakers", players=players, seed=seed, options=options)
    greedy = [GreedyCaptain(seed * 10 + i) for i in range(players)]
    rnd = RandomCaptain(seed)
    rng = np.random.default_rng(seed)
    start = inventory(game)
    for step in range(MAX_STEPS):
        if game.is_over:
            break
        legal = game.legal_actions()
        assert legal, "no legal action in a game that is not over"
        if checks and step % 7 == 0:
            assert legal == game.legal_actions()
            for action in legal[:: max(1, len(legal) // 5)]:
                assert game.why_illegal(action) is None
            state = game.state.to_dict()
            with pytest.raises(IllegalAction):
                game.apply(A.Acquire(0))
            assert game.state.to_dict() == state
        seat = game.state.extra["mr"]["actor"]
        bot = rnd if rng.random() < explore else greedy[seat]
        action = bot.choose(game)
        assert action in legal
        prestige = [p.extra["prestige"] for p in game.state.players]
        n_events = len(game.state.events)
        game.apply(action)
        if checks:
            check_invariants(game, prestige, start, game.state.events[n_events:])
    assert game.is_over, f"seed {seed}: no end in {MAX_STEPS} actions"
    assert game.legal_actions() == []
    return game


@pytest.mark.parametrize("seed", range(4))
def test_seeded_games_keep_the_engine_promises(seed):
    game = play(seed, players=2 + seed % 3)
    assert max(game.scores().values()) >= 10
    assert game.replay().state.to_dict() == game.state.to_dict()
    assert Game.from_json(game.to_json()).state.to_dict() == game.state.to_dict()
    assert set(game.winners()) <= set(game.scores())
    actors = {e["actor"] for e in game.state.events} - {None}
    assert actors <= {p.colour for p in game.players}


@pytest.mark.parametrize("seed", range(2))
def test_seeded_overload_games_keep_the_engine_promises(seed):
    game = play(seed + 20, players=3 + seed, explore=0.15, options={"overload": True})
    assert max(game.scores().values()) >= 10
    assert game.replay().state.to_dict() == game.state.to_dict()
    assert Game.from_json(game.to_json()).state.to_dict() == game.state.to_dict()
    kinds = {a.kind for a in game.actions}
    assert kinds & {"join-contract", "stay-out", "take-bonus"}, "no Overload action was played"


def test_the_same_seed_gives_the_same_game():
    a, b = play(5, 3, checks=False), play(5, 3, checks=False)
    assert a.state.to_dict() == b.state.to_dict()
    assert [x.to_dict() for x in a.actions] == [x.to_dict() for x in b.actions]
    assert Game.new("moonrakers", players=3, seed=6).state.to_dict() != (
        Game.new("moonrakers", players=3, seed=5).state.to_dict()
    )


def test_undo_never_goes_back_past_a_roll_or_a_draw():
    game = Game.new("moonrakers", players=2, seed=3)
    bot = GreedyCaptain(0)
    while not game.is_over and len(game.actions) < 200:
        n = len(game.state.events)
        game.apply(bot.choose(game))
        if any(e.get("faces") is not None for e in game.state.events[n:]):
            assert not game.can_undo
    fork = game.fork()
    fork.apply(fork.legal_actions()[0])
    assert fork.state.to_dict() != game.state.to_dict() or game.is_over


def test_a_greedy_captain_decides_from_what_its_seat_may_see():
    """Shuffling what the acting captain cannot see (the others' hands and draw piles,
    their secret objectives) never changes its choice."""
    game = Game.new("moonrakers", players=3, seed=11)
    bots = [GreedyCaptain(i) for i in range(3)]
    rng = np.random.default_rng(0)
    for _ in range(150):
        if game.is_over:
            break
        seat = game.state.extra["mr"]["actor"]
        assert game.acting_player is game.state.players[seat]
        choice = bots[seat].choose(game)
        probe = game.fork()
        for i, p in enumerate(probe.state.players):
            if i != seat:
                cards = p.hand + p.deck
                order = rng.permutation(len(cards))
                cards = [cards[k] for k in order]
                p.hand, p.deck = cards[: len(p.hand)], cards[len(p.hand) :]
                p.extra["objectives"] = p.extra["objectives"][::-1]
        assert GreedyCaptain(seat).choose(probe) == choice
        game.apply(choice)


@pytest.mark.parametrize("kept", [moonrakers.KEPT_ACTIONS, 40])
@pytest.mark.parametrize("options", [None, {"overload": True}])
def test_the_legal_list_is_every_candidate_that_check_allows(options, kept, monkeypatch):
    """Moonrakers lists its legal actions with check()'s common questions (the game on,
    no pending choice, who acts) asked once per list, and a captain's offers (or the
    counters) as one group, from lists of candidates kept for every game: the list is
    still exactly the candidates that check() allows, in their order, in every phase of
    seeded games, the candidates made afresh for each state; the lists kept stay within
    their bound (down to a few lists, or a longer one alone)."""
    monkeypatch.setattr(moonrakers, "KEPT_ACTIONS", kept)
    running = moonrakers._KeptLists()  # kept across the games (the reference: a fresh one)
    phases = Counter()
    for seed in range(3):
        game = Game.new("moonrakers", players=3, seed=seed, options=options)
        captains = [GreedyCaptain(seed * 10 + i) for i in range(3)]
        rnd, rng = RandomCaptain(seed), np.random.default_rng(seed)
        for _ in range(1500):
            if game.is_over:
                break
            rules, s = game.rules, game.state
            monkeypatch.setattr(moonrakers, "_KEPT", running)
            listed = rules.legal_actions(s)
            assert running.size == sum(len(g) for gs in running.lists.values() for g in gs)
            assert running.size <= kept or len(running.lists) == 1
            monkeypatch.setattr(moonrakers, "_KEPT", moonrakers._KeptLists())
            assert listed == [a for a in rules.candidates(s) if rules.check(s, a) is None]
            phases[s.extra["mr"]["phase"]] += 1
            seat = s.extra["mr"]["actor"]
            game.apply((rnd if rng.random() < 0.2 else captains[seat]).choose(game))
    assert {"plan", "negotiate", "respond", "execute", "buy"} <= set(phases), phases


def test_a_captain_who_acts_is_offered_every_objective_they_may_claim():
    """Objectives are claimed by the captain who acts, whenever they act (but while
    putting objectives back or refitting): the legal list offers each objective met in
    every other phase, Overload's joining and bonus choices too, and none that is not.
    (Whatever is met at the end of a turn is scored then, so a turn's planning seldom
    starts with one to claim.)"""
    phases = Counter()
    for seed in range(4):
        game = Game.new("moonrakers", players=3, seed=seed, options={"overload": True})
        captains = [GreedyCaptain(seed * 10 + i) for i in range(3)]
        rnd, rng = RandomCaptain(seed), np.random.default_rng(seed)
        for _ in range(2500):
            if game.is_over:
                break
            s, legal = game.state, game.legal_actions()
            p, phase = game.acting_player, s.extra["mr"]["phase"]
            for o in p.extra["objectives"]:
                claim = A.ClaimObjective(o)
                allowed = game.why_illegal(claim) is None
                assert (claim in legal) == allowed, (seed, phase, o)
                if allowed:
                    phases[phase] += 1
            game.apply(
                (rnd if rng.random() < 0.3 else captains[s.extra["mr"]["actor"]]).choose(game)
            )
    assert {"bonus", "buy"} <= set(phases), phases
