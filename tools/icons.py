"""Draw the app icons (green felt, white card, red diamond, black spade) as PNGs, stdlib only."""

from __future__ import annotations

import math
import struct
import sys
import zlib
from pathlib import Path

FELT = (11, 102, 56)
CARD = (250, 250, 245)
RED = (200, 30, 45)
BLACK = (20, 20, 20)
Color = tuple[int, int, int]


def png_bytes(width: int, height: int, rows: list[bytes]) -> bytes:
    """Encode 8-bit RGB rows (no filter byte) as a PNG file."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    raw = b"".join(b"\x00" + row for row in rows)
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")


def _rounded_rect(x: float, y: float, half_w: float, half_h: float, r: float) -> float:
    """Signed distance from (x, y) to a rounded rectangle centred at the origin."""
    qx, qy = abs(x) - half_w + r, abs(y) - half_h + r
    outside = math.hypot(max(qx, 0.0), max(qy, 0.0))
    return outside + min(max(qx, qy), 0.0) - r


def _diamond(x: float, y: float, a: float, b: float) -> float:
    """Approximate signed distance to a rhombus with half-diagonals a (x) and b (y)."""
    return (abs(x) / a + abs(y) / b - 1.0) * a * b / math.hypot(a, b)


def _spade(x: float, y: float, s: float) -> float:
    """Rough signed distance to a spade of size s: two lobes, a point and a stem."""
    lobes = min(math.hypot(x - 0.5 * s, y - 0.1 * s), math.hypot(x + 0.5 * s, y - 0.1 * s))
    lobes -= 0.55 * s
    point = _diamond(x, y + 0.35 * s, 0.95 * s, 0.75 * s)
    stem = _diamond(x, y - 0.75 * s, 0.35 * s, 0.5 * s)
    return min(lobes, point, stem)


def _mix(under: Color, over: Color, alpha: float) -> Color:
    a = min(max(alpha, 0.0), 1.0)
    return (
        round(under[0] + (over[0] - under[0]) * a),
        round(under[1] + (over[1] - under[1]) * a),
        round(under[2] + (over[2] - under[2]) * a),
    )


def draw_icon(size: int, maskable: bool = False) -> bytes:
    """Return a size x size PNG; a maskable icon keeps the card inside the 80% safe zone."""
    scale = size * (0.30 if maskable else 0.40)  # half the card's height in pixels
    half_w, half_h, radius = scale * 0.72, scale, scale * 0.14
    rows = []
    for py in range(size):
        row = bytearray()
        y = py + 0.5 - size / 2
        for px in range(size):
            x = px + 0.5 - size / 2
            color = FELT
            card = _rounded_rect(x, y, half_w, half_h, radius)
            if card < 1.0:
                color = _mix(color, CARD, 0.5 - card)
                color = _mix(color, RED, 0.5 - _diamond(x, y + 0.18 * scale, 0.3 * scale, 0.45 * scale))
                s = 0.16 * scale
                color = _mix(color, BLACK, 0.5 - _spade(x - 0.36 * scale, y - 0.62 * scale, s))
            row += bytes(color)
        rows.append(bytes(row))
    return png_bytes(size, size, rows)


ICONS = {
    "icon-192.png": (192, False),
    "icon-512.png": (512, False),
    "maskable-512.png": (512, True),
    # iOS's home screen: 180x180 (an iPhone's @3x), opaque (iOS fills transparency with black and
    # rounds the corners itself); linked from index.html as rel="apple-touch-icon".
    "apple-touch-icon-180.png": (180, False),
}


def write_icons(out_dir: Path) -> list[Path]:
    """Write every icon into out_dir and return their paths."""
    out_dir.mkdir(parents=True, exist_ok=True)
    paths = []
    for name, (size, maskable) in ICONS.items():
        path = out_dir / name
        path.write_bytes(draw_icon(size, maskable))
        paths.append(path)
    return paths


if __name__ == "__main__":
    for p in write_icons(Path(sys.argv[1] if len(sys.argv) > 1 else "icons")):
        print(p)
