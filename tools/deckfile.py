"""Writes the compiled deck files the firmware reads one card at a time (app/deck.py)."""

import os
import shutil
import struct
import tempfile
import zlib
from pathlib import Path

SEP = "\x1f"
HEAD = "<4sHI"  # magic, card count, crc32 of the index
ENTRY = "<IHI"  # offset, length, crc32 of the card
# The header counts cards and each index entry a card's bytes in 16 bits.
MOST_CARDS = 0xFFFF
MOST_CARD_BYTES = 0xFFFF


def card_bytes(fields):
    """A card as the deck stores it: its fields in UTF-8, joined by the separator 0x1F."""
    for field in fields:
        if SEP in field:
            raise ValueError("a field holds the separator 0x1F: %r" % field)
    return SEP.join(fields).encode("utf-8")


def deck_bytes(records):
    """The deck file for `records`, each a sequence of strings. The content compiler checks
    every limit first, with the file and line to blame; these raise only if it missed one."""
    if len(records) > MOST_CARDS:
        raise ValueError("%d cards: a deck holds at most %d" % (len(records), MOST_CARDS))
    blobs = [card_bytes(fields) for fields in records]
    head_size, entry_size = struct.calcsize(HEAD), struct.calcsize(ENTRY)
    offset = head_size + entry_size * len(blobs)
    index = bytearray()
    for blob in blobs:
        if len(blob) > MOST_CARD_BYTES:
            raise ValueError("a card of %d bytes: at most %d" % (len(blob), MOST_CARD_BYTES))
        index += struct.pack(ENTRY, offset, len(blob), zlib.crc32(blob))
        offset += len(blob)
    head = struct.pack(HEAD, b"DCK1", len(blobs), zlib.crc32(bytes(index)))
    return head + bytes(index) + b"".join(blobs)


def write_decks(out, decks):
    """Writes {file name: bytes} into the folder `out`, all or none: every file goes into a
    scratch folder beside `out` first (same filesystem, so a rename moves it), and only
    when all of them are written is each renamed over its old self (os.replace: a reader
    sees the old file or the new one, never a part). A failure before the renames leaves
    `out` as it was."""
    out = Path(out)
    out.parent.mkdir(parents=True, exist_ok=True)
    scratch = Path(tempfile.mkdtemp(prefix="." + out.name + "-", dir=out.parent))
    try:
        for name, data in decks.items():
            (scratch / name).write_bytes(data)
            if (out / name).is_dir():  # os.replace would fail half-way through the set
                raise IsADirectoryError(21, "a folder is in the way", str(out / name))
        out.mkdir(exist_ok=True)
        for name in decks:
            os.replace(scratch / name, out / name)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def read_deck(path):
    """The records of a deck file, as lists of strings (for tools and tests)."""
    with open(path, "rb") as f:
        data = f.read()
    magic, count, _ = struct.unpack_from(HEAD, data)
    if magic != b"DCK1":
        raise ValueError("%s is not a deck file" % path)
    entry_at, entry_size = struct.calcsize(HEAD), struct.calcsize(ENTRY)
    records = []
    for i in range(count):
        offset, length, _ = struct.unpack_from(ENTRY, data, entry_at + entry_size * i)
        records.append(data[offset : offset + length].decode("utf-8").split(SEP))
    return records
