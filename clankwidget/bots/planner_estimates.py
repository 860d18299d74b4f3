"""The planner's estimates of the game ahead: its boots, the dragon's odds, the countdown,
the stops worth a detour and what each rival can still score (a part of
:class:`~clankwidget.bots.PlannerBot`)."""

from __future__ import annotations

import math
import weakref
from collections import Counter
from dataclasses import dataclass
from itertools import accumulate

import numpy as np

from .. import deck as _deck
from .. import odds as _odds
from .base import INF
from .board_info import _capacity, _has_key, _info, _ways
from .evaluation import _card_noise, _effects_value, _token_guess

# What the estimates work out, shared by every planner (a tournament plays many games with
# the same card set): boots a turn by card set and deck, knockout odds by situation. Both
# are pure functions of their keys, so sharing them changes no decision.
_BOOTS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
_ODDS: dict = {}
_MAX_BOOTS, _MAX_ODDS = 4096, 4096
_ONE_PLAYER = np.zeros(1, np.int64)  # no clones


# (draw, boots, teleports) each card gives, as the deck module counts it, by card set and
# conditions held: worked out (and checked) once per card, not once per deck and step.
_MOVES: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


_UNCOUNTED = object()  # a card the deck module cannot count


def _card_moves(card, conds):
    """``(draw, boots, teleports)`` playing ``card`` gives (see :func:`_deck_boots`), or
    :data:`_UNCOUNTED`."""
    try:
        res = _deck.card_resources(card, choose_for="boots", conditions=conds)
        draw, boots = _deck._draw_and_amount(card.id, res, "boots", True)
        return draw, boots, _deck._draw_and_amount(card.id, res, "teleport", True)[1]
    except ValueError:
        return _UNCOUNTED


def _deck_boots(cards, deck: tuple[str, ...], conds: tuple[str, ...]) -> float:
    """Boots plus teleports ``deck`` (card ids) yields a turn: the means of
    :func:`clankwidget.deck.resource_distribution` for each (``choose_for="boots"``, with
    ``conds`` held). When that cannot say (too many draw cards for the exact method, or an
    effect it does not know, such as an edition's own), the hand's five cards, without
    draws."""
    table = _MOVES.setdefault(cards, {}).setdefault(conds, {})
    try:
        tallies = ({}, {})
        for cid, copies in Counter(deck).items():
            moves = table.get(cid)
            if moves is None:
                moves = table[cid] = _card_moves(cards.cards[cid], conds)
            if moves is _UNCOUNTED:
                raise ValueError(cid)
            draw, boots, teleports = moves
            for tally, amount in zip(tallies, (boots, teleports), strict=True):
                tally[draw, amount] = tally.get((draw, amount), 0) + copies
        return sum(
            _tally_mean(resource, tally)
            for resource, tally in zip(("boots", "teleport"), tallies, strict=True)
        )
    except ValueError:
        unit = {"boots": 1.0, "teleport": 1.0}
        pile = [cards.cards[c] for c in deck]
        return sum(_effects_value(c.play, unit) for c in pile) * 5 / max(len(pile), 1)


_MEANS: dict = {}


def _tally_mean(resource: str, tally: dict) -> float:
    """The mean ``resource`` a turn of a deck counted as ``tally`` (copies of each ``(draw,
    amount)``) yields: :func:`clankwidget.deck._tallied_distribution`'s, kept by the
    counts, since many decks count alike (a card that moves nothing counts as any other;
    most decks teleport nowhere)."""
    key = (resource, tuple(sorted(tally.items())))
    mean = _MEANS.get(key)
    if mean is None:
        mean = _deck._tallied_distribution(tally, {}, resource, 5).mean
        if len(_MEANS) > _MAX_BOOTS:
            _MEANS.clear()
        _MEANS[key] = mean
    return mean


