"""Learn to play (issue 30): the lesson's steps, its sentences from the rules, its guard, and a lesson played
to its end through the table's own taps."""

from __future__ import annotations

import json
import random
import re
from html import escape

import pytest

from engine import cards as C
from engine.actions import Draw
from engine.bots import make_bot
from engine.rules import preset
from engine.state import Game
from engine.views import view_for
from ui.app import WELCOME
from ui.app import App as Controller
from ui.lesson.handlers import current_step, pointed
from ui.lesson.model import Lesson, load, resume_lesson
from ui.lesson.plans import PLANS
from ui.lesson.play import play_through, south_went_out
from ui.lesson.steps import refusal, title, why
from ui.render import page, regions
from ui.settings.model import Settings
from ui.taps import Note
from ui_tests.helpers import play_out_round


def lesson_app(name: str = "classic") -> Controller:
    ctrl = Controller(Settings(), random.Random(5))
    ctrl.handle("lesson", name)
    assert ctrl.lesson is not None and ctrl.lesson.plan.preset == name
    return ctrl


def wrong_tap(ctrl: Controller) -> tuple[str, str]:
    """A tap that isn't the step's: a card the step doesn't use, else a button it doesn't ask for."""
    step = current_step(ctrl)
    assert step is not None
    hand = ctrl.shown_hand()
    cards, _buttons = pointed(ctrl)
    wanted = {hand[i] for i in cards}
    for i, card in enumerate(hand):
        if i not in ctrl.selected and card not in wanted:
            return "card", str(i)
    return ("discard", "") if step.act != "discard" else ("draw", "")


def follow(ctrl: Controller, *, refuse_each: bool = True, stop_at: int | None = None) -> list[str]:
    """Play the lesson through the table's taps, as its pointer asks (the computers in between); before each
    new step, a wrong tap is refused with the step's sentence and changes nothing.  The kinds of step met."""
    kinds: list[str] = []
    seen: set[tuple[int, str]] = set()
    for _ in range(4000):
        lesson = ctrl.lesson
        if lesson is None or lesson.finished or (stop_at is not None and len(ctrl.game.history) >= stop_at):
            break
        if ctrl.bot_to_act():
            ctrl.bot_step()
            continue
        step = current_step(ctrl)
        assert step is not None, ctrl.game
        moves = len(ctrl.game.history)
        if refuse_each and (moves, step.kind) not in seen:
            seen.add((moves, step.kind))
            before = (list(ctrl.game.history), list(ctrl.selected), list(ctrl.staged))
            ctrl.handle(*wrong_tap(ctrl))
            assert ctrl.note is not None and ctrl.note.text == refusal(step.text)
            assert (list(ctrl.game.history), list(ctrl.selected), list(ctrl.staged)) == before
            kinds.append(step.kind)
        cards, buttons = pointed(ctrl)
        if cards:
            ctrl.handle("card", str(cards[0]))
        else:
            assert buttons, step
            ctrl.handle(*buttons[0])
        assert not (ctrl.note and ctrl.note.kind == "error"), (step, ctrl.note)
    return kinds


def test_every_lesson_plays_to_its_end_and_teaches_every_step_it_lists() -> None:
    for plan in PLANS.values():
        played = play_through(plan)
        assert played.lesson.finished
        assert [k for k in plan.teaches if k not in played.lesson.taught] == [], plan.preset
        assert south_went_out(played) or "go_out" not in plan.teaches, plan.preset


def test_the_classic_lesson_played_through_the_tables_taps_refuses_a_wrong_tap_at_each_step() -> None:
    ctrl = lesson_app()
    kinds = follow(ctrl)
    lesson = ctrl.lesson
    assert lesson is not None and lesson.finished
    assert ctrl.game.phase == "round_over" and ctrl.game.results[0].went_out == 0
    for kind in PLANS["classic"].teaches:
        assert kind in kinds and kind in lesson.taught
    assert "Lesson done: you went out" in regions(ctrl)["r-main"]


