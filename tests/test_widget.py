"""The board widget without a browser: the view state, the intent protocol, the bots.

The browser is untrusted, so most of this is about the message handler: every legal
action the view offers is accepted, everything else is refused with a message and leaves
the game exactly as it was.
"""

from __future__ import annotations

import ast
import asyncio
import inspect
import json
import math
from pathlib import Path

import numpy as np
import pytest

from clankwidget import Game
from clankwidget.bots import RandomBot
from clankwidget.rules import actions as A
from clankwidget.widget import GAME_KINDS, UI_INTENTS, ClankBoard, play, view_state
from clankwidget.widget import _board as board_module

FIXTURES = Path(__file__).parent / "fixtures"
SCENARIO = {
    "board": str(FIXTURES / "scenario-board.json"),
    "cards": str(FIXTURES / "scenario-cards.json"),
}
SHIPPED = {"board": None, "cards": None}
BOARDS = [pytest.param(SCENARIO, id="scenario"), pytest.param(SHIPPED, id="teaching-dungeon")]


def new_widget(where=SCENARIO, seed=1, players=2, **kw) -> ClankBoard:
    kw.setdefault("bot_delay", 0)
    return play(board=where["board"], cards=where["cards"], players=players, seed=seed, **kw)


def snapshot(widget: ClankBoard):
    """Everything a refused intent must leave alone."""
    g = widget.game
    return id(g), len(g.actions), g.state.to_dict(), g.can_redo


def human_turn_intents(view: dict) -> list[dict]:
    """Every intent the view offers the person now: legal actions and route moves."""
    out = [a["intent"] for a in view["actions"]]
    for m in view["moves"]:
        out.extend(
            {"kind": "move-to", "id": m["id"], **({"option": i} if i else {})}
            for i in range(len(m["options"]))
        )
    return out


def step_policy(widget: ClankBoard, rng: np.random.Generator) -> dict:
    """A seeded random player that uses only what the view offers."""
    v = widget.view
    intents = human_turn_intents(v)
    if not intents:
        return {"kind": "end-turn"}
    if any(i["kind"] == "play" for i in intents) and rng.random() < 0.5:
        return {"kind": "play-all"}
    others = [i for i in intents if i["kind"] != "end-turn"]
    if not others or rng.random() < 0.3:
        return next((i for i in intents if i["kind"] == "end-turn"), intents[0])
    return others[int(rng.integers(len(others)))]


def reach_human_turn_states(where, seed, count, players=2):
    """Serialized positions (game JSON) where it is seat 0's turn, from a seeded game."""
    w = new_widget(where, seed=seed, players=players)
    rng = np.random.default_rng(seed)
    states = []
    for _ in range(2000):
        if w.game.is_over or len(states) >= count:
            break
        if w.game.state.current == 0 and rng.random() < 0.35:
            states.append(w.game.to_json())
        reply = w.handle_intent(step_policy(w, rng))
        if reply["kind"] == "error":
            # play-all with only choice cards left is the one expected refusal
            assert "choice" in reply["message"], reply
    return states


# ---------------------------------------------------------------------------
# Construction and the public surface


def test_play_makes_a_widget_with_a_stable_repr():
    w = new_widget(SHIPPED, seed=7)
    text = repr(w)
    assert "0x" not in text
    assert text == repr(w)
    assert text.startswith(
        "<ClankBoard clank on 'teaching-dungeon', 2 players (you: blue; bots: yellow=random)"
    )
    assert isinstance(w.game, Game)
    assert w.seat == 0
    assert w.view["current"] == 0
    assert w.board["id"] == "teaching-dungeon"
    assert len(w.board["spaces"]) == len(w.game.board.spaces)


def test_unknown_keywords_raise_type_error():
    with pytest.raises(TypeError):
        play(players=2, colour="blue")
    game = Game.new(board=SCENARIO["board"], cards=SCENARIO["cards"], seed=1)
    with pytest.raises(TypeError):
        ClankBoard(game, layout=None)
    with pytest.raises(TypeError):
        ClankBoard("not a game")


