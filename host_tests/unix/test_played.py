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


def slow_draw(rec, deck, k, rng, exclude=()):
    # The deal as it was first written, its specification: each pick the rng's r-th card,
    # in deck order, of those unplayed, not excluded and not picked yet.
    rec = played.record(rec, deck.count)
    seen = played.bits(rec, deck)

    def free(i):
        return not played.is_set(seen, i) and i not in exclude and i not in picks

    picks = []
    left = sum(1 for i in range(deck.count) if free(i))
    if left < k:
        rec = played.record(None, deck.count)
        seen = bytearray(len(seen))
        left = sum(1 for i in range(deck.count) if free(i))
    for _ in range(min(k, left)):
        r = rng.below(left)
        for i in range(deck.count):
            if free(i):
                if r == 0:
                    picks.append(i)
                    break
                r -= 1
        left -= 1
    return picks, rec


def test_the_deal_is_the_rng_s_r_th_free_card_as_ever():
    rng = Rng(7)
    for size in (1, 7, 8, 9, 16, 61, 200):
        deck = deck_of(["c%d" % i for i in range(size)])
        rec = None
        for round_ in range(12):
            k = 1 + rng.below(min(size, 20))
            exclude = [rng.below(size) for _ in range(rng.below(4))]
            seed = rng.below(1 << 30)
            got = played.draw(rec, deck, k, Rng(seed), exclude)
            want = slow_draw(rec, deck, k, Rng(seed), exclude)
            assert got[0] == want[0], (size, round_, got[0], want[0])
            assert got[1] == want[1]
            rec = got[1]
            for i in got[0][: 1 + rng.below(len(got[0]) or 1)]:  # some of them played
                rec = played.mark(rec, deck, i)
