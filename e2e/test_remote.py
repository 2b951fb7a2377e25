"""Phones in the room (issue 28) over real WebRTC on this machine: a host and a guest, joined by links alone."""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable

from pages import Table
from playwright.sync_api import Page

from engine import cards as C
from engine.actions import Action, Discard, from_text
from engine.bots import make_bot
from engine.rules import preset
from engine.state import Game, new_game
from engine.views import view_for
from ui import saves
from ui.seating.model import Seating


def invite(host: Table, seat: int) -> str:
    """Menu → Phones in the room → Invite a phone for ``seat``: the invitation link."""
    host.menu("Phones in the room")
    row = host.page.locator(f'.room-seat[data-seat="{seat}"]')
    row.get_by_role("button", name="Invite a phone").click()
    link = row.locator(".room-url")
    link.wait_for()
    text = link.input_value()
    assert "#join=" in text and text.startswith(host.base_url)
    assert row.locator(f'.qr[data-qr="{text}"]').count() == 1  # the QR feature draws it here
    return text


def join(guest: Page, invitation: str) -> str:
    """The guest opens the invitation: its answer link."""
    guest.goto(invitation)
    answer = guest.locator(".room-url")
    answer.wait_for()
    text = answer.input_value()
    assert "#answer=" in text and len(text) < 400
    code = guest.locator(f'.qr[data-qr="{text}"] svg')  # its QR code, for the host to scan
    code.wait_for(timeout=20_000)
    assert code.is_visible()
    return text


def take(host: Table, seat: int, answer: str) -> None:
    row = host.page.locator(f'.room-seat[data-seat="{seat}"]')
    row.locator(".room-answer").fill(answer)
    row.get_by_role("button", name="Take the answer").click()


def to_act(page: Page) -> str:
    return page.evaluate("document.body.dataset.toAct || ''")


def wait_for(check: Callable[[], bool], seconds: float = 30, seen: Callable[[], object] = lambda: "") -> None:
    """Wait until ``check()`` holds; on a timeout, say what ``seen()`` shows then."""
    end = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < end, f"timed out: {seen()}"
        time.sleep(0.1)


def guest_turn(guest: Table) -> None:
    """The guest makes one move (draw, else discard its first card) and waits for the host's new view."""
    page = guest.page
    moves = page.evaluate("document.body.dataset.guestMoves")
    guest.play_my_turn_simply()
    wait_for(lambda: page.evaluate("document.body.dataset.guestMoves") != moves)


def host_until(host: Table, seat: str, seconds: float = 60) -> None:
    """The host's person plays its turns until ``seat`` is to act."""
    end = time.monotonic() + seconds
    while to_act(host.page) != seat:
        assert time.monotonic() < end, f"seat {seat} never came to act"
        host.wait_until_idle()
        if to_act(host.page) == "0":
            host.play_my_turn_simply()
        else:
            time.sleep(0.2)


def discard_named(table: Table, card: str) -> None:
    """Discard this card (tapping Discard again when the table asks first, as for a wild card)."""
    table.select(card).discard()
    if table.page.locator(".note", has_text="Tap Discard again").count():
        table.discard()


