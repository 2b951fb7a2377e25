"""The messages between the host and a guest, as JSON text: written here, read here, strictly.

Pure Python.  A guest sends the host four kinds of message:

- ``{"t": "act", "a": "discard QH", "n": 41}``: a move in the engine's stable text form
  (``engine.actions.to_text``), made on the table as it stood after ``n`` moves;
- ``{"t": "sync"}``: send my seat's view again (a guest that reloaded or came back in range);
- ``{"t": "hello", "name": "Anna"}``: who the guest says they are (shown by the host, checked like typing);
- ``{"t": "undo", "n": 43}``: take back this turn's melds (``engine.takeback``), asked on the table as it
  stood after ``n`` moves.

The host sends a guest these:

- ``{"t": "view", "seat": 1, "n": 41, "names": [...], "lines": [...], "view": {...}}``: the guest's own
  seat's view (``guest_view``), what a computer player in that seat would be given, less the deal
  number (from which every hand could be dealt again) and the log (the moves come as sentences);
- ``{"t": "no", "why": "It is not your turn."}``: a move refused, with the sentence saying why;
- ``{"t": "why", "r": ["", "Took the pile: ...", ...]}``: just before a view, the public "Why?" of each of
  its recent moves ('' for a person's move), what the host's own table shows anyone while the round is
  live (never a computer's whole reasoning, which names cards only its seat has seen);
- ``{"t": "result", "round": 0, "out": 2, "scores": [[["books", "Two clean books", 1000], ...], ...]}``: once a
  round is over, how it ended and each side's itemised score (public by then), for the guest's breakdown.
  It too comes just before the view;
- ``{"t": "may_undo"}``: just before a view, that the guest may take back its melds of this turn on it
  (the host's table offers Undo then; only the host, which holds the game, can tell);
- ``{"t": "who", "s": [2, 3, null, ...], "short": ["drew 2 · discarded 9♣", ...]}``: just before a view, whose
  each of its recent moves was (null for none) and that move in a few words, for the seats' boxes as the
  host's table has them;
- ``{"t": "away", "s": [3]}``: just before a view, the guests' seats a computer plays for now (their phones
  are away), so every phone's row for such a seat says so as the host's does.

A guest of an older build counts the last five as unreadable and changes nothing; the view right after
clears its note.

Every reader here takes anything (a string of any length, any JSON) and returns a value or None:
it never raises.  The guest's messages are measured before they are parsed.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from typing import Any

from engine import cards as C
from engine.actions import Action, from_text, to_text
from engine.errors import RuleViolation
from engine.events import Phase
from engine.melds import TableMeld
from engine.rules import RuleSet
from engine.scoring import ScoreLine, TeamScore
from engine.seats import partner, sides, team_of
from engine.serialize import json_or_none
from engine.state import Game, seat_names
from engine.stored_rules import rules_from_dict, rules_to_dict
from engine.table import RoundResult
from engine.views import MeldView, SeatView, TeamView, View, view_for
from ui.seating.model import clean_name

MAX_GUEST_TEXT = 4096
"""A guest's message longer than this is dropped unread (the longest move is well under 1 kB)."""
MAX_HOST_TEXT = 262_144
"""A host's message longer than this is dropped unread (a six-player view is about 10 kB)."""
MAX_DEPTH = 8
"""No message the app writes nests deeper than this."""
MAX_LINES = 12
"""The recent moves sent with a view, in words."""
MAX_LINE = 400
"""A longer line of the recent moves is cut."""
MAX_REASON = 2_000
"""A longer "Why?" is cut (the longest the engine writes are a few hundred characters; a kept line holds 2,000)."""
MAX_CARDS = 800
"""More cards than this in one list (six decks and their jokers are 324) is not a real table."""
PHASES: tuple[Phase, ...] = ("draw", "play", "answer", "round_over", "game_over")
STAGES = ("hand", "knee", "foot")


