"""What the room's screens say: the host's list of seats and invitations, a guest's joining and waiting.

Pure Python, HTML only.  Wherever an invitation or an answer is shown, a ``<div class="qr" data-qr=...>``
sits next to the link (the QR code's feature fills it), and where a player could scan one, a button
with ``data-scan-qr`` (that feature reads the code and hands the link on as an ``hf-link`` event).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.state import seat_names
from engine.table import RoundResult
from engine.views import View
from ui import sides
from ui.seating.model import MAX_NAME
from ui.table.scores import score_table
from ui.widgets import esc

NO_CONNECTION = (
    "No connection formed with {name}'s phone within a few seconds. Both need to be on the same Wi-Fi; "
    "some networks (guest Wi-Fi, many hotels and offices) keep devices apart, and then no link can form. "
    "You can play on this device instead: Menu → Play together passes it round."
)
NO_LINKS = (
    "This browser can't link phones: it has no WebRTC, the direct connection between browsers (Safari's "
    "Lockdown Mode turns it off, for one). You can play on this device instead: Menu → Play together passes it round."
)
NO_LINKS_GUEST = (
    "This browser can't join a table: it has no WebRTC, the direct connection between browsers (Safari's "
    "Lockdown Mode turns it off, for one). Open the invitation in another browser, or play on the host's device."
)
BAD_ANSWER = "That answer doesn't fit any invitation from this table: ask for the link again."
BAD_INVITATION = "This invitation can't be read. Ask the host for a new one."
USED_INVITATION = (
    "This invitation brought this phone to the table once already, and it can't reach its seat by itself now "
    "(the host's page may have been reloaded). Ask the host for a new invitation and open it here: you get "
    "your seat back."
)


def stale_answer(name: str) -> str:
    """An answer to an invitation the host no longer holds (made before its page reloaded, or replaced)."""
    return (
        f"That answer is to an earlier invitation to {name}'s seat, not the one this table holds now (the page "
        f"was reloaded, or a new invitation made since). Send {name} the invitation shown now, and take its answer."
    )
NOT_OURS = "That code isn't a link of this app."
GUEST_ACTS = frozenset({"sheet", "close", "why", "question-aside", "reopen-question"})
"""The taps a guest's page takes besides the table's own (no screen that would start or save a game)."""
AT_THE_HOST = "At the host's table"
"""What a guest's top bar says where the deal number goes (``ui.render.header``)."""
NO_WAY_BACK = (
    "Your seat couldn't be reached again by itself. Ask the host for a new invitation and open it here: "
    "you get your seat back (a computer plays it meanwhile)."
)


@dataclass
class SeatLink:
    """The host's side of one seat's link, as the room screen shows it."""

    invitation: str = ""  # the link to send (empty: none made)
    state: str = "none"  # 'none', 'invited', 'connecting', 'joined', 'lost'
    returning: bool = False  # lost, and their phone comes back by itself (the way back kept, ui/net.js)


@dataclass
class Room:
    """The host's room screen: open or not, each seat's link, and the last note."""

    open: bool = False
    links: dict[int, SeatLink] = field(default_factory=dict)
    note: str = ""

    def link(self, seat: int) -> SeatLink:
        return self.links.setdefault(seat, SeatLink())


RETURNING = "lost the link: their phone reconnects by itself when it is back on this Wi-Fi (no new invitation)"
STATE_WORDS = {
    "none": "a computer plays",
    "invited": "invited: waiting for the answer",
    "connecting": "connecting…",
    "joined": "on their own phone",
    "lost": "lost the link: waiting for them",
}


def _button(action: str, label: str, seat: int | None = None, extra: str = "") -> str:
    arg = f' data-seat="{seat}"' if seat is not None else ""
    return f'<button type="button" data-room="{action}"{arg}{extra}>{esc(label)}</button>'


def link_block(url: str, label: str) -> str:
    """A link to send, as text to copy, with its QR code next to it."""
    return (
        f'<div class="room-link"><label>{esc(label)}'
        f'<textarea readonly rows="3" class="room-url">{esc(url)}</textarea></label>'
        f'<div class="qr" data-qr="{esc(url)}"></div></div>'
    )


