"""Which cards of each deck this device has played, so later games get fresh ones.

Kept by card id, so a new edition of a deck keeps what was played of the cards it still
has: the deck stores each card's key (16 bits of a hash of its id, tools/deckfile.py),
and the key picks one of `n` bits in the saved "played" dict under the deck's name (n, a
power of two, at least the deck's cards: when two cards share a bit, playing one makes
the other count as played too, until the deck is used up; a bigger n would cost the
record's 1 KB and more in one piece of a heap that may be cut small by then). A deck
that outgrows its n, or a record that is damaged (the wrong length, or not hex), starts
afresh. When too few unplayed cards are left for a game, the deck is used up and every
card is fresh again.
"""

import binascii

from micropython import const

_HEX = const("0123456789abcdef")


def _record(app, name, deck):
    n = 64
    while n < deck.count:
        n *= 2
    rec = app.played.get(name)
    if (
        not isinstance(rec, dict)
        or rec.get("n") != n
        or not isinstance(rec.get("bits"), str)
        or len(rec["bits"]) != n // 4
        or rec["bits"].strip(_HEX)  # not all hex: damaged
    ):
        rec = {"n": n, "bits": "00" * (n // 8)}
        app.played[name] = rec
    return rec


def bits(app, name, deck):
    """One bit a card, in deck order: set where the card counts as played (is_set)."""
    rec = _record(app, name, deck)
    n, marks = rec["n"], binascii.unhexlify(rec["bits"])
    out = bytearray((deck.count + 7) >> 3)
    for i, key in enumerate(deck.keys()):  # noqa: SIM118 - a Deck's keys, not a dict's
        b = key % n
        if marks[b >> 3] >> (b & 7) & 1:
            out[i >> 3] |= 1 << (i & 7)
    return out


def is_set(bits, i):
    return bits[i >> 3] >> (i & 7) & 1


def draw(app, name, deck, k, rng, exclude=()):
    """k different card indexes, unplayed on this device where possible, never in exclude."""
    seen = bits(app, name, deck)

    def free(i):
        return not is_set(seen, i) and i not in exclude and i not in picks

    picks = []
    left = sum(1 for i in range(deck.count) if free(i))
    if left < k:  # the deck is used up: start it afresh
        rec = _record(app, name, deck)
        rec["bits"] = "00" * (rec["n"] // 8)
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
    return picks


def mark(app, name, deck, index):
    """Card `index` has been played: remember it (saved at once, between questions)."""
    rec = _record(app, name, deck)
    for i, key in enumerate(deck.keys()):  # noqa: SIM118 - a Deck's keys, not a dict's
        if i == index:
            b = key % rec["n"]
            break
    marks = bytearray(binascii.unhexlify(rec["bits"]))
    marks[b >> 3] |= 1 << (b & 7)
    rec["bits"] = str(binascii.hexlify(marks), "ascii")
    app.effects.append(("save", "played", app.played))
