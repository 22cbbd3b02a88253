"""make content-report: the review page shows every entry of content/ as the files have it
(issue 18, part 5), its text escaped, and the tool writes its page and nothing else.

What the page should show is read here from content/ with the csv module and plain string
splitting, not with the checkers' parsers the tool uses.
"""

import csv
import html
import re
import shutil
import subprocess
import sys
from html.parser import HTMLParser

import pytest

from tools.mpenv import ROOT

pytestmark = pytest.mark.sources_only  # CPython alone: nothing here runs in the unix port

CONTENT = ROOT / "content"
MARK = '<script>alert("x")</script> & co'  # HTML that must reach the page as text


class Rows(HTMLParser):
    """The page's table rows: {row id: [each cell's text]}, with <br> as a newline."""

    def __init__(self):
        super().__init__()
        self.rows, self.cells, self.in_cell = {}, None, False

    def handle_starttag(self, tag, attrs):
        if tag == "tr":
            self.cells = self.rows.setdefault(dict(attrs).get("id", ""), [])
        elif tag == "td" and self.cells is not None:
            self.cells.append("")
            self.in_cell = True
        elif tag == "br" and self.in_cell:
            self.cells[-1] += "\n"

    def handle_endtag(self, tag):
        if tag == "td":
            self.in_cell = False
        elif tag == "tr":
            self.cells = None

    def handle_data(self, data):
        if self.in_cell:
            self.cells[-1] += data


def rows_of(page):
    parser = Rows()
    parser.feed(page)
    return parser.rows


def row_with(rows, column, text):
    """The (id, cells) of the one row whose cell `column` is `text`."""
    found = [(key, cells) for key, cells in rows.items() if len(cells) > column]
    found = [(key, cells) for key, cells in found if cells[column] == text]
    assert len(found) == 1, "%d rows with %r in column %d" % (len(found), text, column)
    return found[0]


