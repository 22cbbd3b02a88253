"""make content on bad input: each problem as file:line: reason, no traceback, and not one
byte of the build folder changed (issue 15, part 3).

Every case starts from a copy of the shipped content with one thing broken, and from a
build folder holding the decks of the shipped content and make's `.built` marker.
"""

import codecs
import csv
import io
import shutil
import subprocess
import sys

import pytest

from tools import content as compiler
from tools import fontmetrics
from tools.mpenv import ROOT

pytestmark = pytest.mark.sources_only  # CPython alone: nothing here runs in the unix port

TOOL = [sys.executable, "-m", "tools.content"]
COLUMNS = compiler.SAYWHEN_COLUMNS
GOOD_ROW = {
    "id": "t-legs",
    "question": "How many legs does a test beetle have?",
    "answer": "6",
    "unit": "legs",
    "kind": "small",
    "low": "",
    "high": "",
    "category": "nature",
    "source": "a test",
    "as_of": "",
}


def compile_content(content, out, tool=TOOL):
    return subprocess.run(
        [*tool, "--content", str(content), "--out", str(out)],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )


@pytest.fixture(scope="module")
def shipped_build(tmp_path_factory):
    """A build folder as make leaves it: the shipped content's decks and the marker."""
    build = tmp_path_factory.mktemp("shipped") / "build"
    proc = compile_content(ROOT / "content", build / "decks")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    (build / "decks" / ".built").write_text("")
    return build


@pytest.fixture
def content(tmp_path):
    copy = tmp_path / "content"
    shutil.copytree(ROOT / "content", copy)
    return copy


def snapshot(folder):
    """Every file and folder under `folder`, with each file's bytes and time of change."""
    out = {}
    for path in sorted(folder.rglob("*")):
        if path.is_file():
            out[str(path.relative_to(folder))] = (path.read_bytes(), path.stat().st_mtime_ns)
        else:
            out[str(path.relative_to(folder))] = None
    return out


def fails(content, shipped_build, tmp_path, tool=TOOL):
    """Compiles `content` over a copy of the shipped build; returns the report, having
    checked that the build folder (the decks, the marker, and what is beside them) did
    not change."""
    build = tmp_path / "build"
    shutil.copytree(shipped_build, build)
    before = snapshot(build)
    proc = compile_content(content, build / "decks", tool)
    assert proc.returncode == 1, proc.stdout + proc.stderr
    assert "Traceback" not in proc.stderr, proc.stderr
    assert "nothing written" in proc.stderr
    assert snapshot(build) == before
    return proc.stdout


def csv_line(row):
    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerow([row.get(c, "") for c in COLUMNS])
    return out.getvalue()


def add_question(content, raw=None, **changes):
    """Appends a Say When! row (GOOD_ROW with `changes`, or the `raw` bytes) to
    handwritten.csv; returns (path, its line)."""
    path = content / "saywhen" / "handwritten.csv"
    data = path.read_bytes()
    at = data.count(b"\n") + 1
    path.write_bytes(
        data + (raw if raw is not None else csv_line({**GOOD_ROW, **changes}).encode())
    )
    return path, at


def edit_line(path, n, edit):
    """Line n (from 1) of a text file replaced by edit(line)."""
    lines = path.read_text(encoding="utf-8").split("\n")
    lines[n - 1] = edit(lines[n - 1])
    path.write_text("\n".join(lines), encoding="utf-8")


def first_clue(path):
    """The line of the first `clue | answer` of a Stay Cool card file."""
    lines = path.read_text(encoding="utf-8").split("\n")
    return next(i for i, line in enumerate(lines, start=1) if " | " in line)


def set_clue(path, text):
    n = first_clue(path)
    edit_line(path, n, lambda line: text + " | " + line.split(" | ")[1])
    return n


def set_answer(path, text):
    n = first_clue(path)
    edit_line(path, n, lambda line: line.split(" | ")[0] + " | " + text)
    return n


def set_category(content, text):
    path = content / "scattergories" / "lists.txt"
    edit_line(path, 2, lambda line: text)  # line 1 is "# list 1"
    return path, 2


def reported(report, path, line, reason):
    expected = "%s:%d: %s" % (path, line, reason)
    assert any(got.startswith(expected) for got in report.splitlines()), (
        expected + "\n--- report:\n" + report
    )


