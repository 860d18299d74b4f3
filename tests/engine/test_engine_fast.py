"""The engine's own shortcuts answer as the plain ways do.

``PlayerState`` compares players as the dataclass would (field by field), only faster
when the colours differ; ``GameState.copy`` (undo's snapshot) copies every list and dict
the rules change.
"""

from __future__ import annotations

from dataclasses import fields, replace

import numpy as np
import pytest

from clankwidget import Game, registry
from clankwidget.errors import IllegalAction
from clankwidget.rules import actions as A
from clankwidget.rules.space import Hyperlift
from clankwidget.rules.state import PlayerState


def _plain_eq(a: PlayerState, b: PlayerState) -> bool:
    """The dataclass's own equality: every field, in order."""
    names = [f.name for f in fields(PlayerState)]
    return tuple(getattr(a, n) for n in names) == tuple(getattr(b, n) for n in names)


def _players(edition: str, seed: int):
    entry = registry.edition(edition)
    game = Game.new(edition, players=3 if edition != "moonrakers" else 2, seed=seed)
    bots = [entry.make_bot("random", seed=seed + i) for i in range(len(game.players))]
    for k in range(150):
        if game.is_over:
            return
        if k % 10 == 0:
            yield [p.copy() for p in game.players]
        seat = game.players.index(game.acting_player)
        game.apply(bots[seat].choose(game))


@pytest.mark.parametrize("edition", [e.name for e in registry.editions(engine=True)])
def test_players_compare_as_the_dataclass_does(edition):
    seen = 0
    for players in _players(edition, seed=5):
        twin = players[0].copy()
        changed = players[0].copy()
        changed.hand = [*changed.hand, "x"]
        recoloured = players[1].copy()
        recoloured.colour = players[0].colour
        for a in [*players, twin, changed, recoloured]:
            for b in [*players, twin, changed, recoloured]:
                assert (a == b) is _plain_eq(a, b)
                assert (a != b) is not _plain_eq(a, b)
                seen += 1
        assert players.index(players[-1]) == len(players) - 1
    assert seen > 100
    assert PlayerState.__hash__ is None
    assert (PlayerState("blue", "x", 0) == "blue") is False


@pytest.mark.parametrize("edition", ["clank", "space", "pulsarcade"])
def test_state_copies_are_equal_and_share_nothing_that_changes(edition):
    """The undo snapshot (``GameState.copy``): equal to the state, and changing any list
    or dict of the copy leaves the original as it was (``pending`` and ``rng`` are only
    ever replaced whole, so the two share them)."""
    game = Game.new(edition, players=2, seed=9)
    bots = [registry.edition(edition).make_bot("random", seed=9 + i) for i in range(2)]
    for k in range(120):
        if game.is_over:
            break
        if k % 15 == 0:
            s = game.state
            before = s.to_dict()
            c = s.copy()
            assert c.to_dict() == before
            for obj in (c, *c.players):
                for name, value in vars(obj).items():
                    if isinstance(value, list):
                        value.append("changed")
                    elif isinstance(value, dict) and name not in ("rng", "pending"):
                        value["changed"] = 1
            for stack in c.space_tokens.values():
                if isinstance(stack, list):
                    stack.append("changed")
            assert s.to_dict() == before
        game.apply(bots[game.players.index(game.acting_player)].choose(game))


def _played(edition: str, seed: int, plain: bool) -> list:
    """A seeded greedy-vs-random game's states after each action; ``plain``: with the
    rules' shortcuts for the plain hooks turned off (each hook called as an edition that
    overrides it would have it called)."""
    entry = registry.edition(edition)
    game = Game.new(edition, players=2, seed=seed)
    if plain:
        game.rules._plain_acting = game.rules._plain_simple = False
        game.rules._markets_only = False  # every Buy offered to its check
        game.rules._after_play = True  # the hook called at every play
        game.rules._plain_name = False  # name() called for every log line
        game.rules._plain_gains = False  # every play's effects through apply_effects
    bots = [entry.make_bot(k, seed=seed + i) for i, k in enumerate(("greedy", "random"))]
    states = []
    for _ in range(400):
        if game.is_over:
            break
        seat = game.players.index(game.acting_player)
        game.apply(bots[seat].choose(game))
        states.append(game.state.to_dict())
    return states


