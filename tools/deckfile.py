"""A library, not a tool: writes the compiled deck files the firmware reads one card at a
time (app/deck.py).

A card's id (its first field) is the content's: the device knows a card by its key, a
hash of the id in the deck's index, and never shows the id. So the compiled card keeps
the field, empty: the other fields keep their places, and a Say When! deck is 15 KB (four
blocks of a board's flash) the smaller."""

import hashlib
import os
import shutil
import struct
import tempfile
import zlib
from pathlib import Path

SEP = "\x1f"
MAGIC = b"DCK2"
HEAD = "<4sHI"  # magic, card count, crc32 of the index and the keys
ENTRY = "<IHI"  # offset, length, crc32 of the card
KEY = "<H"  # after the index, one a card: the first 16 bits of the SHA-256 of its id
# The header counts cards and each index entry a card's bytes in 16 bits.
MOST_CARDS = 0xFFFF
MOST_CARD_BYTES = 0xFFFF


def card_bytes(fields):
    """A card as the deck stores it: its fields in UTF-8, joined by the separator 0x1F."""
    for field in fields:
        if SEP in field:
            raise ValueError("a field holds the separator 0x1F: %r" % field)
    return SEP.join(fields).encode("utf-8")


def card_key(fields):
    """What the device's played record knows a card by: its id (the first field), so a
    new edition of a deck keeps what was played of the cards it still has. SHA-256, not
    CRC32: ids that differ in a digit ("q3", "q4") would share low CRC bits too often."""
    return struct.unpack("<H", hashlib.sha256(fields[0].encode("utf-8")).digest()[:2])[0]


def deck_bytes(records):
    """The deck file for `records`, each a sequence of strings. The content compiler checks
    every limit first, with the file and line to blame; these raise only if it missed one."""
    if len(records) > MOST_CARDS:
        raise ValueError("%d cards: a deck holds at most %d" % (len(records), MOST_CARDS))
    blobs = [card_bytes([""] + list(fields[1:])) for fields in records]
    head_size, entry_size = struct.calcsize(HEAD), struct.calcsize(ENTRY)
    offset = head_size + (entry_size + struct.calcsize(KEY)) * len(blobs)
    index = bytearray()
    for blob in blobs:
        if len(blob) > MOST_CARD_BYTES:
            raise ValueError("a card of %d bytes: at most %d" % (len(blob), MOST_CARD_BYTES))
        index += struct.pack(ENTRY, offset, len(blob), zlib.crc32(blob))
        offset += len(blob)
    index += b"".join(struct.pack(KEY, card_key(fields)) for fields in records)
    head = struct.pack(HEAD, MAGIC, len(blobs), zlib.crc32(bytes(index)))
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
    """The records of a deck file, as lists of strings (for tools and tests): each id
    empty (the keys hold them: read_keys); a deck of the first format (DCK1, before the
    keys) reads the same."""
    with open(path, "rb") as f:
        data = f.read()
    magic, count, _ = struct.unpack_from(HEAD, data)
    if magic not in (MAGIC, b"DCK1"):  # DCK1: the same, without the keys
        raise ValueError("%s is not a deck file" % path)
    entry_at, entry_size = struct.calcsize(HEAD), struct.calcsize(ENTRY)
    records = []
    for i in range(count):
        offset, length, _ = struct.unpack_from(ENTRY, data, entry_at + entry_size * i)
        records.append(data[offset : offset + length].decode("utf-8").split(SEP))
    return records


def read_keys(path):
    """Each card's key, in order: what the played record knows it by (card_key)."""
    data = Path(path).read_bytes()
    magic, count, _ = struct.unpack_from(HEAD, data)
    if magic != MAGIC:
        raise ValueError("%s is not a deck file with keys" % path)
    at = struct.calcsize(HEAD) + struct.calcsize(ENTRY) * count
    return list(struct.unpack_from("<%dH" % count, data, at))


if __name__ == "__main__":
    from tools import not_a_tool

    not_a_tool(__doc__)
