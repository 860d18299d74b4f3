"""Moonrakers kernels: the hazard dice, and whether a hand and deck meet a contract.

Hazard dice. A die is given by the chance of each number of hazards it shows
(``face_pmf[k]``: the chance of ``k`` hazards). :func:`_hazard_pmf` convolves ``n`` such
dice, then takes away the hazards that Shields block. Its plain-Python twin is
``tests/naive_dice.py``'s ``naive_hazard_pmf``.

Meeting a contract. Cards are numbered ``0..m-1`` (the public function sorts their ids);
``meets[c, k]`` is what card ``c`` meets of requirement ``k``, ``plus[c]`` the actions it
adds and ``draws[c]`` the cards it draws; every play costs one action. For one order of the
draw pile, :func:`_best` says whether some sequence of plays meets ``need``: a depth-first
search over the multiset of cards played so far (in a fixed order of the draw pile that
multiset fixes the hand, the cards drawn, the actions and what is left to meet, so it is
the whole state), remembering the states already explored in a stamped table. Cards that
meet nothing still needed, draw nothing and add at most the action they cost are never
played: dropping such a play from a winning sequence leaves it winning.
:func:`_meet_exact` lists every distinct order of the cards that can be drawn, with its
chance, in the order the plain-Python twin lists them (``tests/naive_dice.py``'s
``python_meet_odds``), so the sums agree to the last bit; :func:`_meet_orders` counts the
orders (drawn by the caller from its seeded Generator) that can be met.
"""

from __future__ import annotations

import numpy as np

from ._jit import kernel

__all__ = ["_best", "_hazard_pmf", "_meet_exact", "_meet_orders", "_walk_orders"]

#: A memo table past this many states is not allocated; the search then runs without one
#: (still exact, only slower). Hands and decks of the game stay far below it.
_MEMO_LIMIT = 1 << 22


@kernel
def _hazard_pmf(face_pmf: np.ndarray, dice: int, shields: int) -> np.ndarray:
    """``out[k]``: the chance that ``k`` hazards are left unblocked after ``dice`` dice
    with face distribution ``face_pmf`` and ``shields`` blocks (``len(out)`` is
    ``dice * (len(face_pmf) - 1) + 1``; hazards beyond the blocks only)."""
    top = len(face_pmf) - 1
    size = dice * top + 1
    total = np.zeros(size)
    total[0] = 1.0
    width = 1
    for _ in range(dice):
        nxt = np.zeros(size)
        for i in range(width):
            if total[i] == 0.0:
                continue
            for f in range(top + 1):
                nxt[i + f] += total[i] * face_pmf[f]
        total = nxt
        width += top
    out = np.zeros(size)
    for k in range(size):
        left = k - shields
        if left < 0:
            left = 0
        out[left] += total[k]
    return out


@kernel
def _search_plan(hand, pool, meets, plus, draws, need):
    """The cards worth playing (``useful``), the strides of the state code over them and
    the number of states (``0`` when past :data:`_MEMO_LIMIT`: no memo)."""
    m = len(hand)
    useful = np.zeros(m, np.bool_)
    strides = np.zeros(m, np.int64)
    size = 1
    for c in range(m):
        meets_some = False
        for k in range(len(need)):
            if need[k] > 0 and meets[c, k] > 0:
                meets_some = True
        useful[c] = meets_some or draws[c] > 0 or plus[c] > 1
        if useful[c]:
            strides[c] = size
            if size > 0:
                size *= hand[c] + pool[c] + 1
                if size > _MEMO_LIMIT:
                    size = 0
    return useful, strides, size


