"""The recent moves on the table: their lines (for the status line, Moves and the seats' rows), the open
"Why?", and what the computers just put down (highlighted until the next tap), kept with the save."""

from __future__ import annotations

import json

from engine.errors import LoadError
from engine.serialize import parse_json
from engine.state import Game
from ui.table.moves import MAX_LINES, MAX_LINES_TEXT, Line, read_fresh, turn_parts


class Recent:
    """The last ``MAX_LINES`` moves in words and the computers' fresh marks."""

    def __init__(self) -> None:
        self.lines: list[Line] = []
        self._line_number = 0
        self.why: int | None = None  # the number of the line whose "Why?" is open
        self.fresh: dict[tuple[int, int], int] = {}  # (team, meld index) -> cards the computers just added
        self.fresh_reds: dict[int, int] = {}  # team -> red 3s the computers just laid out
        self.landed = False  # a computer's discard just landed on the pile

    def clear(self) -> None:
        """Another game or round: no lines, no open "Why?", no marks (the lines' numbers go on)."""
        self.lines = []
        self.why = None
        self.clear_fresh()

    def restart(self) -> None:
        """A saved game put back: lines count from one again."""
        self._line_number = 0

    def clear_fresh(self) -> None:
        self.fresh = {}
        self.fresh_reds = {}
        self.landed = False

    def mark_fresh(self, game: Game, sizes: list[list[int]], reds: list[int], pile: int, discarded: bool) -> None:
        """Note what a computer's move just put on the table (``sizes``, ``reds``, ``pile``: before it)."""
        for t, team in enumerate(game.teams):
            for i, meld in enumerate(team.melds):
                added = len(meld.cards) - (sizes[t][i] if i < len(sizes[t]) else 0)
                if added > 0:
                    self.fresh[(t, i)] = self.fresh.get((t, i), 0) + added
            if len(team.red_threes) > reds[t]:
                self.fresh_reds[t] = self.fresh_reds.get(t, 0) + len(team.red_threes) - reds[t]
        if discarded and len(game.pile) > pile:
            self.landed = True

    def add_line(
        self, seat: int | None, text: str, reason: str = "", short: str = "", full: str = "",
        told: tuple[str, ...] = (),
    ) -> Line:
        """Add a line to the recent moves (the last ``MAX_LINES`` are kept); ``told``: as each seat's own table
        tells it, when people play on their own devices."""
        self._line_number += 1
        line = Line(self._line_number, seat, text, reason, short, "" if full == reason else full, told)
        self.lines = [*self.lines[-(MAX_LINES - 1) :], line]
        return line

    def seat_turn(self, seat: int) -> str:
        """What ``seat`` did in its latest turn, in a few words ('melded 7 cards · discarded 9♣')."""
        return " · ".join(text for text, _minor in self.seat_turn_parts(seat))

    def seat_turn_parts(self, seat: int, main: int = 2) -> list[tuple[str, bool]]:
        """``seat``'s latest turn (from the recent moves) as (words, minor) parts in order: its melds
        counted together, the usual draw left out once more follows.  A phone's seat row shows the
        ``main`` parts that matter most and leaves out the minor ones: the melds are highlighted on the
        table, the foot or knee shows by the seat's count, the discard and a pile taken nowhere else."""
        return turn_parts(self.lines, seat, main)

    def why_line(self) -> Line | None:
        """The line whose reason is open, while it is still among the recent moves."""
        return next((line for line in self.lines if line.number == self.why), None)

    def data(self, game: Game, extra: dict[str, object] | None = None) -> str:
        """The recent moves as JSON text, tied to ``game``'s deal and move count (kept with the save), with
        ``extra``'s keys beside them (the view's own state: the player's own hand order)."""
        lines = [x.to_dict() for x in self.lines]
        fresh = [[t, i, n] for (t, i), n in sorted(self.fresh.items())]
        reds = [[t, n] for t, n in sorted(self.fresh_reds.items())]
        data = {
            **(extra or {}),
            "deal": game.deal_number, "moves": len(game.history), "lines": lines,
            "fresh": fresh, "reds": reds, "landed": self.landed,
        }
        return json.dumps(data, separators=(",", ":"))

    def restore(self, text: str | None, game: Game) -> bool:
        """Bring back the recent moves saved with ``data`` if they belong to ``game``."""
        if not text:
            return False
        try:
            data = parse_json(text, "recent moves", MAX_LINES_TEXT)
        except LoadError:
            return False
        if not isinstance(data, dict) or data.get("deal") != game.deal_number:
            return False
        if data.get("moves") != len(game.history) or not isinstance(data.get("lines"), list):
            return False
        lines = [Line.from_dict(x, game.n) for x in data["lines"][-MAX_LINES:]]
        if any(x is None for x in lines):
            return False
        self.lines = [x for x in lines if x is not None]
        self._line_number = max((x.number for x in self.lines), default=0)
        self.fresh, self.fresh_reds, self.landed = read_fresh(data, game.teams)
        return True
