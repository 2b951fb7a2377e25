"""The board: the other seats, the stock and the pile, each side's melds as chips."""

from __future__ import annotations

from engine import cards as C
from engine import seats
from engine.checks import wild_top_takeable
from engine.melds import BOOK_SIZE
from engine.scoring import TeamTable, score
from engine.views import MeldView, SeatView, TeamView, View
from ui import sides
from ui.table.session import Session
from ui.widgets import button, card_row, esc, face_text, mini_card

STAGES = {"hand": "in hand", "knee": "in knee", "foot": "in foot"}


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


def seat_box(view: View, seat: SeatView, table: Session) -> str:
    turn = view.to_act == seat.seat
    role = seat_role(view, seat.seat)
    waiting = [w for w, n in (("knee", seat.knee_count), ("foot", seat.foot_count)) if n]
    rest = (" · " + " & ".join(waiting) + " waiting") if waiting else ""
    # The whole turn, and its main parts alone for a narrow board (the stylesheet shows one of them):
    # beside six seats' tags, a phone's row has room for one.
    parts = table.recent.seat_turn_parts(seat.seat, main=2 if view.rules.players <= 4 else 1)
    whole = " ".join(f"<span>{esc(text)}</span>" for text, _minor in parts)
    main = " ".join(f"<span>{esc(text)}</span>" for text, minor in parts if not minor)
    did = f'<span class="whole">{whole}</span><span class="main">{main}</span>' if parts else ""
    doing = ""
    if turn:
        doing = ", deciding whether you may go out" if view.phase == "answer" else ", playing now"
    name = table.seating.name(seat.seat, view.rules.players)  # a person's own name, else the compass point
    said = name if name.lower() == role else f"{name}, {role}"  # not "Opponent, opponent"
    # A guest whose phone is away: a computer plays the seat meanwhile, and the row says so.
    away = seat.seat in table.stood_in()
    stand_in = '<span class="away" aria-hidden="true">computer for now</span>' if away else ""
    standing = ", a computer plays for them for now" if away else ""
    label = f"{said}{standing}: {seat.hand_count} cards {STAGES[seat.stage]}{rest}{doing}"
    team = "us" if seat.team == view.my_team else "them"
    # Playing from the hand with sets waiting is where everyone starts; the knee or foot is news,
    # shown by the count it describes.
    where = "" if seat.stage == "hand" else f'<span class="where">{esc(seat.stage)}</span>'
    pos = (seat.seat - view.seat) % view.rules.players  # where round the table, from the seat shown
    return (
        f'<div class="seat {team} pos-{pos}{" active" if turn else ""}" role="group" aria-label="{esc(label)}">'
        f'<div class="seat-head"><strong data-short="{esc(short_name(seat.name))}">'
        f'<span>{esc(name)}</span></strong>{stand_in}{where}<b class="n">{seat.hand_count}</b></div>'
        f'<div class="counts"><span class="role {role}">{esc(role)}</span></div>'
        f'<div class="did">{did or "&nbsp;"}</div>'
        "</div>"
    )


def seats_region(view: View, table: Session) -> str:
    n = view.rules.players  # the others in turn order after the seat shown (pos-1 is the next to play)
    boxes = "".join(seat_box(view, view.seats[(view.seat + k) % n], table) for k in range(1, n))
    return f'<section class="seats seats-{view.rules.players}" aria-label="Other players">{boxes}</section>'


# ----- stock and pile ------------------------------------------------------------------


def pile_note(view: View, table: Session) -> str:
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