@kernel
def _best(order, hand, meets, plus, draws, need, actions, useful, strides, memo, stamp, budget):
    """Whether some sequence of plays meets ``need`` when the draw pile comes in
    ``order`` (card numbers; only the first cards drawn matter), starting from ``hand``
    (counts per card) with ``actions``. ``memo`` (``int64``, one entry per state, or empty
    for no memo) holds the stamp of the last search that explored a state; pass a stamp
    not used before on that table. Each play tried takes one from ``budget[0]``; once it
    is below 0 the search stops (and its answer means nothing: the caller checks)."""
    m = len(hand)
    kinds = len(need)
    left0 = 0
    for k in range(kinds):
        left0 += need[k] > 0
    if left0 == 0:
        return True
    if actions <= 0:
        return False
    use_memo = len(memo) > 0
    depth_max = len(order) + 1  # plays: at most the useful cards held or drawn
    for c in range(m):
        if useful[c]:
            depth_max += hand[c]
    held = hand.copy()
    nxt = np.zeros(depth_max, np.int64)  # the next card to try at each depth
    played = np.zeros(depth_max, np.int64)
    pos = np.zeros(depth_max, np.int64)
    acts = np.zeros(depth_max, np.int64)
    left = np.zeros((depth_max, kinds), np.int64)
    for k in range(kinds):
        left[0, k] = need[k]
    acts[0] = actions
    code = 0
    if use_memo:
        memo[0] = stamp
    d = 0
    while d >= 0:
        c = nxt[d]
        while c < m and not (useful[c] and held[c] > 0):
            c += 1
        if c >= m:  # every play from here fails: back up one play
            d -= 1
            if d >= 0:
                b = played[d]
                held[b] += 1
                for i in range(pos[d], pos[d + 1]):
                    held[order[i]] -= 1
                code -= strides[b]
            continue
        nxt[d] = c + 1
        budget[0] -= 1
        if budget[0] < 0:
            return False
        # play card c
        held[c] -= 1
        p2 = pos[d] + draws[c]
        if p2 > len(order):
            p2 = len(order)
        for i in range(pos[d], p2):
            held[order[i]] += 1
        a2 = acts[d] - 1 + plus[c]
        done = True
        for k in range(kinds):
            v = left[d, k] - meets[c, k]
            if v < 0:
                v = 0
            left[d + 1, k] = v
            if v > 0:
                done = False
        if done:
            return True
        code2 = code + strides[c]
        fresh = a2 > 0
        if fresh and use_memo:
            if memo[code2] == stamp:
                fresh = False
            else:
                memo[code2] = stamp
        if fresh:
            played[d] = c
            pos[d + 1] = p2
            acts[d + 1] = a2
            nxt[d + 1] = 0
            code = code2
            d += 1
        else:  # undo the play
            held[c] += 1
            for i in range(pos[d], p2):
                held[order[i]] -= 1
    return False


@kernel
def _walk_orders(hand, pool, meets, plus, draws, need, actions, reach, max_exact, evaluate, budget):
    """Walk every distinct order of the first ``reach`` cards drawn from ``pool`` (counts
    per card), in the order the plain-Python twin lists them: ``(p, orders, ok)``.
    Counting (``evaluate`` false), give up (``ok`` false) as the twin does, once it holds
    over ``max_exact`` orders; evaluating, sum into ``p`` the chances of the orders that
    can be met, until the searches have spent ``budget`` (see :func:`_best`)."""
    m = len(hand)
    left_total = 0
    for c in range(m):
        left_total += pool[c]
    pool = pool.copy()
    useful, strides, size = _search_plan(hand, pool, meets, plus, draws, need)
    memo = np.zeros(size if evaluate else 0, np.int64)
    stamp = 0
    p = 0.0
    count = 0
    prefix = np.zeros(reach + 1, np.int64)
    nxt = np.zeros(reach + 1, np.int64)
    weight = np.ones(reach + 1)
    d = 0
    entered = True
    while d >= 0:
        if entered:
            if not evaluate and count > max_exact:
                return p, count, False
            entered = False
            if d == reach:  # one whole order
                count += 1
                if evaluate:
                    stamp += 1
                    order = prefix[:reach]
                    args = (meets, plus, draws, need, actions, useful, strides, memo, stamp)
                    if _best(order, hand, *args, budget):
                        p += weight[reach]
                    if budget[0] < 0:
                        return p, count, True
                d -= 1
                if d >= 0:
                    pool[prefix[d]] += 1
                continue
        c = nxt[d]
        while c < m and pool[c] == 0:
            c += 1
        if c >= m:
            d -= 1
            if d >= 0:
                pool[prefix[d]] += 1
            continue
        nxt[d] = c + 1
        k = pool[c]
        pool[c] -= 1
        prefix[d] = c
        weight[d + 1] = weight[d] * k / (left_total - d)
        d += 1
        nxt[d] = 0
        entered = True
    return p, count, True


@kernel
def _meet_exact(hand, pool, meets, plus, draws, need, actions, reach, max_exact, budget):
    """Weigh every distinct order of the first ``reach`` cards drawn from ``pool``:
    ``(p, orders, exact)``, ``p`` the chance that the hand meets ``need``. ``exact`` is
    false (and ``p`` meaningless) when there are more orders than the plain-Python twin
    weighs (it stops once it holds over ``max_exact``); nothing is searched then. ``p``
    means nothing either when the searches overspent ``budget`` (``budget[0] < 0``)."""
    args = (hand, pool, meets, plus, draws, need, actions, reach, max_exact)
    _, count, ok = _walk_orders(*args, False, budget)
    if not ok:
        return 0.0, count, False
    return _walk_orders(*args, True, budget)


@kernel
def _meet_orders(orders, hand, pool, meets, plus, draws, need, actions, budget):
    """How many rows of ``orders`` (each an order of the cards drawn) can be met; the
    count means nothing when the searches overspent ``budget`` (see :func:`_best`)."""
    useful, strides, size = _search_plan(hand, pool, meets, plus, draws, need)
    memo = np.zeros(size, np.int64)
    args = (meets, plus, draws, need, actions, useful, strides, memo)
    wins = 0
    for r in range(orders.shape[0]):
        if _best(orders[r], hand, *args, r + 1, budget):
            wins += 1
        if budget[0] < 0:
            break
    return wins