@pytest.mark.parametrize("edition", ["clank", "space", "pulsarcade"])
def test_shortcuts_for_plain_hooks_play_the_same_games(edition):
    """The acting player read off the state, Skill, Swords and Gold added without
    apply_simple's call (or, for a card that plays only those, without apply_effects'),
    Buy actions looked for only on a market, players' names read from a table: the same
    states (logs and events included) after every action as with the hooks called."""
    for seed in range(3):
        fast = _played(edition, seed, plain=False)
        assert len(fast) > 50
        assert fast == _played(edition, seed, plain=True)


def test_tables_shared_per_card_set_follow_each_rules_own_reading():
    """Prices, points, play texts and play gains are shared by the rules objects on a
    card set only while they read its cards the core's way: an edition with words or a
    card table of its own gets its own tables, even after a plain game filled the shared
    ones."""
    from clankwidget.rules import actions as A
    from clankwidget.rules.clank import ClankRules

    plain = Game.new("clank", players=2, seed=3)
    for a in plain.legal_actions():
        if isinstance(a, A.Play):
            plain.apply(a)  # fills the shared play texts and gains
    plain.rules.points(plain.state, plain.players[0])

    class Shouting(ClankRules):
        def effects_text(self, effects) -> str:
            return super().effects_text(effects).upper() + "!"

    class Dear(ClankRules):
        def __init__(self, board, cards, options=None):
            super().__init__(board, cards, options)
            self._card_table = {
                cid: replace(c, cost=c.cost + 1, points=c.points + 1, play=[*c.play, {"gold": 1}])
                for cid, c in cards.cards.items()
            }

    board, cards = plain.rules.board, plain.rules.cards
    shouting = Shouting(board, cards)
    s = shouting.setup(["red", "blue"], np.random.default_rng(3))
    cid = s.player.hand[0]
    shouting.apply(s, A.Play(cid))
    assert s.log[-1].endswith("!)")
    dear = Dear(board, cards)
    s = dear.setup(["red", "blue"], np.random.default_rng(3))
    dear._card_actions(s, s.player, [])
    for cid, card in dear._card_table.items():
        assert dear._prices[cid][1] == (card.defeat if card.is_monster else card.cost)
    want = sum(dear._card_table[c].points for c in s.player.all_cards)
    assert dear.points(s, s.player) == want
    assert plain.rules.points(s, s.player) == want - len(s.player.all_cards)
    for cid in list(s.player.hand):  # every card in hand also plays a Gold here
        dear.apply(s, A.Play(cid))
    assert s.player.gold == 5


@pytest.mark.parametrize("edition", ["clank", "legacy", "space"])
def test_described_card_parts_are_the_cards_own_words(edition):
    """The log's words for a card's use or reward, kept per card, are describe()'s for
    that very card: a card of the same id with other effects gets its own words."""
    from clankwidget.rules.effects import describe

    rules = Game.new(edition, players=2, seed=1).rules
    seen = 0
    for _ in range(2):  # the second time from the kept words
        for card in rules._card_table.values():
            for part in ("use", "reward"):
                if getattr(card, part):
                    assert rules._described(card, part) == describe(getattr(card, part))
                    seen += 1
    assert seen > 4
    monster = next(c for c in rules._card_table.values() if c.reward)
    other = replace(monster, reward=[{"gold": 99}])
    assert rules._described(other, "reward") == describe(other.reward) != describe(monster.reward)
    assert rules._described(monster, "reward") == describe(monster.reward)


