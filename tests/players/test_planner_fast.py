"""The planner's shortcuts to the odds and deck modules give what the public functions give.

The planner bot counts its deck's boots and its knockout odds at nearly every step, so it
calls the computations behind :func:`clankwidget.deck.resource_distribution` and
:func:`clankwidget.odds.knockout_odds` directly, from counts worked out once per card or
per situation, and keeps the answers. These tests set both ways side by side on many
random decks and bags, and ask twice, so that a wrong count or a stale answer shows.
"""

from __future__ import annotations

import dataclasses
import functools
import math

import numpy as np
import pytest

from clankwidget import Game, editions, paths, registry
from clankwidget.bots import PlannerBot, planner
from clankwidget.bots import planner_estimates as est
from clankwidget.bots.board_info import _info
from clankwidget.bots.evaluation import _card_noise, _effects_value, _token_guess
from clankwidget.data import Card
from clankwidget.deck import resource_distribution
from clankwidget.odds import Attack, knockout_odds
from clankwidget.rules import actions as A

PLANNED = [e.name for e in editions(engine=True) if isinstance(e.make_bot("planner"), PlannerBot)]


def _public_boots(cards, deck, conds) -> float:
    """Boots a turn as the planner counted them before its shortcut: the public function
    on the whole deck, the hand's five cards when it refuses."""
    pile = [cards.cards[c] for c in deck]
    try:
        return sum(
            resource_distribution(pile, resource=r, choose_for="boots", conditions=conds).mean
            for r in ("boots", "teleport")
        )
    except ValueError:
        unit = {"boots": 1.0, "teleport": 1.0}
        return sum(_effects_value(c.play, unit) for c in pile) * 5 / max(len(pile), 1)


@pytest.mark.parametrize("edition", PLANNED)
def test_deck_boots_equal_the_public_distribution(edition):
    cards = Game.new(edition, players=2, seed=0).cards
    ids = sorted(cards.cards)
    start = sorted(Game.new(edition, players=2, seed=0).state.players[0].all_cards)
    rng = np.random.default_rng(17)
    fallbacks = 0
    for trial in range(60):
        # a starting deck with some bought cards, now and then a deck of many draw cards
        size = int(rng.integers(0, 25 if trial % 10 else 60))
        deck = tuple(sorted(start + list(rng.choice(ids, size=size))))
        for conds in ((), ("artifact",)):
            want = _public_boots(cards, deck, conds)
            assert est._deck_boots(cards, deck, conds) == want, (deck, conds)
            assert est._deck_boots(cards, deck, conds) == want  # from the per-card table
            try:
                resource_distribution([cards.cards[c] for c in deck], resource="boots")
            except ValueError:
                fallbacks += 1
    assert fallbacks < 120  # most decks take the exact way


def test_deck_boots_fall_back_like_the_public_function():
    """A deck past the exact method's limits, or a card the deck module cannot count: both
    ways then count the hand's five cards."""
    cards = Game.new("space", players=2, seed=0).cards
    deck = tuple(sorted(list(cards.cards)[:10] * 60))
    with pytest.raises(ValueError, match="at most 500"):
        resource_distribution([cards.cards[c] for c in deck], resource="boots")
    assert est._deck_boots(cards, deck, ()) == _public_boots(cards, deck, ())

    odd = Card("odd", "Odd", "ordinary", play=({"boots": 1}, {"warp": 2}))
    more = dataclasses.replace(cards, cards={**cards.cards, "odd": odd})
    deck = tuple(sorted([*Game.new("space", players=2, seed=0).state.players[0].all_cards, "odd"]))
    with pytest.raises(ValueError, match="unknown effect"):
        resource_distribution([more.cards[c] for c in deck], resource="boots")
    for _ in range(2):  # the second time from the per-card table
        assert est._deck_boots(more, deck, ()) == _public_boots(more, deck, ())


