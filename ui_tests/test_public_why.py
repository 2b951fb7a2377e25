"""A computer's "Why?" names no hidden card while its round is live; the whole reason once it is over."""

from __future__ import annotations

import json
import random

from bench.public_reasons import HAND_WORDS
from engine.bots import make_bot
from engine.lab.botgame import play_bots
from engine.rules import preset
from engine.state import Game
from engine.views import view_for
from ui.app import App as Controller
from ui.render import page
from ui.settings.model import Settings
from ui.table.moves import HIDDEN_REASON, Line
from ui.watch.model import Watch
from ui.widgets import esc
from ui_tests.helpers import play_out_round


def controller(deal: int) -> Controller:
    ctrl = Controller(Settings(), rng=random.Random(1))
    ctrl.new_game(deal)
    return ctrl


def test_why_is_public_while_the_round_is_live_and_whole_once_it_is_over() -> None:
    ctrl = controller(5)
    shown: list[str] = []

    def read(c: Controller) -> None:
        if c.game.phase in ("round_over", "game_over"):
            return
        for line in c.lines:
            if line.seat != 0 and line.reason:
                shown.append(c.why_text(line))
                if c.why != line.number:
                    c.handle("why", str(line.number))
                assert esc(c.why_text(line)) in page(c)

    play_out_round(ctrl, 3000, read)
    assert ctrl.game.phase in ("round_over", "game_over")
    assert shown and not [text for text in shown if HAND_WORDS.search(text)]
    told = [line for line in ctrl.lines if line.full]
    assert told, "some reason in the last lap tells more than the table shows"
    line = told[-1]
    assert ctrl.why_text(line) == line.full != line.reason
    ctrl.handle("why", str(line.number))
    ctrl.handle("sheet", "moves")
    assert esc(line.full) in page(ctrl) and esc(line.reason) not in page(ctrl)


def test_lines_kept_with_both_reasons_come_back_and_old_ones_still_load() -> None:
    ctrl = controller(5)
    line = Line(3, 1, "West discarded the 7 of hearts.", "Discarded the 7 of hearts: it is the card we need least.",
                "discarded 7♥", "Discarded the 7 of hearts: a pair of 7s is the easiest to break up.")
    back = Line.from_dict(json.loads(json.dumps(line.to_dict())), 4)
    assert back == line
    # A line kept before reasons had a public form carries only the whole reason.
    old = {"n": 4, "seat": 1, "text": "West drew two cards.", "short": "drew 2",
           "reason": "Drew two cards from the stock: I don't hold two natural 9s."}
    kept = Line.from_dict(old, 4)
    assert kept is not None
    assert ctrl.why_text(kept) == HIDDEN_REASON
    assert kept.why(live=False) == old["reason"]
    assert Line.from_dict({**old, "public": 7}, 4) is None
    human = Line.from_dict({"n": 5, "seat": 0, "text": "You drew two cards."}, 4)
    assert human is not None and human.reason == "" and ctrl.why_text(human) == ""


def test_watch_tells_the_whole_reason_only_of_rounds_that_are_over() -> None:
    deal = 55
    game = Game(preset("classic"), deal)
    bots = [make_bot("normal", s, deal) for s in range(4)]
    play_bots(game, bots, 120)  # part of the first round: the kept game is still in it
    assert game.phase in ("draw", "play", "answer")
    live = Watch(game, "t", level="normal")
    differ = 0
    for _ in range(120):
        live.step("next")
        seat, action = live.last_move()
        if seat in (None, 0) or action is None:
            continue
        before = live.position_at(live.at - 1)
        d = bots[seat].decide(view_for(before, seat))
        assert live.reason() == d.public_reason
        differ += d.public_reason != d.reason
    assert differ
    play_bots(game, bots, until=lambda g: g.round_index != 0)
    over = Watch(game, "t", level="normal")
    for _ in range(120):
        over.step("next")
        seat, action = over.last_move()
        if seat in (None, 0) or action is None:
            continue
        d = bots[seat].decide(view_for(over.position_at(over.at - 1), seat))
        assert over.reason() == d.reason
