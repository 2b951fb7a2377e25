"""History and statistics: a compact summary of every finished game, and what the Statistics screen counts.

Pure Python, no browser objects: ``ui/browser/records.py`` keeps the history in its own IndexedDB record (and
the newest games in localStorage) and reads it back through ``load``, which leaves out anything it
can't trust and never raises.

A summary holds what the statistics need and nothing of the moves (a kept game already holds its
save): the date, the rules (preset, house rules on or not, players), the computer level, the deal,
per round the human's side's score and the best other side's, the books that side made by kind
and who went out, and the final totals (the human's side first). A game is counted once: its key
is a digest of the rules, the deal and the moves before its last round began, so a reload, a
finished game resumed, or its last round replayed and finished again all give the same key, and
only the first finish counts.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from engine import seats
from engine.actions import from_text
from engine.deal import MAX_DEAL
from engine.errors import LoadError
from engine.rules import PRESETS
from engine.scoring import TeamTable, score
from engine.serialize import parse_json
from engine.state import Game
from engine.stored_rules import rules_to_dict
from ui.seating.model import clean_name
from ui.settings.model import LEVELS
from ui.sides import SOUTH

SCHEMA = 1
MAX_GAMES = 500
"""The history keeps the last 500 finished games; older ones are dropped as new ones finish."""
QUICK_GAMES = 100
"""The localStorage copy keeps only the newest games (it shares its few megabytes with the save)."""
MAX_ROUNDS = 20
MAX_KINDS = 8
MAX_KIND_CHARS = 40
MAX_SCORE = 10**7
MAX_BOOKS = 100
MAX_HISTORY_CHARS = MAX_GAMES * 4_000
KEY_CHARS = 16
OUTS = ("you", "partner", "other", "none")
"""Who went out in a round: South, South's partner, another side, or nobody (the stock ran out)."""
RESULTS = ("won", "lost", "tie")
LEVEL_NAMES = tuple(code for code, _label in LEVELS)
SHORT_NAMES = {"classic": "Classic", "pagat": "Pagat", "thirteen": "Thirteen-card", "rook": "Rook",
               "hkf": "Hand, Knee and Foot"}
"""The rule sets as a table of statistics names them (the Settings titles are longer)."""


@dataclass(frozen=True)
class RoundLine:
    """One round of a finished game, as the human's side saw it."""

    mine: int
    """The human's side's score for the round."""
    best_other: int
    """The best score of the other sides for the round."""
    books: tuple[tuple[str, int], ...]
    """(kind, count) of the books the human's side made: 'clean book', 'wild book', 'book of 7s'..."""
    out: str
    """Who went out: one of ``OUTS``."""

    def to_dict(self) -> dict[str, Any]:
        return {"s": [self.mine, self.best_other], "b": dict(self.books), "o": self.out}


@dataclass(frozen=True)
class Summary:
    """A finished game, as the history keeps it."""

    key: str
    played: int
    """When it finished, in milliseconds since 1970."""
    preset: str
    house: bool
    players: int
    level: str
    deal: int
    rounds: tuple[RoundLine, ...]
    totals: tuple[int, ...]
    """Every side's final total, the human's side first (then the others in turn order)."""
    result: str
    """'won', 'lost' or 'tie' (a tie for the lead that includes the human's side)."""
    people: tuple[tuple[str, str, int], ...] = ()
    """In a game played together on this device: each person's (name, their side's result, its total)."""

    @property
    def margin(self) -> int:
        """The human's side's final total less the best other side's."""
        return self.totals[0] - max(self.totals[1:])

    def rules_label(self) -> str:
        """'Classic, 4 players' or 'Pagat, 6 players, house rules'."""
        name = SHORT_NAMES.get(self.preset, self.preset)
        return f"{name}, {self.players} players" + (", house rules" if self.house else "")

    def to_dict(self) -> dict[str, Any]:
        return {
            "v": SCHEMA, "key": self.key, "at": self.played, "preset": self.preset, "house": self.house,
            "players": self.players, "level": self.level, "deal": self.deal,
            "rounds": [r.to_dict() for r in self.rounds], "totals": list(self.totals), "result": self.result,
            **({"people": [list(p) for p in self.people]} if self.people else {}),
        }


# ----- from a game -------------------------------------------------------------------------------


