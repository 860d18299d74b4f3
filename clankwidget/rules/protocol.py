"""The edition contract: every hook an edition's rules may provide, documented once.

The engine (:class:`~clankwidget.game.Game`), the widget, the bots, the odds and the path
functions talk to an edition's rules through the members below and through nothing else.
:class:`~clankwidget.rules.deckbuilding.DeckBuildingRules` gives each a default, and
:class:`~clankwidget.rules.thieves.ThievesRules` the map layer's; an edition overrides the
few that are its own. ``tests/engine/test_editions.py`` checks every registered edition's rules
class against this protocol.

Hooks are grouped as the turn meets them. ``s`` is the
:class:`~clankwidget.rules.state.GameState`, ``p`` a
:class:`~clankwidget.rules.state.PlayerState`; a hook changes ``s`` in place.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, ClassVar, Protocol, runtime_checkable

import numpy as np

from ..data import Board, Card, CardSet
from . import actions as A
from .state import GameState, PlayerState

__all__ = ["DECK_HOOKS", "MAP_HOOKS", "EditionRules"]


@runtime_checkable
class EditionRules(Protocol):
    """What an edition's rules class is (see the module docstring)."""

    # -- identity and components -------------------------------------------------------
    #: the registry name of the edition (``clankwidget.edition(rules.edition)``)
    edition: ClassVar[str]
    #: the colour whose drawn cubes hurt every player, or ``None``
    hit_all: ClassVar[str | None]
    #: the kind of token an escape earns (its own row in the score breakdown), or ``None``
    escape_token: ClassVar[str | None]
    #: the game options the rules understand: name -> what it does (others are refused)
    known_options: ClassVar[Mapping[str, str]]
    board: Board | None
    cards: CardSet
    options: dict
    #: the edition's words for the table's parts (from the registry's vocabulary)
    words: dict[str, str]
    #: the game's one random generator, handed in by the game (never created here); the
    #: rules draw from it through :meth:`random`, which counts the draws in ``draws``
    rng: np.random.Generator | None
    draws: int
    #: set by :meth:`apply` when an action revealed hidden information (undo stops there)
    revealed: bool
    #: the action kinds :meth:`check` may accept (it refuses every other kind)
    kinds: frozenset[str]

    # -- the engine's entry points (not hooks: an edition rarely overrides them) ----------
    def random(self) -> np.random.Generator:
        """``rng``, for one random draw (counted: the game saves the generator's state
        after an action that drew)."""
        ...

    def setup(self, colours: list[str], rng: np.random.Generator) -> GameState:
        """A fresh state for these players, every random choice drawn from ``rng``."""
        ...

    def legal_actions(self, s: GameState) -> list[A.Action]:
        """The current player's legal actions, in a stable order."""
        ...

    def check(self, s: GameState, action: A.Action) -> str | None:
        """``None`` if ``action`` is legal now, else why not (in words)."""
        ...

    def apply(self, s: GameState, action: A.Action) -> None:
        """Apply a legal action; an illegal one raises ``IllegalAction``, changing nothing."""
        ...

    def card(self, cid: str) -> Card:
        """The card ``cid`` as this edition plays it."""
        ...

    def acting(self, s: GameState) -> PlayerState:
        """Who must act now: the current player, or another seat the turn waits on (a
        captain answering an offer in Moonrakers)."""
        ...

    @classmethod
    def load_card_set(cls, name: str) -> CardSet:
        """The edition's card set by name (its own format where it has one)."""
        ...

    @classmethod
    def card_set_from_dict(cls, doc: dict, source: str) -> CardSet:
        """A card set from a document (a save's embedded copy), checked by its schema."""
        ...

    def scores(self, s: GameState) -> list[int]:
        """Points per seat: final for players who have left, running for the others."""
        ...

    def score_breakdown(self, s: GameState, p: PlayerState) -> list[tuple[str, int]]:
        """A player's points by source, ``(name, points)`` rows adding up to their points."""
        ...

    def winners(self, s: GameState) -> list[int]:
        """Seats of the winners (empty when nobody scores)."""
        ...

    def market_items(self) -> list[dict]:
        """Every item a market may sell at this table (the card set's and the edition's)."""
        ...

    # -- set-up hooks ----------------------------------------------------------------------
    def new_player(self, colour: str) -> PlayerState:
        """A player before the deal (where they stand, their supply of cubes)."""
        ...

    def setup_table(self, s: GameState) -> None:
        """The layer's or edition's components, set out before the cards are dealt."""
        ...

    def setup_market(self, s: GameState) -> None:
        """The market's stock."""
        ...

    def setup_player(self, s: GameState, p: PlayerState, seat: int) -> None:
        """A player's own set-up after their first hand (starting Clank!, tokens...)."""
        ...

    def deal_opening_row(self, s: GameState) -> None:
        """The first row (Clank!: no card with an attack symbol at set-up)."""
        ...

    # -- actions -----------------------------------------------------------------------------
    def layer_candidates(self, s: GameState, p: PlayerState) -> Iterable[A.Action]:
        """The actions a layer adds (map: buy, move, teleport, take artifact, use token)."""
        ...

    def edition_candidates(self, s: GameState) -> Iterable[A.Action]:
        """The edition's own actions; each kind has ``_check_<kind>``/``_do_<kind>``."""
        ...

    # -- cards and effects ---------------------------------------------------------------
    def effects_text(self, effects: Iterable[dict]) -> str:
        """A list of effects in the edition's words."""
        ...

    def after_play(self, s: GameState, p: PlayerState, card: Card) -> None:
        """A card was played (before its effects)."""
        ...

    def after_gain(self, s: GameState, p: PlayerState, card: Card, from_row: bool) -> None:
        """A card was acquired or defeated."""
        ...

    def apply_layer_effect(self, s: GameState, p: PlayerState | None, key: str, value) -> None:
        """An effect the deck core does not know (map: boots, clank, heal, rage...)."""
        ...

    def apply_edition_effect(self, s: GameState, p: PlayerState | None, key: str, value) -> None:
        """An effect only this edition has; unknown ones raise ``RuleNotImplemented``."""
        ...

    def layer_test(self, s: GameState, p: PlayerState, key: str, source: str | None) -> bool:
        """A condition a layer adds (map: artifact, key)."""
        ...

    def edition_test(self, s: GameState, p: PlayerState, key: str, source: str | None) -> bool:
        """A condition only this edition has (Clank!: depths, crown); unknown ones raise
        ``RuleNotImplemented``."""
        ...

    # -- the row and the end of a turn ---------------------------------------------------
    def after_refill(self, s: GameState, dragon: bool) -> None:
        """The row was refilled (``dragon``: a card with the attack symbol arrived)."""
        ...

    def after_reveal(self, s: GameState, slot: int) -> None:
        """The card in row ``slot`` was revealed by a refill (its arrive effects done); an
        edition may take it out again (Legacy's events), and the slot is refilled."""
        ...

    def deck_exhausted(self, s: GameState) -> None:
        """The dungeon deck cannot refill the row (a new deck made here lets it go on)."""
        ...

    def before_end_turn(self, s: GameState, p: PlayerState) -> None:
        """Before the play area is discarded."""
        ...

    def after_end_turn(self, s: GameState, p: PlayerState) -> None:
        """After discarding and drawing, before the row is refilled."""
        ...

    def out_turn(self, s: GameState, p: PlayerState) -> None:
        """The turn of a player who has left (Clank!: the countdown)."""
        ...

    def finish(self, s: GameState, reason: str) -> None:
        """End the game."""
        ...

    def points(self, s: GameState, p: PlayerState) -> int:
        """Everything the player holds, in points."""
        ...

    def eligible(self, s: GameState, p: PlayerState) -> bool:
        """Whether the player scores (escaped, still in, or rescued)."""
        ...


