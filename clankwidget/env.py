"""A PettingZoo AEC environment for every playable edition: ``clankwidget.env``.

PettingZoo's AEC ("agent environment cycle") interface is the standard one for turn-based
multi-agent games: one agent acts at a time, each sees its own observation, and an action
mask says which actions are legal. Install the extra first: ``pip install "clankwidget[env]"``.

>>> from clankwidget.env import env
>>> e = env("clank", players=2)
>>> e.reset(seed=3)
>>> obs, reward, terminated, truncated, info = e.last()
>>> action = e.action_space(e.agent_selection).sample(obs["action_mask"])
>>> e.step(action)

Agents
    ``"player_0"`` ... ``"player_{n-1}"``: agent *i* sits in seat *i* (colour
    ``game.players[i].colour``); ``n`` is within the edition's ``players`` range. The agent
    to act is the engine's acting player (``game.acting_player``): on a map always the
    current player (a pending choice is always the current player's); in Moonrakers also
    an invited captain answering an offer or a captain playing in the execution.

Moonrakers (an edition with ``contracts`` and no map)
    Its action segments (contracts, offers and counters, the execution, the Armory) and
    its observation (Dispatch, the negotiation, the execution, every captain's public
    state, the observer's own hand, draw pile contents and objectives) are documented in
    :mod:`clankwidget.env_moonrakers`; rewards, seeding and ``watch`` are as below. What
    follows under Actions and Observations is the encoding of the editions on a map.

Actions (``Discrete(n)``: a fixed space per edition, board and card set)
    The space is a list of *segments*, one per kind of engine action, in this order; an
    action's index is its segment's offset plus the mixed-radix index of its fields (the
    last field varies fastest). ``ClankEnv.describe_actions()`` lists every segment with
    its offset, size and field domains; ``ClankEnv.encode(action)`` and
    ``ClankEnv.decode(index)`` convert.

    ====================  ===========================================================
    segment               fields and their domains
    ====================  ===========================================================
    ``play``              ``card``: every card id of the card set, in file order
    ``acquire``           ``slot``: row slot 0 .. row size - 1
    ``defeat``            ``slot``: row slot 0 .. row size - 1
    ``acquire-reserve``   ``card``: the reserve piles (card ids)
    ``defeat-reserve``    ``card``: the reserve piles (card ids)
    ``buy``               ``item``: the market items
    ``move``              ``path`` (index in ``board.paths``) x ``swords`` (0 .. the most
                          monsters on any path)
    ``teleport``          ``to``: every space id of the board
    ``take-artifact``     (one action)
    ``use-token``         ``token``: every usable token id in the game's data
    ``choose``            ``option``: 0 .. ``max_choices`` - 1, where ``max_choices`` is
                          three times the number of card ids (the largest choice the rules
                          open lists each distinct card of hand, discard and play area)
    ``decline``           (one action)
    ``end-turn``          (one action)
    ``hack-port``         (ship editions) one action
    ``take-secret``       (ship editions) one action: take the secret where you stand
    ``hyperlift``         (ship editions) ``to``: every space id
    ``coach``             (Legacy) ``to``: every space id
    ``telepad``           (ship editions) ``to``: every space id
    ``claim-cabinet``     (Pulsarcade) ``cabinet`` x ``using`` (``""``, ``"crystal"``,
                          ``"sixth-crystal"``)
    ``steal-artifact``    (Pulsarcade) ``space``: every space id
    ``thrill``            (Pulsarcade) one action
    ``clone``             (Pulsarcade) one action
    ``ransack``           (Pulsarcade) ``vault``: every vault id of the edition's modules
    ====================  ===========================================================

    ``observation["action_mask"]`` (``int8``, one entry per index) is 1 exactly at the
    encodings of ``game.legal_actions()`` for the agent to act, and all zeros for the
    others. Stepping with an index that is not legal raises :class:`IllegalAction`.

Observations (``Dict(observation=Box, action_mask=Box)``)
    ``observation`` is one flat ``float32`` vector of what that seat's player may see;
    ``ClankEnv.observation_layout`` maps each feature name to its ``slice`` of it. Seats
    are *rotated*: block ``p0`` is always the observing player, ``p1`` the next seat, and
    so on. Public: turn, who acts, rage and attack size, countdown, the row (one-hot card
    per slot), reserve and market counts, cubes in the bag and Clank! area, artifacts
    left on the board, how many face-down tokens lie in each space (not which), and per
    player their space (one-hot), status, damage, resources of the turn, score so far,
    zone sizes, every card they own (counts by card id), their discard pile and play area
    (counts), their tokens, and edition counters. Private to the observer: the cards in
    their own hand (counts by card id) and the options of their own pending choice. No
    seat sees another player's hand, or the order of any deck (its own included).

Rewards
    Zero until the game ends. Then each winner (``game.winners()``) gets +1 and every
    other player -1; a game without a winner (everyone knocked out in the Depths) gives
    everyone -1. A game still running after ``max_steps`` actions is truncated for every
    agent with reward 0.

A bot among the built-in ones
    ``ClankEnv.watch(game)`` points the environment at a game played elsewhere (by
    :func:`~clankwidget.simulate.tournament`, say), so a policy written against
    observations and masks can sit in a :class:`~clankwidget.bots.Bot` subclass: its
    ``choose(game)`` watches the game, observes its seat and decodes the index it picks.

Seeding
    ``reset(seed=s)`` deals ``Game.new(edition, players=..., seed=s)``; the same seed and
    the same actions give the same game. ``reset()`` without a seed continues the
    environment's own seeded sequence (from its last seeded reset, or from 0).
"""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np

