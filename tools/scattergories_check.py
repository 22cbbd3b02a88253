#!/usr/bin/env python3
"""Check content/scattergories/lists.txt.

The file holds 16 lists, each a line ``# list N`` (N = 1..16, in order) followed by 12 lines
with one category each (at most 32 characters, shown across a table on a small e-ink panel).
Blank lines between lists are ignored. No category may appear twice in a list (compared
case-insensitively); a category repeated in another list is reported too, since the 192
categories are meant to be distinct.

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

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LISTS_PATH = os.path.join(ROOT, "content", "scattergories", "lists.txt")

NUM_LISTS = 16
PER_LIST = 12
MAX_CATEGORY = 32

CategoryList = namedtuple("CategoryList", "number line categories")
Category = namedtuple("Category", "line text")

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
        current.categories.append(Category(n, line))
    return lists


def check_lists(lists):
    """Rules for the parsed lists; returns (line, reason) pairs."""
    problems = []
    if len(lists) != NUM_LISTS:
        problems.append((0, "expected %d lists, found %d" % (NUM_LISTS, len(lists))))
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
    return problems


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
    total = sum(len(lst.categories) for lst in lists)
    print("scattergories: %d lists, %d categories" % (len(lists), total))
    return 0


if __name__ == "__main__":
    sys.exit(main())
