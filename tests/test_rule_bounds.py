"""Saved and linked rules are held to what the app offers (issue 11, finding 8).

A rewritten save with a recomputed check could set any rule: ``decks=1000000`` dealt 54
million cards on every start (60 s), and title, hand size, card values and meld ranks were
taken unchecked.  ``rules_from_dict`` now ends with ``validate_rules``.
"""

from __future__ import annotations

import copy
import time
from dataclasses import fields
from typing import Any

import pytest

from engine.errors import LoadError
from engine.rules import PRESETS, preset
from engine.serialize import digest, from_dict, to_dict
from engine.state import Game
from engine.stored_rules import INT_BOUNDS, rules_from_dict, rules_to_dict, validate_rules
from tests.test_saves import SAVE


def rewritten(options: dict[str, Any], name: str = "classic") -> dict[str, Any]:
    """A save whose rules were edited and whose check was recomputed to match (where it still deals)."""
    data = copy.deepcopy(SAVE)
    data["rules"] = {"preset": name, "options": options}
    data["actions"] = []
    try:
        rules = rules_from_dict(data["rules"])
    except ValueError:
        return data
    data["check"] = digest(Game(rules, data["deal"]))
    return data


def refused(options: dict[str, Any], name: str = "classic") -> str:
    started = time.process_time()
    with pytest.raises(LoadError) as err:
        from_dict(rewritten(options, name))
    assert time.process_time() - started < 1.0  # refused before any deal is made
    message = str(err.value)
    assert message.startswith("The saved game can't be read:") and message.endswith(".") and len(message) < 300
    return message


def test_a_million_decks_is_refused_at_once() -> None:
    assert "decks" in refused({"decks": 1_000_000})
    assert "decks" in refused({"decks_six": 13, "players": 6}, "rook")


@pytest.mark.parametrize(
    "options",
    [
        {"title": "<img src=x onerror=alert(1)>"},
        {"title": ""},
        {"title": " Classic"},
        {"title": "Classic\u202e"},
        {"title": "line\nbreak"},
        {"hand_size": 21},
        {"foot_size": 0},
        {"knee_size": 40, "decks": 12},
        {"card_values": [50, 0, 20, 5, 5, 5, 5, 5, 10, 10, 10, 10, 10, 10, 10**6]},
        {"card_values": [-50, 0, 20, 5, 5, 5, 5, 5, 10, 10, 10, 10, 10, 10, 20]},
        {"meld_ranks": [4, 4, 5]},
        {"meld_ranks": [2, 4, 5]},
        {"meld_ranks": [0, 4]},
        {"meld_ranks": []},
        {"no_wild_ranks": [5, 5]},
        {"need_rank_books": [15]},
        {"rank_books": [[7, 5000], [7, 3000]]},
        {"rank_books": [[7, 10**6]]},
        {"rounds": 21},
        {"target_score": 10**6},
        {"need_clean": 6},
        {"going_out_bonus": -100},
        {"red_three_unplayed": 500},
        {"first_meld_by_round": [10**6]},
        {"first_meld_by_round": [50] * 21},
    ],
)
def test_rules_no_screen_offers_are_refused(options: dict[str, Any]) -> None:
    refused(options)


def test_rook_schedule_by_score_is_bounded() -> None:
    refused({"first_meld_by_score": [[0, 60], [10**6, 90]]}, "rook")
    refused({"first_meld_by_score": [[0, 6000]]}, "rook")


def test_every_whole_number_rule_has_a_bound_that_holds_every_preset() -> None:
    template = PRESETS["classic"]
    whole = {f.name for f in fields(template) if type(getattr(template, f.name)) is int}
    assert whole == set(INT_BOUNDS)
    for rules in PRESETS.values():
        validate_rules(rules)
        for name, (lo, hi) in INT_BOUNDS.items():
            assert lo <= getattr(rules, name) <= hi


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_every_preset_still_saves_and_loads(name: str) -> None:
    game = Game(PRESETS[name], 17)
    assert from_dict(to_dict(game)) == game
    assert rules_from_dict(rules_to_dict(PRESETS[name])) == PRESETS[name]


def test_house_rules_within_bounds_still_load() -> None:
    rules = preset("hkf", pickup="top7", black_three_left=300, title="Hand, Knee & Foot (house)")
    game = Game(rules, 5)
    loaded = from_dict(to_dict(game))
    assert loaded == game and loaded.rules.title == "Hand, Knee & Foot (house)"


def test_hand_built_rules_of_the_wrong_type_are_refused() -> None:
    for changes in ({"upcard": 1}, {"decks": True}, {"decks": 5.0}, {"title": 5}, {"meld_ranks": (4.0, 5)}):
        rules = copy.copy(PRESETS["classic"])
        for key, value in changes.items():
            object.__setattr__(rules, key, value)
        with pytest.raises(LoadError):
            validate_rules(rules)