_DRAGONS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def _dragon_flags(cards) -> dict[str, int]:
    """1 for each card of a card set with a dragon symbol, 0 for the others (once per set)."""
    flags = _DRAGONS.get(cards)
    if flags is None:
        flags = _DRAGONS[cards] = {cid: int(c.dragon) for cid, c in cards.cards.items()}
    return flags


def _damage_odds(
    bag: tuple[int, int, int], attacks: tuple, most: int | None = None
) -> tuple[tuple[float, ...], ...]:
    """``dist[t][a]``: the chance a player has taken at most ``a`` damage after attack ``t``,
    by :func:`clankwidget.odds.knockout_odds`, from the bag's ``(black, hit_all, its own)``
    cubes and ``attacks`` as ``(draws, black added, its own added)``; with ``most``, only
    each row's first ``most`` numbers (``a < most``: a player with ``most`` health left
    reads no further).

    The answer depends on those numbers only (not on the colours), so it is
    kept in :data:`_ODDS` by them (in tuples, which cost the garbage collector nothing).
    The planner's inputs are its own sound counts, so it calls the odds module's
    computation directly, without the checks on a lesson's input.
    """
    key = (bag, attacks, most)
    dist = _ODDS.get(key)
    if dist is None:
        # each row cut at ``most`` is the start of the row cut further on: rows are kept
        # by the bag and attacks alone, cut at a health (at least _CUT), so a plan whose
        # health differs reads them without computing the same odds again (one
        # computation in eight, in a dungeon); the rows past a health are never read
        kept = _CUT_ROWS.get(key[:2])
        if kept is None or (kept[0] is not None and (most is None or kept[0] < most)):
            cut = None if most is None else max(most, _CUT)
            if len(_CUT_ROWS) > _MAX_ODDS:
                _CUT_ROWS.clear()
            kept = _CUT_ROWS[key[:2]] = (cut, _cut_damage_odds(bag, attacks, cut))
        dist = kept[1] if most is None else tuple(row[:most] for row in kept[1])
        if len(_ODDS) > _MAX_ODDS:
            _ODDS.clear()
        _ODDS[key] = dist
    return dist


#: by bag and attacks, ``(cut, rows)``: the rows of :func:`_damage_odds` cut at ``cut``
#: (``None``: whole), at least at :data:`_CUT` (a dungeon's health)
_CUT_ROWS: dict = {}
_CUT = 10


def _cut_damage_odds(
    bag: tuple[int, int, int], attacks: tuple, cut
) -> tuple[tuple[float, ...], ...]:
    """:func:`_damage_odds` with each row's first ``cut`` numbers, worked out."""
    by_attack, _, _, _ = _odds._knockout_lists(
        bag,
        [(them, 0, mine) for _, them, mine in attacks],
        [n for n, _, _ in attacks],
        _ONE_PLAYER,
        method="auto",
        max_exact_steps=200_000,
        n=100_000,
        seed=0,
        progress=None,
    )
    # running sums along each row (left to right, as numpy's cumsum adds them: the
    # first ``cut`` of them are those of the whole row), as tuples of Python floats
    return tuple(tuple(accumulate(row)) for row in by_attack[:, 0, :cut].tolist())


_ROWS: dict = {}


