"""Which cards of each deck this device has played, so later games get fresh ones.

One bit per card, kept as hex in the saved "played" dict under the deck's name, with the
deck's checksum: a re-flashed, different deck starts afresh, and so does a record that is
damaged (the wrong length, or not hex). When too few unplayed cards are left for a game,
the deck is used up and every card is fresh again.
"""

import binascii

from micropython import const

_HEX = const("0123456789abcdef")


def _record(app, name, deck):
    nbytes = (deck.count + 7) // 8
    rec = app.played.get(name)
    if (
        not isinstance(rec, dict)
        or rec.get("sum") != deck.checksum
        or not isinstance(rec.get("bits"), str)
        or len(rec["bits"]) != 2 * nbytes
        or rec["bits"].strip(_HEX)  # not all hex: damaged
    ):
        rec = {"sum": deck.checksum, "bits": "00" * nbytes}
        app.played[name] = rec
    return rec


def bits(app, name, deck):
    """The deck's played bits, one per card, as a bytearray (test one with is_set)."""
    return bytearray(binascii.unhexlify(_record(app, name, deck)["bits"]))


def is_set(bits, i):
    return bits[i >> 3] >> (i & 7) & 1


def draw(app, name, deck, k, rng, exclude=()):
    """k different card indexes, unplayed on this device where possible, never in exclude."""
    rec = _record(app, name, deck)
    bits = bytearray(binascii.unhexlify(rec["bits"]))

    def free(i):
        return not is_set(bits, i) and i not in exclude and i not in picks

    picks = []
    left = sum(1 for i in range(deck.count) if free(i))
    if left < k:  # the deck is used up: start it afresh
        bits = bytearray(len(bits))
        rec["bits"] = "00" * len(bits)
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
    bits = bytearray(binascii.unhexlify(rec["bits"]))
    bits[index >> 3] |= 1 << (index & 7)
    rec["bits"] = str(binascii.hexlify(bits), "ascii")
    app.effects.append(("save", "played", app.played))