def test_seats_and_bots_are_checked():
    game = Game.new(board=SCENARIO["board"], cards=SCENARIO["cards"], players=3, seed=1)
    with pytest.raises(ValueError, match="seat"):
        ClankBoard(game, human=3)
    with pytest.raises(ValueError, match="one bot per bot seat"):
        ClankBoard(game, bots=["random", "random", "random"])
    with pytest.raises(ValueError, match="unknown bot"):
        ClankBoard(game, bots=["no-such-bot"])
    w = ClankBoard(game, bots="random", human=1, bot_delay=0)
    assert sorted(w.bots) == [0, 2]
    # seat 0 is a bot: it has already played, synchronously, up to the person's turn
    assert w.game.state.current == 1
    assert any(line.startswith("Blue ") for line in w.game.log)
    mine = RandomBot(seed=3)
    w = ClankBoard(
        Game.new(board=SCENARIO["board"], cards=SCENARIO["cards"], seed=2), bots=[mine], bot_delay=0
    )
    assert w.bots[1] is mine


def test_every_public_trait_has_a_docstring():
    source = inspect.getsource(ClankBoard)
    body = ast.parse(source).body[0].body
    synced = [
        name
        for name, trait in ClankBoard.class_traits(sync=True).items()
        if not name.startswith("_")
    ]
    documented = set()
    for node, after in zip(body, body[1:], strict=False):
        if (
            isinstance(node, ast.Assign)
            and isinstance(after, ast.Expr)
            and isinstance(after.value, ast.Constant)
        ):
            documented.update(t.id for t in node.targets if isinstance(t, ast.Name))
    own = {"board", "view", "status", "busy", "seat", "bot_delay"}
    assert own <= set(synced)
    assert own <= documented, own - documented


def test_front_end_files_ship_as_paths():
    w = new_widget()
    assert "export default" in w._esm and "render" in w._esm
    assert ".cw" in w._css
    static = Path(board_module.__file__).parent.parent / "static"
    assert (static / "board.js").is_file() and (static / "board.css").is_file()


# ---------------------------------------------------------------------------
# The view state


@pytest.mark.parametrize("where", BOARDS)
def test_view_state_is_json_and_complete(where):
    game = Game.new(board=where["board"], cards=where["cards"], players=3, seed=5)
    v = view_state(game, 0)
    assert json.loads(json.dumps(v, allow_nan=False)) == v
    keys = {"board", "players", "row", "reserve", "market", "clank", "rage", "countdown"}
    keys |= {"dungeon", "pending", "actions", "moves", "can_undo", "can_redo", "is_over"}
    keys |= {"scores", "winners", "log", "hint", "turn", "current"}
    assert keys <= set(v), keys - set(v)
    b = v["board"]
    assert {s["id"] for s in b["spaces"]} == set(game.board.space_ids)
    assert len(b["paths"]) == len(game.board.paths)
    for p in v["players"]:
        assert set(p) >= {
            "colour",
            "status",
            "space",
            "damage",
            "health",
            "supply",
            "gold",
            "artifacts",
            "tokens",
            "score",
        }
    assert len(v["row"]) == len(game.state.row)
    assert all(a["label"] and a["intent"]["kind"] in GAME_KINDS for a in v["actions"])
    assert v["rage"]["draws"] == game.attack_cubes()[1]
    assert len(v["log"]) <= 40
    # Spectator and out-of-range seats.
    assert all("hand" not in p for p in view_state(game, None)["players"])
    with pytest.raises(ValueError):
        view_state(game, 3)


