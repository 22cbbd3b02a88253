"""The Badger's first step at power-on, run by boot.py before anything slow (the names,
the firmware): on battery the board stays on only while ENABLE_3V3 (GP10) is high, and
the press that switched it on may be let go at any moment. On the Pico build GP10 is the
display's clock, so only this board has the step."""

from board import hold_power

hold_power()
