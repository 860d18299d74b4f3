"""Valuing effects, cards and tokens in points, and the small choosers the bots share
(a pending choice, a knapsack of cards for the Skill in hand).
"""

from __future__ import annotations

import math
import weakref

from ..rules import actions as A

# ---------------------------------------------------------------------------
# Valuing effects


# Greedy's fixed prices: what one unit of each effect is worth, in points.
_GREEDY_PRICES = {
    "skill": 1.0,
    "boots": 1.5,
    "swords": 1.0,
    "gold": 0.5,
    "draw": 1.5,
    "teleport": 1.5,
    "heal": 0.5,
    "clank": -0.5,
    "others_clank": 0.3,
    "all_clank": -0.3,
    "return_black": 0.3,
    "rage": -1.0,
}


def _effects_value(effects, prices: dict, cond=None) -> float:
    """Sum of ``prices`` over a list of effects. ``cond(test) -> weight`` prices an ``if``
    (default: half); a choice is worth its best option; discard and trash effects are
    worth ``prices['discard']`` / ``prices['trash']`` (0 when absent)."""
    total = 0.0
    for e in effects:
        key = next(iter(e))
        if key == "if":
            w = 0.5 if cond is None else min((cond(t) for t in e["if"]), default=1.0)
            if w:
                total += w * _effects_value(e["then"], prices, cond)
        elif key == "choose":
            total += max(_effects_value(o, prices, cond) for o in e["choose"])
        elif key in ("trash", "discard"):
            total += prices.get(key, 0.0)
        elif isinstance(e[key], int | float) and not isinstance(e[key], bool):
            total += prices.get(key, 0.0) * e[key]
        # any other effect (an edition's own) is not priced
    return total


_NOISE: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def _card_noise(cards) -> dict[str, float]:
    """Clank! each card of a card set makes when played (its ``clank`` effects, choices
    and conditions weighed as :func:`_effects_value` does), worked out once per set."""
    noise = _NOISE.get(cards)
    if noise is None:
        noise = _NOISE[cards] = {
            cid: _effects_value(c.play, {"clank": 1.0}) for cid, c in cards.cards.items()
        }
    return noise


_DISCARDS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def _card_discards(cards) -> dict[str, bool]:
    """Whether playing each card of a card set discards a card (a ``discard`` effect
    among its play effects), worked out once per set."""
    discards = _DISCARDS.get(cards)
    if discards is None:
        discards = _DISCARDS[cards] = {
            cid: any("discard" in e for e in c.play) for cid, c in cards.cards.items()
        }
    return discards


_VALUES: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def _card_values(cards, prices: dict) -> dict[str, float]:
    """The cards of a card set valued so far at ``prices`` (card id -> points), for bots
    whose value of a card depends on nothing else (the greedy bot's
    :meth:`~clankwidget.bots.greedy.GreedyBot.card_value`): shared by every such bot, kept
    per set and per prices (their items, read when asked)."""
    by_prices = _VALUES.get(cards)
    if by_prices is None:
        by_prices = _VALUES[cards] = {}
    return by_prices.setdefault(tuple(prices.items()), {})


_KNOWN_CHOICES = ("choose", "trash", "discard")

# Actions without fields: every instance equals every other (frozen dataclasses), so
# these serve each look-up and answer without being built again.
_TAKE_SECRET = A.TakeSecret()
_TAKE_ARTIFACT = A.TakeArtifact()
_DECLINE = A.Decline()
_END_TURN = A.EndTurn()


def _offered(action: A.Action, legal: list) -> bool:
    """``action in legal``, comparing ``action`` only with the listed actions of its own
    class: actions are frozen dataclasses, equal only to one of the same class with the
    same fields, so the others need no comparing. The list's own instance (the engine
    reuses them, and bots often pick from the list) is found by identity."""
    cls = type(action)
    for a in legal:  # noqa: SIM110 (a plain loop: any() over a generator is slower)
        if a is action or (a.__class__ is cls and a == action):
            return True
    return False


