"""The table as HTML, region by region: the controller's state in, strings out.

Pure Python. Every piece of dynamic text goes through ``esc``; every control is a real
``<button>`` with a ``data-act`` the entry module dispatches on. Cards are buttons named by
their printed text and then in words ("4♥, four of hearts").

A screen is a fixed layout of regions (``layout``), each an element with an id whose content
``regions`` makes. ``ui/main.py`` writes the whole layout when the screen changes and, after
that, only the regions whose HTML changed, so an open panel, the focus and the scroll position
in the rest of the page survive a computer's move.
"""

from __future__ import annotations

from engine import cards as C
from engine import seats
from engine.melds import BOOK_SIZE
from engine.plans import must_ask, wild_top_takeable
from engine.views import MeldView, SeatView, TeamView, View
from ui import sides
from ui.app import App as Controller
from ui.games.screen import games_screen
from ui.pad.screen import pad_screen
from ui.rules.screen import rules_screen
from ui.settings.screen import settings_screen
from ui.stats.screen import stats_screen
from ui.table.moves import Line
from ui.table.narrate import count
from ui.table.scores import game_over_panel, hands_screen, round_over_panel
from ui.watch.screen import watch_screen
from ui.widgets import button, card_button, card_row, esc, face_text, mini_card

STAGES = {"hand": "in hand", "knee": "in knee", "foot": "in foot"}
SHORTCUTS = (
    ("D", "draw", "Draw"),
    ("P", "pickup", "Pick up pile"),
    ("M", "new-meld", "New meld with the selected cards"),
    ("L", "lay-down", "Lay down the staged melds"),
    ("X", "discard", "Discard the selected card"),
    ("A", "ask", "May I go out?"),
    ("E", "end-turn", "End turn"),
    ("H", "hint", "Hint"),
    ("C", "clear", "Clear selection"),
    ("U", "undo", "Undo this turn's melds"),
    ("N", "next-round", "Next round"),
)
"""Keyboard shortcuts: (key, the button's data-act, what it does). ``ui/main.py`` reads this."""

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
    ("", (("r-sheet", "div", "r-sheet"), ("r-dialog", "div", "r-dialog"))),
)
GROUP_ATTRS = {"board": ' role="region" aria-label="The table" tabindex="0"'}
"""The board scrolls by itself when the melds overflow it, so the keyboard can reach and scroll it."""
PAGE_LAYOUT: tuple[tuple[str, tuple[REGION, ...]], ...] = (
    ("", (("r-top", "header", "top"),)),
    ("page-body", (("r-main", "div", "r-main"),)),
    ("", (("r-sheet", "div", "r-sheet"),)),
)


# ----- seats -----------------------------------------------------------------------


def partner_of(view: View, seat: int) -> int | None:
    """The teammate who answers ``seat``'s "May I go out?": the next one in turn order (None alone)."""
    return seats.partner(seat, view.rules.players)


def short_name(name: str) -> str:
    """A seat's name as a compass point: 'S', 'NW'."""
    return name[0] + ("W" if name.endswith("west") else "E" if name.endswith("east") else "")


def team_names(view: View, team: int, short: bool = False) -> list[str]:
    """The seat names of a team in turn order ('S', 'NW', ... when short)."""
    out = [s.name for s in view.seats if s.team == team]
    return [short_name(name) for name in out] if short else out


def seat_role(view: View, seat: int) -> str:
    """'you', 'partner' (every teammate) or 'opponent'."""
    if seat == view.seat:
        return "you"
    return "partner" if view.seats[seat].team == view.my_team else "opponent"


