"""`make content`: checks every deck in content/ and compiles it for the device.

    python -m tools.content [--out build/decks] [--content content]

Every problem is reported as `file:line: reason` (line 0: the file as a whole), all of
them, and then nothing is written: not one file in the output folder changes. When all is
well the decks are written into a scratch folder beside the output and only then swapped
in (deckfile.write_decks), and one summary line per game is printed (`saywhen: 1094
questions`), then the Say When! deck's balance (saywhen_check.balance).

Beyond each game's own rules, every file must be UTF-8 text (a BOM is dropped) without
control characters; Say When!'s CSV has exactly its columns, and its deck passes the
deck-wide checks of saywhen_check.py (one fact asked once, no answer in its question, a
changing figure dated, no generator family over 8%; unverified questions are not dealt);
every text must be drawable in the fonts the firmware draws it in (the device shows "?"
for a missing character: emoji, right-to-left scripts) and fit where the firmware draws
it (fontmetrics.py measures it as each screen does); and no deck may outgrow its file
format (deckfile.py).
"""

import argparse
import codecs
import csv
import io
import re
import sys
import tempfile
import unicodedata
from collections import namedtuple
from decimal import Decimal
from pathlib import Path

from tools import saywhen_check as sw_check
from tools import scattergories_check as sg_check
from tools import staycool_check as sc_check
from tools.deckfile import MOST_CARD_BYTES, MOST_CARDS, card_bytes, deck_bytes, write_decks
from tools.fontmetrics import (
    category_misfits,
    door_misfits,
    saywhen_misfits,
    set_question,
    spell,
    staycool_misfits,
    staycool_tag,
)
from tools.saywhen_ranges import KINDS, range_for

ROOT = Path(__file__).resolve().parent.parent

NUMBER = re.compile(r"-?[0-9]+(\.[0-9]+)?$")
SAYWHEN_COLUMNS = ("id", "question", "answer", "unit", "kind", "low", "high", "category")
SAYWHEN_COLUMNS += ("source", "as_of")
QUESTION = ("id", "question", "answer", "unit", "kind", "category", "as_of")  # Question's
CATEGORIES = [
    "history",
    "science",
    "geography",
    "nature",
    "body",
    "sport",
    "space",
    "food",
    "culture",
    "tech",
    "numbers",
]

# Characters no content may hold: controls (0x1F separates a deck's fields, a tab is drawn
# as "?"), format characters (bidi marks, zero-width joiners, a BOM mid-file) and the line
# and paragraph separators, which str.splitlines() in the parsers would count as line
# breaks. A line ends in "\n" or "\r\n".
CONTROLS = ("Cc", "Cf", "Zl", "Zp")

Entry = namedtuple("Entry", "path line fields")  # a deck card and where it comes from


class Problems(list):
    """The errors, as (file, line, reason)."""

    def add(self, path, line, reason):
        path = Path(path).resolve()
        shown = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path
        self.append((str(shown), line, reason))

    def misfits(self, path, line, found):
        """Adds the (check, reason) pairs of a fontmetrics *_misfits function."""
        for _, reason in found:
            self.add(path, line, reason)


def read_text(path, problems):
    """The text of a content file for the parsers, or None (its problem added) when it is
    not UTF-8 text. Each control character is reported and handed on as "?", so that the
    parsers count lines as an editor does and the rest of the file is checked too."""
    path = Path(path)
    if path.is_dir():
        problems.add(path, 0, "is a folder, not a file")
        return None
    try:
        data = path.read_bytes()
    except OSError as e:
        problems.add(path, 0, "cannot read: %s" % e.strerror)
        return None
    if data.startswith(codecs.BOM_UTF8):
        data = data[len(codecs.BOM_UTF8) :]  # spreadsheets and Notepad write one: no text
    elif data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        problems.add(path, 1, "not UTF-8 but UTF-16: save it as UTF-8")
        return None
    try:
        text, bad = data.decode("utf-8"), None
    except UnicodeDecodeError as e:
        text, bad = None, e.start
    nul = data.find(b"\0")  # valid UTF-8, yet the sign of a binary file or of UTF-16
    if nul >= 0 and (bad is None or nul < bad):
        bad = nul
    if bad is not None:
        line_start = data.rfind(b"\n", 0, bad) + 1
        column = len(data[line_start:bad].decode("utf-8", "replace")) + 1
        what = "a NUL byte" if data[bad] == 0 else "byte 0x%02X" % data[bad]
        problems.add(
            path,
            data.count(b"\n", 0, bad) + 1,
            "not UTF-8 text: %s at column %d (save the file as UTF-8)" % (what, column),
        )
        return None
    lines = text.split("\n")
    for n, line in enumerate(lines):
        body = line.removesuffix("\r")
        odd = sorted({ch for ch in body if unicodedata.category(ch) in CONTROLS})
        if odd:
            problems.add(path, n + 1, "control characters: " + spell(odd))
            lines[n] = "".join("?" if ch in odd else ch for ch in body) + line[len(body) :]
    return "\n".join(lines)


