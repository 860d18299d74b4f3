"""The edition registry: the one place that says which games clankwidget plays.

Every layer asks this registry about an edition (engine, widget, bots, paths, data,
tests) instead of telling editions apart by name or by ``hasattr`` on the rules:

>>> import clankwidget as cw
>>> [e.name for e in cw.editions()]
['clank', 'space', 'pulsarcade', 'legacy', 'moonrakers']
>>> cw.edition("space").vocabulary["gold"]
'Credits'
>>> "ship" in cw.edition("pulsarcade").features
True

An :class:`Edition` is a record: its ``name`` (the key used by ``Game.new``), ``title``,
where its rules class lives, its default board and card set, the words the widget and the
log use for its parts (``vocabulary``), the ``features`` it has (which layers of shared
mechanics it uses and which panels the widget draws), and where its contribution to the
widget's view state lives. Editions whose rules are not written yet are registered with
``playable=False``: asking for their rules raises :class:`RuleNotImplemented`. An edition
whose engine is written but whose widget is not has
``playable=False, engine=True``: ``Game.new`` plays it, ``editions(playable=True)`` (what
the widget and the every-edition conformance test iterate) leaves it out, and
``editions(engine=True)`` lists every edition ``Game.new`` can set up.

A new edition is one :func:`register` call (below, or from a plug-in), a rules module
and its data; the conformance tests run over :func:`editions` and so cover it at once.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from .errors import RuleNotImplemented, shown

__all__ = ["FEATURES", "Edition", "edition", "editions", "register"]

#: What an edition may have. The layers of shared mechanics are ``deck`` (deck, hand,
#: play, buy, reshuffle, points: every edition) and ``map`` (a board of spaces with
#: thieves on it, the dragon bag, rage, damage, artifacts, secrets, escape). The rest
#: name edition mechanics that more than one layer (widget, bots, odds) needs to know of.
FEATURES: Mapping[str, str] = MappingProxyType(
    {
        "deck": "the deck-building core: deck, hand, play, acquire, reshuffle, points",
        "map": "a board of spaces and paths that thieves move on (boots, swords, keys)",
        "bag": "a bag of cubes drawn by attacks, with rage and damage",
        "depths": "a surface/Depths line below which no one is rescued",
        "countdown": "a countdown track started by the first player out",
        "assembled": "the board is assembled from module pieces (no board file)",
        "ship": "ship mechanics: data ports, command codes, hyperlifts, telepads, pods",
        "hit-all": "cubes of a colour that hurt every player (bounty hunters)",
        "cabinets": "Arcade Cabinets and Skill Shots (Pulsarcade)",
        "clones": "clones that take a hit in a player's place (Cloning Vats)",
        "contracts": "contracts on offer, hazard dice and negotiation between players (Moonrakers)",
        "coaches": "coach rides between coach stops, Towns, Forests and waypoints (Legacy)",
    }
)

_CLANK_WORDS = {
    "gold": "Gold",
    "boss": "Dragon",
    "boss_attack": "dragon attack",
    "row": "Dungeon row",
    "deck": "Dungeon deck",
    "space": "room",
    "spaces": "rooms",
    "place": "dungeon",
    "map": "The dungeon",
    "cubes": "cubes",
}
_SHIP_WORDS = {
    "gold": "Credits",
    "boss": "Boss",
    "boss_attack": "boss attack",
    "row": "Adventure row",
    "deck": "Adventure deck",
    "space": "space",
    "spaces": "spaces",
    "place": "ship",
    "map": "The ship",
    "cubes": "cubes",
}

#: Legacy's map is a whole valley: the Danger Zone is its Depths, the row an Adventure Row.
_LEGACY_WORDS = {
    **_CLANK_WORDS,
    "row": "Adventure Row",
    "deck": "Adventure deck",
    "space": "space",
    "spaces": "spaces",
    "place": "map",
    "map": "Quillmere Vale",
    "depths": "Danger Zone",
}

#: Moonrakers has no dungeon, dragon or cubes: "boss" is the hazard that threatens a
#: contract, the "row" is Dispatch (contracts on offer), the "place" the captains' sector.
_MOONRAKERS_WORDS = {
    "gold": "Credits",
    "boss": "Hazard",
    "boss_attack": "hazard roll",
    "row": "Dispatch",
    "deck": "Contract deck",
    "space": "sector",
    "spaces": "sectors",
    "place": "sector",
    "map": "The sector",
    "cubes": "hazard dice",
}


@dataclass(frozen=True)
class Edition:
    """One registered edition (see the module docstring)."""

    name: str
    title: str
    #: ``"module:Class"`` of the rules (a :class:`~clankwidget.rules.protocol.EditionRules`)
    rules: str | None
    #: default board id (for an assembled board: the id the assembly gives) and card set
    board: str | None
    cards: str | None
    vocabulary: Mapping[str, str] = field(default_factory=dict)
    features: frozenset[str] = frozenset()
    #: ``"module:function"`` adding this edition's own part to the widget's view state
    view: str | None = None
    #: whether the widget and the every-edition conformance tests play it
    playable: bool = True
    #: the rules engine is written and tested (``Game.new`` works) even though the edition
    #: is not ``playable`` yet (the widget cannot draw it); ``editions(playable=True)``
    #: still leaves it out
    engine: bool = False
    #: a sentence for people: what the edition is, what is special in it
    summary: str = ""
    #: the fewest and most players (seats) a game takes
    players: tuple[int, int] = (2, 4)
    #: ``"module:NAME"`` of the edition's own bots (a mapping of bot name to class, each
    #: ``cls(seed=...)``), where the shared ones (:data:`clankwidget.bots.BOTS`) do not
    #: play it
    bots: str | None = None

    def __post_init__(self):
        unknown = set(self.features) - set(FEATURES)
        if unknown:
            raise ValueError(f"edition {self.name!r}: unknown features {sorted(unknown)}")
        object.__setattr__(self, "features", frozenset(self.features))
        object.__setattr__(self, "vocabulary", MappingProxyType(dict(self.vocabulary)))

    def has(self, feature: str) -> bool:
        """Whether the edition has ``feature`` (a key of :data:`FEATURES`)."""
        if feature not in FEATURES:
            raise ValueError(f"unknown feature {feature!r}; known: {', '.join(FEATURES)}")
        return feature in self.features

    def rules_class(self) -> type:
        """The rules class (imported on first use)."""
        if not self.has_engine:
            raise RuleNotImplemented(
                f"the {self.title} rules ({self.name!r}) are not implemented yet; "
                f"available editions: {', '.join(e.name for e in editions(playable=True))}"
            )
        return _load(self.rules)

    @property
    def has_engine(self) -> bool:
        """Whether ``Game.new`` can set this edition up (its rules are written)."""
        return self.rules is not None and (self.playable or self.engine)

    def bot_classes(self) -> Mapping[str, type]:
        """The bots that play this edition, by name (the shared ones by default)."""
        if self.bots:
            return _load(self.bots)
        from .bots import BOTS

        return BOTS

    def make_bot(self, kind, seed: int = 0):
        """A bot of this edition: by name, from a bot class (made with ``seed``), or a bot
        object (anything with a ``choose`` method), returned as it is."""
        if not isinstance(kind, str):
            if callable(getattr(kind, "choose", None)):
                return kind(seed=seed) if isinstance(kind, type) else kind
            raise ValueError(
                f"a bot is a name ({', '.join(self.bot_classes())}) or a bot object, "
                f"got {shown(kind)}"
            )
        classes = self.bot_classes()
        if kind not in classes:
            raise ValueError(
                f"unknown bot {shown(kind)} for {self.title}; choose from {', '.join(classes)}"
            )
        return classes[kind](seed=seed)

    def view_part(self):
        """The function adding this edition's own part to the view state, or ``None``."""
        return _load(self.view) if self.view else None


