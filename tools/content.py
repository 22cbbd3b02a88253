"""`make content`: checks every deck in content/ and compiles it for the device.

    python tools/content.py [--out build/decks] [--content content]

Every problem is reported as `file:line: reason`, all of them, and then nothing is
written; when all is well each deck is written atomically to the output folder and one
summary line per game is printed (`saywhen: 783 questions`).
"""

import argparse
import csv
import re
import sys
from decimal import Decimal
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(ROOT / "firmware"))

import scattergories_check as sg_check  # noqa: E402
import staycool_check as sc_check  # noqa: E402
from deckfile import deck_bytes, write_atomically  # noqa: E402
from fontmetrics import FontMetrics  # noqa: E402
from saywhen_ranges import KINDS, range_for  # noqa: E402

from app.layout import QUESTION_FONTS, TEXT_WIDTH  # noqa: E402

NUMBER = re.compile(r"-?[0-9]+(\.[0-9]+)?$")
SAYWHEN_COLUMNS = ("id", "question", "answer", "unit", "kind", "low", "high", "category")
SAYWHEN_COLUMNS += ("source", "as_of")
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


class Problems(list):
    def add(self, path, line, reason):
        path = Path(path).resolve()
        shown = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path
        self.append((str(shown), line, reason))


_fonts = {}


def font(name):
    if name not in _fonts:
        _fonts[name] = FontMetrics(name)
    return _fonts[name]


def question_font(text):
    """The font the device shows `text` in (large if it fits, else body), or None."""
    for name, most, _ in QUESTION_FONTS:
        if len(font(name).wrap(text, TEXT_WIDTH)) <= most:
            return name
    return None


def csv_rows(path, problems, columns):
    """(line, row) for each record of a CSV, the line where the record starts."""
    with open(path, newline="", encoding="utf-8") as f:
        reader = csv.DictReader(f)
        missing = [c for c in columns if c not in (reader.fieldnames or ())]
        if missing:
            problems.add(path, 1, "missing columns: " + ", ".join(missing))
            return
        line = reader.line_num + 1
        for row in reader:
            yield line, row
            line = reader.line_num + 1


def saywhen(problems, content):
    records, seen_ids, seen_text = [], {}, {}
    paths = sorted((content / "saywhen").glob("*.csv"))
    if not paths:
        problems.add(content / "saywhen", 0, "no question files")
    for path in paths:
        for line, row in csv_rows(path, problems, SAYWHEN_COLUMNS):
            rec = saywhen_record(path, line, row, problems, seen_ids, seen_text)
            if rec:
                records.append(rec)
    return {"saywhen": records}, "%d questions" % len(records)


def saywhen_record(path, line, row, problems, seen_ids, seen_text):
    def bad(reason):
        problems.add(path, line, reason)

    before = len(problems)
    row = {k: (v or "").strip() for k, v in row.items() if k}
    for field in ("id", "question", "answer", "kind", "category", "source"):
        if not row.get(field):
            bad("%s is missing" % field)
    if len(problems) > before:
        return None
    qid, text = row["id"], row["question"]
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
    if row.get("as_of") and not re.fullmatch(r"(19|20)[0-9][0-9]", row["as_of"]):
        bad("as_of %r is not a year" % row["as_of"])
    for field in ("answer", "low", "high"):
        value = row.get(field, "")
        if value and not NUMBER.match(value):
            bad("%s %r is not a plain number (digits, at most one point)" % (field, value))
    missing = font("large").missing(text + row.get("unit", ""))
    if missing:
        bad("characters the screen font lacks: %s" % " ".join(missing))
    elif question_font(text) is None:
        bad("question does not fit the screen (more than %d lines)" % QUESTION_FONTS[-1][1])
    if len(problems) > before:
        return None
    try:
        low, high = range_for(row["answer"], row["kind"], row.get("low", ""), row.get("high", ""))
    except ValueError as e:
        bad(str(e))
        return None
    lo, hi, answer = Decimal(low), Decimal(high), Decimal(row["answer"])
    if not lo < hi:
        bad("range %s..%s: low must be below high" % (low, high))
    elif not lo <= answer <= hi:
        bad("answer %s is outside its range %s..%s" % (row["answer"], low, high))
    if len(problems) > before:
        return None
    return [qid, text, row["answer"], row.get("unit", ""), low, high, row.get("as_of", "")]


def _collect(problems, path, parser, *args):
    """Runs a checker's parser, adding its (line, reason) problems under `path`."""
    errors = []
    try:
        result = parser(path, errors, *args)
    except OSError as e:
        problems.add(path, 0, "cannot read: %s" % e.strerror)
        return None
    for line, reason in errors:
        problems.add(path, line, reason)
    return result


def _pairs(card):
    """A card as a deck record: its name, then question and answer, question and answer..."""
    fields = [card.name]
    for q in card.questions:
        fields += [q.text, q.answer]
    return fields


def staycool(problems, content):
    """The written and verbal cards (content/staycool/), checked with the dice and words."""
    folder = content / "staycool"
    dice_path, written_path, verbal_path = (
        str(folder / name) for name in ("dice.csv", "written.txt", "verbal.txt")
    )
    dice = _collect(problems, dice_path, sc_check.parse_dice) or []
    for line, reason in sc_check.check_dice(dice_path, dice) if dice else ():
        problems.add(dice_path, line, reason)
    words = _collect(problems, str(folder / "words.txt"), sc_check.parse_words) or set()
    written = _collect(problems, written_path, sc_check.parse_cards) or []
    for line, reason in sc_check.check_written(written, words, dice):
        problems.add(written_path, line, reason)
    verbal = _collect(problems, verbal_path, sc_check.parse_cards) or []
    for line, reason in sc_check.check_verbal(verbal):
        problems.add(verbal_path, line, reason)
    decks = {
        "staycool-written": [_pairs(c) for c in written],
        "staycool-verbal": [_pairs(c) for c in verbal],
    }
    return decks, "%d written cards, %d verbal cards" % (len(written), len(verbal))


def scattergories(problems, content):
    path = content / "scattergories" / "lists.txt"
    lists = _collect(problems, str(path), sg_check.parse_lists) or []
    for line, reason in sg_check.check_lists(lists):
        problems.add(path, line, reason)
    for lst in lists:
        for cat in lst.categories:
            if font("body").missing(cat.text):
                problems.add(path, cat.line, "characters the screen font lacks")
    records = [[str(lst.number)] + [c.text for c in lst.categories] for lst in lists]
    count = sum(len(lst.categories) for lst in lists)
    return {"scattergories": records}, "%d lists, %d categories" % (len(lists), count)


# name -> f(problems, content folder) -> ({deck name: records}, summary)
GAMES = {"saywhen": saywhen, "staycool": staycool, "scattergories": scattergories}


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(ROOT / "build" / "decks"))
    parser.add_argument("--content", default=str(ROOT / "content"), help="the sources")
    args = parser.parse_args(argv)
    problems = Problems()
    content = Path(args.content)
    built = [(game, compile_game(problems, content)) for game, compile_game in GAMES.items()]
    if problems:
        for path, line, reason in sorted(problems, key=lambda p: (p[0], p[1])):
            print("%s:%d: %s" % (path, line, reason))
        print("content: %d problems; nothing written" % len(problems), file=sys.stderr)
        return 1
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    for game, (decks, summary) in built:
        for name, records in decks.items():
            write_atomically(out / (name + ".deck"), deck_bytes(records))
        print("%s: %s" % (game, summary))
    return 0


if __name__ == "__main__":
    sys.exit(main())
