"""The firmware's bitmap fonts, measured in CPython: widths, and the firmware's own word
wrap (app/layout.py), so the content compiler knows how many lines a question takes."""

import struct
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "firmware"))
from app.layout import wrap  # noqa: E402

FONTS = Path(__file__).resolve().parent.parent / "firmware" / "fonts"


class FontMetrics:
    def __init__(self, name):
        data = (FONTS / (name + ".bin")).read_bytes()
        _, self.height, _, _, _, count = struct.unpack_from("<4sBBBBH", data)
        codes = struct.unpack_from("<%dH" % count, data, 10)
        widths = data[10 + 2 * count : 10 + 3 * count]
        self.widths = dict(zip(codes, widths, strict=True))
        self.name = name

    def missing(self, text):
        return sorted({ch for ch in text if ord(ch) not in self.widths})

    def width(self, text):
        fallback = self.widths.get(ord("?"), 0)
        return sum(self.widths.get(ord(ch), fallback) for ch in text)

    def wrap(self, text, width):
        return wrap(text, self.width, width)
