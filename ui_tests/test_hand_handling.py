"""A hand that handles as card-app players expect (issue 29, item 12): the hand order chosen in Settings,
cards moved by dragging (in the hand, onto the staging area or a meld), sound cues, "Report this hand"."""

from __future__ import annotations

import json
import random
from collections import Counter

from engine import cards as C
from engine.actions import Discard, Meld, MeldPlay
from engine.rules import preset
from engine.serialize import from_dict
from engine.state import Game
from tests.helpers import position_where
from ui.app import App
from ui.settings.model import Settings, load_settings
from ui.settings.screen import settings_screen
from ui.table import report
from ui.table.cues import PLAY, TURN, cue_after_move
from ui.table.dock import hand_region
from ui.table.order import arranged
from ui.table.sheets import sheet_region
from ui.widgets import card_label

SPADES, HEARTS, CLUBS, DIAMONDS = 3, 2, 0, 1


def south_to_play(settings: Settings | None = None, deal: int = 11) -> App:
    """An app whose South has drawn and is to play (the computers moved first where they sat first)."""
    app = App(settings or Settings(), rng=random.Random(1))
    app.new_game(deal)
    for _ in range(50):
        if app.bot_to_act():
            app.bot_step()
        elif app.game.phase == "draw":
            app.handle("draw")
        else:
            break
    assert app.human_to_act() and app.game.phase == "play"
    return app


# ----- hand order -------------------------------------------------------------------------------


def test_the_hand_order_is_stored_with_the_settings_and_read_strictly() -> None:
    chosen = Settings().with_change("hand_order", "suit-wild-first").with_change("sound", True)
    again = load_settings(chosen.to_json(3))
    assert (again.hand_order, again.sound) == ("suit-wild-first", True)
    for bad in ("diagonal", 3, None, ["suit"], {"a": 1}):
        assert load_settings(json.dumps({"hand_order": bad, "sound": "yes"})) == Settings()
    assert (Settings().hand_order, Settings().sound) == ("rank", False)  # sound is off until turned on


def test_sorting_by_suit_groups_suits_and_puts_wild_cards_first_when_asked() -> None:
    hand = [C.make(9, HEARTS), C.JOKER, C.make(4, SPADES), C.make(2, CLUBS), C.make(13, HEARTS), C.make(4, CLUBS)]
    assert arranged(hand, "suit") == [
        C.make(4, SPADES), C.make(9, HEARTS), C.make(13, HEARTS), C.make(4, CLUBS), C.JOKER, C.make(2, CLUBS)
    ]
    assert arranged(hand, "rank-wild-first") == [
        C.JOKER, C.make(2, CLUBS), C.make(4, CLUBS), C.make(4, SPADES), C.make(9, HEARTS), C.make(13, HEARTS)
    ]
    assert arranged(hand, "rank") == C.sorted_hand(hand)  # the order the table always had


