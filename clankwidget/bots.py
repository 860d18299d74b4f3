"""Computer players.

A bot is an object with ``choose(game) -> Action``: given a live game where it is the
current player, it returns one legal action (one of ``game.legal_actions()``) and never
changes the game. Bots are seeded and deterministic: the same game and seed give the
same choices.

Three strengths, registered in :data:`BOTS`:

* ``"random"`` (:class:`RandomBot`): any legal action.
* ``"greedy"`` (:class:`GreedyBot`): fixed rules of thumb. It plays its hand, buys the
  card worth most by a fixed table of resource values, fights what it can, heads for
  the most valuable artifact by the fewest boots, takes it and walks out.
* ``"planner"`` (:class:`PlannerBot`): weighs every way of finishing (which artifact,
  by which stop) by its chance of winning: the turns its deck needs for the trip, the
  dragon's odds of knocking it out on the way, the countdown, and what each rival can
  still score. It prices cards by how often it will still play them, swords against
  damage by the knockout odds, and keeps quiet when the bag is against it.

Greedy and planner are built for Clank! in the dungeon (the ``clank`` edition). Aboard a
ship both take their goals and routes from :class:`clankwidget._shipnav.ShipNavigator`
(data ports for the command code, the command module's artifacts or the MCP's Redemption
spaces, then an escape pod) and keep their own ways of choosing cards; there the planner
plans no better than the greedy bot.

>>> from clankwidget import Game
>>> from clankwidget.bots import make_bot
>>> game = Game.new(players=2, seed=3)
>>> bot = make_bot("planner")
>>> bot.choose(game) in game.legal_actions()
True
"""

from __future__ import annotations

import math
import weakref
from collections import Counter
from dataclasses import dataclass

import numpy as np

from . import deck as _deck
from . import odds as _odds
from . import paths as _paths
from . import registry
from ._shipnav import ShipNavigator
from .rules import actions as A

__all__ = ["BOTS", "Bot", "GreedyBot", "PlannerBot", "RandomBot", "make_bot"]

INF = math.inf


class Bot:
    """Base class: subclasses implement :meth:`choose`."""

    name = "bot"

    def __init__(self, seed: int = 0):
        self.seed = seed
        self.rng = np.random.default_rng(seed)

    def choose(self, game) -> A.Action:
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seed={self.seed})"


class RandomBot(Bot):
    """Plays a uniformly random legal action, ending its turn only when nothing else is left
    or with a small chance (so it neither stalls nor rushes)."""

    name = "random"

    def choose(self, game) -> A.Action:
        legal = game.legal_actions()
        others = [a for a in legal if not isinstance(a, A.EndTurn)]
        if not others or (len(others) < len(legal) and self.rng.random() < 0.25):
            return next(a for a in legal if isinstance(a, A.EndTurn))
        return others[int(self.rng.integers(len(others)))]


# ---------------------------------------------------------------------------
# What the heuristic bots know about a board (built once per board)


class _BoardInfo:
    """Distance tables and lookups for one board, shared by every bot that plays on it."""

    def __init__(self, board):
        self.board = board
        self.ids = board.space_ids
        self.idx = {sid: i for i, sid in enumerate(self.ids)}
        self.exit = self.idx[board.start]
        # fewest boots from (row) to (column), without and with a Master Key
        self.dist = {k: _paths.distance_table(board, keys=k).tolist() for k in (False, True)}
        # the same, each monster icon on the way counting as two more boots
        self.careful = {k: _weighted_pairs(board, k, monster=2.0) for k in (False, True)}
        self.exits = {
            sid: tuple((path, self.idx[path.other_end(sid)]) for path in board.exits(sid))
            for sid in self.ids
        }
        self.depths = [s.depths for s in board.spaces]
        # spaces a planner may stop at on the way: (index, id, gold there, market)
        self.stops = [
            (self.idx[sp.id], sp.id, float(sp.gold), bool(sp.market))
            for sp in board.spaces
            if not sp.start
        ]
        # fewest boots from each space up out of the Depths (0 outside them)
        self.to_surface = {
            k: [
                min((d[i][j] for j in range(len(self.ids)) if not self.depths[j]), default=INF)
                for i in range(len(self.ids))
            ]
            for k, d in self.dist.items()
        }


