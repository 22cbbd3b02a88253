"""What Stay Cool's start of a turn and its turn both show (app/staycool.py): a question
with its answer, a card's number, the Timer Card, and the ring's hourglass.

Imported at a stage of its own as the game starts (phases.Phases.game), so that no one
module's import keeps the buttons waiting long.

The ring is the hourglass (glass() and the rest): LED 0 is at the top and they run
clockwise. The four LEDs across the top (14, 15, 0, 1) are the Timer Card: the glass on
number k lights k of them, left to right, and leaves the other slots glowing faintly, so
the number is a count of lights, not a colour. The other twelve (2..13) are the sand in
the upper bulb: lit from the far end, they go dark clockwise as it runs out, the edge LED
at partial brightness so the sand drains smoothly. A flip turns the whole picture half a
turn and back into place.
"""

from micropython import const

from app import layout
from app import staycool_game as sc


def card_number(k, i, total):
    return "%s %d/%d" % (sc.NAMES[k][0], i + 1, total)


def draw_question(g, qa, x, y, width, tag=""):
    """A question in body type (small if it needs two lines), its answer in small type
    under it with `tag` at the right; returns the y below them."""
    q, a = qa
    if g.width(q, "body") <= width:
        g.text(q, x, y, "body")
        y += layout.BODY
    else:
        for line in g.wrap(q, "small", width)[:2]:
            g.text(line, x, y, "small")
            y += layout.SMALL - 1
    room = width
    if tag:
        room -= g.width(tag, "small") + 6
        g.right(tag, x + width, y, "small")
    g.text(g.fit("→ " + a, "small", room), x, y, "small")
    return y + layout.SMALL - 1


def timer_card(g, top, position, seconds=None):
    """The Timer Card down the left edge, the glass's number inverted; under it, the sand
    left in `seconds` (where the screen shows it: no ring, or round 3)."""
    box = layout.BODY  # a number's box, one above the other
    for i in range(4):
        y = top + 2 + (box + 1) * i
        on = i + 1 == position
        if on:
            g.fill_rect(1, y, 23, box)
        else:
            g.rect(1, y, 23, box)
        g.center(str(i + 1), y, "body", 1, 24, on)
    if seconds is not None:
        g.center("%ds" % seconds, top + 2 + (box + 1) * 4, "small", 0, 26)


# -- the ring: the hourglass ---------------------------------------------------------


SAND = (255, 120, 0)  # amber
WARN = (255, 16, 0)  # the last seconds: redder, and pulsing
MARK_ON = (160, 160, 160)
MARK_OFF = (5, 5, 5)
FLIP_MS = const(600)  # the flip animation
PULSE_MS = const(500)  # the warning pulse
_BREATHE_MS = const(2000)  # a paused glass breathes slowly
_MARKS = const(4)


def _put(leds, i, colour, f):
    """LED i (wrapped to the ring) set to `colour` at brightness f of 255."""
    i = 3 * (i % (len(leds) // 3))
    leds[i] = colour[0] * f // 255
    leds[i + 1] = colour[1] * f // 255
    leds[i + 2] = colour[2] * f // 255


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