def test_a_guest_reloads_mid_turn_and_gets_its_seat_back_then_one_that_never_returns_is_replaced(
    new_page: Callable[..., Page], base_url: str
) -> None:
    # Deal 4, 128 moves in: near the round's end. West's phone draws, reloads, discards the ace of diamonds;
    # then it is gone for good, and the computer that takes West's seat goes out (checked in Python below).
    game = bots_play(4, 128)
    host = Table(new_page(), base_url).open()
    resume_on(host, game, Seating(((0, "Hana"), (1, "Bea")), guests=(1,)))
    guest = rejoin(host, 1, new_page)
    guest_page = guest.page
    host.page.get_by_role("button", name="Close", exact=True).click()
    discard_named(host, "five of spades")
    wait_for(lambda: to_act(guest_page) == "1")
    moves = guest_page.evaluate("document.body.dataset.guestMoves")
    guest_page.get_by_role("button", name="Draw", exact=True).click()  # the guest draws, then its phone reloads
    wait_for(lambda: guest_page.evaluate("document.body.dataset.guestMoves") != moves)
    held = guest_page.get_by_role("group", name="Your cards").get_by_role("button").count()
    guest_page.reload()
    # No new invitation: the phone comes back by itself along the way it kept, to the same seat and cards.
    guest_page.get_by_role("group", name="Your cards").wait_for(timeout=15_000)
    wait_for(lambda: to_act(guest_page) == "1")
    assert guest_page.get_by_role("group", name="Your cards").get_by_role("button").count() == held
    assert guest_page.get_by_role("button", name="Draw", exact=True).is_disabled()
    assert guest_page.locator(".room-url").count() == 0  # no answer to send back
    moves = guest_page.evaluate("document.body.dataset.guestMoves")
    discard_named(guest, "ace of diamonds")  # the discard that ends the turn it began before the reload
    wait_for(lambda: guest_page.evaluate("document.body.dataset.guestMoves") != moves)
    # North and East, computers, move next: West's phone can ask why, as the host's table can.
    wait_for(lambda: to_act(guest_page) == "0")
    guest_page.get_by_role("button", name="Why?", exact=True).click()
    reason = guest_page.locator(".why-panel p").inner_text()
    assert len(reason) > 10, reason  # the computer's public reason, sent by the host with the view
    # West walks away for good: a while after its link drops, a computer plays West and the round finishes.
    guest_page.context.close()
    host.menu("Phones in the room")
    row = host.page.locator('.room-seat[data-seat="1"] .room-state')
    wait_for(lambda: "reconnects by itself" in row.inner_text(), seen=row.inner_text)  # once the host notices
    host.page.get_by_role("button", name="Close", exact=True).click()
    end = time.monotonic() + 90
    while not host.round_is_over():  # South plays on; West's turns wait, then a computer plays them
        assert time.monotonic() < end, "the round didn't finish"
        host.wait_until_idle()
        if to_act(host.page) == "0" and not host.round_is_over():
            host.play_my_turn_simply()
        else:
            time.sleep(0.2)
    host.menu("Phones in the room")
    assert "a computer plays the seat meanwhile" in row.inner_text()


def test_a_guest_whose_tab_was_closed_comes_back_to_its_seat_by_opening_its_invitation_again(
    new_page: Callable[..., Page], base_url: str
) -> None:
    """As the host's room promises ("their phone reconnects by itself"): the phone's browser keeps the way back,
    not the closed tab."""
    game = bots_play(4, 128)
    host = Table(new_page(), base_url).open()
    resume_on(host, game, Seating(((0, "Hana"), (1, "Bea")), guests=(1,)))
    row = host.page.locator('.room-seat[data-seat="1"]')
    row.locator(".room-url").wait_for()
    invitation = row.locator(".room-url").input_value()
    guest_page = new_page()
    take(host, 1, join(guest_page, invitation))
    cards = guest_page.get_by_role("group", name="Your cards").get_by_role("button")
    cards.first.wait_for(timeout=45_000)
    held = cards.count()
    # The way back is agreed over the open link a moment after it opens: the host's promise holds from then.
    wait_for(lambda: guest_page.evaluate("localStorage.getItem('hf-way-back') !== null"), seconds=45)
    again = guest_page.context.new_page()  # the same phone's browser, another tab
    guest_page.close()
    state = row.locator(".room-state")
    wait_for(lambda: "reconnects by itself" in state.inner_text(), seen=state.inner_text)
    again.goto(invitation)
    back = again.get_by_role("group", name="Your cards").get_by_role("button")
    back.first.wait_for(timeout=30_000)  # no new invitation, no answer to send back
    assert back.count() == held and again.locator(".room-url").count() == 0
    wait_for(lambda: "on their own phone" in state.inner_text(), seen=state.inner_text)


