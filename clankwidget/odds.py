"""Dragon attack odds: what the bag will do to each player, exactly or by simulation.

At a dragon attack every cube in the Clank area goes into the dragon bag and some number of
cubes is drawn at random, without replacement. A black cube does nothing. A cube of a
player's colour is one damage to that player. In Clank! In! Space! a red "bounty hunter"
cube is one damage to *every* player; it still counts as one of the draws, and it goes back
to the Clank area afterwards, so it is in the bag again at the next attack. If more cubes
are to be drawn than the bag holds, all of them are drawn.

Three questions, three functions (Moonrakers' hazard dice have theirs in
:mod:`clankwidget.dice`, re-exported here):

* :func:`attack_odds` - the exact damage distribution of one attack (joint and per player);
* :func:`sample_attacks` - the same attack drawn ``n`` times at random, for lessons that
  show a simulation beside the exact answer;
* :func:`knockout_odds` - the chance each player is knocked out within a sequence of
  attacks, with cubes added before each and a draw count per attack (the countdown's extra
  draws, Legacy's danger cards, players out of the game drawing 4 or 6), exactly where
  that is tractable and by seeded simulation otherwise.

Colours are plain strings. ``"black"`` is always the inert colour; the colour that hurts
every player is ``hit_all`` (``"red"`` by default, ``None`` for editions without one);
every other colour is a player.

>>> odds = attack_odds({"blue": 3, "yellow": 2, "black": 24, "red": 2}, 4, health={"blue": 2})
>>> odds.colours
('blue', 'yellow')
>>> round(odds.expected("blue"), 4)  # 4 draws x (3 blue + 2 red) / 31 cubes
0.6452
>>> round(odds.knockout("blue"), 4)
0.1117
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

import numpy as np

from ._odds_input import (
    _DEFAULT_EXACT_STEPS,
    _MAX_JOINT,
    _MAX_KEY,
    BLACK,
    MAX_ATTACKS,
    MAX_BYTES,
    MAX_CUBES,
    MAX_EXACT_STEPS,
    MAX_WORK,
    _big,
    _check_bytes,
    _check_hit_all,
    _check_total,
    _check_work,
    _colour,
    _mapping,
    _parse_bag,
    _parse_clones,
    _parse_health,
    _rng_state,
    _whole,
)
from .dice import HazardOdds, MeetOdds, captain_meet_odds, hazard_odds, meet_odds
from .errors import OddsInputError
from .kernels.bag import (
    _attack_joint,
    _knockout_dp,
    _sample_draws,
    _simulate_knockouts,
)

__all__ = [
    "BLACK",
    "MAX_ATTACKS",
    "MAX_BYTES",
    "MAX_CUBES",
    "MAX_EXACT_STEPS",
    "MAX_WORK",
    "Attack",
    "AttackOdds",
    "HazardOdds",
    "KnockoutOdds",
    "MeetOdds",
    "OddsInputError",
    "SampledAttacks",
    "attack_odds",
    "captain_meet_odds",
    "hazard_odds",
    "knockout_odds",
    "meet_odds",
    "sample_attacks",
]


_CHUNK_WORK = 50_000_000  # cube draws per chunk of a long simulation (about half a second)
_PROGRESS_WORK = 4 * _CHUNK_WORK  # a bar is shown (progress=None) for runs longer than this


def _chunks(total_rows: int, row_work: int, progress: Any, desc: str):
    """``(start, stop)`` row ranges of a simulation, each about ``_CHUNK_WORK`` draws;
    with a tqdm bar when ``progress`` (``None``: when the run is long)."""
    per = max(1, _CHUNK_WORK // max(row_work, 1))
    if progress is None:
        progress = total_rows * row_work > _PROGRESS_WORK
    bar = None
    if progress and total_rows > per:
        from tqdm.auto import tqdm

        bar = tqdm(total=total_rows, desc=desc, unit="run", unit_scale=True, leave=False)
    try:
        for start in range(0, total_rows, per):
            stop = min(start + per, total_rows)
            yield start, stop
            if bar is not None:
                bar.update(stop - start)
    finally:
        if bar is not None:
            bar.close()


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


def _attack_scratch(counts: Sequence[int], red: int, black: int, drawn: int) -> int:
    """Words of scratch memory :func:`_attack_joint` allocates (its tail table is
    ``(drawn + 1) * (hit-all cubes + 1) * (last player's cubes + 1)`` pairs)."""
    k = len(counts)
    width = drawn + 1
    red_top = min(red, drawn)
    pairs = width * (red_top + 1) * (min(drawn, counts[-1]) + 1)
    return 5 * k + red_top + 1 + 2 * pairs + width + 1 + (k + 2) * width + k


# no clones, for up to 8 players: read-only zeros, made once (attack_odds is a hot call)
_NO_CLONES = tuple(np.zeros(k, np.int64) for k in range(9))
for _zeros in _NO_CLONES:
    _zeros.setflags(write=False)


def attack_odds(
    cubes: Mapping[str, int],
    draws: int,
    *,
    health: Mapping[str, int] | None = None,
    hit_all: str | None = "red",
    clones: Mapping[str, int] | None = None,
    empty_ends: bool = False,
) -> AttackOdds:
    """The exact damage distribution of one dragon attack.

    Parameters
    ----------
    cubes : mapping of colour to count
        The cubes in the bag at the moment of drawing (after the Clank area was added).
        ``"black"`` cubes are inert, ``hit_all`` cubes hurt every player, and every other
        colour is a player (a player with no cubes in the bag can be listed with 0: red
        cubes still hurt them).
    draws : int
        How many cubes are drawn; may exceed the bag, in which case all are drawn.
    health : mapping of colour to remaining health, optional
        Needed for :meth:`AttackOdds.knockout`; may name only some players.
    hit_all : str or None
        The colour whose cube is one damage to every player (``"red"``, Clank! In!
        Space!'s bounty hunters), or ``None``.
    clones : mapping of colour to count, optional
        Clones in Pulsarcade's Cloning Vats: each takes one ``hit_all`` cube's hit in
        place of its player, so a player with ``c`` clones takes
        ``max(0, hit_all cubes drawn - c)`` from them.
    empty_ends : bool
        Clank! Legacy: an attack that draws the last cube of the bag ends the game and
        knocks out every player still in, so ``knockout`` is 1 for everyone then (the
        damage distributions are unchanged).

    Returns
    -------
    AttackOdds
        ``damage(colour)``, ``knockout(colour)``, ``expected(colour)``, ``joint`` (axes in
        the order of ``colours``) and ``table()``.

    Examples
    --------
    Two players and a red cube; three cubes are drawn from eight:

    >>> odds = attack_odds({"blue": 2, "green": 1, "red": 1, "black": 4}, 3, health={"green": 1})
    >>> odds.damage("blue").round(4).tolist()  # P(0) = C(5,3)/C(8,3): no blue, no red
    [0.1786, 0.5357, 0.2679, 0.0179]
    >>> round(odds.knockout("green"), 4)  # green's cube or the red one: 1 - C(6,3)/C(8,3)
    0.6429
    >>> odds.joint.shape  # blue: 0..3 damage, green: 0..2
    (4, 3)
    >>> round(float(odds.joint[1, 1]), 4)  # red + 2 black, or blue + green + black: 14/56
    0.25
    """
    if hit_all != "red":
        hit_all = _check_hit_all(hit_all)
    players, counts, black, red = _parse_bag(cubes, hit_all)
    if type(draws) is not int or draws < 0 or draws > MAX_CUBES:
        draws = _whole(draws, "draws")
    hp = _parse_health(health, players, hit_all) if health is not None else {}
    cl = _parse_clones(clones, players, hit_all) if clones is not None else {}
    total = black + red + sum(counts)
    if total > MAX_CUBES:
        _check_total(total, "the bag")
    drawn = min(draws, total)
    if cl:
        shields = np.array([cl.get(c, 0) for c in players], dtype=np.int64)
        shape = tuple([min(drawn, c + max(0, red - s)) + 1 for c, s in zip(counts, shields)])
    else:
        shields = _NO_CLONES[len(players)] if len(players) < len(_NO_CLONES) else None
        if shields is None:
            shields = np.zeros(len(players), np.int64)
        shape = tuple([min(drawn, c + red) + 1 for c in counts])
    cells = math.prod(shape)
    if cells > _MAX_JOINT:
        raise OddsInputError(
            f"the joint distribution would have {_big(cells)} cells (more than "
            f"{_MAX_JOINT:,}); use sample_attacks, or knockout_odds for per-player odds"
        )
    if drawn > 64 and players:  # the kernel's scratch: see _attack_scratch
        _check_bytes(
            8 * (cells + _attack_scratch(counts, red, black, drawn)),
            f"an exact attack drawing {drawn:,} cubes",
            "draw fewer cubes, or use sample_attacks",
        )
    flat = np.empty(cells)
    _attack_joint(np.array([black, red, *counts], dtype=np.int64), shields, drawn, flat)
    joint = flat.reshape(shape)
    result = AttackOdds(tuple(players), joint, dict(cubes), draws, drawn, hit_all, hp, cl)
    result.ends = bool(empty_ends) and drawn == total
    return result


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


def sample_attacks(
    cubes: Mapping[str, int],
    draws: int,
    n: int,
    *,
    seed: Any,
    hit_all: str | None = "red",
    health: Mapping[str, int] | None = None,
    clones: Mapping[str, int] | None = None,
    progress: bool | None = None,
) -> SampledAttacks:
    """Draw the same attack ``n`` times at random: a simulation to set beside :func:`attack_odds`.

    Parameters are as for :func:`attack_odds`, plus ``n`` (how many attacks, at least 1)
    and ``seed`` (an int, :class:`numpy.random.SeedSequence` or
    :class:`numpy.random.Generator`, which is advanced): the same seed gives the same draws.
    Each attack is drawn cube by cube from a fresh, full bag.

    Bounded: the result may take at most :data:`MAX_BYTES` and the run at most
    :data:`MAX_WORK` cube draws; a long run goes in chunks that Ctrl-C (a notebook's
    interrupt) stops, with a tqdm progress bar (``progress=None``: when it takes more than
    a second or two; ``True`` / ``False``: always / never). Chunks give the same draws as
    one run.

    Examples
    --------
    >>> bag = {"blue": 2, "green": 1, "red": 1, "black": 4}
    >>> sim = sample_attacks(bag, 3, 100_000, seed=7)
    >>> sim.counts.shape, sim.columns
    ((100000, 4), ('blue', 'green', 'red', 'black'))
    >>> exact = attack_odds(bag, 3)
    >>> bool(abs(sim.expected("blue") - exact.expected("blue")) < 0.01)
    True
    >>> bool((sample_attacks(bag, 3, 1000, seed=7).counts == sim.counts[:1000]).all())
    True
    """
    hit_all = _check_hit_all(hit_all)
    players = _parse_bag(cubes, hit_all)[0]
    draws = _whole(draws, "draws")
    n = _whole(n, "n", least=1, most=MAX_WORK)
    hp = _parse_health(health, players, hit_all)
    cl = _parse_clones(clones, players, hit_all)
    columns = tuple(cubes)
    if len(columns) > 255:
        raise OddsInputError(f"too many colours ({len(columns)}); at most 255")
    sizes = np.fromiter(cubes.values(), dtype=np.int64, count=len(columns))
    total = sum(map(int, sizes.tolist()))  # a Python int: no int64 wrap-around
    _check_total(total, "the bag")
    drawn = min(draws, total)
    dtype = np.int16 if drawn <= np.iinfo(np.int16).max else np.int32
    _check_bytes(
        n * len(columns) * np.dtype(dtype).itemsize + total,
        f"{n:,} sampled attacks",
        "use a smaller n",
    )
    state = _rng_state(seed)
    if drawn == total:  # every cube, every time: nothing random
        out = np.broadcast_to(sizes.astype(dtype), (n, len(columns))).copy()
    else:
        _check_work(n * drawn, f"{n:,} sampled attacks")
        out = np.empty((n, len(columns)), dtype)
        # One byte per cube (at most MAX_CUBES bytes): the kernel permutes it in place, so
        # that each attack is a partial shuffle of what the one before left.
        bag = np.repeat(np.arange(len(columns), dtype=np.uint8), sizes)
        for start, stop in _chunks(n, drawn, progress, "sampled attacks"):
            _sample_draws(bag, drawn, out[start:stop], state)
    return SampledAttacks(out, columns, tuple(players), dict(cubes), draws, drawn, hit_all, hp, cl)


# ---------------------------------------------------------------------------
# Many attacks


@dataclass(frozen=True)
class Attack:
    """One attack in a sequence given to :func:`knockout_odds`.

    ``add`` (colour -> cubes) joins the bag just before the attack (the cubes put in the
    Clank area since the last attack); then ``draws`` cubes are drawn (the rage track, plus
    the countdown's extra draws or one per danger card, or 4 / 6 for a player out of the
    game).
    """

    draws: int
    add: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))


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


