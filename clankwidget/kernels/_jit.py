"""The one decorator every kernel uses.

``numba.njit(cache=True)`` writes compiled code next to the module, or under
``NUMBA_CACHE_DIR``. Where neither is writable (a read-only install with no home folder),
numba cannot cache at all and refuses to compile a ``cache=True`` function; we fall back
to compiling without a cache rather than failing to import.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import numba

__all__ = ["kernel"]


def _cache_usable() -> bool:
    if os.environ.get("NUMBA_CACHE_DIR"):
        return True
    here = Path(__file__).parent / "__pycache__"
    for folder in (here, Path.home() / ".cache" / "numba"):
        try:
            folder.mkdir(parents=True, exist_ok=True)
            with tempfile.TemporaryFile(dir=folder):
                return True
        except OSError:
            continue
    return False


_CACHE = _cache_usable()


def kernel(*args, **options):
    """``numba.njit`` with ``cache=True`` (when a cache folder is writable) and ``nogil``.

    Use bare (``@kernel``) or with numba options (``@kernel(fastmath=False)``).
    """
    options.setdefault("cache", _CACHE)
    options.setdefault("nogil", True)
    if args and callable(args[0]) and len(args) == 1 and not options.keys() - {"cache", "nogil"}:
        return numba.njit(**options)(args[0])
    return numba.njit(*args, **options)
