# The debouncer and event decoder (firmware/app/buttons.py), inside the unix port.
import ticks
from app import buttons as bt

START = ticks.MASK + 1 - 1000  # every timeline here crosses the 2**30 wrap
POLL = 10


class Rig:
    """Latches edges as a board's pins do and polls a Buttons every 10 ms, like the shell,
    collecting (kind, button) events; `busy` lets time pass with no poll at all."""

    def __init__(self, start=START, long_meant=None):
        self.log = []
        self.b = bt.Buttons(self.log.append, long_meant)
        self.edges = bt.Edges()
        self.now = start

    def run(self, ms):
        for _ in range(ms // POLL):
            self.now = ticks.add(self.now, POLL)
            self.b.step(self.edges, self.now)

    def busy(self, ms):
        self.now = ticks.add(self.now, ms)

    def edge(self, name, down):
        self.edges.put(bt.NAMES.index(name), down, self.now)

    def down(self, name, ms=0):
        self.edge(name, True)
        self.run(ms)

    def up(self, name, ms=0):
        self.edge(name, False)
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
    r = Rig()
    r.down("DOWN", 30)
    assert r.kinds("press") == [("press", "DOWN")]
    # The loop stalled for 3 s (a slow refresh): one repeat, not twenty-odd.
    r.busy(3000)
    r.run(10)
    assert r.kinds("repeat") == [("repeat", "DOWN")]
    r.run(10)
    assert r.kinds("repeat") == [("repeat", "DOWN")]


def test_events_are_preallocated():
    r = Rig()
    r.down("A", 50)
    r.up("A", 50)
    r.down("A", 50)
    r.up("A", 50)
    presses = r.kinds("press")
    assert presses[0] is presses[1]


# -- edges latched while the loop is busy (issue: no press is ever lost) ----------------


def test_a_press_that_comes_and_goes_while_the_loop_is_busy_arrives_once():
    r = Rig()
    r.run(10)
    r.busy(100)  # a 600 ms stretch of work: no poll from here...
    r.down("B")
    r.busy(80)
    r.up("B")
    r.busy(420)  # ...to here
    assert r.log == []
    r.run(10)
    assert r.kinds("press", "long") == [("press", "B")]
    r.run(2000)
    assert r.kinds("press", "long") == [("press", "B")]  # once


def test_a_long_press_inside_a_busy_stretch_is_long():
    r = Rig()
    r.busy(50)
    r.down("GO")
    r.busy(900)
    r.up("GO")
    r.busy(100)
    r.run(10)
    assert r.kinds("press", "long") == [("long", "GO")]


def test_a_short_press_long_after_the_stretch_began_is_short():
    # Polled late, 600 ms after the press began: its length is the edges', 80 ms.
    r = Rig()
    r.down("A")
    r.busy(80)
    r.up("A")
    r.busy(1200)
    r.run(10)
    assert r.kinds("press", "long") == [("press", "A")]


def test_a_press_held_past_a_busy_stretch_goes_long_from_its_own_edge():
    r = Rig()
    r.busy(20)
    r.down("C")
    r.busy(600)  # polled again 600 ms into the hold
    r.run(10)
    assert r.kinds("long") == []
    r.run(190)  # 800 ms after the edge, not after the poll that saw it
    assert r.kinds("long") == [("long", "C")]
    r.up("C", 50)
    assert r.kinds("press") == []


def test_a_chord_that_spans_the_busy_stretch_is_one_chord():
    r = Rig()
    r.busy(100)
    r.down("A")
    r.busy(30)
    r.down("C")
    r.busy(150)
    r.up("A")
    r.up("C")
    r.busy(300)
    r.run(10)
    assert [e for e in r.log if e[0] not in ("down", "up")] == [("chord", "AC")]


def test_a_chord_begun_in_a_stretch_and_ended_after_it():
    r = Rig()
    r.down("C")
    r.busy(40)
    r.down("A")
    r.busy(500)
    r.run(100)
    r.up("A")
    r.up("C", 50)
    assert [e for e in r.log if e[0] not in ("down", "up")] == [("chord", "AC")]


def test_bounce_inside_a_busy_stretch_is_one_press():
    r = Rig()
    for _ in range(4):  # a contact settling: 2 ms pulses
        r.down("GO")
        r.busy(2)
        r.up("GO")
        r.busy(2)
    r.down("GO")
    r.busy(100)
    for _ in range(3):
        r.up("GO")
        r.busy(2)
        r.down("GO")
        r.busy(2)
    r.up("GO")
    r.busy(300)
    r.run(10)
    assert r.kinds("press", "long") == [("press", "GO")]
    assert r.kinds("down", "up") == [("down", "GO"), ("up", "GO")]


def test_two_presses_of_one_button_in_one_stretch_are_two():
    r = Rig()
    for _ in range(2):
        r.down("B")
        r.busy(80)
        r.up("B")
        r.busy(80)
    r.run(10)
    assert r.kinds("press") == [("press", "B"), ("press", "B")]


def test_a_full_ring_catches_up_from_the_levels():
    # More edges than the ring holds (a contact chattering through a long stretch): the
    # last level still counts, and nothing is made up.
    r = Rig()
    for _ in range(100):
        r.down("UP")
        r.busy(1)
        r.up("UP")
        r.busy(1)
    r.down("DOWN")
    r.busy(200)
    assert r.edges.lost
    r.run(10)
    assert not r.edges.lost
    r.run(40)
    assert r.kinds("press") == [("press", "DOWN")]
    r.up("DOWN", 50)
    assert r.kinds("down", "up") == [("down", "DOWN"), ("up", "DOWN")]


def test_an_edge_that_repeats_its_level_is_not_latched():
    e = bt.Edges()
    e.put(bt.B, True, 5)
    e.put(bt.B, True, 9)  # its release went by unseen: no second press is made up
    assert e.head - e.tail == 1
    e.put(bt.B, False, 12)
    assert e.head - e.tail == 2 and e.levels == 0


# -- acting on the press edge where nothing else can follow ---------------------------


def test_b_and_go_act_as_they_go_down_where_their_long_press_means_nothing():
    r = Rig(long_meant=lambda name: False)
    r.down("B", 30)
    assert r.kinds("press") == [("press", "B")]  # not waiting for the release
    r.run(2000)
    r.up("B", 50)
    assert r.kinds("press", "long") == [("press", "B")]  # held long: still one press
    r.down("GO", 30)
    assert r.kinds("press")[-1] == ("press", "GO")


def test_a_and_c_always_wait_for_the_release_for_the_chord():
    r = Rig(long_meant=lambda name: False)
    r.down("A", 100)
    r.down("C", 100)
    assert r.kinds("press") == [] and r.kinds("chord") == [("chord", "AC")]


def test_where_a_long_press_means_something_it_is_told_apart_on_release():
    meant = {"B": True, "GO": False}
    r = Rig(long_meant=lambda name: meant[name])
    r.down("B", 100)
    assert r.kinds("press") == []
    r.up("B", 30)
    assert r.kinds("press") == [("press", "B")]
    r.down("B", 900)
    r.up("B", 30)
    assert r.kinds("press", "long") == [("press", "B"), ("long", "B")]
    r.down("GO", 30)
    assert r.kinds("press")[-1] == ("press", "GO")


def test_each_event_meets_the_screen_the_one_before_it_left():
    # Two presses of B in one busy stretch: the first opens a screen where a long B means
    # something, so the second, held long, is a long press there.
    screen = ["menu"]
    r = Rig(long_meant=lambda name: screen[0] == "editor")

    def send(ev):
        r.log.append(ev)
        if ev == ("press", "B"):
            screen[0] = "editor"

    r.b = bt.Buttons(send, r.b._long_meant)
    r.down("B")
    r.busy(80)
    r.up("B")
    r.busy(100)
    r.down("B")
    r.busy(900)
    r.up("B")
    r.busy(100)
    r.run(10)
    assert r.kinds("press", "long") == [("press", "B"), ("long", "B")]
