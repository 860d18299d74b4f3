"""The table around the board: who plays each seat, what happened since a person's last
turn, and warming the kernels the board calls before the first game shows."""

from __future__ import annotations

import contextlib
from collections.abc import Sequence

from ..bots import Bot, make_bot
from ..game import Game
from ..registry import edition
from .view import RoutePlan


def _since_summary(game: Game, mark: dict) -> dict:
    """What the others (and the dragon) did since the person's last turn ended, from the
    game's structured events: each player's trail of spaces, cards gained, defeated and
    bought, artifacts, Clank! added; each attack's drawn cubes and who they hurt."""
    s = game.state
    card = game.rules.card
    events = s.events[mark["events"] :]
    texts = s.log[mark["events"] :]
    players = {
        p.colour: {
            "colour": p.colour,
            "trail": [mark["spaces"].get(p.colour, p.space)],
            "gained": [],
            "defeated": [],
            "bought": [],
            "artifacts": 0,
            "clank": mark["clank"].get(p.colour, 0),
        }
        for p in game.players
    }
    attacks = []
    for e, text in zip(events, texts, strict=False):
        who = players.get(e.get("actor") or "")
        kind = e.get("kind")
        if kind == "attack":
            drawn = {c: int(n) for c, n in (e.get("drawn") or {}).items()}
            hurt = [{"colour": c, "damage": n} for c, n in drawn.items() if c in players]
            attacks.append({"text": text, "drawn": drawn, "hurt": hurt})
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
    me = game.players[game.state.current].colour
    return {
        "players": [v for c, v in players.items() if c != me],
        "attacks": attacks,
    }


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
            bar.set_postfix_str(name)
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
    bots = list(bots)
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
