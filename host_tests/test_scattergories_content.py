"""make content on the Scattergories lists (issue 18, part 3): each category shows, with an
example answer per letter, common answers for at least 15 of the die's 20 letters; no two
categories share most of their answers; the examples stay out of the device's deck. Each
case breaks a copy of the shipped content and looks for the file:line the compiler
blames."""

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from tools import content as compiler
from tools import scattergories_check as sg
from tools.deckfile import card_key, read_deck, read_keys
from tools.mpenv import ROOT

pytestmark = pytest.mark.sources_only  # CPython alone: nothing here runs in the unix port

LISTS = ROOT / "content" / "scattergories" / "lists.txt"


@pytest.fixture
def content(tmp_path):
    copy = tmp_path / "content"
    shutil.copytree(ROOT / "content", copy)
    return copy


def lists_path(content):
    return content / "scattergories" / "lists.txt"


def compile_report(content, tmp_path, capsys):
    status = compiler.main(["--content", str(content), "--out", str(tmp_path / "decks")])
    return status, capsys.readouterr().out


def category(content, n):
    """Line n (from 1) of lists.txt as (text, [examples])."""
    text, _, examples = (
        lists_path(content).read_text(encoding="utf-8").split("\n")[n - 1].partition(" | ")
    )
    return text, examples.split(", ")


def set_category(content, n, text, examples):
    path = lists_path(content)
    lines = path.read_text(encoding="utf-8").split("\n")
    lines[n - 1] = text + (" | " + ", ".join(examples) if examples is not None else "")
    path.write_text("\n".join(lines), encoding="utf-8")


def fails_with(content, tmp_path, capsys, line, reason):
    status, report = compile_report(content, tmp_path, capsys)
    assert status == 1
    path = lists_path(content)
    shown = os.path.relpath(path, ROOT) if path.is_relative_to(ROOT) else str(path)
    expected = "%s:%d: %s" % (shown, line, reason)
    assert any(got.startswith(expected) for got in report.splitlines()), (
        expected + "\n--- report:\n" + report
    )
    return report


def test_the_shipped_lists_compile_and_the_deck_holds_no_example(tmp_path, capsys):
    status, report = compile_report(ROOT / "content", tmp_path, capsys)
    assert status == 0, report
    lists = sg.parse_lists(str(LISTS))
    assert len(lists) >= 24
    records = read_deck(tmp_path / "decks" / "scattergories.deck")
    # the device gets each list's 12 categories, in its place (its id's field empty: the
    # key in the deck's index holds the id, the list's number)
    assert records == [[""] + [c.text for c in lst.categories] for lst in lists]
    keys = read_keys(tmp_path / "decks" / "scattergories.deck")
    assert keys == [card_key([str(lst.number)]) for lst in lists]
    # and make content says how many letters each category covers, list by list
    for lst in lists:
        counts = [len({sg.example_letter(e) for e in c.examples}) for c in lst.categories]
        line = "  list %2d: %s" % (lst.number, " ".join("%2d" % n for n in counts))
        assert line in report.splitlines()
        assert min(counts) >= sg.MIN_LETTERS


def test_an_example_on_no_face_of_the_die(content, tmp_path, capsys):
    text, examples = category(content, 2)  # list 1's first category
    set_category(content, 2, text, examples + ["Umbrella"])
    reason = "example 'Umbrella' starts with no letter of the die (ABCDEFGHIJKLMNOPRSTW)"
    fails_with(content, tmp_path, capsys, 2, reason)


def test_two_examples_for_one_letter(content, tmp_path, capsys):
    text, examples = category(content, 2)
    first_b = next(e for e in examples if e.startswith("B"))
    set_category(content, 2, text, examples + ["Bucket"])
    reason = "examples %r and 'Bucket' both start with B: one for each letter" % first_b
    fails_with(content, tmp_path, capsys, 2, reason)


def test_an_article_does_not_count_for_the_letter(content, tmp_path, capsys):
    """ "The Hammer" is an H answer, as the device scores it: a second H here."""
    text, examples = category(content, 2)
    first_h = next(e for e in examples if e.startswith("H"))
    set_category(content, 2, text, [e for e in examples if not e.startswith("T")] + ["The Hammer"])
    reason = "examples %r and 'The Hammer' both start with H" % first_h
    fails_with(content, tmp_path, capsys, 2, reason)


