"""The score pad for a game played with real cards: the pad, its rounds, strict loading, and its totals.

Pure Python, no browser objects.  A pad has a name, a date, rules (a preset and house rules, as in
Settings), its named sides, and rounds.  The sides are two teams of two or three named players, or, for
two or three players each on their own (``individual``), one side per player, named as the player.
Each round holds, per side,
what a score pad asks at the end of a round: books by kind, melded card points (typed, or counted
per card class), red 3s, and what each player was left holding.  Every score comes from the
engine (``engine.scoring.score_counts``), so a counted round reads line for line like one played
in the app.

Values are frozen: an entry makes a new pad (``Pad.entered``) or raises ``PadError`` with a
sentence for the player, and changes nothing.  ``PadDesk`` is the screen's state (which pad is
open, which round and side) and turns taps into entries; ``ui/browser/saving.py`` stores what it marks changed.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any

from engine import cards as C
from engine import seats
from engine.errors import LoadError
from engine.rules import RuleSet
from engine.rules import preset as preset_rules
from engine.scoring import LeftoverCount, TeamCounts, TeamScore, book_kinds, game_over, score_counts
from engine.seats import seat_names
from engine.serialize import parse_json
from ui.settings.model import HOUSE_CHOICES, PRESET_NAMES, Settings, players_offered, rules_for

PREFIX = "pad-"
"""Store key prefix of a pad's record (``pad-<id>``); localStorage keeps a copy under ``handfoot-pad-<id>``."""
MAX_PADS = 50
MAX_RECORD_CHARS = 200_000
"""Longest pad record read back (twenty rounds of six players write about 20,000 characters)."""
MAX_NAME = 30
MAX_ROUNDS = 20
"""The most rounds a pad holds (the longest rule set, rook, ends after twelve)."""
MAX_COUNT = 60
"""The most books of one kind, red 3s or unfinished wild melds a side can have in a round."""
MAX_CARDS = 400
"""The most cards of one class a side can meld in a round."""
MAX_POINTS = 20_000
"""The most card points one entry can hold (every card of six decks melded is about 16,000)."""
STAGES = ("hand", "knee", "foot")
NAME_CHARS = re.compile(r"[\w ,.'&()\-]*")
DATE = re.compile(r"\d{4}-\d{2}-\d{2}")


class PadError(ValueError):
    """An entry or a stored pad that can't be taken: ``str(err)`` says why, for the player."""


# ----- card classes: what "count the cards" asks for ------------------------------------------


def card_classes(rules: RuleSet) -> tuple[tuple[str, int], ...]:
    """(label, points each) of the classes of cards a side may meld, for counting melded cards.

    Wild cards first, then the natural ranks in runs of the same value ('4–7', '8–K', 'A').
    """
    rook = rules.deck == "rook"
    out: list[tuple[str, int]] = [("Rook birds" if rook else "Jokers", rules.value(0)), ("2s", rules.value(2))]
    runs: list[list[int]] = []
    for r in sorted(rules.meld_ranks):
        if runs and rules.value(runs[-1][-1]) == rules.value(r):
            runs[-1].append(r)
        else:
            runs.append([r])
    for run in runs:
        out.append((_run_label(run, rook), rules.value(run[0])))
    if rules.black_three_meld_going_out:
        out.append(("Black 3s", rules.value(3)))
    return tuple(out)


def _short(rank: int, rook: bool) -> str:
    return str(rank) if rook else C.label(C.make(rank, 0))[:-1]


def _run_label(run: list[int], rook: bool) -> str:
    if len(run) == 1:
        return C.rank_name(run[0], rook, plural=True).capitalize()
    pieces: list[list[int]] = [[run[0]]]
    for r in run[1:]:
        if r == pieces[-1][-1] + 1:
            pieces[-1].append(r)
        else:
            pieces.append([r])
    words = [_short(p[0], rook) + ("–" + _short(p[-1], rook) if len(p) > 1 else "") for p in pieces]
    return ", ".join(words)


def books_label(label: str) -> str:
    """'book of 7s' -> 'Books of 7s', 'clean book' -> 'Clean books': the name of a count of books."""
    head, sep, tail = label.partition(" of ")
    return (head + "s" + sep + tail).capitalize() if sep else label.capitalize() + "s"


# ----- the entries ---------------------------------------------------------------------------


@dataclass(frozen=True)
class PlayerEntry:
    """What one player was left with: the set played from, its points, and any sets never picked up."""

    stage: str = "hand"
    held: int = 0
    knee: int = 0
    knee_reds: int = 0
    foot: int = 0
    foot_reds: int = 0


