"""The table's logic behind the game screen: untrusted taps, hints, Why?, Escape, the moves kept."""

from __future__ import annotations

import json
import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import cards as C
from engine.actions import Discard, Draw, Meld
from engine.events import Discarded
from engine.lab.invariants import problems
from engine.state import Game
from tests.helpers import arrange
from ui.app import App as Controller
from ui.app import index_arg
from ui.render import page
from ui.settings.model import Settings
from ui.table.dock import banner_text
from ui.table.moves import MAX_LINES, Line
from ui.widgets import esc

ACTS = [
    "card", "clear", "draw", "pickup", "discard", "new-meld", "meld", "expand", "staged", "unstage", "lay-down",
    "ask", "answer", "end-turn", "hint", "play-hint", "next-round", "replay", "show-hands", "screen", "rules-tab",
    "dismiss", "why", "sheet", "close", "escape", "reopen-question", "question-aside", "house", "new-game",
    "no-such-act",
]


def controller(deal: int = 42, rules: str = "classic") -> Controller:
    ctrl = Controller(Settings(preset=rules), rng=random.Random(1))
    ctrl.new_game(deal)
    return ctrl


def run_computers(ctrl: Controller) -> None:
    for _ in range(200):
        if not ctrl.bot_to_act():
            return
        ctrl.bot_step()


def after_one_turn(deal: int) -> Controller:
    """South's first turn played plainly (draw, discard the first card), then the computers' turns."""
    ctrl = controller(deal)
    ctrl.handle("draw")
    ctrl.handle("card", "0")
    ctrl.handle("discard")
    run_computers(ctrl)
    return ctrl


@settings(max_examples=300, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.sampled_from(ACTS),
            st.one_of(st.text(max_size=12), st.sampled_from(["0", "1", "²", "٣", "9" * 5000, "-1", " 1", "0:1"])),
        ),
        max_size=12,
    )
)
def test_any_tap_with_any_argument_is_handled_or_quietly_ignored(taps: list[tuple[str, str]]) -> None:
    """Every data-arg is untrusted: odd ones change nothing and raise nothing (issue 11, finding 9)."""
    ctrl = controller()
    for act, arg in taps:
        ctrl.handle(act, arg)
        run_computers(ctrl)
        assert problems(ctrl.game) == []
    assert ctrl.engine_problems == []
    page(ctrl)


def test_index_arguments_are_plain_small_ascii_numbers() -> None:
    assert index_arg("3", 10) == 3
    assert index_arg("0", 1) == 0
    for odd in ("", "²", "٣", "3 ", "-1", "10", "9" * 5000, "0x1"):
        assert index_arg(odd, 10) is None, odd


def test_a_hint_reads_as_advice_and_play_it_plays_it() -> None:
    ctrl = controller()
    ctrl.handle("hint")
    assert ctrl.note is not None and ctrl.note.kind == "hint"
    text = ctrl.note.text
    assert text.startswith("Hint: Draw two cards")
    assert "Drew" not in text and " I " not in f" {text} "  # present tense, spoken to the player
    assert isinstance(ctrl.hint_action, Draw)
    assert "Play it" in page(ctrl)
    moves = len(ctrl.game.history)
    ctrl.handle("play-hint")
    assert len(ctrl.game.history) == moves + 1 and ctrl.game.phase == "play"
    assert ctrl.focus == "hand"  # after the draw the keyboard goes to the hand
    ctrl.handle("hint")
    if isinstance(ctrl.hint_action, Discard):
        assert len(ctrl.selected) == 1  # the hinted card is selected
    elif isinstance(ctrl.hint_action, Meld):
        assert ctrl.selected or ctrl.staged  # the first meld's cards are selected, or the melds staged


def test_a_card_the_hint_did_not_pick_lets_the_hint_go_so_the_players_own_meld_is_theirs_alone() -> None:
    ctrl = controller()
    ctrl.handle("draw")
    ctrl.handle("hint")
    while not isinstance(ctrl.hint_action, Discard):  # the melds it hints first, then its discard
        ctrl.handle("play-hint")
        ctrl.handle("hint")
    assert len(ctrl.selected) == 1
    hinted = ctrl.selected[0]
    other = next(i for i in range(len(ctrl.shown_hand())) if i != hinted)
    ctrl.handle("card", str(other))
    assert ctrl.selected == [other] and ctrl.hint_action is None and ctrl.note is None
    assert "Play it" not in page(ctrl)
    ctrl.handle("hint")
    ctrl.handle("card", str(ctrl.selected[0]))  # the hint's own card, tapped: only that card is let go
    assert ctrl.selected == [] and isinstance(ctrl.hint_action, Discard)