def test_the_first_meld_sentence_follows_the_rules_minimum() -> None:
    game = Game(preset("classic"), PLANS["classic"].deal)
    assert "at least 50 points" in why(game, 0, "first_meld")
    changed = Game(preset("classic", first_meld_by_round=(70, 90, 120, 150)), PLANS["classic"].deal)
    assert "at least 70 points" in why(changed, 0, "first_meld")
    assert "taking two cards" in why(game, 0, "draw")
    assert "taking one card" in why(Game(preset("rook"), 1), 0, "draw")


def test_the_lessons_first_meld_step_says_the_minimum_of_the_rules_in_play() -> None:
    plan = PLANS["classic"]
    played = play_through(plan)
    first = next(s for s in played.steps if s.kind == "first_meld")
    assert "at least 50 points" in first.why
    # The same lesson under a house rule with another first-meld minimum says that one instead.
    lesson = Lesson(plan)
    game = Game(preset("classic", first_meld_by_round=(60, 90, 120, 150)), plan.deal)
    step = lesson._make_step(game, first.action)
    assert "at least 60 points" in step.why


def test_a_wrong_move_is_refused_with_the_steps_sentence_and_changes_nothing() -> None:
    ctrl = lesson_app()
    while ctrl.bot_to_act():
        ctrl.bot_step()
    step = current_step(ctrl)
    assert step is not None and step.kind == "draw"
    assert pointed(ctrl) == ([], [("draw", "")])
    before = ctrl.game.copy()
    ctrl.handle("hint")
    assert ctrl.note is not None and ctrl.note.text == "Not that one yet; nothing has changed. Tap Draw."
    ctrl.handle("card", "0")
    assert ctrl.selected == [] and ctrl.game == before
    ctrl.handle("draw")
    assert ctrl.game.history[-1] == "draw" and "draw" in (ctrl.lesson.taught if ctrl.lesson else [])


def test_the_step_is_pointed_at_in_the_page_and_described_by_the_lessons_sentence() -> None:
    ctrl = lesson_app()
    while ctrl.bot_to_act():
        ctrl.bot_step()
    parts = regions(ctrl)
    assert 'id="lesson-step"' in parts["r-prompt"] and "Tap Draw." in parts["r-prompt"]
    assert 'data-lesson="point" aria-describedby="lesson-step" data-act="draw"' in parts["r-actions"]
    assert "Every turn starts by taking two cards" in parts["r-prompt"]


def test_do_this_step_for_me_plays_it_and_the_lesson_goes_on() -> None:
    ctrl = lesson_app()
    while ctrl.bot_to_act():
        ctrl.bot_step()
    ctrl.handle("lesson-skip")
    assert ctrl.game.history[-1] == "draw"
    step = current_step(ctrl)
    assert step is not None and step.kind != "draw"


def test_leaving_the_lesson_lets_every_move_through_again() -> None:
    ctrl = lesson_app()
    while ctrl.bot_to_act():
        ctrl.bot_step()
    ctrl.handle("lesson-leave")
    assert ctrl.lesson is None and ctrl.note is not None and "Lesson closed" in ctrl.note.text
    ctrl.handle("card", "0")
    assert ctrl.selected == [0]


def test_the_lesson_resumes_after_a_reload_at_the_same_step() -> None:
    ctrl = lesson_app()
    follow(ctrl, refuse_each=False, stop_at=30)
    while ctrl.bot_to_act():
        ctrl.bot_step()
    step = current_step(ctrl)
    assert step is not None
    record, save = ctrl.lesson_record(), ctrl.save_data()
    again = Controller(Settings(), random.Random(9))
    again.resume(save)
    resume_lesson(again, record)
    assert again.lesson is not None and ctrl.lesson is not None and again.lesson.taught == ctrl.lesson.taught
    assert current_step(again) == step
    follow(again, refuse_each=False)
    assert again.lesson is not None and again.lesson.finished and again.game.results[0].went_out == 0


