"""A QR code as SVG markup: black modules on white, a quiet zone of four modules, a name for
screen readers.  Plain Python: ``ui.browser.qr`` puts it in the page."""

from __future__ import annotations

from html import escape

from ui.qr.encode import Code, TooLong, encode

QUIET = 4
"""Light modules around the code, as the standard asks: a camera finds the code by its edge."""
MAX_TEXT = 4096
"""Longer text is refused before it is encoded (no QR code holds more than 2,953 bytes)."""
TOO_LONG = "This link is too long for a QR code: send it as a link instead."
DEFAULT_LABEL = "QR code of the link"


def path(code: Code) -> str:
    """One path for every dark module, a rectangle per run of them along a row."""
    parts = []
    for y, row in enumerate(code.rows):
        x = 0
        while x < code.size:
            if not row[x]:
                x += 1
                continue
            start = x
            while x < code.size and row[x]:
                x += 1
            parts.append(f"M{start + QUIET} {y + QUIET}h{x - start}v1h-{x - start}z")
    return "".join(parts)


def svg(text: str, label: str = DEFAULT_LABEL) -> str:
    """The QR code of ``text`` as an SVG element (a sentence instead when it can't hold it)."""
    name = escape(label.strip()[:200] or DEFAULT_LABEL)
    try:
        if len(text) > MAX_TEXT:
            raise TooLong(f"{len(text)} characters")
        code = encode(text, "L")
    except (TooLong, UnicodeError):
        return f'<p class="qr-problem">{escape(TOO_LONG)}</p>'
    side = code.size + 2 * QUIET
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {side} {side}" role="img" aria-label="{name}" '
        f'data-modules="{side}" data-version="{code.version}" data-level="{code.level}" shape-rendering="crispEdges">'
        f'<rect width="{side}" height="{side}" fill="#fff"/><path fill="#000" d="{path(code)}"/></svg>'
    )
