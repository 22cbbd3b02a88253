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

Under a category, decision lines record what a person looked at and kept (issue 37):
``- pair EARLIER CATEGORY: why`` for two categories of one list that share an example or,
by hypernyms.txt (make scattergories-pairs, WordNet), a sense; ``- example EXAMPLE: why a
person accepts it`` for one of its examples that disputed.txt, a person's review, says a
table might dispute (a phrase built to fit its letter, say). Each finding wants its
decision, and a decision that names no such pair, or no example of its category, is
refused. What is disputed is a person's judgement: the check keeps disputed.txt and the
decisions in step, it does not find disputes by itself. A list may hold at most
MOST_AVOIDED categories whose wording hashes as one of AVOID's (see
check_avoided_per_list() for what that can and cannot catch).

Problems are reported as ``path:line: reason`` and the exit status is 1 if there was any.

``parse_lists(path)`` is meant to be imported by the content compiler: it returns a list of
CategoryList(number, line, categories), categories being Category(line, text). It raises
ContentError on the first malformed line, unless it is given a list as ``errors``, where it
then appends ``(line, reason)`` pairs and keeps going.
"""

import argparse
import hashlib
import os
import re
import sys
from collections import namedtuple

from tools.firmware import import_firmware

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LISTS_PATH = os.path.join(ROOT, "content", "scattergories", "lists.txt")
# Written by tools/scattergories_wordnet.py (make scattergories-pairs, with WordNet), read
# here without it: the pairs of one list whose examples share a hypernym.
HYPERNYMS_NAME = "hypernyms.txt"
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
Category = namedtuple("Category", "line text examples decisions accepted", defaults=((), ()))
# "- pair OTHER CATEGORY: why" under a category: the pair of it and OTHER, which share an
# example answer, was looked at and kept.
Decision = namedtuple("Decision", "line other reason")
# "- example EXAMPLE: why a person accepts it" under a category: EXAMPLE, one of its own
# that a table might dispute (disputed.txt), was looked at and kept as counting.
Acceptance = namedtuple("Acceptance", "line example reason")
DECISION_RE = re.compile(r"^- (pair|example) (.+?): (\S.*)$")
# A line of hypernyms.txt: two categories of list `number` whose examples share a sense.
HypernymPair = namedtuple("HypernymPair", "line number earlier later why")
# Written by a person reviewing the lists (issue 37), not by a tool: the examples a table
# might dispute that were kept. Each wants '- example EXAMPLE: why' under its category.
DISPUTED_NAME = "disputed.txt"
# A line of disputed.txt: an example of a category of list `number`, and why a table
# might refuse it.
Disputed = namedtuple("Disputed", "line number category example why")
# No list may hold more than this many categories worded as a commercial list words one
# (AVOID): single generic nouns among them, which each alone may stay (issue 37).
MOST_AVOIDED = 2

# SHA-256 of the normalised wordings (normalise()) of categories on the classic commercial
# lists, written from what issue 37 quotes and from general knowledge of the game, never
# copied from a list: a multi-word category of ours that normalises to one is refused. Only
# the hashes are kept, so that the file holds no list of theirs. Hash a candidate with
# `python -m tools.scattergories_check --hash "Things you shout"`.
AVOID = frozenset(
    [
        "078546e2800c4b14f3c721d3ceb8a4d879130d7804fd33497b4ce67dd1243fb4",
        "0abb67fb5561a6e5023c04128367c4d067a28177b9522bc23d2a4fde06653331",
        "0f3039a62d66ca6c2ea8ecd98aed8cec4e688ec7716948764a77a99924e0d887",
        "2651bb00cf4597c65747d89dfeb6da177111d834427069a2480cb5f0bd569239",
        "31d108cfb9b6efd493536b65ea843d4734bf00f98ee4faf29159c90c9a76479a",
        "33bead3df4beffc4ef811b1e861037e393c92cca2d21d70500d51ec7f9440ede",
        "349e71d86f6a1ed85b6f5c69fe896896226add678c1fbc2a0bfd7181ca38c363",
        "3d870c711f7302150dd80b9d2a621aa1bc9e33a55a96526bd073acbbed15017b",
        "3fb0fecef29178f958335c6592470bb08a03d00fb9d898af8e15cfef9b421761",
        "4223cc7201b75a7086b03917d910ebd7a91a4d32ed0dea278d38f51afc028a40",
        "4589f2f8214c3fa6ad00f5682e73b73d1ab269823a600980bd3495319989cac0",
        "6bdaf554e42029bd0dbee9471eb48a5f3626213c9859a58120a61c62ace4c968",
        "7ab3778776cde4fa728a162a53ad3abcc967d1bd7361039e0942888240c4ce86",
        "7b84c20eab43a2fc721dd9c41330580cf4be429e7739c539f44941e2149456d0",
        "95569575c70b130e171a869d86b2c11aeea97252d1012035eab194ebab762da9",
        "964a9431ff491fd7e0d7436ea1ed3e76e15d1d2e34fae585cdfca3c57805cf75",
        "a2d31eca045b6d67cfd1af316a72fffdf503854d5254d262ea739e7f2a4e226f",
        "a327c23b4dafd652a41efc243a50c80fc60088edabb1951e893918133a5c3f85",
        "af10ed45e9e08868fd5e04cd025b7139bc81c3eb90526eaee0af70e979bfb77f",
        "b0fddac35ca5e2447c469be4c8d7318c4b162fba5769bd02d01bf303a862508b",
        "b215197bedd54f2db572b688d2736e04609e8fb5f3da34da19f28e299127da24",
        "b6efa0bad673d029a3dd5182f8b67d0d088ca5c405b5dbcef1dd0ae2850c0a4f",
        "ba59926159d2aa256eb8739b8da7e2b574b960e1202c6d624cbe981cef996c91",
        "cde17052dfc18a66d9a638234d770db5787a19c8b16e9dcaa06736ce665193a9",
        "db90b0cab8ce7b6f5f073430fa45ceb6f8263de809b89ad00637255957bc03a7",
        "dbcd7a4ff593ab8bcbd2ace83098e92cbb430d1939f36fe8333ffd902922dafa",
        "e272deecde720ffc773d7a6a81adabbc366ccbb64da5abdb6b26f52cd3f952cb",
        "fbe027c9963cc83af1f8639ab34101305426f2d6fb84765057c4ef80a0b129eb",
        "fe9397a992692e19e627392b0276bb5bfff1fb413268574284d73905d04e0fa7",
    ]
) | frozenset(
    # Single generic nouns that category games share (Fruits, Countries, Sports, ...),
    # from general knowledge: each alone may stay, but a list may hold at most
    # MOST_AVOIDED categories of AVOID (check_avoided_per_list), these among them.
    [
        "0a5a9bb73d93fca87ae1c91df75a0a3c0600717ea9a172021dc14479404ecced",
        "0f53133ce57ca8e8937bb4b1c15a33ef9594704e1c11abd58e598bb8362f7385",
        "12d264de09a571d6851defcdcfd4ae37d3177dc28aed52c125007dcbc91c5316",
        "28cd2c5c15d13978a6bc06d38092dbbafb31f5590aa3ac120f9f8d8c0e0708c4",
        "31bba878f841a16683a767af7adf22df364c93d0320446cbbf94bcc8cdcee47c",
        "3d7f19555f1d2f0722c73132767e3d7c9bca45d475f300643d65cf64e1d2d617",
        "4715b734085d8d9c9981d91c6d5cff398c75caf44074851baa94f2de24fba4d7",
        "5e8c9902207afaeb7120430c585a445f21e92932081d64bc99f80e4925bcb002",
        "6084392347f92be9ce898e68fb9eeb0c69d2c797690abea8fc59ad3c94b66427",
        "636485868971eac5aca33c4a0e1800a8a11d980bcf0e3776b31002e2c5db91b2",
        "63f75c890b05405e6e1f047072642b40949dab5912aa9c0ae6f2e654dff943dd",
        "74284d9dcbcc09928ca5d7d6187270a62ac1b58ccdc4a44b81e47257ffa53b9e",
        "7a5179eecc0fe18760ba615f92603372ae3fe302860098a019e15927551fee3b",
        "7c9bbe5ec9b3fb774e8fa0f54247e93c34ddf8e5d16fe3073420de0ae81a262d",
        "8a6ba32c9bed6ce703f999f9af6ec23686d44e144e4da572d94c8daca4a9cbab",
        "9209526aaa61b0709dbb838e14686a26c4a03b53e8eedf34c7e5f6f606110d8c",
        "a4ef304ba42a200bafd78b046e0869af9183f6eee5524aead5dcb3a5ab5f8f3f",
        "ab91a82d14cfc6125c1a40e6920a4cd3fcc3e2f9940347175b06367845a9bcbc",
        "b2c2c859125b3d5e158c28489fdac06f7d810b17bf43d049227d2aa124591dfe",
        "b404ed3c370c8c264e53b1867929db93e94012bb618bb263f514e32fd9e5bc29",
        "bbba57318f71911354fdaab5d67ea8c352bfe113231e968a9ac1f4cf5b38e546",
        "c06b0cfe0cc5e900c57784484094331f095bf441995c3c31ea6c75691c786c35",
        "c68fef1abac63a8353831df2718519fee1c4c16d63ff13bc473a65be02fb60bf",
        "d0607f7ad2628b2af9158dfba06ce87166e66b15bf68f8f358f9aa27ccb7c321",
        "d6838c357444c5ad16992daa4e21303cb3bca71e3b17a3dbdc4c91613d2fe0c6",
        "db7304319ed7d941faf3deccd35e8ce38dadc68ea9e8e1d9511b12317bc5b688",
        "dc9c5edb8b2d479e697b4b0b8ab874f32b325138598ce9e7b759eb8292110622",
        "ec450786e26a5154173545c402bcc03b20e2e0477d6086fa632a55c85bdcdd83",
    ]
)
PADDING = re.compile(r"^(things|items|stuff)( (that are|that have|that|which are|with|you))? ")


def normalise(text):
    """A category's wording as it is compared with the wordings to avoid: lower case, no
    punctuation, no articles, no "things that are/have" padding, each word singular."""
    words = re.findall(r"[a-z0-9]+", text.lower().replace("'", ""))
    words = [w for w in words if w not in ("a", "an", "the")]
    text = PADDING.sub("", " ".join(words))
    return " ".join(
        w[:-1] if len(w) > 3 and w.endswith("s") and not w.endswith("ss") else w
        for w in text.split()
    )


def wording_hash(text):
    return hashlib.sha256(normalise(text).encode("utf-8")).hexdigest()


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
        if line.startswith("- "):
            m = DECISION_RE.match(line)
            if not m:
                reason = "expected '- pair OTHER CATEGORY: why' or '- example EXAMPLE: why', "
                report(n, reason + "under a category")
            elif not current.categories:
                report(n, "a decision before the list's first category")
            elif m.group(1) == "pair":
                current.categories[-1].decisions.append(Decision(n, m.group(2), m.group(3)))
            else:
                current.categories[-1].accepted.append(Acceptance(n, m.group(2), m.group(3)))
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
        current.categories.append(Category(n, text.strip(), examples, [], []))
    return lists


def hypernyms_path(lists_path):
    return os.path.join(os.path.dirname(lists_path), HYPERNYMS_NAME)


def disputed_path(lists_path):
    return os.path.join(os.path.dirname(lists_path), DISPUTED_NAME)


def _four_fields(path, errors, expected):
    """(line number, its four fields as written) of each line of a `LIST | ... ` file
    (disputed.txt, hypernyms.txt). A malformed line raises ContentError(`expected`), or is
    appended to `errors` as (line, reason)."""
    with open(path, encoding="utf-8") as f:
        lines = f.read().splitlines()
    for n, line in enumerate(lines, start=1):
        if not line.strip() or line.startswith("#"):
            continue
        parts = line.split(SEPARATOR)
        if len(parts) != 4 or not parts[0].strip().isdigit() or not all(p.strip() for p in parts):
            if errors is None:
                raise ContentError(path, n, expected)
            errors.append((n, expected))
            continue
        yield n, parts


def read_disputed(path, errors=None):
    """disputed.txt's examples: a list of Disputed (a malformed line: _four_fields)."""
    expected = "expected 'LIST | CATEGORY | EXAMPLE | why a table might dispute it'"
    return [
        Disputed(n, int(p[0]), p[1].strip(), p[2].strip(), p[3].strip())
        for n, p in _four_fields(path, errors, expected)
    ]