@dataclass(frozen=True)
class SideEntry:
    """One side's round: books by kind, melded cards, red 3s, and each player's leftovers."""

    books: tuple[tuple[str, int], ...] = ()
    mode: str = "points"
    """'points' (melded card points typed) or 'cards' (counted per card class)."""
    melded: int = 0
    cards: tuple[int, ...] = ()
    open_wild: int = 0
    reds: int = 0
    players: tuple[PlayerEntry, ...] = ()

    def book(self, code: str) -> int:
        return next((n for c, n in self.books if c == code), 0)


@dataclass(frozen=True)
class Round:
    """A round: every side's entries and who went out ('' for nobody, else 'side.player')."""

    sides: tuple[SideEntry, ...]
    out: str = ""


def shape(rules: RuleSet, individual: bool) -> tuple[int, int]:
    """(sides, players on each side) of a pad: one side per player alone, else two teams.

    A pad made before individual pads (``individual`` False) at a table of two or three keeps
    the shape it was made with: two sides of one player.
    """
    if individual:
        return rules.players, 1
    return 2, rules.players // 2


def blank_side(rules: RuleSet, size: int) -> SideEntry:
    kinds = tuple((code, 0) for code, _, _ in book_kinds(rules))
    cards = tuple(0 for _ in card_classes(rules))
    # Most players are in the foot when a round ends: the foot is where a blank entry starts.
    players = tuple(PlayerEntry("foot") for _ in range(size))
    return SideEntry(books=kinds, cards=cards, players=players)


def blank_round(rules: RuleSet, individual: bool = False) -> Round:
    count, size = shape(rules, individual)
    return Round(tuple(blank_side(rules, size) for _ in range(count)))


# ----- the pad -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Field:
    """One thing a pad entry can change: its label (for messages) and its bounds."""

    label: str
    limit: int


