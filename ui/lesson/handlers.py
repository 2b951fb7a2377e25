"""The lesson's taps (start, do this step for me, leave) and its guard on the table's taps."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from engine.actions import Answer, Meld, PickUp
from ui.lesson.model import Lesson, Step
from ui.lesson.plans import PLANS, lesson_game
from ui.lesson.steps import refusal
from ui.seating.model import ALONE
from ui.taps import Note, Taps, index_arg

if TYPE_CHECKING:
    from engine.rules import RuleSet
    from ui.app import App

GUARDED = frozenset({
    "draw", "pickup", "discard", "new-meld", "meld", "staged", "unstage", "lay-down", "ask", "end-turn",
    "undo", "hint", "play-hint", "replay", "answer",
})
"""The table's taps that play or change the position: during a lesson only the step's own go through."""

ALLOWED: dict[str, frozenset[str]] = {
    "draw": frozenset({"draw"}),
    "pickup": frozenset({"pickup", "new-meld", "staged", "unstage"}),
    "lay-down": frozenset({"new-meld", "staged", "unstage", "lay-down"}),
    "new-meld": frozenset({"new-meld"}),
    "meld": frozenset({"meld"}),
    "discard": frozenset({"discard"}),
    "ask": frozenset({"ask"}),
    "end-turn": frozenset({"end-turn"}),
    "answer": frozenset({"answer"}),
}
"""The taps each step's last button allows (a first meld is staged, then laid down)."""


def chosen_cards(app: App) -> list[int]:
    """The cards the player has selected or staged from the hand."""
    return list(app.selected_cards()) + [c for s in app.staged for c in s.hand_cards()]


def current_step(app: App) -> Step | None:
    """The lesson's step now, or None (no lesson, another game on the table, the computers playing)."""
    lesson = app.lesson
    if lesson is None or lesson.finished or not lesson.fits(app.game) or not app.human_to_act():
        return None
    return lesson.step(app.game, tuple(chosen_cards(app)))


def refuse_tap(app: App, act: str, arg: str) -> str:
    """The lesson's sentence for a tap that isn't this step ('' to let it through)."""
    step = current_step(app)
    if step is None:
        return ""
    if act == "drop":  # a card dragged onto a target: as tapping the card, then the target
        parts = arg.split(" ")
        if len(parts) != 3:
            return ""  # not a drop the table acts on
        return refuse_tap(app, "card", parts[0]) or refuse_tap(app, parts[1], parts[2])
    if act == "card":
        hand = app.shown_hand()
        i = index_arg(arg, len(hand))
        if i is None or i in app.selected:  # letting go of a card is always fine
            return ""
        cards, _buttons = pointed(app)  # the cards of this step (of its next meld) still to select
        return "" if hand[i] in {hand[j] for j in cards} else refusal(step.text)
    if act in GUARDED and act not in ALLOWED.get(step.act, frozenset()):
        return refusal(step.text)
    if act == "meld" and step.meld is not None and arg != str(step.meld):
        return refusal(step.text)
    if act == "answer" and isinstance(step.action, Answer) and (arg == "yes") != step.action.yes:
        return refusal(step.text)
    return ""


def _next_play(app: App, step: Step) -> tuple[int, ...] | None:
    """The cards of the first of the step's melds not staged yet (a first meld is staged meld by meld)."""
    match step.action:
        case Meld(plays=plays) | PickUp(melds=plays):
            staged = Counter(tuple(sorted(s.cards)) for s in app.staged)
            for play in plays:
                key = tuple(sorted(play.cards))
                if staged[key] > 0:
                    staged[key] -= 1
                else:
                    return play.cards
    return None


def _unselected(app: App, wanted: tuple[int, ...]) -> list[int]:
    """Hand positions of ``wanted`` cards not selected yet (each card once)."""
    need = Counter(wanted) - Counter(app.selected_cards())
    out: list[int] = []
    for i, c in enumerate(app.shown_hand()):
        if need[c] > 0 and i not in app.selected:
            need[c] -= 1
            out.append(i)
    return out


