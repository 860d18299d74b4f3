"""Seeded random games of Clank! Legacy, checking invariants after every action.

As many games as the Clank! conformance test (1,000: 2, 3 and 4 players, a third of them
with Contracts and a Patron in play), on the Legacy teaching map. After every action:
each player's 30 cubes and the 24 black cubes conserved (supply, damage, Clank! area,
bag, set aside), no cube of an escaped player left in the Clank! area, every card
somewhere once, Gold, Skill, Swords and Boots never negative, health bounds, one
artifact at most and every artifact somewhere once, one Mug per player (held by exactly
the players who escaped), the rage marker on its track, contracts done by at most one
player. Every game ends, with no legal action left; every tenth game is replayed and
round-tripped through JSON to the identical state.
"""

from __future__ import annotations

import pytest

from clankwidget import Game

from test_conformance import card_census, play_out

GAMES = 1000
CHUNKS = 10
OPTIONS = {"contracts": ["survey-lake", "deep-delivery", "rainy-day"], "patron": "patron-hermit"}


def check_invariants(game: Game, cards0, artifacts0: int) -> None:
    s, su = game.state, game.rules.setup_numbers
    mugs_held = 0
    for p in s.players:
        c = p.colour
        where = (p.supply, p.damage, s.clank_area.get(c, 0), s.bag.get(c, 0), s.aside.get(c, 0))
        assert sum(where) == su["cubes"] and min(where) >= 0, f"{c}: {where}"
        assert 0 <= p.damage <= su["health"]
        if p.is_in:
            assert p.damage < su["health"]
        if p.status == "escaped":
            assert s.clank_area.get(c, 0) == 0 and p.artifacts
        assert len(p.artifacts) <= 1
        assert min(p.skill, p.swords, p.boots, p.gold, p.teleports) >= 0
        mugs = sum(1 for t in p.tokens if t["kind"] == "mug")
        assert mugs == (p.status == "escaped")
        mugs_held += mugs
    assert s.extra["mugs"] + mugs_held == len(s.players)
    assert s.bag.get("black", 0) + s.aside.get("black", 0) == su["black_cubes"]
    assert min(s.bag.values()) >= 0
    assert card_census(game) == cards0
    assert sum(len(p.artifacts) for p in s.players) + len(s.artifacts) == artifacts0
    assert 0 <= s.rage < len(su["rage_track"])
    assert all(c["done"] in (None, *(p.colour for p in s.players)) for c in s.extra["contracts"])
    assert not any(cid and game.rules.card(cid).banner == "event" for cid in s.row)


def random_game(seed: int, players: int, options: dict | None) -> Game:
    game = Game.new("legacy", players=players, seed=seed, options=options)
    return play_out(game, seed, check_invariants)


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_games_keep_every_invariant(chunk):
    per = GAMES // CHUNKS
    reasons = set()
    for seed in range(chunk * per, (chunk + 1) * per):
        options = OPTIONS if seed % 3 == 0 else None
        game = random_game(seed, 2 + seed % 3, options)
        reasons.add(game.state.end_reason)
        if seed % 10 == 0:
            assert game.replay().state.to_dict() == game.state.to_dict()
            again = Game.from_json(game.to_json())
            assert again.state.to_dict() == game.state.to_dict()
    assert reasons  # every game ended with a reason


def test_games_reach_every_ending_and_the_legacy_components():
    """Across 60 games: escapes with a Mug, knock-outs, the empty-bag ending, events,
    passages, coach rides and contracts all happen."""
    seen = set()
    for seed in range(60):
        game = random_game(seed, 2 + seed % 3, OPTIONS)
        s = game.state
        seen.add(s.end_reason)
        seen |= {p.status for p in s.players}
        if any(c["done"] for c in s.extra["contracts"]):
            seen.add("contract")
        log = "\n".join(game.log)
        for word, tag in (
            ("is resolved and discarded", "event"),
            ("reads passage", "passage"),
            ("takes the coach", "coach"),
            ("is off the clock", "off-clock"),
        ):
            if word in log:
                seen.add(tag)
    want = {
        "escaped",
        "knocked-out",
        "the dragon bag is empty",
        "every player has left the map",
        "contract",
        "event",
        "passage",
        "coach",
        "off-clock",
    }
    assert want <= seen, want - seen
