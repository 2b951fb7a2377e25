"""A family challenge end to end: sent from a finished game, opened in a fresh profile, played out, compared."""

from __future__ import annotations

import base64
import json
import zlib
from collections.abc import Callable

from pages import Table
from playwright.sync_api import Page
from test_accessibility import audited, violations

from engine.bots import make_bot
from engine.bots.base import Decision
from engine.lab.botgame import play_bots
from engine.rules import preset
from engine.serialize import to_dict
from engine.state import Game

DEAL = 7104
"""A deal whose game, South played by Hard and the rest by Easy, ends on a computer's move (so the page
itself plays the last move of the challenger's game); when the computer players change, the next deal
that still does is found with ``played(..., stop_before_end=True)``."""
SHOWN = f"{DEAL:,}"


def played(levels: tuple[str, str, str, str], stop_before_end: bool = False) -> Game:
    """Deal ``DEAL`` played by computer players (``levels`` per seat); optionally one bot move short of the end."""
    game = Game(preset("classic"), DEAL)
    bots = [make_bot(level, s, DEAL) for s, level in enumerate(levels)]

    def ends(now: Game, seat: int, decision: Decision) -> bool:
        if not stop_before_end or seat == 0:
            return False
        trial = now.copy()
        trial.apply(decision.action)
        return trial.over

    play_bots(game, bots, stop=ends)
    if not game.over:
        return game
    assert not stop_before_end, "the game ended on South's move"
    return game


def test_challenge_sent_opened_elsewhere_played_and_compared(new_page: Callable[..., Page], base_url: str) -> None:
    # The sender's device: a finished game (Easy computers), then Challenge.
    sender = new_page()
    table = Table(sender, base_url).open().wait_until_saved()
    table.open_settings()  # the link carries the level its computers played at, and the receiver re-decides them
    sender.get_by_label("Level").select_option("easy")
    table.back_to_table().wait_until_saved()
    theirs = played(("easy",) * 4)
    table.replace_save(json.dumps(to_dict(theirs))).reload().wait_until_idle()
    table.tap("Challenge")
    sender.wait_for_function("document.querySelector('#share-link') !== null")
    link = sender.locator("#share-link").input_value()
    assert "#challenge=" in link and "?" not in link.split("#")[0].replace(base_url, "")
    table.menu("Games")
    assert f"You sent: deal {SHOWN}" in sender.locator(".games").inner_text()

    # A relative's device, a fresh profile: the same deal at the same level.
    other = audited(new_page)  # axe-core is injected into this one
    friend = Table(other, base_url)
    other.goto(link)
    friend.wait_until_ready().wait_until_idle()
    assert friend.deal_number() == str(DEAL)
    assert "their moves lead to it" in friend.message()
    assert "#" not in other.url  # the fragment is cleared once read
    # Play it out: South (Hard here) to one computer move from the end, then the page plays that move.
    nearly = played(("hard", "easy", "easy", "easy"), stop_before_end=True)
    friend.wait_until_saved().replace_save(json.dumps(to_dict(nearly))).reload().wait_until_idle()
    other.wait_for_function("document.querySelector('.challenge-result') !== null", timeout=20_000)
    result = other.locator(".challenge-result").inner_text()
    assert f"Challenge, deal {SHOWN}" in result and "verified" in result and "unverified" not in result
    assert f"{theirs.totals[0]:,}" in result
    assert not friend.scrolls_sideways() and violations(other) == [], "the challenge's result"
    friend.tap("Watch their game")
    assert "Watching:" in other.locator(".watch").inner_text()
    friend.tap("End »")
    assert "Round 4 of 4" in other.locator(".watch-where").inner_text()
    friend.tap("Close")
    friend.reload().wait_until_idle()  # kept across a reload
    friend.menu("Games")
    games = other.locator(".games").inner_text()
    assert f"Received: deal {SHOWN}" in games and "yours:" in games


def test_a_tampered_challenge_is_unverified(new_page: Callable[..., Page], base_url: str) -> None:
    from ui.challenge import model as challenge

    made = challenge.from_game(played(("easy",) * 4), "easy").to_dict()
    made["result"]["totals"][0] += 10_000
    raw = base64.urlsafe_b64encode(zlib.compress(json.dumps(made).encode())).decode().rstrip("=")
    page = new_page()
    table = Table(page, base_url)
    page.goto(base_url + "#challenge=" + raw)
    table.wait_until_ready().wait_until_idle()
    assert "unverified" in table.message() and table.deal_number() == str(DEAL)
    with page.expect_event("load"):  # a new fragment alone doesn't load a page: the app reloads itself
        page.goto(base_url + "#challenge=garbage-garbage")
    table.wait_until_ready().wait_until_idle()
    assert "damaged" in table.message()
