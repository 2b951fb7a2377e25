"""Undo on the table: South takes back this turn's melds with one tap, before the discard."""

from __future__ import annotations

import json
import random
from collections import Counter

from engine.actions import Meld
from engine.moves import legal_actions
from engine.rules import preset
from engine.serialize import from_dict
from engine.state import Game
from tests.helpers import position_where
from ui.app import App as Controller
from ui.render import page, regions
from ui.settings.model import Settings


def opened_and_drawn(game: Game) -> bool:
    """South's team has melded, South has just drawn and holds an addition or a new meld."""
    return (
        game.to_act == 0 and game.phase == "play" and game.history[-1] == "draw" and game.teams[0].opened
        and any(isinstance(a, Meld) for a in legal_actions(game))
    )


def tap_meld(ctrl: Controller, meld: Meld) -> None:
    """Lay ``meld`` the way a player does: select its cards, then tap the meld or New meld."""
    for play in meld.plays:
        for i in ctrl._positions(play.cards):
            ctrl.handle("card", str(i))
        ctrl.handle("meld" if play.meld is not None else "new-meld", str(play.meld) if play.meld is not None else "")
        assert ctrl.note is None or ctrl.note.kind != "error", ctrl.note


def test_undo_puts_this_turns_melds_back_and_survives_a_reload() -> None:
    saved = position_where(preset("classic"), range(1, 60), 4000, opened_and_drawn)
    ctrl = Controller(Settings(), rng=random.Random(2))
    ctrl.resume(saved)
    hand = Counter(ctrl.game.players[0].hand)
    melds = [list(m.cards) for m in ctrl.game.teams[0].melds]
    assert 'data-act="undo"' not in regions(ctrl)["r-actions"]  # nothing laid yet
    # The draw happened before this controller: Undo works from the moves alone (as after a reload).
    meld = next(a for a in legal_actions(ctrl.game) if isinstance(a, Meld))
    tap_meld(ctrl, meld)
    assert Counter(ctrl.game.players[0].hand) != hand
    assert 'data-act="undo"' in regions(ctrl)["r-actions"]
    ctrl.handle("undo")
    assert Counter(ctrl.game.players[0].hand) == hand
    assert [list(m.cards) for m in ctrl.game.teams[0].melds] == melds
    assert ctrl.game.phase == "play" and ctrl.game.takebacks == 1 and ctrl.dirty
    assert ctrl.lines[-1].text == "You took back this turn's melds."
    assert ctrl.note is None  # said once, by the moves' line, not again in a box over the melds
    assert 'data-act="undo"' not in regions(ctrl)["r-actions"]
    # The save says so; a reload resumes the taken-back position.
    again = from_dict(json.loads(ctrl.next_save()))
    assert again.takebacks == 1 and again == ctrl.game


def test_undo_is_offered_only_on_souths_own_turn_before_the_discard() -> None:
    ctrl = Controller(Settings(), rng=random.Random(2))
    ctrl.new_game(4417)
    ctrl.handle("undo")
    assert ctrl.game.history == [] and ctrl.note is not None and ctrl.note.kind == "error"
    ctrl.handle("draw")
    ctrl.handle("undo")  # nothing laid: the draw is never taken back
    assert ctrl.game.history == ["draw"]
    ctrl.handle("sheet", "help")
    assert "<kbd>U</kbd> Undo this turn&#x27;s melds" in page(ctrl)
