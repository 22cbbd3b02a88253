# A text drawn allocates the same few bytes however long it is (app/gfx.py, Font.draw): a
# call whose locals and stack pass 11 words has its frame made in the heap, so a helper
# called for each glyph with too many locals would allocate a frame a glyph, and the
# collector's threshold (wake.py) would count every one. (micropython.mem_total: the bytes
# the heap has handed out, on the unix port.)
import micropython

from app.gfx import Gfx
from board import HostBoard
from shell import font_opener

SHORT = "Card 1/20"
LONG = "How many kilometres long is the Great Wall of China, end to end? (x 1000)"


def allocated(f, *args):
    f(*args)  # (a font opened, a glyph's frame made: once, on first use)
    before = micropython.mem_total()
    f(*args)
    return micropython.mem_total() - before


def test_a_text_allocates_the_same_few_bytes_however_long():
    g = Gfx(font_opener(HostBoard("/tmp").fonts))
    for font in ("small", "body", "bold", "large", "title"):
        for invert in (False, True):
            short = allocated(g.text, SHORT, 4, 40, font, invert)
            long = allocated(g.text, LONG, 4, 40, font, invert)
            width = allocated(g.width, LONG, font)
            assert short == long and long < 400, (font, invert, short, long)  # 272 now
            assert width < 100, (font, width)


def test_wrap_allocates_by_the_line_not_by_the_word():
    # Each line is cut from the text's own bytes once it is full (Gfx.wrap): no str is made
    # for a word, nor for a line as it grows. 60 words a line would once have cost some
    # 180 strs (about 5 KB); now a line costs its str and a view of the text.
    g = Gfx(font_opener(HostBoard("/tmp").fonts))
    text = " ".join(["i"] * 300)  # 300 words
    for font in ("small", "body", "large"):
        lines = g.wrap(text, font, 288)
        spent = allocated(g.wrap, text, font, 288)
        each = sum(len(line) for line in lines) // len(lines)
        assert 1 < len(lines) < 20 and spent < 400 + (each + 96) * len(lines), (font, spent)
