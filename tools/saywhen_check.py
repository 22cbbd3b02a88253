"""A library, not a tool: Say When!'s deck-wide checks, which `make content` runs over
every question file:

- No two questions ask the same fact, in any unit. Each answer is read with its unit as a
  quantity: physical units are converted to SI with the spread of the answer's rounding
  (a mile of 5280 feet and one of 1609 metres are one length; 212 °F and 373 K are one
  temperature); the significant digits of an answer are compared across units too (a knot
  of 1.852 km/h and a nautical mile of 1852 m); and counts and years that are equal are
  compared by the words of their questions (the same number of the same thing, asked of
  the same subject).
- No question contains its answer: digits (with thousands separators, "0000 to 9999"
  counting 10,000 numbers), number words, Roman numerals and number prefixes
  ("decathlon") are read out of the question and compared with the answer.
- A question about a figure that changes (a record, a population, members) says the
  year it is true for (`as_of`), or `unverified` when no dated source was found: an
  unverified question is checked but never dealt.
- No generator family (element properties, US statehood, conversions, populations...)
  is more than 8% of the dealt deck; the balance by category, kind and generator is
  printed with every build.

Every finding is a (path, line, reason), as the compiler reports it.
"""

import re
from collections import Counter, defaultdict, namedtuple
from decimal import Decimal

UNVERIFIED = "unverified"
MOST_PER_FAMILY = Decimal("0.08")

# Where a question comes from, by the start of its id; handwritten questions are no family.
FAMILIES = (
    ("hw-", "handwritten"),
    ("el-", "element properties"),
    ("us-", "US statehood years"),
    ("cv-", "unit conversions"),
    ("pop-", "country populations"),
    ("area-", "country areas"),
)
HANDWRITTEN = "handwritten"


def _words(text):
    return text.split()


Question = namedtuple("Question", "path line id question answer unit kind category as_of")

# -- quantities ------------------------------------------------------------------------

SCALES = {
    "thousand": 10**3,
    "million": 10**6,
    "billion": 10**9,
    "trillion": 10**12,
    "quadrillion": 10**15,
    "quintillion": 10**18,
}

_YEAR_S = 365.25 * 86400
# unit (lower case) -> (dimension, SI value of one unit)
UNITS = {}
for _dim, _table in {
    "length": {
        "m": 1,
        "metres": 1,
        "km": 1000,
        "cm": 0.01,
        "mm": 0.001,
        "feet": 0.3048,
        "ft": 0.3048,
        "inches": 0.0254,
        "in": 0.0254,
        "yards": 0.9144,
        "miles": 1609.344,
        "light-years": 9.4607304725808e15,
        "nautical miles": 1852,
        "au": 1.495978707e11,
    },
    "mass": {
        "kg": 1,
        "g": 0.001,
        "mg": 1e-6,
        "tonnes": 1000,
        "pounds": 0.45359237,
        "lb": 0.45359237,
        "ounces": 0.028349523125,
        "oz": 0.028349523125,
        "troy oz": 0.0311034768,
        "grains": 0.00006479891,
        "stone": 6.35029318,
        "carats": 0.0002,
    },
    "time": {
        "seconds": 1,
        "s": 1,
        "minutes": 60,
        "hours": 3600,
        "days": 86400,
        "weeks": 604800,
        "months": _YEAR_S / 12,
        "years": _YEAR_S,
        "billion years": _YEAR_S * 1e9,
    },
    "speed": {
        "m/s": 1,
        "km/s": 1000,
        "km/h": 1 / 3.6,
        "mph": 0.44704,
        "knots": 1852 / 3600,
    },
    "area": {"m²": 1, "km²": 1e6, "sq ft": 0.09290304, "hectares": 1e4, "sq mi": 2589988.110336},
    "volume": {
        "ml": 1e-6,
        "litres": 1e-3,
        "l": 1e-3,
        "fl oz": 2.95735295625e-5,
        "cubic in": 1.6387064e-5,
        "gallons": 3.785411784e-3,
        "pints": 5.6826125e-4,
    },
    "energy": {"j": 1, "kcal": 4184, "kwh": 3.6e6},
    "pressure": {"pa": 1, "atm": 101325},
    "power": {"w": 1, "hp": 745.69987158227},
    "frequency": {"hz": 1},
    "acceleration": {"m/s²": 1},
}.items():
    for _name, _factor in _table.items():
        UNITS[_name] = (_dim, _factor)
