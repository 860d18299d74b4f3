"""Clank! Legacy fixes from the engine audit: a refill that never ended when the Adventure
deck and its discard pile held only Events, an Event resolved twice in one refill, a
waypoint's passage skipped behind a secret's choice, and the attack log's cube count."""

from __future__ import annotations

import copy

import pytest
from legacy_helpers import legacy_position

from clankwidget import Game
from clankwidget.data import Board, CardSet, load_board, load_cards
from clankwidget.rules import actions as A
from clankwidget.rules.legacy import LegacyRules

#: a refill reveals each card at most once: far fewer reveals than this is a finite refill
MOST_REVEALS = 60


@pytest.fixture
def reveals(monkeypatch) -> list[str]:
    """The cards the Legacy refills reveal (every rules object's: a position's checks play
    its legal actions too), failing past :data:`MOST_REVEALS` instead of hanging. A test
    clears it once its game is built."""
    revealed = []
    original = LegacyRules.after_reveal

    def after_reveal(self, s, slot):
        revealed.append(s.row[slot])
        assert len(revealed) <= MOST_REVEALS, f"the refill does not end: {revealed[-6:]}"
        original(self, s, slot)

    monkeypatch.setattr(LegacyRules, "after_reveal", after_reveal)
    return revealed


def events_only_position(discard: list[str] | None = None) -> dict:
    """Blue to end the turn with an empty hand; one row slot empty, the Adventure deck
    empty, its discard pile ``discard`` (every Event by default); the other cards of the
    deck are trashed."""
    pos = legacy_position(
        players=2,
        row=[None, "ferryman", "quiet-ledger", "road-map", "field-intern", "hedge-witch"],
        hands={"blue": []},
    )
    state = pos["state"]
    pile = state["dungeon_deck"]
    events = [c for c in pile if c.startswith("event-")]
    state["dungeon_deck"] = []
    state["dungeon_discard"] = events if discard is None else discard
    for cid in state["dungeon_discard"]:
        pile.remove(cid)
    state["trash"] = [*state["trash"], *pile]
    return pos


def test_a_refill_with_only_events_left_ends_with_the_deck_run_out(reveals):
    """(It looped for ever: the Event went to the discard pile, the empty deck was made
    again from that pile, and the same Event came back.)"""
    game = Game.from_position(events_only_position(), seed=1)
    reveals.clear()
    events = list(game.state.dungeon_discard)
    assert len(events) == 5
    game.apply(A.EndTurn())
    s = game.state
    assert sorted(reveals) == sorted(events)  # each Event revealed and resolved once
    assert sum("is resolved and discarded" in line for line in s.log) == 5
    assert s.over and s.end_reason == "the Adventure deck ran out"
    assert s.row[0] is None and sorted(s.dungeon_discard) == sorted(events)
    assert all(p.status == "knocked-out" for p in s.players)
    out = [line for line in s.log if "run out" in line]
    assert out == [
        "The Adventure deck has run out (its discard pile holds only the Events resolved "
        "in this refill): everyone still in is knocked out"
    ]
    assert not any("dungeon" in line for line in s.log)  # Legacy's deck is the Adventure deck
    assert len(s.log) < 40


def test_an_empty_adventure_deck_and_discard_pile_is_the_deck_out_in_legacys_words(reveals):
    game = Game.from_position(events_only_position(discard=[]), seed=1)
    game.apply(A.EndTurn())
    s = game.state
    assert s.over and s.end_reason == "the Adventure deck ran out"
    assert "The Adventure deck has run out: everyone still in is knocked out" in s.log
    assert "Blue is knocked out (the Adventure deck ran out)" in s.log


def test_a_custom_set_of_interns_and_events_ends_by_legal_play(reveals):
    """A card set the schema accepts: six Field Interns and three Events. Buying an intern
    leaves only Events to refill its slot; ending the turn used to hang."""
    doc = copy.deepcopy(load_cards("legacy-teaching").raw)
    doc["id"] = "interns-and-events"
    doc["dungeon_deck"] = [
        {"card": "field-intern", "count": 6},
        {"card": "event-storm", "count": 2},
        {"card": "event-lullaby", "count": 1},
    ]
    cards = CardSet.from_dict(doc, source="<interns-and-events>")
    game = Game.new("legacy", cards=cards, players=2, seed=1)
    assert game.state.row == ["field-intern"] * 6
    reveals.clear()
    for cid in list(game.current_player.hand):
        game.apply(A.Play(cid))
    game.apply(A.Acquire(0))
    game.apply(A.EndTurn())
    s = game.state
    assert sorted(reveals) == ["event-lullaby", "event-storm", "event-storm"]
    assert s.over and s.end_reason == "the Adventure deck ran out"
    assert len(s.log) < 60


