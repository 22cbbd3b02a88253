"""make content: every bad line reported as file:line, nothing written; decks read back.
(test_content_errors.py feeds it every kind of bad input.)"""

import codecs
import csv
import io
import json
import shutil
import struct
import subprocess
import sys
import tarfile
from hashlib import sha256

import pytest

from tools.deckfile import read_deck
from tools.fontmetrics import FontMetrics
from tools.mpenv import ROOT, run_mp

TOOL = [sys.executable, "-m", "tools.content"]
# The compiler before issue 15 made it check so much more; the decks it wrote are the decks.
BEFORE_ISSUE_15 = "275bf08b24645d04c4ce771f82eea57547d13399"


def compile_content(content, out):
    return subprocess.run(
        [*TOOL, "--content", str(content), "--out", str(out)],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )


def test_the_shipped_content_compiles(tmp_path):
    proc = compile_content(ROOT / "content", tmp_path)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    lines = proc.stdout.splitlines()
    assert lines[0] == "saywhen: %d questions" % len(dealt_rows(ROOT / "content"))
    assert lines[1].startswith("staycool: ")
    headers = [n for n in lists_text(ROOT / "content").splitlines() if n.startswith("# list ")]
    count = "scattergories: %d lists, %d categories;" % (len(headers), 12 * len(headers))
    assert lines[2].startswith(count)
    # then each list's categories, by how many of the die's letters each has an example for
    assert [n.split(":")[0] for n in lines[3 : 3 + len(headers)]] == [
        "  list %2d" % (k + 1) for k in range(len(headers))
    ]
    questions = read_deck(tmp_path / "saywhen.deck")
    assert len(questions) == int(lines[0].split()[1])


def dealt_rows(content):
    """The Say When! rows of every question file that the device is dealt: all but those
    marked unverified."""
    rows = []
    for path in sorted((content / "saywhen").glob("*.csv")):
        rows += [r for r in csv.DictReader(path.open(newline="", encoding="utf-8"))]
    return [r for r in rows if r["as_of"].strip() != "unverified"]


def without_unverified(content):
    """Rewrites each question file of `content` without its unverified rows (a compiler of
    before issue 18 deals every row)."""
    for path in sorted((content / "saywhen").glob("*.csv")):
        with path.open(newline="", encoding="utf-8") as f:
            reader = csv.DictReader(f)
            header, rows = reader.fieldnames, list(reader)
        out = io.StringIO()
        writer = csv.DictWriter(out, fieldnames=header, lineterminator="\n")
        writer.writeheader()
        writer.writerows(r for r in rows if r["as_of"].strip() != "unverified")
        path.write_text(out.getvalue(), encoding="utf-8")


def lists_text(content):
    return (content / "scattergories" / "lists.txt").read_text(encoding="utf-8")


def in_the_old_format(content, lists_kept):
    """Rewrites the Stay Cool and Scattergories sources as a compiler of before issue 18
    reads them: no '- not WORD: why' decisions under the written clues, no example answers
    after a category's ' | ' nor '- pair' decisions under it (issue 37), and only the first
    `lists_kept` lists (it wanted 16 exactly)."""
    written = content / "staycool" / "written.txt"
    kept = [n for n in written.read_text(encoding="utf-8").split("\n") if not n.startswith("- ")]
    written.write_text("\n".join(kept), encoding="utf-8")
    lists, out = lists_text(content).split("\n# list "), []
    for block in lists[:lists_kept]:
        lines = [n for n in block.split("\n") if not n.startswith("- ")]
        out.append("\n".join(n.split(" | ")[0] for n in lines))
    (content / "scattergories" / "lists.txt").write_text("\n# list ".join(out) + "\n")


