"""Several devices in one room (issue 28): the host holds the game, guests get their own seat's view only."""

from __future__ import annotations

import json
import random
import re
from dataclasses import replace

from engine.actions import Action, Answer, AskGoOut, Discard, Draw, EndTurn, NextRound, from_text, to_text
from engine.bots import make_bot
from engine.rules import preset
from engine.state import Game, new_game
from ui.remote import wire
from ui.remote.guest import CANT_READ, Guest
from ui.remote.host import MOVED_ON, NOT_YOUR_TURN, Host
from ui.seating.model import Seating, make, read
from ui.table.session import Session

PEOPLE = ((0, "Hana"), (1, "Bea"), (2, "Cal"), (3, "Dee"))
PEOPLE_NAMES = tuple(name for _, name in PEOPLE)


class Room:
    """A host and its guests joined by in-memory links: every message goes through the wire as text."""

    def __init__(self, deal: int = 4417, guests: tuple[int, ...] = (1, 2, 3), rules: str = "classic") -> None:
        people = tuple(p for p in PEOPLE if p[0] in (0, *guests))
        seating = Seating(people, guests=guests)
        self.session = Session(new_game(preset(rules), deal), lambda: "normal", seating=seating, seat=0)
        self.host = Host(self.session)
        self.guests = {seat: Guest() for seat in guests}
        self.sent: dict[int, list[str]] = {seat: [] for seat in guests}
        for seat in guests:
            self.deliver(self.host.join(seat))

    def deliver(self, outbox: list[tuple[int, str]]) -> None:
        for seat, text in outbox:
            self.sent[seat].append(text)
            self.guests[seat].receive(text)

    def send(self, seat: int, text: str) -> None:
        self.deliver(self.host.receive(seat, text))

    def computers(self) -> None:
        """The computers (and the seats handed to them) play until a person or guest is to act."""
        while self.session.bot_to_act():
            self.session.bot_step()
            self.deliver(self.host.views())


def guest_choice(guest: Guest) -> Action:
    """What a guest does on its turn: the hint a computer player of its seat gives from the view it was sent."""
    shown = guest.shown
    assert shown is not None
    bot = make_bot("normal", shown.seat, 1)
    decision = bot.answer(shown.view) if shown.view.phase == "answer" else bot.decide(shown.view)
    return decision.action


def host_turn(room: Room) -> None:
    """The person at the host device plays a turn the way the computers would."""
    session = room.session
    bot = make_bot("easy", 0, session.game.deal_number)
    view = session.view()
    action = (bot.answer(view) if session.game.phase == "answer" else bot.decide(view)).action
    assert session.play(action) == "", action
    room.deliver(room.host.views())


def play_round(room: Room, each: object = None, steps: int = 3000, to_end: bool = True) -> list[Action]:
    """Play the round to its end (or ``steps`` turns when not ``to_end``): guests through their links only, the
    host's person and computers at the host."""
    sent: list[Action] = []
    for _ in range(steps):
        game = room.session.game
        if game.phase in ("round_over", "game_over"):
            return sent
        room.computers()
        seat = game.to_act
        if seat in room.guests and seat not in room.session.away:
            guest = room.guests[seat]
            assert guest.my_turn() and guest.shown is not None and guest.shown.moves == len(game.history)
            action = guest_choice(guest)
            moves = len(game.history)
            room.send(seat, guest.act(action))
            if len(game.history) == moves:  # refused: the guest falls back on a plain move
                fallback = Draw() if game.phase == "draw" else Discard(guest.shown.view.hand[0])
                room.send(seat, guest.act(fallback))
                if len(game.history) == moves and game.phase == "play":
                    room.send(seat, guest.act(EndTurn()))
                action = fallback
            assert len(game.history) > moves, guest.note
            sent.append(action)
        elif seat == 0:
            host_turn(room)
        if callable(each):
            each(room)
    if to_end:
        raise AssertionError("the round did not end")
    return sent


def first_turn(room: Room) -> None:
    """The person at the host device (South, after the dealer East) plays the first turn: West, a guest, is next."""
    while room.session.game.to_act == 0:
        host_turn(room)
    assert room.session.game.to_act == 1 and room.session.game.phase == "draw"


def wests_first_turn() -> tuple[Room, Game, wire.SeatShown]:
    """A room at West's first turn (West a guest): the room, its game, and the view West's phone was sent."""
    room = Room()
    first_turn(room)
    shown = room.guests[1].shown
    assert shown is not None
    return room, room.session.game, shown


def shuffled_hidden(game: Game, seat: int, seed: int) -> Game:
    """The same game with every card ``seat`` can't see (other hands, every knee and foot, the stock) shuffled."""
    other = game.copy()
    rng = random.Random(seed)
    pools = [p.hand for s, p in enumerate(other.players) if s != seat]
    pools += [p.knee for p in other.players] + [p.foot for p in other.players] + [other.stock]
    cards = [c for pool in pools for c in pool]
    rng.shuffle(cards)
    for pool in pools:
        n = len(pool)
        pool[:], cards = cards[:n], cards[n:]
    return other


def views_tell_nothing_hidden(room: Room) -> None:
    """Each guest's view is the same whatever the cards it can't see: it carries no other seat's hidden cards."""
    game, names = room.session.game, room.session.names()
    for seat in room.guests:
        text = wire.view_text(game, seat, names, [])
        for seed in range(2):
            assert wire.view_text(shuffled_hidden(game, seat, seed), seat, names, []) == text
        data = json.loads(text)
        assert sorted(data["view"]["hand"]) == sorted(game.players[seat].hand)
        assert "deal_number" not in data["view"] and '"deal_number"' not in text  # every hand could be dealt from it


