"""The device's pure core: a stack of screens stepped with (event, now).

The shell feeds every button event and a periodic tick through `App.step(event, now)`; the
core never reads a clock, a pin or a file. What it wants done comes back as effects:
- `want_draw`: 0 nothing, 1 partial refresh, 2 full refresh (the shell redraws through
  `draw(gfx)` when the panel is free, so a burst of presses costs one refresh);
- `effects`: a list of tuples the shell applies and then empties:
  ("tone", name, volume), ("save", key, data), ("delete", key), ("config",) when a
  setting the hardware uses (brightness, volume, rotation) changed, ("sleep",) when the
  table has left the device alone for the sleep time (once the Sleeping screen shows);
- `ring(now, leds)`: the shell asks for a ring frame at its own steady rate.
"""

import gc
import sys

import ticks
from app import buttons as bt

LOW_MV = 3400  # a LiPo, or three AAA cells, near empty


def unload(keep):
    """Forgets every module not in `keep`, so that the heap they hold can be reused."""
    for name in list(sys.modules):
        if name not in keep:
            del sys.modules[name]
            # The package keeps its submodule as an attribute too: let that go as well.
            parent, _, child = name.rpartition(".")
            if parent in sys.modules:
                sys.modules[parent].__dict__.pop(child, None)
    gc.collect()


def load_part(name, parts):
    """The module app.<name>, one of a game's `parts` (the modules its screens live in),
    imported once every other part has been let go: a game's screens all at once would
    crowd a Pico's heap, one part at a time does not. The dialogs a part showed (imported
    when shown) go with it."""
    parts += ("dialogs",)
    loaded = ["app." + p for p in parts if p != name and "app." + p in sys.modules]
    if loaded:
        unload([m for m in sys.modules if m not in loaded])
    return __import__("app." + name, None, None, ("_",))


def part_screen(parts, part, name, *args):
    """Screen `name` of `part`, one of a game's `parts`, made once the others have gone."""
    return getattr(load_part(part, parts), name)(*args)


def _nothing(*args):
    """What a screen does with whatever it does not handle (one function for all of them:
    each function costs heap)."""


class Screen:
    """One screen of the device. Subclasses override what they need:
    enter(app, now), event(app, ev, now), tick(app, now), draw(app, g), ring(app, now, leds),
    deadline(app): the next tick at which something must happen on time (the sand runs out),
    or None (the shell wakes exactly then instead of at its next 10 ms poll). What a screen
    shows is read from its attributes by the host board alone (boards/host/screens.py)."""

    name = "screen"
    full_refresh = False  # a round boundary: clean the panel with a full refresh
    # leave(app, now): the A+C chord takes the table to the menu from this screen
    enter = event = tick = draw = deadline = leave = _nothing

    def ring(self, app, now, leds):
        for i in range(len(leds)):
            leds[i] = 0


def won(app, ev):
    """The buttons of a game's winner screen: A back to the menu, B the same game again.
    Returns any other button pressed, for the game's own use of it."""
    if ev[0] != "press":
        return None
    if ev[1] == "A":
        app.finish()
    elif ev[1] == "B":
        app.again()
    else:
        return ev[1]
    return None


class Next(Screen):
    """Stands in for the screen `make(*args)` gives, for no time at all: the core puts that
    one in its place as soon as the handler that asked has returned (App.step), so that
    the part of the game the handler belongs to can be let go before the next one loads."""

    name = "next"

    def __init__(self, make, *args):
        self.make = make
        self.args = args