def _attack_rows(situation: tuple) -> tuple[tuple | None, int]:
    """The dragon's attacks over a planner's horizon and its odds turn by turn, from
    ``situation`` = ``(bag, attacks a round, draws, countdown, countdown track, its cubes
    in the Clank! area, its cubes a turn, the others' cubes a turn, turns, its health
    left)`` (see :meth:`_Estimates._survival`, which builds it): for each turn the row of
    :func:`_damage_odds` after that turn's attacks (up to that health: no more is read),
    ``None`` before the first attack, or ``None`` for no attack at all; and the cubes all
    the attacks draw.

    A pure function of those numbers, so it is kept in :data:`_ROWS` by them."""
    kept = _ROWS.get(situation)
    if kept is not None:
        return kept
    bag, rate, draws, countdown, track, in_area, my_clank, their_clank, turns, hp = situation
    attacks = []  # (draws, cubes of the others', cubes of its own added before it)
    at_turn = []  # attacks that have happened by the end of each of its turns
    waiting_me, waiting_them = float(in_area), 0.0  # cubes made since the last attack
    expected = 0.0
    for t in range(turns):
        waiting_me += my_clank
        waiting_them += their_clank
        expected += rate
        due = []
        while expected >= 1.0:
            expected -= 1.0
            due.append(draws)
        if countdown is not None:  # the countdown player's marker moves each round
            c = countdown + t + 1
            extra = track[c - 1] if c <= len(track) else None
            if extra:
                due.append(draws + extra)
        for n in due:
            add_me, add_them = round(waiting_me), round(waiting_them)
            waiting_me -= add_me
            waiting_them -= add_them
            attacks.append((n, add_them, add_me))
        at_turn.append(len(attacks))
    if attacks:
        dist = _damage_odds(bag, tuple(attacks), max(hp, 1))
        rows = tuple(dist[n - 1] if n else None for n in at_turn)
        kept = rows, sum(a[0] for a in attacks)
    else:
        kept = None, 0
    if len(_ROWS) > _MAX_ODDS:
        _ROWS.clear()
    _ROWS[situation] = kept
    return kept


_SPOTS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def _stop_spots(info) -> tuple[frozenset[int], dict[str, int]]:
    """For a board's stops (``info.stops``): the positions of those with gold or a market
    (the fixed reasons to stop), and each stop's position by space id (once per board)."""
    spots = _SPOTS.get(info)
    if spots is None:
        fixed = frozenset(k for k, (_, _, gold, market) in enumerate(info.stops) if gold or market)
        position = {sid: k for k, (_, sid, _, _) in enumerate(info.stops)}
        spots = _SPOTS[info] = (fixed, position)
    return spots


_CROWNS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def _crown(cards) -> tuple[str | None, int]:
    """A card set's Crown in the market as ``(id, cost)``, ``(None, 0)`` if it sells
    none (looked for once per set)."""
    crown = _CROWNS.get(cards)
    if crown is None:
        m = next((m for m in cards.market if m["grants"] == "crown"), None)
        crown = _CROWNS[cards] = (m["id"], m.get("cost", 7)) if m else (None, 0)
    return crown


