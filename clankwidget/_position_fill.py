"""The fill-in of a short position description: what a change does not name makes up the
difference (a card put in a hand comes from where it was, damage from the supply, an
artifact given to a player leaves the board), so cards, cubes and components stay
conserved. :func:`clankwidget.positions.position` and ``changed`` call :func:`_balance`
(map editions) or :func:`_balance_table` (editions played at a table)."""

from __future__ import annotations

import copy
from collections import Counter
from typing import Any

from . import registry
from ._position_checks import _COUNTED, _artifacts_held, _crowns_held, _market_items
from .rules.state import GameState


class _Pinned(str):
    """A card a change put at one index of a list: the balance never moves it."""


_PLAYER_ZONES = ("deck", "discard", "hand", "play")
_TABLE_ZONES = ("row", "dungeon_deck", "dungeon_discard", "trash")


def _balance(rules, state: dict, fresh: dict, named: set) -> None:
    """Make up what ``changes`` moved from the places it did not name (see :func:`position`)."""
    players = state["players"]

    def zones():
        for i, p in enumerate(players):
            for z in _PLAYER_ZONES:
                if isinstance(p.get(z), list):
                    yield ("players", i, z), p[z], fresh["players"][i][z]
        for z in _TABLE_ZONES:
            if isinstance(state.get(z), list):
                yield (z,), state[z], fresh.get(z, [])

    def census(st):
        out = Counter(c for p in st["players"] for z in _PLAYER_ZONES for c in p.get(z) or ())
        for z in _TABLE_ZONES:
            out.update(c for c in st.get(z) or () if c)
        for cid, k in (st.get("reserve") or {}).items():
            if isinstance(k, int) and fresh.get("reserve", {}).get(cid, 0) is not None:
                out[cid] += k
        return out

    def free(path):
        return _free(path, named)

    def player_sources(i):
        return [("players", i, z) for z in ("deck", "discard", "hand", "play")]

    table_sources = [("dungeon_deck",), ("dungeon_discard",)]
    have, want = census(state), census(fresh)
    for cid in sorted(set(have) | set(want)):
        if fresh.get("reserve", {}).get(cid, 0) is None:
            continue  # an unlimited reserve pile
        surplus = have[cid] - want[cid]
        if surplus > 0:  # named somewhere new: take it from where it was
            added = next(
                (path for path, now, was in zones() if now.count(cid) > was.count(cid)), ()
            )
            owner = added[1] if added[:1] == ("players",) else None
            sources = player_sources(owner) if owner is not None else []
            sources += [*table_sources, ("reserve", cid)]
            sources += [z for i in range(len(players)) if i != owner for z in player_sources(i)[:2]]
            sources += [("trash",)]
            for path in sources:
                if surplus <= 0:
                    break
                if not free(path):
                    continue
                if path[0] == "reserve":
                    surplus -= _off_the_reserve(state, cid, surplus)
                    continue
                pile = _at(state, path)
                spare = [j for j, c in enumerate(pile) if c == cid and not isinstance(c, _Pinned)]
                for j in reversed(spare[:surplus]):  # the first copies: the bottom of a pile
                    del pile[j]
                surplus -= len(spare[:surplus])
        elif surplus < 0:  # pushed out by a change: put it back where it belongs
            missing = -surplus
            origin = next(
                (path for path, now, was in zones() if now.count(cid) < was.count(cid)), None
            )
            if origin is not None and origin[0] == "players":
                homes = [("players", origin[1], "discard"), ("players", origin[1], "deck")]
            elif origin is not None:
                homes = [("dungeon_deck",), ("dungeon_discard",)]
            else:
                homes = [("reserve", cid)]  # taken off a reserve pile: out of the game
            homes.append(("trash",))
            home = next(
                (h for h in homes if free(h) and (h[0] != "reserve" or cid in state["reserve"])),
                None,
            )
            if home is None:
                continue  # every home is named: the check says what does not add up
            if home[0] == "reserve":
                state["reserve"][cid] += missing
            elif home == ("dungeon_deck",):
                state["dungeon_deck"][:0] = [cid] * missing  # under the deck
            else:
                _at(state, home).extend([cid] * missing)
    _balance_rage(rules, state, fresh, named)
    _balance_cubes(rules, state, fresh, named)
    _balance_components(rules, state, fresh, named)
    _balance_secrets(rules, state, fresh, named)


