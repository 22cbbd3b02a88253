"""Buttons read as one bitmask for the debouncer (app/buttons.py): bit i = button i held.

The pins come in the debouncer's order (A, B, C, UP, DOWN, GO; None for a button the
board lacks); `active_low` for pull-ups (pressed reads 0), else pull-downs."""


class PinButtons:
    def __init__(self, pins, active_low=True):
        self.pins = pins
        self.pressed = 0 if active_low else 1

    def read(self):
        levels = 0
        for i, pin in enumerate(self.pins):
            if pin is not None and pin.value() == self.pressed:
                levels |= 1 << i
        return levels