@dataclass(frozen=True)
class Pad:
    """A score pad: name, date, rules, the named sides and their players, and the rounds.

    ``individual``: every player is a side of their own (two or three players), whose name is the
    player's; otherwise two teams.
    """

    id: str
    name: str
    date: str
    preset: str = "classic"
    house: dict[str, Any] = field(default_factory=dict)
    sides: tuple[str, ...] = ("Us", "Them")
    players: tuple[tuple[str, ...], ...] = (("South", "North"), ("West", "East"))
    rounds: tuple[Round, ...] = ()
    seq: int = 0
    individual: bool = False

    @cached_property
    def rules(self) -> RuleSet:
        """The pad's rule set (checked when the pad was made or loaded)."""
        return rules_for(self.preset, self.house)

    # ----- scores ---------------------------------------------------------------------------

    def counts(self, index: int, side: int) -> TeamCounts:
        """What the engine scores for one side of one round."""
        rules = self.rules
        entry = self.rounds[index].sides[side]
        melded = entry.melded
        if entry.mode == "cards":
            melded = sum(n * value for n, (_, value) in zip(entry.cards, card_classes(rules), strict=True))
        leftovers: list[LeftoverCount] = []
        for p, player in enumerate(entry.players):
            name = self.players[side][p]
            leftovers.append(LeftoverCount(name, player.stage, player.held))
            if player.stage == "hand" and rules.knee_size:
                leftovers.append(LeftoverCount(name, "knee", player.knee, player.knee_reds, unplayed=True))
            if player.stage != "foot":
                leftovers.append(LeftoverCount(name, "foot", player.foot, player.foot_reds, unplayed=True))
        return TeamCounts(
            books=entry.books,
            melded=melded,
            open_wild=entry.open_wild if rules.unfinished_wild_penalty else 0,
            red_threes=entry.reds,
            leftovers=tuple(leftovers),
            went_out=self.rounds[index].out.startswith(f"{side}."),
        )

    def round_scores(self, index: int) -> tuple[TeamScore, ...]:
        """Every side's itemized score for a round, from the engine."""
        rules = self.rules
        return tuple(score_counts(rules, self.counts(index, s), s) for s in range(len(self.sides)))

    def totals(self, upto: int | None = None) -> tuple[int, ...]:
        """Every side's game total after the first ``upto`` rounds (every round when None)."""
        run = [0] * len(self.sides)
        for i in range(len(self.rounds) if upto is None else upto):
            run = [t + score.total for t, score in zip(run, self.round_scores(i), strict=True)]
        return tuple(run)

    def over(self) -> bool:
        """True once the game is over, as the rules say (rounds played, or a target score reached)."""
        return bool(self.rounds) and game_over(self.rules, len(self.rounds), self.totals())

    def winner(self) -> int | None:
        """The side with the highest total once the game is over (None for a tie at the top or a game in progress)."""
        totals = self.totals()
        best = max(totals)
        if not self.over() or totals.count(best) > 1:
            return None
        return totals.index(best)

    def minimums(self, index: int) -> tuple[int, ...]:
        """Each side's first-meld minimum in round ``index`` (0-based), by round or by score as the rules say."""
        rules = self.rules
        return tuple(rules.first_meld_minimum(index, t) for t in self.totals(min(index, len(self.rounds))))

    def size(self) -> int:
        """The players on each side (one for a pad of players each on their own)."""
        return shape(self.rules, self.individual)[1]

    # ----- entries --------------------------------------------------------------------------

    def spec(self, index: int, side: int, key: str) -> Field:
        """The entry ``key`` of one side in one round; raises PadError for one these rules don't have."""
        rules = self.rules
        kinds = {code: label for code, label, _ in book_kinds(rules)}
        if key.startswith("book:") and key[5:] in kinds:
            return Field(books_label(kinds[key[5:]]), MAX_COUNT)
        if key == "melded":
            return Field("Melded card points", MAX_POINTS)
        if key == "reds":
            return Field("Red 3s", MAX_COUNT)
        if key == "open_wild" and rules.unfinished_wild_penalty:
            return Field("Unfinished wild melds", MAX_COUNT)
        classes = card_classes(rules)
        if key.startswith("cards:") and key[6:].isdigit() and int(key[6:]) < len(classes):
            return Field(classes[int(key[6:])][0], MAX_CARDS)
        player, _, zone = key.partition(":")
        if player.isdigit() and len(player) == 1 and int(player) < self.size():
            name = self.players[side][int(player)]
            zones = {"held": f"{name}'s cards", "foot": f"{name}'s foot", "foot_reds": f"Red 3s in {name}'s foot"}
            if rules.knee_size:
                zones |= {"knee": f"{name}'s knee", "knee_reds": f"Red 3s in {name}'s knee"}
            if zone in zones:
                return Field(zones[zone], MAX_COUNT if zone.endswith("reds") else MAX_POINTS)
        raise PadError("That entry isn't on this pad.")

    def entered(self, index: int, side: int, key: str, value: int) -> Pad:
        """A copy with one number entered (already read by ``read_number``); raises PadError."""
        fld = self.spec(index, side, key)
        if not 0 <= value <= fld.limit:
            raise PadError(f"{fld.label}: at most {fld.limit:,}.")
        entry = self.rounds[index].sides[side]
        if key.startswith("book:"):
            books = tuple((c, value if c == key[5:] else n) for c, n in entry.books)
            entry = replace(entry, books=books)
        elif key.startswith("cards:"):
            i = int(key[6:])
            entry = replace(entry, cards=tuple(value if j == i else n for j, n in enumerate(entry.cards)))
        elif key in ("melded", "reds", "open_wild"):
            changes: dict[str, Any] = {key: value}
            entry = replace(entry, **changes)
        else:
            p, zone = int(key[0]), key[2:]
            player = entry.players[p]
            if zone == "held" and value and self.rounds[index].out == f"{side}.{p}":
                raise PadError(f"{self.players[side][p]} went out, so holds no cards.")
            unpicked = _unpicked(self.rules, player.stage)
            if zone != "held" and zone.split("_")[0] not in unpicked:
                where = zone.split("_")[0]
                raise PadError(f"{self.players[side][p]} picked up the {where}: count its cards as the cards held.")
            zone_change: dict[str, Any] = {zone: value}
            entry = _with_player(entry, p, replace(player, **zone_change))
        return self._with_entry(index, side, entry)

    def with_stage(self, index: int, side: int, player: int, stage: str) -> Pad:
        """A copy in which a player was playing from ``stage``; the sets now picked up are cleared."""
        rules = self.rules
        if not (0 <= player < self.size()) or stage not in STAGES or (stage == "knee" and not rules.knee_size):
            raise PadError("Choose the hand, the knee or the foot.")
        if self.rounds[index].out == f"{side}.{player}" and stage != "foot":
            raise PadError(f"{self.players[side][player]} went out, so was playing from the foot.")
        entry = self.rounds[index].sides[side]
        old = entry.players[player]
        kept = _unpicked(rules, stage)
        new = PlayerEntry(
            stage, old.held,
            old.knee if "knee" in kept else 0, old.knee_reds if "knee" in kept else 0,
            old.foot if "foot" in kept else 0, old.foot_reds if "foot" in kept else 0,
        )
        return self._with_entry(index, side, _with_player(entry, player, new))

    def with_out(self, index: int, out: str) -> Pad:
        """A copy in which ``out`` ('' or 'side.player') went out: that player was in the foot, holding nothing."""
        if out == "":
            return self._with_round(index, replace(self.rounds[index], out=""))
        side, _, player = out.partition(".")
        sides = [str(s) for s in range(len(self.sides))]
        if not (side in sides and player.isdigit() and len(player) == 1 and int(player) < self.size()):
            raise PadError("Choose who went out, or nobody.")
        pad = self._with_round(index, replace(self.rounds[index], out=out))
        s, p = int(side), int(player)
        entry = pad.rounds[index].sides[s]
        return pad._with_entry(index, s, _with_player(entry, p, PlayerEntry("foot")))

    def with_mode(self, index: int, side: int, mode: str) -> Pad:
        if mode not in ("points", "cards"):
            raise PadError("Type the points, or count the cards.")
        entry = self.rounds[index].sides[side]
        return self._with_entry(index, side, replace(entry, mode=mode))

    def with_round(self) -> Pad:
        """A copy with a new blank round after the last; raises PadError once the game is over."""
        if self.over():
            raise PadError("The game is over: start a new pad for the next game.")
        if len(self.rounds) >= MAX_ROUNDS:
            raise PadError(f"A pad holds at most {MAX_ROUNDS} rounds.")
        return replace(self, rounds=(*self.rounds, blank_round(self.rules, self.individual)))

    def without_last_round(self) -> Pad:
        if len(self.rounds) <= 1:
            raise PadError("A pad keeps at least one round: clear its entries instead.")
        return replace(self, rounds=self.rounds[:-1])

    def with_text(self, key: str, raw: str) -> Pad:
        """A copy with the name, the date, a side's or a player's name changed; raises PadError."""
        if key == "date":
            text = raw.strip()
            if not DATE.fullmatch(text) or not _real_date(text):
                raise PadError("The date is a day of the calendar, such as 2026-12-24.")
            return replace(self, date=text)
        text = read_name(raw)
        if key == "name":
            return replace(self, name=text or "Score pad")
        head, _, rest = key.partition(":")
        count = len(self.sides)
        defaults, default_players = default_names(self.rules.players, self.individual)
        if self.individual and head == "player" and re.fullmatch(r"[0-2]\.0", rest):
            head, rest = "side", rest[0]  # alone, a player's name is their side's
        if head == "side" and rest.isdigit() and len(rest) == 1 and int(rest) < count:
            s = int(rest)
            sides = list(self.sides)
            sides[s] = text or defaults[s]
            if not self.individual:
                return replace(self, sides=tuple(sides))
            players = tuple((n,) if i == s else p for i, (n, p) in enumerate(zip(sides, self.players, strict=True)))
            return replace(self, sides=tuple(sides), players=players)
        if head == "player" and re.fullmatch(r"[01]\.[0-2]", rest) and not self.individual:
            s, p = int(rest[0]), int(rest[2])
            names = list(self.players[s])
            if p >= len(names):
                raise PadError("That entry isn't on this pad.")
            names[p] = text or default_players[s][p]
            return replace(self, players=tuple(tuple(names) if i == s else n for i, n in enumerate(self.players)))
        raise PadError("That entry isn't on this pad.")

    def with_rules(self, key: str, raw: str) -> Pad:
        """A copy with the rule set or a house rule changed, as in Settings; only before any entry."""
        if self.has_entries():
            raise PadError("The rules are fixed once a round has entries: start a new pad for other rules.")
        try:
            settings = Settings(self.preset, dict(self.house)).with_change(key, raw)
        except ValueError as err:
            raise PadError(str(err) if str(err).endswith(".") else "Those rules don't fit together.") from None
        rules = settings.rules()
        individual = seats.individual(rules.players)
        sides, players = self.sides, self.players
        if (rules.players, individual) != (self.rules.players, self.individual):  # another table: its names
            sides, players = default_names(rules.players, individual)
        return replace(
            self, preset=settings.preset, house=settings.house, sides=sides, players=players,
            individual=individual, rounds=tuple(blank_round(rules, individual) for _ in self.rounds),
        )

    def has_entries(self) -> bool:
        """True once any round holds an entry (the rules are fixed from then on)."""
        blank = blank_round(self.rules, self.individual)
        return any(r != blank for r in self.rounds)

    def _with_entry(self, index: int, side: int, entry: SideEntry) -> Pad:
        sides = tuple(entry if s == side else e for s, e in enumerate(self.rounds[index].sides))
        return self._with_round(index, replace(self.rounds[index], sides=sides))

    def _with_round(self, index: int, new: Round) -> Pad:
        return replace(self, rounds=tuple(new if i == index else r for i, r in enumerate(self.rounds)))


