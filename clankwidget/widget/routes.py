"""This turn's routes for the viewer, as the board widget offers them (``moves`` in the
view state, the ``move-to`` intent and the ``hover-space`` preview)."""

from __future__ import annotations

from .. import paths

__all__ = ["RoutePlan", "moves"]


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


def _option_view(choice, steps) -> dict:
    return {
        "boots": choice.boots,
        "swords": choice.swords,
        "damage": choice.damage,
        "teleports": choice.teleports,
        "lifts": sum(1 for st in steps if st.path == "lift"),
    }


def moves(game) -> list[dict]:
    """Spaces the current player can reach this turn, with the Pareto front of each."""
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
                "options": [_option_view(c, r) for c, r in zip(choices, routes, strict=True)],
                "route": [
                    {
                        "path": st.path if isinstance(st.path, int) else str(st.path),
                        "space": st.space,
                    }
                    for st in routes[0]
                ],
            }
        )
    return out
