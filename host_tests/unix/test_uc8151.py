# heap: 256K (the controller model holds the panel's RAM and checks every pixel)
# The UC8151 driver against a model of the controller (fakes.py), inside the unix port.
import asyncio
import time

import framebuf
from fakes import Bus, FakePin, FakeSPI, ReadClock, UC8151Model, sent_at

from hw.uc8151 import UC8151

BAUD = 12_000_000  # the Badger's SPI0 clock, as in Pimoroni's driver


class Resets:
    """Listens to the bus for the reset line and the SPI writes, in order (the whole bus
    log would be large: every command toggles CS and DC)."""

    def __init__(self, bus):
        self.log = []
        bus.listeners.append(self.on_bus)

    def on_bus(self, kind, a, b):
        if kind == "spi":
            if self.log[-1:] != ["spi"]:
                self.log.append("spi")
        elif a == "rst":
            self.log.append(b)

    def before_first_spi(self):
        return self.log[: self.log.index("spi")]


def rig(physical_window=False, **options):
    bus = Bus()
    model = UC8151Model(bus, physical_window=physical_window)
    bus.resets = Resets(bus)
    spi = FakeSPI(bus, BAUD)
    pins = [FakePin(bus, n, 1) for n in ("cs", "dc", "rst")]
    busy = FakePin(bus, "busy", read=model.busy)
    driver = UC8151(spi, *pins, busy, **options)
    return driver, model, bus, spi


FRAME = bytearray(4736)  # one frame, redrawn by each picture(): the heap is small
FRAME_FB = framebuf.FrameBuffer(FRAME, 296, 128, framebuf.MONO_VLSB)


def picture(seed=0):
    """An asymmetric frame: text, a block in one corner, a diagonal, corner pixels."""
    buf, fb = FRAME, FRAME_FB
    fb.fill(0)
    fb.text("Party %d" % seed, 3, 5, 1)
    fb.fill_rect(250 - seed, 90, 40, 30, 1)
    fb.line(0, 127, 100, 60 + seed, 1)
    fb.pixel(295, 0, 1)
    fb.pixel(0, 127, 1)
    fb.pixel(7, 8, 1)
    return buf, fb


def assert_glass_shows(model, fb, rotated=False):
    """Every pixel of the glass against the frame, upright or turned 180 degrees."""
    for y in range(128):
        for x in range(296):
            gx, gy = (295 - x, 127 - y) if rotated else (x, y)
            if model.ink(gx, gy) != bool(fb.pixel(x, y)):
                raise AssertionError("pixel (%d, %d) differs on the glass" % (x, y))


def show(driver, model, buf, full=False):
    del model.commands[:]  # only this update's: the heap is small
    del driver.spi.writes[:]
    asyncio.run(driver.show(buf, full))
    model.flush()
    return [c for c, _ in model.commands], model.commands


# Pimoroni's waveform tables, transcribed from pimoroni-pico drivers/uc8151/uc8151.cpp
# (medium_luts, fast_luts, turbo_luts): the first three phases of each; the rest is zero.
def table(rows, size):
    out = bytearray(size)
    for i, row in enumerate(rows):
        out[i * 6 : i * 6 + 6] = bytes(row)
    return bytes(out)


def pimoroni(vcom, white, black):
    return {
        0x20: table(vcom, 44),
        0x21: table(white, 42),  # LUT_WW
        0x22: table(white, 42),  # LUT_BW
        0x23: table(black, 42),  # LUT_WB
        0x24: table(black, 42),  # LUT_BB
    }


