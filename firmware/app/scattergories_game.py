"""A game of Scattergories as saved state: lists, letters, the die, points and challenges.

All of it lives in one JSON-able dict (the session's "state") so that a power cut resumes
where the table was. Its "phase" says where a round stands:
  pick (choose the list) -> roll (the letter is out) -> play (the timer) -> score (points
  typed in, challenges voted) -> totals (after each round but the last) or won.
The die (games.scattergories.LetterDie) is saved as its generator state and the letters
used, so a resumed game rolls on exactly as it would have. The timer is never saved while
it runs: "left" is what remained when it was started or paused.
On a board with Wi-Fi two fields more come from the phones (net/scattergories.py), from
the round's roll to the next: "sheets", each player's answers typed on a phone (one
string, its 12 answers between line breaks; "" on paper: Sheet), scored by the rules at
time's up; "vote", a challenge being voted on the
phones: [player, category, [[voter, accept], ...]].
"""

from micropython import const

from app import deck as decks
from app.saved import Game
from games import scattergories as rules

DECK = "scattergories"
CATEGORIES = 12
# An answer typed on a phone: characters, and UTF-8 bytes, so that six full sheets stay
# well inside a save (store.py: 8 KB) even when each character is escaped in JSON ("\").
_MOST = const(24)
_MOST_BYTES = const(48)
_SEP = const("\n")  # between a sheet's answers (Sheet)
END = "end"