def _unpicked(rules: RuleSet, stage: str) -> tuple[str, ...]:
    """The sets never picked up by a player playing from ``stage``."""
    if stage == "hand":
        return ("knee", "foot") if rules.knee_size else ("foot",)
    return ("foot",) if stage == "knee" else ()


def _with_player(entry: SideEntry, index: int, player: PlayerEntry) -> SideEntry:
    return replace(entry, players=tuple(player if i == index else p for i, p in enumerate(entry.players)))


def _real_date(text: str) -> bool:
    try:
        time.strptime(text, "%Y-%m-%d")
    except ValueError:
        return False
    return 1900 <= int(text[:4]) <= 2999


def default_players(players: int) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The seat names of the two teams, as the app's own games name them."""
    names = seat_names(players)
    return tuple(names[0::2]), tuple(names[1::2])


def default_names(players: int, individual: bool) -> tuple[tuple[str, ...], tuple[tuple[str, ...], ...]]:
    """The names of a new pad's sides and of their players.

    Two teams are 'Us' and 'Them'; players on their own are their seats as the app's own games name
    them ('South', 'West', 'East'), not 'You': a pad is kept for the whole table, not one player.
    """
    if individual:
        names = seat_names(players)
        return names, tuple((n,) for n in names)
    return ("Us", "Them"), default_players(players)


