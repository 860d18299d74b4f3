"""The board widget without a browser: the view state, the intent protocol, the bots.

The browser is untrusted, so most of this is about the message handler: every legal
action the view offers is accepted, everything else is refused with a message and leaves
the game exactly as it was.
"""

from __future__ import annotations

import ast
import asyncio
import inspect
import io
import json
import math
import os
import re
from pathlib import Path

import numpy as np
import pytest

from clankwidget import Game
from clankwidget.bots import RandomBot
from clankwidget.rules import actions as A
from clankwidget.widget import GAME_KINDS, UI_INTENTS, ClankBoard, play, view_state
from clankwidget.widget import _board as board_module

from helpers import shuffle_hidden

FIXTURES = Path(__file__).parents[1] / "fixtures"
SCENARIO = {
    "board": str(FIXTURES / "scenario-board.json"),
    "cards": str(FIXTURES / "scenario-cards.json"),
}
SHIPPED = {"board": None, "cards": None}
BOARDS = [pytest.param(SCENARIO, id="scenario"), pytest.param(SHIPPED, id="teaching-dungeon")]
# Ships: Clank! In! Space!'s first-game ship, Pulsarcade's (Black Market, Cloning Vats,
# Danger Theater) and a Pulsarcade ship with the other three modules.
SPACE = {"edition": "space"}
PULSARCADE = {"edition": "pulsarcade"}
PULSARCADE_VLR = {
    "edition": "pulsarcade",
    "modules": {
        "fore": "pulsarcade-vault",
        "mid": "pulsarcade-research-lab",
        "aft": "pulsarcade-race-track",
    },
}
SHIPS = [
    pytest.param(SPACE, id="space"),
    pytest.param(PULSARCADE, id="pulsarcade"),
    pytest.param(PULSARCADE_VLR, id="pulsarcade-vault-lab-race"),
]
# Clank! Legacy on its teaching map (Quillmere Vale)
LEGACY = [pytest.param({"edition": "legacy"}, id="legacy")]
EVERY_BOARD = BOARDS + SHIPS + LEGACY


def new_game(where=SCENARIO, seed=1, players=2) -> Game:
    if "edition" in where:
        return Game.new(where["edition"], players=players, seed=seed, modules=where.get("modules"))
    return Game.new(board=where["board"], cards=where["cards"], players=players, seed=seed)


def new_widget(where=SCENARIO, seed=1, players=2, **kw) -> ClankBoard:
    kw.setdefault("bot_delay", 0)
    if "edition" in where:
        return play(
            where["edition"], players=players, seed=seed, modules=where.get("modules"), **kw
        )
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
    # a bot class is made for its seat, seeded as a name is; anything else is refused now,
    # not when its turn comes
    w = ClankBoard(game, bots=[RandomBot, "greedy"], human=1, bot_delay=0)
    assert isinstance(w.bots[0], RandomBot) and w.bots[0].seed == (1 * 31 + 0) % 2**32
    for bad in (5, [5, "random"], ["random", None], [RandomBot(1), [1]]):
        with pytest.raises(ValueError, match="bot"):
            ClankBoard(game, bots=bad, human=1)


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


def test_the_generic_widget_knows_no_edition():
    """Edition knowledge lives in the editions' view parts (widget/parts/, found through
    the registry): the rest of the widget neither probes the rules with ``hasattr`` /
    ``getattr`` nor compares edition names, and the front end sniffs no English. (A
    name as ``play()``'s default edition is fine: it branches on nothing.)"""
    import clankwidget

    names = {e.name for e in clankwidget.editions()}
    widget_dir = Path(board_module.__file__).parent
    for path in sorted(widget_dir.glob("*.py")):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            called = (
                node.func.id
                if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                else ""
            )
            if called == "hasattr" or (called == "getattr" and "rules" in ast.unparse(node)):
                raise AssertionError(f"{path.name}:{node.lineno}: {ast.unparse(node)}")
            if isinstance(node, ast.Compare):  # `edition == "space"`, `kind in (...)`
                for const in ast.walk(node):
                    if isinstance(const, ast.Constant) and const.value in names:
                        raise AssertionError(f"{path.name}:{node.lineno}: {ast.unparse(node)}")
    js = Path(board_module.__file__).parents[2] / "js"
    for path in js.rglob("*.js"):
        text = path.read_text()
        assert "faction !== undefined" not in text and "is_ship" not in text, path
        assert "bounty hunters? strike" not in text, path  # no regexes over log lines
    for e in clankwidget.editions(playable=True):
        game = Game.new(e.name, players=2, seed=1)
        part = board_module.edition_part(game)
        assert (e.view is None) == (type(part).__name__ == "ViewPart"), e.name


def test_front_end_files_ship_as_paths():
    w = new_widget()
    # the esbuild bundle of js/: an ES module whose default export has render()
    assert w._esm.startswith("// Built from js/ by esbuild")
    assert re.search(r"export\s*\{\s*\w+ as default\s*\}", w._esm) and "render" in w._esm
    assert ".cw" in w._css
    static = Path(board_module.__file__).parent.parent / "static"
    assert (static / "board.js").is_file() and (static / "board.css").is_file()


def test_the_stylesheet_closes_every_block():
    # An unclosed rule swallows every rule after it without an error anywhere (a merge
    # once left one open, and the wide layout's rules stopped applying).
    css = re.sub(r"/\*.*?\*/", "", (_STATIC / "board.css").read_text(), flags=re.S)
    depth = 0
    for n, line in enumerate(css.splitlines(), 1):
        depth += line.count("{") - line.count("}")
        assert depth >= 0, f"board.css: a '}}' without its '{{' by line {n}"
    assert depth == 0, f"board.css: {depth} block(s) left open"


_STATIC = Path(board_module.__file__).parent.parent / "static"


# ---------------------------------------------------------------------------
# The view state


@pytest.mark.parametrize("where", EVERY_BOARD)
def test_view_state_is_json_and_complete(where):
    game = new_game(where, players=3, seed=5)
    v = view_state(game, 0)
    assert json.loads(json.dumps(v, allow_nan=False)) == v
    text = json.dumps(v)
    assert '"rules": "' in text and "!." not in text and ".." not in text  # "+1 Clank!" reads so
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


@pytest.mark.parametrize("where", EVERY_BOARD)
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


@pytest.mark.parametrize("where", EVERY_BOARD)
def test_view_state_does_not_change_when_hidden_information_does(where):
    """Reorder the dungeon deck, swap the bot's hand and draw pile, shuffle the face-down
    secrets among their rooms and change the RNG: the view must not notice."""
    for text in reach_human_turn_states(where, seed=11, count=4):
        game = Game.from_json(text)
        other = Game.from_json(text)
        shuffle_hidden(other, 0)
        assert view_state(game, 0) == view_state(other, 0)


@pytest.mark.parametrize("where", EVERY_BOARD)
def test_the_synced_traits_do_not_change_when_hidden_information_does(where):
    """What the browser receives (every synced trait of the widget, not only the view
    state) is the same whatever the hidden cards, secrets and generator are."""
    for text in reach_human_turn_states(where, seed=5, count=3):
        game, other = Game.from_json(text), Game.from_json(text)
        shuffle_hidden(other, 0)
        a = ClankBoard(game, bots="random", human=0, bot_delay=0)
        b = ClankBoard(other, bots="random", human=0, bot_delay=0)
        state_a, state_b = a.get_state(), b.get_state()
        for key in ("_model_id", "_view_count", "comm", "layout"):  # layout: a model id
            state_a.pop(key, None)
            state_b.pop(key, None)
        assert set(state_a) == set(state_b)
        for key in sorted(state_a):
            same = json.dumps(state_a[key], sort_keys=True, default=str) == json.dumps(
                state_b[key], sort_keys=True, default=str
            )
            assert same, f"the synced trait {key!r} depends on hidden information"


