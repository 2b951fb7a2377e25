"""The app: the screens, every feature's state and the table of taps, around the game on the table.

Pure Python, no browser objects: ``ui/browser/input.py`` feeds it the player's taps as
``handle(act, arg)``, which finds the tap's handler in ``TAPS`` (each feature registers its own),
and ``ui/browser/page.py`` draws ``ui.render.regions(app)`` after each one.  The game on the table is
a ``ui.table.session.Session`` for the people in ``humans`` (South alone unless told otherwise),
shown from ``seat``; computer players fill the other seats.  The session's own names (``game``,
``selected``, ``bot_step``...) read through to it from the app, for the handlers.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Generic, TypeVar, cast

from engine.actions import Action
from engine.deal import MAX_DEAL
from engine.errors import LoadError
from engine.rules import RuleSet
from engine.serialize import from_dict, parse_json
from engine.state import Game
from engine.views import View
from ui import saves
from ui.challenge import desk as challenge_desk
from ui.challenge import handlers as challenge_taps
from ui.challenge import model as challenge
from ui.games import handlers as games_taps
from ui.games.model import KeptGame
from ui.lesson import handlers as lesson_taps
from ui.lesson.model import Lesson
from ui.lesson.plans import lesson_game
from ui.pad.model import Message, PadDesk
from ui.rules import handlers as rules_taps
from ui.seating import handlers as seating_taps
from ui.seating import model as seating_model
from ui.seating import remembered
from ui.seating.model import ALONE, SeatDraft, Seating
from ui.settings import handlers as settings_taps
from ui.settings.model import Settings, house_dropped
from ui.share import ShareRequest, build_query
from ui.sides import SOUTH
from ui.stats import model as stats
from ui.table import handling, panels, turn
from ui.table.moves import Line
from ui.table.passing import had_turn
from ui.table.recent import Recent
from ui.table.session import Session
from ui.table.staging import Staged as Staged
from ui.taps import MAX_INDEX_DIGITS as MAX_INDEX_DIGITS
from ui.taps import Note as Note
from ui.taps import Taps
from ui.taps import index_arg as index_arg
from ui.watch import handlers as watch_taps
from ui.watch.model import Watch

if TYPE_CHECKING:
    from engine.bots import Bot

SCREENS = ("table", "settings", "rules", "hands", "games", "pad", "watch", "stats", "players")
WELCOME = (
    "Welcome! You sit South, partnered with North against West and East. Hint suggests a move; "
    "Menu, then Rules, explains the game."
)
"""The note a player meets on the first visit, when the device holds nothing of the app's yet."""

T = TypeVar("T")


class _Via(Generic[T]):
    """An app attribute that is another object's (``holder``'s ``name``), read and written through."""

    def __init__(self, holder: str, name: str) -> None:
        self.holder, self.name = holder, name

    def __get__(self, app: App, owner: type[App] | None = None) -> T:
        return cast(T, getattr(getattr(app, self.holder), self.name))

    def __set__(self, app: App, value: T) -> None:
        setattr(getattr(app, self.holder), self.name, value)


def _table(name: str) -> Any:
    return _Via("session", name)