def read_hypernyms(path, errors=None):
    """hypernyms.txt's pairs: a list of HypernymPair (a malformed line: _four_fields)."""
    expected = "expected 'LIST | EARLIER | LATER | why' (rerun make scattergories-pairs)"
    return [
        HypernymPair(n, int(p[0]), p[1], p[2], p[3])
        for n, p in _four_fields(path, errors, expected)
    ]


def check_lists(lists, zipf=None, hypernyms=(), disputed=()):
    """Rules for the parsed lists, examples and overlaps too (`zipf`: a word's frequency,
    wordfreq's unless given; `hypernyms`: read_hypernyms()'s pairs; `disputed`:
    read_disputed()'s examples); returns (line, reason) pairs, the findings that want a
    decision (open_findings()) among them."""
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
    problems += check_wordings(lists) + check_avoided_per_list(lists)
    problems += check_examples(lists, zipf) + check_overlaps(lists)
    return problems + open_findings(lists, hypernyms, disputed)


def open_findings(lists, hypernyms=(), disputed=()):
    """The findings that want a person's decision or a change (issue 37): two categories
    of a list sharing an example, or a WordNet hypernym (`hypernyms`), with no '- pair'
    decision; one answer under two letters; an example a table might dispute
    (`disputed`) with no '- example' decision. The review page shows them."""
    return (
        check_pairs(lists, hypernyms) + check_two_letters(lists) + check_accepted(lists, disputed)
    )