def _public_damage(bag, attacks) -> np.ndarray:
    """P(damage <= a) after each attack, as the planner asked :func:`knockout_odds` before."""
    others, reds, mine = bag
    cubes = {"black": others, "blue": mine}
    if reds:
        cubes["red"] = reds
    steps = [
        Attack(n, {"black": them, "blue": own} if own else {"black": them})
        for n, them, own in attacks
    ]
    ko = knockout_odds(
        {"blue": 3}, steps, bag=cubes, hit_all="red", seed=0, max_exact_steps=200_000
    )
    return np.cumsum(ko.by_attack[:, 0, :], axis=1)


def test_damage_odds_equal_knockout_odds():
    rng = np.random.default_rng(5)
    est._ODDS.clear()
    for trial in range(80):
        bag = tuple(int(v) for v in (rng.integers(0, 30), rng.integers(0, 4), rng.integers(0, 12)))
        attacks = tuple(
            (int(rng.integers(1, 7)), int(rng.integers(0, 3)), int(rng.integers(0, 3)))
            for _ in range(int(rng.integers(1, 6 if trial % 8 else 16)))
        )
        want = _public_damage(bag, attacks)
        got = est._damage_odds(bag, attacks)
        np.testing.assert_array_equal(got, want)
        np.testing.assert_array_equal(est._damage_odds(bag, attacks), want)  # kept
        # up to a health: the same numbers, cut (and kept apart from the whole rows)
        most = int(rng.integers(1, 11))
        for _ in range(2):
            cut = est._damage_odds(bag, attacks, most)
            assert [len(row) for row in cut] == [min(most, want.shape[1])] * len(want)
            np.testing.assert_array_equal(np.array(cut), want[:, :most])
        np.testing.assert_array_equal(est._damage_odds(bag, attacks), want)
    # situations that differ in any one number get their own answers
    bag, attacks = (10, 1, 2), ((3, 1, 0), (3, 1, 1))
    base = np.array(est._damage_odds(bag, attacks))
    for i in range(3):
        other = tuple(v + (j == i) for j, v in enumerate(bag))
        assert not np.array_equal(est._damage_odds(other, attacks), base), other
    for t in range(2):
        for i in range(3):
            step = tuple(v + (j == i) for j, v in enumerate(attacks[t]))
            other = tuple(step if k == t else a for k, a in enumerate(attacks))
            got = np.array(est._damage_odds(bag, other))
            assert got.shape != base.shape or not np.array_equal(got, base), other


def test_damage_odds_cut_first_are_the_whole_rows_cut():
    """Rows cut at one health, then another, then whole, in any order: the numbers of
    the odds worked out afresh (the whole rows are kept by bag and attacks alone)."""
    rng = np.random.default_rng(11)
    for _ in range(40):
        est._ODDS.clear()
        est._CUT_ROWS.clear()
        bag = tuple(int(v) for v in (rng.integers(0, 30), rng.integers(0, 4), rng.integers(0, 12)))
        attacks = tuple(
            (int(rng.integers(1, 7)), int(rng.integers(0, 3)), int(rng.integers(0, 3)))
            for _ in range(int(rng.integers(1, 6)))
        )
        want = _public_damage(bag, attacks)
        for most in (*rng.integers(1, 16, 3).tolist(), None, int(rng.integers(1, 16))):
            got = est._damage_odds(bag, attacks, most)
            assert [len(row) for row in got] == [len(want[0, :most])] * len(want)
            np.testing.assert_array_equal(np.array(got), want[:, :most])


def test_damage_odds_follow_the_simulation_when_exact_is_too_much():
    """Past the planner's 200,000 exact steps the public function simulates (seed 0);
    the shortcut must take the same way, to the same numbers."""
    bag = (40, 3, 10)
    attacks = tuple((6, 3, 2) for _ in range(15))
    ko = knockout_odds(
        {"blue": 3},
        [Attack(n, {"black": t, "blue": o}) for n, t, o in attacks],
        bag={"black": 40, "red": 3, "blue": 10},
        seed=0,
        max_exact_steps=200_000,
    )
    assert ko.method == "simulate"
    np.testing.assert_array_equal(est._damage_odds(bag, attacks), _public_damage(bag, attacks))


