"""A refusal quotes what it refuses briefly: a megabyte of text, or an integer Python
will not write as text, given to the odds, deck, path, bot or position functions is
quoted by its start and end (``clankwidget.errors.shown``), so the message says what was
wrong in a line a person can read (and a notebook can show) instead of echoing it whole.
"""

from __future__ import annotations

import itertools

import pytest

import clankwidget as cw
from clankwidget import deck, odds, paths, positions, simulate
from clankwidget.campaign import Campaign

BIG = "z" * 10**6


@pytest.fixture(scope="module")
def game():
    return cw.Game.new(players=2, seed=1)


CASES = {
    "path start": (lambda g: paths.turn_options(g.board, start=BIG, boots=3), "has no space 'zzz"),
    "path boots": (
        lambda g: paths.turn_options(g.board, start=g.board.start, boots=-(10**5000)),
        "boots must be at least 0, got <an integer of about 5,000 digits>",
    ),
    "odds health": (
        lambda g: odds.knockout_odds(bag={"blue": 3}, health={BIG: 3}, attacks=[3]),
        "player named in health \\('zzz",
    ),
    "odds bag": (
        lambda g: odds.knockout_odds(bag={BIG: 3}, health={"blue": 3}, attacks=[3]),
        "unknown colour 'zzz",
    ),
    "deck card": (lambda g: deck.resource_distribution([BIG], resource="skill"), "what card 'zzz"),
    "deck resource": (
        lambda g: deck.resource_distribution(["a"], resource=BIG, cards={"a": {"skill": 2}}),
        "unknown resource 'zzz",
    ),
    "deck k": (
        lambda g: deck.chance_at_least(["a"], resource="skill", k=BIG, cards={"a": {"skill": 2}}),
        "k must be an integer, got 'zzz",
    ),
    "bot": (lambda g: cw.edition("clank").make_bot(BIG), "unknown bot 'zzz"),
    "odds method": (
        lambda g: odds.knockout_odds(bag={"blue": 3}, health={"blue": 3}, attacks=[3], method=BIG),
        "method must be 'auto', 'exact' or 'simulate', got 'zzz",
    ),
    "monster cost": (
        lambda g: paths.weighted_distance_table(g.board, monster_cost=10**5000),
        "monster_cost must be from 0 to 1,000, got <an integer of about 5,000 digits>",
    ),
    "distance targets": (
        lambda g: paths.distance_table(g.board, 10**5000),
        "targets must be a space id or a list of them, got <an integer",
    ),
    "deck conditions": (
        lambda g: deck.resource_distribution(
            ["a"], resource="skill", cards={"a": {"skill": 1}}, conditions=[BIG]
        ),
        "unknown condition\\(s\\) 'zzz",
    ),
    "players": (lambda g: cw.position("clank", players=10**5000), "got <an integer of about 5,000"),
    "a position of no game": (
        lambda g: positions.position_of("my game"),
        "position_of needs a Game, got str",
    ),
    "captain odds without rules": (
        lambda g: odds.captain_meet_odds(None, {}, {}),
        "rules must be a Moonrakers game's rules, got NoneType",
    ),
    "captain odds without an observation": (
        lambda g: odds.captain_meet_odds(
            cw.Game.new("moonrakers", players=3, seed=1).rules, {}, {}
        ),
        "obs must be a captain's observation",
    ),
    "tournament": (lambda g: simulate.tournament([BIG, "random"], 2), "unknown bot 'zzz"),
    "a table's seats": (lambda g: cw.play(human=BIG), "human must be a seat from 0 to 1"),
    "a table's seat number": (
        lambda g: cw.play(human=10**5000),
        "got <an integer of about 5,000 digits>",
    ),
    "a table's bot delay": (
        lambda g: cw.play(bot_delay=BIG),
        "bot_delay must be from 0 to 60 seconds, got 'zzz",
    ),
    "a table's endless bot delay": (
        lambda g: cw.play(bot_delay=10**5000),
        "bot_delay must be from 0 to 60 seconds",
    ),
    "an environment's players": (
        lambda g: cw.env.env(players=BIG),
        "players must be 2 to 4 for Clank!.*, got 'zzz",
    ),
    "a save's indent": (lambda g: g.to_json(indent=BIG), "indent must be None, 0 to 16"),
    "a save's huge indent": (lambda g: g.to_json(indent=10**12), "got 1000000000000"),
    "a campaign's indent": (
        lambda g: Campaign.start("quillmere-charter").to_json(indent=10**5000),
        "indent must be None, 0 to 16 or up to 16 spaces, got <an integer of about 5,000",
    ),
    "a tournament's interval": (
        lambda g: simulate.wilson_interval(10**5000, 3),
        "wins must be a finite number, got <an integer of about 5,000 digits>",
    ),
    "a game's step limit": (
        lambda g: simulate.play_game(["random", "random"], 1, max_steps=BIG),
        "max_steps must be a positive whole number, got 'zzz",
    ),
    "a game's huge step limit": (
        lambda g: simulate.play_game(["random", "random"], 1, max_steps=10**5000),
        "from 1 to 1,000,000, got <an integer of about 5,000 digits>",
    ),
    "a game's colours": (
        lambda g: simulate.play_game(["random", "random"], 1, players=10**5000),
        "players must be a list of colours, one per bot, got <an integer",
    ),
    "a tournament's bots": (
        lambda g: simulate.tournament(10**5000, 2),
        "bot_names must be a list of bots, got <an integer",
    ),
    "a tournament's players": (
        lambda g: simulate.tournament(["greedy", "random"], 2, players=10**5000),
        "players must be 2 to 4 for Clank!.*, got <an integer",
    ),
    "a tournament's games": (
        lambda g: simulate.tournament(["greedy", "random"], 10**5000),
        "this tournament is about 10\\^5000 games, over the 1,000,000",
    ),
    "a tournament's step limit": (
        lambda g: simulate.tournament(["greedy", "random"], 2, max_steps=BIG),
        "max_steps must be a positive whole number, got 'zzz",
    ),
    "a tournament's cluster": (
        lambda g: simulate.tournament(["greedy", "random"], 2, client=BIG),
        "client must be a scheduler address, got 'zzz",
    ),
    "a result's bot": (
        lambda g: simulate.tournament(["greedy", "random"], 2).win_rate(BIG),
        "no bot 'zzz.*in this tournament: it had greedy, random",
    ),
    "a mirror table's seat": (
        lambda g: simulate.tournament(["greedy"], 2, mirror=True).seat_balance("greedy").share(BIG),
        "seat must be a seat number \\(0-based\\), got 'zzz",
    ),
    "a table's bots": (
        lambda g: cw.ClankBoard(g, bots=10**5000),
        "bots must be a bot's name, a bot or a list of them \\(one per bot seat\\), got <an",
    ),
    "a table's bot": (
        lambda g: cw.ClankBoard(g, bots=[BIG]),
        "unknown bot 'zzz",
    ),
    "a table's bot of no kind": (
        lambda g: cw.ClankBoard(g, bots=[10**5000]),
        "a bot is a name \\(random, greedy, planner\\) or a bot object, got <an integer",
    ),
    "a simulation's seed": (
        lambda g: odds.sample_attacks({"blue": 3, "black": 3}, 2, 10, seed=BIG, hit_all=None),
        "seed must be an int, SeedSequence or Generator, got 'zzz",
    ),
    "position field": (
        lambda g: positions.changed(g.position(), {BIG: 1}),
        "changes.'zzz.*no such field",
    ),
    "position index": (
        lambda g: positions.changed(g.position(), {"row": {BIG: "x"}}),
        "changes.row.'zzz.*expected an index",
    ),
}


