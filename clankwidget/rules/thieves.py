"""Thieves on a map: the second layer of the rules, on the deck-building core.

:class:`ThievesRules` adds what the Clank! editions share on top of the cards: a board
of spaces and paths that each thief moves on (Boots, Swords against monsters on a path,
locked paths and keys, teleports), a market on some spaces, artifacts and secret tokens on
others, the Clank! area and the bag of cubes that attacks draw from as rage rises, damage
and knocking out, and leaving the board. An edition (``clank.py``, ``space.py``) subclasses
it and fills in the hooks listed in :class:`clankwidget.rules.protocol.EditionRules`.
"""

from __future__ import annotations

import marshal
from bisect import bisect_right
from collections.abc import Iterable
from itertools import accumulate
from typing import ClassVar
from weakref import WeakKeyDictionary

from ..errors import BoardDataError, PositionError, RuleNotImplemented, shown
from . import actions as A
from .deckbuilding import DeckBuildingRules, _Made
from .effects import describe
from .state import IN, KNOCKED_OUT, GameState, PlayerState, _deep

__all__ = ["ThievesRules"]

#: board -> what the rules read off the board alone (see :class:`_BoardTable`). The board
#: never changes: every rules object on a board (each game's, each bot's fork) shares its
#: table, which goes when the board does.
_BOARD_TABLES: WeakKeyDictionary = WeakKeyDictionary()


class _BoardTable:
    """A board's spaces by id, its market spaces, the spaces that stop movement, and each
    space's exits with their moves (filled on first use: see ``ThievesRules._moves_from``)."""

    def __init__(self, board):
        self.spaces = {sp.id: sp for sp in board.spaces}
        self.markets = frozenset(sp.id for sp in board.spaces if sp.market)
        self.stops = frozenset(sp.id for sp in board.spaces if sp.stops_movement)
        # the spaces that may be dealt tokens: secret slots or idols (see deal_secrets)
        self.token_spaces = tuple(
            sp for sp in board.spaces if sp.major_secrets or sp.minor_secrets or sp.idols
        )
        self.exits: dict[str, tuple] = {}


