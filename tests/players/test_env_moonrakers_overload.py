"""The PettingZoo environment with Moonrakers' Overload option: PettingZoo's api_test,
seeded random games through the action mask played to the end (the mask exactly the
engine's legal actions, Overload's phases observed and its actions encoded), and the
Overload encodings documented in :mod:`clankwidget.env_moonrakers`."""

from __future__ import annotations

import re
import warnings

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
from pettingzoo.test import api_test

import clankwidget.env_moonrakers as emr
from clankwidget.env import ClankEnv, env
from clankwidget.rules import actions as A

OVERLOAD = {"options": {"overload": True}}


@pytest.mark.parametrize("players", [2, 3])
def test_pettingzoo_api_test_with_overload(players):
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", "Observation space for each agent probably")
        warnings.filterwarnings("ignore", "Observation is not a NumPy array")
        api_test(env("moonrakers", players=players, **OVERLOAD), num_cycles=1000)


def _random_game(e: ClankEnv, seed: int, steps: int = 30_000) -> tuple[set[str], set[str]]:
    """A seeded game through the mask alone: each agent picks an action kind at random
    among its legal indices, then an index of that kind (a uniform pick among hundreds
    of offers would barely move the game). Every few steps the mask is checked against
    the engine's legal actions. Returns the action kinds played and the phases seen."""
    rng = np.random.default_rng(seed)
    e.reset(seed=seed)
    kinds: set[str] = set()
    phases: set[str] = set()
    for step in range(steps):
        if e.game.is_over:
            break
        agent = e.agent_selection
        obs = e.observe(agent)
        mask = obs["action_mask"]
        legal = np.flatnonzero(mask)
        phase = e.game.state.extra["mr"]["phase"]
        phases.add(phase)
        if step % 7 == 0 or phase in ("join", "bonus"):
            assert {e.decode(int(i)) for i in legal} == set(e.game.legal_actions())
            assert int(mask.sum()) == len(e.game.legal_actions())
            assert obs["observation"].shape == e.observation_space(agent)["observation"].shape
            on = emr.PHASES.index(phase)
            assert obs["observation"][e.observation_layout["phase"]][on] == 1
        by_kind: dict[str, list[int]] = {}
        for i in legal:
            by_kind.setdefault(e.decode(int(i)).kind, []).append(int(i))
        kind = sorted(by_kind)[int(rng.integers(len(by_kind)))]
        kinds.add(kind)
        e.step(by_kind[kind][int(rng.integers(len(by_kind[kind])))])
    return kinds, phases


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_seeded_random_overload_games_play_to_the_end_through_the_mask(seed):
    e = ClankEnv("moonrakers", players=3, **OVERLOAD)
    kinds, phases = _random_game(e, seed)
    assert e.game.is_over and all(e.terminations.values())
    assert sorted(set(e.rewards.values())) in ([-1.0, 1.0], [1.0])
    assert {"join", "bonus", "buy", "execute"} <= phases, phases
    assert {"join-contract", "stay-out", "replace-offer"} <= kinds, kinds


def test_every_overload_action_has_an_index_and_back():
    e = ClankEnv("moonrakers", players=3, **OVERLOAD)
    e.reset(seed=0)
    data = e.game.rules.data
    advanced = [c for c, _ in data.advanced]
    actions = [A.JoinContract(), A.StayOut(), A.TakeBonus("deck")]
    actions += [A.TakeBonus(c) for c in advanced] + [A.BuyAction(c) for c in advanced]
    actions += [A.TakeBonus(c) for c in e.game.state.reserve]
    actions += [A.ReplaceOffer("advanced", i) for i in range(data.overload["advanced_offer"])]
    codes = [e.encode(a) for a in actions]
    assert len(set(codes)) == len(codes)
    assert [e.decode(i) for i in codes] == actions
    kinds = {d["kind"] for d in e.describe_actions()}
    assert {"join-contract", "stay-out", "take-bonus", "buy-action"} <= kinds
    for d in e.describe_actions():
        assert f"``{d['kind']}``" in emr.__doc__


def test_the_base_game_space_has_no_overload_segment_and_sells_no_action_card():
    e = ClankEnv("moonrakers", players=3)
    kinds = {d["kind"] for d in e.describe_actions()}
    assert not kinds & {"join-contract", "stay-out", "take-bonus", "buy-action"}
    offers = next(d for d in e.describe_actions() if d["kind"] == "replace-offer")
    assert "advanced" not in str(offers)
    assert not {"advanced_offer", "overload", "join", "bonus", "own"} & set(e.observation_layout)


def test_the_overload_observation_is_documented_rotated_and_shows_the_sign_up():
    """Every slice is named in the module docstring; a head-to-head sign-up shows who is
    still to answer and who joined, rotated to the observer."""
    e = ClankEnv("moonrakers", players=3, **OVERLOAD)
    e.reset(seed=3)
    layout = e.observation_layout
    for name in layout:
        assert "``" + re.sub(r"^p\d+\.", "pK.", name) + "``" in emr.__doc__
    game = e.game
    while game.state.extra["mr"]["phase"] != "join":
        legal = game.legal_actions()
        h2h = [
            a
            for a in legal
            if a.kind == "choose-contract"
            and game.rules.data.contracts[game.state.extra["mr"]["dispatch"][a.slot]].get(
                "head_to_head"
            )
        ]
        pick = h2h[0] if h2h else next(a for a in legal if a.kind != "choose-contract")
        game.apply(pick)
    m = game.state.extra["mr"]
    first = m["join"]["queue"][0]
    game.apply(A.JoinContract())
    e.watch(game)
    for seat, agent in enumerate(e.possible_agents):
        join = e.observe(agent)["observation"][layout["join"]].reshape(3, 2)
        assert join[(first - seat) % 3, 1] == 1  # joined
        for i in m["join"]["queue"]:
            assert join[(i - seat) % 3, 0] == 1  # still to answer
        offer = e.observe(agent)["observation"][layout["advanced_offer"]]
        assert offer.sum() == len(m["advanced_offer"])
    acting = e.possible_agents.index(e.agent_selection)
    mask = e.observe(e.agent_selection)["action_mask"]
    assert {e.decode(int(i)) for i in np.flatnonzero(mask)} == set(game.legal_actions())
    assert acting == m["join"]["queue"][0]


def test_watch_refuses_a_game_played_with_other_options():
    """An environment encodes its options' game: one with Overload cannot describe a
    base game (its mask would be wrong), nor the other way round."""
    from clankwidget import Game

    overload = Game.new("moonrakers", players=2, seed=3, options={"overload": True})
    base = Game.new("moonrakers", players=2, seed=3)
    ClankEnv("moonrakers", players=2, **OVERLOAD).watch(overload)  # the same: accepted
    with pytest.raises(ValueError, match="options \\{'overload': True\\}; got a game with none"):
        ClankEnv("moonrakers", players=2, **OVERLOAD).watch(base)
    with pytest.raises(ValueError, match="options none; got a game with"):
        ClankEnv("moonrakers", players=2).watch(overload)
