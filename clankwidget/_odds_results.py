"""The result objects of :mod:`clankwidget.odds` (its tables, reprs and per-colour
lookups), apart from the functions that compute them. Import them from
:mod:`clankwidget.odds`.
"""

from __future__ import annotations

import math
from collections.abc import Mapping

import numpy as np

from ._odds_input import BLACK
from .errors import OddsInputError

# ---------------------------------------------------------------------------
# Shared behaviour of the results


def _fmt(p: float) -> str:
    # Rounded to 10 places first, so that float noise cannot tip a value that sits on a
    # tie (2.40625 = 77/32) one way or the other: the same odds always print the same.
    return f"{round(p, 10):.4f}"


def _render(title: str, rows: list[dict], columns: list[tuple[str, str]]) -> str:
    cells = [[head for _, head in columns]]
    for row in rows:
        line = []
        for key, _ in columns:
            value = row.get(key)
            if value is None:
                line.append("-")
            elif isinstance(value, float):
                line.append(_fmt(value))
            else:
                line.append(str(value))
        cells.append(line)
    widths = [max(len(r[j]) for r in cells) for j in range(len(columns))]
    lines = [title]
    for r in cells:
        first = r[0].ljust(widths[0])
        rest = [c.rjust(w) for c, w in zip(r[1:], widths[1:], strict=True)]
        lines.append("  " + "  ".join([first, *rest]))
    return "\n".join(lines)


class _PlayerResult:
    """Lookups by colour shared by the result classes."""

    __slots__ = ()
    colours: tuple[str, ...]
    health: Mapping[str, int]

    def _index(self, colour: str) -> int:
        try:
            return self.colours.index(colour)
        except ValueError:
            raise OddsInputError(
                f"unknown colour {colour!r}: the players are "
                f"{', '.join(map(repr, self.colours)) or 'none'}"
            ) from None

    def _health_of(self, colour: str) -> int:
        self._index(colour)
        if colour not in self.health:
            raise OddsInputError(
                f"no health known for {colour!r}: pass health={{{colour!r}: remaining}} "
                "to get knockout odds"
            )
        return self.health[colour]

    def damage(self, colour: str) -> np.ndarray:  # pragma: no cover - overridden
        raise NotImplementedError

    def expected(self, colour: str) -> float:
        """The expected damage to ``colour``."""
        dist = self.damage(colour)
        return float(np.arange(dist.size) @ dist)

    def _knockout_at(self, colour: str) -> float:
        return float(self.damage(colour)[self._health_of(colour) :].sum())

    def table(self) -> list[dict]:
        """One dict per player, for a lesson's table (e.g. ``pandas.DataFrame(odds.table())``).

        Keys: ``colour``, ``expected`` (damage), ``p_no_damage``, and, when ``health`` was
        given, ``health`` and ``knockout`` (``None`` for a player whose health is unknown).
        """
        rows = []
        for colour in self.colours:
            dist = self.damage(colour)
            row = {
                "colour": colour,
                "expected": self.expected(colour),
                "p_no_damage": float(dist[0]),
            }
            if self.health:
                known = colour in self.health
                row["health"] = self.health.get(colour)
                row["knockout"] = self._knockout_at(colour) if known else None
            rows.append(row)
        return rows

    def _columns(self) -> list[tuple[str, str]]:
        columns = [("colour", "colour"), ("expected", "expected"), ("p_no_damage", "P(no damage)")]
        if self.health:
            columns += [("health", "health"), ("knockout", "P(knockout)")]
        return columns


# ---------------------------------------------------------------------------
# One attack, exact


