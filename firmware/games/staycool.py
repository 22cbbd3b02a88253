"""Stay Cool: the card values, one player's turn against the sand timer, and the winners.

Pure rules: no clock, no hardware. Time comes in as `now`, a ticks_ms() value that wraps
modulo 2**30, so every elapsed time goes through ticks.diff()/ticks.add(). The glass is
modelled by one absolute deadline, the tick at which its upper bulb runs dry: round 1's
automatic flips move it by whole periods, so a late update() loses nothing and the timer
never drifts by the time the shell spent drawing.
"""

import ticks
from games import const

WRITTEN = "written"
VERBAL = "verbal"

# The value in the black circle beside the last question answered, indexed by how many
# questions of that kind were answered: a written card has 10 questions, a verbal card 20.
WRITTEN_VALUES = (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10)
VERBAL_VALUES = (0, 1, 1, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6, 7, 7, 7, 8)

_LAST_NUMBER = const(4)  # the Timer Card's numbers run 1..4
_ROUNDS = const(3)
_MAX_PERIOD = const((1 << 29) - 1)  # ticks.diff() is exact below half a tick period


def turn_score(written, verbal):
    """A turn's points: the written value times the verbal value."""
    if not 0 <= written < len(WRITTEN_VALUES) or not 0 <= verbal < len(VERBAL_VALUES):
        raise ValueError("no card value for %r written, %r verbal" % (written, verbal))
    return WRITTEN_VALUES[written] * VERBAL_VALUES[verbal]


class Turn:
    """One active player's turn, from the glass first set on number 1, full, at `now`.

    Every method first applies what happened up to `now` (as update() does), so a "Timer!"
    or a skip that comes after the sand ran out is refused.
    """

    # Where every turn starts, as the class's own values: an instance holds only what its
    # play has changed, so each replay of the log (an undo) makes a smaller object.
    position = 1
    written = 0
    verbal = 0
    over = False
    skipped = False
    _left = 0  # sand left when the turn ended: none, unless both cards were done

    def __init__(self, round_no, now, period_ms=30000, written_total=10, verbal_total=20):
        if not 1 <= round_no <= _ROUNDS:
            raise ValueError("round must be 1, 2 or 3, not %r" % (round_no,))
        if not 0 < period_ms <= _MAX_PERIOD:
            raise ValueError("period_ms out of range: %r" % (period_ms,))
        if not 0 < written_total < len(WRITTEN_VALUES):
            raise ValueError("a written card has 1..10 questions, not %r" % (written_total,))
        if not 0 < verbal_total < len(VERBAL_VALUES):
            raise ValueError("a verbal card has 1..20 questions, not %r" % (verbal_total,))
        self.round_no = round_no
        self.period_ms = period_ms
        self.written_total = written_total
        self.verbal_total = verbal_total
        self._empty_at = ticks.add(now, period_ms)  # when the upper bulb runs dry

    def update(self, now):
        """Applies everything up to `now`; True once the turn is over."""
        while not self.over and ticks.reached(now, self._empty_at):
            if self.round_no == 1 and self.position < _LAST_NUMBER:
                # The Timekeeper flips it at that very instant onto the next number.
                self.position += 1
                self._empty_at = ticks.add(self._empty_at, self.period_ms)
            else:
                # Round 1 on number 4, or a "Timer!" not said in time in rounds 2 and 3.
                self.over = True
                self._left = 0
        return self.over

    def remaining(self, now):
        """Milliseconds of sand left in the upper bulb (frozen once the turn is over)."""
        if self.update(now):
            return self._left
        return ticks.diff(self._empty_at, now)

    def timer(self, now):
        """The active player said "Timer!" (rounds 2 and 3); True if the glass was flipped."""
        if self.update(now) or self.round_no == 1 or self.position == _LAST_NUMBER:
            return False
        # Like a real hourglass, the sand that had fallen is now the sand on top.
        fallen = self.period_ms - ticks.diff(self._empty_at, now)
        self._empty_at = ticks.add(now, fallen)
        self.position += 1
        # A glass flipped while still full has nothing on top: the turn ends right here.
        self.update(now)
        return True

    def correct(self, kind, now):
        """One more correct answer of `kind`; False (ignored) on a finished card or turn."""
        if self._finished(kind) or self.update(now):
            return False
        self._count(kind, now)
        return True

    def skip(self, kind, now):
        """The one skip of the turn; counts as a correct answer and moves the glass on.

        The glass moves to the next number without being flipped, so the sand keeps
        running. Refused on number 4, on a finished card, or once the turn is over.
        """
        if self._finished(kind) or self.update(now):
            return False
        if self.skipped or self.position == _LAST_NUMBER:
            return False
        self.skipped = True
        self.position += 1
        self._count(kind, now)
        return True

    def score(self):
        return turn_score(self.written, self.verbal)

    def _finished(self, kind):
        if kind == WRITTEN:
            return self.written >= self.written_total
        if kind == VERBAL:
            return self.verbal >= self.verbal_total
        raise ValueError("kind must be 'written' or 'verbal', not %r" % (kind,))

    def _count(self, kind, now):
        if kind == WRITTEN:
            self.written += 1
        else:
            self.verbal += 1
        if self.written >= self.written_total and self.verbal >= self.verbal_total:
            # No questions left to ask: the turn ends with sand still on top.
            self._left = ticks.diff(self._empty_at, now)
            self.over = True


def winners(round_scores):
    """Indexes of the winners: highest total, then most points in round 3, else shared."""
    if not round_scores:
        raise ValueError("no players")
    for p, rounds in enumerate(round_scores):
        if len(rounds) != _ROUNDS:
            raise ValueError("player %r needs 3 round scores, has %r" % (p, len(rounds)))
    totals = [sum(rounds) for rounds in round_scores]
    best = max(totals)
    tied = [p for p, total in enumerate(totals) if total == best]
    best_last = max(round_scores[p][2] for p in tied)
    return [p for p in tied if round_scores[p][2] == best_last]
