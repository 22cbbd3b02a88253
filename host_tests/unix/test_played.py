# The played record (firmware/app/played.py): kept by card id, so a new edition of a deck
# (cards added, removed, reordered) still knows which of its cards this device has played.
# Runs inside the MicroPython unix port.
import binascii
import hashlib
import io
import struct

from app import deck as played
from app.deck import Deck
from games.rng import Rng


def deck_of(ids):
    """A deck file (tools/deckfile.py's format) whose cards have these ids."""
    data = [(i + "\x1fQuestion about " + i).encode() for i in ids]
    at = 10 + 12 * len(data)
    index = b""
    for d in data:
        index += struct.pack("<IHI", at, len(d), binascii.crc32(d) & 0xFFFFFFFF)
        at += len(d)
    for i in ids:
        index += struct.pack("<H", key(i))
    head = struct.pack("<4sHI", b"DCK2", len(data), binascii.crc32(index) & 0xFFFFFFFF)
    return Deck(io.BytesIO(head + index + b"".join(data)), "quiz")


def key(card_id):  # as tools/deckfile.py makes them
    return struct.unpack("<H", hashlib.sha256(card_id.encode()).digest()[:2])[0]


def ids_of(deck, picks):
    return sorted(deck.card(i)[0] for i in picks)


def test_a_new_edition_keeps_what_was_played_of_the_cards_it_still_has():
    first = deck_of(["q%d" % i for i in range(40)])
    rec = None
    for i in (3, 7, 11, 20):  # q3, q7, q11, q20 played on the first edition
        was, before = rec, rec and rec["bits"]
        rec = played.mark(rec, first, i)
        assert rec is not was and (was is None or was["bits"] == before)  # a new record
    # The second edition: q7 is gone, twenty new cards, and the order is reversed.
    ids = ["q%d" % i for i in range(40) if i != 7] + ["new%d" % i for i in range(20)]
    second = deck_of(list(reversed(ids)))
    seen = played.bits(rec, second)
    flagged = ids_of(second, [i for i in range(second.count) if played.is_set(seen, i)])
    # By the rule: a card counts as played when its id's bit is one of the played ids'
    # bits (the record keeps 64: the first power of two from 64 up that holds 59 cards).
    n = rec["n"]
    assert n == 64
    bits = {key(i) % n for i in ("q3", "q7", "q11", "q20")}
    assert flagged == sorted(i for i in ids if key(i) % n in bits)
    assert {"q3", "q11", "q20"} <= set(flagged) and len(flagged) < 12
    picks, kept = played.draw(rec, second, second.count - len(flagged), Rng(5))
    assert kept is rec  # enough cards were left: the record stays
    assert not set(flagged) & set(ids_of(second, picks))  # every other card first


def test_a_used_up_deck_starts_afresh_and_a_damaged_record_is_reset():
    deck = deck_of(["a", "b", "c", "d"])
    rec = None
    for i in range(4):
        rec = played.mark(rec, deck, i)
    picks, fresh = played.draw(rec, deck, 2, Rng(1))
    assert len(picks) == 2 and all(played.is_set(played.bits(rec, deck), i) for i in range(4))
    assert not any(played.bits(fresh, deck))  # used up: all fresh again, in the record kept
    damaged = {"n": rec["n"], "bits": ["x"] + rec["bits"][1:]}  # not a number
    assert not any(played.bits(damaged, deck))
    seen = played.bits(played.mark(damaged, deck, 1), deck)
    assert [played.is_set(seen, i) for i in range(4)] == [0, 1, 0, 0]