def _balance_table(state: dict, fresh: dict, named: set) -> None:
    """The balance of an edition without a map (Moonrakers), whose decks and offers are
    lists of names in ``extra`` (contracts, ship parts, objectives, crew): a component
    named somewhere new comes from the first place it was (its player's own cards and
    lists, then the table's lists in their order, the reserve, the other players); one a
    change pushed out of a player's cards goes to that player's discard, and one pushed
    out of a list takes the place, in the list it came from, of what replaced it (a swap:
    a contract put in a Dispatch slot sends the one there to where it came from)."""

    def places(st):
        for i, p in enumerate(st["players"]):
            for z in _PLAYER_ZONES:
                yield ("players", i, z), p[z]
            for key, value in (p.get("extra") or {}).items():
                if _names(value):
                    yield ("players", i, "extra", key), value
        for key, sub in (st.get("extra") or {}).items():
            for k, value in sub.items() if isinstance(sub, dict) else ():
                if _names(value):
                    yield ("extra", key, k), value

    def census(st):
        out = Counter(c for _, names in places(st) for c in names)
        out.update({c: k for c, k in (st.get("reserve") or {}).items() if isinstance(k, int)})
        return out

    was = dict(places(fresh))
    now = dict(places(state))
    have, want = census(state), census(fresh)
    holes: dict[tuple, list] = {}  # a place a component was added to: where each came from
    for cid in sorted(c for c in have if have[c] > want[c]):
        added = next(
            (
                path
                for path, names in now.items()
                if names.count(cid) > was.get(path, []).count(cid)
            ),
            (),
        )
        owner = added[1] if added[:1] == ("players",) else None
        mine = [path for path in now if owner is not None and path[:2] == ("players", owner)]
        table = [path for path in now if path[0] == "extra"]
        others = [path for path in now if path[0] == "players" and path not in mine]
        surplus = have[cid] - want[cid]
        for path in [*mine, *table, ("reserve", cid), *others]:
            if surplus <= 0:
                break
            if not _free(path, named):
                continue
            if path[0] == "reserve":
                surplus -= _off_the_reserve(state, cid, surplus)
                continue
            names = now[path]
            while surplus > 0:
                j = next(
                    (j for j, c in enumerate(names) if c == cid and not isinstance(c, _Pinned)),
                    None,
                )
                if j is None:
                    break
                del names[j]
                holes.setdefault(added, []).append((path, j))
                surplus -= 1
    for cid in sorted(c for c in want if have[c] < want[c]):
        for _ in range(want[cid] - have[cid]):
            origin = next(
                (p for p, names in now.items() if names.count(cid) < was.get(p, []).count(cid)),
                None,
            )
            if origin is None:
                break  # the check says what does not add up
            if origin[0] == "players" and origin[2] in _PLAYER_ZONES:
                home = ("players", origin[1], "discard")
                if _free(home, named):
                    now[home].append(cid)
                    was[origin] = [*was[origin]]
                    was[origin].remove(cid)
                    continue
                break
            if not holes.get(origin):
                break
            path, j = holes[origin].pop(0)
            now[path].insert(j, cid)
            was[origin] = [*was[origin]]
            was[origin].remove(cid)


def _off_the_reserve(state: dict, cid: str, n: int) -> int:
    """Take up to ``n`` of ``cid`` off its reserve pile; how many were there to take."""
    k = min(n, state.get("reserve", {}).get(cid) or 0)
    if k:
        state["reserve"][cid] -= k
    return k


def _names(value) -> bool:
    return isinstance(value, list) and all(isinstance(v, str) for v in value)


def _free(path: tuple, named: set) -> bool:
    """Whether ``changes`` left the place at ``path`` (and every place around it) alone."""
    return not any(path[:k] in named for k in range(1, len(path) + 1))


def _at(state: dict, path: tuple) -> list:
    out: Any = state
    for key in path:
        out = out[key]
    return out