def parsed(problems, scratch, path, parser, *args):
    """What a checker's parser makes of `path`, adding its (line, reason) problems under
    `path`; None if it is not UTF-8 text. The parsers open a path themselves, so each is
    handed a copy of the text as read_text gives it (without a BOM), in `scratch`."""
    text = read_text(path, problems)
    if text is None:
        return None
    copy = Path(scratch) / ("%s-%s" % (Path(path).parent.name, Path(path).name))
    copy.write_text(text, encoding="utf-8", newline="")
    errors = []
    try:
        result = parser(str(copy), errors, *args)
    except ValueError as e:  # a checker's slip on text it did not foresee
        problems.add(path, 0, "the checker failed: %s" % e)
        return None
    for line, reason in errors:
        problems.add(path, line, reason)
    return result


def csv_rows(path, problems, columns):
    """(line, row) for each record of a CSV with exactly `columns`, the line where the
    record starts. A row with more or fewer values than the header is reported instead."""
    text = read_text(path, problems)
    if text is None:
        return
    reader = csv.DictReader(io.StringIO(text, newline=""))
    try:
        header = reader.fieldnames or []
        missing = [c for c in columns if c not in header]
        extra = [c for c in header if c not in columns]
        twice = sorted({c for c in header if header.count(c) > 1})
        unknown = "unknown columns (the columns are %s)" % ",".join(columns)
        for what, names in (("missing columns", missing), (unknown, extra), ("repeated", twice)):
            if names:
                shown = ", ".join(c or "(unnamed: a comma too many?)" for c in names)
                problems.add(path, 1, "%s: %s" % (what, shown))
        if missing or extra or twice:
            return
        line = reader.line_num + 1
        for row in reader:
            spread = [c for c, v in row.items() if c and v and ("\n" in v or "\r" in v)]
            if spread:
                reason = "%s runs over more than one line (a quote left open?)" % spread[0]
                problems.add(path, line, reason)
            elif None in row:
                values = ", ".join(repr(v) for v in row[None])
                problems.add(
                    path, line, "values past the last column (%s): %s" % (header[-1], values)
                )
            elif None in row.values():
                count = sum(v is not None for v in row.values())
                problems.add(path, line, "%d values, the header has %d" % (count, len(header)))
            else:
                yield line, row
            line = reader.line_num + 1
    except csv.Error as e:
        problems.add(path, reader.line_num, "not CSV: %s" % e)


def saywhen(problems, content, scratch):
    """The question files (content/saywhen/*.csv), each row checked on its own, then the
    deck as a whole (saywhen_check.py). Unverified questions are checked, never dealt."""
    records, questions, seen_ids, seen_text = [], [], {}, {}
    paths = sorted((content / "saywhen").glob("*.csv"))
    if not paths:
        problems.add(content / "saywhen", 0, "no question files")
    for path in paths:
        for line, row in csv_rows(path, problems, SAYWHEN_COLUMNS):
            fields = saywhen_record(path, line, row, problems, seen_ids, seen_text)
            if fields:
                q = sw_check.Question(Path(path), line, *(row[c].strip() for c in QUESTION))
                questions.append(q)
                if q.as_of != sw_check.UNVERIFIED:
                    records.append(Entry(path, line, fields))
    for path, line, reason in sw_check.check(questions):
        problems.add(path, line, reason)
    if questions:
        for path, line, reason in sw_check.overweight(questions, content / "saywhen"):
            problems.add(path, line, reason)
    return {"saywhen": records}, "%d questions" % len(records), sw_check.balance(questions)


