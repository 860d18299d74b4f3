"""``rules.kinds``: the action kinds an edition's check may accept, and no other."""

from __future__ import annotations

import pytest

from clankwidget import Game, edition, editions
from clankwidget.rules import actions as A

ENGINE = [e.name for e in editions(engine=True)]


def _sample(cls: type[A.Action]) -> A.Action:
    """An instance of ``cls`` with plain field values (the check must refuse the kind)."""
    import dataclasses

    values = {"int": 0, "str": "x", "bool": False}
    args = {}
    for f in dataclasses.fields(cls):
        if f.default is not dataclasses.MISSING or f.default_factory is not dataclasses.MISSING:
            continue
        args[f.name] = values.get(str(f.type).split(" |")[0], 0)
    return cls(**args)


@pytest.mark.parametrize("name", ENGINE)
def test_kinds_not_known_are_refused(name):
    """Every registered action kind outside ``kinds`` is refused at every position of seeded
    games; every kind an edition lists is one it knows (a handler and, in Moonrakers, a
    kind its own check lets through); the kinds of all legal actions are among them."""
    game = Game.new(name, players=2, seed=4)
    rules = game.rules
    assert rules.kinds <= set(rules._handlers)
    unknown = [_sample(cls) for kind, cls in A._KINDS.items() if kind not in rules.kinds]
    assert unknown
    for kind in rules.kinds:  # a listed kind is not refused as unknown
        reason = rules.check(game.state, _sample(A._KINDS[kind])) or ""
        assert f"have no {kind!r} action" not in reason, kind
    bots = [edition(name).make_bot("random", seed=i) for i in range(2)]
    for _ in range(400):
        if game.is_over:
            break
        legal = game.legal_actions()
        assert {a.kind for a in legal} <= rules.kinds
        for a in unknown:
            assert rules.check(game.state, a) is not None, a
        game.apply(bots[game.state.players.index(game.acting_player)].choose(game))
    for a in unknown:
        assert rules.check(game.state, a) is not None, a
