"""A game of Say When! as saved state: the Scanner's cards, turns, guesses and scores.

All of it lives in one JSON-able dict (the session's "state"), so that a power cut at any
point resumes exactly where the table was. Scoring is games.saywhen's; this module only
keeps track of whose turn it is and what has been said (app/session.py checks a saved
state whole when it is read back).
"""

from micropython import const

from app import dealer
from app import deck as decks
from app.deck import DeckError
from app.saved import Game
from games import saywhen as rules
from games.rng import Rng

CARDS = 20
TARGET = 10  # the points that end the game (and app.session checks a save by)
_TRIES = const(5)  # the cards a start may find damaged in a row before it gives up
DECK = "saywhen"
# Fields of a compiled card (tools/content.py).
QUESTION, ANSWER, UNIT, LOW, HIGH, AS_OF = 1, 2, 3, 4, 5, 6
# Quick judging: each closest team's guess stands in as a value that scores as said,
# all at the same distance from the answer 0 (range 0..1), so the rules decide as ever.
JUDGE_VALUES = {"exact": "0", "range": "1", "outside": "-1"}
JUDGE_KINDS = ("exact", "range", "outside")


def new_state(seed, deck, seen, n_teams):
    """A new game's state: its first card dealt. Each card after it is dealt as the one
    before is scored (SayWhen.apply), and each is checked as it comes up (a card's check
    reads it whole: SayWhen.replace_damaged). So a start deals one card, not twenty, and
    the cards a game never reaches are never drawn."""
    rng = Rng(seed)
    cards, seen[DECK] = dealer.draw(seen.get(DECK), deck, 1, rng)
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
# What a scoring changes and undo puts back: the game so far, and _TURN's keys (the
# last four).
SAVED = const(
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


class SayWhen(Game):
    _card = None  # (index, fields) of the card on screen

    def fresh(self, seed, now):
        """The state of a new game (of seed `seed`, begun at `now`)."""
        self.s = new_state(seed, self.deck, self.played, len(self.names))
        return self.s

    # -- the card and the turn ------------------------------------------------------------------
    def n(self):
        return len(self.s["scores"])

    def progress(self):
        """(cards played, of how many): what the ring shows."""
        return self.s["played"], CARDS

    def totals(self):
        return self.s["scores"]

    def winners(self):
        return [self.s["winner"]]

    def replace_damaged(self):
        """Puts the card in play aside (marked played) if it does not read back whole, and
        deals another in its place, until one does, so a bad spot in flash costs one card,
        not the game; returns whether it did. The game goes on from its save at each card
        (app.gamescreen.turn), so each is checked as it comes up. DeckError when the deck
        has too many damaged cards."""
        s = self.s
        if s["winner"] is not None:
            return False
        for tries in range(_TRIES):
            try:
                self.card()  # (read whole once: kept for the screen, which shows it next)
                return tries > 0
            except DeckError:
                pass
            self.played[DECK] = decks.mark(self.played.get(DECK), self.deck, self.card_index())
            if s["sudden"]:
                self._deal_to("extra", -1)
            else:
                self._deal_to("cards", s["played"])
        raise DeckError("too many damaged cards in the %s deck" % DECK)

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

    def all_in(self):
        """Whether every team that guesses has guessed (or passed)."""
        s = self.s
        return len(s["guesses"]) == len(s["sudden"] or s["scores"])

    def next_guesser(self):
        done = [g[0] for g in self.s["guesses"]]
        for team in self.order():
            if team not in done:
                return team
        return None

    def guess(self, team, value):
        """Records a team's guess (None: the team passes), in its place in the guessing
        order: phones in secret guessing lock in as they please, and the guesses are read
        out (and open guessing's first guess found) in that order."""
        order = self.order()
        guesses = self.s["guesses"]
        at = len(guesses)
        while at and order.index(guesses[at - 1][0]) > order.index(team):
            at -= 1
        guesses.insert(at, [team, value])

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
        if self.s["sudden"]:
            guesses = self.scoring_guesses()
            return {t: 1 for t in rules.score_question(*self._range(), guesses, False)}
        return {team: points for team, (points, _) in self.why().items()}

    def why(self):
        """{team: (points, why)} for this card but in Sudden Death (rules.score_reasons)."""
        answer, low, high = self._range()
        is_open = self.mode() == rules.OPEN
        guesses = self.scoring_guesses()
        return rules.score_reasons(answer, low, high, guesses, is_open, self.last_card())

    def apply(self):
        """Scores the card, moves the Scanner on; returns the result (None, winner, tie)."""
        s = self.s
        s["undo"] = {k: _copy(s[k]) for k in SAVED}
        if s["sudden"]:  # the closest of the tied teams wins; no guess: the same teams again
            guesses = self.scoring_guesses()
            outcome = rules.sudden_death(*self._range(), guesses) if guesses else s["sudden"]
        else:
            points = self.points()
        self.played[DECK] = decks.mark(self.played.get(DECK), self.deck, self.card_index())
        for k in _TURN:
            s[k] = [] if k == "guesses" else False if k == "door" else None
        if not s["sudden"]:
            for team, p in points.items():
                s["scores"][team] += p
            s["played"] += 1
            outcome = rules.result(s["scores"], s["played"], TARGET, CARDS)
        if isinstance(outcome, int):
            s["winner"] = outcome
            s["sudden"] = None
        else:
            s["quizzer"] = (s["quizzer"] + 1) % self.n()  # the Scanner passes to the left
            if outcome is not None:
                s["sudden"] = outcome
                self._deal_to("extra")
            elif len(s["cards"]) == s["played"]:  # (undone and scored again: dealt before)
                self._deal_to("cards")
        return outcome

    def _deal_to(self, key, at=None):
        """A card dealt onto the list `key` ("cards", or Sudden Death's "extra"), never one
        of this game's: after its last, or in place of the card at `at` (a damaged one);
        checked as it comes up (replace_damaged)."""
        s = self.s
        rng = Rng(state=s["rng"])
        rec = self.played.get(DECK)
        picks, self.played[DECK] = dealer.draw(rec, self.deck, 1, rng, s["cards"] + s["extra"])
        cards = list(s[key])
        if at is None:
            cards += picks
        elif picks:  # (none: every card of the deck is in this game already)
            cards[at] = picks[0]
        s[key] = cards
        s["rng"] = rng.state

    def can_undo(self):
        return self.s["undo"] is not None

    def undo(self):
        """Takes back the last scoring: the card is back on screen, its door open."""
        snap = self.s["undo"]
        for k in SAVED:
            self.s[k] = snap[k]
        self.s["undo"] = None


def _copy(v):
    if isinstance(v, list):
        return [_copy(x) for x in v]
    return v
