"""A lesson in progress: which plan, what it has taught so far, and the guard on the player's moves.

Pure Python.  The lesson's game is the game on the table (saved with every move like any other);
this object adds what South should do next (``step``: the guide's move, found by the plan's seeded
computer player from South's own view), refuses any other move with a gentle sentence
(``check_action``: nothing changes; ``ui.lesson.handlers`` guards the taps), and counts the kinds of
steps already played.
Its record (``dump``/``load``) is a few dozen bytes; a damaged one reads as no lesson.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from engine.actions import Action, Answer, AskGoOut, Discard, Draw, EndTurn, Meld, MeldPlay, PickUp
from engine.rules import preset
from engine.state import Game
from engine.views import view_for
from ui.lesson.plans import PLANS, Plan
from ui.lesson.steps import KINDS, Kind, instruction, kind_of, refusal, why

if TYPE_CHECKING:
    from ui.app import App

RECORD_VERSION = 1
MAX_RECORD_CHARS = 2000


@dataclass(frozen=True)
class Step:
    """What the lesson asks for now: the kind of step, the guide's move, what to do and why."""

    kind: Kind
    action: Action
    text: str
    why: str
    cards: tuple[int, ...] = ()
    """The cards the step plays from the hand (to point at)."""
    act: str = ""
    """The button to point at once the cards are selected ('draw', 'lay-down', 'meld'...)."""
    meld: int | None = None
    """The side's meld the step adds to (to point at)."""


def _play_key(play: MeldPlay) -> tuple[int, int, tuple[int, ...]]:
    return (-1 if play.meld is None else play.meld, -1 if play.rank is None else play.rank, tuple(sorted(play.cards)))


def _plays_key(plays: tuple[MeldPlay, ...]) -> list[tuple[int, int, tuple[int, ...]]]:
    return sorted(_play_key(p) for p in plays)


def same_move(game: Game, seat: int, done: Action, wanted: Action) -> bool:
    """True when ``done`` is the guide's move ``wanted`` (melds compared whatever the order of their cards)."""
    match done, wanted:
        case Meld(plays=mine), Meld(plays=theirs):
            return _plays_key(mine) == _plays_key(theirs)
        case PickUp(melds=mine), PickUp(melds=theirs):
            return _plays_key(mine) == _plays_key(theirs)
        case Discard(card=mine), Discard(card=theirs):
            return mine == theirs
    return type(done) is type(wanted) and done == wanted


def step_cards(action: Action) -> tuple[int, ...]:
    """The cards a move takes from the hand (a pickup's melds may also hold cards from the pile)."""
    match action:
        case Meld(plays=plays) | PickUp(melds=plays):
            return tuple(c for p in plays for c in p.cards)
        case Discard(card=card):
            return (card,)
    return ()


def _act_for(game: Game, seat: int, action: Action) -> tuple[str, int | None]:
    """The button the step ends with, and the meld tapped (for a card added to one)."""
    match action:
        case Meld(plays=plays):
            if game.minimum(game.team_of(seat)) > 0:
                return "lay-down", None
            if plays[0].meld is not None:
                return "meld", plays[0].meld
            return "new-meld", None
        case PickUp():
            return "pickup", None
        case Discard():
            return "discard", None
        case Draw():
            return "draw", None
        case AskGoOut():
            return "ask", None
        case Answer():
            return "answer", None
        case EndTurn():
            return "end-turn", None
    return "", None


