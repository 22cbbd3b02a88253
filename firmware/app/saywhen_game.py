"""A game of Say When! as saved state: the Scanner's cards, turns, guesses and scores.

All of it lives in one JSON-able dict (the session's "state"), so that a power cut at any
point resumes exactly where the table was. Scoring is games.saywhen's; this module only
keeps track of whose turn it is and what has been said.
"""

from micropython import const

from app import played
from games import saywhen as rules
from games.rng import Rng

CARDS = 20
_TARGET = const(10)
DECK = "saywhen"
# Fields of a compiled card (tools/content.py).
QUESTION, ANSWER, UNIT, LOW, HIGH, AS_OF = 1, 2, 3, 4, 5, 6
# Quick judging: each closest team's guess stands in as a value that scores as said,
# all at the same distance from the answer 0 (range 0..1), so the rules decide as ever.
JUDGE_VALUES = {"exact": "0", "range": "1", "outside": "-1"}
JUDGE_KINDS = ("exact", "range", "outside")


def deal(app, deck, k, rng, exclude=()):
    """k cards that read back whole: a damaged card is put aside (marked played) and
    another dealt in its place, so a bad spot in flash costs one card, not the game."""
    from app.deck import DeckError  # loaded with the deck itself (shell.deck_opener)

    good = []
    for _ in range(4):
        for i in played.draw(app, DECK, deck, k - len(good), rng, list(exclude) + good):
            try:
                deck.card(i)
                good.append(i)
            except DeckError:
                played.mark(app, DECK, deck, i)
        if len(good) == k:
            return good
    raise DeckError("too many damaged cards in the %s deck" % DECK)


def new_state(app, deck, n_teams):
    rng = Rng(app.seed)
    cards = deal(app, deck, CARDS, rng)
    return {
        "cards": cards,
        "extra": [],
        "played": 0,
        "quizzer": 0,
        "scores": [0] * n_teams,
        "rng": rng.state,
        "winner": None,
        "sudden": None,
        "undo": None,
        "mode": None,
        "guesses": [],
        "judge": None,
        "door": False,
    }


_TURN = const(("mode", "guesses", "judge", "door"))  # the card's turn: cleared once scored
# What a scoring changes and undo puts back: the game so far, and _TURN's keys (the last four).
_SAVED = const(
    (
        "played",
        "quizzer",
        "scores",
        "winner",
        "sudden",
        "extra",
        "mode",
        "guesses",
        "judge",
        "door",
    )
)


