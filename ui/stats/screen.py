"""The Statistics screen: games won per rules and level, rounds, books, going out, streaks, and a chart.

The chart is inline SVG drawn here (no library): the last games' final margins as bars, up for a
game won and down for one lost, with a title, a description and a table of the same numbers.
"""

from __future__ import annotations

import time

from ui.settings.model import LEVELS
from ui.stats.model import CHART_GAMES, MAX_GAMES, Stats, Summary, compute
from ui.widgets import button, esc

LEVEL_LABELS = dict(LEVELS)
CHART_W, CHART_H, CHART_PAD = 320, 132, 6


def _signed(n: int) -> str:
    return f"{n:+,}" if n else "0"


def _pct(part: int, whole: int) -> str:
    return f"{round(100 * part / whole)}%" if whole else "–"


def _tile(label: str, value: str, detail: str = "") -> str:
    small = f"<small>{esc(detail)}</small>" if detail else ""
    return f'<div class="tile"><dt>{esc(label)}</dt><dd><b>{esc(value)}</b>{small}</dd></div>'


def _tiles(s: Stats) -> str:
    record = f"{s.lost:,} lost" + (f", {s.tied:,} tied" if s.tied else "")
    rounds = f"{s.rounds:,} round{'s' if s.rounds != 1 else ''}"
    tiles = [
        _tile("Games won", f"{s.won:,} of {s.played:,}", f"{_pct(s.won, s.played)} · {record}"),
        _tile("Winning streak", f"{s.current_streak:,}", f"now · longest {s.longest_streak:,}"),
        _tile("Average round", f"{s.average_round:,}" if s.average_round is not None else "–", f"over {rounds}"),
        _tile("Best round", f"{s.best_round:,}" if s.best_round is not None else "–"),
        _tile("You went out", f"{s.went_out_you:,} of {s.rounds:,}", f"{_pct(s.went_out_you, s.rounds)} of rounds"),
        _tile("Your side went out", f"{s.went_out_side:,} of {s.rounds:,}", "you or a partner"),
        _tile("Biggest win", _signed(s.biggest_win) if s.biggest_win is not None else "–", "final margin"),
        _tile("Books made", f"{s.books_total:,}", f"{s.books_total / s.played:.1f} a game" if s.played else ""),
    ]
    return f'<dl class="tiles">{"".join(tiles)}</dl>'


def _groups(s: Stats) -> str:
    rows = "".join(
        f'<tr><th scope="row">{esc(g.rules)}</th><td class="text">{esc(LEVEL_LABELS.get(g.level, g.level))}</td>'
        f"<td>{g.played:,}</td><td>{g.won:,}</td></tr>"
        for g in s.groups
    )
    return (
        '<table class="score stats-table by-rules"><caption>By rules and level</caption>'
        '<thead><tr><th scope="col">Rules</th><th scope="col">Level</th>'
        '<th scope="col" class="num">Played</th><th scope="col" class="num">Won</th></tr></thead>'
        f"<tbody>{rows}</tbody></table>"
    )


def _books(s: Stats) -> str:
    if not s.books:
        return "<p>No books made yet.</p>"
    rows = "".join(f'<tr><th scope="row">{esc(kind.capitalize())}</th><td>{n:,}</td></tr>' for kind, n in s.books)
    return (
        '<table class="score stats-table by-kind"><caption>Books your side made</caption>'
        f'<tbody>{rows}</tbody><tfoot><tr><th scope="row">All books</th><td>{s.books_total:,}</td></tr></tfoot>'
        "</table>"
    )


def _date(played: int) -> str:
    return time.strftime("%d %b", time.gmtime(played / 1000)).lstrip("0")