def _classes(legal: list) -> set[type]:
    """The classes of the actions in ``legal``. An action without fields (``EndTurn``,
    ``TakeSecret``...) is legal exactly when its class is among them (actions are frozen
    dataclasses, equal only to one of the same class with the same fields)."""
    return set(map(type, legal))


def _pending_choice(game, legal, score) -> A.Action:
    """Resolve a pending choice: the option with the best ``score(kind, value)``, or
    decline when that is allowed and no option scores above 0. A kind of choice the bots
    do not know (an edition's own) gets the first option, or a decline if optional."""
    pend = game.pending
    if pend.get("kind") not in _KNOWN_CHOICES:
        return _DECLINE if pend.get("optional") and _offered(_DECLINE, legal) else A.Choose(0)
    scores = [score(pend["kind"], v) for v in pend["values"]]
    best = max(range(len(scores)), key=lambda i: (scores[i], -i))
    if pend.get("optional") and scores[best] <= 0 and _offered(_DECLINE, legal):
        return _DECLINE
    return A.Choose(best)


def _checked(action: A.Action, legal: list) -> A.Action:
    """``action`` if it is legal, else a safe legal one (a rule a bot does not model, such
    as a ship's sealed module, must never make it break the rules): end the turn if
    allowed, else the first legal action (playing a card, answering a prompt)."""
    if _offered(action, legal):
        return action
    return _END_TURN if _offered(_END_TURN, legal) else legal[0]


def _hand_play(game, order, *args) -> A.Action | None:
    """The card a bot plays while it holds cards and nothing else comes first (no pending
    choice, no secret to take on entry): ``Play(order(*args))``, checked on its own,
    without listing every legal action (half of a bot's turns are plays). ``None``
    otherwise: the bot then chooses from the legal list as usual. (It asks the rules'
    check itself, as :meth:`Game.why_illegal` does for an action object.)"""
    s = game.state
    if not s.players[s.current].hand or s.pending:  # (the current player's hand)
        return None
    rules = game.rules
    # (an edition without secrets to take never accepts one: its check is not asked)
    if "take-secret" in rules.kinds and rules.check(s, _TAKE_SECRET) is None:
        return None
    cid = order(*args)
    play = _PLAYS.get(cid)
    if play is None:
        if len(_PLAYS) > _MAX_PLAYS:  # (card sets of any number of cards: kept bounded)
            _PLAYS.clear()
        play = _PLAYS[cid] = A.Play(cid)
    return play if rules.check(s, play) is None else None


# Play(card id), made once per card id: a frozen action serves every play of that card
# (making one costs as much as checking it, and bots play half their turns' actions)
_PLAYS: dict[str, A.Play] = {}
_MAX_PLAYS = 4096


# What the top token of a stack is guessed to be worth, by kind (the kind shows, the token
# does not): minor secrets average a point or two, major ones four or five.
_TOKEN_GUESS = {"minor": 1.5, "major": 4.0}


def _token_guess(token: dict) -> float:
    if token.get("kind") == "idol":  # idols show what they are
        return float(token.get("points", 0))
    return _TOKEN_GUESS.get(token.get("kind"), 1.0)


def _sigmoid(x: float) -> float:
    if x < -30:
        return 0.0
    return 1.0 / (1.0 + math.exp(-x))


def _knapsack(items, budget: int):
    """The first action of the most valuable set of ``items`` (action, cost, value, copies)
    whose costs fit ``budget``; ``None`` if nothing fits."""
    units = []
    for a, cost, v, copies in items:
        for _ in range(copies):
            units.append((a, cost, v))
    units = [u for u in units if u[1] <= budget][:16]
    best = [(0.0, ())] * (budget + 1)  # best[c] = (value, actions) using cost <= c
    for a, cost, v in units:
        for c in range(budget, cost - 1, -1):
            cand = best[c - cost][0] + v
            if cand > best[c][0] + 1e-9:
                best[c] = (cand, (*best[c - cost][1], (v, a)))
    _, chosen = best[budget]
    if not chosen:
        return None
    return max(chosen, key=lambda x: x[0])[1]
