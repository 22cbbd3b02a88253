"""Rasterises DejaVu (Debian fonts-dejavu-core) into the firmware's bitmap fonts, all in
one file: firmware/fonts/fonts.bin.

`make fonts` runs it; the output is committed, so neither the device nor `make test` needs
Pillow's fonts. One file for all of them: littlefs stores each file in whole 4 KB blocks,
and a board keeps a file open per font it draws with. Format (little-endian), read by
firmware/app/gfx.py:

    b"SCF3", u8 fonts
    fonts x (8 bytes: the name, NUL-padded; u32: where its font starts)
    a font: u8 height, u8 ascent, u16 count
            count x u16 code points, sorted
            count x u8 widths (each glyph's advance, and the width of its bitmap)
            count x u16 where each glyph starts, from the first glyph
            the glyphs: each u8 top (its first inked row, from the font's top), u8 rows
            (how many rows follow: its first inked row to its last; 0 for a blank
            glyph, a space), then those rows, MONO_HLSB (1 = ink), each of its own
            width in whole bytes

A glyph is as wide as it is, not as the widest, and holds only the rows from its first ink
to its last, so the file holds no blank columns and no blank rows above or below; the
firmware reads one glyph at a time with seek/readinto into a buffer it allocated once.
"""

import argparse
import struct
import sys
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "firmware" / "fonts" / "fonts.bin"
DEJAVU = Path("/usr/share/fonts/truetype/dejavu")

ASCII = "".join(chr(c) for c in range(32, 127))
# A few characters the screens use beyond ASCII.
EXTRA = "°²³×–—−±…·éèàüöäñç♪←→↑↓✓▶"
# The letter die's faces (games.scattergories.LETTERS) and "?" while it rolls: the only
# text the huge font draws (app/scattergories.py, Roll).
BIG = "?ABCDEFGHIJKLMNOPRSTW"

# name: (ttf file, pixel size, characters)
FONTS = {
    "small": ("DejaVuSans.ttf", 12, ASCII + EXTRA),
    "body": ("DejaVuSans.ttf", 16, ASCII + EXTRA),
    "bold": ("DejaVuSans-Bold.ttf", 16, ASCII + EXTRA),
    "large": ("DejaVuSansCondensed-Bold.ttf", 21, ASCII + EXTRA),
    "title": ("DejaVuSans-Bold.ttf", 30, ASCII + EXTRA),
    "huge": ("DejaVuSans-Bold.ttf", 100, BIG),
}


def render_glyph(font, ch, height, ascent):
    """The glyph as a 1-bit image and its advance width in pixels.

    Anti-aliased outlines thresholded at half grey keep DejaVu's natural spacing; FreeType's
    mono hinting squeezes some small glyphs ('v', 'w') into a column less than their
    advance. A glyph with ink left of its origin is shifted right and widened to match."""
    margin = 8
    advance = max(1, round(font.getlength(ch)))
    img = Image.new("L", (advance + 2 * margin, height), 0)
    ImageDraw.Draw(img).text((margin, ascent), ch, font=font, fill=255, anchor="ls")
    ink = img.point(lambda v: 1 if v >= 128 else 0)
    box = ink.getbbox()
    left, right = (box[0] - margin, box[2] - margin) if box else (0, 0)
    shift = max(0, -left)
    width = max(advance + shift, right + shift)
    return width, ink.crop((margin - shift, 0, margin - shift + width, height))


def build(ttf, size, chars):
    """One font as the file holds it (its part after the file's head)."""
    font = ImageFont.truetype(str(DEJAVU / ttf), size)
    ascent, descent = font.getmetrics()
    # The huge font holds capitals only: no descenders, so no space kept for them.
    height = ascent if chars == BIG else ascent + descent
    codes = sorted(set(map(ord, chars)))
    glyphs = [render_glyph(font, chr(c), height, ascent) for c in codes]
    if max(w for w, _ in glyphs) > 255 or height > 255:
        raise ValueError("%s at %d px: glyphs too large for the format" % (ttf, size))
    data = bytearray()
    offsets = []
    for width, img in glyphs:
        offsets.append(len(data))
        stride = (width + 7) // 8
        box = img.getbbox()
        top, end = (box[1], box[3]) if box else (0, 0)
        data += bytes((top, end - top))
        for y in range(top, end):
            row = 0
            for x in range(img.width):
                if img.getpixel((x, y)):
                    row |= 1 << (stride * 8 - 1 - x)
            data += row.to_bytes(stride, "big")
    if len(data) > 0xFFFF:
        raise ValueError("%s at %d px: more than 64 KB of glyphs" % (ttf, size))
    out = bytearray(struct.pack("<BBH", height, ascent, len(codes)))
    out += struct.pack("<%dH" % len(codes), *codes)
    out += bytes(w for w, _ in glyphs)
    out += struct.pack("<%dH" % len(codes), *offsets)
    return bytes(out + data), len(codes), height


def fonts_file(fonts):
    """The whole file for {name: (ttf, size, characters)}."""
    built = [(name, build(*spec)) for name, spec in fonts.items()]
    head = bytearray(struct.pack("<4sB", b"SCF3", len(built)))
    at = len(head) + 12 * len(built)
    body = bytearray()
    for name, (data, count, height) in built:
        head += struct.pack("<8sI", name.encode(), at + len(body))
        body += data
        print("%s: %d glyphs, %dpx high, %d bytes" % (name, count, height, len(data)))
    return bytes(head + body)


def main(argv=None):
    parser = argparse.ArgumentParser(
        prog="python -m tools.mkfont",
        description=__doc__.splitlines()[0],
        epilog="It takes no arguments: `make fonts` runs it, into firmware/fonts/fonts.bin.",
    )
    parser.parse_args(argv)
    if not DEJAVU.is_dir():
        sys.exit("DejaVu fonts not found: apt-get install fonts-dejavu-core")
    data = fonts_file(FONTS)
    OUT.parent.mkdir(parents=True, exist_ok=True)
    tmp = OUT.with_suffix(".tmp")
    tmp.write_bytes(data)
    tmp.replace(OUT)  # whole or not at all
    print("%s: %d bytes" % (OUT.relative_to(ROOT), len(data)))


if __name__ == "__main__":
    main()
