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
    """Whether the save is set aside at boot with a notice, then the menu: out of play,
    and kept as session.bad.json."""
    dev = boot(session)
    app = dev.app
    if app.screen.name != "notice" or app.session is not None:
        return False
    app.step(("press", "GO"), 1000)  # the notice gives way to the menu
    aside = Store(dev.store.root + "/x")  # (a store whose "x/../session.bad" is it)
    kept = aside.load("../session.bad")[0]
    return (
        app.screen.name == "menu" and dev.store.load("session") == (None, None) and kept == session
    )


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


def test_say_when_deals_a_card_as_it_comes_up_and_a_save_from_before_plays_on():
    base = fresh("saywhen", ["Red", "Blue"])
    assert len(base["state"]["cards"]) == 1  # the first card alone, at the start
    app = boot(base).app
    game = app.game
    game.apply()  # the card scored (no guesses: no points): the next one is dealt
    cards, rng = list(game.s["cards"]), game.s["rng"]
    assert len(cards) == 2 and cards[1] != cards[0] and rng != base["state"]["rng"]
    game.undo()
    game.apply()  # scored again: the card dealt the first time, no second deal
    assert game.s["cards"] == cards and game.s["rng"] == rng
    # A save from before dealt all twenty at the start: it resumes where it was, and
    # deals no more.
    old = json.loads(json.dumps(base))
    old["state"]["cards"] = list(range(100, 120))
    old["state"]["played"] = 5
    app = boot(old).app
    assert state(app)["view"]["deck_index"] == 105
    app.game.apply()
    assert app.game.s["cards"] == list(range(100, 120)) and app.game.s["played"] == 6
    for cards, played in (([], 0), (list(range(21)), 0), ([7], 1), ([7, 8], 2)):
        session = json.loads(json.dumps(base))
        session["state"]["cards"] = cards  # none, more than twenty, or no card in play
        session["state"]["played"] = played
        assert refused(session), (cards, played)


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


def test_the_issues_reproductions_are_refused_whole():
    """Issue 34: a float where an index belongs, a winner in an unfinished game, a name
    longer than the editor spells; and their kin (True is no 1, 1.0 is no 1)."""
    base = fresh("saywhen", ["Red", "Blue", "Green"])  # the Quizzer: Red; Blue guesses first
    base["state"]["guesses"] = [[1, "12"], [2, "13.5"]]
    base["state"]["door"] = True
    assert not refused(base)  # sound as it is
    for path, value in (
        (("guesses", 1, 0), -0.0),
        (("guesses", 1, 0), 2.0),
        (("guesses", 0, 0), True),
        (("quizzer",), False),
        (("winner",), False),
        (("winner",), -1),
        (("winner",), 2),  # a team, but nobody has reached 10 and cards are left
        (("winner",), ""),
        (("winner",), []),
        (("scores",), [0, 0, 10]),  # 10 reached with no winner: the rules would have one
        (("scores",), [0, 0, 10**4000]),
        (("zz",), 1),  # a field the device never writes
    ):
        session = json.loads(json.dumps(base))
        at = session["state"]
        for step in path[:-1]:
            at = at[step]
        at[path[-1]] = value
        assert refused(session), (path, value)
    for names in (["A" * 500, "Blue"], ["A" * 11, "Blue"], ["Red", ""], ["Red", " Blue"]):
        session = json.loads(json.dumps(base))
        session["names"] = names
        assert refused(session), names
    session = json.loads(json.dumps(base))
    session["names"] = ["Grandma", "Team Two", "Red"]  # spelled in the editor: fine
    assert state(boot(session).app)["screen"] == "saywhen"


