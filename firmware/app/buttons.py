"""Turns button edges into events: a pure debouncer fed edges with their own times.

Each edge is latched as it happens, with its own tick, into an `Edges` ring: a board fills
it from its pins' interrupts (hw/buttons.py), the host simulators from their scripts. So a
press that comes and goes while the loop is busy (a refresh, a save, a game's start) is
kept, and the shell drains the ring at its next poll through `Buttons.step(edges, now)`.
Every rule below is measured from the edges' own times, not from when the loop got to
them; no clock is read here, so every timing rule is tested on the PC with explicit times.

Events are (kind, button) tuples, built once at import so decoding allocates nothing, and
handed one at a time to `send`, so each one meets the screen the one before it left:
- ("down", b) / ("up", b): the debounced edges (the self-test shows them).
- ("press", b): UP and DOWN on the down edge. B and GO on the down edge too where the
  screen gives their long press no meaning (`long_meant(name)` is false); else, and always
  for A and C (either begins the A+C chord), on release, once it is told apart.
- ("long", b): A, B, C or GO held for _LONG_MS; its release then sends nothing more.
- ("repeat", b): UP or DOWN held, after _REPEAT_DELAY_MS, every _REPEAT_EVERY_MS.
- ("chord", "AC"): A and C down together, however they overlap, as long as the first has
  not yet sent its long press. Once a chord is sent, neither button sends a press or a
  long press until both are released. So a single press is never lost (it comes on its
  release) and never doubled (a chord or a long press consumes the release).

Debounce: a level must hold for _DEBOUNCE_MS before it counts, so contact bounce shorter
than that is ignored in both directions. A hold is timed from the edge that began it.
"""

from array import array

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
_RING = const(64)  # edges between two polls: a bouncing contact makes a dozen or two

_KINDS = const(("down", "up", "press", "long", "repeat"))
EVENTS = {k: tuple((k, n) for n in NAMES) for k in _KINDS}
CHORD = ("chord", "AC")

_REPEATS = const((UP, DOWN))
_IMMEDIATE = const((UP, DOWN))  # act on the down edge, always
_MAY_BE_EAGER = const((B, GO))  # on the down edge where their long press means nothing


def is_press(ev, name):
    """A press of `name`, counting auto-repeat (UP and DOWN) as more presses."""
    return ev[1] == name and (ev[0] == "press" or ev[0] == "repeat")


class Edges:
    """A ring of button edges and their ticks. `put` allocates nothing, so a pin's hard
    interrupt may call it; it alone moves `head`, the reader alone moves `tail`."""

    def __init__(self):
        self.at = array("i", bytes(4 * _RING))
        self.what = bytearray(_RING)  # button << 1, | 1 for a down edge
        self.head = 0
        self.tail = 0
        self.levels = 0  # each button's level as last put, kept even when the ring is full
        self.lost = False  # the ring was full: the reader catches up from `levels`...
        self.lost_at = 0  # ...as of the first edge it had no room for
        self.wake = None  # a flag to set at each edge (shell.run: the loop at rest wakes)

    def put(self, b, down, t):
        bit = 1 << b
        level = bit if down else 0
        if self.levels & bit == level:  # the other edge went by unseen: nothing changed
            return
        self.levels ^= bit
        if self.wake is not None:
            self.wake.set()
        i = self.head
        nxt = (i + 1) % _RING
        if nxt == self.tail:
            if not self.lost:
                self.lost_at = t
                self.lost = True
            return
        self.at[i] = t
        self.what[i] = b << 1 | (1 if down else 0)
        self.head = nxt


