"""A QR code encoder (ISO/IEC 18004), byte mode only: the text of a link to a grid of modules.

Plain Python (the standard library's typing aside), so it ships compiled in ``app.zip`` (about 5 kB) instead of a
package installed at run time (see the README's "QR codes").  The steps and tables follow the
standard: the data bits, Reed-Solomon error correction per block, the blocks interleaved, the
function patterns, the codewords placed in their zigzag, and the mask with the lowest penalty.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

Level = Literal["L", "M", "Q", "H"]

LEVELS: tuple[Level, ...] = ("L", "M", "Q", "H")
FORMAT_BITS = {"L": 1, "M": 0, "Q": 3, "H": 2}
"""The two bits that name the error-correction level in the format information."""
# fmt: off
ECC_PER_BLOCK = {
    "L": (0, 7, 10, 15, 20, 26, 18, 20, 24, 30, 18, 20, 24, 26, 30, 22, 24, 28, 30, 28, 28, 28, 28, 30, 30, 26,
          28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30),
    "M": (0, 10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26, 26, 28, 28, 28, 28,
          28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28),
    "Q": (0, 13, 22, 18, 26, 18, 24, 18, 22, 20, 24, 28, 26, 24, 20, 30, 24, 28, 28, 26, 30, 28, 30, 30, 30, 30,
          28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30),
    "H": (0, 17, 28, 22, 16, 22, 28, 26, 26, 24, 28, 24, 28, 22, 24, 24, 30, 28, 28, 26, 28, 30, 24, 30, 30, 30,
          30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30),
}
"""Error-correction codewords in each block, by level and version (index 0 unused)."""
BLOCKS = {
    "L": (0, 1, 1, 1, 1, 1, 2, 2, 2, 2, 4, 4, 4, 4, 4, 6, 6, 6, 6, 7, 8, 8, 9, 9, 10, 12, 12, 12, 13, 14, 15, 16,
          17, 18, 19, 19, 20, 21, 22, 24, 25),
    "M": (0, 1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16, 17, 17, 18, 20, 21, 23, 25, 26, 28,
          29, 31, 33, 35, 37, 38, 40, 43, 45, 47, 49),
    "Q": (0, 1, 1, 2, 2, 4, 4, 6, 6, 8, 8, 8, 10, 12, 16, 12, 17, 16, 18, 21, 20, 23, 23, 25, 27, 29, 34, 34, 35,
          38, 40, 43, 45, 48, 51, 53, 56, 59, 62, 65, 68),
    "H": (0, 1, 1, 2, 4, 4, 4, 5, 6, 8, 8, 11, 11, 16, 16, 18, 16, 19, 21, 25, 25, 25, 34, 30, 32, 35, 37, 40, 42,
          45, 48, 51, 54, 57, 60, 63, 66, 70, 74, 77, 81),
}
"""Error-correction blocks, by level and version (index 0 unused)."""
# fmt: on
MAX_VERSION = 40


class TooLong(ValueError):
    """The text doesn't fit in the largest QR code at the level asked for."""


@dataclass(frozen=True)
class Code:
    """A QR code: ``rows[y][x]`` is True for a dark module; no quiet zone included."""

    version: int
    level: Level
    mask: int
    rows: tuple[tuple[bool, ...], ...]

    @property
    def size(self) -> int:
        return len(self.rows)


def raw_modules(version: int) -> int:
    """Modules left for data and error correction once the function patterns are drawn."""
    result = (16 * version + 128) * version + 64
    if version >= 2:
        aligns = version // 7 + 2
        result -= (25 * aligns - 10) * aligns - 55
        if version >= 7:
            result -= 36
    return result


def data_capacity(version: int, level: Level) -> int:
    """Data codewords (bytes) a version holds at a level."""
    return raw_modules(version) // 8 - ECC_PER_BLOCK[level][version] * BLOCKS[level][version]


def byte_capacity(version: int, level: Level) -> int:
    """How many bytes of text fit in byte mode (4 mode bits and the count's 8 or 16 bits)."""
    return (data_capacity(version, level) * 8 - 4 - count_bits(version)) // 8


def count_bits(version: int) -> int:
    return 8 if version <= 9 else 16


def choose(length: int, level: Level) -> tuple[int, Level]:
    """The smallest version that holds ``length`` bytes at ``level``, and the highest level that
    still fits in that version (more error correction for no larger a code)."""
    for version in range(1, MAX_VERSION + 1):
        if byte_capacity(version, level) >= length:
            best = level
            for higher in LEVELS[LEVELS.index(level) + 1 :]:
                if byte_capacity(version, higher) >= length:
                    best = higher
            return version, best
    raise TooLong(f"{length} bytes don't fit in a QR code at level {level}")