def room_panel(room: Room, names: list[str], host_seats: frozenset[int], away: set[int], linkable: bool = True) -> str:
    """The host's room: every seat not played on this device, its link and what to do next (``linkable``: this
    browser can make links at all; without WebRTC it says so and offers none)."""
    rows = []
    for seat, name in enumerate(names):
        if seat in host_seats:
            continue
        link = room.link(seat)
        state = STATE_WORDS[link.state]
        if link.state == "lost" and link.returning:
            state = RETURNING
        if seat in away and link.state != "none":
            state += "; a computer plays the seat meanwhile"
        body = ""
        if link.state in ("invited", "connecting", "lost") and link.invitation:
            body = link_block(link.invitation, f"Invitation for {name}: send it, or let them scan it") + (
                f'<label>Their answer<textarea rows="2" class="room-answer" data-seat="{seat}"></textarea></label>'
                + _button("answer", "Take the answer", seat)
                + '<button type="button" data-scan-qr>Scan their answer</button>'
            )
        buttons = _button("invite", "New invitation" if link.invitation else "Invite a phone", seat) if linkable else ""
        if link.state == "lost" and seat not in away:
            buttons += _button("computer", "Let a computer play", seat)
        rows.append(
            f'<li class="room-seat" data-seat="{seat}"><h3>{esc(name)}</h3>'
            f'<p class="room-state">{esc(state)}</p>{body}<div class="room-buttons">{buttons}</div></li>'
        )
    said = room.note if linkable else NO_LINKS
    note = f'<p class="note error" role="alert">{esc(said)}</p>' if said else ""
    scan = (
        "<p>Joining someone else's table instead? "
        '<button type="button" data-scan-qr>Scan their invitation</button></p>'
    )
    return (
        '<section class="room" role="dialog" aria-modal="true" aria-labelledby="room-title">'
        '<h2 id="room-title">Phones in the room</h2>'
        "<p>Each seat can play on its own phone on this Wi-Fi (no internet needed). Send the invitation; "
        "the guest opens it and sends back an answer, which you paste here or open on this phone.</p>"
        f'{note}<ul class="room-seats">{"".join(rows)}</ul>'
        + (scan if linkable else "")
        + _button("close", "Close")
        + "</section>"
    )


def guest_joining(answer: str, problem: str = "", returning: bool = False) -> str:
    """A guest's screen before the table: the answer to send back, getting back to its seat, or what went wrong."""
    if problem:
        return (
            f'<section class="room guest" role="alert"><h2>Joining a table</h2><p>{esc(problem)}</p>'
            '<p><a class="room-away" href="./">Play on this phone instead</a></p></section>'
        )
    if returning:
        return (
            '<section class="room guest" role="status"><h2>Back to your seat</h2>'
            "<p>Reconnecting to the host's table…</p></section>"
        )
    if not answer:
        return '<section class="room guest" role="status"><h2>Joining a table</h2><p>Making your answer…</p></section>'
    return (
        '<section class="room guest"><h2>Joining a table</h2>'
        "<p>Send this answer back to the host (or let them scan it). The table appears here once they take it.</p>"
        + link_block(answer, "Your answer")
        + f'<label>Your name, for the table (optional)<input class="guest-name" maxlength="{MAX_NAME}" '
        'autocomplete="nickname" spellcheck="false"></label>'
        + '<p class="room-state" role="status">Waiting for the host…</p></section>'
    )


def guest_lost(trying: bool = False) -> str:
    """The guest's note when its link to the host is gone: being mended by itself, or needing a new invitation."""
    if trying:
        return '<p class="note" role="status">The link to the host dropped: reconnecting…</p>'
    return (
        '<p class="note error" role="alert">The link to the host was lost. Ask the host for a new invitation '
        "and open it here: you get your seat back (a computer plays it meanwhile).</p>"
    )


def guest_between_rounds(
    view: View, names: tuple[str, ...], lines: tuple[str, ...], result: RoundResult | None = None
) -> str:
    """A guest's screen between rounds: how the round ended, each side's score line by line (when the host sent
    it: ``wire.Result``), the totals, and who deals next.  Every side is named by its people, the guest's first."""
    n = view.rules.players
    shown = sides.order(n, view.seat)

    def side(team: int) -> str:
        return " and ".join(names[s.seat] for s in view.seats if s.team == team)

    teams = "".join(f"<li>{esc(side(t))}: {view.teams[t].total:,}</li>" for t in shown)
    last = "".join(f"<li>{esc(line)}</li>" for line in lines[-3:])
    over = "The game is over." if view.phase == "game_over" else "The round is over: the host deals the next one."
    scores = ""
    if result is not None:
        if result.went_out is None:
            how = "The stock ran out, so nobody went out."
        elif result.went_out == view.seat:
            how = "You went out."
        else:
            how = f"{names[result.went_out]} went out."
        glance = " · ".join(f"<b>{esc(side(t))} {result.scores[t].total:+,}</b>" for t in shown)
        tables = "".join(
            score_table(side(t), result.scores[t], view.teams[t].total, seat_names(n)[view.seat], names)
            for t in shown
        )
        scores = (
            f'<p class="recap">{esc(how)}</p><p class="glance">This round: {glance}</p>'
            f'<div class="scores">{tables}</div>'
        )
    return (
        f'<section class="room guest" role="status"><h2>{esc(over)}</h2>{scores}'
        f'<ul class="moves">{last}</ul><h3>Totals</h3><ul>{teams}</ul></section>'
    )
