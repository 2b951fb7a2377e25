"""The two copies of the save: each validated, the newer resumed, a bad one reported (never dropped)."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.errors import LoadError
from engine.serialize import from_dict, to_dict
from ui import saves
from ui.app import App as Controller
from ui.settings.model import Settings


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


# ----- nested brackets (issue 11, finding 2) -------------------------------------------------------


def deep(n: int) -> str:
    return "[" * n + "]" * n


def test_deeply_nested_copies_are_bad_copies_not_a_crash() -> None:
    text = played(11, 6).next_save()
    for n in (100, 6_000, 100_000):
        for primary, quick in ((deep(n), text), (text, deep(n)), ('{"schema":1,"rules":' + deep(n) + "}", text)):
            choice = saves.choose(primary, quick)
            assert choice.chosen is not None and choice.chosen.raw == text
            assert len(choice.bad) == 1 and "nested" in choice.bad[0].problem
        both = saves.choose(deep(n), "[" * n)
        assert both.chosen is None and len(both.bad) == 2
        assert "kept aside" in both.note()[0]


def test_parsed_values_nested_too_deeply_are_bad_copies() -> None:
    nested: object = "draw"
    for _ in range(50_000):
        nested = [nested]
    copy = saves.read(saves.PRIMARY, {"schema": 1, "actions": nested})
    assert not copy.ok and "nested" in copy.problem
    assert "nested too deeply" in saves.as_text(nested)


# ----- copies kept aside (issue 11, finding 5) -----------------------------------------------------


def bad_copy(text: str, source: str = saves.QUICK) -> saves.Copy:
    copy = saves.read(source, text)
    assert not copy.ok
    return copy


def apply_plan(store: dict[str, str], plan: saves.KeepPlan) -> None:
    """What ui/main.py does with a plan."""
    for key, value in plan.writes.items():
        store[key] = value
    for key in plan.drops:
        del store[key]


def test_a_bad_copy_is_kept_whole_and_restores_when_it_loads() -> None:
    good = played(11, 6).next_save()
    store = {"game": good}
    plan = saves.keep_aside(store, [bad_copy(good[:-1])], 1_764_581_400_000)
    assert list(plan.writes) == ["kept-aside-1764581400000"] and plan.drops == ()
    apply_plan(store, plan)
    [kept] = saves.kept_copies(store)
    assert kept.text == good[:-1] and not kept.truncated and kept.source == saves.QUICK
    assert kept.description.startswith("Kept aside on 1 Dec 2025 at 09:30 UTC, from local storage (")
    assert "not valid saved data" in kept.description
    with pytest.raises(LoadError):
        saves.restore(kept)
    store["kept-aside-1764581400001"] = good  # an older version kept the bare text
    newest = saves.kept_copies(store)[0]
    assert newest.key == "kept-aside-1764581400001" and saves.restore(newest) == from_dict(json.loads(good))


def test_a_long_copy_is_cut_to_the_cap_and_marked() -> None:
    huge = '{"x": "' + '\\"\n' * 100_000 + "é" * 50_000 + '"'
    plan = saves.keep_aside({}, [bad_copy(huge, saves.PRIMARY)], 5)
    [record] = plan.writes.values()
    assert len(record) <= saves.MAX_KEPT_CHARS
    [kept] = saves.kept_copies(plan.writes)
    assert kept.truncated and kept.chars == len(huge) and huge.startswith(kept.text) and len(kept.text) > 20_000
    assert "the first" in kept.description and "IndexedDB" in kept.description
    with pytest.raises(LoadError, match="cut short"):
        saves.restore(kept)


def test_at_most_a_few_are_kept_and_the_oldest_go_first() -> None:
    store: dict[str, str] = {"game": "x", "kept-aside-notanumber": "left alone"}
    for stamp in range(1, 9):
        plan = saves.keep_aside(store, [bad_copy(f"bad {stamp}"), bad_copy(f"worse {stamp}", saves.PRIMARY)], stamp)
        apply_plan(store, plan)
        kept = saves.kept_copies(store)
        assert len(kept) == min(2 * stamp, saves.MAX_KEPT)
        assert kept[0].text == f"bad {stamp}" or kept[0].text == f"worse {stamp}"
    assert [k.key for k in saves.kept_copies(store)] == [
        "kept-aside-8-1", "kept-aside-8", "kept-aside-7-1", "kept-aside-7", "kept-aside-6-1",
    ]
    assert store["game"] == "x" and store["kept-aside-notanumber"] == "left alone"


def test_the_same_text_is_not_kept_twice_and_a_taken_key_is_not_overwritten() -> None:
    store = {"kept-aside-7": "first"}
    plan = saves.keep_aside(store, [bad_copy("first"), bad_copy("second"), bad_copy("second", saves.PRIMARY)], 7)
    assert list(plan.writes) == ["kept-aside-7-1"] and plan.drops == ()
    assert saves.keep_aside(store, [], 8) == saves.KeepPlan({}, ())


def test_the_local_storage_fallback_uses_its_own_prefix_and_limit() -> None:
    local = {"handfoot-game": "x", "handfoot-kept-aside-1": "a", "handfoot-kept-aside-2": "b"}
    plan = saves.keep_aside(local, [bad_copy("c")], 3, prefix="handfoot-kept-aside-", limit=2)
    assert list(plan.writes) == ["handfoot-kept-aside-3"] and plan.drops == ("handfoot-kept-aside-1",)
    assert [k.text for k in saves.kept_copies(local, "handfoot-kept-aside-")] == ["b", "a"]


def test_a_kept_record_edited_by_hand_is_listed_not_trusted() -> None:
    store = {
        "kept-aside-99999999999999999999": '{"kept": "handfoot-kept-aside", "text": "t", "source": "<b>", "chars": -4}',
        "kept-aside-5": deep(100_000),
    }
    kept = {k.key: k for k in saves.kept_copies(store)}
    odd = kept["kept-aside-99999999999999999999"]
    assert odd.source == "" and odd.chars == 1 and "unknown time" in odd.description
    assert kept["kept-aside-5"].text == deep(100_000)
    with pytest.raises(LoadError, match="nested"):
        saves.restore(kept["kept-aside-5"])


def flatted(value: object) -> str:
    """What pyscript.storage writes to IndexedDB for a string or a small dict (its flatted JSON form)."""
    if isinstance(value, str):
        return json.dumps([["1", "2"], "generic", value])
    return json.dumps([["1", "2"], "generic", {"a": "3"}, [1, "4"], [2]])  # {"a": [1, [2]]}


def test_raw_indexeddb_entries_are_checked_before_pyscript_parses_them() -> None:
    good = played(11, 6).next_save()
    for value in (good, deep(100_000), "x", {"a": [1, [2]]}):
        assert saves.stored_entry_ok(flatted(value))
    for raw in (deep(6_000), "[" * 100_000, '[["generic", ' + deep(70) + "]]", None, 5, "x" * (8 * 2_000_000 + 1)):
        assert not saves.stored_entry_ok(raw)


class Backend:
    """A stand-in for pyscript's IndexedDB backend: ``entries()`` as pairs of key and raw text."""

    def __init__(self, items: dict[str, str]) -> None:
        self.items = items

    def entries(self) -> list[list[str]]:
        return [[k, v] for k, v in self.items.items()]


