"""What a screen of the device is. Every screen derives from Screen; the core
(app/core.py) steps the one on top of its stack."""


def _nothing(screen, app, x=None, y=None):
    """What a screen does with whatever it does not handle (one function for all of them:
    each function costs heap). Its arguments named, not *args: a call would make a tuple
    of them in the heap, at every poll for tick and deadline."""


class Screen:
    """One screen of the device. Subclasses override what they need:
    enter(app, now), event(app, ev, now), tick(app, now), draw(app, g), ring(app, now, leds),
    deadline(app): the next tick at which something must happen on time (the sand runs out),
    or None (the shell wakes exactly then instead of at its next 10 ms poll). What a screen
    shows is read from its attributes by the host board alone (boards/host/screens.py).
    A screen whose frame takes long to draw may draw it in parts: its draw a generator,
    yielding between them, and the loop runs between them (App.draw_first,
    shell.Device.draw_part)."""

    name = "screen"
    game = None  # a game's screen: its model (app.gamescreen.GameScreen)
    full_refresh = False  # a round boundary: clean the panel with a full refresh
    # B and GO: those whose long press means something here; the others act as they go
    # down, not on release (app/buttons.py)
    long_presses = ()
    # leave(app, now): the A+C chord takes the table to the menu from this screen
    enter = event = tick = draw = deadline = leave = _nothing

    def ring(self, app, now, leds):
        for i in range(len(leds)):
            leds[i] = 0
