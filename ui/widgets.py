"""Small HTML pieces shared by every screen: escaping, buttons and card faces."""

from __future__ import annotations

from engine import cards as C

SUIT_CLASSES = ("s-clubs", "s-diamonds", "s-hearts", "s-spades")
ROOK_CLASSES = ("r-black", "r-red", "r-yellow", "r-green")


def esc(text: object) -> str:
    """Escape any value for HTML text and attribute values (as ``html.escape(text, quote=True)``).

    Written out because importing ``html`` (it loads ``html.entities``) costs about 40 ms of the
    app's start-up in Pyodide.
    """
    return (
        str(text)
        .replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace('"', "&quot;")
        .replace("'", "&#x27;")
    )


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
    return label[:-1], label[-1], SUIT_CLASSES[C.suit(card)]


def card_button(card: int, index: int, *, pressed: bool, meldable: bool) -> str:
    big, small, cls = card_face(card)
    classes = f"card {cls}" + (" meldable" if meldable else "") + (" wild" if C.is_wild(card) else "")
    return (
        f'<button type="button" class="{classes}" data-act="card" data-arg="{index}" '
        f'aria-pressed="{"true" if pressed else "false"}" aria-label="{esc(C.name(card))}">'
        f'<span class="big" aria-hidden="true">{esc(big)}</span>'
        f'<span class="small" aria-hidden="true">{esc(small)}</span></button>'
    )


def mini_card(card: int) -> str:
    """A small face-up card that is not a control (table, pile, revealed hands)."""
    big, small, cls = card_face(card)
    return (
        f'<span class="mini {cls}" role="img" aria-label="{esc(C.name(card))}">'
        f'<span aria-hidden="true">{esc(big)}{esc(small if len(small) == 1 else "")}</span></span>'
    )


def card_row(cards: list[int] | tuple[int, ...]) -> str:
    if not cards:
        return '<span class="none">none</span>'
    return '<span class="minis">' + "".join(mini_card(c) for c in cards) + "</span>"