class AttackOdds(_PlayerResult):
    """The exact outcome of one dragon attack. Made by :func:`attack_odds`.

    Attributes
    ----------
    colours : tuple of str
        The players, in the order they first appear in ``cubes``.
    joint : numpy.ndarray
        ``joint[a_0, a_1, ...]`` is the probability that player ``colours[0]`` takes
        ``a_0`` damage, ``colours[1]`` takes ``a_1``, and so on: one axis per player, in
        the order of ``colours``; axis i has length
        ``min(drawn, cubes_i + max(0, hit_all - clones_i)) + 1``. With no players it is a
        0-d array holding 1.0.
    cubes : mapping
        The bag as given (colour -> cubes).
    draws : int
        Draws asked for. ``drawn`` is how many were drawn: ``min(draws, cubes in bag)``.
    hit_all : str or None
        The colour whose cubes hurt every player.
    health : mapping
        Remaining health of the players it was given for.
    clones : mapping
        Clones of the players that have some (each takes one ``hit_all`` cube's hit).
    """

    __slots__ = (
        "_marginals",
        "clones",
        "colours",
        "cubes",
        "drawn",
        "draws",
        "ends",
        "health",
        "hit_all",
        "joint",
    )

    def __init__(self, colours, joint, cubes, draws, drawn, hit_all, health, clones=None):
        self.clones = clones or {}
        self.colours = colours
        self.joint = joint
        self.cubes = cubes
        self.draws = draws
        self.drawn = drawn
        self.hit_all = hit_all
        self.health = health
        self._marginals = {}
        #: the attack empties the bag and so ends the game (see ``empty_ends``)
        self.ends = False

    def damage(self, colour: str) -> np.ndarray:
        """``p[a]`` = probability that ``colour`` takes exactly ``a`` damage (a new array)."""
        i = self._index(colour)
        dist = self._marginals.get(i)
        if dist is None:
            axes = tuple(j for j in range(self.joint.ndim) if j != i)
            dist = self._marginals[i] = self.joint.sum(axis=axes)
        return dist.copy()

    def knockout(self, colour: str) -> float:
        """The probability that ``colour`` is knocked out: damage >= remaining health.

        Needs ``health`` for ``colour`` (given to :func:`attack_odds`). 1 when the attack
        empties the bag and that ends the game (``empty_ends``).
        """
        return self._knockout_at(colour)

    def _knockout_at(self, colour: str) -> float:
        if self.ends:
            self._health_of(colour)
            return 1.0
        return super()._knockout_at(colour)

    def __repr__(self) -> str:
        n = sum(self.cubes.values())
        title = f"AttackOdds: draw {self.draws} of {n} cubes"
        if self.drawn < self.draws:
            title += f" (all {self.drawn} drawn)"
        if self.ends:
            title += " (the bag empties: the game ends)"
        rows = self.table()
        for row in rows:
            row["cubes"] = self.cubes.get(row["colour"], 0)
        extras = [f"{self.cubes.get(BLACK, 0)} black"]
        if self.hit_all is not None:
            extras.append(f"{self.cubes.get(self.hit_all, 0)} {self.hit_all} (hit all)")
        extras += [f"{c} has {n} clone{'s' if n > 1 else ''}" for c, n in self.clones.items()]
        title += f"; {', '.join(extras)}"
        cols = self._columns()
        return _render(title, rows, [cols[0], ("cubes", "cubes"), *cols[1:]])


# ---------------------------------------------------------------------------
# One attack, sampled


class SampledAttacks(_PlayerResult):
    """``n`` random draws of the same attack. Made by :func:`sample_attacks`.

    Attributes
    ----------
    counts : numpy.ndarray
        Shape ``(n, len(columns))``: ``counts[s, j]`` cubes of colour ``columns[j]`` drawn
        at attack ``s`` (``int16``, or ``int32`` for more than 32,767 draws).
    columns : tuple of str
        Every colour in the bag, in the order of ``cubes`` (black and hit_all included).
    colours : tuple of str
        The players, as in :class:`AttackOdds`.
    n, draws, drawn, cubes, hit_all, health, clones
        As given (``drawn = min(draws, cubes in bag)``).

    ``damage``, ``expected``, ``knockout`` and ``joint`` are the empirical counterparts of
    :class:`AttackOdds`'s, with the same shapes.
    """

    def __init__(self, counts, columns, colours, cubes, draws, drawn, hit_all, health, clones=None):
        self.clones = clones or {}
        self.counts = counts
        self.columns = columns
        self.colours = colours
        self.cubes = cubes
        self.draws = draws
        self.drawn = drawn
        self.hit_all = hit_all
        self.health = health
        self.n = counts.shape[0]
        self._red = self.columns.index(hit_all) if hit_all in self.columns else None

    def drawn_of(self, colour: str) -> np.ndarray:
        """Cubes of ``colour`` (any colour in the bag) drawn at each attack."""
        if colour not in self.columns:
            raise OddsInputError(
                f"unknown colour {colour!r}: the bag holds {', '.join(map(repr, self.columns))}"
            )
        return self.counts[:, self.columns.index(colour)]

    def damage_samples(self, colour: str) -> np.ndarray:
        """The damage ``colour`` took at each sampled attack (int64, length ``n``)."""
        self._index(colour)
        out = self.counts[:, self.columns.index(colour)].astype(np.int64)
        if self._red is not None:
            out += np.maximum(self.counts[:, self._red] - self.clones.get(colour, 0), 0)
        return out

    def _size(self, colour: str) -> int:
        red = self.cubes.get(self.hit_all, 0) if self.hit_all is not None else 0
        return min(self.drawn, self.cubes[colour] + max(0, red - self.clones.get(colour, 0))) + 1

    def damage(self, colour: str) -> np.ndarray:
        """Share of the attacks in which ``colour`` took exactly ``a`` damage, at ``[a]``."""
        hits = np.bincount(self.damage_samples(colour), minlength=self._size(colour))
        return hits / self.n

    def knockout(self, colour: str) -> float:
        """Share of the attacks that knocked ``colour`` out (needs ``health``)."""
        return self._knockout_at(colour)

    @property
    def joint(self) -> np.ndarray:
        """The empirical joint distribution, with the axes of :attr:`AttackOdds.joint`."""
        shape = tuple(self._size(c) for c in self.colours)
        if not shape:
            return np.array(1.0)
        index = np.ravel_multi_index(tuple(self.damage_samples(c) for c in self.colours), shape)
        return (np.bincount(index, minlength=math.prod(shape)) / self.n).reshape(shape)

    def __repr__(self) -> str:
        n = sum(self.cubes.values())
        title = f"SampledAttacks: {self.n:,} attacks drawing {self.draws} of {n} cubes"
        return _render(title, self.table(), self._columns())


