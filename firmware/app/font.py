"""Bitmap fonts read one glyph at a time from a data file (format: tools/mkfont.py).

Stock MicroPython has no ROM filesystem, so a font inside a .mpy would sit in RAM. Here the
file stays on flash: only the header, the code point table and the widths are kept in RAM,
and each glyph is read with seek/readinto into one small buffer that every font shares
(allocated once, at boot): a glyph taller than it (the huge letters) is read and drawn a
band of rows at a time. The file object is handed in by the shell: the core itself never
opens a file.
"""

import struct

import framebuf
from micropython import const

_HEADER = const("<4sBBBBH")
_HEADER_SIZE = const(10)  # struct.calcsize(_HEADER)
# The title font's glyphs are the largest but the huge letters': 5 x 36 = 180 bytes.
_BAND_BYTES = const(192)
_BAND = bytearray(_BAND_BYTES)  # the glyph being drawn, or one band of its rows


_TABLES = []  # code point tables: fonts with the same characters share one in RAM


def _shared(table):
    for known in _TABLES:
        if known == table:
            return known
    _TABLES.append(table)
    return table


class Font:
    def __init__(self, f, name="font"):
        magic, self.height, self.ascent, max_width, stride, count = struct.unpack(
            _HEADER, f.read(_HEADER_SIZE)
        )
        if magic != b"SCF1":
            raise ValueError("%s: not a font file" % name)
        self._f = f
        self._codes = _shared(f.read(2 * count))
        self._widths = f.read(count)
        if len(self._widths) != count:
            raise ValueError("%s: truncated font file" % name)
        self._stride = stride
        self._data_at = _HEADER_SIZE + 3 * count
        # The shared buffer as a frame of whole glyph rows: all of a glyph, or a band of it
        # (and the last band of a tall glyph, when the bands do not divide its height).
        self._rows = rows = min(self.height, _BAND_BYTES // stride)
        last = self.height % rows or rows
        self._fb = framebuf.FrameBuffer(_BAND, stride * 8, rows, framebuf.MONO_HLSB)
        self._last_fb = framebuf.FrameBuffer(_BAND, stride * 8, last, framebuf.MONO_HLSB)
        self._code = self._at = 0  # what _glyph leaves: set here first, so it allocates nothing
        self._fallback = self._index(ord("?"))

    def _index(self, code):
        """Index of a code point, or -1 (binary search over the sorted table)."""
        codes = self._codes
        lo, hi = 0, len(self._widths) - 1
        while lo <= hi:
            mid = (lo + hi) >> 1
            c = codes[2 * mid] | (codes[2 * mid + 1] << 8)
            if c == code:
                return mid
            if c < code:
                lo = mid + 1
            else:
                hi = mid - 1
        return -1

    def _glyph(self, data, i):
        """The glyph index of the character at byte i of `data` (a str's UTF-8 bytes), its
        code point left in self._code and where the next one starts in self._at. The bytes
        are decoded here by hand: iterating a str would intern every new character as a
        qstr, which can need a new qstr pool (hundreds of bytes, for good) at any moment,
        mid-game included. Nor is a generator or a tuple made: a text would cost a block of
        the heap (150 bytes) in one piece, or one for each character."""
        b = data[i]
        if b < 0x80:
            code, i = b, i + 1
        elif b < 0xE0:
            code, i = (b & 0x1F) << 6 | data[i + 1] & 0x3F, i + 2
        elif b < 0xF0:
            code = (b & 0x0F) << 12 | (data[i + 1] & 0x3F) << 6 | data[i + 2] & 0x3F
            i += 3
        else:
            code, i = 0xFFFD, i + 4
        self._code, self._at = code, i
        g = self._index(code)
        return self._fallback if g < 0 else g

    def width(self, text):
        w = 0
        widths = self._widths
        data = memoryview(text)  # the str's own UTF-8 bytes: no copy
        self._at = 0
        while self._at < len(data):
            i = self._glyph(data, self._at)
            if i >= 0:
                w += widths[i]
        return w

    def draw(self, fb, text, x, y, palette=None):
        """Blits `text` with its top-left at (x, y); returns the x after the last glyph."""
        widths = self._widths
        f = self._f
        height, rows, stride = self.height, self._rows, self._stride
        data = memoryview(text)  # the str's own UTF-8 bytes: no copy
        self._at = 0
        while self._at < len(data):
            i = self._glyph(data, self._at)
            if i < 0:
                continue
            if self._code != 32:  # a space draws nothing
                f.seek(self._data_at + i * stride * height)
                band, top = self._fb, 0
                while top < height:  # (a range() with a variable step is an object)
                    if top + rows >= height:
                        band = self._last_fb
                    f.readinto(_BAND, min(rows, height - top) * stride)
                    if palette is None:
                        fb.blit(band, x, y + top, 0)  # paper (0) is transparent
                    else:
                        # framebuf compares the key after the palette: the palette sends
                        # paper to 1 (the key, so skipped) and ink to 0, white on black.
                        fb.blit(band, x, y + top, 1, palette)
                    top += rows
            x += widths[i]
        return x