def test_why_stays_open_across_computer_moves_until_closed() -> None:
    ctrl = controller(5)
    ctrl.handle("draw")
    ctrl.handle("card", "0")
    ctrl.handle("discard")
    ctrl.bot_step()
    first = ctrl.lines[-1]
    assert first.seat == 1 and first.reason
    ctrl.handle("why", str(first.number))
    run_computers(ctrl)
    assert ctrl.lines[-1].number != first.number
    assert ctrl.why_line() == first and esc(first.reason) in page(ctrl)
    ctrl.handle("escape")
    assert ctrl.why is None and "why-panel" not in page(ctrl)


def test_a_why_opened_in_the_moves_panel_closes_with_it_and_one_opened_on_the_table_stays() -> None:
    ctrl = after_one_turn(5)
    reasoned = [line for line in ctrl.lines if line.reason]
    assert len(reasoned) >= 2
    for close in (("close", "sheet"), ("sheet", "moves"), ("escape", "")):
        ctrl.handle("sheet", "moves")
        ctrl.handle("why", str(reasoned[0].number))
        assert esc(reasoned[0].reason) in page(ctrl)
        ctrl.handle(*close)
        assert ctrl.sheet is None and ctrl.why is None, close
        assert "why-panel" not in page(ctrl), close  # nothing left over the table
    # A reason opened on the table stays open while the Moves panel opens and closes over it.
    ctrl.handle("why", str(reasoned[-1].number))
    ctrl.handle("sheet", "moves")
    ctrl.handle("close", "sheet")
    assert ctrl.why_line() == reasoned[-1] and "why-panel" in page(ctrl)


def first_lap(rules: str = "classic") -> tuple[Controller, dict[int, int]]:
    """Deal 5: South draws and discards its first card, then the computers play (the table, and each
    computer's last discard by seat)."""
    ctrl = controller(5, rules)
    ctrl.handle("draw")
    ctrl.handle("card", "0")
    ctrl.handle("discard")
    run_computers(ctrl)
    return ctrl, {s: [e.card for e in ctrl.game.log if isinstance(e, Discarded) and e.seat == s][-1] for s in (1, 2, 3)}


def test_computer_moves_are_named_at_their_seat_and_highlighted_until_my_tap() -> None:
    ctrl, thrown = first_lap()
    for seat, card in thrown.items():
        # the seat's box ends its turn with what it threw, the card every other player wants to know
        assert ctrl.seat_turn(seat).endswith(f"discarded {C.label(card)}"), ctrl.seat_turn(seat)
    assert ctrl.landed  # East's discard landed on the pile
    rook, thrown = first_lap("rook")  # a Rook card by its colour in words, as hints say it, never "Y14"
    for seat, card in thrown.items():
        name = C.name(card)
        assert rook.seat_turn(seat).endswith(f"discarded {name}") and name.split()[0] in C.COLOUR_NAMES
    ctrl.handle("sheet", "moves")  # looking changes nothing
    assert ctrl.landed
    ctrl.handle("card", "0")
    assert not ctrl.landed and ctrl.fresh == {}


def test_a_seats_box_sums_up_its_latest_turn_with_the_news_first_for_a_phone() -> None:
    ctrl = controller(5)
    ctrl.lines = [
        Line(1, 1, "West discarded 4♠.", short="discarded 4♠"),  # West's turn before: not this one
        Line(2, 2, "North drew two cards.", short="drew 2"),
        Line(3, 1, "West took the pile.", short="took pile (7)"),
        Line(4, 1, "West melded.", short="melded 3"),
        Line(5, 1, "West melded and took the foot.", short="melded 2 · took the foot"),
        Line(6, 1, "West discarded 9♣.", short="discarded 9♣"),
        Line(7, 3, "East drew two cards.", short="drew 2"),
    ]
    assert ctrl.seat_turn(1) == "took pile (7) · melded 5 cards · took the foot · discarded 9♣"
    assert ctrl.seat_turn(3) == "drew 2"  # a turn under way shows its draw
    assert ctrl.seat_turn_parts(3) == [("drew 2", False)]
    # A phone's row keeps the pile taken and the discard (the melds are highlighted on the table,
    # the foot shows by the count); beside six seats' tags, only the discard.
    assert [text for text, minor in ctrl.seat_turn_parts(1) if not minor] == ["took pile (7)", "discarded 9♣"]
    assert [text for text, minor in ctrl.seat_turn_parts(1, main=1) if not minor] == ["discarded 9♣"]
    ctrl.lines.append(Line(8, 3, "East melded.", short="melded 3"))
    assert ctrl.seat_turn_parts(3) == [("melded 3 cards", False)]  # nothing else yet
    ctrl.lines.append(Line(9, 3, "East discarded 5♦.", short="discarded 5♦"))
    assert ctrl.seat_turn_parts(3) == [("melded 3 cards", True), ("discarded 5♦", False)]
    html = page(ctrl)
    assert '<span class="main"><span>took pile (7)</span> <span>discarded 9♣</span></span>' in html


