"""QR codes (ISO/IEC 18004): byte mode, error correction L or M, versions 1 to 10.

`encode(data)` gives a Code: its `size` (modules a side) and `dark(x, y)`. Enough for what
the join screen shows: the Wi-Fi network (WIFI:T:WPA;S:...;P:...;;, about 40 bytes, a
version 3) and the page's address (version 2). Integers only: no floats on the board.
Trying the eight masks costs the most (about a second on a Pico): `candidates` gives them
one at a time; `packed`, for the join screen (net.join.made), makes its symbol in steps,
each mask's penalty in parts, the loop running between them.
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
_FUNCTION = const(2)  # a module of the fixed patterns: data and masks leave it alone

# GF(256) over x^8 + x^4 + x^3 + x^2 + 1, for Reed-Solomon: powers of 2 and their logs.
_EXP = bytearray(512)
_LOG = bytearray(256)
_v = 1
for _i in range(255):
    _EXP[_i] = _EXP[_i + 255] = _v
    _LOG[_v] = _i
    _v <<= 1
    if _v & 0x100:
        _v ^= 0x11D
del _v, _i


def _ecc(block, n):
    """The n error correction codewords of one block: the remainder of its polynomial by
    the generator (x - 1)(x - 2)...(x - 2^(n-1)). Products as sums of logs, inline: a call
    a product made the join screen's code wait."""
    gen = bytearray(n + 1)
    gen[0] = 1
    for i in range(n):  # multiply by (x - 2^i), leading coefficient first
        for j in range(i + 1, 0, -1):
            g = gen[j - 1]
            if g:
                gen[j] ^= _EXP[_LOG[g] + i]
    rem = bytearray(n)  # shifted and added to in place, a codeword at a time
    for byte in block:
        factor = byte ^ rem[0]
        f = _LOG[factor]
        for j in range(n):
            g = gen[j + 1]
            rem[j] = (rem[j + 1] if j + 1 < n else 0) ^ (_EXP[_LOG[g] + f] if g and factor else 0)
    return rem


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


def _codewords(data, version, level):
    """The data bits as codewords, split into blocks with their error correction, and
    interleaved as the symbol stores them."""
    return _checked(_data_codewords(data, version, level), version, level)


def _data_codewords(data, version, level):
    """The data codewords: the mode, the count, the bytes, the terminator, the padding."""
    ec, blocks = _BLOCKS[1 - level][version - 1]
    room = _raw_codewords(version) - ec * blocks
    out = bytearray(room)
    count_bits = 8 if version < 10 else 16
    bits = [0]  # bits written so far

    def put(value, n):
        for i in range(n - 1, -1, -1):
            if value >> i & 1:
                out[bits[0] >> 3] |= 0x80 >> (bits[0] & 7)
            bits[0] += 1

    put(4, 4)  # byte mode
    put(len(data), count_bits)
    for byte in data:
        put(byte, 8)
    put(0, min(4, 8 * room - bits[0]))  # the terminator, as far as it fits
    i = (bits[0] + 7) >> 3
    pad = 0xEC
    while i < room:
        out[i] = pad
        pad ^= 0xEC ^ 0x11
        i += 1
    return out


def _checked(out, version, level):
    """The data codewords `out` in blocks, each with its error correction, interleaved."""
    ec, blocks = _BLOCKS[1 - level][version - 1]
    raw = _raw_codewords(version)
    room = len(out)
    short = blocks - raw % blocks  # the first blocks are one codeword shorter
    length = room // blocks
    parts = []
    at = 0
    for b in range(blocks):
        n = length + (b >= short)
        parts.append((out[at : at + n], _ecc(out[at : at + n], ec)))
        at += n
    woven = bytearray()
    for i in range(length + 1):
        for block, _ in parts:
            if i < len(block):
                woven.append(block[i])
    for i in range(ec):
        for _, check in parts:
            woven.append(check[i])
    return woven