def check_accepted(lists, disputed=()):
    """Each example of disputed.txt (`disputed`) still in its category wants '- example
    EXAMPLE: why a person accepts it' under the category, or a plain answer of its letter
    in its place (and the line dropped from disputed.txt). A '- example' decision that
    names no example of its category is refused, and so is a line of disputed.txt that
    names no example of a category of its list (a stale file).

    What is disputed is a person's judgement, written down in disputed.txt; this check
    keeps the judgement and the decisions together, it does not find disputes itself."""
    problems = []
    by_list = {}
    for d in disputed:
        by_list.setdefault(d.number, []).append(d)
    for lst in lists:
        texts = {c.text.lower(): c for c in lst.categories}
        for d in by_list.pop(lst.number, []):
            cat = texts.get(d.category.lower())
            keys = {answer_key(e) for e in cat.examples if e} if cat else set()
            if answer_key(d.example) not in keys:
                reason = "disputed.txt:%d names %r of %r, not an example of a category of "
                reason += "list %d: replaced? drop the line"
                problems.append((lst.line, reason % (d.line, d.example, d.category, lst.number)))
                continue
            if not any(answer_key(a.example) == answer_key(d.example) for a in cat.accepted):
                reason = "example %r may be disputed at the table (disputed.txt:%d: %s): "
                reason += "replace it with a plain answer of its letter, or say why a "
                reason += "person accepts it: '- example %s: why'"
                problems.append((cat.line, reason % (d.example, d.line, d.why, d.example)))
        for cat in lst.categories:
            keys = {answer_key(e) for e in cat.examples if e}
            for a in cat.accepted:
                if answer_key(a.example) not in keys:
                    reason = "no example %r in this category to accept"
                    problems.append((a.line, reason % a.example))
    for number, left in sorted(by_list.items()):
        for d in left:
            reason = "disputed.txt:%d names list %d, which is not here"
            problems.append((0, reason % (d.line, number)))
    return problems