def test_another_game_on_the_table_ends_the_lesson() -> None:
    ctrl = lesson_app()
    ctrl.new_game(12345)
    assert ctrl.lesson is None and ctrl.lesson_dirty
    ctrl.handle("card", "0")
    assert ctrl.selected == [0]


def test_a_record_of_another_game_is_not_resumed() -> None:
    ctrl = Controller(Settings(), random.Random(5))
    ctrl.new_game(777)
    resume_lesson(ctrl, Lesson(PLANS["classic"]).dump())
    assert ctrl.lesson is None and ctrl.lesson_dirty


@pytest.mark.parametrize(
    "text",
    [
        None, "", "not json", "[1,2]", "{" * 5000,
        '{"v":1}', '{"v":2,"plan":"classic","taught":[],"finished":false}',
        '{"v":1,"plan":"nope","taught":[],"finished":false}',
        '{"v":1,"plan":"classic","taught":"draw","finished":false}',
        '{"v":1,"plan":"classic","taught":["fly"],"finished":false}',
        '{"v":1,"plan":"classic","taught":[],"finished":"yes"}', "x" * 3000, 42,
        '{"v":1,"plan":"classic","taught":[[[[]]]],"finished":false}',
    ],
)
def test_a_damaged_or_hostile_record_reads_as_no_lesson(text: object) -> None:
    assert load(text) is None


def test_a_record_reads_back_as_written() -> None:
    lesson = Lesson(PLANS["classic"], ["draw", "discard"], False)
    back = load(lesson.dump())
    assert back is not None and back.taught == ["draw", "discard"] and back.plan == lesson.plan
    assert json.loads(lesson.dump())["plan"] == "classic"


def test_the_welcome_offers_the_lesson_and_the_menu_starts_it() -> None:
    ctrl = Controller(Settings(), random.Random(5))
    ctrl.lesson_offer = True
    assert 'data-act="lesson"' in regions(ctrl)["r-prompt"]
    ctrl.handle("lesson-leave")
    assert 'data-act="lesson"' not in regions(ctrl)["r-prompt"]
    ctrl.sheet = "menu"
    assert "Learn to play" in regions(ctrl)["r-sheet"]
    ctrl.handle("lesson", "")
    assert ctrl.lesson is not None and ctrl.game.deal_number == PLANS["classic"].deal


def test_the_computers_play_the_lessons_level_whatever_the_settings() -> None:
    ctrl = Controller(Settings().with_change("level", "hard"), random.Random(5))
    ctrl.handle("lesson", "classic")
    assert ctrl.level() == PLANS["classic"].level
    follow(ctrl, refuse_each=False, stop_at=6)
    assert ctrl.bots and all(bot.level == PLANS["classic"].level for bot in ctrl.bots.values())


def test_the_guide_is_deterministic() -> None:
    one, two = play_through(PLANS["classic"]), play_through(PLANS["classic"])
    assert one.game.history == two.game.history
    assert one.steps[0].kind in ("draw", "pickup")
    assert isinstance(one.steps[0].action, Draw) == (one.steps[0].kind == "draw")


@pytest.mark.parametrize("name", [n for n in PLANS if n != "classic"])
def test_each_presets_lesson_plays_through_the_tables_taps(name: str) -> None:
    ctrl = lesson_app(name)
    kinds = follow(ctrl)
    assert ctrl.lesson is not None and ctrl.lesson.finished
    assert all(kind in kinds for kind in PLANS[name].teaches)
    assert "Lesson done" in regions(ctrl)["r-prompt" if ctrl.game.phase in ("draw", "play") else "r-main"]


