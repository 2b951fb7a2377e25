"""The app: the game on the table as a session for a set of people's seats, and every feature's state.

Pure Python, no browser objects: ``ui/browser/input.py`` feeds it the player's taps as
``handle(act, arg)``, which finds the tap's handler in ``TAPS`` (each feature registers its own),
and ``ui/browser/page.py`` draws ``ui.render.regions(app)`` after each one.  The people at the
table sit in ``humans`` (South alone unless told otherwise) and the table is shown from ``seat``;
computer players fill the other seats.
"""

from __future__ import annotations

import json
import random
import time
from collections import Counter
from typing import TYPE_CHECKING, Any

from engine.actions import Action, Answer, Discard, Draw, EndTurn, PickUp
from engine.checks import pile_under
from engine.deal import MAX_DEAL
from engine.errors import LoadError, RuleViolation
from engine.melds import meld_value
from engine.moves import legal_actions, meld_targets, outline_cards, pickup_blocked
from engine.rules import RuleSet
from engine.serialize import from_dict, parse_json, to_dict
from engine.state import Game
from engine.takeback import takeback_problem
from engine.views import View, view_for
from ui import saves, sides
from ui.challenge import handlers as challenge_taps
from ui.challenge import model as challenge
from ui.games import handlers as games_taps
from ui.games.model import KeptGame
from ui.pad.model import Message, PadDesk
from ui.rules import handlers as rules_taps
from ui.settings import handlers as settings_taps
from ui.settings.model import Settings, rules_words
from ui.share import ShareRequest, build_query
from ui.sides import SOUTH
from ui.stats import model as stats
from ui.table import panels, turn
from ui.table.moves import MAX_LINE_CHARS, MAX_LINES, Line, read_fresh, turn_parts
from ui.table.narrate import describe_entry, short_entry, who
from ui.table.staging import Staged as Staged
from ui.taps import MAX_INDEX_DIGITS as MAX_INDEX_DIGITS
from ui.taps import Note as Note
from ui.taps import Taps
from ui.taps import index_arg as index_arg
from ui.watch import handlers as watch_taps
from ui.watch.model import Watch

if TYPE_CHECKING:
    from engine.bots import Bot