def _weighted_pairs(board, keys: bool, monster: float) -> list[list[float]]:
    """All-pairs cheapest cost (boots + ``monster`` per monster icon), Floyd-Warshall."""
    n = len(board.spaces)
    w = np.full((n, n), INF)
    np.fill_diagonal(w, 0.0)
    for path in board.paths:
        if (path.locked and not keys) or path.water:
            continue
        cost = path.boots + monster * path.monsters
        i, j = board.index(path.a), board.index(path.b)
        w[i, j] = min(w[i, j], cost)
        if not path.one_way:
            w[j, i] = min(w[j, i], cost)
    for k in range(n):
        np.minimum(w, w[:, k : k + 1] + w[k : k + 1, :], out=w)
    return w.tolist()


_INFO: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def _info(board) -> _BoardInfo:
    info = _INFO.get(board)
    if info is None:
        info = _INFO[board] = _BoardInfo(board)
    return info


def _has_key(game, p) -> bool:
    return p.owns("key") > 0


def _capacity(game, p) -> int:
    return 1 + p.owns("backpack")


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


_KNOWN_CHOICES = ("choose", "trash", "discard")


def _pending_choice(game, legal, score) -> A.Action:
    """Resolve a pending choice: the option with the best ``score(kind, value)``, or
    decline when that is allowed and no option scores above 0. A kind of choice the bots
    do not know (an edition's own) gets the first option, or a decline if optional."""
    pend = game.pending
    if pend.get("kind") not in _KNOWN_CHOICES:
        return A.Decline() if pend.get("optional") and A.Decline() in legal else A.Choose(0)
    scores = [score(pend["kind"], v) for v in pend["values"]]
    best = max(range(len(scores)), key=lambda i: (scores[i], -i))
    if pend.get("optional") and scores[best] <= 0 and A.Decline() in legal:
        return A.Decline()
    return A.Choose(best)


def _checked(action: A.Action, legal: list) -> A.Action:
    """``action`` if it is legal, else a safe legal one (a rule a bot does not model, such
    as a ship's sealed module, must never make it break the rules): end the turn if
    allowed, else the first legal action (playing a card, answering a prompt)."""
    if action in legal:
        return action
    return A.EndTurn() if A.EndTurn() in legal else legal[0]


def _next_steps(info: _BoardInfo, space: str, target: str, keys: bool, can_exit: bool):
    """Paths out of ``space`` that start a fewest-boots route to ``target``, best first:
    ``(path, dest_id)`` pairs, fewer monsters first."""
    d = info.dist[keys]
    t = info.idx[target]
    here = d[info.idx[space]][t]
    if here == INF or here == 0:
        return []
    out = []
    for path, j in info.exits[space]:
        if path.locked and not keys:
            continue
        if j == info.exit and not (can_exit and j == t):
            continue
        if path.boots + d[j][t] == here:
            out.append((path.monsters, path.boots, path.index, path, info.ids[j]))
    out.sort(key=lambda x: x[:3])
    return [(x[3], x[4]) for x in out]


# ---------------------------------------------------------------------------
# Greedy