# -- text that is not clean UTF-8 ---------------------------------------------------------


def test_a_control_character_in_a_stay_cool_clue(content, shipped_build, tmp_path):
    path = content / "staycool" / "written.txt"
    n = first_clue(path)
    edit_line(path, n, lambda line: line[:3] + "\x1f" + line[3:])
    report = fails(content, shipped_build, tmp_path)
    reported(report, path, n, "control characters: U+001F")


def test_a_control_character_in_a_say_when_id(content, shipped_build, tmp_path):
    path, n = add_question(content, id="t-\x1fsep")
    report = fails(content, shipped_build, tmp_path)
    reported(report, path, n, "control characters: U+001F")


@pytest.mark.parametrize(
    "char, code",
    [("\t", "U+0009"), ("\u202e", "U+202E"), ("\ufeff", "U+FEFF"), ("\u2028", "U+2028")],
    ids=["tab", "bidi-override", "bom-mid-line", "line-separator"],
)
def test_other_invisible_characters(content, shipped_build, tmp_path, char, code):
    path = content / "staycool" / "verbal.txt"
    n = first_clue(path)
    edit_line(path, n, lambda line: line[:4] + char + line[4:])
    report = fails(content, shipped_build, tmp_path)
    reported(report, path, n, "control characters: " + code)


def test_a_latin_1_file(content, shipped_build, tmp_path):
    row = csv_line({**GOOD_ROW, "question": "How many cafés are in a test town?"})
    path, n = add_question(content, raw=row.encode("latin-1"))
    report = fails(content, shipped_build, tmp_path)
    column = row.index("é") + 1
    reported(report, path, n, "not UTF-8 text: byte 0xE9 at column %d" % column)


def test_a_utf_16_file(content, shipped_build, tmp_path):
    path = content / "staycool" / "written.txt"
    path.write_text(path.read_text(encoding="utf-8"), encoding="utf-16")  # with its BOM
    report = fails(content, shipped_build, tmp_path)
    reported(report, path, 1, "not UTF-8 but UTF-16: save it as UTF-8")


def test_a_utf_16_file_without_its_mark(content, shipped_build, tmp_path):
    path = content / "scattergories" / "lists.txt"
    path.write_bytes(path.read_text(encoding="utf-8").encode("utf-16-le"))
    report = fails(content, shipped_build, tmp_path)
    reported(report, path, 1, "not UTF-8 text: a NUL byte at column 2")


def test_a_binary_file(content, shipped_build, tmp_path):
    path = content / "staycool" / "words.txt"
    path.write_bytes(b"abc\n" + bytes(range(255, -1, -1)))
    report = fails(content, shipped_build, tmp_path)
    reported(report, path, 2, "not UTF-8 text: byte 0xFF at column 1")
    assert "is not in words.txt" not in report  # one problem, not one per answer too


def test_a_utf_8_bom_mid_file_is_a_control_character(content, shipped_build, tmp_path):
    row = csv_line(GOOD_ROW).encode()
    path, n = add_question(content, raw=codecs.BOM_UTF8 + row)
    report = fails(content, shipped_build, tmp_path)
    reported(report, path, n, "control characters: U+FEFF")


# -- files that are not there, or not files -----------------------------------------------


def test_a_csv_that_is_a_folder(content, shipped_build, tmp_path):
    folder = content / "saywhen" / "more.csv"
    folder.mkdir()
    report = fails(content, shipped_build, tmp_path)
    reported(report, folder, 0, "is a folder, not a file")


def test_a_card_file_that_is_a_folder(content, shipped_build, tmp_path):
    path = content / "staycool" / "verbal.txt"
    path.unlink()
    path.mkdir()
    report = fails(content, shipped_build, tmp_path)
    reported(report, path, 0, "is a folder, not a file")


def test_a_missing_file(content, shipped_build, tmp_path):
    path = content / "scattergories" / "lists.txt"
    path.unlink()
    report = fails(content, shipped_build, tmp_path)
    reported(report, path, 0, "cannot read: No such file or directory")


# -- the Say When! CSV's columns ----------------------------------------------------------


