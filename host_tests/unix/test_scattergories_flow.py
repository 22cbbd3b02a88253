# heap: 256K (six device lifetimes in one process, each keeping every effect for the asserts)
# Runs inside the MicroPython unix port (see conftest.py in this folder).
# The Scattergories flow's pure parts: the die's throw, the countdown and its cues, the
# game state, and the play screens stepped through the core with explicit time.
import ticks
from app import buttons as bt
from app.core import App
from app.deck import Deck
from app.scattergories_round import Countdown, coarse, cues_below, next_coarse
from games import scattergories as sg
from phases import Phases
from screens import view

RING = {"ring": True, "buzzer": True, "go": True, "led": False}
BADGER = {"ring": False, "buzzer": False, "go": False, "led": True}
NEAR_WRAP = ticks.MASK + 1 - 5000


def open_deck(name):
    return Deck(open("build/decks/" + name + ".deck", "rb"), name)


# -- the die ---------------------------------------------------------------------------------
def test_throw_ends_on_an_unused_letter_after_used_ones():
    for seed in (0, 1, 7, 2024, 99999):
        die = sg.LetterDie(seed)
        used = ""
        repeats = 0
        for _ in range(20):
            faces = die.throw()
            for face in faces[:-1]:
                assert face in used, (seed, faces, used)
            assert faces[-1] not in used
            repeats += len(faces) - 1
            used += faces[-1]
        assert sorted(used) == sorted(sg.LETTERS)
        assert repeats > 0  # late in a cycle, used faces come up
        faces = die.throw()  # a new cycle: any letter is fresh again
        assert len(faces) == 1


def test_restored_die_goes_on_as_the_saved_one():
    die = sg.LetterDie(31337)
    first = die.throw()[-1] + die.throw()[-1]
    state = die.rng_state
    rest = [die.throw() for _ in range(5)]
    again = sg.LetterDie(0)
    again.restore(state, first)
    assert [again.throw() for _ in range(5)] == rest


def test_throw_always_ends():
    die = sg.LetterDie(5)
    die.restore(die.rng_state, sg.LETTERS[:-1])  # one letter left
    faces = die.throw(most=3)
    assert faces[-1] == sg.LETTERS[-1] and len(faces) <= 4


def test_roll_keeps_its_contract_beside_throw():
    a = sg.LetterDie(2024)
    assert "".join(a.roll() for _ in range(40)) == "RTWJCEHPAIDNLOBFKSMGJKHISMAOFNGWCEBDRPTL"


# -- the countdown ---------------------------------------------------------------------------
def test_cues_below_the_time_set():
    names = [c[1] for c in cues_below(180000)]
    assert names == ["warning", "warning"] + ["tick"] * 10 + ["end"]
    assert [c[0] for c in cues_below(45000)][:2] == [30000, 10000]
    assert cues_below(30000)[0] == (10000, "tick")  # a cue at the very start is not one


def test_cues_come_at_exact_instants_across_the_wrap():
    cd = Countdown(180000)
    t0 = NEAR_WRAP
    cd.start(t0)
    assert cd.deadline() == ticks.add(t0, 120000)
    heard = []
    t = t0
    while True:
        t = ticks.add(t, 10)
        for name in cd.due(t):
            heard.append((ticks.diff(t, t0), name))
        if cd.over(t):
            break
    assert heard[:3] == [(120000, "warning"), (150000, "warning"), (170000, "tick")]
    assert heard[-2:] == [(179000, "tick"), (180000, "end")]
    assert len(heard) == 13
    assert cd.deadline() is None


def test_pause_and_resume_shift_the_cues():
    cd = Countdown(180000)
    cd.start(NEAR_WRAP)
    t = ticks.add(NEAR_WRAP, 50000)
    assert cd.due(t) == []
    cd.pause(t)
    assert not cd.running and cd.left == 130000 and cd.deadline() is None
    t = ticks.add(t, 600000)  # ten minutes' pause
    assert cd.remaining(t) == 130000 and cd.due(t) == []
    cd.start(t)
    assert cd.deadline() == ticks.add(t, 70000)
    late = ticks.add(t, 125000)  # asked late: every cue passed comes, in order
    assert cd.due(late) == ["warning", "warning"] + ["tick"] * 6  # 0:10 down to 0:05


def test_a_resumed_countdown_keeps_only_cues_still_ahead():
    cd = Countdown(180000, 45000)
    assert cd.remaining(0) == 45000
    cd.start(0)
    assert cd.deadline() == 15000  # 0:30 left


def test_coarse_steps_for_a_panel_without_ring():
    assert coarse(180000) == 180000 and coarse(179990) == 180000
    assert coarse(150000) == 150000 and coarse(30001) == 60000
    assert coarse(30000) == 30000 and coarse(15001) == 30000 and coarse(1) == 15000
    assert coarse(0) == 0
    assert next_coarse(179990) == 150000
    assert next_coarse(45000) == 30000 and next_coarse(30000) == 15000
    assert next_coarse(14000) == 0 and next_coarse(0) is None


# -- the flow through the core ---------------------------------------------------------------
def ev(kind, name):
    return bt.EVENTS[kind][bt.NAMES.index(name)]


