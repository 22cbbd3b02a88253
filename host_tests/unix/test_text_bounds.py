# heap: 256K (a text of thousands of characters, cut into lines: the test's, not a screen's)
# Text cut to fit is cut before it is measured (issue 34): whatever length a text has, fit()
# and wrap() measure a bounded number of characters, so no text a save could hold makes a
# screen take longer than the watchdog allows. Counted, not timed: each character measured
# passes through the font's width() or advance(), which are wrapped here to count them.
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
        step = font.advance  # wrap()'s measure: a word's glyphs, up to a line's worth

        def advanced(data, i, most, step=step, font=font):
            w = step(data, i, most)
            measured[0] += font._at - i  # (bytes: "M" is one)
            return w

        font.advance = advanced
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


def reference_wrap(g, text, font, width):
    """Lines as a reader would set them: words (between spaces and line breaks) added while
    the trial line fits, a word wider than a line cut at the longest piece that fits (one
    character at least), each line's width measured whole."""
    lines, line = [], ""
    for word in text.replace("\n", " ").split(" "):
        if not word:
            continue
        trial = line + " " + word if line else word
        if g.width(trial, font) <= width:
            line = trial
            continue
        if line:
            lines.append(line)
        while g.width(word, font) > width:
            cut = 1
            while cut < len(word) and g.width(word[: cut + 1], font) <= width:
                cut += 1
            lines.append(word[:cut])
            word = word[cut:]
        line = word
    if line:
        lines.append(line)
    return lines


def test_wrap_sets_lines_as_a_reader_would_in_every_font():
    g = Gfx(font_opener(HostBoard("/tmp").fonts))
    texts = (
        "",
        "   ",
        "One",
        "How many kilometres long is the Great Wall of China, end to end?",
        "Two  spaces,\nthen a line break, and   three",
        " Leading and trailing spaces ",
        "Café crème brûlée — 1,250 € … ¿qué?",
        "Antidisestablishmentarianism and supercalifragilisticexpialidocious words",
        "WWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWW W",
    )
    for font in ("small", "body", "bold", "large", "title"):
        for width in (1, 30, 120, 288):
            for text in texts:
                assert g.wrap(text, font, width) == reference_wrap(g, text, font, width), (
                    font,
                    width,
                    text,
                )


def test_wrap_in_the_fallback_font_too():
    from app.fallback import BuiltinFont

    g = Gfx(lambda name: None)  # every font bad: framebuf's 8x8 font, 8 px a character
    assert isinstance(g.font("body"), BuiltinFont)
    assert g.wrap("ab cd  éfg\nhijklmnop", "body", 40) == ["ab cd", "éfg", "hijkl", "mnop"]
    assert g.wrap("€€€", "body", 1) == ["€", "€", "€"]
