"""How a bot gets around a ship (Clank! In! Space! and Pulsarcade).

The Clank! bots plan on a dungeon: walk to an artifact, walk out. Aboard a ship the way
to an artifact goes through the rules of the ship: two data ports in two modules make
the command code that opens the command module; there the thief takes an artifact (or,
in Pulsarcade's MCP, steals one at a Redemption space with tokens), then leaves by an
escape pod in the Cargo Bay. Lifts and pads carry a thief for free but end its walking.

:class:`ShipNavigator` turns that into the next goal and the next step: it takes what a
space offers when it stands there (hack, take, steal, claim a cabinet), and otherwise
walks this turn's route (:func:`clankwidget.paths.turn_options`, which knows the ship's
lifts and sealed module) to the space that leaves it closest to its goal, measured by a
breadth-first search over the ship in which a lift ride counts as one boot. It also
answers what a bot's rules of thumb ask of the way: how far a stop (a market) takes it
off the way (:meth:`ShipNavigator.detours`) and how many boots a Master Key or a TelePass
would save (:meth:`ShipNavigator.saved`).
"""

from __future__ import annotations

import heapq
import math
import weakref
from collections.abc import Callable

from . import paths as _paths
from .rules import actions as A

__all__ = ["ShipNavigator"]

#: board -> distance tables already worked out (see ShipNavigator.distances)
_DISTANCES: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()

#: the kinds of the actions a step of a route aboard a ship takes (``route_action``: a
#: move along a path, a teleport, a hyperlift or telepad ride)
_STEP_KINDS = frozenset({"move", "teleport", "hyperlift", "telepad"})

#: the boots that :meth:`ShipNavigator.saved` counts for a way opened where there was none
OPENED = 10.0


