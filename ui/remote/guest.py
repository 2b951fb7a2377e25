"""A guest's side of a table played on several devices: its seat's view, and its moves sent to the host.

Pure Python, no transport.  The guest holds no game, only the last view the host sent
(``wire.SeatShown``), and asks the host for every move; what it sends is only ever its own seat's
move in the engine's text form (or a request to take back its melds of the turn), with the move count it
was made on.
"""

from __future__ import annotations

from dataclasses import replace

from engine.actions import Action
from engine.table import RoundResult
from ui.remote import wire
from ui.remote.wire import Away, MayUndo, Movers, Reasons, Refused, Result, SeatShown

CANT_READ = "A message from the host couldn't be read; the table is as it was."


class Guest:
    """One guest device's table: what the host last showed it."""

    def __init__(self) -> None:
        self.shown: SeatShown | None = None
        self.note = ""  # the host's last refusal, or a problem with its messages, in a sentence
        self.ignored = 0  # host messages that could not be read
        self.result: RoundResult | None = None  # the last round's scores, line by line, once it is over
        self.reasons: tuple[str, ...] = ()  # the public "Why?"s sent for the view that comes next
        self.may_undo = False  # the host said the view that comes next may take back this turn's melds
        self.movers: Movers | None = None  # whose each recent move of the view that comes next was
        self.away: tuple[int, ...] = ()  # the seats a computer plays for now, in the view that comes next

    @property
    def seat(self) -> int | None:
        return self.shown.seat if self.shown is not None else None

    def my_turn(self) -> bool:
        return self.shown is not None and self.shown.view.to_act == self.shown.seat

    def last_result(self) -> RoundResult | None:
        """The scores of the round shown, once it is over (None before, or for another round)."""
        shown, result = self.shown, self.result
        if shown is None or result is None or shown.view.phase not in ("round_over", "game_over"):
            return None
        if result.round_index != shown.view.round_index or len(result.scores) != len(shown.view.teams):
            return None
        return result

    def receive(self, text: object) -> None:
        """A message from the host: a new view, a refusal, a round's scores, or the "Why?"s, the movers or the
        seats a computer plays for now of the view to come (anything else is counted and changes nothing)."""
        message = wire.read_host(text)
        match message:
            case SeatShown(lines=lines):
                reasons, self.reasons = self.reasons, ()
                may_undo, self.may_undo = self.may_undo, False
                movers, self.movers = self.movers, None
                away, self.away = self.away, ()
                if len(reasons) != len(lines):
                    reasons = ()
                seats: tuple[int | None, ...] = ()
                shorts: tuple[str, ...] = ()
                players = message.view.rules.players
                if movers is not None and len(movers.seats) == len(lines):
                    if all(s is None or s < players for s in movers.seats):
                        seats, shorts = movers.seats, movers.shorts
                away = tuple(s for s in away if s < players)
                self.shown = replace(
                    message, reasons=reasons, can_undo=may_undo, seats=seats, shorts=shorts, away=away
                )
                self.note = ""
            case Reasons(reasons=reasons):
                self.reasons = reasons
            case Movers():
                self.movers = message
            case MayUndo():
                self.may_undo = True
            case Away(seats=seats):
                self.away = seats
            case Refused(why=why):
                self.note = why
            case Result(result=result):
                self.result = result
            case None:
                self.ignored += 1
                self.note = CANT_READ

    def act(self, action: Action) -> str:
        """The message asking the host to make this move for our seat."""
        moves = self.shown.moves if self.shown is not None else 0
        return wire.act_text(action, moves)

    def undo(self) -> str:
        """The message asking the host to take back our melds of this turn."""
        return wire.undo_text(self.shown.moves if self.shown is not None else 0)

    def sync(self) -> str:
        return wire.sync_text()