MEDIUM = pimoroni(
    ((0x00, 0x16, 0x16, 0x0D, 0x00, 0x01), (0x00, 0x23, 0x23, 0, 0, 0x02),
     (0x00, 0x16, 0x16, 0x0D, 0x00, 0x01)),
    ((0x54, 0x16, 0x16, 0x0D, 0x00, 0x01), (0x60, 0x23, 0x23, 0, 0, 0x02),
     (0xA8, 0x16, 0x16, 0x0D, 0x00, 0x01)),
    ((0xA8, 0x16, 0x16, 0x0D, 0x00, 0x01), (0x60, 0x23, 0x23, 0, 0, 0x02),
     (0x54, 0x16, 0x16, 0x0D, 0x00, 0x01)),
)  # fmt: skip
FAST = pimoroni(
    ((0x00, 0x04, 0x04, 0x07, 0x00, 0x01), (0x00, 0x0C, 0x0C, 0, 0, 0x02),
     (0x00, 0x04, 0x04, 0x07, 0x00, 0x02)),
    ((0x54, 0x04, 0x04, 0x07, 0x00, 0x01), (0x60, 0x0C, 0x0C, 0, 0, 0x02),
     (0xA8, 0x04, 0x04, 0x07, 0x00, 0x02)),
    ((0xA8, 0x04, 0x04, 0x07, 0x00, 0x01), (0x60, 0x0C, 0x0C, 0, 0, 0x02),
     (0x54, 0x04, 0x04, 0x07, 0x00, 0x02)),
)  # fmt: skip
TURBO = pimoroni(
    ((0x00, 0x01, 0x01, 0x02, 0x00, 0x01), (0x00, 0x02, 0x02, 0, 0, 0x02),
     (0x00, 0x02, 0x02, 0x03, 0x00, 0x02)),
    ((0x54, 0x01, 0x01, 0x02, 0x00, 0x01), (0x60, 0x02, 0x02, 0, 0, 0x02),
     (0xA8, 0x02, 0x02, 0x03, 0x00, 0x02)),
    ((0xA8, 0x01, 0x01, 0x02, 0x00, 0x01), (0x60, 0x02, 0x02, 0, 0, 0x02),
     (0x54, 0x02, 0x02, 0x03, 0x00, 0x02)),
)  # fmt: skip

# Pimoroni's setup() order after the panel setting (and the tables, at speeds 1-3).
SETUP = [0x01, 0x04, 0x06, 0x03, 0x41, 0x60, 0x50, 0x30, 0x02]
# Pimoroni's update(): power on, partial mode off, the frame, data stop, refresh; then off.
UPDATE = [0x04, 0x92, 0x13, 0x11, 0x12, 0x02]


