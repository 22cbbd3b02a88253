"""`make content-report`: one HTML page of every deck in content/, for a person to review.

    python -m tools.content_report [--out build/content-report.html] [--content content]

The page stands alone (its style inline, no script, nothing fetched). At the top, the
counts, what `make content` prints (the Say When! balance among it) and an index of the
flagged entries; then every entry of every game, each with the findings of the checks
`make content` runs (tools/content.py) beside it:

- Say When!: each question with its answer and unit as the Answer Door shows them, its
  scoring range and whether that is the default for its kind, its category, kind,
  generator family, source and as_of year; flagged when unverified (never dealt).
- Stay Cool: each written clue with its answer, the words near that answer that might
  answer it too (staycool_check.near_words: WordNet's in candidates.txt, the kept pairs
  in pairs.txt, the verbal cards' "(or ...)"), whether each has a `- not WORD: why`
  decision or needs none, and the decisions; each verbal question with its answer.
- Scattergories: each category with its example answers by letter and how many of the
  die's letters they cover.

A finding about no one entry (a whole file, the dice) is listed at the top. The page is
written whatever the checks find: it is for reading; `make content` is the gate.
"""

import argparse
import html
import sys
import tempfile
from collections import defaultdict, namedtuple
from pathlib import Path

from tools import content as compiler
from tools import saywhen_check as sw_check
from tools import scattergories_check as sg_check
from tools import staycool_check as sc_check
from tools.fontmetrics import door_number
from tools.saywhen_ranges import range_for

ROOT = compiler.ROOT

STYLE = """
body { font: 14px/1.4 system-ui, -apple-system, "Segoe UI", sans-serif; color: #222;
       margin: 0 1.5em 3em; }
h1 { margin: 0.6em 0 0.2em; }
h2 { margin-top: 2em; border-bottom: 2px solid #444; }
h3 { margin: 1.4em 0 0.3em; }
nav { position: sticky; top: 0; background: #fff; padding: 0.4em 0; z-index: 2;
      border-bottom: 1px solid #ccc; }
nav a { margin-right: 1.2em; }
table { border-collapse: collapse; width: 100%; table-layout: fixed; }
table { font-size: 13px; }
th, td { padding: 3px 6px; vertical-align: top; text-align: left;
         border-bottom: 1px solid #e2e2e2; overflow-wrap: anywhere; }
thead th { position: sticky; top: 2.2em; background: #eee; z-index: 1; }
tbody tr:nth-child(even) { background: #fafafa; }
tbody tr.flagged, tbody tr.problems { background: #fff1ec; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
td.answer { font-weight: bold; }
td.range { text-align: right; font-variant-numeric: tabular-nums; }
td.id { font-size: 12px; overflow-wrap: anywhere; }
.where, .source, .muted { color: #777; font-size: 12px; }
.where { white-space: nowrap; }
.flag { display: inline-block; border-radius: 3px; padding: 0 5px; margin: 1px 2px 1px 0;
        font-size: 12px; }
.flag.problem { background: #c62828; color: #fff; }
.flag.warn { background: #ffcc80; }
.flag.info { background: #e4e4e4; color: #444; }
.flag.ok { background: #c8e6c9; color: #1b5e20; }
.short { color: #c62828; font-weight: bold; }
.example { white-space: nowrap; }
.example b { color: #555; }
.note { margin: 0.1em 0; }
pre { background: #f5f5f5; padding: 8px; font-size: 12px; white-space: pre-wrap; }
"""


def esc(text):
    return html.escape(str(text), quote=True)


def badge(text, kind):
    return '<span class="flag %s">%s</span>' % (kind, esc(text))


class Findings:
    """The compiler's problems, by the file and line they are about: each entry takes its
    own (take); what no entry took is the rest."""

    def __init__(self, problems):
        self.by_place = defaultdict(list)
        for shown, line, reason in problems:
            path = Path(shown)
            key = ((path if path.is_absolute() else ROOT / path).resolve(), line)
            self.by_place[key].append((shown, line, reason))

    def take(self, path, *lines):
        """The reasons found at those lines of `path`, taken from the rest."""
        path = Path(path).resolve()
        return [reason for line in lines for _, _, reason in self.by_place.pop((path, line), [])]

    def rest(self):
        return sorted(p for found in self.by_place.values() for p in found)


