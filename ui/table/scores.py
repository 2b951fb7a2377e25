"""The end of a round and of the game, and every hand once the round is over, seen from one seat."""

from __future__ import annotations

import re
from collections.abc import Sequence

from engine import cards as C
from engine import seats
from engine.scoring import TeamScore
from engine.state import Game, seat_names
from engine.wording import join
from ui import sides
from ui.challenge.model import Record
from ui.challenge.screen import challenge_section
from ui.sides import SOUTH
from ui.table.narrate import went_out_text
from ui.widgets import button, card_row, esc


def _and(names: list[str]) -> str:
    return join(names)


def score_table(title: str, team: TeamScore, total: int, name: str, people: Sequence[str] | None = None) -> str:
    """A side's round score line by line, then its round and game totals (``name``: the reader's seat's name,
    whose lines read "Your foot"; ``people``: every seat's name, for lines that name a seat, "Dee's foot")."""
    rows = "".join(
        f'<tr><th scope="row">{esc(named(sides.score_label(line.label, name), people))}</th>'
        f"<td>{line.points:+,}</td></tr>"
        for line in team.lines
    )
    return (
        f'<table class="score"><caption>{esc(title)}</caption><tbody>{rows}</tbody>'
        f'<tfoot><tr><th scope="row">Round total</th><td>{team.total:,}</td></tr>'
        f'<tr><th scope="row">Game total</th><td>{total:,}</td></tr></tfoot></table>'
    )


def named(label: str, people: Sequence[str] | None) -> str:
    """A score line's label with each seat's compass name ("East's foot") replaced by its person's, in one pass."""
    if not people:
        return label
    compass = seat_names(len(people))
    swap = {f"{c}'s ": f"{p}'s " for c, p in zip(compass, people, strict=True) if c != p}
    if not swap:
        return label
    return re.sub("|".join(re.escape(k) for k in swap), lambda m: swap[m.group(0)], label)


Names = list[str] | None
"""In a game played together: every seat's name (a person's own, else the compass point); None otherwise."""


def _side(game: Game, team: int, me: int, people: Names, title: bool = False) -> str:
    """A side as the scores name it: 'Us', 'West' ('Your side'... with ``title``), or its people's names."""
    if people is not None:
        return join([people[s] for s in seats.team_seats(team, game.n)])
    return sides.title(game.n, team, me) if title else sides.short(game.n, team, me)


def _round_summary(game: Game, me: int, people: Names = None) -> str:
    result = game.results[-1]
    names = people or seat_names(game.n)
    recap = went_out_text(game, -1 if people else me, people) if game.went_out == result.went_out else ""
    if result.went_out is None:
        how = "The stock ran out, so nobody went out."
    elif recap:  # the play that went out: "East went out: laid 7s, 9s, discarded 4♣."
        how = recap
    elif result.went_out == me and people is None:
        how = "You went out."
    else:
        how = f"{names[result.went_out]} went out."
    shown = sides.order(game.n, me)
    tables = "".join(
        score_table(_side(game, t, me, people, title=True), result.scores[t], game.totals[t], names[me], people)
        for t in shown
    )
    # The round at a glance, before each side's breakdown: "This round: Us +815 · Them +2,720".
    glance = " · ".join(f"<b>{esc(_side(game, t, me, people))} {result.scores[t].total:+,}</b>" for t in shown)
    moves = button("sheet", "Moves", arg="moves", cls="small")  # the whole round's last lap, from the scores
    said = f'<p class="recap">{esc(how)} {moves}</p>'
    return f'{said}<p class="glance">This round: {glance}</p><div class="scores">{tables}</div>'


def round_over_panel(game: Game, me: int, people: Names = None) -> str:
    """The end of a round: how it ended and each side's score, seen from seat ``me`` (by name in a game
    played together)."""
    return (
        '<section class="panel round-over" aria-labelledby="round-title">'
        f'<h2 id="round-title">Round {game.round_index + 1} is over</h2>'
        + _round_summary(game, me, people)
        + '<div class="row stay">'
        + button("next-round", "Next round", cls="primary")
        + button("show-hands", "Show all hands")
        + button("replay", "Replay this deal")
        + "</div></section>"
    )


def _named_verdict(game: Game, people: list[str]) -> str:
    """Who won the game, and by what, with every side named by its people."""
    shown = sides.order(game.n, SOUTH)
    totals, winner = game.totals, game.winner()
    if winner is None:
        best = max(totals)
        tied = [_side(game, t, 0, people) for t in shown if totals[t] == best]
        return f"A tie for the lead at {best:,}: {join(tied)}."
    verb = "wins" if seats.individual(game.n) else "win"
    others = " to ".join(f"{totals[t]:,}" for t in shown if t != winner)
    return f"{_side(game, winner, 0, people)} {verb}, {totals[winner]:,} to {others}!"


