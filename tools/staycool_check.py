#!/usr/bin/env python3
"""Check the Stay Cool content files, or draw a sticker sheet for the letter dice.

    python -m tools.staycool_check                     # check content/staycool/
    python -m tools.staycool_check --stickers out.png  # needs Pillow (requirements-dev.txt)

Every problem is reported as ``path:line: reason``; the exit status is 1 if there was any.

The parsers are meant to be imported by the content compiler:

    parse_dice(path)   -> list of Die(number, colour, faces, line)
    parse_cards(path)  -> list of Card(name, line, questions); questions are Question(line, text,
                          answer, decisions), decisions being Decision(line, words, reason)
    parse_pairs(path)  -> list of (line, words): kept groups of words near one another
    parse_candidates(path) -> {answer: (line, [candidate, ...])}: WordNet's neighbours
    parse_words(path)  -> set of lowercase words
    spellable(word, dice) -> True if the word can be laid out with each die used at most once

Each parser raises ContentError on the first malformed line, unless it is given a list as
``errors``, in which case it appends ``(line, reason)`` pairs there and keeps going.
"""

import argparse
import csv
import os
import re
import sys
from collections import namedtuple

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CONTENT = os.path.join(ROOT, "content", "staycool")
DICE_PATH = os.path.join(CONTENT, "dice.csv")
WORDS_PATH = os.path.join(CONTENT, "words.txt")
LICENSE_PATH = os.path.join(CONTENT, "words-LICENSE.txt")
WRITTEN_PATH = os.path.join(CONTENT, "written.txt")
VERBAL_PATH = os.path.join(CONTENT, "verbal.txt")
FONT_PATH = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"

NUM_DICE = 7
FACES_PER_DIE = 6
WHITE = "white"
VOWELS = "AEIOU"
WHITE_DICE_ALLOWED = (2, 3)

MIN_WRITTEN_CARDS = 50  # as many as the kit has
MIN_VERBAL_CARDS = 50
WRITTEN_PER_CARD = 10
VERBAL_PER_CARD = 20
MAX_CLUE = 60
MAX_VERBAL_QUESTION = 70
MAX_VERBAL_ANSWER = 40
MIN_SKILL_PER_CARD = 3

# A verbal line that does not end with "?" is a skill or speed test, and must then start with
# one of these instructions ("Say the alphabet backwards from M", "Name five fruits in ten
# seconds").
SKILL_VERBS = (
    "Say",
    "Count",
    "Name",
    "Spell",
    "Recite",
    "List",
    "Give",
    "Add",
    "Double",
    "Halve",
    "Repeat",
    "Finish",
    "Continue",
    "Multiply",
    "Subtract",
    "Clap",
    "Tap",
)

Die = namedtuple("Die", "number colour faces line")
Card = namedtuple("Card", "name line questions")
Question = namedtuple("Question", "line text answer decisions")
# "- not CAB HACK: why" under a written clue: those words, near its answer, are not answers.
Decision = namedtuple("Decision", "line words reason")

CARD_RE = re.compile(r"^# card (\S+)$")
DECISION_RE = re.compile(r"^- not ([A-Z]{3,4}(?: [A-Z]{3,4})*): (\S.*)$")
SLUG_RE = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
SEPARATOR = " | "


class ContentError(ValueError):
    """A malformed line; ``line`` is 1-based (0 when the whole file is at fault)."""

    def __init__(self, path, line, reason):
        super().__init__("%s:%d: %s" % (path, line, reason))
        self.path = path
        self.line = line
        self.reason = reason


def _reporter(path, errors):
    def report(line, reason):
        if errors is None:
            raise ContentError(path, line, reason)
        errors.append((line, reason))

    return report


def _read_lines(path):
    with open(path, encoding="utf-8") as f:
        return f.read().splitlines()


