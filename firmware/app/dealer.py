"""The deal: k cards of a deck, unplayed on this device where possible (the record of the
cards played: app.deck). Say When! deals a card as each comes up, and Stay Cool a card
of each deck at each turn; Scattergories picks its lists itself, so this module is
not among its modules (where four phones leave the heap no room for its code).
"""

from micropython import const

from app import deck as decks

# A deal lands on played cards at most twice as many times as it deals cards, and this
# many more, before it passes over every key instead (draw). A key read costs what 7
# cards of the pass do on the unix port (more on a board, through littlefs): Say When!'s
# pass is about 190 key reads, and on a deck a quarter played one draw in four lands on
# a played card.
_SPARE_MISSES = const(16)


def draw(rec, deck, k, rng, exclude=()):
    """(k different card indexes, unplayed on this device where possible, never in exclude;
    the record to keep): `rec` as it was if sound, or a fresh one (none yet, damaged, or
    the deck used up). So the record is whole from the deal on, and marking a card later,
    mid-game, allocates none of its size.

    Each draw is the rng's r-th card, in deck order, of those not excluded, not picked
    and not found played yet; a card found played is put aside and the rng draws again.
    So a deal reads the keys of the cards it lands on alone, not a pass over the deck's
    (Say When!'s 1,094), and a device that has played nothing deals as it always has.
    Once it has landed on more played cards than twice the cards it deals and
    _SPARE_MISSES more (much of the deck is played), one pass finds the rest (_by_pass),
    or finds the deck used up."""
    count = deck.count
    rec = decks.record(rec, count)
    # The cards no draw may land on, sorted. (An index past the deck is a card of a larger
    # deck, flashed over since it was dealt: none of this one.)
    skip = []
    for i in exclude:
        if 0 <= i < count and i not in skip:
            skip.append(i)
    skip.sort()
    picks = []
    marks = rec["bits"]
    played = any(marks)  # (none: a new device, or a deck just used up)
    misses = 0
    while len(picks) < k:
        if len(skip) == count or misses > 2 * k + _SPARE_MISSES:
            if not played:
                break  # every card dealt
            # So much of the deck played: one pass finds the rest, or the deck used up.
            rest = _by_pass(rec, deck, k - len(picks), rng, skip)
            if rest is None:
                return draw(None, deck, k, rng, exclude)  # start it afresh
            return picks + rest, rec
        i = _take(skip, rng.below(count - len(skip)))
        if played:
            b = deck.key(i) & (rec["n"] - 1)  # (n a power of two: a key's bit is its low bits)
            if marks[b >> 4] >> (b & 15) & 1:
                misses += 1
                continue
        picks.append(i)
    return picks, rec


def _take(taken, r):
    """The r-th number from 0 not in `taken` (sorted), put into it: a card not put aside
    (draw), or a rank not drawn yet (_by_pass)."""
    at = 0
    for t in taken:
        if t > r:
            break
        r += 1
        at += 1
    taken.insert(at, r)
    return r


def _by_pass(rec, deck, k, rng, skip):
    """k cards unplayed and not in `skip`, found by one pass over the deck's keys; None if
    there are not so many (the deck is used up). Each pick is the rng's r-th such card,
    not picked yet: its rank among those free before the first pick (_take, over the
    ranks drawn), and every rank's card is found in one pass over the taken cards."""
    count = deck.count
    taken = decks.bits(rec, deck)
    for i in skip:
        taken[i >> 3] |= 1 << (i & 7)
    left = count
    for byte in taken:  # less each set bit (a set bit at a time: most are clear)
        while byte:
            byte &= byte - 1
            left -= 1
    if left < k:
        return None
    drawn = []  # each pick's rank among the cards free before the first, as drawn
    ranks = []  # and the same, sorted
    for _ in range(k):
        drawn.append(_take(ranks, rng.below(left - len(drawn))))
    found = _free_at(taken, count, ranks)
    return [found[ranks.index(r)] for r in drawn]


def _free_at(taken, count, ranks):
    """The cards not taken (clear bits) of these ranks (sorted, from 0, in deck order):
    each rank's card is the rank plus the taken cards before it. A byte of the bits whose
    cards hold no pick is passed whole, its taken cards counted, and one that does, a card
    at a time: where a deal passes, much of its deck is played, a taken card in nearly
    every byte."""
    out = []
    k = len(ranks)
    before = 0  # taken cards before the byte (or the card) looked at
    for b in range(len(taken)):
        byte = taken[b]
        if not byte:
            continue
        ones, rest = 0, byte
        while rest:
            rest &= rest - 1
            ones += 1
        if len(out) == k or ranks[len(out)] + before + ones >= (b << 3) + 8:
            before += ones  # no pick among this byte's cards
            continue
        for i in range(b << 3, min((b << 3) + 8, count)):
            if byte >> (i & 7) & 1:  # card i taken: the picks before it
                while len(out) < k and ranks[len(out)] + before < i:
                    out.append(ranks[len(out)] + before)
                before += 1
    while len(out) < k:
        out.append(ranks[len(out)] + before)
    return out