def _bars(games: tuple[Summary, ...]) -> str:
    margins = [g.margin for g in games]
    top, bottom = max(0, *margins), max(0, *(-m for m in margins))
    span = (top + bottom) or 1
    inner = CHART_H - 2 * CHART_PAD
    zero = CHART_PAD + (inner * top / span if top + bottom else inner / 2)
    slot = CHART_W / max(len(games), CHART_GAMES // 2)  # a few games don't make a few fat blocks
    bars = []
    for i, (game, m) in enumerate(zip(games, margins, strict=True)):
        height = max(1.5, inner * abs(m) / span)
        y = zero - height if m > 0 else zero
        cls = {"won": "won", "lost": "lost"}.get(game.result, "tie")
        bars.append(
            f'<rect class="{cls}" x="{i * slot + 2:.1f}" y="{y:.1f}" width="{slot - 4:.1f}" height="{height:.1f}"/>'
        )
    axis = f'<line class="axis" x1="0" x2="{CHART_W}" y1="{zero:.1f}" y2="{zero:.1f}"/>'
    return "".join(bars) + axis


def _chart(s: Stats) -> str:
    games = s.recent
    margins = [g.margin for g in games]
    won = sum(g.result == "won" for g in games)
    one = len(games) == 1  # "the last game" read as if there were others
    last = "your one game so far" if one else f"the last {len(games)} games"
    margins_of = "Final margin" if one else "Final margins"
    order = "" if one else ", oldest first"
    desc = (
        f"One bar per game, oldest on the left: up for a game your side won, down for one it lost, "
        f"as tall as the margin. {won} of {len(games)} won; margins from {_signed(min(margins))} "
        f"to {_signed(max(margins))}."
    )
    rows = "".join(
        f'<tr><th scope="row" class="date">{esc(_date(g.played))}</th><td class="text">{esc(g.rules_label())}, '
        f'deal {g.deal:,}</td><td class="text">{esc(g.result)}</td><td>{_signed(g.margin)}</td></tr>'
        for g in reversed(games)
    )
    return (
        '<figure class="chart">'
        f'<svg viewBox="0 0 {CHART_W} {CHART_H}" role="img" aria-labelledby="chart-title chart-desc" '
        'preserveAspectRatio="none">'
        f'<title id="chart-title">{margins_of} of {esc(last)}</title><desc id="chart-desc">{esc(desc)}</desc>'
        + _bars(games)
        + "</svg>"
        f"<figcaption>Final margin (your side less the best other) of {esc(last)}{order}: "
        "above the line a game won, below it a game lost.</figcaption>"
        "<details><summary>The games in the chart</summary>"
        '<table class="score stats-table"><thead><tr><th scope="col">Date</th><th scope="col">Game</th>'
        f'<th scope="col">Result</th><th scope="col" class="num">Margin</th></tr></thead><tbody>{rows}</tbody></table>'
        "</details></figure>"
    )


def _people(s: Stats) -> str:
    """The people who played together on this device: games, wins and their side's average round."""
    if not s.people:
        return ""
    rows = "".join(
        f'<tr><th scope="row" class="text">{esc(p.name)}</th><td>{p.played:,}</td><td>{p.won:,}</td>'
        f"<td>{'–' if p.average_round is None else f'{p.average_round:,}'}</td></tr>"
        for p in s.people
    )
    return (
        "<h3>Players together on this device</h3>"
        '<table class="score stats-table people"><thead><tr><th scope="col">Name</th>'
        '<th scope="col" class="num">Games</th><th scope="col" class="num">Won</th>'
        '<th scope="col" class="num wrap">Average round</th></tr></thead>'
        f"<tbody>{rows}</tbody></table>"
    )


def stats_screen(finished: list[Summary]) -> str:
    """The Statistics screen, counted from the finished games kept on this device."""
    s = compute(finished)
    if s.played == 0:
        body = (
            "<p>No finished games yet. Every game played to its end on this device is counted here: "
            "games won, rounds, books and streaks.</p>"
        )
    else:
        body = (
            f'<p class="stats-lead">{s.played:,} finished game{"s" if s.played != 1 else ""} on this device.</p>'
            + _tiles(s)
            + "<h3>Recent games</h3>"
            + _chart(s)
            + "<h3>Games and books</h3>"
            + _groups(s)
            + _books(s)
            + _people(s)
        )
    return (
        '<section class="panel stats" aria-labelledby="stats-title">'
        '<h2 id="stats-title">Statistics</h2>'
        f"{body}"
        f'<p class="tip">The last {MAX_GAMES} finished games are kept; older ones are dropped. '
        "A game counts once, with its first finish.</p>"
        '<div class="row">'
        + button("screen", "Games", arg="games")
        + button("screen", "Back to the table", arg="table", cls="primary")
        + "</div></section>"
    )