def git_tree(commit, paths, dest):
    """The files under `paths` as `commit` has them, in the folder `dest`."""
    proc = subprocess.run(
        ["git", "-C", str(ROOT), "archive", "--format=tar", commit, *paths], capture_output=True
    )
    if proc.returncode != 0:  # a shallow clone, or no git: nothing to compare with
        pytest.skip("no commit %s here: %s" % (commit[:7], proc.stderr.decode().strip()))
    with tarfile.open(fileobj=io.BytesIO(proc.stdout)) as tar:
        tar.extractall(dest, filter="data")
    return dest


def decks(folder):
    return {p.name: p.read_bytes() for p in sorted(folder.glob("*.deck"))}


def test_a_good_run_writes_the_very_decks_the_compiler_wrote_before(tmp_path):
    """The committed content, compiled by the compiler of before issue 15 and by this one:
    the same files, byte for byte, and the same summary lines (this one then prints Say
    When!'s balance and the Scattergories letters). The old compiler deals every row, so it
    is given the content without the unverified questions, which this one leaves out; and
    its Stay Cool and Scattergories sources without what issue 18 added for the checks
    alone (decisions, example answers), and only the 16 lists it took: the device reads
    the same records, the 16 lists first (but for Say When!'s questions, now set in their
    lines on the screen: the line breaks where spaces were)."""
    content = git_tree("HEAD", ["content"], tmp_path / "now") / "content"
    old = git_tree(BEFORE_ISSUE_15, ["tools", "firmware"], tmp_path / "before")
    new = compile_content(content, tmp_path / "new")
    without_unverified(content)
    in_the_old_format(content, 16)
    proc = subprocess.run(
        [sys.executable, str(old / "tools" / "content.py"), "--content", str(content)]
        + ["--out", str(tmp_path / "old")],
        capture_output=True,
        text=True,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert new.returncode == 0, new.stdout + new.stderr
    old_lines, new_lines = proc.stdout.splitlines(), new.stdout.splitlines()
    assert new_lines[:2] == old_lines[:2]  # Say When! and Stay Cool
    assert old_lines[2] == "scattergories: 16 lists, 192 categories"
    new_decks, old_decks = decks(tmp_path / "new"), decks(tmp_path / "old")
    assert len(new_decks) == 4 and set(new_decks) == set(old_decks)
    lists = "scattergories.deck"
    for name in new_decks:  # the same records; the format now adds each card's key
        new_records, old_records = (
            read_deck(tmp_path / "new" / name),
            read_deck(tmp_path / "old" / name),
        )
        # each id now in its key alone: the card keeps its field, empty
        blanked = [[""] + r[1:] for r in old_records]
        if name == "saywhen.deck":  # a question now set in its lines (set_question)
            new_records = [[r[0], r[1].replace("\n", " ")] + r[2:] for r in new_records]
        assert (new_records[:16] if name == lists else new_records) == blanked, name
        assert new_decks[name][:4] == b"DCK2" and old_decks[name][:4] == b"DCK1"
        count = len(old_records)
        keys = struct.unpack_from("<%dH" % count, new_decks[name], 10 + 10 * len(new_records))
        ids = [r[0].encode() for r in old_records]  # the key: 16 bits of the id's SHA-256
        assert list(keys) == [int.from_bytes(sha256(i).digest()[:2], "little") for i in ids]


def test_a_utf_8_bom_is_dropped(tmp_path):
    """Spreadsheets and Notepad start a file with a BOM: the decks are as without it."""
    content = tmp_path / "content"
    shutil.copytree(ROOT / "content", content)
    for name in ("saywhen/handwritten.csv", "staycool/written.txt", "scattergories/lists.txt"):
        path = content / name
        path.write_bytes(codecs.BOM_UTF8 + path.read_bytes())
    assert compile_content(content, tmp_path / "bom").returncode == 0
    assert compile_content(ROOT / "content", tmp_path / "plain").returncode == 0
    assert decks(tmp_path / "bom") == decks(tmp_path / "plain")


def test_bad_lines_are_reported_and_nothing_is_written(tmp_path):
    content = tmp_path / "content"
    shutil.copytree(ROOT / "content", content)
    hand = content / "saywhen" / "handwritten.csv"
    rows = list(csv.reader(hand.open()))
    header = rows[0]
    good = rows[1]

    def row(**changes):
        r = dict(zip(header, good, strict=True))
        r.update(changes)
        return [r[h] for h in header]

    bad_rows = [
        row(id="x-outside", question="Outside its range?", answer="50", low="1", high="10"),
        row(id="x-upside", question="Upside-down range?", answer="5", low="10", high="1"),
        row(id="x-missing", question="No answer?", answer=""),
        row(id="x-float", question="Exponent?", answer="1e9"),
        row(id=good[0], question="Same id twice?"),
        row(id="x-dup", question=good[1]),  # the same question as line 2
        row(id="x-long", question="Why " * 60 + "?"),
    ]
    with hand.open("a", newline="") as f:
        csv.writer(f).writerows(bad_rows)
    first_bad = len(rows) + 1
    words = content / "staycool" / "written.txt"
    words.write_text(words.read_text().replace("| LAST", "| QQQQ", 1))
    lists = content / "scattergories" / "lists.txt"
    lines = lists_text(content).split("\n")
    lines[2] = lines[1]  # list 1's second category the same as its first
    lists.write_text("\n".join(lines), encoding="utf-8")
    out = tmp_path / "out"
    proc = compile_content(content, out)
    assert proc.returncode == 1
    assert not out.exists() or not any(out.iterdir())
    report = proc.stdout
    where = str(hand)
    expected = [
        "%s:%d: answer 50 is outside its range 1..10" % (where, first_bad),
        "%s:%d: range 10..1: low must be below high" % (where, first_bad + 1),
        "%s:%d: answer is missing" % (where, first_bad + 2),
        "%s:%d: answer '1e9' is not a plain number" % (where, first_bad + 3),
        "%s:%d: id %s was used on line 2" % (where, first_bad + 4, good[0]),
        "%s:%d: the same question is on handwritten.csv:2" % (where, first_bad + 5),
        "%s:%d: question does not fit the screen" % (where, first_bad + 6),
    ]
    for line in expected:
        assert line in report, line + "\n--- report:\n" + report
    assert "%s:2: answer QQQQ is not in words.txt" % words in report
    assert "%s:2: answer QQQQ cannot be spelled with the dice" % words in report
    assert "%s:3: category repeats line 2 of the same list" % lists in report
    assert "nothing written" in proc.stderr


def test_device_wraps_questions_exactly_as_the_compiler_measures(tmp_path):
    """The fit check is only true if the firmware breaks lines where the compiler does;
    and the lines the deck holds a question in (set_question) are the firmware's own, so
    that the device draws them unmeasured and they are still the lines it would wrap."""
    questions = [r[1] for r in read_deck(ROOT / "build" / "decks" / "saywhen.deck")]
    large = FontMetrics("large")
    expected = [large.wrap(q, 288) for q in questions]
    set_in_lines = [k for k, q in enumerate(questions) if "\n" in q]
    # All but the few too long for large type (question_font) come set in their lines.
    assert len(set_in_lines) > 0.95 * len(questions)
    script = (
        "import json, sys\n"
        "from app.gfx import Gfx\n"
        "from shell import font_opener\n"
        "g = Gfx(font_opener(%r))\n"
        "for line in sys.stdin:\n"  # (a question a line: the deck whole is too much heap)
        "    print(json.dumps(g.wrap(json.loads(line), 'large', 288)))\n"
        % str(ROOT / "firmware" / "fonts" / "fonts.bin")
    )
    path = tmp_path / "wrap.py"
    path.write_text(script)
    proc = run_mp([str(path)], stdin="".join(json.dumps(q) + "\n" for q in questions))
    assert proc.returncode == 0, proc.stderr
    got = [json.loads(line) for line in proc.stdout.splitlines()]
    assert got == expected
    for k in set_in_lines:
        assert questions[k].split("\n") == got[k], questions[k]