def _stop_points(info, tokens: dict, crown_gain: float) -> tuple[tuple[str, int, float], ...]:
    """``(space id, position, points)`` of each stop worth a visit, in the board's order
    (see :meth:`_Estimates._waypoints`), for the token stacks ``tokens`` and a Crown's
    ``crown_gain``."""
    # a stop without gold, a market or a token brings nothing: look at the others only
    fixed, position = _stop_spots(info)
    # the top token of each stack on a stop, by the stop's position
    tops = {position[sid]: stack[0] for sid, stack in tokens.items() if stack and sid in position}
    stops = info.stops
    out = []
    for k in sorted(tops.keys() | fixed):  # in the board's order, as every stop was looked at
        i, sid, gold, market = stops[k]
        bonus = gold
        top = tops.get(k)
        if top is not None:
            bonus += _token_guess(top)
        if market and crown_gain > 0:
            bonus += crown_gain
        if bonus > 0:
            out.append((sid, i, bonus))
    return tuple(out)


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

    #: the stops worth a visit, kept by :meth:`_waypoints` with what they were worked out
    #: from: ``(board info, Crown gain, token stacks, (space id, position, points)...)``
    _stops_kept: tuple | None = None
    #: the dragon cards in the dungeon deck, kept by :meth:`_attacks_per_round` with the
    #: deck they were counted in: ``(card set, a copy of the deck, count)``
    _dragons_kept: tuple | None = None
    #: by player colour: ``(card set, copies of its piles, {what was worked out})``, see
    #: :meth:`_deck_memo`
    _decks_kept: dict | None = None
    #: ``(board, its info)``, see :meth:`_board`
    _board_kept: tuple | None = None
    #: by rival colour: ``(its distance table, what else its routes came from, routes)``,
    #: see :meth:`_routes`
    _routes_kept: dict | None = None

    def _board(self, game):
        """The board's :func:`~clankwidget.bots.board_info._info`, kept for the last board
        met: a plan asks for it about six times (once through the weak table each)."""
        board = game.board
        kept = self._board_kept
        if kept is None or kept[0] is not board:
            kept = self._board_kept = (board, _info(board))
        return kept[1]

    def _deck_memo(self, game, q) -> dict:
        """A dict for what :meth:`boots_per_turn` and :meth:`_clank_per_turn` work out from
        ``q``'s whole deck, kept while its cards lie as they do now (its draw pile, hand,
        discard pile and cards in play, compared pile by pile with copies). A rival's
        cards do not move while this player takes its turn, yet every plan asked for its
        deck's boots and noise (sorting its cards for the first, reading each card's noise
        for the second); the kept answers are those of the same cards."""
        kept = self._decks_kept
        if kept is None:
            kept = self._decks_kept = {}
        piles = (q.deck, q.hand, q.discard, q.play)  # (the piles of PlayerState.all_cards)
        entry = kept.get(q.colour)
        if entry is None or entry[0] is not game.cards or entry[1] != piles:
            entry = kept[q.colour] = (game.cards, tuple(pile.copy() for pile in piles), {})
        return entry[2]

    def boots_per_turn(self, game, p) -> float:
        """Expected boots (teleports count as boots) per turn from ``p``'s whole deck, by
        :func:`clankwidget.deck.resource_distribution` (cached per deck)."""
        conds = ("artifact",) if p.artifacts else ()
        memo = self._deck_memo(game, p)
        boots = memo.get(conds)
        if boots is not None:
            return boots
        key = (tuple(sorted(p.all_cards)), conds)
        cache = _BOOTS.get(game.cards)
        if cache is None:
            cache = _BOOTS[game.cards] = {}
        boots = cache.get(key)
        if boots is None:
            if len(cache) > _MAX_BOOTS:
                cache.clear()
            boots = _deck_boots(game.cards, key[0], conds)
            cache[key] = boots
        memo[conds] = boots
        return boots

    def _attacks_per_round(self, game) -> float:
        """Dragon attacks expected per round: cards refilled x share of dragon cards left."""
        s = game.state
        left = len(s.dungeon_deck)
        if not left:
            return 0.0
        # The dragon cards left change only with the dungeon deck (at a refill), while the
        # plan is remade at every step: their count is kept with a copy of the deck,
        # compared card by card (as fast as the count's first few look-ups).
        deck = s.dungeon_deck
        kept = self._dragons_kept
        if kept is None or kept[0] is not game.cards or kept[1] != deck:
            count = sum(map(_dragon_flags(game.cards).__getitem__, deck))
            kept = self._dragons_kept = (game.cards, list(deck), count)
        dragons = kept[2]
        refills = 1.3 * sum(1 for q in s.players if q.is_in)
        return max(0.05, refills * dragons / left)

    def _clank_per_turn(self, game, p) -> float:
        memo = self._deck_memo(game, p)
        clank = memo.get("clank")
        if clank is None:
            deck = p.all_cards
            total = sum(map(_card_noise(game.cards).__getitem__, deck))
            clank = memo["clank"] = max(0.0, 5 * total / max(len(deck), 1))
        return clank

    def _survival(self, game, p, horizon_turns: float):
        """``alive(turns, health)``: the chance of taking less than ``health`` damage from
        the dragon within ``turns`` of its turns (``health`` at most its own health left:
        the odds are kept that far only); and the expected damage one more cube of
        its own in the bag would do over that horizon."""
        s = game.state
        rules = game.rules
        me = p.colour
        hp = rules.health - p.damage
        hit_all = rules.hit_all
        # the cubes the next attack sees (bag + Clank! area), as game.attack_cubes() counts
        # them (a player out has its cubes counted as black), read without building them
        bag, area = s.bag, s.clank_area
        total = sum(bag.values()) + sum(area.values())
        reds = bag.get(hit_all, 0) + area.get(hit_all, 0) if hit_all else 0
        mine = bag.get(me, 0) + area.get(me, 0) if p.is_in else 0
        others = total - mine - reds
        their_clank = sum(
            self._clank_per_turn(game, q) for q in s.players if q is not p and q.is_in
        )
        countdown = s.countdown
        situation = (
            (others, reds, s.bag.get(me, 0)),
            self._attacks_per_round(game),
            rules.rage_value(s) + rules.dangers(s),
            countdown,
            None if countdown is None else tuple(rules.setup_numbers.get("countdown") or []),
            s.clank_area.get(me, 0),
            self._clank_per_turn(game, p),
            their_clank,
            max(1, min(math.ceil(horizon_turns) + 1, 16)),
            hp,
        )
        at_turn, drawn = _attack_rows(situation)
        bag_total = total + 1
        last = len(at_turn) - 1 if at_turn is not None else 0

        def alive(turns: float, health: int = hp) -> float:
            if health <= 0:
                return 0.0
            if at_turn is None:
                return 1.0
            lo = math.floor(turns)
            frac = turns - lo
            i = health - 1
            # at_turn[k]: the damage table after the attacks of its first k + 1 turns, k
            # held within the table; a row's last number stands for any health past it.
            # (min() and max() written out: this runs for every option of every plan.)
            k = 0 if lo < 0 else lo if lo < last else last
            row = at_turn[k]
            now = 1.0 if row is None else row[i if i < len(row) else -1]
            k = 0 if lo < -1 else lo + 1 if lo < last else last
            row = at_turn[k]
            then = 1.0 if row is None else row[i if i < len(row) else -1]
            return (1 - frac) * now + frac * then

        per_cube = drawn / bag_total if at_turn is not None else 0.0
        return alive, min(per_cube, 1.0)

    def _deadline(self, game, p) -> tuple[float, bool]:
        """Turns it has before the countdown knocks out everyone inside (``inf``: no
        countdown in sight), and whether that is certain (running, or a rival carrying
        an artifact is on its way out)."""
        s = game.state
        track = game.rules.setup_numbers.get("countdown") or [None]
        if s.countdown is not None:
            return float(len(track) - s.countdown), True
        info = self._board(game)
        best = INF
        for q in s.players:
            if q is p or not q.is_in or not q.artifacts:
                continue
            d = info.dist[_has_key(game, q)]
            b = max(self.boots_per_turn(game, q), 0.8)
            best = min(best, d[info.idx[q.space]][info.exit] / b + game.rules.turns_after_out(s))
        return best, best < INF

    def _waypoints(self, game, p) -> list[tuple[int, float]]:
        """Spaces worth passing through, with the points a visit brings: a token (an idol,
        a secret), gold on the floor, a market where its gold buys a Crown."""
        here = p.space
        return [(i, bonus) for sid, i, bonus in self._stops_worth(game, p) if sid != here]

    def _stops_worth(self, game, p) -> tuple[tuple[str, int, float], ...]:
        """:meth:`_waypoints` as ``(space id, position, points)``, the player's own space
        included (a plan leaves it out as it reads them)."""
        s = game.state
        crown, cost = _crown(game.cards)
        crown_gain = (
            (s.crowns[0] if s.crowns else 0) - cost
            if crown is not None and s.market.get(crown, 0) > 0 and p.gold >= cost
            else 0
        )
        # Every stop's points depend on the board, the Crown's gain and the token stacks
        # only, and those change a few times a game while the plan is remade every step:
        # the stops are kept with a copy of the stacks (compared as lists of the same
        # token dicts, which the rules never change).
        info = self._board(game)
        tokens = s.space_tokens
        kept = self._stops_kept
        if kept is None or kept[0] is not info or kept[1] != crown_gain or kept[2] != tokens:
            stacks = {sid: stack.copy() for sid, stack in tokens.items()}
            kept = self._stops_kept = (
                info,
                crown_gain,
                stacks,
                _stop_points(info, stacks, crown_gain),
            )
        return kept[3]

    def _routes(self, game, q, info, d, x, b, base, mastery, rate) -> tuple:
        """The ways rival ``q`` can still finish, for :meth:`_rivals`: ``(turns to exit,
        turns to the surface, room, score out in time, score before the growth of a late
        escape)``, each sum as ``project()`` would add it up. A rival does not move in
        this player's turn, while its plan is remade every step: the routes are kept with
        all they are worked out from (its distance table, space, boots, score and growth,
        the rooms left), and worked out again when any of it differs."""
        rooms = tuple(game.state.artifacts.items())
        room_left = len(q.artifacts) < _capacity(game, q)
        key = (info, x, b, base, mastery, rate, bool(q.artifacts), room_left, rooms)
        kept = self._routes_kept
        if kept is None:
            kept = self._routes_kept = {}
        entry = kept.get(q.colour)
        if entry is not None and entry[0] is d and entry[1] == key:
            return entry[2]
        routes = []
        if q.artifacts:  # straight out, with no artifact's points to add
            t_exit = d[x][info.exit] / b + 0.5
            t_surf = info.to_surface[False][x] / b
            routes.append((t_exit, t_surf, None, base + 0 + mastery + rate * t_exit, base + 0))
        if room_left:
            for room, value in rooms:
                j = info.idx[room]
                t_in = d[x][j] / b + 0.5
                t_exit = t_in + d[j][info.exit] / b
                routes.append(
                    (
                        t_exit,
                        t_in + info.to_surface[False][j] / b,
                        room,
                        base + value + mastery + rate * t_exit,
                        base + value,
                    )
                )
        routes = tuple(routes)
        kept[q.colour] = (d, key, routes)
        return routes

    def _rivals(self, game, p) -> list:
        """For each rival, ``project(turns)``: the score it is expected to end with if
        this player leaves the dungeon in ``turns`` turns (starting the countdown)."""
        s = game.state
        mastery = game.rules.escape_bonus
        info = self._board(game)
        # final scores count only for rivals already out (most of a game: none)
        scores = None if all(q.is_in for q in s.players if q is not p) else game.rules.scores(s)
        grace = game.rules.turns_after_out(s)  # turns a rival still gets once it leaves
        out = []
        for i, q in enumerate(s.players):
            if q is p:
                continue
            if not q.is_in:
                final = float(scores[i])
                out.append(lambda turns, taken=None, final=final: final)
                continue
            d = info.ways(*_ways(game, q))["dist"]
            x = info.idx[q.space]
            b = max(self.boots_per_turn(game, q), 0.6)
            pts = game.rules.points(s, q) - sum(q.artifacts)
            played = max(1.0, s.turn / max(len(s.players), 1))
            rate = max(self.growth, pts / played)
            base = pts + sum(q.artifacts)
            routes = self._routes(game, q, info, d, x, b, base, mastery, rate)

            def project(turns, taken=None, routes=routes, rate=rate):
                left = turns + grace
                late = rate * left
                best = 0.0
                for t_exit, t_surf, room, escaped, caught in routes:
                    if room is not None and room == taken:
                        continue
                    if t_exit <= left:
                        if escaped > best:
                            best = escaped
                    elif t_surf <= left and caught + late > best:
                        best = caught + late
                return best

            out.append(project)
        return out