def test_an_extra_column_is_named(content, shipped_build, tmp_path):
    path = content / "saywhen" / "generated.csv"
    edit_line(path, 1, lambda line: line + ",notes")
    report = fails(content, shipped_build, tmp_path)
    reported(report, path, 1, "unknown columns (the columns are %s): notes" % ",".join(COLUMNS))


def test_a_repeated_column(content, shipped_build, tmp_path):
    path = content / "saywhen" / "generated.csv"
    edit_line(path, 1, lambda line: line + ",unit")
    report = fails(content, shipped_build, tmp_path)
    reported(report, path, 1, "repeated: unit")


def test_values_past_the_last_column_are_named(content, shipped_build, tmp_path):
    row = csv_line(GOOD_ROW).rstrip("\n") + ",oops,again\n"
    path, n = add_question(content, raw=row.encode())
    report = fails(content, shipped_build, tmp_path)
    reported(report, path, n, "values past the last column (as_of): 'oops', 'again'")


def test_a_row_short_of_values(content, shipped_build, tmp_path):
    row = csv_line(GOOD_ROW).rstrip("\n").rsplit(",", 1)[0] + "\n"
    path, n = add_question(content, raw=row.encode())
    report = fails(content, shipped_build, tmp_path)
    reported(report, path, n, "9 values, the header has 10")


def test_a_quote_left_open(content, shipped_build, tmp_path):
    row = csv_line(GOOD_ROW).replace("How many", '"How many', 1)
    path, n = add_question(content, raw=row.encode() + csv_line(GOOD_ROW).encode())
    report = fails(content, shipped_build, tmp_path)
    reported(report, path, n, "question runs over more than one line (a quote left open?)")


def test_too_many_questions_for_the_deck_format(content, shipped_build, tmp_path):
    """The deck format's limit, 65,535 cards, checked end to end with the limit set just
    past the shipped deck (64,000 made-up questions took 30 to 50 s to check)."""
    assert compiler.MOST_CARDS == 65535  # the deck format's (tools/deckfile.py)
    shipped = sum(
        len(list(csv.DictReader(p.open(newline="", encoding="utf-8"))))
        for p in (ROOT / "content" / "saywhen").glob("*.csv")
    )
    most = shipped + 5
    tool = [
        sys.executable,
        "-c",
        "import sys; from tools import content; content.MOST_CARDS = %d; "
        "sys.exit(content.main(sys.argv[1:]))" % most,
    ]
    bulk = content / "saywhen" / "zz-bulk.csv"  # read last: its rows push the count over
    rows = [",".join(COLUMNS) + "\n"]
    for i in range(most - shipped + 1):
        row = {**GOOD_ROW, "id": "t-%d" % i, "question": "Is %d the number?" % i}
        rows.append(csv_line(row))
    bulk.write_text("".join(rows), encoding="utf-8")
    report = fails(content, shipped_build, tmp_path, tool)
    reason = "the saywhen deck holds at most {0:,} cards: this is card {1:,} of {1:,}".format(
        most, most + 1
    )
    reported(report, bulk, len(rows), reason)


def test_a_card_too_big_for_the_deck_format(tmp_path):
    """No text that fits a screen makes a card of 64 KB, but the format's limit is checked
    all the same, at the line of the card."""
    problems = compiler.Problems()
    path = tmp_path / "lists.txt"
    entries = [compiler.Entry(path, 7, ["1", "x" * compiler.MOST_CARD_BYTES])]
    compiler.deck_problems(problems, "scattergories", entries)
    reason = "a card of 65537 bytes: a deck card holds at most 65535"
    assert problems == [(str(path), 7, reason)]


# -- what the device cannot draw ----------------------------------------------------------


def test_emoji_in_a_category(content, shipped_build, tmp_path):
    path, n = set_category(content, "Things that grin \U0001f600")
    report = fails(content, shipped_build, tmp_path)
    reason = "characters the screen font lacks (the device draws ?): \U0001f600 U+1F600"
    reported(report, path, n, reason)


def test_right_to_left_text_in_a_question(content, shipped_build, tmp_path):
    path, n = add_question(content, question="How many letters has שלום?")
    report = fails(content, shipped_build, tmp_path)
    lacks = "ו U+05D5, ל U+05DC, ם U+05DD, ש U+05E9"
    reported(report, path, n, "characters the screen font lacks (the device draws ?): " + lacks)


