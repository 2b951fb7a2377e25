"""The messages between the page and the Expert worker (``ui/expert-worker.js``), as JSON text: written
here, read here, strictly.  Pure Python: the worker's side (``answer``) and the page's checks
(``read_answer``) run anywhere, so the UI-logic tests cover both.

The page sends the worker the game in the engine's own forms (its rules as ``rules_to_dict`` gives
them, the deal number and every move as ``to_text`` gives it) and the seat to think for:

- ``{"t": "start", "id": 0, "rules": {...}}``: start Python, import the computer players and warm them
  up on a deal of the game's rules (``expert_pace.warm_up``; classic when ``rules`` is missing or
  unreadable); the answer is ``{"t": "ready", "id": 0, "ms": ...}``;
- ``{"t": "decide" | "hint", "id": 7, "rules": {...}, "deal": 517553274, "actions": [...],
  "seat": 1, "budget": 0.35, "names": ["Ana", ...]}``: what Expert would do in that seat now (``hint``:
  for a person's seat, with the hint's advice; ``names``: the seats' names its reasons use, the compass
  ones when the list is empty or not one short printable name a seat), answered within ``budget``
  seconds of the request's arrival (``expert_pace``: longer only for a search that plays to the round's
  end).  The answer is
  ``{"t": "decided", "id": 7, "action": "discard QH", "reason": ..., "full": ..., "advice": ..., "ms": ...,
  "n": 12, "cut": false}`` (``n``: the playouts its searches played; ``cut``: time stopped or skipped
  one), or ``{"t": "failed", "id": 7, "error": ...}``.

The worker rebuilds the game from the moves (keeping the last one, so a new request only applies the
moves since) and hands Expert that seat's ``view_for``, nothing else: Expert sees what the seat may
see.  A worker's answer is untrusted on the way back: ``read_answer`` takes anything and returns a
checked ``Thought`` (a move legal for that seat in the page's own game, texts of a sane length with no
control characters) or None, and never raises.
"""

from __future__ import annotations

import json
import time
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from engine.actions import Action, from_text, to_text
from engine.errors import RuleViolation
from engine.rules import RuleSet
from engine.serialize import MAX_ACTIONS, json_or_none, replay
from engine.state import Game
from engine.stored_rules import rules_from_dict, rules_to_dict
from ui.browser.expert_pace import PacedExpert, Pacer, warm_up

MAX_ANSWER = 16_384
"""A worker's answer longer than this is dropped unread (a long reason is well under 2 kB)."""
MAX_REQUEST = 4_000_000
"""A request longer than this is refused by the worker (a long game's moves are about 20 kB)."""
MAX_TEXT = 1_500
"""A reason or advice longer than this is not one the engine writes."""
MAX_NAME = 24
"""The longest seat name a request carries: the seating page's own limit (``ui.seating.model.MAX_NAME``)."""
MAX_DEPTH = 8
"""No message here nests deeper than this."""
BUDGET = 0.35
"""Seconds from a request's arrival in the worker to its answer (the game's rebuild included), for
searches a few turns ahead (``expert_pace``): a decision answers within the 400 ms the page aims for."""
MAX_PLAYOUTS = 1_000
"""An answer saying its searches played more playouts than this is not one the worker writes."""


@dataclass(frozen=True)
class Thought:
    """Expert's checked answer: a move legal for the seat, its reasons (public and whole), and for a hint
    the advice; ``ms`` is what the worker says it took, ``playouts`` what its searches played and ``cut``
    whether time stopped (or skipped) one."""

    action: Action
    reason: str
    full: str
    advice: str
    ms: float
    playouts: int = 0
    cut: bool = False


# ----- the page's side ------------------------------------------------------------------


def start_text(rules: RuleSet | None = None) -> str:
    """Ask the worker to start Python and warm Expert up on these rules (answered by ``ready``)."""
    message: dict[str, Any] = {"t": "start", "id": 0}
    if rules is not None:
        message["rules"] = rules_to_dict(rules)
    return json.dumps(message, separators=(",", ":"))


def warm_rules(data: object) -> RuleSet | None:
    """The rules a start message asks the warm-up to play, checked; None (classic) for anything else."""
    if data is None:
        return None
    try:
        return rules_from_dict(data)
    except (ValueError, TypeError, KeyError, RecursionError):
        return None


def request_text(
    kind: str, ident: int, game: Game, seat: int, budget: float = BUDGET, names: Sequence[str] = ()
) -> str:
    """Ask what Expert would do for ``seat`` in ``game`` now (``kind``: "decide" or "hint"); its reasons name
    the seats from ``names`` (the people's, one a seat) when given, else by compass."""
    return json.dumps(
        {
            "t": kind,
            "id": ident,
            "rules": rules_to_dict(game.rules),
            "deal": game.deal_number,
            "actions": list(game.history),
            "seat": seat,
            "budget": budget,
            "names": list(names),
        },
        separators=(",", ":"),
    )


def seat_words(names: object, n: int) -> list[str] | None:
    """A request's names for the seats, when there is one short printable name for each of the ``n``."""
    if not isinstance(names, list) or len(names) != n:
        return None
    if not all(isinstance(x, str) and 0 < len(x) <= MAX_NAME and x.isprintable() for x in names):
        return None
    return names


def _json(text: object, limit: int) -> Any:
    return json_or_none(text, limit, MAX_DEPTH)


def answer_id(text: object) -> int | None:
    """The request an answer is for (None: not an answer of ours); ``start``'s is 0."""
    data = _json(text, MAX_ANSWER)
    if not isinstance(data, dict) or data.get("t") not in ("ready", "decided", "failed"):
        return None
    ident = data.get("id")
    return ident if type(ident) is int and ident >= 0 else None


