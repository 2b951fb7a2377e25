"""Hard: Normal plus card tracking and look-ahead over sampled hidden cards."""

from __future__ import annotations

from .normal import NormalBot


class HardBot(NormalBot):
    """Placeholder until the look-ahead lands: plays as Normal."""

    level = "hard"
