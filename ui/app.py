"""The app's state machine: the game, the computer players, the selection and staged melds.

Pure Python, no browser objects: ``ui/main.py`` feeds it the player's taps as
``handle(act, arg)`` and draws ``ui.render.page(controller)`` after each one.
The people at the table sit in ``humans`` (South alone unless told otherwise) and the table is
shown from ``seat``; computer players fill the other seats.
"""

from __future__ import annotations

import json
import random
import time
from collections import Counter
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from engine import cards as C
from engine.actions import Action, Answer, AskGoOut, Discard, Draw, EndTurn, Meld, MeldPlay, NextRound, PickUp
from engine.deal import MAX_DEAL
from engine.errors import LoadError, RuleViolation
from engine.legal import legal_actions, meld_targets, outline_cards, pickup_blocked
from engine.melds import check_meld, meld_value
from engine.plans import pile_under
from engine.rules import RuleSet, rules_to_dict
from engine.serialize import from_dict, parse_json, replay, to_dict
from engine.state import Game
from engine.takeback import take_back, takeback_problem
from engine.views import View, view_for
from ui import saves, sides
from ui.challenge import model as challenge
from ui.games.model import KeptGame
from ui.pad.model import Message, PadDesk
from ui.settings.model import PRESET_NAMES, Settings
from ui.share import ShareRequest, build_query, parse_deal_number
from ui.sides import SOUTH
from ui.stats import model as stats
from ui.table.narrate import advice, describe_action, describe_entry, short_entry, who
from ui.taps import Taps
from ui.watch.model import Watch

if TYPE_CHECKING:
    from engine.bots import Bot

MAX_LINES = 16
"""About one lap of the table at six players: five computer turns of two or three lines."""
SCREENS = ("table", "settings", "rules", "hands", "games", "pad", "watch", "stats")
SHEETS = ("menu", "moves", "help")
MAX_INDEX_DIGITS = 4
"""A tap's index (a card, a meld, a staged meld) has at most this many digits: hands stay far smaller."""


def index_arg(arg: str, limit: int) -> int | None:
    """A tap's ``data-arg`` as an index below ``limit``, or None for anything else (untrusted text)."""
    if not (0 < len(arg) <= MAX_INDEX_DIGITS and arg.isascii() and arg.isdigit()):
        return None
    value = int(arg)
    return value if value < limit else None


NEWS = ("went out", "discarded", "took pile", "took the pile", "said", "asked")
"""How much a part of a computer's turn tells the other players, most first."""


def turn_news(part: str) -> int:
    """How newsworthy a part of a seat's turn is (higher first).  Melds, red 3s, a foot or knee taken up
    and draws count least: the table highlights the melds, and the seat's count shows its foot or knee."""
    for rank, start in enumerate(NEWS):
        if part.startswith(start):
            return len(NEWS) - rank
    return 0


@dataclass(frozen=True)
class Staged:
    """A meld set aside for the team's first meld, not yet on the table."""

    cards: tuple[int, ...]
    rank: int
    pile: tuple[int, ...] = ()
    """Positions in ``Controller.pile_preview()`` of the cards taken from the pile (``pickup_minimum="with_pile"``)."""

    def hand_cards(self) -> list[int]:
        """The staged cards that come from the hand (the pile's are still on the pile)."""
        left = list(self.cards)
        for c in self.pile_cards:
            left.remove(c)
        return left

    pile_cards: tuple[int, ...] = ()
    """The cards themselves at ``pile`` (kept with them, so a staged meld reads without the pile)."""


@dataclass(frozen=True)
class Line:
    """A move shown in the recent-moves list; ``reason`` is the computer's "Why?"."""

    number: int
    seat: int | None
    text: str
    reason: str = ""
    short: str = ""
    """The move in a few words, for the seat's box ('drew 2 · discarded 9♣')."""

    def to_dict(self) -> dict[str, Any]:
        return {"n": self.number, "seat": self.seat, "text": self.text, "reason": self.reason, "short": self.short}

    @staticmethod
    def from_dict(data: object, players: int) -> Line | None:
        """A line read back from storage, or None unless every field has the right type and size."""
        if not isinstance(data, dict):
            return None
        n, seat, text = data.get("n"), data.get("seat"), data.get("text")
        reason, short = data.get("reason", ""), data.get("short", "")
        if type(n) is not int or not 0 < n < 10**9:
            return None
        if seat is not None and (type(seat) is not int or not 0 <= seat < players):
            return None
        texts = (text, reason, short)
        if not all(isinstance(t, str) and len(t) <= MAX_LINE_CHARS for t in texts):
            return None
        return Line(n, seat, str(text), str(reason), str(short))


MAX_LINE_CHARS = 2000

WELCOME = (
    "Welcome! You sit South; North is your partner against West and East. Meld three or more cards "
    "of a rank, grow them into books of seven, then play on through your foot. Hint suggests a move; "
    "Menu, then Rules, explains the game."
)
"""The note a player meets on the first visit, when the device holds nothing of the app's yet."""


@dataclass(frozen=True)
class Note:
    """A message for the player: kind is 'error', 'info' or 'hint'."""

    text: str
    kind: str = "info"