def test_a_guest_lays_down_a_meld_then_takes_it_back_with_undo(new_page: Callable[..., Page], base_url: str) -> None:
    # Deal 1, 16 moves in: West (a guest, whose side has opened) has just drawn and holds three kings.
    game = bots_play(1, 16)
    assert game.to_act == 1 and game.phase == "play" and game.teams[1].opened
    host = Table(new_page(), base_url).open()
    resume_on(host, game, Seating(((0, "Hana"), (1, "Bea")), guests=(1,)))
    guest = rejoin(host, 1, new_page)
    host.page.get_by_role("button", name="Close", exact=True).click()
    page = guest.page
    wait_for(lambda: to_act(page) == "1")
    held = guest.hand()
    assert page.get_by_role("button", name="Undo", exact=True).count() == 0  # nothing laid down yet
    for name in ("king of hearts", "king of clubs", "king of diamonds"):
        guest.select(name)
    moves = page.evaluate("document.body.dataset.guestMoves")
    page.get_by_role("button", name="New meld", exact=True).click()  # its side has opened: laid down at once
    wait_for(lambda: page.evaluate("document.body.dataset.guestMoves") != moves)
    assert len(guest.hand()) == len(held) - 3
    moves = page.evaluate("document.body.dataset.guestMoves")
    page.get_by_role("button", name="Undo", exact=True).click()  # offered on the phone, as on the host's table
    wait_for(lambda: page.evaluate("document.body.dataset.guestMoves") != moves)
    assert sorted(guest.hand()) == sorted(held)  # the kings are back in Bea's hand
    assert page.get_by_role("button", name="Undo", exact=True).count() == 0
    assert any("You took back this turn's melds." in line for line in guest.recent_moves())
    assert any("Bea took back this turn's melds." in line for line in host.recent_moves())
    # And the turn goes on: Bea discards.
    guest_turn(guest)
    wait_for(lambda: to_act(page) != "1")


def test_the_position_of_the_reload_test_ends_with_the_computer_in_west_going_out() -> None:
    """The moves the reload test makes, played here with South's likely discard: the computer taking West's
    seat goes out within a lap (the e2e test plays on whatever South's first card is)."""
    game = bots_play(4, 128)
    for text in ("discard 5S", "draw", "discard AD"):
        game.apply(from_text(text))
    while game.to_act != 0:
        game.apply(normal_move(game))
    game.apply(from_text("draw"))
    game.apply(from_text("discard 2D"))
    while game.phase not in ("round_over", "game_over") and game.to_act != 0:
        game.apply(normal_move(game))
    assert game.phase == "round_over" and game.went_out == 1


JUNK = """(moves) => {
  const acts = ["draw", "discard QH", "pickup", "ask", "answer yes", "end", "next", "meld 9:9S,9H,9D"];
  for (let i = 0; i < 1000; i++) {
    const kind = i % 5;
    const text = kind === 0 ? JSON.stringify({t: "act", a: acts[i % acts.length], n: moves})
      : kind === 1 ? "{" + "[".repeat(i % 50)
      : kind === 2 ? JSON.stringify({t: "act", a: "draw", n: moves, seat: 0})
      : kind === 3 ? "x".repeat(5000 + i)
      : JSON.stringify({t: "view", seat: 0});
    hfNet.send(-1, text);
  }
}"""