def test_the_lessons_sentences_follow_each_presets_rules() -> None:
    pagat, hkf, thirteen = (Game(preset(n), PLANS[n].deal) for n in ("pagat", "hkf", "thirteen"))
    assert "one wild book, two clean books and two dirty books" in why(pagat, 0, "go_out")
    assert "the whole pile" in why(hkf, 0, "pickup") and "ends your turn" in why(hkf, 0, "pickup")
    assert "brings up the knee" in why(hkf, 0, "book") and "wild cards alone 2,500" in why(hkf, 0, "book")
    assert "two of the same wild card" in why(thirteen, 0, "pickup")


def test_a_card_dragged_where_the_step_does_not_ask_is_refused_like_a_tap() -> None:
    ctrl = lesson_app()
    while ctrl.bot_to_act():
        ctrl.bot_step()
    ctrl.handle("draw")
    while ctrl.bot_to_act():
        ctrl.bot_step()
    step = current_step(ctrl)
    assert step is not None and step.act != "discard"
    before, hand = ctrl.game.copy(), list(ctrl.shown_hand())
    ctrl.handle("drop", "0 discard 0")  # the first card dropped on the pile, which this step doesn't ask for
    assert ctrl.note is not None and ctrl.note.text.startswith("Not that one yet; nothing has changed.")
    assert ctrl.game == before and ctrl.shown_hand() == hand and ctrl.selected == []


def test_beside_the_welcome_the_offer_is_in_the_note_and_goes_at_the_first_move() -> None:
    ctrl = Controller(Settings(), random.Random(5))
    ctrl.lesson_offer = True
    ctrl.note = Note(WELCOME)
    prompt = regions(ctrl)["r-prompt"]
    assert 'class="lesson"' not in prompt  # no second box pushing the table down a phone
    note = prompt[prompt.index('<div class="note'):]
    assert note.index('data-act="lesson"') < note.index('data-act="dismiss"')  # Learn to play, then OK
    ctrl.handle("draw")
    assert not ctrl.lesson_offer and 'data-act="lesson"' not in regions(ctrl)["r-prompt"]


def test_the_welcome_and_its_lesson_stay_on_the_table_not_on_the_score_pad() -> None:
    """Going from the welcome to the score pad: no card-table welcome there, and no Learn to play beside the
    pad's own refusals (it left the pad mid-entry for the lesson); back at the table the lesson is still offered."""
    ctrl = Controller(Settings(), random.Random(5))
    ctrl.lesson_offer = True
    ctrl.note = Note(WELCOME)
    ctrl.handle("screen", "pad")
    ctrl.handle("pad-new")
    html = regions(ctrl)["r-main"]  # (the menu's own Learn to play is in the header)
    assert "Welcome!" not in html and 'data-act="lesson"' not in html
    key = re.search(r'data-pad="([^"]*melded[^"]*)"', html)
    assert key is not None
    ctrl.pad_input(key.group(1), "abc")
    html = regions(ctrl)["r-main"]
    assert ctrl.note is not None and "digits only" in ctrl.note.text and 'data-act="lesson"' not in html
    ctrl.handle("screen", "table")
    assert ctrl.lesson_offer and 'data-act="lesson"' in regions(ctrl)["r-prompt"]


def test_ok_on_the_welcome_puts_the_offer_away_too() -> None:
    ctrl = Controller(Settings(), random.Random(5))
    ctrl.lesson_offer = True
    ctrl.note = Note(WELCOME)
    ctrl.handle("dismiss")
    assert ctrl.note is None and 'data-act="lesson"' not in regions(ctrl)["r-prompt"]


def test_thirteens_lesson_plays_a_wild_book_and_says_its_value_from_the_rules() -> None:
    played = play_through(PLANS["thirteen"])
    step = next(s for s in played.steps if s.kind == "wild_book")
    team = played.game.teams[0]
    assert any(m.rank == C.WILD_RANK and m.is_book for m in team.melds)  # the step made one
    assert "Make a wild book" == title("wild_book", played.game.rules)
    assert "worth 1,500 points" in step.why
    richer = Game(preset("thirteen", wild_book=2000), PLANS["thirteen"].deal)
    assert "worth 2,000 points" in why(richer, 0, "wild_book")


