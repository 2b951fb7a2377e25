"""Settings: defaults, one change at a time, and stored data that can't hurt."""

from __future__ import annotations

import itertools
import json
import random
from collections.abc import Iterator
from typing import Any

import pytest

from engine.actions import Draw
from engine.house_rules import switches_for
from engine.rules import preset
from engine.serialize import from_dict, to_dict
from engine.state import Game
from engine.stored_rules import rules_from_dict, rules_to_dict, validate_rules
from ui.app import App
from ui.render import page
from ui.settings.model import (
    HOUSE_CHOICES,
    PACE_SECONDS,
    PRESET_NAMES,
    Settings,
    choose_settings,
    house_dropped,
    load_settings,
    rules_for,
    stored_seq,
)
from ui.widgets import esc


def test_defaults() -> None:
    s = Settings()
    assert (s.preset, s.level, s.four_colour, s.reduced_motion, s.larger_cards) == (
        "classic",
        "normal",
        False,
        False,
        False,
    )
    assert s.rules().name == "classic"


def test_settings_round_trip() -> None:
    s = Settings().with_change("preset", "hkf").with_change("level", "hard").with_change("four_colour", True)
    s = s.with_change("house:pickup", "top7")
    assert load_settings(s.to_json()) == s
    assert s.rules().pickup == "top7"


def test_a_house_rule_equal_to_the_preset_is_not_kept() -> None:
    assert Settings().with_change("house:pickup", "top7").house == {}
    assert Settings().with_change("house:pickup", "whole").with_change("house:pickup", "").house == {}


def test_changing_preset_clears_house_rules() -> None:
    s = Settings().with_change("house:pickup", "whole").with_change("preset", "pagat")
    assert s.house == {}


def test_a_player_is_told_when_another_rule_set_puts_their_house_rules_back() -> None:
    before = Settings().with_change("house:pickup", "whole").with_change("house:first_meld", "score")
    after = before.with_change("preset", "pagat")
    said = house_dropped(before, after)
    assert said.startswith("Switched to Pagat partnership rules: ")
    assert "(Picking up the discard pile; First meld minimum) are back" in said
    one = house_dropped(Settings().with_change("house:pickup", "whole"), Settings().with_change("preset", "hkf"))
    assert "(Picking up the discard pile) is back" in one
    # Nothing to say: no house rule was set, the table size is kept, or the rule set didn't change.
    assert house_dropped(Settings(), Settings().with_change("preset", "pagat")) == ""
    three = Settings().with_change("house:players", "3")
    assert house_dropped(three, three.with_change("preset", "pagat")) == ""
    assert house_dropped(before, before.with_change("level", "hard")) == ""
    # On the Settings screen the note says it, and goes with the next change.
    app = App(before, rng=random.Random(3))
    app.handle("screen", "settings")
    app.change_setting("preset", "pagat")
    assert app.note is not None and app.note.text == said and esc(said) in page(app)
    app.change_setting("level", "hard")
    assert app.note is None


def test_the_computers_speed_is_kept_and_sets_their_pause() -> None:
    assert Settings().speed == "normal" and PACE_SECONDS["normal"] == 0.75  # the pause players have had
    quick = Settings().with_change("speed", "quick")
    assert load_settings(quick.to_json()).speed == "quick"
    assert PACE_SECONDS["quick"] < PACE_SECONDS["normal"] < PACE_SECONDS["relaxed"]
    # settings stored before the speed existed, or with a speed this version doesn't know, read as Normal
    old = json.loads(Settings(level="hard").to_json())
    del old["speed"]
    assert load_settings(json.dumps(old)) == Settings(level="hard")
    assert load_settings(json.dumps({**old, "speed": "ludicrous"})).speed == "normal"
    assert load_settings(json.dumps({**old, "speed": ["quick"]})).speed == "normal"


@pytest.mark.parametrize(
    ("key", "value"),
    [("preset", "nope"), ("level", "god"), ("house:pickup", "all"), ("house:colour", "red"), ("volume", "11"),
     ("speed", "instant")],
)
def test_bad_changes_are_refused(key: str, value: str) -> None:
    with pytest.raises(ValueError):
        Settings().with_change(key, value)


@pytest.mark.parametrize(
    "text",
    [
        None,
        5,
        "",
        "nonsense{",
        "[]",
        '{"preset": "<script>"}',
        '{"level": 3, "house": {"pickup": "sideways"}}',
        '{"house": {"black_three_left": true}}',
        "x" * 20_000,
        '{"level": []}',
        '{"level": {"hard": 1}, "preset": ["hkf"]}',
        '{"preset": {}, "house": {"pickup": [[]], "upcard": {}}}',
        '{"house": [["pickup", "whole"]]}',
    ],
)
def test_unreadable_settings_fall_back(text: object) -> None:
    s = load_settings(text)
    assert s.preset == "classic" and s.level == "normal" and s.house == {}


