"""A game of Scattergories as saved state: lists, letters, the die, points and challenges.

All of it lives in one JSON-able dict (the session's "state") so that a power cut resumes
where the table was. Its "phase" says where a round stands:
  pick (choose the list) -> roll (the letter is out) -> play (the timer) -> score (points
  typed in, challenges voted) -> totals (after each round but the last) or won.
The die (games.scattergories.LetterDie) is saved as its generator state and the letters
used, so a resumed game rolls on exactly as it would have. The timer is never saved while
it runs: "left" is what remained when it was started or paused.
On a board with Wi-Fi two fields more come from the phones (net/scattergories.py), from
the round's roll to the next: "sheets", each player's answers typed on a phone (12, or
none: on paper), scored by the rules at time's up; "vote", a challenge being voted on the
phones: [player, category, [[voter, accept], ...]].
"""

from micropython import const

from app import saved
from app.saved import Game, need
from games import scattergories as rules

DECK = "scattergories"
CATEGORIES = 12
_PHASES = const(("pick", "roll", "play", "score", "totals", "won"))
_MASK32 = 0xFFFFFFFF
_LONGEST_MS = const(3_600_000)  # a round's timer: the settings give at most 10 minutes
# An answer typed on a phone: characters, and UTF-8 bytes, so that six full sheets stay
# well inside a save (store.py: 8 KB) even when each character is escaped in JSON ("\").
_MOST = const(24)
_MOST_BYTES = const(48)
_KEYS = const(
    (
        "seed",
        "rounds",
        "ms",
        "phase",
        "lists",
        "letters",
        "faces",
        "rng",
        "left",
        "points",
        "challenges",
        "scores",
    )
)


def new_state(seed, now, settings, n):
    # The shell's seed changes every boot; `now` makes two games of one boot differ too.
    seed = (seed + now) & _MASK32
    die = rules.LetterDie(seed)
    return {
        "seed": seed,
        "rounds": settings["sg_rounds"],
        "ms": settings["sg_seconds"] * 1000,
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


class Scattergories(Game):
    _list = None  # (number, categories) of the list on screen

    def fresh(self, seed, now):
        """The state of a new game (of seed `seed`, begun at `now`)."""
        self.s = new_state(seed, now, self.settings, len(self.names))
        return self.s

    def check(self):
        """Raises DamagedSave unless every field of the saved state holds together: its
        type, its range, and with the deck, the players and the phase."""
        s, n = self.s, len(self.names)
        need(saved.fields(s, _KEYS) and n >= 2)
        rounds, scores, ms, phase = s["rounds"], s["scores"], s["ms"], s["phase"]
        need(
            saved.count(rounds, 20)
            and rounds >= 1
            and saved.count(ms, _LONGEST_MS)
            and ms > 0
            and phase in _PHASES
            and saved.count(s["seed"], _MASK32)
            and saved.count(s["rng"], _MASK32)
            and (s["left"] is None or saved.count(s["left"], ms))
            and saved.counts(s["points"], CATEGORIES, n)
            and type(scores) is list
            and all(saved.counts(row, CATEGORIES, n) for row in scores)
            and saved.counts(s["lists"], self.deck.count)
            and _letters(s["letters"])
            and _letters(s["faces"])
            and type(s["challenges"]) is list
        )
        done = len(scores)
        in_round = phase in ("roll", "play", "score")
        need(
            len(s["lists"]) == len(s["letters"]) == done + (1 if in_round else 0)
            and 0 not in s["lists"]
            and len(s["faces"]) <= 61
            and (done == rounds) == (phase == "won")
            and done <= rounds
            and (phase != "totals" or done >= 1)
        )
        for c in s["challenges"]:
            need(type(c) is list and len(c) == 3 and saved.count(c[0], n - 1))
            need(saved.count(c[1], CATEGORIES - 1) and type(c[2]) is bool)
        sheets = s.get("sheets")
        need(sheets is None or type(sheets) is list and len(sheets) == n)
        for answers in sheets or ():
            need(type(answers) is list and len(answers) in (0, CATEGORIES))
            need(all(fit(a) for a in answers))
        vote = s.get("vote")
        if vote is not None:  # a challenge of an answer on a phone, being voted
            need(phase == "score" and type(vote) is list and len(vote) == 3)
            player, category, votes = vote
            need(saved.count(player, n - 1) and saved.count(category, CATEGORIES - 1))
            need(sheets and sheets[player] and sheets[player][category])
            need(type(votes) is list)
            for v in votes:
                need(type(v) is list and len(v) == 2 and saved.count(v[0], n - 1))
                need(type(v[1]) is bool)
            need(len(set(v[0] for v in votes)) == len(votes))  # one vote each

    # -- where the game stands ----------------------------------------------------------------
    def n(self):
        return len(self.s["points"])

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
        from app import played  # let go with the part that asked (play._PARTS)

        used = self.s["lists"]
        count = self.deck.count
        seen = played.bits(self.played.get(DECK), self.deck)
        start = used[-1] if used else 0
        for fresh_only in (True, False):
            for k in range(count):
                number = (start + k) % count + 1
                if number in used or (fresh_only and played.is_set(seen, number - 1)):
                    continue
                return number
        return (start % count) + 1

    def roll(self, number):
        """Throws the die for this round, on list `number`; returns the faces thrown."""
        from app import played  # let go with the part that threw it (play._PARTS)

        s = self.s
        rec = self.played.get(DECK)
        seen = played.bits(rec, self.deck)
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
        if all(played.is_set(seen, i) or i == number - 1 for i in range(self.deck.count)):
            rec = None  # every list played on this device: afresh
        s["phase"] = "roll"
        s["ms"] = self.settings["sg_seconds"] * 1000  # a changed setting: from now on
        self.played[DECK] = played.mark(rec, self.deck, number - 1)
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
        """Pens down: the points of the answers typed on phones are the rules' (a player
        on paper starts from 0 and types them in)."""
        s = self.s
        s["phase"] = "score"
        s["left"] = None
        s["challenges"] = []
        s["points"] = self.points()

    # -- scoring -----------------------------------------------------------------------------
    def add_points(self, player, delta):
        pts = self.s["points"]
        pts[player] = max(0, min(CATEGORIES, pts[player] + delta))

    def points(self, rejected=()):
        """This round's points as the rules score the answers typed on phones (none on
        paper: 0), with the answers rejected in challenges, and `rejected`, crossed out."""
        s = self.s
        out = [c[:2] for c in s["challenges"] if not c[2]] + list(rejected)
        return rules.score_round(s.get("sheets") or [[]] * self.n(), self.letter(), out)

    def delta(self, player, category):
        """What rejecting player's answer for category does to their points: on a phone,
        the rules score the sheet again without it; on paper, it takes a point off."""
        sheets = self.s.get("sheets")
        if not (sheets and sheets[player]):
            return -1
        return self.points(((player, category),))[player] - self.points()[player]

    def challenge(self, player, category, votes):
        """Applies a challenge vote: a rejected answer loses its point. Returns accepted."""
        accepted = rules.challenge_accepted(votes, player)
        if not accepted:
            self.add_points(player, self.delta(player, category))
        self.s["challenges"].append([player, category, accepted])
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


def _letters(text):
    """Whether text is a string of the die's letters (strip, not a loop: no single-letter
    strings are made, and so none interned)."""
    return type(text) is str and not text.strip(rules.LETTERS)
