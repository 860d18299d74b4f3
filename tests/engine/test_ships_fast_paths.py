"""The ship editions' fast paths give the answers of the plain, obvious ones.

* Pulsarcade offers an Arcade Cabinet claim only to a thief who may meet its condition
  (a test made once per cabinet): the claims in the legal list must be exactly those of
  every cabinet, with and without the Sixth Crystal, that pass the full check.
* :class:`~clankwidget._shipnav.ShipNavigator` skips the route search when no step is
  legal and works out the best option only of the reachable spaces nearest the goals:
  its step (and its action where the thief stands) must be the plain search's.
* The ship's log words: one search skips lines without the dungeon's words.

On many positions of seeded games, and on the same positions with the thief moved into
the command module, given crystals, the Sixth Crystal, a command code, Boots and Swords.
"""

from __future__ import annotations

import numpy as np
import pytest

from clankwidget import Game, registry
from clankwidget import paths as _paths
from clankwidget._shipnav import ShipNavigator
from clankwidget.rules import actions as A
from clankwidget.rules.pulsarcade import ClaimCabinet
from clankwidget.rules.space_words import _KEYWORDS, _SHIP_WORDS, in_ship_words

MAX_ACTIONS = 300

CODE = {"kind": "code", "id": "command-code", "name": "Command Code", "grants": "code"}
SIXTH = {"kind": "major", "id": "sixth-crystal", "name": "The Sixth Crystal", "crystal": True}
TELEPASS = {"kind": "market", "id": "telepass", "name": "TelePass", "grants": "telepass"}


def positions(edition: str, seed: int, kinds=("greedy", "random")):
    """The games of a seeded table, position by position (a player to act, no choice)."""
    entry = registry.edition(edition)
    game = Game.new(edition, players=2, seed=seed)
    bots = [entry.make_bot(kind, seed=seed + i) for i, kind in enumerate(kinds)]
    for _ in range(MAX_ACTIONS):
        if game.is_over:
            return
        if not game.pending:
            yield game
        seat = game.players.index(game.acting_player)
        game.apply(bots[seat].choose(game))


def pushed(game, rng: np.random.Generator) -> Game:
    """A fork of ``game`` with the current thief moved, equipped and wounded at random."""
    g = game.fork()
    s, p = g.state, g.state.player
    rules = g.rules
    if rng.random() < 0.4:
        p.space = str(rng.choice(list(rules.command_spaces)))
    elif rng.random() < 0.3:
        p.space = str(rng.choice(list(rules.board.space_ids)))
    p.extra["crystals"] = int(rng.integers(0, 3))
    if rng.random() < 0.3:
        p.tokens.append(dict(SIXTH))
    if rng.random() < 0.6 and not rules.has_code(p):
        p.tokens.append(dict(CODE))
    p.boots = int(rng.integers(0, 5))
    p.swords = int(rng.integers(0, 3))
    p.exhausted = bool(rng.random() < 0.2)
    if rng.random() < 0.25:  # on a telepad, with the pass, maybe with only rides left
        p.space = str(rng.choice(list(rules.telepads)))
        p.tokens.append(dict(TELEPASS))
        p.exhausted = bool(rng.random() < 0.5)
    p.damage = int(rng.integers(0, 6))
    p.clank_made = int(rng.integers(0, 5))
    if rng.random() < 0.1:
        p.artifacts = []
    s.pending = None
    return g


def _claims(game) -> tuple[list, list]:
    """The claims offered, and every claim that passes the check (the plain list)."""
    rules, s = game.rules, game.state
    offered = [a for a in rules.legal_actions(s) if isinstance(a, ClaimCabinet)]
    plain = [
        a
        for cid in rules.cabinets
        for a in (ClaimCabinet(cid), ClaimCabinet(cid, "sixth-crystal"))
        if rules.check(s, a) is None
    ]
    return offered, plain


def test_the_claims_offered_are_every_claim_that_passes_its_check():
    rng = np.random.default_rng(5)
    seen = allowed = crystal = 0
    for seed in range(3):
        for game in positions("pulsarcade", seed):
            offered, plain = _claims(game)
            assert offered == plain
            g = pushed(game, rng)
            offered, plain = _claims(g)
            assert offered == plain, (g.state.player.space, g.state.player.tokens)
            seen += 1
            allowed += bool(plain)
            crystal += any(a.cabinet == "snack-man" for a in plain)
    assert seen > 200 and allowed > 20 and crystal > 10


