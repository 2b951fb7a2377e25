"""The screen that hands the device on when several people play at one table ("Pass to Anna").

Pure Python.  While it shows, the page holds no hand, knee, foot or staged meld of anyone's: only
the public table (scores, and what happened since the person's last turn, as the moves were
narrated) and one button for the person taking the device.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import TYPE_CHECKING

from engine.events import Drew, Event, TookPile
from engine.state import Game
from ui.table.narrate import describe_entry
from ui.widgets import button, esc

if TYPE_CHECKING:
    from ui.table.session import Session

MAX_SINCE = 12
"""The most lines "since your last turn" lists (the latest ones; it says how many earlier ones Moves holds)."""


def had_turn(game: Game, seats: Collection[int]) -> bool:
    """True once any of ``seats`` has drawn or taken the pile this round (a red 3 laid out at the deal is no
    turn of theirs)."""
    return any(isinstance(e, (Drew, TookPile)) and e.seat in seats for e in game.log)


def since_last_turn(game: Game, seat: int, names: list[str]) -> list[str]:
    """What the others did this round since ``seat`` last moved (the whole round if it hasn't), in words."""
    log = game.log
    last = max((i for i, e in enumerate(log) if e.seat == seat), default=-1)
    entries: list[Event] = log[last + 1 :]
    return [t for t in (describe_entry(game, e, -1, names) for e in entries) if t]


def hidden_panel(session: Session) -> str:
    """What a device passed round shows while a guest plays on a phone of their own: no hand, who plays,
    and whom the device goes to next."""
    game, names = session.game, session.names()
    seat = game.to_act
    who = names[seat] if seat is not None else "Someone"
    guests = session.seating.guests
    if seat in session.away:
        playing = f"A computer plays for {who} until their phone is back."
    else:
        playing = f"{who} is playing on their own phone." if seat in guests else f"{who} is playing."
    return (
        '<section class="panel pass" aria-labelledby="pass-title" aria-live="polite">'
        f'<h2 id="pass-title">{esc(playing)}</h2>'
        "<p>Every hand on this device is hidden while others play. It asks to be passed on when it is "
        "the turn of someone playing here.</p>"
        "</section>"
    )


def pass_panel(game: Game, seat: int, names: list[str]) -> str:
    """The full-screen "Pass to <name>" panel for ``seat``, with the question if a partner asked it."""
    name = names[seat]
    asked = ""
    if game.phase == "answer" and game.to_act == seat:
        asked = f'<p class="pass-ask"><b>{esc(names[game.turn])} asks you: “May I go out?”</b></p>'
    playing = ""  # under the button, which stays where it is when the line goes
    if game.to_act is not None and game.to_act != seat and not asked:  # the computers before their turn play on
        who = esc(names[game.to_act])
        playing = f'<p class="tip">{who} is playing now; {esc(name)} can take the device already.</p>'
    lines = since_last_turn(game, seat, names)
    heading = "Since your last turn" if had_turn(game, (seat,)) else "So far this round"
    left = len(lines) - MAX_SINCE
    earlier = (f"<p class=\"tip\">The latest {MAX_SINCE}; {left} earlier {'ones' if left > 1 else 'one'} "
               "not shown (Moves tells the last turns once you have the device).</p>" if left > 0 else "")
    since = (
        f"<h3>{heading}</h3>{earlier}<ol class=\"moves\">"
        + "".join(f"<li><p>{esc(t)}</p></li>" for t in lines[-MAX_SINCE:])
        + "</ol>"
        if lines else ""
    )
    return (
        '<section class="panel pass" aria-labelledby="pass-title">'
        f'<h2 id="pass-title">Pass to {esc(name)}</h2>'
        f"<p>Every hand is hidden. Give the device to {esc(name)}; only {esc(name)} should look once it opens.</p>"
        + asked
        + button("take-device", f"I'm {esc(name)}: show my hand", cls="primary")
        + playing
        + since
        + "</section>"
    )