class Code:
    """A symbol: `size` modules a side; `dark(x, y)`; `modules`, a byte a module (bit 0 set
    for dark, _FUNCTION for the fixed patterns), row by row."""

    def __init__(self, version):
        self.version = version
        self.size = size = 17 + 4 * version
        self.modules = bytearray(size * size)

    def dark(self, x, y):
        return self.modules[y * self.size + x] & 1

    def _set(self, x, y, dark):
        self.modules[y * self.size + x] = _FUNCTION | (1 if dark else 0)

    def _patterns(self):
        size = self.size
        for x, y in ((0, 0), (size - 7, 0), (0, size - 7)):
            for dy in range(-1, 8):
                for dx in range(-1, 8):
                    if 0 <= x + dx < size and 0 <= y + dy < size:
                        ring = max(abs(2 * dx - 6), abs(2 * dy - 6)) // 2  # 0 at the centre
                        self._set(x + dx, y + dy, ring != 2 and ring < 4)
        for i in range(8, size - 8):
            self._set(i, 6, i % 2 == 0)
            self._set(6, i, i % 2 == 0)
        if self.version > 1:
            at = _alignment(self.version)
            for cy in at:
                for cx in at:
                    if (cx < 9 and cy < 9) or (cx < 9 < size - 9 < cy) or (cy < 9 < size - 9 < cx):
                        continue  # where a finder is
                    for dy in range(-2, 3):
                        for dx in range(-2, 3):
                            self._set(cx + dx, cy + dy, max(abs(dx), abs(dy)) != 1)
        self._format(0)  # reserved now, written with the mask chosen
        if self.version > 6:
            bits = _bch(self.version, _VERSION_POLY, 12)
            for i in range(18):
                a, b = size - 11 + i % 3, i // 3
                self._set(a, b, bits >> i & 1)
                self._set(b, a, bits >> i & 1)

    def _format(self, bits):
        size = self.size
        for i in range(15):
            dark = bits >> i & 1
            # The copy around the top-left finder ...
            if i < 6:
                self._set(8, i, dark)
            elif i < 8:
                self._set(8, i + 1, dark)
            elif i == 8:
                self._set(7, 8, dark)
            else:
                self._set(14 - i, 8, dark)
            # ... and the one split between the other two.
            if i < 8:
                self._set(size - 1 - i, 8, dark)
            else:
                self._set(8, size - 15 + i, dark)
        self._set(8, size - 8, True)  # the dark module, always there

    def _place(self, words):
        """The codewords' bits into the free modules: two columns at a time from the
        right, up then down, skipping the vertical timing line."""
        size = self.size
        modules = self.modules
        n = 8 * len(words)
        i = 0
        x = size - 1
        upward = True
        while x > 0:
            if x == 6:
                x = 5
            for k in range(size):
                y = size - 1 - k if upward else k
                for col in (x, x - 1):
                    at = y * size + col
                    if modules[at] & _FUNCTION:
                        continue
                    if i < n and words[i >> 3] >> (7 - (i & 7)) & 1:
                        modules[at] = 1
                    i += 1
            upward = not upward
            x -= 2

    def _mask(self, mask):
        size = self.size
        modules = self.modules
        for y in range(size):
            for x in range(size):
                at = y * size + x
                if not modules[at] & _FUNCTION and _flips(mask, x, y):
                    modules[at] ^= 1


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


def _alignment(version):
    """The centres of the alignment patterns along each side (version 2 and up)."""
    size = 17 + 4 * version
    k = version // 7 + 2
    step = (version * 8 + k * 3 + 5) // (k * 4 - 4) * 2
    at = [6]
    for i in range(k - 1):
        at.insert(1, size - 7 - i * step)
    return at


def _bch(value, poly, degree):
    """`value` followed by its BCH check bits: the remainder of value * x^degree by `poly`."""
    rem = value
    for _ in range(degree):
        rem = rem << 1 ^ (poly if rem >> (degree - 1) & 1 else 0)
    return value << degree | rem


def encode(data, level=M, mask=None):
    """The smallest symbol holding `data` (bytes or str) at `level`; with `mask` that one,
    else the one of the eight the standard's penalty rates best. ValueError if too long."""
    if mask is None:
        mask = min((score, m) for score, m, _ in candidates(data, level))[1]
    code = _unmasked(data, level)
    code._mask(mask)
    code._format(_bch(level << 3 | mask, _FORMAT_POLY, 10) ^ _FORMAT_MASK)
    return code


def _unmasked(data, level):
    data = _bytes(data)
    version = _version(data, level)
    code = Code(version)
    code._patterns()
    code._place(_codewords(data, version, level))
    return code


def _bytes(data):
    return data.encode() if isinstance(data, str) else data


def _version(data, level):
    """The smallest version that holds `data` at `level`; ValueError if none does."""
    version = 1
    while capacity(version, level) < len(data):
        version += 1
        if version > _MOST:
            raise ValueError("too long for a QR code")
    return version


