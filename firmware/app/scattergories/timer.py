"""The Scattergories round timer: a countdown with cues, pause and resume, in ticks.

Pure: every method takes `now` (a ticks_ms() value) and all time goes through ticks.diff/
add, so a round that crosses the 2**30 wrap counts down exactly. The countdown holds what
was left when it last started or paused and the tick it started at, so the time left is
always computed from one absolute start and never drifts by the time spent drawing.

Cues are instants named by the time left: a warning at 1:00 and 0:30, a tick each second
of the last 10, and the end at 0:00. Only cues below the time set are kept (a 0:45 timer
warns at 0:30, not at 1:00). `due(now)` hands out each cue once, in order, however late
it is asked; `deadline()` says the tick of the next one, so the shell wakes exactly then.
"""

from micropython import const

import ticks

_WARNINGS = const((60000, 30000))
_LAST = const(10)  # a tick each second of the last 10
END = "end"


def cues_below(left):
    """The cues still to come with `left` ms on the clock: [(ms left, name)], soonest first."""
    out = [(ms, "warning") for ms in _WARNINGS]
    out += [(1000 * s, "tick") for s in range(_LAST, 0, -1)]
    out.append((0, END))
    return [c for c in out if c[0] < left]


class Countdown:
    def __init__(self, total, left=None):
        self.total = total
        self.left = total if left is None else max(0, min(total, left))
        self.since = None  # the tick it last started at; None while stopped
        self._cues = cues_below(self.left)

    @property
    def running(self):
        return self.since is not None

    def start(self, now):
        if self.since is None and self.left > 0:
            self.since = now

    def pause(self, now):
        """Stops the clock at what is left now (the cues up to now must be taken first)."""
        self.left = self.remaining(now)
        self.since = None

    def remaining(self, now):
        if self.since is None:
            return self.left
        return max(0, self.left - ticks.diff(now, self.since))

    def over(self, now):
        return self.remaining(now) == 0

    def due(self, now):
        """The names of the cues whose instant has come since last asked, in order."""
        left = self.remaining(now)
        out = []
        cues = self._cues
        while cues and cues[0][0] >= left:
            out.append(cues.pop(0)[1])
        return out

    def at(self, left):
        """The tick at which `left` ms will remain (running only)."""
        return ticks.add(self.since, self.left - left)

    def deadline(self):
        """The tick of the next cue, or None while stopped."""
        if self.since is None or not self._cues:
            return None
        return self.at(self._cues[0][0])


def coarse(left):
    """What an e-ink without a ring shows: the time left rounded up to a step of 30 s
    (15 s in the last half minute), so the panel redraws at most every 15-30 s."""
    step = 30000 if left > 30000 else 15000
    return (left + step - 1) // step * step


def next_coarse(left):
    """The time left at which coarse() next changes (None once it shows 0:00)."""
    shown = coarse(left)
    if shown == 0:
        return None
    step = 30000 if shown > 30000 else 15000
    return shown - step
