"""Shared helpers for the tests: the scenario board and card set, positions on them, and
the places of a JSON document."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import numpy as np

import clankwidget as cw
from clankwidget import Game
from clankwidget.data import CardSet

FIXTURES = Path(__file__).parent / "fixtures"
BOARD = FIXTURES / "scenario-board.json"
CARDS = FIXTURES / "scenario-cards.json"


def cards_doc() -> dict:
    return json.loads(CARDS.read_text())


def new_game(players=2, seed=0, cards=None, board=BOARD) -> Game:
    return Game.new(
        board=board, cards=cards if cards is not None else CARDS, players=players, seed=seed
    )


def custom_cards(**setup_changes) -> CardSet:
    doc = copy.deepcopy(cards_doc())
    doc["setup"].update(setup_changes)
    return CardSet.from_dict(doc, source="<test cards>")


def at(
    changes: dict | None = None,
    *,
    players=2,
    seed=0,
    edition="clank",
    board=BOARD,
    cards=CARDS,
    **first,
) -> Game:
    """A game started from a position: a fresh set-up of ``edition`` (the scenario board and
    cards by default) with ``changes`` (see :func:`clankwidget.position`; what it does not
    name makes up the difference). Keyword ``first`` fields change the first player's
    (``hand=["burgle"], space="hall", boots=2``)."""
    changes = copy.deepcopy(changes or {})
    if first:
        colour = players[0] if isinstance(players, list) else "blue"
        changes.setdefault("players", {}).setdefault(colour, {}).update(first)
    pos = cw.position(edition, players, seed, board=board, cards=cards, changes=changes)
    return Game.from_position(pos, seed=seed)


def again(game: Game, changes: dict | None = None, **current) -> Game:
    """A game from ``game``'s position with ``changes`` (see
    :func:`clankwidget.positions.changed`); keyword fields change the player to move's."""
    changes = copy.deepcopy(changes or {})
    if current:
        colour = game.current_player.colour
        changes.setdefault("players", {}).setdefault(colour, {}).update(current)
    return Game.from_position(cw.positions.changed(game.position(), changes), seed=game.seed)


def table(changes: dict | None = None, *, players=2, seed=0, **leader) -> Game:
    """A Moonrakers game started from a position: a fresh table past the set-up objectives
    (each captain keeps their first two) with ``changes`` (see :func:`clankwidget.position`:
    a card, contract, part or objective named somewhere new comes from where it was, and
    what it pushes out goes back there). Keyword fields change the leader's
    (``hand=["miss"], gold=6, extra={"prestige": 3}``)."""
    game = Game.new("moonrakers", players=players, seed=seed)
    while game.state.extra["mr"]["phase"] == "keep":
        game.apply(game.legal_actions()[0])
    return again(game, changes, **leader)


def play_a_while(game: Game, steps: int, seed: int = 0) -> Game:
    """Play up to ``steps`` random legal actions (seeded), stopping when the game ends."""
    import numpy as np

    rng = np.random.default_rng(seed)
    for _ in range(steps):
        if game.is_over:
            break
        legal = game.legal_actions()
        game.apply(legal[int(rng.integers(len(legal)))])
    return game


def shuffle_hidden(game: Game, seat: int) -> None:
    """Change, in place, only what ``seat`` may not see: the dungeon deck's order, the
    other players' hands and draw piles (their cards together, reversed and dealt again),
    ``seat``'s own draw order, which face-down secret lies where (and the order of
    Legacy's Bank) and the generator. A view or a bot of that seat must not notice."""
    s = game.state
    s.dungeon_deck.reverse()
    for i, p in enumerate(s.players):
        if i == seat:
            p.deck.reverse()
        else:
            cards = list(reversed(p.hand + p.deck))
            p.hand, p.deck = cards[: len(p.hand)], cards[len(p.hand) :]
    by_kind: dict[str, list] = {}
    for stack in s.space_tokens.values():
        for t in stack:
            by_kind.setdefault(t["kind"], []).append(t)
    for tokens in by_kind.values():
        tokens.reverse()
    for stack in s.space_tokens.values():
        for i, t in enumerate(stack):
            stack[i] = by_kind[t["kind"]].pop()
    if "bank" in s.extra:  # Legacy's face-down minor secrets in the Bank
        s.extra["bank"] = list(reversed(s.extra["bank"]))
    s.rng = np.random.Generator(np.random.PCG64(12345)).bit_generator.state
    game._rng.bit_generator.state = s.rng


def token(token_id: str, name: str, kind: str = "minor", **fields) -> dict:
    """A token (a secret, an idol, a market item) as a position holds it."""
    return {"kind": kind, "id": token_id, "name": name, **fields}


def cube_total(game: Game, colour: str) -> int:
    s = game.state
    p = next(q for q in s.players if q.colour == colour)
    return (
        p.supply
        + p.damage
        + s.clank_area.get(colour, 0)
        + s.bag.get(colour, 0)
        + s.aside.get(colour, 0)
    )


def json_places(doc):
    """Every (container, key) pair of a JSON document, depth first: where a property test
    may put another value."""
    items = (
        doc.items() if isinstance(doc, dict) else enumerate(doc) if isinstance(doc, list) else ()
    )
    for k, v in items:
        yield doc, k
        yield from json_places(v)
