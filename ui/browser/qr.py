"""Hands the QR encoder to the page's drawing script (``ui/qr.js``): ``window.hfQrSvg(text, label)``
returns a QR code's SVG.  The encoder (``ui.qr``) is imported on the first code drawn, not at
start-up."""

from __future__ import annotations

from typing import Any

from pyodide.ffi import create_proxy
from pyscript import document, window


def qr_svg(text: Any, label: Any = "") -> str:
    """The SVG of ``text``'s QR code, named ``label``; a sentence when the text can't be one."""
    from ui.qr.draw import svg  # here: imported on the first code, not at start-up

    return svg(text if isinstance(text, str) else "", label if isinstance(label, str) else "")


def install() -> None:
    """Offer the encoder to ``ui/qr.js`` and have it draw any code already in the page."""
    window.hfQrSvg = create_proxy(qr_svg)
    document.dispatchEvent(window.CustomEvent.new("hf-qr-ready"))