class ThievesRules(DeckBuildingRules):
    """Thieves on a map with a dragon's bag (see the module docstring)."""

    #: the effects of a space this edition plays (``enter``: on entering it, ``data_port``:
    #: when hacked); a board naming others is refused, not played without them
    space_effects: ClassVar[tuple[str, ...]] = ()

    def __init__(self, board, cards, options: dict | None = None):
        file = board.source or board.id
        if board.kind != "board":  # a ship's piece: no start space, played only assembled
            raise BoardDataError(
                file,
                "$.kind",
                f"expected a board to play on, got a ship's {board.kind}: a ship is built "
                "from its pieces by Game.new(edition, modules=[...])",
            )
        plays = " and ".join(self.space_effects)
        plays = f"a space's {plays} effects" if plays else "no effects of a space"
        for i, sp in enumerate(board.spaces):
            for key in ("enter", "data_port"):
                if getattr(sp, key) and key not in self.space_effects:
                    raise BoardDataError(
                        file,
                        f"$.spaces[{i}].{key}",
                        f"{self.edition!r} games play {plays}, not its {key} effects: "
                        "remove them, or play the board in an edition that does",
                    )
        super().__init__(board, cards, options)
        table = _BOARD_TABLES.get(board)
        if table is None:
            table = _BOARD_TABLES[board] = _BoardTable(board)
        self._exit_moves = table.exits  # see _moves_from
        self._markets = table.markets
        self._spaces = table.spaces  # id -> space, without Board.space's call
        self._stops = table.stops  # see enter
        self._token_spaces = table.token_spaces
        self._buys = _Made(A.Buy)  # Buy actions by item, made once (see _Made)
        self._uses = _Made(A.UseToken)
        rules = type(self)
        # whether this layer's own rules decide the moves (then legal_moves finds them),
        # and who may enter a space (only the start space refuses: a thief without an
        # artifact; then legal_moves reads that from its table of exits)
        self._layer_moves = rules._check_move is ThievesRules._check_move
        self._plain_entry = rules.entry_refusal is ThievesRules.entry_refusal
        self._plain_health = rules.health is ThievesRules.health  # read without the call
        self._plain_card = rules.card is DeckBuildingRules.card  # see dangers
        # whether a token's use is offered exactly when its check allows it (layer_legal)
        self._plain_uses = rules._check_use_token is ThievesRules._check_use_token
        self._plain_market = rules.market_price is ThievesRules.market_price  # market_here
        # whether Buy actions are offered only on the board's markets (layer_legal)
        self._markets_only = self._plain_market and rules.market_here is ThievesRules.market_here

    def new_player(self, colour: str) -> PlayerState:
        return PlayerState(
            colour=colour, space=self.board.start, supply=self.setup_numbers["cubes"]
        )

    def setup_table(self, s: GameState) -> None:
        su = self.setup_numbers
        s.bag = {"black": su["black_cubes"]}
        s.clank_area = {p.colour: 0 for p in s.players}
        s.aside = {"black": 0}
        s.rage = su["rage_start"].get(str(len(s.players)), 0)

    def setup_market(self, s: GameState) -> None:
        for item in self.cards.market:
            s.market[item["id"]] = item["count"]
            if item["grants"] == "crown" and isinstance(item.get("points"), list):
                s.crowns = sorted(item["points"], reverse=True)

    def setup_player(self, s: GameState, p: PlayerState, seat: int) -> None:
        start = self.setup_numbers["starting_clank"]
        self.make_clank(s, p, start[seat] if seat < len(start) else 0)
        p.clank_made = 0

    def layer_candidates(self, s: GameState, p: PlayerState) -> Iterable[A.Action]:
        yield from self._buy_candidates(s, p)
        if p.boots and not p.exhausted:
            for *_, monsters, moves, _ in self._moves_from(p.space):
                yield from moves[: min(monsters, p.swords) + 1]
        yield from self._place_candidates(s, p)

    def layer_legal(self, s: GameState, p: PlayerState) -> list[A.Action]:
        # the same actions in the same order as checking every candidate, with the moves
        # found in one pass (:meth:`legal_moves`) while the layer's own check decides them
        if not self._layer_moves:
            return super().layer_legal(s, p)
        checks = self._checks
        out = []
        if p.gold and (not self._markets_only or p.space in self._markets):
            check_buy = checks["buy"]
            out = [a for a in self._buy_candidates(s, p) if check_buy(s, p, a) is None]
        if p.boots:
            self._add_moves(s, p, out)
        place = p.teleports or p.space in s.artifacts
        if not place:  # then only a usable token offers anything (a loop: no call)
            for t in p.tokens:
                if "use" in t and t["use"]:  # noqa: RUF019
                    place = True
                    break
        if place:
            plain_uses = self._plain_uses  # a use is offered only for a usable token
            for a in self._place_candidates(s, p):
                if (plain_uses and a.kind == "use-token") or checks[a.kind](s, p, a) is None:
                    out.append(a)
        return out

    def _buy_candidates(self, s: GameState, p: PlayerState) -> Iterable[A.Action]:
        # away from a market nothing can be bought (where the board alone says where the
        # markets are): no Buy to offer, and none to check
        if p.gold and self.market_here(s, p):
            buys = self._buys  # subscripted: see DeckBuildingRules.legal_actions
            return [buys[item] for item in s.market]
        return ()

    def _place_candidates(self, s: GameState, p: PlayerState) -> list[A.Action]:
        """Teleports, the artifact here and usable tokens (the candidates after the moves)."""
        act = self._action
        out = []
        if p.teleports:
            out.extend(act(A.Teleport, to) for to in self.board.adjacent(p.space))
        if p.space in s.artifacts:
            out.append(act(A.TakeArtifact))
        seen = None  # the usable tokens' ids, each once in the order held
        for t in p.tokens:  # a loop, and no get(): no call at all for tokens without a use
            if "use" in t and t["use"]:  # noqa: RUF019
                if seen is None:
                    seen = []
                elif t["id"] in seen:
                    continue
                seen.append(t["id"])
                out.append(self._uses[t["id"]])
        return out

    def _moves_from(self, space: str) -> tuple[tuple, ...]:
        """Each path that leaves ``space`` as ``(boots, locked, water, start, monsters,
        moves, dest)``: the Boots it needs, whether it is locked or a water path, whether
        it leads to the start space, its monster icons, its moves paying 0, 1, ... up to
        all those icons in Swords, and the space it leads to (plain values, read without
        a call; the board never changes: worked out once per space)."""
        found = self._exit_moves.get(space)
        if found is None:
            board = self.board
            found = self._exit_moves[space] = tuple(
                (
                    path.boots,
                    path.locked,
                    path.water,
                    board.space(dest).start,
                    path.monsters,
                    tuple(A.Move(path.index, sw) for sw in range(path.monsters + 1)),
                    dest,
                )
                for path in board.exits(space)
                for dest in (path.other_end(space),)
            )
        return found

    def legal_moves(self, s: GameState, p: PlayerState) -> list[A.Move]:
        """The moves :meth:`_check_move` allows ``p`` now, in candidate order, found in one
        pass over the exits: what a path asks (Boots, a key, a Canoe, a space ``p`` may
        enter) is the same whatever it is paid, and paying ``sw`` of its monster icons in
        Swords is legal when the damage left (icons - ``sw``) is none, or comes from the
        supply without filling the health meter."""
        out: list[A.Move] = []
        if p.boots:
            self._add_moves(s, p, out)
        return out

    def _add_moves(self, s: GameState, p: PlayerState, out: list) -> None:
        """Add :meth:`legal_moves` to ``out`` (``p`` holds Boots)."""
        if p.exhausted or p.status != IN:
            return
        # the most damage a move may deal (none, when even one cube would be too many);
        # plain comparisons here and below: min and max are calls, made for every exit
        health = self.setup_numbers["health"] if self._plain_health else self.health
        room = health - p.damage - 1
        if p.supply < room:
            room = p.supply
        if room < 0:
            room = 0
        boots, swords = p.boots, p.swords
        plain_entry = self._plain_entry  # the start space refuses a thief without an artifact
        exits = self._exit_moves.get(p.space) or self._moves_from(p.space)
        for need, locked, water, start, monsters, moves, dest in exits:
            if (
                boots < need
                or (locked and not self.has_key(s, p))
                or (water and not p.owns("canoe"))
                or (
                    (start and not p.artifacts)
                    if plain_entry
                    else self.entry_refusal(s, p, dest, teleport=False) is not None
                )
            ):
                continue
            if not monsters:
                out.append(moves[0])
            else:  # pay from (icons - room) Swords, at least 0, up to the icons or Swords
                low = monsters - room if monsters > room else 0
                out.extend(moves[low : (swords if swords < monsters else monsters) + 1])

    def deal_secrets(self, s: GameState) -> None:
        """Shuffle the secret tokens by size and stack them face down on their spaces
        (major under minor), with any face-up tokens of the edition (:meth:`extra_tokens`).
        Every token dealt is a fresh copy of the set's (a state's tokens are its own)."""
        blobs = self._secret_pools()
        # marshal.loads makes fresh deep copies of a whole pool in one C call (the same
        # dicts _deep would copy, in the same order: a third of the time of copying each
        # token as it is dealt); the shuffle draws exactly as it did on the pool itself
        pools = {size: self.shuffled(marshal.loads(blobs[size])) for size in ("minor", "major")}
        for sp in self._token_spaces:
            stack = []
            if sp.major_secrets or sp.minor_secrets:
                for size, slots in (("major", sp.major_secrets), ("minor", sp.minor_secrets)):
                    pool = pools[size]
                    for _ in range(slots):
                        if not pool:
                            raise ValueError(
                                f"card set {self.cards.id!r} has too few {size} secrets "
                                f"for board {self.board.id!r}"
                            )
                        stack.append(pool.pop())
            extra = self.extra_tokens(sp)
            if extra:
                stack.extend(extra)
            if stack:
                s.space_tokens[sp.id] = stack

    def _secret_pools(self) -> dict[str, bytes]:
        """The secret tokens of each size before the shuffle, each as many times as the
        set has it, as the ``marshal`` bytes of that list (each token its own plain copy:
        loading them gives fresh tokens). They follow from the card set, and the
        :meth:`secret_token` hook: shared by every rules object on the set where the hook
        is this layer's own."""
        plain = type(self).secret_token is ThievesRules.secret_token
        pools = self._cards_table("secret pools", plain)
        if not pools:
            for size in ("minor", "major"):
                tokens = []
                for t in self.cards.secrets.get(size, ()):
                    token = self.secret_token(
                        {"kind": size, **{k: v for k, v in t.items() if k != "count"}}
                    )
                    tokens.extend(_deep(token) for _ in range(t.get("count", 1)))
                pools[size] = marshal.dumps(tokens)
        return pools

    def secret_token(self, token: dict) -> dict:
        """Hook: a secret token as this edition deals it."""
        return token

    def extra_tokens(self, space) -> list[dict]:
        """Hook: face-up tokens dealt onto ``space`` under its secrets (asked only about
        spaces with secret slots or idols: no other space is dealt any)."""
        return []

    @property
    def health(self) -> int:
        return self.setup_numbers["health"]

    def rage_value(self, s: GameState) -> int:
        return self.setup_numbers["rage_track"][s.rage]

    def dangers(self, s: GameState) -> int:
        # the card table read straight where card() is the core's (the bots ask often)
        card = self._card_table.__getitem__ if self._plain_card else self.card
        n = 0
        for cid in s.row:  # a loop: no generator to make
            if cid and card(cid).danger:
                n += 1
        return n

    #: whether an attack that leaves the bag empty ends the game, knocking out everyone
    #: still in (Clank! Legacy); the odds count it as a knock-out
    empty_bag_ends: bool = False

    def turns_after_out(self, s: GameState) -> float:
        """Hook: about how many turns the others still get once a player leaves (the
        bots' horizon): Clank!'s countdown spaces before the last, else none."""
        return float(len(self.setup_numbers.get("countdown") or [None]) - 1)

    def next_attack_draws(self, s: GameState) -> int:
        """Hook: cubes the next attack draws, before any countdown extras (the odds ask):
        the rage value plus one per Danger card in the row."""
        return self.rage_value(s) + self.dangers(s)

    def _check_buy(self, s, p, a: A.Buy):
        item = self._market.get(a.item)
        if item is None:
            return f"the market has no item {a.item!r}"
        if not p.is_in:
            return f"you have left the {self.words['place']}"
        price = self.market_price(s, p, item)
        if price is None:
            return "you are not in a market"
        if s.market.get(a.item, 0) <= 0:
            return f"no {item['name']} is left"
        cost, extra = price
        if p.gold < cost:
            return f"a {item['name']} costs {cost} {self.words['gold']}; you have {p.gold}"
        need = sum(e["clank"] for e in extra if "clank" in e and e["clank"] > 0)
        if need > p.supply:
            return f"buying here makes {need} Clank! and you have {p.supply} cubes left"
        return self.market_limit(s, p, item)

    def market_price(self, s, p, item: dict) -> tuple[int, list] | None:
        """``(price, extra effects)`` of ``item`` where ``p`` stands; ``None``: no market."""
        if not self.board.space(p.space).market:
            return None
        return item.get("cost", 7), []

    def market_here(self, s, p) -> bool:
        """Hook: whether :meth:`market_price` may price anything where ``p`` stands (Buy
        actions are offered only there). An edition with prices of its own says where,
        or leaves every Buy to its check (this default)."""
        return not self._plain_market or p.space in self._markets

    def market_limit(self, s, p, item: dict) -> str | None:
        """Hook: Clank! allows duplicates; later editions allow one of each type."""
        return None

    def _do_buy(self, s, p, a: A.Buy):
        item = self._market[a.item]
        p.gold -= item.get("cost", 7)
        s.market[a.item] -= 1
        points = item.get("points", 0)
        if item["grants"] == "crown" and s.crowns:
            points = s.crowns.pop(0)
        elif isinstance(points, list):
            points = points[0] if points else 0
        p.tokens.append(
            {
                "kind": "market",
                "id": a.item,
                "name": item["name"],
                "points": points,
                "grants": item["grants"],
            }
        )
        self.say(
            s,
            f"{self.name(p)} buys a {item['name']}" + (f" worth {points}" if points else ""),
            "buy",
            p,
            item=a.item,
        )
        self.apply_effects(s, p, item.get("buy", ()), source=a.item)

    def _check_move(self, s, p, a: A.Move):
        if not 0 <= a.path < len(self.board.paths):
            return f"there is no path {shown(a.path)}"
        path = self.board.paths[a.path]
        here = p.space
        if here != path.a and here != path.b:
            return f"path {a.path} does not start from {here!r}"
        if path.one_way and here != path.a:  # not path.leaves(here), without the call
            return f"path {a.path} is one-way into {here!r}"
        if p.status != IN:
            return "you have left the game"
        if p.exhausted:
            return "you cannot use Boots again this turn"
        if p.boots < path.boots:
            plural = "s" if path.boots > 1 else ""
            return f"that path needs {path.boots} Boot{plural}; you have {p.boots}"
        if path.locked and not self.has_key(s, p):
            return "that path is locked: you need a Master Key"
        if path.water and not p.owns("canoe"):
            return "that is a water path: you need a Canoe"
        if not 0 <= a.swords <= path.monsters:
            icons = f"{path.monsters} monster icon" + ("s" if path.monsters != 1 else "")
            return f"that path has {icons}; pay 0 to {path.monsters} Swords"
        if a.swords > p.swords:
            return f"you have only {p.swords} Swords"
        hurt = path.monsters - a.swords
        if hurt and hurt > p.supply:
            return f"you have {p.supply} cubes left and cannot take {hurt} damage"
        if hurt and p.damage + hurt >= self.health:
            return f"taking {hurt} damage would fill your health meter; pay more Swords"
        dest = path.b if here == path.a else path.a  # path.other_end(here)
        if self._plain_entry:  # this layer's entry_refusal, read without its calls
            if self._spaces[dest].start and not p.artifacts:
                return "you may only go back out with an artifact"
            return None
        return self.entry_refusal(s, p, dest, teleport=False)

    @property
    def escape_bonus(self) -> int:
        """Points for getting out with an artifact (Clank!'s Mastery token, a ship's pod)."""
        return self.setup_numbers.get("mastery_points", 20)

    def cube_census(self, s) -> dict[str, int]:
        """Every cube by colour wherever it is (bag, Clank! area, aside, supplies, damage):
        the same at every moment of a game, which conservation checks rely on."""
        out: dict[str, int] = {}
        for where in (s.bag, s.clank_area, s.aside):
            for c, k in where.items():
                out[c] = out.get(c, 0) + k
        for p in s.players:
            out[p.colour] = out.get(p.colour, 0) + p.supply + p.damage
        return out

    def check_position(self, s, fresh) -> None:
        """No thief carries more artifacts than :meth:`artifact_capacity` lets them."""
        for k, p in enumerate(s.players):
            room = self.artifact_capacity(p)
            if len(p.artifacts) > room:
                raise PositionError(
                    f"$.state.players[{k}].artifacts",
                    f"{len(p.artifacts)} artifacts carried, {self.name(p)} may carry {room}"
                    + self._backpack_hint(room),
                )

    def _backpack_hint(self, room: int) -> str:
        """Words after "no more artifacts": a Backpack's extra room, where one is sold."""
        sold = any(item.get("grants") == "backpack" for item in self.cards.market)
        return " (a Backpack holds one more)" if sold and room == 1 else ""

    def artifact_capacity(self, p) -> int:
        """How many artifacts ``p`` may carry (one, and one more with a Backpack)."""
        return 1 + p.owns("backpack")

    def has_key(self, s, p) -> bool:
        return p.owns("key") > 0

    def clones(self, s, p) -> int:
        """Hook: how many of the next attack's hit-all cubes ``p`` has something else take."""
        return 0

    def route_action(self, here: str, step) -> A.Action:
        """The action that takes one step (a :class:`clankwidget.paths.Step`) of a route
        from ``here``: a move along its path, a teleport or, aboard a ship, a lift."""
        if isinstance(step.path, int):
            return A.Move(step.path, step.swords)
        if step.path == "teleport":
            return A.Teleport(step.space)
        if step.path == "lift":
            return self.lift_action(here, step.space)
        raise ValueError(f"unknown route step {step.path!r}")

    def lift_action(self, here: str, to: str) -> A.Action:
        """Hook: the action that rides a lift from ``here`` to ``to``."""
        raise RuleNotImplemented(f"the {self.edition!r} rules have no lifts")

    def path_context(self, s, p) -> dict:
        """``p``'s movement this turn as keyword arguments of
        :func:`clankwidget.paths.turn_options`: budgets, flags and the board's own ways
        (an edition adds its lifts, exits and closed spaces)."""
        return {
            "start": p.space,
            "boots": p.boots,
            "swords": p.swords,
            # tunnel damage comes from the supply: an empty supply allows none
            "health": min(self.health - p.damage, p.supply + 1),
            "keys": self.has_key(s, p),
            "teleports": p.teleports,
            "can_exit": bool(p.artifacts),
            "exhausted": p.exhausted or not p.is_in,
        }

    def entry_refusal(self, s, p, space_id: str, teleport: bool) -> str | None:
        """Hook: why ``p`` may not enter ``space_id`` (``None`` if it may)."""
        if self.board.space(space_id).start and not p.artifacts:
            return "you may only go back out with an artifact"
        return None

    def _do_move(self, s, p, a: A.Move):
        path = self.board.paths[a.path]
        dest = path.b if p.space == path.a else path.a  # path.other_end(p.space)
        p.boots -= path.boots
        p.swords -= a.swords
        hurt = path.monsters - a.swords
        name = self._names[p.colour] if self._plain_name else self.name(p)
        text = f"{name} moves to {self._spaces[dest].name}" + (
            f", taking {hurt} damage" if hurt else ""
        )
        if self._plain_say:  # what say() adds, without its call
            s.log.append(text)
            s.events.append({"kind": "move", "actor": p.colour, "to": dest})
        else:
            self.say(s, text, "move", p, to=dest)
        if hurt:
            self.damage_from_supply(s, p, hurt)
        self.enter(s, p, dest, teleport=False)

    def _check_teleport(self, s, p, a: A.Teleport):
        if p.teleports <= 0:
            return "you have no teleport to spend"
        if not p.is_in:
            return "you have left the game"
        if a.to not in self.board or a.to not in self.board.adjacent(p.space):
            return f"{a.to!r} is not joined to your space by a path"
        return self.entry_refusal(s, p, a.to, teleport=True)

    def _do_teleport(self, s, p, a: A.Teleport):
        p.teleports -= 1
        self.say(
            s, f"{self.name(p)} teleports to {self.board.space(a.to).name}", "move", p, to=a.to
        )
        self.enter(s, p, a.to, teleport=True)

    def enter(self, s, p, space_id: str, teleport: bool) -> None:
        p.space = space_id
        space = self._spaces[space_id]
        if space_id in self._stops:  # space.stops_movement, read off the board once
            p.exhausted = True
        self.on_enter(s, p, space, teleport)

    def on_enter(self, s, p, space, teleport: bool) -> None:
        """Hook: what entering ``space`` does (tokens, healing, escaping...)."""

    def _check_take_artifact(self, s, p, a):
        if p.space not in s.artifacts:
            return "there is no artifact here"
        room = self.artifact_capacity(p)
        if len(p.artifacts) >= room:
            return "you cannot carry another artifact" + self._backpack_hint(room)
        return None

    def _do_take_artifact(self, s, p, a):
        value = s.artifacts.pop(p.space)
        p.artifacts.append(value)
        self.say(s, f"{self.name(p)} takes the {value}-point artifact", "artifact", p, points=value)
        self.raise_rage(s, 1)

    def _check_use_token(self, s, p, a: A.UseToken):
        for t in p.tokens:  # a loop: no generator to make
            if t["id"] == a.token and t.get("use"):
                return None
        return f"you have no usable {a.token!r} token"

    def _do_use_token(self, s, p, a: A.UseToken):
        i = next(i for i, t in enumerate(p.tokens) if t["id"] == a.token and t.get("use"))
        token = p.tokens.pop(i)
        self.say(s, f"{self.name(p)} uses {token['name']} ({describe(token['use'])})")
        self.apply_effects(s, p, token["use"], source=token["id"])

    def make_clank(self, s, p, n: int) -> None:
        """Add (n > 0) or remove (n < 0) the player's cubes in the Clank! area."""
        c = p.colour
        if n >= 0:
            offset = min(n, p.clank_credit)
            p.clank_credit -= offset
            placed = min(n - offset, p.supply)
            p.supply -= placed
            s.clank_area[c] = s.clank_area.get(c, 0) + placed
            p.clank_made += placed
        else:
            removed = min(-n, s.clank_area.get(c, 0))
            s.clank_area[c] -= removed
            p.supply += removed
            p.clank_credit += -n - removed

    def damage_from_supply(self, s, p, n: int) -> None:
        k = min(n, p.supply)
        p.supply -= k
        p.damage += k
        self.check_knockout(s, p)

    def heal(self, s, p, n: int) -> None:
        k = min(n, p.damage)
        p.damage -= k
        p.supply += k

    def check_knockout(self, s, p) -> None:
        if p.is_in and p.damage >= self.health:
            self.knock_out(s, p)

    def knock_out(self, s, p, why: str = "") -> None:
        p.status = KNOCKED_OUT
        rescued = self.rescued(s, p)
        self.say(
            s,
            f"{self.name(p)} is knocked out{why}" + (" but is rescued" if rescued else ""),
            "knockout",
            p,
            rescued=rescued,
        )
        self.on_out(s, p)

    def rescued(self, s, p) -> bool:
        """Hook: whether a knocked-out player still scores."""
        return False

    def on_out(self, s, p) -> None:
        """Hook: a player has just left the game (escaped or knocked out)."""

    def raise_rage(self, s, n: int) -> None:
        track = self.setup_numbers["rage_track"]
        top = len(track) - 1
        before = s.rage
        s.rage = min(top, s.rage + n)
        if s.rage != before:
            value = self.rage_value(s)
            if value != track[before]:
                said = f"Rage rises to {value} cubes per attack"
            else:  # the track repeats a number: the marker moves, the attacks stay
                said = f"The rage marker moves up (still {value} cubes per attack)"
            self.say(s, said, "rage", rage=s.rage)
        self.after_rage(s, before)

    def after_rage(self, s, before: int) -> None:
        """Hook: the rage marker moved from ``before`` to ``s.rage``."""

    def cube_order(self, s) -> list[str]:
        """Colours in the bag, in the fixed order that draws index into."""
        colours = ["black"] + [p.colour for p in s.players]
        return colours + sorted(set(s.bag) - set(colours))

    def attack(self, s, draws: int, why: str) -> None:
        """Empty the Clank! area into the bag and draw ``draws`` cubes."""
        for c, k in s.clank_area.items():
            s.bag[c] = s.bag.get(c, 0) + k
            s.clank_area[c] = 0
        order = self.cube_order(s)
        # cube i of the bag is the colour whose running total first exceeds i (the bag is
        # a handful of cubes: plain Python is quicker here than numpy on tiny arrays)
        ends = list(accumulate(s.bag.get(c, 0) for c in order))
        total = ends[-1]
        k = min(draws, total)
        drawn = [0] * len(order)
        if k:
            for cube in self.random().choice(total, size=k, replace=False).tolist():
                drawn[bisect_right(ends, cube)] += 1
        self.revealed = True
        got = {c: n for c, n in zip(order, drawn, strict=True) if n}
        shown = ", ".join(f"{n} {c}" for c, n in got.items()) or "nothing"
        short = ""  # the bag ran dry: say how many came out, and why not more
        if k < draws:
            short = f" (the bag held only {total})" if total else " (the bag is empty)"
        self.say(
            s, f"{why}: {k} cube{'s' if k != 1 else ''} drawn{short}: {shown}", "attack", drawn=got
        )
        for c, n in got.items():
            s.bag[c] -= n
            self.resolve_drawn(s, c, n)
        self.after_attack(s)

    def resolve_drawn(self, s, colour: str, n: int) -> None:
        """Drawn cubes: black set aside, a player's colour is damage (aside if out)."""
        owner = next((q for q in s.players if q.colour == colour), None)
        if owner is None or not owner.is_in:
            s.aside[colour] = s.aside.get(colour, 0) + n
            return
        hit = min(n, self.health - owner.damage)
        owner.damage += hit
        if n > hit:
            s.aside[colour] = s.aside.get(colour, 0) + n - hit
        self.check_knockout(s, owner)

    def after_attack(self, s) -> None:
        """Hook: after the cubes of an attack are resolved."""

    def deck_exhausted(self, s) -> None:
        self.say(s, "The dungeon deck has run out", "deck-out")
        for q in s.players:
            if q.is_in:
                self.knock_out(s, q, " (the deck ran out)")
        self.finish(s, "the dungeon deck ran out")

    def apply_layer_effect(self, s, p, key: str, value) -> None:
        if key == "boots":
            p.boots += value
        elif key == "teleport":
            p.teleports += value
        elif key == "clank":
            self.make_clank(s, p, value)
        elif key == "heal":
            self.heal(s, p, value)
        elif key == "rage":
            self.raise_rage(s, value)
        elif key == "others_clank":
            for q in s.players:
                if q is not p and q.is_in:
                    self.make_clank(s, q, value)
        elif key == "all_clank":
            for q in s.players:
                if q.is_in:
                    self.make_clank(s, q, value)
        elif key == "return_black":
            k = min(value, s.aside.get("black", 0))
            s.aside["black"] -= k
            s.bag["black"] += k
        else:
            self.apply_edition_effect(s, p, key, value)

    def layer_test(self, s, p, key: str, source: str | None) -> bool:
        if key == "artifact":
            return bool(p.artifacts)
        if key == "key":
            return self.has_key(s, p)
        return self.edition_test(s, p, key, source)

    def after_refill(self, s, dragon: bool) -> None:
        if dragon:
            self.attack(s, self.rage_value(s) + self.dangers(s), "The dragon attacks")