def _balance_rage(rules, state: dict, fresh: dict, named: set) -> None:
    """A rage marker a change moved up does what climbing does in play (the edition's
    ``after_rage``: aboard a ship, the bounty hunters it passes join the Clank! area and
    its lockdown place seals a hyperlift). When ``changes`` named any place that would
    change, the description is taken as it is (the check says what does not fit)."""
    before, after = fresh.get("rage"), state.get("rage")
    if ("rage",) not in named or type(before) is not int or type(after) is not int:
        return
    if after <= before:
        return
    try:
        s = GameState.from_dict({**copy.deepcopy(state), "edition": ""})
        rules.after_rage(s, before)
    except (KeyError, TypeError, AttributeError, ValueError):
        return  # the check names what is wrong
    done = s.to_dict()
    moved = []  # the places climbing changed: a field, or a field's key (extra.lockdown)
    for key, value in done.items():
        was = state.get(key)
        if key not in state or key in ("log", "events") or value == was:
            continue
        if isinstance(value, dict) and isinstance(was, dict):
            moved += [(key, k) for k in value.keys() | was.keys() if value.get(k) != was.get(k)]
        else:
            moved.append((key,))
    if all(_free(path, named) and not any(n[: len(path)] == path for n in named) for path in moved):
        for path in moved:
            holder = state if len(path) == 1 else state[path[0]]
            holder[path[-1]] = copy.deepcopy(_at(done, path))


def _balance_cubes(rules, state: dict, fresh: dict, named: set) -> None:
    """A player's cubes come from (go back to) the supply, or the bag when the supply is
    named; other colours from the bag, then the cubes set aside."""
    if not registry.edition(rules.edition).has("bag"):
        return
    try:
        have = rules.cube_census(GameState.from_dict({**copy.deepcopy(state), "edition": ""}))
        want = rules.cube_census(GameState.from_dict({**copy.deepcopy(fresh), "edition": ""}))
    except (KeyError, TypeError, AttributeError, ValueError):
        return  # the check names what is wrong
    seats = {p["colour"]: i for i, p in enumerate(state["players"])}
    for colour in sorted(set(have) | set(want)):
        diff = have.get(colour, 0) - want.get(colour, 0)
        if not diff:
            continue
        if colour in seats:
            seat = seats[colour]
            places = [(("players", seat, "supply"), state["players"][seat], "supply")]
            places.append((("bag", colour), state["bag"], colour))  # a named supply
        else:
            places = [(("bag", colour), state["bag"], colour)]
            if isinstance(state.get("aside"), dict):
                places.append((("aside", colour), state["aside"], colour))
        for path, holder, key in places:
            if not _free(path, named):
                continue
            take = min(diff, holder.get(key, 0)) if diff > 0 else diff
            holder[key] = holder.get(key, 0) - take
            diff -= take
            if not diff:
                break


