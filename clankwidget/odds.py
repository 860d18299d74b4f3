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
from ._odds_results import AttackOdds, KnockoutOdds, SampledAttacks
from .dice import HazardOdds, MeetOdds, captain_meet_odds, hazard_odds, meet_odds
from .errors import OddsInputError, big_number, shown
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
# One attack, exact


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
            f"the joint distribution would have {big_number(cells)} cells (more than "
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
                f"unknown colour {shown(colour)} in {where}: use 'black', the hit_all colour or a "
                f"player named in health ({', '.join(map(shown, list(index)[2:]))})"
            )
        row[index[colour]] = _whole(count, f"{where}[{shown(colour)}]")
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
        15 million a second) before it falls back to simulation; at most
        :data:`MAX_EXACT_STEPS`, the limit of ``"exact"``.
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
        raise OddsInputError(f"method must be 'auto', 'exact' or 'simulate', got {shown(method)}")
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
    max_exact_steps = _whole(max_exact_steps, "max_exact_steps", most=MAX_EXACT_STEPS)
    start = _row({} if bag is None else _mapping(bag, "bag"), "bag", index, m)
    adds = np.array([_row(a.add, f"attacks[{t}].add", index, m) for t, a in enumerate(steps)])
    adds = adds.reshape(len(steps), m)
    by_attack, how, runs, used = _knockout_lists(
        start.tolist(),
        adds.tolist(),
        [a.draws for a in steps],
        shields,
        method=method,
        max_exact_steps=max_exact_steps,
        n=n,
        seed=seed,
        progress=progress,
    )
    return KnockoutOdds(tuple(players), hp, by_attack, steps, how, runs, used)


def _sizes(bag, rows, draws) -> tuple[int, list[int], int, int, list[int]]:
    """``(cubes put in, cubes put in by row, hit_all cubes that can be drawn, most damage
    anyone can take, draws)`` over a sequence of attacks (as :func:`_knockout_lists` takes
    it), as the kernels' ``_cumulative_bag`` and ``_damage_cap`` count them, in Python
    ints: hit_all cubes drawn come back, so each attack may draw all those put in so far.
    A draw count above every cube ever put in draws the whole bag, as that count does:
    the draws come back clamped to it, so they cannot overflow the kernels or size their
    tables."""
    # (the planner asks at nearly every step: min() written out as comparisons, which
    # give the same ints at a third of the cost)
    totals = list(map(sum, zip(bag, *rows, strict=True)))
    put_in = sum(totals)
    draws = [d if d < put_in else put_in for d in draws]
    reds, hit_all = 0, bag[1]
    for row, d in zip(rows, draws, strict=True):
        hit_all += row[1]
        reds += d if d < hit_all else hit_all
    most, cap = sum(draws), max(totals[2:]) + reds
    return put_in, totals, reds, most if most < cap else cap, draws


def _knockout_lists(bag, rows, draws, shields, *, method, max_exact_steps, n, seed, progress):
    """The computation behind :func:`knockout_odds`, on Python ints: ``bag`` and ``rows``
    (one per attack) count cubes by row ``[black, hit_all, players...]``, ``draws`` is the
    draw count of each attack, ``shields`` (an array) the clones of each player.

    Returns ``(by_attack, method, n, steps)`` as :class:`KnockoutOdds` holds them. The
    inputs are trusted (validated by :func:`knockout_odds`, or built by the planner bot,
    which calls this directly so as not to validate the same few numbers, or turn them into
    arrays and back, at every step); only the limits on size and work are checked here.
    """
    # The sizes below are Python ints over the few attacks: numpy's per-call cost on such
    # small arrays would be most of the planner's work.
    start = np.array(bag, np.int64)
    adds = np.array(rows, np.int64).reshape(len(rows), len(start))
    put_in, totals, reds, most, draws = _sizes(bag, rows, draws)
    _check_total(put_in, "the bag (with every attack's additions)")
    need = 8 * len(draws) * len(shields) * (most + 1)
    if need > MAX_BYTES:  # (the message is worded only then)
        _check_bytes(
            need,
            f"damage distributions over {len(draws):,} attacks",
            "give fewer attacks or players",
        )
    draws = np.array(draws, dtype=np.int64)

    reason = None
    if method != "simulate":
        radix = [v + 1 for v in totals]
        radix[1] = reds + 1
        if math.prod(radix) >= _MAX_KEY:
            reason = "the bag has too many possible states to compute exactly"
            if method == "exact":
                raise OddsInputError(f"{reason}; use method='simulate' with a seed")
        else:
            limit = max_exact_steps if method == "auto" else MAX_EXACT_STEPS
            status, dist = _knockout_dp(start, adds, draws, shields, limit)
            if status >= 0:
                return dist, "exact", None, int(status)
            if method == "exact":
                raise OddsInputError(
                    f"computing it exactly takes more than {MAX_EXACT_STEPS:,} steps (the "
                    "limit, about 15 seconds); use method='simulate' with a seed"
                )
            reason = f"computing it exactly takes more than max_exact_steps={limit:,} steps"
    if seed is None:
        raise OddsInputError(
            f"{reason}; pass seed=... to estimate it by simulation"
            if reason
            else "method='simulate' needs a seed (e.g. seed=1) for reproducible odds"
        )
    refill = put_in - totals[1]  # every cube put in but the hit_all ones
    run_work = int(draws.sum()) + refill
    _check_work(n * run_work, f"{n:,} simulated sequences")
    state = _rng_state(seed)
    hist = None
    for lo, hi in _chunks(n, run_work, progress, "simulated attacks"):
        part = _simulate_knockouts(start, adds, draws, shields, hi - lo, state)
        hist = part if hist is None else hist + part
    return hist / n, "simulate", n, None
