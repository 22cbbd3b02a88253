"""The compiler's fit checks (tools/fontmetrics.py) say what the firmware really draws.

Cards made to sit one character either side of each limit, by the compiler's own measure,
are played on the headless simulator; every text that the compiler says fits is drawn
whole, and every one it says does not is cut or loses a line.
"""

import json
import shutil
from itertools import cycle, islice

import pytest
from sim import Sim

from tools import fontmetrics as fm
from tools.deckfile import deck_bytes
from tools.mpenv import ROOT, run_mp

WORDS = [
    "the",
    "quick",
    "brown",
    "fox",
    "jumps",
    "over",
    "a",
    "lazy",
    "dog",
    "while",
    "seven",
    "wizards",
    "quietly",
    "hum",
]


def prefixes(seed):
    """Ever longer texts of words, no space at either end (as the parsers strip them)."""
    text = ""
    for word in islice(cycle(seed), 60):
        text = word if not text else text + " " + word
        for end in range(len(text) - len(word) + 1, len(text) + 1):
            yield text[:end].strip()


def straddle(fits, seed=WORDS):
    """The longest text of `prefixes` that fits, and the shortest that does not."""
    inside = None
    for text in prefixes(seed):
        if fits(text):
            inside = text
        elif inside is not None:
            return inside, text
    raise AssertionError("nothing straddles the limit")


def staycool_verdicts(q, a, tag):
    checks = {check for check, _ in fm.staycool_misfits(q, a, tag)}
    return "staycool question" not in checks, "staycool answer" not in checks


@pytest.fixture
def decks(tmp_path):
    """A decks folder for the simulator: the shipped decks, to be replaced one by one."""
    folder = tmp_path / "decks"
    folder.mkdir()
    for deck in (ROOT / "build" / "decks").glob("*.deck"):
        shutil.copy(deck, folder)
    return folder


def stay_cool_cards():
    """A written card whose clues straddle the question's limits (one line of body type,
    two of small) and a verbal card whose answers straddle the answer's room."""
    body, width = fm.font("body"), fm.STAYCOOL_WIDTH
    one_line = straddle(lambda q: body.width(q) <= width)
    two_lines = straddle(lambda q: staycool_verdicts(q, "ANT", "W 1/10")[0])
    clues = list(one_line + two_lines) * 3
    written = ["w"] + [x for q in clues[:10] for x in (q, "ANT")]
    verbal = ["v"]
    for i in range(20):
        tag = fm.staycool_tag(1, i, 20)
        seed = WORDS[i % 5 :] + WORDS[: i % 5]  # a different text beside each tag
        inside, over = straddle(lambda a, tag=tag: staycool_verdicts("Why?", a, tag)[1], seed)
        verbal += ["Question %d?" % (i + 1), inside if i % 2 == 0 else over]
    return written, verbal


def turn_texts(block):
    """(question lines, tag, answer) of each kind on one drawing of the turn screen."""
    out = []
    start = block.index("4") + 1  # past the Timer Card's 1 to 4
    for i, text in enumerate(block):
        if text[:2] in ("W ", "V ") and "/" in text:
            out.append((block[start:i], text, block[i + 1]))
            start = i + 2
    return out


def test_stay_cool_turn_screen_draws_what_the_compiler_measures(tmp_path, decks):
    written, verbal = stay_cool_cards()
    (decks / "staycool-written.deck").write_bytes(deck_bytes([written]))
    (decks / "staycool-verbal.deck").write_bytes(deck_bytes([verbal]))
    # `state` after each `text`: a line of its own between two drawings' texts
    script = ["press DOWN", "press GO", "press GO", "press UP", "press GO", "press C"]
    script += ["text", "state"] + ["press B", "text", "state"] * 19
    script += ["press A", "text", "state"] * 9
    sim = Sim(tmp_path / "state", env={"SIM_DECKS": str(decks)})
    drawn = {}
    for block in sim.run("\n".join(script)).texts():
        for lines, tag, answer in turn_texts(block):
            drawn[tag] = (lines, answer)
    cards = {"W": written[1:], "V": verbal[1:]}
    seen = set()
    for tag, (lines, answer) in drawn.items():
        i = int(tag[2:].split("/")[0]) - 1
        q, a = cards[tag[0]][2 * i : 2 * i + 2]
        fits = staycool_verdicts(q, a, tag)
        assert (" ".join(lines) == q) == fits[0], (tag, q, lines)
        assert (answer == "→ " + a) == fits[1], (tag, a, answer)
        seen |= {("question", fits[0]), ("answer", fits[1])}
    assert len(drawn) == 30  # every question of both cards was on the screen
    assert len(seen) == 4  # both sides of both limits