def tree_state():
    """Every file git would show in the tree (tracked, or new and not ignored), with its
    size and modification time."""
    listed = subprocess.run(
        ["git", "ls-files", "-co", "--exclude-standard"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.splitlines()
    return {
        name: (stat.st_size, stat.st_mtime_ns)
        for name in listed
        if (ROOT / name).is_file() and (stat := (ROOT / name).stat())
    }


def write_report(out, *args):
    proc = subprocess.run(
        [sys.executable, "-m", "tools.content_report", "--out", str(out), *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return proc.stdout


@pytest.fixture(scope="module")
def report(tmp_path_factory):
    """The page of the shipped content, and the tree's files before and after writing it."""
    out = tmp_path_factory.mktemp("report") / "review" / "content-report.html"
    before = tree_state()
    printed = write_report(out)
    return out, out.read_text(encoding="utf-8"), printed, before, tree_state()


def questions():
    """(file name, line the record starts on, row) for each Say When! question."""
    found = []
    for path in sorted((CONTENT / "saywhen").glob("*.csv")):
        with open(path, newline="", encoding="utf-8") as f:
            reader = csv.DictReader(f)
            line = reader.line_num + 1
            for row in reader:
                found.append((path.name, line, row))
                line = reader.line_num + 1
    return found


def grouped(number):
    """A number as the Answer Door shows it: thousands separated from five digits on."""
    whole, dot, frac = number.partition(".")
    return (format(int(whole), ",") if len(whole) > 4 else whole) + dot + frac


def test_the_page_stands_alone_and_only_it_is_written(report):
    out, page, printed, before, after = report
    assert list(out.parent.parent.rglob("*")) == [out.parent, out]
    assert before == after  # not one file of the tree changed, none was added
    assert "wrote %s" % out in printed
    assert page.startswith("<!DOCTYPE html>") and page.rstrip().endswith("</html>")
    assert "<style>" in page
    assert "<script" not in page and "<link" not in page and "<img" not in page
    assert not re.search(r"\bsrc\s*=|url\(", page)  # nothing fetched
    links = re.findall(r"\bhref=(.)(.)", page)
    assert links and set(links) == {('"', "#")}  # links go to anchors on the page


def test_every_entry_is_on_the_page(report):
    rows = rows_of(report[1])
    shown = [key for key in rows if key.startswith("sw-")]
    assert len(shown) == len(questions()) > 1000
    for name, kind in (("written.txt", "clue"), ("verbal.txt", "question")):
        text = (CONTENT / "staycool" / name).read_text(encoding="utf-8")
        expected = [
            line.split(" | ")[0]
            for line in text.splitlines()
            if " | " in line and not line.startswith("- ")
        ]
        cells = [c[1] for c in rows.values() if len(c) > 1 and c[0].startswith(name + ":")]
        assert cells == expected, kind
    text = (CONTENT / "scattergories" / "lists.txt").read_text(encoding="utf-8")
    categories = [line.split(" | ")[0] for line in text.splitlines() if " | " in line]
    assert [c[1] for c in rows.values() if c and c[0].startswith("lists.txt:")] == categories


def test_a_question_shows_its_answer_range_source_and_year(report):
    rows = rows_of(report[1])
    name, line, row = next(
        q for q in questions() if q[2]["as_of"].isdigit() and q[2]["low"] and q[2]["unit"]
    )
    key, cells = row_with(rows, 1, row["question"])
    ident, question, answer, unit, span, category, kind, _, source, as_of, flags = cells
    assert ident == "%s\n%s:%d" % (row["id"], name, line)
    assert (answer, unit) == (grouped(row["answer"]), row["unit"])
    assert span == "%s..%s" % (grouped(row["low"]), grouped(row["high"]))
    assert (category, kind, source, as_of) == tuple(
        row[c] for c in ("category", "kind", "source", "as_of")
    )
    assert "default range" not in flags
    # One that takes its kind's default range says so.
    name, line, row = next(q for q in questions() if not q[2]["low"] and not q[2]["high"])
    _, cells = row_with(rows, 1, row["question"])
    assert "default range" in cells[-1] and re.fullmatch(r"[\d,.]+\.\.[\d,.]+", cells[4])


def test_a_written_clue_shows_its_near_words_and_decisions(report):
    rows = rows_of(report[1])
    candidates = {}
    for line in (CONTENT / "staycool" / "candidates.txt").read_text().splitlines():
        if line and not line.startswith("#"):
            answer, _, words = line.partition(":")
            candidates[answer] = words.split()
    lines = (CONTENT / "staycool" / "written.txt").read_text(encoding="utf-8").splitlines()

    def decided():
        """(line number, clue, answer, the decision under it, a word of it WordNet found)."""
        for n, (line, below) in enumerate(zip(lines, lines[1:]), start=1):
            if " | " in line and below.startswith("- not "):
                clue, answer = line.split(" | ")
                for word in below[len("- not ") :].split(":")[0].split():
                    if word in candidates.get(answer, []):
                        yield n, clue, answer, below, word

    n, clue, answer, decision, word = next(decided())
    _, cells = row_with(rows, 1, clue)
    where, _, shown_answer, near, decisions = cells
    assert (where, shown_answer) == ("written.txt:%d" % n, answer)
    assert decision[2:] in decisions.split("\n")  # "not WORD: why", as written
    assert "%s decided WordNet" % word in near.split("\n")


def test_a_category_shows_its_examples_by_letter(report):
    rows = rows_of(report[1])
    text = (CONTENT / "scattergories" / "lists.txt").read_text(encoding="utf-8")
    line = next(line for line in text.splitlines() if " | " in line)
    category, examples = line.split(" | ")
    examples = examples.split(", ")
    _, cells = row_with(rows, 1, category)
    assert cells[2].startswith("%d of 20" % len(examples))
    assert cells[3] == " · ".join("%s %s" % (e[0].upper(), e) for e in examples)


def test_a_category_shows_its_example_decisions_beside_it(report):
    """A '- example' decision (issue 37) is shown in its category's row, with what
    disputed.txt says a table might object."""
    rows = rows_of(report[1])
    text = (CONTENT / "scattergories" / "lists.txt").read_text(encoding="utf-8").splitlines()
    at = next(i for i, line in enumerate(text) if line.startswith("Words ending in -able | "))
    decision = next(line for line in text[at + 1 :] if line.startswith("- example Table: "))
    disputed = (CONTENT / "scattergories" / "disputed.txt").read_text(encoding="utf-8")
    why = next(
        line.split(" | ")[3]
        for line in disputed.splitlines()
        if line.split(" | ")[1:3] == ["Words ending in -able", "Table"]
    )
    _, cells = row_with(rows, 1, "Words ending in -able")
    shown = "decided: example Table counts: %s (disputed: %s)" % (
        decision.split(": ", 1)[1],
        why,
    )
    assert shown in cells[3]


def test_text_is_escaped(tmp_path):
    content = tmp_path / "content"
    shutil.copytree(CONTENT, content)
    path = content / "saywhen" / "handwritten.csv"
    with open(path, newline="", encoding="utf-8") as f:
        table = list(csv.reader(f))
    question = table[1][1] = "%s: %s" % (MARK, table[1][1])
    with open(path, "w", newline="", encoding="utf-8") as f:
        csv.writer(f, lineterminator="\n").writerows(table)
    written = content / "staycool" / "written.txt"
    text = written.read_text(encoding="utf-8")
    clue = next(line for line in text.splitlines() if " | " in line).split(" | ")[0]
    written.write_text(text.replace(clue, MARK, 1), encoding="utf-8")
    lists = content / "scattergories" / "lists.txt"
    text = lists.read_text(encoding="utf-8")
    category = next(line for line in text.splitlines() if " | " in line).split(" | ")[0]
    lists.write_text(text.replace(category, MARK + " " + category, 1), encoding="utf-8")

    out = tmp_path / "page.html"
    write_report(out, "--content", str(content))
    page = out.read_text(encoding="utf-8")
    assert "<script" not in page
    assert html.escape(MARK) in page
    rows = rows_of(page)
    assert row_with(rows, 1, question)[1][0].endswith("handwritten.csv:2")
    assert row_with(rows, 1, MARK)[1][0].startswith("written.txt:")
    assert row_with(rows, 1, MARK + " " + category)[1][0].startswith("lists.txt:")
