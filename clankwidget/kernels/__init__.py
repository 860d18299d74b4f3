"""numba kernels: functions on NumPy arrays only, no game objects.

Kernels are private (``_name``). The public functions in :mod:`clankwidget.odds`,
:mod:`clankwidget.paths` and :mod:`clankwidget.deck` validate input, build arrays, call
them and wrap the results. Every kernel has a slow, obviously correct plain-Python twin in ``tests/naive_*.py``
(``naive_odds``, ``naive_paths``, ``naive_deck``), and tests compare them on random inputs.
"""
