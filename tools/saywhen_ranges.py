"""Default scoring ranges for Say When! questions, by kind of number.

Say When! prints a scoring range under each exact answer: a guess inside it scores 2, the exact
answer 4. A question in `content/saywhen/*.csv` may give its own `low`/`high`; when both are
empty the range comes from `propose_range(answer, kind)` here. Everything is exact arithmetic
(`decimal.Decimal` and ints), never float: the device compares guesses as scaled ints, so a
range that only existed as a rounded float would disagree with the card.

Kinds and their default half-widths:
- `year`: +-2 for the last 30 years, +-3 (75), +-5 (150), +-7 (300), +-10 for anything older.
- `count`: +-10%, with the ends rounded to a step of one significant figure of that 10%.
- `measure`: +-10% like `count`, but decimal answers keep decimals (never finer than the answer).
- `money`: +-10%, ends rounded like `measure`, always written with cents.
- `percent`: +-20% of the answer, at least one unit of its last digit, at most 5 points,
  kept within 0..100.
- `small` (answers under 20): +-1 below 10, +-2 from 10 to 19, never below 0.

Run `python -m tools.saywhen_ranges content/saywhen/handwritten.csv` to list every question
that relies on the default, with the range it gets, for a human to review.
"""

import argparse
import csv
import sys
from decimal import ROUND_HALF_UP, Decimal, InvalidOperation

KINDS = ("year", "count", "measure", "money", "percent", "small")

# Fixed, not today's date: the same CSV must always give the same ranges.
REFERENCE_YEAR = 2025

# (at most this many years ago, half-width)
_YEAR_WIDTHS = ((30, 2), (75, 3), (150, 5), (300, 7))
_YEAR_WIDTH_OLDEST = 10

_TEN_PERCENT = Decimal("0.1")
_ONE = Decimal(1)


def to_decimal(value):
    """An exact Decimal from an int, a Decimal or a plain decimal string (never a float)."""
    if isinstance(value, float):
        raise TypeError("floats are not exact: pass the answer as a string or int")
    if isinstance(value, bool):
        raise TypeError("not a number: %r" % (value,))
    if isinstance(value, (int, Decimal)):
        d = Decimal(value)
    else:
        text = str(value).strip()
        if not text or any(c in text for c in "eE,_ "):
            raise ValueError("not a plain decimal number: %r" % (value,))
        try:
            d = Decimal(text)
        except InvalidOperation:
            raise ValueError("not a plain decimal number: %r" % (value,))
    if not d.is_finite():
        raise ValueError("not a finite number: %r" % (value,))
    return d


def plain(d):
    """A Decimal written out plainly: no exponent, no trailing '.0' on whole numbers."""
    if d == d.to_integral_value():
        return str(int(d))
    return format(d, "f")


def _precision(d):
    """One unit of the answer's last written digit: 1 for 1969, 0.01 for 3.49."""
    exponent = d.as_tuple().exponent
    return Decimal(1).scaleb(min(exponent, 0))


def _one_sig_fig_step(delta):
    """The power of ten of delta's leading digit: 528 -> 100, 0.349 -> 0.1."""
    return Decimal(1).scaleb(delta.adjusted())


def _round_to(value, step):
    return (value / step).quantize(_ONE, rounding=ROUND_HALF_UP) * step


def _around(answer, delta, step, floor=None, ceiling=None):
    """Ends answer -/+ delta rounded to step, each strictly beyond the answer."""
    low = _round_to(answer - delta, step)
    high = _round_to(answer + delta, step)
    if low >= answer:
        low = answer - step
    if high <= answer:
        high = answer + step
    if floor is not None and low < floor:
        low = min(floor, answer)
    if ceiling is not None and high > ceiling:
        high = max(ceiling, answer)
    if not low < high:
        raise ValueError("no sensible range around %s" % plain(answer))
    return low, high


def percent_range(answer, fraction, min_step=None, step=None):
    """answer +/- fraction (a Decimal or str such as "0.12"), ends rounded to one significant
    figure of that width but never finer than min_step (default: the answer's precision), or
    to exactly `step` when given. Ranges never cross zero for a positive answer."""
    a = to_decimal(answer)
    fraction = to_decimal(fraction)
    if fraction <= 0:
        raise ValueError("fraction must be positive")
    precision = _precision(a) if min_step is None else to_decimal(min_step)
    delta = abs(a) * fraction
    if delta < precision:
        delta = precision
    if step is None:
        step = max(_one_sig_fig_step(delta), precision)
    else:
        step = to_decimal(step)
    floor = Decimal(0) if a >= 0 else None
    return _around(a, delta, step, floor=floor)