def new_pad(pad_id: str, date: str, settings: Settings, name: str = "") -> Pad:
    """A pad with one blank round, under the rules chosen in Settings (with the table size they say)."""
    rules = settings.rules()
    individual = seats.individual(rules.players)
    sides, players = default_names(rules.players, individual)
    pad = Pad(pad_id, name or f"Game of {date}", date, settings.preset, dict(settings.house),
              sides=sides, players=players, individual=individual)
    return replace(pad, rounds=(blank_round(pad.rules, individual),))


# ----- reading what the player typed ----------------------------------------------------------


def read_number(raw: str, label: str, limit: int) -> int:
    """A typed whole number from 0 to ``limit`` (empty is 0); raises PadError with a sentence saying why not."""
    text = raw.strip().replace(",", "")
    if not text:
        return 0
    if text.startswith("-") and text[1:].isascii() and text[1:].isdigit():
        raise PadError(f"{label}: a count can't be negative.")
    if not (text.isascii() and text.isdigit()):
        raise PadError(f"{label}: type a whole number, digits only.")
    if len(text) > 6 or int(text) > limit:
        raise PadError(f"{label}: at most {limit:,}.")
    return int(text)


def read_name(raw: str) -> str:
    """A typed name: at most ``MAX_NAME`` letters, digits, spaces and simple punctuation; raises PadError."""
    text = " ".join(raw.split())
    if len(text) > MAX_NAME or not NAME_CHARS.fullmatch(text):
        raise PadError(f"A name is at most {MAX_NAME} letters, digits, spaces and simple punctuation.")
    return text


# ----- storage: to and from a dict, strictly -------------------------------------------------


def to_dict(pad: Pad) -> dict[str, Any]:
    """The pad as JSON-friendly data (what a record stores)."""
    return {
        "v": 1, "id": pad.id, "name": pad.name, "date": pad.date, "seq": pad.seq, "individual": pad.individual,
        "rules": {"preset": pad.preset, "house": pad.house},
        "sides": list(pad.sides), "players": [list(p) for p in pad.players],
        "rounds": [
            {
                "out": r.out,
                "sides": [
                    {
                        "books": dict(s.books), "mode": s.mode, "melded": s.melded, "cards": list(s.cards),
                        "open_wild": s.open_wild, "reds": s.reds,
                        "players": [
                            [p.stage, p.held, p.knee, p.knee_reds, p.foot, p.foot_reds] for p in s.players
                        ],
                    }
                    for s in r.sides
                ],
            }
            for r in pad.rounds
        ],
    }


def dump(pad: Pad) -> str:
    return json.dumps(to_dict(pad), separators=(",", ":"), sort_keys=True)


def _need(ok: bool, what: str) -> None:
    if not ok:
        raise PadError(f"The score pad can't be read: {what}.")


def _int(value: Any, limit: int, what: str) -> int:
    _need(type(value) is int and 0 <= value <= limit, f"{what} is not a whole number from 0 to {limit:,}")
    return int(value)


def _name(value: Any, what: str) -> str:
    _need(isinstance(value, str), f"{what} is not text")
    try:
        text = read_name(value)
    except PadError:
        text = ""
    _need(text == value and bool(text), f"{what} is not a name of up to {MAX_NAME} characters")
    return text


def _rules(data: Any) -> tuple[str, dict[str, Any], RuleSet]:
    _need(isinstance(data, dict) and set(data) == {"preset", "house"}, "its rules are missing")
    preset, house = data["preset"], data["house"]
    _need(isinstance(preset, str) and preset in PRESET_NAMES, "its rule set is not one of the app's")
    _need(isinstance(house, dict) and len(house) <= len(HOUSE_CHOICES), "its house rules are not a list of switches")
    for key, value in house.items():
        choices = HOUSE_CHOICES.get(key, ("", ()))[1]
        _need(any(v == value and type(v) is type(value) for v, _c, _t in choices), "a house rule is not one offered")
    try:
        rules = rules_for(preset, house)
    except ValueError:
        raise PadError("The score pad can't be read: its house rules don't fit its rule set.") from None
    return preset, dict(house), rules