def test_a_whole_classic_round_with_a_host_and_three_guests() -> None:
    room = Room()
    moves = play_round(room, views_tell_nothing_hidden)
    game = room.session.game
    assert game.phase in ("round_over", "game_over") and len(game.results) == 1
    assert len(moves) >= 12  # every guest played turns of its own through its link
    for seat, guest in room.guests.items():
        assert guest.shown is not None and guest.shown.seat == seat
        assert guest.shown.view.phase == game.phase  # each guest sees the round end
        assert guest.shown.moves == len(game.history)
        assert guest.shown.names == ("Hana", "Bea", "Cal", "Dee")
    # A guest may not deal the next round: the host does.
    room.send(1, room.guests[1].act(NextRound()))
    assert room.guests[1].note == "The host deals the next round." and game.round_index == 0


def test_a_guest_view_reads_back_as_its_seats_view() -> None:
    room = Room()
    game = room.session.game
    shown = room.guests[2].shown
    assert shown is not None
    view = shown.view
    assert view.hand == tuple(sorted(view.hand, key=lambda c: view.hand.index(c)))
    assert list(view.hand) == list(wire.guest_view(game, 2).hand)
    assert view.to_act == game.to_act and view.stock_count == len(game.stock) and view.deal_number == 0
    assert [s.hand_count for s in view.seats] == [len(p.hand) for p in game.players]
    assert view == wire.guest_view(game, 2)


def test_out_of_turn_and_for_another_seat_are_refused() -> None:
    room = Room()
    game = room.session.game
    first_turn(room)
    before = game.snapshot()
    room.send(2, room.guests[2].act(Draw()))  # North, out of turn
    assert room.guests[2].note == NOT_YOUR_TURN and game.snapshot() == before
    # A guest can only ever speak for its own link's seat: there is no seat in a move to forge.
    assert set(json.loads(room.guests[2].act(Draw()))) == {"t", "a", "n"}
    # A move made on a table that has since moved on is refused and the table resent.
    room.send(1, wire.act_text(Draw(), len(game.history) + 3))
    assert room.guests[1].note == MOVED_ON and game.snapshot() == before
    # An illegal move gets the engine's own sentence and changes nothing.
    room.send(1, room.guests[1].act(Discard(game.players[1].hand[0])))
    assert room.guests[1].note and room.guests[1].note != MOVED_ON and game.snapshot() == before
    room.send(1, room.guests[1].act(Draw()))
    assert game.phase == "play" and game.to_act == 1 and room.guests[1].note == ""


def hostile_messages(rng: random.Random, game: Game, seat: int) -> list[object]:
    """Messages no honest guest sends, or sends at the wrong time."""
    moves = len(game.history)
    acts = ["draw", "pickup", "ask", "answer yes", "answer no", "end", "next", "discard QH", "meld 9:9S,9H,9D"]
    junk: list[object] = [
        "", "{", "[]", "null", "1e999", '{"t":"act"}', '{"t":"act","a":"draw"}', '{"t":"act","a":"draw","n":-1}',
        '{"t":"act","a":"draw","n":true}', '{"t":"act","a":"draw","n":1.5}', '{"t":"view"}', '{"t":"sync","x":1}',
        '{"t":"act","a":"draw","n":0,"seat":2}', "[" * 5000, '{"t":"hello","name":' + json.dumps("x" * 9000) + "}",
        '{"t":"act","a":"discard ' + "9" * 3000 + 'H","n":0}', None, 42, b"draw",
        '{"t":"act","a":"meld 9:' + ",".join(["9S"] * 400) + '","n":' + str(moves) + "}",
        '{"t":"act","a":"discard \\u0661\\u0662H","n":' + str(moves) + "}",
        '{"t":"undo","n":' + str(moves) + "}", '{"t":"undo"}', '{"t":"undo","n":-1}', '{"t":"undo","n":"3"}',
    ]
    out: list[object] = []
    for _ in range(1000):
        roll = rng.random()
        if roll < 0.4:
            out.append(rng.choice(junk))
        elif roll < 0.8:
            out.append(json.dumps({"t": "act", "a": rng.choice(acts), "n": rng.choice([moves, moves + 1, 0])}))
        else:
            text = wire.act_text(Draw(), moves)
            cut = rng.randrange(len(text))
            out.append(text[:cut] + chr(rng.randrange(32, 0x3000)) + text[cut + 1 :])
    return out


def test_a_thousand_hostile_messages_change_nothing_and_the_table_plays_on() -> None:
    room = Room()
    game = room.session.game
    first_turn(room)
    rng = random.Random(28)
    for liar in (2, 3):  # seats that are not to act: nothing they send is a move
        before = game.snapshot()
        for message in hostile_messages(rng, game, liar):
            room.deliver(room.host.receive(liar, message))
            assert game.snapshot() == before
        assert room.host.refused >= 1000 * (liar - 1)
    # The seat to act sends the same junk: the only changes are its own legal moves (a draw, at most).
    mover, made = game.to_act, len(game.history)
    assert mover == 1
    for message in hostile_messages(rng, game, mover):
        room.deliver(room.host.receive(mover, message))
        assert game.to_act == mover and len(game.history) <= made + 1
    play_round(room)
    assert game.phase in ("round_over", "game_over")


def test_no_view_ever_holds_another_seats_hidden_cards() -> None:
    room = Room(deal=91, rules="pagat")
    play_round(room, views_tell_nothing_hidden)
    for texts in room.sent.values():
        assert texts and all(wire.read_host(t) is not None for t in texts)


