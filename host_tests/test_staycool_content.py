"""make content on the Stay Cool cards (issue 18, part 2): every written clue has one good
answer, or says why under it; no clue holds its answer; the verbal cards ask nothing twice
and agree with the written ones. Each case breaks a copy of the shipped content and looks
for the file:line the compiler blames."""

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tools import content as compiler
from tools import staycool_check as sc
from tools.deckfile import read_deck
from tools.mpenv import ROOT

pytestmark = pytest.mark.sources_only  # CPython alone: nothing here runs in the unix port

SHIPPED = ROOT / "content" / "staycool"


@pytest.fixture
def content(tmp_path):
    copy = tmp_path / "content"
    shutil.copytree(ROOT / "content", copy)
    return copy


def compile_report(content, tmp_path, capsys):
    """(exit status, stdout) of make content's compiler on `content`."""
    status = compiler.main(["--content", str(content), "--out", str(tmp_path / "decks")])
    return status, capsys.readouterr().out


def lines_of(path):
    return path.read_text(encoding="utf-8").split("\n")


def clue_line(path, answer):
    """The line (from 1) of the written clue whose answer is `answer`."""
    return next(n for n, line in enumerate(lines_of(path), 1) if line.endswith(" | " + answer))


def edit(path, n, new, keep=False):
    """Line n (from 1) replaced by `new`, a list of lines (none deletes it), or with `keep`
    the lines put after it."""
    lines = lines_of(path)
    lines[n - 1 + keep : n] = new
    path.write_text("\n".join(lines), encoding="utf-8")


def fails_with(content, tmp_path, capsys, path, line, reason):
    status, report = compile_report(content, tmp_path, capsys)
    assert status == 1
    shown = os.path.relpath(path, ROOT) if path.is_relative_to(ROOT) else str(path)
    expected = "%s:%d: %s" % (shown, line, reason)
    assert any(got.startswith(expected) for got in report.splitlines()), (
        expected + "\n--- report:\n" + report
    )
    return report


def test_the_shipped_cards_compile_and_the_deck_holds_no_decision(tmp_path, capsys):
    status, report = compile_report(ROOT / "content", tmp_path, capsys)
    assert status == 0, report
    assert "staycool: 50 written cards, 50 verbal cards" in report
    written = read_deck(tmp_path / "decks" / "staycool-written.deck")
    assert len(written) == 50 and all(len(card) == 21 for card in written)
    # the decisions are for the check: the device gets each clue and its answer only
    assert not any(field.startswith("- not") for card in written for field in card)
    decided = sum(1 for line in lines_of(SHIPPED / "written.txt") if line.startswith("- not "))
    assert decided > 100


def test_a_clue_that_holds_its_answer(content, tmp_path, capsys):
    path = content / "staycool" / "written.txt"
    n = clue_line(path, "STEP")
    edit(path, n, ["A step in a staircase | STEP"])
    fails_with(content, tmp_path, capsys, path, n, "the clue gives its answer away: 'step'")


@pytest.mark.parametrize(
    "clue, word",
    [("Doorbells ring | BELL", "doorbells"), ("What sunrise brings | SUN", "sunrise")],
)
def test_a_clue_that_holds_its_answer_in_a_longer_word(content, tmp_path, capsys, clue, word):
    path = content / "staycool" / "written.txt"
    n = clue_line(path, clue.split(" | ")[1])
    edit(path, n, [clue])
    fails_with(content, tmp_path, capsys, path, n, "the clue gives its answer away: %r" % word)


def test_a_kept_pair_wants_a_decision(content, tmp_path, capsys):
    """LAST and END are kept as near: the clue "Opposite of first" needs a word on END."""
    pairs = content / "staycool" / "pairs.txt"
    pairs.write_text(pairs.read_text(encoding="utf-8") + "LAST END\n", encoding="utf-8")
    where = len(lines_of(pairs)) - 1
    path = content / "staycool" / "written.txt"
    n = clue_line(path, "LAST")
    reason = "END is spellable, in words.txt and near LAST (pairs.txt:%d)" % where
    fails_with(content, tmp_path, capsys, path, n, reason)
    edit(path, n, ["- not END: the end is where a thing stops, not its last one"], keep=True)
    assert compile_report(content, tmp_path, capsys)[0] == 0


def test_a_wordnet_candidate_wants_a_decision(content, tmp_path, capsys):
    """Without its decision, TAXI's candidate CAB (from candidates.txt) is reported."""
    path = content / "staycool" / "written.txt"
    n = clue_line(path, "TAXI")
    lines = lines_of(path)
    cab = next(k for k in range(n, n + 5) if lines[k].startswith("- not CAB"))
    edit(path, cab + 1, [])
    reason = "CAB is spellable, in words.txt and near TAXI (WordNet)"
    fails_with(content, tmp_path, capsys, path, n, reason)