def test_a_first_visit_is_one_with_nothing_played_kept_or_finished() -> None:
    ctrl = controller(5)
    assert ctrl.first_visit()
    ctrl.handle("draw")
    assert not ctrl.first_visit()
    again = controller(6)
    again.kept = [object()]  # type: ignore[list-item]  # a game put aside under Games
    assert not again.first_visit()


def test_the_recent_moves_come_back_after_a_reload_and_only_for_their_game() -> None:
    ctrl = after_one_turn(5)
    kept = ctrl.lines_data()
    other = controller(5)
    other.resume_game(ctrl.game)
    retold = [line.text for line in other.lines]  # told again from the game's log, without reasons
    assert retold and retold[-1] in ctrl.lines[-1].text and len(retold) >= 8
    assert not any(line.reason for line in other.lines)
    assert "nobody has moved yet" not in page(other)  # a kept game resumed says what happened, not a new round
    assert other.restore_lines(kept)
    assert other.lines == ctrl.lines and other.fresh == ctrl.fresh
    reloaded = controller(5)
    reloaded.resume_game(ctrl.game, lines=kept)  # as the page starts: the kept lines, with their reasons
    assert reloaded.lines == ctrl.lines and reloaded.fresh == ctrl.fresh
    stale = controller(6)
    assert not stale.restore_lines(kept)  # another deal
    for hostile in ("[" * 6000 + "]" * 6000, json.dumps({"deal": 5, "moves": 1, "lines": [{"n": "x"}]}), "{", ""):
        fresh = controller(5)
        fresh.resume_game(ctrl.game, lines=hostile)  # lines that can't be read: told again from the log
        assert [line.text for line in fresh.lines] == retold
        assert not fresh.restore_lines(hostile) and [line.text for line in fresh.lines] == retold
    assert len(json.loads(kept)["lines"]) <= MAX_LINES


@pytest.mark.parametrize("aside", ["escape", "question-aside"])
def test_escape_or_its_button_puts_the_partners_question_aside_and_answer_brings_it_back(aside: str) -> None:
    from engine.rules import preset
    from engine.serialize import from_dict
    from tests.helpers import position_where_south_is_asked

    ctrl = Controller(Settings(), rng=random.Random(1))
    ctrl.resume_game(from_dict(position_where_south_is_asked(preset("classic"), range(1, 300), 3000)))
    html = page(ctrl)
    assert 'role="dialog" aria-modal="true"' in html and "Escape" not in html  # a phone has no Escape key
    assert 'data-act="question-aside"' in html  # the button a phone has instead
    ctrl.handle(aside)
    html = page(ctrl)
    assert 'aria-modal="true"' not in html and 'data-act="reopen-question"' in html
    assert ctrl.game.phase == "answer"  # nothing was answered
    ctrl.handle("reopen-question")
    assert 'aria-modal="true"' in page(ctrl)