from . import registry
from .errors import IllegalAction, RuleNotImplemented, shown
from .game import Game
from .rules.actions import Action, action_from_dict
from .rules.state import ESCAPED, IN, KNOCKED_OUT

try:
    from gymnasium import spaces
    from pettingzoo import AECEnv
    from pettingzoo.utils import wrappers
except ImportError as exc:  # pragma: no cover - exercised only without the extra
    raise ImportError(
        "clankwidget.env needs pettingzoo and gymnasium, which are not installed: "
        'pip install "clankwidget[env]"'
    ) from exc

__all__ = ["ActionCodec", "ClankEnv", "env", "raw_env"]

OBS_LIMIT = float(2**15)
"""Every observation entry lies in ``[-OBS_LIMIT, OBS_LIMIT]``."""

_STATUSES = (IN, ESCAPED, KNOCKED_OUT)
_CLAIM_USING = ("", "crystal", "sixth-crystal")


# ---------------------------------------------------------------------------
# The action encoding


def _walk(doc):
    """Every dict inside a JSON-like document."""
    stack = [doc]
    while stack:
        x = stack.pop()
        if isinstance(x, dict):
            yield x
            stack.extend(x.values())
        elif isinstance(x, list | tuple):
            stack.extend(x)


def _data_documents(game: Game) -> list:
    """The JSON data a game is built from: its card set and board, and whatever data
    documents its rules object loaded (edition files, card extras). Ids of tokens,
    cabinets and vaults are collected from these."""
    held = [v for v in vars(game.rules).values() if isinstance(v, dict | list)]
    return [game.cards.raw, game.board.raw, *held]


def _token_ids(docs) -> tuple[str, ...]:
    """Ids of the tokens a player may keep or use: every ``{"id": ..., "keep"/"use": ...}``
    and every ``{id: {"use": ...}}`` (card extras that give a kept token a use)."""
    out = []
    for doc in docs:
        for d in _walk(doc):
            if isinstance(d.get("id"), str) and (d.get("use") or d.get("keep")):
                out.append(d["id"])
            out.extend(k for k, v in d.items() if isinstance(v, dict) and v.get("use"))
    return _unique(out)


def _unique(items) -> tuple:
    return tuple(dict.fromkeys(items))