def test_may_i_go_out_between_partners_on_two_devices() -> None:
    for deal in range(100, 160):
        room = Room(deal=deal, guests=(1, 2, 3))
        game = room.session.game
        for _ in range(3000):
            if game.phase in ("round_over", "game_over"):
                break
            room.computers()
            seat = game.to_act
            if seat == 0:
                host_turn(room)
                continue
            guest = room.guests[seat] if seat in room.guests else None
            if guest is None:
                continue
            action = guest_choice(guest)
            if isinstance(action, AskGoOut) and seat in (1, 3):
                partner = 4 - seat
                room.send(seat, guest.act(action))
                assert game.phase == "answer" and game.to_act == partner
                other = room.guests[partner]
                assert other.shown is not None and other.shown.view.asked and other.my_turn()
                assert not guest.my_turn()  # the asker's device waits for the answer
                room.send(partner, other.act(Answer(False)))
                assert game.to_act == seat and game.permission is False
                assert guest.shown is not None and guest.shown.view.permission is False and guest.my_turn()
                return
            moves = len(game.history)
            room.send(seat, guest.act(action))
            if len(game.history) == moves:
                shown = guest.shown
                assert shown is not None
                room.send(seat, guest.act(Draw() if game.phase == "draw" else Discard(shown.view.hand[0])))
                if len(game.history) == moves:
                    room.send(seat, guest.act(EndTurn()))
    raise AssertionError("no guest asked its partner in 60 deals")


def test_a_lost_guest_waits_then_a_computer_plays_its_seat_and_it_comes_back() -> None:
    room = Room()
    game = room.session.game
    first_turn(room)
    room.send(1, room.guests[1].act(Draw()))
    room.host.lost(1)  # the phone slept mid-turn
    assert room.host.waiting_for() == 1 and not room.session.bot_to_act()
    assert room.host.receive(1, room.guests[1].act(Discard(game.players[1].hand[0]))) == []  # no link: dropped
    # It reloads and joins again: its view is resent and it finishes its turn.
    fresh = Guest()
    room.guests[1] = fresh
    room.deliver(room.host.join(1))
    assert fresh.shown is not None and fresh.shown.view.phase == "play" and fresh.my_turn()
    room.send(1, fresh.act(Discard(fresh.shown.view.hand[0])))
    assert game.to_act == 2
    # North walks out of range and never returns: the host hands its seat to a computer.
    room.host.lost(2)
    assert room.host.waiting_for() == 2
    room.host.hand_to_computer(2)
    assert room.session.bot_to_act()
    room.computers()
    assert game.to_act == 3 and len(game.history) > 0
    # Nobody takes the computer's moves for Cal's: the host's row for the seat and every move it made say so.
    from ui.remote.shadow import guest_app
    from ui.table.board import seats_region

    assert "computer for now" in seats_region(room.session.view(), room.session)
    stood_in = [line for line in room.session.recent.lines if line.seat == 2]
    assert stood_in and all(line.text.startswith("Cal (a computer for now) ") for line in stood_in)
    bea = room.guests[1].shown
    assert bea is not None and any(text.startswith("Cal (a computer for now) ") for text in bea.lines)
    # So does Cal's row on the other guests' phones, and on no other seat's.
    bea_table = guest_app(bea, lambda text: room.send(1, text)).session
    assert bea.away == (2,) and marked_rows(bea_table) == ["Cal"]
    # Back in range: the seat is North's again.
    room.deliver(room.host.join(2))
    assert 2 not in room.session.away
    assert "computer for now" not in seats_region(room.session.view(), room.session)
    bea = room.guests[1].shown
    assert bea is not None and bea.away == ()
    assert marked_rows(guest_app(bea, lambda text: room.send(1, text)).session) == []
    shown = room.guests[2].shown
    assert shown is not None
    played = [text for text in shown.lines if "A computer played for you: you " in text]
    assert played and not any(text.startswith("You ") for text in shown.lines)  # North made no move of its own
    assert not any("A computer played" in line.text for line in room.session.recent.lines)  # the host's table: "Cal …"
    play_round(room)
    assert game.phase in ("round_over", "game_over")


def marked_rows(table: Session) -> list[str]:
    """The names on the seats' rows that say a computer plays them for now."""
    from ui.table.board import seats_region

    html = seats_region(table.view(), table)
    return re.findall(r'<span>([^<]*)</span></strong><span class="away"', html)


def test_a_seat_handed_to_a_computer_is_marked_on_every_guests_phone_at_once() -> None:
    from ui.remote.shadow import guest_app

    room = Room()
    first_turn(room)
    room.host.lost(3)
    room.deliver(room.host.hand_to_computer(3))  # no move yet: the other phones hear of it now
    for seat in (1, 2):
        shown = room.guests[seat].shown
        assert shown is not None and shown.away == (3,)
        assert marked_rows(guest_app(shown, lambda text: None).session) == ["Dee"]
    assert marked_rows(room.session) == ["Dee"]


def test_hostile_away_messages_are_dropped_and_the_word_goes_with_one_view() -> None:
    room = Room()
    first_turn(room)
    guest = room.guests[1]
    view = wire.view_text(room.session.game, 1, room.session.names(), ["a", "b"])
    good = {"t": "away", "s": [3]}
    assert wire.read_host(json.dumps(good)) == wire.Away((3,))
    bad: list[object] = [
        good | {"extra": 1},
        {"t": "away"},
        {"t": "away", "s": 3},
        {"t": "away", "s": [6]},
        {"t": "away", "s": [-1]},
        {"t": "away", "s": [True]},
        {"t": "away", "s": ["3"]},
        {"t": "away", "s": [3, 3]},
        {"t": "away", "s": [0, 1, 2, 3, 4, 5, 0]},
    ]
    for data in bad:
        dropped_then_cleared(guest, data, view)
        assert guest.shown is not None and guest.shown.away == ()
    guest.receive(json.dumps({"t": "away", "s": [5, 3]}))  # seat 5 at a table of four: only Dee's is kept
    guest.receive(view)
    assert guest.shown is not None and guest.shown.away == (3,)
    guest.receive(view)  # the word goes with the one view after it
    assert guest.shown.away == ()


def test_a_reload_asks_for_the_view_again() -> None:
    room = Room()
    before = len(room.sent[3])
    room.send(3, room.guests[3].sync())
    assert len(room.sent[3]) == before + 1 and room.sent[3][-1] == room.sent[3][-2]


