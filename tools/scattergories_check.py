#!/usr/bin/env python3
"""Check content/scattergories/lists.txt.

The file holds lists, each a line ``# list N`` (N = 1, 2, 3 ... in order) followed by 12
lines with one category each (at most 32 characters, shown across a table on a small e-ink
panel), then `` | `` and example answers, one for each letter of the die that the category
has a common answer for:

    Things in a toolbox | Bolt, Chisel, Drill, File, ...

Blank lines between lists are ignored. No category may appear twice in a list (compared
case-insensitively); a category repeated in another list is reported too, since every
category is meant to be distinct. The examples are for review and for this check, not for
the device: they show that at least MIN_LETTERS of the die's 20 letters have a common
answer (each example starts with its letter as the rules module's starts_with reads it,
and each of its words has a wordfreq Zipf frequency of at least MIN_ZIPF), and two
categories that share MOST_SHARED examples or more are reported, since two categories with
most of their answers in common make one round twice.

Problems are reported as ``path:line: reason`` and the exit status is 1 if there was any.

``parse_lists(path)`` is meant to be imported by the content compiler: it returns a list of
CategoryList(number, line, categories), categories being Category(line, text). It raises
ContentError on the first malformed line, unless it is given a list as ``errors``, where it
then appends ``(line, reason)`` pairs and keeps going.
"""

import argparse
import os
import re
import sys
from collections import namedtuple

from tools.firmware import import_firmware

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LISTS_PATH = os.path.join(ROOT, "content", "scattergories", "lists.txt")
# The device's own rules: an example counts for the letter the device would score it for.
_rules = import_firmware("games.scattergories")
LETTERS, starts_with = _rules.LETTERS, _rules.starts_with

PER_LIST = 12
MAX_CATEGORY = 32
SEPARATOR = " | "
MIN_LETTERS = 15  # of the die's 20, each with a common answer
MIN_ZIPF = 3.0  # wordfreq's scale: 3 is about once in a million words
MOST_SHARED = 4  # examples in common that make two categories one round twice

CategoryList = namedtuple("CategoryList", "number line categories")
Category = namedtuple("Category", "line text examples")

HEADER_RE = re.compile(r"^# list (\d+)$")


class ContentError(ValueError):
    """A malformed line; ``line`` is 1-based (0 when the whole file is at fault)."""

    def __init__(self, path, line, reason):
        super().__init__("%s:%d: %s" % (path, line, reason))
        self.path = path
        self.line = line
        self.reason = reason


def parse_lists(path, errors=None):
    """Read ``# list N`` blocks of one category per line: a list of CategoryList."""

    def report(line, reason):
        if errors is None:
            raise ContentError(path, line, reason)
        errors.append((line, reason))

    with open(path, encoding="utf-8") as f:
        lines = f.read().splitlines()
    lists = []
    current = None
    for n, raw in enumerate(lines, start=1):
        if raw != raw.strip():
            report(n, "leading or trailing whitespace")
        line = raw.strip()
        if not line:
            continue
        if line.startswith("#"):
            m = HEADER_RE.match(line)
            if not m:
                report(n, "expected '# list N'")
                current = None
                continue
            current = CategoryList(int(m.group(1)), n, [])
            lists.append(current)
            continue
        if current is None:
            report(n, "category outside a list")
            continue
        if SEPARATOR not in line:
            slip = next((c for c in (";", "|", ":", "\t") if c in line), None)
            reason = "no ' | ' between the category and its examples"
            if slip:
                reason += " (%r in its place?)" % slip
                line = line.replace(slip, SEPARATOR, 1)
                line = SEPARATOR.join(p.strip() for p in line.split(SEPARATOR, 1))
            report(n, reason)
        text, _, examples = line.partition(SEPARATOR)
        examples = [e.strip() for e in examples.split(",")] if examples else []
        current.categories.append(Category(n, text.strip(), examples))
    return lists


def check_lists(lists, zipf=None):
    """Rules for the parsed lists, examples and overlaps too (`zipf`: a word's frequency,
    wordfreq's unless given); returns (line, reason) pairs."""
    problems = []
    if not lists:
        problems.append((0, "no lists"))
    first_seen = {}
    for i, lst in enumerate(lists, start=1):
        if lst.number != i:
            problems.append((lst.line, "list %d out of order (expected %d)" % (lst.number, i)))
        if len(lst.categories) != PER_LIST:
            problems.append(
                (
                    lst.line,
                    "list %d has %d categories, expected %d"
                    % (lst.number, len(lst.categories), PER_LIST),
                )
            )
        in_list = {}
        for cat in lst.categories:
            if len(cat.text) > MAX_CATEGORY:
                problems.append(
                    (
                        cat.line,
                        "category is %d characters (max %d)" % (len(cat.text), MAX_CATEGORY),
                    )
                )
            key = " ".join(cat.text.lower().split())
            if key in in_list:
                problems.append(
                    (cat.line, "category repeats line %d of the same list" % in_list[key])
                )
            elif key in first_seen:
                problems.append((cat.line, "category already used on line %d" % first_seen[key]))
            in_list.setdefault(key, cat.line)
            first_seen.setdefault(key, cat.line)
    return problems + check_examples(lists, zipf) + check_overlaps(lists)


