"""Shared moves for the UI-logic tests."""

from __future__ import annotations

from collections.abc import Callable, Iterator

from engine.actions import AskGoOut
from ui.app import App as Controller
from ui.table.moves import Line


def simple_turn(ctrl: Controller) -> None:
    """The person to act plays a simple turn: "yes" when asked, else draw, else discard the first card
    (ending a turn that can't discard)."""
    if ctrl.game.phase == "answer":
        ctrl.handle("answer", "yes")
    elif ctrl.game.phase == "draw":
        ctrl.handle("draw")
    else:
        ctrl.handle("card", "0")
        ctrl.handle("discard")
        if ctrl.human_to_act() and ctrl.game.phase == "play":
            ctrl.handle("end-turn")


def play_until_asking(ctrl: Controller, max_steps: int) -> bool:
    """Play until the person to act would ask "May I go out?" (Hint's move is the question): people take
    the device, the computers play as themselves, a person plays Hint's move or else a simple turn.
    True when it is time to ask; False when the round ended or ``max_steps`` ran out first."""
    for _ in range(max_steps):
        if ctrl.game.phase in ("round_over", "game_over"):
            return False
        if ctrl.passing is not None:
            ctrl.handle("take-device")
        elif ctrl.bot_to_act():
            ctrl.bot_step()
        elif ctrl.game.phase == "play" and ctrl.game.to_act == ctrl.seat:
            ctrl.handle("hint")
            if isinstance(ctrl.hint_action, AskGoOut):
                return True
            moves = len(ctrl.game.history)
            ctrl.handle("play-hint")
            if len(ctrl.game.history) == moves:
                simple_turn(ctrl)
        else:
            simple_turn(ctrl)
    return False


def play_out_round(ctrl: Controller, max_steps: int, each: Callable[[Controller], object] | None = None) -> None:
    """Play until the round ends: the computer players as themselves, South by a simple turn
    (see ``simple_turn``); ``each`` runs after every step."""
    for _ in range(max_steps):
        if ctrl.game.phase in ("round_over", "game_over"):
            return
        if ctrl.bot_to_act():
            ctrl.bot_step()
        else:
            simple_turn(ctrl)
        if each is not None:
            each(ctrl)


def hint_turn(ctrl: Controller) -> None:
    """The person to act plays Hint's move: Hint, then Play it."""
    ctrl.handle("hint")
    ctrl.handle("play-hint")


def round_over(ctrl: Controller) -> bool:
    return ctrl.game.phase in ("round_over", "game_over")


def each_computer_move(ctrl: Controller, max_steps: int = 3000) -> Iterator[Line | None]:
    """Play until the round ends, the computers as themselves and the person by Hint's move; after each
    computer move, yield the recent line that was the last before it (None before the first)."""
    for _ in range(max_steps):
        if round_over(ctrl):
            return
        if not ctrl.bot_to_act():
            hint_turn(ctrl)
            continue
        before = ctrl.lines[-1] if ctrl.lines else None
        ctrl.bot_step()
        yield before


def each_step_with_hints(ctrl: Controller, max_steps: int = 3000) -> Iterator[None]:
    """Play until the round ends, the computers as themselves and the person by Hint's move; yield after
    each step (a computer's move or Hint's) that leaves the round going on."""
    for _ in range(max_steps):
        if round_over(ctrl):
            return
        if ctrl.bot_to_act():
            ctrl.bot_step()
        else:
            hint_turn(ctrl)
        if round_over(ctrl):
            return
        yield
