"""The Moonrakers captains moved to :mod:`clankwidget.bots.moonrakers`; this name keeps
old imports (and the registry's ``bots`` entry) working."""

from __future__ import annotations

from .bots.moonrakers import CAPTAINS, GreedyCaptain, PlannerCaptain, RandomCaptain

__all__ = ["CAPTAINS", "GreedyCaptain", "PlannerCaptain", "RandomCaptain"]
