"""The dock under the board: the latest move and its Why?, the prompt, the staged melds, the hand,
the buttons, and the partner's question."""

from __future__ import annotations

from engine.checks import must_ask
from engine.views import View
from ui.table.board import partner_of
from ui.table.moves import Line
from ui.table.narrate import BRIEF_CHARS, count
from ui.table.session import Session
from ui.taps import Note
from ui.widgets import button, card_button, card_row, esc, face_text

# ----- the dock: the latest move, the prompt, the hand, the buttons ----------------------------


def latest_line(table: Session) -> Line | None:
    return table.recent.lines[-1] if table.recent.lines else None


def live_text(table: Session) -> str:
    """What the status line says (and a screen reader announces): the latest move."""
    if table.ending:
        return table.going_out_text()
    line = latest_line(table)
    if line is None:
        return "New round: nobody has moved yet."
    if line.seat is None or not table.by_computer(line):
        return line.text
    # A computer's whole turn, in its sentences or, past what a phone's status line holds, in brief.
    return table.turn_text(line.seat, BRIEF_CHARS) or line.text


def status_tools(table: Session) -> str:
    line = latest_line(table)
    out = []
    if line is not None and line.reason and table.by_computer(line) and not table.ending:
        out.append(
            button(
                "why", "Why?", arg=str(line.number), cls="small",
                extra=f' aria-expanded="{str(table.recent.why == line.number).lower()}"',
            )
        )
    out.append(button("sheet", "Moves", arg="moves", cls="small"))
    return "".join(out)


def why_region(table: Session) -> str:
    line = table.recent.why_line()
    if line is None:
        return ""
    return (
        '<section class="why-panel" aria-labelledby="why-title">'
        f'<h2 id="why-title">Why? {esc(line.text)}</h2><p>{esc(table.why_text(line))}</p>'
        + button("close", "Close", arg="why", cls="small")
        + "</section>"
    )


def banner_text(view: View, table: Session) -> tuple[str, str]:
    """(prompt, class) for the line that says whose turn it is and what to do."""
    rules = view.rules
    if view.phase in ("round_over", "game_over"):
        return f"Round {view.round_index + 1} is over.", "over"
    cut_off = table.cut_off()
    if cut_off:
        return cut_off, "theirs"
    if view.to_act == view.seat and view.phase == "answer":
        return f"{table.seating.name(view.turn, view.rules.players)} asks: “May I go out?”", "mine"
    # Played together, the person holding the device is named: whoever took it by mistake sees so at once.
    passed = table.seating.passed and not table.remote  # (a guest's phone is theirs alone)
    you = f"{table.seating.name(view.seat, rules.players)}, your turn" if passed else "Your turn"
    if view.to_act == view.seat and view.phase == "draw":
        draw = "draw a card" if rules.draw == 1 else f"draw {count(rules.draw, 'card')}"
        problem = table.pickup_problem()
        if rules.pickup == "none" or not view.pile:
            return f"{you}: {draw}.", "mine"
        if problem:
            return f"{you}: {draw}.|{problem}", "mine"
        return f"{you}: {draw} or pick up the pile.", "mine"
    if view.to_act == view.seat:
        answer = ""
        mate = partner_of(view, view.seat)
        if view.asked and view.permission is not None and mate is not None:
            partner = table.seating.name(mate, view.rules.players)
            answer = (
                f"{partner} said yes: go out this turn if you can. "
                if view.permission
                else f"{partner} said no: you can't go out this turn. "
            )
        if view.picked_up and rules.pickup_ends_turn:
            return answer + f"{you}: meld if you like, then press End turn.", "mine"
        return answer + f"{you}: meld if you can, then discard one card.", "mine"
    name = table.seating.name(view.to_act or 0, view.rules.players)
    doing = "is deciding whether you may go out" if view.phase == "answer" else "is playing"
    return f"{name} {doing}…", "theirs"


def banner(view: View, table: Session) -> str:
    text, cls = banner_text(view, table)
    reopen = ""
    if cls == "mine" and view.phase == "answer" and table.question_closed:
        reopen = button("reopen-question", "Answer", cls="small primary")
    if table.ending:  # the play that went out is on the table: the scores are the next thing, a tap away
        reopen = button("see-scores", "See the scores", cls="small primary")
    arrow = '<span aria-hidden="true">▶ </span>' if cls == "mine" else ""
    text, _, aside = text.partition("|")  # an aside goes on a line of its own, in smaller type
    small = f" <small>{esc(aside)}</small>" if aside else ""
    return f'<div class="banner {cls}"><p>{arrow}{esc(text)}{small}</p>{reopen}</div>'


