"""Stay Cool's ring: the hourglass. Pure drawing into a 16-LED frame, no clock, no state.

LED 0 is at the top and they run clockwise. The four LEDs across the top (14, 15, 0, 1)
are the Timer Card: the glass on number k lights k of them, left to right, and leaves the
other slots glowing faintly, so the number is a count of lights, not a colour. The other
twelve (2..13) are the sand in the upper bulb: lit from the far end, they go dark
clockwise as it runs out, the edge LED at partial brightness so the sand drains smoothly.
A flip turns the whole picture half a turn and back into place.
"""

from micropython import const

SAND = (255, 120, 0)  # amber
WARN = (255, 16, 0)  # the last seconds: redder, and pulsing
MARK_ON = (160, 160, 160)
MARK_OFF = (5, 5, 5)
TIME_UP = (255, 0, 0)
FLIP_MS = const(600)  # the flip animation
PULSE_MS = const(500)  # the warning pulse
_BREATHE_MS = const(2000)  # a paused glass breathes slowly
FLASH_MS = const(1500)  # time is up: the ring flashes red this long
_MARKS = const(4)


def _put(leds, i, colour, f):
    """LED i (wrapped to the ring) set to `colour` at brightness f of 255."""
    i = 3 * (i % (len(leds) // 3))
    leds[i] = colour[0] * f // 255
    leds[i + 1] = colour[1] * f // 255
    leds[i + 2] = colour[2] * f // 255


def clear(leds):
    for i in range(len(leds)):
        leds[i] = 0


def glass(leds, left, period, position, colour=SAND, scale=255, shift=0):
    """The hourglass: `left` of `period` ms of sand on top, the glass on number `position`
    (1..4), the sand at brightness `scale` (0..255), everything turned `shift` LEDs."""
    n = len(leds) // 3
    sand = n - _MARKS
    left = max(0, min(left, period))
    amount = left * sand * 255 // period  # lit LEDs, in 1/255ths
    full = amount // 255
    for k in range(sand):
        from_end = sand - 1 - k  # LEDs count from the far end (LED 13) back
        if from_end < full:
            f = 255
        elif from_end == full:
            f = amount % 255
        else:
            f = 0
        # Squared: the eye sees brightness roughly so, and the edge then fades evenly.
        _put(leds, 2 + k + shift, colour, f * f // 255 * scale // 255)
    for m in range(_MARKS):
        _put(leds, n - 2 + m + shift, MARK_ON if m < position else MARK_OFF, 255)


def flip_shift(n, since):
    """How far the picture is turned `since` ms after a flip: half a turn back to none."""
    if since < 0 or since >= FLIP_MS:
        return 0
    return (n // 2) * (FLIP_MS - since) // FLIP_MS


def triangle(ms, period, low, high):
    """A value going low -> high -> low every `period` ms."""
    phase = ms % period
    half = period // 2
    up = phase if phase < half else period - phase
    return low + (high - low) * up // half


def pulse(ms):
    """The warning: full brightness down to a quarter, twice a second."""
    return triangle(ms, PULSE_MS, 64, 255)


def breathe(ms):
    """Paused: the frozen sand slowly breathes at low brightness."""
    return triangle(ms, _BREATHE_MS, 24, 120)


def time_up(leds, since):
    """Time is up: the whole ring flashes red for FLASH_MS, then goes dark. True meanwhile."""
    on = 0 <= since < FLASH_MS and (since // 250) % 2 == 0
    for i in range(len(leds) // 3):
        _put(leds, i, TIME_UP, 255 if on else 0)
    return 0 <= since < FLASH_MS
