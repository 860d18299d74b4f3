"""Seeded random games on every shipped board, checking invariants after every action.

At least 1,000 complete games per run (2, 3 and 4 players). After every action: cube
conservation (each player's cubes, and the black cubes), card conservation, health
bounds, artifact limits, the rage marker on its track; every game ends; and, for
every game, replay and the JSON round trip rebuild the identical state.
"""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

from clankwidget import Game, list_boards
from clankwidget.rules.actions import EndTurn

from helpers import BOARD, CARDS

GAMES = 1000
MAX_STEPS = 20_000

SETS = [("teaching-dungeon", "clank-teaching")] if "teaching-dungeon" in list_boards() else []
SETS.append((str(BOARD), str(CARDS)))


def card_census(game: Game) -> Counter:
    s = game.state
    zones = Counter(s.dungeon_deck + s.dungeon_discard + s.trash + [c for c in s.row if c])
    for p in s.players:
        zones.update(p.all_cards)
    for cid, n in s.reserve.items():
        if n is not None:
            zones[cid] += n
    return zones


def check_invariants(game: Game, cards0: Counter, artifacts0: int) -> None:
    s, rules = game.state, game.rules
    su = rules.setup_numbers
    for p in s.players:
        c = p.colour
        total = p.supply + p.damage + s.clank_area.get(c, 0) + s.bag.get(c, 0) + s.aside.get(c, 0)
        assert total == su["cubes"], f"{c} has {total} cubes"
        assert min(p.supply, s.clank_area.get(c, 0), s.bag.get(c, 0), s.aside.get(c, 0)) >= 0
        assert 0 <= p.damage <= su["health"]
        if p.is_in:
            assert p.damage < su["health"]
        assert len(p.artifacts) <= 1 + p.owns("backpack")
        assert min(p.skill, p.swords, p.boots, p.gold, p.teleports) >= 0
    assert s.bag.get("black", 0) + s.aside.get("black", 0) == su["black_cubes"]
    assert card_census(game) == cards0
    held = sum(len(p.artifacts) for p in s.players)
    assert held + len(s.artifacts) == artifacts0
    assert 0 <= s.rage < len(su["rage_track"])
    assert s.over or s.player.status != "knocked-out"  # an escaper may finish the turn


def random_game(seed: int, players: int, board: str, cards: str) -> Game:
    game = Game.new(board=board, cards=cards, players=players, seed=seed)
    return play_out(game, seed, check_invariants)


def play_out(game: Game, seed: int, check) -> Game:
    """Play ``game`` to its end with random actions (ending the turn now and then),
    calling ``check(game, cards0, artifacts0)`` after every action."""
    rng = np.random.default_rng(seed)
    cards0, artifacts0 = card_census(game), len(game.state.artifacts)
    check(game, cards0, artifacts0)
    for _ in range(MAX_STEPS):
        if game.is_over:
            break
        legal = game.legal_actions()
        assert legal, "a live game always offers an action"
        others = [a for a in legal if not isinstance(a, EndTurn)]
        if not others or (len(others) < len(legal) and rng.random() < 0.2):
            action = next(a for a in legal if isinstance(a, EndTurn))
        else:
            action = others[int(rng.integers(len(others)))]
        game.apply(action)
        check(game, cards0, artifacts0)
    assert game.is_over, f"seed {seed}: game did not end in {MAX_STEPS} actions"
    assert game.legal_actions() == []
    return game


@pytest.mark.parametrize("chunk", range(10))
def test_random_games_keep_every_invariant(chunk):
    per = GAMES // 10
    for i in range(chunk * per, (chunk + 1) * per):
        board, cards = SETS[i % len(SETS)]
        game = random_game(seed=i, players=2 + i % 3, board=board, cards=cards)
        assert game.replay().state.to_dict() == game.state.to_dict()
        assert Game.from_json(game.to_json()).state.to_dict() == game.state.to_dict()
        scores = game.scores()
        for p in game.players:
            if p.status == "knocked-out" and not game.rules.rescued(game.state, p):
                assert scores[p.colour] == 0