def saywhen_record(path, line, row, problems, seen_ids, seen_text):
    def bad(reason):
        problems.add(path, line, reason)

    before = len(problems)
    row = {k: v.strip() for k, v in row.items()}
    for field in ("id", "question", "answer", "kind", "category", "source"):
        if not row[field]:
            bad("%s is missing" % field)
    if len(problems) > before:
        return None
    qid, text, unit = row["id"], row["question"], row["unit"]
    if qid in seen_ids:
        bad("id %s was used on line %d" % (qid, seen_ids[qid]))
    seen_ids.setdefault(qid, line)
    key = " ".join(text.lower().split())
    if key in seen_text:
        bad("the same question is on %s" % seen_text[key])
    seen_text.setdefault(key, "%s:%d" % (Path(path).name, line))
    if row["kind"] not in KINDS:
        bad("kind %r is not one of %s" % (row["kind"], ", ".join(KINDS)))
    if row["category"] not in CATEGORIES:
        bad("category %r is not one of %s" % (row["category"], ", ".join(CATEGORIES)))
    unverified = row["as_of"] == sw_check.UNVERIFIED  # checked, but never dealt
    if row["as_of"] and not unverified and not re.fullmatch(r"(19|20)[0-9][0-9]", row["as_of"]):
        bad("as_of %r is not a year (or %s)" % (row["as_of"], sw_check.UNVERIFIED))
    for field in ("answer", "low", "high"):
        value = row[field]
        if value and not NUMBER.match(value):
            bad("%s %r is not a plain number (digits, at most one point)" % (field, value))
    problems.misfits(path, line, saywhen_misfits(text, unit))
    generated = Path(path).name == "generated.csv"
    for reason in sw_check.figure_problems(text, row["answer"], row["source"], generated):
        bad(reason)
    if len(problems) > before:
        return None
    try:
        low, high = range_for(row["answer"], row["kind"], row["low"], row["high"])
    except ValueError as e:
        bad(str(e))
        return None
    lo, hi, answer = Decimal(low), Decimal(high), Decimal(row["answer"])
    if not lo < hi:
        bad("range %s..%s: low must be below high" % (low, high))
    elif not lo <= answer <= hi:
        bad("answer %s is outside its range %s..%s" % (row["answer"], low, high))
    else:
        door = door_misfits(row["answer"], unit, "" if unverified else row["as_of"], low, high)
        problems.misfits(path, line, door)
    if len(problems) > before:
        return None
    return [qid, set_question(text), row["answer"], unit, low, high, row["as_of"]]


class _AnyWord:
    """Stands in for a word list that could not be read: that is reported once, not once
    more for every answer missing from it."""

    def __contains__(self, word):
        return True


def _pairs(card):
    """A card as a deck record: its name, then question and answer, question and answer..."""
    fields = [card.name]
    for q in card.questions:
        fields += [q.text, q.answer]
    return fields


def staycool(problems, content, scratch):
    """The written and verbal cards (content/staycool/), checked with the dice and words."""
    folder = content / "staycool"
    dice_path, words_path, written_path, verbal_path = (
        folder / name for name in ("dice.csv", "words.txt", "written.txt", "verbal.txt")
    )
    # A file that could not be read is reported once: its checks are not run on nothing.
    dice = parsed(problems, scratch, dice_path, sc_check.parse_dice) or []
    for line, reason in sc_check.check_dice(str(dice_path), dice) if dice else ():
        problems.add(dice_path, line, reason)
    words = parsed(problems, scratch, words_path, sc_check.parse_words)
    written = parsed(problems, scratch, written_path, sc_check.parse_cards)
    verbal = parsed(problems, scratch, verbal_path, sc_check.parse_cards)
    near = staycool_near(problems, scratch, folder, written, verbal, words, dice)
    if written is not None:
        for line, reason in sc_check.check_written(written, words or _AnyWord(), dice, near):
            problems.add(written_path, line, reason)
    if verbal is not None:
        for line, reason in sc_check.check_verbal(verbal):
            problems.add(verbal_path, line, reason)
        for line, reason in sc_check.check_across(written or [], verbal):
            problems.add(verbal_path, line, reason)
    written, verbal = written or [], verbal or []
    most = (sc_check.WRITTEN_PER_CARD, sc_check.VERBAL_PER_CARD)
    for k, path, cards in ((0, written_path, written), (1, verbal_path, verbal)):
        for card in cards:
            total = min(most[k], len(card.questions))  # staycool_game.total: no more shown
            for i, q in enumerate(card.questions[:total]):
                found = staycool_misfits(q.text, q.answer, staycool_tag(k, i, total))
                problems.misfits(path, q.line, found)
    decks = {
        "staycool-written": [Entry(written_path, c.line, _pairs(c)) for c in written],
        "staycool-verbal": [Entry(verbal_path, c.line, _pairs(c)) for c in verbal],
    }
    return decks, "%d written cards, %d verbal cards" % (len(written), len(verbal))


def staycool_near(problems, scratch, folder, written, verbal, words=None, dice=None):
    """The words near each written answer (staycool_check.near_words): WordNet's, as
    candidates.txt keeps them, the kept pairs and the verbal cards' alternatives."""
    pairs_path = folder / "pairs.txt"
    pairs = parsed(problems, scratch, pairs_path, sc_check.parse_pairs) or []
    found = {}
    for name in ("candidates.txt", "moby.txt"):
        path = folder / name
        found[name] = parsed(problems, scratch, path, sc_check.parse_candidates)
        if found[name] is not None and written is not None:
            for where, reasons in zip(
                (folder / "written.txt", path),
                sc_check.check_candidates(found[name], written, name, words=words, dice=dice),
                strict=True,
            ):
                for line, reason in reasons:
                    problems.add(where, line, reason)
    alternatives = sc_check.verbal_alternatives(verbal or [])
    return sc_check.near_words(
        found["candidates.txt"] or {}, pairs, alternatives, moby=found["moby.txt"] or {}
    )