def test_a_host_and_three_guests_play_a_whole_classic_round(new_page: Callable[..., Page], base_url: str) -> None:
    host = Table(new_page(), base_url).open().wait_until_idle()
    # The seat chooser seats the family once: Hana here, the three others on phones of their own.
    host.menu("Play together")
    host.page.get_by_role("heading", name="Who's playing").wait_for()
    for seat, (kind, name) in enumerate((("person", "Hana"), ("guest", "Bea"), ("guest", "Cal"), ("guest", "Dee"))):
        host.page.locator(f"#seat-kind-{seat}").select_option(kind)
        host.page.locator(f"#seat-name-{seat}").fill(name)
    assert not host.page.locator("#seat-level-1").is_visible()  # a guest's seat has a name, no level
    host.page.get_by_role("button", name="Start a game with these players").click()
    host.page.get_by_role("heading", name="Phones in the room").wait_for()  # with an invitation for each
    for name in ("Bea", "Cal", "Dee"):
        host.page.locator("#room").get_by_role("heading", name=name).wait_for()
    west, north, east = rejoin_all(host, (1, 2, 3), new_page)
    guests = {"1": west, "2": north, "3": east}
    host.page.get_by_role("button", name="Close", exact=True).click()
    assert "Bea" in host.page.locator("#r-seats").inner_text()  # the guest's name, not West
    junk_sent = False
    for _ in range(2000):
        host.wait_until_idle()
        if host.round_is_over():
            break
        seat = to_act(host.page)
        if seat == "0":
            host.play_my_turn_simply()
        elif seat in guests:
            guest = guests[seat]
            wait_for(lambda s=seat, g=guest: to_act(g.page) == s)
            counts = host.page.evaluate("document.body.dataset.handCounts").split(",")
            hand = guest.page.get_by_role("group", name="Your cards").get_by_role("button").count()
            assert str(hand) == counts[int(seat)]  # its own cards, and no one else's, are in its page
            if not junk_sent and seat == "1":  # North, not to act, sends 1,000 bad or out-of-turn messages
                moves = host.page.evaluate("document.body.dataset.moves")
                guests["2"].page.evaluate(JUNK, int(moves))
                time.sleep(1)
                assert host.page.evaluate("document.body.dataset.moves") == moves and to_act(host.page) == "1"
                junk_sent = True
            guest_turn(guest)
        else:
            time.sleep(0.1)
    assert junk_sent and host.round_is_over()
    for guest in guests.values():
        guest.page.get_by_role("heading", name=re.compile("The (round|game) is over")).wait_for()


def test_hostile_invitation_and_answer_links_get_a_note_and_change_nothing(
    new_page: Callable[..., Page], base_url: str
) -> None:
    guest_page = new_page()
    guest_page.goto(base_url + "#join=1~%3Cimg%20src=x%20onerror=alert(1)%3E~a~b~c")
    guest_page.get_by_text("This invitation can't be read. Ask the host for a new one.").wait_for()
    assert guest_page.locator("img").count() == 0
    host = Table(new_page(), base_url).open().wait_until_idle()
    moves = host.page.evaluate("document.body.dataset.moves")
    invite(host, 1)
    take(host, 1, base_url + "#answer=1~AAAA~BBBB~" + "C" * 43 + "~999.999.999.999.999:1")
    host.page.get_by_text("That answer doesn't fit any invitation from this table").wait_for()
    take(host, 1, "https://example.com/#answer=1~x")
    host.page.get_by_text("That answer doesn't fit any invitation from this table").wait_for()
    assert host.page.evaluate("document.body.dataset.moves") == moves


def test_an_answer_to_an_invitation_made_before_the_host_reloaded_is_called_that_not_a_network_problem(
    new_page: Callable[..., Page], base_url: str
) -> None:
    host = Table(new_page(), base_url).open().wait_until_idle()
    answer = join(new_page(), invite(host, 1))
    host.page.reload()  # before the answer came back: the invitation it answers is gone with the page
    host.wait_until_idle()
    row = host.page.locator('.room-seat[data-seat="1"]')
    if not row.is_visible():  # (a reloaded host with an invited seat opens the room by itself)
        host.menu("Phones in the room")
    if row.locator(".room-url").count() == 0:
        row.get_by_role("button", name=re.compile("Invite a phone|New invitation")).click()
    row.locator(".room-url").wait_for()
    take(host, 1, answer)
    host.page.get_by_text("That answer is to an earlier invitation to West's seat").wait_for()
    assert "connecting" not in row.locator(".room-state").inner_text()


