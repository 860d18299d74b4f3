"""The greedy and random bots choose what they chose as first written.

The greedy bot reads its table (card tables, ship or dungeon, distance tables) once per
game, shares its card values with the bots that price cards alike, answers most decisions from the legal list without checking them again, and finds
a step's Move in the list without making one; the random bot filters the list with
``isinstance`` as a function; a bot that does not draw makes its generator only when
asked for it. Each test sets the bot beside the plain way, written out here, on every
position of seeded games.
"""

from __future__ import annotations

import copy
import pickle
from typing import ClassVar

import numpy as np
import pytest

from clankwidget import Game, edition, editions, registry
from clankwidget._shipnav import ShipNavigator
from clankwidget.bots import GreedyBot, RandomBot, aboard
from clankwidget.bots import board_info as bi
from clankwidget.bots.evaluation import _checked, _offered, _pending_choice
from clankwidget.rules import actions as A

GREEDY = [e.name for e in editions(engine=True) if isinstance(e.make_bot("greedy"), GreedyBot)]


def _plain_move(bot, game, p, target, legal, info, ways):
    """:meth:`GreedyBot._move` as first written: each step's Move made, then looked for."""
    keys, canoe, gold = ways
    for path, dest in bi._next_steps(
        info, p.space, target, keys, bool(p.artifacts), canoe=canoe, gold=gold
    ):
        if path == "coach":
            a = game.rules.route_action(p.space, bi._paths.Step("coach", dest, 0, 0, 1))
        else:
            a = A.Move(path.index, min(path.monsters, p.swords))
        if _offered(a, legal):
            return a
    if p.teleports:
        d = info.ways(keys, canoe, gold)["dist"]
        t = info.idx[target]
        here = d[info.idx[p.space]][t]
        best = None
        for a in legal:
            if isinstance(a, A.Teleport):
                dd = d[info.idx[a.to]][t]
                if dd < here and (best is None or (dd, a.to) < best[0]):
                    best = ((dd, a.to), a)
        if best is not None:
            return best[1]
    return None


def _plain_target(bot, game, p, info, d) -> str | None:
    """:meth:`GreedyBot._target` as first written: the largest ``(value, -boots)``."""
    here = info.idx[p.space]
    arts = game.state.artifacts
    if p.artifacts:
        if len(p.artifacts) < 1 + p.owns("backpack"):
            via = bot._on_the_way(info, d, here, arts)
            if via is not None:
                return via
        return info.board.start
    best = None
    for room, value in arts.items():
        dist = d[here][info.idx[room]]
        if dist != float("inf") and (best is None or (value, -dist) > best[0]):
            best = ((value, -dist), room)
    return None if best is None else best[1]


def _plain_choose(bot, game, legal) -> A.Action:
    """:meth:`GreedyBot._choose` as first written (with the check :meth:`choose` made):
    the table read at every decision, every class by ``isinstance`` or ``in legal``."""
    if game.pending:
        return _checked(
            _pending_choice(game, legal, lambda k, v: bot._score_option(game, k, v)), legal
        )
    if A.TakeSecret() in legal:
        return _checked(A.TakeSecret(), legal)
    p = game.current_player
    if p.hand:
        return _checked(A.Play(bot._play_order(game, p)), legal)
    ship = ShipNavigator(game) if registry.edition(game.edition).has("ship") else None
    if ship is not None:
        target = None
        here = ship.act_here(legal)
        if here is not None:
            return _checked(here, legal)
        module = aboard.module_action(game, p, {type(a) for a in legal}, legal)
        if module is not None:
            return _checked(module, legal)
    else:
        info, ways = bi._info(game.board), bi._ways(game, p)
        target = _plain_target(bot, game, p, info, info.ways(*ways)["dist"])
        if A.TakeArtifact() in legal and (target == p.space or target is None):
            return _checked(A.TakeArtifact(), legal)
    if any(isinstance(a, A.Buy) for a in legal):
        if ship is not None:
            buy = aboard.ship_buy(game, p, legal, ship)
        else:
            buy = bot._buy(game, p, legal, target)
        if buy is not None:
            return _checked(buy, legal)
    for a in legal:
        if isinstance(a, A.UseToken):
            tok = next(t for t in p.tokens if t["id"] == a.token and t.get("use"))
            heal = sum(e.get("heal", 0) for e in tok["use"])
            if heal and p.damage >= heal:
                return _checked(a, legal)
    best = None
    for a in legal:
        if isinstance(a, A.Acquire | A.Defeat):
            cid = game.state.row[a.slot]
        elif isinstance(a, A.AcquireReserve | A.DefeatReserve):
            cid = a.card
        else:
            continue
        v = bot.card_value(game, cid)
        if v > 0.4 and (best is None or v > best[0]):
            best = (v, a)
    if best is not None:
        return _checked(best[1], legal)
    if ship is not None:
        move = aboard.ship_step(game, p, ship, legal)
        if move is not None:
            return _checked(move, legal)
    elif target is not None and target != p.space:
        move = _plain_move(bot, game, p, target, legal, info, ways)
        if move is not None:
            return _checked(move, legal)
    return _checked(A.EndTurn(), legal)


