"""Undo in the browser: this turn's melds go back to the hand, and a reload keeps it so."""

from __future__ import annotations

import json

from pages import Table
from playwright.sync_api import Page

from engine.actions import Meld
from engine.moves import legal_actions
from engine.rules import preset
from engine.serialize import from_dict
from engine.state import Game
from engine.views import view_for
from tests.helpers import position_where


def new_meld_after_draw(game: Game) -> bool:
    return (
        game.to_act == 0 and game.phase == "play" and game.history[-1] == "draw" and game.teams[0].opened
        and any(isinstance(a, Meld) and a.plays[0].meld is None for a in legal_actions(game))
    )


def test_undo_takes_back_a_new_meld(page: Page, base_url: str) -> None:
    saved = position_where(preset("classic"), range(1, 60), 4000, new_meld_after_draw)
    game = from_dict(saved)
    meld = next(a for a in legal_actions(game) if isinstance(a, Meld) and a.plays[0].meld is None)
    hand = list(view_for(game, 0).hand)
    positions, taken = [], set()
    for card in meld.plays[0].cards:
        i = next(i for i, c in enumerate(hand) if c == card and i not in taken)
        taken.add(i)
        positions.append(i)
    table = Table(page, base_url).open().wait_until_saved()
    table.replace_save(json.dumps(saved)).reload().wait_until_idle()
    before = table.hand()
    assert page.get_by_role("button", name="Undo", exact=True).count() == 0
    for i in positions:
        table.select_position(i)
    table.new_meld()
    assert len(table.hand()) == len(before) - len(positions)
    table.tap("Undo")
    assert table.hand() == before
    assert "took back" in table.status()
    assert page.get_by_role("button", name="Undo", exact=True).count() == 0
    table.wait_until_saved().reload().wait_until_idle()
    assert table.hand() == before


def test_undo_leaves_one_entry_under_games(page: Page, base_url: str) -> None:
    """Undo gives the table a new copy of the same game: Games must not list the old one beside it."""
    saved = position_where(preset("classic"), range(1, 60), 4000, new_meld_after_draw)
    game = from_dict(saved)
    meld = next(a for a in legal_actions(game) if isinstance(a, Meld) and a.plays[0].meld is None)
    hand = list(view_for(game, 0).hand)
    taken: set[int] = set()
    for card in meld.plays[0].cards:
        taken.add(next(i for i, c in enumerate(hand) if c == card and i not in taken))
    table = Table(page, base_url).open().wait_until_saved()
    table.replace_save(json.dumps(saved)).reload().wait_until_idle()
    for i in sorted(taken):
        table.select_position(i)
    table.new_meld()
    table.tap("Undo")
    assert page.locator(".note", has_text="kept under Games").count() == 0
    table.menu("Games")
    assert page.locator(".kept-games li").count() == 0  # only the game on the table, listed above the kept ones
