"""QR codes (ISO/IEC 18004): byte mode, error correction L or M, versions 1 to 10.

`encode(text)` gives a Code: its `size` (modules a side) and `dark(x, y)`; `packed`, for the
join screen (net.join.made), makes the same symbol in steps, the loop running between them.
Enough for what the join screen shows: the Wi-Fi network (WIFI:T:WPA;S:...;P:...;;, about
40 bytes, a version 3) and the page's address (a version 2). Integers only: no floats on
the board.

A symbol is held as integers, a bit a module: each row's and each column's (bit i the i-th
module along it), and which of them are free for data. A mask is then one XOR a line, and
the standard's penalty a few shifts and ANDs a line, where a byte a module took a
bytecode loop each: the eight masks, the most of the work, took about a second on a Pico
in eight steps of 230 to 384 ms (issue 32); the whole is now a quarter of that, in steps
of about 25 ms (make bench). Up to version 3 (29 modules) a line is a small int on the
board (30 bits); a larger symbol is the same, its lines long ints on the heap.
"""

import asyncio

from micropython import const

L = const(1)  # the format information's bits for each level: L is 01, M is 00
M = const(0)
_MOST = const(10)
# Per version 1 to 10: (error correction codewords per block, blocks), for L, then for M.
_BLOCKS = (
    ((7, 1), (10, 1), (15, 1), (20, 1), (26, 1), (18, 2), (20, 2), (24, 2), (30, 2), (18, 4)),
    ((10, 1), (16, 1), (26, 1), (18, 2), (24, 2), (16, 4), (18, 4), (22, 4), (22, 5), (26, 5)),
)
_FORMAT_POLY = const(0x537)
_FORMAT_MASK = const(0x5412)
_VERSION_POLY = const(0x1F25)
# The size of a step of `packed`, in the units of work it repeats: each about as long.
_DIVIDING = const(480)  # Reed-Solomon: a data codeword's products, one an ec codeword
_PAIRS = const(3)  # placing the codewords: pairs of columns

# GF(256) over x^8 + x^4 + x^3 + x^2 + 1, for Reed-Solomon: powers of 2 and their logs.
_EXP = bytearray(512)
_LOG = bytearray(256)
_ONES = bytearray(256)  # the set bits of each byte
_v = 1
for _i in range(255):
    _EXP[_i] = _EXP[_i + 255] = _v
    _LOG[_v] = _i
    _v <<= 1
    if _v & 0x100:
        _v ^= 0x11D
for _i in range(1, 256):
    _ONES[_i] = _ONES[_i >> 1] + (_i & 1)
del _v, _i


def _raw_codewords(version):
    """The codewords a symbol of `version` holds: its modules less the fixed patterns."""
    size = 17 + 4 * version
    n = size * size - 192 - 2 * (size - 16) - 31  # finders, separators, timing, format
    if version > 1:
        k = version // 7 + 2  # alignment patterns a side
        n -= 25 * (k * k - 3) - 10 * (k - 2)  # less those the timing lines already cross
    if version > 6:
        n -= 36  # the version information
    return n // 8


def capacity(version, level=M):
    """The bytes of data a symbol holds in byte mode."""
    ec, blocks = _BLOCKS[1 - level][version - 1]
    bits = 8 * (_raw_codewords(version) - ec * blocks) - 4 - (8 if version < 10 else 16)
    return bits // 8


def _data_codewords(data, version, out):
    """The data codewords into `out`: the mode, the count, the bytes, the terminator, the
    padding. Byte mode's mode and count are 12 or 20 bits: each byte straddles two
    codewords, and the 4 bits of the terminator always fit (the room left is 4 more than a
    whole number of codewords)."""
    n = len(data)
    if version < 10:
        out[0] = 0x40 | n >> 4
        k = 1
    else:
        out[0] = 0x40 | n >> 12
        out[1] = n >> 4 & 255
        k = 2
    carry = n & 15
    for byte in data:
        out[k] = carry << 4 | byte >> 4
        carry = byte & 15
        k += 1
    out[k] = carry << 4  # and the terminator
    pad = 0xEC
    for i in range(k + 1, len(out)):
        out[i] = pad
        pad ^= 0xEC ^ 0x11