def test_the_partners_question_has_a_hint_that_answers_as_a_computer_would_and_says_why() -> None:
    from engine.actions import Answer
    from engine.bots import make_bot
    from engine.rules import preset
    from engine.serialize import from_dict
    from tests.helpers import position_where_south_is_asked

    ctrl = Controller(Settings(), rng=random.Random(1))
    ctrl.resume_game(from_dict(position_where_south_is_asked(preset("classic"), range(1, 300), 3000)))
    assert 'class="ask"' in page(ctrl) and 'data-act="hint"' in page(ctrl).split('class="ask"')[1]
    ctrl.handle("hint")
    expected = make_bot("hard", ctrl.seat, ctrl.game.deal_number).answer(ctrl.view())
    assert ctrl.hint_action == expected.action and isinstance(expected.action, Answer)
    assert ctrl.note is not None and ctrl.note.text.startswith("Hint: Answer ")
    question = page(ctrl).split('class="ask"')[1]
    assert f'<p class="ask-hint" role="status">{esc(ctrl.note.text)}</p>' in question  # in the question itself
    assert page(ctrl).count(esc(ctrl.note.text)) == 1  # once: the dock below says nothing of it
    ctrl.handle("question-aside")  # set aside to look at the table: the dock tells it, with its Play it
    assert 'class="ask"' not in page(ctrl) and page(ctrl).count(esc(ctrl.note.text)) == 1
    assert 'data-act="play-hint"' in page(ctrl)
    ctrl.handle("reopen-question")
    assert ctrl.game.phase == "answer"  # a hint answers nothing
    ctrl.handle("answer", "yes" if expected.action.yes else "no")
    assert ctrl.game.phase != "answer" and 'class="ask-hint"' not in page(ctrl)


def test_a_blocked_pile_is_said_in_the_prompt_and_its_button_is_off() -> None:
    for deal in range(1, 400):
        ctrl = controller(deal)
        for _ in range(60):
            if ctrl.human_to_act() and ctrl.game.phase == "draw" and ctrl.game.pile_blocked():
                text, _ = banner_text(ctrl.view(), ctrl)
                assert "black 3" in text
                assert 'data-act="pickup" disabled' in page(ctrl)
                return
            if ctrl.bot_to_act():
                ctrl.bot_step()
            elif ctrl.game.phase == "draw":
                ctrl.handle("draw")
            elif ctrl.game.phase == "play":
                ctrl.handle("card", "0")
                ctrl.handle("discard")
            else:
                break
    raise AssertionError("no deal with a black 3 on the pile at South's draw")


def test_the_partners_answer_is_said_in_the_prompt() -> None:
    from engine.actions import AskGoOut
    from engine.rules import preset
    from engine.serialize import from_dict
    from tests.helpers import position_where

    def may_ask(game: object) -> bool:
        from engine.state import Game

        assert isinstance(game, Game)
        return game.to_act == 0 and game.phase == "play" and game.is_legal(AskGoOut())

    ctrl = Controller(Settings(), rng=random.Random(1))
    ctrl.resume_game(from_dict(position_where(preset("classic"), range(1, 300), 3000, may_ask)))
    ctrl.handle("ask")
    ctrl.bot_step()  # North answers
    assert ctrl.game.permission is not None
    text, kind = banner_text(ctrl.view(), ctrl)
    said = "North said yes" if ctrl.game.permission else "North said no"
    assert kind == "mine" and text.startswith(said), text
    # The bar's button keeps the answer for the rest of the turn, instead of a bare greyed question.
    button = page(ctrl).split('data-act="ask"')[1].split("</button>")[0]
    assert said in button and "disabled" in button, button


def hint_for(game: Game) -> str:
    ctrl = Controller(Settings(), rng=random.Random(1))
    ctrl.resume_game(game)
    ctrl.handle("hint")
    assert ctrl.note is not None and ctrl.note.kind == "hint"
    return ctrl.note.text


PAST = re.compile(r"\b(started|added|Opened|Melded|spending|Took)\b")


def test_an_opening_hint_says_its_points_not_what_a_computer_did() -> None:
    game = arrange("classic", phase="play", hands={0: "9C 9D 9H AD AH AS 4C 6D JS"}, stock_size=40)
    text = hint_for(game)
    assert text == "Hint: Meld 9♣ 9♦ 9♥; meld A♦ A♥ A♠: 90 points, enough to open (the minimum is 50)."


@pytest.mark.parametrize("rules", ["classic", "hkf"])
def test_a_meld_hint_says_it_finishes_a_book(rules: str) -> None:
    game = arrange(rules, phase="play", hands={0: "KH 4C 6D 9S JD"}, opened={0: True}, stock_size=40,
                   melds={0: [(13, "KS KD KC KS KD KC")]})
    assert hint_for(game) == "Hint: Add K♥ to the kings: that finishes a book."


