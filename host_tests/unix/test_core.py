# The pure core (firmware/app/core.py and friends) stepped with explicit time.
import ticks
from app import buttons as bt
from app.core import App
from app.session import clean_session
from app.settings import DEFAULT_SETTINGS, clean_settings
from phases import Phases
from screens import view

PARTS = {"ring": True, "buzzer": True, "go": True}
NOW = ticks.MASK + 1 - 100
NO_DECKS = lambda name: None  # noqa: E731 - how many cards a deck holds: none can be read


def press(app, name, now=NOW):
    return app.step(bt.EVENTS["press"][bt.NAMES.index(name)], now)


def test_settings_defaults_and_repairs():
    assert clean_settings(None) == (DEFAULT_SETTINGS, True)
    good, ok = clean_settings({"sound": False, "volume": 3})
    assert ok and good["sound"] is False and good["volume"] == 3
    bad, ok = clean_settings({"sound": "yes", "volume": 7, "brightness": 2})
    assert not ok
    assert bad["sound"] is True and bad["volume"] == 2 and bad["brightness"] == 2
    assert clean_settings([1, 2]) == (DEFAULT_SETTINGS, False)


def test_session_checks():
    ok = {"game": "staycool", "names": ["A", "B", "C"], "state": None}
    assert clean_session(ok, NO_DECKS) == (ok, True)
    assert clean_session(None, NO_DECKS) == (None, True)
    for bad in (
        "text",
        {"game": "chess", "names": ["A", "B"]},
        {"game": "staycool", "names": ["A", "B"]},  # Stay Cool needs three
        {"game": "saywhen", "names": ["A", 3]},
        {"game": "saywhen", "names": ["A", ""]},
        {"game": "saywhen", "names": ["A", "B"], "state": [1]},
    ):
        assert clean_session(bad, NO_DECKS) == (None, False), bad


def test_boot_screens():
    assert App(Phases(), PARTS).screen.name == "menu"
    s = {"game": "saywhen", "names": ["A", "B"], "state": {}}
    assert App(Phases(), PARTS, session=s).screen.name == "resume"
    app = App(Phases(), PARTS, session=s, notice="Something was reset.")
    assert app.screen.name == "notice"
    press(app, "B")
    assert app.screen.name == "resume"


def test_effects_of_a_setting_change():
    app = App(Phases(), PARTS)
    for _ in range(2):
        press(app, "UP")  # Self-test, then Settings
    fx = press(app, "GO")
    assert view(app)["title"] == "Settings"
    del fx[:]
    fx = press(app, "C")  # sound off
    assert ("config",) in fx
    assert ("save", "settings", app.settings) in fx
    assert app.settings["sound"] is False


def test_tones_respect_sound_setting_and_parts():
    app = App(Phases(), PARTS)
    app.tone("win")
    assert app.effects == [("tone", "win", 2)]
    quiet = App(Phases(), {"ring": False, "buzzer": False, "go": False})
    quiet.tone("win")
    assert quiet.effects == []
    blinker = App(
        Phases(), {"ring": False, "buzzer": False, "go": False, "led": True}, {"sound": False}
    )
    blinker.tone("win")
    assert blinker.effects == [("tone", "win", 2)]  # the LED blinks it, sound on or off
    muted = App(Phases(), PARTS, settings={"sound": False})
    muted.tone("win")
    assert muted.effects == []


def test_settings_menu_hides_missing_parts():
    # A Badger has no ring and no buzzer: no volume, sound or brightness rows.
    app = App(Phases(), {"ring": False, "buzzer": False, "go": False})
    for _ in range(2):
        press(app, "UP")
    press(app, "B")  # B selects where there is no GO
    items = view(app)["items"]
    assert items[:2] == ["Upside down", "Sleep after"]
    assert not [i for i in items if i in ("Sound", "Volume", "Ring brightness")]