class ShipNavigator:
    """Goals and steps for the current thief aboard a ship (see the module docs)."""

    def __init__(self, game, path_context=None):
        """``path_context``: a function giving the thief's :meth:`path_context`, when the
        caller keeps one for this decision (by default the game's is asked)."""
        self.game = game
        self.rules = game.rules
        self.s = game.state
        self.p = game.current_player
        self._path_context = path_context or game.path_context
        self._ctx = None
        self._goals = None
        self._way = None

    @property
    def ctx(self) -> dict:
        """The thief's :meth:`path_context`, worked out when first asked: most decisions
        aboard end at :meth:`act_here` or at a buy and never walk."""
        if self._ctx is None:
            self._ctx = self._path_context()
        return self._ctx

    # -- what to do where it stands

    def act_here(self, legal: list) -> A.Action | None:
        """An action this space offers that moves the thief toward its artifact: the
        best steal, else the artifact here, else the first hack, else the first claim."""
        steals, take, hack, claim = [], False, None, None
        for a in legal:
            kind = a.kind
            if kind == "steal-artifact":
                steals.append(a)
            elif kind == "hack-port":
                hack = hack or a
            elif kind == "claim-cabinet":
                claim = claim or a
            elif type(a) is A.TakeArtifact:  # (what ``A.TakeArtifact() in legal`` finds)
                take = True
        if steals:
            return max(steals, key=lambda a: (self.s.artifacts.get(a.space, 0), a.space))
        if take and not self.p.artifacts:
            return A.TakeArtifact()
        return hack or claim

    # -- where to go

    def goals(self) -> set[str]:
        """The spaces the thief is heading for now (worked out once: read the set, do not
        change it)."""
        if self._goals is None:
            self._goals = self._work_out_goals()
        return self._goals

    def _work_out_goals(self) -> set[str]:
        rules, s, p = self.rules, self.s, self.p
        board = self.game.board
        if p.artifacts:
            return {sid for sid, left in s.extra["pods"].items() if left}
        if not rules.has_code(p):
            done = {board.space(x).module for x in p.extra.get("hacked", ())}
            used = s.extra["ports"]
            return {
                sid for sid, module in rules.data_ports if sid not in used and module not in done
            }
        costs = getattr(rules, "token_costs", {})
        goals = {sid for sid in s.artifacts if sid not in costs}
        stolen = [costs[sid] for sid in s.artifacts if sid in costs]
        if stolen:
            # MCP artifacts are stolen from a Redemption space: one where the tokens held
            # (plus the space's bonus) buy the cheapest, else the one with the best bonus
            have, cheapest = rules.cabinet_tokens(p), min(stolen)
            bonus = {r: b or 0 for r, b in rules.redemptions.items()}
            enough = {r for r, b in bonus.items() if have + b >= cheapest}
            goals |= enough or {r for r, b in bonus.items() if b == max(bonus.values())}
        return goals

    def distances(
        self, goals: set[str], keys: bool | None = None, pads: bool = False
    ) -> dict[str, float]:
        """Fewest boots from each space to the nearest goal (a lift ride costs 1). The
        same goals, keys, lifts and sealed spaces give the same table: it is kept per
        board (read it, do not change it). ``keys``: with (or without) a Master Key
        instead of the thief's own; ``pads``: with the telepads as lifts too, as a
        TelePass makes them (what buying one would change, see :meth:`saved`)."""
        board = self.game.board
        if self._way is None:  # the thief's keys, sealed spaces and lifts, read once
            ctx = self.ctx
            self._way = (
                bool(ctx.get("keys", False)),
                frozenset(ctx.get("closed", ())),
                tuple(tuple(g) for g in ctx.get("lifts", ())),
            )
        own, closed, lifts = self._way
        if keys is None:
            keys = own
        if pads:
            telepads = tuple(self.rules.telepads)
            if len(telepads) > 1 and telepads not in lifts:
                lifts += (telepads,)
        key = (
            keys,
            closed,
            lifts,
            frozenset(goals),
            self.p.space if self.p.space in closed else None,
        )
        kept = _DISTANCES.get(board)
        if kept is None:
            kept = _DISTANCES[board] = {}
        dist = kept.get(key)
        if dist is None:
            if len(kept) > 512:
                kept.clear()
            dist = kept[key] = self._distances(board, goals, keys, closed, lifts)
        return dist

    def _distances(self, board, goals, keys: bool, closed, lifts) -> dict[str, float]:
        # walk backwards from the goals: an edge u -> v costs its boots
        into: dict[str, list[tuple[str, int]]] = {sid: [] for sid in board.space_ids}
        for path in board.paths:
            if path.locked and not keys:
                continue
            into[path.b].append((path.a, path.boots))
            if not path.one_way:
                into[path.a].append((path.b, path.boots))
        for group in lifts:
            for u in group:
                for v in group:
                    if u != v:
                        into[v].append((u, 1))
        dist = {sid: math.inf for sid in board.space_ids}
        heap = [(0, g) for g in goals if g not in closed]
        for _, g in heap:
            dist[g] = 0
        heapq.heapify(heap)
        while heap:
            d, v = heapq.heappop(heap)
            if d > dist[v]:
                continue
            for u, cost in into[v]:
                if u in closed and u != self.p.space:
                    continue
                if d + cost < dist[u]:
                    dist[u] = d + cost
                    heapq.heappush(heap, (d + cost, u))
        return dist

    def saved(self, keys: bool = False, pads: bool = False) -> float:
        """Boots a Master Key (``keys``) or a TelePass (``pads``) would save on the way to
        the goals from here; a way opened where there was none counts as
        :data:`OPENED` boots."""
        goals = self.goals()
        if not goals:
            return 0.0
        here = self.p.space
        now = self.distances(goals)[here]
        then = self.distances(goals, keys=keys or None, pads=pads)[here]
        if then == math.inf:
            return 0.0
        return OPENED if now == math.inf else float(now - then)

    def detours(self, stops) -> dict[str, float]:
        """For each space of ``stops``, how many boots a stop there adds to the way to the
        goals (``math.inf``: no way by it, or no goals)."""
        goals = self.goals()
        to_goals = self.distances(goals) if goals else None
        here = self.p.space
        direct = math.inf if to_goals is None else to_goals[here]
        if direct == math.inf:
            return dict.fromkeys(stops, math.inf)
        return {sid: self.distances({sid})[here] + to_goals[sid] - direct for sid in stops}

    def step(
        self,
        legal: list,
        opts: _paths.TurnOptions | Callable[[], _paths.TurnOptions] | None = None,
        goals: set[str] | None = None,
    ) -> A.Action | None:
        """The first step of this turn's best route toward the goals, if any gets closer.
        ``opts`` are the thief's turn options when the caller has listed them already
        for this same decision, or a function that lists them, called only when a step
        is looked for (they are listed from :attr:`ctx` otherwise). ``goals``: where to
        head instead of :meth:`goals` (a stop on the way, see :meth:`detours`)."""
        # the step is one of ``legal``: with no move, teleport or ride among them there is
        # none, and no route to look for
        if not any(a.kind in _STEP_KINDS for a in legal):
            return None
        if goals is None:
            goals = self.goals()
        if not goals:
            return None
        dist = self.distances(goals)
        here = dist[self.p.space]
        if here == 0:
            return None  # at a goal already: no space is closer
        if opts is None:
            opts = _paths.turn_options(self.game.board, **self.ctx)
        elif callable(opts):
            opts = opts()
        closer = [sid for sid in opts.reachable if dist[sid] < here and sid != self.p.space]
        if not closer:
            return None
        # the best route ends nearest the goals, then with the least damage, boots and
        # id: only the spaces at the least distance need their best option worked out,
        # and none when one space is nearest
        nearest = min(dist[sid] for sid in closer)
        tied = [sid for sid in closer if dist[sid] == nearest]
        target = tied[0]
        if len(tied) > 1:

            def rank(sid: str) -> tuple:
                choice = opts.best(sid)
                return (choice.damage, choice.boots, sid)

            target = min(tied, key=rank)
        steps = opts.route(target)
        action = self.rules.route_action(self.p.space, steps[0])
        return action if action in legal else None