def _verdict(game: Game, me: int) -> str:
    """Who won the game, and by what, in words, to the player in seat ``me``."""
    shown = sides.order(game.n, me)
    mine = shown[0]
    totals = game.totals
    winner = game.winner()
    if winner is None:
        best = max(totals)
        tied = [t for t in shown if totals[t] == best]
        if len(tied) == len(shown):
            return f"A tie at {best:,}."
        names = [("you" if t == mine else sides.short(game.n, t, me)) for t in tied]
        return f"A tie for the lead at {best:,}: {_and(names)}."
    others = " to ".join(f"{totals[t]:,}" for t in shown if t != winner)
    if seats.individual(game.n):
        who = "You win" if winner == mine else f"{sides.short(game.n, winner, me)} wins"
        rest = sorted((t for t in shown if t != winner), key=lambda t: -totals[t])
        behind = ", ".join(f"{'you' if t == mine else sides.short(game.n, t, me)} {totals[t]:,}" for t in rest)
        return f"{who} with {totals[winner]:,} ({behind})" + ("!" if winner == mine else ".")
    if winner == mine:
        mates = [m for m in sides.members(game.n, mine) if m != seat_names(game.n)[me]]
        return f"{_and(['You', *mates])} win, {totals[winner]:,} to {others}!"
    return f"{_and(sides.members(game.n, winner))} win, {totals[winner]:,} to {others}."


def game_over_panel(game: Game, me: int, challenge: Record | None, people: Names = None) -> str:
    """The end of the game: the verdict, every round, a challenge's comparison, the last round."""
    verdict = _verdict(game, me) if people is None else _named_verdict(game, people)
    shown = sides.order(game.n, me)
    rows = []
    run = [0] * game.sides
    for result in game.results:
        run = [run[t] + result.scores[t].total for t in range(game.sides)]
        cells = "".join(
            f'<td>{result.scores[t].total:+,}<small><span class="sr">, total </span>{run[t]:,}</small></td>'
            for t in shown
        )
        rows.append(f'<tr><th scope="row"><span class="sr">Round </span>{result.round_index + 1}</th>{cells}</tr>')
    heads = "".join(f'<th scope="col">{esc(_side(game, t, me, people))}</th>' for t in shown)
    return (
        '<section class="panel game-over" aria-labelledby="over-title">'
        f'<h2 id="over-title">Game over: {esc(verdict)}</h2>'
        '<table class="score rounds"><caption>Totals per round (the running total under each)</caption>'
        f'<thead><tr><th scope="col">Round</th>{heads}</tr></thead>'
        f"<tbody>{''.join(rows)}</tbody></table>"
        + challenge_section(challenge)
        + "<h3>Last round</h3>"
        + _round_summary(game, me, people)
        + '<div class="row stay">'
        + button("next-round", "New game", cls="primary")
        + button("challenge", "Challenge")
        + '</div><div class="row">'
        + button("show-hands", "Show all hands")
        + button("watch", "Watch the game", arg="table")
        + button("replay", "Replay this deal")
        + button("screen", "Statistics", arg="stats")
        + "</div></section>"
    )


HELD_FROM = {"hand": "Hand", "knee": "In hand, from the knee", "foot": "In hand, from the foot"}
"""What a seat held when the round ended, by the set it was playing from."""


def hands_screen(game: Game, me: int) -> str:
    """Every hand, knee, foot and the rest of the stock: only once the round is over."""
    if game.phase not in ("round_over", "game_over"):
        return '<p class="note error">Hands are shown only after the round.</p>'
    names = seat_names(game.n)
    blocks = []
    for seat, player in enumerate(game.players):
        parts = [f"<h3>{esc(names[seat])}{' (you)' if seat == me else ''}</h3>"]
        if seat == game.went_out:
            parts.append("<p>Went out.</p>")
        else:
            held = card_row(C.sorted_hand(player.hand)) if player.hand else '<span class="none">no cards</span>'
            parts.append(f"<p>{HELD_FROM[player.stage]}: {held}</p>")
        if game.rules.knee_size and not player.knee_taken and not player.foot_taken:
            parts.append(f"<p>Knee (never picked up): {card_row(C.sorted_hand(player.knee))}</p>")
        if not player.foot_taken:
            parts.append(f"<p>Foot (never picked up): {card_row(C.sorted_hand(player.foot))}</p>")
        blocks.append('<div class="revealed">' + "".join(parts) + "</div>")
    stock = list(reversed(game.stock))
    return (
        '<section class="panel hands" aria-labelledby="hands-title">'
        '<h2 id="hands-title">All hands</h2>'
        + "".join(blocks)
        + f'<div class="revealed"><h3>The rest of the stock ({len(stock)} cards, next card first)</h3>'
        f"<p>{card_row(stock)}</p></div>"
        '<div class="row">' + button("screen", "Back to the scores", arg="table", cls="primary") + "</div></section>"
    )