class ActionCodec:
    """The fixed action space of one game set-up: engine actions <-> integer indices.

    Built from the game's edition, board and card set (see the module docstring for the
    segments). ``encode`` raises ``ValueError`` for an action with no index (which the
    tests check never happens for a legal action).
    """

    def __init__(self, game: Game, segments=None):
        segs = self._map_segments(game) if segments is None else list(segments)
        self.segments: dict[str, tuple[int, tuple[tuple[str, tuple], ...]]] = {}
        self._lookup: dict[tuple[str, str], dict[Any, int]] = {}
        offset = 0
        for kind, fields in segs:
            size = int(np.prod([len(dom) for _, dom in fields], dtype=np.int64))
            self.segments[kind] = (offset, fields)
            for name, dom in fields:
                self._lookup[kind, name] = {v: i for i, v in enumerate(dom)}
            offset += size
        self.n = offset
        self._starts = np.array([off for off, _ in self.segments.values()])
        self._kinds = list(self.segments)
        # Each action's index and each index's action, worked out once: an observation
        # encodes every legal action, and the engine hands out the same few action values
        # again and again (both hold at most one entry per index of the space)
        self._codes: dict[Action, int] = {}
        self._actions: dict[int, Action] = {}

    def _map_segments(self, game: Game) -> list:
        """The segments of an edition on a map (``segments`` given to the constructor
        replace them: :func:`clankwidget.env_moonrakers.moonrakers_segments`)."""
        entry = registry.edition(game.edition)
        cards = game.cards
        board = game.board
        s = game.state
        card_ids = tuple(cards.cards)
        spaces_ = tuple(board.space_ids)
        reserve = _unique([cid for cid, _ in cards.reserve] + list(s.reserve))
        market = _unique([m["id"] for m in cards.market] + list(s.market))
        docs = _data_documents(game)
        tokens = _token_ids(docs)
        swords = max((p.monsters for p in board.paths), default=0) + 1
        self.max_choices = max(16, 3 * len(card_ids))
        segs: list[tuple[str, tuple[tuple[str, tuple], ...]]] = [
            ("play", (("card", card_ids),)),
            ("acquire", (("slot", tuple(range(cards.setup["row_size"]))),)),
            ("defeat", (("slot", tuple(range(cards.setup["row_size"]))),)),
            ("acquire-reserve", (("card", reserve),)),
            ("defeat-reserve", (("card", reserve),)),
            ("buy", (("item", market),)),
            ("move", (("path", tuple(range(len(board.paths)))), ("swords", tuple(range(swords))))),
            ("teleport", (("to", spaces_),)),
            ("take-artifact", ()),
            ("use-token", (("token", tokens),)),
            ("choose", (("option", tuple(range(self.max_choices))),)),
            ("decline", ()),
            ("end-turn", ()),
        ]
        if entry.has("ship"):
            segs += [
                ("hack-port", ()),
                ("take-secret", ()),
                ("hyperlift", (("to", spaces_),)),
                ("telepad", (("to", spaces_),)),
            ]
        if entry.has("coaches"):
            segs += [("coach", (("to", spaces_),))]
        if entry.has("cabinets"):
            cabinets = _unique(
                c["id"]
                for doc in docs
                for d in _walk(doc)
                for c in (d.get("cabinets") if isinstance(d.get("cabinets"), list) else ())
                if isinstance(c, dict) and "id" in c
            )
            vaults = _unique(
                v
                for doc in docs
                for d in _walk(doc)
                if isinstance(d.get("vaults"), dict)
                for v in d["vaults"]
            )
            segs += [
                ("claim-cabinet", (("cabinet", cabinets), ("using", _CLAIM_USING))),
                ("steal-artifact", (("space", spaces_),)),
                ("thrill", ()),
                ("clone", ()),
                ("ransack", (("vault", vaults),)),
            ]
        return segs

    def size(self, kind: str) -> int:
        """How many indices segment ``kind`` takes."""
        _, fields = self.segments[kind]
        return int(np.prod([len(dom) for _, dom in fields], dtype=np.int64))

    def encode(self, action: Action) -> int:
        """The index of an engine action."""
        try:
            return self._codes[action]
        except KeyError:
            index = self._codes[action] = self._encode(action)
            return index
        except TypeError:  # (an action built by hand with a field that cannot be hashed)
            return self._encode(action)

    def _encode(self, action: Action) -> int:
        if not isinstance(action, Action):
            raise ValueError(f"encode takes an engine action, got {shown(action)}")
        data = action.to_dict()
        kind = data.pop("kind")
        if kind not in self.segments:
            raise ValueError(f"the action space has no {kind!r} actions (got {shown(action)})")
        offset, fields = self.segments[kind]
        if set(data) != {name for name, _ in fields}:
            raise ValueError(
                f"action {shown(action)} has fields {sorted(data)}, the {kind!r} segment encodes "
                f"{[name for name, _ in fields]}"
            )
        index = 0
        for name, dom in fields:
            try:
                i = self._lookup[kind, name].get(data[name])
            except TypeError:  # (a value that cannot be a dict key is in no domain)
                i = None
            if i is None:
                raise ValueError(
                    f"action {shown(action)}: {name}={shown(data[name])} is outside the action "
                    f"space (the {kind!r} segment knows {len(dom)} values of {name!r})"
                )
            index = index * len(dom) + i
        return offset + index

    def decode(self, index: int) -> Action:
        """The engine action at ``index``."""
        if isinstance(index, np.ndarray) and index.ndim == 0:
            index = index[()]  # (a 0-d array, as some agents hand back their choice)
        if isinstance(index, bool | np.bool_) or not isinstance(index, int | np.integer):
            raise ValueError(
                f"action index must be an integer, got {type(index).__name__} {shown(index)}"
            )
        if not 0 <= index < self.n:
            raise ValueError(f"action index must be from 0 to {self.n - 1}, got {shown(index)}")
        index = int(index)
        known = self._actions.get(index)
        if known is None:
            known = self._actions[index] = self._decode(index)
        return known

    def _decode(self, index: int) -> Action:
        k = int(np.searchsorted(self._starts, index, side="right")) - 1
        kind = self._kinds[k]
        offset, fields = self.segments[kind]
        rest = index - offset
        values = {}
        for name, dom in reversed(fields):
            rest, i = divmod(rest, len(dom))
            values[name] = dom[i]
        return action_from_dict({"kind": kind, **values})

    def mask(self, actions) -> np.ndarray:
        """The ``int8`` mask with 1 at the index of each action in ``actions``."""
        out = np.zeros(self.n, dtype=np.int8)
        for a in actions:
            out[self.encode(a)] = 1
        return out

    def describe(self) -> list[dict]:
        """One dict per segment: kind, offset, size and each field's domain."""
        return [
            {
                "kind": kind,
                "offset": offset,
                "size": self.size(kind),
                "fields": {name: list(dom) for name, dom in fields},
            }
            for kind, (offset, fields) in self.segments.items()
        ]