def test_redraw_requests_coalesce():
    app = App(Phases(), PARTS)
    assert app.want_draw == 2  # first frame: full refresh
    press(app, "DOWN")
    press(app, "DOWN")
    assert app.want_draw == 2  # still owed the full one; partials fold into it

    class G:
        def clear(self):
            pass

        def __getattr__(self, name):
            return lambda *a, **k: 0

    app.draw(G())
    assert app.want_draw == 0
    press(app, "DOWN")
    assert app.want_draw == 1


def test_no_idle_sleep_while_a_timer_runs():
    from app.screen import Screen

    class Timer(Screen):
        name = "timer"

        def deadline(self, app):
            return ticks.add(app.now, 1000)

    app = App(Phases(), PARTS)
    app.push(Timer())
    now = NOW
    for _ in range(30):
        now = ticks.add(now, 60_000)
        app.step(None, now)
    assert app.screen.name == "timer" and ("sleep",) not in app.effects
    app.pop()  # the timer has run out: "Time's up!", the round's result
    app.step(None, ticks.add(now, 10))
    assert app.screen.name != "sleeping" and ("sleep",) not in app.effects  # not at once
    minutes = app.settings["sleep_min"]
    app.step(None, ticks.add(now, minutes * 60_000 - 100))
    assert app.screen.name != "sleeping"  # the table has the whole sleep time to read it
    app.step(None, ticks.add(now, minutes * 60_000 + 10))
    assert app.screen.name == "sleeping" and ("sleep",) in app.effects


def test_a_finished_game_is_known_by_its_saved_state():
    from app.menu import finished

    assert finished({"game": "saywhen", "state": {"winner": 1}})
    assert not finished({"game": "saywhen", "state": {"winner": None}})
    assert finished({"game": "staycool", "state": {"phase": "over"}})
    assert not finished({"game": "staycool", "state": {"phase": "turn"}})
    assert finished({"game": "scattergories", "state": {"phase": "won"}})
    assert not finished({"game": "scattergories", "state": None})  # not begun


def test_the_played_record_is_saved_with_the_game_when_a_game_put_a_new_one():
    app = App(Phases(), PARTS, played={"quiz": {"n": 64, "bits": "00" * 8}})
    app.session = {"game": "saywhen", "names": ["A", "B"], "state": {}}
    del app.effects[:]
    app.save_session()
    assert app.effects == [("save", "session", app.session)]  # nothing new was played
    app.played["quiz"] = {"n": 64, "bits": "01" + "00" * 7}  # a game played a card
    app.save_session()
    saved = [("save", "played", app.played), ("save", "session", app.session)]
    assert app.effects[1:] == saved
    del app.effects[:]
    app.save_session()
    assert app.effects == [("save", "session", app.session)]  # saved once


def test_a_game_goes_on_once_its_handler_has_returned_under_what_it_pushed():
    # App.go_on (Say When!'s sides, app/saywhen.py): saved at once; the game's own screen
    # (the bottom one) replaced by app.first's once the handler has returned, so that the
    # screen it replaces is no longer referenced when the next one is made.
    from app.screen import Screen

    made = []

    class Side(Screen):
        name = "side"

        def __init__(self, n):
            self.n = n

        def event(self, app, ev, now):
            app.go_on()
            assert app.stack[0] is self and made == []  # not yet: this handler still runs
            app.push(Notice())

    class Notice(Screen):
        name = "notice"

    def first(app, game, now):
        made.append(app.stack[0])
        return Side(len(made))

    app = App(Phases(), PARTS)
    app.session = {"game": "saywhen", "names": ["A", "B"], "state": {}}
    app.game, app.first = object(), first
    app.stack[:] = [Side(0)]
    del app.effects[:]
    press(app, "B")
    assert ("save", "session", app.session) in app.effects
    assert made and made[0].name == "screen"  # the old one had gone: a blank stood in
    assert [s.name for s in app.stack] == ["side", "notice"] and app.stack[0].n == 1
