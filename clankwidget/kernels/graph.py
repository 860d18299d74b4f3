"""Path kernels: fewest boots between spaces, and one turn's Pareto fronts.

Boards reach these kernels as the CSR arrays of :class:`clankwidget.data.BoardArrays`
(edge ``e`` runs from ``src[e]`` to ``dst[e]``; the edges leaving space ``u`` are
``indptr[u]:indptr[u+1]``) plus a boolean ``usable[e]`` mask that the caller builds from
the player's keys and canoe; the fewest-boots kernels take the usable edges only, as a
compact CSR from :func:`_usable_csr`. Nothing here knows about games or space ids; the
public functions are in :mod:`clankwidget.paths`, and the plain-Python twins that the
tests compare against are in ``tests/naive_paths.py``.

Fewest boots
    Path costs are small integers (1-3 boots), so a single source is a bucket-queue
    Dijkstra (Dial's algorithm) with circular buckets (a power of two > max cost): every
    space is settled in O(1) and the whole search is O(n + m). All pairs is a bit-parallel sweep
    by distance level, every source at once (O(diameter * m * n / 64) word operations),
    which on a board (m ~ 4n) beats both Dial from every space and Floyd-Warshall's
    O(n^3).

Coaches over several turns
    A gold budget makes the fewest-boots question a resource-constrained one. Gold
    spent is small (at most the fares of every coach stop once), so
    :func:`_coach_layers` copies the usable edges once per gold level (space ``v`` with
    ``g`` gold spent is node ``v * (budget + 1) + g``) and adds the rides between
    levels; the searches above then run on that layered graph unchanged, and a space's
    distance is its least over the levels.

Route with a tie-break
    :func:`_dijkstra_pred` is an ordinary binary-heap Dijkstra on int64 weights, with the
    edge used to reach each space, for lexicographic costs such as
    ``monsters * big + boots``.

One turn's Pareto front
    :func:`_turn_front` is a multi-criteria label-correcting search. A label is one way to
    stand on a space this turn: boots, swords, teleports and coach gold spent, damage
    taken, and a movement flag (0 = may still spend boots, 1 = boots stopped by a cave,
    checkpoint, forest, lift or ``exhausted``, 2 = escaped through the exit: nothing more
    this turn). A coach ride (Legacy) is one more kind of step: 1 boot, and gold up to a
    budget.
    Each space keeps only labels that no other label there dominates (every coordinate,
    flag included, <=). Labels wait in one FIFO bucket per boots spent and buckets are
    taken in increasing order, so a label is usually settled before anything could
    dominate it; a label that is dominated after it was expanded leaves children that are
    themselves dominated later. Every cost only grows along a route, so the surviving
    labels are exactly the non-dominated outcomes. Each label stores its predecessor label,
    the step (edge index, ``_TELEPORT``, ``_LIFT`` or ``_COACH``) and the swords paid on
    that step, so
    a route can be rebuilt by walking back. Dominated labels are unlinked from their space
    but kept in the table, so predecessor chains stay valid. Fronts can grow with the
    square of the budgets (swords against damage at every space), so every comparison of
    two labels spends one unit of a ``budget`` the caller gives; once it is spent the
    search stops and returns nothing, and the caller refuses the question.
"""

from __future__ import annotations

import numpy as np

from ._jit import kernel

__all__: list[str] = []

# Columns of the label table returned by _turn_front.
_NODE = 0  # space index
_BOOTS = 1  # boots spent
_SWORDS = 2  # swords spent
_DAMAGE = 3  # damage taken
_TELEPORTS = 4  # teleports used
_FLAG = 5  # _MOVING, _STOPPED or _DONE
_PRED = 6  # predecessor label, -1 for the first
_STEP = 7  # edge index >= 0, or _TELEPORT, _LIFT, _ORIGIN
_PAID = 8  # swords paid on this step
_ALIVE = 9  # 1 while the label is on its space's front
_GOLD = 10  # gold spent on coach rides
_QNEXT = 11  # next label in the same boots bucket
_NNEXT = 12  # next live label on the same space
_NCOLS = 13
_NOUT = 11  # columns returned (links dropped)

_MOVING = 0
_STOPPED = 1
_DONE = 2

# what entering a space does (the ``gate`` array of _turn_front)
_OPEN = 0
_EXIT = 1  # entering ends the walk
_CLOSED = 2  # cannot be entered this turn

_ORIGIN = -3
_TELEPORT = -1
_LIFT = -2
_COACH = -4