def example_letter(answer):
    """The die's letter that `answer` starts with, as the rules module reads it, or None."""
    return next((c for c in LETTERS if starts_with(answer, c)), None)


def words_of(answer):
    return re.findall(r"[^\W_]+(?:'[^\W_]+)*", answer)


def answer_key(answer):
    """An example as examples are compared across categories: its words in lowercase,
    without a leading article or a plural s."""
    words = [w.lower() for w in words_of(answer)]
    if words and words[0] in ("a", "an", "the"):
        words = words[1:]
    key = " ".join(words)
    return key[:-1] if key.endswith("s") and len(key) > 3 else key


def letters_covered(category):
    """{letter: example} for the first example of each letter the category has."""
    found = {}
    for example in category.examples:
        letter = example_letter(example)
        if letter:
            found.setdefault(letter, example)
    return found


def wordfreq_zipf(word):
    from wordfreq import zipf_frequency  # pinned in requirements-dev.txt

    return zipf_frequency(word, "en")


def check_examples(lists, zipf=None):
    """(line, reason) for each category whose examples do not show MIN_LETTERS letters
    with a common answer: an example that starts with no letter of the die, two for one
    letter, a word that is not common (by `zipf`, wordfreq's), too few letters."""
    zipf = zipf or wordfreq_zipf
    problems = []
    for lst in lists:
        for cat in lst.categories:
            letters = {}
            for example in cat.examples:
                letter = example_letter(example)
                if not example:
                    problems.append((cat.line, "an empty example (two commas in a row?)"))
                elif letter is None:
                    reason = "example %r starts with no letter of the die (%s)"
                    problems.append((cat.line, reason % (example, LETTERS)))
                elif letter in letters:
                    reason = "examples %r and %r both start with %s: one for each letter"
                    problems.append((cat.line, reason % (letters[letter], example, letter)))
                else:
                    letters[letter] = example
                    for word in words_of(example):
                        z = zipf(word)
                        if z < MIN_ZIPF:
                            reason = "example %r: %r is not a common word (Zipf %.1f, under %g)"
                            problems.append((cat.line, reason % (example, word, z, MIN_ZIPF)))
            if len(letters) < MIN_LETTERS:
                missing = "".join(c for c in LETTERS if c not in letters)
                reason = "examples for %d letters, at least %d needed (none for %s)"
                problems.append((cat.line, reason % (len(letters), MIN_LETTERS, missing)))
    return problems


def check_overlaps(lists):
    """(line, reason) for each category with MOST_SHARED or more examples in common with
    an earlier one, anywhere in the deck."""
    problems, earlier = [], []
    for lst in lists:
        for cat in lst.categories:
            keys = {answer_key(e) for e in cat.examples if e}
            for line, text, other in earlier:
                shared = sorted(keys & other)
                if len(shared) >= MOST_SHARED:
                    reason = "shares %d example answers with line %d (%s): %s"
                    problems.append(
                        (cat.line, reason % (len(shared), line, text, ", ".join(shared)))
                    )
            earlier.append((cat.line, cat.text, keys))
    return problems


def coverage(lists):
    """Lines that tell how many of the die's letters each category has an example for:
    one line a list, its categories' counts in order."""
    return [
        "  list %2d: %s"
        % (lst.number, " ".join("%2d" % len(letters_covered(c)) for c in lst.categories))
        for lst in lists
    ]


def summary(lists):
    """What a good run prints after "scattergories: ": the counts, then coverage()."""
    counts = [len(letters_covered(c)) for lst in lists for c in lst.categories]
    head = "%d lists, %d categories" % (len(lists), len(counts))
    if counts:
        head += "; letters with an example, %d to %d a category:" % (min(counts), max(counts))
    return "\n".join([head, *coverage(lists)])


def main(argv=None):
    ap = argparse.ArgumentParser(
        prog="python -m tools.scattergories_check", description=__doc__.split("\n\n")[0]
    )
    ap.add_argument("path", nargs="?", default=LISTS_PATH, help="default %(default)s")
    args = ap.parse_args(argv)
    try:
        shown = os.path.relpath(args.path)
    except ValueError:
        shown = args.path
    errors = []
    try:
        lists = parse_lists(args.path, errors)
    except OSError as e:
        print("%s:0: cannot read: %s" % (shown, e.strerror))
        return 1
    problems = errors + check_lists(lists)
    for line, reason in sorted(problems):
        print("%s:%d: %s" % (shown, line, reason))
    if problems:
        return 1
    print("scattergories: " + summary(lists))
    return 0


if __name__ == "__main__":
    sys.exit(main())
