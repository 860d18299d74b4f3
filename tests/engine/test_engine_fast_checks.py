"""The checks of taking a card answer at once when it is affordable and requires nothing:
the same answers as asking _afford and _requires (the plain way), on seeded games."""

from __future__ import annotations

import pytest

from clankwidget import Game, edition
from clankwidget.rules import actions as A

_ROW = (A.Acquire, A.Defeat)
_SKILL = (A.Acquire, A.AcquireReserve)


def _plain(rules, s, p, a) -> str | None:
    """What the check answers the plain way once it has found the card ``a`` takes, of
    the right kind (a monster to defeat, else a card to acquire from a pile not empty):
    ``_afford`` or ``_requires``. ``False`` where the check stops before that."""
    cid = (s.row[a.slot] if a.slot < len(s.row) else None) if isinstance(a, _ROW) else a.card
    if cid is None or (not isinstance(a, _ROW) and cid not in s.reserve):
        return False
    card = rules.card(cid)
    if card.is_monster == isinstance(a, _SKILL):
        return False
    if isinstance(a, A.AcquireReserve) and s.reserve[cid] == 0:
        return False
    resource, cost = ("skill", card.cost) if isinstance(a, _SKILL) else ("swords", card.defeat)
    return rules._afford(p, card, resource, cost) or rules._requires(s, p, card)


@pytest.mark.parametrize("name", ["clank", "legacy"])
def test_take_checks_are_the_plain_checks(name):
    answered = 0
    for seed in range(3):
        game = Game.new(name, players=2, seed=seed)
        rules = game.rules
        bots = [
            edition(name).make_bot(k, seed=seed + i) for i, k in enumerate(("greedy", "random"))
        ]
        for _ in range(2000):
            if game.is_over:
                break
            s = game.state
            p = s.players[s.current]
            probes = [cls(i) for cls in _ROW for i in range(len(s.row))]
            probes += [cls(c) for cls in (A.AcquireReserve, A.DefeatReserve) for c in s.reserve]
            for a in probes:
                want = _plain(rules, s, p, a)
                if want is not False:
                    assert rules._checks[a.kind](s, p, a) == want, (seed, a)
                    answered += 1
            game.apply(bots[game.state.current].choose(game))
    assert answered > 1000