def test_a_moby_candidate_wants_a_decision(content, tmp_path, capsys):
    """Without its decision, FOAL's Moby neighbour COLT (moby.txt, not WordNet) is reported."""
    assert "FOAL: COLT" in (SHIPPED / "moby.txt").read_text()
    assert "COLT" not in next(
        x for x in (SHIPPED / "candidates.txt").read_text().splitlines() if x.startswith("FOAL:")
    )
    path = content / "staycool" / "written.txt"
    n = clue_line(path, "FOAL")
    lines = lines_of(path)
    colt = next(k for k in range(n, n + 5) if lines[k].startswith("- not COLT"))
    edit(path, colt + 1, [])
    reason = "COLT is spellable, in words.txt and near FOAL (Moby)"
    fails_with(content, tmp_path, capsys, path, n, reason)


@pytest.mark.parametrize(
    "answer, second", [("BANK", "SAFE"), ("REAL", "TRUE"), ("HOOK", "LINE"), ("HIVE", "NEST")]
)
def test_the_four_second_answers_of_issue_37_are_decided(
    content, tmp_path, capsys, answer, second
):
    path = content / "staycool" / "written.txt"
    n = clue_line(path, answer)
    lines = lines_of(path)
    k = next(k for k in range(n, n + 5) if lines[k].startswith("- not " + second))
    edit(path, k + 1, [])
    reason = "%s is spellable, in words.txt and near %s (pairs.txt:" % (second, answer)
    fails_with(content, tmp_path, capsys, path, n, reason)


def test_a_verbal_answer_with_a_second_word_wants_a_decision(content, tmp_path, capsys):
    """A verbal card that takes "a bowl (or a dish)" makes DISH near the written BOWL."""
    verbal = content / "staycool" / "verbal.txt"
    k = next(n for n, line in enumerate(lines_of(verbal), 1) if " | " in line)
    edit(verbal, k, ["What do you eat cereal from? | A bowl (or a dish)"])
    path = content / "staycool" / "written.txt"
    n = clue_line(path, "BOWL")
    reason = "DISH is spellable, in words.txt and near BOWL (verbal.txt:%d)" % k
    fails_with(content, tmp_path, capsys, path, n, reason)


def test_decisions_that_are_wrong(content, tmp_path, capsys):
    """LAST's clue keeps its decision on TAIL (the line after it); three more follow."""
    path = content / "staycool" / "written.txt"
    n = clue_line(path, "LAST")
    assert lines_of(path)[n].startswith("- not TAIL: ")
    edit(path, n + 1, ["- not LAST: itself", "- not TAIL: again", "- nope"], keep=True)
    report = fails_with(
        content, tmp_path, capsys, path, n + 2, "LAST is the answer itself, not a second one"
    )
    assert re.search(r":%d: TAIL was decided on line %d$" % (n + 3, n + 1), report, re.M)
    assert re.search(r":%d: expected '- not WORD \[WORD\.\.\.\]: why'" % (n + 4), report)


def test_a_decision_on_a_verbal_card(content, tmp_path, capsys):
    verbal = content / "staycool" / "verbal.txt"
    k = next(n for n, line in enumerate(lines_of(verbal), 1) if " | " in line)
    edit(verbal, k, ["- not PEAR: a verbal card wants none"], keep=True)
    reason = "'- not' decisions are for written clues"
    fails_with(content, tmp_path, capsys, verbal, k + 1, reason)


def test_candidates_that_miss_an_answer_or_keep_a_gone_one(content, tmp_path, capsys):
    candidates = content / "staycool" / "candidates.txt"
    lines = lines_of(candidates)
    taxi = next(n for n, line in enumerate(lines, 1) if line.startswith("TAXI:"))
    edit(candidates, taxi, ["ZZZ:"])
    path = content / "staycool" / "written.txt"
    report = fails_with(
        content,
        tmp_path,
        capsys,
        path,
        clue_line(path, "TAXI"),
        "TAXI has no line in candidates.txt: run `make staycool-candidates`",
    )
    assert re.search(
        r"candidates\.txt:%d: no written clue has the answer ZZZ any more" % taxi, report
    )


@pytest.mark.parametrize(
    "asked, again",
    [
        ("How many days are in two weeks?", "How many days are in a fortnight?"),
        ("What is 9 times 8?", "What is 8 times 9?"),
        ("What is 7 plus 8?", "What is 8 plus 7?"),
    ],
)
def test_a_verbal_question_asked_twice(content, tmp_path, capsys, asked, again):
    verbal = content / "staycool" / "verbal.txt"
    lines = lines_of(verbal)
    first = next(n for n, line in enumerate(lines, 1) if line.startswith(asked + " | "))
    last = max(n for n, line in enumerate(lines, 1) if " | " in line)
    edit(verbal, last, [again + " | " + lines[first - 1].split(" | ")[1]])
    reason = "asks what line %d asks: %s" % (first, asked)
    fails_with(content, tmp_path, capsys, verbal, last, reason)


