"""The table as HTML, region by region: the controller's state in, strings out.

Pure Python. Every piece of dynamic text goes through ``esc``; every control is a real
``<button>`` with a ``data-act`` the entry module dispatches on. Cards are buttons named by
their printed text and then in words ("4♥, four of hearts").

A screen is a fixed layout of regions (``layout``), each an element with an id whose content
``regions`` makes. ``ui/browser/page.py`` writes the whole layout when the screen changes and, after
that, only the regions whose HTML changed, so an open panel, the focus and the scroll position
in the rest of the page survive a computer's move.
"""

from __future__ import annotations

from engine import seats
from engine.actions import Answer
from engine.views import View, view_for
from ui import sides
from ui.app import App as Controller
from ui.games.screen import games_screen
from ui.lesson import screen as lesson_screen
from ui.pad.screen import pad_screen
from ui.rules.screen import rules_screen
from ui.seating.screen import players_screen
from ui.settings.model import PRESET_SHORT
from ui.settings.screen import settings_screen
from ui.stats.screen import stats_screen
from ui.table.board import center_region, seats_region, team_region
from ui.table.dock import (
    actions_region,
    banner,
    dialog_region,
    hand_region,
    live_text,
    note_box,
    staging_region,
    status_tools,
    why_region,
)
from ui.table.passing import had_turn, hidden_panel, pass_panel
from ui.table.scores import game_over_panel, hands_screen, round_over_panel
from ui.table.sheets import SHORTCUTS as SHORTCUTS
from ui.table.sheets import menu_buttons, sheet_region
from ui.watch.screen import watch_screen
from ui.widgets import button, esc

REGION = tuple[str, str, str]
"""(region id, tag, class) of a region's element."""

TABLE_LAYOUT: tuple[tuple[str, tuple[REGION, ...]], ...] = (
    ("", (("r-top", "header", "top"),)),
    (
        "board",
        (
            ("r-seats", "div", "r-seats"),
            ("r-center", "div", "r-center"),
            ("r-them", "div", "r-them"),
            ("r-us", "div", "r-us"),
        ),
    ),
    (
        "dock",
        (
            ("r-why", "div", "r-why"),
            ("r-status", "div", "r-status"),
            ("r-prompt", "div", "r-prompt"),
            ("r-staging", "div", "r-staging"),
            ("r-hand", "div", "r-hand"),
            ("r-actions", "div", "r-actions"),
        ),
    ),
    ("", (("r-sheet", "div", "r-sheet"), ("r-dialog", "div", "r-dialog"), ("r-said", "div", "sr"))),
)
GROUP_ATTRS = {"board": ' role="region" aria-label="The table" tabindex="0"'}
"""The board scrolls by itself when the melds overflow it, so the keyboard can reach and scroll it."""
REGION_ATTRS = {"r-said": ' role="status" aria-live="polite"'}
"""A lesson's new step is said here: a live region that stays on the page while its words change."""
PAGE_LAYOUT: tuple[tuple[str, tuple[REGION, ...]], ...] = (
    ("", (("r-top", "header", "top"),)),
    ("page-body", (("r-main", "div", "r-main"),)),
    ("", (("r-sheet", "div", "r-sheet"),)),
)

# ----- the header and the screens -------------------------------------------------------


def header(ctrl: Controller, in_place_of_deal: str | None = None) -> str:
    """The top bar; ``in_place_of_deal``: words shown where the deal number goes (a guest's phone, which must
    not show the deal: it would deal every hand again)."""
    # Watching a game again, the deal, round and totals are the watched game's as it stands on screen.
    watched = ctrl.watch.position() if ctrl.screen == "watch" and ctrl.watch is not None else None
    if watched is not None:
        view = view_for(watched, sides.SOUTH)
    elif ctrl.passing is not None and ctrl.screen == "table":  # "Pass to Cleo": the totals as Cleo will see them
        view = view_for(ctrl.game, ctrl.passing)
    else:
        view = ctrl.view()
    rules = view.rules
    rounds = f"/{rules.rounds}" if rules.rounds and not rules.target_score else ""
    called = PRESET_SHORT.get(rules.name, rules.name)  # "Knee game", not the links' code "hkf"
    expanded = str(ctrl.sheet == "menu").lower()
    update = ""
    if ctrl.update_available:
        update = (
            '<div class="update"><span>Update available.</span>'
            + button("apply-update", "Save and update", cls="primary small")
            + "</div>"
        )
    return (
        '<h1>Hand and Foot</h1>'
        '<p class="meta">'
        + (
            f'<span>Deal <b class="deal-number">{view.deal_number}</b></span>'
            if in_place_of_deal is None
            else f"<span>{esc(in_place_of_deal)}</span>"
        )
        + f'<span>Round {view.round_index + 1}{rounds}</span><span class="rules-name">{esc(called)}</span></p>'
        + '<p class="scoreboard" aria-label="Game totals">'
        + "".join(
            f'<span class="{"us" if t == view.my_team else "them"}">{side_word(ctrl, view, t, watched is None)} '
            f"<b>{view.teams[t].total:,}</b></span>"
            for t in sides.order(rules.players, view.seat)
        )
        + "</p>"
        f'<nav class="menu" aria-label="Menu">{menu_buttons(ctrl.screen)}</nav>'
        + button("sheet", "Menu", arg="menu", cls="menu-toggle", extra=f' aria-expanded="{expanded}"')
        + update
    )


