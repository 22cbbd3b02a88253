"""The fallback when a font file is bad: framebuf's 8x8 font behind the Font interface.

Imported only when a font fails to open (app.gfx), so a good install never loads it.
"""


class BuiltinFont:
    height = 8
    ascent = 7

    def width(self, text):
        return 8 * len(text)

    def advance(self, data, i, most):
        """As Font.advance: the word at byte i of the UTF-8 bytes `data`, to a space, a line
        break or `most` px (its first character whatever its width); where it ends is
        left in self._at."""
        w = 0
        while i < len(data) and data[i] != 32 and data[i] != 10 and not (w and w + 8 > most):
            i += 1
            while i < len(data) and data[i] & 0xC0 == 0x80:  # (the rest of a character)
                i += 1
            w += 8
        self._at = i
        return w

    def draw(self, fb, text, x, y, palette=None):
        fb.text(text, x, y, 0 if palette is not None else 1)
        return x + 8 * len(text)
