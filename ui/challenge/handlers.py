"""The taps of family challenges."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ui.challenge import model as challenge
from ui.taps import Note, Taps

if TYPE_CHECKING:
    from ui.app import App


def on_watch_challenge(app: App, arg: str) -> None:
    """Watch the sender's game of a challenge (only when their result follows from their moves)."""
    record = app.challenges.get(arg)
    app.confirm_spoil = ""
    if record is None:
        return
    if record.verified is not False and not record.watchable:  # not played yet: watching shows every hand
        app.confirm_spoil = record.key
        return
    game = challenge.watch_game(record)
    if game is None:
        app.note = Note("That challenge's game can't be watched: its result doesn't follow from its link.",
                         "error")
        return
    who = record.challenge.name or ("your" if record.sent else "their")
    app.open_watch(game, f"{who} game, deal {record.challenge.deal:,}", back=app.screen)
    if app.watch is not None:
        app.watch.level = record.challenge.level  # its reasons come from the level it was played at


def on_give_up_challenge(app: App, arg: str) -> None:
    """Watch a received challenge without playing it (after the warning): it is never filed as played."""
    record = app.challenges.get(arg)
    if record is None or arg != app.confirm_spoil:
        return
    app.challenges[arg] = challenge.give_up(record)
    if app.active_challenge == arg:
        app.active_challenge = ""
    on_watch_challenge(app, arg)


def on_keep_challenge(app: App, arg: str) -> None:
    """Put the warning aside: the challenge stays to be played first."""
    app.confirm_spoil = ""


def register(taps: Taps[App]) -> None:
    """This feature's taps."""
    taps.add("watch-challenge", on_watch_challenge, passive=True)
    taps.add("give-up-challenge", on_give_up_challenge)
    taps.add("keep-challenge", on_keep_challenge, passive=True)