# -- the navigator, against the plain search it shortens


def plain_step(nav: ShipNavigator, legal: list) -> A.Action | None:
    """The step of the plain search: every reachable space closer to the goals with its
    best option, the least (distance, damage, boots, id) taken."""
    goals = nav.goals()
    if not goals:
        return None
    dist = nav.distances(goals)
    here = dist[nav.p.space]
    opts = _paths.turn_options(nav.game.board, **nav.ctx)
    best = None
    for sid in opts.reachable:
        if sid == nav.p.space or dist[sid] >= here:
            continue
        choice = opts.best(sid)
        key = (dist[sid], choice.damage, choice.boots, sid)
        if best is None or key < best[0]:
            best = (key, sid)
    if best is None:
        return None
    steps = opts.route(best[1])
    action = nav.rules.route_action(nav.p.space, steps[0])
    return action if action in legal else None


def plain_act_here(nav: ShipNavigator, legal: list) -> A.Action | None:
    by_kind: dict[str, list] = {}
    for a in legal:
        by_kind.setdefault(a.kind, []).append(a)
    steals = by_kind.get("steal-artifact", [])
    if steals:
        return max(steals, key=lambda a: (nav.s.artifacts.get(a.space, 0), a.space))
    if not nav.p.artifacts and A.TakeArtifact() in legal:
        return A.TakeArtifact()
    for kind in ("hack-port", "claim-cabinet"):
        if by_kind.get(kind):
            return by_kind[kind][0]
    return None


@pytest.mark.parametrize("edition", ["space", "pulsarcade"])
def test_the_navigators_step_is_the_plain_searchs(edition):
    rng = np.random.default_rng(11)
    seen = steps = 0
    for seed in range(3):
        for game in positions(edition, seed):
            for g in (game, pushed(game, rng)):
                legal = g.legal_actions()
                nav = ShipNavigator(g)
                want = plain_step(ShipNavigator(g), legal)
                assert nav.step(legal) == want
                opts = _paths.turn_options(g.board, **g.path_context())
                assert ShipNavigator(g).step(legal, opts) == want
                assert ShipNavigator(g).step(legal, lambda opts=opts: opts) == want
                assert nav.act_here(legal) == plain_act_here(nav, legal)
                seen += 1
                steps += want is not None
    assert seen > 300 and steps > 50


def test_the_ships_words_are_every_replacement_in_turn():
    # a line is left alone when it holds none of the key words: each word replaced holds one
    assert all(any(k in old for k in _KEYWORDS) for old, _ in _SHIP_WORDS)
    lines = [
        "Blue finds 2 Gold",
        "The dragon attacks (dragon attack!): 3 cubes",
        "The dungeon deck has run out",
        "Red has left the dungeon deck",  # two words that overlap: replaced in turn
        "Blue buys a Gold Card for 3 Gold, left the dungeon",
        "Nothing to change here",
        "Goldfish",
    ]
    for line in lines:
        plain = line
        for old, new in _SHIP_WORDS:
            plain = plain.replace(old, new)
        assert in_ship_words(line) == plain


def test_a_piece_file_that_changes_gives_a_new_ship(tmp_path):
    # ships are kept by their pieces' files and when those last changed, not re-read
    import json
    import os

    from clankwidget.data._files import board_data_dir
    from clankwidget.rules.ship import assemble_ship

    doc = json.loads((board_data_dir() / "boards" / "space-armory.json").read_text())
    piece = tmp_path / "my-armory.json"
    piece.write_text(json.dumps(doc))
    first = assemble_ship([str(piece), "space-reactor", "space-gymnasium"])
    assert assemble_ship([str(piece), "space-reactor", "space-gymnasium"]) is first
    doc["spaces"][0]["name"] = "Renamed Space"
    piece.write_text(json.dumps(doc))
    later = os.stat(piece).st_mtime_ns + 10**9  # (a clock too coarse to see the change)
    os.utime(piece, ns=(later, later))
    second = assemble_ship([str(piece), "space-reactor", "space-gymnasium"])
    assert second is not first
    assert second.space(doc["spaces"][0]["id"]).name == "Renamed Space"
