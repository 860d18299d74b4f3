"""The shipped boards and card sets.

* Every shipped board and card set loads.
* The teaching dungeon (``teaching-dungeon``) and the teaching cards (``clank-teaching``)
  have the properties the rules need and cover every rule they are meant to teach.
* A broken file fails with a :class:`~clankwidget.errors.BoardDataError` that names the
  file, the JSON path and what was expected there.

Reachability is tested on ``board.to_networkx()`` (a directed multigraph, so one-way
paths are respected) with the locked paths *removed*: every space must be reachable
from the entrance, and every space (in particular every artifact room) must have a
way back to the entrance, all without a Master Key. Distances count boots.
"""

from __future__ import annotations

import copy
import json
import math
from collections import Counter
from pathlib import Path

import networkx as nx
import pytest

from clankwidget.data import (
    Board,
    board_data_dir,
    list_boards,
    list_card_sets,
    load_board,
    load_cards,
)
from clankwidget.errors import BoardDataError

ARTIFACT_VALUES = [5, 7, 10, 15, 20, 25, 30]


# ---------------------------------------------------------------------------
# Helpers


@pytest.fixture(scope="module")
def board():
    return load_board("teaching-dungeon")


@pytest.fixture(scope="module")
def cards():
    return load_cards("clank-teaching")


def graph_without_locks(board) -> nx.DiGraph:
    """The board as a DiGraph of the directions a pawn may walk without a key.

    Parallel paths collapse to the cheapest in boots; ``monsters`` keeps the fewest.
    """
    g = nx.DiGraph()
    g.add_nodes_from(board.space_ids)
    for u, v, data in board.to_networkx().edges(data=True):
        if data["locked"]:
            continue
        if not g.has_edge(u, v) or g[u][v]["boots"] > data["boots"]:
            g.add_edge(u, v, boots=data["boots"], monsters=data["monsters"])
    return g


def walk_effects(effects):
    """Every effect in a list, including those nested in if/then, discard/then and choose."""
    for e in effects:
        yield e
        if "then" in e:
            yield from walk_effects(e["then"])
        if "choose" in e:
            for option in e["choose"]:
                yield from walk_effects(option)


def effect_keys(card) -> set[str]:
    keys = set()
    for lst in ("play", "use", "reward", "acquire", "arrive"):
        for e in walk_effects(getattr(card, lst)):
            keys.update(k for k in e if k != "then")
    return keys


def conditions(card) -> set[str]:
    out = set()
    for lst in ("play", "use", "reward"):
        for e in walk_effects(getattr(card, lst)):
            if "if" in e:
                out.update(e["if"])
    return out


def deck(cardset):
    """The dungeon deck as a list of (Card, count)."""
    return [(cardset[cid], n) for cid, n in cardset.dungeon_deck]


def count(cardset, pred) -> int:
    return sum(n for c, n in deck(cardset) if pred(c))


# ---------------------------------------------------------------------------
# Everything shipped loads


def test_shipped_files_are_listed():
    assert "teaching-dungeon" in list_boards()
    assert "clank-teaching" in list_card_sets()


@pytest.mark.parametrize("name", list_boards())
def test_every_shipped_board_loads(name):
    b = load_board(name)
    assert b.id == name, "a board's id should match its file name"
    assert len(b.spaces) >= 1
    assert b.to_networkx().number_of_nodes() == len(b.spaces)


@pytest.mark.parametrize("name", list_card_sets())
def test_every_shipped_card_set_loads(name):
    c = load_cards(name)
    assert c.id == name, "a card set's id should match its file name"
    assert sum(n for _, n in c.dungeon_deck) > 0


@pytest.mark.parametrize("folder", ["boards", "cards"])
def test_shipped_json_is_plain_utf8(folder):
    for path in (board_data_dir() / folder).glob("*.json"):
        json.loads(path.read_text(encoding="utf-8"))


# ---------------------------------------------------------------------------
# The teaching dungeon


def test_dungeon_size_and_regions(board):
    assert 40 <= len(board.spaces) <= 50
    surface = [s for s in board.spaces if not s.depths]
    depths = [s for s in board.spaces if s.depths]
    assert len(surface) >= 10 and len(depths) >= 10
    start = board.space(board.start)
    assert not start.depths, "the entrance is on the surface"
    assert board.edition == "clank" and board.kind == "board"
    assert board.raw.get("description"), "the README shows the description"