def test_a_won_game_is_over_at_power_on_and_only_a_won_one():
    base = fresh("saywhen", ["Red", "Blue"])
    won = json.loads(json.dumps(base))
    won["state"].update({"scores": [3, 11], "played": 6, "winner": 1})
    dev, notice = boot_with({"session": won})
    assert not notice and dev.app.screen.name == "menu", notice
    assert dev.store.load("session") == (None, None)  # the winners were on the screen
    tied = json.loads(json.dumps(base))  # Sudden Death's winner: tied on points
    tied["state"].update({"scores": [10, 10], "played": 7, "winner": 0, "extra": [5]})
    dev, notice = boot_with({"session": tied})
    assert not notice and dev.app.screen.name == "menu", notice
    for scores, winner in (([3, 11], 0), ([9, 9], 0)):  # not the leader; not decided
        bad = json.loads(json.dumps(base))
        bad["state"].update({"scores": scores, "played": 6, "winner": winner})
        assert refused(bad), (scores, winner)


def test_stay_cool_turns_to_come_have_no_points_and_the_last_one_adds_up():
    cool = fresh("staycool", ["Alex", "Sam", "Robin"])
    played = json.loads(json.dumps(cool))  # Alex's turn: 5 written (5), 8 verbal (x 4)
    played["state"].update(
        {"turn": 1, "last": [0, 1, 5, 8], "scores": [[20, 0, 0]] + [[0] * 3] * 2}
    )
    assert state(boot(played).app)["screen"] == "staycool"
    for key, value in (
        ("scores", [[20, 0, 0], [0, 0, 7], [0, 0, 0]]),  # a turn not played yet has points
        ("last", [0, 1, 5, 11]),  # 5 and 11 make 5 x 5 = 25, not 20
        ("last", [1, 1, 5, 8]),  # not the turn before Sam's
        ("round", 1.0),
        ("phase", "over"),  # over in round 1
    ):
        session = json.loads(json.dumps(played))
        session["state"][key] = value
        assert refused(session), (key, value)


def boot_with(files):
    """A device booted on a flash holding `files` ({key: data}); its notice and store."""
    unload(BOOT)
    _dirs[0] += 1
    folder = "%s/boot%d" % (os.getenv("TEST_TMP"), _dirs[0])
    store = Store(folder)
    for key, data in files.items():
        store.save(key, data)
    dev = Device(HostBoard(folder), store, seed=1)
    dev.apply()  # what power-on asked of the flash (a won game: gone)
    dev.write_all()
    return dev, dev.app.screen.name == "notice" and dev.app.screen.message


def test_damaged_settings_and_records_are_kept_told_once_and_replaced():
    for key, data, words in (
        ("settings", {"volume": 2.0}, "Settings were damaged"),
        ("settings", {"volume": True}, "Settings were damaged"),
        ("settings", {"sleep_min": 7}, "Settings were damaged"),
        ("settings", {"sound": True, "zz": 10**4000}, "Settings were damaged"),
        ("played", {"saywhen": {"n": 256.0, "bits": [0] * 16}}, "cards played was damaged"),
        ("played", {"saywhen": {"n": 256, "bits": [0] * 16, "zz": 1}}, "cards played"),
        ("played", {"saywhen": {"n": 256, "bits": ["x"] + [0] * 15}}, "cards played was"),
        ("played", {"saywhen": {"n": 256, "bits": [0x10000] + [0] * 15}}, "cards played"),
        ("played", {"gone": {"n": 3, "bits": []}}, "cards played was damaged"),
        ("played", [], "cards played was damaged"),
    ):
        dev, notice = boot_with({key: data})
        assert notice and words in notice, (key, data, notice)
        folder = dev.store.root
        assert Store(folder + "/x").load("../%s.bad" % key)[0] == data  # kept aside
        unload(BOOT)
        second = Device(HostBoard(folder), Store(folder), seed=1)  # on what it left
        assert second.app.screen.name != "notice", (key, data)  # told once


def test_a_record_of_a_deck_that_grew_starts_afresh_without_a_notice():
    dev, notice = boot_with({"played": {"saywhen": {"n": 64, "bits": [1, 0, 0, 0]}}})
    assert not notice, notice  # the deck holds more than 64 cards: a new record, no damage
    assert dev.app.played["saywhen"]["n"] > 64