# ---------------------------------------------------------------------------
# Fewest boots


@kernel
def _usable_csr(indptr, dst, cost, usable):
    """The edges with ``usable[e]`` only, as a CSR ``(indptr, dst, cost)``.

    The fewest-boots kernels take this compact form: no mask to test per edge.
    """
    n = indptr.shape[0] - 1
    m = 0
    for e in range(dst.shape[0]):
        if usable[e]:
            m += 1
    cptr = np.zeros(n + 1, np.int64)
    cdst = np.empty(m, np.int64)
    ccost = np.empty(m, np.int64)
    k = 0
    for u in range(n):
        for e in range(indptr[u], indptr[u + 1]):
            if usable[e]:
                cdst[k] = dst[e]
                ccost[k] = cost[e]
                k += 1
        cptr[u + 1] = k
    return cptr, cdst, ccost


@kernel
def _dial_row(indptr, dst, cost, source, row, buckets, counts):
    """Fewest total ``cost`` from ``source`` into ``row`` (float64[n], filled with inf).

    ``buckets`` (int64[k, m + 1]) and ``counts`` (int64[k]) are scratch space with
    ``k > max(cost)`` a power of two (:func:`_scratch`); costs must be integers >= 1.
    Dial's algorithm: a space is put in bucket ``dist % k`` each time its distance
    improves and settled when its bucket comes round with the same distance (stale
    entries are skipped).
    """
    mask = buckets.shape[0] - 1
    counts[:] = 0
    row[source] = 0.0
    buckets[0, 0] = source
    counts[0] = 1
    pending = 1
    d = 0
    while pending > 0:
        b = d & mask
        c = counts[b]
        fd = float(d)
        for i in range(c):
            u = buckets[b, i]
            if row[u] != fd:
                continue
            for e in range(indptr[u], indptr[u + 1]):
                v = dst[e]
                nd = d + cost[e]
                if nd < row[v]:
                    row[v] = nd
                    k = nd & mask
                    buckets[k, counts[k]] = v
                    counts[k] += 1
                    pending += 1
        pending -= c
        counts[b] = 0
        d += 1


@kernel
def _scratch(cost):
    """Buckets for :func:`_dial_row`: their number a power of two > max(cost)."""
    top = 1
    for e in range(cost.shape[0]):
        if cost[e] > top:
            top = cost[e]
    k = 2
    while k <= top:
        k *= 2
    return np.empty((k, cost.shape[0] + 1), np.int64), np.zeros(k, np.int64)


@kernel
def _boots_from(indptr, dst, cost, source):
    """Fewest boots from ``source`` to every space: float64[n], ``inf`` if unreachable.

    Takes the compact CSR of usable edges (:func:`_usable_csr`).
    """
    n = indptr.shape[0] - 1
    row = np.full(n, np.inf)
    buckets, counts = _scratch(cost)
    _dial_row(indptr, dst, cost, source, row, buckets, counts)
    return row


@kernel
def _boots_from_many(indptr, dst, cost, sources):
    """Rows of fewest boots from each of ``sources``: float64[len(sources), n]."""
    n = indptr.shape[0] - 1
    out = np.full((sources.shape[0], n), np.inf)
    buckets, counts = _scratch(cost)
    for i in range(sources.shape[0]):
        _dial_row(indptr, dst, cost, sources[i], out[i], buckets, counts)
    return out


# log2 of a one-bit 32-bit number by de Bruijn multiplication:
# _LOG2[((bit * _DEBRUIJN) & 0xFFFFFFFF) >> 27]. (32-bit so that the product never
# overflows a uint64, which NumPy would warn about under NUMBA_DISABLE_JIT=1.)
_DEBRUIJN = 0x077CB531
_LOG2 = np.zeros(32, np.int64)
for _i in range(32):
    _LOG2[(((1 << _i) * _DEBRUIJN) & 0xFFFFFFFF) >> 27] = _i
del _i


@kernel
def _lowest_bit(low):
    """Index of the one set bit of the uint64 ``low``."""
    if low >> np.uint64(32):
        x = low >> np.uint64(32)
        base = 32
    else:
        x = low
        base = 0
    return base + _LOG2[((x * np.uint64(_DEBRUIJN)) & np.uint64(0xFFFFFFFF)) >> np.uint64(27)]