def test_the_host_page_reloads_and_a_guest_comes_back_to_its_seat_by_itself(
    new_page: Callable[..., Page], base_url: str
) -> None:
    """The host's page reloads mid-game (its links die with it): the guest's phone is back at its seat, with its
    cards, with no new invitation and no answer to send; then it plays on."""
    host = Table(new_page(), base_url).open().wait_until_idle()
    invitation = invite(host, 1)
    guest_page = new_page()
    take(host, 1, join(guest_page, invitation))
    cards = guest_page.get_by_role("group", name="Your cards").get_by_role("button")
    cards.first.wait_for(timeout=45_000)
    held = cards.count()
    # The way home is agreed over the open link a moment after it opens: the host's page keeps the guest's offer.
    wait_for(lambda: "1" in host.page.evaluate("Object.keys(JSON.parse(localStorage.getItem('hf-home-ways') || '{}'))"))
    moves = host.moves()
    host.reload().wait_until_idle()
    assert host.moves() == moves
    wait_for(lambda: guest_page.locator(".note", has_text="reconnecting").count() == 0)
    assert guest_page.get_by_text("Ask the host for a new invitation").count() == 0
    assert cards.count() == held and guest_page.locator(".room-url").count() == 0
    # The host's table stays in front (no invitation to send), and its room says West is back.
    assert not host.page.locator("#room").is_visible()
    host.menu("Phones in the room")
    state = host.page.locator('.room-seat[data-seat="1"] .room-state')
    wait_for(lambda: "on their own phone" in state.inner_text(), seen=state.inner_text)
    assert host.page.locator('.room-seat[data-seat="1"] .room-url').count() == 0  # no invitation was needed
    # And the link works both ways: South plays, then West's phone plays its turn.
    host.page.get_by_role("button", name="Close", exact=True).click()
    host_until(host, "1")
    wait_for(lambda: to_act(guest_page) == "1")
    guest_turn(Table(guest_page, base_url))
    assert host.moves() > moves


def test_a_phone_whose_seat_the_host_invites_again_is_told_at_once_to_ask_for_the_new_invitation(
    new_page: Callable[..., Page], base_url: str
) -> None:
    """The host replaces West's phone (a new invitation for a seat on its own phone): that phone doesn't wait for a
    way home that will never come; it asks for the new invitation."""
    host = Table(new_page(), base_url).open().wait_until_idle()
    invitation = invite(host, 1)
    guest = new_page()
    take(host, 1, join(guest, invitation))
    guest.get_by_role("group", name="Your cards").get_by_role("button").first.wait_for(timeout=45_000)
    wait_for(lambda: "1" in host.page.evaluate("Object.keys(JSON.parse(localStorage.getItem('hf-home-ways') || '{}'))"))
    row = host.page.locator('.room-seat[data-seat="1"]')
    row.get_by_role("button", name=re.compile("Invite a phone|New invitation")).click()
    guest.get_by_text("Ask the host for a new invitation").first.wait_for(timeout=20_000)  # not a minute later
    row.locator(".room-url").wait_for()
    assert row.locator(".room-url").input_value() != invitation


def test_a_double_tap_on_invite_phone_shows_one_invitation_and_its_answer_seats_the_guest(
    new_page: Callable[..., Page], base_url: str
) -> None:
    """Two taps on Invite a phone before the first invitation is made (a double tap, an impatient second tap): two
    invitations are begun for the seat at once and only the second can be answered.  Whichever is made last, the
    one shown is that one, it stays shown, and the guest who opens it gets the seat."""
    host = Table(new_page(), base_url).open().wait_until_idle()
    host.menu("Phones in the room")
    row = host.page.locator('.room-seat[data-seat="1"]')
    invite_button = row.get_by_role("button", name="Invite a phone")
    invite_button.click()
    invite_button.click()  # the first invitation is still being made (ICE gathering takes a moment)
    link = row.locator(".room-url")
    link.wait_for()
    shown = link.input_value()
    time.sleep(3.5)  # past the longest either invitation's making can take (GATHER_MS, 3 s): both are made by now
    assert row.locator(".room-url").count() == 1 and link.input_value() == shown
    guest = new_page()
    take(host, 1, join(guest, shown))
    guest.get_by_role("group", name="Your cards").get_by_role("button").first.wait_for(timeout=45_000)
    assert host.page.get_by_text("earlier invitation").count() == 0
    state = row.locator(".room-state")
    wait_for(lambda: "on their own phone" in state.inner_text(), seen=state.inner_text)