def test_arabic_in_a_stay_cool_answer(content, shipped_build, tmp_path):
    path = content / "staycool" / "verbal.txt"
    n = set_answer(path, "سلام")
    report = fails(content, shipped_build, tmp_path)
    reported(report, path, n, "characters the screen font lacks (the device draws ?): ا U+0627")


def test_a_written_clue_too_wide_for_the_turn_screen(content, shipped_build, tmp_path):
    path = content / "staycool" / "written.txt"
    n = set_clue(path, " ".join(["WWWW"] * 11))  # 54 characters: within MAX_CLUE
    report = fails(content, shipped_build, tmp_path)
    reported(report, path, n, "question does not fit the turn screen: over 2 lines of 266 px")


def test_a_verbal_question_too_wide_for_the_turn_screen(content, shipped_build, tmp_path):
    path = content / "staycool" / "verbal.txt"
    n = set_clue(path, " ".join(["WWWW"] * 13) + "?")  # 65 characters: within the limit
    report = fails(content, shipped_build, tmp_path)
    reported(report, path, n, "question does not fit the turn screen: over 2 lines of 266 px")


def test_a_category_too_wide_for_the_list(content, shipped_build, tmp_path):
    path, n = set_category(content, "W" * 25)  # 25 characters: within MAX_CATEGORY
    report = fails(content, shipped_build, tmp_path)
    reported(report, path, n, "category is cut with … on the list screen: over 263 px")


def test_a_category_too_long_for_the_challenge_screen(content, shipped_build, tmp_path):
    """It fits its line on the list, but "1. " pushes its first word onto a line of its
    own in large type, and the last word onto a third, which the screen drops."""
    large = fontmetrics.font("large")
    word = "M"
    while large.width(word + "M") <= fontmetrics.CHALLENGE_WIDTH:
        word += "M"
    path, n = set_category(content, word + " go")
    report = fails(content, shipped_build, tmp_path)
    reported(report, path, n, "category does not fit the challenge screen: over 2 lines")


def test_a_41_digit_answer_is_too_long_for_the_answer_door(content, shipped_build, tmp_path):
    answer = "4" * 41
    path, n = add_question(content, answer=answer, kind="count", low="1", high="5" * 41)
    report = fails(content, shipped_build, tmp_path)
    reported(report, path, n, "answer %s runs " % fontmetrics.door_number(answer))
    assert "px off the Answer Door (12 digits fit)" in report


def test_the_longest_answer_that_fits_the_door(content, tmp_path):
    """12 digits fit the Answer Door (as many as the number editor takes); 13 do not."""
    add_question(content, answer="4" * 12, kind="count", low="1", high="5" * 12, unit="")
    proc = compile_content(content, tmp_path / "out")
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_a_unit_too_wide_for_the_guess_screen(content, shipped_build, tmp_path):
    unit = "legs, each one counted by hand"
    assert fontmetrics.font("body").width("thousand " + unit) > fontmetrics.W
    path, n = add_question(content, unit=unit)
    report = fails(content, shipped_build, tmp_path)
    reported(report, path, n, "unit is ")
    assert "px wide on the guess screen; 296 fit" in report


def test_a_checker_that_trips_is_reported_not_raised(content, shipped_build, tmp_path):
    """ "²" is a digit to str.isdigit() but not to int(): staycool_check.parse_dice raises."""
    path = content / "staycool" / "dice.csv"
    edit_line(path, 2, lambda line: "²" + line[1:])
    report = fails(content, shipped_build, tmp_path)
    reported(report, path, 0, "the checker failed: ")


def test_every_problem_is_reported_at_once(content, shipped_build, tmp_path):
    """In every file, and in a file past a line with a control character (it is read on
    as "?", so the lines after it count as an editor counts them)."""
    hand, n = add_question(content, id="t-\x1fsep")
    far = {"id": "t-far", "question": "How far?", "answer": "50", "low": "1", "high": "10"}
    _, n2 = add_question(content, **far)
    lists, m = set_category(content, "W" * 25)
    verbal = content / "staycool" / "verbal.txt"
    verbal.write_bytes(b"\xff" + verbal.read_bytes())
    report = fails(content, shipped_build, tmp_path)
    reported(report, hand, n, "control characters: U+001F")
    reported(report, hand, n2, "answer 50 is outside its range 1..10")
    reported(report, lists, m, "category is cut with …")
    reported(report, verbal, 1, "not UTF-8 text: byte 0xFF at column 1")