def _strings(value) -> set[str]:
    """Every string value (not key) in nested JSON data."""
    if isinstance(value, dict):
        return set().union(*(_strings(v) for v in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(_strings(v) for v in value)) if value else set()
    return {value} if isinstance(value, str) else set()


def _hidden_strings(game: Game, seat: int) -> tuple[set[str], set[str]]:
    """Ids (exact values) and names (substrings) that only hidden zones hold."""
    s = game.state
    cards = game.cards.cards
    public_ids = set(c for c in s.row if c) | set(s.reserve) | set(s.dungeon_discard) | set(s.trash)
    me = s.players[seat]
    public_ids |= set(me.hand) | set(me.discard)
    for p in s.players:
        public_ids |= set(p.play)
    public_ids |= set(game.board.space_ids) | {m["id"] for m in game.cards.market}
    log = "\n".join(s.log)
    hidden_ids = set(s.dungeon_deck) | set(me.deck)
    for i, p in enumerate(s.players):
        if i != seat:
            hidden_ids |= set(p.hand) | set(p.deck) | set(p.discard)
    ids, names = set(), set()
    for cid in hidden_ids - public_ids:
        ids.add(cid)
        if cards[cid].name not in log:
            names.add(cards[cid].name)
    kept = {t.get("id") for p in s.players for t in p.tokens}
    for stack in s.space_tokens.values():
        for t in stack:
            if t.get("kind") == "idol" or t["id"] in kept:
                continue  # idols are face up; a kept token of the same kind is public
            ids.add(t["id"])
            if t["name"] not in log:
                names.add(t["name"])
    return ids, names


@pytest.mark.parametrize("where", BOARDS)
def test_view_state_hides_hidden_information(where):
    for text in reach_human_turn_states(where, seed=3, count=6):
        game = Game.from_json(text)
        v = view_state(game, 0)
        blob = json.dumps(v)
        values = _strings(v)
        ids, names = _hidden_strings(game, 0)
        assert ids and not ids & values, ids & values
        for name in names:
            assert name not in blob, name
        for key in ('"rng"', "bit_generator", "PCG64", '"dungeon_deck"', '"space_tokens"'):
            assert key not in blob
        bot = v["players"][1]
        assert (
            "hand" not in bot and "discard_cards" not in bot and isinstance(bot["hand_count"], int)
        )


@pytest.mark.parametrize("where", BOARDS)
def test_view_state_does_not_change_when_hidden_information_does(where):
    """Reorder the dungeon deck, swap the bot's hand and draw pile, shuffle the face-down
    secrets among their rooms and change the RNG: the view must not notice."""
    for text in reach_human_turn_states(where, seed=11, count=4):
        game = Game.from_json(text)
        other = Game.from_json(text)
        s = other.state
        s.dungeon_deck.reverse()
        bot = s.players[1]
        cards = list(reversed(bot.hand + bot.deck))
        bot.hand, bot.deck = cards[: len(bot.hand)], cards[len(bot.hand) :]
        s.players[0].deck.reverse()
        by_kind: dict[str, list] = {}
        for stack in s.space_tokens.values():
            for t in stack:
                by_kind.setdefault(t["kind"], []).append(t)
        for tokens in by_kind.values():
            tokens.reverse()
        for stack in s.space_tokens.values():
            for i, t in enumerate(stack):
                stack[i] = by_kind[t["kind"]].pop()
        s.rng = np.random.Generator(np.random.PCG64(12345)).bit_generator.state
        assert view_state(game, 0) == view_state(other, 0)


def test_view_shows_features_and_what_is_left():
    game = Game.new(board=SCENARIO["board"], cards=SCENARIO["cards"], seed=1)
    spaces = {s["id"]: s for s in view_state(game, 0)["board"]["spaces"]}
    assert spaces["entrance"]["start"]
    assert spaces["cave"]["crystal_cave"] and spaces["market"]["market"]
    assert spaces["fountain"]["heal"] == 2 and spaces["treasury"]["gold"] == 2
    assert spaces["nook"]["secrets"] == {"minor": 2, "major": 0}
    assert spaces["sanctum"]["secrets"] == {"minor": 0, "major": 1}
    assert spaces["shrine"]["idols"] == 3
    for sid, value in game.state.artifacts.items():
        assert spaces[sid]["artifact"] == value
    paths = view_state(game, 0)["board"]["paths"]
    slide = next(p for p in paths if p["a"] == "treasury")
    assert slide["one_way"] and slide["b"] == "slide"
    assert any(p["locked"] for p in paths) and any(p["monsters"] == 2 for p in paths)


# ---------------------------------------------------------------------------
# Intents


@pytest.mark.parametrize("where", BOARDS)
def test_every_offered_intent_is_accepted(where):
    checked = 0
    for text in reach_human_turn_states(where, seed=5, count=8):
        base = ClankBoard(Game.from_json(text), bot_delay=0)
        for intent in human_turn_intents(base.view):
            w = ClankBoard(Game.from_json(text), bot_delay=0)
            reply = w.handle_intent(json.loads(json.dumps(intent)))
            assert reply["kind"] == "ok", (intent, reply)
            checked += 1
    assert checked > 20


def test_move_to_walks_the_route_as_engine_moves():
    game = Game.new(board=SCENARIO["board"], cards=SCENARIO["cards"], seed=1)
    game.current_player.boots = 3
    w = ClankBoard(game, bot_delay=0)
    target = next(m for m in w.view["moves"] if len(m["route"]) >= 2)
    before = len(w.game.actions)
    reply = w.handle_intent({"kind": "move-to", "id": target["id"]})
    assert reply == {"kind": "ok", "intent": "move-to", "steps": len(target["route"])}
    assert w.game.current_player.space == target["id"]
    walked = w.game.actions[before:]
    assert [a.kind for a in walked] == ["move"] * len(target["route"])
    assert [w.game.board.paths[a.path].index for a in walked] == [
        st["path"] for st in target["route"]
    ]


def test_move_to_refuses_unreachable_rooms_and_changes_nothing():
    w = new_widget()
    before = snapshot(w)
    for intent in (
        {"kind": "move-to", "id": "crypt"},
        {"kind": "move-to", "id": "entrance"},
        {"kind": "move-to", "id": "nowhere"},
        {"kind": "move-to", "id": "hall", "option": 7},
        {"kind": "move-to"},
    ):
        reply = w.handle_intent(intent)
        assert reply["kind"] == "error" and reply["message"]
        assert snapshot(w) == before
    assert w.status["level"] == "error"


def test_hover_replies():
    game = Game.new(board=SCENARIO["board"], cards=SCENARIO["cards"], seed=1)
    game.current_player.boots = 2
    w = ClankBoard(game, bot_delay=0)
    before = snapshot(w)
    reply = w.handle_intent({"kind": "hover-space", "id": "den"})
    assert reply["kind"] == "route" and reply["reachable"]
    assert reply["options"] and all(o["steps"][-1]["space"] == "den" for o in reply["options"])
    assert {(o["swords"], o["damage"]) for o in reply["options"]} == {(0, 2)}
    far = w.handle_intent({"kind": "hover-space", "id": "crypt"})
    assert far["kind"] == "route" and not far["reachable"] and far["distance"] >= 3
    bag = w.handle_intent({"kind": "hover-bag"})
    assert bag["kind"] == "odds" and bag["draws"] == game.attack_cubes()[1]
    if bag["available"]:
        for p in bag["players"]:
            assert math.isclose(sum(p["damage"]), 1.0, abs_tol=1e-9)
            assert 0 <= p["knockout"] <= 1
    assert snapshot(w) == before


def test_play_all_skips_cards_that_open_a_choice():
    w = new_widget(SHIPPED, seed=7)
    g = w.game
    p = g.current_player
    p.discard.extend(p.hand)
    p.hand = ["burgle", "fork-in-the-tunnel", "sidestep"]  # nothing to undo yet: no history
    w.refresh()
    reply = w.handle_intent({"kind": "play-all"})
    assert reply["kind"] == "ok" and reply["played"] == 2
    assert p.hand == ["fork-in-the-tunnel"]
    assert "1 left" in w.status["text"]
    again = w.handle_intent({"kind": "play-all"})
    assert again["kind"] == "error" and "choice" in again["message"]
    w.handle_intent({"kind": "play", "card": "fork-in-the-tunnel"})
    assert w.view["pending"] and w.view["pending"]["mine"]
    assert [a["intent"]["kind"] for a in w.view["actions"]] == ["choose"] * 3
    assert w.handle_intent({"kind": "end-turn"})["kind"] == "error"
    assert w.handle_intent({"kind": "choose", "option": 0})["kind"] == "ok"
    assert w.view["pending"] is None


def test_undo_and_redo_stay_within_the_persons_turn():
    w = new_widget(SHIPPED, seed=7)
    assert not w.view["can_undo"]
    assert w.handle_intent({"kind": "undo"})["kind"] == "error"
    hand = list(w.game.current_player.hand)
    assert w.handle_intent({"kind": "play", "card": "burgle"})["kind"] == "ok"
    assert w.view["can_undo"]
    assert w.handle_intent({"kind": "undo"})["kind"] == "ok"
    assert sorted(w.game.current_player.hand) == sorted(hand)
    assert w.view["can_redo"]
    assert w.handle_intent({"kind": "redo"})["kind"] == "ok"
    assert "burgle" in [c["id"] for c in w.view["players"][0]["play"]]
    w.handle_intent({"kind": "play-all"})
    w.handle_intent({"kind": "end-turn"})
    assert w.game.state.current == 0 and not w.game.is_over
    # The bot's turn is over and cards were drawn: nothing of it can be undone.
    assert not w.view["can_undo"]
    assert w.handle_intent({"kind": "undo"})["kind"] == "error"


def test_new_game_keeps_the_table_and_takes_a_seed():
    w = new_widget(SHIPPED, seed=7)
    w.handle_intent({"kind": "play-all"})
    old = w.game
    reply = w.handle_intent({"kind": "new-game", "seed": 99})
    assert reply == {"kind": "ok", "intent": "new-game", "seed": 99}
    assert w.game is not old and w.game.seed == 99
    assert [p.colour for p in w.game.players] == [p.colour for p in old.players]
    assert w.game.board is old.board
    assert len(w.game.actions) == 0 and w.view["turn"] == 1
    assert w.handle_intent({"kind": "new-game", "seed": -1})["kind"] == "error"
    assert w.handle_intent({"kind": "new-game"})["kind"] == "ok"


def test_game_actions_are_refused_when_it_is_not_the_persons_turn():
    game = Game.new(board=SCENARIO["board"], cards=SCENARIO["cards"], seed=4)
    w = ClankBoard(game, human=None, bot_delay=0)
    # Every seat is a bot: they have played the whole game already.
    assert w.game.is_over and w.view["is_over"] and w.view["winners"] == w.game.winners()
    assert "Game over" in w.view["hint"]
    reply = w.handle_intent({"kind": "end-turn"})
    assert reply["kind"] == "error" and "over" in reply["message"]


# ---------------------------------------------------------------------------
# Fuzz: random and malformed intents


def _junk(rng: np.random.Generator, game: Game, depth: int = 0):
    ids = [*game.board.space_ids[:4], *list(game.cards.cards)[:4], "master-key", "healing-draught"]
    pool = [
        lambda: int(rng.integers(-3, 12)),
        lambda: int(rng.choice([2**31, -(2**40), 2**80, 10**30])),
        lambda: float(rng.choice([0.5, -1.0, 1e308, float("inf"), float("nan")])),
        lambda: str(rng.choice(ids)),
        lambda: "x" * int(rng.choice([0, 1, 50, 5000])),
        lambda: None,
        lambda: bool(rng.integers(2)),
        lambda: "'; DROP TABLE--<script>",
    ]
    if depth < 3:
        pool.append(lambda: [_junk(rng, game, depth + 1) for _ in range(int(rng.integers(0, 4)))])
        pool.append(
            lambda: {str(rng.choice(["kind", "slot", "id", "a"])): _junk(rng, game, depth + 1)}
        )
        pool.append(lambda: [[[[[[1]]]]]])
        pool.append(lambda: list(range(int(rng.choice([3, 200])))))
    return pool[int(rng.integers(len(pool)))]()


FIELDS = [
    "card",
    "slot",
    "path",
    "swords",
    "item",
    "to",
    "token",
    "option",
    "id",
    "seed",
    "extra",
    "kind",
]
KINDS = [
    *sorted(GAME_KINDS),
    *sorted(UI_INTENTS),
    "Play",
    "PLAY",
    "",
    "ping",
    "__class__",
    "end_turn",
]


def random_intent(rng: np.random.Generator, widget: ClankBoard):
    game = widget.game
    r = rng.random()
    if r < 0.05:
        return _junk(rng, game)  # not even an object
    if r < 0.25:
        offered = human_turn_intents(widget.view)
        if offered:
            intent = dict(offered[int(rng.integers(len(offered)))])
            if rng.random() < 0.5:  # corrupt a valid intent
                key = str(rng.choice([*intent.keys(), *FIELDS]))
                intent[key] = _junk(rng, game)
            return intent
    intent = {}
    if rng.random() < 0.9:
        intent["kind"] = str(rng.choice(KINDS)) if rng.random() < 0.9 else _junk(rng, game)
    for _ in range(int(rng.integers(0, 4))):
        intent[str(rng.choice(FIELDS))] = _junk(rng, game)
    return intent


@pytest.mark.parametrize("where", BOARDS)
def test_fuzzed_intents_never_raise_and_refusals_change_nothing(where):
    rng = np.random.default_rng(2024)
    w = new_widget(where, seed=8)
    refused = accepted = 0
    for i in range(2500):
        intent = random_intent(rng, w)
        before = snapshot(w)
        status_seq = w.status["seq"]
        reply = w.handle_intent(intent)  # must not raise, whatever it is given
        assert isinstance(reply, dict) and isinstance(reply.get("kind"), str), (intent, reply)
        json.dumps(reply)
        if reply["kind"] == "error":
            refused += 1
            assert snapshot(w) == before, (i, intent, reply)
            assert isinstance(reply["message"], str) and reply["message"]
            assert not reply["message"].startswith("unexpected error"), (intent, reply)
            assert w.status["level"] == "error" and w.status["seq"] == status_seq + 1
        else:
            accepted += 1
        if w.game.is_over and rng.random() < 0.2:
            w.handle_intent({"kind": "new-game", "seed": int(rng.integers(1000))})
    assert refused > 1000 and accepted > 100


def test_state_sent_by_the_browser_is_ignored(monkeypatch):
    w = new_widget()
    resent = []
    monkeypatch.setattr(w, "send_state", lambda key=None: resent.append(key))
    before = snapshot(w)
    w.set_state({"seat": 1, "bot_delay": 99.0, "view": {}, "busy": True, "nonsense": 1})
    assert w.seat == 0 and w.bot_delay == 0 and not w.busy and w.view["players"]
    assert snapshot(w) == before
    assert sorted(resent[0]) == ["bot_delay", "busy", "seat", "view"]


def test_the_message_channel_replies(monkeypatch):
    w = new_widget()
    sent = []
    monkeypatch.setattr(w, "send", lambda content, buffers=None: sent.append(content))
    w._on_msg(w, {"kind": "nope"}, [])
    w._on_msg(w, "not even a dict", [])
    w._on_msg(w, {"kind": "play-all"}, [])
    assert [m["kind"] for m in sent] == ["error", "error", "ok"]


# ---------------------------------------------------------------------------
# Whole games and the bots


@pytest.mark.parametrize("where", BOARDS)
@pytest.mark.parametrize("seed", [0, 1])
def test_a_whole_game_through_intents_only(where, seed):
    w = new_widget(where, seed=seed)
    rng = np.random.default_rng(seed)
    logs_seen = 0
    for _ in range(5000):
        if w.view["is_over"]:
            break
        assert w.view["current"] == 0 and not w.busy  # bots played synchronously
        reply = w.handle_intent(step_policy(w, rng))
        assert reply["kind"] == "ok" or "choice" in reply["message"], reply
        logs_seen = max(logs_seen, w.view["log_total"])
    assert w.game.is_over and w.view["is_over"]
    assert set(w.view["scores"]) == {p.colour for p in w.game.players}
    assert w.view["winners"] == w.game.winners()
    assert any(line.startswith("Yellow ") for line in w.game.log)  # the bot played too
    assert w.view["actions"] == [] and w.view["moves"] == []


def test_bots_step_on_the_running_event_loop():
    async def scenario():
        w = play(board=SCENARIO["board"], cards=SCENARIO["cards"], seed=3, bot_delay=0.005)
        assert not w.busy
        w.handle_intent({"kind": "play-all"})
        views = []
        w.observe(lambda change: views.append(change["new"]["log_total"]), names="view")
        reply = w.handle_intent({"kind": "end-turn"})
        assert reply["kind"] == "ok"
        # The handler returned at once: the bot has not moved yet and the view says so.
        assert w.busy and w.view["busy"] and w.game.state.current == 1
        assert w.handle_intent({"kind": "play-all"})["kind"] == "error"
        for _ in range(2000):
            if not w.busy:
                break
            await asyncio.sleep(0.005)
        assert not w.busy and w.game.state.current == 0
        # One view per bot action at least: the steps were visible.
        assert len(views) >= 3 and views == sorted(views)
        # A new game while bots are scheduled cancels them.
        w.handle_intent({"kind": "play-all"})
        w.handle_intent({"kind": "end-turn"})
        assert w.busy
        w.handle_intent({"kind": "new-game", "seed": 5})
        assert not w.busy and w.game.seed == 5
        await asyncio.sleep(0.05)
        assert len(w.game.actions) == 0

    asyncio.run(scenario())


def test_a_failing_bot_does_not_stop_the_game():
    class Broken(RandomBot):
        name = "broken"

        def choose(self, game):
            raise RuntimeError("boom")

    game = Game.new(board=SCENARIO["board"], cards=SCENARIO["cards"], seed=2)
    w = ClankBoard(game, bots=[Broken(0)], bot_delay=0)
    w.handle_intent({"kind": "play-all"})
    assert w.handle_intent({"kind": "end-turn"})["kind"] == "ok"
    assert w.game.state.current == 0 or w.game.is_over
    assert "bot failed" in w.status["text"]


def test_assigning_a_game_shows_it():
    w = new_widget()
    other = Game.new(board=SCENARIO["board"], cards=SCENARIO["cards"], seed=42)
    w.game = other
    assert w.game is other and w.view["log"][0].endswith("seed 42")
    with pytest.raises(TypeError):
        w.game = "nope"
    bigger = Game.new(board=SCENARIO["board"], cards=SCENARIO["cards"], players=3, seed=1)
    with pytest.raises(ValueError):
        w.game = bigger


def test_action_labels_read_well():
    game = Game.new(board=SCENARIO["board"], cards=SCENARIO["cards"], seed=1)
    game.current_player.boots = 1
    game.current_player.skill = 5
    labels = [a["label"] for a in view_state(game, 0)["actions"]]
    assert any(label.startswith("Play ") for label in labels)
    assert any(label.startswith("Move to ") for label in labels)
    assert any(label.startswith("Acquire ") and "Skill)" in label for label in labels)
    assert labels[-1] == "End turn" or "End turn" not in labels
    assert str(A.EndTurn()) not in labels


@pytest.mark.parametrize("bot", ["greedy", "planner"])
def test_named_bots_take_their_turns(bot):
    from clankwidget.bots import BOTS

    if bot not in BOTS:
        pytest.skip(f"no {bot!r} bot in this version of clankwidget.bots")
    w = new_widget(seed=1, bots=[bot])
    assert w.bots[1].name == bot
    for turn in (1, 3):
        assert w.game.state.turn == turn and w.game.state.current == 0
        w.handle_intent({"kind": "play-all"})
        while w.view["pending"]:
            w.handle_intent({"kind": "choose", "option": 0})
        while w.game.current_player.hand:
            w.handle_intent({"kind": "play", "card": w.game.current_player.hand[0]})
            while w.view["pending"]:
                w.handle_intent({"kind": "choose", "option": 0})
        assert w.handle_intent({"kind": "end-turn"})["kind"] == "ok"
        if w.game.is_over:
            break
    assert any(line.startswith("Yellow ") for line in w.game.log)
