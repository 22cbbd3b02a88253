# The debouncer and event decoder (firmware/app/buttons.py), inside the unix port.
import ticks
from app import buttons as bt

START = ticks.MASK + 1 - 1000  # every timeline here crosses the 2**30 wrap
POLL = 10


class Rig:
    """Polls a Buttons every 10 ms, like the shell, collecting (kind, button) events."""

    def __init__(self, start=START):
        self.b = bt.Buttons()
        self.now = start
        self.levels = 0
        self.log = []

    def run(self, ms):
        for _ in range(ms // POLL):
            self.now = ticks.add(self.now, POLL)
            self.log.extend(self.b.step(self.levels, self.now))

    def down(self, name, ms=0):
        self.levels |= 1 << bt.NAMES.index(name)
        self.run(ms)

    def up(self, name, ms=0):
        self.levels &= ~(1 << bt.NAMES.index(name))
        self.run(ms)

    def kinds(self, *wanted):
        return [e for e in self.log if e[0] in wanted]


def test_short_press_acts_on_release_once():
    r = Rig()
    r.down("A", 100)
    assert r.kinds("press") == []
    r.up("A", 100)
    assert r.kinds("press") == [("press", "A")]
    assert r.kinds("down", "up") == [("down", "A"), ("up", "A")]


def test_bounce_is_ignored():
    r = Rig()
    # Contact chatter: 10 ms pulses never last the 20 ms debounce.
    for _ in range(5):
        r.down("B", 10)
        r.up("B", 10)
    assert r.log == []
    r.down("B", 100)
    # A bounce while held does not split the press in two.
    r.up("B", 10)
    r.down("B", 100)
    r.up("B", 100)
    assert r.kinds("press") == [("press", "B")]


def test_up_down_act_at_once_and_repeat():
    r = Rig()
    r.down("UP", 30)
    assert r.kinds("press") == [("press", "UP")]
    r.run(500)  # the edge came at 30 ms (seen at 10, held 20): first repeat at 530
    assert len(r.kinds("repeat")) == 1
    r.run(360)
    assert len(r.kinds("repeat")) == 4
    r.up("UP", 50)
    assert r.kinds("press") == [("press", "UP")]  # no press on release
    n = len(r.kinds("repeat"))
    r.run(1000)
    assert len(r.kinds("repeat")) == n


def test_long_press_fires_once_and_swallows_release():
    r = Rig()
    r.down("GO", 790)
    assert r.kinds("long") == []
    r.run(40)
    assert r.kinds("long") == [("long", "GO")]
    r.run(2000)
    r.up("GO", 50)
    assert r.kinds("long") == [("long", "GO")]
    assert r.kinds("press") == []


def test_chord_in_either_order_and_no_stray_presses():
    for first, second in (("A", "C"), ("C", "A")):
        r = Rig()
        r.down(first, 150)
        r.down(second, 50)
        assert r.kinds("chord") == [("chord", "AC")]
        r.up(first, 30)
        r.up(second, 2000)
        assert r.kinds("press", "long") == []
        assert r.kinds("chord") == [("chord", "AC")]


def test_chord_held_long_sends_no_long_press():
    r = Rig()
    r.down("A", 20)
    r.down("C", 3000)
    r.up("A", 0)
    r.up("C", 50)
    assert [e for e in r.log if e[0] not in ("down", "up")] == [("chord", "AC")]


def test_no_chord_after_first_button_went_long():
    r = Rig()
    r.down("A", 900)
    r.down("C", 50)
    r.up("C", 50)
    r.up("A", 50)
    assert r.kinds("chord") == []
    assert r.kinds("long") == [("long", "A")]
    assert r.kinds("press") == [("press", "C")]


def test_overlapping_presses_of_other_buttons_are_separate():
    r = Rig()
    r.down("A", 50)
    r.down("B", 50)
    r.up("A", 50)
    r.up("B", 50)
    assert r.kinds("press") == [("press", "A"), ("press", "B")]


def test_late_poll_repeats_without_burst():
    b = bt.Buttons()
    now = START
    b.step(1 << bt.DOWN, now)
    now = ticks.add(now, 30)
    assert ("press", "DOWN") in b.step(1 << bt.DOWN, now)
    # The loop stalled for 3 s (a slow refresh): one repeat, not twenty-odd.
    now = ticks.add(now, 3000)
    assert b.step(1 << bt.DOWN, now) == [("repeat", "DOWN")]
    now = ticks.add(now, 10)
    assert b.step(1 << bt.DOWN, now) == []


def test_events_are_preallocated():
    r = Rig()
    r.down("A", 50)
    r.up("A", 50)
    r.down("A", 50)
    r.up("A", 50)
    presses = r.kinds("press")
    assert presses[0] is presses[1]
