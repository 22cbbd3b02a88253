# heap: 256K (a text of thousands of characters, cut into lines: the test's, not a screen's)
# Text cut to fit is cut before it is measured (issue 34): whatever length a text has, fit()
# and wrap() measure a bounded number of characters, so no text a save could hold makes a
# screen take longer than the watchdog allows. Counted, not timed: each character measured
# passes through the font's width(), which is wrapped here to count them.
from app.gfx import Gfx, W
from board import HostBoard
from shell import font_opener

measured = [0]


def gfx():
    g = Gfx(font_opener(HostBoard("/tmp").fonts))
    for name in ("body", "bold", "title", "small"):
        font = g.font(name)
        real = font.width

        def counted(text, real=real):
            measured[0] += len(text)
            return real(text)

        font.width = counted
    return g


def test_fit_measures_a_bounded_number_of_characters_whatever_the_length():
    g = gfx()
    short = g.fit("A" * 10, "title", W)
    assert short == "A" * 10  # fits: as it is
    costs = []
    for n in (300, 5000, 50000):
        measured[0] = 0
        cut = g.fit("W" * n, "title", W - 8)
        assert cut.endswith("…") and g.width(cut, "title") <= W - 8
        assert g.width(cut[:-1] + "W…", "title") > W - 8  # the longest that fits
        costs.append(measured[0])
    assert costs[1] == costs[2] <= 12 * W, costs  # the same for 5,000 as for 50,000


def test_wrap_of_one_endless_word_measures_each_line_a_bounded_number_of_times():
    g = gfx()
    for n in (400, 1200):
        measured[0] = 0
        lines = g.wrap("M" * n, "body", 200)
        assert "".join(lines) == "M" * n
        assert all(g.width(line, "body") <= 200 for line in lines)
        assert all(g.width(line + "M", "body") > 200 for line in lines[:-1])
        assert measured[0] <= len(lines) * 12 * 200, (measured[0], len(lines))