def scattergories(problems, content, scratch):
    path = content / "scattergories" / "lists.txt"
    lists = parsed(problems, scratch, path, sg_check.parse_lists)
    hypernyms = hypernym_pairs(problems, scratch, content)
    disputed = disputed_examples(problems, scratch, content)
    checked = sg_check.check_lists(lists, hypernyms=hypernyms, disputed=disputed) if lists else ()
    for line, reason in checked:
        problems.add(path, line, reason)
    lists = lists or []
    for lst in lists:
        for n, cat in enumerate(lst.categories, start=1):
            problems.misfits(path, cat.line, category_misfits(n, cat.text))
    records = [
        Entry(path, lst.line, [str(lst.number)] + [c.text for c in lst.categories])
        for lst in lists
    ]
    return {"scattergories": records}, sg_check.summary(lists, hypernyms)


def hypernym_pairs(problems, scratch, content):
    """hypernyms.txt's pairs (make scattergories-pairs writes it; committed), [] if it is
    missing or unreadable, which is reported."""
    path = content / "scattergories" / sg_check.HYPERNYMS_NAME
    if not path.exists():
        problems.add(path, 0, "missing: make scattergories-pairs writes it")
        return []
    return parsed(problems, scratch, path, sg_check.read_hypernyms) or []


def disputed_examples(problems, scratch, content):
    """disputed.txt's examples (a person's review: the examples a table might dispute that
    were kept; committed), [] if it is missing or unreadable, which is reported."""
    path = content / "scattergories" / sg_check.DISPUTED_NAME
    if not path.exists():
        problems.add(path, 0, "missing: the examples a table might dispute, one a line")
        return []
    return parsed(problems, scratch, path, sg_check.read_disputed) or []


def deck_problems(problems, name, entries):
    """What keeps `entries` from fitting deck `name` (deckfile.py's limits), blamed on the
    entry's line."""
    if len(entries) > MOST_CARDS:
        first = entries[MOST_CARDS]
        counts = (format(n, ",") for n in (MOST_CARDS, MOST_CARDS + 1, len(entries)))
        reason = "the %s deck holds at most %s cards: this is card %s of %s" % (name, *counts)
        problems.add(first.path, first.line, reason)
    for entry in entries:
        size = len(card_bytes(entry.fields))
        if size > MOST_CARD_BYTES:
            reason = "a card of %d bytes: a deck card holds at most %d" % (size, MOST_CARD_BYTES)
            problems.add(entry.path, entry.line, reason)


# name -> f(problems, content folder, scratch folder) -> ({deck name: [Entry]}, summary)
GAMES = {"saywhen": saywhen, "staycool": staycool, "scattergories": scattergories}


def check_content(content):
    """Every game of the content folder `content` checked and compiled, as (problems,
    built): built holds (game, (its decks, its summary, *its further lines)) for each game,
    and problems every finding, the decks' size limits too."""
    problems = Problems()
    with tempfile.TemporaryDirectory() as scratch:
        built = [
            (game, compile_game(problems, Path(content), scratch))
            for game, compile_game in GAMES.items()
        ]
    for _, (game_decks, *_) in built:
        for name, entries in game_decks.items():
            deck_problems(problems, name, entries)
    return problems, built


def summary_lines(built):
    """What a good run prints: a summary line per game, then each game's further lines
    (Say When!'s balance)."""
    lines = ["%s: %s" % (game, summary) for game, (_, summary, *_) in built]
    for _, (_, _, *notes) in built:
        lines += notes[0] if notes else []
    return lines


def report(found):
    for path, line, reason in sorted(found, key=lambda p: (p[0], p[1])):
        print("%s:%d: %s" % (path, line, reason))


def main(argv=None):
    parser = argparse.ArgumentParser(
        prog="python -m tools.content", description=__doc__.splitlines()[0]
    )
    parser.add_argument(
        "--out", default=str(ROOT / "build" / "decks"), help="where the decks go: build/decks"
    )
    parser.add_argument(
        "--content", default=str(ROOT / "content"), help="the sources: content/ by default"
    )
    args = parser.parse_args(argv)
    problems, built = check_content(args.content)
    decks = {
        name + ".deck": [entry.fields for entry in entries]
        for _, (game_decks, *_) in built
        for name, entries in game_decks.items()
    }
    if problems:
        report(problems)
        print("content: %d problems; nothing written" % len(problems), file=sys.stderr)
        return 1
    try:
        write_decks(args.out, {name: deck_bytes(records) for name, records in decks.items()})
    except OSError as e:
        print("content: cannot write the decks to %s: %s" % (args.out, e), file=sys.stderr)
        return 1
    for line in summary_lines(built):
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