class Buttons:
    def __init__(self, send, long_meant=None):
        self._send = send  # called with each event as it is decoded
        self._long_meant = long_meant  # name -> True where its long press means something
        self.stable = 0  # debounced levels
        self._raw = 0  # levels as the edges left them
        self._raw_since = [0] * _COUNT  # the tick of each button's last edge
        self._down_at = [0] * _COUNT
        self._next_repeat = [0] * _COUNT
        self._spent = 0  # bit set: this hold has already sent its press, long press or chord

    def held(self, b):
        return bool(self.stable >> b & 1)

    def settling(self):
        """An edge not yet debounced: a poll must come to count it."""
        return self._raw != self.stable

    def step(self, edges, now):
        """Decodes the edges latched since the last poll, then what time alone makes of
        the buttons by `now` (a long press, a repeat, a level that has held). A poll with
        nothing to decode calls nothing with many locals: such a call's frame is made in
        the heap (MicroPython's VM_MAX_STATE_ON_STACK), and every poll would count it
        towards the next collection."""
        if edges.tail != edges.head or edges.lost:
            self._decode(edges)
        self._advance(now)

    def _decode(self, edges):
        while edges.tail != edges.head:
            i = edges.tail
            what = edges.what[i]
            t = edges.at[i]
            edges.tail = (i + 1) % _RING
            self._edge(what >> 1, what & 1, t)
        if edges.lost:  # more edges than the ring holds (a contact chattering through a
            edges.lost = False  # long stretch): the levels now, as of the first edge lost
            changed = edges.levels ^ self._raw
            for b in range(_COUNT):
                if changed >> b & 1:
                    self._edge(b, edges.levels >> b & 1, edges.lost_at)

    def _edge(self, b, down, t):
        self._advance(t)  # what came due before this edge comes first
        if self._raw >> b & 1 != down:
            self._raw ^= 1 << b
            self._raw_since[b] = t

    def _advance(self, t):
        """Every level that has held _DEBOUNCE_MS by `t` counts, in the order they came,
        each after the long presses and repeats due before it."""
        while self._raw ^ self.stable and self._settle(t):
            pass
        self._hold(t)

    def _settle(self, t):
        """The level that has held _DEBOUNCE_MS by `t` first, counted (True), if any."""
        first = at = -1
        pending = self._raw ^ self.stable
        for b in range(_COUNT):
            if pending >> b & 1:
                due = ticks.add(self._raw_since[b], _DEBOUNCE_MS)
                if ticks.diff(t, due) >= 0 and (first < 0 or ticks.diff(due, at) < 0):
                    first, at = b, due
        if first < 0:
            return False
        self._hold(at)
        if self._raw >> first & 1:
            self._pressed(first, self._raw_since[first])
        else:
            self._released(first)
        return True

    def _hold(self, t):
        for b in range(_COUNT):
            if self.stable >> b & 1:
                end = t  # a release still settling ended the hold at its own edge
                if not self._raw >> b & 1 and ticks.diff(self._raw_since[b], t) < 0:
                    end = self._raw_since[b]
                self._holding(b, end)

    def _pressed(self, b, at):
        self.stable |= 1 << b
        self._down_at[b] = at
        self._spent &= ~(1 << b)
        self._send(EVENTS["down"][b])
        if b in _IMMEDIATE:
            self._send(EVENTS["press"][b])
            self._next_repeat[b] = ticks.add(at, _REPEAT_DELAY_MS)
        elif b in (A, C):
            other = C if b == A else A
            if self.held(other) and not self._spent >> other & 1:
                self._spent |= (1 << A) | (1 << C)
                self._send(CHORD)
        elif b in _MAY_BE_EAGER and self._long_meant and not self._long_meant(NAMES[b]):
            self._spent |= 1 << b  # sent now: nothing more until it is released
            self._send(EVENTS["press"][b])

    def _released(self, b):
        self.stable &= ~(1 << b)
        self._send(EVENTS["up"][b])
        if b not in _IMMEDIATE and not self._spent >> b & 1:
            self._send(EVENTS["press"][b])
        self._spent &= ~(1 << b)

    def _holding(self, b, now):
        if b in _REPEATS:
            if ticks.reached(now, self._next_repeat[b]):
                self._send(EVENTS["repeat"][b])
                nxt = ticks.add(self._next_repeat[b], _REPEAT_EVERY_MS)
                # After a late poll, resume the rhythm from now instead of bursting.
                self._next_repeat[b] = (
                    nxt if not ticks.reached(now, nxt) else ticks.add(now, _REPEAT_EVERY_MS)
                )
        elif not self._spent >> b & 1 and ticks.diff(now, self._down_at[b]) >= _LONG_MS:
            self._spent |= 1 << b
            self._send(EVENTS["long"][b])
