"""The QR encoder: codes a camera reads back as the same link.

Two independent checks: matrices the reference encoder ``qrcode`` 8.2 (PyPI) made for fixed inputs
and masks, and a small decoder written here from the standard (format bits, unmasking, the zigzag,
the blocks' Reed-Solomon syndromes, byte mode) that reads back whatever we encode.
"""

from __future__ import annotations

import hashlib
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ui.qr.draw import QUIET, TOO_LONG, svg
from ui.qr.encode import BLOCKS, ECC_PER_BLOCK, Code, Level, TooLong, alignment_positions, choose, encode

# ---- a decoder, from the standard ----

ALIGNMENT = {
    1: [], 2: [6, 18], 3: [6, 22], 4: [6, 26], 5: [6, 30], 6: [6, 34], 7: [6, 22, 38], 8: [6, 24, 42],
    9: [6, 26, 46], 10: [6, 28, 50], 11: [6, 30, 54], 12: [6, 32, 58], 13: [6, 34, 62], 14: [6, 26, 46, 66],
    15: [6, 26, 48, 70], 16: [6, 26, 50, 74], 17: [6, 30, 54, 78], 18: [6, 30, 56, 82], 19: [6, 30, 58, 86],
    20: [6, 34, 62, 90], 32: [6, 34, 60, 86, 112, 138], 36: [6, 24, 50, 76, 102, 128, 154],
    40: [6, 30, 58, 86, 114, 142, 170],
}  # fmt: skip
"""Annex E of the standard: the rows and columns of the alignment patterns' centres."""

LEVEL_OF_BITS = {1: "L", 0: "M", 3: "Q", 2: "H"}
EXP = [0] * 512
LOG = [0] * 256
_x = 1
for _i in range(255):
    EXP[_i] = _x
    LOG[_x] = _i
    _x <<= 1
    if _x & 0x100:
        _x ^= 0x11D
for _i in range(255, 512):
    EXP[_i] = EXP[_i - 255]