def seat_box(view: View, seat: SeatView, ctrl: Controller) -> str:
    turn = view.to_act == seat.seat
    role = seat_role(view, seat.seat)
    waiting = [w for w, n in (("knee", seat.knee_count), ("foot", seat.foot_count)) if n]
    rest = (" · " + " & ".join(waiting) + " waiting") if waiting else ""
    # The whole turn, and its main parts alone for a narrow board (the stylesheet shows one of them):
    # beside six seats' tags, a phone's row has room for one.
    parts = ctrl.seat_turn_parts(seat.seat, main=2 if view.rules.players <= 4 else 1)
    whole = " ".join(f"<span>{esc(text)}</span>" for text, _minor in parts)
    main = " ".join(f"<span>{esc(text)}</span>" for text, minor in parts if not minor)
    did = f'<span class="whole">{whole}</span><span class="main">{main}</span>' if parts else ""
    doing = ""
    if turn:
        doing = ", deciding whether you may go out" if view.phase == "answer" else ", playing now"
    label = f"{seat.name}, {role}: {seat.hand_count} cards {STAGES[seat.stage]}{rest}{doing}"
    team = "us" if seat.team == view.my_team else "them"
    # Playing from the hand with sets waiting is where everyone starts; the knee or foot is news,
    # shown by the count it describes.
    where = "" if seat.stage == "hand" else f'<span class="where">{esc(seat.stage)}</span>'
    pos = (seat.seat - view.seat) % view.rules.players  # where round the table, from the seat shown
    return (
        f'<div class="seat {team} pos-{pos}{" active" if turn else ""}" role="group" aria-label="{esc(label)}">'
        f'<div class="seat-head"><strong data-short="{esc(short_name(seat.name))}">'
        f'<span>{esc(seat.name)}</span></strong>{where}<b class="n">{seat.hand_count}</b></div>'
        f'<div class="counts"><span class="role {role}">{esc(role)}</span></div>'
        f'<div class="did">{did or "&nbsp;"}</div>'
        "</div>"
    )


def seats_region(view: View, ctrl: Controller) -> str:
    n = view.rules.players  # the others in turn order after the seat shown (pos-1 is the next to play)
    boxes = "".join(seat_box(view, view.seats[(view.seat + k) % n], ctrl) for k in range(1, n))
    return f'<section class="seats seats-{view.rules.players}" aria-label="Other players">{boxes}</section>'


# ----- stock and pile ------------------------------------------------------------------


def pile_note(view: View, ctrl: Controller) -> str:
    """The pile's count, or why it can't be taken."""
    if view.rules.pickup == "none":
        return f"{len(view.pile)} · never taken"
    problem = pile_block(view)
    if problem:
        return f"{len(view.pile)} · {problem}"
    n = len(view.pile)  # in figures, as the stock's count and the blocked pile's are
    return "no cards" if n == 0 else "1 card" if n == 1 else f"{n} cards"


def pile_block(view: View) -> str:
    """A short reason the pile is closed to everyone this turn (black 3 or wild on top), or ''."""
    top = view.pile_top
    if top is None:
        return ""
    if view.pile_blocked:
        return "blocked by a black 3"
    if C.is_wild(top) and not wild_top_takeable(view.rules):
        return "frozen: a wild card on top"
    return ""


def center_region(view: View, ctrl: Controller) -> str:
    top = view.pile_top
    face = mini_card(top) if top is not None else '<span class="mini empty">empty</span>'
    note = pile_note(view, ctrl)
    spoken = f"Discard pile: {C.name(top) if top is not None else 'empty'} on top, {note}"
    landed = " landed" if ctrl.landed and not ctrl.settings.reduced_motion else ""
    toggle = ""
    if any(t.melds for t in view.teams):
        shown = bool(ctrl.expanded)
        word = "Fold" if shown else "Cards"
        toggle = button(
            "expand", word, arg="all", cls="small fold",
            extra=f' aria-expanded="{str(shown).lower()}" aria-label="{word}: '
            f'{"fold the melds back to chips" if shown else "show every meld card by card"}"',
        )
    return (
        '<div class="center">'
        f'<div class="stock" role="img" aria-label="Stock: {view.stock_count} cards">'
        f'<span class="back" aria-hidden="true"></span><span aria-hidden="true">Stock <b>{view.stock_count}</b></span>'
        "</div>"
        f'<div class="pile{landed}{" blocked" if pile_block(view) else ""}" role="img" aria-label="{esc(spoken)}">'
        f'<span class="pile-face" aria-hidden="true">{face}</span>'
        f'<span class="pile-note" aria-hidden="true">Pile: {esc(note)}</span></div>'
        f"{toggle}</div>"
    )