class Page:
    """The page's sections as they are written, and the entries they flag."""

    def __init__(self, findings):
        self.findings = findings
        self.flagged = []  # (anchor, what, [reason])
        self.counts = []  # (game, [what it counts])

    def flag(self, anchor, what, reasons):
        if reasons:
            self.flagged.append((anchor, what, reasons))


def where(path, line):
    return '<span class="where">%s:%d</span>' % (esc(Path(path).name), line)


# A table row: its cells' html (a cell given as (class, html) gets that class), the
# findings about it, shown in a row of their own under it, and whether it is flagged.
Row = namedtuple("Row", "anchor cells problems flagged")


def table(columns, rows):
    """A table of `columns`, (title, share of the width in %) each, and rows (Row)."""
    out = [
        "<table><colgroup>%s</colgroup><thead><tr>%s</tr></thead><tbody>"
        % (
            "".join('<col style="width: %g%%">' % width for _, width in columns),
            "".join("<th>%s</th>" % esc(title) for title, _ in columns),
        )
    ]
    for row in rows:
        tds = []
        for cell in row.cells:
            kind, body = cell if isinstance(cell, tuple) else ("", cell)
            tds.append('<td class="%s">%s</td>' % (kind, body) if kind else "<td>%s</td>" % body)
        flagged = ' class="flagged"' if row.flagged or row.problems else ""
        out.append('<tr id="%s"%s>%s</tr>' % (esc(row.anchor), flagged, "".join(tds)))
        if row.problems:
            out.append(
                '<tr class="problems"><td colspan="%d">%s</td></tr>'
                % (len(columns), notes(row.problems))
            )
    out.append("</tbody></table>")
    return "\n".join(out)


def notes(reasons):
    """Findings, one a line."""
    return "".join('<div class="note">%s</div>' % badge(r, "problem") for r in reasons)


# -- Say When! -------------------------------------------------------------------------

SAYWHEN_COLUMNS = (
    ("id, where", 11),
    ("question", 22),
    ("answer", 7),
    ("unit", 5.5),
    ("range", 9),
    ("category", 7.5),
    ("kind", 6),
    ("generator", 8),
    ("source", 11),
    ("as of", 5),
    ("flags", 8),
)


def saywhen(page, content):
    """The question files, a table each, in file order."""
    quiet = compiler.Problems()  # the compiler's own pass reported them
    parts, total, unverified, default = [], 0, 0, 0
    paths = sorted((content / "saywhen").glob("*.csv"))
    for path in paths:
        rows = []
        for line, row in compiler.csv_rows(path, quiet, compiler.SAYWHEN_COLUMNS):
            row = {k: v.strip() for k, v in row.items()}
            rows.append(saywhen_row(page, path, line, row))
            unverified += row["as_of"] == sw_check.UNVERIFIED
            default += not row["low"] and not row["high"]
        total += len(rows)
        title = "%s: %d questions" % (path.name, len(rows))
        parts += [
            '<h3 id="%s">%s</h3>' % (esc(path.stem), esc(title)),
            table(SAYWHEN_COLUMNS, rows),
        ]
    index = " · ".join('<a href="#%s">%s</a>' % (esc(p.stem), esc(p.name)) for p in paths)
    page.counts.append(
        (
            "Say When!",
            [
                "%d questions" % total,
                "%d dealt" % (total - unverified),
                "%d unverified (not dealt)" % unverified,
                "%d on the default range" % default,
            ],
        )
    )
    return ["<p>%s</p>" % index] + parts


def saywhen_row(page, path, line, row):
    anchor = "sw-%s-%d" % (path.stem, line)
    problems = page.findings.take(path, line)
    warnings = ["unverified: not dealt"] if row["as_of"] == sw_check.UNVERIFIED else []
    default = not row["low"] and not row["high"]
    try:
        low, high = range_for(row["answer"], row["kind"], row["low"], row["high"])
        span = "%s..<wbr>%s" % (esc(door_number(low)), esc(door_number(high)))
    except ValueError:  # the compiler's finding says why
        span = ""
    page.flag(anchor, "%s:%d %s" % (path.name, line, row["id"]), warnings + problems)
    flags = "".join(badge(w, "warn") for w in warnings)
    flags += badge("default range", "info") if default else ""
    cells = [
        ("id", "%s<br>%s" % (esc(row["id"]), where(path, line))),
        esc(row["question"]),
        ("num answer", esc(door_number(row["answer"]))),
        esc(row["unit"]),
        ("range", span),
        esc(row["category"]),
        esc(row["kind"]),
        esc(sw_check.family(row["id"])),
        ("source", esc(row["source"])),
        esc(row["as_of"]),
        flags,
    ]
    return Row(anchor, cells, problems, bool(warnings))