# ---------------------------------------------------------------------------
# What the planner works out once: the same as working it out every time


def _planner_positions(edition, seed, limit=160):
    """``(game, planner)`` before each of the planner's decisions in a seeded game
    against the greedy bot (the planner in seat 0)."""
    game = Game.new(edition, players=2, seed=seed)
    kinds = registry.edition(edition)
    bots = [kinds.make_bot("planner", seed=seed), kinds.make_bot("greedy", seed=seed + 1)]
    for _ in range(limit):
        if game.is_over:
            return
        seat = game.state.current
        if seat == 0:
            yield game, bots[0]
        game.apply(bots[seat].choose(game))


def _every_stop(bot, game, p) -> list[tuple[int, float]]:
    """The stops worth a detour, looking at every stop of the board (as the planner did
    before it kept the stops with gold, a market or a token)."""
    s = game.state
    info = _info(game.board)
    crown = next((m for m in game.cards.market if m["grants"] == "crown"), None)
    cost = crown.get("cost", 7) if crown else 0
    gain = (
        (s.crowns[0] if s.crowns else 0) - cost
        if crown and s.market.get(crown["id"], 0) > 0 and p.gold >= cost
        else 0
    )
    out = []
    for i, sid, gold, market in info.stops:
        stack = s.space_tokens.get(sid)
        bonus = (
            gold + (_token_guess(stack[0]) if stack else 0) + (gain if market and gain > 0 else 0)
        )
        if sid != p.space and bonus > 0:
            out.append((i, bonus))
    return out


@pytest.mark.parametrize("edition", PLANNED)
def test_waypoints_are_those_of_every_stop(edition):
    seen = 0
    for game, bot in _planner_positions(edition, seed=3):
        p = game.current_player
        want = _every_stop(bot, game, p)
        assert bot._waypoints(game, p) == want
        assert bot._waypoints(game, p) == want  # from the stops it keeps
        seen += 1
    assert seen > 20


@pytest.mark.parametrize("edition", PLANNED)
def test_attacks_a_round_count_the_dragons_of_the_deck_now(edition):
    """The dragon cards the planner keeps counted with the dungeon deck are those of the
    deck now, at every step of a game (the deck changes at refills)."""
    seen, positions = set(), 0
    for game, bot in _planner_positions(edition, seed=5, limit=400):
        positions += 1
        s = game.state
        left = len(s.dungeon_deck)
        dragons = sum(game.cards.cards[c].dragon for c in s.dungeon_deck)
        refills = 1.3 * sum(1 for q in s.players if q.is_in)
        want = max(0.05, refills * dragons / left) if left else 0.0
        assert bot._attacks_per_round(game) == want
        assert bot._attacks_per_round(game) == want  # from the count it keeps
        seen.add(left)
    assert positions > 20
    if edition == "clank":
        assert len(seen) > 3  # the deck changed along the way


@pytest.mark.parametrize("edition", PLANNED)
def test_deck_boots_and_noise_follow_the_cards_of_each_player(edition):
    """What the planner keeps for each player's deck while its cards lie still (boots a
    turn, Clank! a turn) is what that deck gives now, for both players at every step."""
    cards_moved = 0
    last = {}
    for game, bot in _planner_positions(edition, seed=6, limit=300):
        noise = _card_noise(game.cards)
        for q in game.state.players:
            deck = q.all_cards
            conds = ("artifact",) if q.artifacts else ()
            boots = est._deck_boots(game.cards, tuple(sorted(deck)), conds)
            clank = max(0.0, 5 * sum(noise[c] for c in deck) / max(len(deck), 1))
            for _ in range(2):  # the second time from what it keeps
                assert bot.boots_per_turn(game, q) == boots
                assert bot._clank_per_turn(game, q) == clank
            cards_moved += last.get(q.colour, deck) != deck
            last[q.colour] = deck
    assert cards_moved > 20


