"""A turn's fronts are searched once per board and arguments, and kept: what a kept front
gives must be what a fresh search gives, for every argument that changes the search."""

from __future__ import annotations

import numpy as np
import pytest

from clankwidget import Game, paths, registry
from clankwidget._paths_base import _prepared


def _contexts(edition, seed, limit=150):
    """The path context of the player to move, before each action of a seeded game
    between greedy bots."""
    game = Game.new(edition, players=2, seed=seed)
    bots = [registry.edition(edition).make_bot("greedy", seed=seed + i) for i in range(2)]
    for _ in range(limit):
        if game.is_over:
            return
        if not game.pending:
            yield game.board, game.path_context()
        acting = getattr(game, "acting_player", None)
        seat = game.players.index(acting) if acting is not None else game.state.current
        game.apply(bots[seat].choose(game))


def _variants(ctx):
    """The context and others that differ from it in one argument each."""
    yield ctx
    for name in ("boots", "swords", "teleports", "gold"):
        yield {**ctx, name: ctx.get(name, 0) + 1}
    yield {**ctx, "health": max(1, ctx["health"] - 1)}
    for name in ("keys", "can_exit", "exhausted", "canoe"):
        yield {**ctx, name: not ctx.get(name, False)}
    yield {**ctx, "closed": [*ctx.get("closed", ()), ctx["start"]]}


def _fresh(board, ctx):
    kept = _prepared(board)
    kept.fronts.clear()
    kept.resolved.clear()
    try:
        return paths.turn_options(board, **ctx).table()
    finally:
        kept.fronts.clear()
        kept.resolved.clear()


@pytest.mark.parametrize("edition", ["clank", "space", "pulsarcade"])
def test_a_kept_front_is_a_fresh_search(edition):
    compared = kept = 0
    for board, ctx in _contexts(edition, seed=1):
        variants = list(_variants(ctx))
        want = [_fresh(board, v) for v in variants]
        for _ in range(2):  # searched, then kept
            for v, table in zip(variants, want, strict=True):
                opts = paths.turn_options(board, **v)
                assert opts.table() == table, v
                compared += 1
        kept += len(_prepared(board).fronts)
    assert compared > 500 and kept > 0


def test_a_kept_front_cannot_be_changed_by_a_caller():
    game = Game.new("clank", players=2, seed=0)
    opts = paths.turn_options(game.board, game.board.start, boots=3, swords=1, health=5)
    with pytest.raises(ValueError):
        opts._labels[0, 0] = 99
    table = opts.table()
    for sid in opts.reachable:  # the lists a caller gets are its own
        opts.options(sid).clear()
        opts.front(sid).clear()
    again = paths.turn_options(game.board, game.board.start, boots=3, swords=1, health=5)
    assert again is not opts and again.table() == table
    assert np.shares_memory(again._labels, opts._labels)


def test_kept_arguments_are_still_checked_and_the_settings_are_the_callers():
    """Plain arguments are resolved once per board and kept by value and type: an
    argument equal to a kept one but of another type (True is 1, 1.0 is 1) is refused
    as before, and each TurnOptions gets settings of its own."""
    game = Game.new("clank", players=2, seed=0)
    board, start = game.board, game.board.start
    kept = _prepared(board)
    kept.resolved.clear()
    first = paths.turn_options(board, start, boots=1, swords=1, health=5, keys=True)
    assert kept.resolved  # kept
    for bad in (dict(boots=True), dict(swords=1.0), dict(keys=1), dict(health=0)):
        args = dict(boots=1, swords=1, health=5, keys=True) | bad
        with pytest.raises((TypeError, ValueError)):
            paths.turn_options(board, start, **args)
    first.settings["boots"] = 99
    again = paths.turn_options(board, start, boots=1, swords=1, health=5, keys=True)
    assert again.settings["boots"] == 1 and again.table() == first.table()
    assert len(kept.resolved) == 1


def _search_as_before(board, opts):
    """The front of ``opts``' arguments searched with the budgets of swords and damage
    capped only by the board's size (as before they were capped by the monsters its boots
    can meet): ``(labels, order, bounds)``."""
    p = _prepared(board)
    s = opts.settings
    most = max(p.n - 1, 0)
    budget = (
        min(s["boots"], p.max_boots * most),
        min(s["swords"], p.max_monsters * most),
        min(s["health"] - 1, p.max_monsters * most),
        min(s["teleports"], most),
        s["exhausted"],
        min(s["gold"], p.useful_gold),
    )
    key = (
        board.index(opts.start),
        (s["keys"], s["canoe"], s["can_exit"]),
        (s["exits"], s["closed"], s["lifts"]),
        None,
        budget,
    )
    p.fronts.clear()
    try:
        fresh = paths._turn_options_over(board, p, opts.start, dict(s), key[0], None, key)
    finally:
        p.fronts.clear()
    return fresh._labels, fresh._front, fresh._bounds


@pytest.mark.parametrize("edition", ["clank", "space", "pulsarcade", "legacy"])
def test_swords_and_health_past_what_the_boots_meet_search_the_same_front(edition):
    """Swords and health above the monsters a turn's boots can meet are searched as that
    many: the very arrays the search with the full budgets gives."""
    capped = 0
    for board, ctx in _contexts(edition, seed=2, limit=120):
        p = _prepared(board)
        if p.monsters_per_boot is None or ctx.get("stops") is not None:
            continue
        for extra in (0, 3, 40):
            v = {**ctx, "swords": ctx.get("swords", 0) + extra, "health": ctx["health"] + extra}
            opts = paths.turn_options(board, **v)
            labels, order, bounds = _search_as_before(board, opts)
            assert np.array_equal(opts._labels, labels), v
            assert np.array_equal(opts._front, order), v
            assert np.array_equal(opts._bounds, bounds), v
            met = p.monsters_per_boot * min(v.get("boots", 0), p.max_boots * (p.n - 1))
            capped += v["swords"] > met or v["health"] - 1 > met
    if edition == "clank":
        assert capped > 50
