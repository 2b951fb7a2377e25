"""Player settings: defaults, the house-rule choices offered, and validation of stored data.

Pure Python (no browser objects): stored settings come back from IndexedDB as
JSON text, and anything unexpected in them falls back to the default.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field, replace
from typing import Any

from engine.errors import LoadError
from engine.house_rules import (  # one copy of the house rules, in the engine; ui code imports them from here
    BRINGS,
    CANASTA_VALUES,
    DERIVED,
    HOUSE_CHOICES,
    INDIVIDUAL_IN_SOURCE,
    KEEP_ON_PRESET_CHANGE,
    NEEDS_WILD_TOP,
    PRESET_ONLY,
    SCHEDULES,
    Choice,
    house_code,
    house_of,
    house_value,
    players_label,
    players_offered,
    rule_fields,
    rules_for,
    switch_applies,
    switch_options,
    switch_value,
    switches_for,
)
from engine.levels import LEVELS as BOT_LEVELS
from engine.levels import SEARCH_LEVELS
from engine.rules import PRESETS, RuleSet, preset
from engine.serialize import parse_json
from engine.stored_rules import LEGACY_VALUES
from ui.rules.text import shown_title
from ui.table.order import ORDER_NAMES

__all__ = [
    "BRINGS",
    "CANASTA_VALUES",
    "DERIVED",
    "EXPERT_NOTE",
    "HOUSE_CHOICES",
    "INDIVIDUAL_IN_SOURCE",
    "KEEP_ON_PRESET_CHANGE",
    "LEVELS",
    "LEVEL_NAMES",
    "MAX_SETTINGS_CHARS",
    "NEEDS_WILD_TOP",
    "PACE_SECONDS",
    "PRESET_NAMES",
    "PRESET_ONLY",
    "PRESET_SHORT",
    "PRESET_TABS",
    "PRESET_TITLES",
    "SCHEDULES",
    "SEQ",
    "SPEEDS",
    "Choice",
    "Settings",
    "choose_settings",
    "house_code",
    "house_of",
    "house_value",
    "load_settings",
    "players_label",
    "players_offered",
    "rule_fields",
    "rules_for",
    "stored_seq",
    "switch_applies",
    "switch_options",
    "switch_value",
    "switches_for",
]

LEVELS: tuple[tuple[str, str], ...] = tuple(
    (name, name.capitalize()) for name in BOT_LEVELS + SEARCH_LEVELS if name != "random"
)
LEVEL_NAMES = tuple(name for name, _ in LEVELS)
"""The computer levels a player can choose (the engine's ``LEVELS`` less its random mover, and Expert,
which the page runs in a worker of its own: ``ui/browser/expert_think.py``)."""
EXPERT_NOTE = (
    "Expert thinks ahead by playing out possible hands; it takes a moment."
    " So far it wins no more often than Hard; in a game of three without partners it plays as Hard does."
)
"""Said under the level in Settings (and the seating's levels)."""
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
PRESET_TABS: dict[str, str] = {
    "classic": "Classic",
    "pagat": "Pagat",
    "thirteen": "Thirteen cards",
    "rook": "Rook cards",
    "hkf": "Hand, Knee and Foot",
}
"""Each rule set's name on the Rules screen's tabs: a player's words, not the link's code ("hkf")."""
PRESET_SHORT: dict[str, str] = {
    "classic": "Classic",
    "pagat": "Pagat",
    "thirteen": "Thirteen",
    "rook": "Rook",
    "hkf": "Knee game",
}
"""Each rule set's name in the table's top bar: a word or two that fits beside the deal and round."""


def offered(rules: RuleSet) -> bool:
    """True when ``rules`` is a preset plus house-rule switches Settings offers, every other value the
    preset's (what a challenge link may carry); never raises."""
    if not isinstance(rules, RuleSet) or rules.name not in PRESETS:
        return False
    try:
        return rules_for(rules.name, house_of(rules)) == rules
    except (ValueError, TypeError, KeyError):
        return False


def rules_words(rules: RuleSet) -> str:
    """The rules' title, and each house rule that differs from the preset under its own name
    ("Classic Hand and Foot; house rules: Turn up a card to start the pile: Yes")."""
    changed = []
    for key, value in house_of(rules).items():
        label, choices = HOUSE_CHOICES[key]
        text = next((t for v, _c, t in choices if v == value and type(v) is type(value)), str(value))
        changed.append(f"{label}: {text}")
    return shown_title(rules) + ("; house rules: " + "; ".join(changed) if changed else "")


def house_dropped(before: Settings, after: Settings) -> str:
    """What to tell the player when choosing another rule set put house rules back (each set starts from its
    own): "" when none was; never raises."""
    if before.preset == after.preset:
        return ""
    names = [HOUSE_CHOICES[key][0] for key in before.house if key in HOUSE_CHOICES and key not in after.house]
    if not names:
        return ""
    title = shown_title(preset(after.preset))
    which = "the house rule" if len(names) == 1 else "the house rules"
    verb = "is" if len(names) == 1 else "are"
    return f"Switched to {title}: {which} you had changed ({'; '.join(names)}) {verb} back to that rule set's own."


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
    hand_order: str = "rank"
    """How the hand is sorted: one of ``ORDER_NAMES`` (``ui/table/order.py``)."""
    sound: bool = False
    """Sound and vibration for the player's turn and the computers' plays."""

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
            if raw not in LEVEL_NAMES:
                raise ValueError("Choose Easy, Normal or Hard.")
            return replace(self, level=str(raw))
        if key == "speed":
            if raw not in PACE_SECONDS:
                raise ValueError("Choose Relaxed, Normal or Quick.")
            return replace(self, speed=str(raw))
        if key == "hand_order":
            if raw not in ORDER_NAMES:
                raise ValueError("Choose one of the listed hand orders.")
            return replace(self, hand_order=str(raw))
        if key == "sound":
            return replace(self, sound=bool(raw))
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
    if isinstance(level, str) and level in LEVEL_NAMES:  # a list or dict isn't hashable
        out = replace(out, level=level)
    speed = data.get("speed")
    if isinstance(speed, str) and speed in PACE_SECONDS:
        out = replace(out, speed=speed)
    hand_order = data.get("hand_order")
    if isinstance(hand_order, str) and hand_order in ORDER_NAMES:
        out = replace(out, hand_order=hand_order)
    for key in ("four_colour", "reduced_motion", "larger_cards", "sound"):
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


STORAGE_KEPT_KEY = "handfoot-storage-kept"
"""localStorage: what the browser answered when ui/boot.js asked it to keep this site's storage."""


def storage_kept_note(text: Any) -> str:
    """Settings' sentence for the stored answer (ui/boot.js), or '' when there is none to give.
    Never raises: anything but ``{"v": 1, "persisted": true | false | null, "asked": str}`` is none."""
    value = _parse(text) if isinstance(text, str) else None
    if not isinstance(value, dict) or value.get("v") != 1 or not isinstance(value.get("asked"), str):
        return ""
    persisted = value.get("persisted")
    if persisted is True:
        return "This browser keeps your games even when the device runs short of space."
    if persisted is False:
        return (
            "This browser may clear your games when the device runs short of space "
            "(it would not promise to keep them). Adding the app to the home screen can help."
        )
    return ""
