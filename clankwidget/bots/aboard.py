"""What the greedy and planner bots do aboard a ship besides walking (Clank! In! Space!
and Pulsarcade): rules of thumb for the ship's markets, its telepads and its modules' own
actions, each a small named helper, priced by the greedy bot's fixed table (a Credit left
at the end is a point, so an item must be worth more than its price):

* :func:`ship_buy`: buy the listed item worth most, if it is worth more than its price
  (:func:`item_worth`: its points and effects, the boots a Master Key or a TelePass
  saves on the way, the tokens of an Arcade Cabinet that owning it lets the thief claim);
* :func:`ship_step`: with Credits enough, a market selling such an item
  (:func:`market_worth`) becomes a stop on the way when the item is worth more than the
  boots the stop adds; so does a telepad while a ride would claim an Arcade Cabinet
  (Q*Alert), and there it rides to the pad nearest its goals;
* :func:`module_action`: ransack a vault whose Credits beat its noise
  (:func:`vault_credits`), thrill the Danger Theater audience (free points, once a turn),
  leave a clone in a Cloning Vat (it takes a bounty hunter's hit instead).

Otherwise the telepads need no rule of their own: with a TelePass the
:class:`~clankwidget._shipnav.ShipNavigator` counts them as lifts, and rides one when that
shortens the way.
"""

from __future__ import annotations

import copy
import math
import weakref

from .. import registry
from .._shipnav import _STEP_KINDS
from ..rules import actions as A
from ..rules.pulsarcade_actions import Clone, Ransack, Thrill
from ..rules.space import Telepad
from .evaluation import _GREEDY_PRICES, _effects_value

__all__ = [
    "item_worth",
    "market_worth",
    "module_action",
    "ship_buy",
    "ship_step",
    "vault_credits",
]

#: what a Clank! cube made by a ransack costs, in points (the greedy's table says half a
#: point; a vault's noise comes all at once, so it is counted whole)
RANSACK_CUBE = 1.0
#: a boot's price, in points (the greedy's table): of a boot a Master Key or a TelePass
#: saves, and of one a stop at a market adds to the way
BOOT = _GREEDY_PRICES["boots"]
#: what an Arcade Cabinet's token is worth, in points: tokens buy the MCP's artifacts (2
#: the 5-point one, 3 the 10, 4 the 15, 10 the 30), and at the cheap end one more token
#: buys an artifact 5 points better
TOKEN = 5.0
#: the prices :func:`item_worth` reads when the thief has no damage to heal
_UNHURT = {**_GREEDY_PRICES, "heal": 0.0}

_THRILL, _CLONE = Thrill(), Clone()
_UNSET = object()  # (an item's worth not worked out yet)


def module_action(game, p, offered: set, legal: list) -> A.Action | None:
    """A ship module's action worth taking now, if any is listed (``offered``: the listed
    actions' classes): a ransack that pays (:func:`_ransack`), a thrill, a clone."""
    if Ransack in offered:
        ransack = _ransack(game, p, legal)
        if ransack is not None:
            return ransack
    if Thrill in offered:
        return _THRILL  # free points on the Danger Vision track (listed: allowed now)
    if Clone in offered:
        return _CLONE  # a clone takes a bounty hunter's hit instead of the thief
    return None


def _ransack(game, p, legal: list) -> A.Action | None:
    """The listed ransack that takes the most Credits, if they beat its Clank! (each cube
    at :data:`RANSACK_CUBE` points)."""
    vault = game.rules.module("vault")
    noise = vault.data["ransack_clank"] * RANSACK_CUBE
    best = None
    for a in legal:
        if a.__class__ is Ransack:
            credits = vault_credits(game, a.vault)
            if credits > noise and (best is None or credits > best[0]):
                best = (credits, a)
    return None if best is None else best[1]


def vault_credits(game, vid: str) -> int:
    """The Credits a ransack of vault ``vid`` takes now: its highest filled slot's (0 if
    it is empty)."""
    vault = game.rules.module("vault")
    filled = vault.state(game.state)["filled"]
    top = -1
    for (v, slot), full in zip(vault.data["fill"], filled, strict=True):
        if full and v == vid and slot > top:
            top = slot
    return vault.data["vaults"][vid]["slots"][top] if top >= 0 else 0


# -- the way


