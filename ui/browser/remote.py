"""Phones in the room, in the browser: the host's links to its guests, and a guest's page.

The links themselves are ``ui/net.js`` (WebRTC data channels, no server); it reports on window as
"hf-net" events ({kind, seat, text}).  The host side (``RoomLink``) hands what arrives to
``ui.remote.host.Host`` and sends what it returns; after every paint of the table it sends each
guest its new view.  A guest's page (``start_guest``, for an address with ``#join=``) holds no game
and touches no storage: it shows the table of today from the view the host sends
(``ui.remote.shadow``), and sends its taps' moves.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any

from pyodide.ffi import create_proxy, to_js
from pyscript import document, window

from ui.remote import screen, wire
from ui.remote.guest import Guest
from ui.remote.host import Host
from ui.remote.screen import GUEST_ACTS, Room
from ui.seating.model import Seating
from ui.taps import Note

if TYPE_CHECKING:
    from ui.app import App
    from ui.browser.page import Page
    from ui.browser.runner import Runner

LOST_SECONDS = 20.0
"""A guest whose link is lost this long has its seat played by a computer until it joins again."""
HOME_SECONDS = 12.0
"""After the host's page reloads, a guest's phone coming back by itself has this long before an invitation is made
for its seat (it can still come back after: the invitation is a second way in)."""
MAX_LINK = 3000
"""A pasted or scanned link longer than this is refused unread."""


def page_base() -> str:
    return str(window.location.origin) + str(window.location.pathname)


def fragment_of(url: object) -> str | None:
    """The part after '#' of a link of this app, or None for anything else (another site, too long)."""
    if not isinstance(url, str) or len(url) > MAX_LINK:
        return None
    if url.startswith(("join=", "answer=")):
        return url
    base = page_base()
    if not url.startswith(base + "#"):
        return None
    return url[len(base) + 1 :]


def linkable() -> bool:
    """True when this browser can make a direct link at all (``ui/net.js`` found WebRTC)."""
    return bool(getattr(window.hfNet, "supported", False))


def open_invitation(fragment: str) -> None:
    """An invitation scanned or handed over: opened just as if its link had been (this page becomes a guest)."""
    # The address is set with replaceState, which fires no hashchange.  With location.replace (a new fragment:
    # a hashchange, whose handler here opens the invitation again) before the reload, a Firefox tab stopped
    # answering and never became the guest's page (e2e_engines/test_remote_engines.py).
    window.history.replaceState(None, "", page_base() + "#" + fragment)
    window.location.reload()


class RoomLink:
    """The host's links to the guests' phones."""

    def __init__(self, app: App, page: Page, runner: Runner) -> None:
        self.app, self.page, self.runner = app, page, runner
        self.host = Host(app.session)
        self.room = Room()
        self.el = document.createElement("div")
        self.el.id = "room"
        self.el.hidden = True
        document.body.appendChild(self.el)

    def attach(self) -> None:
        window.addEventListener("hf-net", create_proxy(self.on_net))
        window.addEventListener("hf-link", create_proxy(lambda e: self.on_link(e.detail)))
        window.addEventListener("hf-answer", create_proxy(lambda e: self.take_answer(str(e.detail))))
        self.el.addEventListener("click", create_proxy(self.on_click))
        window.addEventListener("hashchange", create_proxy(lambda _e: self.on_hash()))
        self.page.root.addEventListener("click", create_proxy(self.on_open), True)
        paint = self.page.refresh

        def refresh() -> None:
            paint()
            self.flush()

        self.page.refresh = refresh  # type: ignore[method-assign]

    def resumed(self) -> None:
        """A saved game with guests came back (the host's page reloaded): their links are gone.  A guest's phone
        that agreed a way home with this page comes back by itself (``ui/net.js``); any other seat, or one not
        back in ``HOME_SECONDS``, gets a fresh invitation, and the room opens to show it; a computer takes a seat
        whose guest isn't back in ``LOST_SECONDS``."""
        guests = self.app.session.seating.guests
        window.hfNet.keepHomes(to_js(sorted(guests)))  # a way home answered early for another seat: closed
        for seat in guests:
            self.room.link(seat).state = "lost"
            if bool(window.hfNet.hasHome(seat)):
                self.runner.spawn(self.come_home(seat))
            else:  # the room opens now, with the invitation to come (as it did before there was a way home)
                self.room.open = True
                self.runner.spawn(self.invite(seat))
            self.runner.spawn(self.give_away(seat))

    async def come_home(self, seat: int) -> None:
        """``seat``'s phone back by itself if it can (the room stays shut meanwhile), else its invitation shown."""
        link = self.room.link(seat)
        if bool(await window.hfNet.home(seat)):
            link.returning = link.state != "joined"  # (its phone may be back already: the way was answered early)
            self.show()
            await asyncio.sleep(HOME_SECONDS)
            if link.state == "joined":
                return
            link.returning = False
        self.room.open = True
        await self.invite(seat)

    # ----- painting ---------------------------------------------------------------

    def show(self) -> None:
        session = self.app.session
        self.el.innerHTML = screen.room_panel(self.room, session.names(), self.host_seats(), session.away, linkable())
        self.el.hidden = not self.room.open

    def flush(self) -> None:
        """Send each linked guest its view where it changed (after every paint of the table)."""
        self.send(self.host.views())
        game = self.app.game
        data = document.body.dataset
        data.toAct = "" if game.to_act is None else str(game.to_act)  # for the tests: whose turn it is
        data.handCounts = ",".join(str(len(p.hand)) for p in game.players)
        data.moves = str(len(game.history))
        for seat in self.app.session.seating.guests:  # a guest seated in the seat chooser: its invitation
            link = self.room.link(seat)
            if link.state == "none" and not linkable():
                self.room.open = True  # the room says why no invitation can be made (a computer plays the seat)
            elif link.state == "none":
                link.state, self.room.open = "invited", True
                self.runner.spawn(self.invite(seat))
        if self.room.open:
            self.show()

    def send(self, outbox: list[tuple[int, str]]) -> None:
        for seat, text in outbox:
            window.hfNet.send(seat, text)

    def moved(self) -> None:
        self.page.refresh()
        self.runner.kick()

    # ----- the host's taps --------------------------------------------------------

    def on_open(self, event: Any) -> None:
        el = event.target.closest('[data-act="room"]')
        if not el:
            return
        event.stopPropagation()
        self.app.sheet = None
        self.room.open, self.room.note = True, ""
        self.page.refresh()

    def on_click(self, event: Any) -> None:
        el = event.target.closest("[data-room]")
        if not el:
            return
        action, raw = str(el.getAttribute("data-room")), str(el.getAttribute("data-seat") or "")
        seat = int(raw) if raw.isdigit() and int(raw) < self.app.game.n else None
        self.room.note = ""
        if action == "close":
            self.room.open = False
        elif action == "invite" and seat is not None and seat not in self.host_seats() and linkable():
            self.runner.spawn(self.invite(seat))
        elif action == "answer" and seat is not None:
            box = self.el.querySelector(f'.room-answer[data-seat="{seat}"]')
            self.take_answer(str(box.value) if box else "")
        elif action == "computer" and seat is not None:
            self.send(self.host.hand_to_computer(seat))
            self.moved()
        self.show()

    def host_seats(self) -> frozenset[int]:
        return self.app.session.seating.here

    def make_guest(self, seat: int) -> None:
        """``seat`` becomes a guest's: a computer keeps it until their phone joins."""
        session = self.app.session
        old = session.seating
        if seat in old.guests:
            return
        names = session.names()
        people = sorted({**{s: n or names[s] for s, n in old.people}, seat: names[seat]}.items())
        levels = tuple(item for item in old.levels if item[0] != seat)
        seating = Seating(tuple(people), levels, tuple(sorted({*old.guests, seat})))
        session.seat_people(seating, session.seat)
        session.away.add(seat)
        session.dirty = True

    async def invite(self, seat: int) -> None:
        self.make_guest(seat)
        code = str(await window.hfNet.invite(seat) or "")
        if not code:  # superseded by a newer invitation for the seat, begun meanwhile (that one is shown)
            return
        link = self.room.link(seat)
        link.invitation, link.state = page_base() + "#join=" + code, "invited"
        self.page.refresh()

    def on_hash(self) -> None:
        """A link of this app opened in this very tab: an answer goes to the table, an invitation makes it a guest."""
        fragment = str(window.location.hash)[1:]
        if fragment.startswith(("answer=", "join=")):
            window.history.replaceState(None, "", page_base())
            self.on_link(fragment)

    def on_link(self, url: object) -> None:
        fragment = fragment_of(url)
        if fragment is None:
            self.room.open, self.room.note = True, screen.NOT_OURS
        elif fragment.startswith("answer="):
            self.take_answer(fragment[len("answer=") :])
            return
        elif fragment.startswith("join="):
            open_invitation(fragment)
            return
        self.show()

    def take_answer(self, text: str) -> None:
        text = text.strip()
        if "#answer=" in text:
            text = text.split("#answer=", 1)[1]
        if len(text) > MAX_LINK or "#" in text or "~" not in text:
            self.room.open, self.room.note = True, screen.BAD_ANSWER
            self.show()
            return
        self.runner.spawn(self.accept(text))

    async def accept(self, code: str) -> None:
        taken = await window.hfNet.accept(code)
        seat_text = code.split("~", 1)[0].split(".", 1)[0]  # "1.<its invitation>~…"
        self.room.open = True
        if taken == "stale" and seat_text.isdigit():  # (true, false or "stale")
            self.room.note = screen.stale_answer(self.app.session.names()[int(seat_text)])
        elif taken is not True or not seat_text.isdigit():
            self.room.note = screen.BAD_ANSWER
        elif (link := self.room.link(int(seat_text))).state != "joined":
            # The link may already be open (its "open" came while the answer was being set): keep "joined".
            link.state = "connecting"
        self.show()

    # ----- the links --------------------------------------------------------------

    def on_net(self, event: Any) -> None:
        detail = event.detail
        kind, seat, text = str(detail.kind), int(detail.seat), str(detail.text)
        if seat < 0:
            return
        link = self.room.link(seat)
        if kind == "open":
            link.state, link.returning = "joined", False
            self.send(self.host.join(seat))
            self.moved()
        elif kind == "message":
            moves, seating = len(self.app.game.history), self.app.session.seating
            self.send(self.host.receive(seat, text))
            if len(self.app.game.history) != moves or self.app.session.seating != seating:  # a move, or a name
                self.app.session.dirty = True
                self.moved()
        elif kind == "close":
            self.host.lost(seat)
            link.state = "lost"
            self.runner.spawn(self.give_away(seat))
            if text == "back":  # the guest's phone comes back by itself, along the way kept (ui/net.js)
                link.invitation, link.returning = "", True
            else:
                link.returning = False
                self.runner.spawn(self.invite(seat))  # a fresh invitation to send: the old one is spent
        elif kind == "fail":
            name = self.app.session.names()[seat]
            self.room.open, self.room.note = True, screen.NO_CONNECTION.format(name=name)
            link.state = "invited"
        self.show()

    async def give_away(self, seat: int) -> None:
        await asyncio.sleep(LOST_SECONDS)
        if seat not in self.host.linked and seat not in self.app.session.away:
            self.send(self.host.hand_to_computer(seat))
            self.moved()
            self.show()


class GuestPage:
    """A guest's phone: the answer to send back, then the host's table from this seat."""

    def __init__(self, root: Any) -> None:
        self.root = root
        self.guest = Guest()
        self.app: App | None = None
        self.answer = ""
        self.problem = ""
        self.returning = False  # this page reloaded: back to its seat along the way kept, no new invitation
        self.lost = ""  # '', 'trying' (the link dropped: getting it back) or 'gone' (a new invitation is needed)

    def paint(self) -> None:
        from ui.render import assemble, body_classes, regions, screen_key

        app, shown = self.app, self.guest.shown
        if app is None or shown is None:
            problem = screen.NO_WAY_BACK if self.returning and self.lost == "gone" else self.problem
            field = document.querySelector(".guest-name")
            typed = str(field.value) if field else ""  # (no field: JsNull, falsy)
            self.root.innerHTML = screen.guest_joining(self.answer, problem, self.returning)
            field = document.querySelector(".guest-name")
            if typed and field:  # a repaint while joining keeps the name being typed
                field.value = typed
        elif shown.view.phase in ("round_over", "game_over"):
            self.root.innerHTML = screen.guest_between_rounds(
                shown.view, shown.names, shown.lines, self.guest.last_result()
            )
        else:
            app.session.link = self.lost  # type: ignore[attr-defined]  # a guest's table: nothing to play while lost
            # The shadow's deal number is a stand-in (the real one would deal every hand): not shown.
            self.root.innerHTML = assemble(screen_key(app), regions(app, in_place_of_deal=screen.AT_THE_HOST))
            document.body.className = body_classes(app)
        if self.lost and shown is not None:
            self.root.insertAdjacentHTML("afterbegin", screen.guest_lost(self.lost == "trying"))
        data = document.body.dataset
        data.guestMoves = str(shown.moves) if shown is not None else ""
        data.toAct = str(shown.view.to_act) if shown is not None and shown.view.to_act is not None else ""

    def send(self, text: str) -> None:
        """A guest's message (a move, or a take-back) to the host."""
        document.body.dataset.idle = "0"  # until the host's answer comes back
        window.hfNet.send(-1, text)

    def on_net(self, event: Any) -> None:
        detail = event.detail
        kind, seat, text = str(detail.kind), int(detail.seat), str(detail.text)
        if seat != -1:
            return
        if kind == "message":
            document.body.dataset.idle = "1"
            self.guest.receive(text)
            shown = self.guest.shown
            if shown is not None:
                from ui.remote.shadow import guest_app

                if self.app is None:
                    self.app = guest_app(shown, self.send)
                else:
                    self.app.session.show(shown)  # type: ignore[attr-defined]
                self.app.note = Note(self.guest.note, "error") if self.guest.note else None
        elif kind == "close":  # ui/net.js takes the way back kept, if any
            self.lost = "trying"
        elif kind == "fail":
            self.lost = "gone"
        elif kind == "open":
            self.lost = ""
            typed = document.querySelector(".guest-name")
            if typed and str(typed.value).strip():  # (no field: JsNull, falsy)  # the name they typed while joining
                window.hfNet.send(-1, wire.hello_text(str(typed.value)))
        self.paint()

    def on_click(self, event: Any) -> None:
        from ui.app import TABLE_ACTS

        el = event.target.closest("[data-act]")
        if not el or el.disabled or self.app is None:
            return
        act, arg = str(el.getAttribute("data-act") or ""), str(el.getAttribute("data-arg") or "")
        if act in TABLE_ACTS or act in GUEST_ACTS:
            self.app.handle(act, arg)
            self.paint()

    async def join(self, code: str) -> None:
        if not linkable():
            self.problem = screen.NO_LINKS_GUEST
            self.paint()
            return
        self.paint()
        answer = str(await window.hfNet.join(code)) if len(code) <= MAX_LINK else ""
        if answer == "back":
            self.returning = True
        elif answer == "used":
            self.problem = screen.USED_INVITATION
        elif answer:
            self.answer = page_base() + "#answer=" + answer
        else:
            self.problem = screen.BAD_INVITATION
        self.paint()


async def start_guest(code: str) -> None:
    """This page opened an invitation: join the host's table (no game of this device's is loaded or saved)."""
    root, body = document.getElementById("app"), document.body
    boot_ui = document.getElementById("boot")
    if boot_ui:
        boot_ui.remove()
    root.removeAttribute("inert")
    body.className = "on-guest"
    page = GuestPage(root)
    window.addEventListener("hf-net", create_proxy(page.on_net))
    window.addEventListener(
        "hf-link",
        create_proxy(lambda e: open_invitation(f) if (f := fragment_of(e.detail)) and f.startswith("join=") else None),
    )
    root.addEventListener("click", create_proxy(page.on_click))
    from ui.browser.qr import install as install_qr

    install_qr()  # ui/qr.js draws the answer's code, for the host to scan
    window.addEventListener(  # another invitation opened in this tab: join that table instead
        "hashchange",
        create_proxy(lambda _e: window.location.reload() if str(window.location.hash).startswith("#join=") else None),
    )
    body.dataset.ready = "1"
    body.dataset.idle = "1"
    await page.join(code)