@kernel
def _all_pairs_boots(indptr, dst, cost):
    """Fewest boots between all pairs: float64[n, n], row = from, column = to.

    Takes the compact CSR of usable edges (:func:`_usable_csr`). Bit-parallel level
    sweep, all sources at once. ``R_d[s]`` is the set of spaces within ``d`` boots of
    ``s``, a row of uint64 words; with integer costs >= 1,
    ``R_d[s] = R_{d-1}[s] | OR over edges s->v of R_{d - cost}[v]``, so level ``d`` costs
    O(m * n / 64) word operations and a space's distance is the level its bit first
    appears. A ring of the last ``max_cost + 1`` levels (rounded up to a power of two) is
    kept; the sweep stops after
    ``max_cost`` levels in a row add nothing. About 2x faster than Dial's algorithm from
    every source on a 120-space board (see benchmarks/bench_paths.py).
    """
    n = indptr.shape[0] - 1
    words = (n + 63) // 64
    top = 1
    for e in range(cost.shape[0]):
        if cost[e] > top:
            top = cost[e]
    ring = 2  # levels kept: a power of two > top, so that "% ring" is a mask
    while ring <= top:
        ring *= 2
    mask = ring - 1
    reach = np.zeros((ring, n, words), np.uint64)
    out = np.full((n, n), np.inf)
    one = np.uint64(1)
    for s in range(n):
        reach[0, s, s >> 6] = one << np.uint64(s & 63)
        out[s, s] = 0.0
    d = 0
    quiet = 0
    while quiet < top:
        d += 1
        cur = d & mask
        prev = (d - 1) & mask
        changed = False
        for s in range(n):
            for w in range(words):
                reach[cur, s, w] = reach[prev, s, w]
            for j in range(indptr[s], indptr[s + 1]):
                c = cost[j]
                if c <= d:
                    lvl = (d - c) & mask
                    v = dst[j]
                    for w in range(words):
                        reach[cur, s, w] |= reach[lvl, v, w]
            for w in range(words):
                new = reach[cur, s, w] & ~reach[prev, s, w]
                while new:
                    low = new & (~new + one)
                    out[s, (w << 6) + _lowest_bit(low)] = d
                    new ^= low
                    changed = True
        quiet = 0 if changed else quiet + 1
    return out


@kernel
def _coach_layers(indptr, dst, cost, usable, fare, coach, ride, budget):
    """The usable edges with coach rides, as a CSR over (space, gold spent) nodes.

    ``indptr/dst/cost/usable``: a CSR of edges (forward, or turned round for distances
    *to* a space: a ride costs the same either way) and which may be used; ``coach``:
    the coach stops, ``fare[v]``: the gold printed on stop ``v`` (-1 elsewhere);
    ``ride``: what a ride costs in the unit of ``cost``; ``budget``: gold that may be
    spent in all. Node ``v * (budget + 1) + g`` is space ``v`` with ``g`` gold spent: an
    edge ``u -> v`` joins ``(u, g)`` to ``(v, g)``, a ride from stop ``u`` to stop ``w``
    joins ``(u, g)`` to ``(w, g + fare[u] + fare[w])`` while that is within the budget.

    Returns ``(indptr, dst, cost, edge)``: ``edge`` is the index of the original edge
    (into the given CSR), or -1 for a ride.
    """
    n = indptr.shape[0] - 1
    levels = budget + 1
    m = 0
    for u in range(n):
        for g in range(levels):
            for e in range(indptr[u], indptr[u + 1]):
                if usable[e]:
                    m += 1
            if fare[u] >= 0:
                for j in range(coach.shape[0]):
                    w = coach[j]
                    if w != u and g + fare[u] + fare[w] <= budget:
                        m += 1
    lptr = np.zeros(n * levels + 1, np.int64)
    ldst = np.empty(m, np.int64)
    lcost = np.empty(m, np.int64)
    ledge = np.empty(m, np.int64)
    k = 0
    for u in range(n):
        for g in range(levels):
            for e in range(indptr[u], indptr[u + 1]):
                if usable[e]:
                    ldst[k] = dst[e] * levels + g
                    lcost[k] = cost[e]
                    ledge[k] = e
                    k += 1
            if fare[u] >= 0:
                for j in range(coach.shape[0]):
                    w = coach[j]
                    ng = g + fare[u] + fare[w]
                    if w != u and ng <= budget:
                        ldst[k] = w * levels + ng
                        lcost[k] = ride
                        ledge[k] = -1
                        k += 1
            lptr[u * levels + g + 1] = k
    return lptr, ldst, lcost, ledge


