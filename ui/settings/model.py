"""Player settings: defaults, the house-rule choices offered, and validation of stored data.

Pure Python (no browser objects): stored settings come back from IndexedDB as
JSON text, and anything unexpected in them falls back to the default.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field, replace
from typing import Any

from engine.errors import LoadError
from engine.plans import wild_top_takeable
from engine.rules import (
    LEGACY_VALUES,
    PRESETS,
    ROOK_SCORE_MINIMUMS,
    ROUND_MINIMUMS,
    RuleSet,
    preset,
    validate_rules,
)
from engine.serialize import parse_json

LEVELS: tuple[tuple[str, str], ...] = (("easy", "Easy"), ("normal", "Normal"), ("hard", "Hard"))
SPEEDS: tuple[tuple[str, str], ...] = (
    ("relaxed", "Relaxed: about 1.25 s a move"),
    ("normal", "Normal: about 0.75 s a move"),
    ("quick", "Quick: about 0.3 s a move"),
)
PACE_SECONDS = {"relaxed": 1.25, "normal": 0.75, "quick": 0.3}
"""The pause before each computer move, by the speed chosen (Reduced motion: none at all)."""
PRESET_NAMES: tuple[str, ...] = ("classic", "pagat", "thirteen", "rook", "hkf")
PRESET_TITLES: dict[str, str] = {
    "classic": "Classic (our default)",
    "pagat": "Pagat partnership rules",
    "thirteen": "Thirteen-card game",
    "rook": "Rook cards",
    "hkf": "Hand, Knee and Foot",
}

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


@dataclass(frozen=True)
class Settings:
    """What the player chose: rules for the next game, computer level, and how cards look."""

    preset: str = "classic"
    house: dict[str, Any] = field(default_factory=dict)
    level: str = "normal"
    four_colour: bool = False
    reduced_motion: bool = False
    larger_cards: bool = False
    speed: str = "normal"
    """How fast the computer players move: a key of ``PACE_SECONDS``."""

    def rules(self) -> RuleSet:
        """The rule set a new game uses (the preset alone if the switches don't fit it)."""
        try:
            return rules_for(self.preset, self.house)
        except ValueError:
            return preset(self.preset)

    def to_json(self, seq: int | None = None) -> str:
        """JSON text for storage, numbered ``seq`` (one higher at every save) when given."""
        data: dict[str, Any] = asdict(self)
        if seq is not None:
            data[SEQ] = seq
        return json.dumps(data, sort_keys=True)

    def with_change(self, key: str, raw: str | bool) -> Settings:
        """A copy with one setting changed from a form control; raises ValueError."""
        if key == "preset":
            if raw not in PRESET_NAMES:
                raise ValueError("Choose one of the listed rule sets.")
            kept = {k: v for k, v in self.house.items() if k in KEEP_ON_PRESET_CHANGE}
            if kept.get("players") not in (None, *players_offered(preset(str(raw)))):
                kept.pop("players")  # a table size these rules can't be played at (the Rook game alone)
            return replace(self, preset=str(raw), house=_clean(str(raw), kept))
        if key == "level":
            if raw not in {name for name, _ in LEVELS}:
                raise ValueError("Choose Easy, Normal or Hard.")
            return replace(self, level=str(raw))
        if key == "speed":
            if raw not in PACE_SECONDS:
                raise ValueError("Choose Relaxed, Normal or Quick.")
            return replace(self, speed=str(raw))
        if key == "four_colour":
            return replace(self, four_colour=bool(raw))
        if key == "reduced_motion":
            return replace(self, reduced_motion=bool(raw))
        if key == "larger_cards":
            return replace(self, larger_cards=bool(raw))
        if key.startswith("house:"):
            name = key[len("house:") :]
            house = dict(self.house)
            if raw == "" and name in HOUSE_CHOICES:
                house.pop(name, None)
            else:
                house[name] = house_value(name, str(raw))
                house.update(BRINGS.get((name, house[name]), {}))
            rules_for(self.preset, house)  # refuse combinations the engine rejects
            return replace(self, house=_clean(self.preset, house))
        raise ValueError(f"unknown setting {key}")


def _clean(preset_name: str, house: dict[str, Any]) -> dict[str, Any]:
    """The switches that differ from the preset (those equal to it are not kept)."""
    base = preset(preset_name)
    return {k: v for k, v in house.items() if switch_value(base, k) != v}


SEQ = "seq"
MAX_SETTINGS_CHARS = 10_000
"""Longest settings text read (the app writes about 200 characters)."""


def _parse(text: Any) -> Any:
    """Stored settings text as JSON data (length and nesting checked first), or None when unreadable."""
    try:
        return parse_json(text, "settings", MAX_SETTINGS_CHARS)
    except LoadError:
        return None


def stored_seq(text: Any) -> int | None:
    """The save number of stored settings text: -1 for readable settings without one, None if unreadable."""
    data = _parse(text)
    if not isinstance(data, dict):
        return None
    seq = data.get(SEQ)
    return seq if type(seq) is int and seq >= 0 else -1


def choose_settings(primary: Any, quick: Any) -> tuple[Settings, int]:
    """The newer of the two stored copies (IndexedDB, localStorage) and its number; a tie goes to IndexedDB.

    Settings are written to localStorage synchronously at each change and to IndexedDB just after, so a
    page closed in between still has the change in one of the two."""
    best: tuple[int, int, Any] | None = None
    for rank, text in ((1, primary), (0, quick)):
        seq = stored_seq(text)
        if seq is not None and (best is None or (seq, rank) > best[:2]):
            best = (seq, rank, text)
    if best is None:
        return Settings(), 0
    return load_settings(best[2]), max(best[0], 0)


def load_settings(text: Any) -> Settings:
    """Settings from stored JSON text; anything unreadable falls back to the defaults."""
    data = _parse(text)
    if not isinstance(data, dict):
        return Settings()
    out = Settings()
    preset_name, level = data.get("preset"), data.get("level")
    if isinstance(preset_name, str) and preset_name in PRESET_NAMES:
        out = replace(out, preset=preset_name)
    if isinstance(level, str) and level in {name for name, _ in LEVELS}:  # a list or dict isn't hashable
        out = replace(out, level=level)
    speed = data.get("speed")
    if isinstance(speed, str) and speed in PACE_SECONDS:
        out = replace(out, speed=speed)
    for key in ("four_colour", "reduced_motion", "larger_cards"):
        if isinstance(data.get(key), bool):
            out = replace(out, **{key: data[key]})
    house = data.get("house")
    if isinstance(house, dict):
        good: dict[str, Any] = {}
        for key, value in house.items():
            if isinstance(value, bool) and (key, value) in LEGACY_VALUES:
                value = LEGACY_VALUES[(key, value)]  # a yes/no switch that has more readings now
            if key in HOUSE_CHOICES and any(
                v == value and type(v) is type(value) for v, _s, _l in HOUSE_CHOICES[key][1]
            ):
                good[key] = value
        try:
            rules_for(out.preset, good)
            out = replace(out, house=good)
        except ValueError:
            pass
    return out
