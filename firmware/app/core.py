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

from micropython import const

import ticks
from app import buttons as bt
from app.screen import Screen

_LOW_MV = const(3400)  # a LiPo, or three AAA cells, near empty


class App:
    def __init__(
        self,
        modules,
        parts,
        settings=None,
        session=None,
        notice=None,
        played=None,
        seed=1,
        decks=None,
        resume=False,
    ):
        from app.settings import clean_settings  # and goes with the first phase switch

        self.modules = modules  # the shell's module policy (phases.Phases): menu and games
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
        self._door = [None, None, None, None]  # what table() answers, made once
        self.now = 0
        self._played = dict(self.played)  # the records as last saved (save_session)
        self.phase = None  # "home" (the menu) or "game"
        self.game = None  # the game's model while one plays (app.gamescreen.start)
        self.first = None  # and its module's first(app, game, now): where it stands
        # A game's start under way, a stage a step (_start): its modules one by one, its
        # deck, its deal, its first screen, each a poll of its own (shell.py), so that no
        # stretch of work keeps the buttons and the ring waiting
        self.starting = None
        self.fresh = False  # the game starting goes on from a boundary just crossed (play)
        self._next = "game" if resume and session is not None else "home"
        self._switch(notice, power_on=True)

    # -- stepping ----------------------------------------------------------------
    def step(self, ev, now):
        """One event (or None for a tick) at `now`; returns the pending effects."""
        self.now = now
        if self.starting is not None:  # (the shell steps no event while a game starts)
            self._start(now)
            if self.starting is not None:
                return self.effects
        if ev is not None or self.last_input is None:
            self.last_input = now
        if ev is bt.CHORD:
            self.screen.leave(self, now)  # a timer that runs stops, and is saved
            self.home(now)
        elif ev is not None:
            self.screen.event(self, ev, now)
        if self._next is not None:
            self._switch()
            if self.starting is not None:
                return self.effects  # the rest of the start is the next step's
        self.screen.tick(self, now)
        if self._next == "on":  # (a game going on at a tick: at once, as after an event)
            self._switch()
        if self.screen.deadline(self) is None:
            self._quiet(now)
        else:  # a timer running is the table at play: idle counts from when it stops, so the
            self.last_input = now  # device never sleeps the moment time is up
        return self.effects

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
        """A battery reading from the shell; below _LOW_MV the table is told, once."""
        if millivolts < _LOW_MV and not self.battery_warned:
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
            self.modules.closed(self.stack)  # (a dialog's module may go: phases.py)
            self._entered(self.screen, now)
        else:
            self.home(now)

    def home(self, now=None):
        """Back to the main menu (the A+C chord); a game in progress stays saved."""
        self._next = "home"

    def play(self, game=None, names=None, fresh=False):
        """Plays the saved session, or first saves a new one: `game` (its key) with `names`.
        `fresh`: the game, playing, goes on from its save at a boundary it has just crossed,
        its modules loaded afresh (app.fresh, while it starts), not as after a power cut."""
        if game is not None:
            self.session = {"game": game, "names": list(names), "state": None}
            self.save_session()
        self.fresh = fresh
        self._next = "game"

    def go_on(self):
        """Saves, then shows where the game stands (app.first's screen) in place of the
        game's own, once the handler that asked for it has returned (that screen goes
        before the next is made)."""
        self.save_session()
        self._next = "on"

    def finish(self):
        """A game that is over: forgotten, and back to the menu."""
        self.end_session()
        self.home()

    def again(self):
        """The same game again, with the same teams or players, from zero."""
        self.play(self.session["game"], self.session["names"])

    def _switch(self, notice=None, power_on=False):
        """Changes phase between the menu and a game, once the handler that asked for it
        has returned: every screen of the old phase goes first, and the shell's module
        policy lets the old phase's modules go before the new one's come in. A game's
        start is the next steps' work (_start), but at power-on, where no one waits. Or,
        the phase kept, the game goes on (go_on)."""
        if self._next == "on":
            self._next = None
            self.stack[0] = Screen()  # (the old screen goes before the next is made)
            self.stack[0] = screen = self.first(self, self.game, self.now)
            self._entered(screen, self.now)
            return
        self.phase = self._next
        self._next = None
        self.game = self.first = None
        del self.stack[:]
        if self.phase == "home":
            self.modules.menu().boot(self, notice, power_on)
            return
        self.starting = self._load(self.session["game"])
        self.stack.append(Screen())  # nothing drawn: the last frame stays on the glass
        self.want_draw = 0
        while power_on and self.starting is not None:
            self._start(self.now)
        if notice:
            from app.dialogs import Notice

            self.push(Notice("Notice", notice))

    def _load(self, name):
        """The start of the game `name`, a stage a step: its modules (the shell's module
        policy), then its own start (the game's module's start(app)); returns its first
        screen."""
        module = yield from self.modules.game(name)
        return (yield from module.start(self))

    def _start(self, now):
        """The start's next stage; after the last, the game's first screen, under whatever
        came over the wait (the phones' join screen, a notice)."""
        try:
            self.modules.step(self.starting)  # (the shell's heap policy: App.modules)
            return
        except StopIteration as done:
            screen = done.value
        self.starting = None
        self.stack[0] = screen
        self.fresh = False
        self._entered(screen, now)

    def table(self):
        """What the phones read of the table, through this one door: (where it stands:
        "home" at the menu, "resume" at the offer to resume after a power cut, "game" while
        the game's own screens show, else the name of the screen over them ("phones",
        "notice", "sleeping"...); the session: the game's key and its players, or None;
        the game's model while one plays, else None; the core's clock, the `now` of its
        last step). One list, filled afresh at each call, for its reader to unpack at
        once: the phones read it after every step, and a tuple each time would be heap
        the collector counts."""
        door = self._door
        phase = self.phase
        if phase == "game" and self.screen.game is not self.game:
            phase = self.screen.name
        elif phase == "home" and self.screen.name == "resume":
            phase = "resume"
        door[0] = phase
        door[1] = self.session
        door[2] = self.game
        door[3] = self.now
        return door

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
        """Saves the game; and the record of cards played when the game has put a new
        record in it (played.mark: a record is never changed in place)."""
        was = self._played
        for name, record in self.played.items():
            if was.get(name) is not record:
                self.effects.append(("save", "played", self.played))
                self._played = dict(self.played)
                break
        self.effects.append(("save", "session", self.session))

    def end_session(self):
        self.session = None
        self.effects.append(("delete", "session"))

    # -- output --------------------------------------------------------------------
    def draw(self, g):
        """Draws the frame, whole."""
        rest = self.draw_first(g)
        if rest is not None:
            for _ in rest:
                pass

    def draw_first(self, g):
        """Begins the frame: draws it whole and returns None; or, where the screen draws
        its frame in parts (its draw a generator), returns the parts, each drawn at a
        step, so that the loop can run between them (shell.Device.draw_part)."""
        self.want_draw = 0
        g.clear()
        return self.screen.draw(self, g)

    def ring(self, now, leds):
        self.screen.ring(self, now, leds)

    def deadline(self):
        if self.starting is not None or self._next is not None:
            return self.now  # a start, or a phase asked for by a tick: the next step's
        return self.screen.deadline(self)