class App:
    def __init__(
        self,
        parts,
        settings=None,
        session=None,
        notice=None,
        played=None,
        seed=1,
        decks=None,
        resume=False,
    ):
        # What is loaded now stays; what the menu or a game imports goes with its phase.
        self._resident = set(sys.modules)
        from app.settings import clean_settings  # and goes with the first phase switch

        self.parts = parts  # which parts the board has: ring, buzzer, go, led
        self.settings, _ = clean_settings(settings)
        self.session = session  # the unfinished game, a JSON-able dict, or None
        self.played = played if isinstance(played, dict) else {}  # app.played: cards seen
        self.seed = seed  # from the shell: the core has no randomness of its own
        self.open_deck = decks  # name -> Deck (raises DeckError), handed in by the shell
        self.last_input = None  # a button's last use or a timer's last tick: idle counts from it
        self.battery_warned = False
        self._battery_notice = False
        self.effects = []
        self.want_draw = 2
        self.stack = []
        self.now = 0
        # A game's own modules (not its parts) stay through a visit to the menu, while the
        # game goes on: coming back then loads one part, not the whole game again.
        self._game = None  # (the game's key, the modules loaded with it)
        self._phase = None  # "home" (the menu) or "game"
        # Below this much free heap, the menu lets a kept game's modules go (shed); and so
        # does a visit to the menu that would leave less than this once the menu is in.
        self._low_heap = (gc.mem_free() + gc.mem_alloc()) // 6
        self._menu_heap = 0  # what loading the menu took, the first time
        self._next = "game" if resume and session is not None else "home"
        self._switch(notice, power_on=True)

    # -- stepping ----------------------------------------------------------------
    def step(self, ev, now):
        """One event (or None for a tick) at `now`; returns the pending effects."""
        self.now = now
        if ev is not None or self.last_input is None:
            self.last_input = now
        if ev is bt.CHORD:
            self.screen.leave(self, now)  # a timer that runs stops, and is saved
            self.home(now)
        elif ev is not None:
            self.screen.event(self, ev, now)
        if self._next is not None:
            self._switch()
        self._settle(now)
        self.screen.tick(self, now)
        self._settle(now)
        if self._game is not None and self._phase == "home" and gc.mem_free() < self._low_heap:
            self.shed()
        if self.screen.deadline(self) is None:
            self._quiet(now)
        else:  # a timer running is the table at play: idle counts from when it stops, so the
            self.last_input = now  # device never sleeps the moment time is up
        return self.effects

    def _settle(self, now):
        while isinstance(self.screen, Next):
            nxt = self.screen
            self.replace(nxt.make(*nxt.args), now)

    def _quiet(self, now):
        """Things that wait for a quiet moment: the battery warning, and idle sleep."""
        if self._battery_notice:
            from app.dialogs import Notice

            self._battery_notice = False
            self.tone("warning")
            self.push(Notice("Battery low", "Plug in USB power soon. Games are saved."), now)
            return
        minutes = self.settings["sleep_min"]
        idle = ticks.diff(now, self.last_input)
        if minutes and self.screen.name != "sleeping" and idle >= minutes * 60_000:
            from app.dialogs import Sleeping

            self.push(Sleeping(), now)
            self.effects.append(("sleep",))

    def battery(self, millivolts):
        """A battery reading from the shell; below LOW_MV the table is told, once."""
        if millivolts < LOW_MV and not self.battery_warned:
            self.battery_warned = True
            self._battery_notice = True

    @property
    def screen(self):
        return self.stack[-1]

    # -- navigation ----------------------------------------------------------------
    def push(self, screen, now=None):
        self.stack.append(screen)
        self._entered(screen, now)

    def replace(self, screen, now=None):
        self.stack[-1] = screen
        self._entered(screen, now)

    def pop(self, now=None):
        if len(self.stack) > 1:
            self.stack.pop()
            self._entered(self.screen, now)
        else:
            self.home(now)

    def home(self, now=None):
        """Back to the main menu (the A+C chord); a game in progress stays saved."""
        self._next = "home"

    def play(self, game=None, names=None):
        """Plays the saved session, or first saves a new one: `game` (its key) with `names`."""
        if game is not None:
            self.session = {"game": game, "names": list(names), "state": None}
            self.save_session()
        self._next = "game"

    def finish(self):
        """A game that is over: forgotten, and back to the menu."""
        self.end_session()
        self.home()

    def again(self):
        """The same game again, with the same teams or players, from zero."""
        self.play(self.session["game"], self.session["names"])

    def shed(self):
        """Lets go of the modules a game keeps through a visit to the menu, when the menu
        runs short of heap: they only save reloading them. True if any went."""
        if self._game is None or self._phase != "home":
            return False
        key = self._game[0]
        self._game = None
        unload([m for m in sys.modules if key not in m or m in self._resident])
        return True

    def _switch(self, notice=None, power_on=False):
        """Changes phase between the menu and a game, once the handler that asked for it
        has returned: every screen and every module of the old phase is let go before the
        new one is imported, so the two never share the heap; but a game that goes on
        keeps its own modules (not its parts) through a visit to the menu."""
        phase = self._phase = self._next
        self._next = None
        del self.stack[:]
        key = self.session and self.session["game"]
        if self._game is not None and self._game[0] != key:
            self._game = None  # that game is over, or another one begins
        keep = self._game[1] if self._game else self._resident
        if phase == "home":
            unload(keep)
            if self._game is not None and gc.mem_free() < self._low_heap + self._menu_heap:
                self._game = None  # no room for the menu beside the kept game: it goes first
                unload(self._resident)
            used = gc.mem_alloc()
            from app import menu

            if not self._menu_heap:
                gc.collect()
                self._menu_heap = gc.mem_alloc() - used
            menu.boot(self, notice, power_on)
        else:
            from app import catalog  # loaded already when the menu asks

            module = "app." + catalog.get(key).module
            unload(keep)  # the old phase, and the catalog: a game needs only its own modules
            game = __import__(module, None, None, ("start",))
            self._game = key, set(sys.modules)
            self.push(game.start(self, self.now))
            if notice:
                from app.dialogs import Notice

                self.push(Notice("Notice", notice))

    def _entered(self, screen, now):
        screen.enter(self, self.now if now is None else now)
        self.redraw(full=screen.full_refresh)

    # -- effects -------------------------------------------------------------------
    def redraw(self, full=False):
        self.want_draw = max(self.want_draw, 2 if full else 1)

    def tone(self, name):
        """A tune on the buzzer (if sound is on), or blinked on the LED of a board that has
        no buzzer (the Badger): a visual cue, so the sound setting does not silence it."""
        if (self.settings["sound"] and self.parts.get("buzzer")) or (
            self.parts.get("led") and not self.parts.get("buzzer")
        ):
            self.effects.append(("tone", name, self.settings["volume"]))

    def set_setting(self, key, value):
        self.settings[key] = value
        self.effects.append(("save", "settings", self.settings))
        self.effects.append(("config",))

    def save_session(self):
        self.effects.append(("save", "session", self.session))

    def end_session(self):
        self.session = None
        self.effects.append(("delete", "session"))

    # -- output --------------------------------------------------------------------
    def draw(self, g):
        self.want_draw = 0
        g.clear()
        self.screen.draw(self, g)

    def ring(self, now, leds):
        self.screen.ring(self, now, leds)

    def deadline(self):
        return self.screen.deadline(self)