def _balance_components(rules, state: dict, fresh: dict, named: set) -> None:
    """Artifacts, market items, crowns and counted components a change gave players (or
    took from them) come off (go back to) the board, the market or the supply in
    ``extra``, unless the change names that place too. Market items a change took off
    the market (``{"market": {"master-key": 0}}``) were bought by the players it did not
    name, in turn from the first seat; crystals and Arcade Cabinets it took off their
    supply are held by the players it did not name, the player to move last."""
    players, players0 = state["players"], fresh["players"]
    board = state.get("artifacts", {})
    gained = _artifacts_held(players) - _artifacts_held(players0)
    spaces = rules.board.spaces if rules.board is not None else ()
    rooms = Counter(sp.artifact for sp in spaces if sp.artifact)
    # taken off the board by the change itself ({"artifacts": {"cm-20": null}})
    taken = Counter(v for k, v in fresh.get("artifacts", {}).items() if k not in board)
    for value in sorted(gained.elements()):
        if taken[value] > 0:
            taken[value] -= 1
            continue
        free = [k for k in board if _free(("artifacts", k), named)]
        sid = next((k for k in free if board[k] == value), None)
        there = Counter(board.values())[value] + _artifacts_held(players)[value]
        if sid is None and free and there <= rooms[value]:
            sid = free[-1]  # the set-up took this one out (at random): another leaves instead
        if sid is not None:
            del board[sid]
    market = state.get("market", {})
    bought = _market_items(players)
    bought.subtract(_market_items(players0))
    for item, n in bought.items():
        if n and item in market and _free(("market", item), named):
            market[item] -= n
    if fresh.get("crowns") and _free(("crowns",), named):
        for points in (_crowns_held(players) - _crowns_held(players0)).elements():
            if points in state["crowns"]:
                state["crowns"].remove(points)
    buyers = [p for i, p in enumerate(players) if _free(("players", i, "tokens"), named)]
    stock = Counter(fresh.get("market", {})) + _market_items(players0)
    for item in sorted(stock):
        sold = stock[item] - market.get(item, 0) - _market_items(players)[item]
        if sold <= 0 or _free(("market", item), named) or not buyers:
            continue
        data = getattr(rules, "_market", {}).get(item, {"name": item, "grants": item})
        for k in range(sold):
            points = data.get("points", 0)
            if data.get("grants") == "crown" and state.get("crowns"):
                points = state["crowns"].pop(0)
            elif isinstance(points, list):
                points = points[0] if points else 0
            token = {"kind": "market", "id": item, "name": data["name"], "points": points}
            buyers[k % len(buyers)]["tokens"].append({**token, "grants": data["grants"]})
    extra = state.get("extra") or {}
    for key, (left, held_by, give) in _COUNTED.items():
        if key not in (fresh.get("extra") or {}):
            continue
        held = sum((held_by(p) for p in players), Counter())
        diff = held.copy()
        diff.subtract(sum((held_by(p) for p in players0), Counter()))
        for k, n in diff.items():
            if not n:
                continue
            if isinstance(extra[key], int) and _free(("extra", key), named):
                extra[key] -= n
            elif isinstance(extra[key], dict) and k in extra[key]:  # a cabinet by name
                if _free(("extra", key, k), named):
                    extra[key][k] -= n
            elif isinstance(extra[key], dict) and _free(("extra", key), named):
                # an escape pod from the first pod bay with one left (or back to it)
                bay = next((b for b, left in extra[key].items() if left > 0 or n < 0), None)
                if bay is not None:
                    extra[key][bay] -= n
        # taken off a supply a change named: the players it did not name hold them
        stock = left(fresh["extra"][key]) + sum((held_by(p) for p in players0), Counter())
        takers = [  # not the player to move, unless they are the only one
            p
            for i, p in enumerate(players)
            if _free(("players", i, "extra", key), named) and i != state["current"]
        ] or [p for i, p in enumerate(players) if _free(("players", i, "extra", key), named)]
        for k, n in (stock - left(extra[key]) - held).items():
            for j in range(n if give and takers else 0):
                give(takers[j % len(takers)], k, 1)
    for i, p in enumerate(players):
        cubes = p.get("extra") or {}
        if "hacked" not in cubes or "data" not in cubes:
            continue
        if not _free(("players", i, "extra", "data"), named):
            continue
        was = players0[i]["extra"]
        cubes["data"] = was["data"] + len(was["hacked"]) - len(cubes["hacked"])
        ports = extra.get("ports")
        if ports is None:
            continue
        for sid in cubes["hacked"]:
            if _free(("extra", "ports", sid), named):
                ports[sid] = p["colour"]
        for sid in [k for k, c in ports.items() if c == p["colour"]]:
            if sid not in cubes["hacked"] and _free(("extra", "ports", sid), named):
                del ports[sid]


def _balance_secrets(rules, state: dict, fresh: dict, named: set) -> None:
    """Secrets a change gave players come off a place the set-up left one: a list kept
    aside (Legacy's Bank), else a space, unless the change names that place too."""
    ids = {t["id"] for group in rules.cards.secrets.values() for t in group}

    def held(players):
        return Counter(t.get("id") for p in players for t in p["tokens"] if t.get("id") in ids)

    extra, spaces = state.get("extra") or {}, state.get("space_tokens") or {}
    places = [(("extra", k), v) for k, v in extra.items() if isinstance(v, list)]
    places += [(("space_tokens", sid), stack) for sid, stack in spaces.items()]
    for tid, n in (held(state["players"]) - held(fresh["players"])).items():
        for _ in range(n):
            where = next(
                (
                    (path, stack)
                    for path, stack in places
                    if _free(path, named) and any(_is(t, tid) for t in stack)
                ),
                None,
            )
            if where is None:
                break
            path, stack = where
            stack.pop(next(i for i, t in enumerate(stack) if _is(t, tid)))
            if path[0] == "space_tokens" and not stack:
                del spaces[path[1]]


def _is(token, tid: str) -> bool:
    return isinstance(token, dict) and token.get("id") == tid
