"""``python -m clankwidget check FILE...``: see :mod:`clankwidget.check`."""

import sys

from .check import main

sys.exit(main())
