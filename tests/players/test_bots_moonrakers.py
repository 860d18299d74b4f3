"""Moonrakers' bots: they decide from their own seat's observation only, the planner
judges offers by their expected prestige and never carries a rival to the win, and a
seeded tournament ranks them random < greedy < planner."""

from __future__ import annotations

import copy

import pytest

from clankwidget import Game
from clankwidget.bots.moonrakers import CAPTAINS, GreedyCaptain, PlannerCaptain
from clankwidget.rules import actions as A
from clankwidget.simulate import SimulationError, play_game, tournament


def _to_phase(seed: int, phase: str, steps: int = 400) -> Game:
    game = Game.new("moonrakers", players=3, seed=seed)
    bots = [GreedyCaptain(seed=i) for i in range(3)]
    for _ in range(steps):
        if game.state.extra["mr"]["phase"] == phase or game.is_over:
            break
        game.apply(bots[game.players.index(game.acting_player)].choose(game))
    return game


@pytest.mark.parametrize("name", ["greedy", "planner"])
@pytest.mark.parametrize("phase", ["plan", "respond", "execute", "buy"])
def test_a_bot_does_not_see_other_captains_hands_or_objectives(name, phase):
    game = _to_phase(4, phase)
    if game.is_over or game.state.extra["mr"]["phase"] != phase:
        pytest.skip(f"seed 4 reaches no {phase} phase")
    me = game.players.index(game.acting_player)
    other = copy.deepcopy(game)
    unseen, swapped = other.state.extra["mr"]["objective_deck"], 0
    for i, p in enumerate(other.players):
        if i != me:  # swap what is hidden: hands, draw piles, objectives (for the deck's)
            p.hand, p.deck = list(p.deck[: len(p.hand)]), list(p.hand) + p.deck[len(p.hand) :]
            held = p.extra["objectives"]
            k = min(len(held), len(unseen))
            held[:k], unseen[:k] = unseen[:k], held[:k]
            swapped += k
    assert swapped  # (some objective changed hands)
    a = CAPTAINS[name](seed=3).choose(game)
    b = CAPTAINS[name](seed=3).choose(other)
    assert a == b


def test_the_planner_judges_an_offer_by_its_expected_prestige():
    game = _to_phase(11, "negotiate")
    leader = game.state.extra["mr"]["leader"]
    seat = (leader + 1) % 3
    planner = PlannerCaptain(seed=0)
    game.apply(A.Offer(seat))
    # nothing for the risk of nothing: not worth accepting
    assert planner.choose(game).kind in ("counter", "refuse")
    game.undo()
    left = game.rules.left_to_share(game.state, seat)
    game.apply(A.Offer(seat, prestige=left["prestige"]))
    assert planner.choose(game) == A.Accept()  # every prestige and no dice


def test_the_planner_never_carries_a_rival_to_the_win():
    game = _to_phase(11, "negotiate")
    leader = game.state.extra["mr"]["leader"]
    seat = (leader + 1) % 3
    left = game.rules.left_to_share(game.state, seat)
    assert left["prestige"] >= 2  # the leader keeps at least one prestige
    offer = A.Offer(seat, prestige=1, credits=left["credits"])
    game.apply(offer)
    assert PlannerCaptain(seed=0).choose(game) == A.Accept()  # a fair deal, far from the end
    game.undo()
    game.state.players[leader].extra["prestige"] = 9  # one prestige from winning
    game.apply(offer)
    assert PlannerCaptain(seed=0).choose(game) == A.Refuse()


def test_the_planner_counts_the_objectives_a_contract_would_meet():
    game = _to_phase(4, "plan")
    rules = game.rules
    obs = rules.observation(game.state, 0)
    kill = next(c for c in rules.data.contracts.values() if c["kind"] == "kill")
    obs["objectives"] = ["hunter", "war-chest"]
    assert PlannerCaptain._objectives(rules, obs, kill) == 1
    obs["objectives"] = ["lifesaver", "war-chest"]
    assert PlannerCaptain._objectives(rules, obs, kill) == 0


def test_a_seeded_tournament_ranks_random_greedy_planner():
    # 24 games (4 deals from all six seatings): the order, and random far behind; the
    # intervals that separate planner from greedy need hundreds of games (see the
    # module docstring of clankwidget.bots.moonrakers for the 600-game run)
    result = tournament(
        ["planner", "greedy", "random"], games=24, seed=5, players=3, edition="moonrakers"
    )
    wins = result.wins
    assert wins["random"] < wins["greedy"] < wins["planner"]
    assert result.interval("random")[1] < result.interval("planner")[0]


