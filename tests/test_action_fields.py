"""Actions with fields of the wrong type are refused and change nothing (issue 11, finding 7).

``Answer(yes=1)`` used to be taken: the stored permission was ``1`` while the log said
"answer yes", so the save's check failed on reload and the game was lost.
"""

from __future__ import annotations

import copy
import json
from functools import cache
from typing import Any

import pytest

from engine import cards as C
from engine.actions import Answer, AskGoOut, Discard, Draw, Meld, MeldPlay, PickUp, from_text, to_text
from engine.errors import LoadError, RuleViolation
from engine.rules import PRESETS
from engine.serialize import from_dict, to_dict
from engine.state import Game
from tests.helpers import position_where_south_is_asked


@cache
def asked_save() -> dict[str, Any]:
    return position_where_south_is_asked(PRESETS["classic"], range(1, 200), 4000)


def asked() -> Game:
    """A classic game waiting for South's answer to "May I go out?"."""
    game = from_dict(asked_save())
    assert game.phase == "answer"
    return game


def refuses(game: Game, action: Any, reason: str) -> None:
    before = copy.deepcopy(game.snapshot())
    problem = game.check(action)
    assert problem is not None and problem.reason == reason and problem.message.endswith(".")
    with pytest.raises(RuleViolation) as err:
        game.apply(action)
    assert err.value.reason == reason
    assert game.snapshot() == before


@pytest.mark.parametrize("yes", [0, 1, "no", "yes", [], [True], None, 1.0, b"yes"])
def test_an_answer_must_be_true_or_false(yes: Any) -> None:
    game = asked()
    refuses(game, Answer(yes), "not_an_answer")
    game.apply(Answer(True))  # the real answer still goes through, and the game saves and reloads
    assert game.permission is True
    assert from_dict(json.loads(json.dumps(to_dict(game)))) == game


def test_true_and_false_answers_save_and_reload() -> None:
    for yes in (True, False):
        game = asked()
        game.apply(Answer(yes))
        assert game.permission is yes and game.history[-1] == to_text(Answer(yes))
        assert from_dict(to_dict(game)) == game


def played_once() -> Game:
    game = Game(PRESETS["classic"], 2)
    game.apply(Draw())
    return game


@pytest.mark.parametrize(
    ("action", "reason"),
    [
        (Discard(True), "not_a_card"),
        (Discard(C.make(9, 0) + 0.0), "not_a_card"),  # type: ignore[arg-type]
        (Discard(10**9), "not_a_card"),
        (Discard(-1), "not_a_card"),
        (Meld([MeldPlay((C.make(9, 0),), rank=9)]), "not_an_action"),  # type: ignore[arg-type]
        (Meld((MeldPlay([C.make(9, 0)], rank=9),)), "not_an_action"),  # type: ignore[arg-type]
        (Meld(((C.make(9, 0),),)), "not_an_action"),  # type: ignore[arg-type]
        (Meld((MeldPlay((True, True, True), rank=9),)), "not_a_card"),
        (Meld((MeldPlay((C.make(9, 0),), meld=True),)), "no_such_meld"),
        (Meld((MeldPlay((C.make(9, 0),), meld="0"),)), "no_such_meld"),  # type: ignore[arg-type]
        (Meld((MeldPlay((C.make(9, 0),), rank=True),)), "no_rank"),
        (Meld((MeldPlay((C.make(9, 0),), rank=9.0),)), "no_rank"),  # type: ignore[arg-type]
        (Meld((MeldPlay((C.make(9, 0),), meld=0, rank=9),)), "meld_or_rank"),
        (PickUp((MeldPlay((C.make(9, 0),), meld=0, rank=9),)), "meld_or_rank"),
        (PickUp("9S"), "not_an_action"),  # type: ignore[arg-type]
    ],
)
def test_fields_of_the_wrong_type_are_refused(action: Any, reason: str) -> None:
    refuses(played_once(), action, reason)


def test_the_text_form_gives_only_the_right_types() -> None:
    assert from_text("answer yes") == Answer(True) and from_text("answer no") == Answer(False)
    assert type(from_text("answer no").yes) is bool  # type: ignore[union-attr]
    for text in ("answer 1", "answer 0", "answer", "answer yes please", "meld ١٠:10S,10H,10D", "discard Ｑh"):
        with pytest.raises(ValueError):
            from_text(text)
    play = from_text("meld 9:9S,9H,9D | @2:KH")
    assert isinstance(play, Meld) and all(isinstance(p.cards, tuple) for p in play.plays)


def test_a_save_with_a_bad_answer_text_is_a_load_error() -> None:
    game = asked()
    data = to_dict(game)
    for text in ("answer 1", "answer maybe", "answer  yes no"):
        bad = dict(data, actions=[*data["actions"], text])
        with pytest.raises(LoadError, match=f"move {len(bad['actions'])}"):
            from_dict(bad)
    assert game.check(AskGoOut()) is not None  # still waiting for the answer: nothing changed
