"""Taking back this turn's melds before the discard (issue 12, "Undo within the turn").

What may be taken back is a rule of the table, so it lives here, once:

* only the melds and additions laid since this turn's draw or pickup, and only
  before the discard: the cards go back to the hand, the drawn cards (or the
  pile taken) stay where they are;
* never once another player has seen something new: after "May I go out?" (the
  partner has looked at the table to answer), or when the turn turned up cards
  that were face down (a knee or a foot picked up, a red 3 laid out and
  replaced from the stock), because undoing would hide what the player has seen.

A game keeps count of its take-backs (``Game.takebacks``) and the moves each one took
back (``Game.undone``), saved with it, so a challenge can say that undo was used and its
receiver can count the take-backs from the moves instead of taking the sender's word.
"""

from __future__ import annotations

from .actions import Meld, from_text
from .errors import RuleViolation
from .events import PickedUpSet, RedThree
from .serialize import replay
from .state import Game
from .stored_rules import rules_to_dict


def turn_start(game: Game) -> int | None:
    """How many moves of the history stand before this turn's melds: just after its draw or pickup.

    None outside the play phase (nothing drawn yet, or the round over)."""
    if game.phase != "play":
        return None
    for i in range(len(game.history) - 1, -1, -1):
        word = game.history[i].split(" ", 1)[0]
        if word in ("draw", "pickup"):
            return i + 1
        if word not in ("meld", "ask", "answer"):
            return None
    return None


def takeback_problem(game: Game, start: Game | None = None) -> RuleViolation | None:
    """Why this turn's melds can't be taken back now, or None when they can.

    ``start`` is the game as it stood right after this turn's draw, when the caller kept it."""
    return _examine_safely(game, start)[0]


def take_back(game: Game, start: Game | None = None) -> Game:
    """The game as it was right after this turn's draw, one take-back more; raises RuleViolation.

    ``game`` itself is left as it was."""
    problem, before = _examine_safely(game, start)
    if problem is not None:
        raise problem
    assert before is not None
    back = before.copy() if before is start else before  # a kept copy stays the caller's
    back.takebacks = game.takebacks + 1
    mark = len(back.history)
    back.undone = (*game.undone, (mark, tuple(game.history[mark:])))
    return back


def _examine_safely(game: object, start: object) -> tuple[RuleViolation | None, Game | None]:
    """``_examine``, with anything that isn't a game in play (or a history that doesn't replay) refused
    with the rule error: a caller handling RuleViolation never meets another exception."""
    if not isinstance(game, Game):
        return RuleViolation("not_a_game", "There is no game to take back from."), None
    if start is not None and not isinstance(start, Game):
        start = None  # a kept copy that isn't a game is not trusted: the turn is rebuilt from the moves
    try:
        return _examine(game, start)
    except RuleViolation as err:
        return err, None
    except (ValueError, TypeError, AttributeError, LookupError):
        return RuleViolation("cannot_take_back", "This turn's moves can't be rebuilt, so nothing is taken back."), None


def _examine(game: Game, start: Game | None) -> tuple[RuleViolation | None, Game | None]:
    """(why not, or None; the game right after this turn's draw, once it was needed to decide)."""
    mark = turn_start(game)
    if mark is None:
        return RuleViolation("nothing_to_take_back", "There is nothing to take back now."), None
    later = game.history[mark:]
    if any(text.split(" ", 1)[0] in ("ask", "answer") for text in later):
        return RuleViolation("asked_already", "Your partner has seen your melds: they stay."), None
    if not any(isinstance(from_text(text), Meld) for text in later):
        return RuleViolation("nothing_to_take_back", "You haven't melded anything this turn."), None
    before = start if start is not None and _is_start(start, game, mark) else _replayed(game, mark)
    seen = game.log[len(before.log) :]
    if any(isinstance(e, PickedUpSet) for e in seen):
        return RuleViolation("set_seen", "You've picked up a new set of cards this turn: your melds stay."), before
    if any(isinstance(e, RedThree) for e in seen):
        return RuleViolation("red_three_seen", "A red 3 was laid out and replaced this turn: your melds stay."), before
    return None, before


def _is_start(start: Game, game: Game, mark: int) -> bool:
    """True when ``start`` is ``game`` as it was after its first ``mark`` moves (a kept copy, not a stale one)."""
    return (
        start.deal_number == game.deal_number
        and start.rules == game.rules
        and start.history == game.history[:mark]
    )


def _replayed(game: Game, mark: int) -> Game:
    """The game rebuilt from its deal and its first ``mark`` moves (after a reload, when no copy was kept)."""
    return replay(rules_to_dict(game.rules), game.deal_number, game.history[:mark])
