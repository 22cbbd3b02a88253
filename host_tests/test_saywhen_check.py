"""make content's deck-wide Say When! checks (tools/saywhen_check.py): the same fact asked
twice in any unit, a question that shows its answer, a changing figure without its year,
unverified questions left out, and the balance by generator, each reported as file:line."""

import csv
import io
import shutil
import subprocess
import sys

import pytest

from tools import content as compiler
from tools import saywhen_check as check
from tools.deckfile import card_key, read_keys
from tools.mpenv import ROOT

pytestmark = pytest.mark.sources_only  # CPython alone: nothing here runs in the unix port

COLUMNS = compiler.SAYWHEN_COLUMNS


def row(qid, question, answer, unit="", kind=None, category="numbers", as_of=""):
    kind = kind or ("measure" if "." in answer else "count")
    return [qid, question, answer, unit, kind, "", "", category, "a test", as_of]


# Questions that pass every check, on subjects none of the test rows share.
FILLER = [
    row("hw-fill-%d" % n, "How many %s does a test %s have?" % (a, b), str(n + 20))
    for n, (a, b) in enumerate(
        [
            ("wheels", "tractor"),
            ("strings", "banjo"),
            ("windows", "lighthouse"),
            ("buttons", "waistcoat"),
            ("spokes", "umbrella"),
            ("pages", "pamphlet"),
            ("rooms", "bungalow"),
            ("seats", "minibus"),
            ("keys", "accordion"),
            ("lamps", "chandelier"),
            ("doors", "cupboard"),
            ("petals", "daisy"),
        ]
    )
]


def write_deck(tmp_path, rows):
    """A content folder with the shipped Stay Cool and Scattergories, and these rows as the
    whole Say When! deck (after the filler); returns (its csv, the line of rows[0])."""
    content = tmp_path / "content"
    shutil.copytree(ROOT / "content", content)
    for old in (content / "saywhen").glob("*.csv"):
        old.unlink()
    path = content / "saywhen" / "test.csv"
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    w.writerow(COLUMNS)
    w.writerows(FILLER + rows)
    path.write_text(out.getvalue(), encoding="utf-8")
    return path, len(FILLER) + 2


def compile_content(content, out):
    return subprocess.run(
        [sys.executable, "-m", "tools.content", "--content", str(content), "--out", str(out)],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )


def report_of(tmp_path, rows):
    path, first = write_deck(tmp_path, rows)
    proc = compile_content(path.parent.parent, tmp_path / "out")
    return path, first, proc


def assert_reported(proc, path, line, reason):
    expected = "%s:%d: %s" % (path, line, reason)
    assert proc.returncode == 1, proc.stdout + proc.stderr
    lines = proc.stdout.splitlines()
    assert any(got.startswith(expected) for got in lines), expected + "\n---\n" + proc.stdout


@pytest.mark.parametrize(
    "first, second, reason",
    [
        (
            row("hw-a", "How many feet are in one test furlong?", "660", "feet"),
            row("hw-b", "How many metres long is one test furlong?", "201", "m"),
            "asks the same length as test.csv:%d (660 feet)",
        ),
        (
            row("hw-a", "At how many degrees F does test brine boil?", "212", "°F"),
            row("hw-b", "At how many kelvin does test brine boil?", "373", "K"),
            "asks the same temperature as test.csv:%d (212 °F)",
        ),
        (
            row("hw-a", "How many km/h is a speed of one test knot?", "1.852", "km/h"),
            row("hw-b", "How many metres long is one nautical test league?", "1852", "m"),
            "asks the same figure in another unit as test.csv:%d (1.852 km/h)",
        ),
        (
            row("hw-a", "What is the normal temperature of a test body in Celsius?", "37", "°C"),
            row("hw-b", "What is the normal test body temperature in Fahrenheit?", "98.6", "°F"),
            "asks the same temperature as test.csv:%d (37 °C)",
        ),
        (
            row("hw-a", "How many hours are in one test fortnight?", "336", "hours"),
            row("hw-b", "How many minutes are in a test fortnight?", "20160", "minutes"),
            "asks the same time as test.csv:%d (336 hours)",
        ),
        (
            row("hw-a", "How many bones are in a test octopus skeleton?", "0", "bones"),
            row("hw-b", "How many bones does the skeleton of a test octopus hold?", "0", "bones"),
            "asks the same fact as test.csv:%d (0 bones)",
        ),
        (
            row(
                "hw-a",
                "In what year did the test bridge over the Zambezi open?",
                "1905",
                kind="year",
            ),
            row("hw-b", "In what year was the Zambezi test bridge opened?", "1905", kind="year"),
            "asks the same fact as test.csv:%d (1905)",
        ),
    ],
    ids=["length", "temperature", "digits", "rounded", "time", "count", "year"],
)
def test_the_same_fact_twice(tmp_path, first, second, reason):
    path, line, proc = report_of(tmp_path, [first, second])
    assert_reported(proc, path, line + 1, reason % line)
    assert "%s:%d:" % (path, line) not in proc.stdout  # the first asked is not blamed