def test_the_planner_keeps_exact_answers_without_changing_a_game(monkeypatch):
    """The planner keeps the exact answers to questions it asks again: seeded games with
    and without kept answers (KEPT = 0 drops them at every question) are the same action
    for action, with fewer questions to the odds kernels."""
    from clankwidget.bots import moonrakers

    asked = {"meet": 0, "hazard": 0}
    meet, hazard = moonrakers._meet_odds, moonrakers.hazard_odds

    def counted(kind, fn):
        def call(*args, **kwargs):
            asked[kind] += 1
            return fn(*args, **kwargs)

        return call

    monkeypatch.setattr(moonrakers, "_meet_odds", counted("meet", meet))
    monkeypatch.setattr(moonrakers, "hazard_odds", counted("hazard", hazard))

    answers = []

    class Recorded(PlannerCaptain):
        def _odds(self, rules, obs, c):
            answers.append(super()._odds(rules, obs, c))
            return answers[-1]

        def _hazards(self, rules, obs, dice):
            answers.append(super()._hazards(rules, obs, dice))
            return answers[-1]

    class Forgetful(Recorded):
        KEPT = 0

    def play(planner, seed, options):
        game = Game.new("moonrakers", players=3, seed=seed, options=options)
        bots = [planner(seed), GreedyCaptain(seed + 1), planner(seed + 2)]
        before = dict(asked)
        answers.clear()
        while not game.is_over and len(game.actions) < 3000:
            game.apply(bots[game.state.extra["mr"]["actor"]].choose(game))
        return game.actions, list(answers), {k: asked[k] - before[k] for k in asked}

    for seed, options in ((4, None), (5, {"overload": True})):
        kept, kept_answers, with_kept = play(Recorded, seed, options)
        fresh, fresh_answers, without = play(Forgetful, seed, options)
        assert kept_answers == fresh_answers and kept == fresh
        assert with_kept["meet"] < without["meet"]
        assert with_kept["hazard"] < without["hazard"] / 4


def test_a_kept_answer_is_for_the_same_hand_draw_pile_parts_and_contract():
    """Each thing a contract's odds read is part of what a kept answer is kept by: after
    one question, a changed hand, draw pile, installed parts or contract get their own
    answer, the same as a planner that keeps nothing gives."""
    game = _to_phase(3, "plan")
    rules, seat = game.rules, game.state.extra["mr"]["actor"]
    obs = rules.observation(game.state, seat)

    class Forgetful(PlannerCaptain):
        KEPT = 0

    def with_parts(o, parts):
        captains = list(o["captains"])
        captains[seat] = {**captains[seat], "parts": parts}
        return {**o, "captains": captains}

    one_action = {**obs, "hand": ["damage-1", "damage-1", "shield", "thruster", "miss"]}
    variants = [
        obs,
        {**obs, "deck_cards": [c for c in obs["deck_cards"] if c != "thruster"]},
        {**obs, "deck_cards": [*obs["deck_cards"], "thruster", "thruster"]},
        {**obs, "hand": sorted(obs["hand"], reverse=True)},  # the same multiset
        one_action,
        with_parts(one_action, ["auto-loader"]),  # one more action
        with_parts(one_action, ["point-defense"]),  # a Damage met
    ]
    planner, answers = PlannerCaptain(7), {}
    for c in rules.data.contracts.values():
        for i, variant in enumerate(variants):
            p = answers[c["id"], i] = planner._odds(rules, variant, c)
            assert p == Forgetful(7)._odds(rules, variant, c), (c["id"], i)
    # every variant but the reordered hand asks a question of its own somewhere
    for i in (1, 2, 4, 5, 6):
        before = 0 if i < 5 else 4
        assert any(answers[c, i] != answers[c, before] for c in rules.data.contracts), i


def test_a_table_of_random_captains_is_stopped_saying_nobody_scored():
    # random captains almost never meet a contract, and hazards take back what they win:
    # the step limit stops the game and the error says why raising it would not help
    with pytest.raises(SimulationError, match=r"nobody has scored a point yet") as stopped:
        play_game(["random", "random"], seed=5, edition="moonrakers", max_steps=3000)
    assert "max_steps=3000" in str(stopped.value)
