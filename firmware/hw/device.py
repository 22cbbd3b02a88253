"""What the shell needs from a real board, made of its drivers (any part may be missing).

A board file builds the drivers from its pins and hands them to DeviceBoard; the shell
(shell.py) talks only to this object. Parts that are absent are declared so
in `parts`, and the core copes: no ring, no buzzer (the LED blinks the tunes instead),
no GO button.
"""

import asyncio
import time

import ticks
from hw.buzzer import Buzzer


class LedTone:
    """An LED standing in for a buzzer: lit for each note of a tune, dark for rests."""

    def __init__(self, pin):
        self.pin = pin

    def freq(self, hz):
        pass

    def duty_u16(self, duty):
        self.pin.value(1 if duty else 0)


class DeviceBoard:
    ring_size = 16
    wakes = True  # the buttons' interrupts wake the loop (shell.run): it may rest between
    fonts = "/fonts"
    decks = "/decks"
    state_dir = "/state"

    def __init__(self, display, buttons, ring=None, pwm=None, led=None, battery=None, go=True):
        self.display = display
        self._buttons = buttons
        self.ring = ring
        self.buzzer = Buzzer(pwm) if pwm is not None else Buzzer(LedTone(led)) if led else None
        self.battery = battery
        self.parts = {
            "ring": ring is not None,
            "buzzer": pwm is not None,
            "go": go,
            "led": led is not None,
        }
        if ring is None:
            self.ring_size = 0
        self.watchdog = None  # set by main.py when the game runs (never in maintenance)

    def buttons(self):
        """The levels now, bit i = button i held (a sleep waits on them)."""
        return self._buttons.read()

    def button_edges(self):
        return self._buttons.edges

    def configure(self, rotate, brightness):
        self.display.set_rotated(rotate)
        if self.ring is not None:
            self.ring.set_level(brightness)

    def tone(self, name, volume):
        if self.buzzer is not None:
            self.buzzer.play(name, volume, time.ticks_ms() & ticks.MASK)

    def update(self, now):
        if self.buzzer is not None:
            self.buzzer.update(now)

    def sounding(self):
        """A tune is playing: its notes are timed by the polls (update)."""
        return self.buzzer is not None and self.buzzer.playing()

    def show_ring(self, leds):
        if self.ring is not None:
            self.ring.show(leds)

    async def show(self, buf, full, sent=None):
        await self.display.show(buf, full, sent)

    def feed(self):
        if self.watchdog is not None:
            self.watchdog.feed()

    def sleep(self):
        """Idle: the ring off, then light sleep in short steps (the watchdog fed between
        them) until a button is pressed; the e-ink keeps its picture unpowered."""
        if self.ring is not None:
            self.ring.off()
        if self.buzzer is not None:
            self.buzzer.silence()
        self.sleep_until_press()

    def sleep_until_press(self):
        import machine

        while not self.buttons():
            self.feed()
            machine.lightsleep(100)

    def battery_mv(self):
        return self.battery.millivolts() if self.battery is not None else None

    async def until_stopped(self):
        while True:  # a device runs until its power goes
            await asyncio.sleep_ms(60_000)