def test_an_example_that_is_not_a_common_word(content, tmp_path, capsys):
    text, examples = category(content, 3)  # Animals on a safari
    examples = [e for e in examples if not e.startswith("O")] + ["Okapi"]
    set_category(content, 3, text, examples)
    reason = "example 'Okapi': 'Okapi' is not a common word (Zipf "
    report = fails_with(content, tmp_path, capsys, 3, reason)
    assert re.search(r"'Okapi' is not a common word \(Zipf [0-2]\.\d, under 3\)", report)


def test_a_category_with_too_few_letters(content, tmp_path, capsys):
    text, examples = category(content, 2)
    set_category(content, 2, text, examples[:14])
    missing = "".join(c for c in sg.LETTERS if c not in {e[:1] for e in examples[:14]})
    reason = "examples for 14 letters, at least 15 needed (none for %s)" % missing
    fails_with(content, tmp_path, capsys, 2, reason)


def test_a_category_without_examples(content, tmp_path, capsys):
    text, _ = category(content, 2)
    set_category(content, 2, text, None)
    reason = "examples for 0 letters, at least 15 needed (none for %s)" % sg.LETTERS
    fails_with(content, tmp_path, capsys, 2, reason)


def test_an_empty_example(content, tmp_path, capsys):
    text, examples = category(content, 2)
    set_category(content, 2, text, examples[:3] + [""] + examples[3:])
    fails_with(content, tmp_path, capsys, 2, "an empty example (two commas in a row?)")


def test_two_categories_that_share_their_answers(content, tmp_path, capsys):
    """Line 3 given line 2's examples (a new name): it shares them all with line 2."""
    _, examples = category(content, 2)
    set_category(content, 3, "Things in a handyman's van", examples)
    keys = sorted({sg.answer_key(e) for e in examples})
    reason = "shares %d example answers with line 2 (%s): %s" % (
        len(keys),
        category(content, 2)[0],
        ", ".join(keys),
    )
    fails_with(content, tmp_path, capsys, 3, reason)


def test_three_shared_examples_are_allowed(content, tmp_path, capsys):
    """Categories may meet on an answer or three (a kite is a toy and flies in the sky)."""
    text, examples = category(content, 3)
    _, others = category(content, 2)
    by_letter = {e[:1]: e for e in examples}
    for e in others[:3]:
        by_letter[e[:1]] = e
    set_category(content, 3, text, sorted(by_letter.values()))
    # in one list, though, the pair wants a decision (issue 37): given one, it passes
    other = category(content, 2)[0]
    path = lists_path(content)
    lines = path.read_text(encoding="utf-8").split("\n")
    lines.insert(3, "- pair %s: a test's pair" % other)
    path.write_text("\n".join(lines), encoding="utf-8")
    status, report = compile_report(content, tmp_path, capsys)
    assert "shares" not in report
    assert status == 0, report


def test_lists_are_numbered_in_order_whatever_their_count(content, tmp_path, capsys):
    path = lists_path(content)
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("# list 2\n", "# list 3\n", 1), encoding="utf-8")
    line = text.split("\n").index("# list 2") + 1
    fails_with(content, tmp_path, capsys, line, "list 3 out of order (expected 2)")


def test_fewer_lists_are_a_deck_too(content, tmp_path, capsys):
    """The count is not fixed: the first 16 lists make a deck of 16."""
    path = lists_path(content)
    blocks = path.read_text(encoding="utf-8").split("\n# list ")
    path.write_text("\n# list ".join(blocks[:16]) + "\n", encoding="utf-8")
    pairs = content / "scattergories" / sg.HYPERNYMS_NAME
    kept = [
        line
        for line in pairs.read_text(encoding="utf-8").split("\n")
        if not line[:1].isdigit() or int(line.split(" | ")[0]) <= 16
    ]
    pairs.write_text("\n".join(kept), encoding="utf-8")
    disputed = content / "scattergories" / sg.DISPUTED_NAME
    kept = [
        line
        for line in disputed.read_text(encoding="utf-8").split("\n")
        if not line[:1].isdigit() or int(line.split(" | ")[0]) <= 16
    ]
    disputed.write_text("\n".join(kept), encoding="utf-8")
    status, report = compile_report(content, tmp_path, capsys)
    assert status == 0, report
    assert "scattergories: 16 lists, 192 categories;" in report
    assert len(read_deck(tmp_path / "decks" / "scattergories.deck")) == 16


