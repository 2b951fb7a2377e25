"""The computer players' levels, weakest first (their names only: importing this loads no player)."""

from __future__ import annotations

LEVELS = ("random", "easy", "normal", "hard")
"""The levels a player can choose in the page."""
SEARCH_LEVELS = ("expert",)
"""Levels that search (many playouts a decision): in the engine, the arena and the benches, not yet
in the page's level list (its decisions take tens of milliseconds in CPython, more in the page)."""
ALL_LEVELS = LEVELS + SEARCH_LEVELS
"""Every level ``make_bot`` builds."""