class GreedyBot(Bot):
    """Rules of thumb, no look-ahead.

    Each turn it plays its whole hand (a card that discards goes first while a Stumble
    can be thrown away; Stumbles last; choices by a fixed price table), then: takes the
    artifact it came for, buys a Crown (or a Master Key that shortens its route, or a
    Backpack when a second artifact lies on its way out) in a market, acquires the card
    worth most by the price table (points plus resources, minus noise), defeats any
    monster it can, drinks a potion when hurt, and walks the fewest-boots route toward
    the most valuable artifact left on the board (teleporting when that gets it
    closer). With an artifact in hand it heads for the exit. It ends its turn when
    nothing on that list applies. It ignores the dragon, the countdown and its health.
    """

    name = "greedy"
    prices = _GREEDY_PRICES

    # -- values

    def card_value(self, game, cid: str) -> float:
        card = game.cards.cards[cid]
        if card.is_monster:
            return _effects_value(card.reward, self.prices)
        if card.is_device:
            return _effects_value(card.use, self.prices)
        return (
            card.points
            + _effects_value(card.play, self.prices)
            + _effects_value(card.acquire, self.prices)
        )

    def _play_order(self, game, p) -> str:
        hand = p.hand
        cards = game.cards.cards
        noisy = [c for c in hand if _effects_value(cards[c].play, {"clank": 1}) > 0]
        if noisy:
            for c in hand:
                if any("discard" in e for e in cards[c].play):
                    return c
            quiet = [c for c in hand if c not in noisy]
            if quiet:
                return quiet[0]
        return hand[0]

    def _score_option(self, game, kind: str, value) -> float:
        cards = game.cards.cards
        if kind == "choose":
            return _effects_value(value, self.prices)
        if kind == "trash":
            _zone, cid = value
            return 1.0 if _effects_value(cards[cid].play, {"clank": 1}) > 0 else -1.0
        # discard a card from hand for the gain
        return 1.0 if _effects_value(cards[value].play, {"clank": 1}) > 0 else -1.0

    # -- the target

    def target(self, game, p) -> str | None:
        info = _info(game.board)
        keys = _has_key(game, p)
        d = info.dist[keys]
        here = info.idx[p.space]
        arts = game.state.artifacts
        if p.artifacts:
            if len(p.artifacts) < _capacity(game, p):
                via = self._on_the_way(info, d, here, arts)
                if via is not None:
                    return via
            return game.board.start
        best = None
        for room, value in arts.items():
            dist = d[here][info.idx[room]]
            if dist == INF:
                continue
            key = (value, -dist)
            if best is None or key > best[0]:
                best = (key, room)
        return None if best is None else best[1]

    @staticmethod
    def _on_the_way(info, d, here, arts, slack: float = 2) -> str | None:
        direct = d[here][info.exit]
        best = None
        for room, value in arts.items():
            j = info.idx[room]
            if d[here][j] + d[j][info.exit] <= direct + slack and (best is None or value > best[0]):
                best = (value, room)
        return None if best is None else best[1]

    # -- choosing

    def choose(self, game) -> A.Action:
        legal = game.legal_actions()
        return _checked(self._choose(game, legal), legal)

    def _choose(self, game, legal) -> A.Action:
        if game.pending:
            return _pending_choice(game, legal, lambda k, v: self._score_option(game, k, v))
        if A.TakeSecret() in legal:
            return A.TakeSecret()  # a secret on a first entry: take it, as on arrival
        p = game.current_player
        if p.hand:
            return A.Play(self._play_order(game, p))
        legal_set = set(legal)
        ship = ShipNavigator(game) if registry.edition(game.edition).has("ship") else None
        if ship is not None:
            target = None
            here = ship.act_here(legal)
            if here is not None:
                return here
        else:
            target = self.target(game, p)
            if A.TakeArtifact() in legal_set and (target == p.space or target is None):
                return A.TakeArtifact()
        buy = self._buy(game, p, legal_set)
        if buy is not None:
            return buy
        token = self._token(game, p, legal)
        if token is not None:
            return token
        best = None
        for a in legal:
            if isinstance(a, A.Acquire | A.Defeat):
                cid = game.state.row[a.slot]
            elif isinstance(a, A.AcquireReserve | A.DefeatReserve):
                cid = a.card
            else:
                continue
            v = self.card_value(game, cid)
            if v > 0.4 and (best is None or v > best[0]):
                best = (v, a)
        if best is not None:
            return best[1]
        if ship is not None:
            move = ship.step(legal)
            if move is not None:
                return move
        elif target is not None and target != p.space:
            move = self._move(game, p, target, legal_set)
            if move is not None:
                return move
        return A.EndTurn()

    def _buy(self, game, p, legal_set):
        if not any(isinstance(a, A.Buy) for a in legal_set):
            return None
        grants = {m["id"]: m["grants"] for m in game.cards.market}
        by = {g: A.Buy(i) for i, g in grants.items() if A.Buy(i) in legal_set}
        if "crown" in by:
            return by["crown"]
        info = _info(game.board)
        target = self.target(game, p)
        if "key" in by and target is not None and not _has_key(game, p):
            i, t = info.idx[p.space], info.idx[target]
            if info.dist[True][i][t] < info.dist[False][i][t]:
                return by["key"]
        if "backpack" in by and p.artifacts and len(p.artifacts) >= _capacity(game, p):
            d = info.dist[_has_key(game, p)]
            if self._on_the_way(info, d, info.idx[p.space], game.state.artifacts) is not None:
                return by["backpack"]
        return None

    def _token(self, game, p, legal):
        for a in legal:
            if isinstance(a, A.UseToken):
                tok = next(t for t in p.tokens if t["id"] == a.token and t.get("use"))
                heal = sum(e.get("heal", 0) for e in tok["use"])
                if heal and p.damage >= heal:
                    return a
        return None

    def _move(self, game, p, target, legal_set):
        info = _info(game.board)
        keys = _has_key(game, p)
        for path, _dest in _next_steps(info, p.space, target, keys, bool(p.artifacts)):
            a = A.Move(path.index, min(path.monsters, p.swords))
            if a in legal_set:
                return a
        if p.teleports:
            d = info.dist[keys]
            t = info.idx[target]
            here = d[info.idx[p.space]][t]
            best = None
            for a in legal_set:
                if isinstance(a, A.Teleport):
                    dd = d[info.idx[a.to]][t]
                    if dd < here and (best is None or (dd, a.to) < best[0]):
                        best = ((dd, a.to), a)
            if best is not None:
                return best[1]
        return None


