"""Hand and Foot rules engine: pure Python, standard library only.

The game changes only through ``Game.apply``; players see ``view_for(game, seat)``.
This module is the public API the UI imports: everything ui/ uses, by name.  The computer players
(``LEVELS``, ``Bot``, ``make_bot``, ``hint``) load on first use, so importing the engine doesn't
import them (the page defers them past its start-up).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import cards, seats
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
from .checks import must_ask, pile_under, wild_top_takeable
from .deal import MAX_DEAL
from .errors import LoadError, RuleViolation
from .events import (
    Answered,
    Asked,
    Discarded,
    Drew,
    EndedTurn,
    Event,
    Melded,
    PickedUpSet,
    RedThree,
    StockOut,
    TookPile,
    Upcard,
    WentOut,
)
from .house_rules import (
    BRINGS,
    CANASTA_VALUES,
    DERIVED,
    HOUSE_CHOICES,
    HOUSE_RULES,
    INDIVIDUAL_IN_SOURCE,
    KEEP_ON_PRESET_CHANGE,
    NEEDS_WILD_TOP,
    PRESET_ONLY,
    SCHEDULES,
    Choice,
    house_code,
    house_of,
    house_value,
    players_label,
    players_offered,
    rule_fields,
    rules_for,
    switch_applies,
    switch_options,
    switch_value,
)
from .melds import BOOK_SIZE, check_meld, meld_value
from .moves import legal_actions, meld_targets, outline_cards, pickup_blocked
from .rules import PRESETS, RuleSet, preset
from .scoring import (
    Leftover,
    LeftoverCount,
    ScoreLine,
    TeamCounts,
    TeamScore,
    TeamTable,
    book_kinds,
    game_over,
    score,
    score_counts,
)
from .seats import PLAYER_COUNTS, individual, seat_names, sides
from .serialize import (
    MAX_ACTIONS,
    MAX_DEPTH,
    MAX_SAVE_CHARS,
    digest,
    from_dict,
    json_depth,
    parse_json,
    replay,
    to_dict,
    too_deep,
)
from .state import Game, new_game
from .stored_rules import LEGACY_VALUES, rules_from_dict, rules_to_dict
from .takeback import take_back, takeback_problem
from .views import MeldView, SeatView, TeamView, View, view_for

if TYPE_CHECKING:
    from .bots import LEVELS, Bot, make_bot
    from .bots.hint import hint

_BOTS = ("LEVELS", "Bot", "hint", "make_bot")


def __getattr__(name: str) -> Any:
    """The computer players' names, imported on first use (``engine.bots`` is large)."""
    if name in _BOTS:
        from . import bots

        return getattr(bots, name)
    raise AttributeError(f"module 'engine' has no attribute {name!r}")


__all__ = [
    "BOOK_SIZE", "BRINGS", "CANASTA_VALUES", "DERIVED", "HOUSE_CHOICES", "HOUSE_RULES", "INDIVIDUAL_IN_SOURCE",
    "KEEP_ON_PRESET_CHANGE", "LEGACY_VALUES", "LEVELS", "MAX_ACTIONS", "MAX_DEAL", "MAX_DEPTH", "MAX_SAVE_CHARS",
    "NEEDS_WILD_TOP", "PLAYER_COUNTS", "PRESETS", "PRESET_ONLY", "SCHEDULES",
    "Action", "Answer", "Answered", "AskGoOut", "Asked", "Bot", "Choice", "Discard", "Discarded", "Draw", "Drew",
    "EndTurn", "EndedTurn", "Event", "Game", "Leftover", "LeftoverCount", "LoadError", "Meld", "MeldPlay",
    "MeldView", "Melded", "NextRound", "PickUp", "PickedUpSet", "RedThree", "RuleSet", "RuleViolation",
    "ScoreLine", "SeatView", "StockOut", "TeamCounts", "TeamScore", "TeamTable", "TeamView", "TookPile", "Upcard",
    "View", "WentOut",
    "book_kinds", "cards", "check_meld", "digest", "from_dict", "from_text", "game_over", "hint", "house_code",
    "house_of", "house_value", "individual", "json_depth", "legal_actions", "make_bot", "meld_targets",
    "meld_value", "must_ask", "new_game", "outline_cards", "parse_json", "pickup_blocked", "pile_under",
    "players_label", "players_offered", "preset", "replay", "rule_fields", "rules_for", "rules_from_dict",
    "rules_to_dict", "score", "score_counts", "seat_names", "seats", "sides", "switch_applies", "switch_options",
    "switch_value", "take_back", "takeback_problem", "to_dict", "to_text", "too_deep", "view_for",
    "wild_top_takeable",
]
