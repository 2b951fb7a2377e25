"""Undo within the turn (issue 12, part 5): this turn's melds go back to the hand, the draw stays."""

from __future__ import annotations

import json

import pytest

from engine.actions import AskGoOut, Draw, Meld
from engine.errors import LoadError, RuleViolation
from engine.moves import legal_actions
from engine.rules import preset
from engine.serialize import from_dict, to_dict
from engine.state import Game
from engine.takeback import take_back, takeback_problem, turn_start

from .helpers import arrange, cards, codes, play, position_where, state

PAGAT_BOOKS: list[tuple[int | str, str]] = [
    (9, "9S 9H 9D 9C 9S 9H 9D"), (10, "10S 10H 10D 10C 10S 10H 10D"),
    (11, "JS JH JD JC JS 2C JD"), (12, "QS QH QD QC QS QH 2D"), ("W", "JK JK 2S 2H 2C 2D JK"),
]
"""What pagat needs to go out: two clean, two dirty and a wild book."""


def meld_available(game: Game) -> bool:
    """South in the play phase, after drawing, with a meld the engine accepts."""
    return (
        game.to_act == 0 and game.phase == "play" and game.history[-1] == "draw"
        and any(isinstance(a, Meld) for a in legal_actions(game))
    )


@pytest.fixture(scope="module")
def after_draw() -> dict[str, object]:
    return position_where(preset("classic"), range(1, 40), 3000, meld_available)


def test_melds_go_back_to_the_hand_and_the_draw_stays(after_draw: dict[str, object]) -> None:
    game = from_dict(after_draw)
    start = game.copy()
    hand = codes(game.players[0].hand)
    stock = len(game.stock)
    meld = next(a for a in legal_actions(game) if isinstance(a, Meld))
    game.apply(meld)
    assert codes(game.players[0].hand) != hand
    before = state(game)
    for kept in (start, None):  # with the copy kept at the draw, and rebuilt after a reload
        back = take_back(game, kept)
        assert codes(back.players[0].hand) == hand and len(back.stock) == stock
        assert back.phase == "play" and back.history == game.history[:-1]
        assert back == start and back.takebacks == 1
    assert state(game) == before  # the game taken back from is untouched
    # A stale copy (another game's) is not trusted: the turn is rebuilt from the moves.
    assert take_back(game, Game(preset("classic"), 999)) == start


def test_nothing_to_take_back_before_a_meld_or_after_the_discard(after_draw: dict[str, object]) -> None:
    game = from_dict(after_draw)
    assert turn_start(game) == len(game.history)
    problem = takeback_problem(game)
    assert problem is not None and problem.reason == "nothing_to_take_back"
    fresh = Game(preset("classic"), 5)
    assert turn_start(fresh) is None  # the draw phase: nothing drawn yet
    with pytest.raises(RuleViolation):
        take_back(fresh)


def test_a_new_set_picked_up_stays_picked_up() -> None:
    """Melding the last card of the hand turns up the foot: undoing would hide what was seen."""
    game = arrange("classic", turn=0, hands={0: "KS KH KD"}, melds={0: [(9, "9S 9H 9D")]})
    game.history = ["draw"]
    start = game.copy()
    game.apply(Meld((play(13, "KS KH KD"),)))
    assert game.players[0].foot_taken
    problem = takeback_problem(game, start)
    assert problem is not None and problem.reason == "set_seen"


def test_after_asking_the_partner_the_melds_stay() -> None:
    rules = preset("pagat")
    game = arrange(rules, turn=0, stage={0: "foot"}, played_foot=[0, 2], hands={0: "KS KH KD 5C 6C"},
                   melds={0: PAGAT_BOOKS})
    game.history = ["draw"]
    start = game.copy()
    game.apply(Meld((play(13, "KS KH KD"),)))
    game.apply(AskGoOut())
    problem = takeback_problem(game, start)
    assert problem is None or problem.reason == "nothing_to_take_back"  # answer pending: not the play phase
    game.history.append("answer no")
    game.phase = "play"
    problem = takeback_problem(game, start)
    assert problem is not None and problem.reason == "asked_already"


def test_the_count_of_take_backs_is_saved_and_checked(after_draw: dict[str, object]) -> None:
    game = from_dict(after_draw)
    game.apply(next(a for a in legal_actions(game) if isinstance(a, Meld)))
    back = take_back(game)
    saved = json.loads(json.dumps(to_dict(back)))
    assert saved["takebacks"] == 1 and from_dict(saved).takebacks == 1
    assert "takebacks" not in to_dict(from_dict(after_draw))  # games without one save as before
    for bad in (-1, "1", 1.0, True, 10**9):
        with pytest.raises(LoadError):
            from_dict({**saved, "takebacks": bad})


def test_drawn_cards_stay_drawn_even_when_the_draw_was_a_red_three() -> None:
    """The draw itself is never taken back: a red 3 it turned up stays laid out."""
    game = arrange("classic", turn=0, phase="draw", hands={0: "AS AH AD 5C 6C"}, stock_top="3H 7C 8C")
    game.apply(Draw())
    assert cards("3H")[0] in game.teams[0].red_threes
    start = game.copy()
    game.apply(Meld((play(14, "AS AH AD"),)))
    back = take_back(game, start)
    assert cards("3H")[0] in back.teams[0].red_threes and codes(back.players[0].hand) == codes(start.players[0].hand)
