"""Family challenges on screen: the result beside theirs at a challenge's end, and the list under Games."""

from __future__ import annotations

from ui import sides
from ui.challenge import model as challenge
from ui.challenge.model import Record
from ui.settings.model import rules_words
from ui.widgets import button, esc


def _result_words(players: int, totals: tuple[int, ...]) -> str:
    return sides.totals_words(players, totals)


def challenge_section(record: Record | None) -> str:
    """At the end of a challenge's game: their result and ours side by side, and their game to watch."""
    if record is None or record.mine is None:
        return ""
    c = record.challenge
    n = c.rules.players
    theirs, mine = c.theirs.totals, record.mine.totals
    who = c.name or "Them"
    column = f"{c.name}'s game" if c.name else "Their game"
    rows = "".join(
        f'<tr><th scope="row">{esc(sides.short(n, t))}</th><td>{theirs[t]:,}</td><td>{mine[t]:,}</td></tr>'
        for t in sides.order(n)
    )
    status = ("verified: the deal, the computers' moves and their take-backs lead to it" if challenge.checked(record)
              else "unverified: it doesn't follow from their link")
    undo = []
    if c.theirs.takebacks:
        undo.append(f"{who} used Undo {c.theirs.takebacks} time{'s' if c.theirs.takebacks != 1 else ''}.")
    if record.mine.takebacks:
        undo.append(f"You used Undo {record.mine.takebacks} time{'s' if record.mine.takebacks != 1 else ''}.")
    mine_margin = mine[0] - max(mine[1:]) if len(mine) > 1 else 0
    their_margin = theirs[0] - max(theirs[1:]) if len(theirs) > 1 else 0
    verdict = (
        "You did better with the same cards!" if mine_margin > their_margin
        else "They did better with the same cards." if mine_margin < their_margin else "The same margin: a draw."
    )
    watch = button("watch-challenge", "Watch their game", arg=record.key) if record.verified else ""
    return (
        '<section class="challenge-result" aria-labelledby="challenge-title">'
        f'<h3 id="challenge-title">Challenge, deal {c.deal:,}: {esc(verdict)}</h3>'
        f'<table class="score"><caption>Their result ({esc(status)}) and yours</caption>'
        # The columns are the two games, the rows the sides (Us and Them): "Them" names one thing only.
        f'<thead><tr><th scope="col">Side</th><th scope="col">{esc(column)}</th><th scope="col">Your game</th>'
        "</tr></thead>"
        f"<tbody>{rows}</tbody></table>"
        + "".join(f"<p>{esc(u)}</p>" for u in undo)
        + (f'<div class="row">{watch}</div>' if watch else "")
        + "</section>"
    )


def challenges_list(challenges: dict[str, Record], confirm_spoil: str = "") -> str:
    """Every challenge this device made or opened, with both results where known (``confirm_spoil``: the
    unplayed one whose watching waits for a yes)."""
    if not challenges:
        return ""
    items = []
    for record in sorted(challenges.values(), key=lambda r: r.played, reverse=True):
        c = record.challenge
        n = c.rules.players
        who = "You sent" if record.sent else (f"From {c.name}" if c.name else "Received")
        theirs = _result_words(n, c.theirs.totals)
        mark = challenge.check_words(record) if record.watchable or record.verified is False else ""
        mine = f" · yours: {_result_words(n, record.mine.totals)}" if record.mine else (
            "" if record.sent else " · watched without playing" if record.gave_up else " · not played yet")
        buttons = button("watch-challenge", "Watch their game" if not record.sent else "Watch", arg=record.key) \
            if record.verified is not False else ""
        if confirm_spoil == record.key:
            buttons = (
                '<p class="confirm" role="alert">Watching their game first shows every hand and foot, and their '
                "moves: it spoils this challenge, which then can't be played for a result. Watch it anyway?</p>"
                + button("give-up-challenge", "Yes, watch it", arg=record.key)
                + button("keep-challenge", "Play it first", arg=record.key, cls="primary")
            )
        items.append(
            f'<li class="kept"><p><b>{esc(who)}: deal {c.deal:,}</b> · {esc(rules_words(c.rules))} · '
            f"{esc(c.level.capitalize())} computer players<br>"
            f"<small>{'your game' if record.sent else 'their game'}: {esc(theirs)}{esc(mark)}{esc(mine)}</small></p>"
            + (f'<div class="row">{buttons}</div>' if buttons else "")
            + "</li>"
        )
    return f"<h3>Challenges ({len(challenges)})</h3>" + f'<ul class="kept-games">{"".join(items)}</ul>'