@pytest.mark.parametrize("name", ["clank", "space", "legacy"])
def test_another_players_choice_shows_its_prompt_and_not_its_options(name):
    """A choice a bot makes can list the cards in its hand (a card to discard or trash):
    the others see its prompt only; the chooser sees the options, as the engine words
    them. (Shuffling the hidden cards cannot show this: the options are words already.)"""
    game = Game.new(name, players=2, seed=1)
    bots = [RandomBot(seed=i) for i in range(2)]
    seen = 0
    for _ in range(3000):
        s = game.state
        if game.is_over:
            break
        if s.pending:
            chooser = s.pending.get("player", s.current)
            theirs = view_state(game, 1 - chooser)["pending"]
            assert theirs["options"] == [] and not theirs["mine"]
            assert theirs["prompt"] == s.pending["prompt"]
            mine = view_state(game, chooser)["pending"]
            assert mine["options"] == list(s.pending["options"]) and mine["mine"]
            seen += 1
        game.apply(bots[s.current].choose(game))
    assert seen


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


@pytest.mark.parametrize("where", EVERY_BOARD)
def test_every_offered_intent_is_accepted(where):
    checked = 0
    for text in reach_human_turn_states(where, seed=5, count=8):
        base = ClankBoard(Game.from_json(text), bot_delay=0)
        for intent in human_turn_intents(base.view):
            w = ClankBoard(Game.from_json(text), bot_delay=0)
            reply = w.handle_intent(json.loads(json.dumps(intent)))
            assert reply["kind"] == "ok", (intent, reply)
            checked += 1
    assert checked >= 20


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
    # the way there, drawn though out of reach: linked spaces, as many boots as the distance
    way = [game.current_player.space, *far["far"]]
    assert way[-1] == "crypt"
    boots = {}
    for path in game.board.paths:
        key = frozenset((path.a, path.b))
        boots[key] = min(boots.get(key, path.boots), path.boots)
    assert all(frozenset(pair) in boots for pair in zip(way, way[1:], strict=False))
    assert (
        sum(boots[frozenset(pair)] for pair in zip(way, way[1:], strict=False)) == far["distance"]
    )
    here = w.handle_intent({"kind": "hover-space", "id": game.current_player.space})
    assert here["distance"] == 0 and "far" not in here
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
    assert reply == {"kind": "ok", "intent": "new-game"}
    assert w.game is not old and w.game.seed == 99
    assert [p.colour for p in w.game.players] == [p.colour for p in old.players]
    assert w.game.board is old.board
    assert len(w.game.actions) == 0 and w.view["turn"] == 1
    assert w.handle_intent({"kind": "new-game", "seed": -1})["kind"] == "error"
    assert w.handle_intent({"kind": "new-game"})["kind"] == "ok"


@pytest.mark.parametrize("edition", ["clank", "pulsarcade", "legacy", "moonrakers"])
def test_the_view_never_shows_the_seed(edition):
    """The seed deals every hidden card again: the kernel's log keeps it, the view
    (what the browser gets) never does, after a new game either (its seed drawn here)."""
    w = play(edition, seed=7_654_321, bots=["random"], bot_delay=0)
    assert "7654321" in w.game.state.log[0]
    for intent in ({"kind": "new-game"}, {"kind": "new-game", "seed": 7_654_322}):
        synced = {k: getattr(w, k) for k in w.traits(sync=True) if k not in ("_esm", "_css")}
        assert str(w.game.seed) not in json.dumps(synced, default=str)
        assert "seed" not in " ".join(line["text"] for line in w.view["log"])
        assert w.handle_intent(intent) == {"kind": "ok", "intent": "new-game"}


def test_game_actions_are_refused_when_it_is_not_the_persons_turn():
    game = Game.new(board=SCENARIO["board"], cards=SCENARIO["cards"], seed=4)
    w = ClankBoard(game, human=None, bot_delay=0)
    # Every seat is a bot: they have played the whole game already.
    assert w.game.is_over and w.view["is_over"] and w.view["winners"] == w.game.winners()
    assert "Game over" in w.view["hint"]
    reply = w.handle_intent({"kind": "end-turn"})
    assert reply["kind"] == "error" and "over" in reply["message"]


def test_an_intent_reaches_the_engine_once(monkeypatch):
    """A game intent goes straight to ``game.apply``, which refuses an illegal action and
    changes nothing; the widget does not ask ``why_illegal`` first and then apply again.
    (The view asks ``why_illegal`` afterwards, for the reasons it shows by each card.)"""
    w = new_widget()
    g = w.game
    events = []
    real_apply, real_why = g.apply, g.why_illegal

    def apply(action):
        events.append(("apply", action.kind))
        return real_apply(action)

    def why_illegal(action):
        events.append(("why", action.kind))
        return real_why(action)

    monkeypatch.setattr(g, "apply", apply)
    monkeypatch.setattr(g, "why_illegal", why_illegal)
    before = g.to_json()
    reply = w.handle_intent({"kind": "defeat", "slot": 0})
    assert reply["kind"] == "error" and reply["message"] == w.status["text"]
    assert events == [("apply", "defeat")] and g.to_json() == before
    events.clear()
    reply = w.handle_intent({"kind": "play", "card": g.current_player.hand[0]})
    assert reply == {"kind": "ok", "intent": "play"}
    assert events[0] == ("apply", "play") and events.count(("apply", "play")) == 1


def test_a_bot_that_chooses_an_illegal_action_takes_a_default_one():
    class Cheat(RandomBot):
        name = "cheat"

        def choose(self, game):
            return A.action_from_dict({"kind": "buy", "item": "no-such-item"})

    game = Game.new(board=SCENARIO["board"], cards=SCENARIO["cards"], seed=2)
    w = ClankBoard(game, bots=[Cheat(0)], bot_delay=0)
    w.handle_intent({"kind": "play-all"})
    assert w.handle_intent({"kind": "end-turn"})["kind"] == "ok"
    assert w.game.state.current == 0 or w.game.is_over
    assert "bot failed" in w.status["text"]


# ---------------------------------------------------------------------------
# Fuzz: random and malformed intents


def _junk(rng: np.random.Generator, game: Game, depth: int = 0):
    ids = [*game.board.space_ids[:4], *list(game.cards.cards)[:4], "master-key", "healing-draught"]
    # the ships' own: lifts, ports, cabinets, vaults, Snack-Man's crystals
    ids += [*getattr(game.rules, "hyperlifts", ())[:2], *list(getattr(game.rules, "cabinets", {}))]
    ids += ["yellow", "deep", "crystal", "sixth-crystal", "mc-a20", "cb-lift"]
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
    "cabinet",
    "using",
    "vault",
    "space",
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


@pytest.mark.parametrize("where", EVERY_BOARD)
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
    for bad in (None, 5, ["seat"]):  # not a state at all: nothing to send back
        w.set_state(bad)
    assert len(resent) == 1 and snapshot(w) == before


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