def test_hkfs_lesson_picks_up_the_knee_as_a_step_and_names_the_five_books() -> None:
    plan = PLANS["hkf"]
    lesson, game = Lesson(plan), Lesson(plan).new_game()
    bots = {s: make_bot(plan.level, s, plan.deal) for s in range(1, game.n)}
    for _ in range(400):
        if game.to_act == 0:
            step = lesson.step(game, chosen=(0, 0))
            assert step is not None
            if step.kind == "knee":
                break
            game.apply(step.action)
            lesson.played(game, step.kind)
        else:
            view = view_for(game, game.to_act)
            bot = bots[game.to_act]
            game.apply((bot.answer(view) if game.phase == "answer" else bot.decide(view)).action)
    else:
        raise AssertionError("no knee step")
    knee = list(game.players[0].knee)
    assert not game.players[0].knee_taken and len(knee) == game.rules.knee_size
    assert "13 more cards" in step.why and "five books: a clean book of 7s, a clean book of 5s" in step.why
    game.apply(step.action)
    assert game.players[0].knee_taken and all(c in game.players[0].hand for c in knee)


def test_pagats_first_step_names_the_upcard_that_starts_the_pile() -> None:
    pagat = play_through(PLANS["pagat"])
    first = pagat.steps[0]
    upcard = Game(preset("pagat"), PLANS["pagat"].deal).pile[0]
    assert first.kind == "draw" and f"the upcard, the {C.label(upcard)}" in first.why
    assert "upcard" not in play_through(PLANS["classic"]).steps[0].why  # classic's pile starts empty
    later = next(s for s in pagat.steps[1:] if s.kind == "draw")
    assert "upcard" not in later.why  # once a card is discarded the pile is no longer the upcard


def test_each_new_step_is_said_in_the_lessons_live_region() -> None:
    ctrl = lesson_app()
    assert ctrl.focus == "hand"  # the button that started it is gone: the keyboard goes on from the hand
    while ctrl.bot_to_act():
        ctrl.bot_step()
    assert regions(ctrl)["r-said"] == "Lesson, Draw from the stock: Tap Draw. " + escape(current_step(ctrl).why)  # type: ignore[union-attr]
    ctrl.handle("draw")
    assert regions(ctrl)["r-said"].startswith("Lesson, Select cards for a meld: ")
    # "Still to come" lists the steps after this one, not this one again.
    still = re.search(r"Still to come: ([^<]*)\.</p>", regions(ctrl)["r-prompt"])
    assert still is not None and "Select cards for a meld" not in still.group(1), still
    assert 'id="r-said" class="sr" role="status" aria-live="polite"' in page(ctrl)
    assert "Start another meld" in still.group(1)  # a step the lesson comes to is listed before it comes
    for _ in range(2):  # the pair chosen by hand (the lesson's pointed cards, tapped), not done by the lesson
        ctrl.handle("card", str(pointed(ctrl)[0][0]))
    assert regions(ctrl)["r-said"].startswith("Lesson, Lay down a first meld: ")
    still = re.search(r"Still to come: ([^<]*)\.</p>", regions(ctrl)["r-prompt"])
    assert still is not None and "Select cards for a meld" not in still.group(1), still  # done, if by hand
    assert "Lay down a first meld" not in still.group(1)


def test_a_lesson_game_played_to_its_end_is_not_counted_in_statistics() -> None:
    ctrl = lesson_app()
    follow(ctrl, refuse_each=False)
    assert ctrl.lesson is not None and ctrl.lesson.finished and ctrl.game.phase == "round_over"
    for _ in range(10):  # the rest of the game, unguided
        if ctrl.game.phase == "game_over":
            break
        ctrl.handle("next-round")
        play_out_round(ctrl, 20_000)
    assert ctrl.game.phase == "game_over" and ctrl.finished == [] and not ctrl.finished_dirty
    again = Controller(Settings(), random.Random(9))  # resumed after a reload (or from Games): still not counted
    again.resume(ctrl.save_data())
    again.record_finished()
    assert again.finished == []
    other = Controller(Settings(), random.Random(9))  # the same game on another deal counts
    other.new_game(PLANS["classic"].deal + 1)
    for _ in range(10):
        play_out_round(other, 20_000)
        if other.game.phase == "game_over":
            break
        other.handle("next-round")
    assert other.game.phase == "game_over" and len(other.finished) == 1


