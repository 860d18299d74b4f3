"""Hazard dice (Moonrakers): the exact distribution of hazards on ``n`` dice.

A die is given by the chance of each number of hazards it shows (``face_pmf[k]``: the
chance of ``k`` hazards). The kernel convolves ``n`` such dice, then takes away the
hazards that Shields block. Its plain-Python twin is ``tests/naive_odds.py``'s
``naive_hazard_pmf``.
"""

from __future__ import annotations

import numpy as np

from ._jit import kernel

__all__ = ["_hazard_pmf"]


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