def is_ready(text: object) -> bool:
    """True when the worker says its Python is up."""
    data = _json(text, MAX_ANSWER)
    return isinstance(data, dict) and data.get("t") == "ready" and data.get("id") == 0


def clean_text(value: object) -> str | None:
    """A reason as the engine writes one (a sentence of letters, digits and punctuation), else None."""
    if not isinstance(value, str) or len(value) > MAX_TEXT:
        return None
    if any(unicodedata.category(ch)[0] == "C" for ch in value):  # control, format, private use...
        return None
    return value


def read_answer(text: object, ident: int, game: Game, seat: int) -> Thought | None:
    """The worker's answer to request ``ident`` about ``seat`` in ``game`` (as the page holds it now),
    checked: None for anything else, or for a move that seat may not make now.  Never raises."""
    data = _json(text, MAX_ANSWER)
    keys = {"t", "id", "action", "reason", "full", "advice", "ms", "n", "cut"}
    if not isinstance(data, dict) or data.get("t") != "decided" or set(data) != keys or data["id"] != ident:
        return None
    if type(data["id"]) is not int or game.to_act != seat:
        return None
    action_text, ms = data["action"], data["ms"]
    texts = [clean_text(data[k]) for k in ("reason", "full", "advice")]
    if not isinstance(action_text, str) or len(action_text) > 400 or None in texts:
        return None
    if type(ms) not in (int, float) or not 0 <= ms < 1e7:
        return None
    playouts, cut = data["n"], data["cut"]
    if type(playouts) is not int or not 0 <= playouts <= MAX_PLAYOUTS or type(cut) is not bool:
        return None
    try:
        action = from_text(action_text)
        if game.check(action) is not None:
            return None
    except (ValueError, RuleViolation, TypeError, KeyError, IndexError):
        return None
    reason, full, advice = (t or "" for t in texts)
    return Thought(action, reason, full, advice, float(ms), playouts, cut)


# ----- the worker's side ----------------------------------------------------------------


class Desk:
    """The worker's Python: the last game rebuilt, and Expert answering for a seat's view of it, paced
    (``expert_pace``; ``clock``: seconds, the tests' own)."""

    def __init__(self, clock: Callable[[], float] = time.perf_counter) -> None:
        self.game: Game | None = None
        self.key: tuple[str, int] | None = None
        self.clock = clock
        self.pacer = Pacer(clock)

    def game_for(self, rules: Any, deal: Any, actions: list[str]) -> Game:
        """The game after ``actions``: the one kept, moved on, when it is a step behind; else replayed."""
        key = (json.dumps(rules, sort_keys=True), deal)
        game = self.game
        if game is not None and self.key == key and game.history == actions[: len(game.history)]:
            for text in actions[len(game.history):]:
                game.apply(from_text(text))
            return game
        self.game = None
        game = replay(rules, deal, actions)
        self.game, self.key = game, key
        return game

    def answer(self, text: object) -> str:
        """The answer to one message from the page (as JSON text); never raises."""
        started = self.clock()
        data = _json(text, MAX_REQUEST)
        ident = data.get("id") if isinstance(data, dict) else None
        if not isinstance(data, dict) or type(ident) is not int:
            return json.dumps({"t": "failed", "id": -1, "error": "not a request"})
        try:
            if data.get("t") == "start":
                import ui.table.narrate  # noqa: F401  (the import is part of a first decision's wait)

                warm_up(self.pacer, warm_rules(data.get("rules")))
                return json.dumps({"t": "ready", "id": 0, "ms": (self.clock() - started) * 1000})
            return json.dumps(self.decide(data, started))
        except Exception as err:
            self.game = None
            return json.dumps({"t": "failed", "id": ident, "error": f"{type(err).__name__}: {err}"[:400]})

    def decide(self, data: dict[str, Any], started: float) -> dict[str, Any]:
        kind, actions, seat, budget = data.get("t"), data.get("actions"), data.get("seat"), data.get("budget")
        if kind not in ("decide", "hint") or not isinstance(actions, list) or len(actions) > MAX_ACTIONS:
            raise ValueError("not a decision request")
        if not all(isinstance(a, str) for a in actions) or not isinstance(seat, int) or isinstance(seat, bool):
            raise ValueError("not a decision request")
        if not isinstance(budget, (int, float)) or isinstance(budget, bool) or not 0 < budget <= 10:
            raise ValueError("no time budget")
        from engine.views import view_for
        from ui.table.narrate import advice

        self.pacer.begin(started, float(budget))
        game = self.game_for(data.get("rules"), data.get("deal"), actions)
        if game.to_act != seat:
            raise ValueError(f"seat {seat} has no decision to make")
        bot = PacedExpert(seat, game.deal_number, self.pacer)
        view = view_for(game, seat, seat_words(data.get("names"), game.n))
        decision = bot.answer(view) if game.phase == "answer" else bot.decide(view)
        return {
            "t": "decided",
            "id": data["id"],
            "action": to_text(decision.action),
            "reason": decision.public_reason,
            "full": decision.reason,
            "advice": advice(decision.why) if kind == "hint" else "",
            "ms": (self.clock() - started) * 1000,
            "n": self.pacer.playouts,
            "cut": self.pacer.cut,
        }


DESK = Desk()


def answer(text: object) -> str:
    """The worker's one entry point: ``ui/expert-worker.js`` hands it each message's text."""
    return DESK.answer(text)
