"""Which cue (a sound and a buzz, when the player turned them on) follows a move on the table.

Pure Python; ``ui/browser/feel.py`` plays them."""

from __future__ import annotations

from engine.state import Game

TURN = "turn"
"""The table now waits for a person: their turn starts, or their partner asks "May I go out?"."""
PLAY = "play"
"""A computer player made a move."""


def cue_after_move(game: Game, humans: frozenset[int]) -> str:
    """The cue for the move just applied to ``game`` ('' for none: a person's own move makes no sound)."""
    mover = getattr(game.log[-1], "seat", None) if game.log else None
    if mover is None or mover in humans:
        return ""
    waits_for_person = game.to_act in humans and game.phase in ("draw", "answer")
    return TURN if waits_for_person else PLAY