def note_box(
    note: Note | None, *, warning: str = "", share_url: str = "", hint_ready: bool = False, offer: str = ""
) -> str:
    """The note answering the last tap (with "Play it" for a hint that can be played, and ``offer``'s
    buttons: the lesson offered beside a welcome), the storage warning and the share link, whichever
    there are."""
    parts = []
    if warning:
        parts.append(f'<div class="note error storage" role="alert"><p>{esc(warning)}</p></div>')
    if note is not None:
        # Errors are alerts; every other note answers the tap just made, in view (the status line
        # is the one live region, so moves and notes don't talk over each other).
        role = ' role="alert"' if note.kind == "error" else ""
        play = button("play-hint", "Play it", cls="small primary") if note.kind == "hint" and hint_ready else ""
        parts.append(
            f'<div class="note {esc(note.kind)}"{role}><p>{esc(note.text)}</p>'
            + play
            + offer
            + button("dismiss", "OK", cls="small")
            + "</div>"
        )
    if share_url:
        label = "Challenge link" if "#challenge=" in share_url else "Link to this deal"
        parts.append(
            f'<div class="note share"><label for="share-link">{label}</label>'
            f'<input id="share-link" readonly value="{esc(share_url)}">'
            + button("dismiss", "Done", cls="small")
            + "</div>"
        )
    return "".join(parts)


def pile_row(table: Session) -> str:
    """The cards under the pile's top that a first meld made with the pickup may use (000), to select."""
    preview = table.pile_preview()
    free = table.pile_free()
    if not free:
        return ""
    cards = "".join(
        card_button(preview[i], i, pressed=i in table.pile_selected, meldable=False, act="pile-card") for i in free
    )
    return (
        '<div class="from-pile"><h3>Under the top card:</h3>'
        f'<div class="pile-cards" role="group" aria-label="Cards under the top of the pile">{cards}</div>'
        "</div>"
    )


def staging_region(view: View, table: Session) -> str:
    minimum = table.minimum()
    pile = pile_row(table)
    if not table.staged and not pile and not (minimum and view.to_act == view.seat and view.phase == "play"):
        return ""  # before the draw the team's badge shows the minimum; the box comes with the first staged meld
    total = table.staged_total()
    enough = total >= minimum
    items = "".join(
        '<li class="staged">'
        + button(
            "staged",
            card_row(s.cards) + f' <span class="pts">{table.value(s.cards)} pts</span>',
            arg=str(i),
            cls="staged-meld",
            extra=f' aria-label="{esc(card_names(s.cards))} {table.value(s.cards)} pts: staged meld {i + 1}; '
            'tap to add the selected cards"',
        )
        + button("unstage", "Take back", arg=str(i), cls="small")
        + "</li>"
        for i, s in enumerate(table.staged)
    )
    tip = "Select cards and press New meld to stage them; lay them down together."
    if table.staged:
        tip = ""
    if view.phase == "draw" and view.rules.pickup != "none":
        tip = "Stage melds, then Pick up pile to open with it (the top card and your pair count), or draw first."
        if pile:
            tip = "Stage melds from your hand and from under the top card, then Pick up pile; or draw."
    controls = ""
    if table.staged:
        controls = (
            '<div class="row">'
            + button("lay-down", "Lay down melds", cls="primary" if enough else "", disabled=view.phase != "play")
            + button("unstage", "Take all back")
            + "</div>"
        )
    return (
        '<section class="staging" aria-label="Your first meld">'
        f'<h2>First meld: <span class="total {"enough" if enough else "short"}">{total} of {minimum} points</span>'
        f'<span class="sr"> {"enough" if enough else "not enough yet"}</span></h2>'
        + (f'<p class="tip">{esc(tip)}</p>' if tip else "")
        + (f"<ul>{items}</ul>" if items else "")
        + pile
        + f"{controls}</section>"
    )


def card_names(cards: tuple[int, ...]) -> str:
    """The cards as printed on them: 'Q♥ Q♠ 2♣'."""
    return " ".join(face_text(c) for c in cards)


HAND_CROWDED = 14
"""Past this many cards the hand's cards overlap on a phone, so more fit in each row."""
HAND_PACKED = 26
"""Past this many they overlap on every screen."""


