"""A guest's table: the view the host sent, standing in for the game, so the table looks as it does today.

Pure Python.  The table's view functions (``ui/table/``) read a ``Session`` and its ``Game``.  A guest
has no game, only its seat's view (``wire.SeatShown``), so ``shadow_game`` builds a ``Game`` that
holds what the view holds: this seat's hand, the melds, the pile, and everything else as counts.
Cards the seat can't see are stand-ins (the joker, ``HIDDEN``) that nothing of the table shows:
``view_for`` reduces them to counts, as it does for every seat.  The shadow is never played on:
``GuestSession.play`` hands the move to the host instead (``sent``), and the next view replaces it.
"""

from __future__ import annotations

from collections.abc import Callable

from engine import cards as C
from engine.actions import Action
from engine.melds import TableMeld
from engine.state import Game
from engine.table import Player, Team
from engine.views import View
from ui.app import App
from ui.remote import wire
from ui.remote.wire import SeatShown
from ui.seating.model import Seating
from ui.table.moves import Line
from ui.table.session import Session

HIDDEN = C.JOKER
"""The stand-in for a card this seat can't see (never shown: only counted)."""
WAITING = "Sent to the host: waiting for the table to move."
NOTHING_TO_TAKE_BACK = "There is nothing to take back now."
LINK_TRYING = "Reconnecting to the host… Nothing can be played until the link is back."
LINK_GONE = "The link to the host is lost: ask the host for a new invitation and open it here."


def shadow_game(view: View, moves: int) -> Game:
    """A game holding exactly what ``view`` shows (hidden cards as stand-ins), after ``moves`` moves."""
    game = Game.__new__(Game)
    game.rules, game.deal_number, game.n = view.rules, 1, view.rules.players
    game.round_index, game.dealer, game.turn, game.phase = view.round_index, view.dealer, view.turn, view.phase
    game.asked, game.permission, game.picked_up = view.asked, view.permission, view.picked_up
    game.totals = [t.total for t in view.teams]
    game.results, game.log, game.went_out = [], [], view.went_out
    game.history = ["?"] * moves  # only counted (Undo's and the save's keys): a guest never replays
    game.players = [
        Player(
            list(view.hand) if s.seat == view.seat else [HIDDEN] * s.hand_count,
            [HIDDEN] * s.knee_count,
            [HIDDEN] * s.foot_count,
            knee_taken=s.stage in ("knee", "foot") and view.rules.knee_size > 0,
            foot_taken=s.stage == "foot",
            knee_due=s.knee_due,
            played_foot=s.played_foot,
        )
        for s in view.seats
    ]
    game.teams = [
        Team([TableMeld(m.rank, list(m.cards)) for m in t.melds], list(t.red_threes), t.opened) for t in view.teams
    ]
    game.stock = [HIDDEN] * view.stock_count
    game.pile = list(view.pile)
    return game


class GuestSession(Session):
    """The table on a guest's device: shown from its seat, every move sent to the host (``send``, the message's
    text)."""

    remote = True

    def __init__(self, shown: SeatShown, send: Callable[[str], None]) -> None:
        names = [(s, n) for s, n in enumerate(shown.names)]
        super().__init__(
            shadow_game(shown.view, shown.moves), lambda: "normal", seating=Seating(tuple(names)), seat=shown.seat
        )
        self.send = send
        self.link = ""  # '' (linked), 'trying' (dropped: getting it back) or 'gone' (a new invitation is needed)
        self.moves = shown.moves
        self.shown = shown
        self.show(shown)

    def show(self, shown: SeatShown) -> None:
        """The host's newest view: the table as it stands now (the selection is kept while the hand is the same)."""
        same_hand = shown.view.hand == self.shown.view.hand and shown.moves == self.moves
        self.shown, self.moves = shown, shown.moves
        self.game = shadow_game(shown.view, shown.moves)
        if not same_hand:
            self.selected, self.staged, self.pile_selected, self.hint_action = [], [], [], None
        open_line = self.recent.why_line()
        count = len(shown.lines)
        reasons = shown.reasons if len(shown.reasons) == count else ("",) * count
        seats = shown.seats if len(shown.seats) == count else (None,) * count
        shorts = shown.shorts if len(shown.shorts) == count else ("",) * count
        self.recent.lines = [
            Line(i + 1, seat, text, why, short)
            for i, (text, why, seat, short) in enumerate(zip(shown.lines, reasons, seats, shorts, strict=True))
        ]
        # The lines are renumbered with every view: an open "Why?" follows its move, or closes once it's gone.
        self.recent.why = next(
            (line.number for line in reversed(self.recent.lines)
             if open_line is not None and (line.text, line.reason) == (open_line.text, open_line.reason)),
            None,
        )

    def by_computer(self, line: Line) -> bool:
        """A guest isn't told which seats computers play: a move with a "Why?" was a computer's."""
        return bool(line.reason)

    def stood_in(self) -> frozenset[int]:
        """The seats the host said a computer plays for now (the guest's own ``away`` stays empty: no computer
        plays here)."""
        return frozenset(self.shown.away)

    def check_pass(self, fresh: bool = False) -> None:
        """A guest's device is never passed: it is this one person's."""

    def human_to_act(self) -> bool:
        return super().human_to_act() and not self.link

    def cut_off(self) -> str:
        """While the link to the host is down nothing can be played here: the turn line says so instead."""
        if self.link == "trying":
            return LINK_TRYING
        return LINK_GONE if self.link else ""

    def play(self, action: Action) -> str:
        """Send the move to the host, which checks it (the shadow can't: it lacks the hidden cards); a move
        when it's not our turn, or while the link is down, is refused here."""
        if self.cut_off():
            return self.cut_off()
        if not self.human_to_act():
            return self.waiting_text()
        self.send(wire.act_text(action, self.moves))
        self.selected, self.staged, self.pile_selected, self.hint_action = [], [], [], None
        return ""

    def can_undo(self) -> bool:
        """True when the host said this seat may take back its melds of this turn (only the host's game can tell)."""
        return self.human_to_act() and self.game.phase == "play" and self.shown.can_undo

    def take_back_melds(self, seat: int, start: Game | None = None) -> str:
        """Ask the host to take back this seat's melds of this turn; its next view shows them back in the hand."""
        if seat != self.seat or not self.can_undo():
            return NOTHING_TO_TAKE_BACK
        self.send(wire.undo_text(self.moves))
        self.selected, self.staged, self.pile_selected, self.hint_action = [], [], [], None
        return ""


def guest_app(shown: SeatShown, send: Callable[[str], None]) -> App:
    """The app on a guest's device: the table of today, shown from the guest's seat, its moves sent."""
    app = App()
    app.session = GuestSession(shown, send)
    return app