# Spellings of the same unit.
ALIASES = {
    "metre": "m",
    "meters": "m",
    "kilometres": "km",
    "foot": "feet",
    "inch": "inches",
    "yard": "yards",
    "mile": "miles",
    "light-year": "light-years",
    "second": "seconds",
    "minute": "minutes",
    "hour": "hours",
    "day": "days",
    "week": "weeks",
    "month": "months",
    "year": "years",
    "pound": "pounds",
    "ounce": "ounces",
    "grain": "grains",
    "carat": "carats",
    "litre": "litres",
    "gallon": "gallons",
    "pint": "pints",
    "hectare": "hectares",
    "tonne": "tonnes",
}
# Temperatures: unit -> (kelvin per degree, kelvin at zero)
TEMPERATURES = {"°c": (1, 273.15), "°f": (5 / 9, 273.15 - 32 * 5 / 9), "k": (1, 0)}
# The words a question spells its unit in, which say nothing of its subject.
UNIT_WORDS = {
    "m": "metre meter metres meters",
    "km": "kilometre kilometres km",
    "cm": "centimetre centimetres",
    "mm": "millimetre millimetres",
    "g": "gram grams",
    "kg": "kilogram kilograms",
    "mg": "milligram milligrams",
    "ml": "millilitre millilitres",
    "°c": "degree degrees celsius",
    "°f": "degree degrees fahrenheit",
    "k": "kelvin",
    "km/h": "kilometre kilometres hour km/h",
    "km/s": "kilometre kilometres second",
    "m/s": "metre metres second",
    "mph": "mile miles hour mph",
    "m²": "square metre metres",
    "km²": "square kilometre kilometres",
    "sq ft": "square foot feet",
    "fl oz": "fluid ounce ounces",
    "cubic in": "cubic inch inches",
    "troy oz": "troy ounce ounces",
    "j": "joule joules",
    "w": "watt watts",
    "pa": "pascal pascals",
    "hz": "hertz",
    "kcal": "kilocalorie kilocalories calorie",
}


def significant(answer):
    """The significant digits of an answer: "1.852" and "1852" -> "1852", "110000" -> "11"
    (a whole number's trailing zeros are taken as rounding)."""
    return answer.lstrip("-").replace(".", "").lstrip("0").rstrip("0") or "0"


def rounding(answer):
    """Half a unit of the answer's last written digit: 0.5 for "1969", 0.005 for "3.49"."""
    _, _, frac = answer.partition(".")
    return 0.5 * 10.0 ** -len(frac)


def split_unit(unit):
    """(scale, the unit without its scale word): "million km" -> (10**6, "km")."""
    words = unit.split()
    scale = 1
    while words and words[0].lower() in SCALES:
        scale *= SCALES[words.pop(0).lower()]
    return scale, " ".join(words)


def quantity(answer, unit):
    """What an answer measures: (dimension, low, high) in SI for a physical unit, the span
    its rounding leaves, else ("count", the counted thing, value) for a plain number."""
    scale, rest = split_unit(unit.strip())
    key = ALIASES.get(rest.lower(), rest.lower())
    value = float(answer) * scale
    half = rounding(answer) * scale
    if key in TEMPERATURES:
        per, zero = TEMPERATURES[key]
        return ("temperature", (value - half) * per + zero, (value + half) * per + zero)
    if key in UNITS:
        dim, factor = UNITS[key]
        return (dim, (value - half) * factor, (value + half) * factor)
    return ("count", singular(key), Decimal(answer) * scale)


def singular(word):
    word = word.lower()
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if word.endswith("s") and not word.endswith(("ss", "us")) and len(word) > 3:
        return word[:-1]
    return word


# -- the words of a question -----------------------------------------------------------

STOP = set(
    _words(
        "about above after again against all also and any are around average been before being "
        "between both but called can could did does doing each end few for from full had has "
        "have having her his how into its just many more most much nearest number one only "
        "other out over own per same she should some such than that the their them then there "
        "these they this those through total under until very was were what when where which "
        "while who whom why will with would year years you your place decimal first long tall "
        "far big high deep wide old often make made takes take degree degrees whole"
    )
)
# A word in more than this many questions (or this share of them) names no one subject.
TELLING_MOST, TELLING_SHARE = 15, 0.015