# ----- melds -----------------------------------------------------------------------------


def rank_order(meld: MeldView) -> tuple[int, int]:
    """Melds in rank order, low to high, the wild meld last."""
    return (1 if meld.rank == C.WILD_RANK else 0, meld.rank)


def meld_words(view: View, meld: MeldView) -> tuple[str, str]:
    """(short rank text, spoken description) of a meld or book."""
    rook = view.rules.deck == "rook"
    wilds = sum(1 for c in meld.cards if C.is_wild(c))
    if meld.rank == C.WILD_RANK:
        short, words = "Wild", "wild cards"
    elif rook:
        short, words = str(meld.rank), f"{meld.rank}s"
    else:
        short, words = C.label(C.make(meld.rank, 0))[:-1], C.rank_name(meld.rank, plural=True)
    if meld.is_book:
        kind = meld.kind if not (meld.rank in dict(view.rules.rank_books) and meld.kind == "clean") else "special"
        return short, f"{kind if kind != 'special' else ''} book of {words}, {len(meld.cards)} cards".strip()
    extra = f", {wilds} wild" if wilds and meld.rank != C.WILD_RANK else ""
    return short, f"meld of {words}, {len(meld.cards)} cards{extra}"


BOOK_MARKS = {"clean": "★", "dirty": "◐", "wild": "✦"}


def meld_chip(view: View, meld: MeldView, team: int, ctrl: Controller, *, playable: bool, target: bool) -> str:
    """A meld as a compact chip: book kind, rank, count (a book's only past seven), wild cards, cards just added.

    South's own melds are buttons while South plays (tap one to add the selected cards); the rest
    are plain chips, shown card by card once the side is unfolded.
    """
    short, spoken = meld_words(view, meld)
    wilds = sum(1 for c in meld.cards if C.is_wild(c)) if meld.rank != C.WILD_RANK else 0
    fresh = ctrl.fresh.get((team, meld.index), 0)
    open_ = team in ctrl.expanded
    visible: list[str] = []
    parts: list[str] = []
    if meld.is_book:
        mark = BOOK_MARKS.get(meld.kind, "")
        visible.append(mark)
        parts.append(f'<span class="c-kind">{mark}</span>')
    visible.append(short)
    parts.append(f'<span class="c-rank">{esc(short)}</span>')
    if not meld.is_book or len(meld.cards) != BOOK_SIZE:
        visible.append(str(len(meld.cards)))
        parts.append(f'<span class="c-count">{len(meld.cards)}</span>')
    if wilds:
        visible.append(f"{wilds}w")
        parts.append(f'<span class="c-wild">{wilds}w</span>')
    if fresh:
        visible.append(f"+{fresh}")
        parts.append(f'<span class="c-fresh">+{fresh}</span>')
        spoken += f", {fresh} just played"
    # The cards themselves: shown when the side is unfolded, and always where the screen has room.
    visible.append(" ".join(face_text(c) for c in meld.cards))
    parts.append(card_row(meld.cards, fresh))
    cls = "chip" + (f" book {meld.kind}" if meld.is_book else "") + (" fresh" if fresh else "")
    cls += (" target" if target else "") + (" open" if open_ else "")
    if team == view.my_team and playable and not meld.is_book:
        name = " ".join(visible) + f": {spoken}; tap to add the selected cards"
        chip = button("meld", " ".join(parts), arg=str(meld.index), cls=cls, extra=f' aria-label="{esc(name)}"')
    else:
        shown = f'<span aria-hidden="true">{" ".join(parts)}</span>'
        chip = f'<span class="{cls}">{shown}<span class="sr">{esc(spoken)}</span></span>'
    return f"<li>{chip}</li>"