class Device:
    """The core stepped as the shell steps it: every 10 ms, and at each named deadline."""

    def __init__(self, parts, names=("Ann", "Ben", "Cat"), now=NEAR_WRAP, settings=None):
        session = {"game": "scattergories", "names": list(names), "state": None}
        self.app = App(Phases(), parts, settings, session, seed=3, decks=open_deck)
        self.now = now
        self.fx = []
        self.draws = 0
        self.press("B")  # the resume offer: play

    def step(self, e=None):
        self.fx += self.app.step(e, self.now)
        del self.app.effects[:]
        if self.app.want_draw:
            self.draws += 1
            self.app.want_draw = 0

    def press(self, name, kind="press"):
        self.step(ev(kind, name))
        self.settle()

    def wait(self, ms):
        end = ticks.add(self.now, ms)
        while ticks.diff(end, self.now) > 0:
            step = 10
            d = self.app.deadline()
            if d is not None:
                step = max(1, min(step, ticks.diff(d, self.now)))
            self.now = ticks.add(self.now, min(step, ticks.diff(end, self.now)))
            self.step()
        self.settle()

    def settle(self):
        """The polls due at once: a game going on from its save (app/scattergories.py,
        turn) takes a poll a stage."""
        for _ in range(20):
            if self.app.deadline() != self.now:
                break
            self.step()

    def view(self):
        return view(self.app)

    def saves(self):
        return [f for f in self.fx if f[0] == "save" and f[1] == "session"]


def start_round(d):
    d.press("B")  # roll
    d.press("B")  # skip the show
    d.press("B")  # start the timer
    assert d.view()["view"] == "play" and d.view()["running"]


def test_nothing_is_saved_while_the_timer_runs():
    d = Device(RING)
    start_round(d)
    assert d.saves(), "saved before the clock started"
    d.fx = []
    d.draws = 0
    d.wait(179000)
    assert d.saves() == [] and d.draws == 0, (d.saves(), d.draws)  # the panel stays still
    tones = [f[1] for f in d.fx if f[0] == "tone"]
    assert tones == ["warning", "warning"] + ["tick"] * 10, tones  # 0:10 to 0:01
    d.wait(1000)
    assert d.view()["view"] == "timeup"
    assert [f[1] for f in d.fx if f[0] == "tone"][-1] == "end"
    assert d.app.session["state"]["phase"] == "score" and len(d.saves()) == 1


def test_pause_saves_what_is_left_and_a_power_cut_resumes_stopped():
    d = Device(RING)
    start_round(d)
    d.wait(40000)
    d.press("B", "long")
    v = d.view()
    assert not v["running"] and v["left"] == 140000
    assert d.app.session["state"]["left"] == 140000 and d.saves()
    # A power cut: a new core from what was saved.
    again = App(Phases(), RING, None, d.app.session, seed=9, decks=open_deck)
    again.step(ev("press", "B"), d.now)
    while again.starting:  # the start's stages, to its first screen
        again.step(None, d.now)
    v = view(again)
    assert v["view"] == "play" and not v["running"] and v["left"] == 140000


def test_badger_counts_down_in_coarse_steps_and_blinks_the_cues():
    d = Device(BADGER, names=("Ann", "Ben"))
    start_round(d)
    d.fx = []
    d.draws = 0
    t0 = d.view()["started"]
    d.wait(29990)
    assert d.draws == 0 and d.view()["deadline"] == ticks.add(t0, 30000)
    d.wait(10)
    assert d.draws == 1  # 2:30 left
    d.wait(150000)
    # 2:00 1:30 1:00 0:30 0:15 0:00 (the time's-up screen)
    assert d.draws == 7, d.draws
    # No buzzer: the core hands the tones to the LED, which blinks them.
    tones = [f[1] for f in d.fx if f[0] == "tone"]
    assert tones == ["warning", "warning"] + ["tick"] * 10 + ["end"]
    assert d.view()["view"] == "timeup"


def test_scoring_challenge_totals_and_fix():
    d = Device(RING)
    start_round(d)
    d.wait(180000)
    d.press("B")  # points
    for _ in range(4):
        d.press("UP")
    d.press("DOWN")
    d.press("B")
    d.press("UP")
    assert d.app.session["state"]["points"] == [3, 1, 0]
    d.press("A")  # challenge Ben
    d.press("DOWN")  # category 2
    d.press("B")
    d.press("C")  # Ann accepts
    d.press("A")  # Ben rejects his own
    d.press("B")  # Cat does not vote: a tie, Ben's vote struck out: accepted
    v = d.view()
    assert v["view"] == "challenge" and v["accepted"] is True and v["category"] == 1
    d.press("B")
    assert d.app.session["state"]["challenges"] == [[1, 1, True]]
    assert d.app.session["state"]["points"] == [3, 1, 0]
    d.press("C")  # done
    v = d.view()
    assert v["view"] == "totals" and v["totals"] == [3, 1, 0]
    d.press("A")  # fix
    assert d.view()["view"] == "score" and d.app.session["state"]["points"] == [3, 1, 0]
    d.press("C")
    d.press("B")  # round 2
    v = d.view()
    assert v["view"] == "pick" and v["round"] == 2 and v["choice"] == 2
