"""``play()``: a new game on a :class:`~clankwidget.widget.ClankBoard`, ready in a notebook."""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import Any

from ..bots import BOTS, Bot
from ..campaign import Campaign
from ..game import Game
from ._board import ClankBoard
from ._campaign import CampaignBoard
from ._table import _warm_kernels

__all__ = ["play"]


def play(
    edition: str | None = None,
    board: Any = None,
    players: int | Sequence[str] = 2,
    bots: Sequence[str | Bot] | str | Bot = ("random",),
    seed: int | None = None,
    human: int | Sequence[int] | None = 0,
    bot_delay: float = 0.4,
    *,
    cards: Any = None,
    modules: Any = None,
    positions: Sequence[str] | None = None,
    options: dict | None = None,
    position: dict | str | None = None,
    campaign: Campaign | None = None,
    save: str | os.PathLike | None = None,
    save_dir: str | os.PathLike | None = ".",
) -> ClankBoard:
    """Start a new game and return its board: seat ``human`` is you, the others are bots.

    >>> game_widget = play(players=2, bots=["random"], seed=7)  # doctest: +SKIP
    >>> game_widget                                             # doctest: +SKIP
    >>> ship = play("pulsarcade", players=3, seed=5,           # doctest: +SKIP
    ...             modules={"fore": "pulsarcade-vault", "mid": "pulsarcade-research-lab",
    ...                      "aft": "pulsarcade-race-track"})

    ``edition``: a registered edition's name (``"clank"`` when not given). ``board`` and
    ``cards``: a shipped name, a file path or a loaded object (defaults:
    the edition's own). Editions played on a ship assembled from pieces (``"space"``,
    ``"pulsarcade"``) take ``modules`` and ``positions`` instead of ``board`` (see
    :meth:`clankwidget.Game.new`); ``options`` go to the rules. ``bots``: one bot name
    (or object) per other seat, or one name for all. ``human=None`` seats bots
    everywhere and lets you watch; a list of seats (or ``players=["human", "human",
    "greedy"]``, a role per seat) lets people share the board (hot-seat): between their
    turns a "pass to ..." screen hides the last hand until the next person is ready.
    ``position`` (a dict, JSON text, a shipped position's name such as ``"last-dash"``
    (``clankwidget.positions.list_positions()``) or a file's path; see
    :mod:`clankwidget.positions`) opens the game there instead of a fresh set-up; the
    edition, board, cards and players then come from the position. ``campaign`` (a
    :class:`~clankwidget.campaign.Campaign`) plays its next Clank! Legacy game on a
    :class:`~clankwidget.widget.CampaignBoard`, where New game, once a game is over,
    records it and deals the next. ``save`` (a save's JSON text or its file, such as one
    the board's Save button wrote) opens that game where it was left, its edition, board,
    cards, players and seed with it. The Save buttons write into ``save_dir`` (the
    kernel's working folder, next to the notebook; ``None`` turns them off).
    """
    if (
        not isinstance(players, int)
        and players
        and all(isinstance(r, str) and (r == "human" or r in BOTS) for r in players)
    ):
        # Seats by role: play(players=["human", "human", "greedy"]) (hot-seat).
        roles = list(players)
        human = [i for i, r in enumerate(roles) if r == "human"] or None
        bots = [r for r in roles if r != "human"]
        players = len(roles)
    if campaign is not None:  # (its games are Clank! Legacy's, set up by the campaign)
        given = dict(edition=edition, board=board, cards=cards, modules=modules)
        given.update(positions=positions, options=options, position=position, save=save)
        clash = [k for k, v in given.items() if v is not None]
        if clash:
            raise TypeError(f"a campaign sets up its own games: give no {'=, '.join(clash)}=")
        board_widget = CampaignBoard(
            campaign,
            players=players,
            bots=bots,
            human=human,
            bot_delay=bot_delay,
            seed=seed,
            save_dir=save_dir,
        )
        _warm_kernels(board_widget.game)
        return board_widget
    if save is not None:
        given = {"edition": edition, "board": board, "cards": cards, "modules": modules}
        given.update(positions=positions, position=position, seed=seed)
        clash = [k for k, v in given.items() if v is not None] + (["options"] if options else [])
        if clash:
            raise TypeError(f"a save holds its own game: give no {'=, '.join(clash)}=")
        if isinstance(save, str) and save.lstrip("\ufeff \t\r\n").startswith("{"):
            game = Game.from_json(save)
        else:
            game = Game.load(save)
        _warm_kernels(game)
        return ClankBoard(game, bots=bots, human=human, bot_delay=bot_delay, save_dir=save_dir)
    if position is not None:
        given = {"board": board, "cards": cards, "modules": modules, "positions": positions}
        clash = [k for k, v in given.items() if v is not None] + (["options"] if options else [])
        if clash:
            raise TypeError(f"give either position= or {', '.join(clash)}=, not both")
        game = Game.from_position(position, seed=seed)
        _warm_kernels(game)
        return ClankBoard(game, bots=bots, human=human, bot_delay=bot_delay, save_dir=save_dir)
    extra: dict[str, Any] = {}
    if modules is not None:
        extra["modules"] = modules
    if positions is not None:
        extra["positions"] = positions
    if options is not None:
        extra["options"] = options
    game = Game.new(
        edition or "clank", board=board, players=players, seed=seed, cards=cards, **extra
    )
    _warm_kernels(game)
    return ClankBoard(game, bots=bots, human=human, bot_delay=bot_delay, save_dir=save_dir)
