"""The engine's fast paths give the answers of the slow, obvious ones.

``legal_actions`` builds its list from the state (the map layer finds its moves in one
pass, the core reads the hand, the row and the reserve) instead of checking every
candidate.
Here, on many positions of seeded games of every edition, and on the same positions with
the thief's Boots, Swords, cubes and health pushed around (so that paths with monsters,
locks and deadly damage are met often), the list must equal the obvious one: every
candidate that passes ``check``, in order. Actions refused by ``check`` must still be
refused by ``Game.apply``, with that reason, changing nothing. And the game, which saves
its generator's state only after actions that drew from it, must always hold the
generator's true state.
"""

from __future__ import annotations

import numpy as np
import pytest

from clankwidget import Game, registry
from clankwidget.errors import IllegalAction
from clankwidget.rules import actions as A

EDITIONS = [e.name for e in registry.editions(engine=True)]
MAX_ACTIONS = 400


def obvious_legal(rules, s) -> list:
    """Every candidate action that passes the full check, in candidate order."""
    return [a for a in rules.candidates(s) if rules.check(s, a) is None]


def positions(edition: str, seed: int, kinds=("greedy", "random"), moves: int = MAX_ACTIONS):
    """The games of a seeded table (by default a greedy and a random bot), position by
    position (the live game: its state changes between positions), for ``moves`` actions
    at most."""
    entry = registry.edition(edition)
    game = Game.new(edition, players=2, seed=seed)
    bots = [entry.make_bot(kind, seed=seed + i) for i, kind in enumerate(kinds)]
    for _ in range(moves):
        if game.is_over:
            return
        yield game
        seat = game.players.index(game.acting_player)
        game.apply(bots[seat].choose(game))


def pushed(state, rng: np.random.Generator):
    """The state with the current player's Skill, movement resources and wounds changed."""
    s = state.copy()
    p = s.player
    p.boots = int(rng.integers(0, 4))
    p.swords = int(rng.integers(0, 4))
    p.skill = int(rng.integers(0, 9))
    p.teleports = int(rng.integers(0, 2))
    p.exhausted = bool(rng.random() < 0.15)
    if s.edition != "moonrakers":
        p.supply = int(rng.integers(0, 4))
        p.damage = int(rng.integers(0, 10))
    return s


@pytest.mark.parametrize("edition", EDITIONS)
def test_legal_list_equals_checking_every_candidate(edition):
    rng = np.random.default_rng(17)
    seen = 0
    for seed in range(3):
        for game in positions(edition, seed):
            rules = game.rules
            assert rules.legal_actions(game.state) == obvious_legal(rules, game.state)
            s = pushed(game.state, rng)
            assert rules.legal_actions(s) == obvious_legal(rules, s), s.to_dict()
            seen += 1
    assert seen > 100


def _refused_candidates(rules, s) -> list:
    """Actions the rules refuse now: failed candidates, and moves paying the wrong Swords."""
    out = [a for a in rules.candidates(s) if rules.check(s, a) is not None]
    p = s.player
    if getattr(rules, "board", None) is not None and p.space in rules.board:
        for path in rules.board.exits(p.space):
            out += [A.Move(path.index, -1), A.Move(path.index, path.monsters + 1)]
    return out


@pytest.mark.parametrize("edition", EDITIONS)
def test_refused_actions_change_nothing(edition):
    tried = 0
    for game in positions(edition, seed=7):
        if len(game.actions) % 5:
            continue
        before = game.state.to_dict()
        for a in _refused_candidates(game.rules, game.state)[:6]:
            reason = game.why_illegal(a)
            assert reason is not None
            with pytest.raises(IllegalAction) as caught:
                game.apply(a)
            assert reason in str(caught.value)
            assert game.state.to_dict() == before
            tried += 1
    assert tried > 20


def test_pushed_states_meet_the_move_rules():
    """The pushed positions do reach the move rules the one-pass search decides: short
    of Boots, damage the supply cannot pay, damage that would knock the thief out."""
    rng = np.random.default_rng(3)
    reasons = set()
    for game in positions("clank", seed=0):
        s = pushed(game.state, rng)
        for a in game.rules.candidates(s):
            if isinstance(a, A.Move) and (why := game.rules.check(s, a)) is not None:
                reasons.add(why.split(";")[0].split(" ")[0])
    assert {"that", "you", "taking"} <= reasons, reasons


@pytest.mark.parametrize("edition", EDITIONS)
def test_the_saved_generator_state_is_the_generators(edition):
    """The game saves the generator's state only after actions that drew from it: after
    every action the saved state must still be the generator's own."""
    for game in positions(edition, seed=11):
        assert game.state.rng == game._rng.bit_generator.state
