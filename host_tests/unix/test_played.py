# The played record (firmware/app/played.py): kept by card id, so a new edition of a deck
# (cards added, removed, reordered) still knows which of its cards this device has played.
# Runs inside the MicroPython unix port.
import binascii
import hashlib
import io
import struct

from app import dealer
from app import deck as played
from app.deck import Deck
from games.rng import Rng


def deck_of(ids, keys=None):
    """A deck file (tools/deckfile.py's format) whose cards have these ids, and these keys
    (by default, as tools/deckfile.py makes them)."""
    data = [(i + "\x1fQuestion about " + i).encode() for i in ids]
    at = 10 + 12 * len(data)
    index = []
    for d in data:
        index.append(struct.pack("<IHI", at, len(d), binascii.crc32(d) & 0xFFFFFFFF))
        at += len(d)
    keys = keys or [key(i) for i in ids]
    index = b"".join(index) + b"".join(struct.pack("<H", k) for k in keys)
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
    picks, kept = dealer.draw(rec, second, second.count - len(flagged), Rng(5))
    assert kept is rec  # enough cards were left: the record stays
    assert not set(flagged) & set(ids_of(second, picks))  # every other card first


def test_a_used_up_deck_starts_afresh_and_a_damaged_record_is_reset():
    deck = deck_of(["a", "b", "c", "d"])
    rec = None
    for i in range(4):
        rec = played.mark(rec, deck, i)
    picks, fresh = dealer.draw(rec, deck, 2, Rng(1))
    assert len(picks) == 2 and all(played.is_set(played.bits(rec, deck), i) for i in range(4))
    assert not any(played.bits(fresh, deck))  # used up: all fresh again, in the record kept
    damaged = {"n": rec["n"], "bits": rec["bits"][1:]}  # too short
    assert not any(played.bits(damaged, deck))
    seen = played.bits(played.mark(damaged, deck, 1), deck)
    assert [played.is_set(seen, i) for i in range(4)] == [0, 1, 0, 0]


def nth_free(r, free):
    """The rng's r-th card, in deck order, of those for which free(i)."""
    i = 0
    while True:
        if free(i):
            if r == 0:
                return i
            r -= 1
        i += 1


def first_draw(rec, deck, k, rng, exclude=()):
    # The deal as it was first written: each pick the rng's r-th card, in deck order, of
    # those unplayed, not excluded and not picked yet; too few such: the deck afresh.
    rec = played.record(rec, deck.count)
    seen = played.bits(rec, deck)
    picks, exclude = [], list(exclude)

    def free(i):
        return i < deck.count and not played.is_set(seen, i) and i not in exclude + picks

    left = sum(1 for i in range(deck.count) if free(i))
    if left < k:
        rec = played.record(None, deck.count)
        seen = bytearray(len(seen))
        left = sum(1 for i in range(deck.count) if free(i))
    for _ in range(min(k, left)):
        picks.append(nth_free(rng.below(left), free))
        left -= 1
    return picks, rec


def slow_draw(rec, deck, k, rng, exclude=()):
    # The deal's specification, as app.deck.draw says: each draw the rng's r-th card, in
    # deck order, of those not excluded, not picked and not found played yet; a card found
    # played is put aside. Past 2k + 16 of those (or no card left to draw on), the rest are
    # dealt as first written, the cards put aside excluded (too few: the deck afresh).
    rec = played.record(rec, deck.count)
    seen = played.bits(rec, deck)
    if not any(seen):
        return first_draw(rec, deck, k, rng, exclude)
    picks, aside, exclude = [], [], list(exclude)

    def free(i):
        return i < deck.count and i not in exclude + picks + aside

    while len(picks) < k:
        left = sum(1 for i in range(deck.count) if free(i))
        if len(aside) > 2 * k + 16 or not left:
            unplayed = [i for i in range(deck.count) if free(i) and not played.is_set(seen, i)]
            if len(unplayed) < k - len(picks):  # the deck used up: afresh
                return first_draw(None, deck, k, rng, exclude)
            rest, _ = first_draw(rec, deck, k - len(picks), rng, exclude + picks + aside)
            return picks + rest, rec
        i = nth_free(rng.below(left), free)
        (aside if played.is_set(seen, i) else picks).append(i)
    return picks, rec


