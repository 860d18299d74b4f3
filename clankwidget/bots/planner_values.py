"""What things are worth to the planning bot (see :class:`_Values`): the prices of what a
card, a device or a fight gives, and the value of gaining or trashing a card.

Kept apart from :mod:`clankwidget.bots.planner` (where to go, how to walk, what to choose)
so that each stays a readable size.
"""

from __future__ import annotations

from collections import Counter

from .board_info import _has_key
from .evaluation import _effects_value
from .planner_estimates import _Plan


class _Values:
    """The planner's prices and card values, all read from its current :class:`_Plan`
    (a damage's and a cube's price, the turns left). Mixed into
    :class:`clankwidget.bots.planner.PlannerBot`, which keeps ``_prices_kept``,
    ``_play_prices_kept`` and the per-decision memo ``_decision``."""

    def _prices(self, game, p, plan: _Plan) -> dict:
        """Prices of one unit of each resource gained *now* (device uses, rewards, secrets)."""
        moving = not p.exhausted and plan.target != p.space
        # A decision asks up to three times (tokens, cards, fights) and the plan stays the
        # same for several: the table is kept with the plan and the two facts it reads
        # besides (callers only read it).
        key = (moving, not p.damage)
        kept = self._prices_kept
        if kept is not None and kept[0] is plan and kept[1] == key:
            return kept[2]
        prices = {
            "skill": 0.9,
            "boots": 1.6 if moving else 0.1,
            "teleport": 1.6 if moving else 0.1,
            "swords": 0.4,
            "gold": 1.0,
            "draw": 1.5,
            "heal": plan.damage_cost if p.damage else 0.0,
            "clank": -plan.clank_cost,
            "others_clank": 0.2,
            "all_clank": -plan.clank_cost + 0.2,
            "return_black": 0.1,
            "rage": -1.5,
            "trash": 0.5,
            "discard": 0.3,
        }
        self._prices_kept = (plan, key, prices)
        return prices

    def _play_prices(self, game, p, plan: _Plan) -> dict:
        """Prices of one unit of each resource a deck card gives each time it is played."""
        key = not p.artifacts  # (kept as the prices above are)
        kept = self._play_prices_kept
        if kept is not None and kept[0] is plan and kept[1] == key:
            return kept[2]
        prices = {
            "skill": 0.8 if not p.artifacts else 0.6,
            "boots": 1.2,
            "teleport": 1.1,
            "swords": 0.5,
            "gold": 1.0,
            "draw": 1.2,
            "heal": 0.5 * plan.damage_cost,
            "clank": -plan.clank_cost,
            "others_clank": 0.2,
            "all_clank": -plan.clank_cost + 0.2,
            "return_black": 0.1,
            "rage": -1.5,
            "trash": 0.3,
            "discard": 0.5,
        }
        self._play_prices_kept = (plan, key, prices)
        return prices

    def _cond(self, game, p, plan: _Plan):
        def weight(test: str) -> float:
            if test == "companion":
                return 0.4
            if test == "artifact":
                return 1.0 if p.artifacts else 0.4
            if test == "depths":
                return 0.6
            if test == "key":
                return 1.0 if _has_key(game, p) else 0.1
            if test == "crown":
                return 1.0 if p.owns("crown") else 0.1
            return 0.0

        return weight

    def _plays_left(self, p, plan: _Plan) -> float:
        """How often a card acquired now is expected to be played before the game ends."""
        n = len(p.all_cards) + 1
        wait = len(p.deck) / 5  # it waits in the discard pile until the draw pile runs out
        return max(0.0, plan.turns - wait) * 5 / n

    def card_value(self, game, p, plan: _Plan, cid: str, prices=None, play_prices=None) -> float:
        """What gaining ``cid`` now is worth, in points (for a monster: defeating it)."""
        card = game.cards.cards[cid]
        prices = prices or self._prices(game, p, plan)
        cond = self._cond(game, p, plan)
        if card.is_monster:
            return _effects_value(card.reward, prices, cond)
        if card.is_device:
            return _effects_value(card.use, prices, cond)
        play_prices = play_prices or self._play_prices(game, p, plan)
        per_play = _effects_value(card.play, play_prices, cond) - self._deck_average(
            game, p, plan, play_prices, cond
        )
        return (
            card.points
            + self._plays_left(p, plan) * per_play
            + _effects_value(card.acquire, prices, cond)
        )

    def _deck_average(self, game, p, plan, play_prices, cond) -> float:
        """What one play of ``p``'s average card is worth; worked out once per decision
        (every card it weighs then asks), for the decision's player and plan."""
        memo = self._decision
        kept = memo.get("deck_average") if memo is not None else None
        if kept is not None and kept[0] is p and kept[1] is plan:
            return kept[2]
        cards = game.cards.cards
        counts = Counter(p.all_cards)
        total = sum(k * _effects_value(cards[c].play, play_prices, cond) for c, k in counts.items())
        average = total / max(1, len(p.all_cards))
        if memo is not None:
            memo["deck_average"] = (p, plan, average)
        return average

    def _score_option(self, game, p, plan, kind, value) -> float:
        cards = game.cards.cards
        if kind == "choose":
            prices = self._prices(game, p, plan)
            if value and all("trash" in e for e in value):
                return max((self._trash_value(game, p, plan, c) for c in p.all_cards), default=0.0)
            return _effects_value(value, prices)
        if kind == "trash":
            _zone, cid = value
            return self._trash_value(game, p, plan, cid)
        # discard ``value`` from hand: lose its play, get the gain
        pend = game.pending
        gain = _effects_value(pend.get("gain", ()), self._prices(game, p, plan))
        lose = _effects_value(cards[value].play, self._prices(game, p, plan))
        return gain - lose

    def _trash_value(self, game, p, plan, cid) -> float:
        card = game.cards.cards[cid]
        play_prices = self._play_prices(game, p, plan)
        cond = self._cond(game, p, plan)
        per_play = _effects_value(card.play, play_prices, cond)
        avg = self._deck_average(game, p, plan, play_prices, cond)
        plays = max(0.0, plan.turns) * 5 / max(1, len(p.all_cards))
        return (avg - per_play) * plays - card.points
