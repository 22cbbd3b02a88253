"""Tick arithmetic modulo 2**30, as time.ticks_ms() runs on the RP2040.

The core never subtracts or compares raw tick values: the board's ticks wrap every
2**30 ms (12.4 days), the unix port's every 2**62 ms, and CPython has none at all. The
shell hands the core `ticks_ms() & MASK`, and every elapsed time goes through diff().

No value here reaches 2**30, not even for a moment: on the RP2040 a small int holds 31
bits, so 1 << 30 would be a big int, allocated on the heap at every poll. (The host tests
write the period as MASK + 1; host_tests/test_ticks_range.py holds this file to it.)
"""

try:
    from micropython import const
except ImportError:  # CPython (tools, pytest itself)

    def const(x):
        return x


MASK = const(0x3FFFFFFF)  # 2**30 - 1
_HALF = const(0x20000000)  # 2**29


def diff(later, earlier):
    """Signed milliseconds from `earlier` to `later`; exact for gaps under 2**29 ms."""
    d = (later - earlier) & MASK
    return d - _HALF - _HALF if d >= _HALF else d  # d - 2**30, in two small steps


def add(t, ms):
    """The tick value `ms` milliseconds after `t` (|ms| under 2**29, ms may be negative)."""
    if ms < 0:
        return (t + ms) & MASK  # above -2**29
    return (t - _HALF - _HALF + ms) & MASK  # t - 2**30 is negative: no sum reaches 2**30


def reached(now, deadline):
    """Whether `deadline` has come at `now` (deadline in the past half-period)."""
    return diff(now, deadline) >= 0