def _load(ref: str) -> Any:
    module, _, name = ref.partition(":")
    return getattr(importlib.import_module(module), name)


_REGISTRY: dict[str, Edition] = {}


def register(entry: Edition, *, replace: bool = False) -> Edition:
    """Add an edition to the registry (``replace=True`` to redefine one)."""
    if not isinstance(entry, Edition):
        raise TypeError(f"register() takes an Edition, got {type(entry).__name__}")
    if entry.name in _REGISTRY and not replace:
        raise ValueError(f"edition {entry.name!r} is already registered")
    _REGISTRY[entry.name] = entry
    return entry


def vocabulary(name: str) -> Mapping[str, str]:
    """The words of edition ``name`` (Clank!'s for an unregistered one, such as a test's)."""
    entry = _REGISTRY.get(name)
    return entry.vocabulary if entry is not None else MappingProxyType(_CLANK_WORDS)


def editions(*, playable: bool | None = None, engine: bool | None = None) -> list[Edition]:
    """The registered editions in registration order (``playable=True``: only those
    the widget plays; ``engine=True``: those whose rules ``Game.new`` can set up, playable
    or not; ``False`` for either: the others)."""
    return [
        e
        for e in _REGISTRY.values()
        if (playable is None or e.playable == playable)
        and (engine is None or e.has_engine == engine)
    ]


