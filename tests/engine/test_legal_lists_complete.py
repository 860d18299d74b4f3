"""Legal lists are complete: every action that ``check()`` allows is listed.

The conformance tests hold each legal list to the candidates ``check()`` allows; this one
asks the other way round, whether a legal action can be missing from the candidates
(a claim that the list left out while the check allowed it was such a gap). For states
along seeded games of every playable edition, it builds every action of the edition's
kinds with each field drawn from a universe read off the state: every string the
position holds (card, space, token, objective, cabinet and vault ids...), the board's
spaces, the card set's ids and a few words the rules take; the numbers -1 to 12; every
path with 0 to 4 Swords; offers and counters of small terms to every seat (a second
string field takes those few words only). Each one ``check()`` allows must be in
``legal_actions()``.
"""

from __future__ import annotations

import dataclasses
import itertools

import numpy as np
import pytest

import clankwidget as cw
from clankwidget import Game
from clankwidget.rules import actions as A

TABLES = [(name, None) for name in (e.name for e in cw.editions(playable=True))]
TABLES.append(("moonrakers", {"overload": True}))
WORDS = {"", "crystal", "sixth-crystal", "parts", "crew", "advanced", "deck"}
NUMBERS = range(-1, 13)


def _strings(value, out: set) -> set:
    if isinstance(value, str):
        out.add(value)
    elif isinstance(value, dict):
        out.update(k for k in value if isinstance(k, str))
        for v in value.values():
            _strings(v, out)
    elif isinstance(value, list | tuple):
        for v in value:
            _strings(v, out)
    return out


def universe(game: Game) -> list[A.Action]:
    """Every action of the game's kinds over the universe of fields (see the module doc)."""
    words = _strings(game.position(), set(WORDS))
    if game.board is not None:
        words.update(sp.id for sp in game.board.spaces)
    words.update(game.rules._card_table)
    words = sorted(w for w in words if len(w) < 60)
    seats = range(len(game.players))
    out: list[A.Action] = []
    for kind, cls in sorted(A._KINDS.items()):  # every action class, by its kind
        if kind not in game.rules.kinds:
            continue
        if kind == "move":
            out += [cls(i, sw) for i in range(len(game.board.paths)) for sw in range(5)]
        elif kind in ("offer", "counter"):
            terms = list(itertools.product(range(5), range(6), range(2), range(4)))
            out += [cls(seat, *t) for seat in seats for t in terms] if kind == "offer" else []
            out += [cls(*t) for t in terms] if kind == "counter" else []
        else:  # a second string field (Snack-Man's crystal) takes the rules' words only
            fields = [
                NUMBERS if f.type != "str" else WORDS if i else words
                for i, f in enumerate(dataclasses.fields(cls))
            ]
            out += [cls(*values) for values in itertools.product(*fields)]
    return out


@pytest.mark.parametrize(("name", "options"), TABLES)
def test_every_action_check_allows_is_listed(name, options):
    players = 3
    game = Game.new(name, players=players, seed=11, options=options)
    bots = [cw.edition(name).make_bot("greedy", seed=i) for i in range(players)]
    rnd = cw.edition(name).make_bot("random", seed=5)
    rng = np.random.default_rng(11)
    kinds_seen = set()
    for step in range(2000):
        if game.is_over:
            break
        if step % 5 == 0:
            legal = set(game.legal_actions())
            missing = [
                a
                for a in universe(game)
                if a not in legal and game.rules.check(game.state, a) is None
            ]
            assert not missing, (step, missing[:5])
            kinds_seen.update(a.kind for a in legal)
        seat = game.players.index(game.acting_player)
        game.apply((rnd if rng.random() < 0.3 else bots[seat]).choose(game))
    assert len(kinds_seen) >= 8, kinds_seen  # the game went through most of its turn
