"""The taps of handling the hand: a card dragged within the hand (the player's own order), a card
dropped on a meld or the staging area (played as a tap on it would play the selection), and Sort.

The drags come from ``ui/drag.js`` as these taps' arguments: untrusted page text, checked here."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ui.table import turn
from ui.taps import Taps, index_arg

if TYPE_CHECKING:
    from ui.app import App

DROP_TARGETS = {
    "meld": turn.on_meld, "staged": turn.on_staged, "new-meld": turn.on_new_meld, "discard": turn.on_discard
}
"""Where a dragged card may land to be played: a meld of ours, a staged meld, the staging area or our
melds' box (a new meld, staged before the first meld), the pile (discarded, as Discard would)."""


def on_move_card(app: App, arg: str) -> None:
    """``"3-7"``: the card at position 3 of the hand goes to position 7."""
    source, _, target = arg.partition("-")
    size = len(app.shown_hand())
    i, j = index_arg(source, size), index_arg(target, size)
    if i is not None and j is not None:
        app.session.move_card(i, j)


def on_sort_hand(app: App, arg: str) -> None:
    """Back to the order chosen in Settings."""
    app.session.sort_hand()


def on_drop(app: App, arg: str) -> None:
    """``"3 meld 1"``: the card at position 3 dropped on meld 1 (with the cards already selected), as if
    it was selected and the meld tapped; ``"3 discard 0"``: dropped on the pile, as if it alone was
    selected and Discard tapped."""
    parts = arg.split(" ")
    if len(parts) != 3 or parts[1] not in DROP_TARGETS:
        return
    i = index_arg(parts[0], len(app.shown_hand()))
    if i is None:
        return
    if parts[1] == "discard":
        app.selected = [i]  # the card dropped on the pile, whatever else was selected
    elif i not in app.selected:
        app.selected.append(i)
    DROP_TARGETS[parts[1]](app, parts[2])


def register(taps: Taps[App]) -> None:
    """This feature's taps."""
    taps.add("move-card", on_move_card, passive=True)
    taps.add("sort-hand", on_sort_hand, passive=True)
    taps.add("drop", on_drop)


def acts() -> frozenset[str]:
    """Every act this feature registers."""
    table: Taps[App] = Taps()
    register(table)
    return table.acts()
