"""A board's buttons: each pin's edges latched by its interrupt, with their own ticks, into
the debouncer's ring (app/buttons.py Edges), and its levels read as one bitmask.

The pins come in the debouncer's order (A, B, C, UP, DOWN, GO; None for a button the
board lacks); `active_low` for pull-ups (pressed reads 0), else pull-downs. The handlers
are hard interrupts: they run the moment an edge comes, even in the middle of a long C
call (a refresh's SPI write, a QR code's maths), so a press that comes and goes while the
loop is busy is still there at its next poll; and they allocate nothing, as a hard
interrupt must not."""

from time import ticks_ms

from app.buttons import Edges
from ticks import MASK


class PinButtons:
    def __init__(self, pins, active_low=True):
        self.pins = pins
        self.pressed = 0 if active_low else 1
        self.edges = Edges()
        for i, pin in enumerate(pins):
            if pin is not None:
                pin.irq(self._latch(i), pin.IRQ_FALLING | pin.IRQ_RISING, hard=True)

    def _latch(self, i):
        edges = self.edges
        pressed = self.pressed

        def edge(pin):
            edges.put(i, pin.value() == pressed, ticks_ms() & MASK)

        return edge

    def read(self):
        levels = 0
        for i, pin in enumerate(self.pins):
            if pin is not None and pin.value() == self.pressed:
                levels |= 1 << i
        return levels