def edition(name: str | Edition) -> Edition:
    """The registered edition called ``name`` (an :class:`Edition` is returned as is)."""
    if isinstance(name, Edition):
        return name
    if not isinstance(name, str) or name not in _REGISTRY:
        raise ValueError(f"unknown edition {shown(name)}; available: {', '.join(_REGISTRY)}")
    return _REGISTRY[name]


register(
    Edition(
        name="clank",
        title="Clank!: A Deck-Building Adventure",
        rules="clankwidget.rules.clank:ClankRules",
        board="teaching-dungeon",
        cards="clank-teaching",
        vocabulary=_CLANK_WORDS,
        features={"deck", "map", "bag", "depths", "countdown"},
        summary="Sneak into the dragon's dungeon, take an artifact and get out alive.",
    )
)
register(
    Edition(
        name="space",
        title="Clank! In! Space!",
        rules="clankwidget.rules.space:SpaceRules",
        board="space-ship",
        cards="space-teaching",
        vocabulary=_SHIP_WORDS,
        features={"deck", "map", "bag", "assembled", "ship", "hit-all"},
        view="clankwidget.widget.parts.ship:ship_part",
        summary="Board Lord Eradikus's ship, hack a command code, steal an artifact, "
        "reach an escape pod; bounty hunters hit everyone.",
    )
)
register(
    Edition(
        name="pulsarcade",
        title="Clank! In! Space! Adventures: Pulsarcade",
        rules="clankwidget.rules.pulsarcade:PulsarcadeRules",
        board="pulsarcade-ship",
        cards="space-teaching",
        vocabulary=_SHIP_WORDS,
        features={"deck", "map", "bag", "assembled", "ship", "hit-all", "cabinets", "clones"},
        view="clankwidget.widget.parts.pulsarcade:pulsarcade_part",
        summary="The ship's MCP, Arcade Cabinets and Skill Shots, and six new modules.",
    )
)
register(
    Edition(
        name="legacy",
        title="Clank! Legacy: Acquisitions Incorporated",
        rules="clankwidget.rules.legacy:LegacyRules",
        board="legacy-teaching",
        cards="legacy-teaching",
        vocabulary=_LEGACY_WORDS,
        features={"deck", "map", "bag", "depths", "coaches"},
        view="clankwidget.widget.parts.legacy:legacy_part",
        summary="A campaign: Danger cards, Events, Contracts, Coaches, Towns and the "
        "Book of Passages; escape to HQ for a Mug.",
    )
)
register(
    Edition(
        name="moonrakers",
        title="Moonrakers",
        rules="clankwidget.rules.moonrakers:MoonrakersRules",
        board=None,
        cards="moonrakers-teaching",
        vocabulary=_MOONRAKERS_WORDS,
        features={"deck", "contracts"},
        view="clankwidget.widget.parts.moonrakers:moonrakers_part",
        bots="clankwidget.bots.moonrakers:CAPTAINS",
        players=(2, 5),
        summary="Deck-building, hazard dice and negotiation between captains; no map.",
    )
)
