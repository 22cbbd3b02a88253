"""Rasterises DejaVu (Debian fonts-dejavu-core) into the firmware's bitmap font files.

`make fonts` runs it; the output in firmware/fonts/ is committed, so neither the device nor
`make test` needs Pillow's fonts. File format (little-endian), read by firmware/app/font.py:

    b"SCF1", u8 height, u8 ascent, u8 max_width, u8 stride, u16 count
    count x u16 code points, sorted
    count x u8 advance widths
    count x (stride * height) bytes: each glyph MONO_HLSB (1 = ink), rows padded to `stride`

Every glyph has the same size, so glyph i sits at a computed offset and the firmware reads
one glyph at a time with seek/readinto into a buffer it allocated once.
"""

import argparse
import struct
import sys
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "firmware" / "fonts"
DEJAVU = Path("/usr/share/fonts/truetype/dejavu")

ASCII = "".join(chr(c) for c in range(32, 127))
# A few characters the screens use beyond ASCII.
EXTRA = "°²³×–—−±…·éèàüöäñç♪←→↑↓✓▶"
BIG = " 0123456789:ABCDEFGHIJKLMNOPQRSTUVWXYZ?!-"

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


def build(name, ttf, size, chars):
    font = ImageFont.truetype(str(DEJAVU / ttf), size)
    ascent, descent = font.getmetrics()
    # The huge font holds capitals and digits only: no descenders, so no space kept for them.
    height = ascent if chars == BIG else ascent + descent
    codes = sorted(set(map(ord, chars)))
    glyphs = [render_glyph(font, chr(c), height, ascent) for c in codes]
    max_width = max(w for w, _ in glyphs)
    if max_width > 255 or height > 255:
        raise ValueError("%s: glyphs too large for the format" % name)
    stride = (max_width + 7) // 8
    out = bytearray(
        struct.pack("<4sBBBBH", b"SCF1", height, ascent, max_width, stride, len(codes))
    )
    out += struct.pack("<%dH" % len(codes), *codes)
    out += bytes(w for w, _ in glyphs)
    for _, img in glyphs:
        for y in range(height):
            row = 0
            for x in range(img.width):
                if img.getpixel((x, y)):
                    row |= 1 << (stride * 8 - 1 - x)
            out += row.to_bytes(stride, "big")
    path = OUT / (name + ".bin")
    path.write_bytes(bytes(out))
    print(
        "%s: %d glyphs, %dpx high, %d bytes"
        % (path.relative_to(ROOT), len(codes), height, len(out))
    )


def main(argv=None):
    parser = argparse.ArgumentParser(
        prog="python -m tools.mkfont",
        description=__doc__.splitlines()[0],
        epilog="It takes no arguments: `make fonts` runs it, into firmware/fonts/.",
    )
    parser.parse_args(argv)
    if not DEJAVU.is_dir():
        sys.exit("DejaVu fonts not found: apt-get install fonts-dejavu-core")
    OUT.mkdir(parents=True, exist_ok=True)
    for name, (ttf, size, chars) in FONTS.items():
        build(name, ttf, size, chars)


if __name__ == "__main__":
    main()
