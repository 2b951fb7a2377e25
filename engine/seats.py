"""Seats and teams: who plays after whom, who is whose partner.

Seats run 0..n-1 in turn order (clockwise); with four players seat 0 is South,
1 West, 2 North, 3 East.  Teams are the seats of the same parity, so partners
sit across and the turn alternates between the teams.  With six players the
teams are three seats each; "your partner" (who answers "May I go out?") is the
next teammate in turn order.
"""

from __future__ import annotations

SEAT_NAMES_4 = ("South", "West", "North", "East")
SEAT_NAMES_6 = ("South", "West", "Northwest", "North", "Northeast", "East")


def seat_names(players: int) -> tuple[str, ...]:
    """Names of the seats in turn order."""
    return SEAT_NAMES_6 if players == 6 else SEAT_NAMES_4


def dealer(round_index: int, players: int) -> int:
    """The dealer of a round (0-based): the seat before South in the first, then one seat on each round."""
    return (round_index - 1) % players


def turn_order(first: int, players: int) -> list[int]:
    """Every seat once, in turn order from ``first``."""
    return [(first + i) % players for i in range(players)]


def team_of(seat: int) -> int:
    """The team (0 or 1) of a seat."""
    return seat % 2


def next_seat(seat: int, players: int) -> int:
    """The seat that plays after ``seat``."""
    return (seat + 1) % players


def partner(seat: int, players: int) -> int:
    """The teammate who answers ``seat``'s "May I go out?": the next one in turn order."""
    return (seat + 2) % players


def teammates(seat: int, players: int) -> list[int]:
    """The other seats of ``seat``'s team, in turn order from ``seat``."""
    return [(seat + k) % players for k in range(2, players, 2)]


def opponents(seat: int, players: int) -> list[int]:
    """The seats of the other team, in turn order from ``seat`` (the next to play first)."""
    return [(seat + k) % players for k in range(1, players, 2)]


def team_seats(team: int, players: int) -> list[int]:
    """The seats of a team, in turn order from the lowest."""
    return list(range(team, players, 2))
