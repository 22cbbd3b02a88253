"""Tick arithmetic modulo 2**30, as time.ticks_ms() runs on the RP2040.

The core never subtracts or compares raw tick values: the board's ticks wrap every
2**30 ms (12.4 days), the unix port's every 2**62 ms, and CPython has none at all. The
shell hands the core `ticks_ms() & MASK`, and every elapsed time goes through diff().
"""

try:
    from micropython import const
except ImportError:  # CPython (tools, pytest itself)

    def const(x):
        return x


PERIOD = const(1 << 30)
MASK = const((1 << 30) - 1)
_HALF = const(1 << 29)


def diff(later, earlier):
    """Signed milliseconds from `earlier` to `later`; exact for gaps under 2**29 ms."""
    d = (later - earlier) & MASK
    return d - PERIOD if d >= _HALF else d


def add(t, ms):
    """The tick value `ms` milliseconds after `t` (ms may be negative)."""
    return (t + ms) & MASK


def reached(now, deadline):
    """Whether `deadline` has come at `now` (deadline in the past half-period)."""
    return diff(now, deadline) >= 0