def test_a_hint_of_several_plays_names_the_book_it_finishes() -> None:
    # Issue 29 item 10: "add 8♦ to the 8s: that finishes a book" when the 9s were the book.
    game = arrange("classic", phase="play", hands={0: "8D 9S 4C 6D JS"}, opened={0: True}, stock_size=40,
                   melds={0: [(8, "8S 8C 8H"), (9, "9C 9D 9H 9C 9D 9H")]})
    assert hint_for(game) == "Hint: Add 8♦ to the 8s; add 9♠ to the 9s: that finishes the book of 9s."


def test_a_pickup_that_opens_says_so_in_the_present() -> None:
    game = arrange("classic", phase="draw", hands={0: "KS KD 5C 9H 6D"}, pile="8C AS AH AD KH")
    text = hint_for(game)
    assert text.startswith("Hint: Pick up the discard pile and lay down A♦ A♥ A♠: you hold two natural kings, ")
    assert text.endswith("; with those melds the pickup opens for your side.")
    assert not PAST.search(text), text


def test_hints_over_whole_rounds_speak_to_the_player_in_the_present() -> None:
    # Every hint South is offered over a round per preset, South playing them: none reads as a
    # computer's report of its own move ("started 9s…", "Melded:"), nor says "I" or "we".
    for rules in ("classic", "pagat", "thirteen", "hkf", "rook"):
        ctrl = controller(7, rules)
        for _ in range(400):
            if ctrl.game.phase != "play" and ctrl.game.phase != "draw":
                break
            if ctrl.human_to_act():
                ctrl.handle("hint")
                assert ctrl.note is not None
                text = ctrl.note.text.replace("“May I go out?”", "the question")
                assert not PAST.search(text) and not re.search(r"\b(I|we|our|my)\b", text), text
                assert "0-point" not in text and "::" not in text and text.count(": ") <= 2, text
                ctrl.handle("play-hint")
            else:
                ctrl.bot_step()


def test_melds_staged_and_not_laid_down_come_back_after_the_page_is_dropped() -> None:
    ctrl = controller()
    ctrl.handle("draw")
    ctrl.dirty = False
    ctrl.handle("hint")  # an opening hint stages its melds
    assert isinstance(ctrl.hint_action, Meld) and len(ctrl.staged) == 2
    assert ctrl.dirty  # staging is saved like a move: Safari drops pages in the background
    kept = ctrl.lines_data()
    again = controller()
    again.resume_game(ctrl.game.copy(), lines=kept)
    assert again.staged == ctrl.staged and "Take all back" in page(again)
    again.handle("unstage")
    assert again.staged == [] and again.dirty
    # Kept melds that can't be this seat's now are left out: nothing else changes.
    data = json.loads(kept)
    hand = ctrl.game.players[ctrl.seat].hand
    stranger = next(c for c in range(200) if C.is_card(c) and c not in hand)
    for change in ({"staged_seat": 1}, {"staged_seat": True}, {"staged": [{"cards": [stranger] * 3, "rank": 9}]},
                   {"staged": "x"}, {"staged": [{"cards": [1, 2], "rank": "9"}]},
                   {"staged": [{"cards": data["staged"][0]["cards"], "rank": 5}]}, {"staged": [{}] * 31}):
        fresh = controller()
        fresh.resume_game(ctrl.game.copy(), lines=json.dumps({**data, **change}))
        assert fresh.staged == [] and fresh.lines == ctrl.lines, change


def test_a_long_turn_of_our_own_leaves_every_seats_row_its_last_turn() -> None:
    """South adds card after card, asks and is answered: seventeen lines after West's discard. West's row
    still says what West did (a window of 16 lines had pushed it out, and the row went blank)."""
    ctrl = controller(5)
    ctrl.session.recent.lines = []
    for seat, name in ((1, "West"), (2, "North"), (3, "East")):
        ctrl.session.recent.add_line(seat, f"{name} drew two cards.", short="drew 2")
        ctrl.session.recent.add_line(seat, f"{name} discarded 9♣.", short="discarded 9♣")
    ctrl.session.recent.add_line(0, "You drew two cards.", short="drew 2")
    for k in range(14):
        ctrl.session.recent.add_line(0, f"You added a card to a meld ({k}).", short="melded 1")
    ctrl.session.recent.add_line(0, "You asked North: “May I go out?”", short="asked to go out")
    ctrl.session.recent.add_line(2, "North answered yes.", short="said yes")
    assert [text for text, minor in ctrl.seat_turn_parts(1) if not minor] == ["discarded 9♣"]
    assert [text for text, minor in ctrl.seat_turn_parts(3) if not minor] == ["discarded 9♣"]
