"""The map layer's shortcuts give the answers of the plain ways they stand in for.

``_check_move`` reads the start space's refusal off the board's table instead of calling
``entry_refusal``; the legal list offers a token's use without calling its check; the
usable tokens are found in one loop; entering a space reads whether it stops movement
off a table; ``Board.space`` looks a space up by id at once. Each is compared here with
the plain way on seeded positions of every edition on the map layer.
"""

from __future__ import annotations

import numpy as np
import pytest

from clankwidget import Game, registry
from clankwidget.rules import actions as A
from clankwidget.rules.thieves import ThievesRules
from tests.engine.test_fast_paths import positions

MAP_EDITIONS = [
    e.name
    for e in registry.editions(engine=True)
    if isinstance(Game.new(e.name, players=2, seed=0).rules, ThievesRules)
]
#: those whose entry refusal is the map layer's own (the one the move check reads itself)
PLAIN_ENTRY = [e for e in MAP_EDITIONS if Game.new(e, players=2, seed=0).rules._plain_entry]


@pytest.mark.parametrize("edition", PLAIN_ENTRY)
def test_move_checks_read_the_entry_refusal_as_the_hook_does(edition):
    """Every move from the thief's space (and beside it), paying every Swords from -1 to
    one more than the icons, with Boots, Swords, wounds, cubes and artifacts pushed
    around: the same reason with the start space read off the table as from the hook."""
    rng = np.random.default_rng(5)
    compared = refused_at_start = 0
    for seed in range(2):
        for k, game in enumerate(positions(edition, seed)):
            if k % 3:
                continue
            rules = game.rules
            s = game.state.copy()
            p = s.player
            p.boots, p.swords = int(rng.integers(0, 4)), int(rng.integers(0, 4))
            p.damage, p.supply = int(rng.integers(0, 10)), int(rng.integers(0, 4))
            p.artifacts = [] if rng.random() < 0.5 else [10]
            near = [path.index for path in rules.board.exits(p.space)]
            near += [int(i) for i in rng.integers(0, len(rules.board.paths), 3)]
            for index in near:
                path = rules.board.paths[index]
                for swords in range(-1, path.monsters + 2):
                    a = A.Move(index, swords)
                    fast = rules._check_move(s, p, a)
                    shortcut, rules._plain_entry = rules._plain_entry, False
                    assert fast == rules._check_move(s, p, a), (edition, a, s.to_dict())
                    rules._plain_entry = shortcut
                    compared += 1
                    refused_at_start += fast == "you may only go back out with an artifact"
    assert compared > 300 and refused_at_start > 0


def _with_tokens(s, rng, tokens):
    s = s.copy()
    p = s.player
    p.tokens = [tokens[i] for i in rng.integers(0, len(tokens), int(rng.integers(0, 5)))]
    return s


@pytest.mark.parametrize("edition", MAP_EDITIONS)
def test_token_uses_are_the_usable_tokens_each_once(edition):
    """The token uses offered (found in one loop, offered without the check's call) are
    the plain list: each usable token's id once, in the order held, each passing its
    check; with held tokens shuffled from the edition's own (usable or not, repeated)."""
    rng = np.random.default_rng(9)
    game = Game.new(edition, players=2, seed=3)
    rules = game.rules
    tokens = [t for stack in game.state.space_tokens.values() for t in stack]
    tokens += [{"kind": "market", "id": "key", "name": "Key", "grants": "key", "points": 0}]
    assert any(t.get("use") for t in tokens)
    offered = 0
    for k, position in enumerate(positions(edition, 3)):
        if k % 4:
            continue
        s = _with_tokens(position.state, rng, tokens)
        p = s.player
        uses = [a for a in rules._place_candidates(s, p) if a.kind == "use-token"]
        plain = list(dict.fromkeys(t["id"] for t in p.tokens if t.get("use")))
        assert uses == [A.UseToken(t) for t in plain]
        assert all(rules._check_use_token(s, p, a) is None for a in uses)
        fast = rules.layer_legal(s, p)
        shortcut, rules._plain_uses = rules._plain_uses, False
        assert fast == rules.layer_legal(s, p)
        rules._plain_uses = shortcut
        offered += len(uses)
    assert offered > 10


@pytest.mark.parametrize("edition", MAP_EDITIONS)
def test_board_tables_are_the_boards_own_answers(edition):
    """Spaces by id, the spaces that stop movement on entry: as the board says."""
    rules = Game.new(edition, players=2, seed=1).rules
    board = rules.board
    for i, sp in enumerate(board.spaces):
        assert board.space(sp.id) is board.spaces[board.index(sp.id)] is sp
        assert rules._spaces[sp.id] is sp
        assert (sp.id in rules._stops) == sp.stops_movement, (i, sp.id)
    with pytest.raises(KeyError, match="has no space 'nowhere'"):
        board.space("nowhere")
    s = Game.new(edition, players=2, seed=1).state
    for sp in board.spaces:
        if type(rules).enter is ThievesRules.enter and not sp.start:
            entered = s.copy()
            q = entered.player
            ThievesRules.enter(rules, entered, q, sp.id, teleport=False)
            assert q.exhausted == sp.stops_movement


def test_shipped_files_are_found_where_the_plain_path_says():
    """Where a shipped file would be is made once per name; whether it is there is still
    asked at every call (a name that is not shipped is refused every time)."""
    from clankwidget.data._files import board_data_dir, names, resolve
    from clankwidget.errors import BoardDataError

    for folder, kind in (("boards", "board"), ("cards", "card set")):
        for name in names(folder):
            for _ in range(2):
                assert resolve(name, folder, kind) == board_data_dir() / folder / f"{name}.json"
        for _ in range(2):
            with pytest.raises(BoardDataError, match="no such file"):
                resolve("no-such-thing", folder, kind)


@pytest.mark.parametrize("edition", MAP_EDITIONS)
def test_dangers_count_the_rows_danger_cards(edition):
    """Danger cards in the row, read off the card table: as card() reads them."""
    rng = np.random.default_rng(2)
    game = Game.new(edition, players=2, seed=2)
    rules, s = game.rules, game.state.copy()
    ids = list(rules._card_table)
    ids += [c for c in ids if rules.card(c).danger] * 5  # met often, where the set has any
    seen = 0
    for _ in range(60):
        s.row = [None if rng.random() < 0.2 else ids[i] for i in rng.integers(0, len(ids), 6)]
        plain = sum(1 for cid in s.row if cid and rules.card(cid).danger)
        assert rules.dangers(s) == plain
        seen += plain
    assert seen > 0 or not any(c.danger for c in rules._card_table.values())
