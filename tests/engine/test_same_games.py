"""Same seeds, same games: the engine plays exactly the games it played before it was
made faster.

``tests/fixtures/same-games.json`` was recorded from the engine before the speed-up
(issue 17); the Legacy tables and the Moonrakers planner's were added later, recorded
from commit c0758d5, before the third round of it. For each edition, bot table and seed it holds digests of every legal-action
list along the game (so their order is fixed too), of the actions taken and of the final
state (log, events and RNG included); undo and redo are exercised on the way. The engine
now must reproduce every digest.

Regenerate (only when a rule deliberately changes a game):
``python -m tests.engine.test_same_games``.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from clankwidget import Game, edition

FIXTURE = Path(__file__).parent.parent / "fixtures" / "same-games.json"

#: (edition, bot table, seeds): two- to four-player tables of every bot level
TABLES = [
    (name, table, seeds)
    for name in ("clank", "space", "pulsarcade")
    for table, seeds in (
        (("greedy", "random"), (0, 1, 2)),
        (("planner", "greedy"), (0, 1, 2)),
        (("random", "random", "random"), (3, 4)),
        (("planner", "planner", "greedy", "random"), (5,)),
    )
] + [
    ("legacy", ("greedy", "random"), (0, 1)),
    ("legacy", ("planner", "greedy"), (0, 1)),
    ("moonrakers", ("greedy", "random"), (0, 1)),
    ("moonrakers", ("greedy", "greedy", "random"), (2,)),
    ("moonrakers", ("planner", "greedy"), (3,)),
]


def _digest(obj) -> str:
    text = json.dumps(obj, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:20]


def play(name: str, table: tuple[str, ...], seed: int) -> dict:
    """One seeded game's digests: legal lists, actions, final state."""
    game = Game.new(name, players=len(table), seed=seed)
    bots = [edition(name).make_bot(k, seed=seed + i) for i, k in enumerate(table)]

    def seat():  # in Moonrakers an invited captain acts on another's turn
        return game.state.players.index(game.acting_player)

    legal = hashlib.sha256()
    n = 0
    while not game.is_over and n < 3000:
        legal.update(json.dumps([a.to_dict() for a in game.legal_actions()]).encode())
        game.apply(bots[seat()].choose(game))
        n += 1
        if n % 7 == 0 and game.can_undo:  # undo and redo: the same state again
            before = game.state.to_dict()
            game.undo()
            game.redo()
            assert game.state.to_dict() == before
    return {
        "actions": n,
        "legal": legal.hexdigest()[:20],
        "played": _digest([a.to_dict() for a in game.actions]),
        "state": _digest(game.state.to_dict()),
        "scores": game.scores(),
    }


def _cases():
    return [(e, t, s) for e, t, seeds in TABLES for s in seeds]


def _key(name, table, seed) -> str:
    return f"{name}/{'-'.join(table)}/{seed}"


@pytest.fixture(scope="module")
def recorded() -> dict:
    return json.loads(FIXTURE.read_text())


@pytest.mark.parametrize(("name", "table", "seed"), _cases(), ids=lambda v: str(v))
def test_same_game(recorded, name, table, seed):
    assert play(name, table, seed) == recorded[_key(name, table, seed)]


def test_every_case_is_recorded(recorded):
    assert sorted(recorded) == sorted(_key(*c) for c in _cases())


if __name__ == "__main__":
    FIXTURE.write_text(
        json.dumps({_key(*c): play(*c) for c in _cases()}, indent=1, sort_keys=True) + "\n"
    )
    print(f"wrote {FIXTURE}")
