"""Writes the 296x128 frame as a 1-bit greyscale PNG from inside MicroPython.

The unix port's deflate module only decompresses, so the image data goes into stored
(uncompressed) deflate blocks: about 5 KB a screen, and no dependency at all. It is
written a row at a time, each row a stored block in an IDAT chunk of its own (the zlib
stream runs on across chunks): the simulator shares the heap under test with the
firmware, so the picture needs no piece of it larger than a row.
"""

import binascii
import struct


def _chunk(f, kind, data):
    f.write(struct.pack(">I", len(data)))
    f.write(kind)
    f.write(data)
    f.write(struct.pack(">I", binascii.crc32(data, binascii.crc32(kind)) & 0xFFFFFFFF))


def write(path, fb, width, height):
    stride = (width + 7) // 8
    row = bytearray(5 + 1 + stride)  # the stored block's header, the filter, the pixels
    a, b = 1, 0  # the zlib stream's Adler-32
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n")
        _chunk(f, b"IHDR", struct.pack(">IIBBBBB", width, height, 1, 0, 0, 0, 0))
        _chunk(f, b"IDAT", b"\x78\x01")
        for y in range(height):
            row[0:5] = struct.pack("<BHH", y == height - 1, stride + 1, (stride + 1) ^ 0xFFFF)
            row[5] = 0  # filter: none
            for xb in range(stride):
                v = 0
                for bit in range(8):
                    x = xb * 8 + bit
                    # PNG greyscale: 1 = white. The frame: 1 = ink.
                    if x >= width or not fb.pixel(x, y):
                        v |= 0x80 >> bit
                row[6 + xb] = v
            for byte in row[5:]:
                a = (a + byte) % 65521
                b = (b + a) % 65521
            _chunk(f, b"IDAT", row)
        _chunk(f, b"IDAT", struct.pack(">I", (b << 16) | a))
        _chunk(f, b"IEND", b"")
