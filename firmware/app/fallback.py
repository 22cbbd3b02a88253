"""The fallback when a font file is bad: framebuf's 8x8 font behind the Font interface.

Imported only when a font fails to open (app.gfx), so a good install never loads it.
"""


class BuiltinFont:
    height = 8
    ascent = 7

    def width(self, text):
        return 8 * len(text)

    def draw(self, fb, text, x, y, palette=None):
        fb.text(text, x, y, 0 if palette is not None else 1)
        return x + 8 * len(text)