def test_the_seating_keeps_the_guests_with_the_save() -> None:
    seating = make(list(PEOPLE), 4, guests=frozenset({1, 3}))
    assert isinstance(seating, Seating) and seating.guests == (1, 3) and seating.passed  # Hana and Cal share one
    alone = make(list(PEOPLE), 4, guests=frozenset({1, 2, 3}))
    assert isinstance(alone, Seating) and not alone.passed and read(alone.to_dict(), 4) == alone
    assert read(seating.to_dict(), 4) == seating
    assert make(list(PEOPLE), 4, guests=frozenset({0, 1, 2, 3})) == (
        "One person plays on this device: it holds the game the guests join."
    )
    for bad in ([0, 1, 2, 3], [3, 1], [5], ["1"], [True], "1", [1, 1]):
        assert read({"people": [list(p) for p in PEOPLE], "guests": bad}, 4) is None
    assert read({"people": [list(p) for p in PEOPLE]}, 4) == Seating(PEOPLE)


def test_the_host_device_is_never_passed_to_a_guest() -> None:
    room = Room()
    session = room.session
    room.computers()
    for _ in range(12):
        assert session.passing is None
        seat = session.game.to_act
        if seat == 0:
            host_turn(room)
        elif seat is not None:
            guest = room.guests[seat]
            room.send(seat, guest.act(Draw() if session.game.phase == "draw" else Discard(guest.shown.view.hand[0])))  # type: ignore[union-attr]
        room.computers()


def test_a_guest_whose_link_is_down_is_told_so_where_its_turn_was_and_can_play_nothing() -> None:
    from ui.remote.shadow import LINK_GONE, LINK_TRYING, guest_app
    from ui.render import page

    _room, game, shown = wests_first_turn()
    sent: list[str] = []
    app = guest_app(shown, sent.append)
    assert "Your turn: draw two cards" in page(app)
    for link, told in (("trying", LINK_TRYING), ("gone", LINK_GONE)):
        app.session.link = link  # type: ignore[attr-defined]  # as the guest's page sets it when the link drops
        html = page(app)
        assert told in html and "Your turn" not in html
        assert re.search(r'data-act="draw"[^>]*disabled', html) and re.search(r'data-act="hint"[^>]*disabled', html)
        app.handle("draw")
        app.handle("hint")
        assert sent == [] and game.phase == "draw" and game.to_act == 1
    app.session.link = ""  # type: ignore[attr-defined]  # the link is back: the turn is the guest's again
    assert "Your turn: draw two cards" in page(app)
    app.handle("draw")
    assert len(sent) == 1


def test_a_guests_menu_offers_only_what_works_on_its_phone() -> None:
    from ui.remote.screen import GUEST_ACTS
    from ui.remote.shadow import guest_app
    from ui.render import page

    room = Room()
    shown = room.guests[1].shown
    assert shown is not None
    app = guest_app(shown, lambda text: None)
    app.handle("sheet", "menu")
    html = page(app)
    offered = set(re.findall(r'<button[^>]*data-act="([^"]+)"', html.split('class="sheet"', 1)[1]))
    assert offered and offered <= GUEST_ACTS  # every button the menu shows does something on a guest's page
    assert "Recent moves" in html and "Rules, settings and saved games are on the host's device." in html
    app.handle("sheet", "moves")
    assert "Recent moves" in page(app)


def test_actions_round_trip_through_the_wire() -> None:
    for text in ("draw", "pickup | 9:9S,9H,9D", "meld 9:9S,9H,9D | @2:KH", "discard QH", "ask", "answer no", "end"):
        message = wire.read_guest(wire.act_text(from_text(text), 7))
        assert isinstance(message, wire.Act) and to_text(message.action) == text and message.moves == 7


def test_a_guest_plays_on_the_same_table_as_today_through_its_taps() -> None:
    from ui.remote.shadow import guest_app
    from ui.render import page

    room, game, shown = wests_first_turn()
    app = guest_app(shown, lambda text: room.send(1, text))
    html = page(app)
    hand = game.players[1].hand
    assert html.count('data-act="card"') == len(hand)  # the seat's own cards, as buttons
    assert "Draw" in html
    app.handle("draw")
    assert len(game.players[1].hand) == len(hand) + 2 or game.phase == "play"
    assert game.phase == "play" and game.to_act == 1
    app.session.show(room.guests[1].shown)  # type: ignore[attr-defined, arg-type]
    html = page(app)
    assert html.count('data-act="card"') == len(game.players[1].hand)
    app.handle("card", "0")
    app.handle("discard")
    assert game.to_act == 2 and len(game.pile) >= 1


def test_a_guests_page_is_the_same_whatever_the_cards_it_cant_see() -> None:
    from ui.remote.shadow import guest_app
    from ui.render import page

    room = Room()
    first_turn(room)
    game, names = room.session.game, room.session.names()
    pages = set()
    for seed in range(3):
        other = shuffled_hidden(game, 1, seed) if seed else game
        shown = wire.read_host(wire.view_text(other, 1, names, ["Hana drew two cards."]))
        assert isinstance(shown, wire.SeatShown)
        pages.add(page(guest_app(shown, lambda text: None)))
    assert len(pages) == 1


def test_a_guests_top_bar_says_where_it_plays_instead_of_the_deal_number() -> None:
    from ui.remote.screen import AT_THE_HOST
    from ui.remote.shadow import guest_app
    from ui.render import assemble, regions, screen_key

    room = Room(deal=517_553_274)
    shown = room.guests[1].shown
    assert shown is not None
    app = guest_app(shown, lambda text: None)
    top = regions(app, in_place_of_deal=AT_THE_HOST)["r-top"]
    assert "At the host&#x27;s table" in top
    assert "deal-number" not in top and "Deal " not in top and "Round 1/4" in top
    assert "deal-number" not in assemble(screen_key(app), regions(app, in_place_of_deal=AT_THE_HOST))
    assert 'Deal <b class="deal-number">' in regions(app)["r-top"]  # without it, the header is as ever