@pytest.mark.parametrize("where", EVERY_BOARD)
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

    run_on_a_fresh_loop(scenario)


def run_on_a_fresh_loop(coroutine_function):
    """Run ``coroutine_function()`` to the end on a new event loop in its own thread, as
    a kernel's loop runs the widget: the main thread may hold a loop already (Playwright's
    sync API leaves one running there after the browser tests)."""
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, coroutine_function()).result()


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
    assert w.game is other and other.state.log[0].endswith(", seed 42")
    assert w.view["log"][0]["text"] == other.state.log[0].removesuffix(", seed 42")
    assert w.view["log"][0]["kind"] == "setup" and w.view["log"][0]["actor"] is None
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


# ---------------------------------------------------------------------------
# Ships: Clank! In! Space! and Pulsarcade


def ship_widget(where=SPACE, seed=3, players=2, **setup) -> ClankBoard:
    """A ship game at the person's first turn, its state changed by ``setup`` (player
    fields and ``extra`` keys of seat 0) before the view is built."""
    w = new_widget(where, seed=seed, players=players)
    me = w.game.state.players[0]
    for key, value in setup.items():
        if key in me.extra:
            me.extra[key] = value
        else:
            setattr(me, key, value)
    w.refresh()
    return w


def offered(w: ClankBoard, kind: str) -> list[dict]:
    return [a for a in w.view["actions"] if a["intent"]["kind"] == kind]


def accept(w: ClankBoard, intent: dict) -> None:
    before = len(w.game.actions)
    reply = w.handle_intent(json.loads(json.dumps(intent)))
    assert reply == {"kind": "ok", "intent": intent["kind"]}, reply
    assert w.game.actions[before:] and w.game.actions[before].to_dict() == intent


def test_every_edition_action_kind_is_a_game_intent():
    for kind in ("hack-port", "hyperlift", "telepad", "claim-cabinet", "steal-artifact"):
        assert kind in GAME_KINDS
    for kind in ("thrill", "clone", "ransack"):
        assert kind in GAME_KINDS


def test_ship_view_shows_the_ship():
    game = new_game(PULSARCADE, players=3, seed=5)
    v = view_state(game, 0)
    assert v["terms"]["gold"] == "Credits" and v["terms"]["boss"] == "Boss"
    spaces = {s["id"]: s for s in v["board"]["spaces"]}
    modules = {m["id"]: m for m in v["board"]["modules"]}
    assert modules["mcp"]["gated"] and not modules["corridor"]["gated"]
    assert not modules["mcp"]["open"] and "sealed" in modules["mcp"]["title"]
    assert all(s["module"] in modules for s in spaces.values())
    assert spaces["mc-a20"]["artifact"] == 20 and spaces["mc-a20"]["artifact_cost"] == 6
    assert spaces["mc-redeem-2"]["redemption"] == 2 and spaces["mc-redeem"]["redemption"] == 0
    assert spaces["cb-pods"]["escape_pods"] == 4
    assert spaces["cb-lift"]["hyperlift"] and spaces["cb-lift"]["lockdown"]
    assert not spaces["cb-lift"]["sealed"]
    assert spaces["co-pad"]["telepad"] and spaces["co-gate-a"]["checkpoint"]
    assert spaces["bm-square"]["data_port"] == {"text": "+3 Credits", "used_by": None}
    assert spaces["cv-vat-1"]["vat"] == {"squares": 2, "clones": []}
    assert spaces["dt-stage"]["enter"] == "+2 Clank!"
    # The start is where thieves begin, not an exit (they leave by escape pod).
    assert not spaces["cb-dock"]["start"] and spaces["cb-dock"]["begin"]
    rage = v["rage"]
    assert rage["hunters"] == {"7": 1, "8": 1, "9": 2} and rage["lockdown_at"] == 10
    assert rage["hit_all"] == "red"
    assert [p["id"] for p in v["panels"]] == ["ship", "danger-theater"]
    (offer,) = v["offers"]
    assert offer["id"] == "cabinets" and offer["icon"] == "ticket"
    cabinets = {c["id"]: c for c in offer["items"]}
    assert cabinets["eraditron"]["tokens"] == 2 and cabinets["ping"]["left"] == 3
    assert not cabinets["ping"]["legal"] and "Clank!" in cabinets["ping"]["why"]
    items = {i["id"]: i for i in v["market"]["items"]}
    assert "disguise-kit" in items  # the expansion's market item
    facts = {f["id"]: f for f in v["players"][0]["facts"]}
    assert facts["data"]["value"] == "2 left" and "theater" in facts
    assert all(f["icon"] for f in facts.values())
    ship = v["edition_state"]["ship"]
    assert ship["codes_left"] == 3 and ship["crystals_left"] == 5
    # What the front end draws, in generic parts: words, badges, marks, gates, legend.
    pods = spaces["cb-pods"]
    assert ["pod", "4", []] in pods["badges"] and any("escape pods" in w for w in pods["words"])
    marked = {s["id"] for s in spaces.values() if "command" in s["marks"]}
    assert marked and marked == {s["id"] for s in spaces.values() if s["module"] == "mcp"}
    assert any(p["gate"] for p in v["board"]["paths"])
    assert {i["icon"] for i in v["legend"]} >= {"port", "lift", "hunter", "arrow"}
    assert v["clank"]["cube_kinds"]["red"]["icon"] == "hunter"
    assert v["rage"]["icon"] == "boss" and v["rage"]["label"] == "Boss's rage"
    assert v["rage"]["tokens"]["9"] == [
        {
            "icon": "hunter",
            "count": 2,
            "title": "2 bounty hunters wait here (red cubes join the Clank! area)",
        }
    ]
    assert set(v["features"]) >= {"ship", "cabinets"}
    # A Clank! game has none of it.
    plain = view_state(new_game(SHIPPED), 0)
    assert plain["edition_state"] is None and plain["panels"] == [] and plain["offers"] == []
    assert plain["rage"]["icon"] == "dragon" and plain["rage"]["tokens"] is None
    assert plain["clank"]["cube_kinds"] == {} and not any(
        p["gate"] for p in plain["board"]["paths"]
    )
    assert "ship" not in plain["features"] and "depths" in plain["features"]
    assert plain["terms"]["gold"] == "Gold"
    assert all(not p["facts"] for p in plain["players"])


def test_hack_data_ports_for_the_command_code():
    w = ship_widget(space="gh-pump")
    (hack,) = offered(w, "hack-port")
    assert hack["where"] == "here" and hack["label"].startswith("Hack the data port in ")
    accept(w, hack["intent"])
    g = w.game
    me = g.state.players[0]
    assert g.state.extra["ports"]["gh-pump"] == "blue" and me.extra["data"] == 1
    port = next(s for s in w.board["spaces"] if s["id"] == "gh-pump")["data_port"]
    assert port["used_by"] == "blue"
    # A second port in the same module: not offered, and the view says why.
    me.space = "gh-nursery"
    w.refresh()
    assert not offered(w, "hack-port")
    (why,) = [b for b in w.view["blocked"] if b["kind"] == "hack-port"]
    assert "module" in why["why"]
    # A port in another module completes the code (the label says so).
    me.space = "re-control"
    w.refresh()
    (hack,) = offered(w, "hack-port")
    assert "completes your command code" in hack["label"]
    accept(w, hack["intent"])
    facts = {f["id"] for f in w.view["players"][0]["facts"]}
    assert "code" in facts and w.view["edition_state"]["ship"]["codes_left"] == 1
    modules = {m["id"]: m for m in w.board["modules"]}
    assert all(m["open"] for m in modules.values())  # the command module is open to blue


