"""Computer players: Random, Easy, Normal, Hard and Expert, each seeing only its own view.

``make_bot(level, seat, deal_number)`` builds one; ``bot.decide(view)`` returns
a ``Decision`` (an action legal in the real game and a ``Reason`` saying why, as data:
``.reason`` is the whole sentence, ``.public_reason`` one that names no hidden card);
``hint(view)`` gives the Hard level's choice for a human's decision.
"""

from __future__ import annotations

from ..levels import ALL_LEVELS
from .base import LEVELS, Bot, Decision, bot_seed
from .easy import EasyBot
from .expert import ExpertBot
from .hard import HardBot
from .hint import hint
from .normal import NormalBot
from .randombot import RandomBot

_CLASSES: dict[str, type[RandomBot] | type[NormalBot]] = {
    "random": RandomBot,
    "easy": EasyBot,
    "normal": NormalBot,
    "hard": HardBot,
    "expert": ExpertBot,
}


def make_bot(level: str, seat: int, deal_number: int) -> Bot:
    """A computer player of ``level`` ('random', 'easy', 'normal', 'hard', 'expert') for ``seat``."""
    try:
        cls = _CLASSES[level]
    except KeyError:
        raise ValueError(f"unknown level: {level!r} (choose from {', '.join(ALL_LEVELS)})") from None
    return cls(seat, deal_number)


__all__ = ["ALL_LEVELS", "LEVELS", "Bot", "Decision", "EasyBot", "ExpertBot", "HardBot", "NormalBot", "RandomBot",
           "bot_seed", "hint", "make_bot"]
