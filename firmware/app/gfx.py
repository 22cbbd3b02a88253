"""Drawing on the 296x128 e-ink frame: text in bitmap fonts, wrapping, bars and labels.

The frame is MONO_VLSB with 1 = ink. Each byte is a column of 8 pixels, which is how the
SSD1680 and UC8151 take a landscape picture (their RAM runs along the 128-pixel side), so
the drivers send this buffer as it is, rotating through the controller's address modes.
Buttons A, B and C sit under the bottom edge: `labels()` writes their meaning above each.
"""

import framebuf
from micropython import const

W = const(296)
H = const(128)
FOOTER = const(15)  # the label strip above buttons A, B, C
_LABEL_X = const((49, 148, 247))  # centres of A, B and C under the screen
# The frame, allocated once when this module is first imported (at boot, while the heap
# is still whole): 4736 contiguous bytes are easy to find then, and may not be later.
_FRAME = bytearray(W * H // 8)


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
        """`s` cut with an ellipsis to fit `width` pixels."""
        if self.width(s, font) <= width:
            return s
        while s and self.width(s + "…", font) > width:
            s = s[:-1]
        return s + "…"

    def wrap(self, s, font, width):
        """Splits `s` into lines of at most `width` pixels, breaking at spaces."""
        f = self.font(font)
        lines = []
        line = ""
        for word in _words(s):
            trial = word if not line else line + " " + word
            if f.width(trial) <= width:
                line = trial
                continue
            if line:
                lines.append(line)
            while f.width(word) > width:  # a word longer than the line: split it
                cut = len(word) - 1
                while cut > 1 and f.width(word[:cut]) > width:
                    cut -= 1
                lines.append(word[:cut])
                word = word[cut:]
            line = word
        if line:
            lines.append(line)
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
        self.text(self.fit(title, "bold", W - 8 - self.width(right, "small")), 4, 1, "bold", True)
        if right:
            self.right(right, W - 4, (h - self.height("small")) // 2, "small", True)
        return h

    def bar(self, left, right=""):
        """The game screens' slim header: small white text on black; returns its height."""
        h = self.height("small") + 1
        self.fb.fill_rect(0, 0, W, h, 1)
        room = W - 10 - (self.width(right, "small") if right else 0)
        self.text(self.fit(left, "small", room), 3, 0, "small", True)
        if right:
            self.right(right, W - 3, 0, "small", True)
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
