# heap: 192K (the Pico's cap: a device in a Stay Cool game)
# A game's dialogs go once closed (phases.Phases.closed, App.pop): a game imports
# app.dialogs only where it shows one, so once none is on the stack the module goes, and
# the rest of the game has its heap (a Stay Cool turn with four phones at 144 KB, seed 404
# of the phones' fuzz, found no 64 bytes for a look with it kept). The menu keeps them.
import os
import sys

from board import HostBoard
from screens import view
from shell import Device
from store import Store


def press(dev, name, t):
    """`name` pressed and let go, polled and drawn as a board does; the time after."""
    dev.board.set_button(name, True, t + 1)
    dev.board.set_button(name, False, t + 60)
    for _ in range(12):
        t += 10
        dev.poll(t)
        if dev.render():
            dev.shown()
    return t


def test_a_game_lets_its_dialogs_go_once_closed_and_the_menu_keeps_them():
    folder = os.getenv("TEST_TMP") + "/dialogs"
    store = Store(folder)
    store.save("session", {"game": "staycool", "names": ["A", "B", "C"], "state": None})
    dev = Device(HostBoard(folder), store, seed=1, resume=True)  # straight into the game
    dev.render()
    app = dev.app
    assert view(app)["view"] == "start" and "app.dialogs" not in sys.modules
    t = 1000
    for _ in range(2):  # shown, closed, and shown again: imported afresh
        t = press(dev, "B", t)  # the Start screen's help
        assert app.screen.name == "notice" and "app.dialogs" in sys.modules
        t = press(dev, "B", t)  # OK
        assert view(app)["view"] == "start" and "app.dialogs" not in sys.modules
    app.home(t)
    t = press(dev, "UP", t)  # the menu, which imports the dialogs for good
    assert app.screen.name == "menu" and "app.dialogs" in sys.modules
    from app.dialogs import Notice

    app.push(Notice("Title", "A message."), t)
    app.pop(t)
    assert "app.dialogs" in sys.modules
