"""The device's own loop (runner.py), drivers and core, run on a virtual clock.

A test installs this module's `time` and `asyncio` stand-ins before importing the
firmware: every `await asyncio.sleep_ms(n)` becomes a yield to the scheduler here, and the
clock moves only when a task sleeps or when a fake part blocks the CPU as the real one
would: an SPI write for its bytes at the baud rate, a NeoPixel frame, a flash write. The
panel's BUSY line stays high for the refresh time. So a run measures lateness: how far
ring frames slip from their 40 ms rhythm, and how late the end of a turn sounds.
"""

import sys

from fakes import FakeNeoPixel, FakePin, FakePWM, FakeSPI, SSD1680Model, edge

import ticks

NOW_US = [0]  # the virtual clock, in microseconds


def charge(us):
    """Time a blocking operation takes: the CPU is held, no task runs meanwhile."""
    NOW_US[0] += us


def now_ms():
    return (NOW_US[0] // 1000) & ticks.MASK


class VirtualTime:
    @staticmethod
    def ticks_ms():
        return now_ms()

    @staticmethod
    def ticks_diff(a, b):
        return ticks.diff(a, b)

    @staticmethod
    def sleep_ms(ms):
        charge(ms * 1000)


class Task:
    def __init__(self, coro):
        self.coro = coro
        self.finished = False

    def done(self):
        return self.finished

    def cancel(self):
        self.finished = True


class Flag:
    """asyncio's Event and ThreadSafeFlag on the virtual clock: a waiting task looks each
    virtual millisecond (costing no virtual time: only a poll of the device counts)."""

    def __init__(self, clears=False):
        self.state = False
        self.clears = clears  # a ThreadSafeFlag clears itself as its waiter wakes

    def set(self):
        self.state = True

    def clear(self):
        self.state = False

    def wait(self):
        while not self.state:
            yield 1
        if self.clears:
            self.state = False


class VirtualAsyncio:
    """Enough of asyncio for runner.py and the drivers, on the virtual clock."""

    Event = Flag

    @staticmethod
    def ThreadSafeFlag():  # noqa: N802 - asyncio's name
        return Flag(clears=True)

    queue = []  # [wake_us, order, task]
    order = [0]

    @staticmethod
    def sleep_ms(ms):
        yield max(0, ms)

    @classmethod
    def create_task(cls, coro):
        task = Task(coro)
        cls._at(NOW_US[0], task)
        return task

    @classmethod
    def _at(cls, us, task):
        cls.order[0] += 1
        cls.queue.append([us, cls.order[0], task])

    @classmethod
    def run(cls, coro):
        main = cls.create_task(coro)
        try:
            while not main.finished and cls.queue:
                cls.queue.sort()
                wake, _, task = cls.queue.pop(0)
                if task.finished:
                    continue
                NOW_US[0] = max(NOW_US[0], wake)
                try:
                    ms = task.coro.send(None)
                except StopIteration:
                    task.finished = True
                    continue
                cls._at(NOW_US[0] + (ms or 0) * 1000, task)
        finally:  # a run that raised leaves no task behind to wake in the next one
            del cls.queue[:]

    @staticmethod
    def get_event_loop():
        return VirtualAsyncio

    @staticmethod
    def set_exception_handler(handler):
        pass


def install(start_ms):
    NOW_US[0] = start_ms * 1000
    sys.modules["time"] = VirtualTime
    sys.modules["asyncio"] = VirtualAsyncio


class TimedSPI(FakeSPI):
    """Holds the CPU for the bytes' time on the wire; keeps only the longest write."""

    longest = 0

    def write(self, data):
        charge(len(data) * 8 * 1_000_000 // self.baudrate)
        self.longest = max(self.longest, len(data))
        self.bus.spi(data)


class TimedPanel(SSD1680Model):
    """BUSY high for the refresh's real duration, on the virtual clock."""

    REFRESH_US = {0xC7: 2_000_000, 0x0F: 300_000, 0xC0: 80_000}

    def __init__(self, bus):
        super().__init__(bus, busy_reads=0)
        self.busy_until = 0

    def end(self):
        cmd = self.cmd
        super().end()
        if cmd == 0x20:
            self.busy_until = NOW_US[0] + self.REFRESH_US.get(self.update2, 2_000_000)
        elif cmd in (0x12, 0x32):
            self.busy_until = NOW_US[0] + 5_000

    def busy(self):
        return 1 if NOW_US[0] < self.busy_until else 0


class TimedNeoPixel(FakeNeoPixel):
    def write(self):
        charge(len(self.buf) * 8 * 1_000_000 // 800_000 + 50)  # 800 kHz, then the latch
        self.count = getattr(self, "count", 0) + 1  # counted, not kept: a turn has thousands


def pico(levels, baud=4_000_000):
    """The reference board (hw.device.DeviceBoard) over timed fakes; `levels` is a one-
    item list the test sets to press buttons."""
    from fakes import Bus

    from hw.buttons import PinButtons
    from hw.device import DeviceBoard
    from hw.ring import Ring
    from hw.ssd1680 import SSD1680

    bus = Bus()
    panel = TimedPanel(bus)
    display = SSD1680(
        TimedSPI(bus, baud),
        FakePin(bus, "cs", 1),
        FakePin(bus, "dc"),
        FakePin(bus, "rst", 1),
        FakePin(bus, "busy", read=panel.busy),
    )

    class Button:
        IRQ_FALLING, IRQ_RISING = 4, 8
        irq_set = None

        def __init__(self, bit):
            self.bit = bit

        def value(self):
            return 0 if levels[0] & self.bit else 1  # pull-ups: pressed reads 0

        def irq(self, handler=None, trigger=IRQ_FALLING | IRQ_RISING, hard=False):
            self.irq_set = (handler, trigger, hard)

    pins = [Button(1 << i) for i in range(6)]

    def set_levels(new):
        """The buttons held become `new` (bit i = button i), each edge with its interrupt."""
        for pin in pins:

            def level(v, bit=pin.bit):
                levels[0] = levels[0] & ~bit if v else levels[0] | bit

            edge(pin, 0 if new & pin.bit else 1, level)

    buttons = PinButtons(pins, active_low=True)
    board = DeviceBoard(display, buttons, ring=Ring(TimedNeoPixel()), pwm=FakePWM())
    from board import HostBoard  # where the fonts and decks are on this PC

    host = HostBoard()
    board.fonts, board.decks = host.fonts, host.decks
    board.set_levels = set_levels
    return board
