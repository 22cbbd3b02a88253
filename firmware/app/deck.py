"""Reads compiled decks one card at a time (format written by tools/deckfile.py).

    b"DCK2", u16 count, u32 crc32 of the index and the keys
    count x (u32 offset, u16 length, u32 crc32 of the record)
    count x u16 key: 16 bits of the SHA-256 of the card's id (its first field)
    records: UTF-8 fields joined by the unit separator 0x1F

A deck of 800 questions would not fit in a Pico's RAM as Python objects, so only the card
being played is ever read, straight from flash. Every record carries its own checksum and
the index one more, so a truncated or corrupted file is caught and reported as a DeckError
(a readable message for the error screen) instead of showing garbage.

The record of the cards played:
Which cards of each deck this device has played, so later games get fresh ones.

Kept by card id, so a new edition of a deck keeps what was played of the cards it still
has: the deck stores each card's key (16 bits of a hash of its id, tools/deckfile.py),
and the key picks one of `n` bits in the saved "played" dict under the deck's name (n, a
power of two, at least the deck's cards: when two cards share a bit, playing one makes
the other count as played too, until the deck is used up). The bits are kept as a list
of 16-bit numbers: marking a card sets one bit of that list in place, so nothing of the
record's size is allocated mid-game (a new copy would need a block that a heap cut into
pieces late in an evening may not have). A deck that outgrows its n, or a record that is
damaged (the wrong length or type), starts afresh. When too few unplayed cards are left
for a game, the deck is used up and every card is fresh again (app.dealer deals them).

A game is handed the dict and puts the record mark() returns in it where a card is
played: a new (small) record each time, so the core sees that the dict must be saved
(App.save_session compares the records it holds with those it last saved).
"""

import binascii
import struct
from array import array

from micropython import const

_HEAD = const("<4sHI")
_HEAD_SIZE = const(10)
_ENTRY = const("<IHI")
_ENTRY_SIZE = const(10)
_SEP = const("\x1f")
_CHUNK = const(64)  # fields() reads a record this much at a time
# Opening a deck checks its index this much at a time, and a pass reads the keys so: 128
# bytes, not 240, held while a game plays, where four phones leave the heap no room.
_INDEX_CHUNK = const(128)
# ... read into this, made once: a game's start leaves no garbage among its modules (made
# from a range, which is sized at once, not from bytes made and dropped). Its items
# are u16s, little-endian on the RP2040 and a PC as in the file: the keys are read as
# numbers where they are read a thousand at a time (bits), not made of two bytes each.
_INDEX = array("H", range(_INDEX_CHUNK >> 1))
_KEY = array("H", (0,))  # one card's key (Deck.key): a deal reads a few dozen


class DeckError(ValueError):
    pass


