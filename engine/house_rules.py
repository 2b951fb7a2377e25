"""House rules: every switch offered on top of a preset, its values, labels and link codes.

One copy for the engine, the UI's Settings and shared links: each switch's choices as
(value, short code for links, label), the RuleSet fields a switch sets, and the table sizes
each preset allows (``players_offered``).  Pure data and functions of a ``RuleSet``.
"""

from __future__ import annotations

from typing import Any

from .checks import wild_top_takeable
from .rules import PRESETS, ROOK_SCORE_MINIMUMS, ROUND_MINIMUMS, RuleSet, preset
from .stored_rules import validate_rules

Choice = tuple[Any, str, str]
"""(value, short code for links, label)."""

SCHEDULES: dict[str, dict[str, Any]] = {
    "round": {"first_meld_by_round": ROUND_MINIMUMS, "first_meld_by_score": ()},
    "round60": {"first_meld_by_round": (60, *ROUND_MINIMUMS[1:]), "first_meld_by_score": ()},
    "score": {"first_meld_by_round": (), "first_meld_by_score": ROOK_SCORE_MINIMUMS},
}
"""The first-meld schedules offered, each as the RuleSet fields it sets."""

CANASTA_VALUES: dict[str, dict[str, Any]] = {
    "written": {"rank_books": ((7, 5000), (5, 3000)), "wild_book": 2500},
    "club": {"rank_books": ((7, 2000), (5, 2000)), "wild_book": 1500},
}
"""004's canasta values: as most write-ups give them, or as the club sheet it quotes (with its
first meld from 60: choosing "club" also sets the ``first_meld`` switch to "60", see ``BRINGS``)."""

DERIVED: dict[str, dict[Any, dict[str, Any]]] = {"first_meld": SCHEDULES, "canastas": CANASTA_VALUES}
"""Switches that are not one RuleSet field: each value maps to the fields it sets."""

HOUSE_CHOICES: dict[str, tuple[str, tuple[Choice, ...]]] = {
    "players": (
        "Players",
        (
            (2, "2", "Two players, each on their own"),
            (3, "3", "Three players, each on their own"),
            (4, "4", "Four players (two teams of two)"),
            (6, "6", "Six players (two teams of three)"),
        ),
    ),
    "first_meld": (
        "First meld minimum",
        (
            ("round", "round", "By round: 50, 90, 120, 150"),
            ("round60", "60", "60 in the first round: 60, 90, 120, 150"),
            ("score", "score", "By team score: 60, 90, 120, 150"),
        ),
    ),
    "pickup": (
        "Picking up the discard pile",
        (
            ("top7", "top7", "Take the top seven cards"),
            ("whole", "whole", "Take the whole pile"),
            ("none", "none", "Never take the pile"),
        ),
    ),
    "pickup_before_opening": (
        "Taking the pile before your team has melded",
        (
            ("full", "full", "Allowed (the meld counts toward the minimum)"),
            ("top_only", "top", "Take only the top card"),
            ("never", "never", "Not allowed"),
        ),
    ),
    "pickup_minimum": (
        "Taking the pile for your team's first meld",
        (
            ("with_pile", "pile", "Melds made with cards from the pile count too"),
            ("hand_only", "hand", "Only the top card, your pair and cards from your hand count"),
        ),
    ),
    "partner_in_foot": (
        "Before you go out, your partner must",
        (
            ("no", "no", "Nothing: go out whenever you can"),
            ("played", "yes", "Have played a turn from their foot"),
            ("in_foot", "foot", "Have picked up their foot"),
        ),
    ),
    "go_out_discard": (
        "Going out with a discard",
        (
            ("optional", "opt", "Meld everything or discard the last card"),
            ("required", "req", "Must discard the last card"),
            ("forbidden", "none", "Must meld every card"),
        ),
    ),
    "extras_on_books": (
        "Extra cards on finished books",
        ((False, "no", "Not allowed"), (True, "yes", "On books not needed to go out (never wild, 5s or 7s books)")),
    ),
    "upcard": (
        "Turn up a card to start the pile",
        ((False, "no", "No"), (True, "yes", "Yes")),
    ),
    "black_three_left": (
        "A black 3 left in your hand costs",
        ((5, "5", "5 points"), (100, "100", "100 points"), (300, "300", "300 points")),
    ),
    "canastas": (
        "Canastas of 7s, 5s and wild cards (Hand, Knee and Foot)",
        (
            ("written", "written", "5,000, 3,000 and 2,500"),
            ("club", "club", "The club sheet: 2,000, 2,000 and 1,500 (its first meld is 60)"),
        ),
    ),
    "wild_top_pair": (
        "Taking the pile with a wild card on top",
        (
            ("same", "same", "Two of the same wild card"),
            ("any", "any", "Any two wild cards"),
        ),
    ),
    "red_three_unplayed": (
        "A red 3 in a foot never picked up",
        ((-500, "-500", "Costs 500"), (-100, "-100", "Costs 100"), (0, "0", "Costs nothing")),
    ),
}
"""The house-rule switches offered in Settings, each with its allowed values."""

BRINGS: dict[tuple[str, Any], dict[str, Any]] = {("canastas", "club"): {"first_meld": "round60"}}
"""Choosing one of these values also sets the switches listed (which stay free to change after):
the club sheet's canasta values come with its first meld from 60."""

PRESET_ONLY = ("canastas",)
"""Switches that only fit a rule set whose own values are one of theirs (the canastas of 7s and 5s)."""