#: The members every edition has (the deck-building core).
DECK_HOOKS = tuple(
    name for name in EditionRules.__dict__ if not name.startswith("_") and name != "edition"
)


class MapRules(EditionRules, Protocol):
    """The members an edition on the map layer has besides (``features`` has "map")."""

    @property
    def health(self) -> int:
        """Damage that knocks a player out."""
        ...

    def rage_value(self, s: GameState) -> int:
        """Cubes an attack draws at the current rage."""
        ...

    def dangers(self, s: GameState) -> int:
        """Extra cubes each attack draws (Danger cards in the row)."""
        ...

    #: an attack that empties the bag ends the game, everyone still in knocked out
    empty_bag_ends: bool

    def turns_after_out(self, s: GameState) -> float:
        """About how many turns the others still get once a player leaves (bots plan by
        it): the countdown's spaces; Legacy: rounds of off-clock draws until the bag runs
        dry."""
        ...

    def next_attack_draws(self, s: GameState) -> int:
        """Cubes the next attack draws before countdown extras (rage + Danger cards;
        Legacy: the off-clock draw of 4, or 6 with two players, while someone is out)."""
        ...

    def path_context(self, s: GameState, p: PlayerState) -> dict[str, Any]:
        """``p``'s movement resources and the board's own ways, for ``paths.turn_options``."""
        ...

    def route_action(self, here: str, step) -> A.Action:
        """The action for one step of a route found by the path search."""
        ...

    def lift_action(self, here: str, to: str) -> A.Action:
        """The action for a lift ride (editions with lifts)."""
        ...

    def entry_refusal(self, s: GameState, p: PlayerState, space_id: str, teleport: bool):
        """Why ``p`` may not enter ``space_id`` now, or ``None``."""
        ...

    def on_enter(self, s: GameState, p: PlayerState, space, teleport: bool) -> None:
        """What entering a space does (gold, secrets, escape...)."""
        ...

    def has_key(self, s: GameState, p: PlayerState) -> bool:
        """Whether ``p`` may use locked paths."""
        ...

    def clones(self, s: GameState, p: PlayerState) -> int:
        """How many of the next attack's hit-all cubes ``p`` has something else take."""
        ...

    def market_price(self, s: GameState, p: PlayerState, item: dict):
        """``(price, extra effects)`` of a market item where ``p`` stands, or ``None``."""
        ...

    def market_here(self, s: GameState, p: PlayerState) -> bool:
        """Whether ``market_price`` may price anything where ``p`` stands (Buy is offered
        only there)."""
        ...

    def market_limit(self, s: GameState, p: PlayerState, item: dict) -> str | None:
        """Why ``p`` may not buy another ``item`` (one of each type), or ``None``."""
        ...

    def secret_token(self, token: dict) -> dict:
        """A secret token as the edition deals it."""
        ...

    def extra_tokens(self, space) -> list[dict]:
        """Face-up tokens dealt onto a space under its secrets (Clank!'s idols); asked
        only about spaces with secret slots or idols."""
        ...

    def rescued(self, s: GameState, p: PlayerState) -> bool:
        """Whether a knocked-out player still scores."""
        ...

    def on_out(self, s: GameState, p: PlayerState) -> None:
        """A player has just left (escaped or knocked out)."""
        ...

    def after_rage(self, s: GameState, before: int) -> None:
        """The rage marker moved from ``before`` to ``s.rage``."""
        ...

    def cube_order(self, s: GameState) -> list[str]:
        """Colours in the bag, in the fixed order that draws index into."""
        ...

    def resolve_drawn(self, s: GameState, colour: str, n: int) -> None:
        """What ``n`` drawn cubes of ``colour`` do."""
        ...

    def after_attack(self, s: GameState) -> None:
        """After an attack's cubes are resolved."""
        ...

    def check_position(self, s: GameState, fresh: GameState) -> None:
        """Refuse a position whose edition-own fields hold what no game of this table
        could (a :class:`~clankwidget.errors.PositionError` naming the field), beyond the
        checks every map edition shares; ``fresh`` is a set-up of the same table."""
        ...


#: The members an edition on the map layer has besides :data:`DECK_HOOKS`.
MAP_HOOKS = tuple(
    name for name in MapRules.__dict__ if not name.startswith("_") and name not in DECK_HOOKS
)

__all__ += ["MapRules"]
