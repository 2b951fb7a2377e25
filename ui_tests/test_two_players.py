"""A two-player game names the one opponent "Opponent", never "North" (South's partner at four)."""

from __future__ import annotations

import json
import random
import re

from engine.seats import seat_names
from ui.app import App as Controller
from ui.render import page
from ui.settings.model import Settings
from ui.sides import totals_words

from .helpers import play_out_round


def two_players(deal: int = 4242) -> Controller:
    ctrl = Controller(Settings(preset="classic").with_change("house:players", "2"), rng=random.Random(5))
    ctrl.new_game(deal)
    return ctrl


def text_of(html: str) -> str:
    return re.sub(r"<[^>]+>", " ", html)


def test_the_opponent_is_never_called_north_on_any_screen() -> None:
    """Table, status line, recent moves, every "Why?" and the round's scores: the opponent is "Opponent"."""
    ctrl = two_players()
    assert ctrl.game.n == 2 and seat_names(2) == ("South", "Opponent")
    seen: list[str] = []

    def look(c: Controller) -> None:
        seen.append(page(c))
        line = c.lines[-1] if c.lines else None
        if line is not None and line.reason:  # the computer's "Why?", opened
            c.handle("why", str(line.number))
            seen.append(page(c))
            c.handle("close", "why")

    look(ctrl)
    play_out_round(ctrl, 3000, each=look)
    assert ctrl.game.phase in ("round_over", "game_over")
    ctrl.handle("see-scores")
    seen.append(page(ctrl))
    ctrl.handle("sheet", "moves")
    seen.append(page(ctrl))
    everything = " ".join(text_of(html) for html in seen)
    assert "North" not in everything
    # The opponent is named where a player looks: its seat, its melds, its moves, its score.
    assert 'aria-label="Opponent: ' in " ".join(seen)  # the seat, without "Opponent, opponent"
    assert any(re.search(r"Opponent (drew|discarded|took|melded|went out)", text_of(h)) for h in seen)
    assert re.findall(r"<caption>([^<]+)</caption>", seen[-2]) == ["You", "Opponent"]
    assert totals_words(2, (120, 85)) == "you 120, opponent 85"  # a word in a sentence, not a name


def test_a_two_player_game_saved_before_keeps_its_deal_and_its_moves_read_anew() -> None:
    """The name is no part of the deal or the save: a kept game loads with the same cards, and its
    recent moves, written when the opponent was "North", read "Opponent"."""
    ctrl = two_players(deal=808)
    play_out_round(ctrl, 8)
    save, kept = ctrl.next_save(), json.loads(ctrl.lines_data())
    for line in kept["lines"]:  # as a version that called the opponent "North" kept them
        for key in ("text", "reason", "public"):
            line[key] = line[key].replace("Opponent", "North")
    assert any("North" in line["text"] for line in kept["lines"])
    again = two_players(deal=1)
    again.resume(json.loads(save))
    assert again.game == ctrl.game and again.game.deal_number == 808
    assert again.restore_lines(json.dumps(kept))
    assert [x.text for x in again.lines] == [x.text for x in ctrl.lines]
    assert [x.why(True) for x in again.lines] == [x.why(True) for x in ctrl.lines]
    assert "North" not in text_of(page(again))