def test_secret_pools_are_shared_only_with_the_plain_token_hook():
    """The secrets before the shuffle are kept per card set while ``secret_token`` is the
    map layer's own; an edition that reads tokens its own way deals its own."""
    from clankwidget.rules.clank import ClankRules

    plain = Game.new("clank", players=2, seed=2)  # fills the shared pools
    board, cards = plain.rules.board, plain.rules.cards

    class Marked(ClankRules):
        def secret_token(self, token: dict) -> dict:
            return {**token, "marked": True}

    marked = Marked(board, cards)
    s = marked.setup(["red", "blue"], np.random.default_rng(2))
    dealt = [t for stack in s.space_tokens.values() for t in stack if t["kind"] != "idol"]
    assert len(dealt) > 10 and all(t.get("marked") for t in dealt)
    again = ClankRules(board, cards).setup(["red", "blue"], np.random.default_rng(2))
    assert again.space_tokens == plain.state.space_tokens


@pytest.mark.parametrize("edition", ["clank", "space", "pulsarcade"])
def test_buys_looked_for_only_on_markets_are_the_checked_ones(edition):
    """The map layer's legal list looks for Buy actions only on a market space where the
    board alone says where markets are: the same list as checking every Buy, on seeded
    positions and with the thief moved, gold in hand, onto each space."""
    game = Game.new(edition, players=2, seed=4)
    rules = game.rules
    bots = [registry.edition(edition).make_bot("random", seed=4 + i) for i in range(2)]
    compared = buys = 0
    for k in range(120):
        if game.is_over:
            break
        if k % 15 == 0:
            for space in [sp.id for sp in rules.board.spaces]:
                s = game.state.copy()
                p = s.player
                p.space, p.gold = space, 9
                fast = rules.legal_actions(s)
                shortcut, rules._markets_only = rules._markets_only, False
                assert fast == rules.legal_actions(s)
                rules._markets_only = shortcut
                compared += 1
                buys += any(a.kind == "buy" for a in fast)
        game.apply(bots[game.state.current].choose(game))
    assert compared > 100 and buys > 0


def _odd_actions(game: Game) -> list:
    """Actions each refused for some reason somewhere: no such card, slot, option or
    pile, a choice with none pending, the turn ended early, a kind the edition lacks."""
    return [
        A.Play("no-such-card"),
        A.Choose(0),
        A.Choose(99),
        A.Decline(),
        A.EndTurn(),
        A.Acquire(99),
        A.Defeat(0),
        A.AcquireReserve("no-such-pile"),
        A.DefeatReserve("no-such-pile"),
        Hyperlift("nowhere"),
        *game.legal_actions(),
    ]


@pytest.mark.parametrize("edition", [e.name for e in registry.editions(engine=True)])
def test_apply_refuses_what_check_refuses_with_its_reason(edition):
    """``apply`` looks the action's handlers up once and goes straight to the kind's own
    check when the game is on and no other choice is pending: every action is still
    refused exactly when :meth:`check` refuses it, with the same reason, the state
    untouched; a legal one is applied. Over whole games, to their end (game over; a
    random Moonrakers game runs longer than this looks)."""
    entry = registry.edition(edition)
    refused = applied = 0
    for seed in range(2):
        game = Game.new(edition, players=2, seed=seed)
        bots = [entry.make_bot("random", seed=seed + i) for i in range(2)]
        for k in range(400 if edition == "moonrakers" else 3000):
            if k % 13 == 0 or game.is_over:
                for a in _odd_actions(game):
                    rules, trial = game.rules, game.state.copy()
                    reason = rules.check(trial, a)
                    before = trial.to_dict()
                    try:
                        rules.apply(trial, a)
                    except IllegalAction as exc:
                        assert exc.reason == reason, a
                        assert trial.to_dict() == before
                        refused += 1
                    else:
                        assert reason is None, a
                        applied += 1
            if game.is_over:
                break
            game.apply(bots[game.players.index(game.acting_player)].choose(game))
        assert game.is_over or edition == "moonrakers"
    assert refused > 300 and applied > 100