def team_region(view: View, team: TeamView, ctrl: Controller, playable: bool, targets: set[int]) -> str:
    mine = team.team == view.my_team
    players = view.rules.players
    who = sides.short(players, team.team, view.seat)
    members = "" if seats.individual(players) else "+".join(team_names(view, team.team, short=True))
    ordered = sorted(team.melds, key=rank_order)
    chips = [meld_chip(view, m, team.team, ctrl, playable=playable, target=m.index in targets) for m in ordered]
    reds = ""
    if team.red_threes:
        fresh = ctrl.fresh_reds.get(team.team, 0)
        reds = f'<span class="reds"><span class="sr">Red 3s:</span>{card_row(team.red_threes, fresh)}</span>'
    need = f'<span class="need">First meld: {team.minimum}</span>' if team.minimum else ""
    # The list scrolls in its box when the board runs short: without buttons in it, the keyboard
    # needs a stop of its own to scroll it.
    buttons = mine and playable and any(not m.is_book for m in team.melds)
    stop = "" if buttons else ' tabindex="0"'
    body = f'<ul class="melds"{stop}>{"".join(chips)}</ul>' if chips else '<p class="none">No melds yet.</p>'
    label = sides.possessive(players, team.team, view.seat)
    return (
        f'<section class="team {"us" if mine else "them"}" aria-label="{esc(label)} melds">'
        f'<h2><span class="who">{who}</span> <small>{esc(members)}</small>{need}{reds}</h2>'
        f"{body}{staged_preview(ctrl) if mine else ''}</section>"
    )


def staged_preview(ctrl: Controller) -> str:
    """The staged first melds where they will go, for a phone in landscape, whose dock folds the
    staged list away (shown only there; the list in the dock is the one to act on and to read)."""
    if not ctrl.staged:
        return ""
    items = "".join(
        f'<li class="chip staged-chip">{card_row(s.cards)} <span class="pts">{ctrl_value(ctrl, s.cards)}</span></li>'
        for s in ctrl.staged
    )
    return f'<div class="staged-preview" aria-hidden="true"><h3>Staged</h3><ul class="melds">{items}</ul></div>'


# ----- the dock: the latest move, the prompt, the hand, the buttons ----------------------------


def latest_line(ctrl: Controller) -> Line | None:
    return ctrl.lines[-1] if ctrl.lines else None


def live_text(ctrl: Controller) -> str:
    """What the status line says (and a screen reader announces): the latest move."""
    line = latest_line(ctrl)
    return line.text if line else "New round: nobody has moved yet."


def status_tools(ctrl: Controller) -> str:
    line = latest_line(ctrl)
    out = []
    if line is not None and line.reason and line.seat not in ctrl.humans:
        out.append(
            button(
                "why", "Why?", arg=str(line.number), cls="small",
                extra=f' aria-expanded="{str(ctrl.why == line.number).lower()}"',
            )
        )
    out.append(button("sheet", "Moves", arg="moves", cls="small"))
    return "".join(out)


def why_region(ctrl: Controller) -> str:
    line = ctrl.why_line()
    if line is None:
        return ""
    return (
        '<section class="why-panel" aria-labelledby="why-title">'
        f'<h2 id="why-title">Why? {esc(line.text)}</h2><p>{esc(line.reason)}</p>'
        + button("close", "Close", arg="why", cls="small")
        + "</section>"
    )