def _masked(code, plain, mask, level):
    """`code` masked afresh with `mask`, from `plain` (its modules unmasked)."""
    code.modules[:] = plain
    code._mask(mask)
    code._format(_bch(level << 3 | mask, _FORMAT_POLY, 10) ^ _FORMAT_MASK)


def candidates(data, level=M):
    """(penalty, mask, symbol) for each of the eight masks, one at a time. It is the one
    symbol each time, masked afresh from a copy of it unmasked (no new symbol a mask, so
    the heap gives two buffers, not nine): copy what is to be kept before the next."""
    code = _unmasked(data, level)
    plain = bytearray(code.modules)
    for mask in range(8):
        _masked(code, plain, mask, level)
        yield penalty(code), mask, code


def penalty(code):
    """The standard's score of a masked symbol (lower is easier to read): runs of five or
    more, 2x2 blocks, finder-like stretches, and dark modules far from half."""
    tally = [0, 0]
    _penalty_lines(code, 0, code.size, tally)
    return _penalty(code, tally)


def _penalty(code, tally):
    """The score from `tally`, [the lines' score, dark modules] of every line."""
    total = code.size * code.size
    return tally[0] + 10 * (abs(tally[1] * 20 - total * 10) // total)


def _penalty_lines(code, lo, hi, tally):
    """Adds to `tally` ([score, dark modules]) what rows and columns lo to hi-1 score:
    their runs and finder-like stretches, the 2x2 blocks whose top row is among them, and
    their dark modules. A part of the score, so that the caller can yield between parts."""
    size = code.size
    modules = code.modules
    score = 0
    finder = 0b1011101
    for line in range(lo, hi):
        for across in (True, False):
            run = 0
            last = -1
            window = 0  # the last 11 modules, light beyond the edge
            for i in range(size + 4):
                if i < size:
                    at = line * size + i if across else i * size + line
                    v = modules[at] & 1
                else:
                    v = 0
                if i < size:
                    if v == last:
                        run += 1
                        if run == 5:
                            score += 3
                        elif run > 5:
                            score += 1
                    else:
                        last = v
                        run = 1
                window = (window << 1 | v) & 0x7FF
                if window >> 4 == finder and not window & 0xF:
                    score += 40  # four light after it
                if window & 0x7F == finder and not window >> 7:
                    score += 40  # four light before it
    dark = 0
    for y in range(lo, hi):
        for x in range(size):
            v = modules[y * size + x] & 1
            dark += v
            if (
                x < size - 1
                and y < size - 1
                and v == modules[y * size + x + 1] & 1
                and v == modules[(y + 1) * size + x] & 1
                and v == modules[(y + 1) * size + x + 1] & 1
            ):
                score += 3
    tally[0] += score
    tally[1] += dark


_PARTS = const(3)  # a mask's penalty is scored in this many parts, the loop running between


async def packed(text, still):
    """The symbol for `text` the penalty rates best, as (modules a side, a bit a module,
    row by row: net.joinscreen.draw_code); None once `still()` is false (what it was for
    has gone). Made a step at a time, the loop running between them (about a second a
    symbol on a Pico): the data codewords, their error correction, the fixed patterns,
    the codewords placed, then each of the eight masks with its penalty in _PARTS
    parts."""
    data = _bytes(text)
    version = _version(data, M)
    code = Code(version)  # what lasts the whole making, made together: one piece of heap
    modules = code.modules
    plain = bytearray(len(modules))
    bits = bytearray((len(modules) + 7) >> 3)
    tally = [0, 0]
    words = _data_codewords(data, version, M)
    if not await _step(still):
        return None
    words = _checked(words, version, M)
    if not await _step(still):
        return None
    code._patterns()
    if not await _step(still):
        return None
    code._place(words)
    plain[:] = modules
    best = words = None
    size = code.size
    for mask in range(8):
        if not await _step(still):
            return None
        _masked(code, plain, mask, M)
        tally[0] = tally[1] = 0
        for part in range(_PARTS):
            if part and not await _step(still):
                return None
            _penalty_lines(code, part * size // _PARTS, (part + 1) * size // _PARTS, tally)
        score = _penalty(code, tally)
        if best is None or score < best:
            best = score
            for at in range(len(modules)):
                if modules[at] & 1:
                    bits[at >> 3] |= 1 << (at & 7)
                else:
                    bits[at >> 3] &= ~(1 << (at & 7))
    return size, bits


async def _step(still):
    """The loop's turn between two steps; whether the code is still wanted."""
    await asyncio.sleep_ms(0)
    return still()
