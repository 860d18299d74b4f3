"""The planning bot (see :class:`PlannerBot`); its estimates of the game ahead are in
:mod:`clankwidget.bots.planner_estimates`, its prices and card values in
:mod:`clankwidget.bots.planner_values`.
"""

from __future__ import annotations

from .. import paths as _paths
from .. import registry
from .._shipnav import ShipNavigator
from ..rules import actions as A
from .aboard import module_action, ship_buy, ship_step
from .base import INF, Bot
from .board_info import _capacity, _info, _ways
from .evaluation import (
    _card_noise,
    _checked,
    _effects_value,
    _hand_play,
    _knapsack,
    _pending_choice,
    _sigmoid,
    _token_guess,
)
from .planner_estimates import _Estimates, _Plan
from .planner_values import _Values

#: the movement of a plain dungeon walk (:meth:`path_context` without an edition's lifts,
#: canoe, coach gold or closed spaces): its fewest boots are the board's distance table
_PLAIN_WALK = frozenset(
    ("start", "boots", "swords", "health", "keys", "teleports", "can_exit", "exhausted")
)


class PlannerBot(_Values, _Estimates, Bot):
    """Plans the rest of its game, using the path, deck and odds modules.

    *Where to go.* Every way of finishing is scored: each artifact still in the dungeon
    (or, carrying one, the exit), optionally by way of a stop worth a detour (an idol,
    a secret, gold, a market where its gold buys a Crown). The trip's turns are its
    boots (:func:`clankwidget.paths.distance_table`) over the boots its deck yields per
    turn (:func:`clankwidget.deck.resource_distribution`, a little more on long trips
    as the deck improves); the chance the dragon spares it that long comes from
    :func:`clankwidget.odds.knockout_odds` over the attacks expected from the dragon
    cards left in the dungeon deck (and the countdown's, once it runs), with its own
    cubes and the noise its deck makes; the clock is the countdown (running, or due
    when a rival carrying an artifact reaches the exit), with a carrier caught above
    the Depths still scoring without Mastery. Against that it sets each rival's
    projected score: the best the rival can still do before the countdown this trip
    would start runs out (an artifact this player takes is one the rival cannot). It
    goes for the best chance of winning (ties to expected points), re-plans at every
    step, and so turns back, races a rival to the big prize, or leaves early to strand
    a rival in the Depths, as the numbers say.

    *How to walk.* Each step comes from :func:`clankwidget.paths.turn_options`: the space
    reachable this turn closest to the goal, paying each monster with a sword or with
    damage by their prices. One damage costs the expected points it takes off (the
    knockout odds with one less health), one sword what it could win in a fight. With
    the countdown close it takes no detour.

    *What to buy.* A card is worth its points plus, for each time it will still be
    played (turns left after the draw pile runs out, over the deck size), its resources
    less the deck's average card: movement and skill early, points late. Noise is
    priced by the odds (a cube in the bag costs its expected damage times the price of
    a damage), so the bot keeps quiet when the bag is against it. Skill goes to the best
    set of cards by a small knapsack; swords to the best fights, keeping what the walk
    needs. In a market it buys a Crown (points), a Master Key when it shortens the trip
    by two boots or more, a Backpack when planning again with room for a second
    artifact says it pays.

    Aboard a ship it walks as the greedy bot does, with the
    :class:`~clankwidget._shipnav.ShipNavigator`, and takes the greedy bot's rules of
    thumb for the ship's markets and modules (:mod:`clankwidget.bots.aboard`).

    :meth:`explain` lists the options it weighed, for a lesson on why it went there.
    """

    name = "planner"
    #: points a turn in the dungeon brings at least (gold, secrets, cards bought)
    growth = 1.2
    #: how sharply a projected lead turns into a win (a lead this big is about 3:1 on)
    spread = 6.0
    #: weight of expected points next to the chance of winning (breaks near ties)
    ev_weight = 0.003
    #: bonus for keeping the current target, so near ties do not make it dither
    stickiness = 0.03
    #: on a trip of B boots count on ``boots_gain * B`` more boots a turn, up to ``boots_cap``
    boots_gain = 0.05
    boots_cap = 2.4
    #: most extra boots a stop may cost, and what it charges per extra boot
    detour_limit = 3
    detour_price = 1.5
    #: turns to spare before the countdown for a trip to count as surely in time
    time_margin = 1.0

    def __init__(self, seed: int = 0):
        super().__init__(seed)
        self._plan_key = None
        self._plan: _Plan | None = None
        self._target = None  # the last target chosen (a little loyalty stops dithering)
        self._game = None
        self._trace: list | None = None
        self._decision: dict | None = None  # what one decision works out once (see choose)
        self._prices_kept: tuple | None = None  # (plan, what else it read, prices)
        self._play_prices_kept: tuple | None = None
        self._ships: dict[str, bool] = {}  # whether an edition has a ship, by its name

    # ------------------------------------------------------------ the plan

    def plan(self, game) -> _Plan:
        """The plan for the player to move, kept until its situation changes (turn, space,
        health, deck, artifacts, countdown). It remembers its last target, within one
        game, to break near ties the same way (a new game or seed starts afresh)."""
        s = game.state
        p = game.current_player
        key = (
            s.turn,
            p.colour,
            p.space,
            tuple(p.artifacts),
            p.damage,
            # (asked before every decision: the deck's size without joining its piles,
            # the rooms with an artifact as a set, which compares as their sorted list)
            len(p.deck) + len(p.hand) + len(p.discard) + len(p.play),
            s.countdown,
            frozenset(s.artifacts),
            len(p.tokens),
        )
        game_key = (game.seed, p.colour)
        if game_key != self._game or s.turn < (self._plan_key or (0,))[0]:
            self._game, self._target = game_key, None
        if key != self._plan_key or self._plan is None:
            self._plan = self._make_plan(game, p)
            self._plan_key = key
            self._target = self._plan.target
        return self._plan

    def explain(self, game) -> list[dict]:
        """The options the planner weighs for the current player now, best first: one
        dict per option with ``target`` (an artifact room or the exit), ``via`` (a stop on
        the way, or ``None``), ``turns``, ``p_alive`` (the dragon spares it that long),
        ``p_in_time`` (out before the countdown), ``points`` (its score if all goes
        well), ``rivals`` (their projected scores), ``p_win`` and ``expected`` points.
        Nothing is changed: not the game, not the bot's own plan."""
        self._trace = []
        try:
            self._make_plan(game, game.current_player)
            rows = self._trace
        finally:
            self._trace = None
        return sorted(rows, key=lambda r: (-r["p_win"], -r["expected"]))

    def _make_plan(self, game, p, extra_room: int = 0) -> _Plan:
        """Score every way of finishing the game and keep the best (see the class doc)."""
        s = game.state
        mastery = game.rules.escape_bonus
        info = self._board(game)
        ways = info.ways(*_ways(game, p))  # its Master Key, Canoe and coach gold
        d = ways["dist"]
        here = info.idx[p.space]
        b = max(self.boots_per_turn(game, p), 0.6)
        deadline, hard = self._deadline(game, p)
        points = game.rules.points(s, p) - sum(p.artifacts)
        held = sum(p.artifacts)
        played = max(1.0, s.turn / len(s.players))
        growth = max(self.growth, points / played)  # points a turn brings (gold, cards...)

        def p_time(turns: float) -> float:
            """Chance of being out before the countdown ends (soft near the deadline)."""
            if deadline == INF:
                return 1.0
            slack = deadline - turns - self.time_margin
            if slack >= 0:
                return 1.0
            low = 0.0 if hard else 0.35
            return max(low, min(1.0, (slack + 2) / 2))

        def trip_turns(boots: float) -> float:
            # the deck keeps improving on a long trip: count on a little more per turn later
            speed = max(b, min(self.boots_cap, b + self.boots_gain * boots))
            return 0.0 if boots <= 0 else boots / speed + 0.5

        # every detour starts here: each stop's leg from here and its row, looked up once
        careful = ways["careful"]
        from_here = careful[here]
        at = p.space  # (no detour by way of where it stands: see _waypoints)
        legs = [
            (j, bonus, from_here[j], careful[j])
            for sid, j, bonus in self._stops_worth(game, p)
            if sid != at
        ]
        limit, price = self.detour_limit, self.detour_price

        def via(goal: int):
            """The best stop on the way from here to ``goal``: (space, extra boots, points).
            Detours are measured with monsters counting as extra boots."""
            direct = from_here[goal]
            best = (None, 0.0, 0.0)
            beat = 0.0  # the best stop's points less its price (none yet: 0)
            for j, bonus, to_j, row in legs:
                extra = to_j + row[goal] - direct
                if extra <= limit and bonus - price * extra > beat:
                    best = (j, extra, bonus)
                    beat = bonus - price * extra
            return best

        options = []  # (target, via, take here, boots, boots to the surface, escape, rescue)
        if p.artifacts:
            j, extra, bonus = via(info.exit)
            options.append(
                (
                    game.board.start,
                    j,
                    False,
                    d[here][info.exit] + extra,
                    ways["to_surface"][here] + extra,
                    held + mastery + points + bonus,
                    held + points + bonus,
                )
            )
        if len(p.artifacts) < _capacity(game, p) + extra_room:
            for room, value in s.artifacts.items():
                k = info.idx[room]
                din = d[here][k]
                if din == INF or d[k][info.exit] == INF:
                    continue
                j, extra, bonus = via(k) if k != here else (None, 0.0, 0.0)
                options.append(
                    (
                        room,
                        j,
                        room == p.space,
                        din + extra + d[k][info.exit],
                        din + extra + ways["to_surface"][k],
                        held + value + mastery + points + bonus,
                        held + value + points + bonus,
                    )
                )
        if not options:  # nothing left to take and nothing held: stay near the top
            return _Plan(game.board.start, False, 1.0, points, 1.0, 0.0, 0.5, 0.1, b)
        trips = [trip_turns(o[3]) for o in options]  # each option's turns, worked out once
        horizon = max(trips)
        alive, per_cube = self._survival(game, p, min(horizon, 15))
        rivals = self._rivals(game, p)

        def p_win(score: float, turns: float, taken=None) -> float:
            out = 1.0
            for project in rivals:
                out *= _sigmoid((score - project(turns, taken)) / self.spread)
            return out

        best = None
        for (room, stop, take, _, surf_boots, v_escape, v_rescue), turns in zip(
            options, trips, strict=True
        ):
            v_escape += growth * turns
            pa = alive(turns)
            pt = p_time(turns)
            ev = pa * pt * v_escape
            taken = room if room in s.artifacts else None
            win = pa * pt * p_win(v_escape, turns, taken)
            if pt < 1:  # not out in time: a carrier above the Depths is rescued
                surf_turns = trip_turns(surf_boots)
                rescue = alive(surf_turns) * (1 - pt) * p_time(surf_turns + 1.0)
                late = min(deadline, 15)
                ev += rescue * (v_rescue + growth * late)
                win += rescue * p_win(v_rescue + growth * late, late, taken)
            score = win + self.ev_weight * ev + (self.stickiness if room == self._target else 0.0)
            if self._trace is not None:
                self._trace.append(
                    {
                        "target": room,
                        "via": None if stop is None else info.ids[stop],
                        "turns": turns,
                        "p_alive": pa,
                        "p_in_time": pt,
                        "points": v_escape,
                        "rivals": [f(turns, taken) for f in rivals],
                        "p_win": win,
                        "expected": ev,
                    }
                )
            if best is None or score > best[0]:
                best = (score, room, stop, take, turns, v_escape, pa, ev)
        _, room, stop, take, turns, value, pa, ev = best
        hp = game.rules.health - p.damage
        damage_cost = max(0.3, ev - alive(turns, hp - 1) * value * p_time(turns))
        damage_cost = min(damage_cost, value)
        clank_cost = per_cube * damage_cost
        return _Plan(
            room,
            take,
            turns,
            value,
            pa,
            ev,
            damage_cost,
            clank_cost,
            b,
            deadline if hard else INF,
            None if stop is None else info.ids[stop],
        )

    # ------------------------------------------------------------ choosing

    def choose(self, game) -> A.Action:
        p = game.current_player
        play = _hand_play(game, lambda: self._play_order(game, p, self.plan(game)))
        if play is not None:
            return play
        # this decision's turn options (the walk and potions ask) and deck average (each
        # card weighed asks): nothing changes while it decides
        self._decision = {}
        try:
            legal = game.legal_actions()
            return _checked(self._choose(game, legal), legal)
        finally:
            self._decision = None

    def _path_context(self, game) -> dict:
        """:meth:`path_context` of the player to move (once per decision while
        :meth:`choose` runs): a fresh copy each call, since callers add to its counts."""
        memo = self._decision
        if memo is None:
            return game.path_context()
        if "ctx" not in memo:
            memo["ctx"] = game.path_context()
        return dict(memo["ctx"])

    def _turn_options(self, game):
        """:func:`clankwidget.paths.turn_options` for the player to move (once per
        decision while :meth:`choose` runs)."""
        memo = self._decision
        if memo is None:
            return _paths.turn_options(game)
        if "now" not in memo:
            memo["now"] = _paths.turn_options(game.board, **self._path_context(game))
        return memo["now"]

    def _has_ship(self, edition: str) -> bool:
        """Whether ``edition`` has a ship, looked up once per edition name (asked at every
        decision; an edition's parts never change)."""
        kept = self._ships.get(edition)
        if kept is None:
            kept = self._ships[edition] = registry.edition(edition).has("ship")
        return kept

    def _choose(self, game, legal) -> A.Action:
        p = game.current_player
        plan = self.plan(game)
        if game.pending:
            return _pending_choice(
                game, legal, lambda k, v: self._score_option(game, p, plan, k, v)
            )
        # (by type, as the action's equality goes: a list scan that builds no action and
        # calls no dataclass __eq__ per legal action)
        if A.TakeSecret in map(type, legal):
            return A.TakeSecret()  # a secret on a first entry: take it, as on arrival
        if p.hand:
            return A.Play(self._play_order(game, p, plan))
        legal_set = set(legal)
        ship = None
        if self._has_ship(game.edition):
            ship = ShipNavigator(game, lambda: self._path_context(game))
        if ship is not None:
            here = ship.act_here(legal)
            if here is not None:
                return here
            module = module_action(game, p, set(map(type, legal)), legal)
            if module is not None:
                return module
            buy = ship_buy(game, p, legal, ship)
        else:
            if A.TakeArtifact() in legal_set and plan.take_here:
                return A.TakeArtifact()
            buy = self._buy(game, p, plan, legal)
        if buy is not None:
            return buy
        token = self._token(game, p, plan, legal)
        if token is not None:
            return token
        if ship is not None:
            # aboard a ship the walk keeps no swords back, so the step is looked for only
            # when nothing is worth gaining (it is the same step either way)
            gain = self._acquire(game, p, plan, legal)
            if gain is None:
                gain = self._fight(game, p, plan, legal, 0)
            if gain is not None:
                return gain
            step = ship_step(game, p, ship, legal, lambda: self._turn_options(game))
            return A.EndTurn() if step is None else step
        # what it buys with skill does not depend on the walk: the walk is worked out
        # only when nothing is bought, for the swords it keeps back from fights
        acquire = self._acquire(game, p, plan, legal)
        if acquire is not None:
            return acquire
        move_plan = self._move_plan(game, p, plan, legal_set)
        reserve = move_plan[1] if move_plan else 0
        fight = self._fight(game, p, plan, legal, reserve)
        if fight is not None:
            return fight
        if move_plan is not None:
            return move_plan[0]
        return A.EndTurn()

    def _play_order(self, game, p, plan) -> str:
        cards = game.cards.cards
        hand = p.hand

        noise = _card_noise(game.cards)

        def noisy(c):
            return noise[c] > 0

        if any(noisy(c) for c in hand):
            for c in hand:
                if any("discard" in e for e in cards[c].play):
                    return c

        # choices and noise last: decide them knowing the rest of the hand
        def order(c):
            card = cards[c]
            has_choice = any("choose" in e for e in card.play)
            return (noisy(c), has_choice, hand.index(c))

        return min(hand, key=order)

    def _buy(self, game, p, plan, legal):
        """A market item worth its gold now, if any: a Crown worth more than it costs, a
        Master Key that saves two boots or more, a Backpack when a second artifact pays."""
        by = {}
        for a in legal:  # the list, not a set: a stable order
            if isinstance(a, A.Buy):
                # (a ship module may sell items of its own: those it does not price)
                item = next((m for m in game.cards.market if m["id"] == a.item), None)
                if item is not None:
                    by.setdefault(item["grants"], (a, item))
        if not by:
            return None
        s = game.state
        if "crown" in by:
            a, item = by["crown"]
            if s.crowns and s.crowns[0] > item.get("cost", 7):
                return a
        info = _info(game.board)
        keys, canoe, gold = _ways(game, p)
        for grant, more in (("key", (True, canoe)), ("canoe", (keys, True))):
            if grant not in by or more == (keys, canoe):
                continue
            i, t = info.idx[p.space], info.idx[plan.target]
            now = info.ways(keys, canoe, gold)["dist"]
            then = info.ways(*more, max(gold - by[grant][1].get("cost", 7), 0))["dist"]
            saved = now[i][t] - then[i][t]
            if t != info.exit:  # and on the way out
                saved += now[t][info.exit] - then[t][info.exit]
            if saved >= 2:
                return by[grant][0]
        if "backpack" in by and p.artifacts and len(p.artifacts) >= _capacity(game, p):
            # would a second artifact beat walking out? plan again with one more slot
            probe = self._make_plan(game, p, extra_room=1)
            if probe.target != game.board.start and probe.ev - 2 > plan.ev:
                return by["backpack"][0]
        return None

    def _token(self, game, p, plan, legal):
        prices = self._prices(game, p, plan)
        for a in legal:
            if not isinstance(a, A.UseToken):
                continue
            tok = next(t for t in p.tokens if t["id"] == a.token and t.get("use"))
            effects = tok["use"]
            heal = sum(e.get("heal", 0) for e in effects)
            if heal:
                if p.damage >= heal and plan.p_alive < 0.97:
                    return a
                continue
            hush = -sum(e.get("clank", 0) for e in effects)
            if hush > 0:
                if game.state.clank_area.get(p.colour, 0) >= hush:
                    return a
                continue
            # boots, swords, teleport potions: when they let it reach the goal this turn
            if _effects_value(effects, prices) > 0 and self._potion_helps(game, p, plan, effects):
                return a
        return None

    def _potion_helps(self, game, p, plan, effects) -> bool:
        """Whether drinking a boots / swords / teleport potion lets it reach its target
        this turn when it could not without."""
        if p.exhausted or plan.target == p.space:
            return False
        if plan.target == game.board.start and not p.artifacts:
            return False
        ctx = self._path_context(game)
        for e in effects:
            for k, v in e.items():
                if k == "boots":
                    ctx["boots"] += v
                elif k == "swords":
                    ctx["swords"] += v
                elif k == "teleport":
                    ctx["teleports"] += v
        if not ctx["teleports"] and set(ctx) <= _PLAIN_WALK:
            # no teleport, lift, canoe or coach: every way there takes at least the board's
            # fewest boots (monsters, health and exhaustion only ever forbid more). Out of
            # reach with the potion, the answer is no whether or not it is in reach now, so
            # this comes first: it saves listing this turn's options.
            info = _info(game.board)
            if info.dist[ctx["keys"]][info.idx[ctx["start"]]][info.idx[plan.target]] > ctx["boots"]:
                return False
        if plan.target in self._turn_options(game):
            return False  # in reach already
        return plan.target in _paths.turn_options(game.board, **ctx)

    def _acquire(self, game, p, plan, legal):
        """The next card to acquire with skill, if any is worth it (a small knapsack over
        the affordable cards)."""
        s = game.state
        prices = self._prices(game, p, plan)
        play_prices = self._play_prices(game, p, plan)
        cards = game.cards.cards
        items = []
        for a in legal:
            if isinstance(a, A.Acquire):
                cid, copies = s.row[a.slot], 1
            elif isinstance(a, A.AcquireReserve):
                cid = a.card
                left = s.reserve.get(cid)
                copies = 3 if left is None else min(left, 3)
            else:
                continue
            v = self.card_value(game, p, plan, cid, prices, play_prices)
            if v > 0.05:
                items.append((a, cards[cid].cost, v, copies))
        return _knapsack(items, p.skill) if items else None

    def _fight(self, game, p, plan, legal, reserve):
        """The next monster to defeat, if any is worth it, keeping back the ``reserve``
        swords the walk needs."""
        s = game.state
        prices = self._prices(game, p, plan)
        play_prices = self._play_prices(game, p, plan)
        cards = game.cards.cards
        spare = p.swords - reserve
        best = None
        for a in legal:
            if isinstance(a, A.Defeat):
                cid = s.row[a.slot]
            elif isinstance(a, A.DefeatReserve):
                cid = a.card
            else:
                continue
            cost = cards[cid].defeat
            if cost > spare:
                continue
            v = self.card_value(game, p, plan, cid, prices, play_prices)
            if v > 0.05 and (best is None or (v / max(cost, 1), v) > best[0]):
                best = ((v / max(cost, 1), v), a)
        return None if best is None else best[1]

    def _move_plan(self, game, p, plan, legal_set):
        """``(action, swords it reserves)`` for the next step this turn, or ``None``."""
        goal = plan.via or plan.target
        if goal == p.space or not p.is_in:
            return None
        if p.boots == 0 and p.teleports == 0:
            return None
        info = _info(game.board)
        keys, canoe, gold = _ways(game, p)
        d = info.ways(keys, canoe, gold)["dist"]
        t = info.idx[goal]
        opts = self._turn_options(game)
        here = d[info.idx[p.space]][t]
        sword_price = None  # worked out for the first way that spends swords, if any
        # a boot still to walk costs what a turn is worth, per boot; nothing beats
        # getting closer when the countdown is near
        per_boot = max(2.0, plan.value / max(plan.turns, 1.0) / plan.boots_per_turn)
        if plan.deadline - here / plan.boots_per_turn < 2.5:
            per_boot = 100.0
        best = None
        dist_left = {}  # the distance table for the gold a coach ride leaves, by that gold
        # Without coach rides the boots left from a space are the same for every way there,
        # and the other costs are never negative: no way to a space costs less than its
        # boots left less its bonus, so a space whose bound cannot beat the best is skipped
        # (its front not even listed), which changes nothing but the work.
        bounded = not info.gold_cap and plan.damage_cost >= 0  # (a sword's price is >= 0)
        for sid in opts.reachable:
            i = info.idx[sid]
            bonus = self._bonus(game, p, plan, sid)
            if bounded and best is not None and d[i][t] * per_boot - bonus >= best[0] - 1e-9:
                continue
            for c in opts.options(sid):
                # the rest of the way with the gold a coach ride leaves (1 point a Gold)
                left = gold - c.gold
                d_left = dist_left.get(left)
                if d_left is None:
                    d_left = dist_left[left] = info.ways(keys, canoe, left)["dist"]
                rem = d_left[i][t]
                if rem == INF:
                    continue
                if c.swords and sword_price is None:
                    sword_price = self._sword_price(game, p, plan)
                cost = (
                    c.gold
                    + rem * per_boot
                    + c.damage * plan.damage_cost
                    + (c.swords * sword_price if c.swords else 0.0)
                    + 0.05 * c.teleports
                    + 0.01 * c.boots
                    - bonus
                )
                if best is None or cost < best[0] - 1e-9:
                    best = (cost, sid, c, rem)
        if best is None:
            return None
        cost, sid, c, rem = best
        if sid == p.space or (rem >= here and self._bonus(game, p, plan, sid) <= 0):
            return None
        steps = opts.route(sid, c)
        if not steps:
            return None
        action = game.rules.route_action(p.space, steps[0])
        if action not in legal_set:
            # a rule the path search does not know: take the legal step that gets
            # closest instead, if any gets closer
            closer = []
            for a in legal_set:
                if isinstance(a, A.Move):
                    to = game.board.paths[a.path].other_end(p.space)
                elif isinstance(a, A.Teleport):
                    to = a.to
                else:
                    continue
                rem = d[info.idx[to]][t]
                if rem < here:
                    closer.append((rem, getattr(a, "swords", 0), str(a), a))
            if not closer:
                return None
            action = min(closer)[3]
            return action, getattr(action, "swords", 0)
        return action, c.swords

    def _sword_price(self, game, p, plan) -> float:
        """The most a sword could earn in a fight this turn (points per sword)."""
        s = game.state
        cards = game.cards.cards
        prices = self._prices(game, p, plan)
        best = 0.0
        for cid in [c for c in s.row if c] + list(s.reserve):
            card = cards[cid]
            if card.is_monster and 0 < card.defeat <= p.swords:
                best = max(best, _effects_value(card.reward, prices) / card.defeat)
        return best

    def _bonus(self, game, p, plan, sid) -> float:
        """Points for ending a walk on ``sid`` besides getting closer (tokens, gold, healing)."""
        if sid == p.space:
            return 0.0
        space = game.board.space(sid)
        bonus = 0.0
        stack = game.state.space_tokens.get(sid)
        if stack:
            bonus += _token_guess(stack[0])
        if space.gold:
            bonus += space.gold
        if space.heal and p.damage:
            bonus += min(plan.damage_cost, 3.0) * min(space.heal, p.damage)
        return bonus
