"""Scattergories: the 20-sided letter die, which answers count, and challenge votes.

Pure rules: no clock, no hardware. The die is a small xorshift32 generator of its own, kept
to 32 bits with masks, so one seed gives one sequence on a 32-bit Pico, the 64-bit unix
port and CPython alike (`random` differs between them, and is absent from some builds).
Text is compared with ASCII case folding only, which is what MicroPython's str.lower() does.
"""

LETTERS = "ABCDEFGHIJKLMNOPRSTW"  # the die has no Q, U, V, X, Y or Z

_ARTICLES = ("a", "an", "the")
# Set aside before the first letter: ASCII punctuation and the usual typographic quotes.
_LEADING = "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~\u00a1\u00ab\u00bb\u00bf\u2018\u2019\u201c\u201d"
# Not const(): it would not be a small int on the 32-bit Pico.
_MASK32 = 0xFFFFFFFF
_GOLDEN = 0x9E3779B9  # odd, so multiplying by it mixes a small seed into all 32 bits
_OFFSET = 0x6A09E667  # moves the one seed that would mix to 0 far from small seeds


class LetterDie:
    """The letter die: no letter comes up twice until all 20 have, then a new cycle."""

    def __init__(self, seed):
        x = ((seed & _MASK32) * _GOLDEN + _OFFSET) & _MASK32
        self._x = x or _GOLDEN  # xorshift never leaves 0, so 0 is not a valid state
        self._left = LETTERS  # letters not yet rolled in this cycle

    def roll(self):
        if not self._left:
            self._left = LETTERS
        x = self._x
        x ^= (x << 13) & _MASK32
        x ^= x >> 17
        x ^= (x << 5) & _MASK32
        self._x = x
        # Re-rolling a face already used until a new one comes up is the same as picking
        # uniformly among the unused ones; the high bits of x choose which.
        i = (x * len(self._left)) >> 32
        letter = self._left[i]
        self._left = self._left[:i] + self._left[i + 1 :]
        return letter


def starts_with(answer, letter):
    """Whether the answer, as written, begins with `letter` (articles and quotes aside)."""
    letter = letter.lower()
    if len(letter) != 1 or not "a" <= letter <= "z":
        raise ValueError("not a letter: %r" % (letter,))
    text = _skip_leading(answer.lower(), 0)
    words = text.split()
    if words and words[0] in _ARTICLES:
        # Only an article is blank: nothing is left to start with the letter.
        text = _skip_leading(text, len(words[0]))
    return text[:1] == letter


def score_round(sheets, letter, rejected=()):
    """Points per player; `sheets[p][c]` is player p's answer for category c."""
    rejected = set((p, c) for p, c in rejected)  # pairs may arrive as JSON lists
    keys = [[_key(answer) for answer in sheet] for sheet in sheets]
    points = []
    for p, sheet in enumerate(sheets):
        scored = []  # this player's answers that already scored this round
        total = 0
        for c, answer in enumerate(sheet):
            key = keys[p][c]
            if not key or (p, c) in rejected or not starts_with(answer, letter):
                continue
            if _given_by_another(keys, p, c, key) or key in scored:
                continue
            scored.append(key)
            total += 1
        points.append(total)
    return points


def challenge_accepted(votes, challenged):
    """The majority of `(player, accept)` votes; a tie strikes the challenged one's vote."""
    voters = []
    yes = no = 0
    own = None  # the challenged player's vote, if they cast one
    for player, accept in votes:
        if player in voters:
            raise ValueError("player %r voted twice" % (player,))
        voters.append(player)
        if accept:
            yes += 1
        else:
            no += 1
        if player == challenged:
            own = bool(accept)
    if yes != no:
        return yes > no
    if own is None:
        return True  # the tie stands, and so does the answer
    # Without their vote, the other side has one more: it decides.
    return not own


def _key(answer):
    """An answer as compared with others: case, spaces and a leading article set aside."""
    words = answer.lower().split()
    if words and words[0] in _ARTICLES:
        words = words[1:]
    return " ".join(words)


def _skip_leading(text, i):
    """`text` from index i on, without the quotes, punctuation and spaces in front."""
    while i < len(text) and (text[i] in _LEADING or text[i].isspace()):
        i += 1
    return text[i:]


def _given_by_another(keys, p, c, key):
    return any(q != p and c < len(row) and row[c] == key for q, row in enumerate(keys))
