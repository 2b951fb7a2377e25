"""The lesson on the table: its box above the hand (the step, why, what is still to come) and the marks on
the card or button it points at (a CSS highlight and ``aria-describedby`` naming the step)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ui.lesson.handlers import current_step, lesson_back, pointed
from ui.lesson.plans import PLANS
from ui.lesson.steps import intro, title
from ui.widgets import button, esc

if TYPE_CHECKING:
    from ui.app import App

OFFER = (
    "New to Hand and Foot? A short lesson plays a first game with you on this table, one step at a time, "
    "and says why each step is played so."
)
POINT = ' data-lesson="point" aria-describedby="lesson-step"'
PLAY_ON = "Play on if you like: the lesson no longer guides you, and a lesson's game is not counted in Statistics."
ALL_DONE = f"Lesson done: every step it teaches has come up. {PLAY_ON}"


def lesson_box(app: App) -> str:
    """The lesson's box: the offer, the step now, the computers' turn, or the lesson's end ('' for none)."""
    lesson = app.lesson
    if lesson is None or not lesson.fits(app.game):
        if not app.lesson_offer or app.note is not None:
            return ""  # beside a note (the welcome), the offer is the note's own buttons: see offer_buttons
        return (
            '<section class="lesson" aria-label="Lesson">'
            f'<p id="lesson-step">{esc(OFFER)}</p><div class="lesson-buttons">'
            + offer_buttons(app)
            + button("lesson-leave", "No, thanks", cls="small")
            + "</div></section>"
        )
    heading = f"Lesson: {lesson.plan.title}"
    if lesson.finished:
        went = app.game.results[-1].went_out if app.game.results else None
        if app.game.phase not in ("round_over", "game_over"):
            end = ALL_DONE
        elif went == lesson.seat:
            end = f"Lesson done: you went out and the round is over. {PLAY_ON}"
        else:
            end = f"Lesson done: the round is over. {PLAY_ON}"
        body = f'<p id="lesson-step">{esc(end)}</p>'
        others = [p for name, p in PLANS.items() if name != lesson.plan.preset]
        # The way out first: in the box a phone leaves above the round's scores, it is the one in view.
        buttons = button("lesson-leave", "Close the lesson", cls="small")
        buttons += "".join(button("lesson", p.title, arg=p.preset, cls="small") for p in others)
    else:
        step = current_step(app)
        if step is None:
            heading = esc(heading)
            body = '<p id="lesson-step">The other players take their turns; yours comes next.</p>'
        else:  # the lesson's name gives way on a phone in landscape: the step's own name stays
            heading = f'<span class="lesson-name">{esc(heading)} \u2014 </span>{esc(title(step.kind, app.game.rules))}'
            body = f'<p id="lesson-step">{esc(step.text)} <span class="lesson-why">{esc(step.why)}</span></p>'
        after = f'<p class="lesson-left">{esc(intro(app.game.rules))}</p>' if not lesson.taught else ""
        # After this one: a first meld's cards chosen by hand have done "Select cards for a meld" too.
        now = () if step is None else ("pair", "first_meld") if step.kind == "first_meld" else (step.kind,)
        left = [title(k, app.game.rules) for k in lesson.to_come() if k not in now]
        if left:
            after += f'<p class="lesson-left">Still to come: {esc(", ".join(left))}.</p>'
        buttons = (
            (button("lesson-skip", "Do this step for me", cls="small") if step is not None else "")
            + button("lesson-leave", "Leave the lesson", cls="small")
        )
        # The step, then its buttons, then the rules' summary and the list (which a phone leaves to
        # screen readers: the step and its buttons stay in view without scrolling the box).
        return (
            f'<section class="lesson lesson-on" aria-label="Lesson"><div class="lesson-text"><p class="lesson-title">'
            f'<strong>{heading}</strong></p> {body}</div><div class="lesson-buttons">{buttons}</div>'
            f'<div class="lesson-more">{after}</div></section>'
        )
    return (
        f'<section class="lesson" aria-label="Lesson"><p class="lesson-title"><strong>{esc(heading)}</strong></p>'
        f'{body}<div class="lesson-buttons">{buttons}</div></section>'
    )


def offer_buttons(app: App) -> str:
    """The lesson offered to someone new: the first game's lesson, and this table's rules' own ('' when no
    lesson is offered or one is under way). Beside a welcome note they sit in the note, before its OK."""
    if not app.lesson_offer or (app.lesson is not None and app.lesson.fits(app.game)):
        return ""
    own = app.game.rules.name
    return button("lesson", "Learn to play", arg="classic", cls="small primary") + (
        button("lesson", PLANS[own].title, arg=own, cls="small") if own != "classic" and own in PLANS else ""
    )


def back_button(app: App) -> str:
    """Beside the note of a closed lesson: the deal it took the place of, dealt again ('' when there is none)."""
    back = lesson_back(app) if app.lesson is None else None
    return button("lesson-back", f"Deal {back[0]:,} again", cls="small primary") if back is not None else ""


def _mark(html: str, act: str, arg: str) -> str:
    """Mark the first button of ``act`` (and ``arg``) in ``html`` as the one the lesson points at."""
    needle = f'data-act="{act}"' + (f' data-arg="{esc(arg)}"' if arg else "")
    at = html.find(needle)
    if at < 0 or (not arg and html[at + len(needle):at + len(needle) + 10].startswith(' data-arg="')):
        return html
    return html[:at] + POINT.strip() + " " + html[at:]


def said(app: App) -> str:
    """What the lesson's live region says now: the step's name, what to do and why, once per new step
    ('' while the computers play, so the same step on the next turn is said again)."""
    lesson = app.lesson
    if lesson is None or not lesson.fits(app.game):
        return ""
    if lesson.finished:
        return esc(ALL_DONE) if app.game.phase not in ("round_over", "game_over") else ""
    step = current_step(app)
    if step is None:
        return ""
    return esc(f"Lesson, {title(step.kind, app.game.rules)}: {step.text} {step.why}")


def point(app: App, parts: dict[str, str]) -> dict[str, str]:
    """The table's regions with the lesson's marks on the cards and buttons it points at now, and its live
    region (``r-said``) saying the step."""
    cards, buttons = pointed(app)
    out = dict(parts)
    out["r-said"] = said(app)
    if not cards and not buttons:
        return out
    for region in ("r-hand", "r-actions", "r-us", "r-staging"):
        html = out.get(region, "")
        for i in cards:
            html = _mark(html, "card", str(i))
        for act, arg in buttons:
            html = _mark(html, act, arg)
        out[region] = html
    return out