def center_region(view: View, table: Session, reduced_motion: bool = False) -> str:
    top = view.pile_top
    face = mini_card(top) if top is not None else '<span class="mini empty">empty</span>'
    note = pile_note(view, table)
    spoken = f"Discard pile: {C.name(top) if top is not None else 'empty'} on top, {note}"
    # The discard that landed is named (the round, the stock and pile sizes, its card): the page plays its landing
    # once, not again on each repaint of this row (``ui.browser.page.land_once``).
    land = f"{view.round_index}-{view.stock_count}-{len(view.pile)}-{top}"
    landed = f' landed" data-land="{land}' if table.recent.landed and not reduced_motion else ""
    toggle = ""
    if any(t.melds for t in view.teams):
        shown = bool(table.expanded)
        # Beside the pile, "Cards" read as the pile's cards: the button names the melds it opens.
        word = "Fold melds" if shown else "Show melds"
        toggle = button(
            "expand", word, arg="all", cls="small fold",
            extra=f' aria-expanded="{str(shown).lower()}" aria-label="{word}: '
            f'{"back to chips" if shown else "every meld card by card"}"',
        )
    return (
        '<div class="center">'
        f'<div class="stock" role="img" aria-label="Stock: {view.stock_count} cards">'
        f'<span class="back" aria-hidden="true"></span><span aria-hidden="true">Stock <b>{view.stock_count}</b></span>'
        "</div>"
        f'<div class="pile{" blocked" if pile_block(view) else ""}{landed}" role="img" aria-label="{esc(spoken)}">'
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
BOOK_TITLES = {"clean": "Clean book", "dirty": "Dirty book", "wild": "Wild book"}
"""What each mark means, for a pointer resting on it (the Rules page explains them too)."""


def meld_chip(view: View, meld: MeldView, team: int, table: Session, *, playable: bool, target: bool) -> str:
    """A meld as a compact chip: book kind, rank, count (a book's only past seven), wild cards, cards just added.

    The shown seat's own melds are buttons while it plays (tap one to add the selected cards; a finished book only
    when they may go on it); the rest are plain chips, shown card by card once the side is unfolded.
    """
    short, spoken = meld_words(view, meld)
    wilds = sum(1 for c in meld.cards if C.is_wild(c)) if meld.rank != C.WILD_RANK else 0
    fresh = table.recent.fresh.get((team, meld.index), 0)
    open_ = team in table.expanded
    visible: list[str] = []
    parts: list[str] = []
    if meld.is_book:
        mark = BOOK_MARKS.get(meld.kind, "")
        visible.append(mark)
        parts.append(f'<span class="c-kind" title="{BOOK_TITLES.get(meld.kind, "book")}">{mark}</span>')
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
    # A finished book takes a tap only where the selected cards may still go on it (``extras_on_books``): the
    # engine's targets say so, and an outlined book that couldn't be tapped left that house rule to the computers.
    if team == view.my_team and playable and (not meld.is_book or target):
        name = " ".join(visible) + f": {spoken}; tap to add the selected cards"
        chip = button("meld", " ".join(parts), arg=str(meld.index), cls=cls, extra=f' aria-label="{esc(name)}"')
    else:
        shown = f'<span aria-hidden="true">{" ".join(parts)}</span>'
        chip = f'<span class="{cls}">{shown}<span class="sr">{esc(spoken)}</span></span>'
    return f"<li>{chip}</li>"


def team_region(view: View, team: TeamView, table: Session, playable: bool, targets: set[int]) -> str:
    mine = team.team == view.my_team
    players = view.rules.players
    who = sides.short(players, team.team, view.seat)
    members = "" if seats.individual(players) else "+".join(team_names(view, team.team, short=True))
    ordered = sorted(team.melds, key=rank_order)
    chips = [meld_chip(view, m, team.team, table, playable=playable, target=m.index in targets) for m in ordered]
    reds = ""
    if team.red_threes:
        fresh = table.recent.fresh_reds.get(team.team, 0)
        reds = f'<span class="reds">{red_threes(team.red_threes, fresh)}</span>'
    need = f'<span class="need">First meld: {team.minimum}</span>' if team.minimum else ""
    run = ""
    if team.melds or team.red_threes:  # what this side's melds, books and red 3s count this round so far
        points = table_points(view, team)
        run = f'<span class="run" title="This round so far: melds, books and red 3s">{points:,} pts</span>'

    # The list scrolls in its box when the board runs short: without buttons in it, the keyboard
    # needs a stop of its own to scroll it.
    buttons = mine and playable and any(not m.is_book or m.index in targets for m in team.melds)
    stop = "" if buttons else ' tabindex="0"'
    body = f'<ul class="melds"{stop}>{"".join(chips)}</ul>' if chips else '<p class="none">No melds yet.</p>'
    label = sides.possessive(players, team.team, view.seat)
    # Three seats a side ('W+N+E') wrapped the heading on a phone: there the seat rows above already say who
    # is a partner and who an opponent, so a narrow screen leaves them out (table.css).
    crowd = ' class="three"' if members.count("+") >= 2 else ""
    return (
        f'<section class="team {"us" if mine else "them"}{" ending" if table.ending else ""}" '
        f'aria-label="{esc(label)} melds">'
        f'<h2><span class="who">{who}</span> <small{crowd}>{esc(members)}</small>{run}{need}{reds}</h2>'
        f"{body}{staged_preview(table) if mine else ''}</section>"
    )


RED_ROW_MAX = 2
"""The most red 3s a side's heading shows card by card: more are one card and a count ('3♥ ×4'), so that the
heading keeps to one line on a 360 px phone (four cards wrapped it, and under the welcome its second line could
fall below the board's edge)."""


def red_threes(cards: list[int] | tuple[int, ...], fresh: int = 0) -> str:
    """A side's red 3s: each card, or past RED_ROW_MAX the last one laid out and how many (marked just laid out
    when any of them was)."""
    if len(cards) <= RED_ROW_MAX:
        return f'<span class="sr">Red 3s:</span>{card_row(cards, fresh)}'
    names = ", ".join(C.name(c) for c in cards)
    return (
        f'<span class="sr">{len(cards)} red 3s: {esc(names)}</span>'
        f'<span aria-hidden="true">{card_row(cards[-1:], min(fresh, 1))}</span>'
        f'<span class="reds-n" aria-hidden="true">×{len(cards)}</span>'
    )


def table_points(view: View, team: TeamView) -> int:
    """What a side's melds, books and red 3s count this round so far (public: no card held is counted), as the
    round's scores will count them."""
    melds = tuple((m.rank, m.cards) for m in team.melds)
    return score(view.rules, TeamTable(melds=melds, red_threes=len(team.red_threes)), team.team).total


def staged_preview(table: Session) -> str:
    """The staged first melds where they will go, for a phone in landscape, whose dock folds the
    staged list away (shown only there; the list in the dock is the one to act on and to read)."""
    if not table.staged:
        return ""
    items = "".join(
        f'<li class="chip staged-chip">{card_row(s.cards)} <span class="pts">{table.value(s.cards)}</span></li>'
        for s in table.staged
    )
    return f'<div class="staged-preview" aria-hidden="true"><h3>Staged</h3><ul class="melds">{items}</ul></div>'
