"""A game of Stay Cool as saved state, and the turn being played, in RAM only.

The saved state is one JSON-able dict (the session's "state"): round, whose turn, every
player's three round scores, the two cards dealt for the turn, and the last turn's counts
(so they can still be fixed). It is written between turns, never while the sand runs: a
flash write stalls the RP2040 for tens of ms. A turn is marked "running" when it starts;
one that is paused (or left for the menu, which pauses it) is saved too, as "live": the
sand's time and the log of presses, so it comes back paused where it stood. A turn cut
short while the sand ran (a power cut) starts again from its start screen, with fresh
cards, since the active player has heard the old ones. The turn itself, in RAM while the
sand runs, is turn.Live (with the turn's screen, the only part that plays it).
"""

from micropython import const

from app.saved import Game
from games import staycool as rules
from games.rng import Rng

PERIOD_MS = 30000
ROUNDS = 3
_DECKS = const(("staycool-written", "staycool-verbal"))
KINDS = (rules.WRITTEN, rules.VERBAL)
_MOST = const((10, 20))  # questions on a written card, on a verbal card
_READY = const("ready")  # the start screen of the turn in "turn"
RUNNING = "running"  # that turn was started (and, if this is read back, cut short)
OVER = "over"  # after round 3: the winners


def new_state(seed, n_players):
    return {
        "round": 1,
        "turn": 0,  # the active player; each round goes round the table from player 0
        "scores": [[0] * ROUNDS for _ in range(n_players)],
        "cards": None,  # [written, verbal] deck indexes for this turn; None: printed cards
        "rng": Rng(seed).state,
        "phase": _READY,
        "last": None,  # [player, round, written, verbal] of the last finished turn
        "live": None,  # the paused turn: [sand ms, [[press, kind, sand ms], ...]]
    }


class StayCool(Game):
    """Stay Cool's deck is what opens its two decks, the written and the verbal (decks())."""

    def __init__(self, deck, settings, seen, names, state):
        super().__init__(deck, settings, seen, names, state)
        self._decks = [None, None]
        # Of each kind, only the question on screen is read and kept: (card, number,
        # question, answer). A whole verbal card is 41 strings and a block of 900 bytes,
        # which a fragmented heap may no longer have in the middle of a game.
        self._qa = [None, None]
        self._total = [None, None]  # (card, how many fields it has)

    def fresh(self, seed, now):
        """The state of a new game (of seed `seed`, begun at `now`)."""
        self.s = new_state(seed, len(self.names))
        return self.s

    def check(self):
        """Raises DamagedSave unless every field of the saved state holds together: its
        type, its range, and with the players and the rules (app/staycool/check.py, read
        when a saved game resumes only, and let go with its first part: play.PARTS)."""
        from app.staycool.check import check

        check(self, (_READY, RUNNING, OVER), KINDS, _MOST, ROUNDS)

    # -- who plays ----------------------------------------------------------------------------
    def n(self):
        return len(self.s["scores"])

    def roles(self):
        """(active, written, verbal, timekeeper). Player i+1 sits to the left of player i:
        the Written Interrogator is on the active player's right, the Verbal one on the
        left, the Timekeeper next along; with three, the Written Interrogator keeps time."""
        a, n = self.s["turn"], self.n()
        right, left = (a - 1) % n, (a + 1) % n
        return a, right, left, (a + 2) % n if n > 3 else right

    def progress(self):
        """(turns played, of how many): what the ring shows."""
        n = self.n()
        if self.s["phase"] == OVER:
            return ROUNDS * n, ROUNDS * n
        return (self.s["round"] - 1) * n + self.s["turn"], ROUNDS * n

    def totals(self):
        return [sum(r) for r in self.s["scores"]]

    def winners(self):
        return rules.winners(self.s["scores"])

    # -- cards --------------------------------------------------------------------------------
    def showing(self):
        """Whether the questions are on screen (off: the table uses printed cards)."""
        return self.settings["sc_cards"]

    def decks(self, k):
        """The deck of kind k (0 written, 1 verbal), opened once (it raises DeckError)."""
        if self._decks[k] is None:
            self._decks[k] = self.deck(_DECKS[k])
        return self._decks[k]

    def needs_cards(self):
        cards = self.s["cards"]
        if not self.showing():
            return False
        return cards is None or any(cards[k] >= self.decks(k).count for k in (0, 1))

    def deal(self):
        """Fresh cards for the turn to come, unplayed on this device where possible; they
        count as played from now on (saved now, between turns)."""
        if not self.showing():
            self.s["cards"] = None
            return
        # Imported here, between turns, and let go with the part that dealt (play.PARTS):
        # the sand's time has no use for it.
        from app import played

        rng = Rng(state=self.s["rng"])
        old = self.s["cards"] or (None, None)
        cards = []
        for k in (0, 1):
            deck, name = self.decks(k), _DECKS[k]
            exclude = () if old[k] is None else (old[k],)
            picks, rec = played.draw(self.played.get(name), deck, 1, rng, exclude)
            i = picks[0] if picks else 0  # a deck of one card: that card again
            self.played[name] = played.mark(rec, deck, i)
            cards.append(i)
        self.s["cards"] = cards
        self.s["rng"] = rng.state

    def total(self, k):
        """Questions on this turn's card of kind k (0 written, 1 verbal)."""
        if not self.showing() or self.s["cards"] is None:
            return _MOST[k]
        c = self.s["cards"][k]
        if self._total[k] is None or self._total[k][0] != c:
            self._total[k] = (c, self.decks(k).fields(c, 0, 0)[1])
        return max(1, min(_MOST[k], (self._total[k][1] - 1) // 2))

    def question(self, k, i):
        """(question, answer) number i (from 0) of this turn's card of kind k, or None."""
        if not self.showing() or self.s["cards"] is None:
            return None
        c = self.s["cards"][k]
        qa = self._qa[k]
        if qa is None or qa[0] != c or qa[1] != i:
            self._qa[k] = None
            qa = (c, i) + tuple(self.decks(k).fields(c, 1 + 2 * i, 2)[0])
            self._qa[k] = qa
        return qa[2:] if len(qa) == 4 else None

    # -- turns --------------------------------------------------------------------------------
    def begin(self):
        self.s["phase"] = RUNNING

    def keep(self, live, now):
        """Keeps the turn as it stands (paused), or None once it runs again."""
        self.s["live"] = None if live is None else live.saved(now)

    def restart_turn(self):
        """The turn was cut short: it starts again, with fresh cards."""
        self.deal()
        self.s["phase"] = _READY
        self.s["live"] = None

    def finish(self, written, verbal):
        """Scores the active player's turn and moves on to the next (or the winners)."""
        s = self.s
        p, r = s["turn"], s["round"]
        s["scores"][p][r - 1] = rules.turn_score(written, verbal)
        s["last"] = [p, r, written, verbal]
        if p + 1 < self.n():
            s["turn"] = p + 1  # the player on the left; every role passes left with it
        elif r < ROUNDS:
            s["round"] = r + 1
            s["turn"] = 0
        else:
            s["phase"] = OVER
        if s["phase"] != OVER:
            s["phase"] = _READY
            self.deal()
        s["live"] = None

    def fix(self, k, delta):
        """Corrects the last turn's count of kind k (a press missed or made by mistake)."""
        last = self.s["last"]
        last[2 + k] = max(0, min(_MOST[k], last[2 + k] + delta))
        self.s["scores"][last[0]][last[1] - 1] = rules.turn_score(last[2], last[3])
