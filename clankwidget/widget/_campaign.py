"""A Clank! Legacy campaign at the table: :class:`CampaignBoard` plays its games in turn.

The board is a :class:`~clankwidget.widget.ClankBoard` of the campaign's next game, opened
with that game's prologue in the status line. When the game is over, **New game** records
it in the campaign (its completed Contracts, the Patron its winner earns, the map's
permanent changes) and deals the next game; before that, New game deals the same campaign
game afresh. The campaign object is the record: save it between sessions with
``board.campaign.to_json()``.
"""

from __future__ import annotations

import os
from collections.abc import Sequence

from ..bots import Bot
from ..campaign import Campaign, CampaignError
from ._board import ClankBoard
from ._intents import IntentError

__all__ = ["CampaignBoard"]


class CampaignBoard(ClankBoard):
    """``CampaignBoard(campaign, players=2, bots=("greedy",), human=0, seed=None)``: the
    next game of ``campaign`` (a :class:`~clankwidget.campaign.Campaign`) on a board; see
    the module docs. :func:`clankwidget.play` makes one with ``campaign=``. ``bot_delay``
    and ``save_dir`` are :class:`ClankBoard`'s."""

    def __init__(
        self,
        campaign: Campaign,
        *,
        players: int = 2,
        bots: Sequence[str | Bot] | str | Bot | None = ("greedy",),
        human: int | Sequence[int] | None = 0,
        bot_delay: float = 0.4,
        seed: int | None = None,
        save_dir: str | os.PathLike | None = ".",
    ) -> None:
        if not isinstance(campaign, Campaign):
            raise TypeError(f"expected a Campaign, got {type(campaign).__name__}")
        if campaign.finished:
            raise CampaignError(f"the campaign {campaign.campaign!r} is over: nothing to play")
        self._campaign = campaign
        super().__init__(
            campaign.new_game(players=players, seed=seed),
            bots=bots,
            human=human,
            bot_delay=bot_delay,
            save_dir=save_dir,
        )
        self._say(self._prologue())

    @property
    def campaign(self) -> Campaign:
        """The campaign: where the group stands, and its save (``to_json()``)."""
        return self._campaign

    def _view_of(self, g, frozen: str | None = None) -> dict:
        vs = super()._view_of(g, frozen)
        if g.is_over and frozen is None:  # the game-over box's button: the campaign's next
            vs["next_game"] = self._next_game()
        return vs

    def _next_game(self) -> dict:
        """What New game does once the game is over: its ``label``, ``text``, ``enabled``."""
        camp = self._campaign
        if camp.finished:
            text = "The campaign is over: save it with campaign.to_json()."
            return {"label": "New game", "text": text, "enabled": False}
        games = camp.data["games"]
        if camp.next + 1 < len(games):
            text = f"Records this game in the campaign, then deals {games[camp.next + 1]['title']}."
            return {"label": "Next campaign game", "text": text, "enabled": True}
        text = "The campaign's last game: recording it ends the campaign."
        return {"label": "Record the last game", "text": text, "enabled": True}

    def _prologue(self) -> str:
        nxt = self._campaign.upcoming()
        total = len(self._campaign.data["games"])
        text = f" {nxt['text']}" if nxt["text"] else ""
        return f"{nxt['title']} ({nxt['number']} of {total}).{text}"

    def _ui_new_game(self, seed: int | None = None) -> dict:
        if seed is not None and seed < 0:
            raise IntentError("seed must be a non-negative integer")
        camp, game = self._campaign, self._game
        said = ""
        if game.is_over and not camp.finished:
            try:
                camp.record(game)
                done = camp.results[-1]
                won = " and ".join(c.capitalize() for c in done["winners"]) or "nobody"
                said = f"Recorded {done['title']} ({won} won). "
            except CampaignError as exc:  # (a game loaded from elsewhere)
                said = f"Not recorded ({exc}). "
        if camp.finished:
            self._sync()  # (the game-over box: nothing more to deal)
            self._say(
                f"{said}The campaign is over: save it with campaign.to_json()"
                if said
                else "The campaign is over"
            )
            return {"kind": "ok", "intent": "new-game", "seed": game.seed}
        self.game = camp.new_game(players=len(game.players), seed=seed)
        self._say(said + self._prologue())
        return {"kind": "ok", "intent": "new-game", "seed": self._game.seed}