def game_key(game: Game) -> str:
    """The game's identity: its rules, deal and the moves before its last round (see the module's doc)."""
    starts = [i for i, text in enumerate(game.history) if text == "next"]
    before_last = game.history[: starts[-1] + 1] if starts else []
    text = json.dumps([rules_to_dict(game.rules), game.deal_number, before_last], separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:KEY_CHARS]


def book_kinds(game: Game, team: int) -> tuple[tuple[str, int], ...]:
    """The books ``team`` has on the table now, counted by kind, named as the round's score names them."""
    counts: dict[str, int] = {}
    for meld in game.teams[team].melds:
        if not meld.is_book:
            continue
        # One book scored alone is one line: the engine names its kind ('clean book', 'book of 7s').
        lines = score(game.rules, TeamTable(melds=((meld.rank, tuple(meld.cards)),))).lines
        name = next((line.book for line in lines if line.kind == "books"), "book")
        kind = name.lower()[:MAX_KIND_CHARS] or "book"
        counts[kind] = counts.get(kind, 0) + 1
    return tuple(sorted(counts.items()))


def books_per_round(game: Game, team: int) -> list[tuple[tuple[str, int], ...]]:
    """The books ``team`` made in each finished round, found by replaying the game's moves."""
    replayed = Game(game.rules, game.deal_number)
    found: list[tuple[tuple[str, int], ...]] = []
    for text in game.history:
        replayed.apply(from_text(text))
        if replayed.phase in ("round_over", "game_over") and len(found) < len(replayed.results):
            found.append(book_kinds(replayed, team))
    return found


def _out(game: Game, seat: int | None, me: int, here: frozenset[int] = frozenset()) -> str:
    """Who went out, as ``me`` sees it; ``here``: the seats of the people playing together on this device, any of
    them on ``me``'s side counting as "you" (the device is theirs together)."""
    if seat is None:
        return "none"
    ours = game.team_of(seat) == game.team_of(me)
    if seat == me or (ours and seat in here):
        return "you"
    return "partner" if ours else "other"


def _result(totals: Sequence[int]) -> str:
    best_other = max(totals[1:])
    return "won" if totals[0] > best_other else "tie" if totals[0] == best_other else "lost"


def _person(game: Game, seat: int, name: str) -> tuple[str, str, int]:
    """(name, result, total) of the person in ``seat``: their side's."""
    mine = game.team_of(seat)
    totals = [game.totals[mine], *(game.totals[t] for t in seats.other_sides(mine, game.n))]
    return name, _result(totals), totals[0]


def summarize(
    game: Game, level: str, played: int, me: int = SOUTH, people: Sequence[tuple[int, str]] = ()
) -> Summary:
    """The summary of a finished game (``level``: the computer players' level it ended with; ``people``:
    the named people who played it together, by seat)."""
    if not game.over:
        raise ValueError("only a finished game has a summary")
    mine = game.team_of(me)
    order = [mine, *seats.other_sides(mine, game.n)]
    here = frozenset(seat for seat, _name in people)
    books = books_per_round(game, mine)
    rounds = tuple(
        RoundLine(
            result.scores[mine].total,
            max(result.scores[t].total for t in order[1:]),
            books[i] if i < len(books) else (),
            _out(game, result.went_out, me, here),
        )
        for i, result in enumerate(game.results)
    )
    house = any(k != "players" for k in rules_to_dict(game.rules)["options"])
    totals = tuple(game.totals[t] for t in order)
    return Summary(
        game_key(game), played, game.rules.name, house, game.n, level, game.deal_number, rounds, totals,
        _result(totals), tuple(_person(game, seat, name) for seat, name in people if name),
    )


def record(
    history: list[Summary], game: Game, level: str, played: int, me: int = SOUTH,
    people: Sequence[tuple[int, str]] = (),
) -> list[Summary] | None:
    """The history with ``game`` added if it is over and not yet counted (capped); None if nothing changes."""
    if not game.over:
        return None
    key = game_key(game)
    if any(s.key == key for s in history):
        return None
    return capped([*history, summarize(game, level, played, me, people)])


# ----- stored and read back ------------------------------------------------------------------------


def dump(history: Sequence[Summary]) -> str:
    """The history as the JSON text of its record."""
    return json.dumps({"v": SCHEMA, "games": [s.to_dict() for s in history]}, separators=(",", ":"))


