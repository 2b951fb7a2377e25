"""What the device does beyond the page: a short generated tone and a buzz for the player's turn and
the computers' plays (Settings, Sound and vibration, off by default), and the screen kept awake
during play (Wake Lock, let go while the page is hidden and taken again when it shows).

Every API here may be missing (an older browser, a desktop without a vibrator, no Wake Lock): then
nothing happens.  The tones are made with WebAudio; no sound file is fetched."""

from __future__ import annotations

import asyncio
import time
from typing import TYPE_CHECKING, Any

from pyodide.ffi import to_js
from pyscript import document, window

from ui.table.cues import PLAY, TURN, cue_after_move

if TYPE_CHECKING:
    from ui.app import App

TONES = {TURN: ((660.0, 0.0, 0.12), (880.0, 0.13, 0.16)), PLAY: ((440.0, 0.0, 0.06),)}
"""Each cue's notes: (frequency in Hz, start and length in seconds), quiet sine tones."""
BUZZ = {TURN: [60, 50, 60], PLAY: [15]}
"""Each cue's vibration pattern in milliseconds."""
VOLUME = 0.12
MIN_GAP = 0.12
"""Seconds between two cues at least (quick computers make several moves a second)."""


class Feel:
    """The cues and the Wake Lock for one page."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.audio: Any = None  # made at the first cue: browsers start audio only after a tap
        self.last = 0.0
        self.lock: Any = None
        self.asking = False
        self.task: asyncio.Future[None] | None = None
        self.played: list[str] = []  # the cues given, newest last (the page shows the count for tests)

    # ----- cues --------------------------------------------------------------------------------

    def after_move(self) -> None:
        """Called after every move on the table: give its cue if the player wants them."""
        app = self.app
        if not app.settings.sound:
            return
        cue = cue_after_move(app.game, app.humans)
        now = time.monotonic()
        if not cue or (cue == PLAY and now - self.last < MIN_GAP):
            return
        self.last = now
        self.played.append(cue)
        del self.played[:-20]
        document.body.dataset.cues = str(len(self.played))
        document.body.dataset.cue = cue
        self.tone(cue)
        self.buzz(cue)

    def tone(self, cue: str) -> None:
        try:
            if self.audio is None:
                maker = getattr(window, "AudioContext", None) or getattr(window, "webkitAudioContext", None)
                if not maker:
                    return
                self.audio = maker.new()
            audio = self.audio
            if str(audio.state) == "suspended":
                audio.resume()
            start = audio.currentTime
            for frequency, at, length in TONES[cue]:
                osc, gain = audio.createOscillator(), audio.createGain()
                osc.type = "sine"
                osc.frequency.value = frequency
                gain.gain.setValueAtTime(VOLUME, start + at)
                gain.gain.exponentialRampToValueAtTime(0.001, start + at + length)
                osc.connect(gain)
                gain.connect(audio.destination)
                osc.start(start + at)
                osc.stop(start + at + length)
        except Exception as err:  # no sound is no reason to stop the game
            window.console.warn("sound:", repr(err))

    def buzz(self, cue: str) -> None:
        navigator = window.navigator
        if not getattr(navigator, "vibrate", None):
            return
        try:
            navigator.vibrate(to_js(BUZZ[cue]))
        except Exception:
            pass  # refused (no tap yet on this page): nothing to do

    # ----- the screen kept awake -----------------------------------------------------------------

    def keep_awake(self, *_args: Any) -> None:
        """Take the Wake Lock while the page shows (called at the start and whenever it shows again)."""
        if str(document.visibilityState) != "visible" or self.lock is not None or self.asking:
            return
        wake = getattr(window.navigator, "wakeLock", None)
        if not wake:
            return
        self.asking = True
        self.task = asyncio.ensure_future(self._request(wake))  # kept: a pending task is not collected

    async def _request(self, wake: Any) -> None:
        try:
            self.lock = await wake.request("screen")
            document.body.dataset.awake = "1"
        except Exception:
            self.lock = None  # refused (battery saver, no permission): the screen may sleep
        finally:
            self.asking = False

    def on_visibility(self, event: Any = None) -> None:
        """The page hid or showed: let the lock go, or take it again."""
        if str(document.visibilityState) == "visible":
            self.keep_awake()
            return
        lock, self.lock = self.lock, None
        document.body.dataset.awake = "0"
        if lock is not None:
            try:
                lock.release()
            except Exception:
                pass
