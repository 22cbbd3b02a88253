# The number editor used for Say When! guesses (firmware/app/numedit.py).
from app.numedit import SIGN, NumberEditor


def typed(keys, start=None):
    e = NumberEditor(start)
    for k in keys.split():
        {"u": e.up, "d": e.down, "l": e.left, "r": e.right, "x": e.delete,
         "p": e.toggle_point, "s": e.next_scale}[k]()  # fmt: skip
    return e


def test_starts_blank_which_means_pass():
    e = NumberEditor()
    assert e.blank() and e.value() is None and e.text() == ""


def test_1969_in_a_few_presses():
    # UP makes 1; right adds a 0, DOWN wraps it to 9; and so on.
    e = typed("u r d r d d d d r d")
    assert e.value() == "1969"


def test_5_5_billion():
    e = typed("u u u u u p u u u u u s s s")
    assert e.text() == "5.5" and e.scale == 3
    assert e.value() == "5500000000"


def test_scales_are_exact():
    assert typed("u s").value() == "1000"
    assert typed("u u p u u u u u u u s s").value() == "2700000"  # 2.7 million
    # 1.2345 thousand: more decimals than the scale shifts, the rest stays a decimal
    e = NumberEditor("1.2345")
    e.next_scale()
    assert e.value() == "1234.5"
    e.next_scale()
    e.next_scale()
    e.next_scale()  # back to none
    assert e.value() == "1.2345"


def test_decimal_point_and_cents():
    e = typed("u u u p u u u u r u u u u u u u u u")
    assert e.text() == "3.49"
    assert e.value() == "3.49"
    e.toggle_point()  # on the last digit: the point goes away
    assert e.value() == "349"


def test_point_moves_to_the_cursor():
    e = NumberEditor("1234")
    e.cursor = 1
    e.toggle_point()
    assert e.text() == "12.34"
    e.cursor = 2
    e.toggle_point()
    assert e.text() == "123.4"


def test_sign_left_of_the_first_digit():
    e = NumberEditor("196")
    for _ in range(5):
        e.left()
    assert e.cursor == SIGN
    e.up()
    assert e.value() == "-196"
    e.down()
    assert e.value() == "196"
    e.right()
    assert e.cursor == 0


def test_delete_back_to_blank():
    e = NumberEditor("42")
    e.delete()
    assert e.text() == "4"
    e.delete()
    assert e.blank() and e.value() is None


def test_leading_zeros_and_negative_zero():
    assert NumberEditor("007").value() == "7"
    e = NumberEditor("0")
    e.negative = True
    assert e.value() == "0"
    assert NumberEditor("0.50").value() == "0.5"


def test_digit_limit():
    e = typed("u " + "r " * 20)
    assert len(e.digits) == 12


def test_starts_from_a_previous_guess():
    e = NumberEditor("-12.5")
    assert e.text() == "-12.5" and e.cursor == 2
    e.up()
    assert e.value() == "-12.6"