def test_a_storage_built_on_checked_entries_leaves_out_entries_too_deep_to_parse() -> None:
    good = played(11, 6).next_save()
    backend = Backend({"game": flatted(good), "settings": flatted("{}"), "bomb": "[" * 6_000 + "]" * 6_000})
    entries = saves.CheckedEntries(backend)
    assert [k for k, _ in entries.entries()] == ["game", "settings"] and entries.skipped == ["bomb"]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.lists(st.text(max_size=300) | st.just('"\\' * 40_000), min_size=0, max_size=2), max_size=6))
def test_keeping_aside_boot_after_boot_stays_within_the_caps(boots: list[list[str]]) -> None:
    store: dict[str, str] = {}
    for stamp, texts in enumerate(boots, start=1):
        copies = [saves.Copy(saves.QUICK, text, problem="Bad.") for text in texts]
        plan = saves.keep_aside(store, copies, stamp)
        assert not set(plan.writes) & set(store) and set(plan.drops) <= set(store)
        apply_plan(store, plan)
        kept = saves.kept_copies(store)
        assert len(kept) <= saves.MAX_KEPT and all(len(v) <= saves.MAX_KEPT_CHARS for v in store.values())
        for k in kept:
            assert k.text in texts or any(t.startswith(k.text) for bt in boots for t in bt)
