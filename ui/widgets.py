"""Small HTML pieces shared by every screen: escaping, buttons and card faces."""

from __future__ import annotations

import html

from engine import cards as C

SUIT_CLASSES = ("s-clubs", "s-diamonds", "s-hearts", "s-spades")
ROOK_CLASSES = ("r-black", "r-red", "r-yellow", "r-green")


def esc(text: object) -> str:
    """Escape any value for HTML text and attribute values.

    The standard library's ``html`` is already imported by PyScript before the app starts, and
    comes from the compiled standard library, so it costs the start nothing (measured under Node).
    """
    return html.escape(str(text), quote=True)


def button(act: str, label: str, *, arg: str = "", cls: str = "", disabled: bool = False, extra: str = "") -> str:
    """A real button the entry module dispatches on by ``data-act``."""
    attrs = f' data-arg="{esc(arg)}"' if arg else ""
    attrs += f' class="{esc(cls)}"' if cls else ""
    attrs += " disabled" if disabled else ""
    return f'<button type="button" data-act="{esc(act)}"{attrs}{extra}>{label}</button>'


# ----- cards -------------------------------------------------------------------


def card_face(card: int) -> tuple[str, str, str]:
    """(big text, small text, CSS class) for a card's face."""
    if C.is_rook(card):
        if card == C.ROOK_BIRD:
            return "Rook", "bird", "r-bird"
        return str(C.rank(card)), C.COLOUR_NAMES[C.suit(card)], ROOK_CLASSES[C.suit(card)]
    if card == C.JOKER:
        return "Jk", "★", "joker"
    label = C.label(card)
    red3 = " red3" if C.is_red_three(card) else ""  # stays red in four-colour mode: it is called red
    return label[:-1], label[-1], SUIT_CLASSES[C.suit(card)] + red3


def face_text(card: int) -> str:
    """The text printed on a card, as a sighted player reads it: '4♥', 'Jk★', '14 green'."""
    big, small, _ = card_face(card)
    return f"{big}{small}" if len(small) == 1 else f"{big} {small}"


def card_label(card: int) -> str:
    """A card's accessible name: its printed text, then the card in words ('4♥, four of hearts')."""
    return f"{face_text(card)}, {C.name(card)}"


def card_button(
    card: int, index: int, *, pressed: bool, meldable: bool, fresh: bool = False, act: str = "card"
) -> str:
    big, small, cls = card_face(card)
    classes = (
        f"card {cls}" + (" meldable" if meldable else "") + (" wild" if C.is_wild(card) else "")
        + (" fresh" if fresh else "")
    )
    gap = "" if len(small) == 1 else " "  # the text content reads as the name begins: '14 green'
    return (
        f'<button type="button" class="{classes}" data-act="{act}" data-arg="{index}" '
        f'aria-pressed="{"true" if pressed else "false"}" aria-label="{esc(card_label(card))}">'
        f'<span class="big" aria-hidden="true">{esc(big)}</span>{gap}'
        f'<span class="small" aria-hidden="true">{esc(small)}</span></button>'
    )


def mini_card(card: int, fresh: bool = False) -> str:
    """A small face-up card that is not a control (table, pile, revealed hands)."""
    big, small, cls = card_face(card)
    shown = big + (small if len(small) == 1 else "")
    return (
        f'<span class="mini {cls}{" fresh" if fresh else ""}" role="img" aria-label="{esc(C.name(card))}">'
        f'<span aria-hidden="true">{esc(shown)}</span></span>'
    )


def card_row(cards: list[int] | tuple[int, ...], fresh: int = 0) -> str:
    """Cards as small faces; the last ``fresh`` of them marked as just played."""
    if not cards:
        return '<span class="none">none</span>'
    start = len(cards) - fresh
    return '<span class="minis">' + "".join(mini_card(c, i >= start) for i, c in enumerate(cards)) + "</span>"