@dataclass
class Lesson:
    """One lesson under way on the game on the table."""

    plan: Plan
    taught: list[Kind] = field(default_factory=list)
    """The kinds of step played so far, each once, in the order they first came."""
    finished: bool = False
    _cache: tuple[tuple[int, int], Step | None] | None = None

    @property
    def seat(self) -> int:
        return 0

    def new_game(self) -> Game:
        """The lesson's deal under its preset's rules, from the start."""
        return Game(preset(self.plan.preset), self.plan.deal)

    def fits(self, game: Game) -> bool:
        """True when ``game`` is this lesson's game (another game on the table ends the lesson)."""
        return (
            game.deal_number == self.plan.deal
            and game.rules == preset(self.plan.preset)
            and game.round_index == 0
        )

    def guide(self, game: Game) -> Action | None:
        """The move the lesson plays with South now (the plan's seeded computer player), or None."""
        if game.to_act != self.seat or game.phase not in ("draw", "play", "answer"):
            return None
        from engine.bots import make_bot

        bot, view = make_bot(self.plan.level, self.seat, game.deal_number), view_for(game, self.seat)
        action = (bot.answer(view) if game.phase == "answer" else bot.decide(view)).action
        if isinstance(action, Meld) and len(action.plays) > 1 and game.minimum(game.team_of(self.seat)) == 0:
            return Meld(action.plays[:1])  # the table lays one meld a tap once the side has melded
        return action

    def step(self, game: Game, chosen: tuple[int, ...] = ()) -> Step | None:
        """What to do now (None while the computers play, or once the lesson is over).

        ``chosen`` are the cards the player has selected or staged: before a first meld, a step with
        none chosen yet is "select a pair"."""
        key = (len(game.history), game.round_index)
        if self._cache is None or self._cache[0] != key:
            action = self.guide(game)
            found = None if action is None else self._make_step(game, action)
            self._cache = (key, found)
        found = self._cache[1]
        if found is not None and found.kind == "first_meld" and len(chosen) < 2:
            return Step("pair", found.action, found.text, why(game, self.seat, "pair"), found.cards, found.act)
        return found

    def _make_step(self, game: Game, action: Action) -> Step:
        kind = kind_of(game, self.seat, action)
        cards = step_cards(action)
        act, meld = _act_for(game, self.seat, action)
        return Step(kind, action, instruction(game, self.seat, action, kind), why(game, self.seat, kind, cards),
                    cards, act, meld)

    def check_action(self, game: Game, action: Action) -> str:
        """'' when ``action`` is this step's move, else the gentle sentence (the move is not to be played)."""
        if self.finished or not self.fits(game):
            return ""
        step = self.step(game)
        if step is None or same_move(game, self.seat, action, step.action):
            return ""
        return refusal(step.text)

    def played(self, game: Game, kind: Kind) -> None:
        """Count a step played (called after the move went through); the lesson ends once every step it
        teaches has come, or with the round."""
        for k in (("pair", kind) if kind == "first_meld" else (kind,)):
            if k not in self.taught:
                self.taught.append(k)
        if game.phase in ("round_over", "game_over") or game.round_index > 0 or not self.to_come():
            self.finished = True

    def to_come(self) -> list[Kind]:
        """The plan's steps not yet played, in the plan's order."""
        return [k for k in self.plan.teaches if k not in self.taught]

    def dump(self) -> str:
        """The lesson's record, to store."""
        return json.dumps(
            {"v": RECORD_VERSION, "plan": self.plan.preset, "taught": self.taught, "finished": self.finished},
            separators=(",", ":"),
        )


def load(text: object) -> Lesson | None:
    """A stored lesson record read back, or None for none, a damaged or a hostile one (never raises)."""
    if not isinstance(text, str) or len(text) > MAX_RECORD_CHARS:
        return None
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        return None
    if not isinstance(data, dict) or data.get("v") != RECORD_VERSION:
        return None
    plan, taught, finished = data.get("plan"), data.get("taught"), data.get("finished")
    if not isinstance(plan, str) or plan not in PLANS or not isinstance(finished, bool):
        return None
    if not isinstance(taught, list) or len(taught) > len(KINDS) or not all(k in KINDS for k in taught):
        return None
    kinds: list[Kind] = [k for k in KINDS if k in taught]
    kinds.sort(key=taught.index)
    return Lesson(PLANS[plan], kinds, finished)



def resume_lesson(app: App, text: object) -> None:
    """After a reload: the stored lesson, if it is still the game on the table's (else none; never raises)."""
    lesson = load(text)
    if lesson is not None and lesson.fits(app.game):
        app.lesson = lesson
    elif text is not None:
        app.lesson_dirty = True  # a record of another game, or a damaged one: dropped at the next save
