#!/usr/bin/env python3
"""Score a round of Scattergories from the players' answers, with the device's own rules.

    python -m tools.scattergories_score ROUND.csv [--letter B] [--list N]
                                        [--reject PLAYER:CATEGORY ...]

ROUND.csv holds one answer a line: `player,category,answer` (category 1..12; a header
line and lines starting with # are skipped; a category a player left out is blank). The
comments `# letter: B`, `# list: 1` and `# reject: Alex:11` set the round (the command
line overrides them). The answers are scored by firmware/games/scattergories.py, the
very module the device runs (the rules run unchanged under CPython), and each answer is
printed with its fate: scored, duplicate of (other players), wrong letter, repeated (the
same player's answer already scored in an earlier category), rejected (in a challenge) or
blank; then the totals. Example: content/scattergories/sample-round.csv.

A bad line is reported as `file:line: reason` and nothing is scored (exit status 1).
"""

import argparse
import csv
import sys

from tools import scattergories_check
from tools.firmware import import_firmware

sg = import_firmware("games.scattergories")  # the very module the device scores with

CATEGORIES = 12
SAMPLE = "content/scattergories/sample-round.csv"


class BadInput(ValueError):
    pass


def read_round(path):
    """(players, sheets, settings) from a round CSV; raises BadInput listing bad lines."""
    problems = []
    settings = {"letter": None, "list": None, "reject": []}
    players, sheets = [], []
    seen = set()
    with open(path, encoding="utf-8", newline="") as f:
        lines = f.read().splitlines()
    for n, line in enumerate(lines, 1):
        if not line.strip():
            continue
        if line.startswith("#"):
            key, colon, value = line[1:].partition(":")
            key = key.strip().lower()
            if colon and key in settings:
                if key == "reject":
                    settings[key].append((n, value.strip()))
                else:
                    settings[key] = (n, value.strip())
            continue
        row = next(csv.reader([line]))
        if [c.strip().lower() for c in row] == ["player", "category", "answer"]:
            continue
        if len(row) != 3:
            problems.append((n, "expected player,category,answer"))
            continue
        player, cat, answer = row[0].strip(), row[1].strip(), row[2]
        if not player:
            problems.append((n, "no player"))
            continue
        if not cat.isdigit() or not 1 <= int(cat) <= CATEGORIES:
            problems.append((n, "category must be 1 to %d, not %r" % (CATEGORIES, cat)))
            continue
        if (player, int(cat)) in seen:
            problems.append((n, "%s answered category %s twice" % (player, cat)))
            continue
        seen.add((player, int(cat)))
        if player not in players:
            players.append(player)
            sheets.append([""] * CATEGORIES)
        sheets[players.index(player)][int(cat) - 1] = answer
    if not players and not problems:
        problems.append((0, "no answers"))
    if problems:
        raise BadInput("\n".join("%s:%d: %s" % (path, n, why) for n, why in problems))
    return players, sheets, settings


def parse_reject(text, players):
    player, _, cat = text.rpartition(":")
    if player not in players or not cat.strip().isdigit():
        raise BadInput("reject %r: give PLAYER:CATEGORY with a player of the round" % text)
    c = int(cat)
    if not 1 <= c <= CATEGORIES:
        raise BadInput("reject %r: category must be 1 to %d" % (text, CATEGORIES))
    return [players.index(player), c - 1]