# -- issue 37: pairs of one list that share a sense, answers under two letters ----------


def decision_line(content, later, earlier):
    """The line (from 1) of the '- pair EARLIER: ...' decision under category LATER, and
    LATER's own line."""
    lines = lists_path(content).read_text(encoding="utf-8").split("\n")
    at = next(i for i, line in enumerate(lines) if line.startswith(later + " | "))
    k = next(k for k in range(at + 1, len(lines)) if lines[k].startswith("- pair %s: " % earlier))
    return k + 1, at + 1


def drop_line(content, n):
    path = lists_path(content)
    lines = path.read_text(encoding="utf-8").split("\n")
    del lines[n - 1]
    path.write_text("\n".join(lines), encoding="utf-8")


def test_a_pair_sharing_an_example_wants_a_decision(content, tmp_path, capsys):
    """Remove the decision on Sports stars x Things you recycle (Woods, wood): refused at
    the later category, and the message says how to decide."""
    k, at = decision_line(content, "Things you recycle", "Sports stars")
    stars = next(n for n in range(1, at) if category(content, n)[0] == "Sports stars")
    drop_line(content, k)
    reason = "shares wood with line %d (Sports stars): one sense? reword one, or say why " % stars
    report = fails_with(content, tmp_path, capsys, at, reason)
    assert "'- pair Sports stars: why'" in report


def test_a_pair_sharing_a_hypernym_wants_a_decision(content, tmp_path, capsys):
    """hypernyms.txt's pair Things in a picnic basket x Things at a barbecue (condiments),
    its decision removed: refused, without WordNet, at the later category."""
    k, at = decision_line(content, "Things at a barbecue", "Things in a picnic basket")
    drop_line(content, k)
    reason = "shares a sense by WordNet (condiment.n.01: Olives / Dips, Ketchup) with line"
    fails_with(content, tmp_path, capsys, at, reason)


def test_a_decision_on_no_pair_is_refused(content, tmp_path, capsys):
    path = lists_path(content)
    lines = path.read_text(encoding="utf-8").split("\n")
    lines.insert(2, "- pair Things in a toolbox: no such pair")  # under line 2's category
    path.write_text("\n".join(lines), encoding="utf-8")
    reason = "no earlier category 'Things in a toolbox' shares an example or a sense"
    fails_with(content, tmp_path, capsys, 3, reason)


def test_a_stale_hypernyms_file_is_reported(content, tmp_path, capsys):
    """A category of hypernyms.txt reworded in lists.txt and the file not rerun."""
    path = lists_path(content)
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("Things at a barbecue | ", "Things at a cookout | "), "utf-8")
    header = text.split("\n").index("# list 2") + 1
    reason = "hypernyms.txt:"
    report = fails_with(content, tmp_path, capsys, header, reason)
    assert "'Things at a barbecue', not two categories of list 2" in report
    assert "rerun make scattergories-pairs" in report


def test_one_answer_under_two_letters(content, tmp_path, capsys):
    """Kart and Go-kart: one answer counted for K and for G."""
    text, examples = category(content, 7)  # Anything that rolls on wheels, with Go-kart
    assert "Go-kart" in examples
    set_category(content, 7, text, [e for e in examples if not e.startswith("K")] + ["Kart"])
    reason = "examples 'Kart' and 'Go-kart' are one answer under two letters: keep one"
    fails_with(content, tmp_path, capsys, 7, reason)