def test_the_board_info_it_keeps_is_that_of_the_game_it_plays():
    """One planner over games on different boards reads each game's own board tables."""
    bot = PlannerBot(seed=1)
    games = [Game.new(edition, players=2, seed=2) for edition in PLANNED]
    assert len({id(g.board) for g in games}) > 1
    for game in games + games[::-1] + games:
        assert bot._board(game) is _info(game.board)


@pytest.mark.parametrize("edition", PLANNED)
def test_kept_rival_routes_project_what_fresh_ones_do(edition):
    """A rival's routes, kept while what they come from stays the same, project the
    scores a planner working them out afresh projects, at every step of a game."""
    projected = 0
    for game, bot in _planner_positions(edition, seed=7, limit=300):
        p = game.current_player
        rooms = [None, *game.state.artifacts]
        fresh = PlannerBot(seed=0)._rivals(game, p)
        for _ in range(2):  # the second time from the routes it keeps
            kept = bot._rivals(game, p)
            for f, g in zip(kept, fresh, strict=True):
                for turns in (0.0, 1.5, 4.0, 9.0, 20.0):
                    for taken in rooms:
                        assert f(turns, taken) == g(turns, taken)
                        projected += 1
    assert projected > 500


def test_the_deck_average_is_kept_for_one_decision_and_one_plan():
    checked = 0
    for game, bot in _planner_positions("clank", seed=4):
        p = game.current_player
        plan = bot.plan(game)
        cids = [c for c in game.state.row if c] + list(game.state.reserve)
        fresh = [bot.card_value(game, p, plan, c) for c in cids]  # no decision: no memo
        bot._decision = {}
        try:
            assert [bot.card_value(game, p, plan, c) for c in cids] == fresh
            assert [bot.card_value(game, p, plan, c) for c in cids] == fresh  # kept
            # another plan (noise priced higher) is not given the kept average
            other = dataclasses.replace(plan, clank_cost=plan.clank_cost + 3.0)
            kept = [bot.card_value(game, p, other, c) for c in cids]
            bot._decision = None
            assert kept == [bot.card_value(game, p, other, c) for c in cids]
        finally:
            bot._decision = None
        checked += 1
    assert checked > 20


def test_choosing_leaves_no_decision_memo_behind():
    for game, bot in _planner_positions("space", seed=2, limit=60):
        bot.choose(game)
        assert bot._decision is None


@pytest.mark.parametrize("edition", ["clank", "space"])
def test_the_walk_skips_only_spaces_that_cannot_win(edition):
    """The walk skips a space whose boots left (less its bonus) cannot beat the best way
    so far; a damage priced the least bit below 0 turns the skipping off. Both walks
    must take the same step, toward every goal it could have."""
    compared = set()
    for game, bot in _planner_positions(edition, seed=6):
        if game.pending or game.current_player.hand:
            continue
        p = game.current_player
        plan = bot.plan(game)
        legal = set(game.legal_actions())
        bot._decision = {}
        try:
            for goal in [*game.state.artifacts, game.board.start]:
                aim = dataclasses.replace(plan, target=goal, via=None)
                skipping = bot._move_plan(game, p, dataclasses.replace(aim, damage_cost=0.0), legal)
                every = bot._move_plan(
                    game, p, dataclasses.replace(aim, damage_cost=-5e-324), legal
                )
                assert skipping == every, goal
                compared.add(skipping)
        finally:
            bot._decision = None
    assert len(compared) > 10


def test_a_space_past_the_fewest_boots_is_out_of_reach():
    """The planner skips listing a turn's options when a potion's boots fall short of the
    board's fewest boots to its target (a plain walk: no teleport, lift, canoe or coach).
    That holds only if no walk reaches a space in fewer boots: checked here for every
    space, from the positions of seeded games, with budgets from 0 to 8 boots."""
    checked = 0
    for game, _bot in _planner_positions("clank", seed=8, limit=240):
        ctx = game.path_context()
        if ctx["teleports"] or not set(ctx) <= planner._PLAIN_WALK:
            continue
        info = _info(game.board)
        row = info.dist[ctx["keys"]][info.idx[ctx["start"]]]
        for boots in range(9):
            reach = paths.turn_options(game.board, **{**ctx, "boots": boots, "exhausted": False})
            for sid in game.board.space_ids:
                if row[info.idx[sid]] > boots:
                    assert sid not in reach, (sid, boots)
                    checked += 1
    assert checked > 1000