def encode(text: str, level: Level = "L", *, version: int | None = None, mask: int | None = None) -> Code:
    """The QR code of ``text`` (UTF-8, byte mode) at ``level`` or higher, in the smallest version
    that holds it (or ``version``), with the best mask (or ``mask``)."""
    data = text.encode("utf-8")
    if version is None:
        version, level = choose(len(data), level)
    elif not 1 <= version <= MAX_VERSION or byte_capacity(version, level) < len(data):
        raise TooLong(f"{len(data)} bytes don't fit in version {version} at level {level}")
    codewords = interleave(data_codewords(data, version, level), version, level)
    size = version * 4 + 17
    grid = [[False] * size for _ in range(size)]
    fixed = [[False] * size for _ in range(size)]
    draw_function_patterns(grid, fixed, version)
    place(grid, fixed, codewords)
    if mask is None:
        mask = min(range(8), key=lambda m: penalty(masked(grid, fixed, m, level, version)))
    final = masked(grid, fixed, mask, level, version)
    return Code(version, level, mask, tuple(tuple(row) for row in final))


def data_codewords(data: bytes, version: int, level: Level) -> list[int]:
    """Mode, count, the bytes, the terminator and the padding, as codewords."""
    bits: list[int] = []

    def put(value: int, length: int) -> None:
        bits.extend((value >> i) & 1 for i in reversed(range(length)))

    put(0b0100, 4)
    put(len(data), count_bits(version))
    for byte in data:
        put(byte, 8)
    capacity = data_capacity(version, level) * 8
    put(0, min(4, capacity - len(bits)))
    put(0, -len(bits) % 8)
    words = [int("".join(map(str, bits[i : i + 8])), 2) for i in range(0, len(bits), 8)]
    pad = 0xEC
    while len(words) < capacity // 8:
        words.append(pad)
        pad ^= 0xEC ^ 0x11
    return words


def _tables() -> tuple[list[int], list[int]]:
    """Powers of 2 in GF(2^8) modulo the standard's x^8 + x^4 + x^3 + x^2 + 1, and their logs."""
    exp, log = [0] * 512, [0] * 256
    x = 1
    for i in range(255):
        exp[i] = exp[i + 255] = x
        log[x] = i
        x <<= 1
        if x & 0x100:
            x ^= 0x11D
    return exp, log


EXP, LOG = _tables()


def gf_multiply(x: int, y: int) -> int:
    """Product in GF(2^8)."""
    return EXP[LOG[x] + LOG[y]] if x and y else 0


def rs_divisor(degree: int) -> list[int]:
    """The generator polynomial's coefficients, highest power first (its leading 1 left out)."""
    result = [0] * (degree - 1) + [1]
    root = 1
    for _ in range(degree):
        for j in range(degree):
            result[j] = gf_multiply(result[j], root)
            if j + 1 < degree:
                result[j] ^= result[j + 1]
        root = gf_multiply(root, 0x02)
    return result


def rs_remainder(data: list[int], divisor: list[int]) -> list[int]:
    """The error-correction codewords of one block."""
    result = [0] * len(divisor)
    for byte in data:
        factor = byte ^ result.pop(0)
        result.append(0)
        for i, coefficient in enumerate(divisor):
            result[i] ^= gf_multiply(coefficient, factor)
    return result


def interleave(data: list[int], version: int, level: Level) -> list[int]:
    """Split the data into blocks, add each one's error correction, and interleave them."""
    count, ecc = BLOCKS[level][version], ECC_PER_BLOCK[level][version]
    raw = raw_modules(version) // 8
    short = count - raw % count
    short_len = raw // count
    divisor = rs_divisor(ecc)
    blocks: list[list[int]] = []
    start = 0
    for i in range(count):
        end = start + short_len - ecc + (0 if i < short else 1)
        block = data[start:end]
        start = end
        check = rs_remainder(block, divisor)
        if i < short:
            block.append(-1)  # a gap, so that every block lines up with the long ones
        blocks.append(block + check)
    return [block[i] for i in range(len(blocks[0])) for block in blocks if block[i] >= 0]


def alignment_positions(version: int) -> list[int]:
    if version == 1:
        return []
    count = version // 7 + 2
    step = (version * 8 + count * 3 + 5) // (count * 4 - 4) * 2
    size = version * 4 + 17
    return [6] + [size - 7 - step * i for i in reversed(range(count - 1))]


def draw_function_patterns(grid: list[list[bool]], fixed: list[list[bool]], version: int) -> None:
    """Finder, separator, timing and alignment patterns, and room for the format and version bits."""
    size = len(grid)

    def put(x: int, y: int, dark: bool) -> None:
        grid[y][x] = dark
        fixed[y][x] = True

    for i in range(size):
        put(6, i, i % 2 == 0)
        put(i, 6, i % 2 == 0)
    for cx, cy in ((3, 3), (size - 4, 3), (3, size - 4)):
        for dy in range(-4, 5):
            for dx in range(-4, 5):
                x, y = cx + dx, cy + dy
                if 0 <= x < size and 0 <= y < size:
                    put(x, y, max(abs(dx), abs(dy)) not in (2, 4))
    places = alignment_positions(version)
    last = len(places) - 1
    for i, cx in enumerate(places):
        for j, cy in enumerate(places):
            if (i, j) in ((0, 0), (0, last), (last, 0)):
                continue  # a finder pattern's corner
            for dy in range(-2, 3):
                for dx in range(-2, 3):
                    put(cx + dx, cy + dy, max(abs(dx), abs(dy)) != 1)
    draw_format(grid, fixed, "L", 0)  # reserves the modules; masked() writes the real bits
    if version >= 7:
        bits = version_bits(version)
        for i in range(18):
            dark = (bits >> i) & 1 == 1
            a, b = size - 11 + i % 3, i // 3
            put(a, b, dark)
            put(b, a, dark)