@pytest.mark.parametrize("which", ["classic", "hkf"])
def test_a_lesson_taken_from_a_links_welcome_gives_the_links_deal_back_when_it_closes(which: str) -> None:
    """Someone new opens a knee-game link from the family and taps a lesson first: when the lesson closes, the
    link's deal (not yet played) is one tap away, dealt again with its own rules; the lesson had replaced it
    with its own deal and nothing led back."""
    from ui.share import ShareRequest, rules_for

    ctrl = Controller(Settings(), random.Random(5))
    ctrl.start_shared(ShareRequest("hkf", 12, {}), first_visit=True)
    linked = rules_for("hkf", {})
    assert 'data-act="lesson"' in regions(ctrl)["r-prompt"]
    ctrl.handle("lesson", which)
    assert ctrl.lesson is not None and ctrl.game.deal_number == PLANS[which].deal
    ctrl.handle("draw" if which == "classic" else "lesson-skip")
    ctrl.handle("lesson", "pagat")  # on to another lesson: the link's deal is still the one to go back to
    ctrl.handle("lesson", which)
    assert 'data-act="lesson-back"' not in page(ctrl)  # not while the lesson is under way
    ctrl.handle("lesson-leave")
    assert ctrl.note is not None and "Deal 12 again" in ctrl.note.text
    assert 'data-act="lesson-back"' in regions(ctrl)["r-prompt"]
    ctrl.handle("lesson-back")
    game = ctrl.game
    assert ctrl.lesson is None and game.deal_number == 12 and game.rules == linked and not game.history
    assert [sorted(p.hand) for p in game.players] == [sorted(p.hand) for p in Game(linked, 12).players]
    assert ctrl.note is not None and "Deal 12 is on the table again" in ctrl.note.text
    assert 'data-act="lesson-back"' not in page(ctrl)


def test_a_lesson_started_from_a_game_under_way_offers_no_deal_back() -> None:
    """A game with moves is kept under Games when a lesson takes its place (the browser does that): the lesson's
    end offers no fresh deal of it, which would look like the same game started over."""
    ctrl = Controller(Settings(), random.Random(5))
    ctrl.new_game(4417)
    ctrl.handle("draw")
    ctrl.handle("lesson", "classic")
    ctrl.handle("lesson-leave")
    assert 'data-act="lesson-back"' not in page(ctrl) and ctrl.lesson_back is None
    ctrl.handle("lesson-back")  # a stale tap changes nothing
    assert ctrl.game.deal_number == PLANS["classic"].deal


def test_the_lesson_says_which_cards_are_wild_and_what_the_3s_do_from_the_rules() -> None:
    """Someone new sees red 3s beside the sides' names and a pile blocked by a black 3 from the first turn, and
    is asked to put a 2 in a meld of jacks: the steps say what those are, from the rules' own values."""
    from ui.lesson.steps import why

    game = Game(preset("classic"), PLANS["classic"].deal)
    first = why(game, 0, "draw")
    assert "A red 3 is laid out as soon as you get it and scores 100." in first
    assert "A black 3 thrown on the pile blocks it for the next player." in first
    assert "wild cards (jokers and 2s) may join" in why(game, 0, "pair")
    assert "wild cards (jokers and 2s) too" in why(game, 0, "add")
    rook = Game(preset("rook"), PLANS["rook"].deal)  # Rook cards: no 3s to explain, the bird is wild
    assert "3" not in why(rook, 0, "draw") and "wild cards (the bird and 2s)" in why(rook, 0, "add")
