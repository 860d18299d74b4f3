"""Game state as plain data: dataclasses of lists, dicts, ints and strings.

Everything here converts to JSON and back exactly (``to_dict`` / ``from_dict``), and
``copy()`` is a fast structural copy used for undo snapshots.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any

__all__ = ["GameState", "PlayerState"]

IN, ESCAPED, KNOCKED_OUT = "in", "escaped", "knocked-out"


@dataclass
class PlayerState:
    """One player. Card zones hold card ids; the draw pile's last element is its top."""

    colour: str
    space: str
    supply: int
    deck: list[str] = field(default_factory=list)
    hand: list[str] = field(default_factory=list)
    discard: list[str] = field(default_factory=list)
    play: list[str] = field(default_factory=list)
    damage: int = 0
    skill: int = 0
    swords: int = 0
    boots: int = 0
    gold: int = 0
    teleports: int = 0
    artifacts: list[int] = field(default_factory=list)
    tokens: list[dict] = field(default_factory=list)
    status: str = IN
    exhausted: bool = False
    clank_made: int = 0
    clank_credit: int = 0
    skill_generated: int = 0
    held: list[dict] = field(default_factory=list)
    turn_flags: dict = field(default_factory=dict)
    extra: dict = field(default_factory=dict)

    def __eq__(self, other):
        # The dataclass's field-by-field equality, answered at once when the colours
        # differ (no two seats share one): ``players.index(player)`` compares every
        # player before the one it finds, and building both tuples of 24 fields was a
        # few per cent of a bot game.
        if other.__class__ is not self.__class__:
            return NotImplemented
        if self.colour != other.colour:
            return False
        return _fields_of(self) == _fields_of(other)

    @property
    def is_in(self) -> bool:
        return self.status == IN

    def owns(self, grant: str) -> int:
        """How many tokens granting ``grant`` (``"key"``, ``"backpack"``, ...) the player has."""
        n = 0
        for t in self.tokens:  # a loop: no generator to make, and none at all without tokens
            if t.get("grants") == grant:
                n += 1
        return n

    @property
    def all_cards(self) -> list[str]:
        return self.deck + self.hand + self.discard + self.play

    def cards_among(self, ids: frozenset[str]) -> int:
        """How many of the player's cards, in every pile, have an id in ``ids``."""
        return sum(map(ids.__contains__, self.deck + self.hand + self.discard + self.play))

    def copy(self) -> PlayerState:
        new = object.__new__(PlayerState)
        d = new.__dict__
        d.update(self.__dict__)
        d["deck"] = self.deck.copy()
        d["hand"] = self.hand.copy()
        d["discard"] = self.discard.copy()
        d["play"] = self.play.copy()
        d["artifacts"] = self.artifacts.copy()
        # token and held-effect dicts are never changed in place, only added and removed
        d["tokens"] = self.tokens.copy()
        d["held"] = self.held.copy()
        d["turn_flags"] = self.turn_flags.copy()
        d["extra"] = _deep(self.extra) if self.extra else {}
        return new

    def to_dict(self) -> dict[str, Any]:
        return _deep({f.name: getattr(self, f.name) for f in fields(self)})

    @classmethod
    def from_dict(cls, data: dict) -> PlayerState:
        return cls(**_deep(data))


@dataclass
class GameState:
    """The whole table. ``players[current]`` is the player whose turn it is."""

    edition: str
    players: list[PlayerState]
    current: int = 0
    turn: int = 1
    row: list[str | None] = field(default_factory=list)
    dungeon_deck: list[str] = field(default_factory=list)
    dungeon_discard: list[str] = field(default_factory=list)
    trash: list[str] = field(default_factory=list)
    reserve: dict[str, int | None] = field(default_factory=dict)
    market: dict[str, int] = field(default_factory=dict)
    crowns: list[int] = field(default_factory=list)
    bag: dict[str, int] = field(default_factory=dict)
    clank_area: dict[str, int] = field(default_factory=dict)
    aside: dict[str, int] = field(default_factory=dict)
    rage: int = 0
    space_tokens: dict[str, list[dict]] = field(default_factory=dict)
    artifacts: dict[str, int] = field(default_factory=dict)
    countdown: int | None = None
    countdown_player: int | None = None
    pending: dict | None = None
    over: bool = False
    end_reason: str = ""
    rng: dict = field(default_factory=dict)
    log: list[str] = field(default_factory=list)
    #: one structured event per log line: {"kind", "actor" (a colour or None), details}
    events: list[dict] = field(default_factory=list)
    extra: dict = field(default_factory=dict)

    @property
    def player(self) -> PlayerState:
        return self.players[self.current]

    def copy(self) -> GameState:
        new = object.__new__(GameState)
        d = new.__dict__
        d.update(self.__dict__)
        d["players"] = [p.copy() for p in self.players]
        for name in ("row", "dungeon_deck", "dungeon_discard", "trash", "crowns", "log", "events"):
            d[name] = d[name].copy()
        for name in ("reserve", "market", "bag", "clank_area", "aside", "artifacts"):
            d[name] = d[name].copy()
        d["space_tokens"] = {k: v.copy() for k, v in self.space_tokens.items()}
        # pending and rng are replaced whole, never changed in place: share them
        d["extra"] = _deep(self.extra) if self.extra else {}
        return new

    def to_dict(self) -> dict[str, Any]:
        out = {f.name: getattr(self, f.name) for f in fields(self)}
        out["players"] = [p.to_dict() for p in self.players]
        return _deep(out)

    @classmethod
    def from_dict(cls, data: dict) -> GameState:
        data = _deep(data)
        data["players"] = [PlayerState.from_dict(p) for p in data["players"]]
        return cls(**data)


def _fields_of(p: PlayerState) -> tuple:
    return tuple(getattr(p, name) for name in _PLAYER_FIELDS)


_PLAYER_FIELDS = tuple(f.name for f in fields(PlayerState))


#: the types ``_deep`` returns as they are (a scalar is not copied: no call needed)
_SCALARS = frozenset({str, int, float, bool, type(None)})


def _deep(value):
    """Copy nested lists/dicts of JSON scalars (faster than copy.deepcopy for our data)."""
    if isinstance(value, dict):
        return {k: v if type(v) in _SCALARS else _deep(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [v if type(v) in _SCALARS else _deep(v) for v in value]
    return value