def _int(value: Any, low: int, high: int) -> bool:
    return type(value) is int and low <= value <= high


def _round(data: Any, players: int) -> RoundLine | None:
    if not isinstance(data, dict) or set(data) != {"s", "b", "o"}:
        return None
    pair, books, out = data["s"], data["b"], data["o"]
    if not (isinstance(pair, list) and len(pair) == 2 and all(_int(x, -MAX_SCORE, MAX_SCORE) for x in pair)):
        return None
    if not (isinstance(books, dict) and len(books) <= MAX_KINDS and out in OUTS):
        return None
    if out == "partner" and seats.individual(players):
        return None
    kinds = []
    for kind, count in books.items():
        if not (isinstance(kind, str) and 0 < len(kind) <= MAX_KIND_CHARS and _int(count, 1, MAX_BOOKS)):
            return None
        kinds.append((kind, count))
    return RoundLine(pair[0], pair[1], tuple(sorted(kinds)), str(out))


def read_summary(data: Any) -> Summary | None:
    """One stored summary, or None unless every field has its type, its range and agrees with the others."""
    if not isinstance(data, dict) or data.get("v") != SCHEMA:
        return None
    key, played, name, house = data.get("key"), data.get("at"), data.get("preset"), data.get("house")
    players, level, deal, rounds = data.get("players"), data.get("level"), data.get("deal"), data.get("rounds")
    totals, result = data.get("totals"), data.get("result")
    if not (isinstance(key, str) and len(key) == KEY_CHARS and all(c in "0123456789abcdef" for c in key)):
        return None
    if not (_int(played, 0, 10**14) and isinstance(name, str) and name in PRESETS  # a list isn't hashable
            and type(house) is bool and isinstance(level, str) and level in LEVEL_NAMES):
        return None
    if not (_int(players, 2, 6) and players in seats.PLAYER_COUNTS and _int(deal, 1, MAX_DEAL)):
        return None
    if not (isinstance(rounds, list) and 0 < len(rounds) <= MAX_ROUNDS):
        return None
    lines = [_round(r, players) for r in rounds]
    if not (isinstance(totals, list) and len(totals) == seats.sides(players)):
        return None
    if not all(_int(t, -MAX_SCORE * MAX_ROUNDS, MAX_SCORE * MAX_ROUNDS) for t in totals):
        return None
    checked = [line for line in lines if line is not None]
    if len(checked) != len(lines) or sum(line.mine for line in checked) != totals[0]:
        return None  # the rounds must add up to the human's side's total
    if result != _result(totals):
        return None
    people = _people(data.get("people", []), players, len(checked))
    if people is None:
        return None
    return Summary(
        key, data["at"], str(name), house, players, str(level), data["deal"], tuple(checked), tuple(totals), result,
        people,
    )


def _people(data: Any, players: int, rounds: int) -> tuple[tuple[str, str, int], ...] | None:
    """The named people of a stored summary ([] for a game of one person), or None if any is damaged."""
    if not (isinstance(data, list) and len(data) <= players):
        return None
    out = []
    for item in data:
        if not (isinstance(item, list) and len(item) == 3):
            return None
        name, result, total = item
        if not (isinstance(name, str) and name and clean_name(name) == name and result in RESULTS):
            return None
        if not _int(total, -MAX_SCORE * rounds, MAX_SCORE * rounds):
            return None
        out.append((name, str(result), int(total)))
    if len({name.casefold() for name, _r, _t in out}) != len(out):
        return None
    return tuple(out)


def load(raw: Any) -> list[Summary]:
    """The history in a stored record, oldest first; [] for a missing or unreadable one (never raises).

    Each game is checked on its own: a damaged one is left out, the others are kept.
    """
    if not isinstance(raw, str):
        return []
    try:
        data = parse_json(raw, "history", MAX_HISTORY_CHARS)
    except LoadError:
        return []
    if not isinstance(data, dict) or data.get("v") != SCHEMA or not isinstance(data.get("games"), list):
        return []
    found = [read_summary(g) for g in data["games"][-MAX_GAMES * 2 :]]
    return merge([s for s in found if s is not None])


def merge(*histories: Iterable[Summary]) -> list[Summary]:
    """Every game of the histories once (by key, the first copy met), oldest first, capped."""
    seen: dict[str, Summary] = {}
    for history in histories:
        for s in history:
            seen.setdefault(s.key, s)
    return capped(list(seen.values()))


