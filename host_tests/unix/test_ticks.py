# Runs inside the MicroPython unix port (see conftest.py in this folder).
import ticks

NEAR_WRAP = ticks.MASK + 1 - 500


def test_diff_across_wrap():
    later = ticks.add(NEAR_WRAP, 1000)
    assert later == 500
    assert ticks.diff(later, NEAR_WRAP) == 1000
    assert ticks.diff(NEAR_WRAP, later) == -1000


def test_add_wraps_both_ways():
    assert ticks.add(ticks.MASK, 1) == 0
    assert ticks.add(0, -1) == ticks.MASK


def test_reached_is_wrap_safe():
    deadline = ticks.add(NEAR_WRAP, 700)
    assert not ticks.reached(ticks.add(NEAR_WRAP, 698), deadline)
    assert ticks.reached(ticks.add(NEAR_WRAP, 700), deadline)
    assert ticks.reached(ticks.add(NEAR_WRAP, 5000), deadline)


def test_half_period_limit():
    # Gaps below 2**29 ms are measured exactly; the sign flips only at half a period.
    big = (1 << 29) - 1
    assert ticks.diff(ticks.add(123, big), 123) == big
    assert ticks.diff(ticks.add(123, 1 << 29), 123) == -(1 << 29)
