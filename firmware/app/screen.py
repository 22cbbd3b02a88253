"""What a screen of the device is, and the stand-ins for a screen still to be made.

Every screen derives from Screen; the core (app/core.py) steps the one on top of its stack.
"""


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


class Next(Screen):
    """Stands in for the screen `make(*args)` gives, for no time at all: the core puts that
    one in its place as soon as the handler that asked has returned (App.step), so that
    the part of the game the handler belongs to can be let go before the next one loads.
    With a `part` (part()), `make` is the name of a screen in that module."""

    name = "next"
    part = None

    def __init__(self, make, *args):
        self.make = make
        self.args = args


def part(parts, name, make, *args):
    """A stand-in for screen `make` (a name) of the module `name` (dotted in full:
    "app.saywhen.door"), one of a game's `parts` (the modules its screens live in): made
    once the modules of the others have been let go, as the shell's module policy decides
    (app.modules, phases.py), so that a game's screens never crowd a Pico's heap all at
    once."""
    nxt = Next(make, *args)
    nxt.part = name
    nxt.parts = parts
    return nxt
