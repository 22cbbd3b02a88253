# heap: 192K (the Pico's cap: a device with its menu, then Stay Cool's modules)
# A game's start is two stretches of work, each a poll of its own (App.starting, shell.py):
# the old phase's modules go and the game's come in; then its deck, its model and its first
# screen. A press made meanwhile is latched and meets the game's screen, never the wait.
import os

from board import HostBoard
from screens import view
from shell import Device
from store import Store


def test_a_start_is_two_polls_and_a_press_made_meanwhile_meets_the_game():
    folder = os.getenv("TEST_TMP") + "/start"
    store = Store(folder)
    store.save("session", {"game": "staycool", "names": ["A", "B", "C"], "state": None})
    dev = Device(HostBoard(folder), store, seed=1)  # powered on: the offer to resume
    board, app = dev.board, dev.app
    t = 1000
    dev.poll(t)
    assert app.screen.name == "resume"
    board.set_button("B", True, t + 5)  # B resumes: pressed and released between two polls
    board.set_button("B", False, t + 60)
    t += 70
    dev.poll(t)  # the first stretch: the game's modules, nothing more
    assert app.starting and app.game is None and not app.want_draw
    assert dev.sleep_ms(t) == 0  # the next poll comes at once
    board.set_button("C", True, t + 1)  # C: on the game's first screen, the turn begins
    board.set_button("C", False, t + 50)
    t += 60
    dev.poll(t)  # the second: the deck, the model, the first screen; the edges wait
    assert not app.starting and view(app)["view"] == "start" and app.want_draw
    t += 10
    dev.poll(t)  # and now C, on that screen
    assert view(app)["view"] != "start" and "flip" in board.tones
