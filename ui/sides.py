"""How the screens name the sides of the table: a team, or a lone player in individual play.

With four or six players the human's team is "Us" and the other "Them"; with
two or three everyone plays on their own, so the human is "You" and each other
side is its seat ("West").  The engine decides who is on which side
(``engine.seats``); this module only words it.
"""

from __future__ import annotations

from engine import seats
from engine.seats import seat_names

SOUTH = 0
"""The seat a one-person game gives its player; every function here takes the seat it words for
(``me``), defaulting to it (a kept game, a challenge and the statistics are South's)."""


def members(players: int, team: int) -> list[str]:
    """The seat names of a side, in turn order."""
    names = seat_names(players)
    return [names[s] for s in seats.team_seats(team, players)]


def order(players: int, me: int = SOUTH) -> list[int]:
    """Every side, ``me``'s first, then the others in turn order."""
    mine = seats.team_of(me, players)
    return [mine, *seats.other_sides(mine, players)]


def short(players: int, team: int, me: int = SOUTH) -> str:
    """A scoreboard's name of a side: 'Us'/'Them', or 'You'/'West' alone."""
    mine = team == seats.team_of(me, players)
    if seats.individual(players):
        return "You" if mine else members(players, team)[0]
    return "Us" if mine else "Them"


def title(players: int, team: int, me: int = SOUTH) -> str:
    """A score table's caption: 'Your team (South & North)', 'Opponents (West & East)', 'You', 'West'."""
    mine = team == seats.team_of(me, players)
    if seats.individual(players):
        return "You" if mine else members(players, team)[0]
    names = " & ".join(members(players, team))
    return f"Your team ({names})" if mine else f"Opponents ({names})"


def possessive(players: int, team: int, me: int = SOUTH) -> str:
    """'Your team's', 'Opponents'', 'Your', "West's": the start of 'melds'."""
    mine = team == seats.team_of(me, players)
    if seats.individual(players):
        return "Your" if mine else members(players, team)[0] + "'s"
    return "Your team's" if mine else "Opponents'"


def score_label(label: str, name: str = "South") -> str:
    """A score line's label as the player in the seat called ``name`` reads it: "South's foot" is "Your foot"."""
    mine = name + "'s "
    if label.startswith(mine):
        return "Your " + label[len(mine):]
    return label.replace(" in " + mine, " in your ")


def totals_words(players: int, totals: list[int] | tuple[int, ...], me: int = SOUTH) -> str:
    """'us 1,200, them 900', or 'you 1,200, West 900, East 650' alone."""
    words = []
    for t in order(players, me):
        if t < len(totals):
            name = short(players, t, me)
            words.append(f"{name.lower() if name in ('Us', 'Them', 'You', 'Opponent') else name} {totals[t]:,}")
    return ", ".join(words)
