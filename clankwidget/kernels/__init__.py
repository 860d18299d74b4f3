"""numba kernels: functions on NumPy arrays only, no game objects.

Kernels are private (``_name``). The public functions in :mod:`clankwidget.odds`,
:mod:`clankwidget.paths` and :mod:`clankwidget.deck` validate input, build arrays, call
them and wrap the results. Every kernel has a slow, obviously correct plain-Python twin
in ``tests/naive_odds.py``, ``tests/naive_paths.py`` or ``tests/naive_deck.py``, and the
tests compare them on many random inputs.
"""