def parse_dice(path, errors=None):
    """Read ``die,colour,faces`` rows: a list of Die, in file order."""
    report = _reporter(path, errors)
    with open(path, encoding="utf-8", newline="") as f:
        reader = csv.reader(f)
        rows = [(reader.line_num, row) for row in reader]  # the line a row ends on
    header = [c.strip() for c in rows[0][1]] if rows else None
    if header != ["die", "colour", "faces"]:
        report(1, "header must be 'die,colour,faces'")
    dice = []
    for n, row in rows[1:]:
        cols = [c.strip() for c in row]
        if cols in ([], [""]):  # a blank line
            continue
        if len(cols) != 3:
            report(n, "expected 3 columns: die,colour,faces")
            continue
        number, colour, faces = cols
        if not number.isdigit():
            report(n, "die number %r is not a number" % number)
            continue
        if not re.fullmatch(r"[a-z]+", colour):
            report(n, "colour %r must be a lowercase word" % colour)
            continue
        if not re.fullmatch(r"[A-Z]{%d}" % FACES_PER_DIE, faces):
            report(n, "faces %r must be %d uppercase letters" % (faces, FACES_PER_DIE))
            continue
        dice.append(Die(int(number), colour, faces, n))
    return dice


def check_dice(path, dice):
    """Rules for the set as a whole; returns (line, reason) pairs."""
    problems = []
    if len(dice) != NUM_DICE:
        problems.append((0, "expected %d dice, found %d" % (NUM_DICE, len(dice))))
    for i, die in enumerate(dice, start=1):
        if die.number != i:
            problems.append(
                (die.line, "die number %d out of order (expected %d)" % (die.number, i))
            )
        if len(set(die.faces)) != len(die.faces):
            problems.append((die.line, "die %d repeats a letter: %s" % (die.number, die.faces)))
        if die.colour != WHITE:
            vowels = sorted(set(die.faces) & set(VOWELS))
            if vowels:
                problems.append((die.line, "vowel %s on a %s die" % ("".join(vowels), die.colour)))
    whites = [d for d in dice if d.colour == WHITE]
    if len(whites) not in WHITE_DICE_ALLOWED:
        problems.append((0, "expected 2 or 3 white dice, found %d" % len(whites)))
    others = {d.colour for d in dice if d.colour != WHITE}
    if len(others) > 1:
        problems.append((0, "the non-white dice must share one colour: %s" % sorted(others)))
    for v in VOWELS:
        if not any(v in d.faces for d in whites):
            problems.append((0, "vowel %s is on no white die" % v))
    return problems


def spellable(word, dice):
    """True if ``word`` can be laid out with each die used at most once.

    ``dice`` is a sequence of Die tuples or of face strings.  Letters are matched to distinct
    dice by backtracking (a bipartite matching; words are short, so this is instant).
    """
    faces = [getattr(d, "faces", d).upper() for d in dice]
    letters = word.upper()
    if len(letters) > len(faces):
        return False
    # Most constrained letters first keeps the search tiny.
    order = sorted(letters, key=lambda c: sum(c in f for f in faces))

    def place(i, used):
        if i == len(order):
            return True
        for d, f in enumerate(faces):
            if not used & (1 << d) and order[i] in f and place(i + 1, used | (1 << d)):
                return True
        return False

    return place(0, 0)


def parse_words(path, errors=None):
    """The answer word list: one lowercase a-z word of 3 or 4 letters per line, sorted."""
    report = _reporter(path, errors)
    words = set()
    prev = None
    for n, raw in enumerate(_read_lines(path), start=1):
        if not re.fullmatch(r"[a-z]{3,4}", raw):
            report(n, "not a 3- or 4-letter lowercase word: %r" % raw)
            continue
        if prev is not None and raw <= prev:
            report(n, "%r is out of order or repeated (after %r)" % (raw, prev))
        prev = raw
        words.add(raw)
    if not words:
        report(0, "word list is empty")
    return words


