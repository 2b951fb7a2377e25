"""The records kept on the device beside the save: read at the start (settings, statistics, score
pads, challenges), and the games put aside (kept, resumed, deleted) and damaged copies kept aside."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from pyscript import window

from engine.errors import LoadError
from engine.state import Game
from ui import saves
from ui.app import App
from ui.browser.saving import (
    CHALLENGE_LOCAL_PREFIX,
    GAME_KEY,
    NAMES_KEY,
    PAD_LOCAL_PREFIX,
    QUICK_GAME_KEY,
    QUICK_NAMES_KEY,
    QUICK_SETTINGS_KEY,
    QUICK_STATS_KEY,
    SETTINGS_KEY,
    STATS_KEY,
)
from ui.browser.storage import Stores, local_items, quick_drop, quick_get, quick_set
from ui.challenge import model as challenge
from ui.games import model as games
from ui.pad import model as pad
from ui.seating import remembered
from ui.seating.model import ALONE
from ui.settings.model import choose_settings
from ui.stats import model as stats
from ui.taps import Note

if TYPE_CHECKING:
    from ui.browser.saving import Saver

KEPT_LOCAL_PREFIX = "handfoot-" + saves.KEPT_PREFIX
KEPT_LOCAL_LIMIT = 2  # localStorage is small and also holds the quick copy


def app_with_settings(stores: Stores) -> App:
    """An app with the newer of the two stored copies of the settings (both brought in step), and the names
    remembered for the seat chooser (the newer readable copy; anything else: none)."""
    primary, quick = stores.get(SETTINGS_KEY), quick_get(QUICK_SETTINGS_KEY)
    settings, seq = choose_settings(primary, quick)
    made = App(settings)
    made.settings_seq = seq
    made.settings_dirty = (primary is not None or quick is not None) and primary != quick
    names_primary, names_quick = stores.get(NAMES_KEY), quick_get(QUICK_NAMES_KEY)
    made.remembered, names_seq = remembered.choose(names_primary, names_quick)
    made.remembered_seq = max(names_seq, 0)
    made.remembered_dirty = bool(made.remembered) and names_primary != names_quick  # bring both in step
    return made


class Records:
    """Reads the stored records into the app, and keeps, resumes and deletes the games put aside."""

    def __init__(self, app: App, stores: Stores, saver: Saver) -> None:
        self.app = app
        self.stores = stores
        self.saver = saver

    # ----- read at the start ------------------------------------------------------------------

    def load_challenges(self) -> None:
        """Every challenge kept here: IndexedDB's records, and localStorage's where IndexedDB has none or less."""
        found = {r.key: r for r in challenge.records(dict(self.stores.store.items()))}
        local = {k[len("handfoot-") :]: v for k, v in local_items(CHALLENGE_LOCAL_PREFIX).items()}
        for record in challenge.records(local):
            mine = found.get(record.key)
            if mine is None or (mine.mine is None and record.mine is not None):
                found[record.key] = record
                record.changed = True  # bring IndexedDB up to date
        self.app.challenges = found

    def load_pads(self) -> None:
        """The score pads: the newer of each pad's two copies; a newer localStorage copy goes back to IndexedDB."""
        desk = self.app.pads
        pads, bad, writes = pad.choose(self.stores.store, local_items(PAD_LOCAL_PREFIX), PAD_LOCAL_PREFIX)
        desk.pads, desk.unreadable = pads, bad
        today = window.Date.new()  # the player's own calendar day, for a new pad's date
        desk.today = f"{int(today.getFullYear()):04d}-{int(today.getMonth()) + 1:02d}-{int(today.getDate()):02d}"
        for key, text in writes.items():
            self.saver.put(key, text)

    def load_history(self) -> None:
        """The finished games counted, from both stored copies (each game once; unreadable ones left out)."""
        primary = stats.load(self.stores.get(STATS_KEY))
        app = self.app
        app.finished = stats.merge(primary, stats.load(quick_get(QUICK_STATS_KEY)))
        app.finished_dirty = {s.key for s in app.finished} != {s.key for s in primary}  # bring IndexedDB in step

    def keep_aside(self, copies: tuple[saves.Copy, ...]) -> None:
        """Keep each bad copy aside (capped in size, a few at most, the oldest dropped), and clear where it was.

        In IndexedDB when it opened; else in localStorage, since the stand-in dict dies with the page.
        (pyscript's Storage is a dict subclass, so which one this is can't be told by its type.)
        """
        if not copies:
            return
        stamp = int(time.time() * 1000)
        store = self.stores.store
        if self.stores.problem is None:
            plan = saves.keep_aside(store, copies, stamp)
            for key, text in plan.writes.items():
                store[key] = text
            for key in plan.drops:
                del store[key]
        else:
            plan = saves.keep_aside(local_items(KEPT_LOCAL_PREFIX), copies, stamp, KEPT_LOCAL_PREFIX, KEPT_LOCAL_LIMIT)
            for key, text in plan.writes.items():
                quick_set(key, text)
            for key in plan.drops:
                quick_drop(key)
        for copy in copies:
            if copy.source == saves.PRIMARY:
                # Out of the in-memory copy only: the save that boot writes next (in a transaction
                # of ours) replaces it on the disk, and a delete sent now could land after that save.
                self.stores.forget(GAME_KEY)
            else:
                quick_drop(QUICK_GAME_KEY)

    # ----- games put aside ----------------------------------------------------------------------

    def refresh_kept(self) -> None:
        """The Games screen's lists, from the store: games put aside, and damaged copies kept aside."""
        store = self.stores.store
        self.app.kept = games.kept_games(store)
        self.app.kept_copies = saves.kept_copies(store) if self.stores.problem is None else saves.kept_copies(
            local_items(KEPT_LOCAL_PREFIX), KEPT_LOCAL_PREFIX
        )

    def restore_copy(self, key: str) -> None:
        """Bring a copy kept aside back to the table, if it loads; the game there is put aside."""
        app = self.app
        kept = next((k for k in app.kept_copies if k.key == key), None)
        if kept is None:
            return
        try:
            game = saves.restore(kept)
        except LoadError as err:
            app.note = Note(str(err), "error")
            return
        old = app.game
        app.resume_game(game, app.save_seq, ALONE)
        app.dirty = True
        kept_note = self.keep_replaced(old)
        self.refresh_kept()
        app.note = Note(f"The copy kept aside is back on the table (deal {game.deal_number:,}). {kept_note}".strip())

    def keep_replaced(self, old: Game) -> str:
        """Put ``old`` aside among the kept games if another game took its place; a note saying so, or ''."""
        if not old.history or games.same_game(old, self.app.game):  # Undo's copy is the same game
            return ""
        played = int(time.time() * 1000)
        store = self.stores.store
        key = games.new_key(store, played)
        seating = self.app.session.seating_for(old)
        people = tuple(name for _seat, name in seating.people) if seating.together else ()
        self.saver.put(key, games.record(old, saves.dump(old, 0, seating), played, people))
        for stale in games.over_cap(games.kept_games(store)):
            self.drop_kept(stale)
        self.refresh_kept()
        self.saver.spawn(self.saver.writer())
        return f"Your game of deal {old.deal_number:,} is kept under Games."

    def drop_kept(self, key: str) -> None:
        if key.startswith(KEPT_LOCAL_PREFIX):
            self.saver.pending_extra.pop(key, None)
            quick_drop(key)
            return
        self.saver.drop(key)
        self.saver.spawn(self.saver.writer())

    def resume_kept(self, key: str) -> None:
        """Bring a kept game back to the table, putting the one there aside."""
        app = self.app
        found = app.read_kept(key)
        if found is None:
            return
        _kept, copy = found
        if copy.game is None:
            app.note = Note(f"That game can't be resumed: {copy.problem or saves.UNREADABLE}", "error")
            return
        old = app.game
        app.resume_game(copy.game, app.save_seq, copy.seating, copy.shown)
        app.dirty = True
        self.drop_kept(key)
        kept_note = self.keep_replaced(old)
        self.refresh_kept()
        app.note = Note(f"Deal {copy.game.deal_number:,} is back on the table. {kept_note}".strip())

    def with_kept_note(self, old: Game) -> None:
        """After a tap that may have replaced the game: keep the old one, and say so in the note."""
        kept = self.keep_replaced(old)
        if kept:
            app = self.app
            app.note = Note(f"{app.note.text} {kept}" if app.note else kept)
