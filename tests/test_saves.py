"""Saved games: good saves load exactly; damaged or tampered ones raise LoadError."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.actions import Draw
from engine.errors import LoadError
from engine.moves import legal_actions
from engine.rules import PRESETS, preset
from engine.serialize import MAX_ACTIONS, SCHEMA, from_dict, to_dict
from engine.state import Game


def played(name: str = "classic", number: int = 8, moves: int = 40) -> Game:
    game = Game(PRESETS[name], number)
    for i in range(moves):
        options = legal_actions(game)
        game.apply(options[(i * 7) % len(options)])
    return game


GAME = played()
SAVE = to_dict(GAME)


def fails(data: Any, fragment: str = "") -> str:
    with pytest.raises(LoadError) as err:
        from_dict(data)
    message = str(err.value)
    assert message and message[0].isupper() and message.endswith(".")
    assert fragment in message
    assert len(message) < 300  # a sentence, never a dump of the data
    return message


def edited(**changes: Any) -> dict[str, Any]:
    data = copy.deepcopy(SAVE)
    data.update(changes)
    return data


def test_a_good_save_loads_exactly() -> None:
    assert from_dict(json.loads(json.dumps(SAVE))) == GAME
    assert SAVE["schema"] == SCHEMA and isinstance(SAVE["check"], str)


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_every_preset_saves_and_loads(name: str) -> None:
    g = played(name, 3, 30)
    assert from_dict(json.loads(json.dumps(to_dict(g)))) == g


def test_house_rules_are_saved() -> None:
    g = Game(preset("hkf", pickup="top7", black_three_left=300), 5)
    g.apply(Draw())
    loaded = from_dict(json.loads(json.dumps(to_dict(g))))
    assert loaded.rules.pickup == "top7" and loaded.rules.black_three_left == 300
    assert loaded == g


@pytest.mark.parametrize("data", [None, [], "save", 42, b"x"])
def test_not_a_save(data: Any) -> None:
    fails(data, "not a saved game")


@pytest.mark.parametrize("schema", [0, -1, "1", None, 1.5, True, [1]])
def test_wrong_schema(schema: Any) -> None:
    fails(edited(schema=schema), "unknown format")


@pytest.mark.parametrize("schema", [SCHEMA + 1, 99, 10**100])
def test_newer_schema(schema: int) -> None:
    fails(edited(schema=schema), "newer version")


@pytest.mark.parametrize("key", ["schema", "rules", "deal", "actions", "check"])
def test_missing_keys(key: str) -> None:
    data = copy.deepcopy(SAVE)
    del data[key]
    fails(data)


@pytest.mark.parametrize("actions", ["draw", {"0": "draw"}, None, 7, [["draw"]]])
def test_actions_not_a_list_of_texts(actions: Any) -> None:
    fails(edited(actions=actions))


def test_too_many_actions() -> None:
    fails(edited(actions=["draw"] * (MAX_ACTIONS + 1)), "moves are missing")


def test_an_action_changed_to_an_illegal_one() -> None:
    actions = list(SAVE["actions"])
    i = actions.index("draw", 3)
    actions[i] = "discard JK"
    message = fails(edited(actions=actions), f"move {i + 1}")
    assert "damaged" in message


def test_an_action_that_is_not_an_action() -> None:
    actions = list(SAVE["actions"])
    actions[2] = "teleport"
    fails(edited(actions=actions), "move 3")


def test_dropping_the_last_moves_breaks_the_check() -> None:
    fails(edited(actions=SAVE["actions"][:-2]), "check")


def test_the_check_digest_changed() -> None:
    flipped = ("0" if SAVE["check"][0] != "0" else "1") + SAVE["check"][1:]
    fails(edited(check=flipped), "check")
    fails(edited(check=None), "check")


def test_another_deal_number_breaks_the_replay_or_the_check() -> None:
    fails(edited(deal=SAVE["deal"] + 1))


@pytest.mark.parametrize("deal", [0, -5, 10**100, "8", 8.0, True, None, [8]])
def test_bad_deal_numbers(deal: Any) -> None:
    fails(edited(deal=deal), "can't be read")


@pytest.mark.parametrize("rules", [
    None, "classic", {"preset": "poker"}, {"preset": "<script>alert(1)</script>"},
    {"preset": 5}, {"preset": "classic", "options": []},
    {"preset": "classic", "options": {"no_such_rule": 1}},
    {"preset": "classic", "options": {"name": "rook"}},
    {"preset": "classic", "options": {"pickup": "everything"}},
    {"preset": "classic", "options": {"decks": 10**100}},
    {"preset": "classic", "options": {"hand_size": 500}},
    {"preset": "classic", "options": {"hand_size": -3}},
    {"preset": "classic", "options": {"players": 5}},
    {"preset": "classic", "options": {"upcard": "yes"}},
    {"preset": "classic", "options": {"draw": True}},
    {"preset": "classic", "options": {"title": "x" * 5000}},
    {"preset": "classic", "options": {"deck": "tarot"}},
    {"preset": "classic", "options": {"rounds": 0}},
    {"preset": "classic", "options": {"card_values": [1, 2, 3]}},
    {"preset": "classic", "options": {"rank_books": [[7]]}},
    {"preset": "classic", "options": {"rank_books": [7, 5000]}},
    {"preset": "rook", "options": {"first_meld_by_score": [[0, 60, 3]]}},
    {"preset": "classic", "options": {"meld_ranks": [[4]]}},
    {"preset": "classic", "options": {"meld_ranks": [99]}},
    {"preset": "classic", "options": {"first_meld_by_round": [], "first_meld_by_score": []}},
])
def test_bad_rules(rules: Any) -> None:
    fails(edited(rules=rules), "can't be read")


def test_unknown_preset_and_unknown_option_say_so() -> None:
    assert "poker" in fails(edited(rules={"preset": "poker"}))
    assert "no_such_rule" in fails(edited(rules={"preset": "classic", "options": {"no_such_rule": 1}}))


def test_deeply_nested_options_do_not_crash() -> None:
    nested: Any = 7
    for _ in range(5000):
        nested = [nested]
    fails(edited(rules={"preset": "hkf", "options": {"rank_books": nested}}), "can't be read")


@pytest.mark.parametrize("text", [
    "\x00", "draw\x00", "discard " + "9" * 1500, "meld " + "|" * 1999, "x" * 100_000,
    "meld @99999999:9S", "pickup | 9:" + ",".join(["9S"] * 500), "answer maybe", "🂡", "",
])
def test_hostile_action_strings(text: str) -> None:
    actions = list(SAVE["actions"])
    actions.insert(1, text)
    fails(edited(actions=actions), "move 2")


JSONISH = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(["schema", "rules", "deal", "actions", "check", "extra"]), JSONISH)
def test_any_tampered_field_is_a_load_error_or_a_good_game(key: str, value: Any) -> None:
    data = edited(**{key: value})
    try:
        game = from_dict(data)
    except LoadError:
        return
    assert game == GAME  # only a harmless change (an extra key) may load


@settings(max_examples=60, deadline=None)
@given(st.integers(0, len(SAVE["actions"]) - 1), st.sampled_from(["drop", "dup", "swap", "text"]),
       st.text(max_size=12))
def test_edited_move_lists_never_crash(i: int, how: str, text: str) -> None:
    actions = list(SAVE["actions"])
    if how == "drop":
        del actions[i]
    elif how == "dup":
        actions.insert(i, actions[i])
    elif how == "swap" and i + 1 < len(actions):
        actions[i], actions[i + 1] = actions[i + 1], actions[i]
    else:
        actions[i] = text
    try:
        game = from_dict(edited(actions=actions))
    except LoadError:
        return
    assert game == GAME