def test_the_committed_hypernyms_are_what_wordnet_gives(tmp_path):
    """hypernyms.txt is generated: run again on the committed lists, WordNet gives the
    very same file."""
    if not Path("/usr/share/wordnet/data.noun").exists():
        pytest.fail("no WordNet here: apt-get install wordnet-base (.ci/run does)")
    made = subprocess.run(
        ["make", ".venv-words/.installed"], capture_output=True, text=True, cwd=ROOT
    )
    assert made.returncode == 0, made.stdout + made.stderr
    out = tmp_path / "hypernyms.txt"
    proc = subprocess.run(
        [
            str(ROOT / ".venv-words" / "bin" / "python"),
            "-m",
            "tools.scattergories_wordnet",
            "--out",
            str(out),
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert proc.returncode == 0, proc.stderr
    assert out.read_text() == (LISTS.parent / sg.HYPERNYMS_NAME).read_text()


# -- issue 37: examples a table might dispute, and wordings of the classic game ----------


def test_a_disputed_example_without_its_decision_is_refused(content, tmp_path, capsys):
    """disputed.txt says a table might dispute 'Table' as a word ending in -able: its
    '- example Table: ...' decision removed, the category is refused, and the message
    says why it is disputed and how to decide."""
    lines = lists_path(content).read_text(encoding="utf-8").split("\n")
    at = next(i for i, line in enumerate(lines) if line.startswith("Words ending in -able | "))
    k = next(k for k in range(at + 1, len(lines)) if lines[k].startswith("- example Table: "))
    drop_line(content, k + 1)
    reason = "example 'Table' may be disputed at the table (disputed.txt:"
    report = fails_with(content, tmp_path, capsys, at + 1, reason)
    assert "-able is no suffix in table" in report
    assert "'- example Table: why'" in report


def test_a_disputed_example_replaced_leaves_a_stale_line(content, tmp_path, capsys):
    """'Table' replaced by a plain answer and disputed.txt not updated: reported at the
    list, so the file of disputes keeps only what still stands."""
    path = lists_path(content)
    text = path.read_text(encoding="utf-8")
    lines = text.split("\n")
    at = next(i for i, line in enumerate(lines) if line.startswith("Words ending in -able | "))
    lines[at] = lines[at].replace(", Table,", ", Tolerable,")
    lines = [line for line in lines if not line.startswith("- example Table: ")]
    path.write_text("\n".join(lines), encoding="utf-8")
    header = max(i for i in range(at) if lines[i].startswith("# list ")) + 1
    reason = "disputed.txt:"
    report = fails_with(content, tmp_path, capsys, header, reason)
    assert "'Table' of 'Words ending in -able', not an example" in report


def test_a_decision_naming_no_example_is_refused(content, tmp_path, capsys):
    path = lists_path(content)
    lines = path.read_text(encoding="utf-8").split("\n")
    lines.insert(2, "- example Umbrella: no such example")  # under line 2's category
    path.write_text("\n".join(lines), encoding="utf-8")
    fails_with(content, tmp_path, capsys, 3, "no example 'Umbrella' in this category to accept")


def test_a_decision_line_of_neither_kind_is_refused(content, tmp_path, capsys):
    path = lists_path(content)
    lines = path.read_text(encoding="utf-8").split("\n")
    lines.insert(2, "- accept Bolt: a typo for example")
    path.write_text("\n".join(lines), encoding="utf-8")
    reason = "expected '- pair OTHER CATEGORY: why' or '- example EXAMPLE: why'"
    fails_with(content, tmp_path, capsys, 3, reason)


def test_more_than_two_classic_wordings_in_one_list_are_refused(content, tmp_path, capsys):
    """Single generic nouns of the classic game may stay one by one (list 1 has Jobs), but
    a list holding three is refused at its header."""
    assert sg.wording_hash("Jobs") in sg.AVOID
    set_category(content, 3, "Birds", category(content, 3)[1])  # Animals on a safari
    set_category(content, 4, "Fruits", category(content, 4)[1])
    reason = "list 1 holds 3 categories worded as commercial lists word them"
    report = fails_with(content, tmp_path, capsys, 1, reason)
    assert "(Birds, Fruits, Jobs), at most 2" in report


def test_the_limit_of_the_wording_check_is_exact_hashes():
    """What the check can and cannot see: a hashed wording after normalise(), not a near
    one. Said in its docstring, and shown here."""
    assert sg.wording_hash("Fruits") == sg.wording_hash("fruit")
    assert sg.wording_hash("Fruits") in sg.AVOID
    assert sg.wording_hash("Fruits you can peel") not in sg.AVOID
    assert "passes" in sg.check_avoided_per_list.__doc__
