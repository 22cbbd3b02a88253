"""Seeded random button mashing through the whole firmware, checking it never breaks.

    micropython -m fuzz GAME SEED EVENTS STATE_DIR CUTS [DONE RNG_STATE NOW]

GAME is saywhen, staycool or scattergories; CUTS is 1, or 0 for one long evening with no
power cut (a device stays on for hours at a party: its heap must not wear out). The device
runs as on a board (debouncer, core, shell, store) with simulated time starting just
before ticks wrap; events are presses, long presses, held UP/DOWN, overlapping buttons,
the A+C chord, pauses of up to minutes (so timers run out) and power cuts. After every
event: no exception, and the invariants hold (no negative score or time, Stay Cool's
Timer Card on 1..4, a game over once its rules say so); the games played to their end are
counted. Redraws are paced as the panel paces them. A failure prints `FAIL seed=S
event=N` with the traceback and the last events, and exits 1: the same seed replays the
same events (a MemoryError may not come back: the heap's layout also depends on this
module's code and the length of its paths).

A power cut ends this process (exit 3, after printing `POWERCUT DONE RNG_STATE NOW`): a
board starts with an empty heap, so the driver (tools/fuzz.py) boots a fresh process,
which carries on from the saved state with the same random stream.
"""

import boot  # noqa: F401, I001 - first, as on a board
import gc
import io
import sys

import micropython

import ticks
from phases import unload
from board import HostBoard
from games.rng import Rng
from screens import view
from shell import POLL_MS, Device
from store import Store

BOOT_MODULES = set(sys.modules)  # what a freshly booted device has loaded

BUTTONS = ("A", "B", "C", "UP", "DOWN", "GO")
REFRESH_MS = 300  # the panel refreshes no faster; redraws in between coalesce


class PowerCut(Exception):
    pass


def _players(game):
    """The game's default players, from the catalog, which is let go again: the device
    loads it only when the menu or a game's start needs it."""
    from app import catalog

    g = catalog.get(game)
    names = list(g.names[: g.default])
    unload(BOOT_MODULES)
    return names


class Fuzz:
    def __init__(self, game, seed, state_dir, cuts=True, done=0, rng_state=None, now=None):
        self.game = game
        self.cuts = cuts
        self.players = _players(game)
        self.rng = Rng(seed, rng_state)
        self.seed = seed
        self.state_dir = state_dir
        start = ticks.add(0, -5000 - self.rng.below(100000))
        self.now = now if now is not None else start
        self.drawn_at = self.now
        self.recent = []
        self.events = done
        self.ended = 0  # games played to their end in this process
        self.showed_won = False
        self.boot()

    def boot(self):
        # A power cut empties RAM: the modules the old device loaded go too.
        self.dev = self.board = None
        unload(BOOT_MODULES)
        self.board = HostBoard(self.state_dir)
        self.board.tone = _quiet
        self.dev = Device(self.board, Store(self.state_dir), self.rng.next32())

    # -- time and buttons ----------------------------------------------------------------
    def advance(self, ms):
        """Lets ms pass: 10 ms polls while a button is held, else straight to the next
        deadline the core names, as the board's loop would wake."""
        end = ticks.add(self.now, ms)
        while ticks.diff(end, self.now) > 0:
            step = POLL_MS
            if not self.board.buttons():
                deadline = self.dev.app.deadline()
                step = ticks.diff(end, self.now)
                if deadline is not None:
                    step = max(1, min(step, ticks.diff(deadline, self.now)))
                step = min(step, 1000)  # screens also tick; a second is fine for them
            step = min(step, ticks.diff(end, self.now))
            self.now = ticks.add(self.now, step)
            self.dev.poll(self.now)
            if ticks.diff(self.now, self.drawn_at) >= REFRESH_MS and self.dev.render():
                self.drawn_at = self.now
                self.dev.shown()

    def hold(self, names, ms):
        for n in names:
            self.board.set_button(n, True, self.now)
        self.advance(ms)
        for n in names:
            self.board.set_button(n, False, self.now)
        self.advance(30 + self.rng.below(120))

    # -- one random event ------------------------------------------------------------------
    def event(self):
        r = self.rng.below(100)
        pick = BUTTONS[self.rng.below(6)]
        if r < 45:
            what = ("press", pick, 30 + self.rng.below(400))
            self.hold([pick], what[2])
        elif r < 55:
            what = ("long", pick, 800 + self.rng.below(1500))
            self.hold([pick], what[2])
        elif r < 63:
            updown = ("UP", "DOWN")[self.rng.below(2)]
            what = ("repeat", updown, 500 + self.rng.below(2500))
            self.hold([updown], what[2])
        elif r < 67:
            other = BUTTONS[self.rng.below(6)]
            what = ("both", pick + "+" + other, 50 + self.rng.below(900))
            self.hold([pick, other], what[2])
        elif r < 69:
            what = ("chord", "A+C", 200)
            self.hold(["A", "C"], 200)
        elif r < 99 or self.rng.below(4):
            gap = self.rng.below(3000) if self.rng.below(4) else self.rng.below(180_000)
            what = ("wait", "", gap)
            self.advance(gap)
        elif self.cuts:  # one event in 400
            self.events += 1
            raise PowerCut()
        else:  # the same random stream, with the power left on
            what = ("wait", "", 10)
            self.advance(10)
        self.recent = (self.recent + [what])[-12:]
        self.events += 1
        self.back_to_the_game()

    def back_to_the_game(self):
        """Mashing finds the way out to the menu; the fuzzer steers back into its game."""
        app = self.dev.app
        if app.screen.name in ("menu", "notice", "confirm", "resume", "name", "edit"):
            self.idle = getattr(self, "idle", 0) + 1
            if self.idle > 25:
                self.idle = 0
                if app.session is not None and app.session["game"] == self.game:
                    app.play()
                else:
                    app.play(self.game, self.players)
                app.step(None, self.now)
                self.dev.apply()
        else:
            self.idle = 0

    # -- invariants -----------------------------------------------------------------------
    def check(self):
        app = self.dev.app
        state = app.session and app.session.get("state")
        if isinstance(state, dict):
            _counts(state, "state")
            if app.session["game"] == self.game:
                _ENDS[self.game](state)
        shown = view(app)
        won = shown.get("view") == "won"
        if won and not self.showed_won:
            self.ended += 1  # a game played to its end: the winners are on screen
        self.showed_won = won
        for key in ("left", "remaining", "remaining_ms", "time_left"):
            if shown.get(key, 0) < 0:
                raise AssertionError("negative time %s=%d" % (key, shown[key]))
        if not 1 <= shown.get("position", 1) <= 4:
            raise AssertionError("Timer Card at %r" % (shown["position"],))