def format_bits(level: Level, mask: int) -> int:
    """The 15 format bits: level and mask, their BCH check, and the standard's XOR mask."""
    data = FORMAT_BITS[level] << 3 | mask
    rem = data
    for _ in range(10):
        rem = (rem << 1) ^ ((rem >> 9) * 0x537)
    return (data << 10 | rem) ^ 0x5412


def version_bits(version: int) -> int:
    """The 18 version bits (versions 7 and up): the version and its BCH check."""
    rem = version
    for _ in range(12):
        rem = (rem << 1) ^ ((rem >> 11) * 0x1F25)
    return version << 12 | rem


def draw_format(grid: list[list[bool]], fixed: list[list[bool]], level: Level, mask: int) -> None:
    size = len(grid)
    bits = format_bits(level, mask)

    def put(x: int, y: int, i: int) -> None:
        grid[y][x] = (bits >> i) & 1 == 1
        fixed[y][x] = True

    for i in range(6):
        put(8, i, i)
    put(8, 7, 6)
    put(8, 8, 7)
    put(7, 8, 8)
    for i in range(9, 15):
        put(14 - i, 8, i)
    for i in range(8):
        put(size - 1 - i, 8, i)
    for i in range(8, 15):
        put(8, size - 15 + i, i)
    grid[size - 8][8] = True  # the dark module
    fixed[size - 8][8] = True


def place(grid: list[list[bool]], fixed: list[list[bool]], codewords: list[int]) -> None:
    """Put the codewords' bits in the free modules, two columns at a time, up and down in turn."""
    size = len(grid)
    total = len(codewords) * 8
    i = 0
    right = size - 1
    while right >= 1:
        if right == 6:
            right = 5  # the vertical timing pattern
        upward = (right + 1) & 2 == 0
        for vert in range(size):
            y = size - 1 - vert if upward else vert
            for x in (right, right - 1):
                if not fixed[y][x] and i < total:
                    grid[y][x] = (codewords[i >> 3] >> (7 - (i & 7))) & 1 == 1
                    i += 1
        right -= 2


MASKS: tuple[Callable[[int, int], bool], ...] = (
    lambda x, y: (x + y) % 2 == 0,
    lambda x, y: y % 2 == 0,
    lambda x, y: x % 3 == 0,
    lambda x, y: (x + y) % 3 == 0,
    lambda x, y: (x // 3 + y // 2) % 2 == 0,
    lambda x, y: x * y % 2 + x * y % 3 == 0,
    lambda x, y: (x * y % 2 + x * y % 3) % 2 == 0,
    lambda x, y: ((x + y) % 2 + x * y % 3) % 2 == 0,
)


def masked(grid: list[list[bool]], fixed: list[list[bool]], mask: int, level: Level, version: int) -> list[list[bool]]:
    """A copy of the grid with ``mask`` applied to the data modules and its format bits drawn."""
    flip = MASKS[mask]
    size = len(grid)
    out = [[grid[y][x] ^ (not fixed[y][x] and flip(x, y)) for x in range(size)] for y in range(size)]
    draw_format(out, [row[:] for row in fixed], level, mask)
    return out


FINDER_LIKE = ("00001011101", "10111010000")


def penalty(rows: list[list[bool]]) -> int:
    """The standard's penalty score of a masked code: runs, 2x2 blocks, finder-like patterns and
    the balance of dark and light (the mask with the lowest is used)."""
    size = len(rows)
    lines = ["".join("1" if dark else "0" for dark in row) for row in rows]
    lines += ["".join(line[x] for line in lines[:size]) for x in range(size)]
    score = 0
    for line in lines:
        run, previous = 0, ""
        for module in line + "x":
            if module == previous:
                run += 1
                continue
            if run >= 5:
                score += run - 2
            run, previous = 1, module
        padded = "0000" + line + "0000"
        for pattern in FINDER_LIKE:
            start = padded.find(pattern)
            while start >= 0:
                score += 40
                start = padded.find(pattern, start + 1)
    numbers = [int(line, 2) for line in lines[:size]]
    edge = (1 << (size - 1)) - 1
    for i in range(size - 1):
        upper, lower = numbers[i], numbers[i + 1]
        same = ~(upper ^ (upper >> 1)) & ~(upper ^ lower) & ~(lower ^ (lower >> 1)) & edge
        score += 3 * bin(same).count("1")
    dark = sum(line.count("1") for line in lines[:size])
    total = size * size
    score += ((abs(dark * 20 - total * 10) + total - 1) // total - 1) * 10
    return score