class App:
    """The screens and every feature's state, the game on the table (``session``), and what each tap does."""

    # The game on the table (ui/table/session.py), read and written through for the handlers.
    game: _Via[Game] = _table("game")
    humans: _Via[frozenset[int]] = _table("humans")
    seat: _Via[int] = _table("seat")
    bots: _Via[dict[int, Bot]] = _table("bots")
    selected: _Via[list[int]] = _table("selected")
    staged: _Via[list[Staged]] = _table("staged")
    pile_selected: _Via[list[int]] = _table("pile_selected")
    lines: _Via[list[Line]] = _Via("recent", "lines")
    why: _Via[int | None] = _Via("recent", "why")
    expanded: _Via[set[int]] = _table("expanded")
    fresh: _Via[dict[tuple[int, int], int]] = _Via("recent", "fresh")
    fresh_reds: _Via[dict[int, int]] = _Via("recent", "fresh_reds")
    landed: _Via[bool] = _Via("recent", "landed")
    question_closed: _Via[bool] = _table("question_closed")
    hint_action: _Via[Action | None] = _table("hint_action")
    turn_start: _Via[Game | None] = _table("turn_start")
    undo_known: _Via[tuple[int, int, bool] | None] = _table("undo_known")
    dirty: _Via[bool] = _table("dirty")
    save_seq: _Via[int] = _table("save_seq")
    engine_problems: _Via[list[str]] = _table("engine_problems")
    seating: _Via[Seating] = _table("seating")
    passing: _Via[int | None] = _table("passing")
    view: _Via[Callable[[], View]] = _table("view")
    shown_hand: _Via[Callable[[], list[int]]] = _table("shown_hand")
    pile_preview: _Via[Callable[[], list[int]]] = _table("pile_preview")
    pile_free: _Via[Callable[[], list[int]]] = _table("pile_free")
    selected_cards: _Via[Callable[[], list[int]]] = _table("selected_cards")
    _positions: _Via[Callable[[tuple[int, ...]], list[int]]] = _table("positions")
    human_to_act: _Via[Callable[[], bool]] = _table("human_to_act")
    cut_off: _Via[Callable[[], str]] = _table("cut_off")
    meldable: _Via[Callable[[], set[int]]] = _table("meldable")
    pickup_problem: _Via[Callable[[], str]] = _table("pickup_problem")
    targets: _Via[Callable[[], set[int]]] = _table("targets")
    can_end_turn: _Via[Callable[[], bool]] = _table("can_end_turn")
    can_undo: _Via[Callable[[], bool]] = _table("can_undo")
    staged_total: _Via[Callable[[], int]] = _table("staged_total")
    minimum: _Via[Callable[[], int]] = _table("minimum")
    waiting_text: _Via[Callable[[], str]] = _table("waiting_text")
    bot: _Via[Callable[[int], Bot]] = _table("bot")
    bot_step: _Via[Callable[[], Line | None]] = _table("bot_step")
    apply_action: _Via[Callable[..., Line | None]] = _table("apply_action")
    add_line: _Via[Callable[..., Line]] = _Via("recent", "add_line")
    seat_turn: _Via[Callable[[int], str]] = _Via("recent", "seat_turn")
    seat_turn_parts: _Via[Callable[..., list[tuple[str, bool]]]] = _Via("recent", "seat_turn_parts")
    why_text: _Via[Callable[[Line], str]] = _table("why_text")
    why_line: _Via[Callable[[], Line | None]] = _Via("recent", "why_line")
    lines_data: _Via[Callable[[], str]] = _table("lines_data")
    restore_lines: _Via[Callable[[str | None], bool]] = _table("restore_lines")
    save_data: _Via[Callable[[], str]] = _table("save_data")
    next_save: _Via[Callable[[], str]] = _table("next_save")
    clear_fresh: _Via[Callable[[], None]] = _Via("recent", "clear_fresh")
    forget_bots: _Via[Callable[[], None]] = _table("forget_bots")
    # The challenges (ui/challenge/desk.py).
    challenges: _Via[dict[str, challenge.Record]] = _Via("desk", "records")
    active_challenge: _Via[str] = _Via("desk", "active")
    level_override: _Via[str | None] = _Via("desk", "level")
    challenge_drops: _Via[list[str]] = _Via("desk", "drops")

    @property
    def recent(self) -> Recent:
        """The table's recent moves and fresh marks (``ui/table/recent.py``)."""
        return self.session.recent

    def __init__(
        self,
        settings: Settings | None = None,
        rng: random.Random | None = None,
        *,
        humans: frozenset[int] = frozenset({SOUTH}),
        seat: int = SOUTH,
    ) -> None:
        self.settings = settings or Settings()
        self.rng = rng or random.Random()
        self.desk = challenge_desk.ChallengeDesk()
        self.session = Session(Game(self.settings.rules(), 1), self.level, humans=humans, seat=seat,
                               on_move=self._moved, order=lambda: self.settings.hand_order)
        self.note: Note | None = None
        self.screen = "table"
        self.rules_tab = self.settings.preset
        self.update_available = False
        self.elsewhere = False  # the game was opened in another tab or window: this one only waits
        self.share_url = ""
        self.settings_dirty = False
        self.settings_seq = 0  # the number of the last settings save
        self.sheet: str | None = None  # an open panel over the table: 'menu', 'moves' or 'help'
        self.why_in_sheet = False  # the open "Why?" was opened in the Moves panel (and closes with it)
        self.house_open = False  # the house rules in Settings are unfolded
        self.focus = ""  # where the keyboard focus should go after this tap: 'hand', 'status' or ''
        self.storage_warning = ""  # set by ui/browser/saving.py while this device refuses saves
        self.kept: list[KeptGame] = []  # the games put aside (ui/browser/records.py reads them from the store)
        self.kept_copies: list[saves.Kept] = []  # damaged or unreadable copies kept aside
        self.confirm_delete = ""  # the key of the kept game whose deletion waits for a yes
        self.deal_refused = ""  # a deal number typed in Settings and refused, shown again to be put right
        self.confirm_spoil = ""  # the key of the unplayed received challenge whose watching waits for a yes
        self.storage_kept = ""  # whether the browser promised to keep the saves (ui/browser/page.py sets it)
        self.pads = PadDesk()  # the score pads for games played with real cards (ui/pad/model.py)
        self.watch: Watch | None = None  # the game being watched again (ui/watch/model.py)
        self.watch_back = "games"  # the screen Close goes back to
        self.finished: list[stats.Summary] = []  # every finished game counted (ui/browser/ reads and keeps them)
        self.finished_dirty = False  # a game was counted since ``finished`` was last stored
        self.remembered: remembered.People = remembered.NOTHING  # the names seated last, for the chooser
        self.remembered_seq = 0  # the number of their last stored record (ui/seating/remembered.py)
        self.remembered_dirty = False  # the names changed since they were last stored
        self.seat_draft: SeatDraft | None = None  # the seat chooser as filled in when it was refused, and why
        self.lesson: Lesson | None = None  # the lesson under way on the table (ui/lesson/), if any
        self.lesson_dirty = False  # the lesson started, moved on or closed since its record was last stored
        self.lesson_offer = False  # the welcome offers the lesson (a first visit, or a shared link's first)
        # The deal a lesson took the place of before anyone played it (a link's, most often): offered again when
        # the lesson closes. Not kept over a reload; a game with moves goes under Games instead.
        self.lesson_back: tuple[int, RuleSet] | None = None
        self.new_game()

    # ----- games ----------------------------------------------------------------

    def new_game(self, deal: int | None = None, rules: RuleSet | None = None) -> None:
        """Start a game: a random deal number unless one is given."""
        number = deal if deal is not None else self.rng.randint(1, MAX_DEAL)
        self.set_game(Game(rules or self.settings.rules(), number))
        self.dirty = True

    def start_shared(self, request: ShareRequest, first_visit: bool = False) -> None:
        """Start the deal a share link asked for, with its rules and computer level (ui/share.py)."""
        from ui.share import open_link

        open_link(self, request, first_visit)

    def resume(self, data: Any) -> None:
        """Resume a saved game (JSON text or dict); raises LoadError and changes nothing if unreadable."""
        if isinstance(data, str):
            data = parse_json(data)
        game = from_dict(data)
        seated = saves.read_seating(data, game)
        if seated is None:
            raise LoadError(saves.DAMAGED_SEATING)
        self.resume_game(game, 0, *(seated if saves.SEATING in data else (None, None)))

    def resume_game(
        self,
        game: Game,
        seq: int = 0,
        seating: Seating | None = None,
        shown: int | None = None,
        lines: str | None = None,
    ) -> None:
        """Resume a game already loaded (see ``ui.saves.choose``) with its people (None: the people seated now);
        later saves are numbered after ``seq``.  A game played together opens at the pass screen of whoever is
        to act.  The recent moves come back from ``lines`` (kept beside the game) when they belong to it, else
        this round's moves are told again from the game's log."""
        self.set_game(game)
        self.session.resumed(seq)
        if seating is not None:
            self.session.seat_people(seating, shown)
        if not self.session.restore_lines(lines):
            self.session.retell()

    def deal_to_share(self) -> Game | None:
        """The game on the table when the seat chooser may deal its cards again to the people sitting down
        (a deal link just opened, say): its first round, before any person's turn, not a lesson's, and for
        as many seats as Settings' rules; else None."""
        game = self.game
        if game.round_index or lesson_game(game) or game.n != self.settings.rules().players:
            return None
        return None if had_turn(game, self.session.humans) else game

    def sit_down(
        self,
        people: list[tuple[int, str]],
        levels: dict[int, str] | None = None,
        guests: frozenset[int] = frozenset(),
        same_deal: bool = False,
    ) -> bool:
        """Start a new game with these people (seat, typed name) and computers elsewhere, each at its chosen
        level (``levels``, by seat; else the one in Settings); ``guests``: the people's seats played on phones
        of their own (a computer keeps each until that phone joins); ``same_deal``: the deal on the table,
        with its own rules, when ``deal_to_share`` offers it (else a new deal under Settings' rules).  A
        problem with the names becomes the note and changes nothing."""
        players = self.settings.rules().players
        seating = seating_model.make(people, players, levels, self.settings.level, guests)
        if isinstance(seating, str):
            self.note = Note(seating, "error")
            typed = tuple((seat, name[: 4 * seating_model.MAX_NAME]) for seat, name in people)
            self.seat_draft = SeatDraft(typed, dict(levels or {}), guests, seating, same_deal)
            return False
        self.seat_draft = None
        table = self.deal_to_share() if same_deal else None
        if table is not None:
            self.new_game(table.deal_number, table.rules)
        else:
            self.new_game()
        self.session.seat_people(seating, next(s for s, _n in seating.people if s not in seating.guests))
        self.session.away |= set(seating.guests)
        self.note = None
        self.lesson_offer = False  # a lesson is one person's game: people who sat down together chose theirs
        names = remembered.remember(seating)
        if names and names != self.remembered:  # one person without a name leaves the family's names alone
            self.remembered, self.remembered_dirty = names, True
        return True

    def next_names_save(self) -> str:
        """Take the record of the names remembered (numbered one after the last) and clear ``remembered_dirty``."""
        self.remembered_seq += 1
        self.remembered_dirty = False
        return remembered.dump(self.remembered, self.remembered_seq)

    def set_game(self, game: Game) -> None:
        """Put ``game`` on the table, on the table's screen, with no panel open and no challenge attached
        (another game than the lesson's ends the lesson)."""
        if self.lesson is not None and not self.lesson.fits(game):
            self.lesson, self.lesson_dirty = None, True
        self.session.set_game(game)
        self.screen = "table"
        self.sheet = None
        self.desk.leave()

    def next_settings_save(self) -> str:
        """Take the save of the settings (numbered one after the last) and clear ``settings_dirty``."""
        self.settings_seq += 1
        self.settings_dirty = False
        return self.settings.to_json(self.settings_seq)

    def _moved(self) -> None:
        """After every move on the table: a finished challenge keeps its result, a finished game is counted,
        a lesson whose round ended is over."""
        if self.lesson is not None and not self.lesson.finished and self.game.phase in ("round_over", "game_over"):
            self.lesson.finished, self.lesson_dirty = True, True
        if self.game.over:
            self.desk.finish(self.game)
        self.record_finished()

    def record_finished(self) -> None:
        """Count the game on the table in the statistics if it is over and not yet counted (``ui.stats``);
        a lesson's game never counts."""
        if lesson_game(self.game):
            return
        people = self.seating.people if self.seating.together else ()
        chosen = {level for _seat, level in self.seating.levels}
        level = chosen.pop() if len(chosen) == 1 else self.level()  # computers at mixed levels count at Settings'
        # Played together: counted from the first person's side, whoever held the device when it ended.
        me = people[0][0] if people else self.seat
        added = stats.record(self.finished, self.game, level, int(time.time() * 1000), me, people)
        if added is not None:
            self.finished, self.finished_dirty = added, True

    def level(self) -> str:
        """The computer players' level in this game: a challenge's own, a lesson's, else the one in Settings."""
        if self.lesson is not None and self.lesson.fits(self.game):
            return self.lesson.plan.level
        return self.desk.level or self.settings.level

    @staticmethod
    def load_players() -> None:
        """Import the computer players' code now (about 50 ms in Pyodide), off the start-up path."""
        import engine.bots  # noqa: F401

    def first_visit(self) -> bool:
        """Nothing of this app on the device yet: no game resumed or kept, none finished, no pads."""
        return not (self.game.history or self.kept or self.finished or self.kept_copies or self.pads.pads)

    def share_query(self) -> str:
        return build_query(self.game.rules, self.game.deal_number, self.level())

    # ----- the table's moves and taps -------------------------------------------

    def bot_to_act(self) -> bool:
        """True when a computer player has a decision to make (never in a tab that gave way)."""
        return self.session.bot_to_act() and not self.elsewhere

    def play(self, action: Action) -> bool:
        """Apply the shown seat's action; a refusal becomes the engine's sentence (or, during a lesson, the
        lesson's, for a move that isn't its step) and changes nothing."""
        lesson = self.lesson if self.lesson is not None and self.lesson.fits(self.game) else None
        step = lesson_taps.current_step(self)
        problem = lesson.check_action(self.game, action) if lesson is not None else ""
        problem = problem or self.session.play(action)
        self.note = Note(problem, "error") if problem else None
        if lesson is not None and step is not None and not problem:
            lesson.played(self.game, step.kind if step.kind != "pair" else "first_meld")
            self.lesson_dirty = True
        return not problem

    def lesson_record(self) -> str:
        """The lesson's record to store ('' for none: the stored one is dropped); clears ``lesson_dirty``."""
        self.lesson_dirty = False
        return self.lesson.dump() if self.lesson is not None else ""

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
        if (self.passing is not None or self.session.hidden) and act in TABLE_ACTS:  # nobody plays until it is taken
            return
        if self.lesson_offer and (act in TABLE_ACTS or act == "dismiss"):
            self.lesson_offer = False  # the offer is for before the first move; OK puts it away too
        refused = lesson_taps.refuse_tap(self, act, arg)
        if refused:  # a lesson step asks for another tap: a gentle sentence, nothing changes
            self.note = Note(refused, "error")
            return
        self.focus = ""
        if self.session.ending and (act in TABLE_ACTS or act == "escape"):  # a tap on the table: on to the scores
            self.session.see_scores()
            return
        if not tap.passive:
            self.clear_fresh()
        if act in TABLE_ACTS:  # an open Why? goes at the player's own move (the computers' leave it)
            self.why = None
        staged = list(self.staged)
        tap.handler(self, arg)
        if self.staged != staged:  # kept beside the save, so a page the phone dropped brings them back
            self.dirty = True

    # ----- family challenges ----------------------------------------------------

    def start_challenge(self, received: challenge.Challenge, now: int) -> None:
        """Play a challenge's deal against its computer level (the game on the table is put aside first)."""
        record = self.desk.receive(received, now)
        self.new_game(received.deal, received.rules)
        self.session.seat_people(ALONE)  # a challenge is one person against the computers
        self.desk.play(record, received.level)
        self.note = Note(challenge_desk.intro(received, record))

    def attach_challenge(self) -> None:
        """After a reload: the received challenge whose deal is on the table, if any, and its level."""
        self.desk.attach(self.game)

    def current_challenge(self) -> challenge.Record | None:
        return self.desk.current()

    def _finish_challenge(self) -> None:
        self.desk.finish(self.game)

    def make_challenge(self, now: int) -> str:
        """The fragment of a link challenging anyone to this finished game; the challenge is kept here too.
        Raises ValueError with a sentence for a game played together (a challenge is checked by replaying
        one person against computers)."""
        if self.seating.together:
            raise ValueError(
                "A game played together can't be sent as a challenge: a challenge is one person against the "
                "computers. Share the deal instead (Menu, then Share): everyone gets the same cards."
            )
        if self.seating.levels:
            raise ValueError(
                "A game with a level chosen for each computer can't be sent as a challenge: a challenge plays "
                "every computer at one level. Share the deal instead (Menu, then Share)."
            )
        return self.desk.make(self.game, self.level(), now)

    def take_challenge_changes(self) -> dict[str, str]:
        """The challenge records changed since the last call, as (key, text) to store."""
        return self.desk.take_changes()

    # ----- watching a game again, kept games, the pad, settings ------------------

    def open_watch(self, game: Game, title: str, back: str = "games", seating: Seating = ALONE) -> None:
        """Show ``game`` move by move from the deal (a copy: the game itself is never changed), played by
        ``seating``'s people."""
        self.watch = Watch(game.copy(), title, level=self.level(), seating=seating)
        self.watch_back = back if back in SCREENS else "games"
        self.screen = "watch"
        self.sheet = None

    def read_kept(self, key: str) -> tuple[KeptGame, saves.Copy] | None:
        """The kept game listed under ``key`` and its save read back (None for a key not listed)."""
        kept = next((k for k in self.kept if k.key == key), None)
        return None if kept is None else (kept, saves.read(saves.PRIMARY, kept.save))

    def pad_input(self, key: str, value: str) -> None:
        """A value typed or chosen on the score pad (both strings untrusted)."""
        if isinstance(key, str) and isinstance(value, str) and len(key) <= 40 and not self.elsewhere:
            self.pad_note(self.pads.input(key, value))

    def pad_note(self, message: Message | None) -> None:
        self.note = Note(*message) if message else None

    def change_setting(self, key: str, value: str | bool) -> None:
        """Change one setting from the Settings form; rules apply to the next game."""
        before = self.settings
        try:
            self.settings = self.settings.with_change(key, value)
        except ValueError as err:
            self.note = Note(str(err) if str(err).endswith(".") else "That choice doesn't fit these rules.", "error")
            return
        self.settings_dirty = True
        if key == "level":
            self.forget_bots()
        if key == "hand_order":  # picking a sort again ends the player's own order
            self.session.sort_hand()
        dropped = house_dropped(before, self.settings)
        self.note = Note(dropped) if dropped else None


def on_screen(app: App, arg: str) -> None:
    """Go to another screen (the menu closes); "hands" only once the round is over."""
    app.sheet = None
    if app.share_url:  # a link just made belongs to the screen it was made on
        app.share_url = ""
        app.note = None
    if arg in SCREENS and arg != app.screen and app.note is not None and app.note.kind == "error":
        app.note = None  # a refusal belongs to the screen whose tap it answered
    if arg in SCREENS and arg != "table" and app.lesson_offer and app.note is not None:
        app.note = None  # the table's welcome (the lesson stays offered there): not a note for the score pad
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
    for feature in (
        turn, handling, panels, watch_taps, challenge_taps, games_taps, settings_taps, rules_taps, seating_taps,
        lesson_taps,
    ):
        feature.register(table)
    return table


TAPS = build_taps()
TABLE_ACTS = turn.acts() | handling.acts()
"""The taps that play (cards, moves, hints): refused while the device is being passed."""