# ---------------------------------------------------------------------------
# Many attacks


class KnockoutOdds(_PlayerResult):
    """Knockout odds over a sequence of attacks. Made by :func:`knockout_odds`.

    Attributes
    ----------
    colours : tuple of str
        The players (the keys of ``health``).
    health : mapping
        Remaining health before the first attack.
    cumulative : numpy.ndarray
        Shape ``(len(attacks), len(colours))``: ``cumulative[t, i]`` is the probability
        that player i has been knocked out by the end of attack t (damage so far >= health).
    by_attack : numpy.ndarray
        Shape ``(len(attacks), len(colours), most + 1)``: ``by_attack[t, i, a]`` is the
        probability that player i has taken ``a`` damage in total after attack t; ``most``
        is the most damage any player could take over the sequence.
    attacks : tuple of Attack
    method : str
        ``"exact"`` or ``"simulate"``. ``n`` is the number of simulated sequences (``None``
        when exact); ``steps`` the DP transitions made (``None`` when simulated).
    """

    def __init__(self, colours, health, by_attack, attacks, method, n, steps):
        self.colours = colours
        self.health = health
        self.by_attack = by_attack
        self.attacks = attacks
        self.method = method
        self.n = n
        self.steps = steps
        hp = np.array([health[c] for c in colours], dtype=np.int64)
        reach = np.arange(by_attack.shape[2])[None, None, :] >= hp[None, :, None]
        self.cumulative = (by_attack * reach).sum(axis=2)

    def damage(self, colour: str, after: int = -1) -> np.ndarray:
        """``p[a]`` = probability that ``colour`` has taken ``a`` damage in total after attack
        ``after`` (default: the last; counted from 0, negative from the end)."""
        i = self._index(colour)
        n_attacks = len(self.attacks)
        if isinstance(after, bool) or not isinstance(after, (int, np.integer)):
            raise OddsInputError(f"after must be an attack number, got {after!r}")
        if not -n_attacks <= after < n_attacks:
            raise OddsInputError(
                f"after={after} is out of range: there are {n_attacks} attacks (0..{n_attacks - 1})"
            )
        return self.by_attack[after, i].copy()

    def knockout(self, colour: str) -> np.ndarray:
        """Probability that ``colour`` is knocked out by the end of each attack (cumulative)."""
        return self.cumulative[:, self._index(colour)].copy()

    def _knockout_at(self, colour: str) -> float:
        return float(self.cumulative[-1, self._index(colour)])

    def __repr__(self) -> str:
        how = "exact" if self.method == "exact" else f"simulated, n={self.n:,}"
        draws = ", ".join(str(a.draws) for a in self.attacks)
        title = f"KnockoutOdds: {len(self.attacks)} attacks drawing {draws} ({how})"
        rows = self.table()
        cols = [
            ("colour", "colour"),
            ("health", "health"),
            ("expected", "expected damage"),
            ("knockout", "P(knocked out)"),
        ]
        return _render(title, rows, cols)