class Scattergories(Game):
    _list = None  # (number, categories) of the list on screen
    # Not saved: what the device's screens show now, which the phones follow.
    rolling = False  # the die is on show, its letter not seen yet
    clock = None  # the round's countdown, once its screen has made it
    asked = None  # [player, category]: a challenge typed on the device, being voted on

    def fresh(self, seed, now):
        """The state of a new game (of seed `seed`, begun at `now`)."""
        # The shell's seed changes every boot; `now` makes two games of one boot differ too.
        seed = (seed + now) & 0xFFFFFFFF
        settings = self.settings
        self.s = {
            "seed": seed,
            "rounds": settings["sg_rounds"],
            "ms": settings["sg_seconds"] * 1000,
            "phase": "pick",
            "lists": [],  # the list number of each round, from its roll on
            "letters": "",  # the letter of each round
            "faces": "",  # the faces of the last throw (repeats, then the letter)
            "rng": rules.LetterDie(seed).rng_state,
            "left": None,  # ms on the clock while stopped in "play"
            "points": [0] * len(self.names),  # this round's points, being typed in
            "challenges": [],  # this round's: [player, category, accepted]
            "scores": [],  # finished rounds' points
        }
        return self.s

    # -- where the game stands ----------------------------------------------------------------
    def n(self):
        return len(self.names)

    def progress(self):
        """(rounds played, of how many): what the ring shows."""
        return len(self.s["scores"]), self.s["rounds"]

    def round_no(self):
        """The round being played (1-based); after a round, the one just scored."""
        s = self.s
        return len(s["scores"]) + (0 if s["phase"] in ("totals", "won") else 1)

    def letter(self):
        return self.s["letters"][-1] if self.s["letters"] else None

    def list_no(self):
        return self.s["lists"][-1] if self.s["lists"] else None

    def categories(self, number=None):
        """The 12 categories of list `number` (default: this round's), read from the deck."""
        number = number or self.list_no()
        if self._list is None or self._list[0] != number:
            self._list = (number, self.deck.card(number - 1)[1:])
        return self._list[1]

    def totals(self):
        out = [0] * self.n()
        for row in self.s["scores"]:
            for p, v in enumerate(row):
                out[p] += v
        return out

    def winners(self):
        """The players with the highest total, in seating order (a tie shares the win)."""
        totals = self.totals()
        best = max(totals)
        return [p for p, t in enumerate(totals) if t == best]

    # -- the list and the letter --------------------------------------------------------------
    def default_list(self):
        """The next list not used in this game, after the last one; lists this device has
        not played yet come first, so a second game gets fresh ones."""
        used = self.s["lists"]
        count = self.deck.count
        seen = decks.bits(self.played.get(DECK), self.deck)
        start = used[-1] if used else 0
        for fresh_only in (True, False):
            for k in range(count):
                number = (start + k) % count + 1
                if number in used or (fresh_only and decks.is_set(seen, number - 1)):
                    continue
                return number
        return (start % count) + 1

    def roll(self, number):
        """Throws the die for this round, on list `number`; returns the faces thrown."""
        s = self.s
        rec = self.played.get(DECK)
        seen = decks.bits(rec, self.deck)
        die = rules.LetterDie(0)
        letters = s["letters"]
        k = len(letters) % len(rules.LETTERS) or (len(rules.LETTERS) if letters else 0)
        die.restore(s["rng"], letters[len(letters) - k :])
        faces = die.throw()
        s["rng"] = die.rng_state
        s["faces"] = "".join(faces)
        s["letters"] = letters + faces[-1]
        s["lists"] = s["lists"] + [number]
        s.pop("sheets", None)  # the last round's answers, typed on phones
        if all(decks.is_set(seen, i) or i == number - 1 for i in range(self.deck.count)):
            rec = None  # every list played on this device: afresh
        s["phase"] = "roll"
        s["ms"] = self.settings["sg_seconds"] * 1000  # a changed setting: from now on
        self.played[DECK] = decks.mark(rec, self.deck, number - 1)
        return faces

    def used_before(self, face, upto):
        """The round (1-based) in which `face` was the letter, among the first `upto`."""
        i = self.s["letters"].find(face, 0, upto)
        return i + 1 if i >= 0 else None

    # -- the timer ---------------------------------------------------------------------------
    def start_timer(self):
        self.s["phase"] = "play"
        self.s["left"] = self.s["ms"]

    def stop_timer(self, left):
        self.s["left"] = left

    def time_up(self):
        """Pens down. The points are scored next (score_sheets), once the round's screens
        have gone: their heap is the fullest of the game's (app/gamescreen.py, turn)."""
        s = self.s
        s["phase"] = "score"
        s["left"] = None
        s["challenges"] = []
        s["points"] = None

    def score_sheets(self):
        """The round's points, where time's up has left them to score: the rules' for the
        answers typed on phones (a player on paper starts from 0 and types them in)."""
        if self.s["points"] is None:
            self.s["points"] = self.points()

    # -- scoring -----------------------------------------------------------------------------
    def add_points(self, player, delta):
        pts = self.s["points"]
        pts[player] = max(0, min(CATEGORIES, pts[player] + delta))

    def points(self):
        """This round's points as the rules score the answers typed on phones (none on
        paper: 0), with the answers rejected in challenges crossed out."""
        s = self.s
        out = [c[:2] for c in s["challenges"] if not c[2]]
        return rules.score_round(self.sheets(), self.letter(), out)

    def sheets(self):
        """Each player's sheet as the rules read it (a Sheet; an empty one on paper)."""
        return [Sheet(text) for text in self.s.get("sheets") or [""] * self.n()]

    def delta(self, player, category):
        """What rejecting player's answer for category does to their points: on a phone,
        the rules score the sheet again without it; on paper, it takes a point off."""
        s = self.s
        sheets = self.sheets()
        if not sheets[player]:
            return -1
        out = [c[:2] for c in s["challenges"] if not c[2]]
        before = sum(rules.points(sheets, self.letter(), out, player))
        out.append((player, category))
        return sum(rules.points(sheets, self.letter(), out, player)) - before

    def challenge(self, player, category, votes):
        """Applies a challenge vote: a rejected answer loses its point. Returns accepted.
        All or nothing: what takes the heap comes first, so that a MemoryError (the phones
        ask again) leaves the game as it was, and the points change last."""
        accepted = rules.challenge_accepted(votes, player)
        delta = 0 if accepted else self.delta(player, category)
        self.s["challenges"].append([player, category, accepted])
        self.add_points(player, delta)
        return accepted

    def finish_round(self):
        s = self.s
        s.pop("vote", None)  # a challenge left unvoted on the phones
        s["scores"].append(s["points"])
        s["points"] = [0] * self.n()
        s["challenges"] = []
        s["phase"] = "won" if len(s["scores"]) >= s["rounds"] else "totals"

    def next_round(self):
        self.s["phase"] = "pick"

    def reopen_round(self):
        """Takes back the last round's scoring: its points are typed in again."""
        s = self.s
        s["points"] = s["scores"].pop()
        s["phase"] = "score"


class Sheet:
    """A player's answers as the rules read them (sheet[c]: category c's, "" for none), from
    the one string the game keeps for them: the 12 answers between line breaks (fit lets
    none into an answer), "" on paper. As strings, four whole sheets take 2.2 KB less heap
    than as lists of strings, at the scoring with four phones (docs/memory.md)."""

    def __init__(self, text):
        self.text = text

    def __len__(self):
        return CATEGORIES if self.text else 0

    def __getitem__(self, c):
        if not 0 <= c < len(self):
            raise IndexError(c)
        text = self.text
        start = 0
        for _ in range(c):
            start = text.find(_SEP, start) + 1
        end = text.find(_SEP, start)
        return text[start:] if end < 0 else text[start:end]


def fit(text):
    """Whether `text` may be an answer on a phone's sheet: short enough for the save, and
    printable (no control character: C0, DEL, or C1, which UTF-8 writes as 0xC2 0x80-0x9F;
    the bytes are looked at, not the characters, as taking those out would intern them)."""
    if type(text) is not str or len(text) > _MOST:
        return False
    data = text.encode()
    if len(data) > _MOST_BYTES:
        return False
    lead = 0
    for b in data:
        if b < 32 or b == 127 or lead == 0xC2 and b < 0xA0:
            return False
        lead = b
    return True