def test_ride_hyperlifts_and_telepads():
    w = ship_widget(space="co-lift")
    rides = offered(w, "hyperlift")
    targets = {a["intent"]["to"] for a in rides}
    assert {"gh-lift", "cb-lift"} <= targets and "cm-lift" not in targets  # sealed command
    assert all(a["label"].startswith("Ride the hyperlift to ") for a in rides)
    assert all(a["space"] == a["intent"]["to"] for a in rides)
    accept(w, {"kind": "hyperlift", "to": "gh-lift"})
    assert w.game.state.players[0].space == "gh-lift" and w.game.state.players[0].exhausted
    # Lockdown: the Cargo Bay lift is sealed, and the view says so.
    w = ship_widget(space="co-lift")
    w.game.state.extra["lockdown"] = True
    w.refresh()
    assert "cb-lift" not in {a["intent"]["to"] for a in offered(w, "hyperlift")}
    assert next(s for s in w.board["spaces"] if s["id"] == "cb-lift")["sealed"]
    assert w.view["rage"]["lockdown_at"] is None
    # Telepads need a TelePass.
    w = ship_widget(space="co-pad")
    assert not offered(w, "telepad")
    me = w.game.state.players[0]
    me.tokens.append({"kind": "market", "id": "telepass", "name": "TelePass", "grants": "telepass"})
    w.refresh()
    beams = {a["intent"]["to"]: a for a in offered(w, "telepad")}
    assert set(beams) == {"co-aft", "sb-pad"}  # every ship has two telepads or more
    beam = beams["sb-pad"]
    assert beam["label"] == "Beam by telepad to Sick Bay Telepad"
    accept(w, beam["intent"])
    assert me.space == "sb-pad"


def test_routes_aboard_a_ship():
    # Through the Loading Dock (the start is no exit aboard) and on by hyperlift.
    w = ship_widget(space="cb-airlock", boots=3)
    moves = {m["id"]: m for m in w.view["moves"]}
    assert "cb-dock" in moves and "cb-pods" in moves
    lift = moves["co-lift"]
    assert lift["options"][0]["lifts"] == 1 and lift["route"][-1]["path"] == "lift"
    assert not any(sid.startswith("cm-") for sid in moves)  # sealed without a code
    reply = w.handle_intent({"kind": "move-to", "id": "co-lift"})
    assert reply["kind"] == "ok"
    walked = [a.kind for a in w.game.actions]
    assert walked[-1] == "hyperlift" and w.game.state.players[0].space == "co-lift"
    hover = w.handle_intent({"kind": "hover-space", "id": "cb-crates"})
    assert hover["kind"] == "route"
    # With a command code the command module is open to routes too.
    w = ship_widget(space="co-east", boots=2)
    w.game.state.players[0].tokens.append(
        {"kind": "code", "id": "command-code", "name": "Command Code", "grants": "code"}
    )
    w.refresh()
    assert "cm-gate" in {m["id"] for m in w.view["moves"]}


def test_pulsarcade_actions_are_offered_with_their_totals():
    w = ship_widget(PULSARCADE, clank_made=4, skill_generated=6)
    g = w.game
    me = g.state.players[0]
    labels = {a["intent"].get("cabinet"): a["label"] for a in offered(w, "claim-cabinet")}
    assert labels == {"ping": "Claim the Ping Arcade Cabinet (1 token)"}
    (thrill,) = offered(w, "thrill")
    assert thrill["where"] == "now" and "Danger Vision 1 point)" in thrill["label"]
    accept(w, {"kind": "claim-cabinet", "cabinet": "ping", "using": ""})
    assert me.extra["cabinets"] == ["ping"]
    (offer,) = w.view["offers"]
    assert next(c for c in offer["items"] if c["id"] == "ping")["owners"] == ["blue"]
    accept(w, thrill["intent"])
    assert not offered(w, "thrill")
    # At the +2 Redemption space with a code: every artifact the tokens reach.
    me.extra["cabinets"] = ["ping", "eraditron"]
    me.tokens.append(
        {"kind": "code", "id": "command-code", "name": "Command Code", "grants": "code"}
    )
    me.space = "mc-redeem-2"
    w.refresh()
    steals = {a["intent"]["space"]: a["label"] for a in offered(w, "steal-artifact")}
    # 3 from cabinets + 1 Skill Shot + 2 here = 6: the 20-point artifact, not the 25
    assert set(steals) == {"mc-a5", "mc-a10", "mc-a15", "mc-a20"}
    assert steals["mc-a20"] == "Steal the 20-point artifact (6 tokens; you have 6)"
    assert w.view["notes"] == ["Tokens here: you have 6: 3 from cabinets + 1 Skill Shot + 2 here"]
    blocked = {b["label"]: b["why"] for b in w.view["blocked"]}
    assert "costs 8 tokens; you have 6" in blocked["Steal the 25-point artifact"]
    accept(w, {"kind": "steal-artifact", "space": "mc-a20"})
    assert me.artifacts == [20] and "mc-a20" not in g.state.artifacts
    # Snack-Man in the MCP: consume a power crystal.
    w = ship_widget(PULSARCADE, space="mc-north", crystals=1)
    w.game.state.players[0].tokens.append(
        {"kind": "code", "id": "command-code", "name": "Command Code", "grants": "code"}
    )
    w.refresh()
    (snack,) = offered(w, "claim-cabinet")
    assert snack["label"] == "Claim Snack-Man (1 token), consuming a power crystal"
    accept(w, snack["intent"])
    assert w.game.state.players[0].extra["crystals"] == 0


def test_clone_ransack_and_the_black_market():
    w = ship_widget(PULSARCADE, space="cv-vat-1")
    (clone,) = offered(w, "clone")
    assert clone["label"] == "Leave a clone in Vat One (1 Clank! cube)"
    accept(w, clone["intent"])
    vat = next(s for s in w.board["spaces"] if s["id"] == "cv-vat-1")["vat"]
    assert vat["clones"] == ["blue"]
    assert any(f["id"] == "clones" for f in w.view["players"][0]["facts"])
    # A bounty hunter in the bag: the odds say so, and flag the clone.
    w.game.state.clank_area["red"] = 2
    odds = w.handle_intent({"kind": "hover-bag"})
    assert odds["hit_all"] == {"colour": "red", "cubes": 2}
    blue = next(p for p in odds["players"] if p["colour"] == "blue")
    assert blue["clones"] == 1 and math.isclose(sum(blue["damage"]), 1.0)
    # Black Market: its own price and extra effect, in the label and the market.
    w = ship_widget(PULSARCADE, space="bm-cheap", gold=5)
    buys = {a["intent"]["item"]: a["label"] for a in offered(w, "buy")}
    assert buys["master-key"] == "Buy Master Key (5 Credits, +2 Clank!)"
    items = {i["id"]: i for i in w.view["market"]["items"]}
    assert items["master-key"]["cost"] == 5 and items["master-key"]["extra"] == "+2 Clank!"
    # The Vault: ransack from a connected space once black cubes fill it.
    w = ship_widget(PULSARCADE_VLR, space="va-teller")
    assert not offered(w, "ransack")
    assert any(b["kind"] == "ransack" and "empty" in b["why"] for b in w.view["blocked"])
    w.game.state.extra["modules"]["vault"]["filled"][:2] = [True, True]
    w.refresh()
    (ransack,) = offered(w, "ransack")
    assert ransack["label"] == "Ransack the Yellow Vault (+4 Credits, 3 Clank!)"
    gold = w.game.state.players[0].gold
    accept(w, ransack["intent"])
    assert w.game.state.players[0].gold == gold + 4
    panels = {p["id"]: p for p in w.view["panels"]}
    assert {"vault", "research-lab", "race-track"} <= set(panels)