@dataclass(frozen=True)
class Act:
    """A guest's move, made on the table as it stood after ``moves`` moves."""

    action: Action
    moves: int


@dataclass(frozen=True)
class Sync:
    """A guest asks for its seat's view again."""


@dataclass(frozen=True)
class Hello:
    """A guest says who they are."""

    name: str


@dataclass(frozen=True)
class Undo:
    """A guest asks to take back its melds of this turn, on the table as it stood after ``moves`` moves."""

    moves: int


GuestMessage = Act | Sync | Hello | Undo


@dataclass(frozen=True)
class SeatShown:
    """What a guest's device shows: its seat's view, the table's names and the recent moves."""

    seat: int
    moves: int
    names: tuple[str, ...]
    lines: tuple[str, ...]
    view: View
    reasons: tuple[str, ...] = ()
    """Each line's public "Why?" ('' where none), when the host sent them (``Reasons``); else empty."""
    can_undo: bool = False
    """The host said this seat may take back its melds of this turn now (``MayUndo``, just before)."""
    seats: tuple[int | None, ...] = ()
    """Whose each line's move was (None for none), when the host said (``Movers``); else empty."""
    shorts: tuple[str, ...] = ()
    """Each line's move in a few words, for the seats' boxes, with ``seats``."""
    away: tuple[int, ...] = ()
    """The guests' seats a computer plays for now, when the host said (``Away``); else empty."""


@dataclass(frozen=True)
class Refused:
    """The host refused a move: the sentence says why."""

    why: str


@dataclass(frozen=True)
class Result:
    """How the last round ended and what each side scored, line by line (``engine.table.RoundResult``)."""

    result: RoundResult


@dataclass(frozen=True)
class Reasons:
    """The public "Why?" of each recent move of the view that follows ('' where there is none)."""

    reasons: tuple[str, ...]


@dataclass(frozen=True)
class Movers:
    """Whose each recent move of the view that follows was (None for none), and each in a few words."""

    seats: tuple[int | None, ...]
    shorts: tuple[str, ...]


@dataclass(frozen=True)
class MayUndo:
    """The view that follows may take back its seat's melds of this turn."""


@dataclass(frozen=True)
class Away:
    """The guests' seats a computer plays for now, in the view that follows (their phones are away)."""

    seats: tuple[int, ...]


HostMessage = SeatShown | Refused | Result | Reasons | Movers | MayUndo | Away


def _json(text: object, limit: int) -> Any:
    """``text`` parsed as JSON when it is a string of at most ``limit`` characters nested as the app writes,
    else None."""
    return json_or_none(text, limit, MAX_DEPTH)


def _dump(data: dict[str, Any]) -> str:
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False)


def _count(value: object, limit: int = 1_000_000) -> int | None:
    """A non-negative int below ``limit`` (never a bool), else None."""
    return value if type(value) is int and 0 <= value < limit else None


# ----- guest to host ------------------------------------------------------------------


def act_text(action: Action, moves: int) -> str:
    """A guest's move as a message."""
    return _dump({"t": "act", "a": to_text(action), "n": moves})


def sync_text() -> str:
    return _dump({"t": "sync"})


def hello_text(name: str) -> str:
    return _dump({"t": "hello", "name": clean_name(name)})


def undo_text(moves: int) -> str:
    """A guest's request to take back its melds of this turn."""
    return _dump({"t": "undo", "n": moves})


def read_guest(text: object) -> GuestMessage | None:
    """A guest's message, or None for anything that is not one exactly (too long, not JSON, unknown keys...)."""
    data = _json(text, MAX_GUEST_TEXT)
    if not isinstance(data, dict):
        return None
    kind = data.get("t")
    if kind == "sync" and set(data) == {"t"}:
        return Sync()
    if kind == "hello" and set(data) == {"t", "name"} and isinstance(data["name"], str):
        return Hello(clean_name(data["name"]))
    if kind == "undo":
        return Undo(data["n"]) if set(data) == {"t", "n"} and _count(data["n"]) is not None else None
    if kind != "act" or set(data) != {"t", "a", "n"} or _count(data["n"]) is None:
        return None
    try:
        action = from_text(data["a"])
    except (ValueError, RuleViolation):
        return None
    return Act(action, data["n"])


