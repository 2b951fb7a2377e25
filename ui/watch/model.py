"""Watching a game again: its moves one by one, forward and back, with each computer move's "Why?".

Pure Python, no browser objects.  A ``Watch`` holds the finished (or kept) game and the
position shown: move ``at`` of its history.  Positions are rebuilt from the deal by the
engine itself (``Game.apply``), from a checkpoint copied every ``CHECKPOINT`` moves, so
stepping back is as quick as stepping forward.  The reason of a computer move is worked
out when it is shown: a computer player's decision is a pure function of its seat's view
and its seed (``engine.bots.base.decision_rng``), so asking the same level again in the
same position gives the same move and the same reason; when it doesn't (the game was
played at another level), the viewer says so instead of inventing one.

Every hand is shown only once the round shown is over (as its end showed them): until then the viewer
shows what South saw, South's own hand and the table.  A game played together on one device
(``seating``) had no single viewer: until the round is over no hand shows at all, the seats go by
their people's names, and a person's move has no "Why?" (``person_move`` says whose it was instead).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.actions import Action, from_text
from engine.bots.base import LEVELS
from engine.state import Game
from engine.views import view_for
from ui.seating.model import ALONE, Seating

AGAIN = " (Played out again for Watch: the counts may differ from the game's.)"
"""Said after an Expert reason that counts playouts: Watch asks Expert again, with a fixed amount of work."""

CHECKPOINT = 40
"""A copy of the position is kept every this many moves (about a lap and a half of the table)."""
PLAY_SECONDS = 0.9
"""How long each move stays on screen while the viewer plays on its own."""


@dataclass
class Watch:
    """One game being watched again, and the move shown."""

    game: Game
    """The game as it was kept (its history is what is watched)."""
    title: str
    level: str = "normal"
    """The computer level the game was played at, as far as the app knows (tried first for a reason)."""
    seating: Seating = ALONE
    """Who sat where: the people (their moves have no reason) and any computer seat's own level."""
    at: int = 0
    """How many moves are played in the position shown (0: the deal)."""
    playing: bool = False
    _frames: dict[int, Game] = field(default_factory=dict)
    _reasons: dict[int, tuple[str, str]] = field(default_factory=dict)
    """(public, whole) reason of a computer's move, by move number."""
    _recent: dict[int, Game] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.at = max(0, min(self.at, self.moves))

    @property
    def moves(self) -> int:
        return len(self.game.history)

    @property
    def together(self) -> bool:
        """The game was played by several people passing the device: nobody is the viewer."""
        return self.seating.together

    def names(self) -> list[str]:
        """Each seat's name: its person's, else its compass name."""
        return [self.seating.name(s, self.game.n) for s in range(self.game.n)]

    def person_move(self) -> str:
        """Whose the move shown was when a person made it in a game played together (their name), else ''."""
        seat, _action = self.last_move()
        if not self.together or seat is None or seat not in self.seating.humans:
            return ""
        return self.names()[seat]

    @property
    def revealed(self) -> bool:
        """True when every hand of the position shown may be shown: its round is over in the kept game (as the
        round's end showed them all), or the whole game is."""
        game = self.game
        return game.over or game.phase == "round_over" or "next" in game.history[self.at:]

    def position(self) -> Game:
        """The game after ``at`` moves (rebuilt, never the kept game; read it, don't change it)."""
        return self.position_at(self.at)

    def before(self) -> Game | None:
        """The game just before the move shown (None at the deal)."""
        return self.position_at(self.at - 1) if self.at else None

    def position_at(self, moves: int) -> Game:
        """The game after ``moves`` moves; the last two asked for are kept (a screen asks for each a few times)."""
        if moves not in self._recent:
            self._recent = {k: g for k, g in self._recent.items() if k in (self.at, self.at - 1)}
            self._recent[moves] = self._rebuild(moves)
        return self._recent[moves]

    def _rebuild(self, moves: int) -> Game:
        if 0 not in self._frames:
            self._frames[0] = Game(self.game.rules, self.game.deal_number)
        known = max(k for k in self._frames if k <= moves)
        game = self._frames[known].copy()
        for k in range(known, moves):
            game.apply(from_text(self.game.history[k]))
            if (k + 1) % CHECKPOINT == 0 and k + 1 not in self._frames:
                self._frames[k + 1] = game.copy()
        return game

    def step(self, where: str) -> None:
        """Move the shown position: 'start', 'back', 'next', 'end', 'round-back' or 'round-next'."""
        if where == "start":
            self.at = 0
        elif where == "back":
            self.at = max(0, self.at - 1)
        elif where == "next":
            self.at = min(self.moves, self.at + 1)
        elif where == "end":
            self.at = self.moves
        elif where in ("round-back", "round-next"):
            self.at = self._round_edge(where == "round-next")
        if self.at >= self.moves:
            self.playing = False

    def _round_edge(self, forward: bool) -> int:
        """The move after the next (or previous) 'next' (the deal of a round)."""
        starts = [0] + [k + 1 for k, text in enumerate(self.game.history) if text == "next"]
        if forward:
            return next((k for k in starts if k > self.at), self.moves)
        return max((k for k in starts if k < self.at), default=0)

    def last_move(self) -> tuple[int | None, Action | None]:
        """(seat, action) of the move that led to the position shown (None at the deal)."""
        if self.at == 0:
            return None, None
        before = self.position_at(self.at - 1)
        return before.to_act, from_text(self.game.history[self.at - 1])

    def reason(self) -> str:
        """The "Why?" of the move shown, when a computer made it ('' for a person's moves and the deal):
        its whole reasoning once the move's round is over in the kept game, else only what the table
        could see (the round is still being played)."""
        if self.at not in self._reasons:
            seat, action = self.last_move()
            texts = ("", "")
            if seat is not None and seat not in self.seating.humans and action is not None:
                texts = self._reason_for(self.position_at(self.at - 1), seat, action)
            self._reasons[self.at] = texts
        public, whole = self._reasons[self.at]
        return whole if self.round_over(self.at) else public

    def round_over(self, moves: int) -> bool:
        """True when the round of the move that led to the position after ``moves`` moves is over
        in the kept game (its reasons may name every card)."""
        game = self.game
        return game.over or game.phase == "round_over" or "next" in game.history[max(0, moves - 1):]

    def _reason_for(self, game: Game, seat: int, action: Action) -> tuple[str, str]:
        from engine.bots import make_bot

        view = view_for(game, seat)
        first = self.seating.level(seat) or self.level
        for level in (first, *(lv for lv in LEVELS if lv not in (first, "random"))):
            bot = make_bot(level, seat, game.deal_number)
            decision = bot.answer(view) if game.phase == "answer" else bot.decide(view)
            if decision.action == action:
                if not any(clause.kind == "playouts" for clause in decision.why.why):
                    return decision.public_reason, decision.reason
                # Expert in the page plays out as many deals as its time allows: worked out again here, the
                # counts can differ from the ones its "Why?" gave at the table.
                return decision.public_reason + AGAIN, decision.reason + AGAIN
        unknown = "This move was made by computer players of another version or level: its reason isn't known."
        return unknown, unknown

    def round_label(self) -> str:
        """'Round 2 of 4 · move 37 of 412' for the position shown ('Round 2 · ...' while the game goes on)."""
        game = self.position()
        of = f" of {len(self.game.results)}" if self.game.over else ""
        return f"Round {game.round_index + 1}{of} · move {self.at:,} of {self.moves:,}"
