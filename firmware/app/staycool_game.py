"""A game of Stay Cool as saved state, and the turn being played, in RAM only.

The saved state is one JSON-able dict (the session's "state"): round, whose turn, every
player's three round scores, the two cards dealt for the turn, and the last turn's counts
(so they can still be fixed). It is written between turns, never while the sand runs: a
flash write stalls the RP2040 for tens of ms. A turn is marked "running" when it starts;
one that is paused (or left for the menu, which pauses it) is saved too, as "live": the
sand's time and the log of presses, so it comes back paused where it stood. A turn cut
short while the sand ran (a power cut) starts again from its start screen, with fresh
cards, since the active player has heard the old ones.

`Live` is the turn itself, in RAM while the sand runs: the rules' Turn driven by the
sand's own clock (real time that stops while the game is paused), and the log of what was
pressed, so that undo simply plays the turn again without the last press.
"""

from micropython import const

import ticks
from app import deck as decks
from app.saved import Game
from games import staycool as rules
from games.rng import Rng

PERIOD_MS = 30000
ROUNDS = 3
_DECKS = const(("staycool-written", "staycool-verbal"))
KINDS = (rules.WRITTEN, rules.VERBAL)
NAMES = ("Written", "Verbal")  # each kind, as the screens and the phones call it
VALUES = (rules.WRITTEN_VALUES, rules.VERBAL_VALUES)  # each question's value, by kind
MOST = (10, 20)  # questions on a written card, on a verbal card
READY = "ready"  # the start screen of the turn in "turn"
RUNNING = "running"  # that turn was started (and, if this is read back, cut short)
OVER = "over"  # after round 3: the winners


def new_state(seed, n_players):
    return {
        "round": 1,
        "turn": 0,  # the active player; each round goes round the table from player 0
        "scores": [[0] * ROUNDS for _ in range(n_players)],
        "cards": None,  # [written, verbal] deck indexes for this turn; None: printed cards
        "rng": Rng(seed).state,
        "phase": READY,
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
        self.live = None  # the turn being played (Live), while its screen plays it

    def fresh(self, seed, now):
        """The state of a new game (of seed `seed`, begun at `now`)."""
        self.s = new_state(seed, len(self.names))
        return self.s

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
        count as played from now on (saved now, between turns). The dealer is imported here,
        between turns, and let go after by the screen that dealt (app/staycool.py): a turn
        with four phones is the fullest the heap gets, and plays without its code."""
        from app import dealer

        if not self.showing():
            self.s["cards"] = None
            return
        rng = Rng(state=self.s["rng"])
        old = self.s["cards"] or (None, None)
        cards = []
        for k in (0, 1):
            deck, name = self.decks(k), _DECKS[k]
            exclude = () if old[k] is None else (old[k],)
            picks, rec = dealer.draw(self.played.get(name), deck, 1, rng, exclude)
            i = picks[0] if picks else 0  # a deck of one card: that card again
            self.played[name] = decks.mark(rec, deck, i)
            cards.append(i)
        self.s["cards"] = cards
        self.s["rng"] = rng.state

    def total(self, k):
        """Questions on this turn's card of kind k (0 written, 1 verbal)."""
        if not self.showing() or self.s["cards"] is None:
            return MOST[k]
        c = self.s["cards"][k]
        if self._total[k] is None or self._total[k][0] != c:
            self._total[k] = (c, self.decks(k).fields(c, 0, 0)[1])
        return max(1, min(MOST[k], (self._total[k][1] - 1) // 2))

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
        self.s["phase"] = READY
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
            s["phase"] = READY
            self.deal()
        s["live"] = None
        self.live = None

    def fix(self, k, delta):
        """Corrects the last turn's count of kind k (a press missed or made by mistake)."""
        last = self.s["last"]
        last[2 + k] = max(0, min(MOST[k], last[2 + k] + delta))
        self.s["scores"][last[0]][last[1] - 1] = rules.turn_score(last[2], last[3])


# -- the turn being played ---------------------------------------------------------


def _apply(turn, what, kind, at):
    if what == "correct":
        return turn.correct(kind, at)
    if what == "skip":
        return turn.skip(kind, at)
    return turn.timer(at)


class Live:
    """The turn being played: new at `now`, or the saved one (`data`), paused at `now`."""

    def __init__(self, game, now, data=None):
        self.round = game.s["round"]
        self.totals = (game.total(0), game.total(1))
        self.start = now
        self.log = []  # (what, kind, sand time) of every press the rules took
        self.paused_ms = 0
        self.paused_at = None
        if data is not None:
            self.start = ticks.add(now, -data[0])
            self.log = [(w, k, ticks.add(self.start, t)) for w, k, t in data[1]]
            self.paused_at = now
        self.turn = self._replay()

    def saved(self, now):
        """[sand ms, [[press, kind, sand ms], ...]], each time from the turn's start."""
        start = self.start
        return [
            ticks.diff(self.clock(now), start),
            [[w, k, ticks.diff(t, start)] for w, k, t in self.log],
        ]

    def _replay(self):
        turn = rules.Turn(self.round, self.start, PERIOD_MS, self.totals[0], self.totals[1])
        for what, kind, at in self.log:
            _apply(turn, what, kind, at)
        return turn

    def clock(self, now):
        """The sand's time: real time less every pause, standing still while paused."""
        return ticks.add(now if self.paused_at is None else self.paused_at, -self.paused_ms)

    def press(self, what, kind, now):
        """ "correct" or "skip" of a kind, or "timer"; True if the rules took it."""
        at = self.clock(now)
        if _apply(self.turn, what, kind, at):
            self.log.append((what, kind, at))
            return True
        return False

    def undo(self, now):
        """Takes back the last press the rules took: the turn as if it never was."""
        if not self.log:
            return False
        self.log.pop()
        self.turn = self._replay()
        self.turn.update(self.clock(now))
        return True

    def pause(self, now):
        if self.update(now) or self.paused_at is not None:
            return False
        self.paused_at = now
        return True

    def resume(self, now):
        if self.paused_at is not None:
            self.paused_ms += ticks.diff(now, self.paused_at)
            self.paused_at = None

    def paused(self):
        return self.paused_at is not None

    def update(self, now):
        return self.turn.update(self.clock(now))

    def left(self, now):
        return self.turn.remaining(self.clock(now))

    def deadline(self, now):
        """The tick at which the sand runs out next (a flip, or the end), None if paused."""
        if self.paused_at is not None or self.update(now):
            return None
        return ticks.add(now, self.left(now))
