"""Issue 29 item 11 (the running score) and the reviewer's chip marks: each side's heading on the table
counts what its melds, books and red 3s are worth this round so far, as the round's scores count them;
a book's mark says in words what kind of book it is."""

from __future__ import annotations

import re

from engine.scoring import TeamTable, score
from ui.app import App
from ui.render import regions
from ui.settings.model import Settings

from .helpers import each_step_with_hints


def test_each_sides_melds_are_counted_during_the_round() -> None:
    app = App(Settings())
    app.new_game(42)
    checked = 0
    for _ in each_step_with_hints(app):
        shown = regions(app)
        for region, t in (("r-us", 0), ("r-them", 1)):
            team = app.game.teams[t]
            melds = tuple((m.rank, tuple(m.cards)) for m in team.melds)
            expected = score(app.game.rules, TeamTable(melds=melds, red_threes=len(team.red_threes)), t).total
            found = re.findall(r'<span class="run"[^>]*>([-\d,]+) pts</span>', shown[region])
            if melds or team.red_threes:
                assert found == [f"{expected:,}"], (region, found, expected)
                checked += 1
            else:
                assert found == []
    assert checked > 20


def test_a_books_mark_says_what_kind_of_book_it_is() -> None:
    app = App(Settings())
    app.new_game(42)
    for _ in each_step_with_hints(app):
        html = regions(app)["r-us"] + regions(app)["r-them"]
        marks = re.findall(r'<span class="c-kind"([^>]*)>', html)
        if marks:
            assert all(re.match(r' title="(Clean|Dirty|Wild) book"', m) for m in marks), marks
            return
    raise AssertionError("no book was made")