def parse_cards(path, errors=None):
    """Read ``# card NAME`` blocks of ``text | answer`` lines: a list of Card."""
    report = _reporter(path, errors)
    cards = []
    card = None
    names = {}
    for n, raw in enumerate(_read_lines(path), start=1):
        if raw != raw.strip():
            report(n, "leading or trailing whitespace")
        line = raw.strip()
        if not line:
            continue
        if line.startswith("#"):
            m = CARD_RE.match(line)
            if not m:
                report(n, "expected '# card NAME'")
                card = None
                continue
            name = m.group(1)
            if not SLUG_RE.match(name):
                report(n, "card name %r is not a slug (a-z, 0-9, '-')" % name)
            if name in names:
                report(n, "card name %r already used on line %d" % (name, names[name]))
            names[name] = n
            card = Card(name, n, [])
            cards.append(card)
            continue
        if card is None:
            report(n, "question outside a card")
            continue
        if line.startswith("- "):
            m = DECISION_RE.match(line)
            if not m:
                report(n, "expected '- not WORD [WORD...]: why', under the clue it is about")
            elif not card.questions:
                report(n, "a decision before the card's first clue")
            else:
                card.questions[-1].decisions.append(Decision(n, m.group(1).split(), m.group(2)))
            continue
        if line.count(SEPARATOR) != 1:
            report(n, "expected exactly one ' | ' between question and answer")
            continue
        text, answer = (part.strip() for part in line.split(SEPARATOR))
        if not text or not answer:
            report(n, "empty question or answer")
            continue
        card.questions.append(Question(n, text, answer, []))
    return cards


def is_skill_test(text):
    """Verbal lines that do not end with '?' are skill or speed tests."""
    return not text.endswith("?")


def _check_card_counts(cards, per_card, minimum, kind):
    problems = []
    if len(cards) < minimum:
        problems.append((0, "%d %s cards, at least %d needed" % (len(cards), kind, minimum)))
    for card in cards:
        if len(card.questions) != per_card:
            problems.append(
                (
                    card.line,
                    "card %s has %d questions, expected %d"
                    % (card.name, len(card.questions), per_card),
                )
            )
    return problems


# Endings that leave a clue's word its answer: STEPS for STEP, BOATING for BOAT.
ENDINGS = ("s", "es", "d", "ed", "ing", "er", "ers", "y", "ly")


def gives_away(text, answer, words):
    """The word of a clue that holds its own answer, or None: the answer itself, the answer
    with an ending, or the answer joined to another word of the list, with an ending or
    not (DOORBELLS for BELL, SUNRISE for SUN)."""
    a = answer.lower()
    for w in re.findall(r"[a-z]+", text.lower()):
        for stem in {w} | {w[: -len(e)] for e in ENDINGS if w.endswith(e)}:
            if stem == a or (
                len(stem) > len(a)
                and (
                    (stem.startswith(a) and stem[len(a) :] in words)
                    or (stem.endswith(a) and stem[: -len(a)] in words)
                )
            ):
                return w
    return None


def check_written(cards, words, dice, near=None):
    """The written cards' rules. ``near`` maps an answer to {word: where it was found} for
    the words near it (near_words): each that the dice spell and the list holds must be
    answered by a ``- not WORD: why`` decision under the clue, or the check fails."""
    problems = _check_card_counts(cards, WRITTEN_PER_CARD, MIN_WRITTEN_CARDS, "written")
    near = near or {}
    for card in cards:
        seen = {}
        for q in card.questions:
            if len(q.text) > MAX_CLUE:
                problems.append(
                    (q.line, "clue is %d characters (max %d)" % (len(q.text), MAX_CLUE))
                )
            a = q.answer
            if not re.fullmatch(r"[A-Z]{3,4}", a):
                problems.append((q.line, "answer %r must be 3 or 4 uppercase letters" % a))
                continue
            if a.lower() not in words:
                problems.append((q.line, "answer %s is not in words.txt" % a))
            if dice and not spellable(a, dice):
                problems.append((q.line, "answer %s cannot be spelled with the dice" % a))
            if a in seen:
                problems.append((q.line, "answer %s repeats line %d of this card" % (a, seen[a])))
            seen[a] = q.line
            given = gives_away(q.text, a, words)
            if given:
                problems.append((q.line, "the clue gives its answer away: %r" % given))
            problems += _decision_problems(q, near.get(a, {}), words, dice)
    return problems


# A word near a clue's answer (near_words), with where it was found, the Decision under the
# clue that names it (or None), and why it needs none (None: it needs one).
Near = namedtuple("Near", "word where decision exempt")


