"""Which cards of each deck this device has played, so later games get fresh ones.

Kept by card id, so a new edition of a deck keeps what was played of the cards it still
has: the deck stores each card's key (16 bits of a hash of its id, tools/deckfile.py),
and the key picks one of `n` bits in the saved "played" dict under the deck's name (n, a
power of two, at least the deck's cards: when two cards share a bit, playing one makes
the other count as played too, until the deck is used up). The bits are kept as a list
of 16-bit numbers: marking a card sets one bit of that list in place, so nothing of the
record's size is allocated mid-game (a new copy would need a block that a heap cut into
pieces late in an evening may not have). A deck that outgrows its n, or a record that is
damaged (the wrong length or type), starts afresh. When too few unplayed cards are left
for a game, the deck is used up and every card is fresh again.

A game is handed the dict and puts the record mark() returns in it where a card is
played: a new (small) record each time, so the core sees that the dict must be saved
(App.save_session compares the records it holds with those it last saved).
"""

from app.saved import counts


def record(rec, count):
    """`rec` if it is a sound record for a deck of `count` cards, else a fresh one (no card
    played). Made at boot for every deck (wake.py), the fresh ones too, so that a deal,
    a game's heaviest moment, needs no block of the record's size in one piece."""
    n = 64
    while n < count:
        n *= 2
    good = isinstance(rec, dict) and rec.get("n") == n
    if not good or not counts(rec.get("bits"), 0xFFFF, n >> 4):
        rec = {"n": n, "bits": [0] * (n >> 4)}
    return rec


def bits(rec, deck):
    """One bit a card, in deck order: set where the card counts as played (test is_set),
    by the deck's record `rec` (None, or a damaged one: none)."""
    rec = record(rec, deck.count)
    n, marks = rec["n"], rec["bits"]
    out = bytearray((deck.count + 7) >> 3)
    for i, key in enumerate(deck.keys()):  # noqa: SIM118 - a Deck's keys, not a dict's
        b = key % n
        if marks[b >> 4] >> (b & 15) & 1:
            out[i >> 3] |= 1 << (i & 7)
    return out


def is_set(bits, i):
    return bits[i >> 3] >> (i & 7) & 1


def draw(rec, deck, k, rng, exclude=()):
    """(k different card indexes, unplayed on this device where possible, never in exclude;
    the record to keep): `rec` as it was if sound, or a fresh one (none yet, damaged, or
    the deck used up). So the record is whole from the deal on, and marking a card later,
    mid-game, allocates none of its size."""
    rec = record(rec, deck.count)
    seen = bits(rec, deck)

    def free(i):
        return not is_set(seen, i) and i not in exclude and i not in picks

    picks = []
    left = sum(1 for i in range(deck.count) if free(i))
    if left < k:  # the deck is used up: start it afresh
        rec = record(None, deck.count)
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


def mark(rec, deck, index):
    """The deck's record with card `index` played: a new record, whose bits are `rec`'s
    list with the card's bit set (in place: see above)."""
    rec = record(rec, deck.count)
    for i, key in enumerate(deck.keys()):  # noqa: SIM118 - a Deck's keys, not a dict's
        if i == index:
            b = key % rec["n"]
            rec["bits"][b >> 4] |= 1 << (b & 15)
            break
    return {"n": rec["n"], "bits": rec["bits"]}