def content_words(q):
    """The words that say what a question is about, singular and lower case: not its
    unit's words, nor scale words, nor the words every question has."""
    _, unit = split_unit(q.unit)
    key = ALIASES.get(unit.lower(), unit.lower())
    skip = STOP | set(SCALES) | set(UNIT_WORDS.get(key, "").split()) | {key}
    skip |= {singular(w) for w in skip}
    words = {singular(w) for w in re.findall(r"[a-z][a-z'-]+", q.question.lower())}
    return {w for w in words if len(w) > 2 and w not in skip}


# -- numbers in a question -------------------------------------------------------------

ONES = _words(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen "
    "fifteen sixteen seventeen eighteen nineteen"
)
TENS = _words("twenty thirty forty fifty sixty seventy eighty ninety")
WORD_VALUES = {w: n for n, w in enumerate(ONES)}
WORD_VALUES.update({w: 20 + 10 * n for n, w in enumerate(TENS)})
MULTIPLIERS = {"hundred": 100, "score": 20, "dozen": 12, **SCALES}
# Word starts that are numbers: a decathlon has 10 events, an octopus 8 arms.
PREFIXES = (
    ("dodeca", 12),
    ("icosa", 20),
    ("deca", 10),
    ("deka", 10),
    ("decade", 10),
    ("octo", 8),
    ("octa", 8),
    ("hepta", 7),
    ("hexa", 6),
    ("penta", 5),
    ("tetra", 4),
    ("quadr", 4),
    ("tri", 3),
    ("bicycle", 2),
    ("biped", 2),
    ("uni", 1),
    ("mono", 1),
    ("cent", 100),
    ("kilo", 1000),
    ("milli", 1000),
)
ROMAN = re.compile(
    r"\b(?=[MDCLXVI]{2,}\b)M{0,4}(CM|CD|D?C{0,3})(XC|XL|L?X{0,3})(IX|IV|V?I{0,3})\b"
)
ROMAN_VALUES = {"M": 1000, "D": 500, "C": 100, "L": 50, "X": 10, "V": 5, "I": 1}
NUMBER = re.compile(r"(?<![\w.])(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?(?![\w])")
RANGE = re.compile(
    r"(?<![\w.])(\d[\d,]*)\s*(?:to|-|–|and|through)\s*(\d[\d,]*)(?![\w.])", re.IGNORECASE
)


def roman(text):
    total = 0
    for i, ch in enumerate(text):
        value = ROMAN_VALUES[ch]
        if i + 1 < len(text) and ROMAN_VALUES[text[i + 1]] > value:
            total -= value
        else:
            total += value
    return total


def spelled(words):
    """The numbers spelled out in a list of lower-case words ("ninety-five", "ten
    thousand"), each as an int."""
    found, current, total, any_ = [], 0, 0, False
    for word in words + [""]:
        parts = word.split("-")
        if all(p in WORD_VALUES for p in parts) and word:
            current += sum(WORD_VALUES[p] for p in parts)
            any_ = True
        elif word in MULTIPLIERS and any_:
            if MULTIPLIERS[word] < 1000:  # "four score and seven": 4 x 20 + 7
                current *= MULTIPLIERS[word]
            else:
                total += current * MULTIPLIERS[word]
                current = 0
        elif word == "and" and any_:
            continue
        else:
            if any_:
                found.append(total + current)
            current, total, any_ = 0, 0, False
    return found


def numbers_in(text):
    """Every number a question shows, as Decimals: digits, digits with a scale word after
    them ("3 billion"), the count of numbers in a range ("0000 to 9999"), number words,
    Roman numerals and number prefixes."""
    found = set()
    for m in NUMBER.finditer(text):
        value = Decimal(m.group(1).replace(",", "") + (m.group(2) or ""))
        found.add(value)
        after = text[m.end() :].split(maxsplit=1)
        if after and after[0].lower().strip(",.?") in SCALES:
            found.add(value * SCALES[after[0].lower().strip(",.?")])
    for m in RANGE.finditer(text):
        low, high = (int(g.replace(",", "")) for g in m.groups())
        if low < high:
            found.update({Decimal(high - low + 1), Decimal(high - low)})
    words = re.findall(r"[a-z]+(?:-[a-z]+)*", text.lower())
    found.update(Decimal(n) for n in spelled(words))
    for word in words:
        for start, value in PREFIXES:
            if word.startswith(start):
                found.add(Decimal(value))
                break
    for m in ROMAN.finditer(text):
        if m.group(0):
            found.add(Decimal(roman(m.group(0))))
    return found


