"""Seeded random games of Clank! In! Space! and Pulsarcade, checking invariants after every action.

Both editions, 2-4 players, several ship layouts, and a third of the games with the boss
marker starting near the red zone (bounty hunters and the lockdown early). The players
are random but guided: they usually take the purposeful action (hack, steal, claim,
ransack...) and walk towards their next goal, so games reach command codes, artifacts,
escapes and rescues. After every action: every cube conserved (each thief's 30, the 24
black including vault cubes and marks, the 4 red including those on the rage track),
data cubes, power crystals, command codes, escape pods, cabinets, cards, health bounds,
one artifact at most; every game ends; replay and the JSON round trip rebuild the
identical state.
"""

from __future__ import annotations

import copy
from collections import Counter, deque

import numpy as np
import pytest

from clankwidget import Game
from clankwidget.data import CardSet, load_cards
from clankwidget.rules.actions import EndTurn, Move, Play
from clankwidget.rules.pulsarcade import PulsarcadeRules
from clankwidget.rules.space import SpaceRules, assemble_ship

from test_conformance import card_census

MAX_STEPS = 20_000
CARDS = load_cards("space-teaching")
COLOURS = ["blue", "yellow", "green", "purple"]

LAYOUTS = [
    ("space", None),
    ("space", ["space-armory", "space-observatory", "space-gymnasium"]),
    ("space", {"fore": "space-sickbay", "mid": "space-greenhouse", "aft": "space-observatory"}),
    ("pulsarcade", None),
    ("pulsarcade", ["pulsarcade-vault", "pulsarcade-research-lab", "pulsarcade-race-track"]),
    (
        "pulsarcade",
        ["pulsarcade-black-market", "space-reactor", "pulsarcade-race-track", "pulsarcade-mcp"],
    ),
    ("pulsarcade", ["space-greenhouse", "pulsarcade-vault", "pulsarcade-cloning-vats"]),
]
RULES = {"space": SpaceRules, "pulsarcade": PulsarcadeRules}
PURPOSE = {
    "hack-port",
    "take-artifact",
    "steal-artifact",
    "claim-cabinet",
    "ransack",
    "clone",
    "thrill",
}


def _hot_cards() -> CardSet:
    doc = copy.deepcopy(CARDS.raw)
    doc["setup"]["rage_start"] = {"2": 6, "3": 6, "4": 6}
    return CardSet.from_dict(doc, source="<hot cards>")


HOT = _hot_cards()


def new_game(seed: int, players: int, edition: str, pieces, cards: CardSet) -> Game:
    board = assemble_ship(pieces, edition=edition)
    setup = {
        "edition": edition,
        "colours": COLOURS[:players],
        "seed": seed,
        "board": board.raw,
        "cards": cards.raw,
    }
    return Game._from_setup(setup, RULES[edition], board, cards)


class Totals:
    """What the game started with, for the conservation checks."""

    def __init__(self, game: Game):
        s = game.state
        self.cards = card_census(game)
        self.artifacts = len(s.artifacts)
        self.cabinets = dict(s.extra.get("cabinets", {}))
        self.players = len(s.players)


def check_invariants(game: Game, t: Totals) -> None:
    s, rules = game.state, game.rules
    su = rules.setup_numbers
    census = rules.cube_census(s)
    assert census["black"] == su["black_cubes"], census
    assert census["red"] == 4, census
    for c in ("black", "red"):
        assert min(s.bag.get(c, 0), s.clank_area.get(c, 0), s.aside.get(c, 0)) >= 0
    hacked = []
    for p in s.players:
        c = p.colour
        assert census[c] == su["cubes"], f"{c} has {census[c]} cubes"
        assert min(p.supply, s.clank_area.get(c, 0), s.bag.get(c, 0), s.aside.get(c, 0)) >= 0
        assert 0 <= p.extra["marks"] <= p.damage <= su["health"]
        if p.is_in:
            assert p.damage < su["health"]
        assert len(p.artifacts) <= 1
        assert min(p.skill, p.swords, p.boots, p.gold, p.teleports) >= 0
        assert p.extra["data"] + len(p.extra["hacked"]) == 2 and p.extra["data"] >= 0
        modules = [rules.board.space(x).module for x in p.extra["hacked"]]
        assert len(set(modules)) == len(modules)
        assert rules.has_code(p) == (p.extra["data"] == 0)
        hacked += p.extra["hacked"]
        assert p.owns("code") <= 1
        market = [t["id"] for t in p.tokens if t.get("kind") == "market"]
        assert len(market) == len(set(market)), "one market item of each type"
        if "cabinets" in p.extra:
            assert len(p.extra["cabinets"]) == len(set(p.extra["cabinets"]))
    assert sorted(hacked) == sorted(s.extra["ports"])
    assert s.extra["crystals"] + sum(p.extra["crystals"] for p in s.players) == 5
    assert s.extra["codes"] + sum(p.owns("code") for p in s.players) == t.players
    escaped = sum(1 for p in s.players if p.status == "escaped")
    assert sum(s.extra["pods"].values()) + escaped == 4
    assert card_census(game) == t.cards
    assert sum(len(p.artifacts) for p in s.players) + len(s.artifacts) == t.artifacts
    assert 0 <= s.rage < len(su["rage_track"])
    if t.cabinets:
        for cid, n in t.cabinets.items():
            claimed = sum(1 for p in s.players if cid in p.extra["cabinets"])
            assert s.extra["cabinets"][cid] + claimed == n
    assert s.over or s.player.status != "knocked-out"