def test_dungeon_modules(board):
    ids = {m["id"] for m in board.modules}
    assert ids, "the teaching dungeon names its areas"
    for s in board.spaces:
        assert s.module in ids
    for m in ids:  # every module is wholly surface or wholly depths
        assert len({s.depths for s in board.spaces if s.module == m}) == 1


def test_dungeon_artifacts_all_in_depths(board):
    arts = [s for s in board.spaces if s.artifact is not None]
    assert sorted(s.artifact for s in arts) == ARTIFACT_VALUES
    assert all(s.depths for s in arts)


def test_every_space_reachable_from_start_without_keys(board):
    g = graph_without_locks(board)
    reached = nx.descendants(g, board.start) | {board.start}
    assert reached == set(board.space_ids), (
        f"unreachable without a key: {set(board.space_ids) - reached}"
    )


def test_way_back_to_start_from_every_space_without_keys(board):
    """No one-way path strands a pawn; in particular every artifact room has a keyless way out."""
    g = graph_without_locks(board)
    back = nx.ancestors(g, board.start) | {board.start}
    stranded = set(board.space_ids) - back
    assert not stranded, f"no keyless way back to the entrance from {stranded}"
    for s in board.spaces:
        if s.artifact:
            assert nx.has_path(g, s.id, board.start)


def test_deeper_artifacts_are_farther_and_more_dangerous(board):
    g = graph_without_locks(board)
    boots = nx.single_source_dijkstra_path_length(g, board.start, weight="boots")
    fights = nx.single_source_dijkstra_path_length(g, board.start, weight="monsters")
    by_value = sorted((s for s in board.spaces if s.artifact), key=lambda s: s.artifact)
    dist = [boots[s.id] for s in by_value]
    assert dist == sorted(dist), f"boots from the entrance by artifact value: {dist}"
    assert dist[-1] >= dist[0] + 6
    assert fights[by_value[0].id] == 0, "the cheapest artifact can be reached without a fight"
    for s in by_value[-3:]:
        assert fights[s.id] >= 1, f"no monster guards the way to the {s.artifact}"


def test_locked_paths_are_shortcuts(board):
    """A Master Key shortens some trip to an artifact (here: to the 30)."""
    free = graph_without_locks(board)
    keyed = nx.DiGraph()
    for u, v, d in board.to_networkx().edges(data=True):
        if not keyed.has_edge(u, v) or keyed[u][v]["boots"] > d["boots"]:
            keyed.add_edge(u, v, boots=d["boots"])
    gains = []
    for s in board.spaces:
        if s.artifact:
            a = nx.shortest_path_length(free, board.start, s.id, weight="boots")
            b = nx.shortest_path_length(keyed, board.start, s.id, weight="boots")
            gains.append(a - b)
    assert max(gains) >= 2


def test_path_features(board):
    paths = board.paths
    assert any(p.boots == 1 for p in paths)
    assert any(p.boots == 2 for p in paths), "footprint paths"
    assert any(p.monsters == 1 for p in paths)
    assert any(p.monsters == 2 for p in paths)
    assert sum(p.locked for p in paths) >= 3
    one_way = [p for p in paths if p.one_way]
    assert len(one_way) >= 3
    depth = {s.id: s.depths for s in board.spaces}
    assert any(not depth[p.a] and depth[p.b] for p in one_way), "a one-way drop into the Depths"
    assert any(depth[p.a] and not depth[p.b] for p in one_way), "a one-way climb out of the Depths"
    assert any(depth[p.a] != depth[p.b] for p in paths if p.locked), "a locked way down"
    assert any(depth[p.a] and depth[p.b] for p in paths if p.locked), "a locked door in the Depths"


