"""The Settings screen: a new game, the rules and house rules, the computers, cards and motion."""

from __future__ import annotations

from engine.deal import MAX_DEAL
from engine.rules import preset
from engine.state import Game
from ui.rules.text import shown_title
from ui.settings.model import (
    EXPERT_NOTE,
    HOUSE_CHOICES,
    LEVELS,
    PRESET_NAMES,
    PRESET_TITLES,
    SPEEDS,
    Settings,
    switch_options,
    switch_value,
    switches_for,
)
from ui.table.order import HAND_ORDERS
from ui.widgets import button, esc

DEAL_TYPED_MAX = 12
"""The deal number box takes this many characters (1,000,000,000 with its commas fits, and more is no number)."""

DEAL_RULE = f"A deal number is a whole number from 1 to {MAX_DEAL:,}."

FITS_PHONE_SELECT = 31
"""A choice's text longer than this is cut by a closed select at 360px wide (about 277 px of room for the
text: measured 2026-12-03, 31 characters took 255-258 px, 32 took 277), so it is also shown whole below."""


def _select(key: str, label: str, options: list[tuple[str, str]], current: str) -> str:
    ident = "set-" + key.replace(":", "-").replace("_", "-")
    opts = "".join(
        f'<option value="{esc(v)}"{" selected" if v == current else ""}>{esc(text)}</option>' for v, text in options
    )
    chosen = next((text for v, text in options if v == current), "")
    # Hidden from screen readers: the select itself says the whole choice; this line is for the eye.
    whole = f'<p class="choice-full" aria-hidden="true">{esc(chosen)}</p>' if len(chosen) > FITS_PHONE_SELECT else ""
    return (
        f'<div class="field"><label for="{esc(ident)}">{esc(label)}</label>'
        f'<select id="{esc(ident)}" data-setting="{esc(key)}">{opts}</select>{whole}</div>'
    )


def _check(key: str, label: str, on: bool) -> str:
    ident = "set-" + key.replace("_", "-")
    return (
        f'<div class="field check"><input type="checkbox" id="{esc(ident)}" data-setting="{esc(key)}"'
        f'{" checked" if on else ""}><label for="{esc(ident)}">{esc(label)}</label></div>'
    )


def settings_screen(s: Settings, house_open: bool, game: Game, storage_kept: str = "", refused: str = "") -> str:
    """The Settings screen: ``s`` as chosen, the house rules unfolded or not, the game on the table named,
    whether the browser promised to keep this device's saves (``storage_kept``, '' when unknown), and a
    deal number typed and refused (``refused``: kept in its box, with what a deal number is beside it)."""
    base = preset(s.preset)
    house = []
    table = ""
    for key in switches_for(base):  # a switch that changes nothing under these rules is left out
        label = HOUSE_CHOICES[key][0]
        options, current = switch_options(base, key, s.house.get(key, switch_value(base, key)))
        select = _select("house:" + key, label, options, current)
        if key == "players":
            table = select  # the table size goes outside the folded house rules
        else:
            house.append(select)
    presets = [(name, PRESET_TITLES[name]) for name in PRESET_NAMES]
    refused_part = (
        f' value="{esc(refused)}" aria-invalid="true" aria-describedby="deal-error">'
        f'<p class="tip field-error" id="deal-error">{esc(DEAL_RULE)}</p>'
        if refused
        else ">"
    )
    return (
        '<section class="panel settings" aria-labelledby="settings-title">'
        '<h2 id="settings-title">Settings</h2>'
        '<form class="new-game" data-form="new-game">'
        "<h3>New game</h3>"
        '<div class="field"><label for="deal-input">Deal number (empty for a random deal)</label>'
        f'<input id="deal-input" name="deal" inputmode="numeric" autocomplete="off" maxlength="{DEAL_TYPED_MAX}"'
        f"{refused_part}</div>"
        '<button type="submit" class="primary">Start new game</button>'
        f'<p class="tip">New games use the rules below. This game: deal {game.deal_number:,}, '
        f"{esc(shown_title(game.rules))}.</p></form>"
        "<h3>Rules</h3>"
        + _select("preset", "Rule set", presets, s.preset)
        + table
        + f'<details class="house" data-details="house"{" open" if house_open else ""}>'
        + "<summary>House rules</summary>"
        + "".join(house)
        + "</details>"
        "<h3>Computer players</h3>"
        + _select("level", "Level", list(LEVELS), s.level)
        + f'<p class="tip level-note">{esc(EXPERT_NOTE)}</p>'
        + _select("speed", "Speed", list(SPEEDS), s.speed)
        + "<h3>Cards and motion</h3>"
        + _check("four_colour", "Four-colour cards (diamonds blue, clubs green)", s.four_colour)
        + _check("reduced_motion", "Reduced motion (computer moves without pauses)", s.reduced_motion)
        + _check("larger_cards", "Larger cards", s.larger_cards)
        + _select("hand_order", "Hand order", list(HAND_ORDERS), s.hand_order)
        + _check("sound", "Sound and vibration (your turn, the computers' plays)", s.sound)
        + (f'<p class="tip storage-kept">{esc(storage_kept)}</p>' if storage_kept else "")
        + '<div class="row">'
        + button("screen", "Back to the table", arg="table", cls="primary")
        + "</div></section>"
    )
