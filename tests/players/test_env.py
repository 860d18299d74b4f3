"""The PettingZoo environment: PettingZoo's own api_test for every playable edition, the
action mask against the engine's legal actions, hidden information, seeding, rewards;
Moonrakers (no map: contracts and negotiation) at the end of the file."""

from __future__ import annotations

import random
import re
import warnings

import numpy as np
import pytest

import clankwidget as cw
from clankwidget.errors import IllegalAction, RuleNotImplemented

pytest.importorskip("pettingzoo")
from pettingzoo.test import api_test

from clankwidget.env import ClankEnv, env

# the editions with a map; Moonrakers (contracts, no map) has tests of its own below
PLAYABLE = [e.name for e in cw.editions(playable=True) if e.has("map")]
#: every playable edition: PettingZoo's api_test runs on each
EVERY = [e.name for e in cw.editions(playable=True)]
#: Pulsarcade ships with every module, so each edition action appears in the playouts.
VAULT_SHIP = ("pulsarcade-vault", "pulsarcade-cloning-vats", "pulsarcade-danger-theater")


@pytest.mark.parametrize("edition", EVERY)
def test_pettingzoo_api_test(edition):
    with warnings.catch_warnings():
        # PettingZoo recommends flat Box observations; a Dict with "observation" and
        # "action_mask" is its own convention for masked games (chess, go do the same).
        warnings.filterwarnings("ignore", "Observation space for each agent probably")
        warnings.filterwarnings("ignore", "Observation is not a NumPy array")
        api_test(env(edition, players=2), num_cycles=1000)


def test_api_test_three_players():
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", "Observation space for each agent probably")
        warnings.filterwarnings("ignore", "Observation is not a NumPy array")
        api_test(env("clank", players=3), num_cycles=300)


def _play_checking_mask(e: ClankEnv, seed: int, rng: random.Random) -> tuple[set[str], int]:
    """Play one random game, checking at every step that the mask is exactly the engine's
    legal actions; returns the action kinds seen and the number of steps."""
    e.reset(seed=seed)
    kinds: set[str] = set()
    steps = 0
    while not e.game.is_over:
        agent = e.agent_selection
        obs = e.observe(agent)
        mask = obs["action_mask"]
        legal = e.game.legal_actions()
        assert mask.dtype == np.int8 and mask.shape == (e.codec.n,)
        assert int(mask.sum()) == len(legal)  # one index per legal action, none shared
        decoded = [e.decode(int(i)) for i in np.flatnonzero(mask)]
        assert set(decoded) == set(legal)
        for a in legal:
            assert e.decode(e.encode(a)) == a
        if steps % 10 == 0:  # only the agent to act has legal actions
            for other in e.possible_agents:
                if other != agent:
                    assert not e.observe(other)["action_mask"].any()
        kinds.update(a.kind for a in legal)
        choice = rng.choice(legal)
        e.step(e.encode(choice))
        steps += 1
    return kinds, steps


@pytest.mark.parametrize("edition", PLAYABLE)
def test_mask_is_exactly_the_legal_actions(edition):
    e = ClankEnv(edition, players=3)
    rng = random.Random(1)
    kinds = set()
    for seed in range(2):
        seen, _ = _play_checking_mask(e, seed, rng)
        kinds |= seen
    # the playouts reached the common kinds, so the check above covered them
    assert {"play", "move", "end-turn", "acquire"} <= kinds


def test_mask_covers_every_pulsarcade_module_action():
    e = ClankEnv("pulsarcade", players=2, modules=list(VAULT_SHIP))
    rng = random.Random(2)
    kinds = set()
    for seed in range(4):
        seen, _ = _play_checking_mask(e, seed, rng)
        kinds |= seen
    assert {"ransack", "clone", "thrill", "hack-port"} <= kinds


def test_action_segments_are_documented_and_contiguous():
    e = ClankEnv("pulsarcade", players=2)
    segs = e.describe_actions()
    assert segs[0]["offset"] == 0
    for a, b in zip(segs, segs[1:]):
        assert b["offset"] == a["offset"] + a["size"]
    assert segs[-1]["offset"] + segs[-1]["size"] == e.codec.n == e.action_space("player_0").n
    kinds = [s["kind"] for s in segs]
    assert kinds[:3] == ["play", "acquire", "defeat"]
    assert "claim-cabinet" in kinds and "hack-port" in kinds
    assert "hack-port" not in [s["kind"] for s in ClankEnv("clank").describe_actions()]
    play = segs[0]
    assert play["fields"]["card"] == list(cw.load_cards(cw.edition("pulsarcade").cards).cards)
    # a move's index: the segment offset + path * (swords options) + swords
    move = next(s for s in segs if s["kind"] == "move")
    n_sw = len(move["fields"]["swords"])
    assert e.encode(cw.actions.Move(3, 1)) == move["offset"] + 3 * n_sw + 1
    with pytest.raises(ValueError, match="action index must be from 0"):
        e.decode(e.codec.n)