# -- Stay Cool -------------------------------------------------------------------------

WRITTEN_COLUMNS = (
    ("where", 9),
    ("clue", 27),
    ("answer", 6),
    ("near words: a second answer?", 20),
    ("decisions", 38),
)
VERBAL_COLUMNS = (("where", 9), ("question", 45), ("answer", 30), ("flags", 16))


def staycool(page, content, scratch):
    """The written cards, then the verbal ones, a table a card."""
    folder = content / "staycool"
    quiet = compiler.Problems()

    def load(name, parser):
        return compiler.parsed(quiet, scratch, folder / name, parser)

    dice = load("dice.csv", sc_check.parse_dice) or []
    words = load("words.txt", sc_check.parse_words) or set()
    written = load("written.txt", sc_check.parse_cards) or []
    verbal = load("verbal.txt", sc_check.parse_cards) or []
    near = compiler.staycool_near(quiet, scratch, folder, written, verbal)
    tally = defaultdict(int)
    parts = ['<h2 id="staycool-written">Stay Cool: written cards</h2>']
    for card in written:
        rows = [
            written_row(page, folder / "written.txt", card, q, near, words, dice, tally)
            for q in card.questions
        ]
        parts += card_heading(page, folder / "written.txt", card) + [table(WRITTEN_COLUMNS, rows)]
    parts.append('<h2 id="staycool-verbal">Stay Cool: verbal cards</h2>')
    alternatives = dict(sc_check.verbal_alternatives(verbal))
    for card in verbal:
        rows = [verbal_row(page, folder / "verbal.txt", q, alternatives) for q in card.questions]
        parts += card_heading(page, folder / "verbal.txt", card) + [table(VERBAL_COLUMNS, rows)]
    clues = sum(len(c.questions) for c in written)
    page.counts.append(
        (
            "Stay Cool",
            [
                "%d written cards, %d clues" % (len(written), clues),
                "%d words near an answer: %d decided, %d need no decision, %d undecided"
                % (sum(tally.values()), tally["decided"], tally["exempt"], tally["undecided"]),
                "%d verbal cards, %d questions"
                % (len(verbal), sum(len(c.questions) for c in verbal)),
            ],
        )
    )
    return parts


def card_heading(page, path, card):
    anchor = "card-" + card.name
    found = page.findings.take(path, card.line)
    page.flag(anchor, "%s:%d card %s" % (path.name, card.line, card.name), found)
    title = "card %s" % card.name
    return [
        '<h3 id="%s">%s %s</h3>' % (esc(anchor), esc(title), where(path, card.line)),
        notes(found),
    ]


def near_word(note, tally):
    """One word near a clue's answer: decided, needing no decision (and why), or neither."""
    found = '<span class="muted">%s</span>' % esc(note.where)
    if note.decision:
        tally["decided"] += 1
        return "<b>%s</b> %s %s" % (esc(note.word), badge("decided", "ok"), found)
    if note.exempt:
        tally["exempt"] += 1
        return '<span class="muted">%s: %s, %s</span>' % (
            esc(note.word),
            esc(note.exempt),
            esc(note.where),
        )
    tally["undecided"] += 1
    return "<b>%s</b> %s %s" % (esc(note.word), badge("no decision", "problem"), found)


def written_row(page, path, card, q, near, words, dice, tally):
    anchor = "%s-%d" % (card.name, q.line)
    problems = page.findings.take(path, q.line, *(d.line for d in q.decisions))
    page.flag(anchor, "%s:%d %s" % (path.name, q.line, q.answer), problems)
    found = sc_check.near_notes(q, near.get(q.answer, {}), words, dice)
    decisions = "<br>".join(
        "not <b>%s</b>: %s" % (esc(" ".join(d.words)), esc(d.reason)) for d in q.decisions
    )
    cells = [
        where(path, q.line),
        esc(q.text),
        ("answer", esc(q.answer)),
        "<br>".join(near_word(n, tally) for n in found),
        decisions,
    ]
    return Row(anchor, cells, problems, False)