# ---------------------------------------------------------------------------
# The observation encoding


class Layout:
    """Named slices of a flat observation vector, added one after another."""

    def __init__(self):
        self.slices: dict[str, slice] = {}
        self.size = 0

    def add(self, name: str, size: int) -> None:
        """The next ``size`` entries are feature ``name``."""
        self.slices[name] = slice(self.size, self.size + size)
        self.size += size


def _scalar(value) -> float:
    if isinstance(value, bool | int | float):
        return float(value)
    if isinstance(value, dict | list | tuple | set | str):
        return float(len(value))
    return 0.0


class _Observer:
    """Builds one seat's observation vector; its layout is fixed by the game set-up."""

    def __init__(self, game: Game, codec: ActionCodec):
        s = game.state
        self.n = len(s.players)
        self.card_ids = tuple(game.cards.cards)
        self.card_index = {c: i for i, c in enumerate(self.card_ids)}
        self.spaces = tuple(game.board.space_ids)
        self.space_index = {sp: i for i, sp in enumerate(self.spaces)}
        self.reserve = codec.segments["acquire-reserve"][1][0][1]
        self.market = codec.segments["buy"][1][0][1]
        self.row_size = len(codec.segments["acquire"][1][0][1])
        self.max_choices = codec.max_choices
        seats = {p.colour for p in s.players}
        self.other_cubes = tuple(sorted((set(s.bag) | set(s.clank_area) | set(s.aside)) - seats))
        docs = _data_documents(game)
        self.tokens = _unique([*self.market, *_token_ids(docs)])
        self.token_index = {t: i for i, t in enumerate(self.tokens)}
        self.game_extra = tuple(sorted(s.extra))
        self.player_extra = tuple(sorted(s.players[0].extra))
        nc, ns = len(self.card_ids), len(self.spaces)
        layout = Layout()
        add = layout.add

        add("turn", 1)
        add("acting_seat", self.n)  # one-hot, rotated (index 0: the observer)
        add("rage", 1)
        add("attack_draws", 1)
        add("countdown", 2)  # [started, value]
        add("dungeon_deck_size", 1)
        add("dungeon_discard_size", 1)
        add("trash_size", 1)
        add("row", self.row_size * nc)  # one-hot card id per slot
        add("reserve", len(self.reserve))
        add("market", len(self.market))
        add("crowns_left", 1)
        add("bag", 1 + self.n + len(self.other_cubes))  # black, seats (rotated), others
        add("clank_area", self.n + len(self.other_cubes))
        add("artifacts_on_board", ns)  # value of the artifact in each space, 0 if none
        add("face_down_tokens", ns)  # how many tokens lie in each space (hidden kinds)
        add("game_extra", len(self.game_extra))
        add("pending_any", 1)  # a choice is waiting (anyone's)
        add("pending_mine", 3)  # [mine, optional, number of options]
        add("pending_options", 2 * self.max_choices)  # per option: card index + 1, zone code
        add("hand", nc)  # the observer's own hand, counts by card id
        for k in range(self.n):
            add(f"p{k}.status", len(_STATUSES))
            add(f"p{k}.space", ns)
            add(f"p{k}.numbers", 14)
            add(f"p{k}.owned", nc)
            add(f"p{k}.discard", nc)
            add(f"p{k}.play", nc)
            add(f"p{k}.tokens", len(self.tokens) + 1)  # last: tokens of other kinds
            add(f"p{k}.extra", len(self.player_extra))
        self.layout = layout.slices
        self.size = layout.size

    def _counts(self, out, name, ids):
        sl = self.layout[name]
        index = self.card_index
        for c in ids:
            out[sl.start + index[c]] += 1

    def observe(self, game: Game, seat: int) -> np.ndarray:
        s = game.state
        L = self.layout
        out = np.zeros(self.size, dtype=np.float32)
        n = self.n
        order = [(seat + k) % n for k in range(n)]
        out[L["turn"]] = s.turn
        out[L["acting_seat"].start + (s.current - seat) % n] = 1
        out[L["rage"]] = s.rage
        out[L["attack_draws"]] = game.attack_cubes()[1]
        if s.countdown is not None:
            out[L["countdown"]] = (1, s.countdown)
        out[L["dungeon_deck_size"]] = len(s.dungeon_deck)
        out[L["dungeon_discard_size"]] = len(s.dungeon_discard)
        out[L["trash_size"]] = len(s.trash)
        nc = len(self.card_ids)
        row0 = L["row"].start
        for i, cid in enumerate(s.row[: self.row_size]):
            if cid is not None:
                out[row0 + i * nc + self.card_index[cid]] = 1
        for i, cid in enumerate(self.reserve):
            left = s.reserve.get(cid, 0)
            out[L["reserve"].start + i] = 99 if left is None else left
        for i, item in enumerate(self.market):
            out[L["market"].start + i] = s.market.get(item, 0)
        out[L["crowns_left"]] = len(s.crowns)
        colours = [s.players[i].colour for i in order]
        bag = [s.bag.get("black", 0)] + [s.bag.get(c, 0) for c in colours]
        bag += [s.bag.get(c, 0) for c in self.other_cubes]
        out[L["bag"]] = bag
        out[L["clank_area"]] = [s.clank_area.get(c, 0) for c in colours + list(self.other_cubes)]
        for sp, value in s.artifacts.items():
            out[L["artifacts_on_board"].start + self.space_index[sp]] = value
        for sp, toks in s.space_tokens.items():
            out[L["face_down_tokens"].start + self.space_index[sp]] = len(toks)
        out[L["game_extra"]] = [_scalar(s.extra.get(k)) for k in self.game_extra]
        pend = s.pending
        if pend:
            out[L["pending_any"]] = 1
            if pend.get("player", s.current) == seat:
                opts = pend.get("options", ())
                out[L["pending_mine"]] = (1, bool(pend.get("optional")), len(opts))
                base = L["pending_options"].start
                for i, value in enumerate(pend.get("values", ())[: self.max_choices]):
                    card, zone = _option_card(value)
                    if card in self.card_index:
                        out[base + 2 * i] = self.card_index[card] + 1
                        out[base + 2 * i + 1] = _ZONES.get(zone, 0)
        self._counts(out, "hand", s.players[seat].hand)
        scores = list(game.scores().values())  # by seat
        for k, i in enumerate(order):
            p = s.players[i]
            out[L[f"p{k}.status"].start + _STATUSES.index(p.status)] = 1
            out[L[f"p{k}.space"].start + self.space_index[p.space]] = 1
            out[L[f"p{k}.numbers"]] = (
                p.damage,
                p.supply,
                p.skill,
                p.swords,
                p.boots,
                p.gold,
                p.teleports,
                p.exhausted,
                len(p.artifacts),
                sum(p.artifacts),
                scores[i],
                len(p.deck),
                len(p.hand),
                len(p.discard),
            )
            self._counts(out, f"p{k}.owned", p.all_cards)
            self._counts(out, f"p{k}.discard", p.discard)
            self._counts(out, f"p{k}.play", p.play)
            tok = L[f"p{k}.tokens"]
            for t in p.tokens:
                j = self.token_index.get(t.get("id"), len(self.tokens))
                out[tok.start + j] += 1
            out[L[f"p{k}.extra"]] = [_scalar(p.extra.get(key)) for key in self.player_extra]
        np.clip(out, -OBS_LIMIT, OBS_LIMIT, out=out)
        return out


