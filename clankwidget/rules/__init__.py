"""The rules layer: game state, actions, two layers of shared mechanics, one module per edition.

``deckbuilding`` (cards, decks, the row: every edition) < ``thieves`` (a map, the bag,
damage: the Clank! editions) < ``clank``, ``space``, ``pulsarcade``; ``legacy`` builds on
``clank``, and ``moonrakers`` on ``deckbuilding`` alone. ``protocol`` lists every hook an
edition's rules may provide.
"""

from .actions import *  # noqa: F403
from .actions import __all__ as _actions_all
from .deckbuilding import PLAYER_COLOURS, DeckBuildingRules
from .state import GameState, PlayerState
from .thieves import ThievesRules

__all__ = [
    *_actions_all,
    "PLAYER_COLOURS",
    "DeckBuildingRules",
    "GameState",
    "ThievesRules",
    "PlayerState",
]