class Deck:
    def __init__(self, f, name, indexed=False):
        """The deck `name` in the file `f`. `indexed`: its index and keys were found whole
        at boot (wake.py), so that a game's start need not read them again: the flash
        does not change under a running device (a new install resets it)."""
        self.name = name
        self._f = f
        head = f.read(_HEAD_SIZE)
        if len(head) != _HEAD_SIZE:
            raise DeckError("%s deck is empty or cut short" % name)
        magic, self.count, index_crc = struct.unpack(_HEAD, head)
        if magic != b"DCK2":
            raise DeckError("%s deck is not a deck file" % name)
        # The index and the keys, checked in one pass of pieces, not an entry at a time: a
        # read costs flash time, and a deck of a thousand cards is a game's start.
        if not indexed:
            left = self.count * (_ENTRY_SIZE + 2)  # (even, as is the chunk: a slice
            crc = 0  # of the u16s is of half as many)
            whole = memoryview(_INDEX)
            while left:
                got = f.readinto(whole if left >= _INDEX_CHUNK else whole[: left >> 1])
                if not got:
                    break
                crc = binascii.crc32(whole if got == _INDEX_CHUNK else whole[: got >> 1], crc)
                left -= got
            if left or crc & 0xFFFFFFFF != index_crc:
                raise DeckError("%s deck index is damaged" % name)
        # The records follow in index order (tools/deckfile.py): the last one ends the file.
        end = _HEAD_SIZE + self.count * (_ENTRY_SIZE + 2)
        if self.count:
            length, _ = self._entry(self.count - 1)
            end = f.tell() + length
        f.seek(0, 2)
        if f.tell() != end:
            raise DeckError("%s deck is cut short or has extra bytes" % name)

    def _entry(self, i):
        """Card i's (length, crc32), with the file placed at the card's first byte."""
        if not 0 <= i < self.count:
            raise DeckError("%s deck has no card %d" % (self.name, i))
        f = self._f
        f.seek(_HEAD_SIZE + i * _ENTRY_SIZE)
        offset, length, crc = struct.unpack(_ENTRY, f.read(_ENTRY_SIZE))
        f.seek(offset)
        return length, crc

    def keys(self, into):
        """Reads each card's key (what the played record knows a card by), in order, into
        `into` (an array of u16s) a piece at a time, yielding how many each piece holds;
        nothing else may read the deck until the last is taken."""
        f = self._f
        f.seek(_HEAD_SIZE + self.count * _ENTRY_SIZE)
        left = self.count
        whole = memoryview(into)
        while left:
            got = f.readinto(whole if left >= len(into) else whole[:left]) >> 1
            if not got:
                raise DeckError("%s deck index is cut short" % self.name)
            left -= got
            yield got

    def key(self, i):
        """Card i's key (0 <= i < count: the index, keys and all, was found whole)."""
        self._f.seek(_HEAD_SIZE + self.count * _ENTRY_SIZE + 2 * i)
        self._f.readinto(_KEY)
        return _KEY[0]

    def card(self, i):
        """The fields of card i, as a list of strings; DeckError unless it reads back
        whole (a game puts such a card aside)."""
        length, crc = self._entry(i)
        data = self._f.read(length)
        if len(data) != length or binascii.crc32(data) & 0xFFFFFFFF != crc:
            raise DeckError("%s deck: card %d is damaged" % (self.name, i + 1))
        return str(data, "utf-8").split(_SEP)

    def fields(self, i, first, count):
        """Fields first .. first+count-1 of card i (fewer past its end), and how many fields
        the card has. The record is read in small pieces and only those fields are kept, so
        a long card (a Stay Cool verbal card is 41 fields) needs no large block of a
        fragmented heap; its checksum is still checked."""
        length, crc = self._entry(i)
        f = self._f
        out, part, field, done, check = [], b"", 0, 0, 0
        while done < length:
            chunk = f.read(min(_CHUNK, length - done))
            if not chunk:
                break
            done += len(chunk)
            check = binascii.crc32(chunk, check)
            start = 0
            while True:
                j = chunk.find(b"\x1f", start)
                if first <= field < first + count:
                    part += chunk[start : len(chunk) if j < 0 else j]
                if j < 0:
                    break
                if first <= field < first + count:
                    out.append(str(part, "utf-8"))
                    part = b""
                field += 1
                start = j + 1
        if done != length or check & 0xFFFFFFFF != crc:
            raise DeckError("%s deck: card %d is damaged" % (self.name, i + 1))
        if first <= field < first + count:
            out.append(str(part, "utf-8"))
        return out, field + 1


def record(rec, count):
    """`rec` if it is a record for a deck of `count` cards, else a fresh one (no card
    played). Made at boot for every deck (wake.py), the fresh ones too: a deal, at a
    game's start, when the heap is fullest, then makes none. Its numbers are not checked
    one by one here: a record read from flash was, at boot (app.session.clean_played), and
    after that only mark() writes one; checked at every deal, they were a third of it."""
    n = 64
    while n < count:
        n *= 2
    if type(rec) is not dict or rec.get("n") != n:
        return {"n": n, "bits": [0] * (n >> 4)}
    bits = rec.get("bits")
    if type(bits) is not list or len(bits) != n >> 4:
        return {"n": n, "bits": [0] * (n >> 4)}
    return rec


def bits(rec, deck):
    """One bit a card, in deck order: set where the card counts as played (test is_set),
    by the deck's record `rec` (None, or a damaged one: none). A pass over every card
    (Scattergories' lists, at each round; a deal where much of its deck is played,
    app.dealer), kept to a few operations a card, the keys read as numbers."""
    rec = record(rec, deck.count)
    marks = rec["bits"]
    out = bytearray((deck.count + 7) >> 3)
    if not any(marks):  # nothing played yet (a new device, a deck just used up)
        return out
    mask = rec["n"] - 1  # (n a power of two: a key's bit is its low bits)
    i = 0
    for got in deck.keys(_INDEX):
        for j in range(got):
            b = _INDEX[j] & mask
            if marks[b >> 4] >> (b & 15) & 1:
                out[i >> 3] |= 1 << (i & 7)
            i += 1
    return out


def is_set(bits, i):
    return bits[i >> 3] >> (i & 7) & 1


def mark(rec, deck, index):
    """The deck's record with card `index` played: a new record, whose bits are `rec`'s
    list with the card's bit set (in place: see above)."""
    rec = record(rec, deck.count)
    if 0 <= index < deck.count:  # (else a card of a larger deck, flashed over since)
        b = deck.key(index) & (rec["n"] - 1)
        rec["bits"][b >> 4] |= 1 << (b & 15)
    return {"n": rec["n"], "bits": rec["bits"]}
