"""The edition contract, checked over every registered edition (OpenSpiel's and pgx's
one conformance test over every game): a new edition is covered by registering it.

For each registered edition: its record is complete, its rules class provides every
hook of the protocol for its layers, and seeded random games keep the engine's promises
after every action (a stable list of legal actions, each of them legal; an illegal action
refused with nothing changed; one structured event per log line; forks independent; the
game ends; replay and the JSON round trip rebuild it; the same seed gives the same game).
Editions registered but not written yet must say so.
"""

from __future__ import annotations

import numpy as np
import pytest

import clankwidget as cw
from clankwidget import Game, IllegalAction, RuleNotImplemented
from clankwidget.registry import FEATURES, Edition, register
from clankwidget.rules.actions import EndTurn, Play
from clankwidget.rules.deckbuilding import EVENT_KINDS
from clankwidget.rules.protocol import DECK_HOOKS, MAP_HOOKS

PLAYABLE = [e.name for e in cw.editions(playable=True)]
PLANNED = [e.name for e in cw.editions(playable=False)]
WORDS = {"gold", "boss", "boss_attack", "row", "deck", "space", "spaces", "place", "map", "cubes"}
MAX_STEPS = 6_000


def test_the_registry_lists_every_edition_once_in_order():
    names = [e.name for e in cw.editions()]
    assert names[:3] == ["clank", "space", "pulsarcade"]
    assert len(set(names)) == len(names)
    assert set(PLAYABLE) | set(PLANNED) == set(names)
    assert cw.edition("clank") is cw.editions()[0]
    assert cw.edition(cw.edition("space")) is cw.edition("space")
    with pytest.raises(ValueError, match="unknown edition 'chess'; available: clank"):
        cw.edition("chess")


def test_an_edition_record_is_checked_when_registered():
    with pytest.raises(ValueError, match="unknown features"):
        Edition("x", "X", None, None, None, features={"teleporter"})
    with pytest.raises(ValueError, match="already registered"):
        register(cw.edition("clank"))
    with pytest.raises(TypeError, match="takes an Edition"):
        register("clank")
    with pytest.raises(ValueError, match="unknown feature 'wings'"):
        cw.edition("clank").has("wings")


def test_an_edition_not_written_yet_says_so(monkeypatch):
    # every shipped edition has an engine now; a planned one is registered without rules
    from clankwidget import registry

    monkeypatch.setitem(
        registry._REGISTRY, "planned", Edition("planned", "A Planned Game", None, None, None)
    )
    with pytest.raises(RuleNotImplemented, match="A Planned Game.*not implemented yet"):
        Game.new("planned")
    assert "planned" not in [e.name for e in cw.editions(engine=True)]


@pytest.mark.parametrize("name", PLAYABLE)
def test_a_playable_edition_provides_the_contract(name):
    entry = cw.edition(name)
    assert entry.title and entry.summary
    assert {"deck"} <= entry.features <= set(FEATURES)
    assert set(entry.vocabulary) >= WORDS, f"{name} lacks words {WORDS - set(entry.vocabulary)}"
    rules = entry.rules_class()
    assert rules.edition == name
    hooks = DECK_HOOKS + (MAP_HOOKS if entry.has("map") else ())
    missing = [h for h in hooks if not hasattr(rules, h)]
    assert not missing, f"{rules.__name__} lacks {missing}"
    for option in rules.known_options:
        assert isinstance(rules.known_options[option], str)
    game = Game.new(name, players=2, seed=0)
    board = game.board.id if game.board is not None else None  # no map: no board
    assert board == entry.board and game.cards.id == entry.cards
    assert game.rules.words == dict(entry.vocabulary)


def _random_game(name: str, seed: int, players: int) -> Game:
    game = Game.new(name, players=players, seed=seed)
    rng = np.random.default_rng(seed)
    # An edition with its own bots (Moonrakers: random captains never reach 10 prestige)
    # is played by its greedy bots, with a random legal action one time in five.
    entry = cw.edition(name)
    guide = [entry.make_bot("greedy", seed=seed + i) for i in range(players)] if entry.bots else []
    for _ in range(MAX_STEPS):
        if game.is_over:
            break
        legal = game.legal_actions()
        assert legal, "a live game always offers an action"
        assert legal == game.legal_actions(), "legal_actions() is stable"
        state = game.state.to_dict()
        # an illegal action is refused and changes nothing
        with pytest.raises(IllegalAction):
            game.apply(Play("no-such-card"))
        assert game.state.to_dict() == state
        others = [a for a in legal if not isinstance(a, EndTurn)]
        if guide and rng.random() < 0.8:
            action = guide[game.players.index(game.acting_player)].choose(game)
        elif not others or (len(others) < len(legal) and rng.random() < 0.25):
            action = next(a for a in legal if isinstance(a, EndTurn))
        else:
            action = others[int(rng.integers(len(others)))]
        assert game.why_illegal(action) is None
        if rng.random() < 0.02:  # a fork is independent of the game it came from
            fork = game.fork()
            fork.apply(action)
            assert game.state.to_dict() == state
        game.apply(action)
        s = game.state
        assert len(s.events) == len(s.log)
        assert {e["kind"] for e in s.events[-8:]} <= EVENT_KINDS
    assert game.is_over, f"{name} seed {seed}: no end in {MAX_STEPS} actions"
    assert game.legal_actions() == []
    return game


@pytest.mark.parametrize("name", PLAYABLE)
@pytest.mark.parametrize("seed", range(3))
def test_random_games_keep_the_engine_promises(name, seed):
    game = _random_game(name, seed, players=2 + seed % 3)
    assert game.replay().state.to_dict() == game.state.to_dict()
    assert Game.from_json(game.to_json()).state.to_dict() == game.state.to_dict()
    assert set(game.scores()) == {p.colour for p in game.players}
    assert set(game.winners()) <= set(game.scores())
    actors = {e["actor"] for e in game.state.events} - {None}
    assert actors <= {p.colour for p in game.players}


@pytest.mark.parametrize("name", PLAYABLE)
def test_the_same_seed_gives_the_same_game(name):
    a, b = Game.new(name, players=3, seed=9), Game.new(name, players=3, seed=9)
    for _ in range(60):
        if a.is_over:
            break
        assert a.legal_actions() == b.legal_actions()
        action = a.legal_actions()[-1]
        a.apply(action)
        b.apply(action)
    assert a.state.to_dict() == b.state.to_dict()
    assert Game.new(name, players=3, seed=10).state.to_dict() != a.state.to_dict()