@pytest.mark.parametrize("edition", ["space", "pulsarcade"])
def test_a_ship_step_from_given_turn_options_is_the_step_it_lists_itself(edition):
    """The planner hands the navigator the turn options and path context it listed for
    the decision; the step must be the one the navigator finds asking the game itself."""
    from clankwidget._shipnav import ShipNavigator

    walked = 0
    for seed in range(3):
        for game, bot in _planner_positions(edition, seed=seed):
            if game.pending or game.current_player.hand:
                continue
            legal = game.legal_actions()
            alone = ShipNavigator(game)
            assert alone.ctx == game.path_context()
            want = alone.step(legal)
            bot._decision = {}
            try:
                given = ShipNavigator(game, functools.partial(bot._path_context, game))
                got = given.step(legal, bot._turn_options(game))
                bot._path_context(game)["boots"] += 5  # a caller's change stays its own
                assert bot._path_context(game) == game.path_context()
            finally:
                bot._decision = None
            assert got == want
            assert got == ShipNavigator(game).step(legal, paths.turn_options(game))
            walked += want is not None
    assert walked > 20


def _walk_first(bot, game, legal):
    """The planner's last steps as they were before the walk was put off: the walk is
    worked out first, then a buy, then a fight keeping the walk's swords, then the walk."""
    p, plan = game.current_player, bot.plan(game)
    move_plan = bot._move_plan(game, p, plan, set(legal))
    buy = bot._acquire(game, p, plan, legal)
    if buy is not None:
        return buy
    fight = bot._fight(game, p, plan, legal, move_plan[1] if move_plan else 0)
    if fight is not None:
        return fight
    return move_plan[0] if move_plan else A.EndTurn()


@pytest.mark.parametrize("edition", ["clank", "legacy"])
def test_the_walk_put_off_after_buying_picks_the_same(edition):
    """The planner works out its walk only when it buys nothing with skill; on every
    plain decision (no choice pending, no card in hand, nothing to take or buy in a
    market or token to use) it must pick what it picked with the walk worked out first."""
    if edition not in PLANNED:
        pytest.skip(f"{edition} has no planner")
    compared = bought = 0
    for seed in range(3):
        for game, bot in _planner_positions(edition, seed=seed):
            p = game.current_player
            if game.pending or p.hand:
                continue
            legal = game.legal_actions()
            bot._decision = {}
            try:
                plan = bot.plan(game)
                if (
                    A.TakeSecret() in legal
                    or (A.TakeArtifact() in legal and plan.take_here)
                    or bot._buy(game, p, plan, legal) is not None
                    or bot._token(game, p, plan, legal) is not None
                ):
                    continue
                want = _walk_first(bot, game, legal)
            finally:
                bot._decision = None
            assert bot.choose(game) == want
            compared += 1
            bought += isinstance(want, A.Acquire | A.AcquireReserve)
    assert compared > 50 and bought > 5


# ---------------------------------------------------------------------------
# The dragon's attacks over the horizon, kept by situation