class App:
    """Everything the table shows, and what each tap does."""

    def __init__(
        self,
        settings: Settings | None = None,
        rng: random.Random | None = None,
        *,
        humans: frozenset[int] = frozenset({SOUTH}),
        seat: int = SOUTH,
    ) -> None:
        if seat not in humans:
            raise ValueError(f"the seat shown ({seat}) must be one of the people's seats {sorted(humans)}")
        self.humans = humans  # the seats people play; computer players take the others
        self.seat = seat  # the seat the table is shown from (whose hand, selection and taps these are)
        self.settings = settings or Settings()
        self.rng = rng or random.Random()
        self.selected: list[int] = []
        self.staged: list[Staged] = []
        self.pile_selected: list[int] = []  # positions in pile_preview() selected for a staged meld
        self.note: Note | None = None
        self.lines: list[Line] = []
        self._line_number = 0
        self.screen = "table"
        self.rules_tab = self.settings.preset
        self.update_available = False
        self.elsewhere = False  # the game was opened in another tab or window: this one only waits
        self.share_url = ""
        self.dirty = False  # the game changed since it was last saved
        self.save_seq = 0  # the number of the last save (see ui.saves)
        self.settings_dirty = False
        self.settings_seq = 0  # the number of the last settings save
        self.engine_problems: list[str] = []
        self.why: int | None = None  # the number of the line whose "Why?" is open
        self.sheet: str | None = None  # an open panel over the table: 'menu', 'moves' or 'help'
        self.expanded: set[int] = set()  # the teams whose melds are shown card by card
        self.fresh: dict[tuple[int, int], int] = {}  # (team, meld index) -> cards the computers just added
        self.fresh_reds: dict[int, int] = {}  # team -> red 3s the computers just laid out
        self.landed = False  # a computer's discard just landed on the pile
        self.question_closed = False  # the partner's question was put aside with Escape
        self.hint_action: Action | None = None  # the hinted move, for "Play it"
        self.house_open = False  # the house rules in Settings are unfolded
        self.focus = ""  # where the keyboard focus should go after this tap: 'hand', 'status' or ''
        self.storage_warning = ""  # set by ui/main.py while this device refuses saves
        self.kept: list[KeptGame] = []  # the games put aside (ui/main.py reads them from the store)
        self.kept_copies: list[saves.Kept] = []  # damaged or unreadable copies kept aside
        self.confirm_delete = ""  # the key of the kept game whose deletion waits for a yes
        self.turn_start: Game | None = None  # the game right after the shown seat's draw this turn (for Undo)
        self._undo_known: tuple[int, int, bool] | None = None  # (round, moves, can undo) last worked out
        self.pads = PadDesk()  # the score pads for games played with real cards (ui/pad/model.py)
        self.watch: Watch | None = None  # the game being watched again (ui/watch/model.py)
        self.watch_back = "games"  # the screen Close goes back to
        self.challenges: dict[str, challenge.Record] = {}  # every challenge this device knows (ui/challenge/model.py)
        self.active_challenge = ""  # the key of the received challenge whose deal is on the table
        self.level_override: str | None = None  # a challenge's computer level, for its game only
        self.challenge_drops: list[str] = []  # challenge records dropped past the cap, to delete from storage
        self.finished: list[stats.Summary] = []  # every finished game counted (ui/main.py reads and keeps them)
        self.finished_dirty = False  # a game was counted since ``finished`` was last stored
        self.game: Game = Game(self.settings.rules(), 1)
        self.bots: dict[int, Bot] = {}
        self.new_game()

    # ----- games ----------------------------------------------------------------

    def new_game(self, deal: int | None = None, rules: RuleSet | None = None) -> None:
        """Start a game: a random deal number unless one is given."""
        number = deal if deal is not None else self.rng.randint(1, MAX_DEAL)
        self._set_game(Game(rules or self.settings.rules(), number))
        self.dirty = True

    def start_shared(self, request: ShareRequest) -> None:
        """Start the deal a share link asked for, with its rules."""
        from ui.settings.model import rules_for

        self.new_game(request.deal, rules_for(request.preset, request.house))
        self.note = Note(f"Deal {request.deal:,} with the {request.preset} rules, from a shared link.")

    def resume(self, data: Any) -> None:
        """Resume a saved game (JSON text or dict); raises LoadError and changes nothing if unreadable."""
        if isinstance(data, str):
            data = parse_json(data)
        self.resume_game(from_dict(data))

    def resume_game(self, game: Game, seq: int = 0) -> None:
        """Resume a game already loaded (see ``ui.saves.choose``); later saves are numbered after ``seq``."""
        self._set_game(game)
        self.lines = []
        self._line_number = 0
        self.save_seq = max(self.save_seq, seq)

    def save_data(self) -> str:
        """The saved game as JSON text."""
        return json.dumps(to_dict(self.game), separators=(",", ":"))

    def next_save(self) -> str:
        """Take the save of the game as it is now (numbered one after the last) and clear ``dirty``."""
        self.save_seq += 1
        self.dirty = False
        return saves.dump(self.game, self.save_seq)

    def next_settings_save(self) -> str:
        """Take the save of the settings (numbered one after the last) and clear ``settings_dirty``."""
        self.settings_seq += 1
        self.settings_dirty = False
        return self.settings.to_json(self.settings_seq)

    def record_finished(self) -> None:
        """Count the game on the table in the statistics if it is over and not yet counted (``ui.stats``)."""
        added = stats.record(self.finished, self.game, self.level(), int(time.time() * 1000), self.seat)
        if added is not None:
            self.finished, self.finished_dirty = added, True

    def _set_game(self, game: Game) -> None:
        self.game = game
        self._make_bots()
        self.selected = []
        self.staged = []
        self.pile_selected = []
        self.lines = []
        self.screen = "table"
        self.why = None
        self.sheet = None
        self.expanded = set()
        self._clear_fresh()
        self.question_closed = False
        self.hint_action = None
        self.turn_start = None
        self._undo_known = None
        self.active_challenge = ""
        self.level_override = None

    def _clear_fresh(self) -> None:
        self.fresh = {}
        self.fresh_reds = {}
        self.landed = False

    def _make_bots(self) -> None:
        """Forget the computer players: each is made when its seat first acts (``bot``)."""
        self.bots = {}

    def bot(self, seat: int) -> Bot:
        """The computer player in ``seat``, made on first use from the level and the deal number.

        Made late, so the computer players' code is imported only when the table is already up
        (``ui/main.py`` calls ``load_players`` once the page is ready); a bot made late decides
        exactly as one made at the deal, since it is seeded from (deal, seat, level) alone.
        """
        if seat not in self.bots:
            from engine.bots import make_bot

            self.bots[seat] = make_bot(self.level(), seat, self.game.deal_number)
        return self.bots[seat]

    def level(self) -> str:
        """The computer players' level in this game: a challenge's own, else the one in Settings."""
        return self.level_override or self.settings.level

    @staticmethod
    def load_players() -> None:
        """Import the computer players' code now (about 50 ms in Pyodide), off the start-up path."""
        import engine.bots  # noqa: F401

    # ----- what the table shows -------------------------------------------------

    def view(self) -> View:
        """What the seat shown may see now."""
        return view_for(self.game, self.seat)

    def shown_hand(self) -> list[int]:
        """The shown seat's hand without the staged cards, sorted, wild cards last."""
        left = list(self.view().hand)
        for staged in self.staged:
            for c in staged.hand_cards():
                left.remove(c)
        return left

    def pile_preview(self) -> list[int]:
        """The cards under the pile's top that the shown seat could meld with a pickup now, toward the first meld.

        Empty unless the rules count them (000, ``pickup_minimum="with_pile"``), that seat is to draw, the
        side has not melded and it holds what takes the pile (``engine.plans.pile_under``)."""
        game = self.game
        if not self.human_to_act() or game.phase != "draw" or game.rules.pickup == "none" or self.pickup_problem():
            return []
        return pile_under(game.rules, game.pile, game.teams[game.team_of(self.seat)].opened)

    def pile_free(self) -> list[int]:
        """Positions in ``pile_preview()`` not yet in a staged meld."""
        used = {i for s in self.staged for i in s.pile}
        return [i for i in range(len(self.pile_preview())) if i not in used]

    def selected_cards(self) -> list[int]:
        hand = self.shown_hand()
        return [hand[i] for i in self.selected if 0 <= i < len(hand)]

    def human_to_act(self) -> bool:
        return self.game.to_act == self.seat

    def bot_to_act(self) -> bool:
        """True when a computer player has a decision to make (never in a tab that gave way)."""
        seat = self.game.to_act
        return seat is not None and seat not in self.humans and not self.elsewhere

    def meldable(self) -> set[int]:
        """Cards of the shown seat's hand that some meld could use now, or after the draw (for outlining)."""
        if not self.human_to_act():
            return set()
        return outline_cards(self.game, self.seat)

    def pickup_problem(self) -> str:
        """Why the shown seat can't take the pile this turn (the pile itself, or no pair for it), or ''."""
        if not self.human_to_act() or self.game.phase != "draw":
            return ""
        err = pickup_blocked(self.game)
        return str(err) if err is not None else ""

    def targets(self) -> set[int]:
        """Indices of the team's melds the selected cards could go on now."""
        cards = tuple(self.selected_cards())
        if not cards or not self.human_to_act() or self.game.phase != "play":
            return set()
        return set(meld_targets(self.game, cards))

    def can_end_turn(self) -> bool:
        """True when the shown seat may end the turn without a discard (after some pickups, or stranded)."""
        return self.human_to_act() and self.game.is_legal(EndTurn())

    def staged_total(self) -> int:
        return meld_value(self.game.rules, [c for s in self.staged for c in s.cards])

    def minimum(self) -> int:
        return self.game.minimum(self.game.team_of(self.seat))

    def share_query(self) -> str:
        return build_query(self.game.rules, self.game.deal_number)

    # ----- computer players -----------------------------------------------------

    def bot_step(self) -> Line | None:
        """Let the computer player whose turn it is make one decision."""
        seat = self.game.to_act
        if seat is None or seat in self.humans:
            return None
        view = view_for(self.game, seat)
        bot = self.bot(seat)
        decision = bot.answer(view) if self.game.phase == "answer" else bot.decide(view)
        action, reason = decision.action, decision.reason
        if self.game.check(action) is not None:
            # A computer player chose an illegal move (an engine bug): fall back to a legal one.
            err = self.game.check(action)
            self.engine_problems.append(f"{bot.level} bot seat {seat}: {action!r}: {err}")
            action = self._fallback()
            reason = "It played a safe move."
        return self._apply(action, seat, reason)

    def _fallback(self) -> Action:
        actions = legal_actions(self.game)
        for kind in (Answer, Draw, Discard, EndTurn):
            for action in actions:
                if isinstance(action, kind):
                    return action
        return actions[0]

    # ----- applying actions -----------------------------------------------------

    def _apply(self, action: Action, seat: int, reason: str = "") -> Line | None:
        before_round = self.game.round_index
        before = len(self.game.log)
        sizes = [[len(m.cards) for m in t.melds] for t in self.game.teams]
        reds = [len(t.red_threes) for t in self.game.teams]
        pile = len(self.game.pile)
        self.game.apply(action)
        self.dirty = True
        if self.game.over:
            self._finish_challenge()
        self.record_finished()
        if self.game.round_index != before_round:
            return None
        if seat not in self.humans:
            self._mark_fresh(sizes, reds, pile, isinstance(action, Discard))
        entries = self.game.log[before:]
        texts = [t for t in (describe_entry(self.game, e, self.seat) for e in entries) if t]
        if not texts:
            return None
        shorts = [t for t in (short_entry(self.game, e) for e in entries if e.seat == seat) if t]
        self._line_number += 1
        line = Line(self._line_number, seat, " ".join(texts), reason, " · ".join(shorts))
        self.lines = [*self.lines[-(MAX_LINES - 1) :], line]
        return line

    def _mark_fresh(self, sizes: list[list[int]], reds: list[int], pile: int, discarded: bool) -> None:
        """Note what a computer's move just put on the table, to highlight until the next tap."""
        for t, team in enumerate(self.game.teams):
            for i, meld in enumerate(team.melds):
                added = len(meld.cards) - (sizes[t][i] if i < len(sizes[t]) else 0)
                if added > 0:
                    self.fresh[(t, i)] = self.fresh.get((t, i), 0) + added
            if len(team.red_threes) > reds[t]:
                self.fresh_reds[t] = self.fresh_reds.get(t, 0) + len(team.red_threes) - reds[t]
        if discarded and len(self.game.pile) > pile:
            self.landed = True

    def first_visit(self) -> bool:
        """Nothing of this app on the device yet: no game resumed or kept, none finished, no pads."""
        return not (self.game.history or self.kept or self.finished or self.kept_copies or self.pads.pads)

    def seat_turn(self, seat: int) -> str:
        """What ``seat`` did in its latest turn, in a few words ('melded 7 cards · discarded 9♣')."""
        return " · ".join(text for text, _minor in self.seat_turn_parts(seat))

    def seat_turn_parts(self, seat: int, main: int = 2) -> list[tuple[str, bool]]:
        """``seat``'s latest turn (from the recent moves) as (words, minor) parts in order: its melds
        counted together, the usual draw left out once more follows.  A phone's seat row shows the
        ``main`` parts that matter most and leaves out the minor ones: the melds are highlighted on the
        table, the foot or knee shows by the seat's count, the discard and a pile taken nowhere else."""
        lines: list[str] = []
        for line in reversed(self.lines):
            if line.seat == seat:
                if line.short:
                    lines.insert(0, line.short)
                if line.short.startswith(("drew", "took pile", "took the pile")):
                    break
            elif lines:
                break
        parts: list[str] = []
        melded = 0
        for part in (p for text in lines for p in text.split(" · ")):
            count = part.removeprefix("melded ")
            if count != part and count.isdigit():
                if not melded:
                    parts.append("")  # the melds' place in the turn, filled in below
                melded += int(count)
            else:
                parts.append(part)
        if len(parts) > 1 and parts[0].startswith("drew"):
            del parts[0]  # drawing is the usual start: the turn's news is what came after it
        melds = f"melded {melded} card{'s' if melded != 1 else ''}"
        parts = [p or melds for p in parts]
        ranked = sorted(range(len(parts)), key=lambda i: (turn_news(parts[i]), i), reverse=True)
        # The melds, red 3s and a draw are shown only when the turn has nothing else (yet).
        shown = {i for i in ranked[:main] if turn_news(parts[i])} or set(ranked[:1])
        return [(p, i not in shown) for i, p in enumerate(parts)]

    def lines_data(self) -> str:
        """The recent moves as JSON text, tied to this game's deal and move count (kept with the save)."""
        lines = [x.to_dict() for x in self.lines]
        fresh = [[t, i, n] for (t, i), n in sorted(self.fresh.items())]
        reds = [[t, n] for t, n in sorted(self.fresh_reds.items())]
        data = {
            "deal": self.game.deal_number, "moves": len(self.game.history), "lines": lines,
            "fresh": fresh, "reds": reds, "landed": self.landed,
        }
        return json.dumps(data, separators=(",", ":"))

    def restore_lines(self, text: str | None) -> bool:
        """Bring back the recent moves saved with ``lines_data`` if they belong to the game on screen."""
        if not text:
            return False
        try:
            data = parse_json(text, "recent moves", MAX_LINES * 4 * MAX_LINE_CHARS)
        except LoadError:
            return False
        if not isinstance(data, dict) or data.get("deal") != self.game.deal_number:
            return False
        if data.get("moves") != len(self.game.history) or not isinstance(data.get("lines"), list):
            return False
        lines = [Line.from_dict(x, self.game.n) for x in data["lines"][-MAX_LINES:]]
        if any(x is None for x in lines):
            return False
        self.lines = [x for x in lines if x is not None]
        self._line_number = max((x.number for x in self.lines), default=0)
        self._restore_fresh(data)
        return True

    def _restore_fresh(self, data: dict[str, Any]) -> None:
        """The highlights of the computers' last moves, where they still fit the table."""
        fresh, reds = data.get("fresh"), data.get("reds")
        teams = self.game.teams
        if isinstance(fresh, list):
            for item in fresh[:200]:
                if isinstance(item, list) and len(item) == 3 and all(type(x) is int for x in item):
                    t, i, n = item
                    if 0 <= t < len(teams) and 0 <= i < len(teams[t].melds) and 0 < n <= len(teams[t].melds[i].cards):
                        self.fresh[(t, i)] = n
        if isinstance(reds, list):
            for item in reds[: len(teams)]:
                if isinstance(item, list) and len(item) == 2 and all(type(x) is int for x in item):
                    t, n = item
                    if 0 <= t < len(teams) and 0 < n <= len(teams[t].red_threes):
                        self.fresh_reds[t] = n
        self.landed = data.get("landed") is True

    def _human(self, action: Action) -> bool:
        """Apply the shown seat's action; a refusal becomes the engine's sentence and changes nothing."""
        if not self.human_to_act():
            self.note = Note(self._waiting_text(), "error")
            return False
        try:
            self._apply(action, self.seat)
        except RuleViolation as err:
            self.note = Note(str(err), "error")
            return False
        if isinstance(action, (Draw, PickUp)):
            self.turn_start = self.game.copy()
        self.selected = []
        self.staged = []
        self.pile_selected = []
        self.note = None
        self.hint_action = None
        self.question_closed = False
        return True

    def _waiting_text(self) -> str:
        seat = self.game.to_act
        if seat is None:
            return "The round is over."
        return f"Wait for your turn: {who(seat, self.seat, self.game.n)} is playing."

    # ----- taps -----------------------------------------------------------------

    def handle(self, act: str, arg: str = "") -> None:
        """Do what a tap asks; every problem becomes a note for the player.

        Both strings come from the page and are untrusted: an unknown act or an odd argument is
        a quiet no-op.
        """
        if not (isinstance(act, str) and isinstance(arg, str)) or len(act) > 40 or len(arg) > 40:
            return
        if act.startswith("pad-") and not self.elsewhere:  # the score pad: it never touches the game
            self._pad_note(self.pads.handle(act[4:], arg, self.settings))
            return
        tap = TAPS.find(act)
        if tap is None or self.elsewhere:  # a tab that gave way changes nothing
            return
        self.focus = ""
        if not tap.passive:
            self._clear_fresh()
        tap.handler(self, arg)

    def _on_card(self, arg: str) -> None:
        i = index_arg(arg, len(self.shown_hand()))
        if i is None:
            return
        if i in self.selected:
            self.selected.remove(i)
        else:
            self.selected.append(i)
        if self.note and self.note.kind == "error":
            self.note = None

    def _on_clear(self, arg: str) -> None:
        self.selected = []
        self.pile_selected = []

    def _on_pile_card(self, arg: str) -> None:
        """Select (or not) a card under the pile's top, to stage it in a first meld with the pickup."""
        i = index_arg(arg, len(self.pile_preview()))
        if i is None or i not in self.pile_free():
            return
        if i in self.pile_selected:
            self.pile_selected.remove(i)
        else:
            self.pile_selected.append(i)

    def _selected_from_pile(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """(positions, cards) of the selected pile cards that are still free."""
        preview, free = self.pile_preview(), set(self.pile_free())
        chosen = tuple(i for i in self.pile_selected if i in free)
        return chosen, tuple(preview[i] for i in chosen)

    def _on_draw(self, arg: str) -> None:
        with_pile = [s for s in self.staged if s.pile]
        if self._human(Draw()):
            self.focus = "hand"
            if with_pile:
                self.note = Note("You drew instead: the melds staged with cards from the pile were taken back.")

    def _on_pickup(self, arg: str) -> None:
        plays = tuple(MeldPlay(s.cards, rank=s.rank) for s in self.staged)
        if self._human(PickUp(plays)):
            self.focus = "hand"

    def _on_discard(self, arg: str) -> None:
        cards = self.selected_cards()
        if len(cards) != 1:
            self.note = Note(
                "Select one card to discard." if not cards else "Select just one card to discard.", "error"
            )
            return
        if self._human(Discard(cards[0])):
            self.focus = "status"

    def _on_new_meld(self, arg: str) -> None:
        positions, from_pile = self._selected_from_pile()
        cards = tuple(self.selected_cards()) + from_pile
        if not cards:
            self.note = Note("Select the cards for the new meld first.", "error")
            return
        naturals = {C.rank(c) for c in cards if not C.is_wild(c)}
        if len(naturals) > 1:
            self.note = Note("A meld is all one rank: select cards of one rank (wild cards can join).", "error")
            return
        rank = naturals.pop() if naturals else C.WILD_RANK
        team = self.game.teams[self.game.team_of(self.seat)]
        if self.minimum() > 0 and not team.opened:
            self._stage(Staged(cards, rank, positions, from_pile))
            return
        if from_pile:
            self.note = Note("Cards from the pile count only in a first meld made with the pickup.", "error")
            return
        open_meld = team.open_meld(rank) if self.game.rules.one_open_meld_per_rank else None
        play = MeldPlay(cards, meld=open_meld) if open_meld is not None else MeldPlay(cards, rank=rank)
        if self._human(Meld((play,))):
            self.focus = "hand"

    def _on_meld(self, arg: str) -> None:
        """Add the selected cards to one of the team's melds."""
        i = index_arg(arg, len(self.game.teams[self.game.team_of(self.seat)].melds))
        if i is None:
            return
        cards = tuple(self.selected_cards())
        if not cards:
            self.note = Note("Select cards first, then tap the meld to add them.", "error")
            return
        if self._human(Meld((MeldPlay(cards, meld=i),))):
            self.focus = "hand"

    def _on_expand(self, arg: str) -> None:
        """Show every side's melds card by card (each player's, alone), or fold them back to chips."""
        self.expanded = set() if self.expanded else set(range(len(self.game.teams)))

    # ----- staging the first meld -----------------------------------------------

    def _stage(self, staged: Staged) -> None:
        if not self.human_to_act() or self.game.phase not in ("draw", "play"):
            self.note = Note(self._waiting_text(), "error")
            return
        self._restage([*self.staged, staged])

    def _restage(self, plays: list[Staged]) -> None:
        """Replace the staged melds with ``plays`` unless they can't go down together."""
        problem = self._staging_problem(plays)
        if problem:
            self.note = Note(problem, "error")
            return
        self.staged = plays
        self.selected = []
        self.pile_selected = []
        self.note = None

    def _staging_problem(self, plays: list[Staged]) -> str | None:
        """Why these staged melds can't go down together (ignoring the minimum), or None."""
        rules = self.game.rules
        ranks = [s.rank for s in plays]
        if rules.one_open_meld_per_rank and len(ranks) != len(set(ranks)):
            return "You already staged a meld of that rank: tap it to add these cards."
        for s in plays:
            try:
                check_meld(rules, s.rank, s.cards, going_out=False)
            except RuleViolation as err:
                return str(err)
        if self.game.phase == "play":
            refusal = self.game.check(Meld(tuple(MeldPlay(s.cards, rank=s.rank) for s in plays)))
            if refusal is not None and refusal.reason != "below_minimum":
                return str(refusal)
        return None

    def _on_staged(self, arg: str) -> None:
        """Add the selected cards to a staged meld."""
        i = index_arg(arg, len(self.staged))
        if i is None:
            return
        positions, from_pile = self._selected_from_pile()
        cards = tuple(self.selected_cards()) + from_pile
        if not cards:
            self.note = Note("Select cards first, then tap the staged meld to add them.", "error")
            return
        plays = list(self.staged)
        old = plays[i]
        plays[i] = replace(
            old, cards=old.cards + cards, pile=old.pile + positions, pile_cards=old.pile_cards + from_pile
        )
        self._restage(plays)

    def _on_unstage(self, arg: str) -> None:
        i = index_arg(arg, len(self.staged))
        if i is not None:
            del self.staged[i]
        elif not arg:
            self.staged = []
            self.pile_selected = []
        self.selected = []
        self.pile_selected = []
        self.note = None

    def _on_lay_down(self, arg: str) -> None:
        if not self.staged:
            self.note = Note("Stage a meld first: select cards and press New meld.", "error")
            return
        if self.game.phase == "draw" and self.human_to_act():
            self.note = Note("Draw first, or press Pick up pile to open with the pile.", "error")
            return
        if any(s.pile for s in self.staged):
            self.note = Note("Melds with cards from the pile go down with Pick up pile.", "error")
            return
        if self._human(Meld(tuple(MeldPlay(s.cards, rank=s.rank) for s in self.staged))):
            self.focus = "hand"

    # ----- going out, ending the turn, hints ------------------------------------

    def can_undo(self) -> bool:
        """True when the shown seat may take back this turn's melds now (``engine.takeback``; worked out once a
        move)."""
        if not self.human_to_act() or self.game.phase != "play":
            return False
        key = (self.game.round_index, len(self.game.history))
        if self._undo_known is None or self._undo_known[:2] != key:
            self._undo_known = (*key, takeback_problem(self.game, self.turn_start) is None)
        return self._undo_known[2]

    def _on_undo(self, arg: str) -> None:
        """Take back this turn's melds: the cards go back to the hand, what was drawn stays drawn."""
        if not self.human_to_act():
            self.note = Note(self._waiting_text(), "error")
            return
        try:
            game = take_back(self.game, self.turn_start)
        except RuleViolation as err:
            self.note = Note(str(err), "error")
            return
        self.game = game
        self.turn_start = game.copy()
        self._undo_known = None
        self.dirty = True
        self.selected = []
        self.staged = []
        self.pile_selected = []
        self.hint_action = None
        self._line_number += 1
        line = Line(self._line_number, self.seat, "You took back this turn's melds.", "", "took back melds")
        self.lines = [*self.lines[-(MAX_LINES - 1) :], line]
        self.note = Note("Your melds from this turn are back in your hand; what you drew stays drawn.")
        self.focus = "hand"

    # ----- family challenges ----------------------------------------------------

    def start_challenge(self, received: challenge.Challenge, now: int) -> None:
        """Play a challenge's deal against its computer level (the game on the table is put aside first)."""
        record = self.challenges.get(received.key) or challenge.new_record(received, now, sent=False)
        self.challenges[record.key] = record
        record.changed = True
        self.new_game(received.deal, received.rules)
        self.active_challenge = record.key
        self.level_override = received.level
        self._cap_challenges()
        sender = f" from {received.name}" if received.name else ""
        theirs = sides.totals_words(received.rules.players, received.theirs.totals)
        check = ("their moves lead to it" if record.verified
                 else "unverified: their moves don't lead to it, so it can't be watched")
        self.note = Note(
            f"A challenge{sender}: deal {received.deal:,}, {received.rules.title}, {received.level} computer "
            f"players. Their result: {theirs} ({check}). Play the same cards and compare."
        )

    def attach_challenge(self) -> None:
        """After a reload: the received challenge whose deal is on the table, if any, and its level."""
        for record in sorted(self.challenges.values(), key=lambda r: r.played, reverse=True):
            if challenge.matches(record, self.game) and (record.mine is None or self.game.over):
                self.active_challenge = record.key
                self.level_override = record.challenge.level
                return

    def current_challenge(self) -> challenge.Record | None:
        return self.challenges.get(self.active_challenge) if self.active_challenge else None

    def _finish_challenge(self) -> None:
        record = self.current_challenge()
        if record is not None and record.mine is None:
            self.challenges[record.key] = challenge.with_mine(record, self.game)

    def make_challenge(self, now: int) -> str:
        """The fragment of a link challenging anyone to this finished game; the challenge is kept here too."""
        made = challenge.from_game(self.game, self.level())
        record = self.challenges.get(made.key) or challenge.new_record(made, now, sent=True)
        record.changed = True
        self.challenges[made.key] = record
        self._cap_challenges()
        return challenge.fragment(made)

    def _cap_challenges(self) -> None:
        """Keep at most ``challenge.MAX_RECORDS``: past it the oldest (never the one on the table) go."""
        extra = len(self.challenges) - challenge.MAX_RECORDS
        if extra <= 0:
            return
        oldest = sorted((r for r in self.challenges.values() if r.key != self.active_challenge), key=lambda r: r.played)
        for record in oldest[:extra]:
            del self.challenges[record.key]
            self.challenge_drops.append(record.key)

    def take_challenge_changes(self) -> dict[str, str]:
        """The challenge records changed since the last call, as (key, text) to store."""
        out = {}
        for key, record in self.challenges.items():
            if record.changed:
                record.changed = False
                out[key] = record.to_json()
        return out

    def _on_watch_challenge(self, arg: str) -> None:
        """Watch the sender's game of a challenge (only when their result follows from their moves)."""
        record = self.challenges.get(arg)
        if record is None:
            return
        game = challenge.verify(record.challenge) if record.verified else None
        if game is None:
            self.note = Note("That challenge's game can't be watched: its result doesn't follow from its moves.",
                             "error")
            return
        who = record.challenge.name or ("your" if record.sent else "their")
        self.open_watch(game, f"{who} game, deal {record.challenge.deal:,}", back=self.screen)
        if self.watch is not None:
            self.watch.level = record.challenge.level  # its reasons come from the level it was played at

    # ----- watching a game again ------------------------------------------------

    def open_watch(self, game: Game, title: str, back: str = "games") -> None:
        """Show ``game`` move by move from the deal (a copy: the game itself is never changed)."""
        self.watch = Watch(game.copy(), title, level=self.level())
        self.watch_back = back if back in SCREENS else "games"
        self.screen = "watch"
        self.sheet = None

    def _on_watch(self, arg: str) -> None:
        """Watch the game on the table (``table``) or a kept game (its key)."""
        if arg == "table":
            if not self.game.history:
                self.note = Note("Nothing has been played in this game yet.", "error")
                return
            self.open_watch(self.game, f"deal {self.game.deal_number:,}", back=self.screen)
            return
        found = self.read_kept(arg)
        if found is None:
            return
        kept, copy = found
        if copy.game is None:
            self.note = Note(f"That game can't be watched: {copy.problem or saves.UNREADABLE}", "error")
            return
        self.open_watch(copy.game, f"deal {kept.deal:,}", back="games")

    def read_kept(self, key: str) -> tuple[KeptGame, saves.Copy] | None:
        """The kept game listed under ``key`` and its save read back (None for a key not listed)."""
        kept = next((k for k in self.kept if k.key == key), None)
        return None if kept is None else (kept, saves.read(saves.PRIMARY, kept.save))

    def _on_watch_step(self, arg: str) -> None:
        if self.watch is None:
            return
        if arg == "play":
            self.watch.playing = not self.watch.playing and self.watch.at < self.watch.moves
            if self.watch.playing:
                self.watch.step("next")
            return
        self.watch.playing = False
        self.watch.step(arg)

    def _on_watch_close(self, arg: str) -> None:
        if self.watch is not None:
            self.watch.playing = False
        self.screen = self.watch_back if self.watch_back != "watch" else "games"

    def _on_ask(self, arg: str) -> None:
        self._human(AskGoOut())

    def _on_answer(self, arg: str) -> None:
        self._human(Answer(arg == "yes"))

    def _on_end_turn(self, arg: str) -> None:
        if self._human(EndTurn()):
            self.focus = "status"

    def _on_hint(self, arg: str) -> None:
        if not self.human_to_act():
            self.note = Note(self._waiting_text(), "error")
            return
        from engine.bots import hint

        decision = hint(self.view())
        text = describe_action(self.game, decision.action, self.seat, self.seat).rstrip(".")
        why = advice(decision.reason)
        self.note = Note(f"Hint: {text}" + (f": {why}." if why else "."), "hint")
        self.hint_action = decision.action
        self.staged = []
        self.pile_selected = []
        self.selected = []
        match decision.action:
            case Meld(plays=plays) if plays and self.minimum() > 0:
                self.staged = [Staged(p.cards, p.rank if p.rank is not None else C.WILD_RANK) for p in plays]
            case Meld(plays=plays) if plays:
                self.selected = self._positions(plays[0].cards)
            case PickUp(melds=plays) if plays:
                self.staged = self._staged_pickup(plays)
            case Discard(card=card):
                self.selected = self._positions((card,))
            case _:
                pass

    def _staged_pickup(self, plays: tuple[MeldPlay, ...]) -> list[Staged]:
        """A pickup's melds as staged melds: each card from the hand while it holds one, else from the pile."""
        hand = Counter(self.view().hand)
        preview = self.pile_preview()
        free = list(range(len(preview)))
        out = []
        for p in plays:
            positions: list[int] = []
            for c in p.cards:
                if hand[c] > 0:
                    hand[c] -= 1
                    continue
                i = next((i for i in free if preview[i] == c), -1)
                if i < 0:
                    return []  # not a card that seat can see: nothing staged (the hint's words still stand)
                free.remove(i)
                positions.append(i)
            rank = p.rank if p.rank is not None else C.WILD_RANK
            out.append(Staged(p.cards, rank, tuple(positions), tuple(preview[i] for i in positions)))
        return out

    def _on_play_hint(self, arg: str) -> None:
        """Play the hinted move as it was suggested (if the position is still the same)."""
        action = self.hint_action
        if action is None or not self.human_to_act():
            return
        if self.game.check(action) is not None:
            self.hint_action = None
            self.note = Note("That hint no longer fits the table: ask for a new one.", "error")
            return
        if self._human(action):
            self.focus = "status" if isinstance(action, (Discard, EndTurn)) else "hand"

    def _positions(self, cards: tuple[int, ...]) -> list[int]:
        """The positions in the shown hand of these cards (for selecting a hint's cards)."""
        wanted = list(cards)
        hand = self.shown_hand()
        need = Counter(wanted)
        out = []
        for i, c in enumerate(hand):
            if need[c] > 0:
                need[c] -= 1
                out.append(i)
        return out

    # ----- between rounds -------------------------------------------------------

    def _on_next_round(self, arg: str) -> None:
        if self.game.phase == "game_over":
            self.new_game()
            return
        try:
            self._apply(NextRound(), self.seat)
        except RuleViolation as err:
            self.note = Note(str(err), "error")
            return
        self.screen = "table"
        self.note = None
        self.lines = []
        self.why = None
        self.expanded = set()

    def _on_replay(self, arg: str) -> None:
        """Deal the round just played again: the same cards, from its start."""
        history = self.game.history
        starts = [i for i, text in enumerate(history) if text == "next"]
        keep = history[: starts[-1] + 1] if starts else []
        game = replay(rules_to_dict(self.game.rules), self.game.deal_number, keep)
        self._set_game(game)
        self.dirty = True
        self.note = Note(f"Round {game.round_index + 1} dealt again: the same cards as before.")

    def _on_show_hands(self, arg: str) -> None:
        if self.game.phase in ("round_over", "game_over"):
            self.screen = "hands"

    # ----- screens, settings, new games -----------------------------------------

    def _on_screen(self, arg: str) -> None:
        self.sheet = None
        if arg in SCREENS and arg != "hands":
            self.screen = arg
            if arg == "rules":
                self.rules_tab = self.game.rules.name
        elif arg == "hands":
            self._on_show_hands(arg)

    def _on_rules_tab(self, arg: str) -> None:
        if arg in PRESET_NAMES:
            self.rules_tab = arg

    def _on_dismiss(self, arg: str) -> None:
        self.note = None
        self.share_url = ""
        self.hint_action = None

    # ----- panels: Why?, the moves, the menu, the keyboard help ------------------

    def _on_why(self, arg: str) -> None:
        """Open (or close) the reason of a computer's move; it stays open until closed."""
        if not (arg.isascii() and arg.isdigit() and len(arg) <= 9):
            return
        number = int(arg)
        if self.why == number:
            self.why = None
        elif any(line.number == number and line.reason for line in self.lines):
            self.why = number

    def why_line(self) -> Line | None:
        """The line whose reason is open, while it is still among the recent moves."""
        return next((line for line in self.lines if line.number == self.why), None)

    def _on_sheet(self, arg: str) -> None:
        self.sheet = None if arg == self.sheet or arg not in SHEETS else arg

    def _on_close(self, arg: str) -> None:
        if arg == "why":
            self.why = None
        else:
            self.sheet = None

    def _on_escape(self, arg: str) -> None:
        """Escape closes the topmost thing open: a panel, the partner's question, a reason, a note."""
        if self.sheet is not None:
            self.sheet = None
        elif self.game.phase == "answer" and self.game.to_act == self.seat and not self.question_closed:
            self.question_closed = True
        elif self.why is not None:
            self.why = None
        elif self.note is not None or self.share_url:
            self._on_dismiss("")
        elif self.selected:
            self.selected = []

    def _on_reopen_question(self, arg: str) -> None:
        self.question_closed = False

    def _on_delete_game(self, arg: str) -> None:
        """Ask before deleting a kept game (``ui/main.py`` deletes it on "confirm-delete")."""
        self.confirm_delete = arg if any(g.key == arg for g in self.kept) else ""

    def _on_keep_game(self, arg: str) -> None:
        self.confirm_delete = ""

    def _on_house(self, arg: str) -> None:
        """The house rules in Settings were unfolded or folded by the player."""
        self.house_open = arg == "open"

    def _on_new_game(self, arg: str) -> None:
        arg = arg.strip()
        if arg:
            deal = parse_deal_number(arg)
            if deal is None:
                self.note = Note(f"A deal number is a whole number from 1 to {MAX_DEAL:,}.", "error")
                return
        else:
            deal = None
        self.new_game(deal)
        self.note = Note(f"New game: deal {self.game.deal_number:,}, {self.game.rules.title}.")

    def pad_input(self, key: str, value: str) -> None:
        """A value typed or chosen on the score pad (both strings untrusted)."""
        if isinstance(key, str) and isinstance(value, str) and len(key) <= 40 and not self.elsewhere:
            self._pad_note(self.pads.input(key, value))

    def _pad_note(self, message: Message | None) -> None:
        self.note = Note(*message) if message else None

    def change_setting(self, key: str, value: str | bool) -> None:
        """Change one setting from the Settings form; rules apply to the next game."""
        try:
            self.settings = self.settings.with_change(key, value)
        except ValueError as err:
            self.note = Note(str(err) if str(err).endswith(".") else "That choice doesn't fit these rules.", "error")
            return
        self.settings_dirty = True
        if key == "level":
            self._make_bots()
        self.note = None


def register(taps: Taps[App]) -> None:
    """The table's taps (and, until they move to their features, the other screens')."""
    taps.add("card", App._on_card)
    taps.add("clear", App._on_clear)
    taps.add("pile-card", App._on_pile_card)
    taps.add("draw", App._on_draw)
    taps.add("pickup", App._on_pickup)
    taps.add("discard", App._on_discard)
    taps.add("new-meld", App._on_new_meld)
    taps.add("meld", App._on_meld)
    taps.add("expand", App._on_expand, passive=True)
    taps.add("staged", App._on_staged)
    taps.add("unstage", App._on_unstage)
    taps.add("lay-down", App._on_lay_down)
    taps.add("undo", App._on_undo)
    taps.add("watch-challenge", App._on_watch_challenge, passive=True)
    taps.add("watch", App._on_watch, passive=True)
    taps.add("watch-step", App._on_watch_step, passive=True)
    taps.add("watch-close", App._on_watch_close, passive=True)
    taps.add("ask", App._on_ask)
    taps.add("answer", App._on_answer)
    taps.add("end-turn", App._on_end_turn)
    taps.add("hint", App._on_hint)
    taps.add("play-hint", App._on_play_hint)
    taps.add("next-round", App._on_next_round)
    taps.add("replay", App._on_replay)
    taps.add("show-hands", App._on_show_hands)
    taps.add("screen", App._on_screen, passive=True)
    taps.add("rules-tab", App._on_rules_tab, passive=True)
    taps.add("dismiss", App._on_dismiss, passive=True)
    taps.add("why", App._on_why, passive=True)
    taps.add("sheet", App._on_sheet, passive=True)
    taps.add("close", App._on_close, passive=True)
    taps.add("escape", App._on_escape, passive=True)
    taps.add("reopen-question", App._on_reopen_question, passive=True)
    taps.add("delete-game", App._on_delete_game, passive=True)
    taps.add("keep-game", App._on_keep_game, passive=True)
    taps.add("house", App._on_house, passive=True)
    taps.add("new-game", App._on_new_game)


TAPS: Taps[App] = Taps()
register(TAPS)