# ----- host to guest ------------------------------------------------------------------


def view_data(view: View) -> dict[str, Any]:
    """A seat's view as JSON-friendly data, without the deal number or the log (see the module's note)."""
    return {
        "rules": rules_to_dict(view.rules),
        "round": view.round_index,
        "dealer": view.dealer,
        "turn": view.turn,
        "phase": view.phase,
        "hand": list(view.hand),
        "seats": [
            [s.hand_count, s.knee_count, s.foot_count, s.stage, s.played_foot, s.knee_due] for s in view.seats
        ],
        "teams": [
            {
                "melds": [[m.rank, list(m.cards)] for m in t.melds],
                "red": list(t.red_threes),
                "opened": t.opened,
                "minimum": t.minimum,
                "total": t.total,
            }
            for t in view.teams
        ],
        "stock": view.stock_count,
        "pile": list(view.pile),
        "blocked": view.pile_blocked,
        "asked": view.asked,
        "permission": view.permission,
        "picked_up": view.picked_up,
        "went_out": view.went_out,
    }


def guest_view(game: Game, seat: int) -> View:
    """What the guest in ``seat`` is sent: its own seat's view (``view_for``), less the deal number and log."""
    return replace(view_for(game, seat), deal_number=0, log=(), results=())


def view_text(game: Game, seat: int, names: list[str], lines: list[str]) -> str:
    """The host's message carrying ``seat``'s view of ``game``."""
    return _dump(
        {
            "t": "view",
            "seat": seat,
            "n": len(game.history),
            "names": names,
            "lines": [line[:MAX_LINE] for line in lines[-MAX_LINES:]],
            "view": view_data(guest_view(game, seat)),
        }
    )


def reasons_text(reasons: list[str]) -> str:
    """The host's message carrying the public "Why?" of the recent moves of the view it sends next (the same
    last ``MAX_LINES``, in the same order)."""
    printable = ("".join(c if c.isprintable() else " " for c in reason[:MAX_REASON]) for reason in reasons)
    return _dump({"t": "why", "r": list(printable)[-MAX_LINES:]})


def movers_text(seats: list[int | None], shorts: list[str]) -> str:
    """The host's message saying whose each recent move of the view it sends next was, and each in brief (the
    same last ``MAX_LINES``, in the same order)."""
    brief = ("".join(c if c.isprintable() else " " for c in short[:MAX_LINE]) for short in shorts)
    return _dump({"t": "who", "s": seats[-MAX_LINES:], "short": list(brief)[-MAX_LINES:]})


def may_undo_text() -> str:
    """The host's word that the view it sends next may take back its seat's melds of this turn."""
    return _dump({"t": "may_undo"})


def away_text(seats: list[int]) -> str:
    """The host's word of the guests' seats a computer plays for now, in the view it sends next."""
    return _dump({"t": "away", "s": sorted(seats)})


def refusal_text(why: str) -> str:
    return _dump({"t": "no", "why": why[:MAX_LINE]})


SCORE_KINDS = ("books", "melded", "red_threes", "going_out", "leftover", "penalty")
"""Every kind of score line (``engine.scoring.ScoreLine.kind``)."""
MAX_SCORE_LINES = 24
MAX_LABEL = 80
MAX_POINTS = 10_000_000


def result_text(result: RoundResult) -> str:
    """The host's message carrying how a round ended and each side's score lines."""
    return _dump(
        {
            "t": "result",
            "round": result.round_index,
            "out": result.went_out,
            "scores": [[[line.kind, line.label[:MAX_LABEL], line.points] for line in team.lines]
                       for team in result.scores],
        }
    )


