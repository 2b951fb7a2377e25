"""The host's side of a table played on several devices: the one game, and the guests' links to it.

Pure Python, no transport.  The host device holds the only ``Game`` (through the table's ``Session``);
each guest seat (``Seating.guests``) is a link the browser opens and closes.  Whatever arrives on a
link is read by ``ui.remote.wire.read_guest`` and, if it is a move, checked against the link's own
seat and the move count it was made on, then applied through ``Session.apply_action`` (so through
``Game.apply``, which changes nothing when it refuses).  Every call returns the messages to send, as
(seat, text) pairs: a guest is only ever sent its own seat's view.

A guest whose link is lost keeps its seat: the game waits for it until the host hands the seat to a
computer (``hand_to_computer``), and it gets the seat back, with its view, when it joins again.
"""

from __future__ import annotations

from engine.actions import Action, Draw, PickUp
from engine.state import Game, seat_names
from engine.takeback import takeback_problem
from ui.remote import wire
from ui.remote.wire import Act, Hello, Sync, Undo
from ui.seating.model import Seating, seating_problem
from ui.table.session import Session

Outbox = list[tuple[int, str]]
"""Messages to send: (the guest seat, the text)."""

NOT_YOUR_TURN = "It is not your turn."
MOVED_ON = "The table had moved on: here it is as it stands now."
HOST_DEALS = "The host deals the next round."
COMPUTER_PLAYS = "A computer is playing your seat until you join again."