@pytest.mark.parametrize(
    "first, second",
    [
        (
            row("hw-a", "How many metres long is the test river Amble?", "6300", "m"),
            row("hw-b", "How many metres long is the test river Bramble?", "6400", "m"),
        ),
        (
            row("hw-a", "How many pairs of ribs does a dormouse have?", "13", "pairs"),
            row("hw-b", "How many pairs of cranial nerves does a vole have?", "13", "pairs"),
        ),
        (
            row("hw-a", "How many pounds are in one test long ton?", "2240", "pounds"),
            row("hw-b", "How many pounds are in one test short ton?", "2000", "pounds"),
        ),
        (
            row("hw-a", "How tall is the Umble lighthouse in metres?", "33", "m"),
            row("hw-b", "How long is the jetty at Bramble, in metres?", "33", "m"),
        ),
    ],
    ids=["near-rivers", "same-count-other-thing", "round-number", "equal-by-chance"],
)
def test_different_facts_are_not_duplicates(tmp_path, first, second):
    _, _, proc = report_of(tmp_path, [first, second])
    assert proc.returncode == 0, proc.stdout + proc.stderr


@pytest.mark.parametrize(
    "question, answer, unit",
    [
        ("What number is written MCMXCIX in Roman numerals?", "1999", ""),
        ("How many different 4-digit PINs (0000 to 9999) are possible?", "10000", "PINs"),
        ("How many events make up a test decathlon?", "10", "events"),
        ("How many arms does a test octopus have?", "8", "arms"),
        ("How many years did the Ninety-five Year Test last?", "95", "years"),
        ("How many grams did the test 10,000-gram cake weigh?", "10000", "g"),
        ("How many people (about 3 billion) watched the test final?", "3", "billion people"),
    ],
    ids=["roman", "range", "prefix", "octo", "words", "separators", "scale"],
)
def test_a_question_that_shows_its_answer(tmp_path, question, answer, unit):
    path, line, proc = report_of(tmp_path, [row("hw-a", question, answer, unit)])
    reason = "the question gives its answer away: %s is in %r" % (answer, question)
    assert_reported(proc, path, line, reason)


def test_a_changing_figure_needs_its_year(tmp_path):
    question = "How many people live in the test town of Umble?"
    path, line, proc = report_of(tmp_path, [row("hw-a", question, "4500", "people")])
    reason = "'people live' says the figure changes: give as_of a year, or unverified"
    assert_reported(proc, path, line, reason)


def test_unverified_questions_are_checked_but_not_dealt(tmp_path):
    dated = row("hw-a", "How many people lived in test Umble in 2019?", "4500", "people")
    dated[-1] = "2019"
    unverified = row("hw-b", "How many people live in test Bumble?", "5200", "people")
    unverified[-1] = "unverified"
    path, line, proc = report_of(tmp_path, [dated, unverified])
    assert proc.returncode == 0, proc.stdout + proc.stderr
    lines = proc.stdout.splitlines()
    assert lines[0] == "saywhen: %d questions" % (len(FILLER) + 1)
    assert "saywhen: 1 unverified question left out" in lines
    keys = read_keys(tmp_path / "out" / "saywhen.deck")
    assert card_key(["hw-a"]) in keys and card_key(["hw-b"]) not in keys
    assert len(keys) == len(FILLER) + 1

    bad = row("hw-c", "How many people live in test Bumble?", "5200", "people")
    bad[-1] = "unverified"
    bad[2] = "1e4"  # an unverified row is still checked
    path, line, proc = report_of(tmp_path / "again", [bad])
    assert_reported(proc, path, line, "answer '1e4' is not a plain number")