@pytest.mark.parametrize("seed", range(8))
def test_an_event_resolves_once_in_a_refill_that_reshuffles(seed, reveals):
    """Two slots to fill; the deck holds a Thunderstorm (revealed first) and a Ferryman,
    the discard pile a Road Map. The Ferryman fills the first slot; the deck runs out for
    the second, and the new deck is the Road Map alone: the Thunderstorm resolved in this
    refill waits on the discard pile (it used to be shuffled back and could resolve a
    second time)."""
    pos = events_only_position(discard=["road-map"])
    state = pos["state"]
    state["dungeon_deck"] = ["ferryman", "event-storm"]
    state["trash"].remove("ferryman")
    state["trash"].remove("event-storm")
    state["row"][1] = None  # (the Ferryman it held goes to the trash)
    state["trash"].append("ferryman")
    game = Game.from_position(pos, seed=seed)
    reveals.clear()
    area = dict(game.state.clank_area)
    game.apply(A.EndTurn())
    s = game.state
    assert reveals == ["event-storm", "ferryman", "road-map"]
    assert s.row[:2] == ["ferryman", "road-map"] and s.dungeon_discard == ["event-storm"]
    assert all(s.clank_area[c] == area[c] + 1 for c in area)  # the Thunderstorm, once
    assert not s.over


# -- a waypoint behind a secret's choice ------------------------------------------------


def waypoint_bank_game() -> Game:
    """A map where Signpost Hill (waypoint 1) also takes a minor secret from the Bank, and
    a Bank of secrets that each offer an optional trash: Blue one Boot from the hill."""
    bdoc = copy.deepcopy(load_board("legacy-teaching").raw)
    bdoc["id"] = "signpost-secrets"
    hill = next(sp for sp in bdoc["spaces"] if sp["id"] == "signpost")
    assert hill["waypoint"] == 1 and not hill.get("minor_secrets")
    hill["minor_secrets"] = 1
    cdoc = copy.deepcopy(load_cards("legacy-teaching").raw)
    cdoc["id"] = "cleanup-bank"
    cdoc["secrets"]["minor"] = [
        {
            "id": "cleanup",
            "name": "Cleanup",
            "count": 20,
            "take": [{"trash": {"from": ["hand", "discard"], "optional": True}}, {"gold": 1}],
        }
    ]
    board = Board.from_dict(bdoc, source="<signpost-secrets>")
    cards = CardSet.from_dict(cdoc, source="<cleanup-bank>")
    pos = Game.new("legacy", board=board, cards=cards, players=2, seed=1).position()
    pos["state"]["players"][0].update(space="old-mill", boots=1)
    return Game.from_position(pos, seed=1)


def onto_the_hill(game: Game) -> None:
    step = next(p.index for p in game.board.paths if {p.a, p.b} == {"old-mill", "signpost"})
    game.apply(A.Move(step))


@pytest.mark.parametrize("answer", ["decline", "trash"])
def test_a_waypoints_passage_waits_for_a_secrets_choice(answer):
    """(The passage was skipped, and never marked read, when the Bank's secret opened a
    choice on a waypoint.)"""
    game = waypoint_bank_game()
    blue = game.current_player
    gold = blue.gold
    onto_the_hill(game)
    assert game.state.pending["prompt"] == "Cleanup: trash a card"
    assert blue.extra["read"] == []  # not yet: the choice comes first
    if answer == "decline":
        game.apply(A.Decline())
    else:
        game.apply(A.Choose(0))
        assert len(game.state.trash) == 1
    pending = game.state.pending
    assert pending["passage"] == 1 and pending["prompt"].startswith("Passage 1")
    assert blue.gold == gold + 1  # the rest of the secret came before the passage
    assert blue.extra["read"] == [1]
    game.apply(A.Choose(1))  # search behind the post: +2 Gold
    assert game.state.pending is None and blue.gold == gold + 3
    found, read = (
        game.log.index(x)
        for x in ("Blue finds Cleanup", "Blue reads passage 1: The crooked signpost")
    )
    assert found < read


def test_a_position_waiting_on_the_secret_still_reads_the_passage():
    game = waypoint_bank_game()
    onto_the_hill(game)
    saved = game.position()
    assert saved["state"]["pending"]["then"][-1] == {"entry": {"space": "signpost", "step": 1}}
    again = Game.from_position(saved, seed=3)
    again.apply(A.Decline())
    assert again.state.pending["passage"] == 1
    assert again.current_player.extra["read"] == [1]


# -- the attack log -------------------------------------------------------------------


def test_an_attack_that_empties_the_bag_logs_the_cubes_that_came_out():
    pos = legacy_position(
        players=3,
        hands={"green": ["burgle"] * 5},
        changes={
            "current": 2,
            "bag": {"black": 1},
            "clank_area": {"blue": 0, "yellow": 1, "green": 1},
            "players": {
                "blue": {"status": "escaped", "artifacts": [5], "space": "hq"},
                "yellow": {"space": "chapel", "artifacts": [15]},
                "green": {"space": "wyrm-nest", "artifacts": [25]},
            },
        },
    )
    game = Game.from_position(pos, seed=2)
    for cid in list(game.current_player.hand):
        game.apply(A.Play(cid))
    game.apply(A.EndTurn())
    line = next(x for x in game.log if "the dragon draws 4" in x)
    assert line.startswith(
        "Blue is off the clock: the dragon draws 4: 3 cubes drawn (the bag held only 3): "
    )
    attack = next(e for e in game.state.events if e["kind"] == "attack")
    assert sum(attack["drawn"].values()) == 3