def near_notes(q, near, words, dice):
    """A Near for each word near clue q's answer (`near`: near_words' {word: where} for
    it), in word order: a word that words.txt holds and the dice spell needs a decision."""
    decided = {}
    for d in q.decisions:
        for w in d.words:
            decided.setdefault(w, d)
    notes = []
    for w, where in sorted(near.items()):
        exempt = None
        if w.lower() not in words:
            exempt = "not in words.txt"
        elif dice and not spellable(w, dice):
            exempt = "the dice cannot spell it"
        notes.append(Near(w, where, decided.get(w), exempt))
    return notes


def _decision_problems(q, near, words, dice):
    """What a clue's ``- not`` decisions leave out, repeat or get wrong."""
    problems, decided = [], {}
    for d in q.decisions:
        for w in d.words:
            if w == q.answer:
                problems.append((d.line, "%s is the answer itself, not a second one" % w))
            elif w in decided:
                problems.append((d.line, "%s was decided on line %d" % (w, decided[w])))
            decided.setdefault(w, d.line)
    for w, where, decision, exempt in near_notes(q, near, words, dice):
        if decision or exempt:
            continue
        problems.append(
            (
                q.line,
                "%s is spellable, in words.txt and near %s (%s): rewrite the clue so it has "
                "one answer, or say why under it: '- not %s: why'" % (w, q.answer, where, w),
            )
        )
    return problems