def function_modules(version: int) -> set[tuple[int, int]]:
    """(x, y) of every module that isn't data: finders with separators, timing, alignment,
    format and version information, the dark module."""
    size = version * 4 + 17
    taken: set[tuple[int, int]] = set()
    for x0, y0 in ((0, 0), (size - 8, 0), (0, size - 8)):
        taken |= {(x0 + dx, y0 + dy) for dx in range(8) for dy in range(8)}
    taken |= {(6, i) for i in range(size)} | {(i, 6) for i in range(size)}
    centres = ALIGNMENT[version]
    for cx in centres:
        for cy in centres:
            if (cx, cy) in ((6, 6), (6, centres[-1]), (centres[-1], 6)):
                continue
            taken |= {(cx + dx, cy + dy) for dx in range(-2, 3) for dy in range(-2, 3)}
    taken |= {(8, i) for i in range(9)} | {(i, 8) for i in range(9)}
    taken |= {(8, size - 1 - i) for i in range(8)} | {(size - 1 - i, 8) for i in range(8)}
    if version >= 7:
        taken |= {(size - 11 + i % 3, i // 3) for i in range(18)} | {(i // 3, size - 11 + i % 3) for i in range(18)}
    return taken


def read_format(rows: tuple[tuple[bool, ...], ...]) -> tuple[Level, int]:
    """Level and mask from the copy of the format bits beside the top-left finder."""
    spots = [(8, i) for i in range(6)] + [(8, 7), (8, 8), (7, 8)] + [(14 - i, 8) for i in range(9, 15)]
    bits = sum(rows[y][x] << i for i, (x, y) in enumerate(spots)) ^ 0x5412
    data = bits >> 10
    rem = data
    for _ in range(10):
        rem = (rem << 1) ^ ((rem >> 9) * 0x537)
    assert bits & 0x3FF == rem & 0x3FF, "the format bits' BCH check fails"
    return LEVEL_OF_BITS[data >> 3], data & 7  # type: ignore[return-value]


def mask_bit(mask: int, x: int, y: int) -> bool:
    i, j = y, x  # the standard writes row i, column j
    return [
        (i + j) % 2 == 0,
        i % 2 == 0,
        j % 3 == 0,
        (i + j) % 3 == 0,
        (i // 2 + j // 3) % 2 == 0,
        (i * j) % 2 + (i * j) % 3 == 0,
        ((i * j) % 2 + (i * j) % 3) % 2 == 0,
        ((i * j) % 3 + (i + j) % 2) % 2 == 0,
    ][mask]


def syndromes_zero(block: list[int], ecc: int) -> bool:
    """A codeword block with no errors has all its Reed-Solomon syndromes zero."""
    for k in range(ecc):
        s = 0
        for byte in block:
            s = (EXP[LOG[s] + k] if s else 0) ^ byte
        if s:
            return False
    return True


def decode(rows: tuple[tuple[bool, ...], ...]) -> str:
    """Read a QR code's text back (byte mode), checking its error correction on the way."""
    size = len(rows)
    version = (size - 17) // 4
    level, mask = read_format(rows)
    taken = function_modules(version)
    bits: list[int] = []
    x = size - 1
    upward = True
    while x > 0:
        if x == 6:
            x = 5
        for y in range(size - 1, -1, -1) if upward else range(size):
            for col in (x, x - 1):
                if (col, y) not in taken:
                    bits.append(int(rows[y][col] ^ mask_bit(mask, col, y)))
        upward = not upward
        x -= 2
    words = [int("".join(map(str, bits[i : i + 8])), 2) for i in range(0, len(bits) - 7, 8)]
    count, ecc = BLOCKS[level][version], ECC_PER_BLOCK[level][version]
    total = len(words)
    short = count - total % count
    data_len = [total // count - ecc + (0 if i < short else 1) for i in range(count)]
    blocks: list[list[int]] = [[] for _ in range(count)]
    it = iter(words)
    for i in range(max(data_len)):
        for b in range(count):
            if i < data_len[b]:
                blocks[b].append(next(it))
    for _ in range(ecc):
        for b in range(count):
            blocks[b].append(next(it))
    assert all(syndromes_zero(block, ecc) for block in blocks), "a block's error correction doesn't check"
    stream = "".join(f"{w:08b}" for b in range(count) for w in blocks[b][: data_len[b]])
    assert stream[:4] == "0100", "not byte mode"
    width = 8 if version <= 9 else 16
    length = int(stream[4 : 4 + width], 2)
    start = 4 + width
    data = bytes(int(stream[start + 8 * i : start + 8 * i + 8], 2) for i in range(length))
    return data.decode("utf-8")


# ---- reference matrices, from qrcode 8.2 (same text, version, level and mask) ----

HELLO_L1_MASK0 = """
#######..#.##.#######
#.....#..###..#.....#
#.###.#.##.##.#.###.#
#.###.#..#.#..#.###.#
#.###.#...#.#.#.###.#
#.....#.....#.#.....#
#######.#.#.#.#######
........##.##........
###.########.##...#..
...#....#.....#....#.
#.#...#...#.#...#####
##..#...#.#...#....#.
#.#..##..##.#.#.#.#..
........##.#.#.#..##.
#######.#..#.###..###
#.....#.######.##....
#.###.#.#..#.###..###
#.###.#...#...##..##.
#.###.#.###.#...#.#.#
#.....#.##....#.#..#.
#######.##..#.##..###
""".split()

JOIN_LINK = "https://192.168.1.20:8000/#join=" + "".join(
    chr(65 + (i * 7) % 26) if i % 3 else "-_0123456789abcdef"[i % 18] for i in range(380)
)
"""A join link of the size the invitations make: 412 characters, a 380-character blob."""

REFERENCE = [
    ("Hand and Foot ♠♥", "M", 2, 3, "0ed76197b4c7fc7d8bdc2cdfefdc3dae884002246f385033302e321f4e9ad324"),
    (JOIN_LINK, "L", 14, 5, "5825b892fdc736fe5e74be7153293d7116e76b68f872308b59ba98bf9d3d33e1"),
    (JOIN_LINK, "M", 16, 2, "363fd0c083f93410ba2ffdeb2d418be9ee113c76136d5b86fdda431f30df4a9a"),
    ("x" * 80, "Q", 7, 6, "644bc6265d55366f7748fb2a46c82f5519d03abb91c87dcf884bbe78815bff05"),
    ("x" * 1000, "H", 36, 1, "4dee93d69a03381ad5d5abb566be67ca0e29d738fa056cf9771d75abc262efca"),
]


def picture(code: Code) -> list[str]:
    return ["".join("#" if dark else "." for dark in row) for row in code.rows]


def test_hello_matches_the_reference_encoder_module_for_module() -> None:
    assert picture(encode("HELLO", "L", version=1, mask=0)) == HELLO_L1_MASK0


@pytest.mark.parametrize(("text", "level", "version", "mask", "digest"), REFERENCE)
def test_codes_match_the_reference_encoder(text: str, level: Level, version: int, mask: int, digest: str) -> None:
    code = encode(text, level, version=version, mask=mask)
    assert hashlib.sha256("\n".join(picture(code)).encode()).hexdigest() == digest
    assert decode(code.rows) == text


@pytest.mark.parametrize("version", sorted(ALIGNMENT))
def test_alignment_patterns_sit_where_the_standard_puts_them(version: int) -> None:
    assert alignment_positions(version) == ALIGNMENT[version]


def test_a_join_link_fits_version_13_at_level_l() -> None:
    """'https://host/#join=' and a 380-character blob: 69 modules a side, 77 with the quiet zone."""
    assert choose(len(JOIN_LINK), "L") == (13, "L")
    code = encode(JOIN_LINK)
    assert (code.version, code.level, code.size) == (13, "L", 69)
    assert decode(code.rows) == JOIN_LINK


@pytest.mark.parametrize(("length", "expected"), [(170, (8, "L")), (280, (11, "L")), (440, (14, "L"))])
def test_links_of_150_to_400_characters_fit_versions_8_to_14(length: int, expected: tuple[int, str]) -> None:
    """The invitation links run from about 170 to 440 characters ('https://host/#join=' + 150-400)."""
    assert choose(length, "L") == expected


def test_level_is_raised_when_the_version_has_room() -> None:
    code = encode("HELLO")
    assert (code.version, code.level) == (1, "H")
    assert decode(code.rows) == "HELLO"


@settings(max_examples=40, deadline=None)
@given(st.text(max_size=300), st.sampled_from(["L", "M", "Q", "H"]))
def test_anything_encoded_decodes_to_the_same_text(text: str, level: Level) -> None:
    code = encode(text, level)
    assert decode(code.rows) == text
    assert "LMQH".index(code.level) >= "LMQH".index(level)


def test_every_mask_decodes() -> None:
    for mask in range(8):
        code = encode("https://example.org/#join=abc", "M", mask=mask)
        assert code.mask == mask
        assert decode(code.rows) == "https://example.org/#join=abc"


def test_text_past_the_largest_code_is_refused() -> None:
    assert encode("a" * 2953, "L").version == 40
    with pytest.raises(TooLong):
        encode("a" * 2954, "L")
    with pytest.raises(TooLong):
        encode("a" * 100, "L", version=1)


# ---- the SVG ----


def dark_cells(markup: str) -> set[tuple[int, int]]:
    cells = set()
    for x, y, w in re.findall(r"M(\d+) (\d+)h(\d+)v1h-\d+z", markup):
        cells |= {(int(x) + i, int(y)) for i in range(int(w))}
    return cells


def test_svg_draws_every_dark_module_inside_a_white_quiet_zone() -> None:
    markup = svg(JOIN_LINK, "QR code of the invitation link")
    code = encode(JOIN_LINK)
    side = code.size + 2 * QUIET
    assert f'viewBox="0 0 {side} {side}"' in markup
    assert f'<rect width="{side}" height="{side}" fill="#fff"/>' in markup
    assert 'role="img" aria-label="QR code of the invitation link"' in markup
    expected = {(x + QUIET, y + QUIET) for y, row in enumerate(code.rows) for x, dark in enumerate(row) if dark}
    assert dark_cells(markup) == expected


def test_svg_names_are_escaped_and_hostile_text_is_only_data() -> None:
    markup = svg('"><script>alert(1)</script>', '"><img src=x onerror=alert(1)>')
    assert "<script" not in markup and "<img" not in markup
    assert 'aria-label="&quot;&gt;&lt;img src=x onerror=alert(1)&gt;"' in markup
    assert svg("x", "   ").count('aria-label="QR code of the link"') == 1


def test_svg_of_text_too_long_for_any_code_is_a_sentence() -> None:
    assert svg("a" * 3000) == f'<p class="qr-problem">{TOO_LONG}</p>'
    assert svg("a" * 100_000) == f'<p class="qr-problem">{TOO_LONG}</p>'
    assert svg("\ud800") == f'<p class="qr-problem">{TOO_LONG}</p>'  # a lone surrogate isn't UTF-8
