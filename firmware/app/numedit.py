"""A number typed with five buttons: quick for "1969" and for "5.5 billion".

UP/DOWN change the digit under the cursor; A and B move the cursor (B past the last digit
adds a new one); a long A deletes the digit, a long B puts the decimal point after it, a
long C steps the scale (none, thousand, million, billion). Left of the first digit sits
the sign, which UP/DOWN flip. Blank means the team passes. The value is an exact decimal
string ("5500000000", "-3.5"), never a float.
"""

SCALES = ("", "thousand", "million", "billion")  # tools/fontmetrics.py reads them (CPython)
MAX_DIGITS = 12
SIGN = -1  # the cursor on the sign, left of the first digit


class NumberEditor:
    def __init__(self, value=None):
        self.digits = []  # characters "0".."9"
        self.point = 0  # how many digits stand before the decimal point; 0 = no point
        self.negative = False
        self.scale = 0
        self.cursor = 0
        if value is not None:
            self.load(value)

    def load(self, value):
        text = str(value)
        self.negative = text.startswith("-")
        text = text.lstrip("-")
        whole, _, frac = text.partition(".")
        self.digits = list(whole + frac)
        self.point = len(whole) if frac else 0
        self.scale = 0
        self.cursor = len(self.digits) - 1

    def blank(self):
        return not self.digits

    # -- editing ------------------------------------------------------------------------------
    def up(self, step=1):
        if self.cursor == SIGN:
            self.negative = not self.negative
        elif self.blank():
            self.digits = ["1" if step > 0 else "9"]
            self.cursor = 0
        else:
            d = self.digits[self.cursor]
            self.digits[self.cursor] = str((int(d) + step) % 10)

    def down(self):
        self.up(-1)

    def left(self):
        if self.cursor > 0 or (self.cursor == 0 and self.digits):
            self.cursor -= 1

    def right(self):
        if self.cursor == SIGN:
            self.cursor = 0
            if self.blank():
                self.digits = ["0"]
        elif self.cursor >= len(self.digits) - 1:
            if len(self.digits) < MAX_DIGITS:
                self.digits.append("0")
                self.cursor = len(self.digits) - 1
        else:
            self.cursor += 1

    def delete(self):
        if self.cursor < 0 or self.blank():
            return
        del self.digits[self.cursor]
        if self.point > self.cursor:
            self.point -= 1
        if self.point >= len(self.digits):
            self.point = 0
        self.cursor = min(self.cursor, len(self.digits) - 1)
        if self.blank():
            self.cursor = 0
            self.negative = False

    def toggle_point(self):
        """The decimal point after the digit under the cursor (again: no point)."""
        if self.cursor < 0 or self.blank():
            return
        where = self.cursor + 1
        if self.point == where or where >= len(self.digits) and self.point:
            self.point = 0
        elif where < len(self.digits):
            self.point = where
        else:  # after the last digit: the point with a digit to fill in after it
            self.digits.append("0")
            self.point = where
            self.cursor = where

    def next_scale(self):
        self.scale = (self.scale + 1) % len(SCALES)

    # -- reading --------------------------------------------------------------------------------
    def text(self):
        """As shown: "5.5", "-1969", with no scale word."""
        if self.blank():
            return ""
        d = "".join(self.digits)
        if self.point:
            d = d[: self.point] + "." + d[self.point :]
        return ("-" if self.negative else "") + d

    def value(self):
        """The exact decimal string, scale applied ("5.5" billion -> "5500000000"); None if
        blank."""
        if self.blank():
            return None
        digits = "".join(self.digits)
        whole, frac = (digits[: self.point], digits[self.point :]) if self.point else (digits, "")
        shift = 3 * self.scale
        whole += (frac + "0" * shift)[:shift]
        frac = frac[shift:].rstrip("0")
        whole = whole.lstrip("0") or "0"
        text = whole + ("." + frac if frac else "")
        if self.negative and text != "0":
            text = "-" + text
        return text
