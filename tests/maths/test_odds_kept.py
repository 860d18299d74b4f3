"""The knockout odds' sizes, counted in Python ints (``odds._sizes``), are those the
kernels count for themselves."""

import numpy as np

from clankwidget import odds
from clankwidget.kernels.bag import _cumulative_bag, _damage_cap


def test_sizes_are_the_kernels_counts():
    rng = np.random.default_rng(3)
    for trial in range(300):
        m = int(rng.integers(3, 6))  # black, hit_all and one to three players
        bag = [int(v) for v in rng.integers(0, 12, m)]
        rows = [[int(v) for v in rng.integers(0, 4, m)] for _ in range(int(rng.integers(1, 9)))]
        if trial % 3 == 0:
            bag[1] = rows[0][1] = 0  # no hit_all cubes until later
        draws = [int(v) for v in rng.integers(0, 9 if trial % 5 else 60, len(rows))]
        put_in, totals, reds, most, clamped = odds._sizes(bag, rows, draws)
        start = np.array(bag, np.int64)
        adds = np.array(rows, np.int64)
        avail = _cumulative_bag(start, adds)
        assert totals == avail[-1].tolist()
        assert put_in == int(avail[-1].sum())
        assert clamped == [min(d, put_in) for d in draws]
        want_reds = sum(min(d, int(avail[t, 1])) for t, d in enumerate(clamped))
        assert reds == want_reds
        assert most == int(_damage_cap(start, adds, np.array(clamped, np.int64)))
