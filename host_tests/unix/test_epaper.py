# heap: 256K (a chip model holds the panel's RAM and glass, and every pixel is checked)
# The contract both e-paper drivers keep (hw/epaper.py, the base they share), each driver
# wired to a model of its controller (fakes.py): every test runs against both.
import asyncio
import time

import framebuf
from fakes import Bus, FakePin, FakeSPI, ReadClock, SSD1680Model, UC8151Model

from hw.ssd1680 import SSD1680
from hw.uc8151 import UC8151


class Rig:
    """A driver wired to its chip model over a fake bus. BUSY follows the model, unless
    a test holds it at the busy level: for ever, or for some ms from its first read.
    `events` has each reset pulse and each run of SPI writes of the last show(), in order.
    The clock is real: `busy_timeout_ms` (short, so a test of a stuck panel is quick) is
    the driver's only while BUSY is held, and its own seconds-long one otherwise, so that
    a loaded machine's pause between two reads never times out a working panel."""

    def __init__(self, busy_timeout_ms=None, **options):
        bus = Bus()
        self.events = []
        bus.listeners.append(self.on_bus)
        self.model = self.MODEL(bus)
        self.spi = FakeSPI(bus)
        self.cs, self.dc, self.rst = [FakePin(bus, n, 1) for n in ("cs", "dc", "rst")]
        busy = FakePin(bus, "busy", read=self.busy)
        self.driver = self.DRIVER(self.spi, self.cs, self.dc, self.rst, busy, **options)
        free = self.driver.busy_timeout_ms
        self.timeouts = (free, busy_timeout_ms or free)  # (free, held)
        self.held = None  # None: the model's BUSY; -1: busy for ever; else ms
        self.clock = time  # or a ReadClock, which moves at each read of BUSY

    def busy(self):
        clock = self.clock
        if clock is not time:
            clock.now += 5
        if self.held is not None:
            if self.since is None:
                self.since = clock.ticks_ms()
            if self.held < 0 or clock.ticks_diff(clock.ticks_ms(), self.since) < self.held:
                return self.BUSY
            self.let_go()
        return self.model.busy()

    def on_bus(self, kind, a, b):
        if kind == "spi":
            if self.events[-1:] != ["spi"]:
                self.events.append("spi")
        elif a == "rst" and b == 0:
            self.events.append("reset")

    def hold_busy(self, ms=-1):
        self.held, self.since = ms, None
        self.driver.busy_timeout_ms = self.timeouts[1]

    def let_go(self):
        self.held = None
        self.driver.busy_timeout_ms = self.timeouts[0]

    def show(self, buf, full=False):
        del self.model.commands[:]  # only this update's: the heap is small
        del self.events[:]
        asyncio.run(self.driver.show(buf, full))
        self.model.flush()


class OnSSD1680(Rig):
    """Waveshare's Pico-ePaper-2.9. BUSY is high while the panel works."""

    DRIVER, MODEL, BUSY = SSD1680, SSD1680Model, 1

    def ink(self, x, y):
        return self.model.landscape(x, y)

    def ready(self):
        """Whether a frame written now lands where the core drew it: a counting mode the
        panel is driven in, the window over the whole RAM, the BW RAM read as 1 = ink."""
        m = self.model
        whole = (m.xs, m.xe, m.ys, m.ye) == (0, 15, 0, 295)
        return m.mode in m.MODES and whole and bool(m.update1[0] & 0x08)

    def last_was_full(self):
        """Display mode 1 (update control 2 bit 3 clear): every pixel driven."""
        return not self.model.activations[-1] & 0x08


class OnUC8151(Rig):
    """Pimoroni's Badger 2040 W. BUSY is low while the panel works."""

    DRIVER, MODEL, BUSY = UC8151, UC8151Model, 0

    def ink(self, x, y):
        return self.model.ink(x, y)

    def ready(self):
        """Whether a refresh now would take: 128x296 black and white (PSR), the power off
        as a setup ends."""
        m = self.model
        return m.psr & 0xC0 == 0x80 and bool(m.psr & 0x10) and not m.powered

    def last_was_full(self):
        """The panel's own waveform (from OTP), not a quick one from the LUT registers."""
        return self.model.refreshes[-1][0] is None


PANELS = (OnSSD1680, OnUC8151)

FRAME = bytearray(4736)  # one frame, redrawn by each picture(): the heap is small
FRAME_FB = framebuf.FrameBuffer(FRAME, 296, 128, framebuf.MONO_VLSB)