def check_avoided_per_list(lists):
    """A list holding more than MOST_AVOIDED categories whose normalised wording hashes
    to one of AVOID's. A multi-word one is refused on its own (check_wordings), so in
    practice this counts the single generic nouns (Fruits, Countries) a list gathers.

    The limit of this check: it knows only the wordings hashed in AVOID, written from
    general knowledge and issue 37's quotes, not from the commercial lists themselves,
    which we do not have; and it matches a wording only after normalise(), exactly. A
    commercial category we did not hash, or one worded a little differently ("Things in
    the sky" against "Seen in the sky"), passes; a person reading the lists against the
    game is still the check for near wordings."""
    problems = []
    for lst in lists:
        matched = [c.text for c in lst.categories if wording_hash(c.text) in AVOID]
        if len(matched) > MOST_AVOIDED:
            reason = "list %d holds %d categories worded as commercial lists word them "
            reason += "(%s), at most %d: reword some to our own phrasing"
            problems.append(
                (
                    lst.line,
                    reason % (lst.number, len(matched), ", ".join(matched), MOST_AVOIDED),
                )
            )
    return problems


def check_wordings(lists):
    """A multi-word category worded as a commercial list words one (AVOID)."""
    return [
        (
            cat.line,
            "worded as a commercial list words a category (%r): reword it" % normalise(cat.text),
        )
        for lst in lists
        for cat in lst.categories
        if len(cat.text.split()) > 1 and wording_hash(cat.text) in AVOID
    ]