def banner_text(view: View, ctrl: Controller) -> tuple[str, str]:
    """(prompt, class) for the line that says whose turn it is and what to do."""
    rules = view.rules
    if view.phase in ("round_over", "game_over"):
        return f"Round {view.round_index + 1} is over.", "over"
    if view.to_act == view.seat and view.phase == "answer":
        return f"{view.seats[view.turn].name} asks: “May I go out?”", "mine"
    if view.to_act == view.seat and view.phase == "draw":
        draw = "draw a card" if rules.draw == 1 else f"draw {count(rules.draw, 'card')}"
        problem = ctrl.pickup_problem()
        if rules.pickup == "none" or not view.pile:
            return f"Your turn: {draw}.", "mine"
        if problem:
            return f"Your turn: {draw}.|{problem}", "mine"
        return f"Your turn: {draw} or pick up the pile.", "mine"
    if view.to_act == view.seat:
        answer = ""
        mate = partner_of(view, view.seat)
        if view.asked and view.permission is not None and mate is not None:
            partner = view.seats[mate].name
            answer = (
                f"{partner} said yes: go out this turn if you can. "
                if view.permission
                else f"{partner} said no: you can't go out this turn. "
            )
        if view.picked_up and rules.pickup_ends_turn:
            return answer + "Your turn: meld if you like, then press End turn.", "mine"
        return answer + "Your turn: meld if you can, then discard one card.", "mine"
    seat = view.seats[view.to_act or 0]
    doing = "is deciding whether you may go out" if view.phase == "answer" else "is playing"
    return f"{seat.name} {doing}…", "theirs"


def banner(view: View, ctrl: Controller) -> str:
    text, cls = banner_text(view, ctrl)
    reopen = ""
    if cls == "mine" and view.phase == "answer" and ctrl.question_closed:
        reopen = button("reopen-question", "Answer", cls="small primary")
    arrow = '<span aria-hidden="true">▶ </span>' if cls == "mine" else ""
    text, _, aside = text.partition("|")  # an aside goes on a line of its own, in smaller type
    small = f" <small>{esc(aside)}</small>" if aside else ""
    return f'<div class="banner {cls}"><p>{arrow}{esc(text)}{small}</p>{reopen}</div>'


def note_box(ctrl: Controller) -> str:
    note = ctrl.note
    parts = []
    if ctrl.storage_warning:
        parts.append(f'<div class="note error storage" role="alert"><p>{esc(ctrl.storage_warning)}</p></div>')
    if note is not None:
        # Errors are alerts; every other note answers the tap just made, in view (the status line
        # is the one live region, so moves and notes don't talk over each other).
        role = ' role="alert"' if note.kind == "error" else ""
        play = button("play-hint", "Play it", cls="small primary") if note.kind == "hint" and ctrl.hint_action else ""
        parts.append(
            f'<div class="note {esc(note.kind)}"{role}><p>{esc(note.text)}</p>'
            + play
            + button("dismiss", "OK", cls="small")
            + "</div>"
        )
    if ctrl.share_url:
        parts.append(
            '<div class="note share"><label for="share-link">Link to this deal</label>'
            f'<input id="share-link" readonly value="{esc(ctrl.share_url)}">'
            + button("dismiss", "Done", cls="small")
            + "</div>"
        )
    return "".join(parts)


def pile_row(ctrl: Controller) -> str:
    """The cards under the pile's top that a first meld made with the pickup may use (000), to select."""
    preview = ctrl.pile_preview()
    free = ctrl.pile_free()
    if not free:
        return ""
    cards = "".join(
        card_button(preview[i], i, pressed=i in ctrl.pile_selected, meldable=False, act="pile-card") for i in free
    )
    return (
        '<div class="from-pile"><h3>Under the top card:</h3>'
        f'<div class="pile-cards" role="group" aria-label="Cards under the top of the pile">{cards}</div>'
        "</div>"
    )