def capped(history: list[Summary], limit: int = MAX_GAMES) -> list[Summary]:
    """The history oldest first (by finish time; ties in the order met), without the oldest past ``limit``."""
    ordered = sorted(history, key=lambda s: s.played)
    return ordered[-limit:] if limit > 0 else []


# ----- the statistics ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Group:
    """Games played and won with one set of rules at one level."""

    rules: str
    level: str
    played: int
    won: int


@dataclass(frozen=True)
class Player:
    """A person's games played together on this device: how many, won, and their side's average round."""

    name: str
    played: int
    won: int
    average_round: int | None


def players(games: Sequence[Summary]) -> tuple[Player, ...]:
    """Each named person's games, wins and average round (their side's score per round), by name."""
    found: dict[str, list[int]] = {}
    for s in games:
        for name, result, total in s.people:
            row = found.setdefault(name, [0, 0, 0, 0])
            row[0] += 1
            row[1] += result == "won"
            row[2] += total
            row[3] += len(s.rounds)
    return tuple(
        Player(name, n, won, round(total / rounds) if rounds else None)
        for name, (n, won, total, rounds) in sorted(found.items(), key=lambda item: item[0].casefold())
    )


@dataclass(frozen=True)
class Stats:
    """What the Statistics screen shows, counted from the history."""

    played: int
    won: int
    lost: int
    tied: int
    groups: tuple[Group, ...]
    rounds: int
    average_round: int | None
    """The human's side's mean round score, rounded; None before any round."""
    best_round: int | None
    books: tuple[tuple[str, int], ...]
    """Books made by kind, the most made first."""
    went_out_you: int
    went_out_side: int
    """Rounds the human's side went out (South or a partner)."""
    current_streak: int
    longest_streak: int
    biggest_win: int | None
    """The widest final margin of a game won; None before any win."""
    recent: tuple[Summary, ...]
    """The last games (``CHART_GAMES`` at most), oldest first, for the chart."""
    people: tuple[Player, ...] = ()
    """Each person named in games played together here, by name."""

    @property
    def books_total(self) -> int:
        return sum(n for _kind, n in self.books)


CHART_GAMES = 20


def streaks(results: Iterable[str]) -> tuple[int, int]:
    """(current, longest) run of games won in a row; a tie or a loss ends a run."""
    current = longest = 0
    for result in results:
        current = current + 1 if result == "won" else 0
        longest = max(longest, current)
    return current, longest


def compute(history: Sequence[Summary]) -> Stats:
    """The statistics of the games in ``history`` (oldest first)."""
    games = sorted(history, key=lambda s: s.played)
    groups: dict[tuple[str, str], list[int]] = {}
    for s in games:
        group = groups.setdefault((s.rules_label(), s.level), [0, 0])
        group[0] += 1
        group[1] += s.result == "won"
    level_order = {code: i for i, code in enumerate(LEVEL_NAMES)}
    ordered = sorted(groups.items(), key=lambda item: (item[0][0], level_order.get(item[0][1], 9)))
    rounds = [r for s in games for r in s.rounds]
    books: dict[str, int] = {}
    for r in rounds:
        for kind, n in r.books:
            books[kind] = books.get(kind, 0) + n
    current, longest = streaks(s.result for s in games)
    return Stats(
        played=len(games),
        won=sum(s.result == "won" for s in games),
        lost=sum(s.result == "lost" for s in games),
        tied=sum(s.result == "tie" for s in games),
        groups=tuple(Group(rules, level, p, w) for (rules, level), (p, w) in ordered),
        rounds=len(rounds),
        average_round=round(sum(r.mine for r in rounds) / len(rounds)) if rounds else None,
        best_round=max((r.mine for r in rounds), default=None),
        books=tuple(sorted(books.items(), key=lambda item: (-item[1], item[0]))),
        went_out_you=sum(r.out == "you" for r in rounds),
        went_out_side=sum(r.out in ("you", "partner") for r in rounds),
        current_streak=current,
        longest_streak=longest,
        biggest_win=max((s.margin for s in games if s.result == "won"), default=None),
        recent=tuple(games[-CHART_GAMES:]),
        people=players(games),
    )
