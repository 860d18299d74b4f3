"""The greedy bot: fixed rules of thumb (see :class:`GreedyBot`)."""

from __future__ import annotations

from .. import paths as _paths
from .. import registry
from .._shipnav import ShipNavigator
from ..rules import actions as A
from .aboard import module_action, ship_buy, ship_step
from .base import INF, Bot
from .board_info import _capacity, _info, _next_steps, _tables, _ways
from .evaluation import (
    _END_TURN,
    _GREEDY_PRICES,
    _TAKE_ARTIFACT,
    _TAKE_SECRET,
    _card_discards,
    _card_noise,
    _card_values,
    _checked,
    _classes,
    _effects_value,
    _hand_play,
    _offered,
    _pending_choice,
)


class GreedyBot(Bot):
    """Rules of thumb, no look-ahead.

    Each turn it plays its whole hand (a card that discards goes first while a Stumble
    can be thrown away; Stumbles last; choices by a fixed price table), then: takes the
    artifact it came for, buys a Crown (or a Master Key that shortens its route, or a
    Backpack when a second artifact lies on its way out) in a market, acquires the card
    worth most by the price table (points plus resources, minus noise), defeats any
    monster it can, drinks a potion when hurt, and walks the fewest-boots route toward
    the most valuable artifact left on the board (teleporting when that gets it
    closer; on water paths with a Canoe, and by coach when a ride it can pay for is on
    the shortest way, in Legacy). With an artifact in hand it heads for the exit. It
    ends its turn when nothing on that list applies. It ignores the dragon, the countdown
    and its health.

    Aboard a ship (:mod:`clankwidget.bots.aboard`) the
    :class:`~clankwidget._shipnav.ShipNavigator` sets its goals and way (data ports, the
    command module, an escape pod; lifts, and telepads once it holds a TelePass), and
    it: ransacks a vault whose Credits beat its three Clank!, thrills the Danger Theater
    audience whenever it may (free points), leaves a clone in a Cloning Vat it stands in,
    buys the market item worth most when it is worth more than its price (its points
    and effects, the boots a Master Key or a TelePass saves, the tokens of an Arcade
    Cabinet it opens), and, with Credits for such an item, stops at its market on the
    way when the item is worth more than the boots the stop adds; with a TelePass it
    rides a telepad when the ride lets it claim an Arcade Cabinet (Q*Alert).
    """

    name = "greedy"
    prices = _GREEDY_PRICES

    def __init__(self, seed: int = 0):
        super().__init__(seed)
        # what the bot reads off the table it plays at (see _read): fixed by the game's
        # rules object, whose card set, board and edition never change
        self._rules = None
        self._ship = False  # whether the table is a ship (ShipNavigator finds the way)
        self._board_info = None  # the dungeon's distance tables (not aboard a ship)
        self._read_for = None  # the card set the tables below are for
        self._values: dict[str, float] = {}
        self._noise: dict[str, float] = {}
        self._discards: dict[str, bool] = {}

    def _read(self, game) -> None:
        """Read the table of ``game`` (once per game: a new game has new rules): the card
        tables (kept while the card set is the same), whether it is a ship, and the
        board's distance tables."""
        rules = self._rules = game.rules
        cards = rules.cards
        if self._read_for is not cards:
            self._read_for = cards
            # card_value as written here reads only the set and the prices: its values
            # are shared with every bot that prices alike (another card_value keeps its own)
            plain = type(self).card_value is GreedyBot.card_value
            self._values = _card_values(cards, self.prices) if plain else {}
            self._noise, self._discards = _card_noise(cards), _card_discards(cards)
        self._ship = registry.edition(rules.edition).has("ship")
        self._board_info = None if self._ship else _info(rules.board)

    # -- values

    def _card_tables(self, game) -> tuple[dict[str, float], dict[str, float], dict[str, bool]]:
        """For the table's card set: the cards valued so far (card id ->
        :meth:`card_value`), each card's Clank! when played (:func:`_card_noise`) and
        whether playing it discards a card (:func:`_card_discards`)."""
        if game.rules is not self._rules:
            self._read(game)
        return self._values, self._noise, self._discards

    def _value(self, game, cid: str) -> float:
        """:meth:`card_value`, read once per card."""
        values = self._card_tables(game)[0]
        v = values.get(cid)
        if v is None:
            v = values[cid] = self.card_value(game, cid)
        return v

    def _noisy(self, game, cid: str) -> bool:
        """Whether playing the card makes Clank!."""
        return self._card_tables(game)[1][cid] > 0

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
        """The card to play first: while any card in hand makes Clank!, the first that
        discards a card (a Stumble may go), else the first quiet one; else the first."""
        hand = p.hand
        if game.rules is not self._rules:
            self._read(game)
        noise, discards = self._noise, self._discards
        noisy = False
        quiet = discard = None
        for c in hand:
            if noise[c] > 0:
                noisy = True
            elif quiet is None:
                quiet = c
            if discard is None and discards[c]:
                discard = c
        if noisy:
            if discard is not None:
                return discard
            if quiet is not None:
                return quiet
        return hand[0]

    def _score_option(self, game, kind: str, value) -> float:
        if kind == "choose":
            return _effects_value(value, self.prices)
        if kind == "trash":
            _zone, cid = value
            return 1.0 if self._noisy(game, cid) else -1.0
        # discard a card from hand for the gain
        return 1.0 if self._noisy(game, value) else -1.0

    # -- the target

    def target(self, game, p) -> str | None:
        info = _info(game.board)
        return self._target(game, p, info, _tables(game, p)["dist"])

    def _target(self, game, p, info, d) -> str | None:
        """:meth:`target`, on ``p``'s distance table ``d``."""
        here = info.idx[p.space]
        arts = game.state.artifacts
        if p.artifacts:
            if len(p.artifacts) < _capacity(game, p):
                via = self._on_the_way(info, d, here, arts)
                if via is not None:
                    return via
            return info.board.start
        # the room reachable of most value, the nearest of equals, the first listed of
        # those: the largest (value, -boots), compared without a tuple per room
        best = None
        most = near = 0
        idx, row = info.idx, d[here]
        for room, value in arts.items():
            dist = row[idx[room]]
            if dist == INF:
                continue
            if best is None or value > most or (value == most and dist < near):
                best, most, near = room, value, dist
        return best

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
        s = game.state
        play = _hand_play(game, self._play_order, game, s.players[s.current])
        if play is not None:
            return play
        return self._choose(game, game.rules.legal_actions(s))  # game.legal_actions()

    def _choose(self, game, legal) -> A.Action:
        """The action to take, one of ``legal``: most are picked from the list (or are
        actions without fields whose class is listed); the others are checked
        (:func:`_checked`)."""
        s = game.state
        if s.pending:
            choice = _pending_choice(game, legal, lambda k, v: self._score_option(game, k, v))
            return _checked(choice, legal)
        # the classes listed (the rules list these classes themselves, no subclasses): a
        # buy, a potion or a secret is looked at only when one is listed
        offered = _classes(legal)
        if len(legal) == 1 and A.EndTurn in offered:
            # nothing but the end of the turn (an eighth of its choices): every rule below
            # answers it (a walk, a ship's move or an action here is checked against the
            # list and falls back to it), without working out where it heads
            return _END_TURN
        if A.TakeSecret in offered:
            return _TAKE_SECRET  # a secret on a first entry: take it, as on arrival
        p = s.players[s.current]  # the current player, without the property's call
        if p.hand:
            return _checked(A.Play(self._play_order(game, p)), legal)
        if game.rules is not self._rules:
            self._read(game)
        if self._ship:
            ship, target = ShipNavigator(game), None
            here = ship.act_here(legal)
            if here is not None:
                return _checked(here, legal)
            module = module_action(game, p, offered, legal)
            if module is not None:
                return module
        else:
            # where it heads matters to the artifact here, to a buy and to the walk: worked
            # out when one of them comes up (a card taken or a potion drunk first needs
            # none of it, and the answer is the same whenever it is asked)
            ship, info, target = None, self._board_info, _UNKNOWN
            if A.TakeArtifact in offered or A.Buy in offered:
                ways, target = self._heading(game, p, info)
                if A.TakeArtifact in offered and (target == p.space or target is None):
                    return _TAKE_ARTIFACT
        if A.Buy in offered:
            buy = (
                self._buy(game, p, legal, target)
                if ship is None
                else ship_buy(game, p, legal, ship)
            )
            if buy is not None:
                return buy
        if A.UseToken in offered:
            token = self._token(game, p, legal)
            if token is not None:
                return token
        if not offered.isdisjoint(_TAKES):  # the card worth most of those it may take
            best = None
            values, row = self._values, s.row
            for a in legal:
                cls = a.__class__
                if cls in _ROW_TAKES:
                    cid = row[a.slot]
                elif cls in _RESERVE_TAKES:
                    cid = a.card
                else:
                    continue
                v = values.get(cid)
                if v is None:
                    v = self._value(game, cid)
                if v > 0.4 and (best is None or v > best[0]):
                    best = (v, a)
            if best is not None:
                return best[1]
        if ship is not None:
            move = ship_step(game, p, ship, legal)
            if move is not None:
                return _checked(move, legal)
        else:
            if target is _UNKNOWN:
                if offered <= _STILL:
                    # no walk is listed: _move would find no step, coach or teleport among
                    # them (each is looked up in the list), so the target is not needed
                    return _END_TURN if A.EndTurn in offered else legal[0]
                ways, target = self._heading(game, p, info)
            if target is not None and target != p.space:
                move = self._move(game, p, target, legal, info, ways)
                if move is not None:
                    return move
        # the end of the turn, or (where the rules do not allow it now) the first action
        # listed, as _checked answers for it
        return _END_TURN if A.EndTurn in offered else legal[0]

    def _heading(self, game, p, info) -> tuple[tuple[bool, bool, int], str | None]:
        """``p``'s ways of moving (:func:`_ways`) and :meth:`target` on their table."""
        ways = _ways(game, p)
        return ways, self._target(game, p, info, info.ways(*ways)["dist"])

    def _buy(self, game, p, legal, target):
        """A market item worth buying now (``target``: where ``p`` is heading, as
        :meth:`target` finds it), ``None`` if none."""
        grants = {m["id"]: m["grants"] for m in game.cards.market}
        costs = {m["grants"]: m.get("cost", 7) for m in game.cards.market}
        by = {g: A.Buy(i) for i, g in grants.items() if _offered(A.Buy(i), legal)}
        if "crown" in by:
            return by["crown"]
        info = _info(game.board)
        ways = keys, canoe, gold = _ways(game, p)
        i = info.idx[p.space]
        # a Master Key or a Canoe that shortens the way, or opens one where there was none
        # (the gold it costs is gone)
        for item, shape in (("key", (True, canoe)), ("canoe", (keys, True))):
            if item not in by or shape == (keys, canoe):
                continue
            after = info.ways(*shape, max(gold - costs[item], 0))["dist"][i]
            if target is not None:
                if (
                    after[info.idx[target]]
                    < info.ways(keys, canoe, gold)["dist"][i][info.idx[target]]
                ):
                    return by[item]
            elif not p.artifacts and any(after[info.idx[r]] < INF for r in game.state.artifacts):
                return by[item]
        if "backpack" in by and p.artifacts and len(p.artifacts) >= _capacity(game, p):
            d = info.ways(*ways)["dist"]
            if self._on_the_way(info, d, info.idx[p.space], game.state.artifacts) is not None:
                return by["backpack"]
        return None

    def _token(self, game, p, legal):
        """The first usable token listed whose use heals (in all) no more than ``p``'s
        damage, ``None`` if none. (Plain loops: the first token held with that id and a
        use, as the rules use it, without a generator's frame.)"""
        for a in legal:
            if a.__class__ is A.UseToken:
                for t in p.tokens:
                    if t["id"] == a.token and t.get("use"):
                        heal = 0
                        for e in t["use"]:
                            heal += e.get("heal", 0)
                        if heal and p.damage >= heal:
                            return a
                        break
        return None

    def _move(self, game, p, target, legal, info, ways):
        """The first step toward ``target`` that is legal now, else a teleport that gets
        closer; ``None`` if neither (what it returns is one of ``legal``)."""
        keys, canoe, gold = ways
        for path, dest in _next_steps(info, p.space, target, keys, bool(p.artifacts), canoe, gold):
            if path.__class__ is str:  # "coach" (a board path's == is a dataclass's, slower)
                a = game.rules.route_action(p.space, _paths.Step("coach", dest, 0, 0, 1))
                if _offered(a, legal):
                    return a
                continue
            # the listed Move(path, swords): what _offered finds for a new one, unmade
            index, swords = path.index, min(path.monsters, p.swords)
            for a in legal:
                if a.__class__ is _MOVE and a.path == index and a.swords == swords:
                    return a
        if p.teleports:
            d = info.ways(keys, canoe, gold)["dist"]
            t = info.idx[target]
            here = d[info.idx[p.space]][t]
            best = None
            # (each teleport goes to its own space: the best is the same in any order)
            for a in legal:
                if a.__class__ is A.Teleport:
                    dd = d[info.idx[a.to]][t]
                    if dd < here and (best is None or (dd, a.to) < best[0]):
                        best = ((dd, a.to), a)
            if best is not None:
                return best[1]
        return None


_UNKNOWN = object()  # a target not worked out yet (None is "nowhere")
_ROW_TAKES = (A.Acquire, A.Defeat)
_RESERVE_TAKES = (A.AcquireReserve, A.DefeatReserve)
_TAKES = frozenset(_ROW_TAKES + _RESERVE_TAKES)
_MOVE = A.Move
# the core's actions that are not a walk (what _move returns is a listed Move, Teleport or
# an edition's route action such as Legacy's coach, none of them here)
_STILL = frozenset(
    (A.EndTurn, A.Play, A.Buy, A.UseToken, A.TakeArtifact, A.TakeSecret, A.Choose, A.Decline)
).union(_TAKES)
