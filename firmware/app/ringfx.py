"""Ring animations shared by the games: progress, a sweep, a rainbow. Pure: (now, leds)."""

import ticks


def fill(leds, r, g, b):
    for i in range(0, len(leds), 3):
        leds[i] = r
        leds[i + 1] = g
        leds[i + 2] = b


def progress(leds, done, total, colour=(40, 40, 40)):
    """The first done/total of the ring lit (LED 0 at the top, clockwise)."""
    n = len(leds) // 3
    lit = done * n // total if total else 0
    for i in range(n):
        c = colour if i < lit else (0, 0, 0)
        leds[3 * i], leds[3 * i + 1], leds[3 * i + 2] = c


def sweep(leds, now, since, colour=(255, 255, 255), period=600):
    """A bright dot with a fading tail running round."""
    n = len(leds) // 3
    head = (ticks.diff(now, since) % period) * n // period
    for i in range(n):
        k = (head - i) % n
        f = 255 >> (2 * k) if k < 4 else 0
        leds[3 * i] = colour[0] * f // 255
        leds[3 * i + 1] = colour[1] * f // 255
        leds[3 * i + 2] = colour[2] * f // 255


def wheel(pos):
    """A colour of the rainbow for pos 0..255."""
    pos &= 255
    if pos < 85:
        return 255 - pos * 3, pos * 3, 0
    if pos < 170:
        pos -= 85
        return 0, 255 - pos * 3, pos * 3
    pos -= 170
    return pos * 3, 0, 255 - pos * 3


def rainbow(leds, now, since):
    n = len(leds) // 3
    turn = ticks.diff(now, since) // 8
    for i in range(n):
        leds[3 * i], leds[3 * i + 1], leds[3 * i + 2] = wheel(i * 256 // n + turn)
