"""Draws the e-ink frame and the ring in a terminal: braille dots, 24-bit colour."""

# Braille dot bits for the 2x4 pixels of a cell, by (column, row).
_DOTS = ((0x01, 0x02, 0x04, 0x40), (0x08, 0x10, 0x20, 0x80))


def braille(fb, width, height, rotate=False):
    """The frame as lines of braille characters, 2x4 pixels each: 148x32 for 296x128.

    rotate=True shows it turned 180 degrees, as the panel shows it when set upside down."""
    lines = []
    for y in range(0, height, 4):
        row = ""
        for x in range(0, width, 2):
            bits = 0
            for dx in (0, 1):
                dots = _DOTS[dx]
                for dy in range(4):
                    px, py = x + dx, y + dy
                    if rotate:
                        px, py = width - 1 - px, height - 1 - py
                    if fb.pixel(px, py):
                        bits |= dots[dy]
            row += chr(0x2800 + bits)
        lines.append(row)
    return lines


def ring_line(leds):
    out = ""
    for i in range(0, len(leds), 3):
        r, g, b = leds[i], leds[i + 1], leds[i + 2]
        if r or g or b:
            out += "\x1b[38;2;%d;%d;%dm● " % (r, g, b)
        else:
            out += "\x1b[38;2;70;70;70m· "
    return out + "\x1b[0m"


def ring_hex(leds):
    return " ".join(
        "%02x%02x%02x" % (leds[i], leds[i + 1], leds[i + 2]) for i in range(0, len(leds), 3)
    )