def verbal_row(page, path, q, alternatives):
    anchor = "verbal-%d" % q.line
    problems = page.findings.take(path, q.line, *(d.line for d in q.decisions))
    page.flag(anchor, "%s:%d %s" % (path.name, q.line, q.text), problems)
    flags = badge("skill test", "info") if sc_check.is_skill_test(q.text) else ""
    if q.line in alternatives:
        flags += badge("accepts " + " or ".join(alternatives[q.line]), "info")
    cells = [where(path, q.line), esc(q.text), esc(q.answer), flags]
    return Row(anchor, cells, problems, False)


# -- Scattergories ---------------------------------------------------------------------

LISTS_COLUMNS = (
    ("where", 9),
    ("category", 18),
    ("letters", 9),
    ("an example for each letter", 64),
)


def scattergories(page, content, scratch):
    path = content / "scattergories" / "lists.txt"
    lists = compiler.parsed(compiler.Problems(), scratch, path, sg_check.parse_lists) or []
    hypernyms = compiler.hypernym_pairs(compiler.Problems(), scratch, content)
    disputed = compiler.disputed_examples(compiler.Problems(), scratch, content)
    parts, counts = [], []
    open_found = defaultdict(list)  # issue 37's findings that want a decision, by line
    for line, reason in sg_check.open_findings(lists, hypernyms, disputed):
        open_found[line].append(reason)
    why_disputed = {
        (d.number, d.category.lower(), sg_check.answer_key(d.example)): d.why for d in disputed
    }
    for lst in lists:
        for cat in lst.categories:
            open_found[cat.line] += [
                "decided: pair with %s: %s" % (d.other, d.reason) for d in cat.decisions
            ]
            for a in cat.accepted:
                key = (lst.number, cat.text.lower(), sg_check.answer_key(a.example))
                doubt = why_disputed.get(key)
                open_found[cat.line].append(
                    "decided: example %s counts: %s%s"
                    % (a.example, a.reason, " (disputed: %s)" % doubt if doubt else "")
                )
    page.open_findings = open_found
    for lst in lists:
        anchor = "list-%d" % lst.number
        found = page.findings.take(path, lst.line)
        page.flag(anchor, "%s:%d list %d" % (path.name, lst.line, lst.number), found)
        rows = []
        for cat in lst.categories:
            rows.append(category_row(page, path, cat))
            counts.append(len(sg_check.letters_covered(cat)))
        title = "list %d" % lst.number
        heading = '<h3 id="%s">%s %s</h3>' % (anchor, esc(title), where(path, lst.line))
        parts += [heading, notes(found), table(LISTS_COLUMNS, rows)]
    short = sum(n < sg_check.MIN_LETTERS for n in counts)
    page.counts.append(
        (
            "Scattergories",
            [
                "%d lists, %d categories" % (len(lists), len(counts)),
                "examples for %d to %d of the die's %d letters a category"
                % (min(counts, default=0), max(counts, default=0), len(sg_check.LETTERS)),
                "%d under %d letters" % (short, sg_check.MIN_LETTERS),
                "%d findings awaiting a decision (pairs sharing an example or a WordNet "
                "hypernym, one answer under two letters, a disputed example)"
                % len(sg_check.open_findings(lists, hypernyms, disputed)),
                "%d pair decisions"
                % sum(len(c.decisions) for lst in lists for c in lst.categories),
                "%d example decisions (disputed examples kept)"
                % sum(len(c.accepted) for lst in lists for c in lst.categories),
            ],
        )
    )
    return parts