def _player(data: Any, rules: RuleSet) -> PlayerEntry:
    _need(isinstance(data, list) and len(data) == 6, "a player's entry is not six values")
    stage = data[0]
    _need(stage in STAGES and (stage != "knee" or bool(rules.knee_size)), "a player's set is not hand, knee or foot")
    held, knee, knee_reds, foot, foot_reds = (
        _int(v, MAX_COUNT if i in (2, 4) else MAX_POINTS, "a leftover") for i, v in enumerate(data[1:])
    )
    unpicked = _unpicked(rules, stage)
    _need("knee" in unpicked or knee == knee_reds == 0, "a knee picked up still has cards")
    _need("foot" in unpicked or foot == foot_reds == 0, "a foot picked up still has cards")
    return PlayerEntry(stage, held, knee, knee_reds, foot, foot_reds)


def _side(data: Any, rules: RuleSet, size: int) -> SideEntry:
    _need(isinstance(data, dict), "a side's entry is not a record")
    expected = {"books", "mode", "melded", "cards", "open_wild", "reds", "players"}
    _need(set(data) == expected, "a side's entry has missing or unknown fields")
    codes = [code for code, _, _ in book_kinds(rules)]
    books = data["books"]
    _need(isinstance(books, dict) and sorted(books) == sorted(codes), "its books are not the rules' kinds")
    cards = data["cards"]
    _need(isinstance(cards, list) and len(cards) == len(card_classes(rules)), "its card counts don't fit the rules")
    players = data["players"]
    _need(isinstance(players, list) and len(players) == size, "a side has the wrong number of players")
    _need(data["mode"] in ("points", "cards"), "a side's melded cards are neither points nor counts")
    return SideEntry(
        books=tuple((code, _int(books[code], MAX_COUNT, "a book count")) for code in codes),
        mode=data["mode"],
        melded=_int(data["melded"], MAX_POINTS, "the melded points"),
        cards=tuple(_int(n, MAX_CARDS, "a card count") for n in cards),
        open_wild=_int(data["open_wild"], MAX_COUNT, "the unfinished wild melds"),
        reds=_int(data["reds"], MAX_COUNT, "the red 3s"),
        players=tuple(_player(p, rules) for p in players),
    )


def _round(data: Any, rules: RuleSet, individual: bool) -> Round:
    _need(isinstance(data, dict) and set(data) == {"out", "sides"}, "a round is not a record")
    out, sides = data["out"], data["sides"]
    count, size = shape(rules, individual)
    _need(
        out == "" or (isinstance(out, str) and re.fullmatch(r"[0-5]\.[0-2]", out) is not None
                      and int(out[0]) < count and int(out[2]) < size),
        "who went out is not a player",
    )
    _need(isinstance(sides, list) and len(sides) == count, f"a round does not have {count} sides")
    return Round(tuple(_side(s, rules, size) for s in sides), out)


def from_dict(data: Any) -> Pad:
    """A pad from stored data; raises PadError, saying what is wrong, unless every field is as the app writes it."""
    _need(isinstance(data, dict) and data.get("v") == 1, "it is not a score pad of this app")
    keys = {"v", "id", "name", "date", "seq", "rules", "sides", "players", "rounds"}
    _need(set(data) in (keys, keys | {"individual"}), "it has missing or unknown fields")
    individual = data.get("individual", False)  # pads kept before individual pads are two teams
    _need(type(individual) is bool, "whether its players play alone is not yes or no")
    pad_id = data["id"]
    _need(isinstance(pad_id, str) and re.fullmatch(r"[0-9a-z-]{1,40}", pad_id) is not None, "its id is not one")
    date = data["date"]
    _need(isinstance(date, str) and DATE.fullmatch(date) is not None and _real_date(date), "its date is not a day")
    seq = data["seq"]
    _need(type(seq) is int and 0 <= seq < 10**12, "its save number is not one")
    preset, house, rules = _rules(data["rules"])
    _need(not individual or seats.individual(rules.players), "its players play alone at a table of teams")
    # Two sides of one at a table of two are pads kept before individual pads; never three players.
    _need(individual or rules.players != 3, "its three players are not each on their own")
    count, size = shape(rules, individual)
    sides, players, rounds = data["sides"], data["players"], data["rounds"]
    _need(isinstance(sides, list) and len(sides) == count, f"it does not have {count} sides")
    _need(isinstance(players, list) and len(players) == count, f"it does not have the players of {count} sides")
    _need(all(isinstance(p, list) and len(p) == size for p in players), "a side has the wrong number of players")
    _need(not individual or all(p == [s] for p, s in zip(players, sides, strict=True)),
          "a player alone is not named as their side")
    _need(isinstance(rounds, list) and 1 <= len(rounds) <= MAX_ROUNDS, f"it has no rounds or more than {MAX_ROUNDS}")
    pad = Pad(
        pad_id, _name(data["name"], "its name"), date, preset, house,
        tuple(_name(s, "a side's name") for s in sides),
        tuple(tuple(_name(n, "a player's name") for n in p) for p in players),
        tuple(_round(r, rules, individual) for r in rounds), seq, individual,
    )
    for r in pad.rounds:  # who went out holds nothing, from the foot
        if r.out:
            p = r.sides[int(r.out[0])].players[int(r.out[2])]
            _need(p == PlayerEntry("foot"), "the player who went out still holds cards")
    return pad


