"""The computer players' levels, weakest first (their names only: importing this loads no player)."""

from __future__ import annotations

LEVELS = ("random", "easy", "normal", "hard")
"""The levels that decide at once (under a few milliseconds): the page runs them on its own thread."""
SEARCH_LEVELS = ("expert",)
"""Levels that search (many playouts a decision, hundreds of milliseconds): the page offers them too,
thinking in a worker of their own (``ui/settings/model.py``'s ``LEVELS``, ``ui/browser/expert_think.py``)."""
ALL_LEVELS = LEVELS + SEARCH_LEVELS
"""Every level ``make_bot`` builds."""