def ship_step(game, p, nav, legal: list, opts=None) -> A.Action | None:
    """The next step of the way aboard: a telepad ride that lets ``p`` claim an Arcade
    Cabinet (:func:`_pad_ride`), else toward the stop worth most while there is one
    (:func:`_stop`), else toward ``nav``'s goals (``opts``: as
    :meth:`ShipNavigator.step` takes them)."""
    ride = _pad_ride(game, p, legal, nav)
    if ride is not None:
        return ride
    if not p.exhausted and any(a.kind in _STEP_KINDS for a in legal):
        stop = _stop(game, p, nav)
        if stop is not None and stop != p.space:
            step = nav.step(legal, opts, goals={stop})
            if step is not None:
                return step
    return nav.step(legal, opts)


def _stop(game, p, nav) -> str | None:
    """The stop on the way that pays most: a market (:func:`market_worth`) or, while a
    telepad ride would let ``p`` claim an Arcade Cabinet, a telepad (its tokens), each
    worth more than the boots it adds (:meth:`ShipNavigator.detours`, at a boot's price);
    the first of equals. ``None`` if none."""
    worth = market_worth(game, p, nav)
    tokens = _pad_tokens(game, p)
    if tokens:
        for sid in game.rules.telepads:
            worth[sid] = max(worth.get(sid, 0.0), TOKEN * tokens)
    if not worth:
        return None
    best = None
    for sid, extra in nav.detours(worth).items():
        gain = worth[sid] - BOOT * extra
        if gain > 0 and (best is None or gain > best[0]):
            best = (gain, sid)
    return None if best is None else best[1]


def _pad_ride(game, p, legal: list, nav) -> Telepad | None:
    """While a telepad ride would let ``p`` claim an Arcade Cabinet (:func:`_pad_tokens`),
    the listed ride to the telepad nearest its goals (the first listed of equals), if the
    tokens are worth more than the boots it may add to the way."""
    rides = [a for a in legal if a.__class__ is Telepad]
    if not rides:
        return None
    tokens = _pad_tokens(game, p)
    goals = nav.goals() if tokens else None
    if not goals:
        return None
    dist = nav.distances(goals)
    ride = min(rides, key=lambda a: dist[a.to])
    return ride if BOOT * (dist[ride.to] - dist[p.space]) < TOKEN * tokens else None


def _pad_tokens(game, p) -> int:
    """Tokens of the Arcade Cabinets that a telepad ride this turn would let ``p`` claim
    (with a TelePass, not yet ridden this turn)."""
    if p.turn_flags.get("telepad") or not p.owns("telepass"):
        return 0
    return _cabinet_tokens(game, p, "telepad_used", True)


# -- the markets


def market_worth(game, p, nav) -> dict[str, float]:
    """Market space -> the most an item ``p``'s Credits buy there is worth
    (:func:`item_worth`), for the markets with an item worth more than its price; none
    at once when ``p`` cannot pay for the cheapest item anywhere. (Each item's own worth
    is worked out once, each market adding its price and effects.)"""
    table, cheapest = _prices(game, p)
    if p.gold < cheapest:
        return {}
    s, rules = game.state, game.rules
    items = _market_items(game)
    hurt = 1 if p.damage else 0
    own: dict[str, float | None] = {}  # item id -> _own_worth (None: not to be had)
    worth: dict[str, float] = {}
    for sid, row in table.items():
        for iid, price, values, noise in row:
            if price > p.gold or p.supply < noise:
                continue
            w = own.get(iid, _UNSET)
            if w is _UNSET:
                item = items[iid]
                w = own[iid] = (
                    _own_worth(game, p, item, nav)
                    if s.market.get(iid, 0) > 0 and rules.market_limit(s, p, item) is None
                    else None
                )
            if w is not None:
                w += values[hurt] - price
                if w > worth.get(sid, 0.0):
                    worth[sid] = w
    return worth


def item_worth(game, p, item: dict, price: int, extra, nav) -> float:
    """What buying ``item`` for ``price`` Credits (with a market's ``extra`` effects) is
    worth to ``p``, in points: :func:`_own_worth` less the price, plus the market's
    effects (healing only when hurt)."""
    prices = _GREEDY_PRICES if p.damage else _UNHURT
    return _own_worth(game, p, item, nav) - price + _effects_value(extra, prices)


