"""This turn's routes for the viewer, as the board widget offers them (``moves`` in the
view state, the ``move-to`` intent and the ``hover-space`` preview)."""

from __future__ import annotations

from .. import paths

__all__ = ["RoutePlan", "moves", "route_survival"]


class RoutePlan:
    """This turn's routes for the current player, as the view offers them.

    :func:`clankwidget.paths.turn_options` on the game, which takes the player's
    movement from the edition (a ship's lifts and pads, its sealed command module).
    ``options(id)`` lists the choices for a space, cheapest first; the index into that
    list is the ``option`` of a ``move-to`` intent.
    """

    def __init__(self, game):
        self.game = game
        self._opts = paths.turn_options(game)

    @property
    def available(self) -> bool:
        return self._opts is not None

    @property
    def reachable(self) -> list[str]:
        """Spaces other than the player's own that can be reached, in board order."""
        if self._opts is None:
            return []
        here = self.game.current_player.space
        return [sid for sid in self._opts.reachable if sid != here]

    def __contains__(self, space_id: object) -> bool:
        return space_id in self.reachable

    def options(self, space_id: str) -> list:
        """The choices (``paths.Choice``) for ``space_id``, cheapest first."""
        return self._opts.options(space_id) if space_id in self else []

    def route(self, space_id: str, option: int = 0) -> list:
        """The steps (``paths.Step``) of option ``option`` to ``space_id``."""
        return self._opts.route(space_id, option)


def route_survival(game, space_id: str, option: int = 0) -> float:
    """The chance that the current player is still standing after the next attack if
    they walk route ``option`` to ``space_id`` this turn: the damage the route costs
    (monsters paid with health) comes off their health first, then the exact knock-out
    odds of the next attack (the countdown's when it runs, its extra cubes counted) with
    everyone else as they are. The widget shows this number beside a route's cost.

    >>> route_survival(game, "moss-spring")  # doctest: +SKIP
    0.97
    """
    from .. import odds

    plan = RoutePlan(game)
    choices = plan.options(space_id)
    if not choices:
        raise ValueError(f"{space_id!r} cannot be reached this turn")
    if not 0 <= option < len(choices):
        raise ValueError(f"option must be from 0 to {len(choices) - 1}, got {option}")
    s, rules, me = game.state, game.rules, game.current_player
    health = {p.colour: rules.health - p.damage for p in game.players if p.is_in}
    health[me.colour] -= choices[option].damage
    if health[me.colour] <= 0:
        return 0.0
    cubes, draws = game.attack_cubes()
    clones = {p.colour: rules.clones(s, p) for p in game.players if p.is_in}
    clones = {c: n for c, n in clones.items() if n}
    result = odds.attack_odds(
        cubes, draws, health=health, hit_all=rules.hit_all, clones=clones or None
    )
    return 1.0 - float(result.knockout(me.colour))


def option_view(choice, steps) -> dict:
    """What one way to a space costs, as the view words it (``steps``: its route)."""
    return {
        "boots": choice.boots,
        "swords": choice.swords,
        "damage": choice.damage,
        "teleports": choice.teleports,
        "lifts": sum(1 for st in steps if st.path == "lift"),
        # Legacy's coach rides: how many, and the Gold they cost (0 elsewhere)
        "coaches": sum(1 for st in steps if st.path == "coach"),
        "gold": choice.gold,
    }


def step_view(step) -> dict:
    """One step of a route (a ``paths.Step`` or a journey's ``Leg``) as the map draws it:
    ``path`` a path index or the kind of ride ("teleport", "lift", "coach"), ``space``
    the space entered, ``gold`` the fare the step costs (a coach ride's; 0 on foot)."""
    return {
        "path": step.path if isinstance(step.path, int) else str(step.path),
        "space": step.space,
        "gold": step.gold,
    }


def moves(game) -> list[dict]:
    """Spaces the current player can reach this turn, with the Pareto front of each.

    A route's steps are ``{path, space, gold}`` (see :func:`step_view`): ``path`` a path
    index, or ``"teleport"``, ``"lift"`` or ``"coach"`` (a Legacy coach ride, drawn as a
    ride from stop to stop, its fare beside it)."""
    try:
        plan = RoutePlan(game)
    except Exception:  # route hints are a convenience: never let them break the view
        return []
    out = []
    for sid in plan.reachable:
        choices = plan.options(sid)
        routes = [plan.route(sid, i) for i in range(len(choices))]
        out.append(
            {
                "id": sid,
                "name": game.board.space(sid).name,
                "options": [option_view(c, r) for c, r in zip(choices, routes, strict=True)],
                "route": [step_view(st) for st in routes[0]],
            }
        )
    return out
