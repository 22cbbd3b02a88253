"""Writes the 296x128 frame as a 1-bit greyscale PNG from inside MicroPython.

The unix port's deflate module only decompresses, so the image data goes into stored
(uncompressed) deflate blocks: about 5 KB a screen, and no dependency at all.
"""

import binascii
import struct


def _chunk(f, kind, data):
    f.write(struct.pack(">I", len(data)))
    f.write(kind)
    f.write(data)
    f.write(struct.pack(">I", binascii.crc32(data, binascii.crc32(kind)) & 0xFFFFFFFF))


def _adler32(data):
    a, b = 1, 0
    for byte in data:
        a = (a + byte) % 65521
        b = (b + a) % 65521
    return (b << 16) | a


def write(path, fb, width, height):
    stride = (width + 7) // 8
    raw = bytearray((stride + 1) * height)
    i = 0
    for y in range(height):
        raw[i] = 0  # filter: none
        i += 1
        for xb in range(stride):
            v = 0
            for bit in range(8):
                x = xb * 8 + bit
                # PNG greyscale: 1 = white. The frame: 1 = ink.
                if x >= width or not fb.pixel(x, y):
                    v |= 0x80 >> bit
            raw[i] = v
            i += 1
    z = bytearray(b"\x78\x01")
    pos = 0
    while True:
        block = raw[pos : pos + 65535]
        pos += len(block)
        final = pos >= len(raw)
        z += struct.pack("<BHH", 1 if final else 0, len(block), len(block) ^ 0xFFFF)
        z += block
        if final:
            break
    z += struct.pack(">I", _adler32(raw))
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n")
        _chunk(f, b"IHDR", struct.pack(">IIBBBBB", width, height, 1, 0, 0, 0, 0))
        _chunk(f, b"IDAT", bytes(z))
        _chunk(f, b"IEND", b"")