def test_question_key_sees_one_question_in_two_wordings():
    assert sc.question_key("What is 12 times 5?") == sc.question_key("What is 5 times 12?")
    assert sc.question_key("Double 45") == sc.question_key("What is 45 times 2?")
    assert sc.question_key("Halve 48") == sc.question_key("What is 48 divided by 2?")
    assert sc.question_key("How many legs has a dog?") != sc.question_key(
        "How many legs has a cat?"
    )
    assert sc.question_key("What is 5 plus 12?") != sc.question_key("What is 5 times 12?")


def wordnet_python():
    """The Python of make staycool-candidates' venv (made here once, as make makes it),
    reading Debian's WordNet: without it the test fails and says how to install it."""
    if not Path("/usr/share/wordnet/data.noun").exists():
        pytest.fail("no WordNet here: apt-get install wordnet-base (.ci/run does)")
    proc = subprocess.run(
        ["make", ".venv-words/.installed"], capture_output=True, text=True, cwd=ROOT
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return ROOT / ".venv-words" / "bin" / "python"


def test_the_committed_candidates_are_what_wordnet_gives(tmp_path):
    """candidates.txt and moby.txt are generated: run again on the committed clues,
    WordNet and Aiksaurus give the very same files."""
    out, moby = tmp_path / "candidates.txt", tmp_path / "moby.txt"
    if not Path("/usr/share/aiksaurus/meanings.dat").exists():
        pytest.fail("no Aiksaurus here: apt-get install libaiksaurus-1.2-data")
    proc = subprocess.run(
        [
            str(wordnet_python()),
            "-m",
            "tools.staycool_wordnet",
            "--out",
            str(out),
            "--moby-out",
            str(moby),
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert proc.returncode == 0, proc.stderr
    assert out.read_text() == (SHIPPED / "candidates.txt").read_text()
    assert moby.read_text() == (SHIPPED / "moby.txt").read_text()


def test_the_checker_alone_checks_as_make_content_does(content):
    """python -m tools.staycool_check: the same decisions wanted, at the same line."""
    folder = content / "staycool"
    path = folder / "written.txt"
    n = clue_line(path, "TAXI")
    cab = next(k for k in range(n, n + 5) if lines_of(path)[k].startswith("- not CAB"))
    edit(path, cab + 1, [])
    proc = subprocess.run(
        [sys.executable, "-m", "tools.staycool_check", "--dir", str(folder)],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert proc.returncode == 1
    reason = "CAB is spellable, in words.txt and near TAXI (WordNet)"
    assert re.search(r"written\.txt:%d: %s" % (n, re.escape(reason)), proc.stdout), proc.stdout


# -- the verbal cards (issue 37, part 2) ----------------------------------------------------


def verbal_q(text, answer, line=1):
    return sc.Question(line, text, answer, [])


def test_a_question_that_holds_its_answer():
    assert sc.holds_its_answer(verbal_q("What colour is an orange?", "Orange")) == "orange"
    assert sc.holds_its_answer(verbal_q("What is 90 minus 45?", "45")) == "45"
    assert (
        sc.holds_its_answer(verbal_q("Which is the largest lake in Africa?", "Lake Victoria"))
        is None
    )
    assert sc.holds_its_answer(verbal_q("Which is heavier, a kilo or a pound?", "A kilo")) is None
    assert sc.holds_its_answer(verbal_q("Spell 'cat'", "C-A-T")) is None


def test_a_verbal_question_asking_a_written_fact():
    written = [sc.Card("w", 1, [verbal_q("Bees live in it", "HIVE", 2)])]
    verbal = [sc.Card("v", 1, [verbal_q("What do bees live in?", "A hive", 7)])]
    assert [line for line, _ in sc.check_across(written, verbal)] == [7]
    other = [sc.Card("v", 1, [verbal_q("What colour is a ruby?", "Red", 7)])]
    written = [sc.Card("w", 1, [verbal_q("Colour of a ripe strawberry", "RED", 2)])]
    assert sc.check_across(written, other) == []


def test_one_template_on_at_most_a_fifth_of_a_slot():
    assert sc.template('What is the opposite of "up"?') == "what is the opposite"
    assert sc.template("What is 7 plus 8?") == "what is #"
    cards = [
        sc.Card("c%d" % i, i, [verbal_q('What is the opposite of "w%d"?' % i, "x", 100 + i)])
        for i in range(10)
    ]
    found = sc.check_templates(cards)
    assert [line for line, _ in found] == list(range(102, 110))  # 2 of 10 allowed a slot
    assert "question 1 starts 'what is the opposite' on 10 of 10 cards" in found[0][1]


def test_the_shipped_verbal_cards_pass_the_new_checks():
    written = sc.parse_cards(str(SHIPPED / "written.txt"))
    verbal = sc.parse_cards(str(SHIPPED / "verbal.txt"))
    assert sc.check_templates(verbal) == []
    assert sc.check_verbal_answers(verbal) == []
    assert sc.check_across(written, verbal) == []
    rabbit = [q for c in verbal for q in c.questions if "baby rabbit" in q.text]
    assert rabbit and "bunny" in rabbit[0].answer
