"""The log's hot lines, added without say()'s call, are what say() adds."""

from __future__ import annotations

import pytest

from clankwidget import Game
from clankwidget.bots import make_bot


@pytest.mark.parametrize("edition", ["clank", "legacy"])
def test_hot_log_lines_are_says(edition):
    """Seeded bot games give the same log and events, line by line, with the core's
    say() and name() (their fast paths) as with an edition that says them its own way
    (here: the same words through an override)."""
    base = Game.new(edition, players=2, seed=1)
    rules_cls = type(base.rules)

    class Saying(rules_cls):
        def say(self, s, text, kind="info", who=None, **details):
            super().say(s, text, kind, who, **details)

        def name(self, p):
            return super().name(p)

    for seed in range(6):
        fast = Game.new(edition, players=2, seed=seed)
        plain = Game._from_setup(dict(fast._setup), Saying, fast.rules.board, fast.rules.cards)
        assert not plain.rules._plain_say and fast.rules._plain_say
        bots = [make_bot("greedy", seed=seed), make_bot("random", seed=seed + 1)]
        steps = 0
        while not fast.is_over and steps < 3000:
            action = bots[fast.state.current].choose(fast)
            fast.apply(action)
            plain.apply(action)
            steps += 1
        assert fast.state.log == plain.state.log
        assert fast.state.events == plain.state.events
        assert [list(e) for e in fast.state.events] == [list(e) for e in plain.state.events]
        kinds = {e["kind"] for e in fast.state.events}
        assert {"play", "gain", "move", "turn", "defeat", "row"} <= kinds
