"""Rules as saves and links carry them: the dict form, reading one back, and the bounds they are held to.

A save or a link names a preset and the options that differ from it (``rules_to_dict``);
``rules_from_dict`` reads that back and ``validate_rules`` refuses any rule no screen offers, so
untrusted rules are checked before a game is built from them.
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any

from .errors import LoadError
from .rules import PRESETS, RuleSet, is_int, preset


def rules_to_dict(rules: RuleSet) -> dict[str, Any]:
    """The preset name plus the switches that differ from it (JSON-friendly)."""
    base = PRESETS.get(rules.name)
    out: dict[str, Any] = {"preset": rules.name}
    opts: dict[str, Any] = {}
    for f in fields(rules):
        if f.name in ("name", "overrides"):
            continue
        value = getattr(rules, f.name)
        if base is None or getattr(base, f.name) != value:
            opts[f.name] = _jsonable(value)
    out["options"] = opts
    return out


def rules_from_dict(data: Any) -> RuleSet:
    """Inverse of ``rules_to_dict``; raises ValueError on anything malformed or out of bounds.

    The result has passed ``validate_rules``: a save or link can't set a rule
    no screen offers (a million decks, a title of any characters)."""
    if not isinstance(data, dict) or not isinstance(data.get("preset"), str):
        raise ValueError("rules must name a preset")
    options = data.get("options", {})
    if not isinstance(options, dict) or not all(isinstance(k, str) for k in options):
        raise ValueError("rule options must be a mapping")
    base = preset(data["preset"])
    converted: dict[str, Any] = {}
    for f in fields(base):
        if f.name in options:
            converted[f.name] = _coerce(getattr(base, f.name), options[f.name], f.name)
    unknown = set(options) - set(converted)
    if unknown:
        raise ValueError(f"unknown rule option: {sorted(unknown)[0]}")
    rules = base.with_options(**converted) if converted else base
    validate_rules(rules)
    return rules


INT_BOUNDS: dict[str, tuple[int, int]] = {
    "decks": (1, 12),
    "decks_six": (1, 12),
    "decks_two": (1, 12),
    "decks_three": (1, 12),
    "players": (2, 6),
    "hand_size": (1, 20),
    "knee_size": (0, 20),
    "foot_size": (1, 20),
    "rounds": (0, 20),
    "target_score": (0, 100_000),
    "black_three_left": (0, 1_000),
    "red_three_bonus": (-1_000, 1_000),
    "red_three_seven_bonus": (0, 1_000),
    "red_three_unplayed": (-1_000, 0),
    "clean_book": (0, 10_000),
    "dirty_book": (0, 10_000),
    "wild_book": (0, 10_000),
    "unfinished_wild_penalty": (-10_000, 0),
    "draw": (1, 3),
    "need_clean": (0, 5),
    "need_dirty": (0, 5),
    "need_wild": (0, 5),
    "going_out_bonus": (0, 10_000),
}
"""Bounds (inclusive) of every whole-number rule read from a save or a link.

