"""The Scattergories PC tools: the round scorer (on the rules module) and the sheets."""

import subprocess
import sys

import pytest
from PIL import Image

from tools import scattergories_check, scattergories_sheets
from tools import scattergories_score as scorer
from tools.mpenv import ROOT

pytestmark = pytest.mark.sources_only  # CPython alone: nothing here runs in the unix port

SAMPLE = ROOT / "content" / "scattergories" / "sample-round.csv"


def run_tool(name, *args):
    return subprocess.run(
        [sys.executable, "-m", "tools." + name, *map(str, args)],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )


def fates(text):
    """{(player, category): fate} from the scorer's report."""
    out, player = {}, None
    for line in text.splitlines():
        if line and not line.startswith(" ") and ":" not in line:
            player = line
        elif player and line[:4].strip().isdigit():
            cat = int(line[:4])
            out[(player, cat)] = line.rsplit("  ", 1)[1].strip()
    return out


def test_sample_round_scored_by_the_rules_module():
    proc = run_tool("scattergories_score", SAMPLE)
    assert proc.returncode == 0, proc.stderr
    f = fates(proc.stdout)
    assert len(f) == 36
    # Duplicates count for nobody, once an article, case or spaces are set aside.
    assert f[("Alex", 2)] == "duplicate of Sam" and f[("Sam", 2)] == "duplicate of Alex"
    assert f[("Alex", 4)] == "duplicate of Robin" and f[("Robin", 12)] == "duplicate of Alex"
    assert f[("Sam", 6)] == "duplicate of Alex"  # "A Bicycle" = "Bicycle"
    # An article does not count: "The bus" is a B answer; "The" alone is blank.
    assert f[("Robin", 6)] == "scored" and f[("Robin", 3)] == "blank"
    assert f[("Sam", 10)] == "wrong letter" and f[("Robin", 8)] == "wrong letter"
    assert f[("Robin", 10)] == "repeated (scored in category 1)"
    assert f[("Alex", 11)] == "rejected"  # "# reject: Alex:11" in the file
    assert f[("Sam", 11)] == "scored"  # "Bohr Niels": surname first is a B answer
    assert f[("Sam", 9)] == "scored"  # quotes set aside
    assert f[("Sam", 12)] == "blank"  # not in the file
    assert "Things in a toolbox" in proc.stdout  # the list's categories, from "# list: 1"
    assert proc.stdout.strip().endswith("Totals: Sam 8, Alex 7, Robin 7")


def test_command_line_overrides_and_rejections():
    proc = run_tool("scattergories_score", SAMPLE, "--reject", "Sam:1", "--reject", "Alex:9")
    assert proc.returncode == 0, proc.stderr
    f = fates(proc.stdout)
    assert f[("Sam", 1)] == "rejected" and f[("Alex", 9)] == "rejected"
    assert f[("Alex", 11)] == "scored"  # the file's rejection is replaced
    proc = run_tool("scattergories_score", SAMPLE, "--letter", "t")
    assert "Totals: Sam 1, Robin 1, Alex 0" in proc.stdout  # Towel, Thunder


def test_bad_lines_are_reported_with_their_line(tmp_path):
    bad = tmp_path / "bad.csv"
    bad.write_text("# letter: K\nAnn,1,Kiwi\nAnn,13,Kale\nBen,x,Kite\nAnn,1,Kelp\nBen,2\n")
    proc = run_tool("scattergories_score", bad)
    assert proc.returncode == 1 and proc.stdout == ""
    lines = proc.stderr.splitlines()
    assert lines[0] == "%s:3: category must be 1 to 12, not '13'" % bad
    assert lines[1].startswith("%s:4: category" % bad)
    assert lines[2] == "%s:5: Ann answered category 1 twice" % bad
    assert lines[3] == "%s:6: expected player,category,answer" % bad
    proc = run_tool("scattergories_score", SAMPLE, "--letter", "Q")
    assert proc.returncode == 1 and "letter must be one of the die's" in proc.stderr


def test_fates_agree_with_score_round():
    sheets = [["The Kiwi", "Kenya", "kenya"], ["kiwi", "Kale", ""], ["", "", "Kenya "]]
    result = scorer.score(sheets, "K", [[1, 1]])
    assert result["totals"] == [1, 0, 0]  # Kenya (cat 2) scores; Kenya again (cat 3) is a dup
    assert [f[0] for f in result["fates"][0]] == ["duplicate", "scored", "duplicate"]
    assert result["fates"][1][1] == ["rejected"] and result["fates"][2][0] == ["blank"]


def list_pages():
    """Pages of lists the shipped content needs, four cards to a page."""
    lists = scattergories_check.parse_lists(scattergories_check.LISTS_PATH)
    return -(-len(lists) // scattergories_sheets.LISTS_PER_PAGE)


def test_sheets_as_png(tmp_path):
    proc = run_tool("scattergories_sheets", "--out", tmp_path, "--format", "png")
    assert proc.returncode == 0, proc.stderr
    names = sorted(p.name for p in tmp_path.iterdir())
    pages = ["scattergories-lists-%d.png" % n for n in range(1, list_pages() + 1)]
    assert names == sorted(["scattergories-answers.png", *pages])
    page = Image.open(tmp_path / "scattergories-lists-1.png")
    assert page.size == (1240, 1754)  # A4 at 150 dpi
    inked = sum(1 for v in page.getdata() if v < 128)
    assert inked > 20000  # four cards of text, not a blank page


def test_sheets_as_pdf(tmp_path):
    proc = run_tool("scattergories_sheets", "--out", tmp_path, "--sheets", 3)
    assert proc.returncode == 0, proc.stderr
    lists = (tmp_path / "scattergories-lists.pdf").read_bytes()
    answers = (tmp_path / "scattergories-answers.pdf").read_bytes()
    assert lists.startswith(b"%PDF") and answers.startswith(b"%PDF")
    assert lists.count(b"/Type /Page") - lists.count(b"/Type /Pages") == list_pages()
    assert answers.count(b"/Type /Page") - answers.count(b"/Type /Pages") == 3
