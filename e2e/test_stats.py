"""Statistics after three games played to their end in the browser: the counts shown are those of the games.

Each game starts from a save a few of South's turns before its end (played out here in Python by
the same computer players, South drawing and discarding), so the page plays the last turns itself
and counts the game as it ends. What the screen shows is compared with ``ui.stats`` run on the
finished games read back from the page's own saves.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from pages import Table
from playwright.sync_api import Page
from test_accessibility import audited, violations

from engine.actions import from_text
from engine.serialize import from_dict
from engine.state import Game
from ui import saves
from ui.stats import model as stats
from ui_tests.test_stats import play_game

STATS_RECORD = "handfoot-stats"  # the localStorage copy of the history
GAMES = (("classic", 3071, "normal"), ("classic", 58, "normal"), ("pagat", 4, "hard"))
TURNS_LEFT = 3
"""South's turns left to play in the page."""


def near_the_end(preset: str, deal: int, level: str) -> Game:
    """The game a few of South's turns before its end, South having taken the hints all along."""
    ctrl = play_game(preset, deal, level)
    history = ctrl.game.history
    last = max(i for i, text in enumerate(history) if text == "next")
    game = Game(ctrl.game.rules, deal)
    turns = []
    for i, text in enumerate(history):
        if i > last and game.to_act == 0 and game.phase == "draw":
            turns.append(i)
        game.apply(from_text(text))
    cut = turns[-TURNS_LEFT] if len(turns) >= TURNS_LEFT else last + 1
    start = Game(ctrl.game.rules, deal)
    for text in history[:cut]:
        start.apply(from_text(text))
    return start


def play_to_the_end(table: Table) -> None:
    """South draws and discards the first card (answering yes) until the game is over."""
    page = table.page
    for _ in range(300):
        if page.locator(".game-over").count():
            return
        if page.locator(".round-over").count():
            raise AssertionError("the round ended but the game didn't")
        if table.partner_asks():
            table.answer_partner(True)
        elif page.get_by_role("button", name="Draw", exact=True).is_enabled():
            table.draw()
        else:
            table.select_position(0).discard()
            end = page.get_by_role("button", name="End turn", exact=True)
            if end.count() and end.is_enabled():
                table.tap("End turn")
    raise AssertionError("the game did not end")


def load_position(table: Table, game: Game, seq: int) -> None:
    text = saves.dump(game, seq)
    table.wait_until_idle()
    table.replace_save(text).replace_quick_save(text)
    table.reload().wait_until_idle()
    assert table.moves() == len(game.history)


def finished_on_page(table: Table) -> Game:
    """The finished game as the page saved it."""
    return from_dict(json.loads(table.quick_save() or "{}"))


def shown(page: Page) -> dict[str, str]:
    """The statistics tiles: label -> value and detail."""
    tiles = page.locator(".stats .tile")
    return {
        tiles.nth(i).locator("dt").inner_text(): tiles.nth(i).locator("dd").inner_text().replace("\n", " ")
        for i in range(tiles.count())
    }


def groups_shown(page: Page) -> list[list[str]]:
    rows = page.locator(".stats table.by-rules tbody tr")
    return [rows.nth(i).locator("th, td").all_inner_texts() for i in range(rows.count())]


def from_menu(table: Table) -> None:
    """Open Statistics from the phone's Menu."""
    table.page.get_by_role("button", name="Menu", exact=True).click()
    table.page.locator("#r-sheet").get_by_role("button", name="Statistics", exact=True).click()
    table.wait_until_idle()


def check_counts(page: Page, expected: stats.Stats) -> None:
    tiles = shown(page)
    assert tiles["Games won"].startswith(f"{expected.won} of {expected.played}")
    assert tiles["Winning streak"] == f"{expected.current_streak} now · longest {expected.longest_streak}"
    assert tiles["Average round"].startswith(f"{expected.average_round:,}")
    assert tiles["Best round"] == f"{expected.best_round:,}"
    assert tiles["You went out"].startswith(f"{expected.went_out_you} of {expected.rounds}")
    assert tiles["Your side went out"].startswith(f"{expected.went_out_side} of {expected.rounds}")
    win = f"{expected.biggest_win:+,}" if expected.biggest_win is not None else "–"
    assert tiles["Biggest win"] == f"{win} final margin"
    assert tiles["Books made"].startswith(f"{expected.books_total:,}")
    levels = {"easy": "Easy", "normal": "Normal", "hard": "Hard"}
    assert groups_shown(page) == [[g.rules, levels[g.level], str(g.played), str(g.won)] for g in expected.groups]
    books = page.locator(".stats table.by-kind tbody tr")
    assert books.count() == len(expected.books)
    assert page.locator(".chart rect").count() == expected.played