def picture(seed):
    """An asymmetric frame: text, a block, a diagonal, corner pixels."""
    fb = FRAME_FB
    fb.fill(0)
    fb.text("Contract %d" % seed, 4 + seed, 6, 1)
    fb.fill_rect(240 - 3 * seed, 80, 36, 28, 1)
    fb.line(0, 127, 120, 40 + seed, 1)
    fb.pixel(295, 0, 1)
    fb.pixel(0, 127, 1)
    return FRAME


def assert_glass_shows(rig, rotated=False):
    """Every pixel of the glass against FRAME, upright or turned 180 degrees."""
    fb = FRAME_FB
    for y in range(128):
        for x in range(296):
            gx, gy = (295 - x, 127 - y) if rotated else (x, y)
            if rig.ink(gx, gy) != bool(fb.pixel(x, y)):
                raise AssertionError("%s: pixel (%d, %d) differs" % (type(rig).__name__, x, y))


def waited_ms(coroutine, clock=time):
    """How long a coroutine ran, and the error it raised (None if it returned)."""
    t = clock.ticks_ms()
    try:
        asyncio.run(coroutine)
        error = None
    except Exception as e:
        error = e
    return clock.ticks_diff(clock.ticks_ms(), t), error


def test_nothing_is_sent_until_asked_and_wake_leaves_the_panel_ready():
    for Panel in PANELS:
        rig = Panel()
        # Built, the driver deselects the chip and holds it out of reset, and sends nothing.
        assert rig.cs.level == 1 and rig.rst.level == 1, Panel.__name__
        assert rig.spi.writes == [], Panel.__name__
        assert not rig.ready(), Panel.__name__  # the power-on registers are not enough
        asyncio.run(rig.driver.wake())
        rig.model.flush()
        assert rig.ready(), Panel.__name__
        assert rig.model.busy_left == 0 and not rig.model.sleeping, Panel.__name__
        assert rig.spi.writes and rig.driver.refreshes == [0, 0, 0], Panel.__name__


def test_a_full_refresh_shows_the_frame_and_the_panel_then_sleeps():
    for Panel in PANELS:
        rig = Panel()
        rig.show(picture(0), full=True)
        assert rig.last_was_full(), Panel.__name__
        assert_glass_shows(rig)
        assert rig.model.sleeping, Panel.__name__  # asked for: nothing may come for minutes
        assert rig.driver.refreshes == [0, 1, 0], Panel.__name__


def test_partial_refreshes_show_each_frame_and_every_partial_limit_a_full_one():
    for Panel in PANELS:
        rig = Panel(partial_limit=2)
        kinds = ""
        for i in range(7):
            rig.show(picture(i), full=(i == 5))
            kinds += "F" if rig.last_was_full() else "p"
            assert_glass_shows(rig)
        # The first update is a full one, then one after two partials, and one when asked
        # (which starts the count again).
        assert kinds == "FppFpFp", (Panel.__name__, kinds)
        assert rig.driver.refreshes == [4, 3, 0], Panel.__name__


def test_turning_the_picture_takes_a_full_refresh_and_shows_it_turned():
    for Panel in PANELS:
        rig = Panel()
        rig.show(picture(0), full=True)
        rig.driver.set_rotated(True)
        rig.show(picture(1))
        assert rig.last_was_full(), Panel.__name__
        assert_glass_shows(rig, rotated=True)
        rig.show(picture(2))
        assert not rig.last_was_full(), Panel.__name__
        assert_glass_shows(rig, rotated=True)
        rig.driver.set_rotated(1)  # the same way up: nothing changes
        rig.show(picture(3))
        assert not rig.last_was_full(), Panel.__name__
        rig.driver.set_rotated(False)
        rig.show(picture(4))
        assert rig.last_was_full(), Panel.__name__
        assert_glass_shows(rig)
        assert rig.driver.refreshes == [2, 3, 0], Panel.__name__


def test_a_busy_line_that_stays_busy_is_an_oserror_after_the_timeout_and_once_more():
    for Panel in PANELS:
        import hw.epaper as epaper

        rig = Panel(busy_timeout_ms=40)
        rig.clock = clock = ReadClock()  # so that a loaded machine's pauses count for nothing
        rig.hold_busy()
        epaper.time = clock
        try:
            waited, error = waited_ms(rig.driver.wake(), clock)
        finally:
            epaper.time = time
        assert isinstance(error, OSError), (Panel.__name__, error)
        # The timeout, then once more for twice as long: 120 ms, and not one read more.
        assert 120 < waited <= 125, (Panel.__name__, waited)
        assert rig.spi.writes == [], Panel.__name__  # the wait after the reset pulse