def load(text: Any) -> Pad:
    """A pad from its stored text; raises PadError."""
    try:
        data = parse_json(text, "score pad", MAX_RECORD_CHARS)
    except LoadError as err:
        raise PadError(str(err)) from None
    return from_dict(data)


@dataclass(frozen=True)
class Unreadable:
    """A stored pad that can't be read: listed with why, left as it is until the player deletes it."""

    key: str
    problem: str


def choose(primary: Mapping[str, Any], quick: Mapping[str, Any], quick_prefix: str) -> tuple[
    list[Pad], list[Unreadable], dict[str, str]
]:
    """The pads in IndexedDB (``primary``) and their localStorage copies, the newer of each (a tie to IndexedDB).

    Returns the pads (newest date first), the unreadable records (IndexedDB's, or a copy with none
    beside it), and the records to write back to IndexedDB (a newer copy from localStorage).
    """
    found: dict[str, tuple[Pad, int]] = {}
    bad: list[Unreadable] = []
    for rank, source, prefix in ((1, primary, PREFIX), (0, quick, quick_prefix)):
        for key in sorted(k for k in source if isinstance(k, str) and k.startswith(prefix)):
            try:
                pad = load(source[key])
            except PadError as err:
                bad.append(Unreadable(key, str(err)))
                continue
            if key != prefix + pad.id:
                bad.append(Unreadable(key, "The score pad can't be read: it is stored under another pad's name."))
                continue
            best = found.get(pad.id)
            if best is None or (pad.seq, rank) > (best[0].seq, best[1]):
                found[pad.id] = (pad, rank)
    readable = set(found)
    bad = [b for b in bad if b.key.removeprefix(PREFIX).removeprefix(quick_prefix) not in readable]
    writes = {PREFIX + pad.id: dump(pad) for pad, rank in found.values() if rank == 0}
    pads = sorted((p for p, _ in found.values()), key=lambda p: (p.date, p.id), reverse=True)
    return pads, bad, writes


# ----- the screen's state and its taps ----------------------------------------------------------


Message = tuple[str, str]
"""(text, kind) for the note the controller shows: kind 'error' or 'info'."""