def test_a_guest_that_reloads_while_the_host_page_is_gone_is_asked_for_a_new_invitation_not_sent_a_dead_answer(
    new_page: Callable[..., Page], base_url: str
) -> None:
    host = Table(new_page(), base_url).open().wait_until_idle()
    invitation = invite(host, 1)
    guest = new_page()
    take(host, 1, join(guest, invitation))
    guest.get_by_role("group", name="Your cards").get_by_role("button").first.wait_for(timeout=45_000)
    wait_for(lambda: guest.evaluate("localStorage.getItem('hf-way-back') !== null"), seconds=45)
    host.page.goto("about:blank")  # the host's page is gone: the guest's link and its way back with it
    guest.reload()  # the guest's page too: the connection it kept for the host's way home is gone with it
    guest.get_by_text("Ask the host for a new invitation").first.wait_for(timeout=60_000)
    host.open().wait_until_idle()  # the host's table is back, but no phone waits for it
    guest.reload()  # the same invitation opened again: no answer to a spent invitation, the same advice
    guest.get_by_text("This invitation brought this phone to the table once already").wait_for(timeout=30_000)
    assert guest.locator(".room-url").count() == 0


def test_an_answer_link_opened_on_the_host_phone_goes_to_the_table(
    new_page: Callable[..., Page], base_url: str
) -> None:
    host = Table(new_page(), base_url).open().wait_until_idle()
    invitation = invite(host, 3)
    guest_page = new_page()
    answer = join(guest_page, invitation)
    guest_page.locator(".guest-name").fill("Dee")  # East was unnamed: the guest's own name is taken
    tab = host.page.context.new_page()  # the host opens the answer link: a second tab of the same app
    tab.goto(answer)
    tab.get_by_role("heading", name="Answer passed to your table").wait_for()
    handed = tab.evaluate("performance.now()")
    guest_page.get_by_role("group", name="Your cards").wait_for(timeout=45_000)
    # That tab never started Python (PyScript asks for it and waits): no boot, no WebAssembly fetched.
    marks = tab.evaluate("performance.getEntries().map(e => e.name)")
    assert not [m for m in marks if m in ("hf-boot-start", "hf-pyodide-ready") or m.endswith(".wasm")], marks
    assert tab.evaluate("document.body.dataset.ready") is None
    print(f"answer tab: the note after {handed:.0f} ms")
    guest_page.get_by_role("group", name="Your cards").wait_for(timeout=45_000)
    assert host.page.evaluate("document.body.dataset.ready") == "1"  # the table's tab carries on
    state = host.page.locator('.room-seat[data-seat="3"] .room-state')
    wait_for(lambda: state.inner_text() == "on their own phone", seen=lambda: host.page.locator("#room").inner_text())
    host.page.locator('.room-seat[data-seat="3"]').get_by_role("heading", name="Dee").wait_for()


def normal_move(game: Game) -> Action:
    """The move of the Normal computer to act (as the host's computers play: each decision from the view)."""
    seat = game.to_act
    assert seat is not None
    bot, view = make_bot("normal", seat, game.deal_number), view_for(game, seat)
    return (bot.answer(view) if game.phase == "answer" else bot.decide(view)).action


def bots_play(deal: int, moves: int) -> Game:
    """Deal ``deal`` (classic) played by Normal computers in every seat for ``moves`` moves."""
    game = new_game(preset("classic"), deal)
    while len(game.history) < moves:
        game.apply(normal_move(game))
    return game


def resume_on(host: Table, game: Game, seating: Seating) -> None:
    """The host's phone reopens this saved game (saved after every move: both copies, as the page keeps them)."""
    text = saves.dump(game, 1000, seating, 0)
    host.wait_until_idle()
    host.replace_save(text).replace_quick_save(text)
    host.reload().wait_until_idle()
    assert host.moves() == len(game.history)