def test_a_generator_family_over_its_share_is_reported(tmp_path):
    rows = [
        row("el-x-%d" % n, "What is the atomic mass of test element %s?" % c, str(30 + n), "u")
        for n, c in enumerate("AB")
    ]
    path, _, proc = report_of(tmp_path, rows)
    total = len(FILLER) + 2
    reason = "generator family 'element properties' is 2 of %d dealt questions (%.1f%%)" % (
        total,
        200.0 / total,
    )
    assert_reported(proc, path, 0, reason + ": at most 8%")


def test_no_generator_family_over_eight_percent():
    def q(qid):
        return check.Question(ROOT / "t.csv", 1, qid, "?", "1", "", "small", "numbers", "")

    deck = [q("hw-%d" % n) for n in range(92)] + [q("cv-%d" % n) for n in range(8)]
    assert check.overweight(deck, ROOT) == []  # 8 of 100: at the limit
    deck.append(q("cv-extra"))
    (problem,) = check.overweight(deck, ROOT)
    assert problem[1:] == (
        0,
        "generator family 'unit conversions' is 9 of 101 dealt questions (8.9%): at most 8%",
    )
    lines = check.balance(deck)
    assert lines[0] == "saywhen: 0 unverified questions left out"
    assert lines[1] == "saywhen by category: numbers 101 (100.0%)"
    assert lines[3] == "saywhen by generator: handwritten 92 (91.1%), unit conversions 9 (8.9%)"


def test_the_shipped_deck_prints_its_balance(tmp_path):
    proc = compile_content(ROOT / "content", tmp_path / "out")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    lines = proc.stdout.splitlines()
    for title in ("category", "kind", "generator"):
        (found,) = [line for line in lines if line.startswith("saywhen by %s: " % title)]
        counted = sum(int(part.split()[-2]) for part in found.split(": ", 1)[1].split(", "))
        assert counted == int(lines[0].split()[1])  # every dealt question, once


@pytest.mark.parametrize(
    "text, numbers",
    [
        ("How many 4-digit PINs (0000 to 9999)?", {4, 0, 9999, 10000}),
        ("Ninety-five theses and ten thousand words?", {95, 10000}),
        ("Four score and seven years, or two dozen?", {87, 24}),
        ("Is MMXXIV after MCMXCIX?", {2024, 1999}),
        ("About 1,000,000 or 3 billion people?", {1000000, 3, 3000000000}),
        ("How many CD players sold in 1982?", {400, 1982}),
    ],
)
def test_numbers_in_a_question(text, numbers):
    assert check.numbers_in(text) == {check.Decimal(n) for n in numbers}


# -- exact figures (issue 37, part 3) ------------------------------------------------------

SOURCE = "World Bank via pypopulation: TN %s (to %d figures; GeoNames has 11565204)"


def test_a_generated_answer_keeps_three_figures_of_its_source():
    assert check.figure_problems("How many?", "11700000", SOURCE % (11694719, 3), True) == []
    found = check.figure_problems("How many?", "12000000", SOURCE % (11694719, 2), True)
    assert "the source's figure is kept to 2 figures: keep 3" in found
    assert "answer 12000000 is not the source's 11694719 to 3 figures (11700000)" in found


def test_about_only_where_the_source_says_it():
    source = SOURCE % (11694719, 3)
    found = check.figure_problems("About how many?", "11700000", source, True)
    assert found == ["the question says 'About'; its source does not"]
    assert check.figure_problems("About how many?", "11700000", source + ", about", True) == []
    assert check.figure_problems("About how many?", "5", "a book", False) == []


def test_the_generated_deck_keeps_its_figures():
    with open(ROOT / "content" / "saywhen" / "generated.csv", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    kept = [r for r in rows if check.SOURCE_FIGURE.search(r["source"])]
    assert len(kept) >= 100  # the populations and the areas
    for r in rows:
        assert check.figure_problems(r["question"], r["answer"], r["source"], True) == [], r
    marathon = (ROOT / "content" / "saywhen" / "handwritten.csv").read_text(encoding="utf-8")
    line = next(x for x in marathon.splitlines() if x.startswith("hw-marathon-origin,"))
    assert "IAAF" in line and ",1921," in line
