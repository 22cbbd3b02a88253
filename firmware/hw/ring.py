"""The 16-LED WS2812B ring, through MicroPython's neopixel: brightness, gamma, a budget.

The core hands over plain RGB (0-255 each, LED 0 at the top, clockwise). Here it is
turned into what the LEDs get: scaled by the brightness setting (1-5), gamma-corrected so
that a fading sand edge looks even to the eye (a square law: no floats, no table), and
held within a current budget: at full white the ring would draw about 1 A, more than a
USB port or a power bank likes, so frames over the budget are dimmed as a whole.
"""

from micropython import const

MA_PER_CHANNEL = const(20)  # a WS2812B colour channel at full duty
BUDGET_MA = const(250)
LEVELS = const(5)


class Ring:
    def __init__(self, np, budget_ma=BUDGET_MA):
        self.np = np
        self.n = len(np.buf) // 3
        self.level = 3
        # neopixel's ORDER: where R, G and B go in its buffer (GRB on a WS2812B).
        order = getattr(np, "ORDER", (1, 0, 2))
        self._r, self._g, self._b = order[0], order[1], order[2]
        # The most the channels may add up to (in 0-255 units) within the budget.
        self._limit = budget_ma * 255 // MA_PER_CHANNEL
        self._shown = bytearray(3 * self.n)  # the last frame written, and at what level
        self._shown_level = -1  # (none yet): an unchanged frame is not written again

    def set_level(self, level):
        self.level = min(LEVELS, max(1, level))

    def show(self, leds):
        """Writes one frame: `leds` holds 3 * n bytes, R G B per LED. A frame like the
        last is not sent again (the LEDs latch it): an idle ring costs nothing."""
        if self.level == self._shown_level and leds == self._shown:
            return
        self._shown[:] = leds
        self._shown_level = self.level
        buf = self.np.buf
        scale = self.level * 255 // LEVELS
        total = 0
        for i in range(0, 3 * self.n, 3):
            r = _gamma(leds[i] * scale // 255)
            g = _gamma(leds[i + 1] * scale // 255)
            b = _gamma(leds[i + 2] * scale // 255)
            buf[i + self._r] = r
            buf[i + self._g] = g
            buf[i + self._b] = b
            total += r + g + b
        if total > self._limit:
            for i in range(3 * self.n):
                buf[i] = buf[i] * self._limit // total
        self.np.write()

    def off(self):
        for i in range(3 * self.n):
            self.np.buf[i] = 0
        self.np.write()
        self._shown_level = -1  # the next frame is written, whatever it is


def _gamma(v):
    # v^2/255, rounded up so that a faint but lit LED stays lit.
    return (v * v + 254) // 255
