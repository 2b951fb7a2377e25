"""Issue 32: each take-back keeps the moves it took back (``Game.undone``), saved with the game, so a
challenge's receiver counts the take-backs from the moves instead of taking the sender's word."""

from __future__ import annotations

import json
from functools import cache
from typing import Any

import pytest

from engine.actions import Meld
from engine.errors import LoadError
from engine.moves import legal_actions
from engine.rules import preset
from engine.serialize import from_dict, to_dict
from engine.takeback import take_back

from .helpers import position_where


@cache
def after_draw() -> dict[str, Any]:
    return position_where(preset("classic"), range(1, 40), 3000,
                          lambda g: g.to_act == 0 and g.phase == "play" and g.history[-1] == "draw"
                          and any(isinstance(a, Meld) for a in legal_actions(g)))


def test_a_take_back_keeps_its_moves_and_they_survive_a_reload() -> None:
    game = from_dict(after_draw())
    mark = len(game.history)
    meld = next(a for a in legal_actions(game) if isinstance(a, Meld))
    game.apply(meld)
    text = game.history[-1]
    back = take_back(game)
    assert back.takebacks == 1 and back.undone == ((mark, (text,)),)
    back.apply(meld)
    again = take_back(back)
    assert again.takebacks == 2 and again.undone == ((mark, (text,)), (mark, (text,)))
    reloaded = from_dict(json.loads(json.dumps(to_dict(again))))
    assert reloaded.undone == again.undone and reloaded.takebacks == 2 and reloaded == again
    assert "undone" not in to_dict(from_dict(after_draw()))  # a game without take-backs saves as before


@pytest.mark.parametrize(
    "undone",
    ["x", [[0]], [[0, []]], [[-1, ["draw"]]], [[10**6, ["draw"]]], [[0, [5]]], [[True, ["draw"]]],
     [[3, ["draw"]], [1, ["draw"]]], [[0, ["d" * 401]]], [[0, ["draw"]]] * 3],
)
def test_damaged_taken_back_moves_are_a_load_error(undone: Any) -> None:
    data = dict(after_draw(), undone=undone, takebacks=2)
    with pytest.raises(LoadError):
        from_dict(data)