def shared_pairs(lst):
    """(earlier category, later category, [shared example keys]) for each two categories of
    one list that share an example answer: one sense, perhaps, and one answer for both."""
    found = []
    for i, a in enumerate(lst.categories):
        keys = {answer_key(e) for e in a.examples if e}
        for b in lst.categories[i + 1 :]:
            shared = sorted(keys & {answer_key(e) for e in b.examples if e})
            if shared:
                found.append((a, b, shared))
    return found


def check_pairs(lists, hypernyms=()):
    """Each pair of categories of one list sharing an example, or a sense by WordNet's
    hypernyms (`hypernyms`, hypernyms.txt's pairs), wants a decision under the later one:
    '- pair EARLIER: why'. A decision that names no such pair is reported too, and so is
    a pair of hypernyms.txt that names no two categories of its list (a stale file)."""
    problems = []
    by_list = {}
    for h in hypernyms:
        by_list.setdefault(h.number, []).append(h)
    for lst in lists:
        wanted = {}  # (earlier's line, later's line) -> [why]
        at = {c.line: c for c in lst.categories}
        for a, b, shared in shared_pairs(lst):
            wanted.setdefault((a.line, b.line), []).append("shares %s" % ", ".join(shared))
        texts = {c.text.lower(): c for c in lst.categories}
        order = {id(c): i for i, c in enumerate(lst.categories)}
        for h in by_list.pop(lst.number, []):
            a, b = texts.get(h.earlier.lower()), texts.get(h.later.lower())
            if a is None or b is None or order[id(a)] >= order[id(b)]:
                reason = "hypernyms.txt:%d names %r and %r, not two categories of list %d "
                reason += "in this order: rerun make scattergories-pairs"
                problems.append((lst.line, reason % (h.line, h.earlier, h.later, lst.number)))
                continue
            wanted.setdefault((a.line, b.line), []).append(
                "shares a sense by WordNet (%s)" % h.why
            )
        for (a, b), whys in wanted.items():
            a, b = at[a], at[b]
            if not any(d.other.lower() == a.text.lower() for d in b.decisions):
                reason = "%s with line %d (%s): one sense? reword one, or say why under it: "
                reason += "'- pair %s: why'"
                problems.append((b.line, reason % ("; ".join(whys), a.line, a.text, a.text)))
        for cat in lst.categories:
            for d in cat.decisions:
                if not any(
                    b == cat.line and at[a].text.lower() == d.other.lower() for a, b in wanted
                ):
                    reason = "no earlier category %r shares an example or a sense with this one"
                    problems.append((d.line, reason % d.other))
    for number, left in sorted(by_list.items()):
        for h in left:
            reason = "hypernyms.txt:%d names list %d, which is not here: "
            reason += "rerun make scattergories-pairs"
            problems.append((0, reason % (h.line, number)))
    return problems