def _year(a):
    if a != a.to_integral_value():
        raise ValueError("a year must be a whole number: %s" % plain(a))
    age = abs(REFERENCE_YEAR - a)
    width = _YEAR_WIDTH_OLDEST
    for most, w in _YEAR_WIDTHS:
        if age <= most:
            width = w
            break
    return a - width, a + width


def _small(a):
    if a < 0 or a >= 20:
        raise ValueError("kind 'small' is for answers from 0 to 19, not %s" % plain(a))
    width = 1 if a < 10 else 2
    return max(a - width, Decimal(0)), a + width


def _count(a):
    if a != a.to_integral_value():
        raise ValueError("a count must be a whole number: %s" % plain(a))
    if 0 <= a < 20:
        return _small(a)
    return percent_range(a, _TEN_PERCENT)


def _money(a):
    low, high = percent_range(a, _TEN_PERCENT, min_step=Decimal("0.01"))
    cents = Decimal("0.01")
    return low.quantize(cents), high.quantize(cents)


def _percent(a):
    if not 0 <= a <= 100:
        raise ValueError("a percentage must lie in 0..100: %s" % plain(a))
    precision = _precision(a)
    delta = min(max(a / 5, precision), Decimal(5))
    step = max(_one_sig_fig_step(delta), precision)
    return _around(a, delta, step, floor=Decimal(0), ceiling=Decimal(100))


_PROPOSERS = {
    "year": _year,
    "count": _count,
    "measure": lambda a: percent_range(a, _TEN_PERCENT),
    "money": _money,
    "percent": _percent,
    "small": _small,
}


def _out(d, money=False):
    if money:
        return format(d, "f")
    if d == d.to_integral_value():
        return int(d)
    return format(d.normalize(), "f")


def propose_range(answer, kind):
    """The default (low, high) for an answer of this kind.

    answer is an int, a Decimal or a plain decimal string ("1969", "3.49", "-39"). Returns ints
    where both ends are whole numbers, else exact decimal strings ("17.4", "2.70")."""
    if kind not in _PROPOSERS:
        raise ValueError("unknown kind %r (one of %s)" % (kind, ", ".join(KINDS)))
    a = to_decimal(answer)
    low, high = _PROPOSERS[kind](a)
    money = kind == "money"
    return _out(low, money), _out(high, money)


def range_for(answer, kind, low="", high=""):
    """The range a question scores with: its own low/high when given, else the default."""
    low = str(low).strip()
    high = str(high).strip()
    if low and high:
        return low, high
    if low or high:
        raise ValueError("give both low and high, or neither")
    lo, hi = propose_range(answer, kind)
    return str(lo), str(hi)


def review(path, out=sys.stdout):
    """Print each question of a deck CSV whose low/high are empty, with its proposed range.
    Returns the number of rows that could not be given a range."""
    problems = 0
    shown = 0
    with open(path, newline="", encoding="utf-8") as f:
        for line, row in enumerate(csv.DictReader(f), start=2):
            low = (row.get("low") or "").strip()
            high = (row.get("high") or "").strip()
            if low and high:
                continue
            where = "%s:%d %s" % (path, line, row.get("id", "?"))
            try:
                lo, hi = range_for(row["answer"], row["kind"], low, high)
            except (ValueError, KeyError) as e:
                problems += 1
                out.write("%s: ERROR %s\n" % (where, e))
                continue
            shown += 1
            unit = row.get("unit") or ""
            out.write(
                "%s [%s] %s %s -> %s..%s\n    %s\n"
                % (where, row["kind"], row["answer"], unit, lo, hi, row.get("question", ""))
            )
    out.write("%d question(s) use the default range, %d error(s)\n" % (shown, problems))
    return problems


def main(argv=None):
    parser = argparse.ArgumentParser(
        prog="python -m tools.saywhen_ranges",
        description="Lists each question that relies on the default range, with its range.",
    )
    parser.add_argument("decks", nargs="+", metavar="DECK.csv", help="Say When! question files")
    args = parser.parse_args(argv)
    problems = 0
    for path in args.decks:
        problems += review(path)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