class PadDesk:
    """The score pad screen: the pads kept, the one open, the round and side shown, what waits for a yes."""

    def __init__(self, clock: Callable[[], float] = time.time) -> None:
        self.clock = clock
        self.today = time.strftime("%Y-%m-%d", time.gmtime(clock()))  # ui/main.py sets the local date
        self.pads: list[Pad] = []
        self.unreadable: list[Unreadable] = []
        self.open: str = ""  # the id of the pad shown, '' for the list
        self.round = 0
        self.side = 0
        self.confirm = ""  # 'delete:<id>', 'drop:<key>' or 'round' while waiting for a yes
        self.setup = False  # the pad's names and rules are unfolded
        self.table = 0  # the table size chosen for a new pad (0: as Settings say)
        self.changed: set[str] = set()  # ids of pads to store
        self.deleted: set[str] = set()  # store keys to delete

    def pad(self) -> Pad | None:
        return next((p for p in self.pads if p.id == self.open), None)

    def _put(self, pad: Pad) -> None:
        pad = replace(pad, seq=pad.seq + 1)
        self.pads = [pad if p.id == pad.id else p for p in self.pads]
        self.changed.add(pad.id)

    def handle(self, act: str, arg: str, settings: Settings) -> Message | None:
        """Do a pad tap (``act`` without its 'pad-' prefix); a message for the player, or None."""
        if act not in ("delete", "drop", "remove-round", "yes"):
            self.confirm = ""
        pad = self.pad()
        try:
            match act:
                case "new":
                    return self._new(settings)
                case "open":
                    chosen = next((p for p in self.pads if p.id == arg), None)
                    if chosen is not None:
                        self.open, self.round, self.side, self.setup = arg, len(chosen.rounds) - 1, 0, False
                    return None
                case "list":
                    self.open = ""
                    return None
                case "delete" | "drop" | "remove-round":
                    return self._confirmable(act, arg)
                case "yes":
                    return self._yes()
                case "no":
                    self.confirm = ""
                    return None
                case "setup":
                    self.setup = not self.setup
                    return None
            if pad is None:
                return None
            match act:
                case "round":
                    if arg.isdigit() and len(arg) <= 2 and int(arg) < len(pad.rounds):
                        self.round = int(arg)
                case "side":
                    if arg.isdigit() and len(arg) == 1 and int(arg) < len(pad.sides):
                        self.side = int(arg)
                case "add-round":
                    self._put(pad.with_round())
                    self.round, self.side = len(pad.rounds), 0
                case "step":
                    self._step(pad, arg)
                case "mode":
                    self._put(pad.with_mode(self.round, self.side, arg))
        except PadError as err:
            return str(err), "error"
        return None

    def _new(self, settings: Settings) -> Message | None:
        if len(self.pads) >= MAX_PADS:
            return f"At most {MAX_PADS} score pads are kept: delete one first.", "error"
        stamp = int(self.clock() * 1000)
        pad_id, n = str(stamp), 1
        while any(p.id == pad_id for p in self.pads):
            pad_id, n = f"{stamp}-{n}", n + 1
        pad = new_pad(pad_id, self.today, self.new_settings(settings))
        self.pads.insert(0, pad)
        self.changed.add(pad.id)
        self.open, self.round, self.side, self.setup = pad.id, 0, 0, False
        return None

    def new_size(self, settings: Settings) -> int:
        """The table size a new pad is made for: the one chosen on the list, if these rules allow it, else Settings'."""
        offered = players_offered(preset_rules(settings.preset))
        return self.table if self.table in offered else settings.rules().players

    def new_settings(self, settings: Settings) -> Settings:
        """Settings' rules at the table size chosen for a new pad."""
        size = self.new_size(settings)
        if size == settings.rules().players:
            return settings
        try:
            return settings.with_change("house:players", str(size))
        except ValueError:
            return settings

    def _confirmable(self, act: str, arg: str) -> Message | None:
        if act == "delete" and any(p.id == arg for p in self.pads):
            self.confirm = f"delete:{arg}"
        elif act == "drop" and any(u.key == arg for u in self.unreadable):
            self.confirm = f"drop:{arg}"
        elif act == "remove-round" and self.pad() is not None:
            self.confirm = "round"
        return None

    def _yes(self) -> Message | None:
        what, _, arg = self.confirm.partition(":")
        self.confirm = ""
        if what == "delete" and any(p.id == arg for p in self.pads):
            self.pads = [p for p in self.pads if p.id != arg]
            self.changed.discard(arg)
            self.deleted.add(PREFIX + arg)
            self.open = "" if self.open == arg else self.open
            return "That score pad is deleted.", "info"
        if what == "drop" and any(u.key == arg for u in self.unreadable):
            self.unreadable = [u for u in self.unreadable if u.key != arg]
            self.deleted.add(arg)
            return "That unreadable score pad is deleted.", "info"
        pad = self.pad()
        if what == "round" and pad is not None:
            self._put(pad.without_last_round())
            self.round = min(self.round, len(pad.rounds) - 2)
            return f"Round {len(pad.rounds)} is removed.", "info"
        return None

    def _step(self, pad: Pad, arg: str) -> None:
        """'+:key' or '-:key': one more or one fewer."""
        sign, _, key = arg.partition(":")
        if sign not in ("+", "-"):
            return
        fld = pad.spec(self.round, self.side, key)
        now = _value(pad.rounds[self.round].sides[self.side], key)
        value = now + (1 if sign == "+" else -1)
        if value < 0:
            raise PadError(f"{fld.label}: a count can't be negative.")
        self._put(pad.entered(self.round, self.side, key, value))

    def input(self, key: str, raw: str) -> Message | None:
        """A value typed or chosen in the open pad: ``key`` names the entry, ``raw`` is untrusted text."""
        if key == "new:players":  # the table size of the next new pad, chosen on the list
            if raw in ("2", "3", "4", "6"):
                self.table = int(raw)
            return None
        pad = self.pad()
        if pad is None or len(raw) > 200:
            return None
        try:
            head, _, rest = key.partition(":")
            if head in ("name", "date", "side", "player"):
                self._put(pad.with_text(key, raw))
            elif head == "rules":
                self._put(pad.with_rules(rest, raw))
            elif head == "out":
                self._put(pad.with_out(self.round, raw))
            elif head == "stage" and rest.isdigit() and len(rest) == 1:
                self._put(pad.with_stage(self.round, self.side, int(rest), raw))
            else:
                fld = pad.spec(self.round, self.side, key)
                self._put(pad.entered(self.round, self.side, key, read_number(raw, fld.label, fld.limit)))
        except PadError as err:
            return str(err), "error"
        return None

    def take_changes(self) -> tuple[dict[str, str], set[str]]:
        """The records to store (store key -> text) and the store keys to delete, since the last call."""
        writes = {PREFIX + p.id: dump(p) for p in self.pads if p.id in self.changed}
        deleted = self.deleted
        self.changed, self.deleted = set(), set()
        return writes, deleted


def _value(entry: SideEntry, key: str) -> int:
    """The number an entry key holds now."""
    if key.startswith("book:"):
        return entry.book(key[5:])
    if key.startswith("cards:"):
        return entry.cards[int(key[6:])]
    if key in ("melded", "reds", "open_wild"):
        return int(getattr(entry, key))
    return int(getattr(entry.players[int(key[0])], key[2:]))