@pytest.mark.parametrize("n", [100, 6_000, 9_999])
def test_nested_brackets_fall_back_without_a_crash(n: int) -> None:
    """Issue 11, finding 2: 9,999 ``[`` (inside the 10,000-character guard) stopped the app in Pyodide."""
    for text in ("[" * n, "[" * (n // 2) + "]" * (n // 2), '{"house": {"pickup": ' + "[" * (n - 30) + "}}"):
        assert load_settings(text) == Settings()
        assert stored_seq(text) is None
    good = Settings(level="hard").to_json(3)
    assert choose_settings("[" * n, good) == (Settings(level="hard"), 3)
    assert choose_settings(good, "{" * n) == (Settings(level="hard"), 3)


def house_combinations(name: str, sample: int, seed: int) -> Iterator[dict[str, Any]]:
    """House rules for the preset ``name``: every pair of the switches that apply to it with every pair of their
    values (the others as the preset has them), then ``sample`` combinations of all of them drawn with ``seed``.
    (A switch that doesn't apply is refused whatever its value.)  ``bench/house_rules_all.py`` tries them all."""
    keys = sorted(switches_for(preset(name)))
    values = {k: [v for v, _c, _l in HOUSE_CHOICES[k][1]] for k in keys}
    for a, b in itertools.combinations(keys, 2):
        for pair in itertools.product(values[a], values[b]):
            yield dict(zip((a, b), pair, strict=True))
    rng = random.Random(seed)
    for _ in range(sample):
        yield {k: rng.choice(values[k]) for k in keys}


def test_every_house_rule_combination_on_every_preset_saves_and_loads() -> None:
    """Issue 11, finding 8: the bounds on saved rules hold every rule set Settings can make (every pair of
    switches, and a sample of whole combinations: all of them is a bench, two minutes and more)."""
    made = 0
    for seed, name in enumerate(PRESET_NAMES):
        for house in house_combinations(name, 3_000, seed):
            try:
                rules = rules_for(name, house)
            except ValueError:
                continue  # Settings refuses it too (with_change calls rules_for)
            validate_rules(rules)
            assert rules_from_dict(rules_to_dict(rules)) == rules
            made += 1
    assert made > 5 * 2_500


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_each_switch_on_each_preset_makes_a_game_that_saves_and_loads(name: str) -> None:
    for key, (_title, choices) in HOUSE_CHOICES.items():
        for value, _code, _label in choices:
            settings = Settings(preset=name, house={key: value})
            game = Game(settings.rules(), 7)
            game.apply(Draw())
            assert from_dict(json.loads(json.dumps(to_dict(game)))) == game


def test_settings_say_whether_the_browser_keeps_the_games() -> None:
    """ui/boot.js stores the browser's answer to navigator.storage.persist(); Settings says what it means."""
    from ui.settings.model import storage_kept_note

    assert "keeps your games" in storage_kept_note('{"v": 1, "persisted": true, "asked": "2026-12-03T10:00:00Z"}')
    assert "may clear your games" in storage_kept_note('{"v": 1, "persisted": false, "asked": "2026-12-03"}')
    # not asked yet, no answer, or anything a hostile or older page could have left: nothing said
    for text in (
        None,
        "",
        "null",
        '{"v": 1, "persisted": null, "asked": "x"}',
        '{"v": 2, "persisted": true, "asked": "x"}',
        '{"v": 1, "persisted": true}',
        "[1, 2]",
        '{"v": 1, "persisted": "yes", "asked": "x"}',
        "{",
        "1e999999",
        '{"v": 1, "persisted": true, "asked": ["x"]}',
        "[" * 10000 + "]" * 10000,
        17,
    ):
        assert storage_kept_note(text) == ""


def test_a_long_house_rule_choice_is_shown_whole_below_its_select() -> None:
    """A phone's closed select cut "Allowed (the meld counts toward t": the whole choice shows under it."""
    import re

    from ui.settings.screen import settings_screen

    s = Settings()
    html = settings_screen(s, True, Game(s.rules(), 5))
    fields = re.findall(r'<div class="field"><label[^>]*>([^<]*)</label><select.*?</select>(.*?)</div>', html)
    whole = {label: extra for label, extra in fields}
    assert whole["Taking the pile before your team has melded"] == (
        '<p class="choice-full" aria-hidden="true">Allowed (the meld counts toward the minimum)</p>'
    )
    assert whole["Picking up the discard pile"] == ""  # "Take the top seven cards" fits
    assert whole["Level"] == ""
