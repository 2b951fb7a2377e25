"""Issue 32, finding 6 (engine): an empty meld is refused in any action, and ``take_back`` raises
only the engine's rule error whatever it is given.

A pickup carrying ``MeldPlay((), rank=9)`` used to be accepted wherever a plain pickup was legal,
and the game then failed to save and reload ("damaged at move 47").
"""

from __future__ import annotations

import copy
import json
from functools import cache
from typing import Any

import pytest

from engine import cards as C
from engine.actions import Meld, MeldPlay, PickUp
from engine.errors import RuleViolation
from engine.rules import PRESETS
from engine.serialize import from_dict, to_dict
from engine.state import Game
from engine.takeback import take_back, takeback_problem
from tests.helpers import position_where


@cache
def pickup_save() -> dict[str, Any]:
    """A classic game where the player to act may take the pile."""
    return position_where(PRESETS["classic"], range(1, 60), 4000, lambda g: g.check(PickUp()) is None)


@pytest.mark.parametrize(
    "action",
    [
        PickUp((MeldPlay((), rank=9),)),
        PickUp((MeldPlay((), meld=0),)),
        PickUp((MeldPlay((), rank=C.WILD_RANK),)),
        Meld((MeldPlay((), rank=9),)),
        Meld((MeldPlay((), meld=0),)),
    ],
)
def test_an_empty_meld_is_refused_and_changes_nothing(action: Any) -> None:
    game = from_dict(pickup_save())
    assert game.check(PickUp()) is None  # a plain pickup is legal here
    before = copy.deepcopy(game.snapshot())
    problem = game.check(action)
    assert problem is not None and problem.reason == "empty_meld"
    with pytest.raises(RuleViolation) as err:
        game.apply(action)
    assert err.value.reason == "empty_meld" and game.snapshot() == before
    game.apply(PickUp())  # the real pickup still goes through, and the game saves and reloads
    assert from_dict(json.loads(json.dumps(to_dict(game)))) == game


def _bad_games() -> list[Any]:
    game = Game(PRESETS["classic"], 7)
    broken = game.copy()
    broken.history = ["draw", "meld 9:9S,9H,9D", "zzz"]
    broken.phase = "play"
    wrong_types = game.copy()
    wrong_types.history = [None, 3, {"a": 1}]  # type: ignore[list-item]
    wrong_types.phase = "play"
    return [None, "game", 42, broken, wrong_types]


@pytest.mark.parametrize("bad", _bad_games())
@pytest.mark.parametrize("start", [None, "start", 5, Game(PRESETS["classic"], 7)])
def test_take_back_raises_only_the_rule_error(bad: Any, start: Any) -> None:
    with pytest.raises(RuleViolation):
        take_back(bad, start)
    assert isinstance(takeback_problem(bad, start), RuleViolation)