def score(sheets, letter, rejected):
    """{"totals": [...], "fates": [[fate, ...], ...]}: the totals from score_round, and each
    answer's fate explained with the same module's checks, in score_round's order. The
    fates must add up to its totals."""
    rejected = {(p, c) for p, c in rejected}
    totals = sg.score_round(sheets, letter, rejected)
    keys = [[sg.match_key(answer) for answer in sheet] for sheet in sheets]
    fates = []
    for p, sheet in enumerate(sheets):
        scored = {}  # this player's scoring answers, by key: the category each scored in
        row = []
        for c, answer in enumerate(sheet):
            key = keys[p][c]
            if not key:
                row.append(["blank"])
            elif (p, c) in rejected:
                row.append(["rejected"])
            elif not sg.starts_with(answer, letter):
                row.append(["wrong letter"])
            else:
                others = [q for q in range(len(sheets)) if q != p and keys[q][c] == key]
                if others:
                    row.append(["duplicate", others])
                elif key in scored:
                    row.append(["repeated", scored[key]])
                else:
                    scored[key] = c
                    row.append(["scored"])
        if sum(1 for fate in row if fate[0] == "scored") != totals[p]:
            raise RuntimeError("the fates of player %d disagree with score_round" % p)
        fates.append(row)
    return {"totals": totals, "fates": fates}


def categories(number):
    """List `number`'s categories from content/scattergories/lists.txt, or None."""
    for lst in scattergories_check.parse_lists(scattergories_check.LISTS_PATH):
        if lst.number == number:
            return [c.text for c in lst.categories]
    return None


def fate_text(fate, players):
    if fate[0] == "duplicate":
        return "duplicate of " + ", ".join(players[q] for q in fate[1])
    if fate[0] == "repeated":
        return "repeated (scored in category %d)" % (fate[1] + 1)
    return fate[0]


def report(players, sheets, letter, number, result, out=sys.stdout):
    cats = categories(number) if number else None
    head = "Letter %s" % letter + (", list %d" % number if number else "")
    print("%s: %d players" % (head, len(players)), file=out)
    cat_w = max(len(c) for c in cats) if cats else 0
    ans_w = max(len(a.strip()) for sheet in sheets for a in sheet) or 1
    for p, name in enumerate(players):
        print("\n" + name, file=out)
        for c, answer in enumerate(sheets[p]):
            label = "%2d  %-*s" % (c + 1, cat_w, cats[c]) if cats else "%2d" % (c + 1)
            shown = answer.strip() or "-"
            fate = fate_text(result["fates"][p][c], players)
            print("  %s  %-*s  %s" % (label, ans_w, shown, fate), file=out)
        print("  = %d points" % result["totals"][p], file=out)
    order = sorted(range(len(players)), key=lambda p: -result["totals"][p])
    totals = ", ".join("%s %d" % (players[p], result["totals"][p]) for p in order)
    print("\nTotals: " + totals, file=out)


def main(argv=None):
    parser = argparse.ArgumentParser(
        prog="python -m tools.scattergories_score", description=__doc__.splitlines()[0]
    )
    parser.add_argument("csv", help="the round's answers: player,category,answer")
    parser.add_argument("--letter", help="the round's letter (default: '# letter:' in the CSV)")
    parser.add_argument("--list", type=int, help="the list number, to print the categories")
    parser.add_argument(
        "--reject", action="append", default=[], help="PLAYER:CATEGORY rejected in a challenge"
    )
    args = parser.parse_args(argv)
    try:
        players, sheets, settings = read_round(args.csv)
        letter = args.letter or (settings["letter"] or (0, ""))[1]
        letter = letter.strip().upper()
        if len(letter) != 1 or letter not in sg.LETTERS:
            raise BadInput(
                "the letter must be one of the die's: %s (got %r)" % (sg.LETTERS, letter)
            )
        number = args.list
        if number is None and settings["list"]:
            line, value = settings["list"]
            if not value.isdigit():
                raise BadInput("%s:%d: list must be a number" % (args.csv, line))
            number = int(value)
        rejects = args.reject or [text for _, text in settings["reject"]]
        rejected = [parse_reject(text, players) for text in rejects]
    except BadInput as e:
        print(e, file=sys.stderr)
        return 1
    except OSError as e:  # no such file: one line, not a traceback
        print(
            "%s: %s (CSV=path/to/round.csv; the sample: %s)" % (args.csv, e.strerror, SAMPLE),
            file=sys.stderr,
        )
        return 1
    result = score(sheets, letter, rejected)
    report(players, sheets, letter, number, result)
    return 0


if __name__ == "__main__":
    sys.exit(main())
