"""A library, not a tool: the firmware's fonts and screens, measured in CPython (what the
device shows of a text).

Widths and word wrap are the firmware's own algorithms (app/gfx.py's Font.width and
Gfx.wrap), so the content compiler knows to the pixel where the device breaks a line. The
second half says, for each text of each game, whether the screens that draw it show it
whole: every width and line limit below is read from the screen named beside it, and
framebuf drops whatever runs past the panel's edge. host_tests/test_content_fit.py checks
these against the firmware drawing the same texts.
"""

import struct

from tools.firmware import FIRMWARE, import_firmware

FONTS = FIRMWARE / "fonts" / "fonts.bin"
# The layout numbers are the firmware's own.
_layout = import_firmware("app.layout")
QUESTION_FONTS, TEXT_WIDTH = _layout.QUESTION_FONTS, _layout.TEXT_WIDTH
SCALES = import_firmware("app.numedit").SCALES


def words(text):
    """The words Gfx.wrap sees: it breaks at spaces and line breaks only (str.split() would
    also break at the other Unicode spaces, which the device draws as glyphs)."""
    return [w for w in text.replace("\n", " ").split(" ") if w]


def font_at(data, name):
    """Where the font `name` starts in the fonts file (format: tools/mkfont.py)."""
    magic, count = struct.unpack_from("<4sB", data)
    if magic != b"SCF3":
        raise ValueError("%s is not a fonts file" % FONTS)
    for i in range(count):
        key, at = struct.unpack_from("<8sI", data, 5 + 12 * i)
        if key.rstrip(b"\0").decode() == name:
            return at
    raise KeyError("no font %s in %s" % (name, FONTS))


class FontMetrics:
    def __init__(self, name):
        data = FONTS.read_bytes()
        at = font_at(data, name)
        self.height, _, count = struct.unpack_from("<BBH", data, at)
        codes = struct.unpack_from("<%dH" % count, data, at + 4)
        widths = data[at + 4 + 2 * count : at + 4 + 3 * count]
        self.widths = dict(zip(codes, widths, strict=True))
        self.name = name

    def missing(self, text):
        """The characters of `text` this font has no glyph for (the device draws "?")."""
        return sorted({ch for ch in text if ord(ch) not in self.widths})

    def width(self, text):
        fallback = self.widths.get(ord("?"), 0)
        return sum(self.widths.get(ord(ch), fallback) for ch in text)

    def wrap(self, text, width):
        lines, line = [], ""
        for word in words(text):
            trial = word if not line else line + " " + word
            if self.width(trial) <= width:
                line = trial
                continue
            if line:
                lines.append(line)
            while self.width(word) > width:
                cut = len(word) - 1
                while cut > 1 and self.width(word[:cut]) > width:
                    cut -= 1
                lines.append(word[:cut])
                word = word[cut:]
            line = word
        if line:
            lines.append(line)
        return lines


_fonts = {}


def font(name):
    if name not in _fonts:
        _fonts[name] = FontMetrics(name)
    return _fonts[name]


def spell(chars):
    """Characters as a reader can tell them apart: "é U+00E9", and "U+001F" for one that
    prints as nothing."""
    return ", ".join((ch + " " if ch.isprintable() else "") + "U+%04X" % ord(ch) for ch in chars)


def lacking(text, fonts):
    """Why `text` cannot be drawn in all of `fonts`, or "": the characters one lacks."""
    missing = sorted({ch for name in fonts for ch in font(name).missing(text)})
    if not missing:
        return ""
    return "characters the screen font lacks (the device draws ?): " + spell(missing)


W = TEXT_WIDTH + 8  # the 296 px panel (app/gfx.py): layout's full line and its margins

# Say When!'s Answer Door (app/saywhen_door.py, Door.draw): the answer, thousands separated,
# in title type from x = 6; its unit and "(as of ...)" in body type 6 px after it; the
# range under them in small type from x = 6. The guess screen (app/saywhen_round.py,
# Guess.draw) centres the editor's scale word and the unit ("billion people") in body type.
DOOR_X, DOOR_GAP = 6, 6


def question_font(text):
    """The font the device shows a Say When! question in (large if it fits, else body), or
    None (app/saywhen_round.py, draw_question)."""
    for name, most, _ in QUESTION_FONTS:
        if len(font(name).wrap(text, TEXT_WIDTH)) <= most:
            return name
    return None


def set_question(text):
    """The question as the deck holds it: where it fits the first font (large type), the
    spaces at which the device breaks its lines made line breaks, so that the device
    draws those lines without measuring (app/saywhen_round.py, draw_question); the device
    reads a line break as a space wherever it wraps the words itself. As written where it
    does not fit, or where its lines are not its words one space apart (a word cut, a run
    of spaces)."""
    name, most, _ = QUESTION_FONTS[0]
    lines = font(name).wrap(text, TEXT_WIDTH)
    if len(lines) <= most and " ".join(lines) == text:
        return "\n".join(lines)
    return text


def door_number(text):
    """An answer as the Answer Door shows it, thousands separated from five digits on
    (firmware app/saywhen_board.py number, which test_content_fit holds it to: a year
    reads "1969")."""
    sign = "-" if text.startswith("-") else ""
    whole, dot, frac = text.lstrip("-").partition(".")
    groups = []
    while len(whole) > 3 and (groups or len(whole) > 4):
        groups.insert(0, whole[-3:])
        whole = whole[:-3]
    return sign + ",".join([whole] + groups) + dot + frac


