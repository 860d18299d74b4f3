"""The rules layer: game state, actions, and one module per edition on a shared core."""

from .actions import *  # noqa: F403
from .actions import __all__ as _actions_all
from .core import PLAYER_COLOURS, DeckBuildingRules
from .state import GameState, PlayerState

__all__ = [*_actions_all, "PLAYER_COLOURS", "DeckBuildingRules", "GameState", "PlayerState"]