def played_deck(size, rng, keys=None):
    """A deck of `size` cards and a record of some of them played: each a card in four."""
    deck = deck_of(["c%d" % i for i in range(size)], keys)
    rec = None
    for i in range(size):
        if not rng.below(4):
            rec = played.mark(rec, deck, i)
    return deck, rec


def test_the_deal_is_as_specified_and_a_new_device_s_as_first_written():
    rng = Rng(7)
    for size in (1, 7, 8, 9, 16, 61, 200):
        deck = deck_of(["c%d" % i for i in range(size)])
        rec = None
        for round_ in range(12):
            k = 1 + rng.below(min(size, 20))
            exclude = [rng.below(size) for _ in range(rng.below(4))]
            seed = rng.below(1 << 30)
            got = dealer.draw(rec, deck, k, Rng(seed), exclude)
            want = slow_draw(rec, deck, k, Rng(seed), exclude)
            assert got[0] == want[0], (size, round_, got[0], want[0])
            assert got[1] == want[1]
            if rec is None or not any(played.bits(rec, deck)):  # as a new device's always was
                assert got == first_draw(rec, deck, k, Rng(seed), exclude)
            rec = got[1]
            for i in got[0][: 1 + rng.below(len(got[0]) or 1)]:  # some of them played
                rec = played.mark(rec, deck, i)


def test_a_deal_deals_the_unplayed_cards_alike():
    # A quarter of a 40-card deck played: over many seeds, each unplayed card as often as
    # any other (a draw that lands on a played card draws again, from them all).
    deck, rec = played_deck(40, Rng(3))
    seen = played.bits(rec, deck)
    fresh = [i for i in range(40) if not played.is_set(seen, i)]
    counts = [0] * 40
    for seed in range(3000):
        picks, kept = dealer.draw(rec, deck, 3, Rng(seed))
        assert kept is rec and len(set(picks)) == 3
        for i in picks:
            counts[i] += 1
    assert [i for i in range(40) if counts[i]] == fresh
    mean = 9000 / len(fresh)
    assert all(abs(counts[i] - mean) < 0.25 * mean for i in fresh), counts


def test_a_deal_on_a_played_deck_reads_the_keys_it_lands_on_not_every_key():
    deck, rec = played_deck(300, Rng(5), list(range(300)))  # (a key a card: no two share)
    reads = []

    class Counted:  # the deck's file, its reads noted
        def __init__(self, f):
            self.f = f

        def readinto(self, buf):
            got = self.f.readinto(buf)
            reads.append(got)
            return got

        def __getattr__(self, name):
            return getattr(self.f, name)

    deck._f = Counted(deck._f)
    for seed in range(20):
        del reads[:]
        picks, kept = dealer.draw(rec, deck, 20, Rng(seed))
        assert len(reads) < 40 and set(reads) == {2}, reads  # a key a read (a pass: 128s)
        assert kept is rec and len(set(picks)) == 20
        assert not any(played.is_set(played.bits(rec, deck), i) for i in picks)


def test_a_deck_mostly_played_deals_its_last_cards_by_one_pass():
    # Nine cards in ten played: a deal lands on more played cards than it may (2k + 16)
    # and one pass over the keys finds the rest, as the specification says.
    deck = deck_of(["c%d" % i for i in range(200)], list(range(200)))  # (a key a card)
    rec = None
    for i in range(200):
        if i % 10:
            rec = played.mark(rec, deck, i)
    for seed in range(12):
        got = dealer.draw(rec, deck, 15, Rng(seed))
        assert got == slow_draw(rec, deck, 15, Rng(seed)), seed
        assert got[1] is rec and len(set(got[0])) == 15
        assert all(i % 10 == 0 for i in got[0])  # the unplayed cards alone