def test_scattergories_list_draws_what_the_compiler_measures(tmp_path, decks):
    small = fm.font("small")
    cats = []
    for n in range(12):
        seed = WORDS[n:] + WORDS[:n]
        inside, over = straddle(lambda c: small.width(c) <= fm.LIST_WIDTH, seed)
        cats.append(inside if n % 2 == 0 else over)
    (decks / "scattergories.deck").write_bytes(deck_bytes([["1"] + cats]))
    script = ["press DOWN", "press DOWN", "press GO", "press GO", "press UP", "press GO"]
    script += ["press B", "press B", "press B"] + ["text", "state", "press DOWN"] * 3
    sim = Sim(tmp_path / "state", env={"SIM_DECKS": str(decks)})
    drawn = {}
    for block in sim.run("\n".join(script)).texts():
        for i, text in enumerate(block[:-1]):
            if text.isdigit() and 1 <= int(text) <= 12:
                drawn[int(text)] = block[i + 1]
    assert sorted(drawn) == list(range(1, 13))
    assert {drawn[n] == cat for n, cat in enumerate(cats, start=1)} == {True, False}
    for n, cat in enumerate(cats, start=1):
        cut = any(check == "category" for check, _ in fm.category_misfits(n, cat))
        assert (drawn[n] != cat) == cut, (n, cat, drawn[n])
        assert not cut or drawn[n].endswith("…")


def test_the_answer_door_numbers_are_the_firmwares(tmp_path):
    """door_number and the title font's widths, against app.saywhen_board.number and Gfx."""
    answers = ["7", "-40", "1969", "9.58", "5500000000", "-1234567.125", "4" * 12, "4" * 41]
    script = (
        "import json, sys\n"
        "from app.gfx import Gfx\n"
        "from app.saywhen_board import number\n"
        "from shell import font_opener\n"
        "g = Gfx(font_opener(%r))\n"
        "for a in json.loads(sys.stdin.read()):\n"
        "    print(json.dumps([number(a), g.width(number(a), 'title')]))\n"
        % str(ROOT / "firmware" / "fonts" / "fonts.bin")
    )
    path = tmp_path / "door.py"
    path.write_text(script)
    proc = run_mp([str(path)], stdin=json.dumps(answers))
    assert proc.returncode == 0, proc.stderr
    got = [json.loads(line) for line in proc.stdout.splitlines()]
    expected = [[fm.door_number(a), fm.font("title").width(fm.door_number(a))] for a in answers]
    assert got == expected
    # A year reads as one; from five digits on, the thousands are separated.
    shown = dict(zip(answers, (n for n, _ in got)))
    assert shown["1969"] == "1969" and shown["5500000000"] == "5,500,000,000"
    assert shown["-1234567.125"] == "-1,234,567.125"


@pytest.mark.parametrize(
    "answer, unit, as_of, beside",
    [
        ("210000000", "people", "2020", False),  # nine digits: the year goes to the range line
        ("9.58", "seconds", "2009", True),  # a short answer keeps it beside the unit
    ],
)
def test_the_answer_door_places_the_year_where_the_compiler_says(
    tmp_path, decks, answer, unit, as_of, beside
):
    low, high = str(int(float(answer) * 0.9)), str(int(float(answer) * 1.1) + 1)
    card = ["q1", "How many of them are there?", answer, unit, low, high, as_of]
    (decks / "saywhen.deck").write_bytes(deck_bytes([card] * 20))
    assert fm.door_misfits(answer, unit, as_of, low, high) == []  # the compiler: it fits
    sim = Sim(tmp_path / "state", env={"SIM_DECKS": str(decks)})
    out = sim.run("press GO\npress GO\npress UP\npress GO\npress A\nlong GO\ntext")
    door = out.texts()[-1]
    dated = "%s (as of %s)" % (unit, as_of)
    span = next(t for t in door if t.startswith("range ") or t[:1].isdigit() and " to " in t)
    if beside:
        assert dated in door and span.startswith("range ") and "as of" not in span, door
    else:
        assert unit in door and dated not in door and span.endswith(", as of " + as_of), door
    # Every text of the top of the door fits the glass, as the compiler measured it.
    title = fm.font("title").width(fm.door_number(answer))
    shown = dated if beside else unit
    assert fm.DOOR_X + title + fm.DOOR_GAP + fm.font("body").width(shown) <= fm.W
    assert fm.DOOR_X + fm.font("small").width(span) <= fm.W


def test_the_layouts_heights_are_the_fonts():
    """Every screen counts its rows in app/layout.py's font heights: they must be those of
    the font files (tools/mkfont.py's), so a new font fails here until its edit is made."""
    from tools.firmware import import_firmware

    layout = import_firmware("app.layout")
    heights = {"small": layout.SMALL, "body": layout.BODY, "bold": layout.BODY}
    heights.update(large=layout.LARGE, title=layout.TITLE)
    for name, height in heights.items():
        assert fm.FontMetrics(name).height == height, name


def test_a_question_is_set_in_lines_only_where_they_are_its_own():
    """set_question: the deck holds a question in its large-type lines (line breaks for the
    spaces where they break) only where those lines are its words one space apart, so that
    the device, reading a break as a space, shows the same words in any font."""
    two = "In what year did the first person walk on the Moon?"
    assert fm.set_question(two) == "\n".join(fm.font("large").wrap(two, fm.TEXT_WIDTH))
    assert fm.set_question(two).count("\n") == 1 and fm.set_question(two).replace("\n", " ") == two
    four = "How many kilometres long is the Great Wall of China, counting all of its branches?"
    assert fm.set_question(four).count("\n") == 3
    for text in (
        "How far is it?",  # one line: nothing to break
        "In what year did the first  person walk on the Moon?",  # a run of spaces
        "How many letters has " + "x" * 60 + "?",  # a word cut: it is wider than a line
        four + " Count the walls and the trenches as well.",  # over four lines: body type
    ):
        assert fm.set_question(text) == text, text
