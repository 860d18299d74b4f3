"""The table around the board: who plays each seat, what happened since a person's last
turn, and warming the kernels the board calls before the first game shows."""

from __future__ import annotations

import contextlib
from collections.abc import Iterable, Sequence

from ..bots import Bot, make_bot
from ..errors import at_most, shown
from ..game import Game
from ..registry import edition
from .view import RoutePlan


def _since_mark(game: Game) -> dict:
    """Where the game stands when the person's turn ends: the log's length, each
    player's space, points and gold (what :func:`_since_summary` counts from), and
    the Clank! made since, which :func:`_count_clank` adds up step by step."""
    scores = game.scores()
    return {
        "events": len(game.state.events),
        "spaces": {p.colour: p.space for p in game.players},
        "points": dict(scores),
        "gold": {p.colour: p.gold for p in game.players},
        "damage": {p.colour: p.damage for p in game.players},
        "clank": {},
    }


def _since_summary(game: Game, mark: dict, me: str | None = None) -> dict:
    """What the others (and the dragon) did since the person's last turn ended, from the
    game's structured events and the :func:`_since_mark`: each player's trail of spaces,
    cards gained, defeated and bought, artifacts, Clank! added, points and gold gained,
    damage on the health meter then and now,
    contracts chosen (the log's line, and how it went) and hazard dice rolled; each attack's drawn
    cubes and who they hurt. ``me`` (a colour, the person's) is left out."""
    s = game.state
    card = game.rules.card
    events = s.events[mark["events"] :]
    texts = s.log[mark["events"] :]
    scores = game.scores()
    players = {
        p.colour: {
            "colour": p.colour,
            "trail": [mark["spaces"].get(p.colour, p.space)],
            "gained": [],
            "defeated": [],
            "bought": [],
            "artifacts": 0,
            "clank": mark["clank"].get(p.colour, 0),
            "points": scores[p.colour] - mark.get("points", scores).get(p.colour, 0),
            "gold": p.gold - mark.get("gold", {}).get(p.colour, p.gold),
            # the health meter then and now (attacks, monsters, bounty hunters, heals)
            "damage": [mark.get("damage", {}).get(p.colour, p.damage), p.damage],
            "contracts": [],
            "rolled": [],
        }
        for p in game.players
    }
    attacks = []
    tried = None  # the last contract chosen: a result without a name belongs to it
    for e, text in zip(events, texts, strict=False):
        who = players.get(e.get("actor") or "")
        kind = e.get("kind")
        if kind == "attack":
            drawn = {c: int(n) for c, n in (e.get("drawn") or {}).items()}
            hurt = [{"colour": c, "damage": n} for c, n in drawn.items() if c in players]
            # a line of an attack that draws nothing (bounty hunters striking, a clone
            # taken) says itself who is hurt: None, not "nobody"
            attacks.append({"text": text, "drawn": drawn, "hurt": hurt if "drawn" in e else None})
        elif "success" in e and tried is not None:
            tried["result"] = "success" if e["success"] else "failure"
            tried = None
        elif who is None:
            continue
        elif kind == "move" and e.get("to"):
            who["trail"].append(e["to"])
        elif kind in ("gain", "defeat") and e.get("card"):
            key = "gained" if kind == "gain" else "defeated"
            who[key].append(card(e["card"]).name)
        elif kind == "buy":
            who["bought"].append(text)
        elif kind == "artifact":
            who["artifacts"] += 1
        elif kind == "hazard" and "faces" in e:
            who["rolled"].append(int(sum(e["faces"])))
        elif kind == "info" and e.get("contract"):
            tried = {"text": text, "result": None}
            who["contracts"].append(tried)
    if me is None:
        me = game.players[game.state.current].colour
    return {
        "players": [v for c, v in players.items() if c != me],
        "attacks": attacks,
    }


def _cubes_out(s) -> dict[str, int]:
    """Each colour's cubes in the Clank! area and the bag together."""
    return {c: s.clank_area.get(c, 0) + s.bag.get(c, 0) for c in {*s.clank_area, *s.bag}}


def _count_clank(mark: dict | None, s, before: dict[str, int], n_events: int) -> None:
    """Add the Clank! a bot's step made to the :func:`_since_mark`'s tally. ``before``:
    :func:`_cubes_out` before the step, ``n_events``: the events then. An attack in the
    step moves the area into the bag and draws cubes out of it, so the cubes made are
    what the area and the bag gained plus what the attacks drew: exact mid-attack too
    (the area alone would lose the cubes made before the attack emptied it)."""
    if mark is None:
        return
    drawn: dict[str, int] = {}
    for e in s.events[n_events:]:
        if e.get("kind") == "attack":
            for c, n in (e.get("drawn") or {}).items():
                drawn[c] = drawn.get(c, 0) + int(n)
    now = _cubes_out(s)
    for c in {*now, *before}:
        added = now.get(c, 0) - before.get(c, 0) + drawn.get(c, 0)
        if added > 0:
            mark["clank"][c] = mark["clank"].get(c, 0) + added


def _warm_kernels(game: Game) -> None:
    """Compile the kernels the board calls (route finding, attack odds), or load them from
    numba's cache, with a progress bar when that takes a while: on a cold cache about
    half a minute in which nothing else would show. A warm cache shows nothing."""
    from tqdm.auto import tqdm

    if not edition(game.edition).has("map"):  # no routes and no bag (Moonrakers)
        return
    steps = [("route finding", lambda: RoutePlan(game)), ("attack odds", game.attack_odds)]
    with tqdm(
        total=len(steps),
        desc="Preparing the board (first run: compiling)",
        delay=0.5,
        leave=False,
    ) as bar:
        for name, step in steps:
            bar.set_postfix_str(name, refresh=False)  # (a refresh would show it now)
            # The previews are optional: the board says so when one is asked for.
            with contextlib.suppress(Exception):
                step()
            bar.update()


def _make_bots(
    bots, n: int, humans: Sequence[int], seed: int, edition_name: str | None = None
) -> dict[int, Bot]:
    seats = [i for i in range(n) if i not in humans]
    if bots is None:
        bots = ["random"]
    if isinstance(bots, str | Bot):
        bots = [bots]
    elif not isinstance(bots, Iterable):
        raise ValueError(
            f"bots must be a bot's name, a bot or a list of them (one per bot seat), "
            f"got {shown(bots)}"
        )
    bots = at_most(bots, 64, "bots")  # (one per seat; an endless iterable is not read on)
    make = edition(edition_name).make_bot if edition_name is not None else make_bot
    if len(bots) == 1 and len(seats) > 1 and isinstance(bots[0], str):
        bots = bots * len(seats)
    if len(bots) != len(seats):
        raise ValueError(
            f"give one bot per bot seat: {len(seats)} seat(s) ({', '.join(map(str, seats))}) "
            f"and {len(bots)} bot(s)"
        )
    return {
        seat: make(b, seed=(seed * 31 + seat) % 2**32) for seat, b in zip(seats, bots, strict=True)
    }