def saywhen_misfits(question, unit):
    """(check, reason) for what the question screen and the guess screen do not show whole."""
    missing = lacking(question, [name for name, _, _ in QUESTION_FONTS])
    missing = missing or lacking(unit, ("body", "small"))  # the door and guess; the bar
    if missing:
        return [("glyphs", missing)]
    if question_font(question) is None:
        most = QUESTION_FONTS[-1][1]
        return [("question", "question does not fit the screen (more than %d lines)" % most)]
    guess = max(font("body").width(scale + " " + unit) for scale in SCALES) if unit else 0
    if guess > W:
        return [("unit", "unit is %d px wide on the guess screen; %d fit" % (guess, W))]
    return []


def door_misfits(answer, unit, as_of, low, high):
    """(check, reason) for what the Answer Door does not show whole. As Door.draw lays it
    out: the unit beside the answer, with "(as of YEAR)" if that fits there too, else
    ", as of YEAR" after the range; a range too long for its line loses the word."""
    shown = door_number(answer)
    end = DOOR_X + font("title").width(shown)
    if end > W:
        fit = 1
        while DOOR_X + font("title").width(door_number("8" * (fit + 1))) <= W:
            fit += 1
        reason = "answer %s runs %d px off the Answer Door (%d digits fit)" % (shown, end - W, fit)
        return [("door answer", reason)]
    span = "range %s to %s" % (door_number(low), door_number(high))
    if as_of:
        dated = "%s (as of %s)" % (unit, as_of)
        if end + DOOR_GAP + font("body").width(dated) <= W:
            unit = dated
        else:
            span += ", as of " + as_of
    if DOOR_X + font("small").width(span) > W - DOOR_X:
        span = span[len("range ") :]
    overs = (
        ("door tail", "%r after %s" % (unit, shown), end + DOOR_GAP + font("body").width(unit)),
        ("door range", repr(span), DOOR_X + font("small").width(span)),
    )
    return [
        (check, "%s runs %d px off the Answer Door" % (what, far - W))
        for check, what, far in overs[0 if unit else 1 :]
        if far > W
    ]


# Stay Cool's turn screen (app/staycool.py, draw_question): a question on one line of
# body type, else wrapped on at most two lines of small type (the rest is dropped); under
# it "→ answer" in small type, cut with "…" to leave the card's tag ("V 12/20",
# card_number) and 6 px free. Play draws them from the Timer Card, x = 27, to W - 3; Start
# gives them W - 8, so Play's is the width they must fit.
STAYCOOL_WIDTH = W - 27 - 3
STAYCOOL_LINES = 2
STAYCOOL_TAG_GAP = 6
_KIND_INITIAL = ("W", "V")  # staycool.play.KIND[k][0]


def staycool_tag(k, i, total):
    """The tag beside question i of a card of kind k (0 written, 1 verbal): card_number."""
    return "%s %d/%d" % (_KIND_INITIAL[k], i + 1, total)


def staycool_misfits(text, answer, tag):
    """(check, reason) for what Stay Cool's turn screen does not show whole."""
    missing = lacking(text, ("body", "small")) or lacking(answer, ("small",))
    if missing:
        return [("glyphs", missing)]
    out = []
    small, width = font("small"), STAYCOOL_WIDTH
    if font("body").width(text) > width and len(small.wrap(text, width)) > STAYCOOL_LINES:
        reason = "question does not fit the turn screen: over %d lines of %d px"
        out.append(("staycool question", reason % (STAYCOOL_LINES, width)))
    room = width - small.width(tag) - STAYCOOL_TAG_GAP
    over = small.width("→ " + answer) - room
    if over > 0:
        reason = "answer is cut with … on the turn screen: %d px too wide beside %r"
        out.append(("staycool answer", reason % (over, tag)))
    return out


# Scattergories' list (app/scattergories.py, draw_page): each category in the largest
# of these that fits W - 33 px, else small type cut with "…". A challenge
# (app/scattergories_score.py, Challenge) shows "N. category" wrapped in large type at
# W - 12 px and drops the lines past the second; its bar cuts the category to 180 px by
# design.
LIST_FONTS = ("large", "bold", "body", "small")
LIST_WIDTH = W - 33
CHALLENGE_WIDTH, CHALLENGE_LINES = W - 12, 2


def category_misfits(n, text):
    """(check, reason) for what the screens do not show whole of category `n` of a list."""
    missing = lacking(text, LIST_FONTS)
    if missing:
        return [("glyphs", missing)]
    if font(LIST_FONTS[-1]).width(text) > LIST_WIDTH:
        reason = "category is cut with … on the list screen: over %d px in %s type"
        return [("category", reason % (LIST_WIDTH, LIST_FONTS[-1]))]
    if len(font("large").wrap("%d. %s" % (n, text), CHALLENGE_WIDTH)) > CHALLENGE_LINES:
        reason = "category does not fit the challenge screen: over %d lines of %d px"
        return [("challenge", reason % (CHALLENGE_LINES, CHALLENGE_WIDTH))]
    return []


if __name__ == "__main__":
    from tools import not_a_tool

    not_a_tool(__doc__)