def staging_region(view: View, ctrl: Controller) -> str:
    minimum = ctrl.minimum()
    pile = pile_row(ctrl)
    if not ctrl.staged and not pile and not (minimum and view.to_act == view.seat and view.phase == "play"):
        return ""  # before the draw the team's badge shows the minimum; the box comes with the first staged meld
    total = ctrl.staged_total()
    enough = total >= minimum
    items = "".join(
        '<li class="staged">'
        + button(
            "staged",
            card_row(s.cards) + f' <span class="pts">{ctrl_value(ctrl, s.cards)} pts</span>',
            arg=str(i),
            cls="staged-meld",
            extra=f' aria-label="{esc(card_names(s.cards))} {ctrl_value(ctrl, s.cards)} pts: staged meld {i + 1}; '
            'tap to add the selected cards"',
        )
        + button("unstage", "Take back", arg=str(i), cls="small")
        + "</li>"
        for i, s in enumerate(ctrl.staged)
    )
    tip = "Select cards and press New meld to stage them; lay them down together."
    if ctrl.staged:
        tip = ""
    if view.phase == "draw" and view.rules.pickup != "none":
        tip = "Stage melds, then Pick up pile to open with it (the top card and your pair count), or draw first."
        if pile:
            tip = "Stage melds from your hand and from under the top card, then Pick up pile; or draw."
    controls = ""
    if ctrl.staged:
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


def ctrl_value(ctrl: Controller, cards: tuple[int, ...]) -> int:
    values = ctrl.game.rules.card_values
    return sum(values[C.rank(c)] for c in cards)


HAND_CROWDED = 14
"""Past this many cards the hand's cards overlap on a phone, so more fit in each row."""
HAND_PACKED = 26
"""Past this many they overlap on every screen."""


def hand_region(view: View, ctrl: Controller) -> str:
    hand = ctrl.shown_hand()
    meldable = ctrl.meldable()
    cards = "".join(card_button(c, i, pressed=i in ctrl.selected, meldable=c in meldable) for i, c in enumerate(hand))
    me = view.me
    waiting = [w for w, n in (("knee", me.knee_count), ("foot", me.foot_count)) if n]
    where = " · " + " & ".join(waiting) + " waiting" if waiting else ""
    chosen = len(ctrl.selected)
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
    return (
        f'<section class="you{active}{crowded}" aria-label="Your hand">'
        f'<h2><span>Your {me.stage} <b>{len(hand)}</b>{esc(where)}</span><span class="side">{side}</span></h2>'
        f'<div class="hand" role="group" aria-label="Your cards">{cards}</div></section>'
    )


def actions_region(view: View, ctrl: Controller) -> str:
    mine = view.to_act == view.seat and view.phase in ("draw", "play")
    draw_phase = mine and view.phase == "draw"
    play_phase = mine and view.phase == "play"
    rules = view.rules
    buttons = [button("draw", "Draw", cls="primary" if draw_phase else "", disabled=not draw_phase)]
    if rules.pickup != "none" and not play_phase:  # once drawn, the pile waits for the next turn
        problem = ctrl.pickup_problem()
        extra = f' title="{esc(problem)}"' if problem else ""
        buttons.append(button("pickup", "Pick up pile", disabled=not draw_phase or bool(problem), extra=extra))
    buttons += [
        button("new-meld", "New meld", disabled=not mine or not (ctrl.selected or ctrl.pile_selected)),
        button("discard", "Discard", cls="primary" if play_phase and len(ctrl.selected) == 1 else "",
               disabled=not play_phase),
    ]
    if must_ask(rules) and view.me.stage == "foot":
        buttons.append(button("ask", "May I go out?", disabled=not play_phase or view.asked))
    if play_phase and ctrl.can_end_turn():
        buttons.append(button("end-turn", "End turn", cls="primary"))
    if play_phase and ctrl.can_undo():
        buttons.append(button("undo", "Undo", extra=' title="Take back this turn\'s melds"'))
    buttons.append(button("hint", "Hint", disabled=not mine))
    return f'<div class="actions" role="toolbar" aria-label="Your moves">{"".join(buttons)}</div>'


