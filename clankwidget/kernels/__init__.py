"""numba kernels: functions on NumPy arrays only, no game objects.

Kernels are private (``_name``). The public functions in :mod:`clankwidget.odds`,
:mod:`clankwidget.paths` and :mod:`clankwidget.deck` validate input, build arrays, call
them and wrap the results. Every kernel has a plain-Python twin in ``tests/naive.py``.
"""
