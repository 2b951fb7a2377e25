"""The computer players' levels, weakest first (their names only: importing this loads no player)."""

from __future__ import annotations

LEVELS = ("random", "easy", "normal", "hard")
