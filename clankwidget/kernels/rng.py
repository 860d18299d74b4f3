"""The project's random numbers, for kernels: xoshiro256** (Blackman and Vigna, 2018).

Kernels never own a generator. They take ``rng``, a ``uint64`` array of 6 words: a
xoshiro256** state (words 0-3, not all zero) and a one-word buffer (word 4 holds a spare
32-bit half, word 5 says whether it is full). The public functions seed it from a
:class:`numpy.random.Generator` with :func:`state_from`; the kernels advance it in place,
so the same seed gives the same stream on every machine. Each 64-bit output is used as two
32-bit words, the high half first, and an integer in ``[0, bound)`` is drawn from the
words with Lemire's multiply-and-reject method, which is exactly uniform.

The plain-Python twin is in ``tests/naive_odds.py``.
"""

from __future__ import annotations

import numba
import numpy as np

from ._jit import kernel

__all__ = ["state_from"]

# Under NUMBA_DISABLE_JIT=1 the kernels run as plain Python on NumPy scalars, and NumPy warns
# when a uint64 product wraps, where compiled code wraps silently (as xoshiro wants). The
# flag is a compile-time constant for numba, so the compiled kernels keep the plain product.
_PURE_PYTHON = bool(numba.config.DISABLE_JIT)
_MASK64 = 0xFFFFFFFFFFFFFFFF

_U5 = np.uint64(5)
_U9 = np.uint64(9)
_U17 = np.uint64(17)
_U32 = np.uint64(32)
_M32 = np.uint64(0xFFFFFFFF)
_TWO32 = np.uint64(1 << 32)


def state_from(gen: np.random.Generator) -> np.ndarray:
    """A fresh kernel state (6 words, the buffer empty) drawn from ``gen``."""
    state = np.zeros(6, np.uint64)
    while not state[:4].any():
        state[:4] = gen.integers(0, 2**64, size=4, dtype=np.uint64)
    return state


@kernel
def _wmul(a, c):
    """``a * c`` modulo 2**64 for uint64 scalars."""
    if _PURE_PYTHON:
        return np.uint64((int(a) * int(c)) & _MASK64)
    return a * c


@kernel
def _rotl(x, k):
    return (x << np.uint64(k)) | (x >> np.uint64(64 - k))


@kernel
def _xoshiro_step(s0, s1, s2, s3):
    """One xoshiro256** step on the state words: ``(output, s0, s1, s2, s3)``.

    On scalars, so that a kernel drawing many numbers can keep the state in registers
    (:func:`clankwidget.kernels.bag._sample_draws` does); LLVM inlines it.
    """
    result = _wmul(_rotl(_wmul(s1, _U5), 7), _U9)
    t = s1 << _U17
    s2 ^= s0
    s3 ^= s1
    s1 ^= s2
    s0 ^= s3
    s2 ^= t
    s3 = _rotl(s3, 45)
    return result, s0, s1, s2, s3


@kernel
def _xoshiro_next(rng):
    """The next 64-bit output of xoshiro256** (state in ``rng[0:4]``, advanced in place)."""
    result, rng[0], rng[1], rng[2], rng[3] = _xoshiro_step(rng[0], rng[1], rng[2], rng[3])
    return result


@kernel
def _next_word(rng):
    """The next 32-bit word (as uint64): high half of a xoshiro output, then its low half."""
    if rng[5] != 0:
        rng[5] = np.uint64(0)
        return rng[4]
    r = _xoshiro_next(rng)
    rng[4] = r & _M32
    rng[5] = np.uint64(1)
    return r >> _U32


@kernel
def _bounded(rng, bound):
    """A uniform integer in ``[0, bound)``, ``1 <= bound < 2**32`` (Lemire, with rejection)."""
    s = np.uint64(bound)
    m = _next_word(rng) * s  # both factors < 2**32: no wrap
    low = m & _M32
    if low < s:
        floor = (_TWO32 - s) % s
        while low < floor:
            m = _next_word(rng) * s
            low = m & _M32
    return np.int64(m >> _U32)