class SayWhen:
    def __init__(self, app, deck, state):
        self.app = app
        self.deck = deck
        self.s = state
        self._card = None  # (index, fields) of the card on screen

    def check(self):
        """Raises ValueError unless the saved state holds together (a damaged save)."""
        s, n, count = self.s, self.n(), self.deck.count
        ok = (
            len(s["cards"]) == CARDS
            and 0 <= s["played"] <= CARDS
            and 0 <= s["quizzer"] < n
            and n >= 2
            and all(isinstance(x, int) and x >= 0 for x in s["scores"])
            and all(isinstance(i, int) and 0 <= i < count for i in s["cards"] + s["extra"])
            and len(s["scores"]) == len(self.app.session["names"])
            and s["mode"] in (None, rules.SECRET, rules.OPEN)
            and (s["winner"] is None or 0 <= s["winner"] < n)
            and (not s["sudden"] or s["extra"])
        )
        if not ok or (s["winner"] is None and not s["sudden"] and s["played"] >= CARDS):
            raise ValueError("damaged Say When! state")
        for team, value in s["guesses"]:
            if not 0 <= team < n or (value is not None and not isinstance(value, str)):
                raise ValueError("damaged guess")

    # -- the card and the turn ------------------------------------------------------------------
    def n(self):
        return len(self.s["scores"])

    def card_index(self):
        s = self.s
        return s["extra"][-1] if s["sudden"] else s["cards"][s["played"]]

    def card(self):
        i = self.card_index()
        if self._card is None or self._card[0] != i:
            self._card = (i, self.deck.card(i))
        return self._card[1]

    def last_card(self):
        return not self.s["sudden"] and self.s["played"] == CARDS - 1

    def mode(self):
        """ "secret", "open", or "choice" while the Quizzer has not chosen."""
        s = self.s
        if s["sudden"]:
            return rules.SECRET
        return s["mode"] or rules.guessing_mode(s["scores"], s["quizzer"])

    def choose(self, mode):
        self.s["mode"] = mode

    def order(self):
        """The teams that guess, in the order they guess."""
        order = rules.guess_order(self.n(), self.s["quizzer"])
        sudden = self.s["sudden"]
        return [t for t in order if t in sudden] if sudden else order

    def next_guesser(self):
        done = [g[0] for g in self.s["guesses"]]
        for team in self.order():
            if team not in done:
                return team
        return None

    def guess(self, team, value):
        """Records a team's guess (None: the team passes)."""
        self.s["guesses"].append([team, value])

    def previous_value(self):
        for _, value in reversed(self.s["guesses"]):
            if value is not None:
                return value
        return None

    def open_door(self):
        self.s["door"] = True

    def set_judge(self, verdicts):
        """Quick judging: [[team, "exact"|"range"|"outside"]] for the closest team(s)."""
        self.s["judge"] = verdicts or None

    # -- scoring ----------------------------------------------------------------------------
    def scoring_guesses(self):
        """The guesses the rules score, in the order they were made."""
        if self.s["judge"]:
            by_team = {t: JUDGE_VALUES[k] for t, k in self.s["judge"]}
            return [(t, by_team[t]) for t in self.order() if t in by_team]
        return [(t, v) for t, v in self.s["guesses"] if v is not None]

    def _range(self):
        card = self.card()
        if self.s["judge"]:
            return "0", "0", "1"
        return card[ANSWER], card[LOW], card[HIGH]

    def points(self):
        """{team: points} for this card (Sudden Death: the teams still closest, 1 each)."""
        answer, low, high = self._range()
        guesses = self.scoring_guesses()
        if self.s["sudden"]:
            return {t: 1 for t in rules.score_question(answer, low, high, guesses, False)}
        is_open = self.mode() == rules.OPEN
        return rules.score_question(answer, low, high, guesses, is_open, self.last_card())

    def first_guesser(self, points):
        """The tied team that guessed first (it gets the open-guessing bonus)."""
        for team, _ in self.scoring_guesses():
            if team in points:
                return team
        return None

    def apply(self):
        """Scores the card, moves the Scanner on; returns the result (None, winner, tie)."""
        s = self.s
        s["undo"] = {k: _copy(s[k]) for k in _SAVED}
        if s["sudden"]:  # the closest of the tied teams wins; no guess: the same teams again
            guesses = self.scoring_guesses()
            outcome = rules.sudden_death(*self._range(), guesses) if guesses else s["sudden"]
        else:
            points = self.points()
        played.mark(self.app, DECK, self.deck, self.card_index())
        for k in _TURN:
            s[k] = [] if k == "guesses" else False if k == "door" else None
        if not s["sudden"]:
            for team, p in points.items():
                s["scores"][team] += p
            s["played"] += 1
            outcome = rules.result(s["scores"], s["played"], _TARGET, CARDS)
        if isinstance(outcome, int):
            s["winner"] = outcome
            s["sudden"] = None
        else:
            s["quizzer"] = (s["quizzer"] + 1) % self.n()  # the Scanner passes to the left
            if outcome is not None:
                s["sudden"] = outcome
                self._draw_extra()
        return outcome

    def _draw_extra(self):
        s = self.s
        rng = Rng(state=s["rng"])
        taken = s["cards"] + s["extra"]
        s["extra"] = s["extra"] + deal(self.app, self.deck, 1, rng, taken)
        s["rng"] = rng.state

    def can_undo(self):
        return self.s["undo"] is not None

    def undo(self):
        """Takes back the last scoring: the card is back on screen, its door open."""
        snap = self.s["undo"]
        for k in _SAVED:
            self.s[k] = snap[k]
        self.s["undo"] = None


def _copy(v):
    if isinstance(v, list):
        return [_copy(x) for x in v]
    return v
