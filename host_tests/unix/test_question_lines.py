# A Say When! question that the deck holds in its lines (tools/fontmetrics.py, set_question:
# line breaks where large type breaks it) is drawn as the same pixels as the question
# wrapped on the device, in every case draw_question meets: the lines it holds, and the
# words wrapped anew in body type when the large type does not fit (a long question, or
# the phones' line under it). The lines it holds are drawn without measuring a glyph.
from app import gfx, layout
from app.saywhen_round import draw_question
from board import HostBoard
from shell import font_opener

G = gfx.Gfx(font_opener(HostBoard("/tmp").fonts))
QUESTIONS = (
    "How far is it?",  # one line
    "In what year did the first person walk on the Moon?",  # two lines
    "How many kilometres long is the Great Wall of China, counting all of its branches?",  # 4
    "How many kilometres long is the Great Wall of China, counting every one of its"
    " branches, walls and trenches?",  # five lines: body type
    "How many litres of water does an average household in a large European city use on"
    " an ordinary weekday, counting the kitchen, the bathroom and the garden as well?",  # 8
)
TOP = 14
BELOW = gfx.H - gfx.FOOTER - layout.SMALL  # where the phones' line goes (Turn.draw)


def set_in_lines(text):
    """`text` as the content compiler sets it, from the device's own wrap."""
    font, most, _ = layout.QUESTION_FONTS[0]
    lines = G.wrap(text, font, layout.TEXT_WIDTH)
    return "\n".join(lines) if len(lines) <= most else text


def drawn(text, below):
    G.clear()
    shown = draw_question(G, text, TOP, below)
    return shown, bytes(G.buf)


class Counting:
    """G's wrap, counting its calls."""

    def __init__(self):
        self.calls = 0
        self.plain = G.wrap

    def __call__(self, *args):
        self.calls += 1
        return self.plain(*args)


def test_the_set_lines_draw_as_the_wrapped_words():
    kinds = set()
    for text in QUESTIONS:
        held = set_in_lines(text)
        kinds.add((held != text, len(G.wrap(text, "large", layout.TEXT_WIDTH))))
        for below in (0, BELOW):
            plain = drawn(text, below)
            assert drawn(held, below) == plain, (text, below)
            kinds.add(("shown", plain[0]))
    # Each case was met: (set in lines, its lines in large type) from one line to more
    # than large type holds, and a question that does not fit above the phones' line.
    met = {(False, 1), (True, 2), (True, 4), (False, 5), (False, 8), ("shown", False)}
    assert kinds >= met, kinds


def test_set_lines_are_drawn_without_measuring():
    count = Counting()
    G.wrap = count
    try:
        for text in QUESTIONS[1:3]:
            held = set_in_lines(text)
            assert "\n" in held
            count.calls = 0
            draw_question(G, held, TOP)
            assert count.calls == 0, text
            draw_question(G, text, TOP)
            assert count.calls == 1, text
    finally:
        del G.wrap