Each is wider than every preset and house-rule switch: the most decks are the
Rook game's twelve for six players, the largest hand is 15 (Hand, Knee and
Foot), the longest game the Rook game's twelve rounds to 10,000, the biggest
book bonus 5,000 (clean 7s), the most books needed to go out two of a kind.
"""

CARD_VALUE_MAX = 500
"""A card is worth 0 to 500 points (the presets' most is 50, a joker)."""
MINIMUM_MAX = 5_000
"""A first-meld minimum is 0 to 5,000 points (the presets' most is 150)."""
THRESHOLD_MAX = 100_000
"""A score threshold in ``first_meld_by_score`` is 0 to 100,000 (the Rook game's highest is 7,500)."""
SCHEDULE_MAX = 20
"""At most 20 entries in a first-meld schedule (one per round at the most rounds)."""
TITLE_MAX = 40
"""A rule set's title is 1 to 40 characters: letters, digits, spaces and ``,.'&()-``."""
TITLE_PUNCTUATION = frozenset(" ,.'&()-")


def validate_rules(rules: RuleSet) -> None:
    """Raise LoadError unless every rule is one the app can offer (a preset's, a switch's, or in bounds).

    Beyond ``RuleSet.validate`` (switches that contradict each other), this holds
    each field to its type and to the bounds documented in ``INT_BOUNDS`` and the
    constants above; ranks are 0 to 14 (0 = wild), listed at most once each, and
    ``meld_ranks`` lists natural ranks only (1 and 3 to 14).
    """
    try:
        rules.validate()
    except (ValueError, TypeError) as err:
        raise LoadError(_sentence(str(err))) from None
    if rules.name not in PRESETS:
        raise LoadError("The rules must be one of the app's rule sets.")
    _check_title(rules.title)
    for f in fields(rules):
        if f.name in ("name", "title", "overrides"):
            continue
        template = getattr(PRESETS["classic"], f.name)
        value = getattr(rules, f.name)
        label = f.name.replace("_", " ")
        if isinstance(template, bool):
            if not isinstance(value, bool):
                raise LoadError(f"The rule “{label}” must be yes or no.")
        elif isinstance(template, int):
            lo, hi = INT_BOUNDS[f.name]
            if not (is_int(value) and lo <= value <= hi):
                raise LoadError(f"The rule “{label}” must be a whole number from {lo:,} to {hi:,}.")
    _check_lists(rules)


def _sentence(text: str) -> str:
    text = text.strip() or "The rules don't fit together"
    text = text[0].upper() + text[1:]
    return text if text.endswith(".") else text + "."


def _check_title(title: object) -> None:
    if not (
        isinstance(title, str)
        and 1 <= len(title) <= TITLE_MAX
        and title == title.strip()
        and all(ch.isalnum() or ch in TITLE_PUNCTUATION for ch in title)
    ):
        raise LoadError(
            f"A rule set's title is 1 to {TITLE_MAX} letters, digits, spaces and simple punctuation."
        )


def _ranks(values: tuple[int, ...], label: str, allowed: range | tuple[int, ...] = range(15)) -> None:
    if not all(is_int(r) and r in allowed for r in values) or len(set(values)) != len(values):
        raise LoadError(f"The rule “{label}” must list ranks of this game, each once.")


def _pairs(values: tuple[tuple[int, int], ...], label: str, first: range, second: range) -> None:
    if len(values) > SCHEDULE_MAX or not all(
        isinstance(pair, tuple) and len(pair) == 2 and is_int(pair[0]) and is_int(pair[1])
        and pair[0] in first and pair[1] in second
        for pair in values
    ):
        raise LoadError(f"The rule “{label}” lists numbers out of bounds.")


def _check_lists(rules: RuleSet) -> None:
    """The list-valued rules: ranks, card values, book bonuses and first-meld schedules."""
    values = rules.card_values
    if len(values) != 15 or not all(is_int(v) and 0 <= v <= CARD_VALUE_MAX for v in values):
        raise LoadError(f"The rule “card values” must give each of the 15 ranks 0 to {CARD_VALUE_MAX} points.")
    _ranks(rules.meld_ranks, "meld ranks", (1, *range(3, 15)))
    if not rules.meld_ranks:
        raise LoadError("The rule “meld ranks” must list at least one rank.")
    _ranks(rules.upcard_skip_ranks, "upcard skip ranks")
    _ranks(rules.no_wild_ranks, "no wild ranks")
    _ranks(rules.need_rank_books, "need rank books")
    _pairs(rules.rank_books, "rank books", range(15), range(INT_BOUNDS["clean_book"][1] + 1))
    _ranks(tuple(r for r, _ in rules.rank_books), "rank books")
    schedule = rules.first_meld_by_round
    if len(schedule) > SCHEDULE_MAX or not all(is_int(v) and 0 <= v <= MINIMUM_MAX for v in schedule):
        raise LoadError(f"The rule “first meld by round” lists minimums from 0 to {MINIMUM_MAX:,}.")
    _pairs(rules.first_meld_by_score, "first meld by score", range(THRESHOLD_MAX + 1), range(MINIMUM_MAX + 1))


def _jsonable(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_jsonable(v) for v in value]
    return value


LEGACY_VALUES: dict[tuple[str, bool], str] = {
    ("partner_in_foot", False): "no",
    ("partner_in_foot", True): "played",
}
"""Values of switches that were yes/no before they had more readings (older saves and links)."""


def _coerce(template: Any, value: Any, key: str) -> Any:
    """Convert JSON data to the type of the preset's field, refusing mismatches."""
    if isinstance(value, bool) and (key, value) in LEGACY_VALUES:
        return LEGACY_VALUES[(key, value)]
    if isinstance(template, bool):
        if not isinstance(value, bool):
            raise ValueError(f"rule option {key} must be true or false")
        return value
    if isinstance(template, int):
        if isinstance(value, bool) or not isinstance(value, int) or abs(value) > 10**6:
            raise ValueError(f"rule option {key} must be a whole number")
        return value
    if isinstance(template, str):
        if not isinstance(value, str) or len(value) > 40:
            raise ValueError(f"rule option {key} must be text")
        return value
    if isinstance(template, tuple):
        if not isinstance(value, list) or len(value) > 20:
            raise ValueError(f"rule option {key} must be a list")
        return tuple(_coerce_item(v, key) for v in value)
    raise ValueError(f"rule option {key} cannot be set")


def _coerce_item(value: Any, key: str, depth: int = 0) -> Any:
    if isinstance(value, list):
        # Rule options nest at most as lists of pairs: refuse deeper data at once.
        if depth >= 1 or len(value) > 20:
            raise ValueError(f"rule option {key} is nested too deeply")
        return tuple(_coerce_item(v, key, depth + 1) for v in value)
    if isinstance(value, bool) or not isinstance(value, int) or abs(value) > 10**6:
        raise ValueError(f"rule option {key} must hold whole numbers")
    return value