def parse_pairs(path, errors=None):
    """pairs.txt: groups of words kept as near one another, whatever a thesaurus says
    (``TAXI CAB``), one group a line; ``#`` starts a comment. A list of (line, words)."""
    report = _reporter(path, errors)
    groups, seen = [], {}
    for n, raw in enumerate(_read_lines(path), start=1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        group = line.split()
        if len(group) < 2 or not all(re.fullmatch(r"[A-Z]{3,4}", w) for w in group):
            report(n, "expected two or more words of 3 or 4 uppercase letters")
            continue
        twice = sorted({w for w in group if group.count(w) > 1})
        if twice:
            report(n, "%s twice on one line" % " ".join(twice))
            continue
        key = tuple(sorted(group))
        if key in seen:
            report(n, "the same words as line %d: one line is enough" % seen[key])
            continue
        seen[key] = n
        groups.append((n, group))
    if not groups:
        report(0, "no pairs: the file must keep the known pairs (TAXI CAB, COT CRIB ...)")
    return groups


def parse_candidates(path, errors=None):
    """candidates.txt, written by staycool_wordnet.py: ``ANSWER: WORD WORD ...`` for every
    written answer (nothing after the colon if WordNet has no neighbour for it that the
    dice spell). ``#`` lines are comments. A dict {answer: (line, [word, ...])}."""
    report = _reporter(path, errors)
    found = {}
    for n, raw in enumerate(_read_lines(path), start=1):
        if not raw.strip() or raw.startswith("#"):
            continue
        m = re.fullmatch(r"([A-Z]{3,4}):((?: [A-Z]{3,4})*)", raw)
        if not m:
            report(n, "expected 'ANSWER: WORD WORD ...' in uppercase")
        elif m.group(1) in found:
            report(n, "%s is on line %d too" % (m.group(1), found[m.group(1)][0]))
        else:
            found[m.group(1)] = (n, m.group(2).split())
    if not found:
        report(0, "no answers listed: run `make staycool-candidates` to write them")
    return found


def check_candidates(candidates, cards, name="candidates.txt", words=None, dice=None):
    """That candidates.txt speaks of exactly the written answers: problems for the written
    file (an answer WordNet was not asked about) and for candidates.txt (an answer no card
    has any more), as two lists of (line, reason). An empty candidates.txt is its parser's
    finding, not one for each answer; nor is an answer that `words` does not hold or the
    `dice` cannot spell (check_written says so: no candidates would make it an answer)."""
    written, stale = [], []
    if not candidates:
        return written, stale
    answers = {q.answer for card in cards for q in card.questions}
    for card in cards:
        for q in card.questions:
            if not re.fullmatch(r"[A-Z]{3,4}", q.answer):
                continue
            if words is not None and q.answer.lower() not in words:
                continue
            if dice and not spellable(q.answer, dice):
                continue
            if q.answer not in candidates:
                reason = "%s has no line in %s: run `make staycool-candidates`" % (q.answer, name)
                written.append((q.line, reason))
    for answer, (line, _) in candidates.items():
        if answer not in answers:
            stale.append((line, "no written clue has the answer %s any more" % answer))
    return written, stale


def verbal_alternatives(cards):
    """(line, words) for each verbal answer that offers more than one ("A stag (or buck)"):
    its words of 3 or 4 letters, uppercase. A written clue for one of them must be as sure
    of its answer as the verbal card is unsure."""
    found = []
    for card in cards:
        for q in card.questions:
            if re.search(r"\bor\b", q.answer):
                group = sorted({w.upper() for w in re.findall(r"[A-Za-z]+", q.answer)})
                group = [w for w in group if 3 <= len(w) <= 4 and w != "OR"]
                if len(group) > 1:
                    found.append((q.line, group))
    return found


def near_words(candidates, pairs, alternatives, names=("pairs.txt", "verbal.txt"), moby=None):
    """{answer: {word: where}}: WordNet's candidates, the Moby thesaurus' (moby.txt, as
    Aiksaurus holds it), the kept pairs and the verbal cards' alternatives, each word with
    where it comes from."""
    near = {}
    for source, found in (("WordNet", candidates), ("Moby", moby or {})):
        for answer, (_, words) in found.items():
            for w in words:
                near.setdefault(answer, {}).setdefault(w, source)
    for name, groups in zip(names, (pairs, alternatives), strict=True):
        for line, group in groups:
            for a in group:
                for w in group:
                    if w != a:
                        near.setdefault(a, {}).setdefault(w, "%s:%d" % (name, line))
    return near


def check_verbal(cards):
    problems = _check_card_counts(cards, VERBAL_PER_CARD, MIN_VERBAL_CARDS, "verbal")
    problems += check_verbal_repeats(cards)
    problems += check_verbal_answers(cards)
    problems += check_templates(cards)
    for card in cards:
        skills = 0
        seen = {}
        for q in card.questions:
            for d in q.decisions:
                problems.append((d.line, "'- not' decisions are for written clues"))
            if len(q.text) > MAX_VERBAL_QUESTION:
                problems.append(
                    (
                        q.line,
                        "question is %d characters (max %d)" % (len(q.text), MAX_VERBAL_QUESTION),
                    )
                )
            if len(q.answer) > MAX_VERBAL_ANSWER:
                problems.append(
                    (
                        q.line,
                        "answer is %d characters (max %d)" % (len(q.answer), MAX_VERBAL_ANSWER),
                    )
                )
            if q.text.lower() in seen:
                problems.append(
                    (q.line, "question repeats line %d of this card" % seen[q.text.lower()])
                )
            seen[q.text.lower()] = q.line
            if is_skill_test(q.text):
                skills += 1
                if not q.text.startswith(SKILL_VERBS):
                    problems.append(
                        (
                            q.line,
                            "no '?' at the end, so a skill test, but it does not start with "
                            "an instruction (%s...)" % ", ".join(SKILL_VERBS[:4]),
                        )
                    )
        if skills < MIN_SKILL_PER_CARD and len(card.questions) == VERBAL_PER_CARD:
            problems.append(
                (
                    card.line,
                    "card %s has %d skill/speed tests, at least %d needed"
                    % (card.name, skills, MIN_SKILL_PER_CARD),
                )
            )
    return problems


# What makes two verbal questions one: number words and the ways of saying a number of
# things (a fortnight is two weeks, 12x5 is 5x12), articles and the question's own words.
NUMBER_WORDS = {
    w: str(i)
    for i, w in enumerate(
        re.findall(
            r"\w+",
            "zero one two three four five six seven eight nine ten eleven twelve thirteen "
            "fourteen fifteen sixteen seventeen eighteen nineteen twenty",
        )
    )
}
NUMBER_WORDS.update(
    thirty="30",
    forty="40",
    fifty="50",
    sixty="60",
    seventy="70",
    eighty="80",
    ninety="90",
    hundred="100",
    thousand="1000",
    million="1000000",
    dozen="12",
)
SAME_AS = (
    ("fortnight", "2 weeks"),
    ("multiplied by", "times"),
    ("divided by", "over"),
    ("double|twice", "2 times"),
    ("halve|half of|half", "2 over"),
)
QUESTION_WORDS = set(
    re.findall(
        r"\w+",
        "what which who how many much is are was the a an of in on there do does did "
        "altogether called name say",
    )
)


def question_key(text):
    """The words a verbal question asks, as a sorted tuple: number words as digits, words
    of one meaning as one, the operands of a sum or product in any order, and the question
    words set aside. Two questions with one key ask one thing."""
    text = text.lower()
    for phrase, same in SAME_AS:
        text = re.sub(r"\b(%s)\b" % phrase, same, text)
    words = [NUMBER_WORDS.get(w, w) for w in re.findall(r"[a-z]+|[0-9]+", text)]
    words = [w[:-1] if w.endswith("s") and len(w) > 3 else w for w in words]
    return tuple(sorted(w for w in words if w not in QUESTION_WORDS))


# A verbal question's template: its words up to the first that is not one of these,
# numbers as "#" ("What colour", "What is the opposite", "How many legs", "What is #",
# "Spell"). One slot of the cards may use one template on at most a fifth of them, or an
# evening of play learns what question 4 will be.
TEMPLATE_WORDS = set(
    re.findall(
        r"\w+", "what which who whom how is are was were the a an in of do does did many much"
    )
)
MOST_OF_A_SLOT = 5  # a template on at most 1/5 of the cards at one slot


def template(text):
    out = []
    for w in re.findall(r"[a-z]+|[0-9]+", text.lower()):
        out.append("#" if w.isdigit() else w)
        if w not in TEMPLATE_WORDS:
            break
    return " ".join(out)


def check_templates(cards):
    """(line, reason) at the card line of each card past the fifth that uses one template
    at one question slot."""
    problems = []
    most = len(cards) // MOST_OF_A_SLOT
    for slot in range(max((len(c.questions) for c in cards), default=0)):
        seen = {}
        for card in cards:
            if slot < len(card.questions):
                q = card.questions[slot]
                seen.setdefault(template(q.text), []).append(q)
        for name, qs in sorted(seen.items()):
            for q in qs[most:]:
                reason = "question %d starts %r on %d of %d cards (at most %d): vary it"
                problems.append((q.line, reason % (slot + 1, name, len(qs), len(cards), most)))
    return problems


# Words of an answer that do not give it away when a question holds them.
ANSWER_STOP = set(
    re.findall(r"\w+", "a an the and or of to in on it is any e g eg accepted or both")
)


def holds_its_answer(q):
    """The words of a verbal answer when its question holds them all, or None. A skill test (it
    asks to say or spell what it names) and a question that offers its choices ("Which
    is heavier, X or Y?") are not asked."""
    if is_skill_test(q.text) or re.search(r"\bor\b", q.text, re.I):
        return None
    asked = {singular(w) for w in re.findall(r"[a-z0-9]+", q.text.lower())}
    first = re.split(r"\(|;|,", q.answer)[0]
    said = [w for w in re.findall(r"[a-z0-9]+", first.lower()) if w not in ANSWER_STOP]
    if said and all(singular(w) in asked for w in said):  # Lake Victoria: not all asked
        return " ".join(said)
    return None


def singular(w):
    return w[:-1] if len(w) > 3 and w.endswith("s") and not w.endswith("ss") else w


def check_verbal_answers(cards):
    """(line, reason) for each verbal question that holds its own answer."""
    problems = []
    for card in cards:
        for q in card.questions:
            given = holds_its_answer(q)
            if given:
                problems.append((q.line, "the question holds its answer: %r" % given))
    return problems


# Words that name a kind of question, not its fact: two clues that share only these ask
# two facts (What colour is a ruby? and Colour of a ripe strawberry: both RED).
KIND_WORDS = set(
    re.findall(
        r"\w+",
        "you your it they one has have at by with for from that this when usually called "
        "colour opposite baby young female male group animal bird pet farm wild sea fruit "
        "metal star big small little",
    )
)


def clue_words(text):
    stop = TEMPLATE_WORDS | ANSWER_STOP | KIND_WORDS
    return {singular(w) for w in re.findall(r"[a-z]+", text.lower()) if w not in stop}


def check_across(written, verbal):
    """(line, reason) for each verbal question that asks a written clue's fact: its
    answer is that clue's answer and the two share a word (What do bees live in? and Bees
    live in it: HIVE). Reported at the verbal line."""
    by_answer = {}
    for card in written:
        for q in card.questions:
            by_answer.setdefault(q.answer.lower(), []).append(q)
    problems = []
    for card in verbal:
        for q in card.questions:
            answer = re.sub(r"^(a|an|the) ", "", re.split(r"\(|;|,", q.answer)[0].strip().lower())
            for w in by_answer.get(answer, []):
                shared = sorted(clue_words(q.text) & clue_words(w.text))
                if shared:
                    reason = "asks the fact of written.txt:%d (%s | %s), sharing %s"
                    problems.append(
                        (q.line, reason % (w.line, w.text, w.answer, ", ".join(shared)))
                    )
    return problems


def check_verbal_repeats(cards):
    """Each verbal question that asks what an earlier one in the deck asks (question_key),
    as (line, reason)."""
    problems, first = [], {}
    for card in cards:
        for q in card.questions:
            key = question_key(q.text)
            if key in first:
                problems.append((q.line, "asks what line %d asks: %s" % first[key]))
            else:
                first[key] = (q.line, q.text)
    return problems


def _rel(path):
    try:
        return os.path.relpath(path)
    except ValueError:
        return path


def run_checks(folder, out=sys.stdout):
    """Check everything in the content folder `folder`, as make content does; print the
    problems to ``out``; return (ok, written count, verbal count)."""
    bad = 0

    def path(name):
        return os.path.join(folder, name)

    def emit(where, problems):
        nonlocal bad
        for line, reason in sorted(problems, key=lambda p: p[0]):
            print("%s:%d: %s" % (_rel(where), line, reason), file=out)
            bad += 1

    def load(parser, where):
        errs = []
        try:
            result = parser(where, errs)
        except OSError as e:
            emit(where, [(0, "cannot read: %s" % e.strerror)])
            return None
        emit(where, errs)
        return result

    dice = load(parse_dice, path("dice.csv"))
    if dice is not None:
        emit(path("dice.csv"), check_dice(path("dice.csv"), dice))
    words = load(parse_words, path("words.txt")) or set()
    if not os.path.isfile(path("words-LICENSE.txt")):
        reason = "missing: the SCOWL licence notice must ship with words.txt"
        emit(path("words-LICENSE.txt"), [(0, reason)])
    written = load(parse_cards, path("written.txt"))
    verbal = load(parse_cards, path("verbal.txt"))
    pairs = load(parse_pairs, path("pairs.txt")) or []
    candidates = load(parse_candidates, path("candidates.txt"))
    moby = load(parse_candidates, path("moby.txt"))
    if written is not None:
        for name, found in (("candidates.txt", candidates), ("moby.txt", moby)):
            if found is not None:
                missing, stale = check_candidates(found, written, name, words=words, dice=dice)
                emit(path("written.txt"), missing)
                emit(path(name), stale)
        alternatives = verbal_alternatives(verbal or [])
        near = near_words(candidates or {}, pairs, alternatives, moby=moby or {})
        emit(path("written.txt"), check_written(written, words, dice or [], near))
    if verbal is not None:
        emit(path("verbal.txt"), check_verbal(verbal) + check_across(written or [], verbal))
    return bad == 0, len(written or []), len(verbal or [])


# --- sticker sheet --------------------------------------------------------------------------

COLOUR_RGB = {
    "white": (255, 255, 255),
    "red": (200, 40, 40),
    "teal": (0, 128, 128),
    "blue": (30, 80, 190),
    "green": (30, 130, 60),
    "black": (25, 25, 25),
    "orange": (235, 120, 20),
    "purple": (110, 50, 150),
}


def draw_stickers(dice, out_path, sticker_mm=15.0, dpi=300):
    """Draw an A4 sheet: one row per die, its six faces as square stickers with cut lines.

    Each sticker has the big letter, a bar under it (so M/W and N/Z can be told apart when the
    die lies turned) and the die number and colour in small print.
    """
    from PIL import Image, ImageDraw, ImageFont

    def mm(v):
        return int(round(v * dpi / 25.4))

    page_w, page_h = mm(210), mm(297)
    img = Image.new("RGB", (page_w, page_h), "white")
    draw = ImageDraw.Draw(img)
    side = mm(sticker_mm)
    gap = mm(4)
    margin = mm(15)
    label_w = mm(30)
    big = ImageFont.truetype(FONT_PATH, int(side * 0.58))
    small = ImageFont.truetype(FONT_PATH, max(8, int(side * 0.11)))
    label = ImageFont.truetype(FONT_PATH, mm(4))
    title = ImageFont.truetype(FONT_PATH, mm(6))
    note = ImageFont.truetype(FONT_PATH, mm(3))

    draw.text((margin, margin), "Stay Cool - letter dice stickers", font=title, fill="black")
    notes = (
        "Print at 100%% (no scaling): each sticker is %g mm square." % sticker_mm,
        "Cut along the grey lines and stick one row on each blank die.",
        "The bar marks the bottom of each letter; the corner shows die number and colour.",
    )
    for i, text in enumerate(notes):
        draw.text((margin, margin + mm(9 + 5 * i)), text, font=note, fill="black")
    top = margin + mm(30)
    for row, die in enumerate(dice):
        y = top + row * (side + gap)
        rgb = COLOUR_RGB.get(die.colour, (128, 128, 128))
        dark = sum(rgb) < 450
        ink = "white" if dark else "black"
        ly = y + side // 2
        draw.text((margin, ly), "Die %d" % die.number, font=label, fill="black", anchor="ld")
        draw.text((margin, ly + mm(1)), die.colour, font=label, fill="black", anchor="la")
        for col, letter in enumerate(die.faces):
            x = margin + label_w + col * (side + gap)
            box = (x, y, x + side - 1, y + side - 1)
            draw.rectangle(box, fill=rgb, outline=(150, 150, 150), width=max(1, mm(0.2)))
            cx = x + side // 2
            draw.text((cx, y + int(side * 0.67)), letter, font=big, fill=ink, anchor="ms")
            bar_w = int(side * 0.36)
            bar_y = y + int(side * 0.84)
            draw.rectangle(
                (cx - bar_w // 2, bar_y, cx + bar_w // 2, bar_y + max(2, int(side * 0.04))),
                fill=ink,
            )
            draw.text(
                (x + side - mm(1), y + side - mm(0.8)),
                "%d%s" % (die.number, die.colour[0].upper()),
                font=small,
                fill=ink,
                anchor="rd",
            )
    img.save(out_path, dpi=(dpi, dpi))
    return out_path


def main(argv=None):
    ap = argparse.ArgumentParser(
        prog="python -m tools.staycool_check", description=__doc__.split("\n\n")[0]
    )
    ap.add_argument("--stickers", metavar="OUT.png", help="draw the dice sticker sheet and exit")
    ap.add_argument("--sticker-mm", type=float, default=15.0, help="sticker side (default 15)")
    ap.add_argument("--dir", default=CONTENT, help="content directory (default %(default)s)")
    args = ap.parse_args(argv)
    d = args.dir
    dice_path = os.path.join(d, "dice.csv")
    if args.stickers:
        errs = []
        dice = parse_dice(dice_path, errs)
        problems = errs + check_dice(dice_path, dice)
        for line, reason in problems:
            print("%s:%d: %s" % (_rel(dice_path), line, reason))
        if problems:
            return 1
        draw_stickers(dice, args.stickers, args.sticker_mm)
        print("stickers: %d dice -> %s" % (len(dice), args.stickers))
        return 0
    ok, n_written, n_verbal = run_checks(d)
    if not ok:
        return 1
    print("staycool: %d written cards, %d verbal cards" % (n_written, n_verbal))
    return 0


if __name__ == "__main__":
    sys.exit(main())
