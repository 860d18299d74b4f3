"""The planner's estimates of the game ahead (a part of :class:`~clankwidget.bots.PlannerBot`)."""

from __future__ import annotations

import math
import weakref
from dataclasses import dataclass

import numpy as np

from .. import deck as _deck
from .. import odds as _odds
from .base import INF
from .board_info import _has_key, _info
from .evaluation import _card_noise, _effects_value

# What the estimates work out, shared by every planner (a tournament plays many games with
# the same card set): boots a turn by card set and deck, knockout odds by situation. Both
# are pure functions of their keys, so sharing them changes no decision.
_BOOTS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
_ODDS: dict = {}
_MAX_BOOTS, _MAX_ODDS = 4096, 4096


@dataclass
class _Plan:
    """The planner's view of the rest of its game, recomputed when the situation changes."""

    target: str  # space id: an artifact room, or the exit
    take_here: bool  # take the artifact in this room
    turns: float  # expected turns until it is out
    value: float  # points if the plan works
    p_alive: float  # chance the dragon spares it until then
    ev: float
    damage_cost: float  # points one more damage costs (via the knockout odds)
    clank_cost: float  # points one more cube in the bag costs
    boots_per_turn: float
    deadline: float = INF  # turns left before the countdown knocks out those inside
    via: str | None = None  # a space to pass through first (a token, a market)


class _Estimates:
    """The planner's estimates of the game ahead: boots a turn, attacks to come, the
    dragon's odds of knocking it out, the countdown. Mixed into :class:`PlannerBot`."""

    def boots_per_turn(self, game, p) -> float:
        """Expected boots (teleports count as boots) per turn from ``p``'s whole deck, by
        :func:`clankwidget.deck.resource_distribution` (cached per deck)."""
        cards = game.cards.cards
        conds = ("artifact",) if p.artifacts else ()
        key = (tuple(sorted(p.all_cards)), conds)
        cache = _BOOTS.get(game.cards)
        if cache is None:
            cache = _BOOTS[game.cards] = {}
        boots = cache.get(key)
        if boots is None:
            if len(cache) > _MAX_BOOTS:
                cache.clear()
            pile = [cards[c] for c in key[0]]
            try:
                boots = sum(
                    _deck.resource_distribution(
                        pile, resource=r, choose_for="boots", conditions=conds
                    ).mean
                    for r in ("boots", "teleport")
                )
            except ValueError:
                # too many draw cards for the exact method, or an effect it does not know
                # (an edition's own): count the hand's five cards, without draws
                unit = {"boots": 1.0, "teleport": 1.0}
                boots = sum(_effects_value(c.play, unit) for c in pile) * 5 / max(len(pile), 1)
            cache[key] = boots
        return boots

    def _attacks_per_round(self, game) -> float:
        """Dragon attacks expected per round: cards refilled x share of dragon cards left."""
        s = game.state
        cards = game.cards.cards
        left = len(s.dungeon_deck)
        if not left:
            return 0.0
        dragons = sum(1 for c in s.dungeon_deck if cards[c].dragon)
        refills = 1.3 * sum(1 for q in s.players if q.is_in)
        return max(0.05, refills * dragons / left)

    def _clank_per_turn(self, game, p) -> float:
        noise = _card_noise(game.cards)
        total = sum(noise[c] for c in p.all_cards)
        return max(0.0, 5 * total / max(len(p.all_cards), 1))

    def _survival(self, game, p, horizon_turns: float):
        """``alive(turns, health)``: the chance of taking less than ``health`` damage from
        the dragon within ``turns`` of its turns; and the expected damage one more cube of
        its own in the bag would do over that horizon."""
        s = game.state
        rules = game.rules
        me = p.colour
        hp = rules.health - p.damage
        hit_all = rules.hit_all
        rate = self._attacks_per_round(game)
        draws = rules.rage_value(s) + rules.dangers(s)
        track = rules.setup_numbers.get("countdown") or []
        cubes, _ = game.attack_cubes()  # bag + Clank! area
        in_area = s.clank_area.get(me, 0)
        mine_bag = s.bag.get(me, 0)
        reds = cubes.get(hit_all, 0) if hit_all else 0
        others = sum(cubes.values()) - cubes.get(me, 0) - reds
        my_clank = self._clank_per_turn(game, p)
        their_clank = sum(
            self._clank_per_turn(game, q) for q in s.players if q is not p and q.is_in
        )
        attacks = []
        at_turn = []  # attacks that have happened by the end of each of its turns
        waiting = [float(in_area), 0.0]  # cubes made since the last attack: its own, others'

        def attack(n: int) -> None:
            add_me, add_them = round(waiting[0]), round(waiting[1])
            waiting[0] -= add_me
            waiting[1] -= add_them
            add = {"black": add_them}
            if add_me:
                add[me] = add_me
            attacks.append(_odds.Attack(n, add))

        expected = 0.0
        for t in range(max(1, min(math.ceil(horizon_turns) + 1, 16))):
            waiting[0] += my_clank
            waiting[1] += their_clank
            expected += rate
            while expected >= 1.0:
                expected -= 1.0
                attack(draws)
            if s.countdown is not None:  # the countdown player's marker moves each round
                c = s.countdown + t + 1
                extra = track[c - 1] if c <= len(track) else None
                if extra:
                    attack(draws + extra)
            at_turn.append(len(attacks))
        bag_total = sum(cubes.values()) + 1
        dist = None
        if attacks:
            bag = {"black": others, me: mine_bag}
            if reds:
                bag[hit_all] = reds
            # the same health, attacks and bag give the same odds: worked out once
            key = (
                max(hp, 1),
                tuple((a.draws, tuple(a.add.items())) for a in attacks),
                tuple(bag.items()),
                me,
                hit_all,
            )
            dist = _ODDS.get(key)
            if dist is None:
                ko = _odds.knockout_odds(
                    {me: max(hp, 1)},
                    attacks,
                    bag=bag,
                    hit_all=hit_all,
                    seed=0,
                    max_exact_steps=200_000,
                )
                # P(damage <= a) after attack t
                dist = np.cumsum(ko.by_attack[:, 0, :], axis=1)
                if len(_ODDS) > _MAX_ODDS:
                    _ODDS.clear()
                _ODDS[key] = dist

        def alive(turns: float, health: int = hp) -> float:
            if health <= 0:
                return 0.0
            if dist is None:
                return 1.0
            lo = math.floor(turns)
            frac = turns - lo

            def at(k: int) -> float:
                n = at_turn[min(max(k, 0), len(at_turn) - 1)]
                if n == 0:
                    return 1.0
                row = dist[n - 1]
                return float(row[min(health - 1, len(row) - 1)])

            return (1 - frac) * at(lo) + frac * at(lo + 1)

        per_cube = sum(a.draws for a in attacks) / bag_total if attacks else 0.0
        return alive, min(per_cube, 1.0)

    def _deadline(self, game, p) -> tuple[float, bool]:
        """Turns it has before the countdown knocks out everyone inside (``inf``: no
        countdown in sight), and whether that is certain (running, or a rival carrying
        an artifact is on its way out)."""
        s = game.state
        track = game.rules.setup_numbers.get("countdown") or [None]
        if s.countdown is not None:
            return float(len(track) - s.countdown), True
        info = _info(game.board)
        best = INF
        for q in s.players:
            if q is p or not q.is_in or not q.artifacts:
                continue
            d = info.dist[_has_key(game, q)]
            b = max(self.boots_per_turn(game, q), 0.8)
            best = min(best, d[info.idx[q.space]][info.exit] / b + game.rules.turns_after_out(s))
        return best, best < INF
