"""Bitmap fonts read one glyph at a time from a data file (format: tools/mkfont.py).

Stock MicroPython has no ROM filesystem, so a font inside a .mpy would sit in RAM. Here the
file stays on flash: only the header, the code point table and the widths are kept in RAM,
and each glyph is read with seek/readinto into one buffer allocated when the font opens.
The file object is handed in by the shell: the core itself never opens a file.
"""

import struct

import framebuf

_HEADER = "<4sBBBBH"
_HEADER_SIZE = struct.calcsize(_HEADER)


class Font:
    def __init__(self, f, name="font"):
        magic, self.height, self.ascent, max_width, stride, count = struct.unpack(
            _HEADER, f.read(_HEADER_SIZE)
        )
        if magic != b"SCF1":
            raise ValueError("%s: not a font file" % name)
        self.name = name
        self._f = f
        self._count = count
        self._codes = f.read(2 * count)
        self._widths = f.read(count)
        if len(self._widths) != count:
            raise ValueError("%s: truncated font file" % name)
        self._glyph_size = stride * self.height
        self._data_at = _HEADER_SIZE + 3 * count
        self._buf = bytearray(self._glyph_size)
        self._fb = framebuf.FrameBuffer(self._buf, stride * 8, self.height, framebuf.MONO_HLSB)
        self._loaded = -1
        self._fallback = self._index(ord("?"))

    def _index(self, code):
        """Index of a code point, or -1 (binary search over the sorted table)."""
        codes = self._codes
        lo, hi = 0, self._count - 1
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

    def _glyph(self, ch):
        i = self._index(ord(ch))
        return self._fallback if i < 0 else i

    def width(self, text):
        w = 0
        widths = self._widths
        for ch in text:
            i = self._glyph(ch)
            if i >= 0:
                w += widths[i]
        return w

    def draw(self, fb, text, x, y, palette=None):
        """Blits `text` with its top-left at (x, y); returns the x after the last glyph."""
        widths = self._widths
        for ch in text:
            i = self._glyph(ch)
            if i < 0:
                continue
            if i != self._loaded:
                self._f.seek(self._data_at + i * self._glyph_size)
                self._f.readinto(self._buf)
                self._loaded = i
            if ch != " ":
                if palette is None:
                    fb.blit(self._fb, x, y, 0)  # paper (0) is transparent
                else:
                    # framebuf compares the key after the palette: the palette sends paper
                    # to 1 (the key, so skipped) and ink to 0, white on a black bar.
                    fb.blit(self._fb, x, y, 1, palette)
            x += widths[i]
        return x
