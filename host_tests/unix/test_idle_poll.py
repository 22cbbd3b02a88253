# heap: 192K
# A poll with nothing to do allocates (next to) nothing (shell.py, app/buttons.py): a call
# whose locals and stack pass 11 words has its frame made in the heap, and the collector's
# threshold (wake.py) counts it, so every idle poll would bring the next collection nearer.
# (micropython.mem_total: the bytes the heap has handed out, on the unix port.)
import os

import micropython

import ticks
from board import HostBoard
from shell import Device
from store import Store


def test_a_hundred_polls_at_the_idle_menu_allocate_next_to_nothing():
    folder = os.getenv("TEST_TMP") + "/idle"
    dev = Device(HostBoard(folder), Store(folder), seed=1)
    t = ticks.MASK + 1 - 500  # across the tick wrap
    for _ in range(20):  # the boot's own work done, the menu drawn
        t = ticks.add(t, 10)
        dev.poll(t)
        dev.render()
    assert dev.app.screen.name == "menu" and not dev.app.want_draw
    before = micropython.mem_total()
    for _ in range(100):
        t = ticks.add(t, 10)
        dev.poll(t)
    # Before: 854 bytes a poll (the buttons' decoding, the effects applied, the saves, the
    # wait to the next poll, a screen's tick and deadline); now a few at most.
    assert micropython.mem_total() - before < 1000


def test_the_phones_read_the_table_through_a_door_that_allocates_nothing():
    # (App.table: net.phones reads it after every step)
    folder = os.getenv("TEST_TMP") + "/door"
    dev = Device(HostBoard(folder), Store(folder), seed=1)
    app = dev.app
    app.table()
    before = micropython.mem_total()
    for _ in range(100):
        phase, session, game, now = app.table()
    assert micropython.mem_total() - before < 100
    assert (phase, session, game, now) == ("home", None, None, app.now)
