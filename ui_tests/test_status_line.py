"""Issue 29 item 8: the status line tells a computer's whole turn, in what a phone's status line holds.  A turn
of several plays is told in brief ('East melded 8s, 5s, 10s, 7s · discarded 4♣') instead of being cut with
"…"; the Moves list keeps every sentence."""

from __future__ import annotations

from engine.state import seat_names
from ui.app import App
from ui.settings.model import Settings
from ui.table.dock import live_text
from ui.table.narrate import BRIEF_CHARS

from .helpers import each_computer_move


def test_a_long_computer_turn_is_told_whole_and_short() -> None:
    long_turns = 0
    for deal in range(1, 6):
        app = App(Settings())
        app.new_game(deal)
        for _ in each_computer_move(app):
            line = app.lines[-1]
            said = live_text(app.session)
            assert len(said) <= BRIEF_CHARS, said  # what a phone's status line holds (three short lines)
            assert line.seat is not None and said.startswith(seat_names(app.game.n)[line.seat] + " ")
            if len(line.text) > BRIEF_CHARS and "started a meld of" in line.text:
                long_turns += 1
                # Every meld of the turn is named: each "of Xs:" or "to the Xs." of the sentences.
                ranks = [part.split(":")[0] for part in line.text.split("a meld of ")[1:]]
                ranks += [part.split(".")[0] for part in line.text.split(" to the ")[1:]]
                assert all(rank in said for rank in ranks), (said, line.text)
                assert app.lines[-1].text == line.text  # the Moves list keeps the sentences
    assert long_turns >= 5


def test_the_discard_after_melds_keeps_the_melds_on_the_status_line() -> None:
    for deal in range(1, 20):
        app = App(Settings())
        app.new_game(deal)
        for before in each_computer_move(app):
            line = app.lines[-1]
            if before is not None and before.seat == line.seat and "meld" in before.text and "discarded" in line.text:
                said = live_text(app.session)
                assert "meld" in said and "discarded" in said, said
                return
    raise AssertionError("no computer melded and then discarded")