def hand_region(view: View, table: Session) -> str:
    hand = table.shown_hand()
    meldable = table.meldable()
    new = table.new_cards()
    drawn = " ".join(face_text(c) for c in new.elements())
    marks = []  # which of the hand's cards are the ones just drawn (the first copies, for twins)
    for c in hand:
        marks.append(new[c] > 0)
        new[c] -= 1
    cards = "".join(
        card_button(c, i, pressed=i in table.selected, meldable=c in meldable, fresh=marks[i])
        for i, c in enumerate(hand)
    )
    me = view.me
    waiting = [w for w, n in (("knee", me.knee_count), ("foot", me.foot_count)) if n]
    where = " · " + " & ".join(waiting) + " waiting" if waiting else ""
    chosen = len(table.selected)
    active = " active" if view.to_act == view.seat else ""
    crowded = " crowded" if len(hand) > HAND_CROWDED else ""
    crowded += " packed" if len(hand) > HAND_PACKED else ""
    # The right of the heading: what a dashed outline means, or, with cards selected, how many and a
    # way to let go of them all (in the heading, so the buttons under the hand keep to one row).
    if chosen:
        side = f'<span class="picked">{chosen} selected</span>{button("clear", "<span>Clear</span>", cls="clear")}'
    elif meldable:
        side = '<span class="legend"><span class="dot" aria-hidden="true"></span>can meld</span>'
    else:
        side = ""
    if table.own_order is not None:  # the player's own order (a drag): a way back to the chosen one
        side += button("sort-hand", "Sort", cls="small sort", extra=' title="Sort the hand as chosen in Settings"')
    return (
        f'<section class="you{active}{crowded}" aria-label="Your hand">'
        f'<h2><span>Your {me.stage} <b>{len(hand)}</b>{esc(where)}</span>'
        + (f'<span class="sr">, just drawn: {esc(drawn)}</span>' if drawn else "")
        + f'<span class="side">{side}</span></h2>'
        f'<div class="hand" role="group" aria-label="Your cards">{cards}</div></section>'
    )


def lines(*parts: str) -> str:
    """A button's label that wraps only between ``parts``: two lines on a crowded phone bar, not three."""
    return " ".join(f'<span class="nw">{esc(part)}</span>' for part in parts)


def actions_region(view: View, table: Session) -> str:
    mine = view.to_act == view.seat and view.phase in ("draw", "play") and not table.cut_off()
    draw_phase = mine and view.phase == "draw"
    play_phase = mine and view.phase == "play"
    rules = view.rules
    buttons = [button("draw", "Draw", cls="primary" if draw_phase else "", disabled=not draw_phase)]
    if rules.pickup != "none" and not play_phase:  # once drawn, the pile waits for the next turn
        problem = table.pickup_problem()
        extra = f' title="{esc(problem)}"' if problem else ""
        label = lines("Pick up", "pile")
        buttons.append(button("pickup", label, disabled=not draw_phase or bool(problem), extra=extra))
    buttons += [
        button("new-meld", "New meld", disabled=not mine or not (table.selected or table.pile_selected)),
        # A wild card or one our melds could take is not the obvious discard: Discard stays plain for it.
        button("discard", "Discard", cls="primary" if play_phase and len(table.selected) == 1
               and not table.discard_waits() else "", disabled=not play_phase),
    ]
    if must_ask(rules) and view.me.stage == "foot":
        label = lines("May I", "go out?")
        partner = partner_of(view, view.seat)
        if view.asked and view.permission is not None and partner is not None:  # the answer, for the turn
            label = f"{table.seating.name(partner, rules.players)} said {'yes' if view.permission else 'no'}"
        buttons.append(button("ask", label, disabled=not play_phase or view.asked))
    if play_phase and table.can_end_turn():
        buttons.append(button("end-turn", "End turn", cls="primary"))
    if play_phase and table.can_undo():
        buttons.append(button("undo", "Undo", extra=' title="Take back this turn\'s melds"'))
    buttons.append(button("hint", "Hint", disabled=not mine))
    return f'<div class="actions" role="toolbar" aria-label="Your moves">{"".join(buttons)}</div>'


def dialog_region(view: View, table: Session, hint: str = "") -> str:
    """The partner's question "May I go out?", with the hint's advice on it once asked for (``hint``)."""
    if not (view.to_act == view.seat and view.phase == "answer") or table.question_closed or table.cut_off():
        return ""
    partner = table.seating.name(view.turn, view.rules.players)
    advice = f'<p class="ask-hint" role="status">{esc(hint)}</p>' if hint else ""
    return (
        '<div class="ask" role="dialog" aria-modal="true" aria-labelledby="ask-title" aria-describedby="ask-text">'
        f'<h2 id="ask-title">{esc(partner)} asks: “May I go out?”</h2>'
        '<p id="ask-text">Yes lets your partner go out this turn, which ends the round. '
        "No means they can't go out this turn.</p>"
        + advice
        + '<div class="row">'
        + button("answer", "Yes, go out", arg="yes", cls="primary")
        + button("answer", "No, not yet", arg="no")
        + button("question-aside", "Look at the table first", cls="small")
        + ("" if hint else button("hint", "Hint", cls="small"))
        + "</div></div>"
    )
