"""The firmware's bitmap fonts, measured in CPython: widths and word wrap.

The wrap is the same algorithm as firmware/app/gfx.py's Gfx.wrap, so the content compiler
knows exactly how many lines a question takes on the device.
"""

import struct
from pathlib import Path

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
        lines, line = [], ""
        for word in text.split():
            trial = word if not line else line + " " + word
            if self.width(trial) <= width:
                line = trial
                continue
            if line:
                lines.append(line)
            while self.width(word) > width:
                cut = len(word) - 1
                while cut > 1 and self.width(word[:cut]) > width:
                    cut -= 1
                lines.append(word[:cut])
                word = word[cut:]
            line = word
        if line:
            lines.append(line)
        return lines
