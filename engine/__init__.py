"""Hand and Foot rules engine: pure Python, standard library only.

The game changes only through ``Game.apply``; players see ``view_for(game, seat)``.
"""

from .actions import (
    Action,
    Answer,
    AskGoOut,
    Discard,
    Draw,
    EndTurn,
    Meld,
    MeldPlay,
    NextRound,
    PickUp,
    from_text,
    to_text,
)
from .errors import LoadError, RuleViolation
from .house_rules import HOUSE_RULES
from .rules import PRESETS, RuleSet, preset
from .scoring import Leftover, ScoreLine, TeamScore, TeamTable, score
from .serialize import from_dict, to_dict
from .state import Game, new_game
from .views import View, view_for

__all__ = [
    "HOUSE_RULES", "PRESETS", "Action", "Answer", "AskGoOut", "Discard", "Draw", "EndTurn",
    "Game", "Leftover", "LoadError", "Meld", "MeldPlay", "NextRound", "PickUp", "RuleSet",
    "RuleViolation", "ScoreLine", "TeamScore", "TeamTable", "View", "from_dict", "from_text",
    "new_game", "preset", "score", "to_dict", "to_text", "view_for",
]
