# `make sim`'s keys (boards/host/terminal.py) played through the real debouncer: a key sent
# just as the last one's release has been played is still a press of its own. (On a loaded
# machine the interactive test sent a long B 15 ms after the short b before it was
# released: within the debouncer's 20 ms, the two edges were one bounce, and the long press
# that pauses Scattergories' round was lost.)
from terminal import KEYS, TerminalBoard

import ticks
from app.buttons import Buttons


def played(board, events, long_meant):
    """Each planned edge put at its own tick, the debouncer stepped there; the plan empty
    once done, as after the poll that played its last edge."""
    buttons = Buttons(events.append, lambda name: long_meant[0])
    while board._plan:
        at, name, down = board._plan.pop(0)
        board.set_button(name, down, at)
        buttons.step(board.edges, at)
    buttons.step(board.edges, ticks.add(at, 100))
    return at


def test_a_key_sent_as_the_last_release_is_played_is_a_press_of_its_own():
    board = TerminalBoard()
    events = []
    long_meant = [False]  # the die: B's long press means nothing there, so it acts at once
    board._play(((0, "B", 1), (KEYS[ord("b")][1], "B", 0)))
    released = played(board, events, long_meant)
    assert ("press", "B") in events
    long_meant[0] = True  # the round's list: a long B pauses it
    del events[:]
    board._play(((0, "B", 1), (KEYS[ord("B")][1], "B", 0)))  # sent at once
    assert ticks.diff(board._plan[0][0], released) >= 20  # apart, for the debouncer
    played(board, events, long_meant)
    assert events == [("down", "B"), ("long", "B"), ("up", "B")], events