# -- what the screens cut, and writing ------------------------------------------------------


def test_a_cut_answer_is_an_error(content, shipped_build, tmp_path, capsys):
    path = content / "staycool" / "verbal.txt"
    n = set_answer(path, "W" * 30)
    build = tmp_path / "build"
    shutil.copytree(shipped_build, build)
    before = snapshot(build)
    assert compiler.main(["--content", str(content), "--out", str(build / "decks")]) == 1
    reported(capsys.readouterr().out, path, n, "answer is cut with … on the turn screen")
    assert snapshot(build) == before


def test_a_deck_that_cannot_be_replaced_leaves_every_deck_as_it_was(shipped_build, tmp_path):
    build = tmp_path / "build"
    shutil.copytree(shipped_build, build)
    (build / "decks" / "staycool-verbal.deck").unlink()
    (build / "decks" / "staycool-verbal.deck").mkdir()  # in the way of the last deck
    before = snapshot(build)
    proc = compile_content(ROOT / "content", build / "decks")
    assert proc.returncode == 1
    assert "content: cannot write the decks to " in proc.stderr
    assert "Traceback" not in proc.stderr
    assert snapshot(build) == before


# -- the messages an attack on the compiler found misleading (issue 37, part 4) -------------


def test_an_empty_pairs_file_is_refused(content, shipped_build, tmp_path):
    path = content / "staycool" / "pairs.txt"
    path.write_text("# every pair removed\n", encoding="utf-8")
    report = fails(content, shipped_build, tmp_path)
    reported(report, path, 0, "no pairs: ")


def test_a_line_repeated_in_pairs_is_refused(content, shipped_build, tmp_path):
    path = content / "staycool" / "pairs.txt"
    lines = path.read_text(encoding="utf-8").split("\n")
    first = next(i for i, line in enumerate(lines, start=1) if line and line[0] != "#")
    # the same words in another order are the same line
    path.write_text(
        "\n".join(lines) + " ".join(reversed(lines[first - 1].split())) + "\n", encoding="utf-8"
    )
    report = fails(content, shipped_build, tmp_path)
    reported(report, path, len(lines), "the same words as line %d" % first)


def test_a_word_twice_on_a_pairs_line_is_refused(content, shipped_build, tmp_path):
    path = content / "staycool" / "pairs.txt"
    with path.open("a", encoding="utf-8") as f:
        f.write("HUT HUT\n")
    n = path.read_text(encoding="utf-8").count("\n")
    report = fails(content, shipped_build, tmp_path)
    reported(report, path, n, "HUT twice on one line")


def test_an_empty_candidates_file_is_reported_there(content, shipped_build, tmp_path):
    path = content / "staycool" / "candidates.txt"
    path.write_text("# emptied\n", encoding="utf-8")
    report = fails(content, shipped_build, tmp_path)
    reported(report, path, 0, "no answers listed: run `make staycool-candidates`")
    assert "written.txt" not in report, report  # not one error a clue


def test_a_scattergories_line_with_a_semicolon_names_the_separator(
    content, shipped_build, tmp_path
):
    path = content / "scattergories" / "lists.txt"
    edit_line(path, 2, lambda line: line.replace(" | ", "; ", 1))
    report = fails(content, shipped_build, tmp_path)
    reported(report, path, 2, "no ' | ' between the category and its examples (';' in its place?)")
    assert len(report.splitlines()) == 1, report  # and nothing that follows from it


def test_a_stay_cool_answer_that_is_not_a_word_says_so_first(content, shipped_build, tmp_path):
    path = content / "staycool" / "written.txt"
    n = set_answer(path, "QZX")
    report = fails(content, shipped_build, tmp_path)
    at_line = [r for r in report.splitlines() if r.startswith("%s:%d:" % (path, n))]
    assert at_line and "answer QZX is not in words.txt" in at_line[0], report
    assert not [r for r in at_line if "candidates.txt" in r], report  # no advice to run it