_ZONES = {"hand": 1, "discard": 2, "play": 3, "row": 4}


def _option_card(value) -> tuple[str | None, str | None]:
    """The card (and zone) a pending choice's option is about, if it names one."""
    if isinstance(value, str):
        return value, "hand"
    if isinstance(value, list | tuple) and len(value) == 2 and isinstance(value[1], str):
        return value[1], value[0] if isinstance(value[0], str) else None
    return None, None


# ---------------------------------------------------------------------------
# The environment


class ClankEnv(AECEnv):
    """The AEC environment (see the module docstring). Prefer :func:`env`, which adds
    PettingZoo's order-enforcing wrapper."""

    metadata: ClassVar[dict] = {
        "name": "clankwidget_v0",
        "render_modes": ["ansi"],
        "is_parallelizable": False,
    }

    def __init__(
        self,
        edition: str = "clank",
        players: int = 2,
        *,
        max_steps: int = 20_000,
        render_mode: str | None = None,
        **game_options,
    ):
        super().__init__()
        entry = registry.edition(edition)
        entry.rules_class()  # raises RuleNotImplemented for an edition without rules
        if not (entry.has("map") or entry.has("contracts")):
            raise RuleNotImplemented(
                f"the PettingZoo environment has no encoding for {entry.title}: it plays "
                "editions on a map and editions of contracts (Moonrakers)"
            )
        low, high = entry.players
        if isinstance(players, bool) or not isinstance(players, int) or not low <= players <= high:
            raise ValueError(
                f"players must be {low} to {high} for {entry.title}, got {shown(players)}"
            )
        if isinstance(max_steps, bool) or not isinstance(max_steps, int) or max_steps < 1:
            raise ValueError(f"max_steps must be a positive whole number, got {shown(max_steps)}")
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise ValueError(f"render_mode must be None or 'ansi', got {shown(render_mode)}")
        unknown = set(game_options) - {"board", "cards", "modules", "positions", "options"}
        if unknown:
            raise TypeError(f"unknown keyword arguments for the game: {', '.join(sorted(unknown))}")
        self.edition = entry.name
        self.render_mode = render_mode
        self.max_steps = max_steps
        self._game_options = game_options
        self.possible_agents = [f"player_{i}" for i in range(players)]
        # The spaces depend only on the set-up, not on the seed: build them from seed 0.
        probe = Game.new(entry.name, players=players, seed=0, **game_options)
        if entry.has("map"):
            self.codec = ActionCodec(probe)
            self._observer = _Observer(probe, self.codec)
        else:  # contracts and negotiation, no map: Moonrakers' encodings
            from .env_moonrakers import MoonrakersObserver, moonrakers_segments

            self.codec = ActionCodec(probe, moonrakers_segments(probe))
            self._observer = MoonrakersObserver(probe)
        self._setup = (probe.board, probe.cards)
        obs_space = spaces.Dict(
            {
                "observation": spaces.Box(
                    -OBS_LIMIT, OBS_LIMIT, shape=(self._observer.size,), dtype=np.float32
                ),
                "action_mask": spaces.Box(0, 1, shape=(self.codec.n,), dtype=np.int8),
            }
        )
        self.observation_spaces = {a: obs_space for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(self.codec.n) for a in self.possible_agents}
        self._seeds = np.random.SeedSequence(0)
        self.game: Game | None = None

    # -- spaces and encodings -------------------------------------------------------

    def observation_space(self, agent: str):
        return self.observation_spaces[self._known(agent)]

    def action_space(self, agent: str):
        return self.action_spaces[self._known(agent)]

    def _known(self, agent) -> str:
        """``agent``, one of :attr:`possible_agents` (else a ``ValueError`` naming them)."""
        if agent not in self.possible_agents:
            raise ValueError(
                f"no agent {shown(agent)}; the agents are {', '.join(self.possible_agents)}"
            )
        return agent

    @property
    def observation_layout(self) -> dict[str, slice]:
        """Feature name -> its slice of ``observation["observation"]``."""
        return dict(self._observer.layout)

    def describe_actions(self) -> list[dict]:
        """The action segments: kind, offset, size and field domains."""
        return self.codec.describe()

    def encode(self, action: Action) -> int:
        """The action index of an engine action."""
        return self.codec.encode(action)

    def decode(self, index: int) -> Action:
        """The engine action of an index."""
        return self.codec.decode(index)

    # -- the AEC interface ------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        if seed is not None:
            if isinstance(seed, bool) or not isinstance(seed, int | np.integer) or seed < 0:
                raise ValueError(f"seed must be a non-negative integer, got {shown(seed)}")
            self._seeds = np.random.SeedSequence(int(seed))
            game_seed = int(seed)
        else:
            (child,) = self._seeds.spawn(1)
            game_seed = int(child.generate_state(1, dtype=np.uint64)[0] >> 1)
        self._start(
            Game.new(
                self.edition,
                players=len(self.possible_agents),
                seed=game_seed,
                **self._game_options,
            )
        )

    def watch(self, game: Game) -> None:
        """Show ``game`` (a game played elsewhere, say by :func:`~clankwidget.simulate.
        tournament`) instead of the environment's own: ``observe`` and the action mask
        then describe it, and ``step`` applies actions to it. This is how a bot written
        against the environment takes a seat among the built-in bots. The game must have
        this environment's edition, number of players, board and card set."""
        if not isinstance(game, Game):
            raise TypeError(f"watch() takes a Game, got {type(game).__name__}")
        board, cards = self._setup
        mine = self._game_options.get("options") or {}
        if mine != (dict(game.rules.options) or {}):
            raise ValueError(
                f"this environment encodes games with options {mine or 'none'}; got a game "
                f"with {dict(game.rules.options) or 'none'}"
            )
        if (game.edition, len(game.players)) != (self.edition, len(self.possible_agents)) or (
            _raw(game.board) != _raw(board) or game.cards.raw != cards.raw
        ):
            raise ValueError(
                f"this environment encodes {self.edition!r} games of "
                f"{len(self.possible_agents)} players{_on(board)} with card set "
                f"{cards.id!r}; got a {game.edition!r} game of {len(game.players)} players"
                f"{_on(game.board)} with {game.cards.id!r} (or another version of them)"
            )
        self._start(game)

    def _start(self, game: Game) -> None:
        self.game = game
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {a: {} for a in self.agents}
        self._steps = 0
        self._skip_agent_selection = None
        self.agent_selection = self.possible_agents[self._acting_seat()]
        self._legal_cache = None

    def _acting_seat(self) -> int:
        """The seat of the player who acts now (in Moonrakers not always the leader)."""
        acting = self.game.acting_player
        return next(i for i, p in enumerate(self.game.state.players) if p is acting)

    def _legal(self):
        # keyed by the game's history, so that a watched game moving on is noticed
        actions = self.game.actions
        key = (id(self.game), len(actions), actions[-1] if actions else None)
        if self._legal_cache is None or self._legal_cache[0] != key:
            self._legal_cache = (key, self.game.legal_actions())
        return self._legal_cache[1]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self.possible_agents.index(self._known(agent))
        obs = self._observer.observe(self.game, seat)
        if (
            not self.game.is_over
            and seat == self._acting_seat()
            and agent in self.terminations
            and not (self.terminations[agent] or self.truncations[agent])
        ):
            mask = self.codec.mask(self._legal())
        else:
            mask = np.zeros(self.codec.n, dtype=np.int8)
        return {"observation": obs, "action_mask": mask}

    def step(self, action) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} is to act: give an action index, not None")
        engine_action = self.codec.decode(action)
        if engine_action not in self._legal():
            reason = self.game.why_illegal(engine_action) or "not among the legal actions"
            raise IllegalAction(engine_action, f"action index {int(action)}: {reason}")
        self._cumulative_rewards[agent] = 0
        self.game.apply(engine_action)
        self._steps += 1
        self.rewards = dict.fromkeys(self.agents, 0.0)
        if self.game.is_over:
            winners = set(self.game.winners())
            for a, p in zip(self.possible_agents, self.game.players):
                if a in self.rewards:
                    self.rewards[a] = 1.0 if p.colour in winners else -1.0
                self.terminations[a] = True
        elif self._steps >= self.max_steps:
            self.truncations = dict.fromkeys(self.agents, True)
        self.agent_selection = self.possible_agents[self._acting_seat()]
        self._accumulate_rewards()

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        g = self.game
        if g is None:
            return "(call reset first)"
        return f"{g!r}\n" + "\n".join(g.log[-5:])

    def close(self) -> None:
        pass

    def __str__(self) -> str:
        return self.metadata["name"]


def _raw(board) -> dict | None:
    return None if board is None else board.raw


def _on(board) -> str:
    """`` on board 'id'``, or nothing for an edition without a map."""
    return "" if board is None else f" on board {board.id!r}"


def raw_env(edition: str = "clank", players: int = 2, **kwargs) -> ClankEnv:
    """The environment without wrappers."""
    return ClankEnv(edition, players, **kwargs)


def env(edition: str = "clank", players: int = 2, **kwargs):
    """The environment for ``edition`` (a playable edition's name) with ``players`` seats,
    wrapped in PettingZoo's order-enforcing wrapper. Keyword arguments: ``max_steps``,
    ``render_mode`` (``None`` or ``"ansi"``) and the game's ``board``, ``cards``,
    ``modules``, ``positions``, ``options`` (as for :meth:`Game.new`)."""
    return wrappers.OrderEnforcingWrapper(raw_env(edition, players, **kwargs))