def _checked(words, version, level, woven, logs, rem):
    """Steps (a yield after each) that fill `woven` with the data codewords `words` in
    blocks, each with its error correction, interleaved as the symbol stores them. `logs`
    and `rem` are room for the ec codewords a block has, and one more."""
    ec, blocks = _BLOCKS[1 - level][version - 1]
    room = len(words)
    short = blocks - _raw_codewords(version) % blocks  # the first blocks a codeword shorter
    length = room // blocks
    # The divisor (x - 1)(x - 2)...(x - 2^(ec-1)), multiplied out in `rem` leading term
    # first, then the logs of its terms after the first into `logs`: none is 0 for an ec
    # of the standard's (test_qr checks the codewords against a plain division).
    for j in range(ec + 1):
        rem[j] = 0
    rem[0] = 1
    for i in range(ec):  # times (x - 2^i)
        for j in range(i + 1, 0, -1):
            g = rem[j - 1]
            if g:
                rem[j] ^= _EXP[_LOG[g] + i]
    for j in range(ec):
        logs[j] = _LOG[rem[j + 1]]
    yield
    per = max(1, _DIVIDING // ec)
    at = 0
    for b in range(blocks):
        n = length + (b >= short)
        for j in range(ec + 1):
            rem[j] = 0
        # The remainder of the block by the divisor, in `rem` (its last byte 0): shifted
        # and added to in place, a codeword at a time; products as sums of logs, inline
        # (a call a product made the join screen's code wait).
        for k in range(at, at + n):
            factor = words[k] ^ rem[0]
            if factor:
                f = _LOG[factor]
                for j in range(ec):
                    rem[j] = rem[j + 1] ^ _EXP[logs[j] + f]
            else:
                for j in range(ec):
                    rem[j] = rem[j + 1]
            if (k - at) % per == per - 1:
                yield
        yield
        for i in range(n):  # the i-th codeword of each block in turn, the long ones last
            woven[i * blocks + b if i < length else length * blocks + b - short] = words[at + i]
        for i in range(ec):
            woven[room + i * blocks + b] = rem[i]
        at += n


class Code:
    """A symbol: `size` modules a side, `dark(x, y)`, and `rows`, each row's dark modules
    (bit x the x-th), masked once it is made (net.join.draw_code). While it is made, `rows`
    and `cols` are unmasked, and `free` and `cfree` are the modules of each row and column
    left to the data (not the fixed patterns)."""

    def __init__(self, version):
        self.version = version
        self.size = size = 17 + 4 * version
        full = (1 << size) - 1
        self.rows = [0] * size
        self.cols = [0] * size
        self.free = [full] * size
        self.cfree = [full] * size

    def dark(self, x, y):
        return self.rows[y] >> x & 1

    def _set(self, x, y, dark):
        """A module of the fixed patterns: the data leave it alone."""
        bx = 1 << x
        by = 1 << y
        self.free[y] &= ~bx
        self.cfree[x] &= ~by
        if dark:
            self.rows[y] |= bx
            self.cols[x] |= by
        else:
            self.rows[y] &= ~bx
            self.cols[x] &= ~by

    def _finder(self, x, y):
        """A finder pattern with its top-left module at (x, y), and its light separator."""
        size = self.size
        for dy in range(-1, 8):
            for dx in range(-1, 8):
                if 0 <= x + dx < size and 0 <= y + dy < size:
                    ring = max(abs(2 * dx - 6), abs(2 * dy - 6)) // 2  # 0 at the centre
                    self._set(x + dx, y + dy, ring != 2 and ring < 4)

    def _patterns(self):
        """The fixed patterns but the finders (placed first): alignment, timing, the
        format's place (its bits written with the mask chosen) and the version."""
        size = self.size
        version = self.version
        k = version // 7 + 2  # alignment patterns a side (version 2 and up), centred at
        step = (version * 8 + k * 3 + 5) // (k * 4 - 4) * 2  # 6, then steps to size - 7
        for i in range(k * k if version > 1 else 0):
            cx = size - 7 - (k - 1 - i % k) * step if i % k else 6
            cy = size - 7 - (k - 1 - i // k) * step if i // k else 6
            if self.free[cy] >> cx & 1:  # (not where a finder is)
                for dy in range(-2, 3):
                    for dx in range(-2, 3):
                        self._set(cx + dx, cy + dy, max(abs(dx), abs(dy)) != 1)
        for i in range(8, size - 8):  # (through an alignment pattern: as dark as it is)
            self._set(i, 6, i % 2 == 0)
            self._set(6, i, i % 2 == 0)
        for i in range(30):
            at = _format_at(i % 15, size) >> i // 15 * 12
            self._set(at & 63, at >> 6 & 63, False)
        self._set(8, size - 8, True)  # the dark module, always there
        if self.version > 6:
            bits = _bch(self.version, _VERSION_POLY, 12)
            for i in range(18):
                a, b = size - 11 + i % 3, i // 3
                self._set(a, b, bits >> i & 1)
                self._set(b, a, bits >> i & 1)

    def _place(self, words, i, lo, hi):
        """The codewords' bits from bit `i` on into the free modules of the pairs of columns
        lo to hi-1, counted from the right (the vertical timing line skipped), up then
        down: the next bit."""
        size = self.size
        rows, cols, free = self.rows, self.cols, self.free
        n = 8 * len(words)
        for pair in range(lo, hi):
            x = size - 1 - 2 * pair
            if x <= 6:
                x -= 1
            for k in range(size):
                y = k if pair & 1 else size - 1 - k
                for col in range(x, x - 2, -1):
                    if free[y] >> col & 1:
                        if i < n and words[i >> 3] >> (7 - (i & 7)) & 1:
                            rows[y] |= 1 << col
                            cols[col] |= 1 << y
                        i += 1
        return i


def _format_at(i, size):
    """Where the format information's bit i goes, twice: x | y << 6 | x2 << 12 | y2 << 18
    (no tuple: each mask asks for it 30 times, and a tuple is heap)."""
    if i < 6:  # the copy around the top-left finder ...
        at = 8 | i << 6
    elif i < 8:
        at = 8 | (i + 1) << 6
    elif i == 8:
        at = 7 | 8 << 6
    else:
        at = 14 - i | 8 << 6
    if i < 8:  # ... and the one split between the other two
        return at | (size - 1 - i) << 12 | 8 << 18
    return at | 8 << 12 | (size - 15 + i) << 18


def _flips(mask, x, y):
    if mask == 0:
        return (x + y) % 2 == 0
    if mask == 1:
        return y % 2 == 0
    if mask == 2:
        return x % 3 == 0
    if mask == 3:
        return (x + y) % 3 == 0
    if mask == 4:
        return (y // 2 + x // 3) % 2 == 0
    if mask == 5:
        return (x * y) % 2 + (x * y) % 3 == 0
    if mask == 6:
        return ((x * y) % 2 + (x * y) % 3) % 2 == 0
    return ((x + y) % 2 + (x * y) % 3) % 2 == 0


def _mask_lines(mask, across, down, size):
    """The mask's modules as lines: `across`, a row's by its y % 12, and `down`, a
    column's by its x % 6 (every mask repeats every 6 modules across, 12 down)."""
    full = (1 << size) - 1
    for y in range(12):
        v = 0
        for x in range(6):
            v |= _flips(mask, x, y) << x
        across[y] = _repeated(v, 6, size, full)
    for x in range(6):
        v = 0
        for y in range(12):
            v |= (across[y] >> x & 1) << y
        down[x] = _repeated(v, 12, size, full)


def _repeated(seed, period, size, full):
    """`seed`, `period` bits, repeated along a line of `size` (never a bit past it: on the
    board a line of 29 is a small int, one shifted past 30 bits a long one)."""
    v = seed
    while period < size:
        v |= (v & full >> period) << period
        period <<= 1
    return v


def _bch(value, poly, degree):
    """`value` followed by its BCH check bits: the remainder of value * x^degree by `poly`."""
    rem = value
    for _ in range(degree):
        rem = rem << 1 ^ (poly if rem >> (degree - 1) & 1 else 0)
    return value << degree | rem


def _ones(v):
    n = 0
    while v:
        n += _ONES[v & 255]
        v >>= 8
    return n


def _line_score(v, full):
    """What one row or column scores, `v` its dark modules (bit i the i-th): 3 for each
    run of five alike and 1 for each module more, and 40 for each 1:1:3:1:1 stretch, dark
    first, with four light modules before or after it (past the edge is light)."""
    w = full ^ v  # its light modules
    fives = v & v >> 1 & v >> 2 & v >> 3 & v >> 4 | w & w >> 1 & w >> 2 & w >> 3 & w >> 4
    # A run of n >= 5 sets n - 4 bits of `fives` (at its first n - 4 modules), its last set
    # bit the one whose next is not: n - 2 in all.
    score = _ones(fives) + 2 * _ones(fives & ~(fives >> 1))
    finder = v & w >> 1 & v >> 2 & v >> 3 & v >> 4 & w >> 5 & v >> 6  # where one begins
    if finder:
        after = finder & ~((v | v >> 1 | v >> 2 | v >> 3) >> 7)
        low = v & 15  # the edge within four before it: the modules up to it light
        before = (w & w >> 1 & w >> 2 & w >> 3 & finder >> 4) << 4
        before |= finder & ((low & -low) * 2 - 1 if low else 15)
        score += 40 * (_ones(after) + _ones(before))
    return score


def _lines_score(lines, size):
    """What the rows or the columns `lines` score: their runs and stretches."""
    full = (1 << size) - 1
    score = 0
    for i in range(size):
        score += _line_score(lines[i], full)
    return score


def _blocks_score(rows, size):
    """The rest of the penalty: the 2x2 blocks alike, and the dark modules' share far from
    half."""
    full = (1 << size) - 1
    score = dark = 0
    above = 0
    for y in range(size):
        v = rows[y]
        dark += _ones(v)
        if y:
            both = v & above  # dark here and above
            light = full & ~(v | above)
            score += 3 * _ones(both & both >> 1 | light & light >> 1)
        above = v
    total = size * size
    return score + 10 * (abs(dark * 20 - total * 10) // total)


def _masked(code, mask, level, rows, cols, across, down):
    """The symbol masked with `mask`, its format information written: into `rows` and
    `cols`, from `code`'s unmasked lines."""
    size = code.size
    _mask_lines(mask, across, down, size)
    plain, free = code.rows, code.free
    for y in range(size):
        rows[y] = plain[y] ^ across[y % 12] & free[y]
    plain, free = code.cols, code.cfree
    for x in range(size):
        cols[x] = plain[x] ^ down[x % 6] & free[x]
    bits = _bch(level << 3 | mask, _FORMAT_POLY, 10) ^ _FORMAT_MASK
    for i in range(30):
        if bits >> i % 15 & 1:  # (the format's modules are light unmasked: set the dark ones)
            at = _format_at(i % 15, size) >> i // 15 * 12
            x, y = at & 63, at >> 6 & 63
            rows[y] |= 1 << x
            cols[x] |= 1 << y


def _making(data, level, masks, scores):
    """The steps of making the symbol for `data` (bytes) at `level`, a yield after each:
    with each mask of `masks` the penalty rates, the best (the first of the lowest) kept,
    each's penalty appended to `scores` if it is a list. Its last yield is the Code.
    What lasts the whole making is made together, at once: one piece of heap, and no
    step after it allocates (a collection that lands in one would lengthen it)."""
    version = _version(data, level)
    code = Code(version)
    size = code.size
    rows = [0] * size  # masked
    cols = [0] * size
    across = [0] * 12
    down = [0] * 6
    ec, blocks = _BLOCKS[1 - level][version - 1]
    woven = bytearray(_raw_codewords(version))
    words = bytearray(len(woven) - ec * blocks)
    checking = _checked(words, version, level, woven, bytearray(ec), bytearray(ec + 1))
    _data_codewords(data, version, words)
    yield
    for _ in checking:
        yield
    for corner in range(3):
        code._finder(size - 7 if corner == 1 else 0, size - 7 if corner == 2 else 0)
        yield
    code._patterns()
    i = 0
    for pair in range(0, (size - 1) // 2, _PAIRS):
        yield
        i = code._place(woven, i, pair, min(pair + _PAIRS, (size - 1) // 2))
    best = chosen = None
    for mask in masks:
        yield
        _masked(code, mask, level, rows, cols, across, down)
        score = _blocks_score(rows, size)
        yield
        score += _lines_score(rows, size) + _lines_score(cols, size)
        if scores is not None:
            scores.append(score)
        if best is None or score < best:
            best, chosen = score, mask
    yield
    _masked(code, chosen, level, rows, cols, across, down)
    code.rows = rows
    code.cols = code.free = code.cfree = None  # (made: let go)
    yield code


def encode(text, level=M, mask=None):
    """The smallest symbol holding `text` at `level`; with `mask` that one, else the one
    of the eight the standard's penalty rates best. ValueError if too long."""
    for made in _making(text.encode(), level, range(8) if mask is None else (mask,), None):
        if made is not None:
            return made


def _version(data, level):
    """The smallest version that holds `data` at `level`; ValueError if none does."""
    version = 1
    while capacity(version, level) < len(data):
        version += 1
        if version > _MOST:
            raise ValueError("too long for a QR code")
    return version


async def packed(text, still):
    """The symbol for `text` the penalty rates best, as (modules a side, its rows: Code);
    None once `still()` is false (what it was for has gone). Made a step at a time
    (_making), the loop running between them: the data codewords, their error correction
    in parts, the finders one at a time, the other patterns, the codewords placed a few
    columns at a time, then each of the eight masks in two steps."""
    for made in _making(text.encode(), M, range(8), None):
        if made is not None:
            return made.size, made.rows
        await asyncio.sleep_ms(0)  # (a singleton: no heap a step)
        if not still():
            return None
