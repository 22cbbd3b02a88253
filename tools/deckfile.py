"""Writes the compiled deck files the firmware reads one card at a time (app/deck.py)."""

import os
import struct
import zlib

SEP = "\x1f"


def deck_bytes(records):
    """The deck file for `records`, each a sequence of strings (no 0x1F inside)."""
    blobs = []
    for fields in records:
        for field in fields:
            if SEP in field:
                raise ValueError("a field holds the separator 0x1F: %r" % field)
        blobs.append(SEP.join(fields).encode("utf-8"))
    head_size, entry_size = 10, 10
    offset = head_size + entry_size * len(blobs)
    index = bytearray()
    for blob in blobs:
        if len(blob) > 0xFFFF:
            raise ValueError("a card is over 64 KB")
        index += struct.pack("<IHI", offset, len(blob), zlib.crc32(blob))
        offset += len(blob)
    head = struct.pack("<4sHI", b"DCK1", len(blobs), zlib.crc32(bytes(index)))
    return head + bytes(index) + b"".join(blobs)


def write_atomically(path, data):
    tmp = str(path) + ".tmp"
    with open(tmp, "wb") as f:
        f.write(data)
    os.replace(tmp, path)


def read_deck(path):
    """The records of a deck file, as lists of strings (for tools and tests)."""
    with open(path, "rb") as f:
        data = f.read()
    magic, count, _ = struct.unpack_from("<4sHI", data)
    if magic != b"DCK1":
        raise ValueError("%s is not a deck file" % path)
    records = []
    for i in range(count):
        offset, length, _ = struct.unpack_from("<IHI", data, 10 + 10 * i)
        records.append(data[offset : offset + length].decode("utf-8").split(SEP))
    return records