@kernel
def _dijkstra_pred(indptr, dst, weight, usable, source):
    """Binary-heap Dijkstra on int64 ``weight`` (>= 0) from ``source``.

    Returns ``(dist, pred)``: ``dist[v]`` is -1 where unreachable, ``pred[v]`` the edge
    that reaches ``v`` on one cheapest route (-1 at the source and where unreachable).
    Ties go to the edge relaxed first (lowest space, then lowest edge index).
    """
    n = indptr.shape[0] - 1
    m = dst.shape[0]
    dist = np.full(n, -1, np.int64)
    pred = np.full(n, -1, np.int64)
    done = np.zeros(n, np.bool_)
    hk = np.empty(m + 1, np.int64)  # heap keys
    hv = np.empty(m + 1, np.int64)  # heap values (spaces)
    size = 1
    hk[0] = 0
    hv[0] = source
    dist[source] = 0
    while size > 0:
        d = hk[0]
        u = hv[0]
        size -= 1
        # move the last item to the root and sift down
        if size > 0:
            kk = hk[size]
            vv = hv[size]
            i = 0
            while True:
                c = 2 * i + 1
                if c >= size:
                    break
                if c + 1 < size and (
                    hk[c + 1] < hk[c] or (hk[c + 1] == hk[c] and hv[c + 1] < hv[c])
                ):
                    c += 1
                if hk[c] < kk or (hk[c] == kk and hv[c] < vv):
                    hk[i] = hk[c]
                    hv[i] = hv[c]
                    i = c
                else:
                    break
            hk[i] = kk
            hv[i] = vv
        if done[u] or d != dist[u]:
            continue
        done[u] = True
        for e in range(indptr[u], indptr[u + 1]):
            if not usable[e]:
                continue
            v = dst[e]
            nd = d + weight[e]
            if not done[v] and (dist[v] < 0 or nd < dist[v]):
                dist[v] = nd
                pred[v] = e
                # push and sift up
                i = size
                size += 1
                while i > 0:
                    p = (i - 1) // 2
                    if hk[p] > nd or (hk[p] == nd and hv[p] > v):
                        hk[i] = hk[p]
                        hv[i] = hv[p]
                        i = p
                    else:
                        break
                hk[i] = nd
                hv[i] = v
    return dist, pred


# ---------------------------------------------------------------------------
# One turn's Pareto front


@kernel
def _offer(lab, head, v, b, s, d, t, f, g, budget):
    """Whether a label (b, s, d, t, f, g) on space ``v`` survives the labels already there.

    If it does, the labels it dominates are marked dead and unlinked from ``v``. (If an
    existing label dominates it, none can be dominated by it: the live labels of a space
    never dominate one another.) Each label compared spends one of ``budget[0]``.
    """
    prev = -1
    i = head[v]
    budget[0] -= 1
    while i != -1:
        budget[0] -= 1
        nxt = lab[i, _NNEXT]
        lb = lab[i, _BOOTS]
        ls = lab[i, _SWORDS]
        ld = lab[i, _DAMAGE]
        lt = lab[i, _TELEPORTS]
        lf = lab[i, _FLAG]
        lg = lab[i, _GOLD]
        if lb <= b and ls <= s and ld <= d and lt <= t and lf <= f and lg <= g:
            return False
        if b <= lb and s <= ls and d <= ld and t <= lt and f <= lf and g <= lg:
            lab[i, _ALIVE] = 0
            if prev == -1:
                head[v] = nxt
            else:
                lab[prev, _NNEXT] = nxt
        else:
            prev = i
        i = nxt
    return True


@kernel
def _push(lab, count, head, qhead, qtail, v, b, s, d, t, f, g, pred, step, paid):
    """Write label ``count`` (the caller has made room) and link it into its space's list
    and the tail of its boots bucket. (Returning a grown table from here instead was 2.5x
    slower: the caller grows the table before expanding a label.)"""
    lab[count, _NODE] = v
    lab[count, _BOOTS] = b
    lab[count, _SWORDS] = s
    lab[count, _DAMAGE] = d
    lab[count, _TELEPORTS] = t
    lab[count, _FLAG] = f
    lab[count, _GOLD] = g
    lab[count, _PRED] = pred
    lab[count, _STEP] = step
    lab[count, _PAID] = paid
    lab[count, _ALIVE] = 1
    lab[count, _QNEXT] = -1
    lab[count, _NNEXT] = head[v]
    head[v] = count
    if qtail[b] == -1:
        qhead[b] = count
    else:
        lab[qtail[b], _QNEXT] = count
    qtail[b] = count


