# heap: 256K (the three games' modules and decks in one process: a device loads one at a time)
# A saved game that does not hold together is refused whole when boot checks it (a notice,
# then the menu), never crashed on; and only DamagedSave counts as damage: a bug in building
# a game surfaces, and the save stays. Runs inside the MicroPython unix port.
import json
import os
import sys

from board import HostBoard
from phases import unload
from screens import state
from shell import Device
from store import Store

_dirs = [0]
BOOT = set(sys.modules)


def boot(session, keep=()):
    """The device at power-on (boot checks what was saved: app/session.py), its flash
    holding `session`, and straight back into it (as after a rescue reset). Nothing of the
    last device stays in RAM, as on a board; but the modules in `keep`."""
    unload(BOOT.union(keep))
    _dirs[0] += 1
    folder = "%s/boot%d" % (os.getenv("TEST_TMP"), _dirs[0])
    store = Store(folder)
    store.save("session", session)
    return Device(HostBoard(folder), store, seed=1, resume=True)


def fresh(game, names):
    """A real save of a game just begun, as JSON and back (a copy of what is on flash)."""
    app = boot({"game": game, "names": names, "state": None}).app
    assert state(app)["screen"] == game, state(app)["screen"]
    return json.loads(json.dumps(app.session))


def refused(session):
    """Whether the save is set aside at boot with a notice, then the menu, and gone."""
    dev = boot(session)
    app = dev.app
    if app.screen.name != "notice" or app.session is not None:
        return False
    app.step(("press", "GO"), 1000)  # the notice gives way to the menu
    return app.screen.name == "menu" and dev.store.load("session") == (None, None)


def test_say_when_values_that_used_to_crash_are_refused():
    base = fresh("saywhen", ["Red", "Blue", "Green"])
    bad = (
        ("played", 1.5),
        ("winner", 1.5),
        ("judge", 3),
        ("judge", [None]),
        ("judge", [-1]),
        ("quizzer", 1.5),
        ("guesses", {}),
        ("guesses", [[0, "12"], [0, "13"]]),  # one team twice
        ("guesses", [[1, "1e5"]]),
        ("undo", 5),
        ("rng", 10**19),
        ("scores", [0, 0]),
        ("sudden", [1]),
        ("door", "eoor"),
    )
    for key, value in bad:
        session = json.loads(json.dumps(base))
        session["state"][key] = value
        assert refused(session), (key, value)
    for key in ("door", "judge", "cards"):
        session = json.loads(json.dumps(base))
        del session["state"][key]
        assert refused(session), key


def test_stay_cool_and_scattergories_values_that_used_to_crash_are_refused():
    cool = fresh("staycool", ["Alex", "Sam", "Robin"])
    for key, value in (("rng", 10**19), ("turn", True), ("scores", {}), ("live", [0, 5])):
        session = json.loads(json.dumps(cool))
        session["state"][key] = value
        assert refused(session), (key, value)
    scatter = fresh("scattergories", ["Alex", "Sam"])
    for key, value in (("rng", 10**19), ("letters", "Q"), ("points", [0]), ("challenges", [1])):
        session = json.loads(json.dumps(scatter))
        session["state"][key] = value
        assert refused(session), (key, value)


def test_a_good_save_is_resumed_and_a_save_from_before_pausing_too():
    for game, names in (("saywhen", ["Red", "Blue"]), ("staycool", ["A", "B", "C"])):
        session = fresh(game, names)
        session["state"].pop("live", None)  # Stay Cool saves from before paused turns
        assert state(boot(session).app)["screen"] == game


def test_a_bug_while_building_a_game_surfaces_and_the_save_stays():
    session = fresh("saywhen", ["Red", "Blue"])
    from app import saywhen_game as game

    real = game.SayWhen.all_in

    def buggy(self):
        return self.s["no such field"]  # a programming error: KeyError, not DamagedSave

    game.SayWhen.all_in = buggy
    try:
        boot(session, sys.modules)  # the game's model as patched here
        raise AssertionError("the bug was taken for a damaged save")
    except KeyError:
        pass
    finally:
        game.SayWhen.all_in = real