def test_new_game_keeps_the_ship():
    w = new_widget(PULSARCADE_VLR, seed=2)
    old = w.game
    assert w.handle_intent({"kind": "new-game", "seed": 4})["kind"] == "ok"
    assert w.game.edition == "pulsarcade" and w.game.board is old.board
    assert w.game.seed == 4 and "vault" in w.game.state.extra["modules"]


def _everything_possible(where, space: str, seed: int = 4) -> Game:
    """A ship game with the person in ``space``, holding what opens every edition action:
    Boots, Credits, a TelePass and a command code, Skill for a Skill Shot, Clank! made,
    a power crystal, a cabinet's tokens; the Vault (if aboard) part filled."""
    g = new_game(where, seed=seed, players=3)
    s = g.state
    me = s.players[0]
    me.space = space
    me.boots, me.swords, me.gold = 2, 1, 9
    me.skill_generated, me.clank_made = 8, 4
    me.tokens.append({"kind": "market", "id": "telepass", "name": "TelePass", "grants": "telepass"})
    me.tokens.append(
        {"kind": "code", "id": "command-code", "name": "Command Code", "grants": "code"}
    )
    me.extra["crystals"] = 1
    s.extra["crystals"] -= 1
    if "cabinets" in me.extra:
        me.extra["cabinets"] = ["eraditron"]
        s.extra["cabinets"]["eraditron"] -= 1
    vault = s.extra.get("modules", {}).get("vault")
    if vault:
        vault["filled"][:4] = [True] * 4
    return g


@pytest.mark.parametrize("where", SHIPS)
def test_every_offered_edition_intent_is_accepted_everywhere(where):
    """On every space of the ship, every intent the view offers but cards is accepted."""
    kinds = set()
    base = _everything_possible(where, "cb-dock")
    for space in base.board.space_ids:
        game = _everything_possible(where, space)
        view = ClankBoard(game.fork(), bot_delay=0).view
        seen: dict[str, int] = {}
        for intent in human_turn_intents(view):
            if intent["kind"] in ("play", "acquire", "acquire-reserve", "end-turn"):
                continue
            seen[intent["kind"]] = seen.get(intent["kind"], 0) + 1
            if intent["kind"] in ("move", "move-to") and seen[intent["kind"]] > 3:
                continue  # walking is tested above; a few routes per space will do
            w = ClankBoard(game.fork(), bot_delay=0)
            reply = w.handle_intent(json.loads(json.dumps(intent)))
            assert reply["kind"] == "ok", (space, intent, reply)
            kinds.add(intent["kind"])
    expected = {"move", "move-to", "hack-port", "hyperlift", "buy"}
    if len(base.rules.telepads) > 1:  # one telepad alone goes nowhere
        expected.add("telepad")
    if where["edition"] == "pulsarcade":
        expected |= {"steal-artifact", "claim-cabinet"}
        expected |= {"ransack"} if "modules" in where else {"clone", "thrill"}
    else:
        expected |= {"take-artifact"}
    assert expected <= kinds, expected - kinds


def test_undo_says_in_words_what_it_took_back_and_why_it_cannot():
    w = new_widget(SHIPPED, seed=7)
    reply = w.handle_intent({"kind": "undo"})
    assert reply["message"] == "nothing to undo: you have not done anything this turn yet"
    w.handle_intent({"kind": "play", "card": "stumble"})
    w.handle_intent({"kind": "undo"})
    assert w.status["text"] == "Took back: playing Stumble"
    w.handle_intent({"kind": "redo"})
    assert w.status["text"] == "Redid: playing Stumble"
    # A card that draws one: the drawn card cannot be unseen.
    me = w.game.current_player
    me.hand.append("whispering-map")
    me.deck.append("burgle")
    w.refresh()
    assert w.handle_intent({"kind": "play", "card": "whispering-map"})["kind"] == "ok"
    name = w.game.cards.cards["whispering-map"].name
    reply = w.handle_intent({"kind": "undo"})
    assert reply["message"] == f"can't undo past playing {name}: it revealed the card it drew"


@pytest.mark.parametrize("edition", ["clank", "space", "pulsarcade"])
def test_the_end_screen_breaks_each_score_down_as_the_edition_counts(edition):
    w = play(edition, players=3, human=None, bots=["greedy"], seed=2, bot_delay=0)
    assert w.game.is_over
    g = w.game
    breakdown = w.view["breakdown"]
    for p in g.players:
        rows = breakdown[p.colour]["rows"]
        names = [r["name"] for r in rows]
        assert names[0] == "Artifacts" and {"Gold", "Cards"} <= set(names)
        assert sum(r["points"] for r in rows) == g.rules.points(g.state, p)
        if breakdown[p.colour]["counts"]:
            assert w.view["scores"][p.colour] == g.rules.points(g.state, p)
    if edition != "clank":
        assert "Power crystals" in names
    # the escape bonus (Mastery, an escape pod) has a row of its own, by the token's name
    escaped = [p for p in g.players if any(t["kind"] == g.rules.escape_token for t in p.tokens)]
    assert escaped
    for p in escaped:
        token = next(t for t in p.tokens if t["kind"] == g.rules.escape_token)
        row = next(r for r in breakdown[p.colour]["rows"] if r["name"] == token["name"])
        assert row["points"] == token["points"] > 0
    # While the game runs, the view carries no breakdown.
    assert play(edition, players=2, seed=2).view["breakdown"] == {}


def test_play_shows_progress_while_the_kernels_compile(monkeypatch):
    import tqdm.auto

    bars = []
    real = tqdm.auto.tqdm

    def recording(*args, **kwargs):
        bars.append(kwargs)
        return real(*args, **{**kwargs, "disable": True})

    monkeypatch.setattr(tqdm.auto, "tqdm", recording)
    w = play(players=2, bots=["greedy"], seed=7)
    assert [b["desc"] for b in bars] == ["Preparing the board (first run: compiling)"]
    assert bars[0]["total"] == 2 and bars[0]["delay"] > 0  # silent on a warm cache
    assert w.game.state.turn == 1 and w.game.state.current == 0


def test_play_shows_no_progress_when_the_kernels_are_ready(capsys):
    play(players=2, seed=7, bot_delay=0)  # (the kernels ready, from here or the cache)
    capsys.readouterr()
    play(players=2, seed=8, bot_delay=0)
    assert "Preparing the board" not in capsys.readouterr().err  # (a bar drawn at once was)