# ---------------------------------------------------------------------------
# Planner


# What the top token of a stack is guessed to be worth, by kind (the kind shows, the token
# does not): minor secrets average a point or two, major ones four or five.
_TOKEN_GUESS = {"minor": 1.5, "major": 4.0}


def _token_guess(token: dict) -> float:
    if token.get("kind") == "idol":  # idols show what they are
        return float(token.get("points", 0))
    return _TOKEN_GUESS.get(token.get("kind"), 1.0)


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


class PlannerBot(Bot):
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
        self._deck_cache: dict = {}
        self._odds_cache: dict = {}
        self._plan_key = None
        self._plan: _Plan | None = None
        self._target = None  # the last target chosen (a little loyalty stops dithering)
        self._game = None
        self._trace: list | None = None

    # ------------------------------------------------------------ estimates

    def boots_per_turn(self, game, p) -> float:
        """Expected boots (teleports count as boots) per turn from ``p``'s whole deck, by
        :func:`clankwidget.deck.resource_distribution` (cached per deck)."""
        cards = game.cards.cards
        conds = ("artifact",) if p.artifacts else ()
        key = (tuple(sorted(p.all_cards)), conds)
        boots = self._deck_cache.get(key)
        if boots is None:
            if len(self._deck_cache) > 256:
                self._deck_cache.clear()
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
            self._deck_cache[key] = boots
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
            dist = self._odds_cache.get(key)
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
                if len(self._odds_cache) > 512:
                    self._odds_cache.clear()
                self._odds_cache[key] = dist

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
            best = min(best, d[info.idx[q.space]][info.exit] / b + len(track) - 1)
        return best, best < INF

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
            len(p.all_cards),
            s.countdown,
            tuple(sorted(s.artifacts)),
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
        info = _info(game.board)
        keys = _has_key(game, p)
        d = info.dist[keys]
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

        stops = self._waypoints(game, p)

        careful = info.careful[keys]

        def via(start: int, goal: int):
            """The best stop on the way from ``start`` to ``goal``: (space, extra boots, points).
            Detours are measured with monsters counting as extra boots."""
            direct = careful[start][goal]
            best = (None, 0.0, 0.0)
            for j, bonus in stops:
                extra = careful[start][j] + careful[j][goal] - direct
                if extra <= self.detour_limit and bonus - self.detour_price * extra > (
                    best[2] - self.detour_price * best[1]
                ):
                    best = (j, extra, bonus)
            return best

        options = []  # (target, via, take here, boots, boots to the surface, escape, rescue)
        if p.artifacts:
            j, extra, bonus = via(here, info.exit)
            options.append(
                (
                    game.board.start,
                    j,
                    False,
                    d[here][info.exit] + extra,
                    info.to_surface[keys][here] + extra,
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
                j, extra, bonus = via(here, k) if k != here else (None, 0.0, 0.0)
                options.append(
                    (
                        room,
                        j,
                        room == p.space,
                        din + extra + d[k][info.exit],
                        din + extra + info.to_surface[keys][k],
                        held + value + mastery + points + bonus,
                        held + value + points + bonus,
                    )
                )
        if not options:  # nothing left to take and nothing held: stay near the top
            return _Plan(game.board.start, False, 1.0, points, 1.0, 0.0, 0.5, 0.1, b)
        horizon = max(trip_turns(o[3]) for o in options)
        alive, per_cube = self._survival(game, p, min(horizon, 15))
        rivals = self._rivals(game, p)

        def p_win(score: float, turns: float, taken=None) -> float:
            out = 1.0
            for project in rivals:
                out *= _sigmoid((score - project(turns, taken)) / self.spread)
            return out

        best = None
        for room, stop, take, boots, surf_boots, v_escape, v_rescue in options:
            turns = trip_turns(boots)
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

    def _waypoints(self, game, p) -> list[tuple[int, float]]:
        """Spaces worth passing through, with the points a visit brings: a token (an idol,
        a secret), gold on the floor, a market where its gold buys a Crown."""
        s = game.state
        info = _info(game.board)
        out = []
        crown = next((m for m in game.cards.market if m["grants"] == "crown"), None)
        cost = crown.get("cost", 7) if crown else 0
        crown_gain = (
            (s.crowns[0] if s.crowns else 0) - cost
            if crown and s.market.get(crown["id"], 0) > 0 and p.gold >= cost
            else 0
        )
        for i, sid, gold, market in info.stops:
            if sid == p.space:
                continue
            bonus = gold
            stack = s.space_tokens.get(sid)
            if stack:
                bonus += _token_guess(stack[0])
            if market and crown_gain > 0:
                bonus += crown_gain
            if bonus > 0:
                out.append((i, bonus))
        return out

    def _rivals(self, game, p) -> list:
        """For each rival, ``project(turns)``: the score it is expected to end with if
        this player leaves the dungeon in ``turns`` turns (starting the countdown)."""
        s = game.state
        mastery = game.rules.escape_bonus
        info = _info(game.board)
        scores = game.rules.scores(s)
        track = game.rules.setup_numbers.get("countdown") or [None]
        grace = len(track) - 1  # turns a rival still gets once the countdown starts
        out = []
        for i, q in enumerate(s.players):
            if q is p:
                continue
            if not q.is_in:
                final = float(scores[i])
                out.append(lambda turns, taken=None, final=final: final)
                continue
            d = info.dist[_has_key(game, q)]
            x = info.idx[q.space]
            b = max(self.boots_per_turn(game, q), 0.6)
            pts = game.rules.points(s, q) - sum(q.artifacts)
            played = max(1.0, s.turn / max(len(s.players), 1))
            rate = max(self.growth, pts / played)
            routes = []  # (turns to exit, turns to the surface, artifact points, room)
            if q.artifacts:
                routes.append((d[x][info.exit] / b + 0.5, info.to_surface[False][x] / b, 0, None))
            if len(q.artifacts) < _capacity(game, q):
                for room, value in s.artifacts.items():
                    j = info.idx[room]
                    t_in = d[x][j] / b + 0.5
                    routes.append(
                        (
                            t_in + d[j][info.exit] / b,
                            t_in + info.to_surface[False][j] / b,
                            value,
                            room,
                        )
                    )
            base = pts + sum(q.artifacts)

            def project(turns, taken=None, routes=routes, base=base, rate=rate):
                left = turns + grace
                best = 0.0
                for t_exit, t_surf, value, room in routes:
                    if room is not None and room == taken:
                        continue
                    if t_exit <= left:
                        best = max(best, base + value + mastery + rate * t_exit)
                    elif t_surf <= left:
                        best = max(best, base + value + rate * left)
                return best

            out.append(project)
        return out

    # ------------------------------------------------------------ values

    def _prices(self, game, p, plan: _Plan) -> dict:
        """Prices of one unit of each resource gained *now* (device uses, rewards, secrets)."""
        moving = not p.exhausted and plan.target != p.space
        return {
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

    def _play_prices(self, game, p, plan: _Plan) -> dict:
        """Prices of one unit of each resource a deck card gives each time it is played."""
        return {
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
            game, p, play_prices, cond
        )
        return (
            card.points
            + self._plays_left(p, plan) * per_play
            + _effects_value(card.acquire, prices, cond)
        )

    def _deck_average(self, game, p, play_prices, cond) -> float:
        cards = game.cards.cards
        counts = Counter(p.all_cards)
        total = sum(k * _effects_value(cards[c].play, play_prices, cond) for c, k in counts.items())
        return total / max(1, len(p.all_cards))

    # ------------------------------------------------------------ choosing

    def choose(self, game) -> A.Action:
        legal = game.legal_actions()
        return _checked(self._choose(game, legal), legal)

    def _choose(self, game, legal) -> A.Action:
        p = game.current_player
        plan = self.plan(game)
        if game.pending:
            return _pending_choice(
                game, legal, lambda k, v: self._score_option(game, p, plan, k, v)
            )
        if A.TakeSecret() in legal:
            return A.TakeSecret()  # a secret on a first entry: take it, as on arrival
        if p.hand:
            return A.Play(self._play_order(game, p, plan))
        legal_set = set(legal)
        ship = ShipNavigator(game) if registry.edition(game.edition).has("ship") else None
        if ship is not None:
            here = ship.act_here(legal)
            if here is not None:
                return here
        elif A.TakeArtifact() in legal_set and plan.take_here:
            return A.TakeArtifact()
        buy = self._buy(game, p, plan, legal)
        if buy is not None:
            return buy
        token = self._token(game, p, plan, legal)
        if token is not None:
            return token
        if ship is not None:
            step = ship.step(legal)
            move_plan = None if step is None else (step, 0)
        else:
            move_plan = self._move_plan(game, p, plan, legal_set)
        reserve = move_plan[1] if move_plan else 0
        gain = self._gain(game, p, plan, legal, reserve)
        if gain is not None:
            return gain
        if move_plan is not None:
            return move_plan[0]
        return A.EndTurn()

    def _play_order(self, game, p, plan) -> str:
        cards = game.cards.cards
        hand = p.hand

        def noisy(c):
            return _effects_value(cards[c].play, {"clank": 1}) > 0

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
        avg = self._deck_average(game, p, play_prices, cond)
        plays = max(0.0, plan.turns) * 5 / max(1, len(p.all_cards))
        return (avg - per_play) * plays - card.points

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
        if "key" in by and not _has_key(game, p):
            i, t = info.idx[p.space], info.idx[plan.target]
            no_key, key = info.dist[False], info.dist[True]
            saved = no_key[i][t] - key[i][t]
            if t != info.exit:  # and on the way out
                saved += no_key[t][info.exit] - key[t][info.exit]
            if saved >= 2:
                return by["key"][0]
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
            if self._potion_helps(game, p, plan, effects) and _effects_value(effects, prices) > 0:
                return a
        return None

    def _potion_helps(self, game, p, plan, effects) -> bool:
        """Whether drinking a boots / swords / teleport potion lets it reach its target
        this turn when it could not without."""
        if p.exhausted or plan.target == p.space:
            return False
        ctx = game.path_context()
        for e in effects:
            for k, v in e.items():
                if k == "boots":
                    ctx["boots"] += v
                elif k == "swords":
                    ctx["swords"] += v
                elif k == "teleport":
                    ctx["teleports"] += v
        before = _paths.turn_options(game)
        after = _paths.turn_options(game.board, **ctx)
        return (
            plan.target in after
            and plan.target not in before
            and (plan.target != game.board.start or bool(p.artifacts))
        )

    def _gain(self, game, p, plan, legal, reserve):
        """The next card to acquire or monster to defeat, if any is worth it."""
        s = game.state
        prices = self._prices(game, p, plan)
        play_prices = self._play_prices(game, p, plan)
        cards = game.cards.cards
        # skill: a small knapsack over the affordable cards
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
        if items:
            choice = _knapsack(items, p.skill)
            if choice is not None:
                return choice
        # swords: fights, keeping what the walk needs
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
        keys = _has_key(game, p)
        d = info.dist[keys]
        t = info.idx[goal]
        opts = _paths.turn_options(game)
        here = d[info.idx[p.space]][t]
        sword_price = self._sword_price(game, p, plan)
        # a boot still to walk costs what a turn is worth, per boot; nothing beats
        # getting closer when the countdown is near
        per_boot = max(2.0, plan.value / max(plan.turns, 1.0) / plan.boots_per_turn)
        if plan.deadline - here / plan.boots_per_turn < 2.5:
            per_boot = 100.0
        best = None
        for sid in opts.reachable:
            rem = d[info.idx[sid]][t]
            if rem == INF:
                continue
            for c in opts.options(sid):
                cost = (
                    rem * per_boot
                    + c.damage * plan.damage_cost
                    + c.swords * sword_price
                    + 0.05 * c.teleports
                    + 0.01 * c.boots
                    - self._bonus(game, p, plan, sid)
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


BOTS: dict[str, type[Bot]] = {"random": RandomBot, "greedy": GreedyBot, "planner": PlannerBot}


def make_bot(kind: str | Bot, seed: int = 0) -> Bot:
    """A bot by name (see :data:`BOTS`) or the bot itself."""
    if isinstance(kind, Bot):
        return kind
    try:
        return BOTS[kind](seed=seed)
    except KeyError:
        raise ValueError(f"unknown bot {kind!r}; choose from {', '.join(BOTS)}") from None
