"""Reading stored or linked JSON never recurses past a small depth (issue 11, finding 2).

Pyodide's stack is far smaller than CPython's: 6,000 nested brackets ended the page with
"Maximum call stack size exceeded" on every boot.  ``parse_json`` measures the depth without
recursing and refuses before ``json.loads`` runs.
"""

from __future__ import annotations

import json
import time
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.errors import LoadError
from engine.rules import PRESETS, preset
from engine.serialize import MAX_DEPTH, MAX_SAVE_CHARS, json_depth, loads, parse_json, to_dict, too_deep
from engine.state import Game
from engine.stored_rules import rules_to_dict
from tests.test_saves import GAME, SAVE


def depth(value: Any) -> int:
    """The nesting depth of parsed JSON data (recursive: only for the small values here)."""
    if isinstance(value, dict):
        return 1 + max((depth(v) for v in value.values()), default=0)
    if isinstance(value, list):
        return 1 + max((depth(v) for v in value), default=0)
    return 0


def refused(text: str, fragment: str = "can't be read") -> str:
    with pytest.raises(LoadError) as err:
        parse_json(text)
    message = str(err.value)
    assert fragment in message and message.endswith(".") and len(message) < 200
    return message


@pytest.mark.parametrize("n", [MAX_DEPTH + 1, 1_000, 6_000, 9_999, 100_000])
def test_deep_brackets_are_refused_before_parsing(n: int) -> None:
    for text in ("[" * n + "]" * n, "[" * n, '{"a":' * n + "1" + "}" * n, '{"rules":' + "[" * n + "]" * n + "}"):
        assert "nested" in refused(text)


def test_a_real_save_is_shallow_and_loads() -> None:
    assert depth(SAVE) <= 5
    house = Game(preset("rook", pickup="whole", first_meld_by_score=((0, 50), (3000, 90))), 4)
    assert depth(to_dict(house)) <= 5 and json_depth(json.dumps(to_dict(house))) <= 5
    assert loads(json.dumps(SAVE)) == GAME
    for name in PRESETS:
        assert json_depth(json.dumps({"rules": rules_to_dict(PRESETS[name])})) <= 5


def test_the_limit_itself_is_read() -> None:
    assert parse_json("[" * MAX_DEPTH + "]" * MAX_DEPTH) == json.loads("[" * MAX_DEPTH + "]" * MAX_DEPTH)


def test_brackets_inside_strings_are_not_structure() -> None:
    text = json.dumps({"title": "[" * 10_000, "quote": '\\"[[[', "more": "{" * 500})
    assert json_depth(text) == 1 and parse_json(text)["title"] == "[" * 10_000


def test_too_long_and_not_text_and_not_json() -> None:
    assert "longer" in refused(" " * (MAX_SAVE_CHARS + 1))
    refused("{", "not valid")
    refused("nonsense{", "not valid")
    with pytest.raises(LoadError):
        parse_json(None)  # type: ignore[arg-type]
    with pytest.raises(LoadError, match="settings"):
        parse_json("x" * 11, "settings", max_chars=10)


@pytest.mark.parametrize(
    "body",
    ["[]", '"', '"\\', '\\"', '"\\"', '"a', "\\", '"[', '"\\["', "{}", '{"a":['],
)
def test_the_scan_is_linear_on_hostile_text(body: str) -> None:
    """Every quote a possible string start used to rescan the rest: 20,000 characters of \"\"\" took 2.5 s."""
    text = "[" * (MAX_DEPTH + 1) + body * ((MAX_SAVE_CHARS - MAX_DEPTH - 1) // len(body))
    started = time.process_time()
    json_depth(text)
    with pytest.raises(LoadError):
        parse_json(text)
    assert time.process_time() - started < 2.0


def test_unclosed_strings_and_trailing_backslashes() -> None:
    assert json_depth('["\\"["]') == 1
    assert json_depth('["abc') == 1 and json_depth('["ab\\') == 1
    assert json_depth('["a\\\\"[[]') == 3
    assert json_depth('[""["]"]') == 2


def test_parsed_data_nested_too_deeply_is_detected_without_recursing() -> None:
    nested: Any = 1
    for _ in range(100_000):
        nested = [nested]
    assert too_deep(nested) and too_deep({"a": nested}) and not too_deep(SAVE)
    loop: list[Any] = []
    loop.append(loop)
    assert too_deep(loop)


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(alphabet='[]{}"\\ab,:', max_size=6),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(alphabet='[]{}"\\a', max_size=4), inner,
                                                                 max_size=3),
    max_leaves=30,
)


@settings(max_examples=300, deadline=None)
@given(JSON)
def test_valid_json_reads_exactly_as_json_loads_does(value: Any) -> None:
    text = json.dumps(value)
    assert json_depth(text) == depth(value)
    assert parse_json(text) == value


@settings(max_examples=400, deadline=None)
@given(st.text(alphabet='[]{}"\\:,1 a', max_size=60))
def test_any_text_is_refused_or_read_as_json_loads_reads_it(text: str) -> None:
    try:
        expected: Any = json.loads(text)
    except ValueError:
        expected = LoadError
    try:
        got: Any = parse_json(text)
    except LoadError:
        got = LoadError
    assert got == expected or (got is LoadError and depth(expected) > MAX_DEPTH)
    if expected is not LoadError:
        assert json_depth(text) >= depth(expected)
