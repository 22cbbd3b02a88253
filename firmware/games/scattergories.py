"""Scattergories: the 20-sided letter die, which answers count, and challenge votes.

Pure rules: no clock, no hardware. The die rolls with games.rng, so one seed gives one
sequence on a 32-bit Pico, the 64-bit unix port and CPython alike.
Text is compared with ASCII case folding only, which is what MicroPython's str.lower() does.
"""

from games import const
from games.rng import Rng

LETTERS = "ABCDEFGHIJKLMNOPRSTW"  # the die has no Q, U, V, X, Y or Z

_ARTICLES = const(("a", "an", "the"))
# Set aside before the first letter: ASCII punctuation and the usual typographic quotes.
_LEADING = const(
    "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~\u00a1\u00ab\u00bb\u00bf\u2018\u2019\u201c\u201d"
)


class LetterDie:
    """The letter die: no letter comes up twice until all 20 have, then a new cycle."""

    def __init__(self, seed):
        self._rng = Rng(seed)
        self._left = LETTERS  # letters not yet rolled in this cycle

    def roll(self):
        if not self._left:
            self._left = LETTERS
        # Re-rolling a face already used until a new one comes up is the same as picking
        # uniformly among the unused ones.
        i = self._rng.below(len(self._left))
        letter = self._left[i]
        self._left = self._left[:i] + self._left[i + 1 :]
        return letter

    def throw(self, most=60):
        """Rolls like the physical die: faces of all 20 letters come up until one not yet
        rolled in this cycle does. Returns the faces thrown, the last one the new letter;
        the ones before it were already used and are discarded. The new letter is uniform
        among the unused, as with roll(). After `most` repeats (a die nearly used up), the
        last face is settled as roll() does, so a throw always ends."""
        if not self._left:
            self._left = LETTERS
        faces = []
        while len(faces) < most:
            face = LETTERS[self._rng.below(len(LETTERS))]
            faces.append(face)
            i = self._left.find(face)
            if i >= 0:
                self._left = self._left[:i] + self._left[i + 1 :]
                return faces
        faces.append(self.roll())
        return faces

    @property
    def rng_state(self):
        """The generator's state, saved with a game (games.rng.Rng(state=...))."""
        return self._rng.state

    def restore(self, rng_state, rolled):
        """Resumes a saved die: its generator state and the letters rolled this cycle."""
        self._rng = Rng(state=rng_state)
        self._left = "".join(ch for ch in LETTERS if ch not in rolled)


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
    return [sum(points(sheets, letter, rejected, p)) for p in range(len(sheets))]


def points(sheets, letter, rejected, player):
    """Each of `player`'s answers' point, 1 or 0, as score_round counts it: `points(...)[c]`
    is that of `sheets[player][c]`. The others' keys are made as they are compared and none
    is kept: a round's sheets are scored in a heap four phones share."""
    rejected = set((p, c) for p, c in rejected)  # pairs may arrive as JSON lists
    scored = []  # this player's answers that already scored this round
    row = []
    for c, answer in enumerate(sheets[player]):
        key = match_key(answer)
        ok = key and (player, c) not in rejected and starts_with(answer, letter)
        if ok and not given_by_another(player, c, key, sheets) and key not in scored:
            scored.append(key)
            row.append(1)
        else:
            row.append(0)
    return row


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


def match_key(answer):
    """An answer as compared with others: case, spaces, quotes and punctuation at either
    end, and a leading article set aside ("The Kiwi" = "kiwi" = '"Kiwi!"'). Two answers
    are the same when their keys are equal; an empty key is a blank answer."""
    words = _trim(answer.lower()).split()
    if words and words[0] in _ARTICLES:
        words = words[1:]
    return _trim(" ".join(words))  # 'The "Kiwi"': the quote after the article goes too


def _trim(text):
    """`text` without quotes, punctuation and spaces at either end."""
    text = _skip_leading(text, 0)
    end = len(text)
    while end and (text[end - 1 : end] in _LEADING or text[end - 1 : end].isspace()):
        end -= 1  # slices, not text[i]: a character taken by index is interned for good
    return text[:end]


def _skip_leading(text, i):
    """`text` from index i on, without the quotes, punctuation and spaces in front. Slices,
    not text[i], as in _trim: the answers come from phones too, any character at all."""
    while i < len(text) and (text[i : i + 1] in _LEADING or text[i : i + 1].isspace()):
        i += 1
    return text[i:]


def given_by_another(p, c, key, sheets):
    """Whether a player other than p has `key` for category c in the `sheets`."""
    for q, row in enumerate(sheets):
        if q != p and c < len(row) and match_key(row[c]) == key:
            return True
    return False