def gives_away(q):
    """Why question q shows its own answer, or None."""
    scale, _ = split_unit(q.unit)
    answer = Decimal(q.answer)
    for value in numbers_in(q.question):
        if value in (answer, answer * scale):
            return "the question gives its answer away: %s is in %r" % (q.answer, q.question)
    return None


# -- changing figures ------------------------------------------------------------------

# Words that say a figure changes with time: such a question needs an as_of year.
CHANGING = re.compile(
    r"\b(world records?|(?<!book of )records?|population|people live[sd]?|lived in|live in|"
    r"members?|member states|currently|so far|to date|today|nowadays|tallest known|"
    r"ha(?:s|ve) (?:\w+ ){0,3}(?:won|made|walked|served|been|played|scored))\b",
    re.IGNORECASE,
)


def undated(q):
    if q.as_of:
        return None
    m = CHANGING.search(q.question)
    if not m:
        return None
    return "%r says the figure changes: give as_of a year, or %s" % (m.group(0), UNVERIFIED)


# -- the deck as a whole ---------------------------------------------------------------


def family(qid):
    for start, name in FAMILIES:
        if qid.startswith(start):
            return name
    return "other"


def duplicates(questions):
    """(question, the earlier question, why) for each question that asks a fact already
    asked. Two answers are one fact when they are one quantity (their spans of rounding
    overlap) and either both are given
    to three significant figures or more (a coincidence that close is no coincidence), or
    their questions are on one subject (related); counts and years when they are equal
    and on one subject; and any two answers in different units
    with the same four or more significant digits (1852 m and 1.852 km/h)."""
    found, order = {}, {q.id: n for n, q in enumerate(questions)}
    words = {q.id: content_words(q) for q in questions}
    df = Counter(w for ws in words.values() for w in ws)
    most = max(TELLING_MOST, TELLING_SHARE * len(questions))
    telling = {qid: {w for w in ws if df[w] <= most} for qid, ws in words.items()}

    def report(q, q2, why):
        first, later = sorted((q, q2), key=lambda x: order[x.id])
        shown = ("%s %s" % (first.answer, first.unit)).strip()
        found.setdefault((later.id, first.id), (later, first, why % (where(first), shown)))

    def related(q, q2):
        """The same subject: a telling word, two words at least and half the words of the
        shorter question in common."""
        a, b = words[q.id], words[q2.id]
        shared = a & b
        if not telling[q.id] & telling[q2.id] or len(shared) < 2:
            return False
        return 2 * len(shared) >= min(len(a), len(b))

    def partners(group):
        """Pairs of the group that share a telling word (each word's group is small)."""
        by_word = defaultdict(list)
        for q in group:
            for w in telling[q.id]:
                by_word[w].append(q)
        pairs = {}
        for members in by_word.values():
            for i, q in enumerate(members):
                for q2 in members[i + 1 :]:
                    pairs[tuple(sorted((q.id, q2.id)))] = (q, q2)
        return pairs.values()

    physical, by_value, by_digits = defaultdict(list), defaultdict(list), defaultdict(list)
    for q in questions:
        if q.kind == "year":
            by_value[("year", Decimal(q.answer))].append(q)
            continue
        what = quantity(q.answer, q.unit)
        if what[0] == "count":
            by_value[what[1:]].append(q)
        else:
            physical[what[0]].append((what[1], what[2], q))
        if len(significant(q.answer)) >= 4:
            by_digits[significant(q.answer)].append(q)

    for dim, spans in physical.items():
        spans.sort(key=lambda s: s[0])
        for i, (_, high, q) in enumerate(spans):
            for low2, _, q2 in spans[i + 1 :]:
                if low2 >= high:
                    break
                precise = min(len(significant(x.answer)) for x in (q, q2)) >= 3
                if precise or related(q, q2):
                    report(q, q2, "asks the same %s as %%s (%%s)" % dim)
    for group in by_value.values():
        for q, q2 in partners(group):
            if related(q, q2):
                report(q, q2, "asks the same fact as %s (%s)")
    for group in by_digits.values():
        for i, q in enumerate(group):
            for q2 in group[i + 1 :]:
                if q.unit != q2.unit:
                    report(q, q2, "asks the same figure in another unit as %s (%s)")
    return sorted(found.values(), key=lambda f: order[f[0].id])


