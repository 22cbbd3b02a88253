"""Drawing on the 296x128 e-ink frame: text in bitmap fonts, wrapping, bars and labels.

The frame is MONO_VLSB with 1 = ink. Each byte is a column of 8 pixels, which is how the
SSD1680 and UC8151 take a landscape picture (their RAM runs along the 128-pixel side), so
the drivers send this buffer as it is, rotating through the controller's address modes.
Buttons A, B and C sit under the bottom edge: `labels()` writes their meaning above each.

The fonts are bitmaps read one glyph at a time from the fonts file (format:
tools/mkfont.py). Stock MicroPython has no ROM filesystem, so a font inside a .mpy would
sit in RAM. Here the file stays on flash: only each font's head, its code points and its
widths are kept in RAM, and each glyph is read with seek/readinto into one small buffer
that every font shares (allocated once, at boot): a glyph taller than it (the huge
letters) is read and drawn a band of rows at a time. The file object is handed in by the
shell: the core itself never opens a file.
"""

import struct

import framebuf
from micropython import const

W = const(296)
H = const(128)
FOOTER = const(15)  # the label strip above buttons A, B, C
_LABEL_X = const((49, 148, 247))  # centres of A, B and C under the screen
# The frame, allocated once when this module is first imported (at boot, while the heap
# is still whole): 4736 contiguous bytes are easy to find then, and may not be later.
_FRAME = bytearray(W * H // 8)
# The title font's glyphs are the largest but the huge letters': 5 x 36 = 180 bytes.
_BAND_BYTES = const(192)
# The glyph being drawn: its first inked row and how many rows the file holds, then its
# rows (all of them, or a band), read at once: one read a glyph, not two.
_GLYPH = bytearray(2 + _BAND_BYTES)
_BAND = memoryview(_GLYPH)[2:]  # its rows, or one band of them
_AT = bytearray(2)  # where that glyph starts (u16, little-endian)
_TABLES = []  # code point tables: fonts with the same characters share one in RAM
# The shared buffer as a frame of whole rows of a glyph's width (bytes a row << 8 | rows),
# each made when first drawn, and shared by every font.
_FRAMES = {}


def _words(s):
    """The words of `s` between spaces and line breaks, one at a time: s.split() would
    list a long text's words at once, in one block of a heap that may be in pieces."""
    i, n = 0, len(s)
    while i < n:
        j = s.find(" ", i)
        k = s.find("\n", i)
        if j < 0 or 0 <= k < j:
            j = k
        if j < 0:
            j = n
        if j > i:
            yield s[i:j]
        i = j + 1


def _ends_word(data, i):
    """Whether byte i of `data` ends a word: a space, a line break, or the end."""
    return i == len(data) or data[i] == 32 or data[i] == 10


def _line(data, first, past):
    """The words of data[first:past] as a line: one space between each (the bytes as
    they are, unless the text had more, or a line break)."""
    line = str(data[first:past], "utf-8")
    if "  " in line or "\n" in line:
        line = " ".join(_words(line))
    return line


def font_at(f, name):
    """Where the font `name` starts in the fonts file `f`; ValueError if it has none."""
    f.seek(0)
    head = f.read(5)
    if len(head) != 5 or head[:4] != b"SCF3":
        raise ValueError("not a fonts file")
    want = (name + "\0" * 8)[:8].encode()  # its name, NUL-padded
    for _ in range(head[4]):
        entry = f.read(12)
        if len(entry) == 12 and entry[:8] == want:
            return struct.unpack("<I", entry[8:])[0]
    raise ValueError("no font " + name)


def _shared(table):
    for known in _TABLES:
        if known == table:
            return known
    _TABLES.append(table)
    return table


def _frame(stride, rows):
    key = stride << 8 | rows
    frame = _FRAMES.get(key)
    if frame is None:
        frame = _FRAMES[key] = framebuf.FrameBuffer(_BAND, stride * 8, rows, framebuf.MONO_HLSB)
    return frame


class Font:
    """A font of the fonts file `f`, starting at `at` (font_at)."""

    # What _glyph leaves (the code point, where the next starts), and what draw() leaves
    # for the glyph being drawn: one text is drawn at a time, so they are the class's, set
    # here first so that they allocate nothing, and not each font's (128 bytes a font less
    # on the unix port, for the phones' margin).
    _code = _at = _y = _stride = _step = 0
    _fb = _palette = _band = None

    def __init__(self, f, at, name="font"):
        f.seek(at)
        head = f.read(4)
        if len(head) != 4:
            raise ValueError("%s: truncated font" % name)
        self.height, self.ascent, count = struct.unpack("<BBH", head)
        self._f = f
        self._codes = _shared(f.read(2 * count))
        self._widths = f.read(count)
        if len(self._widths) != count:
            raise ValueError("%s: truncated font" % name)
        # Each glyph's start, a u16, from the first glyph, which follows them: where that
        # is, is worked out as a glyph is drawn (_ink), not kept. A font holds seven
        # attributes, not nine: each of the six is an object of the heap for good.
        self._starts = at + 4 + 3 * count
        # The codes from the space on that the font holds one after another (printable
        # ASCII, in every font but the huge letters'): found at once, not searched for.
        codes = self._codes
        run = 0
        while run < count and codes[2 * run] | codes[2 * run + 1] << 8 == 32 + run:
            run += 1
        self._run = run

    def _index(self, code):
        """Index of a code point, or -1 (binary search over the sorted table)."""
        if 0 <= code - 32 < self._run:
            return code - 32
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
        mid-game included. Nor is a generator or a tuple made."""
        b = data[i]
        if b < 0x80:
            code, i = b, i + 1
            if 0 <= b - 32 < self._run:  # (printable ASCII: no search, not even a call)
                Font._code, Font._at = code, i
                return b - 32
        elif b < 0xE0:
            code, i = (b & 0x1F) << 6 | data[i + 1] & 0x3F, i + 2
        elif b < 0xF0:
            code = (b & 0x0F) << 12 | (data[i + 1] & 0x3F) << 6 | data[i + 2] & 0x3F
            i += 3
        else:
            code, i = 0xFFFD, i + 4
        Font._code, Font._at = code, i
        g = self._index(code)
        return g if g >= 0 else self._index(63)  # a code the font lacks: "?" (or nothing)

    def width(self, text):
        w = 0
        widths = self._widths
        data = memoryview(text)  # the str's own UTF-8 bytes: no copy
        Font._at = 0
        while self._at < len(data):
            i = self._glyph(data, self._at)
            if i >= 0:
                w += widths[i]
        return w

    def advance(self, data, i, most):
        """The width of the word at byte i of `data` (a str's UTF-8 bytes), up to the next
        space or line break, but no wider than `most` px unless its first glyph is: where
        the glyphs measured end is left in Font._at (Gfx.wrap). Within the 11 words of a
        frame on the C stack (draw)."""
        Font._at = i
        w = 0
        while self._at < len(data):
            i = self._at
            g = self._glyph(data, i)
            if self._code == 32 or self._code == 10:
                break
            if g >= 0:
                if w and w + self._widths[g] > most:
                    break
                w += self._widths[g]
        else:
            return w
        Font._at = i
        return w

    def draw(self, fb, text, x, y, palette=None):
        """Blits `text` with its top-left at (x, y); returns the x after the last glyph.
        This and the helpers below keep each frame within the 11 words MicroPython keeps
        on the C stack (its locals and its stack's depth): a larger frame is made in the
        heap at every call (352 bytes a text), and the collector's threshold counts it.
        What a glyph is drawn with is left in the class's fields instead."""
        Font._fb, Font._y, Font._palette = fb, y, palette
        data = memoryview(text)  # the str's own UTF-8 bytes: no copy
        Font._at = 0
        while self._at < len(data):
            x = self._put(data, x)
        Font._fb = Font._palette = None  # (a caller's frame is not kept)
        return x

    def _put(self, data, x):
        """The glyph at self._at drawn at x; returns the x after it."""
        i = self._glyph(data, self._at)
        if i < 0:
            return x
        if self._code != 32:  # a space draws nothing
            self._ink(i, x)
        return x + self._widths[i]

    def _ink(self, i, x):
        """Glyph i's ink at x: where it is in the file, then its first inked row, how many
        rows it has and its first band of rows, in one read (past the glyph's last row,
        the read takes the next glyph's: _rows makes those rows paper)."""
        stride = Font._stride = (self._widths[i] + 7) >> 3
        Font._step = min(self.height, _BAND_BYTES // stride)  # all of it, or a band of rows
        Font._band = _frame(stride, self._step)
        self._f.seek(self._starts + 2 * i)
        self._f.readinto(_AT)
        self._f.seek(self._starts + 2 * len(self._widths) + (_AT[0] | _AT[1] << 8))
        self._f.readinto(_GLYPH, 2 + self._step * stride)
        self._rows(x, self._y + _GLYPH[0], _GLYPH[1])

    def _rows(self, x, top, n):
        """The glyph's `n` rows from row `top`, a band at a time: the first band is read
        (_ink), each next one is read here."""
        n += top
        while top < n:  # (a range() with a variable step is an object)
            if n - top < self._step:  # the rows past a glyph's last are paper (skipped):
                # no frame of its own for each count of rows
                self._band.fill_rect(0, n - top, self._stride << 3, self._step, 0)
            if self._palette is None:
                self._fb.blit(self._band, x, top, 0)  # paper (0) is transparent
            else:
                # framebuf compares the key after the palette: the palette sends paper
                # to 1 (the key, so skipped) and ink to 0, white on black.
                self._fb.blit(self._band, x, top, 1, self._palette)
            top += self._step
            if top < n:
                self._f.readinto(_BAND, min(self._step, n - top) * self._stride)


class Gfx:
    def __init__(self, open_font):
        self.buf = _FRAME
        self.fb = framebuf.FrameBuffer(self.buf, W, H, framebuf.MONO_VLSB)
        # Fonts open on first use (a screen pays only for the fonts it draws with), through
        # a function the shell hands in: name -> Font, or None when the file is bad, which
        # falls back to framebuf's 8x8 font (app.fallback, imported only then).
        self._open_font = open_font
        self.fonts = {}
        self.bad_fonts = []
        # White text on black: glyph paper (0) -> 1, the blit key, skipped; ink (1) -> 0.
        self._white = framebuf.FrameBuffer(bytearray(1), 2, 1, framebuf.MONO_HLSB)
        self._white.pixel(0, 0, 1)
        # On the host, a list: every text drawn, for the simulator (the strs alone: the
        # simulator shares the heap with the device, and a board has no such list).
        self.trace = None

    def font(self, name):
        f = self.fonts.get(name)
        if f is None:
            f = self._open_font(name)
            if f is None:
                from app.fallback import BuiltinFont

                f = BuiltinFont()
                self.bad_fonts.append(name)
            self.fonts[name] = f
        return f

    def clear(self):
        self.fb.fill(0)
        if self.trace is not None:
            del self.trace[:]

    def text(self, s, x, y, font="body", invert=False):
        """Draws `s` with its top-left at (x, y); returns the x where it ended."""
        if self.trace is not None:
            self.trace.append(s)
        return self.font(font).draw(self.fb, s, x, y, self._white if invert else None)

    def width(self, s, font="body"):
        return self.font(font).width(s)

    def height(self, font="body"):
        return self.font(font).height

    def center(self, s, y, font="body", x0=0, x1=W, invert=False):
        return self.text(s, x0 + (x1 - x0 - self.width(s, font)) // 2, y, font, invert)

    def right(self, s, x1, y, font="body", invert=False):
        return self.text(s, x1 - self.width(s, font), y, font, invert)

    def fit(self, s, font, width):
        """`s` cut with an ellipsis to fit `width` pixels. No glyph is under a pixel wide,
        so no more than `width` characters are measured, and the cut is found by halves:
        however long a text a save holds, drawing it takes no longer than a line's."""
        if len(s) <= width and self.width(s, font) <= width:
            return s
        return s[: self._fits(s[:width], font, width - self.width("…", font))] + "…"

    def _fits(self, s, font, width):
        """How many of s's first characters fit `width` pixels (found by halves)."""
        f = self.font(font)
        lo, hi = 0, len(s)
        while lo < hi:
            mid = (lo + hi + 1) >> 1
            if f.width(s[:mid]) <= width:
                lo = mid
            else:
                hi = mid - 1
        return lo

    def wrap(self, s, font, width):
        """Splits `s` into lines of at most `width` pixels, breaking at spaces (and line
        breaks, read as spaces); a word wider than a line is cut where the line is full.
        A line's width is the sum of its glyphs' (bitmaps: no kerning), so each glyph is
        measured once, in its word (Font.advance), and each line is cut from `s`'s own
        bytes once it is full: no str is made for a word, nor for a line as it grows."""
        f = self.font(font)
        space = f.width(" ")
        data = memoryview(s)  # the str's UTF-8 bytes: a space and a line break are one each
        n = len(data)
        lines = []
        first = past = wide = 0  # the line so far: data[first:past], `wide` px wide
        i = 0
        while i < n:
            if _ends_word(data, i):  # (a space or a line break: no word starts here)
                i += 1
                continue
            w = f.advance(data, i, width)  # the word, or as much of it as fills a line
            if past > first and _ends_word(data, f._at) and wide + space + w <= width:
                past, wide = f._at, wide + space + w
                i = past
                continue
            if past > first:
                lines.append(_line(data, first, past))
            while not _ends_word(data, f._at):  # a word wider than a line: cut
                lines.append(str(data[i : f._at], "utf-8"))
                i = f._at
                w = f.advance(data, i, width)
            first, past, wide = i, f._at, w
            i = past
        if past > first:
            lines.append(_line(data, first, past))
        return lines

    def pack(self, parts, sep, font, width):
        """`parts` joined by `sep` into lines of at most `width` px, never splitting one."""
        lines = []
        for part in parts:
            if lines and self.width(lines[-1] + sep + part, font) <= width:
                lines[-1] += sep + part
            else:
                lines.append(part)
        return lines

    def header(self, title, right=""):
        """A black bar across the top with the title in white; returns its height."""
        h = self.height("bold") + 2
        self.fb.fill_rect(0, 0, W, h, 1)
        wide = self.width(right, "small")  # (measured once)
        self.text(self.fit(title, "bold", W - 8 - wide), 4, 1, "bold", True)
        if right:
            self.text(right, W - 4 - wide, (h - self.height("small")) // 2, "small", True)
        return h

    def bar(self, left, right=""):
        """The game screens' slim header: small white text on black; returns its height."""
        h = self.height("small") + 1
        self.fb.fill_rect(0, 0, W, h, 1)
        wide = self.width(right, "small")  # (measured once)
        self.text(self.fit(left, "small", W - 10 - wide), 3, 0, "small", True)
        if right:
            self.text(right, W - 3 - wide, 0, "small", True)
        return h

    def labels(self, a="", b="", c=""):
        """The meanings of buttons A, B and C, each above its button."""
        y = H - FOOTER
        self.fb.hline(0, y, W, 1)
        for text, x in zip((a, b, c), _LABEL_X):
            if text:
                self.center(text, y + 1, "small", x - 49, x + 49)

    def fill_rect(self, x, y, w, h, c=1):
        self.fb.fill_rect(x, y, w, h, c)

    def rect(self, x, y, w, h, c=1):
        self.fb.rect(x, y, w, h, c)

    def hline(self, x, y, w, c=1):
        self.fb.hline(x, y, w, c)

    def pixel(self, x, y):
        return self.fb.pixel(x, y)