def _plain_random(rng, legal) -> A.Action:
    """:meth:`RandomBot.choose` as first written, drawing from ``rng``."""
    others = [a for a in legal if not isinstance(a, A.EndTurn)]
    n = len(others)
    if not n or (n < len(legal) and rng.random() < 0.25):
        return next(a for a in legal if isinstance(a, A.EndTurn))
    return others[rng.integers(n)]


def test_greedy_and_random_choose_as_first_written():
    asked = GreedyBot(0)  # one bot asked on every table in turn: it must read each anew
    for name in GREEDY * 2:
        for seed in range(2):
            game = Game.new(name, players=3, seed=seed)
            greedy, rand, plain_rng = GreedyBot(seed), RandomBot(seed), np.random.default_rng(seed)
            seats = [greedy, rand, greedy] if seed % 2 else [rand, greedy, greedy]
            for n in range(3000):
                if game.is_over:
                    break
                legal = game.legal_actions()
                bot = seats[game.state.players.index(game.acting_player)]
                if bot is rand:
                    action = rand.choose(game)
                    assert action == _plain_random(plain_rng, legal), (name, seed, n)
                    assert rand.rng.bit_generator.state == plain_rng.bit_generator.state
                else:
                    action = bot.choose(game)
                    want = _plain_choose(GreedyBot(seed), game, legal)
                    assert action == want, (name, seed, n, action, want)
                    assert action in legal
                    assert asked._choose(game, legal) == want, (name, seed, n)
                    # a list without the end of the turn (a rule the bot does not model)
                    cut = [a for a in legal if not isinstance(a, A.EndTurn)]
                    if cut and len(cut) < len(legal) and not game.pending:
                        want = _plain_choose(GreedyBot(seed), game, cut)
                        assert asked._choose(game, cut) == want, (name, seed, n)
                game.apply(action)


def test_a_generator_made_when_first_asked_draws_as_one_made_at_once():
    for seed in (0, 7, 2**40, 2**70):
        late, now = RandomBot(seed), np.random.default_rng(seed)
        assert "rng" not in vars(late)
        assert [late.rng.integers(9) for _ in range(20)] == [now.integers(9) for _ in range(20)]
        assert late.rng is late.rng  # made once, then an attribute like any other
    # a copy, a pickle: before and after the first draw, the same numbers follow
    for bot in (GreedyBot(5), RandomBot(5)):
        twin, thawed = copy.deepcopy(bot), pickle.loads(pickle.dumps(bot))
        assert twin.rng.random() == thawed.rng.random() == bot.rng.random()
        twin, thawed = copy.deepcopy(bot), pickle.loads(pickle.dumps(bot))
        assert twin.rng.random() == thawed.rng.random() == bot.rng.random()
    given = np.random.default_rng(3)
    assert RandomBot(given).rng is given  # a generator is used as it is
    bot = GreedyBot(1)
    bot.rng = given
    assert bot.rng is given
    with pytest.raises(AttributeError):
        _ = bot.no_such_thing
    for bad in (-1, 1.5, "x"):  # refused when the bot is made, as before
        with pytest.raises((TypeError, ValueError)):
            GreedyBot(bad)
    with pytest.raises(ValueError):
        edition("clank").make_bot("greedy", seed=-3)


def test_card_values_are_shared_only_by_bots_that_price_alike():
    class Dear(GreedyBot):
        prices: ClassVar[dict] = {**GreedyBot.prices, "boots": 9.0, "skill": 0.1}

    class Own(GreedyBot):
        def card_value(self, game, cid):
            return float(len(cid))

    for name in GREEDY:
        game = Game.new(name, players=2, seed=0)
        for bot in (GreedyBot(0), Dear(0), Own(0), GreedyBot(1), Dear(1)):
            for cid in game.cards.cards:
                assert bot._value(game, cid) == bot.card_value(game, cid), (name, bot, cid)


@pytest.mark.parametrize("name", ["clank", "legacy"])
def test_target_is_the_largest_value_then_fewest_boots(name):
    """Artifacts of equal values at equal and unequal distances (the games alone rarely
    tie): the target is the plain way's on every table of ways, from every space."""
    game = Game.new(name, players=2, seed=0)
    bot, info, s = GreedyBot(0), bi._info(game.board), game.state
    p = copy.deepcopy(s.players[0])
    p.artifacts = []
    rng = np.random.default_rng(4)
    kept = s.artifacts
    try:
        for _ in range(300):
            rooms = rng.choice(info.ids, size=int(rng.integers(1, 7)), replace=False)
            s.artifacts = {str(r): int(v) for r, v in zip(rooms, rng.integers(1, 4, len(rooms)))}
            p.space = str(rng.choice(info.ids))
            for ways in ((False, False, 0), (True, False, 0), (True, True, 3)):
                d = info.ways(*ways)["dist"]
                want = _plain_target(bot, game, p, info, d)
                assert bot._target(game, p, info, d) == want, (s.artifacts, p.space, ways)
    finally:
        s.artifacts = kept
