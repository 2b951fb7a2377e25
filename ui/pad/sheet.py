"""One score pad: a frozen ``Pad`` of named sides and rounds, its entries and its totals.

Every score comes from the engine (``engine.scoring.score_counts``), so a counted round reads
line for line like one played in the app. An entry makes a new pad (``Pad.entered``) or raises
``PadError`` with a sentence for the player, and changes nothing.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any

from engine import seats
from engine.rules import RuleSet
from engine.scoring import LeftoverCount, TeamCounts, TeamScore, book_kinds, game_over, score_counts
from engine.seats import seat_names
from ui.pad.entries import (
    DATE,
    MAX_CARDS,
    MAX_COUNT,
    MAX_POINTS,
    MAX_ROUNDS,
    STAGES,
    PadError,
    PlayerEntry,
    Round,
    SideEntry,
    blank_round,
    books_label,
    card_classes,
    counted_points,
    read_name,
    real_date,
    shape,
    unpicked_sets,
)
from ui.settings.model import Settings, rules_for

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
            melded = counted_points(rules, entry.cards)
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
            unpicked = unpicked_sets(self.rules, player.stage)
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
        kept = unpicked_sets(rules, stage)
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
            if not DATE.fullmatch(text) or not real_date(text):
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




def _with_player(entry: SideEntry, index: int, player: PlayerEntry) -> SideEntry:
    return replace(entry, players=tuple(player if i == index else p for i, p in enumerate(entry.players)))




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