def test_the_seat_chooser_seats_a_guest_on_their_own_phone_under_their_name() -> None:
    from ui.app import App
    from ui.seating.screen import players_screen

    app = App()
    assert app.sit_down([(0, "Hana"), (1, "Bea"), (2, "Cal")], {3: "hard"}, frozenset({1}))
    session = app.session
    assert session.seating.guests == (1,) and session.seat == 0 and session.names()[1] == "Bea"
    assert 1 in session.away  # a computer keeps Bea's seat until her phone joins
    screen = players_screen(session.seating, 4, app.settings.rules())
    assert screen.count('value="guest" selected') == 1 and screen.count('value="person" selected') == 2
    assert 'id="seat-kind-1" name="kind-1"><option value="person">' in screen
    # Everyone on phones of their own leaves nobody to hold the game here.
    assert not app.sit_down([(0, "Hana"), (1, "Bea")], None, frozenset({0, 1}))
    assert app.note is not None and "One person plays on this device" in app.note.text
    saved = read(session.seating.to_dict(), 4)
    assert saved is not None and saved.guests == (1,)


def test_a_guest_invited_into_an_unnamed_seat_is_called_by_the_name_typed_on_their_phone() -> None:
    seating = Seating(((0, "Hana"), (1, "West"), (2, "Cal")), guests=(1, 2))  # West invited from the room
    session = Session(new_game(preset("classic"), 4417), lambda: "normal", seating=seating, seat=0)
    host = Host(session)
    host.join(1)
    host.join(2)
    host.receive(1, wire.hello_text("hana"))  # another person's name: refused
    assert session.names()[1] == "West"
    out = host.receive(1, json.dumps({"t": "hello", "name": " Bea\u202e\u200b  " + "x" * 30}))
    assert session.names()[1] == "Bea " + "x" * 20 and session.dirty  # cleaned: no controls, 24 characters
    shown = wire.read_host(dict(out)[1])
    assert isinstance(shown, wire.SeatShown) and shown.names[1] == session.names()[1]
    host.receive(2, wire.hello_text("Zed"))  # a seat the host named keeps its name
    assert session.names()[2] == "Cal"
    assert host.receive(1, json.dumps({"t": "hello", "name": "<b>" * 2000})) == []  # too long: dropped unread


def test_between_rounds_each_guest_sees_the_rounds_score_line_by_line() -> None:
    from ui.remote.screen import guest_between_rounds
    from ui.sides import score_label
    from ui.table.scores import named
    from ui.widgets import esc

    room = Room()
    assert all(g.last_result() is None for g in room.guests.values())  # nothing to show while the round is on
    play_round(room)
    game = room.session.game
    result = game.results[-1]
    for seat, guest in room.guests.items():
        got = guest.last_result()
        assert got is not None and got.round_index == result.round_index and got.went_out == result.went_out
        assert [[(x.kind, x.label, x.points) for x in t.lines] for t in got.scores] == [
            [(x.kind, x.label, x.points) for x in t.lines] for t in result.scores
        ]
        assert guest.shown is not None
        page = guest_between_rounds(guest.shown.view, guest.shown.names, guest.shown.lines, got)
        mine = seat % 2
        first, second = (f"{t.total:+,}" for t in (result.scores[mine], result.scores[1 - mine]))
        assert page.index(first) < page.index(second)  # the guest's own side first
        assert "This round:" in page and "Round total" in page and "Game total" in page
        for line in result.scores[mine].lines:  # "West's hand" is "Your hand" on West's phone
            assert esc(named(score_label(line.label, ("South", "West", "North", "East")[seat]), PEOPLE_NAMES)) in page
        if result.went_out is not None:
            who = "You" if result.went_out == seat else room.session.names()[result.went_out]
            assert f"{who} went out." in page
    # The result is sent with the view once: a view unchanged sends nothing again; a sync sends both again.
    assert room.host.views() == []
    before = len(room.sent[2])
    room.send(2, wire.sync_text())
    kinds = [json.loads(t)["t"] for t in room.sent[2][before:]]
    assert kinds[-1] == "view" and kinds.count("result") == 1  # the view last: an older guest's note is cleared


def test_a_hostile_result_is_dropped_and_a_result_for_another_round_is_not_shown() -> None:
    room = Room()
    play_round(room)
    good = json.loads(wire.result_text(room.session.game.results[-1]))
    bad: list[object] = [
        good | {"extra": 1},
        good | {"round": -1},
        good | {"round": True},
        good | {"out": 7},
        good | {"out": "1"},
        good | {"scores": []},
        good | {"scores": [[]] * 7},
        good | {"scores": [[["books", "x", 10]] * 25, []]},
        good | {"scores": [[["hacked", "x", 10]], []]},
        good | {"scores": [[["books", "", 10]], []]},
        good | {"scores": [[["books", "x" * 81, 10]], []]},
        good | {"scores": [[["books", "a\u202eb", 10]], []]},
        good | {"scores": [[["books", "x", 10**8]], []]},
        good | {"scores": [[["books", "x", 1.5]], []]},
        good | {"scores": [[["books", "x"]], []]},
    ]
    guest = room.guests[1]
    kept = guest.last_result()
    for data in bad:
        assert wire.read_host(json.dumps(data)) is None, data
        guest.receive(json.dumps(data))
        assert guest.last_result() == kept
    guest.receive(json.dumps(good | {"round": 3}))  # read, but for a round the guest isn't shown
    assert guest.result is not None and guest.last_result() is None
    guest.receive(json.dumps(good | {"scores": good["scores"][:1] * 3}))  # three sides at a table of two
    assert guest.last_result() is None


def test_score_lines_that_name_a_seat_name_its_person() -> None:
    from ui.table.scores import named

    assert named("East's foot", PEOPLE_NAMES) == "Dee's foot"
    assert named("Two red 3s in North's hand", PEOPLE_NAMES) == "Two red 3s in Cal's hand"
    assert named("East's foot", None) == "East's foot" and named("Melded cards", PEOPLE_NAMES) == "Melded cards"
    # One pass: a person called East in South's seat doesn't turn into Dee.
    assert named("South's hand", ("East", "Bea", "Cal", "Dee")) == "East's hand"
    assert named("West's knee", ("South", "West", "North", "East")) == "West's knee"


