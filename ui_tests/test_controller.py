"""The app's state machine in CPython: taps become engine actions, refusals become sentences."""

from __future__ import annotations

import json
import random
import re
from collections import Counter

from engine import cards as C
from engine.rules import preset
from engine.serialize import from_dict
from engine.state import Game
from engine.views import view_for
from ui.app import App as Controller
from ui.render import page
from ui.settings.model import Settings
from ui.sides import SOUTH as HUMAN
from ui_tests.helpers import play_out_round


def controller(deal: int, name: str = "classic") -> Controller:
    ctrl = Controller(Settings(preset=name), rng=random.Random(1))
    ctrl.new_game(deal)
    return ctrl


def positions(ctrl: Controller, cards: list[int]) -> list[int]:
    hand, need, out = ctrl.shown_hand(), Counter(cards), []
    for i, c in enumerate(hand):
        if need[c] > 0:
            need[c] -= 1
            out.append(i)
    return out


def select(ctrl: Controller, cards: list[int]) -> None:
    for i in positions(ctrl, cards):
        ctrl.handle("card", str(i))


def opening_deal() -> tuple[int, list[int], list[int]]:
    rules = preset("classic")
    for deal in range(1, 2000):
        hand = view_for(Game(rules, deal), 0).hand
        groups: dict[int, list[int]] = {}
        for c in hand:
            if not C.is_wild(c) and C.rank(c) >= 4:
                groups.setdefault(C.rank(c), []).append(c)
        triples = [cards[:3] for cards in groups.values() if len(cards) >= 3]
        for a in triples:
            for b in triples:
                va, vb = (sum(rules.value(C.rank(c)) for c in t) for t in (a, b))
                if a != b and va < 50 and vb < 50 and va + vb >= 50:
                    return deal, a, b
    raise AssertionError("no opening deal")


def test_discard_needs_exactly_one_card_and_a_draw_first() -> None:
    ctrl = controller(77)
    ctrl.handle("discard")
    assert ctrl.note is not None and ctrl.note.kind == "error"
    ctrl.handle("card", "0")
    ctrl.handle("discard")
    assert ctrl.note.text == "Draw or pick up the pile first."
    assert ctrl.game.history == []
    ctrl.handle("draw")
    assert ctrl.game.history == ["draw"]


def test_staged_first_meld_goes_down_as_one_action() -> None:
    deal, a, b = opening_deal()
    ctrl = controller(deal)
    ctrl.handle("draw")
    select(ctrl, a)
    ctrl.handle("new-meld")
    assert len(ctrl.staged) == 1 and ctrl.staged_total() < 50
    assert all(c in ctrl.view().hand for c in a)  # staged cards stay in the real hand
    ctrl.handle("lay-down")
    assert ctrl.note is not None and "at least 50" in ctrl.note.text
    select(ctrl, b)
    ctrl.handle("new-meld")
    assert ctrl.staged_total() >= 50
    ctrl.handle("lay-down")
    assert ctrl.staged == []
    assert ctrl.game.history[-1].startswith("meld ") and "|" in ctrl.game.history[-1]
    assert len(ctrl.view().teams[0].melds) == 2


def test_a_tap_on_our_meld_with_nothing_selected_reads_the_chip_out_and_changes_nothing() -> None:
    deal, a, b = opening_deal()
    ctrl = controller(deal)
    ctrl.handle("draw")
    for cards in (a, b):
        select(ctrl, cards)
        ctrl.handle("new-meld")
    ctrl.handle("lay-down")
    meld = ctrl.view().teams[0].melds[0]
    history, hand = list(ctrl.game.history), ctrl.shown_hand()
    ctrl.handle("meld", str(meld.index))
    assert ctrl.note is not None and ctrl.note.kind == "info"
    faces = " ".join(C.label(c) for c in meld.cards)
    assert ctrl.note.text.startswith(f"Your meld of {C.rank_name(meld.rank, plural=True)}, {len(meld.cards)} cards")
    assert f"({faces})" in ctrl.note.text and "select cards, then tap it" in ctrl.note.text
    assert ctrl.game.history == history and ctrl.shown_hand() == hand


def test_take_back_returns_staged_cards() -> None:
    deal, a, _ = opening_deal()
    ctrl = controller(deal)
    ctrl.handle("draw")
    size = len(ctrl.shown_hand())
    select(ctrl, a)
    ctrl.handle("new-meld")
    assert len(ctrl.shown_hand()) == size - 3
    ctrl.handle("unstage", "0")
    assert len(ctrl.shown_hand()) == size and ctrl.staged == []


def test_a_bad_stage_is_refused_with_the_engine_sentence() -> None:
    ctrl = controller(77)
    ctrl.handle("draw")
    ctrl.handle("card", "0")
    ctrl.handle("new-meld")
    assert ctrl.staged == []
    assert ctrl.note is not None and ctrl.note.text == "A meld needs at least three cards."