def test_encode_refuses_an_action_outside_the_space():
    e = ClankEnv("clank", players=2)
    with pytest.raises(ValueError, match="outside the action space"):
        e.encode(cw.actions.Play("no-such-card"))
    with pytest.raises(ValueError, match="no 'hack-port' actions"):
        from clankwidget.rules.space import HackPort

        e.encode(HackPort())
    # asked again (indices are kept once worked out): refused again, never remembered
    with pytest.raises(ValueError, match="outside the action space"):
        e.encode(cw.actions.Play("no-such-card"))
    with pytest.raises(ValueError, match="outside the action space"):
        e.encode(cw.actions.Play(["a list"]))  # (a value that cannot be a dict key)
    with pytest.raises(ValueError, match="^action Play\\(card='zzz.*zzz'\\): card='zzz.*zzz' is"):
        e.encode(cw.actions.Play("z" * 10**6))  # (quoted briefly)
    with pytest.raises(ValueError, match="encode takes an engine action, got 5"):
        e.encode(5)


@pytest.mark.parametrize("edition", PLAYABLE)
def test_every_index_decodes_and_encodes_back_the_same_twice(edition):
    """The codec keeps each index's action and each action's index once worked out:
    the second round trip over the whole space gives the same answers as the first."""
    e = ClankEnv(edition, players=2)
    for _ in range(2):
        for i in range(e.codec.n):
            action = e.decode(i)
            assert e.encode(action) == i
            assert e.encode(cw.actions.action_from_dict(action.to_dict())) == i  # a copy


def _observation(e: ClankEnv, seat: int) -> np.ndarray:
    return e.observe(e.possible_agents[seat])["observation"]


@pytest.mark.parametrize("edition", PLAYABLE)
def test_observation_hides_other_hands_and_deck_order(edition):
    e = ClankEnv(edition, players=3)
    e.reset(seed=4)
    rng = random.Random(4)
    s = e.game.state
    # into the game, until another player holds cards and has a deck to swap them with
    for _ in range(400):
        e.step(e.encode(rng.choice(e.game.legal_actions())))
        s = e.game.state
        if s.turn > 3 and any(
            p.hand and len(set(p.deck) - {p.hand[0]}) and i != s.current
            for i, p in enumerate(s.players)
        ):
            break
    me = s.current
    before = _observation(e, me)
    swapped = 0
    for i, p in enumerate(s.players):
        random.Random(i).shuffle(p.deck)  # any deck order, the observer's own included
        if i != me and p.deck and p.hand:  # swap a hand card with a deck card
            j = next((k for k, c in enumerate(p.deck) if c != p.hand[0]), None)
            if j is not None:
                p.hand[0], p.deck[j] = p.deck[j], p.hand[0]
                swapped += 1
    assert swapped  # another player's hand did change
    random.Random(9).shuffle(s.dungeon_deck)
    tokens = [t for ts in s.space_tokens.values() for t in ts]
    if len(tokens) > 1:  # face-down tokens: the same count per space, other identities
        random.Random(3).shuffle(tokens)
        it = iter(tokens)
        for sp in s.space_tokens:
            s.space_tokens[sp] = [next(it) for _ in s.space_tokens[sp]]
    np.testing.assert_array_equal(_observation(e, me), before)
    # ...while the observer's own hand is in its observation (the test can fail)
    p = s.players[me]
    if p.hand and p.deck and any(c != p.hand[0] for c in p.deck):
        j = next(k for k, c in enumerate(p.deck) if c != p.hand[0])
        p.hand[0], p.deck[j] = p.deck[j], p.hand[0]
        assert not np.array_equal(_observation(e, me), before)


def test_observation_is_rotated_to_the_observer():
    e = ClankEnv("clank", players=2)
    e.reset(seed=0)
    layout = e.observation_layout
    s = e.game.state
    for seat in (0, 1):
        obs = _observation(e, seat)
        hand = obs[layout["hand"]]
        assert hand.sum() == len(s.players[seat].hand)
        ids = list(e.game.cards.cards)
        for cid in set(s.players[seat].hand):
            assert hand[ids.index(cid)] == s.players[seat].hand.count(cid)
        assert obs[layout["p0.numbers"]][1] == s.players[seat].supply
        assert obs[layout["acting_seat"]][(s.current - seat) % 2] == 1
    space = e.observation_space("player_0")["observation"]
    assert space.shape == (max(sl.stop for sl in layout.values()),)


