"""The two copies of the save: each validated, the newer resumed, a bad one reported (never dropped)."""

from __future__ import annotations

import json
import random

from engine.serialize import from_dict, to_dict
from ui import saves
from ui.controller import Controller
from ui.settings import Settings


def step(ctrl: Controller) -> None:
    """One move: a computer player's, or South's (draw, or discard its first card)."""
    before = len(ctrl.game.history)
    if ctrl.bot_to_act():
        ctrl.bot_step()
    elif ctrl.game.phase == "draw":
        ctrl.handle("draw")
    elif ctrl.game.phase == "answer":
        ctrl.handle("answer", "yes")
    else:
        ctrl.handle("card", "0")
        ctrl.handle("discard")
    assert len(ctrl.game.history) > before


def played(deal: int, moves: int) -> Controller:
    """A controller of deal ``deal`` after ``moves`` moves."""
    ctrl = Controller(Settings(), rng=random.Random(1))
    ctrl.new_game(deal)
    while len(ctrl.game.history) < moves:
        step(ctrl)
    return ctrl


def test_a_save_is_the_engine_save_plus_its_number() -> None:
    ctrl = played(11, 5)
    text = ctrl.next_save()
    data = json.loads(text)
    assert data.pop("seq") == 1 and data == to_dict(ctrl.game)
    assert from_dict(json.loads(text)) == ctrl.game
    assert not ctrl.dirty
    assert json.loads(ctrl.next_save())["seq"] == 2


def test_nothing_saved_starts_a_new_game() -> None:
    choice = saves.choose(None, None)
    assert choice.chosen is None and choice.bad == () and choice.note() == ("", False)


def test_identical_copies_are_in_step_and_loaded_once() -> None:
    text = played(11, 6).next_save()
    choice = saves.choose(text, text)
    assert choice.in_step and choice.bad == ()
    assert choice.chosen is not None and choice.chosen.source == saves.PRIMARY and choice.seq == 1


def test_the_quick_copy_wins_when_it_is_newer() -> None:
    ctrl = played(11, 6)
    older = ctrl.next_save()
    step(ctrl)
    newer = ctrl.next_save()
    choice = saves.choose(older, newer)  # IndexedDB's write had not committed
    assert choice.chosen is not None and choice.chosen.source == saves.QUICK
    assert choice.chosen.game == ctrl.game and choice.seq == 2 and not choice.in_step
    choice = saves.choose(newer, older)  # localStorage could not be written
    assert choice.chosen is not None and choice.chosen.source == saves.PRIMARY and choice.chosen.game == ctrl.game


def test_a_new_game_is_newer_than_a_longer_old_one() -> None:
    old = played(11, 30)
    old_text = old.next_save()
    old.new_game(12)
    new_text = old.next_save()
    choice = saves.choose(old_text, new_text)
    assert choice.chosen is not None and choice.chosen.game.deal_number == 12


def test_without_numbers_the_copy_with_more_moves_wins_and_ties_go_to_indexeddb() -> None:
    ctrl = played(11, 6)
    short = json.dumps(to_dict(ctrl.game))
    step(ctrl)
    long = json.dumps(to_dict(ctrl.game))
    for primary, quick, source in ((short, long, saves.QUICK), (long, short, saves.PRIMARY)):
        choice = saves.choose(primary, quick)
        assert choice.chosen is not None and choice.chosen.source == source
        assert choice.chosen.moves == len(ctrl.game.history)
    tie = saves.choose(short, json.dumps(to_dict(from_dict(json.loads(short))), indent=1))
    assert tie.chosen is not None and tie.chosen.source == saves.PRIMARY and not tie.in_step


def test_a_damaged_copy_is_reported_and_the_other_resumed() -> None:
    text = played(11, 6).next_save()
    bad = '{"schema": 1, "rules": {"preset": "classic"}, "deal": 5, "actions": ["draw", "fly away"]}'
    for primary, quick in ((bad, text), (text, bad), ({"not": "a save"}, text), (text, "nonsense{")):
        choice = saves.choose(primary, quick)
        assert choice.chosen is not None and choice.chosen.raw == text
        assert len(choice.bad) == 1 and choice.bad[0].problem.endswith(".")
        message, problem = choice.note()
        assert "kept aside" in message and "other copy" in message and not problem


def test_two_damaged_copies_start_a_new_game_with_a_clear_message() -> None:
    bad = '{"schema": 1, "rules": {"preset": "classic"}, "deal": 5, "actions": ["draw", "fly away"]}'
    for quick in (bad, '{"schema": 2}', "[]"):
        choice = saves.choose(bad, quick)
        assert choice.chosen is None and len(choice.bad) == 2
        message, problem = choice.note()
        assert problem and "damaged" in message and "kept aside" in message and "new game" in message
    assert saves.as_text({"a": [1]}) == '{"a": [1]}' and saves.as_text("x") == "x"


def test_a_tampered_number_is_ignored() -> None:
    ctrl = played(11, 6)
    data = json.loads(ctrl.next_save())
    for seq in (True, -3, 2.5, "9"):
        data["seq"] = seq
        copy = saves.read(saves.QUICK, json.dumps(data))
        assert copy.ok and copy.seq is None


def test_resume_game_continues_the_numbering() -> None:
    ctrl = played(11, 6)
    for _ in range(4):
        text = ctrl.next_save()
    choice = saves.choose(text, None)
    again = Controller(Settings())
    assert choice.chosen is not None and choice.chosen.game is not None
    again.resume_game(choice.chosen.game, choice.seq)
    assert again.game == ctrl.game and json.loads(again.next_save())["seq"] == 5
