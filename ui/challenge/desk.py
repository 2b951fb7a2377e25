"""The challenges this device knows, and the one whose deal is on the table: the app's challenge state.

Pure Python, over ``ui.challenge.model`` (the records themselves); the app starts and finishes the
games, this keeps the records, the cap on them and what is left to store.
"""

from __future__ import annotations

from engine.state import Game
from ui import sides
from ui.challenge import model as challenge
from ui.settings.model import LEVELS, rules_words


class ChallengeDesk:
    """Every challenge record kept here, by key, and the received one being played."""

    def __init__(self) -> None:
        self.records: dict[str, challenge.Record] = {}  # every challenge this device knows
        self.active = ""  # the key of the received challenge whose deal is on the table
        self.level: str | None = None  # that challenge's computer level, for its game only
        self.drops: list[str] = []  # records dropped past the cap, to delete from storage

    def leave(self) -> None:
        """Another game is on the table: no challenge is being played."""
        self.active = ""
        self.level = None

    def receive(self, received: challenge.Challenge, now: int) -> challenge.Record:
        """The record of a challenge opened here (kept under its key, marked to store)."""
        record = challenge.find(self.records, received) or challenge.new_record(received, now, False, check=False)
        self.records[record.key] = record
        record.changed = True
        return record

    def play(self, record: challenge.Record, level: str) -> None:
        """``record``'s deal is now on the table, against ``level``."""
        self.active = record.key
        self.level = level
        self.cap()

    def attach(self, game: Game) -> None:
        """After a reload: the received challenge whose deal is on the table, if any, and its level."""
        for record in sorted(self.records.values(), key=lambda r: r.played, reverse=True):
            if challenge.matches(record, game) and (record.mine is None or game.over) and not record.gave_up:
                self.active = record.key
                self.level = record.challenge.level
                return

    def current(self) -> challenge.Record | None:
        return self.records.get(self.active) if self.active else None

    def finish(self, game: Game) -> None:
        """The game on the table is over: a received challenge being played keeps this result."""
        record = self.current()
        if record is not None and record.mine is None and not record.gave_up:
            self.records[record.key] = challenge.with_mine(record, game)

    def make(self, game: Game, level: str, now: int) -> str:
        """The fragment of a link challenging anyone to this finished game; the challenge is kept here too."""
        made = challenge.from_game(game, level)
        record = self.records.get(made.key) or challenge.new_record(made, now, sent=True)
        record.changed = True
        self.records[made.key] = record
        self.cap()
        return challenge.fragment(made)

    def cap(self) -> None:
        """Keep at most ``challenge.MAX_RECORDS``: past it the oldest (never the one on the table) go."""
        extra = len(self.records) - challenge.MAX_RECORDS
        if extra <= 0:
            return
        oldest = sorted((r for r in self.records.values() if r.key != self.active), key=lambda r: r.played)
        for record in oldest[:extra]:
            del self.records[record.key]
            self.drops.append(record.key)

    def take_changes(self) -> dict[str, str]:
        """The records changed since the last call, as (key, text) to store."""
        out = {}
        for key, record in self.records.items():
            if record.changed:
                record.changed = False
                out[key] = record.to_json()
        return out


def intro(received: challenge.Challenge, record: challenge.Record) -> str:
    """What the table says as a received challenge's deal starts."""
    sender = f" from {received.name}" if received.name else ""
    totals = received.theirs.totals
    order = [t for t in sides.order(received.rules.players) if t < len(totals)]
    theirs = " to ".join(f"{totals[t]:,}" for t in order)  # the sender's side first: "16,955 to 8,260"
    check = ("their moves lead to it, checked when you finish"
             if record.verified is None
             else "their moves lead to it" if record.verified
             else "unverified: it doesn't follow from the link, so it can't be watched")
    return (
        f"A challenge{sender}: deal {received.deal:,}, {rules_words(received.rules)}, "
        f"{dict(LEVELS).get(received.level, received.level)} computer "
        f"players. They scored {theirs} ({check}). Play the same cards and compare."
    )