def test_space_features(board):
    spaces = board.spaces
    caves = [s for s in spaces if s.crystal_cave]
    assert len(caves) >= 3
    deep = {s.id for s in spaces if s.artifact and s.artifact >= 25}
    assert any(set(board.adjacent(c.id)) & deep for c in caves), (
        "a crystal cave on the way to a deep artifact"
    )
    markets = [s for s in spaces if s.market]
    assert 2 <= len(markets) <= 3
    assert any(s.depths for s in markets), "a market in the Depths"
    assert any(s.heal > 0 for s in spaces)
    assert any(s.gold > 0 for s in spaces)
    assert sum(s.minor_secrets > 0 for s in spaces) >= 1
    assert sum(s.major_secrets > 0 for s in spaces) >= 1
    shrines = [s for s in spaces if s.idols]
    assert len(shrines) == 1 and shrines[0].idols == 3
    assert sum(s.start for s in spaces) == 1


def test_dungeon_layout_is_drawable(board):
    """Inside the box, spaces well apart, surface above the Depths, no path drawn over a space."""
    pts = {s.id: (s.x, s.y) for s in board.spaces}
    assert board.width == 1000 and board.height == 700
    for x, y in pts.values():
        assert 0 < x < board.width and 0 < y < board.height
    ids = list(pts)
    for i, a in enumerate(ids):
        for b in ids[i + 1 :]:
            assert math.dist(pts[a], pts[b]) >= 60, (a, b)
    surface_y = max(s.y for s in board.spaces if not s.depths)
    depths_y = min(s.y for s in board.spaces if s.depths)
    assert surface_y < 300 < depths_y
    start = board.space(board.start)
    assert start.x == min(s.x for s in board.spaces) and start.y == min(s.y for s in board.spaces)

    def seg_dist(p, a, b):
        (px, py), (ax, ay), (bx, by) = p, a, b
        dx, dy = bx - ax, by - ay
        t = max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)))
        return math.dist(p, (ax + t * dx, ay + t * dy))

    for p in board.paths:
        for sid, xy in pts.items():
            if sid not in (p.a, p.b):
                assert seg_dist(xy, pts[p.a], pts[p.b]) > 30, f"path {p.a}-{p.b} passes over {sid}"


# ---------------------------------------------------------------------------
# The teaching cards


def test_setup_numbers(cards):
    s = cards.setup
    assert s["health"] == 10 and s["cubes"] == 30 and s["black_cubes"] == 24
    assert s["hand_size"] == 5 and s["row_size"] == 6
    assert s["rage_track"] == [2, 2, 3, 3, 4, 4, 5]
    assert s["rage_start"] == {"2": 2, "3": 1, "4": 0}
    assert s["artifacts_removed"] == {"2": 2, "3": 1, "4": 0}
    assert s["starting_clank"] == [3, 2, 1, 0]
    assert s["mastery_points"] == 20
    assert s["countdown"] == [0, 1, 2, 3, None]


def test_starting_deck(cards):
    assert dict(cards.starting_deck) == {"burgle": 6, "stumble": 2, "sidestep": 1, "scramble": 1}
    assert sum(n for _, n in cards.starting_deck) == 10
    assert cards["burgle"].play == ({"skill": 1},)
    assert cards["stumble"].play == ({"clank": 1},)
    assert cards["sidestep"].play == ({"boots": 1},)
    assert cards["scramble"].play == ({"skill": 1}, {"boots": 1})
    assert all(cards[cid].banner == "starter" for cid, _ in cards.starting_deck)


def test_reserve(cards):
    assert dict(cards.reserve) == {
        "mercenary": 15,
        "explore": 15,
        "secret-tome": 12,
        "goblin": None,
    }
    merc, explore, tome, goblin = (
        cards[i] for i in ("mercenary", "explore", "secret-tome", "goblin")
    )
    assert (merc.cost, merc.companion, merc.play) == (2, True, ({"skill": 1}, {"swords": 2}))
    assert (explore.cost, explore.play) == (3, ({"skill": 2}, {"boots": 1}))
    assert (tome.cost, tome.points, tome.play) == (7, 7, ())
    assert (goblin.banner, goblin.defeat, goblin.reward) == ("monster", 2, ({"gold": 1},))


def test_market(cards):
    items = {m["id"]: m for m in cards.market}
    assert set(items) == {"master-key", "backpack", "crown"}
    assert all(m.get("cost", 7) == 7 for m in items.values())
    assert (
        items["master-key"]["count"],
        items["master-key"]["grants"],
        items["master-key"]["points"],
    ) == (2, "key", 5)
    assert (
        items["backpack"]["count"],
        items["backpack"]["grants"],
        items["backpack"]["points"],
    ) == (2, "backpack", 5)
    assert (items["crown"]["count"], items["crown"]["grants"], items["crown"]["points"]) == (
        3,
        "crown",
        [10, 9, 8],
    )