def saywhen(s):
    """First to 10 alone wins; a tie at the top at 10 or after the 20 cards: Sudden Death."""
    if s["winner"] is not None:
        return
    best = max(s["scores"])
    leaders = s["scores"].count(best)
    if best >= 10 and leaders == 1:
        raise AssertionError("a team has %d points and the game goes on" % best)
    if (best >= 10 or s["played"] >= 20) and leaders > 1 and not s["sudden"]:
        raise AssertionError("teams tied at the end with no Sudden Death")


def staycool(s):
    """Over exactly when the last player's turn in round 3 has been scored."""
    last = s["last"]
    done = last is not None and last[0] == len(s["scores"]) - 1 and last[1] == 3
    if done != (s["phase"] == "over"):
        raise AssertionError("phase %s after the turn %r" % (s["phase"], last))


def scattergories(s):
    """Won exactly when every round has been scored."""
    if (len(s["scores"]) >= s["rounds"]) != (s["phase"] == "won"):
        raise AssertionError("phase %s after %d rounds" % (s["phase"], len(s["scores"])))


# A game played to the end always ends: its state is over once the rules say so. (Each
# check is named after its game: a name the firmware has already.)
_ENDS = {
    "saywhen": saywhen,
    "staycool": staycool,
    "scattergories": scattergories,
}
_COUNTS = ("scores", "totals", "score", "points", "written", "verbal")


def _counts(value, where, counting=False):
    """Every int under a score, total or count in the saved game is 0 or more (`where`:
    the keys down to it, joined only to say where one is not: the fuzzer's own garbage
    would cut up the heap under test)."""
    if isinstance(value, dict):
        for k, v in value.items():
            _counts(v, (where, k), counting or k in _COUNTS)
    elif isinstance(value, list):
        for v in value:
            _counts(v, where, counting)
    elif counting and isinstance(value, int) and not isinstance(value, bool) and value < 0:
        raise AssertionError("%r is negative: %d" % (where, value))


def _quiet(name, volume):
    pass


def main(argv):
    game, seed, count, state_dir = argv[1], int(argv[2]), int(argv[3]), argv[4]
    cuts = argv[5] != "0"
    if len(argv) > 8:  # after a power cut: carry on
        f = Fuzz(game, seed, state_dir, cuts, int(argv[6]), int(argv[7]), int(argv[8]))
    else:
        f = Fuzz(game, seed, state_dir, cuts)
        f.dev.app.play(f.game, f.players)
        f.dev.app.step(None, f.now)
        f.dev.apply()
    gc.collect()
    low = gc.mem_free()
    micropython.mem_info()  # "max free sz": the largest free block (tools/fuzz.py reads it)
    try:
        while f.events < count:
            f.event()
            f.check()
            if f.events % 500 == 0:
                gc.collect()
                low = min(low, gc.mem_free())
                micropython.mem_info()  # what fails first is the largest block, not the total
    except PowerCut:
        print(
            "POWERCUT %d %d %d lowest free heap=%d ended=%d"
            % (f.events, f.rng.state, f.now, low, f.ended)
        )
        sys.exit(3)
    except Exception as e:  # noqa: BLE001 - any failure is the finding
        f.dev = f.board = None  # room to write the traceback, after a MemoryError too
        gc.collect()
        buf = io.StringIO()
        sys.print_exception(e, buf)
        power = "" if cuts else " (the power left on)"
        print("FAIL seed=%d event=%d game=%s%s" % (seed, f.events, game, power))
        print(buf.getvalue())
        print("last events:", f.recent)
        if isinstance(e, MemoryError):
            gc.collect()
            micropython.mem_info()  # how fragmented: the free total and the largest hole
        sys.exit(1)
    print(
        "ok game=%s seed=%d events=%d lowest free heap=%d ended=%d"
        % (game, seed, f.events, low, f.ended)
    )


if __name__ == "__main__":
    main(sys.argv)
