"""The lesson on the table: its box above the hand (the step, why, what is still to come) and the marks on
the card or button it points at (a CSS highlight and ``aria-describedby`` naming the step)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ui.lesson.handlers import current_step, pointed
from ui.lesson.plans import PLANS
from ui.lesson.steps import TITLES
from ui.widgets import button, esc

if TYPE_CHECKING:
    from ui.app import App

OFFER = (
    "New to Hand and Foot? A short lesson plays a first game with you on this table, one step at a time, "
    "and says why each step is played so."
)
POINT = ' data-lesson="point" aria-describedby="lesson-step"'


def lesson_box(app: App) -> str:
    """The lesson's box: the offer, the step now, the computers' turn, or the lesson's end ('' for none)."""
    lesson = app.lesson
    if lesson is None or not lesson.fits(app.game):
        if not app.lesson_offer:
            return ""
        return (
            '<section class="lesson" aria-label="Lesson">'
            f'<p id="lesson-step">{esc(OFFER)}</p><div class="lesson-buttons">'
            + button("lesson", "Learn to play", arg=app.game.rules.name if app.game.rules.name in PLANS else "",
                     cls="small primary")
            + button("lesson-leave", "No, thanks", cls="small")
            + "</div></section>"
        )
    title = f"Lesson: {lesson.plan.title}"
    if lesson.finished:
        went = app.game.results[-1].went_out if app.game.results else None
        end = (
            "Lesson done: you went out and the round is over. Next round plays on as an ordinary game."
            if went == lesson.seat else
            "Lesson done: the round is over. Next round plays on as an ordinary game."
        )
        body = f'<p id="lesson-step">{esc(end)}</p>'
        buttons = button("lesson-leave", "Close the lesson", cls="small")
    else:
        step = current_step(app)
        if step is None:
            body = '<p id="lesson-step">The other players take their turns; yours comes next.</p>'
        else:
            title += f" \u2014 {TITLES[step.kind]}"
            body = f'<p id="lesson-step">{esc(step.text)} <span class="lesson-why">{esc(step.why)}</span></p>'
        left = [TITLES[k] for k in lesson.to_come()]
        if left:
            body += f'<p class="lesson-left">Still to come: {esc(", ".join(left))}.</p>'
        buttons = (
            (button("lesson-skip", "Do this step for me", cls="small") if step is not None else "")
            + button("lesson-leave", "Leave the lesson", cls="small")
        )
    return (
        f'<section class="lesson" aria-label="Lesson"><p class="lesson-title"><strong>{esc(title)}</strong></p>'
        f'{body}<div class="lesson-buttons">{buttons}</div></section>'
    )


def _mark(html: str, act: str, arg: str) -> str:
    """Mark the first button of ``act`` (and ``arg``) in ``html`` as the one the lesson points at."""
    needle = f'data-act="{act}"' + (f' data-arg="{esc(arg)}"' if arg else "")
    at = html.find(needle)
    if at < 0 or (not arg and html[at + len(needle):at + len(needle) + 10].startswith(' data-arg="')):
        return html
    return html[:at] + POINT.strip() + " " + html[at:]


def point(app: App, parts: dict[str, str]) -> dict[str, str]:
    """The table's regions with the lesson's marks on the cards and buttons it points at now."""
    cards, buttons = pointed(app)
    if not cards and not buttons:
        return parts
    out = dict(parts)
    for region in ("r-hand", "r-actions", "r-us", "r-staging"):
        html = out.get(region, "")
        for i in cards:
            html = _mark(html, "card", str(i))
        for act, arg in buttons:
            html = _mark(html, act, arg)
        out[region] = html
    return out