def test_same_seed_same_game_and_rewards_at_the_end():
    def run(seed):
        e = env("clank", players=2)
        e.reset(seed=seed)
        rng = np.random.default_rng(0)
        trace, rewards = [], {}
        for agent in e.agent_iter():
            obs, reward, term, trunc, _ = e.last()
            rewards[agent] = reward
            if term or trunc:
                e.step(None)
                continue
            assert reward == 0  # nothing until the end
            trace.append(obs["observation"].sum())
            legal = np.flatnonzero(obs["action_mask"])
            e.step(int(rng.choice(legal)))
        return trace, rewards, e.unwrapped.game

    t1, r1, g1 = run(11)
    t2, r2, g2 = run(11)
    t3, _, _ = run(12)
    assert t1 == t2 and r1 == r2 and g1.to_json() == g2.to_json()
    assert t1 != t3
    winners = set(g1.winners())
    for agent, p in zip(["player_0", "player_1"], g1.players):
        assert r1[agent] == (1.0 if p.colour in winners else -1.0)


def test_unseeded_reset_continues_a_seeded_sequence():
    a, b = ClankEnv("clank"), ClankEnv("clank")
    a.reset(seed=5)
    b.reset(seed=5)
    a.reset()
    b.reset()
    assert a.game.seed == b.game.seed != 5
    a.reset()
    assert a.game.seed != b.game.seed


def test_illegal_action_is_refused_and_changes_nothing():
    e = ClankEnv("clank", players=2)
    e.reset(seed=0)
    mask = e.observe(e.agent_selection)["action_mask"]
    bad = int(np.flatnonzero(mask == 0)[0])
    before = e.game.to_json()
    with pytest.raises(IllegalAction, match=f"action index {bad}"):
        e.step(bad)
    assert e.game.to_json() == before


@pytest.mark.parametrize("edition", ["clank", "moonrakers"])
@pytest.mark.parametrize(
    "action, says",
    [
        (1.5, "must be an integer, got float 1.5"),
        (np.float64(2.0), "must be an integer, got float64"),
        ("3", "must be an integer, got str '3'"),
        ("x" * 10**6, "must be an integer, got str 'xxx"),
        ([1, 2], "must be an integer, got list"),
        (True, "must be an integer, got bool"),
        (-1, "must be from 0 to"),
        (10**5000, "got <an integer of about 5,000 digits>"),
    ],
    ids=["float", "numpy float", "text", "long text", "list", "bool", "negative", "huge"],
)
def test_a_step_that_is_no_action_index_is_refused_briefly(edition, action, says):
    """An agent's step must be an integer index (a NumPy integer or a 0-d array of one is
    fine): a float is not truncated to some other action, a text is not parsed, and the
    refusal quotes what it got in a line; nothing changes."""
    e = ClankEnv(edition, players=3)
    e.reset(seed=0)
    before = e.game.to_json()
    with pytest.raises(ValueError, match=says) as refused:
        e.step(action)
    assert len(str(refused.value)) < 300
    assert e.game.to_json() == before
    legal = np.flatnonzero(e.observe(e.agent_selection)["action_mask"])
    e.step(np.array(legal[0]))  # a 0-d array holding a legal index is taken
    assert e.game.actions


def test_observing_an_unknown_agent_names_the_agents():
    e = ClankEnv("clank", players=2)
    e.reset(seed=0)
    with pytest.raises(ValueError, match="no agent 'zzz.*the agents are player_0, player_1"):
        e.observe("z" * 10**6)
    for space in (e.action_space, e.observation_space):  # (a KeyError quoted it whole)
        with pytest.raises(ValueError, match="no agent <an integer of about 5,000 digits>; the"):
            space(10**5000)
        with pytest.raises(ValueError, match="no agent 'zzz.*the agents are player_0"):
            space("z" * 10**6)
    with pytest.raises(ValueError, match="seed must be a non-negative integer, got 'sss"):
        e.reset(seed="s" * 10**6)


def test_truncation_after_max_steps():
    e = ClankEnv("clank", players=2, max_steps=5)
    e.reset(seed=0)
    for _ in range(5):
        e.step(e.encode(e.game.legal_actions()[0]))
    assert all(e.truncations.values()) and not any(e.terminations.values())
    assert all(v == 0 for v in e.rewards.values())