@pytest.mark.parametrize("call, says", CASES.values(), ids=CASES.keys())
def test_a_refusal_quotes_a_huge_argument_briefly(game, call, says):
    with pytest.raises((ValueError, KeyError, TypeError), match=says) as refused:
        call(game)
    assert len(str(refused.value)) <= 1300


def test_an_absurd_budget_is_written_briefly(game):
    """Path questions take budgets of any size (they reach what the board allows); the
    answer's text says how long a number is that Python will not write out."""
    opts = paths.turn_options(game.board, start=game.board.start, boots=10**5000)
    assert "boots=<an integer of about 5,000 digits>" in str(opts)


class ReadTooFar(Exception):
    """Raised by :func:`endless` once a call has read far past any sane bound."""


def endless(item, far: int = 100_000):
    """An endless iterable of ``item`` that fails the test, rather than hanging it, if a
    call keeps reading it."""
    for i in itertools.count():
        if i > far:
            raise ReadTooFar(f"read {far:,} items of an endless iterable")
        yield item


SHIP = ["space-greenhouse", "space-reactor", "space-sickbay"]

ENDLESS = {
    "players": (lambda g: cw.Game.new(players=endless("blue")), "more than 4 colours"),
    "ship modules": (lambda g: cw.Game.new("space", players=2, modules=endless("x")), "modules holds more than"),
    "ship modules by name": (lambda g: cw.Game.new("space", modules=endless("space-greenhouse")), "modules holds more than 16"),
    "ship positions": (lambda g: cw.Game.new("space", modules=SHIP, positions=endless("fore")), r"positions \(each of fore, mid, aft once\) holds more than 3"),
    "closed spaces": (lambda g: paths.turn_options(g.board, start=g.board.start, boots=3, closed=endless("x")), "closed holds more than"),
    "lift groups": (lambda g: paths.turn_options(g.board, start=g.board.start, boots=3, lifts=endless(["entrance"])), "lifts holds more than"),
    "a lift group": (lambda g: paths.turn_options(g.board, start=g.board.start, boots=3, lifts=[endless("entrance")]), "a lift group holds more than"),
    "seats at the table": (lambda g: cw.play(players=2, human=endless(0)), "human holds more than 2"),
    "bots at the table": (lambda g: cw.play(players=2, bots=endless("greedy")), "bots holds more than"),
    "card conditions": (lambda g: deck.resource_distribution(["a"], resource="skill", cards={"a": {"skill": 1}}, conditions=endless("x")), "conditions holds more than"),
    "a tournament's bots": (lambda g: simulate.tournament(endless("greedy"), 2), "more than 100 bots"),
    "a position's hand": (lambda g: cw.position("clank", seed=1, changes={"players": {"blue": {"hand": endless("x")}}}), "changes.players.blue.hand: expected a JSON value"),
    "a changed row": (lambda g: positions.changed(g.position(), {"row": endless("x")}), "changes.row: expected a JSON value"),
}  # fmt: skip


@pytest.mark.parametrize("call, says", ENDLESS.values(), ids=ENDLESS.keys())
def test_an_endless_iterable_is_refused_without_reading_it_all(game, call, says):
    with pytest.raises((ValueError, TypeError), match=says):
        call(game)