def _plain_survival(bot, game, p, horizon_turns):
    """The planner's ``_survival`` worked out in full every time (as it was before its
    attacks were kept by situation)."""
    s = game.state
    rules = game.rules
    me = p.colour
    hp = rules.health - p.damage
    hit_all = rules.hit_all
    rate = bot._attacks_per_round(game)
    draws = rules.rage_value(s) + rules.dangers(s)
    track = rules.setup_numbers.get("countdown") or []
    cubes, _ = game.attack_cubes()
    in_area = s.clank_area.get(me, 0)
    mine_bag = s.bag.get(me, 0)
    reds = cubes.get(hit_all, 0) if hit_all else 0
    others = sum(cubes.values()) - cubes.get(me, 0) - reds
    my_clank = bot._clank_per_turn(game, p)
    their_clank = sum(bot._clank_per_turn(game, q) for q in s.players if q is not p and q.is_in)
    attacks, at_turn = [], []
    waiting = [float(in_area), 0.0]

    def attack(n):
        add_me, add_them = round(waiting[0]), round(waiting[1])
        waiting[0] -= add_me
        waiting[1] -= add_them
        attacks.append((n, add_them, add_me))

    expected = 0.0
    for t in range(max(1, min(math.ceil(horizon_turns) + 1, 16))):
        waiting[0] += my_clank
        waiting[1] += their_clank
        expected += rate
        while expected >= 1.0:
            expected -= 1.0
            attack(draws)
        if s.countdown is not None:
            c = s.countdown + t + 1
            extra = track[c - 1] if c <= len(track) else None
            if extra:
                attack(draws + extra)
        at_turn.append(len(attacks))
    bag_total = sum(cubes.values()) + 1
    dist = est._damage_odds((others, reds, mine_bag), tuple(attacks)) if attacks else None

    def alive(turns, health=hp):
        if health <= 0:
            return 0.0
        if dist is None:
            return 1.0
        lo = math.floor(turns)
        frac = turns - lo

        def at(k):
            n = at_turn[min(max(k, 0), len(at_turn) - 1)]
            if n == 0:
                return 1.0
            row = dist[n - 1]
            return float(row[min(health - 1, len(row) - 1)])

        return (1 - frac) * at(lo) + frac * at(lo + 1)

    per_cube = sum(a[0] for a in attacks) / bag_total if attacks else 0.0
    return alive, min(per_cube, 1.0)


@pytest.mark.parametrize("edition", PLANNED)
def test_survival_kept_by_situation_is_the_plain_survival(edition):
    checked = 0
    for seed in range(2):
        for game, bot in _planner_positions(edition, seed):
            p = game.current_player
            hp = game.rules.health - p.damage
            for horizon in (0.4, 3.0, 7.5, 15):
                want_alive, want_cube = _plain_survival(bot, game, p, horizon)
                for _ in range(2):  # worked out, then kept
                    alive, per_cube = bot._survival(game, p, horizon)
                    assert per_cube == want_cube
                    for turns in (0.0, 0.3, 1.0, 2.7, horizon, horizon + 4):
                        for health in (hp, hp - 1, 1, 0):  # no more than its own
                            assert alive(turns, health) == want_alive(turns, health)
                    assert alive(2.5) == want_alive(2.5)
            checked += 1
    assert checked > 40


def _plain_potion_helps(bot, game, p, plan, effects) -> bool:
    """Whether a potion lets the planner reach its target, asking this turn's options
    first (as before the fewest-boots bound was looked at first)."""
    if p.exhausted or plan.target == p.space:
        return False
    if plan.target == game.board.start and not p.artifacts:
        return False
    if plan.target in paths.turn_options(game):
        return False
    ctx = game.path_context()
    for e in effects:
        for k, v in e.items():
            ctx[{"teleport": "teleports"}.get(k, k)] += v
    return plan.target in paths.turn_options(game.board, **ctx)


@pytest.mark.parametrize("edition", ["clank", "legacy"])
def test_a_potion_helps_as_when_the_turn_options_came_first(edition):
    if edition not in PLANNED:
        pytest.skip(f"{edition} has no planner")
    potions = [({"boots": 1},), ({"boots": 2},), ({"swords": 1},), ({"teleport": 1},)]
    answers = set()
    for seed in range(3):
        for game, bot in _planner_positions(edition, seed=seed):
            if game.pending:
                continue
            p = game.current_player
            plan = bot.plan(game)
            for goal in [*game.state.artifacts, game.board.start]:
                aim = dataclasses.replace(plan, target=goal)
                for effects in potions:
                    want = _plain_potion_helps(bot, game, p, aim, effects)
                    bot._decision = {}
                    try:
                        assert bot._potion_helps(game, p, aim, effects) == want, (goal, effects)
                    finally:
                        bot._decision = None
                    answers.add(want)
    assert answers == {True, False}
