"""A game of Scattergories as saved state: lists, letters, the die, points and challenges.

All of it lives in one JSON-able dict (the session's "state") so that a power cut resumes
where the table was. Its "phase" says where a round stands:
  pick (choose the list) -> roll (the letter is out) -> play (the timer) -> score (points
  typed in, challenges voted) -> totals (after each round but the last) or won.
The die (games.scattergories.LetterDie) is saved as its generator state and the letters
used, so a resumed game rolls on exactly as it would have. The timer is never saved while
it runs: "left" is what remained when it was started or paused.
"""

import binascii

from app import played
from games import scattergories as rules

DECK = "scattergories"
CATEGORIES = 12
PHASES = ("pick", "roll", "play", "score", "totals", "won")
_MASK32 = 0xFFFFFFFF


def new_state(app, now, n):
    # The shell's seed changes every boot; `now` makes two games of one boot differ too.
    seed = (app.seed + now) & _MASK32
    die = rules.LetterDie(seed)
    return {
        "seed": seed,
        "rounds": app.settings["sg_rounds"],
        "ms": app.settings["sg_seconds"] * 1000,
        "phase": "pick",
        "lists": [],  # the list number of each round, from its roll on
        "letters": "",  # the letter of each round
        "faces": "",  # the faces of the last throw (repeats, then the letter)
        "rng": die.rng_state,
        "left": None,  # ms on the clock while stopped in "play"
        "points": [0] * n,  # this round's points, being typed in
        "challenges": [],  # this round's: [player, category, accepted]
        "scores": [],  # finished rounds' points
    }


class Scattergories:
    def __init__(self, app, deck, state):
        self.app = app
        self.deck = deck
        self.s = state
        self._list = None  # (number, categories) of the list on screen

    def check(self):
        """Raises ValueError unless the saved state holds together (a damaged save)."""
        s, n = self.s, self.n()
        rounds = s["rounds"]
        done = len(s["scores"])
        in_round = s["phase"] in ("roll", "play", "score")
        ok = (
            n == len(self.app.session["names"])
            and n >= 2
            and isinstance(rounds, int)
            and 1 <= rounds <= 20
            and isinstance(s["ms"], int)
            and s["ms"] > 0
            and s["phase"] in PHASES
            and isinstance(s["letters"], str)
            and isinstance(s["faces"], str)
            and isinstance(s["rng"], int)
            and len(s["lists"]) == len(s["letters"]) == done + (1 if in_round else 0)
            and all(isinstance(k, int) and 1 <= k <= self.deck.count for k in s["lists"])
            and all(ch in rules.LETTERS for ch in s["letters"] + s["faces"])
            and all(_points(row, n) for row in s["scores"])
            and (done == rounds) == (s["phase"] == "won")
            and (s["phase"] != "totals" or done >= 1)
            and (s["left"] is None or isinstance(s["left"], int))
        )
        if not ok:
            raise ValueError("damaged Scattergories state")
        for player, cat, _ in s["challenges"]:
            if not (0 <= player < n and 0 <= cat < CATEGORIES):
                raise ValueError("damaged challenge")

    # -- where the game stands ----------------------------------------------------------------
    def n(self):
        return len(self.s["points"])

    def names(self):
        return self.app.session["names"]

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
        seen = _played_bits(self.app, self.deck)
        start = used[-1] if used else 0
        for fresh_only in (True, False):
            for k in range(count):
                number = (start + k) % count + 1
                if number in used or (fresh_only and _bit(seen, number - 1)):
                    continue
                return number
        return (start % count) + 1

    def roll(self, number):
        """Throws the die for this round, on list `number`; returns the faces thrown."""
        s = self.s
        seen = _played_bits(self.app, self.deck)
        die = rules.LetterDie(0)
        letters = s["letters"]
        k = len(letters) % len(rules.LETTERS) or (len(rules.LETTERS) if letters else 0)
        die.restore(s["rng"], letters[len(letters) - k :])
        faces = die.throw()
        s["rng"] = die.rng_state
        s["faces"] = "".join(faces)
        s["letters"] = letters + faces[-1]
        s["lists"] = s["lists"] + [number]
        if all(_bit(seen, i) or i == number - 1 for i in range(self.deck.count)):
            self.app.played.pop(DECK, None)  # every list played on this device: afresh
        s["phase"] = "roll"
        s["ms"] = self.app.settings["sg_seconds"] * 1000  # a changed setting: from now on
        played.mark(self.app, DECK, self.deck, number - 1)
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
        s = self.s
        s["phase"] = "score"
        s["left"] = None
        s["points"] = [0] * self.n()
        s["challenges"] = []

    # -- scoring -----------------------------------------------------------------------------
    def add_points(self, player, delta):
        pts = self.s["points"]
        pts[player] = max(0, min(CATEGORIES, pts[player] + delta))

    def challenge(self, player, category, votes):
        """Applies a challenge vote: a rejected answer takes a point off. Returns accepted."""
        accepted = rules.challenge_accepted(votes, player)
        self.s["challenges"].append([player, category, accepted])
        if not accepted:
            self.add_points(player, -1)
        return accepted

    def finish_round(self):
        s = self.s
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


def _points(row, n):
    return len(row) == n and all(isinstance(v, int) and 0 <= v <= CATEGORIES for v in row)


def _played_bits(app, deck):
    """The device's played-lists bits (app.played, as app/played.py keeps them), or b""."""
    rec = app.played.get(DECK)
    if not isinstance(rec, dict) or rec.get("sum") != deck.checksum:
        return b""
    try:
        return binascii.unhexlify(rec["bits"])
    except (ValueError, TypeError, KeyError):
        return b""


def _bit(bits, i):
    return (i >> 3) < len(bits) and bits[i >> 3] >> (i & 7) & 1