def test_the_hosts_round_end_in_a_game_together_names_each_seats_cards_by_its_person() -> None:
    from ui.table.scores import round_over_panel

    room = Room()
    play_round(room)
    game = room.session.game
    labels = [line.label for t in game.results[-1].scores for line in t.lines if line.kind == "leftover"]
    assert labels  # someone was left holding cards
    page = round_over_panel(game, 0, list(PEOPLE_NAMES))
    for compass in ("South", "West", "North", "East"):
        assert f"{compass}&#x27;s " not in page
    assert any(f"{p}&#x27;s " in page for p in PEOPLE_NAMES)


def test_a_guest_can_ask_why_a_computer_moved_and_sees_only_what_the_host_table_shows() -> None:
    from ui.remote.shadow import guest_app
    from ui.table.dock import status_tools
    from ui.table.sheets import moves_list
    from ui.widgets import esc

    room = Room(guests=(1, 3))  # North (seat 2) is a computer
    asked = []

    def check(room: Room) -> None:
        host_lines = room.session.recent.lines
        for seat, guest in room.guests.items():
            shown = guest.shown
            assert shown is not None
            if list(shown.lines) != [line.told_to(seat) for line in host_lines][-wire.MAX_LINES:]:
                continue  # this guest's view hasn't changed since (it is sent only when it does)
            expected = [line.reason for line in host_lines][-wire.MAX_LINES:]
            assert list(shown.reasons) == (expected if any(expected) else [])
            for line, why in zip(host_lines[-wire.MAX_LINES:], shown.reasons or [""] * len(shown.lines), strict=True):
                assert why == line.reason  # the public "Why?", never the whole reasoning
                if line.full and line.full != line.reason:
                    assert why != line.full
        guest = room.guests[1]
        if guest.shown is not None and any(guest.shown.reasons) and not asked:
            app = guest_app(guest.shown, lambda text: None)
            latest = app.session.recent.lines[-1]
            if latest.reason:
                assert "Why?" in status_tools(app.session)
                app.handle("why", str(latest.number))
                assert app.session.recent.why == latest.number
                assert esc(latest.reason) in moves_list(app.session)
                # A later view renumbers the lines (the oldest drops off): the open "Why?" stays on its move.
                shown = guest.shown
                later = replace(shown, lines=(*shown.lines[1:], "Dee drew 2."), reasons=(*shown.reasons[1:], ""))
                app.session.show(later)  # type: ignore[attr-defined]
                moved = app.session.recent.why_line()
                assert moved is not None and moved.number == latest.number - 1
                assert (moved.text, moved.reason) == (latest.text, latest.reason)
                gone = replace(shown, lines=("Dee drew 2.",), reasons=())
                app.session.show(gone)  # type: ignore[attr-defined]
                assert app.session.recent.why is None  # its move is no longer listed: closed
                asked.append(latest.text)

    play_round(room, check)
    assert asked  # a computer's move was asked about on a guest's phone
    assert any(line.full and line.full != line.reason for line in room.session.recent.lines)  # hidden parts kept home


def dropped_then_cleared(guest: Guest, data: object, view: str) -> None:
    """A host message that is not one exactly: read as nothing, the guest says it couldn't read it, and the
    view after it clears that note."""
    assert wire.read_host(json.dumps(data)) is None, data
    guest.receive(json.dumps(data))
    assert guest.note == CANT_READ
    guest.receive(view)
    assert guest.note == ""


def test_hostile_reasons_are_dropped_and_reasons_that_dont_fit_the_view_are_not_shown() -> None:
    room = Room()
    first_turn(room)
    guest = room.guests[1]
    view = wire.view_text(room.session.game, 1, room.session.names(), ["a", "b"])
    good = {"t": "why", "r": ["", "Because."]}
    assert isinstance(wire.read_host(json.dumps(good)), wire.Reasons)
    bad: list[object] = [
        good | {"extra": 1},
        {"t": "why"},
        {"t": "why", "r": "Because."},
        {"t": "why", "r": [1, 2]},
        {"t": "why", "r": ["x"] * (wire.MAX_LINES + 1)},
        {"t": "why", "r": ["x" * (wire.MAX_REASON + 1)]},
        {"t": "why", "r": ["a\u202eb"]},
        {"t": "why", "r": ["line\nbreak"]},
    ]
    for data in bad:
        dropped_then_cleared(guest, data, view)
        assert guest.shown is not None and guest.shown.reasons == ()
    guest.receive(json.dumps(good))
    guest.receive(view)
    assert guest.shown is not None and guest.shown.reasons == ("", "Because.")
    guest.receive(json.dumps({"t": "why", "r": ["Because."]}))  # one reason for two lines: not shown
    guest.receive(view)
    assert guest.shown is not None and guest.shown.reasons == ()
    guest.receive(view)  # the reasons go with the one view after them
    assert guest.shown.reasons == ()


# ----- a guest takes back its melds of the turn ---------------------------------------------


def guest_melds(room: Room, deals: range = range(4417, 4480)) -> tuple[Room, int, tuple[int, ...]]:
    """A room where a guest has just melded in its turn (through its link): the room, the seat and its hand
    before the meld."""
    from engine.actions import Meld

    for deal in deals:
        room = Room(deal=deal)
        game = room.session.game
        for _ in range(400):
            if game.phase in ("round_over", "game_over"):
                break
            room.computers()
            seat = game.to_act
            if seat == 0:
                host_turn(room)
                continue
            if seat not in room.guests:
                continue
            guest = room.guests[seat]
            action = guest_choice(guest)
            moves, hand = len(game.history), tuple(game.players[seat].hand)
            room.send(seat, guest.act(action))
            if isinstance(action, Meld) and len(game.history) > moves and game.to_act == seat:
                return room, seat, hand
            if len(game.history) == moves:
                room.send(seat, guest.act(Draw() if game.phase == "draw" else Discard(game.players[seat].hand[0])))
    raise AssertionError("no guest melded in its turn")