def check_two_letters(lists):
    """An example that is another example of its category with a word before it (Kart and
    Go-kart): one answer counted under two letters."""
    problems = []
    for lst in lists:
        for cat in lst.categories:
            keys = {answer_key(e): e for e in cat.examples if e}
            for key, example in keys.items():
                for other_key, other in keys.items():
                    if other_key != key and re.search(r"[ -]%s$" % re.escape(other_key), key):
                        reason = "examples %r and %r are one answer under two letters: keep one"
                        problems.append((cat.line, reason % (other, example)))
    return problems


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


def summary(lists, hypernyms=()):
    """What a good run prints after "scattergories: ": the counts, then coverage()."""
    accepted = sum(len(c.accepted) for lst in lists for c in lst.categories)
    avoided = sum(wording_hash(c.text) in AVOID for lst in lists for c in lst.categories)
    counts = [len(letters_covered(c)) for lst in lists for c in lst.categories]
    head = "%d lists, %d categories" % (len(lists), len(counts))
    by_example = sum(len(shared_pairs(lst)) for lst in lists)
    decided = sum(len(c.decisions) for lst in lists for c in lst.categories)
    head += "; %d pairs sharing an example and %d sharing a WordNet hypernym, %d decided" % (
        by_example,
        len(hypernyms),
        decided,
    )
    head += "; %d disputed examples kept by a decision" % accepted
    head += "; %d generic categories worded as the classic game's (at most %d a list)" % (
        avoided,
        MOST_AVOIDED,
    )
    if counts:
        head += "; letters with an example, %d to %d a category:" % (min(counts), max(counts))
    return "\n".join([head, *coverage(lists)])


def main(argv=None):
    ap = argparse.ArgumentParser(
        prog="python -m tools.scattergories_check", description=__doc__.split("\n\n")[0]
    )
    ap.add_argument("path", nargs="?", default=LISTS_PATH, help="default %(default)s")
    ap.add_argument("--hash", metavar="WORDING", help="print a wording's normalised form and hash")
    args = ap.parse_args(argv)
    if args.hash:
        print("%s  %s" % (wording_hash(args.hash), normalise(args.hash)))
        return 0
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
    hypernym_errors = []
    try:
        hypernyms = read_hypernyms(hypernyms_path(args.path), hypernym_errors)
    except OSError as e:
        hypernyms = []
        hypernym_errors.append((0, "cannot read: %s" % e.strerror))
    for line, reason in hypernym_errors:
        print("%s:%d: %s" % (os.path.join(os.path.dirname(shown), HYPERNYMS_NAME), line, reason))
    disputed_errors = []
    try:
        disputed = read_disputed(disputed_path(args.path), disputed_errors)
    except OSError as e:
        disputed = []
        disputed_errors.append((0, "cannot read: %s" % e.strerror))
    for line, reason in disputed_errors:
        print("%s:%d: %s" % (os.path.join(os.path.dirname(shown), DISPUTED_NAME), line, reason))
    problems = errors + check_lists(lists, hypernyms=hypernyms, disputed=disputed)
    for line, reason in sorted(problems):
        print("%s:%d: %s" % (shown, line, reason))
    if problems or hypernym_errors or disputed_errors:
        return 1
    print("scattergories: " + summary(lists, hypernyms))
    return 0


if __name__ == "__main__":
    sys.exit(main())