def _parse_attacks(attacks: Any) -> tuple[Attack, ...]:
    if isinstance(attacks, (str, bytes, Mapping)) or not isinstance(attacks, Sequence):
        raise OddsInputError(
            "attacks must be a sequence of Attack(draws, add), (draws, add) pairs or draw counts"
        )
    if not attacks:
        raise OddsInputError("attacks is empty: give at least one attack")
    if len(attacks) > MAX_ATTACKS:
        raise OddsInputError(f"attacks has {len(attacks):,} attacks; at most {MAX_ATTACKS:,}")
    out = []
    for t, item in enumerate(attacks):
        if isinstance(item, Attack):
            attack = item
        elif isinstance(item, (int, np.integer)) and not isinstance(item, bool):
            attack = Attack(int(item))
        elif isinstance(item, (tuple, list)) and len(item) == 2:
            attack = Attack(*item)
        else:
            raise OddsInputError(
                f"attacks[{t}] must be an Attack, a (draws, add) pair or a draw count, got {item!r}"
            )
        draws = _whole(attack.draws, f"attacks[{t}].draws")
        add = _mapping(attack.add, f"attacks[{t}].add")
        out.append(Attack(draws, MappingProxyType(dict(add))))
    return tuple(out)


def _row(mapping: Mapping, where: str, index: dict[str, int], m: int) -> np.ndarray:
    row = np.zeros(m, np.int64)
    for colour, count in mapping.items():
        _colour(colour, where)
        if colour not in index:
            raise OddsInputError(
                f"unknown colour {colour!r} in {where}: use 'black', the hit_all colour or a "
                f"player named in health ({', '.join(repr(c) for c in list(index)[2:])})"
            )
        row[index[colour]] = _whole(count, f"{where}[{colour!r}]")
    return row