def test_secrets_and_idols(cards):
    minor = cards.secrets["minor"]
    major = cards.secrets["major"]
    assert sum(t.get("count", 1) for t in minor) == 18
    assert sum(t.get("count", 1) for t in major) == 11
    eggs = [t for t in minor if t.get("egg")]
    assert sum(t["count"] for t in eggs) == 3 and all(
        t.get("keep") and t.get("points") == 3 for t in eggs
    )
    spring = [t for t in minor if any("trash" in e for e in t.get("take", []))]
    assert spring and all(e["trash"]["optional"] is False for t in spring for e in t["take"])
    for t in minor + major:
        assert t.get("take") or t.get("use") or t.get("points"), t["id"]
        if t.get("use"):
            assert t.get("keep"), f"{t['id']}: a token used later must be kept"
    assert any(t.get("points") == 7 for t in major), "the chalice"
    assert cards.idol["points"] == 5 and cards.idol.get("count", 1) == 3


@pytest.mark.parametrize(
    "board_name", [b for b in list_boards() if load_board(b).edition == "clank"]
)
def test_enough_secret_tokens_for_every_board(cards, board_name):
    b = load_board(board_name)
    assert b.edition == cards.edition
    minor_slots = sum(s.minor_secrets for s in b.spaces)
    major_slots = sum(s.major_secrets for s in b.spaces)
    assert sum(t.get("count", 1) for t in cards.secrets["minor"]) >= minor_slots
    assert sum(t.get("count", 1) for t in cards.secrets["major"]) >= major_slots
    idol_slots = sum(s.idols for s in b.spaces)
    assert cards.idol.get("count", 1) >= idol_slots


def test_dungeon_deck_size_and_banners(cards):
    total = sum(n for _, n in cards.dungeon_deck)
    assert 95 <= total <= 105
    assert 35 <= len(cards.dungeon_deck) <= 45
    assert len({cid for cid, _ in cards.dungeon_deck}) == len(cards.dungeon_deck)
    banners = Counter()
    for c, n in deck(cards):
        banners[c.banner] += n
    assert set(banners) == {"ordinary", "device", "monster"}
    assert banners["device"] >= 6 and banners["monster"] >= 15


def test_dragon_symbols(cards):
    dragons = count(cards, lambda c: c.dragon)
    assert 22 <= dragons <= 28
    for banner in ("ordinary", "device", "monster"):
        assert count(cards, lambda c, b=banner: c.dragon and c.banner == b) >= 3, banner
    # enough cards without the symbol to deal a first row of six
    assert count(cards, lambda c: not c.dragon) >= 2 * cards.setup["row_size"]


def test_costs_and_strengths_in_range(cards):
    for c, _ in deck(cards):
        if c.banner == "monster":
            assert 1 <= c.defeat <= 6, c.id
            assert c.reward, f"{c.id}: a monster gives a reward"
            assert not c.play and not c.use
        else:
            assert 2 <= c.cost <= 7, c.id
            if c.banner == "device":
                assert c.use and not c.play, c.id
            else:
                assert c.play or c.points, c.id


def test_every_card_has_name_and_flavour(cards):
    for c in cards.cards.values():
        assert c.name.strip() and c.text.strip(), c.id
    names = [c.name for c in cards.cards.values()]
    assert len(names) == len(set(names)), "card names are unique"


def test_ordinary_cards_cover_every_basic_effect(cards):
    used = set()
    for c, _ in deck(cards):
        if c.banner == "ordinary":
            used |= effect_keys(c)
    for key in ("skill", "swords", "boots", "clank", "draw", "gold", "heal", "teleport"):
        assert key in used, key
    assert any(e.get("clank", 0) < 0 for c, _ in deck(cards) for e in walk_effects(c.play)), (
        "negative clank"
    )
    assert any(e.get("clank", 0) > 0 for c, _ in deck(cards) for e in walk_effects(c.play)), (
        "noisy card"
    )
    for key in ("choose", "discard", "trash", "if", "others_clank"):
        assert any(key in effect_keys(c) for c, _ in deck(cards)), key