def test_load_opens_a_position_a_teacher_handed_out(tmp_path, monkeypatch):
    """(The view's Load took saves only: a position file was refused as a corrupt save.)"""
    from clankwidget.positions import load_position

    w = play(players=2, bots=["greedy"], seed=2, bot_delay=0)
    text = json.dumps(load_position("last-dash"))
    reply = w.handle_intent({"kind": "load", "text": text})
    assert reply == {"kind": "ok", "intent": "load"}
    assert w.game.players[0].artifacts == [10] and w.game.actions == []
    assert w.status["text"].startswith("Opened a clank game at turn")
    assert w.status["text"].endswith(load_position("last-dash")["note"])  # its question
    # of another edition or seat count, or broken: refused, and the game stays
    before = w.game.to_json()
    ship = json.dumps(load_position("space-escape-pod"))
    assert (
        "the position is a 'space' game"
        in w.handle_intent({"kind": "load", "text": ship})["message"]
    )
    broken = json.loads(text)
    broken["state"]["players"][0]["damage"] = 99
    reply = w.handle_intent({"kind": "load", "text": json.dumps(broken)})
    assert reply["kind"] == "error" and "$.state.players[0].damage" in reply["message"]
    # a name is looked up in the kernel's folder before the shipped files: one from the
    # browser would have the kernel read a file there (here a board), so shipped only
    from clankwidget.data import board_data_dir

    monkeypatch.chdir(tmp_path)
    (tmp_path / "notes").write_text((board_data_dir() / "boards/teaching-dungeon.json").read_text())
    assert Game.from_position({**json.loads(text), "board": "notes"}).board.id
    for key, ref in (("board", "notes"), ("cards", "/etc/hostname"), ("cards", "notes")):
        aimed = {**json.loads(text), key: ref}
        reply = w.handle_intent({"kind": "load", "text": json.dumps(aimed)})
        assert reply["kind"] == "error", (key, ref)
        assert f"the position's {key} {ref!r} is not a shipped {key}" in reply["message"]
    assert w.game.to_json() == before
    # a bot that moves first (Moonrakers' leader here) leaves the position's story shown
    table = play("moonrakers", players=2, bots=["greedy"], seed=2, bot_delay=0)
    story = json.dumps(load_position("moonrakers-survey-nebula"))
    assert table.handle_intent({"kind": "load", "text": story})["kind"] == "ok"
    assert table.game.actions and table.status["text"].startswith("Opened a moonrakers game")
    assert table.status["text"].endswith(table.game.note)
    opened = play(position="space-escape-pod", bots=["greedy"], seed=1, bot_delay=0)
    assert opened.game.edition == "space" and opened.game.players[0].artifacts == [10]
    assert opened.status["text"] == opened.game.note  # shown until the first move
    opened.handle_intent({"kind": "play-all"})
    assert opened.status["text"] != opened.game.note


def test_a_board_with_rooms_nothing_leads_to_says_so_as_it_opens(tmp_path):
    """A board a person made that the loader accepts but play would regret: the status line
    names its cut-off rooms as the game opens (with a position's story, after it)."""
    from clankwidget.data import load_board

    doc = json.loads(json.dumps(load_board("teaching-dungeon").raw))
    doc["paths"] = [p for p in doc["paths"] if "hoard-lip" not in (p["from"], p["to"])]
    (tmp_path / "cut.json").write_text(json.dumps(doc))
    w = play(board=str(tmp_path / "cut.json"), players=2, bots=["greedy"], seed=1, bot_delay=0)
    assert w.status["text"] == (
        "This board: nothing leads from the start to Lip of the Hoard (hoard-lip)."
    )
    w.game = Game.new("clank", board=str(tmp_path / "cut.json"), players=2, seed=2)
    assert w.status["seq"] == 2 and "hoard-lip" in w.status["text"]
    assert play(players=2, bots=["greedy"], seed=1, bot_delay=0).status["text"] == ""


def _after_a_turn():
    """A board (seed 2) after the person played a whole turn and the bot answered."""
    w = play(players=2, bots=["greedy"], seed=2, bot_delay=0)
    w.handle_intent({"kind": "play-all"})
    w.handle_intent({"kind": "end-turn"})
    return w


def test_save_position_hands_out_the_situation_shown(tmp_path):
    """(A teacher who played to a moment worth a lesson could save only the whole game.)"""
    w = _after_a_turn()
    reply = w.handle_intent({"kind": "save-position"})
    assert reply == {"kind": "saved", "name": "clank-clank-position-turn3.json"}
    text = (tmp_path / reply["name"]).read_text()  # (the working folder: next to the notebook)
    assert Game.from_position(text).position() == w.game.position()
    # in a replay, the moment shown; and Load opens what was saved
    assert w.handle_intent({"kind": "replay", "step": 3})["kind"] == "ok"
    then = (tmp_path / w.handle_intent({"kind": "save-position"})["name"]).read_text()
    assert json.loads(then) == w.game.replay(3).position()
    assert w.handle_intent({"kind": "replay-exit"})["kind"] == "ok"
    assert w.handle_intent({"kind": "load", "text": then})["kind"] == "ok"
    assert w.game.position() == json.loads(then) and w.game.actions == []
    assert w.handle_intent({"kind": "save-position", "path": "/tmp/x"})["kind"] == "error"
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "clank-clank-position-turn1.json",
        "clank-clank-position-turn3.json",
    ]


def test_a_save_is_written_by_the_kernel_and_never_sent_to_the_browser(tmp_path):
    """A save holds every hand and the order of every deck: the view, which may see only
    the person's seat, gets the file's name. (The reply used to carry the whole save.)"""
    w = _after_a_turn()
    sent = []
    w.send = sent.append  # what goes to the browser
    w._on_msg(w, {"kind": "save"}, [])
    name = "clank-clank-seed2-turn3.json"
    assert sent == [{"kind": "saved", "name": name}]
    assert Game.from_json((tmp_path / name).read_text()).actions == w.game.actions
    assert name in w.status["text"] and "next to the notebook" in w.status["text"]
    assert w.view["can_save"] is True and w.view["save_where"] == "next to the notebook"
    # a second save of the same turn is a new file: nothing is written over
    (tmp_path / name).write_text("the first save, kept")
    assert w.handle_intent({"kind": "save"})["name"] == "clank-clank-seed2-turn3-2.json"
    assert (tmp_path / name).read_text() == "the first save, kept"
    # play(save=...) opens it again where it was left, from the file or its text
    again = play(save=str(tmp_path / "clank-clank-seed2-turn3-2.json"), bots=["greedy"])
    assert again.game.actions == w.game.actions and again.game.seed == 2
    assert play(save=w.game.to_json(), bot_delay=0).game.state == w.game.state
    with pytest.raises(TypeError, match="seed="):
        play(save=w.game.to_json(), seed=3)


