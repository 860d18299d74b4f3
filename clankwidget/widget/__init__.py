"""The board widget: play a whole game of Clank! in JupyterLab by mouse and keyboard.

>>> import clankwidget
>>> game_widget = clankwidget.widget.play(players=2, bots=["random"], seed=7)  # doctest: +SKIP
>>> game_widget.game.scores()                                                # doctest: +SKIP

:class:`ClankBoard` is an anywidget. The front end (``clankwidget/static/board.js``,
plain ES module) draws everything, as SVG and HTML, from the state Python syncs; the
kernel decides every rule.

Synced state (Python to the view)
---------------------------------
``board``
    static geometry and what is left on the board (artifacts, face-down secret counts,
    idols): built by :func:`~clankwidget.widget.view.view_state`.
``view``
    the rest of :func:`~clankwidget.widget.view.view_state` for the person's seat, plus
    per player ``bot`` (the bot's name, or None) and ``busy``.
``status``
    ``{text, level, seq}``: the status line (``level`` ``"error"`` for a refusal).
``busy``
    bots are playing; ``seat``: the person's seat; ``bot_delay``: seconds per bot step.

Intents (the view to Python)
----------------------------
The view sends one message per intent, ``{"kind": ..., ...}``. Python validates it (the
browser is untrusted: wrong types, unknown kinds, extra or missing fields and oversized
payloads are refused), applies it through the engine, and replies with one message.

Game actions use the engine's own dict form (:mod:`clankwidget.rules.actions`):

===================  =======================================================
``play``             ``{"kind": "play", "card": "burgle"}``
``acquire``          ``{"kind": "acquire", "slot": 2}`` (row slot, 0-based)
``defeat``           ``{"kind": "defeat", "slot": 4}``
``acquire-reserve``  ``{"kind": "acquire-reserve", "card": "explore"}``
``defeat-reserve``   ``{"kind": "defeat-reserve", "card": "goblin"}``
``buy``              ``{"kind": "buy", "item": "master-key"}``
``move``             ``{"kind": "move", "path": 12, "swords": 1}``
``teleport``         ``{"kind": "teleport", "to": "cloakroom"}``
``take-artifact``    ``{"kind": "take-artifact"}``
``use-token``        ``{"kind": "use-token", "token": "healing-draught"}``
``choose``           ``{"kind": "choose", "option": 0}``
``decline``          ``{"kind": "decline"}``
``end-turn``         ``{"kind": "end-turn"}``
===================  =======================================================

They are accepted only on the person's turn while no bot is playing. UI intents:

===============  ===========================================================
``undo``         take back the last action of this turn (never past a reveal)
``redo``         apply again what undo took back
``new-game``     a new game with the same board, cards, seats and bots;
                 optional ``seed`` (int)
``play-all``     play every card in hand that opens no choice (repeats while
                 drawn cards qualify)
``move-to``      ``id`` (space id), optional ``option`` (index into the
                 space's route options): walk the cheapest route there this
                 turn, step by step as engine Move/Teleport actions; tried on
                 a scratch copy first so a refused route changes nothing; it
                 stops early where a choice opens (a secret) or the player
                 escapes
``hover-space``  ``id``: the route preview to that space
``hover-bag``    the odds of the next dragon attack
===============  ===========================================================

Replies (Python to the view, one per intent):

* ``{"kind": "ok", "intent": <kind>, ...}`` - applied; the new state follows as
  synced traits (``play-all`` adds ``played``, ``move-to`` ``steps``, ``new-game``
  ``seed``).
* ``{"kind": "error", "message": "..."}`` - refused; the game is unchanged and the
  message is also put in ``status``.
* ``{"kind": "route", "id", "name", "reachable", "distance", "options"}`` - for
  ``hover-space``: ``distance`` is the fewest boots from the person's room over any
  number of turns (None when unreachable); ``options`` (this turn only) is the
  space's Pareto front, each ``{boots, swords, damage, teleports, steps}`` with steps
  ``{path, space, swords, damage, boots}`` (``path`` an index or ``"teleport"``).
* ``{"kind": "odds", "available", "draws", "players", "message"?}`` - for
  ``hover-bag``: per player still inside ``{colour, damage (probability of 0, 1, ...
  cubes of damage), expected, knockout}``.

Bots: after the person ends the turn, the bots play theirs one action at a time, each
step synced to the view, ``bot_delay`` seconds apart on the kernel's running asyncio
loop (``loop.call_later``), or all at once when no loop runs or the delay is 0.
"""

from __future__ import annotations

from ._board import GAME_KINDS, UI_INTENTS, ClankBoard, play
from .view import action_label, card_view, view_state

__all__ = [
    "GAME_KINDS",
    "UI_INTENTS",
    "ClankBoard",
    "action_label",
    "card_view",
    "play",
    "view_state",
]
