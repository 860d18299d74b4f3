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
spaces, then an escape pod), share the rules of thumb of :mod:`~clankwidget.bots.aboard`
for the ship's markets and its modules' actions (buy an item worth more than its price,
stopping at its market on the way; ransack, thrill, clone) and keep their own ways of
choosing cards; there the planner plans no better than the greedy bot.

>>> from clankwidget import Game
>>> from clankwidget.bots import make_bot
>>> game = Game.new(players=2, seed=3)
>>> bot = make_bot("planner")
>>> bot.choose(game) in game.legal_actions()
True

The package, by concern: :mod:`~clankwidget.bots.base` (the base class),
:mod:`~clankwidget.bots.random_bot`, :mod:`~clankwidget.bots.greedy`,
:mod:`~clankwidget.bots.planner` (with :mod:`~clankwidget.bots.planner_estimates`),
:mod:`~clankwidget.bots.evaluation` (valuing effects and cards),
:mod:`~clankwidget.bots.aboard` (the markets and modules of a ship),
:mod:`~clankwidget.bots.board_info` (distance tables per board) and
:mod:`~clankwidget.bots.moonrakers` (Moonrakers' captains, the registry's ``bots`` for
that edition).
"""

from __future__ import annotations

from ..errors import shown
from .base import Bot
from .greedy import GreedyBot
from .planner import PlannerBot
from .random_bot import RandomBot

__all__ = ["BOTS", "Bot", "GreedyBot", "PlannerBot", "RandomBot", "make_bot"]

BOTS: dict[str, type[Bot]] = {"random": RandomBot, "greedy": GreedyBot, "planner": PlannerBot}


def make_bot(kind: str | Bot, seed: int = 0) -> Bot:
    """A bot by name (see :data:`BOTS`) or the bot itself."""
    if isinstance(kind, Bot):
        return kind
    try:
        return BOTS[kind](seed=seed)
    except (KeyError, TypeError):  # (an unknown name, or something that is no name)
        raise ValueError(f"unknown bot {shown(kind)}; choose from {', '.join(BOTS)}") from None
