"""Set-up fast paths: the same tables and deals as the plain way, and fresh state."""

from __future__ import annotations

import numpy as np
import pytest

from clankwidget import Game
from clankwidget.rules.state import _deep


def _plain_deal(rules, s) -> None:
    """deal_secrets the plain way: every space asked, each token copied as it is dealt."""
    pools = {}
    for size in ("minor", "major"):
        tokens = []
        for t in rules.cards.secrets.get(size, ()):
            token = rules.secret_token(
                {"kind": size, **{k: v for k, v in t.items() if k != "count"}}
            )
            tokens.extend([token] * t.get("count", 1))
        pools[size] = rules.shuffled(tokens)
    for sp in rules.board.spaces:
        stack = []
        for size, slots in (("major", sp.major_secrets), ("minor", sp.minor_secrets)):
            for _ in range(slots):
                stack.append(_deep(pools[size].pop()))
        stack.extend(rules.extra_tokens(sp))
        if stack:
            s.space_tokens[sp.id] = stack


def _containers(value, out):
    if isinstance(value, dict | list):
        out.append(value)
        for v in value.values() if isinstance(value, dict) else value:
            _containers(v, out)
    return out


@pytest.mark.parametrize("edition", ["clank", "space", "pulsarcade"])
def test_dealt_secrets_are_the_plain_deal_and_fresh(edition):
    """The dealt stacks equal the plain deal's (same tokens, same order, same draws after),
    and no dict or list of a dealt token is shared with another game's or the set's pool."""
    game = Game.new(edition, players=2, seed=1)
    rules_cls = type(game.rules)
    board, cards = game.rules.board, game.rules.cards
    for seed in range(12):
        fast = rules_cls(board, cards)
        s = fast.setup(
            ["red", "blue"] if edition == "clank" else ["blue", "yellow"],
            np.random.default_rng(seed),
        )
        plain = rules_cls(board, cards)
        plain.deal_secrets = lambda st, r=plain: _plain_deal(r, st)
        t = plain.setup(
            ["red", "blue"] if edition == "clank" else ["blue", "yellow"],
            np.random.default_rng(seed),
        )
        assert s.space_tokens == t.space_tokens and list(s.space_tokens) == list(t.space_tokens)
        assert fast.rng.bit_generator.state == plain.rng.bit_generator.state
        mine = {id(c) for c in _containers(s.space_tokens, [])}
        other = {id(c) for c in _containers(game.state.space_tokens, [])}
        assert len(mine) == len(_containers(s.space_tokens, [])) and not mine & other


def _plain_located(name, folder, kind):
    from clankwidget.data._files import mtime, resolve

    try:
        path = resolve(name, folder, kind)
    except Exception as exc:  # the same error, or none
        return type(exc), str(exc)
    return str(path), mtime(path)


def test_located_is_resolve_and_mtime(tmp_path, monkeypatch):
    """``located`` finds the file ``resolve`` finds, with its time, or fails the same way:
    shipped names, paths, missing names, and a file and a folder here named as shipped
    files are."""
    from clankwidget.data import list_boards, list_card_sets
    from clankwidget.data._files import located

    def both(name, folder, kind):
        try:
            got = located(name, folder, kind)
        except Exception as exc:
            got = type(exc), str(exc)
        assert got == _plain_located(name, folder, kind), name

    names = [*list_boards(), *list_card_sets(), "nope", "", "a.b", "x/y", "a\0b", 3, "x" * 5000]
    for folder, kind in (("boards", "board"), ("cards", "card set")):
        for name in names:
            both(name, folder, kind)
    monkeypatch.chdir(tmp_path)
    (tmp_path / "teaching-dungeon").write_text("{}")
    (tmp_path / "clank-teaching").mkdir()
    for name, folder, kind in (
        ("teaching-dungeon", "boards", "board"),
        ("clank-teaching", "cards", "card set"),
        ("./teaching-dungeon", "boards", "board"),
    ):
        both(name, folder, kind)
    # a shipped name is the shipped file, whatever lies here; a path says "here"
    assert located("teaching-dungeon", "boards", "board")[0].endswith(
        "boards/teaching-dungeon.json"
    )
    assert located("./teaching-dungeon", "boards", "board")[0] == str(tmp_path / "teaching-dungeon")


@pytest.mark.parametrize("edition", ["clank", "space", "pulsarcade", "legacy"])
def test_unshuffled_decks_are_the_card_sets(edition):
    """The decks read once per card set are each card id as many times as the set has
    it, in order; the set-up shuffles them as it shuffled the lists built at each deal."""
    game = Game.new(edition, players=2, seed=3)
    cards = game.rules.cards
    dungeon, starting = game.rules._decks()
    assert list(dungeon) == [c for c, k in cards.dungeon_deck for _ in range(k)]
    assert list(starting) == [c for c, k in cards.starting_deck for _ in range(k)]
    rules = type(game.rules)(game.rules.board, cards)
    rules.rng = np.random.default_rng(9)
    other = type(game.rules)(game.rules.board, cards)
    other.rng = np.random.default_rng(9)
    for items in (dungeon, starting, list(dungeon)):
        plain = [list(items)[i] for i in other.rng.permutation(len(items)).tolist()]
        assert rules.shuffled(items) == plain


@pytest.mark.parametrize("n", [0, 1, 2, 7, 30, 64])
def test_shuffled_is_the_permutation_order(n):
    """``shuffled`` shuffles the list itself: the same order, from the same draws, as
    indexing the items by ``permutation(len(items))`` (how decks were shuffled before)."""
    rules = Game.new("clank", players=2, seed=0).rules
    items = tuple(f"card{i}" for i in range(n))
    for seed in range(20):
        rules.rng = np.random.default_rng(seed)
        got = rules.shuffled(items)
        after = rules.rng.integers(1 << 30)  # what the generator gives next
        rng = np.random.default_rng(seed)
        assert got == [items[i] for i in rng.permutation(n)]
        assert after == rng.integers(1 << 30)
