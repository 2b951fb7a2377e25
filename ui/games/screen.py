"""The Games screen: the game on the table, the games put aside, challenges, damaged copies kept aside."""

from __future__ import annotations

from engine.state import Game
from ui import sides
from ui.challenge.model import Record
from ui.challenge.screen import challenges_list
from ui.games.model import KeptGame, progress_words, size_words
from ui.rules.text import shown_title
from ui.saves import Kept
from ui.widgets import button, esc


def games_screen(game: Game, kept: list[KeptGame], confirm_delete: str, copies: list[Kept],
                 challenges: dict[str, Record], confirm_spoil: str = "") -> str:
    """Every game kept: the one on the table, and the ones put aside, each to resume or delete."""
    where, state = progress_words(game.round_index, game.phase == "game_over", game.phase == "round_over")
    current = (
        f"<p>On the table: deal {game.deal_number:,} · {esc(shown_title(game.rules))}{size_words(game.n)} · {where} · "
        f"{esc(sides.totals_words(game.n, game.totals))} · {state}.</p>"
        + ('<div class="row">' + button("watch", "Watch this game", arg="table") + "</div>" if game.history else "")
    )
    items = []
    for one in kept:
        if confirm_delete == one.key:
            actions = (
                '<p class="confirm" role="alert">Delete this game for good?</p>'
                + button("confirm-delete", "Yes, delete it", arg=one.key)
                + button("keep-game", "Keep it", arg=one.key, cls="primary")
            )
        else:
            actions = (
                button("resume-game", "Resume", arg=one.key, cls="primary")
                + button("watch", "Watch", arg=one.key)
                + button("delete-game", "Delete", arg=one.key)
            )
        items.append(
            f'<li class="kept"><p><b>{esc(one.summary())}</b><br><small>put aside {esc(one.when())}</small></p>'
            f'<div class="row">{actions}</div></li>'
        )
    listing = f'<ul class="kept-games">{"".join(items)}</ul>' if items else "<p>No other games are kept yet.</p>"
    return (
        '<section class="panel games" aria-labelledby="games-title">'
        '<h2 id="games-title">Games</h2>'
        f"{current}"
        "<p>A game is never dropped: when another one starts (a shared link, a new game), the one on the "
        "table is kept here, finished or not (up to 30: past that the oldest finished games go first).</p>"
        f"<h3>Kept games ({len(kept)})</h3>{listing}"
        + challenges_list(challenges, confirm_spoil)
        + kept_copies_section(copies)
        + "<h3>Played with real cards?</h3><p>Keep its score on a score pad, round by round.</p>"
        + '<div class="row">' + button("screen", "Score pads", arg="pad") + "</div>"
        + '<div class="row">' + button("screen", "Statistics", arg="stats")
        + button("screen", "Back to the table", arg="table", cls="primary") + "</div></section>"
    )


def kept_copies_section(copies: list[Kept]) -> str:
    """Saved copies that could not be resumed, kept aside rather than dropped: restore (if it loads) or delete."""
    if not copies:
        return ""
    items = []
    for kept in copies:
        restore = "" if kept.truncated else button("restore-copy", "Restore", arg=kept.key)
        items.append(
            f'<li class="kept"><p>{esc(kept.description)}</p>'
            f'<div class="row">{restore}{button("delete-copy", "Delete", arg=kept.key)}</div></li>'
        )
    return (
        f"<h3>Copies kept aside ({len(copies)})</h3>"
        "<p>Saves that could not be read when the app started. Restore tries one again; "
        "Delete removes it.</p>"
        f'<ul class="kept-games">{"".join(items)}</ul>'
    )