def dialog_region(view: View, ctrl: Controller) -> str:
    if not (view.to_act == view.seat and view.phase == "answer") or ctrl.question_closed:
        return ""
    partner = view.seats[view.turn].name
    return (
        '<div class="ask" role="dialog" aria-modal="true" aria-labelledby="ask-title" aria-describedby="ask-text">'
        f'<h2 id="ask-title">{esc(partner)} asks: “May I go out?”</h2>'
        '<p id="ask-text">Yes lets your partner go out this turn, which ends the round. '
        "No means they can't go out this turn. Escape puts the question aside.</p>"
        '<div class="row">'
        + button("answer", "Yes, go out", arg="yes", cls="primary")
        + button("answer", "No, not yet", arg="no")
        + "</div></div>"
    )


# ----- panels over the table: the menu, the moves, the keyboard help -----------------


def moves_list(ctrl: Controller) -> str:
    if not ctrl.lines:
        return "<p>No moves yet this round.</p>"
    items = []
    for line in reversed(ctrl.lines):
        why = ""
        if line.reason:
            shown = ctrl.why == line.number
            expanded = f' aria-expanded="{str(shown).lower()}"'
            why = button("why", "Why?", arg=str(line.number), cls="small", extra=expanded)
            if shown:
                why += f'<p class="reason">{esc(line.reason)}</p>'
        items.append(f"<li><p>{esc(line.text)}</p>{why}</li>")
    return f'<ol class="moves">{"".join(items)}</ol>'


MENU_SCREENS = (
    ("Table", "table"), ("Games", "games"), ("Score pad", "pad"), ("Statistics", "stats"),
    ("Settings", "settings"), ("Rules", "rules"),
)


def menu_buttons(ctrl: Controller) -> str:
    return (
        "".join(
            button("screen", label, arg=arg, extra=' aria-current="page"' if ctrl.screen == arg else "")
            for label, arg in MENU_SCREENS
        )
        + button("share", "Share")
    )


def sheet_region(ctrl: Controller) -> str:
    if ctrl.sheet is None:
        return ""
    if ctrl.sheet == "menu":
        title, body = "Menu", (
            '<div class="menu-list">'
            + menu_buttons(ctrl)
            + button("sheet", "Recent moves", arg="moves")
            + button("sheet", "Keyboard keys", arg="help")
            + "</div>"
        )
    elif ctrl.sheet == "moves":
        title, body = "Recent moves", moves_list(ctrl)
    else:
        keys = "".join(f"<li><kbd>{key}</kbd> {esc(what)}</li>" for key, _act, what in SHORTCUTS)
        title, body = "Keyboard keys", (
            f'<ul class="keys">{keys}<li><kbd>←</kbd> <kbd>→</kbd> move between cards, '
            "<kbd>Space</kbd> selects</li><li><kbd>Esc</kbd> closes a panel or a question</li></ul>"
        )
    return (
        f'<section class="sheet" role="dialog" aria-modal="false" aria-labelledby="sheet-title">'
        f'<div class="sheet-head"><h2 id="sheet-title">{esc(title)}</h2>'
        + button("close", "Close", arg="sheet", cls="small")
        + f"</div>{body}</section>"
    )


# ----- the header and the screens -------------------------------------------------------


def header(ctrl: Controller) -> str:
    view = ctrl.view()
    rules = view.rules
    rounds = f"/{rules.rounds}" if rules.rounds and not rules.target_score else ""
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
        f'<p class="meta"><span>Deal <b class="deal-number">{view.deal_number}</b></span>'
        f'<span>Round {view.round_index + 1}{rounds}</span><span class="rules-name">{esc(rules.name)}</span></p>'
        '<p class="scoreboard" aria-label="Game totals">'
        + "".join(
            f'<span class="{"us" if t == view.my_team else "them"}">{esc(sides.short(rules.players, t, view.seat))} '
            f"<b>{view.teams[t].total:,}</b></span>"
            for t in sides.order(rules.players, view.seat)
        )
        + "</p>"
        f'<nav class="menu" aria-label="Menu">{menu_buttons(ctrl)}</nav>'
        + button("sheet", "Menu", arg="menu", cls="menu-toggle", extra=f' aria-expanded="{expanded}"')
        + update
    )