def pointed(app: App) -> tuple[list[int], list[tuple[str, str]]]:
    """(hand positions, (act, arg) buttons) the lesson points at now: the cards still to select, else the
    button that plays them."""
    step = current_step(app)
    if step is None:
        return [], []
    if isinstance(step.action, Answer):
        return [], [("answer", "yes" if step.action.yes else "no")]
    if step.act in ("lay-down", "pickup"):
        play = _next_play(app, step)
        if play is None:
            return [], [(step.act, "")]
        cards = _unselected(app, play)
        return (cards, []) if cards else ([], [("new-meld", "")])
    cards = _unselected(app, step.cards)
    if cards:
        return cards, []
    if step.act == "meld":
        return [], [("meld", str(step.meld))]
    return [], [(step.act, "")] if step.act else []


def start(app: App, name: str) -> bool:
    """Start the lesson of preset ``name`` on a fresh table (the game there is put aside like a new game)."""
    plan = PLANS.get(name)
    if plan is None:
        return False
    lesson = Lesson(plan)
    old = app.game
    if not lesson_game(old):  # from one lesson to the next, the deal before the first is still the one to offer
        app.lesson_back = (old.deal_number, old.rules) if not old.history else None
    app.lesson = None
    app.set_game(lesson.new_game())
    app.session.seat_people(ALONE)
    app.dirty = True
    app.lesson = lesson
    app.lesson_dirty = True
    app.lesson_offer = False
    app.note = None
    app.focus = "hand"  # the button that started it is gone: the keyboard goes on from the hand
    return True


def on_lesson(app: App, arg: str) -> None:
    """Menu → Learn to play (the lesson of the rules in Settings, else classic), or the lesson asked for."""
    own = app.settings.preset
    start(app, arg if arg in PLANS else own if own in PLANS else "classic")


def on_lesson_skip(app: App, arg: str) -> None:
    """Play this step for the player (the move the lesson shows), and go on to the next."""
    step = current_step(app)
    if step is None:
        return
    app.selected, app.staged, app.pile_selected = [], [], []
    if app.play(step.action):
        app.note = Note("The lesson played that step for you.")
        app.focus = "hand"


def on_lesson_leave(app: App, arg: str) -> None:
    """Close the lesson (or its offer); the game on the table goes on unguided, and the deal the lesson took
    the place of is offered again (``back_button``)."""
    had = app.lesson is not None and not app.lesson.finished
    app.lesson = None
    app.lesson_offer = False
    app.lesson_dirty = True
    back = lesson_back(app)
    if back is not None:
        app.note = Note(f"Lesson closed. Deal {back[0]:,} again brings back the cards you had before it, "
                        "or play this game on.")
    else:
        app.note = Note(LEFT) if had else None


def lesson_back(app: App) -> tuple[int, RuleSet] | None:
    """The deal (and its rules) a lesson took the place of, while the lesson's game is still on the table."""
    back = app.lesson_back
    return back if back is not None and lesson_game(app.game) else None


def on_lesson_back(app: App, arg: str) -> None:
    """Deal again the game the lesson took the place of (nobody had played it: the same cards, from the start)."""
    back = lesson_back(app)
    app.lesson_back = None
    if back is None:
        return
    app.lesson = None
    app.lesson_dirty = True
    app.new_game(*back)
    app.note = Note(f"Deal {back[0]:,} is on the table again, as it was before the lesson.")


LEFT = (
    "Lesson closed: play this game on as you like (a lesson's game is not counted in Statistics). "
    "Menu, then Learn to play, starts the lesson again."
)


def register(taps: Taps[App]) -> None:
    """This feature's taps."""
    taps.add("lesson", on_lesson)
    taps.add("lesson-skip", on_lesson_skip)
    taps.add("lesson-leave", on_lesson_leave)
    taps.add("lesson-back", on_lesson_back)