def category_row(page, path, cat):
    anchor = "category-%d" % cat.line
    problems = page.findings.take(path, cat.line)
    page.flag(anchor, "%s:%d %s" % (path.name, cat.line, cat.text), problems)
    covered = sg_check.letters_covered(cat)
    missing = [c for c in sg_check.LETTERS if c not in covered]
    count = "%d of %d" % (len(covered), len(sg_check.LETTERS))
    if len(covered) < sg_check.MIN_LETTERS:
        count = '<span class="short">%s</span>' % count
    if missing:
        count += '<br><span class="muted">none for %s</span>' % esc(" ".join(missing))
    examples = " · ".join(
        '<span class="example"><b>%s</b> %s</span>' % (c, esc(covered[c]))
        for c in sg_check.LETTERS
        if c in covered
    )
    waiting = getattr(page, "open_findings", {}).get(cat.line, [])
    if waiting:  # a decision is shown as information, a finding without one as a problem
        examples += "".join(
            '<div class="note">%s</div>'
            % badge(r, "info" if r.startswith("decided: ") else "problem")
            for r in waiting
        )
    cells = [where(path, cat.line), esc(cat.text), count, examples]
    return Row(anchor, cells, problems, len(covered) < sg_check.MIN_LETTERS)


# -- the page --------------------------------------------------------------------------


def summary(page, printed, problems):
    out = ['<h2 id="summary">Summary</h2>', "<ul>"]
    for game, counts in page.counts:
        out.append("<li><b>%s</b>: %s</li>" % (esc(game), esc("; ".join(counts))))
    out.append("</ul>")
    rest = page.findings.rest()
    if problems:
        out.append(
            "<p>%s %d problems; each is flagged beside its entry%s.</p>"
            % (
                badge("make content finds", "problem"),
                len(problems),
                ", but for these, which are about no one entry" if rest else "",
            )
        )
        out.append(
            "<ul>%s</ul>" % "".join("<li>%s:%d: %s</li>" % (esc(p), n, esc(r)) for p, n, r in rest)
        )
    else:
        out.append("<p>%s</p>" % badge("make content finds no problems", "ok"))
    out.append("<p>What <code>make content</code> prints when all is well:</p>")
    out.append("<pre>%s</pre>" % esc("\n".join(printed)))
    out.append('<h3 id="flagged">Flagged entries: %d</h3>' % len(page.flagged))
    if page.flagged:
        out.append("<ul>")
        for anchor, what, reasons in page.flagged:
            out.append(
                '<li><a href="#%s">%s</a>: %s</li>'
                % (esc(anchor), esc(what), esc("; ".join(reasons)))
            )
        out.append("</ul>")
    else:
        out.append("<p>None: no entry has a finding, and no question is unverified.</p>")
    return out


def render(content):
    """The page for content folder `content`, and how many problems the checks found."""
    content = Path(content)
    problems, built = compiler.check_content(content)
    page = Page(Findings(problems))
    with tempfile.TemporaryDirectory() as scratch:
        body = ['<h2 id="saywhen">Say When!</h2>']
        body += saywhen(page, content)
        body += staycool(page, content, scratch)
        body += ['<h2 id="scattergories">Scattergories</h2>']
        body += scattergories(page, content, scratch)
    nav = " ".join(
        '<a href="#%s">%s</a>' % pair
        for pair in (
            ("summary", "Summary"),
            ("flagged", "Flagged"),
            ("saywhen", "Say When!"),
            ("staycool-written", "Stay Cool written"),
            ("staycool-verbal", "Stay Cool verbal"),
            ("scattergories", "Scattergories"),
        )
    )
    head = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        "<title>Content review</title>",
        "<style>%s</style></head><body>" % STYLE,
        "<h1>Content review</h1>",
        '<p class="muted">Every deck in %s, with the findings of the checks that '
        "<code>make content</code> runs (written by <code>make content-report</code>).</p>"
        % esc(content.resolve()),
        "<nav>%s</nav>" % nav,
    ]
    top = summary(page, compiler.summary_lines(built), problems)
    return "\n".join(head + top + body + ["</body></html>", ""]), len(problems)


def main(argv=None):
    parser = argparse.ArgumentParser(
        prog="python -m tools.content_report", description=__doc__.splitlines()[0]
    )
    parser.add_argument(
        "--out",
        default=str(ROOT / "build" / "content-report.html"),
        help="the page: build/content-report.html",
    )
    parser.add_argument(
        "--content", default=str(ROOT / "content"), help="the sources: content/ by default"
    )
    args = parser.parse_args(argv)
    text, problems = render(args.content)
    out = Path(args.out)
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(text, encoding="utf-8")
    except OSError as e:
        print("content-report: cannot write %s: %s" % (out, e.strerror), file=sys.stderr)
        return 1
    print("content-report: wrote %s (%d problems found)" % (out, problems))
    return 0


if __name__ == "__main__":
    sys.exit(main())