def test_a_guest_takes_back_its_melds_of_the_turn_as_the_hosts_own_undo_does() -> None:
    from ui.remote.shadow import guest_app
    from ui.render import page

    room, seat, hand = guest_melds(Room())
    game = room.session.game
    guest = room.guests[seat]
    assert guest.shown is not None and guest.shown.can_undo  # the host said so, just before the view
    assert sorted(game.players[seat].hand) != sorted(hand)
    melds_before = [len(t.melds) for t in game.teams]
    app = guest_app(guest.shown, lambda text: room.send(seat, text))
    assert 'data-act="undo"' in page(app)  # the guest's Undo, as on the host's own table
    app.handle("undo")
    assert app.note is not None and "Asked the host" in app.note.text
    # The host took the melds back: the cards are in the guest's hand again, the drawn ones too.
    game = room.session.game  # the game as it was after the draw, one take-back more
    assert sorted(game.players[seat].hand) == sorted(hand) and game.takebacks == 1
    assert sum(len(t.melds) for t in game.teams) < sum(melds_before) and game.to_act == seat
    assert sorted(guest.shown.view.hand) == sorted(hand) and not guest.shown.can_undo
    assert any("took back this turn's melds" in line for line in guest.shown.lines)
    app.session.show(guest.shown)  # type: ignore[attr-defined]
    assert 'data-act="undo"' not in page(app)
    # Asked again with nothing to take back: refused in words, and nothing changes.
    before = game.snapshot()
    room.send(seat, guest.undo())
    assert guest.note == "There is nothing to take back now." or "haven't melded" in guest.note
    assert game.snapshot() == before
    play_round(room)  # and the round plays on to its end
    assert room.session.game.phase in ("round_over", "game_over")


def test_a_take_back_out_of_turn_or_on_a_table_that_moved_on_is_refused() -> None:
    room, seat, _ = guest_melds(Room())
    game = room.session.game
    before = game.snapshot()
    other = next(s for s in room.guests if s != seat)
    room.send(other, room.guests[other].undo())  # not its turn: it has no melds of this turn to take back
    assert room.guests[other].note == NOT_YOUR_TURN and game.snapshot() == before
    assert room.guests[other].shown is not None and not room.guests[other].shown.can_undo
    room.send(seat, wire.undo_text(len(game.history) - 1))  # made on the table before its meld
    assert room.guests[seat].note == MOVED_ON and game.snapshot() == before
    # A guest that can't take back (the host sent no word of it) gets a sentence at its own table, sends nothing.
    from ui.remote.shadow import guest_app

    shown = room.guests[seat].shown
    assert shown is not None
    sent: list[str] = []
    app = guest_app(replace(shown, can_undo=False), sent.append)
    app.handle("undo")
    assert sent == [] and app.note is not None and app.note.kind == "error"


def test_undo_messages_are_read_strictly() -> None:
    assert wire.read_guest(wire.undo_text(41)) == wire.Undo(41)
    for bad in ('{"t":"undo"}', '{"t":"undo","n":-1}', '{"t":"undo","n":true}', '{"t":"undo","n":1.0}',
                '{"t":"undo","n":1,"seat":2}', '{"t":"undo","n":"1"}', '{"t":"undo","n":10000000}'):
        assert wire.read_guest(bad) is None, bad
    assert wire.read_host(wire.may_undo_text()) == wire.MayUndo()
    for bad in ('{"t":"may_undo","seat":1}', '{"t":"may_undo","ok":false}'):
        assert wire.read_host(bad) is None, bad
    # The word holds for the view that comes next only.
    room = Room()
    guest = room.guests[1]
    view = room.sent[1][-1]
    guest.receive(wire.may_undo_text())
    guest.receive(view)
    assert guest.shown is not None and guest.shown.can_undo
    guest.receive(view)
    assert not guest.shown.can_undo


# ----- each table tells the moves from its own seat -------------------------------------------


def test_each_guests_moves_say_you_for_its_own_and_name_everyone_else() -> None:
    from ui.remote.shadow import guest_app

    room = Room(guests=(1, 3))  # North (seat 2) is a computer
    play_round(room, steps=12, to_end=False)
    host_lines = room.session.recent.lines
    # The host's own table: its person is "You"; the guests go by their names.
    assert any(line.seat == 0 and line.text.startswith("You ") for line in host_lines)
    assert any(line.seat == 1 and line.text.startswith("Bea ") for line in host_lines)
    assert not any(line.seat != 0 and line.text.startswith("You ") for line in host_lines)
    for seat, guest in room.guests.items():
        shown = guest.shown
        assert shown is not None and len(shown.seats) == len(shown.lines)
        me = PEOPLE_NAMES[seat]
        for line, whose in zip(shown.lines, shown.seats, strict=True):
            if whose == seat:
                assert line.startswith("You ") and me not in line, line
            else:
                assert not line.startswith("You "), line
        assert any(whose == seat for whose in shown.seats)  # it moved in the lap shown
        assert any(line.startswith("Hana ") for line in shown.lines)  # the host's person, by name
        # The seats' boxes on the guest's phone say what each seat did last, as the host's table does.
        app = guest_app(shown, lambda text: None)
        for other in range(4):
            assert app.session.recent.seat_turn(other) == room.session.recent.seat_turn(other)
        assert any(app.session.recent.seat_turn(other) for other in range(4))
    # A computer's whole turn on a guest's status line, too long in sentences, is told in brief, as on the host's.
    from ui.remote.shadow import guest_app
    from ui.table.dock import BRIEF_CHARS, live_text

    briefs = 0
    for _ in range(60):
        play_round(room, steps=1, to_end=False)
        room.computers()  # North, a computer, has just played when a guest is to act
        if room.session.game.phase not in ("draw", "play", "answer"):
            break
        shown = room.guests[1].shown
        assert shown is not None
        app = guest_app(shown, lambda text: None)
        latest = app.session.recent.lines[-1]
        said = live_text(app.session)
        if latest.reason and latest.seat is not None:
            name = room.session.names()[latest.seat]
            assert said.startswith(name + " ") and (len(said) <= BRIEF_CHARS or said == latest.text), said
            turn = app.session.recent.seat_turn(latest.seat)
            briefs += turn in said
    assert briefs  # at least once the brief came from the seat's moves in few words