def test_conditions_all_used(cards):
    used = set()
    for c, _ in deck(cards):
        used |= conditions(c)
    assert used >= {"companion", "artifact", "depths", "key", "crown"}


def test_companions(cards):
    comps = [c for c, _ in deck(cards) if c.companion]
    assert count(cards, lambda c: c.companion) >= 8
    assert any("companion" in conditions(c) for c in comps)
    # every companion condition sits on a companion card (the check is "another companion")
    for c, _ in deck(cards):
        if "companion" in conditions(c):
            assert c.companion, c.id


def test_devices(cards):
    devs = [c for c, _ in deck(cards) if c.is_device]
    assert len(devs) >= 5
    assert any(c.requires == {"depths": True} for c in devs), "a device only for the Depths"
    assert any("teleport" in effect_keys(c) for c in devs), "a teleport device"
    assert any({"boots": 2} in c.use for c in devs), "a ladder: +2 boots"


def test_monsters(cards):
    mons = [c for c, _ in deck(cards) if c.is_monster]
    rewards = set()
    for c in mons:
        rewards |= {k for e in walk_effects(c.reward) for k in e}
    assert {"gold", "heal", "draw"} <= rewards
    assert any(c.requires == {"depths": True} for c in mons), "a monster only for the Depths"
    assert len({c.defeat for c in mons}) >= 4


def test_gems_points_danger_arrive(cards):
    gems = [c for c, _ in deck(cards) if c.gem]
    assert gems
    for g in gems:
        assert g.acquire == ({"clank": 2},) and g.points > 0 and g.dragon, g.id
    assert any(c.points and not c.gem for c, _ in deck(cards)), "a non-gem card worth points"
    assert 3 <= count(cards, lambda c: c.danger) <= 5
    arrive = {k for c, _ in deck(cards) for e in c.arrive for k in e}
    assert {"all_clank", "return_black"} <= arrive


# ---------------------------------------------------------------------------
# Error reporting


def _write(tmp_path: Path, name: str, doc) -> Path:
    path = tmp_path / name
    path.write_text(doc if isinstance(doc, str) else json.dumps(doc), encoding="utf-8")
    return path


def _check(exc: BoardDataError, path: Path, json_path: str, *words: str):
    msg = str(exc)
    assert exc.file.endswith(path.name) and path.name in msg
    assert exc.json_path == json_path and json_path in msg, msg
    for w in words:
        assert w in msg, f"{w!r} not in {msg!r}"


@pytest.fixture
def board_doc():
    return json.loads(
        (board_data_dir() / "boards" / "teaching-dungeon.json").read_text(encoding="utf-8")
    )


@pytest.fixture
def cards_doc():
    return json.loads(
        (board_data_dir() / "cards" / "clank-teaching.json").read_text(encoding="utf-8")
    )


def _card_index(doc, card_id):
    return next(i for i, c in enumerate(doc["cards"]) if c["id"] == card_id)


def test_board_path_to_missing_space(tmp_path, board_doc):
    board_doc["paths"][3]["to"] = "nowhere"
    path = _write(tmp_path, "broken.json", board_doc)
    with pytest.raises(BoardDataError) as err:
        load_board(path)
    _check(err.value, path, "$.paths[3].to", "expected", "space", "nowhere")


def test_board_misspelled_field(tmp_path, board_doc):
    board_doc["spaces"][2]["crystal_cavern"] = True
    path = _write(tmp_path, "typo.json", board_doc)
    with pytest.raises(BoardDataError) as err:
        load_board(path)
    _check(
        err.value, path, "$.spaces[2]", "expected", "crystal_cavern", "did you mean 'crystal_cave'?"
    )


def test_board_wrong_type(tmp_path, board_doc):
    board_doc["paths"][5]["boots"] = "two"
    path = _write(tmp_path, "type.json", board_doc)
    with pytest.raises(BoardDataError) as err:
        load_board(path)
    _check(err.value, path, "$.paths[5].boots", "expected", "integer")


def test_board_value_out_of_range(tmp_path, board_doc):
    board_doc["spaces"][4]["heal"] = -1
    path = _write(tmp_path, "range.json", board_doc)
    with pytest.raises(BoardDataError) as err:
        load_board(path)
    _check(err.value, path, "$.spaces[4].heal", "expected", "minimum")


