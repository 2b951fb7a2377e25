"""Settings: defaults, one change at a time, and stored data that can't hurt."""

from __future__ import annotations

import pytest

from ui.settings import Settings, load_settings


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


@pytest.mark.parametrize(
    ("key", "value"),
    [("preset", "nope"), ("level", "god"), ("house:pickup", "all"), ("house:colour", "red"), ("volume", "11")],
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
    ],
)
def test_unreadable_settings_fall_back(text: object) -> None:
    s = load_settings(text)
    assert s.preset == "classic" and s.level == "normal" and s.house == {}