def _result(data: dict[str, Any]) -> Result | None:
    """A round's result sent by the host, checked field by field; None when anything is off."""
    if set(data) != {"t", "round", "out", "scores"} or _count(data["round"], 1_000) is None:
        return None
    out, scores = data["out"], data["scores"]
    if not (out is None or _count(out, 6) is not None):
        return None
    if not (isinstance(scores, list) and 2 <= len(scores) <= 6):
        return None
    teams = []
    for t, lines in enumerate(scores):
        if not (isinstance(lines, list) and len(lines) <= MAX_SCORE_LINES):
            return None
        read = []
        for line in lines:
            if not (isinstance(line, list) and len(line) == 3):
                return None
            kind, label, points = line
            if (
                kind not in SCORE_KINDS or not isinstance(label, str) or not label or len(label) > MAX_LABEL
                or not label.isprintable() or type(points) is not int or abs(points) >= MAX_POINTS
            ):
                return None
            read.append(ScoreLine(kind, label, points))
        teams.append(TeamScore(t, tuple(read)))
    return Result(RoundResult(data["round"], out, tuple(teams)))


def read_host(text: object) -> HostMessage | None:
    """The host's message, or None for anything that is not one exactly."""
    data = _json(text, MAX_HOST_TEXT)
    if not isinstance(data, dict):
        return None
    if data.get("t") == "no" and set(data) == {"t", "why"} and isinstance(data["why"], str):
        return Refused(data["why"][:MAX_LINE])
    if data.get("t") == "result":
        return _result(data)
    if data.get("t") == "may_undo":
        return MayUndo() if set(data) == {"t"} else None
    if data.get("t") == "who":
        return _movers(data)
    if data.get("t") == "away":
        seats = data.get("s")
        if set(data) != {"t", "s"} or not isinstance(seats, list) or len(seats) > 6:
            return None
        if not all(_count(seat, 6) is not None for seat in seats) or len(set(seats)) != len(seats):
            return None
        return Away(tuple(seats))
    if data.get("t") == "why":
        if set(data) != {"t", "r"} or not _texts(data["r"], MAX_LINES, MAX_REASON):
            return None
        reasons: list[str] = data["r"]
        return Reasons(tuple(reasons)) if all(r.isprintable() for r in reasons) else None
    if data.get("t") != "view" or set(data) != {"t", "seat", "n", "names", "lines", "view"}:
        return None
    names, lines = data["names"], data["lines"]
    if not _texts(names, 6, 24) or not _texts(lines, MAX_LINES, MAX_LINE) or _count(data["n"]) is None:
        return None
    view = read_view(data["view"], data["seat"])
    if view is None or len(names) != view.rules.players:
        return None
    return SeatShown(view.seat, data["n"], tuple(names), tuple(lines), view)


def _movers(data: dict[str, Any]) -> Movers | None:
    """Whose each recent move was, checked: seats are places at a table of six at most (the view says how many)."""
    if set(data) != {"t", "s", "short"} or not _texts(data["short"], MAX_LINES, MAX_LINE):
        return None
    seats, shorts = data["s"], data["short"]
    if not isinstance(seats, list) or len(seats) != len(shorts):
        return None
    if not all(s is None or _count(s, 6) is not None for s in seats) or not all(t.isprintable() for t in shorts):
        return None
    return Movers(tuple(seats), tuple(shorts))


def _texts(value: object, most: int, longest: int) -> bool:
    return (
        isinstance(value, list)
        and len(value) <= most
        and all(isinstance(t, str) and len(t) <= longest for t in value)
    )


def _cards(value: object, most: int = MAX_CARDS) -> tuple[int, ...] | None:
    if not isinstance(value, list) or len(value) > most or not all(C.is_card(c) for c in value):
        return None
    return tuple(value)


def _flag(value: object) -> bool:
    return isinstance(value, bool)


