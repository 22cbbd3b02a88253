"""The e-ink frame and the ring as terminal text: braille dots, 24-bit colour.

Pure Python that runs in CPython and in MicroPython alike: tools/sim.py (`make sim`) draws
the terminal with it outside the firmware's heap, and the headless simulator's `screen`
command prints the same picture.
"""

# Braille dot bits for the 4 rows of a cell's left and right columns (dots 1-2-3-7, 4-5-6-8).
_LEFT = (0x01, 0x02, 0x04, 0x40)
_RIGHT = (0x08, 0x10, 0x20, 0x80)


def _column_bits(dots):
    """nibble (4 pixels down one column, top pixel in bit 0) -> the braille bits it sets."""
    table = []
    for nibble in range(16):
        bits = 0
        for row in range(4):
            if nibble >> row & 1:
                bits |= dots[row]
        table.append(bits)
    return table


_LEFT_BITS = _column_bits(_LEFT)
_RIGHT_BITS = _column_bits(_RIGHT)


def _reversed_byte(b):
    r = 0
    for i in range(8):
        if b >> i & 1:
            r |= 0x80 >> i
    return r


def turned(frame, width, height):
    """A MONO_VLSB frame turned 180 degrees, as the panel shows it when set upside down."""
    pages = height // 8
    out = bytearray(len(frame))
    flip = [_reversed_byte(b) for b in range(256)]
    for page in range(pages):
        src = page * width
        dst = (pages - 1 - page) * width + width - 1
        for x in range(width):
            out[dst - x] = flip[frame[src + x]]
    return out


def braille(frame, width, height, rotate=False):
    """A MONO_VLSB frame (a set bit is ink) as lines of braille, 2x4 pixels a character:
    148 characters by 32 lines for 296x128."""
    return list(braille_lines(frame, width, height, rotate))


def braille_lines(frame, width, height, rotate=False):
    """The lines of braille(), one at a time, each made in one buffer as its UTF-8 (the
    headless simulator prints them in the device's heap: a line is its only cost)."""
    if rotate:
        frame = turned(frame, width, height)
    line = bytearray(3 * (width // 2))
    for cell_row in range(height // 4):
        base = (cell_row >> 1) * width
        shift = (cell_row & 1) * 4
        at = 0
        for x in range(0, width, 2):
            left = frame[base + x] >> shift & 15
            right = frame[base + x + 1] >> shift & 15
            dots = _LEFT_BITS[left] | _RIGHT_BITS[right]  # U+2800 + dots, as UTF-8:
            line[at] = 0xE2
            line[at + 1] = 0xA0 | dots >> 6
            line[at + 2] = 0x80 | dots & 0x3F
            at += 3
        yield str(line, "utf-8")


def dimmed(leds, brightness):
    """The LEDs as the ring shows them at `brightness` 0..5."""
    scale = brightness * 51
    return bytes(v * scale // 255 for v in leds)


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
