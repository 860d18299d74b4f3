"""The board widget: play a whole game of Clank! in JupyterLab by mouse and keyboard.

>>> import clankwidget
>>> game_widget = clankwidget.widget.play(players=2, bots=["random"], seed=7)  # doctest: +SKIP
>>> game_widget.game.scores()                                                # doctest: +SKIP
>>> ship = clankwidget.widget.play("pulsarcade", players=3, seed=5)          # doctest: +SKIP

Clank! In! Space! and Pulsarcade games are played on their assembled ship: the map shows
its modules (the command module sealed until the viewer holds a command code), data ports
and who used them, hyperlifts, telepads, security checkpoints, the lockdown token, escape
pods, Redemption spaces, artifacts with their token costs, cloning vats and vaults; the
panels show data cubes, command codes, power crystals, Arcade Cabinets, the Skill Shot,
the Danger Theater, the Race Track, Research tokens and the Vault; the rage track shows
the bounty hunters still waiting on it. A wide ship is drawn at a legible size and
scrolls sideways (zoom buttons, keys ``+``, ``-`` and ``0``).

The view state is generic: what only one edition has comes from that edition's view part
(:mod:`clankwidget.widget.parts`, named by the registry's ``view`` field) in shapes the
front end draws without knowing the edition, so a new edition or ship module needs no
JavaScript.

:class:`ClankBoard` is an anywidget. The front end draws everything, as SVG and HTML,
from the state Python syncs; the kernel decides every rule. Its sources are the modules
in ``js/`` (one concern per file, see ``js/README.md``), bundled by esbuild into
``clankwidget/static/board.js``, the committed file the widget loads.

Synced state (Python to the view)
---------------------------------
``board``
    static geometry and what is left on the board (artifacts, face-down secret counts,
    idols), with what the front end draws on each space (marks, badges, words): built by
    :func:`~clankwidget.widget.view.view_state`.
``view``
    the rest of :func:`~clankwidget.widget.view.view_state` for the person's seat, plus
    per player ``bot`` (the bot's name, or None) and ``busy``; on the person's turn
    ``since``: what the others did since their last turn (each player's ``trail`` of
    spaces, cards ``gained``, ``defeated``, ``bought``, ``artifacts``, ``clank`` added,
    ``damage`` on the health meter then and now; each attack's ``drawn`` cubes and who
    they ``hurt``); ``bot_speed``; at the end ``breakdown`` (points by source per
    player), and on a campaign's board (``CampaignBoard``) ``next_game``: the ``label``,
    ``text`` and ``enabled`` of the button that records the game and deals the next; in
    a replay ``replay``.
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

and every edition's own, for example (Clank! In! Space!, Pulsarcade):

===================  =======================================================
``hack-port``        ``{"kind": "hack-port"}`` (the data port in your space)
``hyperlift``        ``{"kind": "hyperlift", "to": "gh-lift"}``
``telepad``          ``{"kind": "telepad", "to": "sb-pad"}``
``claim-cabinet``    ``{"kind": "claim-cabinet", "cabinet": "ping", "using": ""}``
``steal-artifact``   ``{"kind": "steal-artifact", "space": "mc-a20"}``
``thrill``           ``{"kind": "thrill"}``
``clone``            ``{"kind": "clone"}``
``ransack``          ``{"kind": "ransack", "vault": "yellow"}``
===================  =======================================================

Moonrakers has no map: its view (``layout`` ``"table"``, built by
:func:`clankwidget.widget.parts.moonrakers.table_view` from the person's seat's
observation) is drawn as a table, and its intents are the engine's, for example:

===================  =======================================================
``choose-contract``  ``{"kind": "choose-contract", "slot": 3}`` (Dispatch slot)
``offer``            ``{"kind": "offer", "seat": 2, "prestige": 1, "credits": 0,
                     "bonus": 0, "dice": 1}`` (the invitee's share and dice)
``counter``          the same terms without ``seat``; ``accept``, ``refuse``
``launch``           roll the dice and execute; ``abandon``; ``stay-at-base``
``call-on``          ``{"kind": "call-on", "seat": 1}``; ``play``; ``stop-playing``
``buy-part``         ``{"kind": "buy-part", "slot": 0, "replace": -1}``;
                     ``buy-crew``, ``buy-action``, ``replace-offer``, ``refit``
===================  =======================================================

Other captains act during the leader's turn (an invitee answers, each captain plays):
the widget takes intents from the person whenever their seat acts, and lets the bots act
whenever theirs does.

The view offers each legal action with a label (``view["actions"]``); those that are
neither cards, the market nor moves (``where`` ``"here"`` or ``"now"``) are the buttons
of the actions panel by the map, so a new edition's actions appear there with no change
to the front end.

They are accepted only on the person's turn while no bot is playing. UI intents:

=================  ===========================================================
``undo``           take back the last action of this turn (never past a reveal)
``redo``           apply again what undo took back
``new-game``       a new game with the same board, cards, seats and bots;
                   optional ``seed`` (int). On a ``CampaignBoard``: the campaign's
                   game, recorded first once it is over, then the next one
``play-all``       play every card in hand that opens no choice (repeats while
                   drawn cards qualify)
``move-to``        ``id`` (space id), optional ``option`` (index into the
                   space's route options): walk the cheapest route there this
                   turn, step by step as engine Move/Teleport actions (aboard a
                   ship also Hyperlift/Telepad rides); tried on a fork
                   first so a refused route changes nothing; it stops early
                   where a choice opens (a secret) or the player escapes
``hover-space``    ``id``: the route preview to that space
``hover-bag``      the odds of the next dragon attack
``save``           write the game as a save (``Game.to_json``) into the board's
                   ``save_dir``, on the kernel's side: a save holds every hand
                   and deck order, so the view never receives it
``save-position``  write the situation (in a replay, at the step shown) as a
                   position (``Game.position``) there too, to hand out
``list-saves``     the files Load may open from ``save_dir`` (those Save and
                   Save position write, ``clank-*.json``, the newest 30)
``load-saved``     ``name``: open one of those, as ``load`` opens a text (a name
                   not listed now is refused: nothing else is read)
``load``           ``text``: a save or a position to open (at most
                   ``MAX_LOAD_CHARS``; checked by ``Game.from_json`` or
                   ``Game.from_position``, a refusal says why); same seat count
``replay``         optional ``step`` (int): show the game as it was after that
                   many actions (entering the replay at 0); nothing can be
                   played meanwhile; ``view["replay"]`` holds ``step``,
                   ``total``, ``next`` (the next action, in words) and ``who``
``replay-exit``    back to the game
``bot-speed``      ``speed``: ``slow``, ``normal``, ``fast`` or ``instant`` (the
                   seconds between bot actions, ``bot_delay``)
``skip-bots``      the bots finish their turns at once
=================  ===========================================================

Replies (Python to the view, one per intent):

* ``{"kind": "ok", "intent": <kind>, ...}`` - applied; the new state follows as
  synced traits (``play-all`` adds ``played``, ``move-to`` ``steps``, ``new-game``
  ``seed``).
* ``{"kind": "error", "message": "..."}`` - refused; the game is unchanged and the
  message is also put in ``status``.
* ``{"kind": "saved", "name"}`` - for ``save`` and ``save-position``: the name of the
  file written (a new one: ``-2``, ``-3``... when the name is taken); the status line
  says where.
* ``{"kind": "saves", "names"}`` - for ``list-saves``: the file names, newest first
  (``[]`` when saving is off).
* ``{"kind": "route", "id", "name", "reachable", "distance", "options"}`` - for
  ``hover-space``: ``distance`` is the fewest boots from the person's room over any
  number of turns (None when unreachable), ``far`` the spaces of one such cheapest way
  (after the person's, to the space; drawn as a route "out of reach this turn" when
  ``options`` is empty) and ``far_steps`` the same as ``{path, space, gold}`` (a coach
  ride's ``path`` is ``"coach"``); ``options`` (this turn only) is the space's Pareto
  front, each ``{boots, swords, damage, teleports, lifts, coaches, gold, steps}`` with
  steps ``{path, space, gold, swords, damage, boots}`` (``path`` an index,
  ``"teleport"``, ``"lift"`` or ``"coach"``; ``gold`` a coach ride's fare).
* ``{"kind": "odds", "available", "draws", "players", "notes", "hit_all"?,
  "message"?}`` - for
  ``hover-bag``: per player still inside ``{colour, damage (probability of 0, 1, ...
  cubes of damage), expected, knockout, clones?}``; ``hit_all`` ``{colour, cubes}``
  where an edition has cubes that hurt everyone (Clank! In! Space!'s red bounty
  hunters, counted in the odds); ``clones``: the player's clones in the Cloning Vats,
  each taking one hunter's hit (counted in the odds too); ``notes``: the edition's
  lines under the odds (``[{icon, text}]``), and a player's ``note`` a footnote.

Bots: after the person ends the turn, the bots play theirs one action at a time, each
step synced to the view, ``bot_delay`` seconds apart on the kernel's running asyncio
loop (``loop.call_later``), or all at once when no loop runs or the delay is 0.
"""

from __future__ import annotations

from ._board import ClankBoard
from ._campaign import CampaignBoard
from ._intents import GAME_KINDS, UI_INTENTS
from ._play import play
from .view import TERMS, RoutePlan, action_label, card_view, view_state

__all__ = [
    "GAME_KINDS",
    "TERMS",
    "UI_INTENTS",
    "CampaignBoard",
    "ClankBoard",
    "RoutePlan",
    "action_label",
    "card_view",
    "play",
    "view_state",
]
