"""Shared moves for the UI-logic tests."""

from __future__ import annotations

from collections.abc import Callable

from ui.app import App as Controller


def play_out_round(ctrl: Controller, max_steps: int, each: Callable[[Controller], object] | None = None) -> None:
    """Play until the round ends: the computer players as themselves, South by drawing and discarding
    the first card (answering "yes" when asked, ending a turn that can't discard); ``each`` runs after
    every step."""
    for _ in range(max_steps):
        if ctrl.game.phase in ("round_over", "game_over"):
            return
        if ctrl.bot_to_act():
            ctrl.bot_step()
        elif ctrl.game.phase == "answer":
            ctrl.handle("answer", "yes")
        elif ctrl.game.phase == "draw":
            ctrl.handle("draw")
        else:
            ctrl.handle("card", "0")
            ctrl.handle("discard")
            if ctrl.human_to_act() and ctrl.game.phase == "play":
                ctrl.handle("end-turn")
        if each is not None:
            each(ctrl)