def test_bad_arguments_say_what_is_wrong(monkeypatch):
    from clankwidget import registry

    with pytest.raises(ValueError, match="unknown edition"):
        ClankEnv("chess")
    unwritten = registry.Edition("unwritten", "Unwritten", None, None, None, playable=False)
    monkeypatch.setitem(registry._REGISTRY, "unwritten", unwritten)
    with pytest.raises(RuleNotImplemented):
        ClankEnv("unwritten")
    with pytest.raises(ValueError, match="players must be 2 to 4 for Clank!"):
        ClankEnv("clank", players=5)
    with pytest.raises(ValueError, match="players must be 2 to 5 for Moonrakers"):
        ClankEnv("moonrakers", players=6)
    with pytest.raises(TypeError, match="unknown keyword"):
        ClankEnv("clank", colour="blue")
    e = ClankEnv("clank")
    e.reset(seed=0)
    with pytest.raises(ValueError, match="not None"):
        e.step(None)


@pytest.mark.parametrize("edition", EVERY)
def test_watch_a_game_played_elsewhere(edition):
    """(Moonrakers' environment could not watch: it read the board of a game without a
    map.)"""
    e = ClankEnv(edition, players=2)
    game = cw.Game.new(edition, players=2, seed=8)
    e.watch(game)
    rng = random.Random(0)
    for _ in range(30):  # the game moves on outside the environment
        legal = game.legal_actions()
        acting = game.players.index(game.acting_player)
        mask = e.observe(e.possible_agents[acting])["action_mask"]
        assert {e.decode(int(i)) for i in np.flatnonzero(mask)} == set(legal)
        game.apply(rng.choice(legal))
    e.step(e.encode(game.legal_actions()[0]))  # and stepping the environment plays it
    assert len(game.actions) == 31
    with pytest.raises(ValueError, match=f"this environment encodes '{edition}' games of 2"):
        e.watch(cw.Game.new(edition, players=3, seed=0))
    other = "moonrakers" if edition != "moonrakers" else "clank"
    with pytest.raises(ValueError, match=f"encodes '{edition}' games.*got a '{other}' game"):
        e.watch(cw.Game.new(other, players=2, seed=0))
    with pytest.raises(TypeError, match="takes a Game"):
        e.watch("game")


class _LowestIndexEnvBot(cw.bots.Bot):
    """A bot written against the environment: the legal action with the lowest index."""

    name = "env-lowest"

    def choose(self, game):
        if getattr(self, "_game", None) is not game:
            self._game, self._env = game, ClankEnv(game.edition, players=len(game.players))
            self._env.watch(game)
        obs = self._env.observe(self._env.possible_agents[game.state.current])
        return self._env.decode(int(np.flatnonzero(obs["action_mask"])[0]))


class _LowestIndexBot(cw.bots.Bot):
    """The same choice made from the engine directly."""

    name = "engine-lowest"
    codec = None

    def choose(self, game):
        if self.codec is None:
            type(self).codec = ClankEnv(game.edition, players=len(game.players)).codec
        return min(game.legal_actions(), key=self.codec.encode)


def test_a_bot_written_against_the_environment_plays_in_a_tournament():
    from clankwidget.simulate import tournament

    via_env = tournament([_LowestIndexEnvBot, "greedy"], games=2, seed=3, max_steps=3000)
    direct = tournament([_LowestIndexBot, "greedy"], games=2, seed=3, max_steps=3000)
    assert [(r.seed, r.scores, r.winners, r.turns) for r in via_env.records] == [
        (r.seed, r.scores, r.winners, r.turns) for r in direct.records
    ]


def test_module_example():
    import doctest

    import clankwidget.env as env_module

    result = doctest.testmod(env_module, optionflags=doctest.NORMALIZE_WHITESPACE)
    assert result.attempted > 0 and result.failed == 0


def test_an_edition_with_no_encoding_is_refused_clearly(monkeypatch):
    from clankwidget import registry

    cards_only = registry.Edition(
        "cards-only",
        "Cards Only",
        "clankwidget.rules.moonrakers:MoonrakersRules",
        None,
        "moonrakers-teaching",
        features={"deck"},
    )
    monkeypatch.setitem(registry._REGISTRY, "cards-only", cards_only)
    with pytest.raises(RuleNotImplemented, match="no encoding for Cards Only"):
        env("cards-only", players=2)


# ---------------------------------------------------------------------------
# Moonrakers: the actor is not always the leader; offers and counters in the space


