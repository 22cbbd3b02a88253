# heap: 192K (the Pico's cap: a device in a Stay Cool game)
# A save waits on the frame its press asked for (shell.Device.may_write): a flash write
# stalls the RP2040 for tens of ms, and the table waits on that frame. It is written once
# the frame has gone to the panel and the panel refreshes (the display's `sent`:
# hw/epaper.py), a frame asked for meanwhile or not, or once the frame has been shown.
# test_timing has the same on the virtual clock, through the real display driver.
import os

from board import HostBoard
from screens import view
from shell import Device, sent
from store import Store


def flipped(name):
    """A device at Stay Cool's Start, C pressed (the glass flipped: the turn's state to
    save), polled until the press is read; (the device, its store, the game as saved
    then, the time)."""
    folder = os.getenv("TEST_TMP") + "/" + name
    store = Store(folder)
    store.save("session", {"game": "staycool", "names": ["A", "B", "C"], "state": None})
    dev = Device(HostBoard(folder), store, seed=1, resume=True)  # straight into the game
    dev.render()
    dev.shown()
    dev.write_all()
    assert view(dev.app)["view"] == "start"
    t = 1000
    dev.board.set_button("C", True, t + 1)
    dev.board.set_button("C", False, t + 60)
    while "flip" not in dev.board.tones:
        t += 10
        dev.poll(t)
    assert dev.app.want_draw and "session" in dev.saves  # a frame and a save asked for
    return dev, store, store.load("session")[0], t


def test_a_save_is_written_once_its_frame_has_gone_to_the_panel():
    dev, store, before, t = flipped("sent")
    dev.poll(t + 10)
    assert dev.saves and store.load("session")[0] == before  # the frame first
    dev.render()  # drawn; on its way to the panel
    dev.poll(t + 20)
    assert dev.saves
    sent()  # the panel has it all and refreshes on its own
    dev.poll(t + 30)
    assert not dev.saves and store.load("session")[0] != before


def test_a_board_that_does_not_say_when_it_sent_writes_once_the_frame_is_shown():
    dev, store, before, t = flipped("shown")
    dev.render()
    dev.shown()
    dev.poll(t + 10)
    assert not dev.saves and store.load("session")[0] != before


def test_a_save_is_written_while_the_panel_refreshes_with_the_next_frame_asked_for():
    dev, store, before, t = flipped("next")
    dev.render()
    sent()
    dev.board.set_button("A", True, t + 1)  # a written answer right, while the glass changes
    dev.board.set_button("A", False, t + 60)
    while not dev.app.want_draw:
        t += 10
        dev.poll(t)
    t += 10
    dev.poll(t)
    assert dev.app.want_draw and not dev.saves  # the next frame waits for the panel, not
    assert store.load("session")[0] != before  # the save: its write fits in the refresh