def side_word(ctrl: Controller, view: View, team: int, ours: bool) -> str:
    """A side's name on the scoreboard: 'Us'/'Them' to the person holding the device; at a round's end in a
    game played together, where everyone reads the one screen, its people's names ("Anna & Bob")."""
    if ours and ctrl.seating.together and view.phase in ("round_over", "game_over") and screen_key(ctrl) == "page":
        names = ctrl.session.names()
        who = " & ".join(names[s] for s in seats.team_seats(team, view.rules.players))
        return f'<span class="who" title="{esc(who)}">{esc(who)}</span>'
    return esc(sides.short(view.rules.players, team, view.seat))


def answer_hint(ctrl: Controller) -> str:
    """The hint's advice on the partner's question, when it was asked for (shown in the question itself)."""
    note = ctrl.note
    return note.text if note is not None and note.kind == "hint" and isinstance(ctrl.hint_action, Answer) else ""


def screen_key(ctrl: Controller) -> str:
    """Which layout the app shows now: 'table' (play), 'page' (every other screen) or 'elsewhere'."""
    if ctrl.elsewhere:
        return "elsewhere"
    # At the round's end the play that went out stays on the table (``Session.ending``) before the scores.
    if ctrl.screen == "table" and (ctrl.game.phase not in ("round_over", "game_over") or ctrl.session.ending):
        return "pass" if ctrl.passing is not None or ctrl.session.hidden else "table"
    return "page"


def notes(ctrl: Controller, told_elsewhere: bool = False) -> str:
    """The note answering the last tap (unless the screen tells it in place), the storage warning and the share
    link, whichever there are."""
    return note_box(
        None if told_elsewhere else ctrl.note,
        warning=ctrl.storage_warning,
        share_url=ctrl.share_url,
        hint_ready=ctrl.hint_action is not None,
        # The lesson is offered beside the table's welcome, never beside another screen's note.
        offer=lesson_screen.offer_buttons(ctrl) + lesson_screen.back_button(ctrl)
        if ctrl.note is not None and not told_elsewhere and ctrl.screen == "table" else "",
    )


def settings_page(ctrl: Controller) -> str:
    """The Settings screen from the app's settings and the game on the table."""
    return settings_screen(ctrl.settings, ctrl.house_open, ctrl.game, ctrl.storage_kept, ctrl.deal_refused)


def page_main(ctrl: Controller) -> str:
    if ctrl.screen == "settings":
        return notes(ctrl) + settings_page(ctrl)
    if ctrl.screen == "rules":  # the notes: Menu, Share opened over this screen shows its link here
        return notes(ctrl) + rules_screen(ctrl.rules_tab, ctrl.game.rules)
    if ctrl.screen == "hands":
        return hands_screen(ctrl.game, ctrl.seat)
    if ctrl.screen == "games":
        return notes(ctrl) + games_screen(
            ctrl.game, ctrl.kept, ctrl.confirm_delete, ctrl.kept_copies, ctrl.challenges, ctrl.confirm_spoil
        )
    if ctrl.screen == "pad":
        return pad_screen(ctrl.pads, ctrl.settings, notes(ctrl))
    if ctrl.screen == "watch" and ctrl.watch is not None:
        return watch_screen(ctrl.watch, notes(ctrl))
    if ctrl.screen == "stats":
        return notes(ctrl) + stats_screen(ctrl.finished)
    if ctrl.screen == "players":
        draft = ctrl.seat_draft
        told = draft is not None and ctrl.note is not None and ctrl.note.text == draft.problem
        return notes(ctrl, told_elsewhere=told) + players_screen(  # a refusal is told beside the button
            ctrl.session.seating, ctrl.game.n, ctrl.settings.rules(), ctrl.remembered, ctrl.settings.level, draft,
            ctrl.deal_to_share(),
        )
    view = ctrl.view()
    people = ctrl.session.names() if ctrl.seating.together else None
    if view.phase == "game_over":
        panel = game_over_panel(ctrl.game, ctrl.seat, ctrl.current_challenge(), people)
    else:
        panel = round_over_panel(ctrl.game, ctrl.seat, people)
    return notes(ctrl) + lesson_screen.lesson_box(ctrl) + panel