def test_statistics_after_three_finished_games(new_page: Callable[..., Page], base_url: str, tmp_path: Path) -> None:
    page = audited(new_page)
    table = Table(page, base_url).open().wait_until_idle()
    games: list[Game] = []
    for k, (preset, deal, level) in enumerate(GAMES):
        if level != "normal":
            table.open_settings().choose("Level", level.capitalize()).back_to_table()
        load_position(table, near_the_end(preset, deal, level), 10**6 + 10 * k)
        play_to_the_end(table)
        games.append(finished_on_page(table))
        assert games[-1].over
        if k == 0:  # the game's scores run past a phone's screen; New game and Challenge stay in reach
            assert page.evaluate("document.documentElement.scrollHeight") > 740
            for name in ("New game", "Challenge"):
                box = page.get_by_role("button", name=name, exact=True).bounding_box()
                assert box is not None and box["y"] + box["height"] <= 740, name
    summaries = [stats.summarize(g, level, k) for k, (g, (_p, _d, level)) in enumerate(zip(games, GAMES, strict=True))]
    expected = stats.compute(summaries)
    assert expected.played == 3

    page.locator(".game-over").get_by_role("button", name="Statistics", exact=True).click()
    table.wait_until_idle()
    assert page.get_by_role("heading", name="Statistics").is_visible()
    check_counts(page, expected)
    assert not table.scrolls_sideways()
    page.locator(".chart summary").click()
    assert violations(page) == [], "statistics"
    page.screenshot(path=str(tmp_path / "stats-phone-360x740.png"), full_page=True)

    # The finished game is still on the table: a reload neither loses nor counts anything twice.
    table.reload()
    from_menu(table)
    check_counts(page, expected)
    assert "stats" in table.saved_keys()

    # The history in localStorage damaged: left out, and IndexedDB's copy still counts every game.
    page.evaluate("(key) => localStorage.setItem(key, '['.repeat(20000))", STATS_RECORD)
    table.reload()
    from_menu(table)
    check_counts(page, expected)

    # From the Games screen too, after a new game put the finished one aside.
    table.back_to_table().tap("New game")
    table.menu("Games")
    page.get_by_role("button", name="Statistics", exact=True).locator("visible=true").first.click()
    table.wait_until_idle()
    check_counts(page, expected)

    page.set_viewport_size({"width": 1024, "height": 768})
    assert not table.scrolls_sideways()
    assert violations(page) == [], "statistics on a tablet"
    page.screenshot(path=str(tmp_path / "stats-tablet-landscape-1024x768.png"), full_page=True)


REFUSE_HISTORY = """(() => {
  window.__refuse = true;
  const put = IDBObjectStore.prototype.put;
  IDBObjectStore.prototype.put = function (...args) {
    if (window.__refuse && args[1] === "stats") {
      throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
    }
    return put.apply(this, args);
  };
  const setItem = Storage.prototype.setItem;
  Storage.prototype.setItem = function (key, value) {
    if (key === "handfoot-stats") throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
    return setItem.call(this, key, value);
  };
})();"""
WARNING = "Saving on this device failed"


def test_a_refused_history_write_is_told_and_retried(new_page: Callable[..., Page], base_url: str) -> None:
    page = new_page()
    page.add_init_script(REFUSE_HISTORY)
    table = Table(page, base_url).open().wait_until_idle()
    preset, deal, level = GAMES[2]
    table.open_settings().choose("Level", level.capitalize()).back_to_table()
    load_position(table, near_the_end(preset, deal, level), 10**6)
    page.evaluate("window.__refuse = true")
    for _ in range(300):  # play_to_the_end, without waiting for an idle page (the write keeps failing)
        if page.locator(".game-over").count():
            break
        if table.partner_asks():
            page.get_by_role("button", name="Yes, go out", exact=True).click()
        elif page.get_by_role("button", name="Draw", exact=True).is_enabled():
            page.get_by_role("button", name="Draw", exact=True).click()
        else:
            table.select_position(0)
            page.get_by_role("button", name="Discard", exact=True).click()
        page.wait_for_timeout(150)
    assert page.locator(".game-over").count() == 1
    page.wait_for_function("document.body.dataset.saveFailed === '1'")
    assert WARNING in page.get_by_role("alert").first.inner_text()
    assert "stats" not in table.saved_keys()
    game = finished_on_page(table)
    page.evaluate("window.__refuse = false")  # space again: the writer's next try goes through
    page.wait_for_function("document.body.dataset.saveFailed === '0'", timeout=60_000)
    table.wait_until_idle()
    assert "stats" in table.saved_keys()
    assert page.evaluate("localStorage.getItem('handfoot-stats')") is None  # refused there: IndexedDB has it
    table.reload()
    from_menu(table)
    check_counts(page, stats.compute([stats.summarize(game, level, 0)]))