def _captains_play(e: ClankEnv, seed: int, steps: int, check) -> set[str]:
    """Play a seeded Moonrakers game through the environment with the random and greedy
    captains (a uniform pick among hundreds of offers would barely move the game),
    calling ``check(e)`` before each step; returns the action kinds met."""
    from clankwidget.bots.moonrakers import GreedyCaptain, RandomCaptain

    e.reset(seed=seed)
    bots = [(GreedyCaptain if i % 2 else RandomCaptain)(seed=seed + i) for i in range(3)]
    kinds: set[str] = set()
    for _ in range(steps):
        if e.game.is_over:
            break
        check(e)
        kinds.update(a.kind for a in e.game.legal_actions())
        seat = e.possible_agents.index(e.agent_selection)
        e.step(e.encode(bots[seat].choose(e.game)))
    return kinds


def test_moonrakers_mask_is_exactly_the_legal_actions_of_the_captain_who_acts():
    e = ClankEnv("moonrakers", players=3)
    seen_not_leader = []

    def check(e):
        agent = e.agent_selection
        seat = e.possible_agents.index(agent)
        assert e.game.acting_player is e.game.state.players[seat]
        seen_not_leader.append(seat != e.game.state.current)
        mask = e.observe(agent)["action_mask"]
        legal = e.game.legal_actions()
        assert int(mask.sum()) == len(legal)
        assert {e.decode(int(i)) for i in np.flatnonzero(mask)} == set(legal)
        for other in e.possible_agents:
            if other != agent:
                assert not e.observe(other)["action_mask"].any()

    kinds = _captains_play(e, 2, 300, check)
    assert any(seen_not_leader)  # an invited captain or a player in the execution acted
    assert {"offer", "accept", "counter", "play", "buy-part", "drop-objective"} <= kinds


def test_moonrakers_observation_hides_other_captains_hands_decks_and_objectives():
    e = ClankEnv("moonrakers", players=3)
    _captains_play(e, 5, 50, lambda e: None)
    s = e.game.state
    # an observer whose hand could change for a card of its own draw pile
    me = next(i for i, p in enumerate(s.players) if p.hand and set(p.deck) - set(p.hand))
    agent = e.possible_agents[me]
    before = e.observe(agent)["observation"]
    unseen, swapped = s.extra["mr"]["objective_deck"], 0
    for i, p in enumerate(s.players):
        random.Random(i).shuffle(p.deck)  # any order, the observer's own included
        if i != me:  # another hand, another draw pile, other objectives (same sizes)
            k = min(len(p.hand), len(p.deck))
            p.hand[:k], p.deck[:k] = p.deck[:k], p.hand[:k]
            held = p.extra["objectives"]  # (for the deck's, not theirs reordered)
            k = min(len(held), len(unseen))
            held[:k], unseen[:k] = unseen[:k], held[:k]
            swapped += k
    assert any(s.players[i].hand and s.players[i].deck for i in range(3) if i != me)
    assert swapped  # (some objective changed hands)
    np.testing.assert_array_equal(e.observe(agent)["observation"], before)
    # ...while the observer's own hand is in it (the test can fail)
    p = s.players[me]
    j = next(k for k, c in enumerate(p.deck) if c not in p.hand)
    p.hand[0], p.deck[j] = p.deck[j], p.hand[0]
    assert not np.array_equal(e.observe(agent)["observation"], before)


def test_moonrakers_observation_layout_is_documented_and_rotated():
    import clankwidget.env_moonrakers as mr

    e = ClankEnv("moonrakers", players=3)
    e.reset(seed=1)
    layout = e.observation_layout
    ends = sorted((sl.start, sl.stop) for sl in layout.values())
    assert ends[0][0] == 0 and ends[-1][1] == e._observer.size
    assert all(a[1] == b[0] for a, b in zip(ends, ends[1:], strict=False))  # contiguous
    for name in layout:  # every feature is named in the module docstring
        assert "``" + re.sub(r"^p\d+\.", "pK.", name) + "``" in mr.__doc__
    for seat, agent in enumerate(e.possible_agents):
        obs = e.observe(agent)["observation"]
        p = e.game.state.players[seat]
        assert obs[layout["hand"]].sum() == len(p.hand)
        assert obs[layout["p0.numbers"]][1] == p.gold  # p0 is the observer
        assert obs[layout["leader"]][(e.game.state.current - seat) % 3] == 1
    for d in e.describe_actions():
        assert f"``{d['kind']}``" in mr.__doc__


def test_moonrakers_same_seed_same_game():
    def run():
        e = ClankEnv("moonrakers", players=2)
        _captains_play(e, 7, 2_000, lambda e: None)
        return e.game.actions, e.rewards

    (a1, r1), (a2, r2) = run(), run()
    assert a1 == a2 and r1 == r2
    assert sorted(r1.values()) in ([-1.0, 1.0], [1.0, 1.0])  # the game ended: rewards