class Host:
    """The game on the host's table, shared with the guests linked to it."""

    def __init__(self, session: Session) -> None:
        self.session = session
        self.linked: set[int] = set()  # guest seats with an open link
        self.sent: dict[int, str] = {}  # the last view sent on each link (a view unchanged is not sent again)
        self.said: dict[int, str] = {}  # the name each guest gave (the seat's, where the host gave it none)
        self.refused = 0  # messages refused or dropped, for the host's own curiosity and the tests
        self.starts: dict[int, Game] = {}  # each guest seat's game right after its draw this turn (for Undo)

    def guest_seats(self) -> tuple[int, ...]:
        return self.session.seating.guests

    def waiting_for(self) -> int | None:
        """The guest seat the game waits for with no link and no computer in it (None when it waits for nobody)."""
        seat = self.session.game.to_act
        if seat in self.guest_seats() and seat not in self.linked and seat not in self.session.away:
            return seat
        return None

    # ----- links ------------------------------------------------------------------

    def join(self, seat: int) -> Outbox:
        """A guest's link to ``seat`` opened (first time, or back after a reload): it gets its seat, and its view."""
        if seat not in self.guest_seats():
            return []
        self.linked.add(seat)
        self.session.away.discard(seat)
        self.sent.pop(seat, None)
        return self.views()

    def lost(self, seat: int) -> None:
        """A guest's link closed: the seat waits for them (or for the host to hand it to a computer)."""
        self.linked.discard(seat)
        self.sent.pop(seat, None)

    def hand_to_computer(self, seat: int) -> Outbox:
        """A computer plays ``seat`` until its guest joins again (``join``) or the host hands it back."""
        if seat not in self.guest_seats():
            return []
        self.session.away.add(seat)
        told = [(seat, wire.refusal_text(COMPUTER_PLAYS))] if seat in self.linked else []
        return [*self.views(), *told]  # every phone's row for the seat says a computer plays it now

    def hand_back(self, seat: int) -> Outbox:
        """The guest plays ``seat`` again."""
        self.session.away.discard(seat)
        return self.views()

    # ----- messages -----------------------------------------------------------------

    def receive(self, seat: int, text: object) -> Outbox:
        """What came on ``seat``'s link: a move applied (then every guest's new view), a view resent, or a
        refusal; a message that can't be read is dropped and changes nothing."""
        if seat not in self.linked:
            return []
        message = wire.read_guest(text)
        match message:
            case Sync():
                self.sent.pop(seat, None)
                return self.views()
            case Hello(name=name):
                self.said[seat] = name
                return self._named(seat, name)
            case Act(action=action, moves=moves):
                return self._act(seat, action, moves)
            case Undo(moves=moves):
                return self._undo(seat, moves)
        self.refused += 1
        return []

    def _named(self, seat: int, name: str) -> Outbox:
        """A guest's own name (typed on their phone, cleaned by ``wire``) for a seat the host left unnamed (its
        compass name): the table calls the seat by it, unless another person has that name already."""
        session = self.session
        old = session.seating
        compass = seat_names(session.game.n)[seat]
        if not name or old.name(seat, session.game.n) != compass:
            return []
        people = [(s, name if s == seat else n) for s, n in old.people]
        if seating_problem(people, session.game.n):
            return []
        session.seat_people(Seating(tuple(people), old.levels, old.guests), session.seat)
        session.dirty = True
        return self.views()

    def _refusal(self, seat: int, moves: int) -> str:
        """Why ``seat``'s message, made on the table after ``moves`` moves, can't be played now ('' if it can)."""
        game = self.session.game
        if seat in self.session.away:
            return COMPUTER_PLAYS
        if game.to_act is None:
            return HOST_DEALS if game.phase == "round_over" else "The game is over."
        if game.to_act != seat:
            return NOT_YOUR_TURN
        if moves != len(game.history):
            return MOVED_ON
        return ""

    def _act(self, seat: int, action: Action, moves: int) -> Outbox:
        session = self.session
        why = self._refusal(seat, moves)
        if not why:
            problem = session.game.check(action)
            if problem is None:
                session.apply_action(action, seat)
                if isinstance(action, (Draw, PickUp)):
                    self.starts[seat] = session.game.copy()
                return self.views()
            why = str(problem)
        return self._refuse(seat, why)

    def _undo(self, seat: int, moves: int) -> Outbox:
        """A guest asks to take back its melds of this turn: done as the host's own Undo is, or refused."""
        why = self._refusal(seat, moves) or self.session.take_back_melds(seat, self.starts.get(seat))
        return self._refuse(seat, why) if why else self.views()

    def _refuse(self, seat: int, why: str) -> Outbox:
        self.refused += 1
        self.sent.pop(seat, None)  # the refusal comes with the table as it stands
        return [*self.views(), (seat, wire.refusal_text(why))]

    def may_undo(self, seat: int) -> bool:
        """True when the guest in ``seat`` may take back its melds of this turn now (its Undo button shows)."""
        game = self.session.game
        if game.to_act != seat or game.phase != "play" or seat in self.session.away:
            return False
        return takeback_problem(game, self.starts.get(seat)) is None

    def views(self) -> Outbox:
        """Each linked guest's view, where it changed since it was last sent (call after every move).  Just
        before it go the computers' public "Why?"s of its recent moves, when any has one, once the round is
        over, the round's result, whose each recent move was, when the guest may take back its melds of this
        turn, word of it, and the seats a computer plays for now (so a guest of an older build, which can't read
        these, has its note cleared by the view)."""
        session = self.session
        names = session.names()
        over = session.game.phase in ("round_over", "game_over") and bool(session.game.results)
        out: Outbox = []
        for seat in sorted(self.linked):
            # The lines as this guest's table tells them ('You' for its own moves); one told to the host's
            # device alone (before any guest) is left out, as its 'You' is the host.
            told = [(line, text) for line in session.recent.lines if (text := line.told_to(seat)) is not None]
            lines = [text for _line, text in told]
            text = wire.view_text(session.game, seat, names, lines)
            away = sorted(session.away)
            if self.sent.get(seat) != f"{away}{text}":  # the same view with other seats away is sent again
                self.sent[seat] = f"{away}{text}"
                reasons = [line.reason for line, _text in told]
                if any(reasons):
                    out.append((seat, wire.reasons_text(reasons)))
                if told:
                    movers = [line.seat for line, _text in told]
                    out.append((seat, wire.movers_text(movers, [line.short for line, _text in told])))
                if over:
                    out.append((seat, wire.result_text(session.game.results[-1])))  # the scores, line by line
                if self.may_undo(seat):
                    out.append((seat, wire.may_undo_text()))
                if away:
                    out.append((seat, wire.away_text(away)))
                out.append((seat, text))
        return out
