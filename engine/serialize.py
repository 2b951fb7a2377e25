"""Saving and loading: deal number + rules + action log, checked by a digest.

A save replays from the deal, so loading re-validates every action through
``Game.apply``; the digest of the final position catches data that replays
but differs from what was saved (tampering, or a changed engine).

Stored or linked JSON text is read only through ``parse_json``, which checks
its length and nesting depth before ``json.loads`` sees it: the JSON parser
recurses once per nested ``[`` or ``{``, and Pyodide's stack is much smaller
than CPython's, so a few thousand brackets would otherwise end the page with
"Maximum call stack size exceeded" instead of raising anything catchable.
"""

from __future__ import annotations

import hashlib
import json
import re
from itertools import accumulate
from typing import Any

from .actions import from_text
from .errors import LoadError, RuleViolation
from .state import Game
from .stored_rules import rules_from_dict, rules_to_dict

SCHEMA = 1
MAX_ACTIONS = 20_000
MAX_SAVE_CHARS = 2_000_000
"""Longest save text read: 100 characters a move at ``MAX_ACTIONS`` (measured games take 11 to 13)."""
MAX_DEPTH = 64
"""Deepest nesting read back: a save nests 3 deep (5 with a list-of-pairs rule option), settings 2."""

# A string literal: a quote, then plain characters or backslash escapes, up to the closing quote or
# the end of the text (an unclosed string ends the parse there).  Possessive, and always matching
# once started, so hostile text ("\"\"\"...) is scanned once, never again from each quote.
_STRING = re.compile(r'"[^"\\]*+(?:\\.?[^"\\]*+)*+(?:"|\Z)', re.DOTALL)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


def json_depth(text: str) -> int:
    """How deep ``json.loads`` would nest on ``text``, found without recursing.

    String literals are removed first (their brackets are not structure), then
    the running count of opening minus closing brackets is taken.  Where the text
    is not valid JSON the parser stops at the first error, before any bracket the
    count might misread, so the figure never understates the parser's depth.
    """
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text))
    return max(accumulate(map(_STEP.__getitem__, brackets)), default=0)


def json_or_none(text: object, max_chars: int, max_depth: int) -> Any:
    """``text`` parsed as JSON when it is a string of at most ``max_chars`` characters nested at most
    ``max_depth`` deep, else None: for messages from another device or a worker, which are dropped
    rather than explained.  Never raises."""
    if not isinstance(text, str) or len(text) > max_chars or json_depth(text) > max_depth:
        return None
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        return None


def too_deep(value: Any, limit: int = MAX_DEPTH) -> bool:
    """True when lists, tuples and dicts in ``value`` nest deeper than ``limit`` (walked without recursing).

    For data that arrives already parsed (an IndexedDB value): ``json.dumps``,
    ``repr`` and ``==`` all recurse on it, as the parser does.
    """
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, (list, tuple, dict)):
            if depth > limit:
                return True
            stack.extend((v, depth + 1) for v in (item.values() if isinstance(item, dict) else item))
    return False


def parse_json(text: str, what: str = "saved game", max_chars: int = MAX_SAVE_CHARS) -> Any:
    """``json.loads`` for stored or linked text, after checking its length and depth; raises LoadError.

    ``what`` names the data in the sentence ("The saved game can't be read: ...").
    """
    if not isinstance(text, str):
        raise LoadError(f"The {what} can't be read: it is not text.")
    if len(text) > max_chars:
        raise LoadError(f"The {what} can't be read: it is far longer than any the app writes.")
    if text.count("[") + text.count("{") > MAX_DEPTH and json_depth(text) > MAX_DEPTH:
        raise LoadError(f"The {what} can't be read: it is nested far deeper than any the app writes.")
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        raise LoadError(f"The {what} can't be read: it is not valid saved data.") from None


def _detail(err: Exception) -> str:
    """The reason as the end of a sentence: short, and ending with a full stop."""
    text = str(err).strip() or "unknown problem"
    if len(text) > 120:
        text = text[:117] + "..."
    if text[1:2].islower() or text[1:2] == " ":  # "The rule ..." reads on as "the rule ..."
        text = text[0].lower() + text[1:]
    return text if text.endswith(".") else text + "."


