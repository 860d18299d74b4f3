"""What the board shows while the pointer rests on something: a space's routes and the
next attack's odds. Pure reads of the game for one seat: they change nothing."""

from __future__ import annotations

import contextlib
from typing import Any

from ..game import Game
from ..registry import edition
from ._intents import IntentError
from .routes import option_view, route_survival, step_view
from .view import RoutePlan, edition_part, terms


def _paths():
    from .. import paths

    return paths


def hover_space(g: Game, seat: int | None, busy: bool, id: str) -> dict:
    """The route preview of a space: whether and how the person at ``seat`` gets there
    this turn (each option's cost and steps, the chance to get out alive along it when it
    matters), and the way there over several turns. A preview: it changes nothing."""
    if g.board is None:
        raise IntentError(f"a {g.edition} game has no map to move on")
    if id not in g.board:
        raise IntentError(f"there is no {terms(g)['space']} {id!r}")
    space = g.board.space(id)
    reply: dict[str, Any] = {
        "kind": "route",
        "id": id,
        "name": space.name,
        "reachable": False,
        "options": [],
        "distance": None,
    }
    paths = _paths()
    if paths is None or seat is None:
        return reply
    me = g.players[seat]
    if me.is_in:
        ctx = g.rules.path_context(g.state, me)  # keys, and a Canoe and Gold (Legacy)
        ways = {k: ctx[k] for k in ("keys", "canoe", "gold") if k in ctx}
        try:
            table = paths.distance_table(g.board, [id], **ways)
            d = float(table[g.board.index(me.space), 0])
            reply["distance"] = None if d == float("inf") else int(d)
            if reply["distance"]:  # the way there, drawn even when out of reach
                legs = paths.journey(g.board, me.space, id, **ways).legs
                reply["far"] = [leg.space for leg in legs]
                reply["far_steps"] = [step_view(leg) for leg in legs]  # which legs are rides
        except Exception:  # the helper may be missing or change; the preview is optional
            pass
    my_turn = not busy and not g.is_over and g.state.current == seat and not g.pending
    if my_turn and id != me.space and me.is_in:
        plan = RoutePlan(g)
        if id in plan:
            reply["reachable"] = True
            # The chance to get out alive along each option, when it matters: the
            # countdown runs or the person is one attack from being knocked out.
            risky = g.state.countdown is not None or me.damage >= g.rules.health - 4
            for i, choice in enumerate(plan.options(id)):
                steps = plan.route(id, i)
                reply["options"].append(
                    {
                        **option_view(choice, steps),
                        "steps": [
                            {
                                **step_view(st),
                                "swords": st.swords,
                                "damage": st.damage,
                                "boots": st.boots,
                            }
                            for st in steps
                        ],
                    }
                )
                if risky:
                    with contextlib.suppress(Exception):  # a preview, never an error
                        reply["options"][-1]["survive"] = route_survival(g, id, i)
    return reply


def hover_bag(g: Game) -> dict:
    """The next attack's odds for each player still in (damage, expected, knock-out), with
    the edition's notes on what they count. A preview: never an error, but in an
    edition without the dragon's bag."""
    if not edition(g.edition).has("bag"):
        raise IntentError(f"a {g.edition} game has no dragon's bag of cubes")
    _cubes, draws = g.attack_cubes()
    reply: dict[str, Any] = {"kind": "odds", "available": False, "draws": draws, "players": []}
    try:
        odds = g.attack_odds()
    except ImportError:
        reply["message"] = "the odds module is not available"
        return reply
    except Exception as exc:  # odds are a preview: never let them break the board
        reply["message"] = f"odds unavailable: {exc}"
        return reply
    reply["available"] = True
    hit_all = g.rules.hit_all
    if hit_all:
        cubes, _ = g.attack_cubes()
        reply["hit_all"] = {"colour": hit_all, "cubes": int(cubes.get(hit_all, 0))}
    for p in g.players:
        if not p.is_in:
            continue
        try:
            dist = [float(x) for x in odds.damage(p.colour)]
            entry = {
                "colour": p.colour,
                "damage": dist,
                "expected": float(odds.expected(p.colour)),
                "knockout": float(odds.knockout(p.colour)),
            }
            clones = g.rules.clones(g.state, p)
            if clones:  # counted in the odds; the view marks who has them
                entry["clones"] = clones
            reply["players"].append(entry)
        except Exception as exc:
            reply["available"] = False
            reply["message"] = f"odds unavailable: {exc}"
            break
    # the edition's words on what the odds count (bounty hunters, clones)
    reply["notes"] = edition_part(g).odds_notes(reply)
    return reply