@kernel
def _before(lab, i, j):
    """Whether label ``i`` sorts before label ``j`` by (boots, swords, damage, teleports,
    gold)."""
    for c in range(_BOOTS, _TELEPORTS + 1):
        if lab[i, c] != lab[j, c]:
            return lab[i, c] < lab[j, c]
    return lab[i, _GOLD] < lab[j, _GOLD]


@kernel
def _entry_flag(gate, stop, v, moving):
    """The movement flag after entering ``v``: ``_DONE`` at an exit, ``_STOPPED`` where
    boots end, else ``moving`` (the flag the move itself leaves)."""
    if gate[v] == _EXIT:
        return _DONE
    if stop[v]:
        return _STOPPED
    return moving


@kernel
def _turn_front(
    indptr,
    dst,
    cost,
    monsters,
    usable,
    stop,
    gate,
    tp_indptr,
    tp_dst,
    lift_indptr,
    lift_dst,
    source,
    boots,
    swords,
    max_damage,
    teleports,
    exhausted,
    fare,
    coach,
    gold,
    budget,
):
    """Every non-dominated way to stand on each space at the end of this turn's moves.

    Inputs: the board's CSR (``indptr``, ``dst``, boots ``cost``, ``monsters`` per edge),
    ``usable[e]`` (keys and canoe already applied), per space ``stop`` (entering ends boot
    movement) and ``gate`` (``_OPEN``; ``_EXIT``: entering ends the walk; ``_CLOSED``: it
    cannot be entered, as the exit without an artifact or a sealed module), teleport
    targets ``tp_indptr/tp_dst`` (spaces joined by any path, either way) and lift
    targets ``lift_indptr/lift_dst`` (the other members of every lift group the space
    belongs to). Budgets: ``boots``, ``swords``, ``max_damage`` (health - 1),
    ``teleports``, ``gold``. ``exhausted``: boots are already stopped. Coaches:
    ``coach`` lists the coach stops (space indices) and ``fare[v]`` is the gold printed
    on space ``v`` (-1 where there is no stop); a ride from a stop to any other stop is
    boot movement (only while boots may be spent), costs 1 boot plus the gold of both
    stops, and enters its stop like a walk. With no stops (``coach`` empty) every label's
    gold is 0 and the search is the one without coaches.

    ``budget`` (int64[1]) is spent one unit per comparison of two labels; when it goes
    below 0 the search stops and returns no labels.

    Returns ``(labels, order, bounds)``. ``labels`` is int64[k, 11] with the columns
    ``_NODE`` .. ``_GOLD`` (see the module constants), label 0 the starting position.
    The public front of space ``v`` is ``order[bounds[v]:bounds[v + 1]]``: the live
    labels on ``v`` that no other live label there beats or equals in (boots, swords,
    damage, teleports, gold) -- the movement flag ignored -- sorted by those five
    numbers, which are distinct within a front. Where two ways tie on all five, the one
    that may still spend boots is the one kept.
    """
    n = indptr.shape[0] - 1
    per_edge = 1  # most labels one walked edge can give (one per split of its monsters)
    for e in range(monsters.shape[0]):
        if monsters[e] + 1 > per_edge:
            per_edge = monsters[e] + 1
    lab = np.empty((16 + 4 * n, _NCOLS), np.int64)
    head = np.full(n, -1, np.int64)
    qhead = np.full(boots + 1, -1, np.int64)
    qtail = np.full(boots + 1, -1, np.int64)
    f0 = _STOPPED if exhausted else _MOVING
    _push(lab, 0, head, qhead, qtail, source, 0, 0, 0, 0, f0, 0, -1, _ORIGIN, 0)
    count = 1
    for bucket in range(boots + 1):
        i = qhead[bucket]
        while i != -1:
            if budget[0] < 0:
                return lab[:0, :_NOUT].copy(), np.empty(0, np.int64), np.zeros(n + 1, np.int64)
            if lab[i, _ALIVE] == 1 and lab[i, _FLAG] != _DONE:
                u = lab[i, _NODE]
                b = lab[i, _BOOTS]
                s = lab[i, _SWORDS]
                d = lab[i, _DAMAGE]
                t = lab[i, _TELEPORTS]
                f = lab[i, _FLAG]
                g = lab[i, _GOLD]
                # room for every child this label can have
                need = (
                    count
                    + per_edge * (indptr[u + 1] - indptr[u])
                    + (tp_indptr[u + 1] - tp_indptr[u])
                    + (lift_indptr[u + 1] - lift_indptr[u])
                )
                if fare[u] >= 0:
                    need += coach.shape[0]
                if need > lab.shape[0]:
                    grown = np.empty((max(2 * lab.shape[0], need), _NCOLS), np.int64)
                    grown[:count] = lab[:count]
                    lab = grown
                # walk
                if f == _MOVING:
                    for e in range(indptr[u], indptr[u + 1]):
                        if not usable[e]:
                            continue
                        nb = b + cost[e]
                        if nb > boots:
                            continue
                        v = dst[e]
                        if gate[v] == _CLOSED:
                            continue
                        nf = _entry_flag(gate, stop, v, _MOVING)
                        mo = monsters[e]
                        for k in range(mo + 1):
                            ns = s + k
                            nd = d + mo - k
                            if ns > swords or nd > max_damage:
                                continue
                            if _offer(lab, head, v, nb, ns, nd, t, nf, g, budget):
                                _push(
                                    lab, count, head, qhead, qtail, v, nb, ns, nd, t, nf, g, i, e, k
                                )
                                count += 1
                # coach: 1 boot and the gold of both stops, to any other stop
                if f == _MOVING and fare[u] >= 0 and b + 1 <= boots:
                    for j in range(coach.shape[0]):
                        v = coach[j]
                        ng = g + fare[u] + fare[v]
                        if v == u or ng > gold or gate[v] == _CLOSED:
                            continue
                        nf = _entry_flag(gate, stop, v, _MOVING)
                        if _offer(lab, head, v, b + 1, s, d, t, nf, ng, budget):
                            _push(
                                lab, count, head, qhead, qtail, v, b + 1, s, d, t, nf, ng, i,
                                _COACH, 0,
                            )  # fmt: skip
                            count += 1
                # teleport
                if t < teleports:
                    for j in range(tp_indptr[u], tp_indptr[u + 1]):
                        v = tp_dst[j]
                        if gate[v] == _CLOSED:
                            continue
                        nf = _entry_flag(gate, stop, v, f)
                        if _offer(lab, head, v, b, s, d, t + 1, nf, g, budget):
                            _push(
                                lab, count, head, qhead, qtail, v, b, s, d, t + 1, nf, g, i,
                                _TELEPORT, 0,
                            )  # fmt: skip
                            count += 1
                # lift
                for j in range(lift_indptr[u], lift_indptr[u + 1]):
                    v = lift_dst[j]
                    if gate[v] == _CLOSED:
                        continue
                    nf = _DONE if gate[v] == _EXIT else _STOPPED
                    if _offer(lab, head, v, b, s, d, t, nf, g, budget):
                        _push(lab, count, head, qhead, qtail, v, b, s, d, t, nf, g, i, _LIFT, 0)
                        count += 1
            i = lab[i, _QNEXT]
    # the public front, space by space, each sorted by (boots, swords, damage, teleports,
    # gold)
    order = np.empty(count, np.int64)
    bounds = np.zeros(n + 1, np.int64)
    k = 0
    for v in range(n):
        first = k
        i = head[v]
        while i != -1:
            keep = True
            j = head[v]
            while j != -1:
                budget[0] -= 1
                if (
                    j != i
                    and lab[j, _BOOTS] <= lab[i, _BOOTS]
                    and lab[j, _SWORDS] <= lab[i, _SWORDS]
                    and lab[j, _DAMAGE] <= lab[i, _DAMAGE]
                    and lab[j, _TELEPORTS] <= lab[i, _TELEPORTS]
                    and lab[j, _GOLD] <= lab[i, _GOLD]
                ):
                    keep = False
                    break
                j = lab[j, _NNEXT]
            if keep:
                # insertion sort into order[first:k]
                p = k
                while p > first and _before(lab, i, order[p - 1]):
                    order[p] = order[p - 1]
                    p -= 1
                order[p] = i
                k += 1
            i = lab[i, _NNEXT]
        bounds[v + 1] = k
        if budget[0] < 0:
            return lab[:0, :_NOUT].copy(), np.empty(0, np.int64), np.zeros(n + 1, np.int64)
    return lab[:count, :_NOUT].copy(), order[:k].copy(), bounds