def regions(ctrl: Controller, in_place_of_deal: str | None = None) -> dict[str, str]:
    """The content of every region of the current layout, by region id (``in_place_of_deal``: see ``header``)."""
    key = screen_key(ctrl)
    if key == "elsewhere":
        return {"r-main": elsewhere_panel()}
    if key == "pass":
        table = ctrl.session
        passing = ctrl.passing
        main = pass_panel(table.game, passing, table.names()) if passing is not None else hidden_panel(table)
        # A failed save is told here too; so is the note of a round or game just dealt (Replay this deal), before
        # anyone here has played in it: a note from a person's turn may tell of their cards, and is not shown.
        said = ctrl.note if not had_turn(table.game, table.humans) else None
        main = note_box(said, warning=ctrl.storage_warning, share_url=ctrl.share_url) + main
        top = header(ctrl, in_place_of_deal)
        return {"r-top": top, "r-main": main, "r-sheet": sheet_region(ctrl.sheet, ctrl.screen, table)}
    if key == "page":
        sheet = sheet_region(ctrl.sheet, ctrl.screen, ctrl.session)
        return {"r-top": header(ctrl, in_place_of_deal), "r-main": page_main(ctrl), "r-sheet": sheet}
    table = ctrl.session
    view = table.view()
    playable = view.to_act == view.seat and view.phase == "play"
    targets = table.targets()
    advice = answer_hint(ctrl)
    dialog = dialog_region(view, table, advice)
    return lesson_screen.point(ctrl, {
        "r-top": header(ctrl, in_place_of_deal),
        "r-seats": seats_region(view, table),
        "r-center": center_region(view, table, ctrl.settings.reduced_motion),
        "r-them": "".join(
            team_region(view, view.teams[t], table, False, set())
            for t in sides.order(view.rules.players, view.seat)[1:]
        ),
        "r-us": team_region(view, view.teams[view.my_team], table, playable, targets),
        "r-why": why_region(table),
        "r-status": (
            f'<p class="live" id="live" role="status" aria-live="polite">{esc(live_text(table))}</p>'
            f'<div class="tools">{status_tools(table)}</div>'
        ),
        # The hint on the partner's question is told in the question while it is open, not twice.
        "r-prompt": banner(view, table) + lesson_screen.lesson_box(ctrl) + notes(ctrl, bool(advice and dialog)),
        "r-staging": staging_region(view, table),
        "r-hand": hand_region(view, table),
        "r-actions": actions_region(view, table),
        "r-sheet": sheet_region(ctrl.sheet, ctrl.screen, ctrl.session),
        "r-dialog": dialog,
    })


def start_picture(ctrl: Controller, key: str, parts: dict[str, str]) -> str:
    """The page kept for the next start's first paint: the table as painted (``key``, ``parts``), except
    that in a game played together a person's hand is never kept: a reload opens at the pass screen of
    whoever is to act, and so does its first paint."""
    table = ctrl.session
    seat = table.game.to_act
    if key == "table" and table.seating.together and seat in table.humans:
        main = pass_panel(table.game, seat, table.names())
        return assemble("pass", {"r-top": header(ctrl), "r-main": main})
    return assemble(key, parts)


def layout(key: str) -> tuple[tuple[str, tuple[REGION, ...]], ...]:
    if key == "table":
        return TABLE_LAYOUT
    if key == "elsewhere":
        return (("", (("r-main", "div", "r-main"),)),)
    return PAGE_LAYOUT  # the pass screen too: the header, one panel, the menu's sheet


def assemble(key: str, parts: dict[str, str]) -> str:
    """The whole layout with every region filled."""
    out = []
    for group, items in layout(key):
        inner = "".join(
            f'<{tag} id="{rid}" class="{cls}"{REGION_ATTRS.get(rid, "")}>{parts.get(rid, "")}</{tag}>'
            for rid, tag, cls in items
        )
        out.append(f'<div class="{group}"{GROUP_ATTRS.get(group, "")}>{inner}</div>' if group else inner)
    return f'<div class="screen screen-{key}">{"".join(out)}</div>'


def page(ctrl: Controller) -> str:
    """The whole app for the current screen, as one string."""
    key = screen_key(ctrl)
    return assemble(key, regions(ctrl))


def elsewhere_panel() -> str:
    """What a tab shows once the game is opened in another tab: nothing to tap but "Play here"."""
    return (
        '<header class="top"><h1>Hand and Foot</h1></header>'
        '<section class="elsewhere" role="alert"><h2>Open in another tab</h2>'
        "<p>This game is now open in another tab or window, so this one has stopped to keep the two "
        "from overwriting each other. Nothing is lost: every move is saved.</p>"
        + button("play-here", "Play here instead", cls="primary")
        + "<p>That picks the game up at its latest move and stops the other tab.</p></section>"
    )


def body_classes(ctrl: Controller, prefers_reduced: bool = False) -> str:
    s = ctrl.settings
    classes = [f"on-{screen_key(ctrl)}"]
    if s.four_colour:
        classes.append("four-colour")
    if s.larger_cards:
        classes.append("larger-cards")
    if s.reduced_motion or prefers_reduced:
        classes.append("reduced-motion")
    return " ".join(classes)