def after_my_first_turn(deal: int) -> Controller:
    """South draws and discards the first card of the hand: the computer players are to act."""
    ctrl = controller(deal)
    for act, arg in (("draw", ""), ("card", "0"), ("discard", "")):
        ctrl.handle(act, arg)
    return ctrl


def test_bots_play_until_the_human_and_saves_reload() -> None:
    ctrl = after_my_first_turn(42)
    assert ctrl.bot_to_act()
    while ctrl.bot_to_act():
        line = ctrl.bot_step()
        assert line is None or line.text
    assert ctrl.human_to_act() or ctrl.game.phase in ("round_over", "game_over")
    assert any(line.reason for line in ctrl.lines)
    again = Controller(Settings())
    again.resume(ctrl.save_data())
    assert again.game == ctrl.game
    assert from_dict(json.loads(ctrl.save_data())) == ctrl.game


def test_whole_round_then_replay_and_next_round() -> None:
    ctrl = controller(42)
    first_hand = ctrl.view().hand
    play_out_round(ctrl, 2000, each=page)
    assert ctrl.game.phase == "round_over"
    us, them = (ctrl.game.results[-1].scores[t].total for t in (0, 1))
    assert f'<p class="glance">This round: <b>Us {us:+,}</b> · <b>Them {them:+,}</b></p>' in page(ctrl)
    ctrl.handle("show-hands")
    shown = page(ctrl)
    assert ctrl.screen == "hands" and "All hands" in shown
    game = ctrl.game
    for seat, player in enumerate(game.players):
        block = shown.split("<h3>")[seat + 1]
        if seat == game.went_out:
            assert "<p>Went out.</p>" in block
        elif player.hand:  # the cards as a player holds them: ranks up, wild cards last
            held = block.split("</p>")[0]
            assert re.findall(r'aria-label="([^"]+)"', held) == [C.name(c) for c in C.sorted_hand(player.hand)]
            assert ("In hand, from the foot:" in held) == player.foot_taken
    ctrl.handle("replay")
    assert ctrl.view().hand == first_hand and ctrl.game.round_index == 0
    assert ctrl.game.history == []


def test_hint_selects_the_suggested_cards() -> None:
    ctrl = controller(9)
    ctrl.handle("hint")
    assert ctrl.note is not None and ctrl.note.text.startswith("Hint: ")


def test_the_human_cannot_act_on_a_computer_turn() -> None:
    ctrl = controller(42)
    ctrl.handle("draw")
    ctrl.handle("card", "0")
    ctrl.handle("discard")
    moves = list(ctrl.game.history)
    ctrl.handle("draw")
    assert ctrl.game.history == moves
    assert ctrl.note is not None and "Wait for your turn" in ctrl.note.text
    assert ctrl.game.to_act != HUMAN


def test_bad_resume_raises_and_keeps_the_game() -> None:
    ctrl = controller(5)
    game = ctrl.game
    for data in ("nonsense{", '{"schema": 1}', "[]"):
        try:
            ctrl.resume(data)
        except ValueError as err:
            assert str(err).endswith(".")
        else:
            raise AssertionError("resume accepted bad data")
        assert ctrl.game is game


def test_a_whole_game_ends_with_the_winner_and_round_totals() -> None:
    ctrl = controller(8)
    for _ in range(20_000):
        phase = ctrl.game.phase
        if phase == "game_over":
            break
        if phase == "round_over":
            ctrl.handle("next-round")
        elif ctrl.bot_to_act():
            ctrl.bot_step()
        elif phase == "answer":
            ctrl.handle("answer", "yes")
        elif phase == "draw":
            ctrl.handle("draw")
        else:
            ctrl.handle("card", "0")
            ctrl.handle("discard")
            if ctrl.note is not None and ctrl.note.kind == "error":
                ctrl.handle("end-turn")
    assert ctrl.game.phase == "game_over"
    html = page(ctrl)
    assert "Game over: " in html and "Totals per round" in html
    assert len(re.findall(r'<th scope="row"><span class="sr">Round </span>\d', html)) == ctrl.game.rules.rounds
    ctrl.handle("next-round")  # on the game-over screen this is New game
    assert ctrl.game.phase == "draw" and ctrl.game.round_index == 0


def test_a_tab_that_gave_way_changes_nothing_and_offers_only_play_here() -> None:
    ctrl = after_my_first_turn(77)
    assert ctrl.bot_to_act()
    before = len(ctrl.game.history)
    ctrl.elsewhere = True
    assert not ctrl.bot_to_act()  # the computer players wait too
    for act, arg in (("card", "0"), ("new-game", "5"), ("screen", "settings"), ("hint", "")):
        ctrl.handle(act, arg)
    assert len(ctrl.game.history) == before and ctrl.screen == "table" and ctrl.selected == []
    html = page(ctrl)
    assert re.findall(r'data-act="([^"]+)"', html) == ["play-here"]
    assert "open in another tab" in html.lower()