def _rules(value: object) -> RuleSet | None:
    try:
        return rules_from_dict(value)
    except (ValueError, TypeError, KeyError, RecursionError):
        return None


def read_view(data: object, seat: object) -> View | None:
    """A seat's view sent by the host (``view_data``), checked field by field; None when anything is off."""
    keys = {
        "rules", "round", "dealer", "turn", "phase", "hand", "seats", "teams", "stock", "pile", "blocked",
        "asked", "permission", "picked_up", "went_out",
    }
    if not isinstance(data, dict) or set(data) != keys:
        return None
    rules = _rules(data["rules"])
    if rules is None:
        return None
    n = rules.players
    hand, pile = _cards(data["hand"]), _cards(data["pile"])
    seats, teams = _seats(data["seats"], n), _teams(data["teams"], rules)
    numbers = [_count(data[k]) for k in ("round", "stock")]
    places = [_count(data[k], n) for k in ("dealer", "turn")]
    if (
        hand is None or pile is None or seats is None or teams is None
        or None in numbers or None in places or _count(seat, n) is None
        or data["phase"] not in PHASES or (data["went_out"] is not None and _count(data["went_out"], n) is None)
        or not all(_flag(data[k]) for k in ("blocked", "asked", "picked_up"))
        or not (data["permission"] is None or _flag(data["permission"]))
    ):
        return None
    assert isinstance(seat, int)
    if len(hand) != seats[seat].hand_count:
        return None
    phase: Phase = data["phase"]
    turn: int = data["turn"]
    to_act = partner(turn, n) if phase == "answer" else turn if phase in ("draw", "play") else None
    return View(
        seat=seat, rules=rules, deal_number=0, round_index=data["round"], dealer=data["dealer"], turn=turn,
        phase=phase, to_act=to_act, hand=hand, seats=seats, teams=teams, stock_count=data["stock"],
        pile=pile, pile_blocked=data["blocked"], asked=data["asked"], permission=data["permission"],
        picked_up=data["picked_up"], log=(), results=(), went_out=data["went_out"],
    )


def _seats(value: object, n: int) -> tuple[SeatView, ...] | None:
    if not isinstance(value, list) or len(value) != n:
        return None
    names = seat_names(n)
    out = []
    for s, item in enumerate(value):
        if not (isinstance(item, list) and len(item) == 6):
            return None
        hand, knee, foot, stage, played, due = item
        counts = [_count(c, MAX_CARDS) for c in (hand, knee, foot)]
        if None in counts or stage not in STAGES or not _flag(played) or not _flag(due):
            return None
        out.append(SeatView(s, names[s], team_of(s, n), hand, knee, foot, stage, played, due))
    return tuple(out)


def _teams(value: object, rules: RuleSet) -> tuple[TeamView, ...] | None:
    if not isinstance(value, list) or len(value) != sides(rules.players):
        return None
    out = []
    for t, item in enumerate(value):
        if not isinstance(item, dict) or set(item) != {"melds", "red", "opened", "minimum", "total"}:
            return None
        melds = _melds(item["melds"])
        red = _cards(item["red"], 64)
        total = item["total"]
        if (
            melds is None or red is None or not _flag(item["opened"]) or _count(item["minimum"], 100_000) is None
            or type(total) is not int or not -10_000_000 < total < 10_000_000
        ):
            return None
        out.append(TeamView(t, melds, red, item["opened"], item["minimum"], total))
    return tuple(out)


def _melds(value: object) -> tuple[MeldView, ...] | None:
    if not isinstance(value, list) or len(value) > 64:
        return None
    out = []
    for i, item in enumerate(value):
        if not (isinstance(item, list) and len(item) == 2):
            return None
        rank, cards = item[0], _cards(item[1], 64)
        if _count(rank, 15) is None or not cards:
            return None
        meld = TableMeld(rank, list(cards))
        out.append(MeldView(i, rank, cards, meld.is_book, meld.kind()))
    return tuple(out)