# A generated row's source names the figure it was taken from: "AF 38041754 (to 3
# figures; ...)" or "areakm2 1246700 (to 3 figures; ...)".
SOURCE_FIGURE = re.compile(r"(\d+(?:\.\d+)?) \(to (\d) figures")
FIGURES = 3  # what a generated answer keeps of its source's figure (issue 37)
HEDGES = re.compile(r"\b(about|approximately|around|roughly)\b", re.I)


def figure_problems(question, answer, source, generated):
    """What keeps a question from saying its source's figure exactly: a generated answer
    not the source's figure to FIGURES significant figures (a billion-people answer is in
    billions), and an "about" in a generated question whose source does not hedge."""
    problems = []
    m = SOURCE_FIGURE.search(source)
    if m:
        figure, kept = Decimal(m.group(1)), int(m.group(2))
        if kept < FIGURES:
            problems.append("the source's figure is kept to %d figures: keep %d" % (kept, FIGURES))
        step = Decimal(1).scaleb(figure.adjusted() - FIGURES + 1)
        want = (figure / step).quantize(Decimal(1), rounding="ROUND_HALF_UP") * step
        got = Decimal(answer)
        if got != want and got * 10**9 != want:
            problems.append(
                "answer %s is not the source's %s to %d figures (%s)"
                % (answer, m.group(1), FIGURES, format(want.normalize(), "f"))
            )
    elif generated and re.search(r"\((rounded|to \d+ figures?)\b", source):
        problems.append("the source says it rounds, but names no figure as 'N (to 3 figures'")
    if generated and HEDGES.search(question) and not HEDGES.search(source):
        problems.append("the question says %r; its source does not" % HEDGES.search(question)[0])
    return problems


def where(q):
    return "%s:%d" % (q.path.name, q.line)


def check(questions):
    """(path, line, reason) for every question the deck-wide rules reject."""
    problems = []
    for q in questions:
        for reason in (gives_away(q), undated(q)):
            if reason:
                problems.append((q.path, q.line, reason))
    for q, _, why in duplicates(questions):
        problems.append((q.path, q.line, why))
    return problems


def dealt(questions):
    return [q for q in questions if q.as_of != UNVERIFIED]


def overweight(questions, folder):
    """(path, 0, reason) for each generator family over its share of the dealt deck."""
    deck = dealt(questions)
    problems = []
    for name, n in Counter(family(q.id) for q in deck).items():
        if name != HANDWRITTEN and n > MOST_PER_FAMILY * len(deck):
            paths = sorted({q.path for q in deck if family(q.id) == name})
            reason = "generator family %r is %d of %d dealt questions (%.1f%%): at most %d%%" % (
                name,
                n,
                len(deck),
                100.0 * n / len(deck),
                MOST_PER_FAMILY * 100,
            )
            problems.append((paths[0] if paths else folder, 0, reason))
    return problems


def balance(questions):
    """The lines `make content` prints about the dealt deck: its share by category, by
    kind and by generator, and how many unverified questions were left out."""
    deck = dealt(questions)

    def line(title, counter):
        parts = ("%s %d (%.1f%%)" % (k, n, 100.0 * n / len(deck)) for k, n in counter)
        return "saywhen by %s: %s" % (title, ", ".join(parts))

    def ranked(key):
        return sorted(Counter(key(q) for q in deck).items(), key=lambda kv: (-kv[1], kv[0]))

    left_out = len(questions) - len(deck)
    lines = [
        "saywhen: %d unverified question%s left out" % (left_out, "" if left_out == 1 else "s")
    ]
    if deck:
        lines += [
            line("category", ranked(lambda q: q.category)),
            line("kind", ranked(lambda q: q.kind)),
            line("generator", ranked(lambda q: family(q.id))),
        ]
    return lines


if __name__ == "__main__":
    from tools import not_a_tool

    not_a_tool(__doc__)