def knockout_odds(
    health: Mapping[str, int],
    attacks: Sequence[Attack | tuple[int, Mapping[str, int]] | int],
    *,
    bag: Mapping[str, int] | None = None,
    hit_all: str | None = "red",
    method: str = "auto",
    n: int = 100_000,
    seed: Any = None,
    max_exact_steps: int = _DEFAULT_EXACT_STEPS,
    clones: Mapping[str, int] | None = None,
    progress: bool | None = None,
) -> KnockoutOdds:
    """The chance each player is knocked out within a sequence of dragon attacks.

    Before attack t the cubes ``attacks[t].add`` join the bag; then ``attacks[t].draws``
    cubes are drawn (all of them if the bag holds fewer). Drawn black and player cubes
    leave the bag; drawn ``hit_all`` cubes hurt every player and are back in the bag at the
    next attack. A player is knocked out once their total damage reaches their health.

    Two simplifications, neither of which changes anyone's chance of being knocked out:
    a knocked-out player's cubes stay in the bag and still use up draws (the rules treat
    them like black cubes), and ``by_attack`` keeps counting them as "damage" past the
    knockout. The additions are fixed in advance: they do not depend on what was drawn (so
    a lesson that stops a knocked-out player adding cubes must say so in ``attacks``).

    Parameters
    ----------
    health : mapping of colour to remaining health (>= 1)
        The players.
    attacks : sequence
        Each an :class:`Attack`, a ``(draws, add)`` pair, or a bare draw count.
    bag : mapping of colour to count, optional
        What is in the bag before the first attack's additions (e.g. ``{"black": 24}``).
    hit_all : str or None
        The colour whose cubes hurt every player (``"red"``), or ``None``.
    method : {"auto", "exact", "simulate"}
        ``"exact"`` runs the dynamic programme over bag states (possibly slowly);
        ``"simulate"`` plays ``n`` seeded sequences; ``"auto"`` is exact unless that takes
        more than ``max_exact_steps`` transitions, then simulates (which needs ``seed``).
    n : int
        Sequences to simulate.
    seed : int, SeedSequence or Generator
        For the simulation; required whenever it runs.
    max_exact_steps : int
        The work ``"auto"`` allows the exact method (transitions between bag states; about
        15 million a second) before it falls back to simulation.
    clones : mapping of colour to count, optional
        Clones in Pulsarcade's Cloning Vats before the first attack (none added later):
        they take the first ``hit_all`` cubes' hits in place of their player.
    progress : bool or None
        A tqdm progress bar for a simulation: ``None`` shows one when it runs more than a
        second or two. A long simulation runs in chunks (the same odds as one run), so
        Ctrl-C or a notebook's interrupt stops it.

    Bounds: at most :data:`MAX_ATTACKS` attacks, :data:`MAX_CUBES` cubes in all, results
    of at most :data:`MAX_BYTES`, simulations of at most :data:`MAX_WORK` cube draws;
    beyond them the call is refused at once with :class:`OddsInputError`.

    Examples
    --------
    Blue has 2 health left. Two attacks: blue adds 1 cube before the first (drawing 2 of
    ``1 blue + 3 black``), 2 more before the second (drawing 2 of what is left):

    >>> ko = knockout_odds({"blue": 2}, [(2, {"blue": 1}), (2, {"blue": 2})], bag={"black": 3})
    >>> ko.knockout("blue").round(4).tolist()  # 1/2 * 5/6 + 1/2 * 1/2
    [0.0, 0.6667]
    >>> ko.method
    'exact'
    """
    hit_all = _check_hit_all(hit_all)
    if method not in ("auto", "exact", "simulate"):
        raise OddsInputError(f"method must be 'auto', 'exact' or 'simulate', got {method!r}")
    players = []
    hp = {}
    for colour, value in _mapping(health, "health").items():
        _colour(colour, "health")
        if colour in (BLACK, hit_all):
            raise OddsInputError(
                f"{colour!r} in health is not a player: "
                + ("black cubes do nothing" if colour == BLACK else "it is the hit_all colour")
            )
        players.append(colour)
        hp[colour] = _whole(value, f"health[{colour!r}]", least=1)
    if not players:
        raise OddsInputError("health names no players: give each player's remaining health")
    cl = _parse_clones(clones, players, hit_all)
    shields = np.array([cl.get(c, 0) for c in players], dtype=np.int64)
    # rows of the kernels: [black, hit_all, players...] (the hit_all row stays 0 without one)
    index: dict[Any, int] = {BLACK: 0, (hit_all if hit_all is not None else object()): 1}
    index.update({c: i + 2 for i, c in enumerate(players)})
    m = len(index)
    steps = _parse_attacks(attacks)
    n = _whole(n, "n", least=1, most=MAX_WORK)
    max_exact_steps = _whole(max_exact_steps, "max_exact_steps", most=np.iinfo(np.int64).max)
    start = _row(bag or {}, "bag", index, m)
    adds = np.array([_row(a.add, f"attacks[{t}].add", index, m) for t, a in enumerate(steps)])
    adds = adds.reshape(len(steps), m)
    put_in = int(start.sum()) + int(adds.sum())
    _check_total(put_in, "the bag (with every attack's additions)")
    # A draw count above every cube ever put in draws the whole bag, as that count does:
    # clamped, it cannot overflow the kernels or size their tables.
    draws = np.array([min(a.draws, put_in) for a in steps], dtype=np.int64)
    # The most damage anyone can take (the kernels' _damage_cap), for the size of by_attack.
    avail = start + np.cumsum(adds, axis=0)
    reds = int(np.minimum(draws, avail[:, 1]).sum())
    most = min(int(draws.sum()), int(avail[-1, 2:].max()) + reds)
    _check_bytes(
        8 * len(steps) * len(players) * (most + 1),
        f"damage distributions over {len(steps):,} attacks",
        "give fewer attacks or players",
    )

    by_attack = used = reason = None
    if method != "simulate":
        reds = int(np.minimum(draws, start[1] + np.cumsum(adds[:, 1])).sum())
        radix = [int(v) + 1 for v in start + adds.sum(axis=0)]
        radix[1] = reds + 1
        if math.prod(radix) >= _MAX_KEY:
            reason = "the bag has too many possible states to compute exactly"
            if method == "exact":
                raise OddsInputError(f"{reason}; use method='simulate' with a seed")
        else:
            limit = max_exact_steps if method == "auto" else MAX_EXACT_STEPS
            status, dist = _knockout_dp(start, adds, draws, shields, limit)
            if status >= 0:
                by_attack, used = dist, int(status)
            elif method == "exact":
                raise OddsInputError(
                    f"computing it exactly takes more than {MAX_EXACT_STEPS:,} steps (the "
                    "limit, about a minute); use method='simulate' with a seed"
                )
            else:
                reason = f"computing it exactly takes more than max_exact_steps={limit:,} steps"
    if by_attack is not None:
        return KnockoutOdds(tuple(players), hp, by_attack, steps, "exact", None, used)
    if seed is None:
        raise OddsInputError(
            f"{reason}; pass seed=... to estimate it by simulation"
            if reason
            else "method='simulate' needs a seed (e.g. seed=1) for reproducible odds"
        )
    refill = int(start.sum() - start[1] + adds.sum() - adds[:, 1].sum())
    run_work = int(draws.sum()) + refill
    _check_work(n * run_work, f"{n:,} simulated sequences")
    state = _rng_state(seed)
    hist = None
    for lo, hi in _chunks(n, run_work, progress, "simulated attacks"):
        part = _simulate_knockouts(start, adds, draws, shields, hi - lo, state)
        hist = part if hist is None else hist + part
    return KnockoutOdds(tuple(players), hp, hist / n, steps, "simulate", n, None)