def rejoin(host: Table, seat: int, new_page: Callable[..., Page]) -> Table:
    """A guest of the resumed game opens the fresh invitation its seat shows on the host's room screen."""
    row = host.page.locator(f'.room-seat[data-seat="{seat}"]')
    row.locator(".room-url").wait_for()
    guest_page = new_page()
    take(host, seat, join(guest_page, row.locator(".room-url").input_value()))
    guest_page.get_by_role("group", name="Your cards").wait_for(timeout=45_000)
    return Table(guest_page, host.base_url)


def rejoin_all(host: Table, seats: tuple[int, ...], new_page: Callable[..., Page]) -> list[Table]:
    """``rejoin`` for several seats, the guests' phones starting all at once (their start is most of the wait)."""
    links = []
    for seat in seats:
        url = host.page.locator(f'.room-seat[data-seat="{seat}"] .room-url')
        url.wait_for()
        links.append(url.input_value())
    pages = [new_page() for _ in seats]
    for page, link in zip(pages, links, strict=True):
        page.goto(link, wait_until="commit")
    for seat, page in zip(seats, pages, strict=True):
        answer = page.locator(".room-url")
        answer.wait_for(timeout=60_000)
        take(host, seat, answer.input_value())
    for page in pages:
        page.get_by_role("group", name="Your cards").wait_for(timeout=45_000)
    return [Table(page, host.base_url) for page in pages]


def test_a_resumed_game_with_guests_asks_may_i_go_out_across_phones_and_ends_the_round_on_each(
    new_page: Callable[..., Page], base_url: str
) -> None:
    # Deal 4, 128 moves in (Normal computers): South is about to discard the 5 of spades; then West draws and
    # may go out if its partner East says yes. West and East are guests on phones of their own.
    game = bots_play(4, 128)
    south = make_bot("normal", 0, 4).decide(view_for(game, 0)).action
    assert game.to_act == 0 and isinstance(south, Discard) and C.name(south.card) == "five of spades"
    host = Table(new_page(), base_url).open()
    resume_on(host, game, Seating(((0, "Hana"), (1, "Bea"), (3, "Dee")), guests=(1, 3)))
    # The host's phone reopened the game with its guests: the room offers each seat a fresh invitation.
    host.page.get_by_role("heading", name="Phones in the room").wait_for()
    west, east = rejoin_all(host, (1, 3), new_page)
    host.page.get_by_role("button", name="Close", exact=True).click()
    host.select("five of spades").discard()
    if host.page.locator(".note", has_text="Tap Discard again").count():
        host.discard()
    wait_for(lambda: to_act(west.page) == "1")
    guest_turn(west)  # West draws
    west.page.get_by_role("button", name="May I go out?", exact=True).click()
    east.page.get_by_role("heading", name="Bea asks: “May I go out?”").wait_for()
    assert "asked to go out" in host.page.locator("body").inner_text()  # the host sees the question too
    east.page.get_by_role("button", name="Yes, go out", exact=True).click()
    for _ in range(8):  # West plays the hints: its melds, then out
        if west.page.get_by_role("heading", name=re.compile("The round is over")).count():
            break
        wait_for(lambda: to_act(west.page) == "1" or west.page.locator(".room.guest").count() > 0)
        if west.page.locator(".room.guest").count():
            break
        west.page.get_by_role("button", name="Hint", exact=True).click()
        moves = west.page.evaluate("document.body.dataset.guestMoves")
        west.page.get_by_role("button", name="Play it", exact=True).click()
        wait_for(lambda m=moves: west.page.evaluate("document.body.dataset.guestMoves") != m)
    for guest in (west, east):
        guest.page.get_by_role("heading", name=re.compile("The round is over")).wait_for()
        guest.page.locator(".room.guest .glance").wait_for()  # the round's scores, line by line, as the host sees them
    said = {g: g.page.locator(".room.guest").inner_text() for g in (west, east)}
    assert "You went out." in said[west] and "Bea went out." in said[east]
    for text in said.values():
        assert "This round:" in text and "Going out" in text and "Round total" in text
    host.wait_until_idle()
    assert host.round_is_over()
    saved = json.loads(host.quick_save() or "{}")  # saved after every move, the guests' too
    assert len(saved["actions"]) == host.moves() > len(game.history) + 5
