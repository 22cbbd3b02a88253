"""Which cards of each deck this device has played, so later games get fresh ones.

Kept by card id, so a new edition of a deck keeps what was played of the cards it still
has: the deck stores each card's key (16 bits of a hash of its id, tools/deckfile.py),
and the key picks one of `n` bits in the saved "played" dict under the deck's name (n, a
power of two, at least twice the deck's cards: two cards rarely share a bit, and when
they do, playing one makes the other count as played too). A deck that outgrows its n,
or a record that is damaged (the wrong length, or not hex), starts afresh. When too few
unplayed cards are left for a game, the deck is used up and every card is fresh again.

A game is handed the dict and puts a new record in it where a card is played (a record is
never changed in place); the core saves the dict when a record in it is new
(App.save_session).
"""

import binascii

from micropython import const

_HEX = const("0123456789abcdef")


def _record(rec, deck):
    """`rec` if it is a sound record for the deck, else a fresh one (no card played)."""
    n = 64
    while n < 2 * deck.count:
        n *= 2
    if (
        not isinstance(rec, dict)
        or rec.get("n") != n
        or not isinstance(rec.get("bits"), str)
        or len(rec["bits"]) != n // 4
        or rec["bits"].strip(_HEX)  # not all hex: damaged
    ):
        rec = {"n": n, "bits": "00" * (n // 8)}
    return rec


def bits(rec, deck):
    """One byte a card, in deck order: 1 where the card counts as played (test is_set), by
    the deck's record `rec` (None, or a damaged one: none)."""
    rec = _record(rec, deck)
    n, marks = rec["n"], binascii.unhexlify(rec["bits"])
    out = bytearray(deck.count)
    for i, key in enumerate(deck.keys()):  # noqa: SIM118 - a Deck's keys, not a dict's
        b = key % n
        out[i] = marks[b >> 3] >> (b & 7) & 1
    return out


def is_set(bits, i):
    return bits[i]


def draw(rec, deck, k, rng, exclude=()):
    """(k different card indexes, unplayed on this device where possible, never in exclude;
    the record to keep): `rec` as it was, or a fresh one when the deck was used up."""
    seen = bits(rec, deck)

    def free(i):
        return not seen[i] and i not in exclude and i not in picks

    picks = []
    left = sum(1 for i in range(deck.count) if free(i))
    if left < k:  # the deck is used up: start it afresh
        rec = _record(None, deck)
        seen = bytearray(deck.count)
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
    """The deck's record `rec` with card `index` played: a new record (`rec` is left as it
    was)."""
    rec = _record(rec, deck)
    for i, key in enumerate(deck.keys()):  # noqa: SIM118 - a Deck's keys, not a dict's
        if i == index:
            b = key % rec["n"]
            break
    marks = bytearray(binascii.unhexlify(rec["bits"]))
    marks[b >> 3] |= 1 << (b & 7)
    return {"n": rec["n"], "bits": str(binascii.hexlify(marks), "ascii")}