def _own_worth(game, p, item: dict, nav) -> float:
    """What owning ``item`` is worth to ``p``, in points, before its price: its points and
    the effects of buying it (healing only when hurt), for a Master Key or a TelePass the
    boots it saves on the way to ``nav``'s goals at a boot's price, and the tokens of an
    Arcade Cabinet that owning it (or, for a TelePass, a telepad ride) lets ``p`` claim
    (:func:`_cabinet_tokens`)."""
    points = item.get("points", 0)
    if isinstance(points, list):  # (a Crown's points are its pile's; none aboard a ship)
        points = points[0] if points else 0
    worth = points + _effects_value(item.get("buy", ()), _GREEDY_PRICES if p.damage else _UNHURT)
    grant = item.get("grants")
    if grant == "key":
        worth += BOOT * nav.saved(keys=True)
    elif grant == "telepass":  # (and a ride may claim an Arcade Cabinet: Q*Alert)
        worth += BOOT * nav.saved(pads=True)
        worth += TOKEN * _cabinet_tokens(game, p, "telepad_used", True)
    return worth + TOKEN * _cabinet_tokens(game, p, "owns", grant)


def _cabinet_tokens(game, p, condition: str, value) -> int:
    """Tokens of the Arcade Cabinets (Pulsarcade) whose condition is ``{condition:
    value}`` (``"owns"`` an item's grant, ``"telepad_used"``) that ``p`` still may claim
    (one of each, none once it holds an artifact), with a copy left."""
    if p.artifacts:
        return 0
    cabinets = _cabinets(game).get((condition, value))
    if not cabinets:
        return 0
    left, claimed = game.state.extra["cabinets"], p.extra["cabinets"]
    tokens = 0
    for cid, k in cabinets:
        if left.get(cid) and cid not in claimed:
            tokens += k
    return tokens


_CABINETS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def _cabinets(game) -> dict[tuple, tuple]:
    """``(condition, value)`` -> ``(cabinet id, tokens)`` of each Arcade Cabinet with
    that condition, for the conditions a bot reads (:func:`_cabinet_tokens`); empty for
    an edition without cabinets. Once per rules."""
    rules = game.rules
    kept = _CABINETS.get(rules)
    if kept is None:
        kept = {}
        if registry.edition(game.edition).has("cabinets"):
            for cid, cab in rules.cabinets.items():
                ((key, value),) = cab["condition"].items()
                if key in ("owns", "telepad_used"):
                    kept.setdefault((key, value), ())
                    kept[key, value] += ((cid, cab["tokens"]),)
        _CABINETS[rules] = kept
    return kept


def ship_buy(game, p, legal: list, nav) -> A.Buy | None:
    """The listed buy worth most (:func:`item_worth`), if it is worth more than 0; the
    first listed of equals."""
    rules, s = game.rules, game.state
    items = _market_items(game)
    best = None
    for a in legal:
        if a.__class__ is A.Buy:
            item = items[a.item]
            price, extra = rules.market_price(s, p, item)
            worth = item_worth(game, p, item, price, extra, nav)
            if worth > 0 and (best is None or worth > best[0]):
                best = (worth, a)
    return None if best is None else best[1]


_ITEMS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def _market_items(game) -> dict[str, dict]:
    """The items the ship's markets sell, by id: the card set's and the edition's own
    (Pulsarcade's Disguise Kit), as the rules read them; once per card set and rules."""
    rules = game.rules
    kept = _ITEMS.get(rules)
    if kept is None:
        kept = _ITEMS[rules] = {m["id"]: m for m in rules.market_items()}
    return kept


_PRICES: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def _prices(game, p) -> tuple[dict[str, tuple], float]:
    """Market space -> ``(item id, price, (worth of the market's extra effects unhurt,
    hurt), Clank! they make)`` of every item sold there, as the rules price it for a
    thief standing there (a market's price depends on its space alone), and the cheapest
    price of all (``inf``: nothing sold); worked out once per rules."""
    rules = game.rules
    kept = _PRICES.get(rules)
    if kept is None:
        table = {}
        items = _market_items(game)
        there = copy.copy(p)  # a stand-in for the thief, standing at each market in turn
        for sp in game.board.spaces:
            if not sp.market:
                continue
            there.space = sp.id
            row = []
            for iid, item in items.items():
                price = rules.market_price(game.state, there, item)
                if price is not None:
                    cost, extra = price
                    values = (_effects_value(extra, _UNHURT), _effects_value(extra, _GREEDY_PRICES))
                    noise = sum(e["clank"] for e in extra if e.get("clank", 0) > 0)
                    row.append((iid, cost, values, noise))
            if row:
                table[sp.id] = tuple(row)
        cheapest = min((r[1] for row in table.values() for r in row), default=math.inf)
        kept = _PRICES[rules] = (table, cheapest)
    return kept