def test_the_table_and_the_hint_use_the_order_chosen() -> None:
    app = south_to_play(Settings(hand_order="suit-wild-first"))
    shown = app.shown_hand()
    assert shown == arranged(app.view().hand, "suit-wild-first") != C.sorted_hand(shown)
    page = hand_region(app.view(), app.session)
    starts = [i for i in range(len(page)) if page.startswith('data-act="card"', i)]
    labels = [page[i:].split('aria-label="', 1)[1].split('"', 1)[0] for i in starts]
    assert labels == [card_label(c).replace("&", "&amp;") for c in shown]  # the buttons in that order
    # A hint's cards are found in the hand by the same order (``Session.positions``).
    some = (shown[-1], shown[0], shown[len(shown) // 2])
    assert sorted(shown[i] for i in app.session.positions(some)) == sorted(some)
    app.handle("hint")
    action = app.hint_action
    assert action is not None
    got = Counter(app.selected_cards()) + Counter(c for s in app.staged for c in s.cards)
    if isinstance(action, Discard):
        assert got == Counter([action.card])
    else:
        plays = action.plays if app.staged else action.plays[:1]  # type: ignore[attr-defined]
        assert got == Counter(c for p in plays for c in p.cards)


def test_changing_the_order_in_settings_sorts_the_hand_keeping_the_selection() -> None:
    app = south_to_play()
    app.handle("card", "0")
    card = app.selected_cards()
    app.change_setting("hand_order", "suit")
    assert app.shown_hand() == arranged(app.view().hand, "suit")
    assert app.selected_cards() == card


def test_settings_offer_the_order_and_the_sound_switch() -> None:
    page = settings_screen(Settings(), False, Game(Settings().rules(), 5))
    assert 'data-setting="hand_order"' in page and "By suit, wild cards first" in page
    assert 'data-setting="sound"' in page and 'id="set-sound" data-setting="sound">' in page  # unchecked


# ----- dragging -----------------------------------------------------------------------------------


def test_a_card_dragged_in_the_hand_stays_where_it_was_put_until_sorted_again() -> None:
    app = south_to_play()
    before = app.shown_hand()
    last = len(before) - 1
    app.handle("card", str(last))
    app.handle("move-card", f"{last}-0")
    after = app.shown_hand()
    assert after == before[-1:] + before[:-1]
    assert app.selected == [0] and app.selected_cards() == [before[-1]]  # the selection follows its card
    assert 'data-act="sort-hand"' in hand_region(app.view(), app.session)
    # The order stays through the turn: a discard, the computers' turns and the next draw, whose cards
    # come after the ones placed.
    app.handle("clear")
    app.handle("card", "1")
    app.handle("discard")
    kept = after[:1] + after[2:]
    for _ in range(80):
        if app.bot_to_act():
            app.bot_step()
        elif app.game.phase == "draw":
            app.handle("draw")
            break
    hand = app.shown_hand()
    assert hand[: len(kept)] == kept and hand[: len(kept)] != C.sorted_hand(kept)
    assert hand[len(kept):] == C.sorted_hand(hand[len(kept):]) and len(hand) > len(kept)
    app.handle("sort-hand")
    assert app.shown_hand() == C.sorted_hand(hand)
    assert 'data-act="sort-hand"' not in hand_region(app.view(), app.session)


def test_a_drag_with_bad_positions_changes_nothing() -> None:
    app = south_to_play()
    before = app.shown_hand()
    for arg in ("0-99", "x-1", "-1", "1-", "3-3", "00000-1", "1-2-3"):
        app.handle("move-card", arg)
    for arg in ("0 pile 1", "99 discard 0", "99 meld 0", "0 meld", "0 meld 99", "0 eval 1"):
        app.handle("drop", arg)
    assert app.shown_hand() == before and app.session.own_order is None
    assert app.game.phase == "play" and len(app.view().hand) == len(before)


def find_triple_to_stage() -> tuple[App, list[int]]:
    """South to play before the side's first meld, holding three natural cards of one rank."""
    for deal in range(1, 200):
        app = south_to_play(deal=deal)
        if app.game.teams[app.game.team_of(app.seat)].opened:
            continue
        hand = app.shown_hand()
        counts = Counter(C.rank(c) for c in hand if not C.is_wild(c) and not C.is_red_three(c))
        rank = next((r for r, n in counts.items() if n >= 3 and r != 3), None)
        if rank is not None:
            return app, [i for i, c in enumerate(hand) if C.rank(c) == rank and not C.is_wild(c)][:3]
    raise AssertionError("no deal found")


def test_a_card_dropped_on_the_staging_area_stages_it_with_the_selection() -> None:
    app, (a, b, c) = find_triple_to_stage()
    cards = sorted(app.shown_hand()[i] for i in (a, b, c))
    app.handle("card", str(a))
    app.handle("card", str(b))
    app.handle("drop", f"{c} new-meld 0")
    assert len(app.staged) == 1 and sorted(app.staged[0].cards) == cards
    assert app.selected == []


def test_a_card_dropped_on_a_meld_is_added_to_it() -> None:
    def fits(game: Game) -> bool:
        if game.to_act != 0 or game.phase != "play":
            return False
        return any(game.is_legal(Meld((MeldPlay((c,), meld=m),))) for c in set(game.players[0].hand)
                   for m in range(len(game.teams[game.team_of(0)].melds)))

    app = App(Settings(), rng=random.Random(1))
    app.resume_game(from_dict(position_where(preset("classic"), range(1, 40), 3000, fits)))
    game = app.game
    melds = game.teams[game.team_of(0)].melds
    card, m = next((c, m) for c in app.shown_hand() for m in range(len(melds))
                   if game.is_legal(Meld((MeldPlay((c,), meld=m),))))
    size, held = len(melds[m].cards), Counter(app.view().hand)[card]
    app.handle("drop", f"{app.shown_hand().index(card)} meld {m}")
    assert len(app.game.teams[app.game.team_of(0)].melds[m].cards) == size + 1
    assert Counter(app.view().hand)[card] == held - 1


# ----- sound ---------------------------------------------------------------------------------------


def test_a_computer_move_sounds_and_the_turn_handed_to_the_player_has_its_own_cue() -> None:
    app = App(Settings(), rng=random.Random(1))
    app.new_game(11)
    cues = []
    for _ in range(60):
        if app.bot_to_act():
            app.bot_step()
            cues.append(cue_after_move(app.game, app.humans))
            if app.human_to_act():
                break
        else:
            app.handle("draw")
            assert cue_after_move(app.game, app.humans) == ""  # the player's own move makes no sound
            app.handle("card", "0")
            app.handle("discard")
    assert cues and set(cues[:-1]) <= {PLAY} and cues[-1] == TURN


# ----- report this hand ----------------------------------------------------------------------------


def test_the_report_holds_the_deal_rules_version_and_moves_in_the_save_notation() -> None:
    app = south_to_play(Settings(preset="pagat", house={}))
    report.set_version("0.1.0 (abc1234)")
    report.set_version("<script>" * 20)  # too long: the version read before stays
    text = report.report_text(app.session)
    game = app.game
    assert f"Deal: {game.deal_number:,}" in text
    assert "Pagat" in text and "App version: 0.1.0 (abc1234)" in text
    assert " ".join(game.history) in text and f"Moves so far ({len(game.history)})" in text
    box = sheet_region("report", "table", app.session)
    assert "<textarea" in box and "let the app copy it: select the text below" in box
    assert f"Deal: {game.deal_number:,}" in box.split("<textarea", 1)[1]
    assert "Copied." in sheet_region("report-copied", "table", app.session)
    assert 'data-act="report"' in sheet_region("menu", "table", app.session)


def test_a_card_dropped_on_the_pile_is_discarded_alone() -> None:
    app = south_to_play()
    hand = app.shown_hand()
    app.handle("card", "0")
    app.handle("drop", "2 discard 0")
    assert app.game.pile[-1] == hand[2] and len(app.view().hand) == len(hand) - 1