def test_a_stuck_busy_line_gives_the_update_up_and_the_next_one_starts_over():
    for Panel in PANELS:
        rig = Panel(busy_timeout_ms=20)
        rig.show(picture(0), full=True)
        rig.show(picture(1))
        rig.hold_busy()
        for given_up in (1, 2):
            waited, error = waited_ms(rig.driver.show(picture(2)))
            assert error is None, (Panel.__name__, error)  # the runner never sees it
            assert waited >= 60, (Panel.__name__, waited)
            assert rig.driver.refreshes == [1, 1, given_up], Panel.__name__
        rig.let_go()  # the panel lets go: a reset and a full refresh, though not asked
        rig.show(picture(3))
        assert rig.events[0] == "reset" and rig.last_was_full(), Panel.__name__
        assert_glass_shows(rig)
        rig.show(picture(4))
        assert not rig.last_was_full(), Panel.__name__
        assert_glass_shows(rig)
        assert rig.driver.refreshes == [2, 2, 2], Panel.__name__


def test_an_update_given_up_midway_is_followed_by_a_reset():
    for Panel in PANELS:
        rig = Panel(busy_timeout_ms=20)
        asyncio.run(rig.driver.wake())  # set up for a full refresh, which then sticks
        rig.hold_busy()
        rig.show(picture(0), full=True)
        assert rig.driver.refreshes == [0, 0, 1], Panel.__name__
        rig.let_go()
        rig.show(picture(1), full=True)
        assert rig.events[0] == "reset", (Panel.__name__, rig.events)  # not trusted
        assert_glass_shows(rig)
        assert rig.driver.refreshes == [0, 1, 1], Panel.__name__


def test_a_slow_panel_is_waited_for_once_more():
    import hw.epaper as epaper

    for Panel in PANELS:
        rig = Panel(busy_timeout_ms=30)
        rig.clock = clock = ReadClock()  # the rig and the driver on one clock
        rig.hold_busy(60)  # a cold panel: twice the timeout, within three times it
        epaper.time = clock
        try:
            rig.show(picture(0), full=True)
        finally:
            epaper.time = time
        assert rig.driver.refreshes == [0, 1, 0], Panel.__name__  # not given up
        assert_glass_shows(rig)


async def cancelled_while_busy(driver, buf):
    task = asyncio.create_task(driver.show(buf))
    await asyncio.sleep_ms(30)
    task.cancel()
    try:
        await task
    except asyncio.CancelledError:
        return True
    return False


def test_a_cancelled_update_is_raised_not_counted_and_the_next_one_is_full():
    for Panel in PANELS:
        rig = Panel()
        rig.show(picture(0), full=True)
        rig.hold_busy()
        assert asyncio.run(cancelled_while_busy(rig.driver, picture(1))), Panel.__name__
        assert rig.driver.refreshes == [0, 1, 0], Panel.__name__  # not the panel's fault
        rig.let_go()
        rig.show(picture(2))  # the panel's state is unknown: a reset and a full refresh
        assert rig.last_was_full(), Panel.__name__
        assert_glass_shows(rig)


def test_sleep_is_sent_once_and_the_next_update_wakes_the_panel():
    for Panel in PANELS:
        rig = Panel()
        asyncio.run(rig.driver.wake())
        rig.driver.sleep()
        rig.model.flush()
        assert rig.model.sleeping, Panel.__name__
        sent = len(rig.spi.writes)
        rig.driver.sleep()
        assert len(rig.spi.writes) == sent, Panel.__name__  # asleep already: nothing sent
        rig.show(picture(5))  # the model refuses any command to a sleeping panel
        assert rig.events[0] == "reset", (Panel.__name__, rig.events)
        assert_glass_shows(rig)
        assert rig.driver.refreshes == [0, 1, 0], Panel.__name__


def test_each_controller_frames_a_command_as_its_vendor_does():
    """Waveshare's send_command and send_data give the code and its arguments a CS frame
    each; Pimoroni's UC8151::command() holds CS low from the code to the last argument."""
    expected = {
        OnSSD1680: [("cs", 0), 1, ("cs", 1), ("dc", 1), ("cs", 0), 2, ("cs", 1)],
        OnUC8151: [("cs", 0), 1, ("dc", 1), 2, ("cs", 1)],
    }
    for panel, framing in expected.items():
        rig = panel()
        seen = []

        def note(kind, a, b, seen=seen):
            seen.append(len(a) if kind == "spi" else (a, b))

        rig.driver.spi.bus.listeners.append(note)
        rig.driver._command(0x01, b"\x27\x01")
        wire = [e for e in seen if e not in (("dc", 0),)]  # DC low before the code: both
        assert seen[0] == ("dc", 0) and wire == framing, (panel.__name__, seen)