def digest(game: Game) -> str:
    """A short fingerprint of the whole position."""
    snap = game.snapshot()
    snap["rules"] = rules_to_dict(game.rules)
    text = json.dumps(snap, sort_keys=True, separators=(",", ":"), default=list)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def to_dict(game: Game) -> dict[str, Any]:
    """A JSON-ready save of the game."""
    return {
        "schema": SCHEMA,
        "rules": rules_to_dict(game.rules),
        "deal": game.deal_number,
        "actions": list(game.history),
        "check": digest(game),
        **({"takebacks": game.takebacks} if game.takebacks else {}),
        **({"undone": undone_to_list(game.undone)} if game.undone else {}),
    }


Undone = tuple[tuple[int, tuple[str, ...]], ...]
MAX_UNDONE_MOVES = 400
"""Most moves one take-back may hold (a turn's melds; measured turns lay well under 20)."""


def undone_to_list(undone: Undone) -> list[list[Any]]:
    """The taken-back moves as JSON: ``[[after how many moves, [move, ...]], ...]``."""
    return [[at, list(moves)] for at, moves in undone]


def undone_from_list(data: Any, moves: int) -> Undone:
    """Taken-back moves read back from JSON (each after at most ``moves`` moves); raises ValueError."""
    if not isinstance(data, list) or len(data) > MAX_ACTIONS:
        raise ValueError("its taken-back moves are not a list.")
    out = []
    total = 0
    for item in data:
        if not (isinstance(item, list) and len(item) == 2 and type(item[0]) is int and 0 <= item[0] <= moves
                and isinstance(item[1], list) and 0 < len(item[1]) <= MAX_UNDONE_MOVES
                and all(isinstance(m, str) and len(m) <= 400 for m in item[1])):
            raise ValueError("its taken-back moves are not moves.")
        total += len(item[1])
        if total > MAX_ACTIONS:
            raise ValueError("it has far more taken-back moves than any game.")
        out.append((item[0], tuple(item[1])))
    if [at for at, _ in out] != sorted(at for at, _ in out):
        raise ValueError("its taken-back moves are out of order.")
    return tuple(out)


def replay(rules_data: Any, deal_number: Any, actions: list[str]) -> Game:
    """Rebuild a game from its rules, deal number and action texts."""
    try:
        rules = rules_from_dict(rules_data)
        game = Game(rules, deal_number)
    except ValueError as err:
        raise LoadError(f"The saved game can't be read: {_detail(err)}") from None
    for i, text in enumerate(actions):
        if not isinstance(text, str):
            raise LoadError(f"The saved game is damaged at move {i + 1}.")
        try:
            game.apply(from_text(text))
        except RuleViolation as err:
            raise LoadError(f"The saved game is damaged at move {i + 1}: {_detail(err)}") from None
        except ValueError:
            raise LoadError(f"The saved game is damaged at move {i + 1}.") from None
    return game


def from_dict(data: Any) -> Game:
    """Load a save; raises LoadError with a plain sentence when it can't be trusted."""
    if not isinstance(data, dict):
        raise LoadError("The saved game can't be read: it is not a saved game.")
    schema = data.get("schema")
    if type(schema) is not int or schema != SCHEMA:  # not 1.0, not true
        if type(schema) is int and schema > SCHEMA:
            raise LoadError("This game was saved by a newer version of the app.")
        raise LoadError("The saved game can't be read: unknown format.")
    actions = data.get("actions")
    if not isinstance(actions, list) or len(actions) > MAX_ACTIONS:
        raise LoadError("The saved game can't be read: its moves are missing.")
    game = replay(data.get("rules"), data.get("deal"), actions)
    if data.get("check") != digest(game):
        raise LoadError("The saved game doesn't match its check: it was changed or damaged.")
    takebacks = data.get("takebacks", 0)
    if type(takebacks) is not int or not 0 <= takebacks <= MAX_ACTIONS:
        raise LoadError("The saved game can't be read: its count of take-backs is not a number of moves.")
    try:
        undone = undone_from_list(data.get("undone", []), len(actions))
    except ValueError as err:
        raise LoadError(f"The saved game can't be read: {_detail(err)}") from None
    if len(undone) > takebacks:
        raise LoadError("The saved game can't be read: it has more taken-back moves than take-backs.")
    game.takebacks = takebacks
    game.undone = undone
    return game


def loads(text: str) -> Game:
    """Load a save from its JSON text (``parse_json`` then ``from_dict``); raises LoadError."""
    return from_dict(parse_json(text))