SCREENS = ("table", "settings", "rules", "hands", "games", "pad", "watch", "stats")
WELCOME = (
    "Welcome! You sit South; North is your partner against West and East. Meld three or more cards "
    "of a rank, grow them into books of seven, then play on through your foot. Hint suggests a move; "
    "Menu, then Rules, explains the game."
)
"""The note a player meets on the first visit, when the device holds nothing of the app's yet."""


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
        self.storage_warning = ""  # set by ui/browser/saving.py while this device refuses saves
        self.kept: list[KeptGame] = []  # the games put aside (ui/browser/records.py reads them from the store)
        self.kept_copies: list[saves.Kept] = []  # damaged or unreadable copies kept aside
        self.confirm_delete = ""  # the key of the kept game whose deletion waits for a yes
        self.confirm_spoil = ""  # the key of the unplayed received challenge whose watching waits for a yes
        self.storage_kept = ""  # whether the browser promised to keep the saves (ui/browser/page.py sets it)
        self.turn_start: Game | None = None  # the game right after the shown seat's draw this turn (for Undo)
        self.undo_known: tuple[int, int, bool] | None = None  # (round, moves, can undo) last worked out
        self.pads = PadDesk()  # the score pads for games played with real cards (ui/pad/model.py)
        self.watch: Watch | None = None  # the game being watched again (ui/watch/model.py)
        self.watch_back = "games"  # the screen Close goes back to
        self.challenges: dict[str, challenge.Record] = {}  # every challenge this device knows (ui/challenge/model.py)
        self.active_challenge = ""  # the key of the received challenge whose deal is on the table
        self.level_override: str | None = None  # a challenge's computer level, for its game only
        self.challenge_drops: list[str] = []  # challenge records dropped past the cap, to delete from storage
        self.finished: list[stats.Summary] = []  # every finished game counted (ui/browser/ reads and keeps them)
        self.finished_dirty = False  # a game was counted since ``finished`` was last stored
        self.game: Game = Game(self.settings.rules(), 1)
        self.bots: dict[int, Bot] = {}
        self.new_game()

    # ----- games ----------------------------------------------------------------

    def new_game(self, deal: int | None = None, rules: RuleSet | None = None) -> None:
        """Start a game: a random deal number unless one is given."""
        number = deal if deal is not None else self.rng.randint(1, MAX_DEAL)
        self.set_game(Game(rules or self.settings.rules(), number))
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
        self.set_game(game)
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

    def set_game(self, game: Game) -> None:
        self.game = game
        self.forget_bots()
        self.selected = []
        self.staged = []
        self.pile_selected = []
        self.lines = []
        self.screen = "table"
        self.why = None
        self.sheet = None
        self.expanded = set()
        self.clear_fresh()
        self.question_closed = False
        self.hint_action = None
        self.turn_start = None
        self.undo_known = None
        self.active_challenge = ""
        self.level_override = None

    def clear_fresh(self) -> None:
        self.fresh = {}
        self.fresh_reds = {}
        self.landed = False

    def forget_bots(self) -> None:
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
        side has not melded and it holds what takes the pile (``engine.checks.pile_under``)."""
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
        action, reason, full = decision.action, decision.public_reason, decision.reason
        if self.game.check(action) is not None:
            # A computer player chose an illegal move (an engine bug): fall back to a legal one.
            err = self.game.check(action)
            self.engine_problems.append(f"{bot.level} bot seat {seat}: {action!r}: {err}")
            action = self._fallback()
            reason = full = "It played a safe move."
        return self.apply_action(action, seat, reason, full)

    def _fallback(self) -> Action:
        actions = legal_actions(self.game)
        for kind in (Answer, Draw, Discard, EndTurn):
            for action in actions:
                if isinstance(action, kind):
                    return action
        return actions[0]

    # ----- applying actions -----------------------------------------------------

    def apply_action(self, action: Action, seat: int, reason: str = "", full: str = "") -> Line | None:
        """Apply a move; a computer's carries its reason (``reason`` the public one, ``full`` the whole)."""
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
        return self.add_line(seat, " ".join(texts), reason, " · ".join(shorts), full)

    def add_line(self, seat: int | None, text: str, reason: str = "", short: str = "", full: str = "") -> Line:
        """Add a line to the recent moves (the last ``MAX_LINES`` are kept)."""
        self._line_number += 1
        line = Line(self._line_number, seat, text, reason, short, "" if full == reason else full)
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
        return turn_parts(self.lines, seat, main)

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
        self.fresh, self.fresh_reds, self.landed = read_fresh(data, self.game.teams)

    def play(self, action: Action) -> bool:
        """Apply the shown seat's action; a refusal becomes the engine's sentence and changes nothing."""
        if not self.human_to_act():
            self.note = Note(self.waiting_text(), "error")
            return False
        try:
            self.apply_action(action, self.seat)
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

    def waiting_text(self) -> str:
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
            self.pad_note(self.pads.handle(act[4:], arg, self.settings))
            return
        tap = TAPS.find(act)
        if tap is None or self.elsewhere:  # a tab that gave way changes nothing
            return
        self.focus = ""
        if not tap.passive:
            self.clear_fresh()
        tap.handler(self, arg)

    # ----- staging the first meld -----------------------------------------------

    # ----- going out, ending the turn, hints ------------------------------------

    def can_undo(self) -> bool:
        """True when the shown seat may take back this turn's melds now (``engine.takeback``; worked out once a
        move)."""
        if not self.human_to_act() or self.game.phase != "play":
            return False
        key = (self.game.round_index, len(self.game.history))
        if self.undo_known is None or self.undo_known[:2] != key:
            self.undo_known = (*key, takeback_problem(self.game, self.turn_start) is None)
        return self.undo_known[2]

    # ----- family challenges ----------------------------------------------------

    def start_challenge(self, received: challenge.Challenge, now: int) -> None:
        """Play a challenge's deal against its computer level (the game on the table is put aside first)."""
        record = challenge.find(self.challenges, received) or challenge.new_record(received, now, False, check=False)
        self.challenges[record.key] = record
        record.changed = True
        self.new_game(received.deal, received.rules)
        self.active_challenge = record.key
        self.level_override = received.level
        self._cap_challenges()
        sender = f" from {received.name}" if received.name else ""
        theirs = sides.totals_words(received.rules.players, received.theirs.totals)
        check = ("their moves lead to it; the computers' moves are checked once you have played it"
                 if record.verified is None
                 else "their moves lead to it" if record.verified
                 else "unverified: it doesn't follow from the link, so it can't be watched")
        self.note = Note(
            f"A challenge{sender}: deal {received.deal:,}, {rules_words(received.rules)}, {received.level} computer "
            f"players. Their result: {theirs} ({check}). Play the same cards and compare."
        )

    def attach_challenge(self) -> None:
        """After a reload: the received challenge whose deal is on the table, if any, and its level."""
        for record in sorted(self.challenges.values(), key=lambda r: r.played, reverse=True):
            if challenge.matches(record, self.game) and (record.mine is None or self.game.over) and not record.gave_up:
                self.active_challenge = record.key
                self.level_override = record.challenge.level
                return

    def current_challenge(self) -> challenge.Record | None:
        return self.challenges.get(self.active_challenge) if self.active_challenge else None

    def _finish_challenge(self) -> None:
        record = self.current_challenge()
        if record is not None and record.mine is None and not record.gave_up:
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

    # ----- watching a game again ------------------------------------------------

    def open_watch(self, game: Game, title: str, back: str = "games") -> None:
        """Show ``game`` move by move from the deal (a copy: the game itself is never changed)."""
        self.watch = Watch(game.copy(), title, level=self.level())
        self.watch_back = back if back in SCREENS else "games"
        self.screen = "watch"
        self.sheet = None

    def read_kept(self, key: str) -> tuple[KeptGame, saves.Copy] | None:
        """The kept game listed under ``key`` and its save read back (None for a key not listed)."""
        kept = next((k for k in self.kept if k.key == key), None)
        return None if kept is None else (kept, saves.read(saves.PRIMARY, kept.save))

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

    # ----- screens, settings, new games -----------------------------------------

    # ----- panels: Why?, the moves, the menu, the keyboard help ------------------

    def why_text(self, line: Line) -> str:
        """A line's "Why?" as the table may show it now: naming no hidden card while the round is live."""
        return line.why(self.game.phase not in ("round_over", "game_over"))

    def why_line(self) -> Line | None:
        """The line whose reason is open, while it is still among the recent moves."""
        return next((line for line in self.lines if line.number == self.why), None)

    def pad_input(self, key: str, value: str) -> None:
        """A value typed or chosen on the score pad (both strings untrusted)."""
        if isinstance(key, str) and isinstance(value, str) and len(key) <= 40 and not self.elsewhere:
            self.pad_note(self.pads.input(key, value))

    def pad_note(self, message: Message | None) -> None:
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
            self.forget_bots()
        self.note = None



def on_screen(app: App, arg: str) -> None:
    """Go to another screen (the menu closes); "hands" only once the round is over."""
    app.sheet = None
    if arg in SCREENS and arg != "hands":
        app.screen = arg
        if arg == "rules":
            app.rules_tab = app.game.rules.name
    elif arg == "hands":
        turn.on_show_hands(app, arg)


def build_taps() -> Taps[App]:
    """The table of taps, filled by each feature's ``register``."""
    table: Taps[App] = Taps()
    table.add("screen", on_screen, passive=True)
    for feature in (turn, panels, watch_taps, challenge_taps, games_taps, settings_taps, rules_taps):
        feature.register(table)
    return table


TAPS = build_taps()