def test_board_invalid_json(tmp_path):
    path = _write(tmp_path, "garbled.json", '{"format": "clankwidget-board", "spaces": [,]}')
    with pytest.raises(BoardDataError) as err:
        load_board(path)
    _check(err.value, path, "$", "not valid JSON", "line 1")


def test_board_without_start(tmp_path, board_doc):
    board_doc["spaces"][0]["start"] = False
    path = _write(tmp_path, "nostart.json", board_doc)
    with pytest.raises(BoardDataError) as err:
        load_board(path)
    _check(err.value, path, "$.spaces", "expected exactly one", "start")


def test_board_duplicate_space_id(tmp_path, board_doc):
    board_doc["spaces"][5]["id"] = board_doc["spaces"][4]["id"]
    path = _write(tmp_path, "dup.json", board_doc)
    with pytest.raises(BoardDataError) as err:
        load_board(path)
    _check(err.value, path, "$.spaces[5].id", "unique", "$.spaces[4]")


def test_unknown_board_name():
    with pytest.raises(BoardDataError) as err:
        load_board("no-such-board")
    assert "teaching-dungeon" in str(err.value)


def test_cards_unknown_card_in_dungeon_deck(tmp_path, cards_doc):
    cards_doc["dungeon_deck"][2]["card"] = "dragon-slayer"
    path = _write(tmp_path, "deck.json", cards_doc)
    with pytest.raises(BoardDataError) as err:
        load_cards(path)
    _check(err.value, path, "$.dungeon_deck[2].card", "expected", "dragon-slayer")


def test_cards_unknown_effect_key(tmp_path, cards_doc):
    i = _card_index(cards_doc, "tunnel-runner")
    cards_doc["cards"][i]["play"] = [{"bots": 2}]
    path = _write(tmp_path, "effect.json", cards_doc)
    with pytest.raises(BoardDataError) as err:
        load_cards(path)
    _check(err.value, path, f"$.cards[{i}].play[0]", "expected a known effect", "bots", "README")


def test_cards_unknown_effect_inside_choose(tmp_path, cards_doc):
    i = _card_index(cards_doc, "fork-in-the-tunnel")
    cards_doc["cards"][i]["play"][0]["choose"][1] = [{"skil": 2}]
    path = _write(tmp_path, "choose.json", cards_doc)
    with pytest.raises(BoardDataError) as err:
        load_cards(path)
    _check(err.value, path, f"$.cards[{i}].play[0].choose[1][0]", "expected a known effect", "skil")


def test_cards_unknown_effect_inside_if_then(tmp_path, cards_doc):
    i = _card_index(cards_doc, "lamplighter")
    cards_doc["cards"][i]["play"][1]["then"] = [{"drow": 1}]
    path = _write(tmp_path, "ifthen.json", cards_doc)
    with pytest.raises(BoardDataError) as err:
        load_cards(path)
    _check(err.value, path, f"$.cards[{i}].play[1].then[0]", "expected a known effect", "drow")


def test_cards_misspelled_condition(tmp_path, cards_doc):
    i = _card_index(cards_doc, "lamplighter")
    cards_doc["cards"][i]["play"][1]["if"] = {"companions": True}
    path = _write(tmp_path, "cond.json", cards_doc)
    with pytest.raises(BoardDataError) as err:
        load_cards(path)
    _check(err.value, path, f"$.cards[{i}].play[1].if", "companions")


def test_cards_starter_in_dungeon_deck(tmp_path, cards_doc):
    cards_doc["dungeon_deck"][0]["card"] = "burgle"
    path = _write(tmp_path, "starter.json", cards_doc)
    with pytest.raises(BoardDataError) as err:
        load_cards(path)
    _check(
        err.value, path, "$.dungeon_deck[0].card", "expected an ordinary, device or monster card"
    )


def test_cards_monster_without_defeat(tmp_path, cards_doc):
    i = _card_index(cards_doc, "goblin")
    del cards_doc["cards"][i]["defeat"]
    path = _write(tmp_path, "monster.json", cards_doc)
    with pytest.raises(BoardDataError) as err:
        load_cards(path)
    _check(err.value, path, f"$.cards[{i}]", "defeat")