def _distances(board) -> dict[str, dict[str, int]]:
    """Steps between spaces along walkable paths (ignoring costs), by BFS."""
    out = {}
    for src in board.space_ids:
        dist, queue = {src: 0}, deque([src])
        while queue:
            u = queue.popleft()
            for p in board.exits(u):
                v = p.other_end(u)
                if v not in dist:
                    dist[v] = dist[u] + 1
                    queue.append(v)
        out[src] = dist
    return out


def _targets(game: Game) -> set[str]:
    s, rules, p = game.state, game.rules, game.current_player
    board = rules.board
    if p.artifacts:
        return set(s.extra["pods"])
    if rules.has_code(p):
        return set(getattr(rules, "redemptions", {})) | set(s.artifacts)
    done = {board.space(x).module for x in p.extra["hacked"]}
    return {
        sp.id
        for sp in board.spaces
        if sp.data_port and sp.id not in s.extra["ports"] and sp.module not in done
    }


def choose_action(game: Game, rng, dist) -> object:
    legal = game.legal_actions()
    assert legal, "a live game always offers an action"
    if game.pending:
        return legal[int(rng.integers(len(legal)))]
    pick = lambda xs: xs[int(rng.integers(len(xs)))]  # noqa: E731
    purposeful = [a for a in legal if a.kind in PURPOSE]
    if purposeful and rng.random() < 0.8:
        return pick(purposeful)
    plays = [a for a in legal if isinstance(a, Play)]
    if plays and rng.random() < 0.7:
        return pick(plays)
    p = game.current_player
    targets = _targets(game)
    here = min((dist[p.space].get(t, 99) for t in targets), default=99)
    closer = []
    for a in legal:
        if isinstance(a, Move):
            to = game.board.paths[a.path].other_end(p.space)
        elif a.kind in ("hyperlift", "telepad", "teleport"):
            to = a.to
        else:
            continue
        if min((dist[to].get(t, 99) for t in targets), default=99) < here:
            closer.append(a)
    if closer and rng.random() < 0.85:
        return pick(closer)
    others = [
        a for a in legal if not isinstance(a, EndTurn) and a.kind not in ("hyperlift", "telepad")
    ]
    end = [a for a in legal if isinstance(a, EndTurn)]
    if end and (not others or rng.random() < 0.35):
        return end[0]
    return pick(others or legal)


def random_game(
    seed: int, players: int, edition: str, pieces, cards: CardSet, seen: Counter
) -> Game:
    game = new_game(seed, players, edition, pieces, cards)
    rng = np.random.default_rng(seed)
    dist = _distances(game.board)
    totals = Totals(game)
    check_invariants(game, totals)
    for _ in range(MAX_STEPS):
        if game.is_over:
            break
        action = choose_action(game, rng, dist)
        seen[action.kind] += 1
        game.apply(action)
        check_invariants(game, totals)
    assert game.is_over, f"seed {seed}: game did not end in {MAX_STEPS} actions"
    assert game.legal_actions() == []
    return game


GAMES = 210
CHUNKS = 6


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_games_keep_every_invariant(chunk):
    seen: Counter = Counter()
    outcomes: Counter = Counter()
    per = GAMES // CHUNKS
    for i in range(chunk * per, (chunk + 1) * per):
        edition, pieces = LAYOUTS[i % len(LAYOUTS)]
        cards = HOT if i % 3 == 0 else CARDS
        game = random_game(i, 2 + i % 3, edition, pieces, cards, seen)
        if i % 5 == 0:  # replay and JSON on a fifth of the games keep the run quick
            assert game.replay().state.to_dict() == game.state.to_dict()
            assert Game.from_json(game.to_json()).state.to_dict() == game.state.to_dict()
        scores = game.scores()
        for p in game.players:
            outcomes[p.status] += 1
            if p.status == "knocked-out" and not game.rules.rescued(game.state, p):
                assert scores[p.colour] == 0
            if p.status == "escaped":
                assert scores[p.colour] >= 20 + p.artifacts[0]
    # the guided players do reach the edition's rules
    assert (
        seen["hack-port"] and seen["take-artifact"] + seen["steal-artifact"] and outcomes["escaped"]
    )


def test_every_layout_is_played():
    assert {e for e, _ in LAYOUTS} == {"space", "pulsarcade"}
    kinds = set()
    for edition, pieces in LAYOUTS:
        rules = new_game(0, 2, edition, pieces, CARDS).rules
        kinds |= {m.kind for m in getattr(rules, "modules", ())}
    assert kinds == {
        "black-market",
        "cloning-vats",
        "danger-theater",
        "race-track",
        "research-lab",
        "vault",
    }


@pytest.mark.parametrize("i", range(len(LAYOUTS)))
def test_undo_and_redo_restore_the_exact_state(i):
    edition, pieces = LAYOUTS[i]
    game = new_game(1000 + i, 2 + i % 3, edition, pieces, HOT if i % 2 else CARDS)
    rng = np.random.default_rng(i)
    dist = _distances(game.board)
    for _ in range(400):
        if game.is_over:
            break
        before = game.state.to_dict()
        game.apply(choose_action(game, rng, dist))
        after = game.state.to_dict()
        if game.can_undo:
            game.undo()
            assert game.state.to_dict() == before
            game.redo()
            assert game.state.to_dict() == after