def screen_key(ctrl: Controller) -> str:
    """Which layout the app shows now: 'table' (play), 'page' (every other screen) or 'elsewhere'."""
    if ctrl.elsewhere:
        return "elsewhere"
    if ctrl.screen == "table" and ctrl.game.phase not in ("round_over", "game_over"):
        return "table"
    return "page"


def settings_page(ctrl: Controller) -> str:
    """The Settings screen from the app's settings and the game on the table."""
    return settings_screen(ctrl.settings, ctrl.house_open, ctrl.game)


def page_main(ctrl: Controller) -> str:
    if ctrl.screen == "settings":
        return note_box(ctrl) + settings_page(ctrl)
    if ctrl.screen == "rules":
        return rules_screen(ctrl.rules_tab, ctrl.game.rules)
    if ctrl.screen == "hands":
        return hands_screen(ctrl.game, ctrl.seat)
    if ctrl.screen == "games":
        return note_box(ctrl) + games_screen(
            ctrl.game, ctrl.kept, ctrl.confirm_delete, ctrl.kept_copies, ctrl.challenges
        )
    if ctrl.screen == "pad":
        return pad_screen(ctrl.pads, ctrl.settings, note_box(ctrl))
    if ctrl.screen == "watch" and ctrl.watch is not None:
        return watch_screen(ctrl.watch, note_box(ctrl))
    if ctrl.screen == "stats":
        return stats_screen(ctrl.finished)
    view = ctrl.view()
    if view.phase == "game_over":
        panel = game_over_panel(ctrl.game, ctrl.seat, ctrl.current_challenge())
    else:
        panel = round_over_panel(ctrl.game, ctrl.seat)
    return note_box(ctrl) + panel


def regions(ctrl: Controller) -> dict[str, str]:
    """The content of every region of the current layout, by region id."""
    key = screen_key(ctrl)
    if key == "elsewhere":
        return {"r-main": elsewhere_panel()}
    if key == "page":
        return {"r-top": header(ctrl), "r-main": page_main(ctrl), "r-sheet": sheet_region(ctrl)}
    view = ctrl.view()
    playable = view.to_act == view.seat and view.phase == "play"
    targets = ctrl.targets()
    return {
        "r-top": header(ctrl),
        "r-seats": seats_region(view, ctrl),
        "r-center": center_region(view, ctrl),
        "r-them": "".join(
            team_region(view, view.teams[t], ctrl, False, set()) for t in sides.order(view.rules.players, view.seat)[1:]
        ),
        "r-us": team_region(view, view.teams[view.my_team], ctrl, playable, targets),
        "r-why": why_region(ctrl),
        "r-status": (
            f'<p class="live" id="live" role="status" aria-live="polite">{esc(live_text(ctrl))}</p>'
            f'<div class="tools">{status_tools(ctrl)}</div>'
        ),
        "r-prompt": banner(view, ctrl) + note_box(ctrl),
        "r-staging": staging_region(view, ctrl),
        "r-hand": hand_region(view, ctrl),
        "r-actions": actions_region(view, ctrl),
        "r-sheet": sheet_region(ctrl),
        "r-dialog": dialog_region(view, ctrl),
    }


def layout(key: str) -> tuple[tuple[str, tuple[REGION, ...]], ...]:
    if key == "table":
        return TABLE_LAYOUT
    if key == "elsewhere":
        return (("", (("r-main", "div", "r-main"),)),)
    return PAGE_LAYOUT


def assemble(key: str, parts: dict[str, str]) -> str:
    """The whole layout with every region filled."""
    out = []
    for group, items in layout(key):
        inner = "".join(f'<{tag} id="{rid}" class="{cls}">{parts.get(rid, "")}</{tag}>' for rid, tag, cls in items)
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