def test_cards_wrong_type_in_setup(tmp_path, cards_doc):
    cards_doc["setup"]["health"] = "ten"
    path = _write(tmp_path, "setup.json", cards_doc)
    with pytest.raises(BoardDataError) as err:
        load_cards(path)
    _check(err.value, path, "$.setup.health", "integer")


def test_board_from_dict_does_not_mutate(board_doc):
    """Board.from_dict reads the document without changing it (the loader may cache it)."""
    from clankwidget.data import Board

    before = copy.deepcopy(board_doc)
    Board.from_dict(board_doc, "teaching-dungeon.json")
    assert board_doc == before


# ---------------------------------------------------------------------------
# The format documentation


def test_readme_worked_example_loads(tmp_path):
    """The 3-room board in board_data/README.md (section 7) is a valid board."""
    readme = (board_data_dir() / "README.md").read_text(encoding="utf-8")
    block = readme.split("<!-- example-board -->", 1)[1].split("```json", 1)[1].split("```", 1)[0]
    path = _write(tmp_path, "three-rooms.json", block)
    b = load_board(path)
    assert len(b.spaces) == 3 and b.start == "door"
    assert [p.other_end("vault") for p in b.exits("vault")] == ["hall", "door"]
    assert b.space("vault").artifact == 10 and b.space("vault").depths


def test_readme_documents_every_schema_field():
    """Every field the schemas allow is named in board_data/README.md."""
    readme = (board_data_dir() / "README.md").read_text(encoding="utf-8")
    missing = []
    for kind in ("board", "cards"):
        schema = json.loads((board_data_dir() / "schema" / f"{kind}.schema.json").read_text())
        names = set(schema["properties"])
        for d in schema["$defs"].values():
            names |= set(d.get("properties", {}))
        for option in schema["$defs"].get("effect", {}).get("oneOf", []):
            names |= set(option.get("properties", {}))
        missing += [n for n in sorted(names) if f"`{n}`" not in readme]
    assert not missing, f"not documented: {missing}"


def test_a_folder_named_as_a_shipped_file_hides_nothing(tmp_path, monkeypatch):
    """A teacher's folder called ``teaching-dungeon`` (or a stray file ``clank-teaching``)
    next to the notebook: a shipped name still means the shipped file, for every loader;
    ``./teaching-dungeon`` means the one here."""
    from clankwidget import Game
    from clankwidget.campaign import Campaign
    from clankwidget.positions import load_position

    monkeypatch.chdir(tmp_path)
    for name in ("teaching-dungeon", "moonrakers-teaching", "last-dash", "quillmere-charter"):
        (tmp_path / name).mkdir()
    (tmp_path / "clank-teaching").write_text("{}")
    game = Game.new("clank", players=2, seed=1)
    assert (game.board.id, game.rules.cards.id) == ("teaching-dungeon", "clank-teaching")
    assert Game.new("moonrakers", players=2, seed=1).legal_actions()
    assert load_position("last-dash")["board"] == "teaching-dungeon"
    assert Campaign.start("quillmere-charter").next == 0
    with pytest.raises(BoardDataError, match=r"teaching-dungeon: \$: cannot be read"):
        load_board("./teaching-dungeon")
    with pytest.raises(BoardDataError, match=r"clank-teaching"):
        load_cards("./clank-teaching")


def test_unreachable_lists_the_rooms_no_path_leads_to():
    assert load_board("teaching-dungeon").unreachable() == ()
    assert load_board("legacy-teaching").unreachable() == ()
    doc = copy.deepcopy(load_board("teaching-dungeon").raw)
    cut = {"lava-terrace", "hoard-lip"}  # two rooms of the Depths, every path to them cut
    doc["paths"] = [p for p in doc["paths"] if not {p["from"], p["to"]} & cut]
    board = Board.from_dict(doc)  # it loads: such boards are the path lessons' own
    assert set(board.unreachable()) >= cut
    assert list(board.unreachable()) == [s for s in board.space_ids if s in board.unreachable()]
    doc["paths"] = []
    assert len(Board.from_dict(doc).unreachable()) == len(doc["spaces"]) - 1
    with pytest.raises(ValueError, match="no start space"):
        load_board("space-command").unreachable()