def test_saves_go_where_the_board_says_or_nowhere(tmp_path):
    saves = tmp_path / "saves"
    saves.mkdir()
    w = play(players=2, bots=["greedy"], seed=4, bot_delay=0, save_dir=saves)
    name = w.handle_intent({"kind": "save"})["name"]
    assert (saves / name).is_file() and f"in {saves}" in w.status["text"]
    assert w.view["save_where"] == f"in {saves}"  # (Save's and Load's words in the view)
    # a folder that is not there: refused saying so, nothing written anywhere
    gone = ClankBoard(w.game, bots="greedy", save_dir=tmp_path / "gone")
    reply = gone.handle_intent({"kind": "save-position"})
    assert reply["kind"] == "error" and "cannot be written" in reply["message"]
    # saving off (a board served as an app): both refused, and the view's buttons say so
    off = ClankBoard(w.game, bots="greedy", save_dir=None)
    assert off.view["can_save"] is False and off.view["save_where"] is None
    for kind in ("save", "save-position"):
        reply = off.handle_intent({"kind": kind})
        assert reply["kind"] == "error" and "saving is off" in reply["message"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["saves"]
    with pytest.raises(TypeError, match="save_dir"):
        ClankBoard(w.game, save_dir=5)


def test_a_save_the_disk_cannot_hold_leaves_no_half_file(tmp_path, monkeypatch):
    import errno

    class Full(io.StringIO):
        def write(self, text):
            raise OSError(errno.ENOSPC, "No space left on device")

    w = play(players=2, bots=["greedy"], seed=4, bot_delay=0)
    real_open = open

    def full_open(path, mode="r", **kw):
        real_open(path, mode, **kw).close()  # the file is made, then nothing fits in it
        return Full()

    monkeypatch.setattr(board_module, "open", full_open, raising=False)
    reply = w.handle_intent({"kind": "save"})
    assert reply["kind"] == "error" and "No space left on device" in reply["message"]
    assert list(tmp_path.iterdir()) == []


def test_load_lists_the_saves_next_to_the_notebook_and_opens_one_by_name(tmp_path):
    """Save writes on the kernel's side, so Load offers those files too (on Binder or Colab
    they are not on the person's computer). A name from the browser is untrusted: only a
    file the listing gives now is read."""
    w = _after_a_turn()
    assert w.handle_intent({"kind": "list-saves"}) == {"kind": "saves", "names": []}
    first = w.handle_intent({"kind": "save-position"})["name"]
    game = w.handle_intent({"kind": "save"})["name"]
    (tmp_path / "notes.json").write_text("{}")  # not a name Save gives: not listed
    (tmp_path / "clank-folder.json").mkdir()  # nor a folder
    os.utime(tmp_path / first, (1, 1))  # the position is the older
    names = w.handle_intent({"kind": "list-saves"})["names"]
    assert names == [game, first]
    actions = w.game.actions
    other = play(players=2, bots=["greedy"], seed=9, bot_delay=0)
    assert other.handle_intent({"kind": "load-saved", "name": game})["kind"] == "ok"
    assert other.game.actions == actions
    assert other.handle_intent({"kind": "load-saved", "name": first})["kind"] == "ok"
    assert other.game.actions == [] and other.game.position() == w.game.position()
    for name in ("notes.json", "../notes.json", str(tmp_path / game), "clank-folder.json", ""):
        reply = other.handle_intent({"kind": "load-saved", "name": name})
        assert reply["kind"] == "error" and "there is no save called" in reply["message"]
    # a file Save would name that is not a save: refused as Load refuses it
    (tmp_path / "clank-broken.json").write_text("{nope")
    reply = other.handle_intent({"kind": "load-saved", "name": "clank-broken.json"})
    assert reply["kind"] == "error" and "not a clankwidget save" in reply["message"]
    off = ClankBoard(w.game, bots="greedy", save_dir=None)
    assert off.handle_intent({"kind": "list-saves"}) == {"kind": "saves", "names": []}
    assert "saving is off" in off.handle_intent({"kind": "load-saved", "name": game})["message"]


def test_game_load_refuses_what_is_no_save_naming_the_file(tmp_path):
    from clankwidget.errors import SaveError

    good = tmp_path / "good.json"
    good.write_text(play(seed=3, bot_delay=0).game.to_json())
    assert Game.load(good).seed == 3
    (tmp_path / "edited.json").write_text(good.read_text().replace('"seed": 3', '"seed": 4'))
    cases = {
        "edited.json": "corrupt save",
        "missing.json": "cannot be read",
        ".": "not a file",
    }
    for name, words in cases.items():
        with pytest.raises(SaveError, match=words) as info:
            Game.load(tmp_path / name)
        assert str(tmp_path / name) in str(info.value)


def test_save_load_and_replay_intents_check_what_the_browser_sends(tmp_path):
    w = _after_a_turn()
    saved = w.handle_intent({"kind": "save"})
    assert saved["kind"] == "saved" and saved["name"].endswith(".json")
    text = (tmp_path / saved["name"]).read_text()
    n = len(w.game.actions)
    other = play(players=2, bots=["greedy"], seed=9, bot_delay=0)
    refusals = {
        "text": {"kind": "load"},
        "int": {"kind": "load", "text": 5},
        "extra": {"kind": "load", "text": text, "path": "/etc/passwd"},
        "big": {"kind": "load", "text": " " * (board_module.MAX_LOAD_CHARS + 1)},
        "not json": {"kind": "load", "text": "{nope"},
        "edited": {"kind": "load", "text": text.replace('"seed": 2', '"seed": 3')},
    }
    for why, intent in refusals.items():
        reply = other.handle_intent(intent)
        assert reply["kind"] == "error", why
        assert other.status["level"] == "error"
        assert len(other.game.actions) == 0, why
    three = play(players=3, bots=["greedy"], seed=2, bot_delay=0)
    assert "seats 3" in three.handle_intent({"kind": "load", "text": text})["message"]
    ship = play("space", players=2, bots=["greedy"], seed=2, bot_delay=0)
    reply = ship.handle_intent({"kind": "load", "text": text})  # its bots fly ships
    assert "is a 'clank' game and this board plays 'space'" in reply["message"]
    assert ship.game.edition == "space" and len(ship.game.actions) == 0
    with pytest.raises(ValueError, match="must be of the board's edition"):
        ship.game = other.game
    assert other.handle_intent({"kind": "load", "text": text})["kind"] == "ok"
    assert [a.to_dict() for a in other.game.actions] == [a.to_dict() for a in w.game.actions]

    assert other.handle_intent({"kind": "replay", "step": 3})["kind"] == "ok"
    assert other.view["replay"]["step"] == 3 and other.view["replay"]["total"] == n
    assert other.view["log"] == view_state(w.game.replay(3), 0)["log"]
    assert other.view["actions"] == [] and not other.view["can_undo"]
    assert other.handle_intent({"kind": "play-all"})["kind"] == "error"
    assert other.handle_intent({"kind": "replay", "step": n + 1})["kind"] == "error"
    assert other.handle_intent({"kind": "replay", "step": True})["kind"] == "error"
    assert other.handle_intent({"kind": "replay-exit"})["kind"] == "ok"
    assert "replay" not in other.view and len(other.game.actions) == n


def test_since_counts_the_clank_a_bot_made_when_an_attack_comes_in_the_same_step():
    """Mid-attack: a bot's step that makes Clank! and then sets off an attack (the area
    empties into the bag before the step ends) still counts the cubes the bot made."""
    w = play(players=2, bots=["greedy"], seed=2, bot_delay=0)
    g = w.game
    yellow = g.players[1]

    def step():  # the bot's whole turn: 2 Clank!, an attack, the end of the turn
        g.rules.damage_from_supply(g.state, yellow, 1)  # a monster on the way
        g.rules.make_clank(g.state, yellow, 2)
        g.rules.attack(g.state, 3, "A test attack")
        g.rules.say(g.state, "A bounty hunter strikes: every thief aboard takes 1", "attack")
        yellow.discard.extend(yellow.hand)
        yellow.hand = []
        g.apply(A.EndTurn())

    w._bot_act = step
    me = g.players[0]
    me.discard.extend(me.hand)  # nothing to play: end the turn at once
    me.hand = []
    w.refresh()
    assert w.handle_intent({"kind": "end-turn"})["kind"] == "ok"
    since = w.view["since"]
    (entry,) = since["players"]
    assert entry["colour"] == "yellow" and entry["clank"] == 2
    # the meter then and now: the monster's damage and the attack's hits on yellow
    hits = min(w.view["since"]["attacks"][0]["drawn"].get("yellow", 0), g.rules.health - 1)
    assert entry["damage"] == [0, 1 + hits] == [0, yellow.damage]
    attack, strike = since["attacks"]
    assert attack["drawn"] and sum(attack["drawn"].values()) == 3
    assert isinstance(attack["hurt"], list)
    assert strike["hurt"] is None  # its line says who is hurt, not "nobody was hurt"


def test_since_your_last_turn_sums_up_the_others_turns_and_bots_take_a_speed():
    w = play(players=3, bots=["greedy"], seed=2, bot_delay=0)
    assert w.view["since"] is None  # nothing yet on the first turn
    w.handle_intent({"kind": "play-all"})
    log_at_end = len(w.game.state.events)
    spaces = {p.colour: p.space for p in w.game.players}
    area = dict(w.game.state.clank_area)
    w.handle_intent({"kind": "end-turn"})
    since = w.view["since"]
    assert [p["colour"] for p in since["players"]] == ["yellow", "green"]
    events = w.game.state.events[log_at_end:]
    assert not any(e["kind"] == "attack" for e in events)  # (one with: the test above)
    now = w.game.state.clank_area
    assert [p["clank"] for p in since["players"]] == [now[c] - area[c] for c in ("yellow", "green")]
    assert any(p["clank"] for p in since["players"])
    for p in since["players"]:
        moves = [e["to"] for e in events if e["kind"] == "move" and e["actor"] == p["colour"]]
        assert p["trail"] == [spaces[p["colour"]], *moves]
        gains = [e["card"] for e in events if e["kind"] == "gain" and e["actor"] == p["colour"]]
        assert p["gained"] == [w.game.cards.cards[c].name for c in gains]
    # Once the person acts, the summary stays for the turn; the next end clears it.
    w.handle_intent({"kind": "play-all"})
    assert w.view["since"] == since
    assert w.handle_intent({"kind": "bot-speed", "speed": "warp"})["kind"] == "error"
    assert w.handle_intent({"kind": "bot-speed", "speed": "slow"})["kind"] == "ok"
    assert w.bot_delay == 1.0 and w.view["bot_speed"] == "slow"
    assert w.handle_intent({"kind": "skip-bots"})["kind"] == "error"  # not playing now


def test_a_hovered_route_says_the_chance_to_get_out_alive_when_it_matters():
    from clankwidget.widget.routes import route_survival

    w = play(players=2, bots=["greedy"], seed=2, bot_delay=0)
    w.handle_intent({"kind": "play-all"})
    target = w.view["moves"][0]["id"]
    calm = w.handle_intent({"kind": "hover-space", "id": target})
    assert all("survive" not in o for o in calm["options"])  # healthy, no countdown
    me = w.game.current_player
    me.damage = w.game.rules.health - 2
    w.game.state.clank_area[me.colour] = 3
    reply = w.handle_intent({"kind": "hover-space", "id": target})
    for i, o in enumerate(reply["options"]):
        assert o["survive"] == route_survival(w.game, target, i)
        assert 0.0 <= o["survive"] <= 1.0
    first = reply["options"][0]
    if first["damage"] == 0:
        ko = w.game.attack_odds().knockout(me.colour)
        assert first["survive"] == pytest.approx(1.0 - ko)
        assert first["survive"] < 1.0  # three of its cubes wait in the Clank! area
    with pytest.raises(ValueError, match="cannot be reached"):
        route_survival(w.game, me.space)


def test_hot_seat_hides_the_last_hand_until_the_next_person_is_ready():
    w = play(players=["human", "human", "greedy"], seed=2, bot_delay=0)
    assert w.seat == 0 and sorted(w.bots) == [2] and w.bots[2].name == "greedy"
    w.handle_intent({"kind": "play-all"})
    w.handle_intent({"kind": "end-turn"})
    # Yellow's turn: nobody's hand is in the view until Yellow says they have the board.
    assert w.view["pass_to"] == "yellow" and w.seat is None
    assert not any("hand" in p for p in w.view["players"])
    assert "pass the board to Yellow" in w.handle_intent({"kind": "play-all"})["message"]
    assert w.handle_intent({"kind": "ready"})["kind"] == "ok"
    assert w.seat == 1 and "pass_to" not in w.view
    assert [("hand" in p) for p in w.view["players"]] == [False, True, False]
    assert w.handle_intent({"kind": "ready"})["kind"] == "error"
    w.handle_intent({"kind": "play-all"})
    w.handle_intent({"kind": "end-turn"})  # then Green (the bot), then Blue again
    assert w.game.state.current == 0 and w.view["pass_to"] == "blue"
    with pytest.raises(ValueError, match="a list of such seats"):
        play(players=3, human=[0, 0], bots=["greedy"])


def test_a_new_game_while_the_board_is_passed_asks_for_its_first_player():
    w = play(players=["human", "human", "random"], seed=2, bot_delay=0)
    w.handle_intent({"kind": "play-all"})
    w.handle_intent({"kind": "end-turn"})
    assert w.view["pass_to"] == "yellow"
    assert w.handle_intent({"kind": "new-game", "seed": 5})["kind"] == "ok"
    assert w.game.state.current == 0 and w.view["pass_to"] == "blue"
    assert w.handle_intent({"kind": "ready"})["kind"] == "ok"
    assert w.seat == 0 and "pass_to" not in w.view


def test_a_game_the_board_cannot_show_or_play_is_refused_and_the_old_one_kept(monkeypatch):
    """Load (and any new game) builds the new game's view before it takes the board's
    place, and puts the old game back if the bots fail while opening the new one: a
    refused Load changes nothing, and the board plays on."""
    board = ClankBoard(Game.new(players=2, seed=9), bots=["random"], bot_delay=0)
    old, view = board.game, dict(board.view)
    save = Game.new(players=2, seed=4).to_json()

    real = board_module.view_state

    def broken(game, seat):  # a view that cannot be built for the loaded game
        if game is not old:
            raise KeyError("blue")
        return real(game, seat)

    monkeypatch.setattr(board_module, "view_state", broken)
    reply = board.handle_intent({"kind": "load", "text": save})
    assert reply["kind"] == "error" and reply["message"].startswith("not loaded: this board")
    assert "KeyError" in reply["message"]
    assert board.game is old and board.view["players"] == view["players"]
    monkeypatch.setattr(board_module, "view_state", real)

    # the rules fail while the bots open the loaded game (a bot's own failure is met by a
    # default action; this is the default action failing too)
    real_apply = Game.apply

    def failing(game, action):
        if game is not old:
            raise RuntimeError("a rules bug")
        return real_apply(game, action)

    opening = Game.new(players=2, seed=5)
    while opening.state.current != 1:  # (the bot's turn is next)
        opening.apply(opening.legal_actions()[-1])
    monkeypatch.setattr(Game, "apply", failing)
    reply = board.handle_intent({"kind": "load", "text": opening.to_json()})
    assert reply["kind"] == "error" and "a rules bug" in reply["message"]
    assert board.game is old and board.view["players"] == view["players"]
    monkeypatch.setattr(Game, "apply", real_apply)
    assert board.handle_intent({"kind": "play-all"})["kind"] != "error"  # it plays on
