"""Seats and sides: who plays after whom, who is whose partner.

Seats run 0..n-1 in turn order (clockwise); with four players seat 0 is South,
1 West, 2 North, 3 East.  With four or six players there are two teams, the
seats of the same parity, so partners sit across and the turn alternates
between the teams; with six the teams are three seats each, and "your partner"
(who answers "May I go out?") is the next teammate in turn order.

With two or three players everyone plays on their own: each seat is a side of
its own, with its own melds and score, and nobody to ask before going out.
Two players sit across, but the one across is not called "North": with four or
six players that is South's partner, so the lone opponent is the "Opponent".
A "side" (``team`` in the code) is a team or a lone player.
"""

from __future__ import annotations

SEAT_NAMES_2 = ("South", "Opponent")
SEAT_NAMES_3 = ("South", "West", "East")
SEAT_NAMES_4 = ("South", "West", "North", "East")
SEAT_NAMES_6 = ("South", "West", "Northwest", "North", "Northeast", "East")
PLAYER_COUNTS = (2, 3, 4, 6)
"""Table sizes a game can have: individual play for 2 and 3, partnerships for 4 and 6."""


def seat_names(players: int) -> tuple[str, ...]:
    """Names of the seats in turn order."""
    return {2: SEAT_NAMES_2, 3: SEAT_NAMES_3, 6: SEAT_NAMES_6}.get(players, SEAT_NAMES_4)


def individual(players: int) -> bool:
    """True when everyone plays on their own (two or three players)."""
    return players < 4


def sides(players: int) -> int:
    """How many sides score: two teams, or one per player in individual play."""
    return players if individual(players) else 2


def dealer(round_index: int, players: int) -> int:
    """The dealer of a round (0-based): the seat before South in the first, then one seat on each round."""
    return (round_index - 1) % players


def turn_order(first: int, players: int) -> list[int]:
    """Every seat once, in turn order from ``first``."""
    return [(first + i) % players for i in range(players)]


def team_of(seat: int, players: int) -> int:
    """The side of a seat: 0 or 1 for a team, the seat itself in individual play."""
    return seat % sides(players)


def next_seat(seat: int, players: int) -> int:
    """The seat that plays after ``seat``."""
    return (seat + 1) % players


def partner(seat: int, players: int) -> int | None:
    """The teammate who answers ``seat``'s "May I go out?" (the next one in turn order), or None alone."""
    if individual(players):
        return None
    return (seat + 2) % players


def teammates(seat: int, players: int) -> list[int]:
    """The other seats of ``seat``'s side, in turn order from ``seat`` (none in individual play)."""
    if individual(players):
        return []
    return [(seat + k) % players for k in range(2, players, 2)]


def opponents(seat: int, players: int) -> list[int]:
    """Every seat not on ``seat``'s side, in turn order from ``seat`` (the next to play first)."""
    step = 1 if individual(players) else 2
    return [(seat + k) % players for k in range(1, players, step)]


def team_seats(team: int, players: int) -> list[int]:
    """The seats of a side, in turn order from the lowest."""
    return list(range(team, players, sides(players)))


def other_sides(team: int, players: int) -> list[int]:
    """The other sides, in turn order after ``team``'s seat of lowest number."""
    n = sides(players)
    return [(team + k) % n for k in range(1, n)]
