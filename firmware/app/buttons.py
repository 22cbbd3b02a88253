"""Turns raw button levels into events: a pure debouncer stepped with (levels, now).

The shell polls the pins every ~10 ms and calls `Buttons.step(levels, now)`, where bit i
of `levels` is 1 while button i is held (the board file hides pull-up or pull-down). No
clock is read here, so every timing rule is tested on the PC with explicit `now`.

Events are (kind, button) tuples, built once at import so decoding allocates nothing:
- ("down", b) / ("up", b): the debounced edges (the self-test shows them).
- ("press", b): UP and DOWN at once on the down edge; A, B, C and GO on release, because
  they also have a long press (and A, C a chord) that must be told apart first.
- ("long", b): A, B, C or GO held for _LONG_MS; its release then sends nothing more.
- ("repeat", b): UP or DOWN held, after _REPEAT_DELAY_MS, every _REPEAT_EVERY_MS.
- ("chord", "AC"): A and C down together, however they overlap, as long as the first has
  not yet sent its long press. Once a chord is sent, neither button sends a press or a
  long press until both are released. So a single press is never lost (it comes on its
  release) and never doubled (a chord or a long press consumes the release).

Debounce: a level must hold for _DEBOUNCE_MS before it counts, so contact bounce shorter
than that is ignored in both directions.
"""

from micropython import const

import ticks

A = const(0)
B = const(1)
C = const(2)
UP = const(3)
DOWN = const(4)
GO = const(5)
_COUNT = const(6)
NAMES = ("A", "B", "C", "UP", "DOWN", "GO")

_DEBOUNCE_MS = const(20)
_LONG_MS = const(800)
_REPEAT_DELAY_MS = const(500)
_REPEAT_EVERY_MS = const(120)

_KINDS = const(("down", "up", "press", "long", "repeat"))
EVENTS = {k: tuple((k, n) for n in NAMES) for k in _KINDS}
CHORD = ("chord", "AC")

_REPEATS = const((UP, DOWN))
_IMMEDIATE = const((UP, DOWN))  # act on the down edge


def is_press(ev, name):
    """A press of `name`, counting auto-repeat (UP and DOWN) as more presses."""
    return ev[1] == name and (ev[0] == "press" or ev[0] == "repeat")


class Buttons:
    def __init__(self):
        self.stable = 0  # debounced levels
        self._raw = 0
        self._raw_since = [0] * _COUNT
        self._down_at = [0] * _COUNT
        self._next_repeat = [0] * _COUNT
        self._spent = 0  # bit set: this hold has already sent its long press or a chord
        self.events = []

    def held(self, b):
        return bool(self.stable >> b & 1)

    def step(self, levels, now):
        """Feeds one poll; returns the list of events it produced (reused between calls)."""
        out = self.events
        del out[:]
        changed = levels ^ self._raw
        for b in range(_COUNT):
            bit = 1 << b
            if changed & bit:
                self._raw_since[b] = now
            if (levels ^ self.stable) & bit:
                if ticks.diff(now, self._raw_since[b]) >= _DEBOUNCE_MS:
                    if levels & bit:
                        self._pressed(b, now, out)
                    else:
                        self._released(b, out)
            elif self.stable & bit:
                self._holding(b, now, out)
        self._raw = levels
        return out

    def _pressed(self, b, now, out):
        self.stable |= 1 << b
        self._down_at[b] = now
        self._spent &= ~(1 << b)
        out.append(EVENTS["down"][b])
        if b in _IMMEDIATE:
            out.append(EVENTS["press"][b])
            self._next_repeat[b] = ticks.add(now, _REPEAT_DELAY_MS)
        elif b in (A, C):
            other = C if b == A else A
            if self.held(other) and not self._spent >> other & 1:
                self._spent |= (1 << A) | (1 << C)
                out.append(CHORD)

    def _released(self, b, out):
        self.stable &= ~(1 << b)
        out.append(EVENTS["up"][b])
        if b not in _IMMEDIATE and not self._spent >> b & 1:
            out.append(EVENTS["press"][b])
        self._spent &= ~(1 << b)

    def _holding(self, b, now, out):
        if b in _REPEATS:
            if ticks.reached(now, self._next_repeat[b]):
                out.append(EVENTS["repeat"][b])
                nxt = ticks.add(self._next_repeat[b], _REPEAT_EVERY_MS)
                # After a late poll, resume the rhythm from now instead of bursting.
                self._next_repeat[b] = (
                    nxt if not ticks.reached(now, nxt) else ticks.add(now, _REPEAT_EVERY_MS)
                )
        elif not self._spent >> b & 1 and ticks.diff(now, self._down_at[b]) >= _LONG_MS:
            self._spent |= 1 << b
            out.append(EVENTS["long"][b])