NEEDS_WILD_TOP = ("wild_top_pair",)
"""Switches that only mean something where a wild card on top of the pile can be taken."""


def switch_applies(base: RuleSet, key: str) -> bool:
    """True when the house-rule switch ``key`` changes anything under the preset ``base``."""
    if key in PRESET_ONLY:
        return switch_value(base, key) is not None
    if key in NEEDS_WILD_TOP:
        return wild_top_takeable(base)
    return True


def switches_for(base: RuleSet) -> list[str]:
    """The house-rule switches that change anything under the preset ``base``, in Settings' order."""
    return [key for key in HOUSE_CHOICES if switch_applies(base, key)]


KEEP_ON_PRESET_CHANGE = ("players",)
"""Switches that are about the table, not the rules: kept when the rule set changes."""


INDIVIDUAL_IN_SOURCE: dict[str, tuple[int, ...]] = {"pagat": (2, 3), "hkf": (3,)}
"""Table sizes of individual play a preset's own source describes (001: "any number of people
playing as individuals"; 004: three players "each on their own"); elsewhere it is a house rule."""


def players_offered(rules: RuleSet) -> list[int]:
    """The table sizes Settings offers under a preset: those the engine accepts for its rules."""
    out = []
    for value, _code, _text in HOUSE_CHOICES["players"][1]:
        try:
            rules.with_options(players=value)
        except ValueError:
            continue
        out.append(int(value))
    return out


def players_label(rules: RuleSet, players: int) -> str:
    """The label of a table size under a preset: six players is a house rule where the source has none."""
    label = next(text for value, _c, text in HOUSE_CHOICES["players"][1] if value == players)
    if players == 6 and not rules.six_players:
        label += ", a house rule"
    elif players < 4 and players not in INDIVIDUAL_IN_SOURCE.get(rules.name, ()):
        label += ", a house rule"
    return label


def house_overrides(rules: RuleSet) -> tuple[str, ...]:
    """The switches of ``rules`` that change its source's game: every one set, but a table size the source
    itself plays (``players_label`` doesn't call it a house rule)."""
    return tuple(
        key for key in rules.overrides
        if key != "players" or players_label(rules, rules.players).endswith(", a house rule")
    )


def switch_options(base: RuleSet, key: str, value: Any) -> tuple[list[tuple[str, str]], str]:
    """A switch's (code, label) options under the preset ``base``, and the code of ``value`` ('' when
    the value is none of them: then the first option is "As the rule set says")."""
    choices = HOUSE_CHOICES[key][1]
    current = next((code for v, code, _ in choices if v == value and type(v) is type(value)), "")
    if key == "players":
        offered = players_offered(base)
        options = [(code, players_label(base, v)) for v, code, _ in choices if v in offered]
    else:
        options = [(code, text) for _v, code, text in choices]
    if not current:
        options.insert(0, ("", "As the rule set says"))
    return options, current


def rule_fields(key: str, value: Any) -> dict[str, Any]:
    """The RuleSet fields a house-rule switch sets."""
    if key in DERIVED:
        if not isinstance(value, str) or value not in DERIVED[key]:
            raise ValueError(f"unknown value for house rule {key}")
        return dict(DERIVED[key][value])
    return {key: value}


def switch_value(rules: RuleSet, key: str) -> Any:
    """The value of a house-rule switch in ``rules`` (None when no offered value matches)."""
    if key in DERIVED:
        for value, changes in DERIVED[key].items():
            if all(getattr(rules, f) == v for f, v in changes.items()):
                return value
        return None
    return getattr(rules, key)


def house_value(key: str, code: str) -> Any:
    """The value of a house rule from its link code; raises ValueError."""
    if key not in HOUSE_CHOICES:
        raise ValueError(f"unknown house rule {key}")
    for value, short, _label in HOUSE_CHOICES[key][1]:
        if short == code:
            return value
    raise ValueError(f"unknown value for house rule {key}")


def house_code(key: str, value: Any) -> str:
    """The short link code of a house rule's value."""
    for choice, short, _label in HOUSE_CHOICES[key][1]:
        if choice == value and type(choice) is type(value):
            return short
    raise ValueError(f"unknown value for house rule {key}")


def rules_for(preset_name: str, house: dict[str, Any]) -> RuleSet:
    """The rule set of a preset with the house rules that differ from it; raises ValueError."""
    base = preset(preset_name)
    changes: dict[str, Any] = {}
    for key, value in house.items():
        if key not in HOUSE_CHOICES:
            raise ValueError(f"unknown house rule {key}")
        if not switch_applies(base, key):
            raise ValueError(f"house rule {key} is not a rule of this rule set")
        changes.update(rule_fields(key, value))
    changes = {k: v for k, v in changes.items() if getattr(base, k) != v}
    rules = base.with_options(**changes) if changes else base
    validate_rules(rules)  # the same bounds a save's rules are held to
    return rules


def house_of(rules: RuleSet) -> dict[str, Any]:
    """The offered house-rule switches in which ``rules`` differs from its preset."""
    base = PRESETS.get(rules.name)
    if base is None:
        return {}
    out = {}
    for key in HOUSE_CHOICES:
        value = switch_value(rules, key)
        if value is not None and value != switch_value(base, key):
            out[key] = value
    return out


HOUSE_RULES: tuple[str, ...] = tuple(HOUSE_CHOICES)
"""The switches offered in Settings on top of any preset (the keys of ``HOUSE_CHOICES``)."""