def test_moves_told_to_the_host_alone_are_not_sent_to_a_guest_who_joins_later() -> None:
    people = ((0, "Hana"),)
    session = Session(new_game(preset("classic"), 4417), lambda: "normal", seating=Seating(people), seat=0)
    while session.game.to_act != 1:  # the host plays alone: its lines say "You" for the host
        if session.bot_to_act():
            session.bot_step()
        else:
            view = session.view()
            bot = make_bot("easy", 0, 1)
            session.play((bot.answer(view) if session.game.phase == "answer" else bot.decide(view)).action)
    assert any(line.text.startswith("You ") for line in session.recent.lines)
    session.seat_people(Seating(((0, "Hana"), (1, "Bea")), guests=(1,)), 0)
    host = Host(session)
    guest = Guest()
    for _seat, text in host.join(1):
        guest.receive(text)
    assert guest.shown is not None and guest.shown.lines == ()  # none of them says "You" meaning Hana
    text = guest.act(Draw())
    for _seat, reply in host.receive(1, text):
        guest.receive(reply)
    assert guest.shown.lines[-1].startswith("You drew") and guest.shown.seats == (1,)


def test_the_lines_told_to_each_seat_are_kept_with_the_save_and_read_back_strictly() -> None:
    from ui.table.moves import Line

    room = Room()
    first_turn(room)
    session = room.session
    text = session.lines_data()
    restored = Session(session.game.copy(), lambda: "normal", seating=session.seating, seat=0)
    assert restored.restore_lines(text)
    assert [line.told for line in restored.recent.lines] == [line.told for line in session.recent.lines]
    assert all(len(line.told) == 4 for line in restored.recent.lines)
    good = session.recent.lines[-1].to_dict()
    assert Line.from_dict(good, 4) == session.recent.lines[-1]
    for told in ("You drew.", ["a", "b"], [1, 2, 3, 4], ["x" * 3000, "", "", ""], {"0": "a"}):
        assert Line.from_dict(good | {"told": told}, 4) is None, told


def test_hostile_movers_are_dropped_and_movers_that_dont_fit_the_view_are_not_used() -> None:
    room = Room()
    first_turn(room)
    guest = room.guests[1]
    view = wire.view_text(room.session.game, 1, room.session.names(), ["a", "b"])
    good = {"t": "who", "s": [0, None], "short": ["drew 2 · discarded 9♣", ""]}
    assert wire.read_host(json.dumps(good)) == wire.Movers((0, None), ("drew 2 · discarded 9♣", ""))
    bad: list[object] = [
        good | {"extra": 1},
        {"t": "who", "s": [0, None]},
        {"t": "who", "s": [0], "short": ["a", "b"]},
        {"t": "who", "s": [6, 0], "short": ["a", "b"]},
        {"t": "who", "s": [-1, 0], "short": ["a", "b"]},
        {"t": "who", "s": [True, 0], "short": ["a", "b"]},
        {"t": "who", "s": ["0", 0], "short": ["a", "b"]},
        {"t": "who", "s": "0,1", "short": ["a", "b"]},
        {"t": "who", "s": [0, 1], "short": ["a\u202eb", "b"]},
        {"t": "who", "s": [0] * (wire.MAX_LINES + 1), "short": ["a"] * (wire.MAX_LINES + 1)},
        {"t": "who", "s": [0, 1], "short": ["x" * (wire.MAX_LINE + 1), "b"]},
    ]
    for data in bad:
        dropped_then_cleared(guest, data, view)
        assert guest.shown is not None and guest.shown.seats == ()
    guest.receive(json.dumps(good))
    guest.receive(view)
    assert guest.shown is not None and guest.shown.seats == (0, None)
    guest.receive(json.dumps({"t": "who", "s": [5, 0], "short": ["a", "b"]}))  # seat 5 at a table of four
    guest.receive(view)
    assert guest.shown.seats == () and guest.shown.shorts == ()
    guest.receive(json.dumps({"t": "who", "s": [0], "short": ["a"]}))  # one mover for two lines: not used
    guest.receive(view)
    assert guest.shown.seats == ()
    guest.receive(json.dumps(good))
    guest.receive(view)
    guest.receive(view)  # the movers go with the one view after them
    assert guest.shown.seats == ()


def test_a_browser_without_webrtc_says_so_in_the_room_and_offers_no_invitation() -> None:
    from ui.remote import screen
    from ui.widgets import esc

    names = list(PEOPLE_NAMES)
    room = screen.Room()
    room.note = screen.BAD_ANSWER  # a note of the room's own gives way to why no link can be made at all
    linked = screen.room_panel(room, names, frozenset({0}), set())
    assert linked.count('data-room="invite"') == 3 and "data-scan-qr" in linked
    alone = screen.room_panel(room, names, frozenset({0}), set(), linkable=False)
    assert esc(screen.NO_LINKS) in alone and 'role="alert"' in alone
    assert 'data-room="invite"' not in alone and "data-scan-qr" not in alone  # joining needs WebRTC too
    assert all(esc(name) in alone for name in names[1:])  # the seats are still listed: a computer plays them
    stuck = screen.guest_joining("", screen.NO_LINKS_GUEST)
    assert "WebRTC" in stuck and 'href="./"' in stuck  # and a way to this phone's own game