def pimoroni_buffer(fb):
    """The frame as Pimoroni's PicoGraphics_Pen1BitY holds it (pimoroni-pico
    libraries/pico_graphics/pico_graphics_pen_1bitY.cpp): byte y / 8 + x * 16, bit
    7 - y % 8, 1 = white (pen 15), 0 = black (pen 0)."""
    out = bytearray(4736)
    for x in range(296):
        for y in range(128):
            if not fb.pixel(x, y):
                out[y // 8 + x * 16] |= 1 << (7 - (y & 7))
    return out


def test_wake_follows_pimoronis_setup():
    d, model, bus, _ = rig()
    asyncio.run(d.wake())
    model.flush()
    # The reset pulse (10 ms low) comes before any command; BUSY is awaited after it (the
    # model refuses commands while BUSY is low, as after PON and POF).
    assert bus.resets.before_first_spi()[-2:] == [0, 1]
    assert [c for c, _ in model.commands] == [0x00] + SETUP
    args = dict(model.commands)
    assert args[0x00] == b"\x97"  # 128x296, b/w, OTP waveform, shift right, scan down
    assert args[0x01] == b"\x03\x00\x2b\x2b\x2b"
    assert args[0x06] == b"\x17\x17\x17"
    assert args[0x03] == b"\x00" and args[0x41] == b"\x00" and args[0x60] == b"\x22"
    assert args[0x50] == b"\x9c"  # Pimoroni's `inverted`: data polarity 01, 1 = white
    assert args[0x30] == b"\x3a"  # 100 Hz
    assert not model.powered and not model.sleeping


def woken(speed):
    d, model, _, _ = rig()
    asyncio.run(d.wake(speed))
    model.flush()
    return model.commands, model.luts


def test_each_speed_loads_pimoronis_tables():
    for speed, luts in ((1, MEDIUM), (2, FAST), (3, TURBO)):
        commands, loaded = woken(speed)
        assert [c for c, _ in commands] == [0x00, 0x20, 0x21, 0x22, 0x23, 0x24] + SETUP
        assert commands[0][1] == b"\xb7"  # waveform from the registers
        assert loaded == luts, speed
    try:
        woken(4)
    except ValueError:
        pass
    else:
        raise AssertionError("speed 4 accepted")


def test_full_refresh_sequence_and_picture():
    d, model, _, _ = rig()
    buf, fb = picture()
    before = bytes(buf)
    cmds, full = show(d, model, buf, full=True)
    n = len([0x00] + SETUP)
    assert cmds[n:] == UPDATE + [0x07]
    assert [a for c, a in full if c == 0x13] == [4736]  # the whole frame in one transfer
    assert model.ram == pimoroni_buffer(fb)  # in Pimoroni's byte order and polarity
    waveform, area = model.refreshes[-1]
    assert waveform is None and area is None  # the panel's own waveform, the whole glass
    assert_glass_shows(model, fb)
    assert model.sleeping and dict(full)[0x07] == b"\xa5"  # deep sleep between updates
    assert d.refreshes == [0, 1, 0]
    assert buf == before  # the frame is read, never changed


def test_partial_refresh_is_a_quick_whole_screen_update():
    d, model, bus, _ = rig()
    show(d, model, picture(0)[0], full=True)
    buf, fb = picture(7)
    del bus.resets.log[:]
    cmds, full = show(d, model, buf)
    # Woken from deep sleep by a reset (the RAM it had is gone: the model fills it with
    # ink), set up at the fast speed, the whole frame sent, the whole glass refreshed.
    assert bus.resets.before_first_spi() == [0, 1]
    assert cmds[:6] == [0x00, 0x20, 0x21, 0x22, 0x23, 0x24]
    assert dict(full)[0x00] == b"\xb7"
    assert cmds[6 + len(SETUP) :] == UPDATE + [0x07]
    waveform, area = model.refreshes[-1]
    assert waveform == FAST and area is None
    assert_glass_shows(model, fb)
    assert d.refreshes == [1, 1, 0] and model.sleeping


def test_sent_comes_once_the_pictures_refresh_has_begun():
    # As on the SSD1680 (test_ssd1680.py): the shell's saves wait for `sent`, which comes
    # once the picture is in the panel and its refresh (DRF) under way, full or partial.
    d, model, _, _ = rig()
    for full, seed in ((True, 3), (False, 4)):
        buf, fb = picture(seed)
        notes = sent_at(d, model, buf, full, lambda fb=fb: assert_glass_shows(model, fb))
        assert notes == [(0x12, True)], (full, notes)


def test_speeds_are_settings():
    d, model, _, _ = rig(speed=3, full_speed=1)
    show(d, model, picture(0)[0])
    assert model.refreshes[-1][0] == MEDIUM  # the first update is a full one
    show(d, model, picture(1)[0])
    assert model.refreshes[-1][0] == TURBO
    d.speed = 0
    buf, fb = picture(2)
    show(d, model, buf)
    assert model.refreshes[-1][0] is None
    assert_glass_shows(model, fb)


def test_a_full_refresh_every_n_partials_and_when_asked():
    d, model, _, _ = rig(partial_limit=2)
    kinds = []
    for i in range(7):
        show(d, model, picture(i)[0], full=(i == 5))
        kinds.append("F" if model.refreshes[-1][0] is None else "p")
    assert "".join(kinds) == "FppFpFp"
    assert d.refreshes == [4, 3, 0]


def test_upside_down_the_glass_shows_the_frame_turned():
    d, model, _, _ = rig()
    show(d, model, picture(0)[0], full=True)
    d.set_rotated(True)
    buf, fb = picture(3)
    _, full = show(d, model, buf)
    assert model.refreshes[-1][0] is None  # turning the picture gets a full refresh
    # Pimoroni's ROTATE_180: gate scan up, source shift left; the same buffer.
    assert dict(full)[0x00] == b"\x9b"
    assert model.ram == pimoroni_buffer(fb)
    assert_glass_shows(model, fb, rotated=True)
    buf, fb = picture(4)
    _, full = show(d, model, buf)
    assert model.refreshes[-1][0] == FAST and dict(full)[0x00] == b"\xbb"
    assert_glass_shows(model, fb, rotated=True)
    d.set_rotated(False)
    buf, fb = picture(5)
    show(d, model, buf)
    assert model.refreshes[-1][0] is None
    assert_glass_shows(model, fb)


def test_the_glass_is_right_whichever_way_the_model_fills_the_ram():
    # Partial mode is off, so the whole RAM is written in the scan and shift order either
    # way: a model that counts on the glass gives the same picture as one in RAM order.
    d, model, _, _ = rig(physical_window=True)
    buf, fb = picture(1)
    show(d, model, buf)
    assert_glass_shows(model, fb)
    d.set_rotated(True)
    buf, fb = picture(2)
    show(d, model, buf)
    show(d, model, buf)
    assert model.refreshes[-1][0] == FAST
    assert_glass_shows(model, fb, rotated=True)


def test_the_frame_goes_out_in_one_transfer():
    d, model, _, spi = rig()
    for full in (True, False):
        show(d, model, picture(0)[0], full)
        assert spi.writes.count(4736) == 1 and max(spi.writes) == 4736
        assert spi.longest_write_us() <= 3200  # 4736 bytes at 12 MHz: 3.2 ms


def test_a_busy_line_stuck_for_ever_never_raises():
    bus = Bus()
    spi = FakeSPI(bus, BAUD)
    pins = [FakePin(bus, n, 1) for n in ("cs", "dc", "rst")]
    busy = FakePin(bus, "busy", 0)  # low: busy for ever
    d = UC8151(spi, *pins, busy)
    d.busy_timeout_ms = 10
    for i in range(2):
        t = time.ticks_ms()
        asyncio.run(d.show(FRAME, True))  # no exception: the runner never sees it
        assert time.ticks_diff(time.ticks_ms(), t) >= 30  # the timeout, then twice as long
        # The first wait is the one after the reset pulse: each attempt starts afresh.
        assert spi.writes == []
        assert d.refreshes == [0, 0, i + 1]


def test_a_frame_of_the_wrong_size_is_refused():
    d, _, _, _ = rig()
    try:
        asyncio.run(d.show(bytearray(100)))
    except ValueError:
        pass
    else:
        raise AssertionError("accepted")


def test_after_a_stuck_busy_the_next_update_starts_over():
    d, model, bus, _ = rig()
    stuck = [True]

    def busy():  # BUSY stays low once the refresh starts, this once
        if stuck[0] and model.commands and model.commands[-1][0] == 0x12:
            return 0
        return model.busy()

    d.busy = busy
    # A short timeout while BUSY sticks (the driver's own, seconds long, otherwise: a
    # loaded machine's pause between two reads must not time out a working panel).
    normal, d.busy_timeout_ms = d.busy_timeout_ms, 20
    show(d, model, picture(0)[0], True)  # given up, not raised
    assert d.refreshes == [0, 0, 1]
    d.busy_timeout_ms = normal
    stuck[0] = False
    model.busy_left = 0  # the panel let go
    del bus.resets.log[:]
    buf, fb = picture(1)
    show(d, model, buf)  # a reset first, and a full refresh: the panel's state is not trusted
    assert bus.resets.before_first_spi() == [0, 1]
    assert model.refreshes[-1][0] is None
    assert_glass_shows(model, fb)
    assert d.refreshes == [0, 1, 1]


def test_a_slow_refresh_is_waited_for_once_more():
    import hw.epaper as epaper

    d, model, _, _ = rig()
    d.busy_timeout_ms = 30
    slow = {"until": None}
    clock = ReadClock()

    def busy():  # a cold room: the refresh takes twice the timeout
        clock.now += 5
        if model.commands and model.commands[-1][0] == 0x12 and slow["until"] is None:
            slow["until"] = clock.now + 60
        if slow["until"] is not None and slow["until"] - clock.now > 0:
            return 0
        return model.busy()

    d.busy = busy
    buf, fb = picture(1)
    epaper.time = clock  # the driver on the same clock
    try:
        show(d, model, buf, True)
    finally:
        epaper.time = time
    assert d.refreshes == [0, 1, 0]  # not given up
    assert_glass_shows(model, fb)
