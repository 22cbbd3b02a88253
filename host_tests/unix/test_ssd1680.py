# heap: 256K (the controller model holds the panel's RAM and checks every pixel)
# The SSD1680 driver against a model of the controller (fakes.py), inside the unix port.
import asyncio

import framebuf
from fakes import Bus, FakePin, FakeSPI, SSD1680Model

from hw.ssd1680 import FULL_LUT, PARTIAL_LUT, PARTIAL_OPTION, SSD1680


def rig(keep_log=False, **options):
    bus = Bus(keep_log)
    model = SSD1680Model(bus)
    spi = FakeSPI(bus)
    pins = [FakePin(bus, n, 1) for n in ("cs", "dc", "rst")]
    busy = FakePin(bus, "busy", read=model.busy)
    driver = SSD1680(spi, *pins, busy, **options)
    return driver, model, bus, spi


def picture(seed=0):
    """An asymmetric frame: text, a block in one corner, a diagonal, corner pixels."""
    buf = bytearray(4736)
    fb = framebuf.FrameBuffer(buf, 296, 128, framebuf.MONO_VLSB)
    fb.text("Party %d" % seed, 3, 5, 1)
    fb.fill_rect(250 - seed, 90, 40, 30, 1)
    fb.line(0, 127, 100, 60 + seed, 1)
    fb.pixel(295, 0, 1)
    fb.pixel(0, 127, 1)
    return buf, fb


def assert_glass_shows(model, fb, rotated=False):
    """Every panel pixel against the frame, through the way the panel is mounted."""
    for y in range(128):
        for x in range(296):
            X, Y = (y, 295 - x) if rotated else (127 - y, x)
            if model.ink(X, Y) != bool(fb.pixel(x, y)):
                raise AssertionError("pixel (%d, %d) differs on the glass" % (x, y))


def show(driver, model, buf, full=False):
    start = len(model.commands)
    asyncio.run(driver.show(buf, full))
    model.flush()
    return [c for c, _ in model.commands[start:]], model.commands[start:]


def test_wake_follows_the_datasheet_sequence():
    d, model, bus, _ = rig(keep_log=True)
    asyncio.run(d.wake())
    model.flush()
    # The hardware reset pulse comes before any command.
    first_spi = [i for i, e in enumerate(bus.log) if e[0] == "spi"][0]
    pulses = [e[2] for e in bus.log[:first_spi] if e[:2] == ("pin", "rst")]
    assert pulses[-2:] == [0, 1]
    cmds = [c for c, _ in model.commands]
    assert cmds == [0x12, 0x01, 0x11, 0x44, 0x45, 0x21, 0x4E, 0x4F, 0x32, 0x3F, 0x03, 0x04, 0x2C]
    args = dict(model.commands)
    assert args[0x01] == b"\x27\x01\x00"  # 296 gate lines
    assert args[0x21] == b"\x88\x80"  # 1 = ink: both RAMs inverted
    assert args[0x32] == FULL_LUT[:153]
    assert args[0x04] == FULL_LUT[155:158]


def test_full_refresh_writes_both_rams_and_the_glass_shows_the_frame():
    d, model, _, _ = rig()
    buf, fb = picture()
    cmds, _ = show(d, model, buf, full=True)
    assert cmds.count(0x24) == 1 and cmds.count(0x26) == 1
    assert model.bw == model.red  # the base image for the partials to come
    assert model.activations[-1] == 0xC7
    assert_glass_shows(model, fb)
    assert cmds[-1] == 0x10 and model.sleeping  # deep sleep between updates
    assert d.refreshes == [0, 1]


def test_partial_refresh_sequence_and_picture():
    d, model, bus, _ = rig(keep_log=True)
    show(d, model, picture(0)[0], full=True)
    buf, fb = picture(7)
    mark = len(bus.log)
    cmds, full = show(d, model, buf)
    # Woken from deep sleep by a reset, then the partial: another reset pulse, the partial
    # waveform, the display option, border, power on, then the new picture in BW RAM only.
    assert [e[2] for e in bus.log[mark:] if e[:2] == ("pin", "rst")].count(0) == 2
    i = cmds.index(0x32, cmds.index(0x32) + 1)
    assert full[i][1] == PARTIAL_LUT[:153]
    tail = cmds[i:]
    assert tail[:8] == [0x32, 0x3F, 0x03, 0x04, 0x2C, 0x37, 0x3C, 0x22]
    assert dict(full[i:])[0x37] == PARTIAL_OPTION and dict(full[i:])[0x3C] == b"\x80"
    assert tail.count(0x24) == 1 and 0x26 not in tail
    assert model.activations[-2:] == [0xC0, 0x0F]
    assert_glass_shows(model, fb)
    assert d.refreshes == [1, 1]


def test_full_refresh_after_partials_reloads_the_full_waveform():
    d, model, _, _ = rig()
    show(d, model, picture(0)[0], full=True)
    show(d, model, picture(1)[0])
    buf, fb = picture(2)
    cmds, full = show(d, model, buf, full=True)
    # The last waveform loaded before the update is the full one ([C7] uses what is loaded).
    update = cmds.index(0x22)
    luts = [a for c, a in full[:update] if c == 0x32]
    assert luts and luts[-1] == FULL_LUT[:153]
    assert model.activations[-1] == 0xC7
    assert_glass_shows(model, fb)


def test_a_full_refresh_every_n_partials():
    d, model, _, _ = rig(partial_limit=2)
    kinds = []
    for i in range(7):
        show(d, model, picture(i)[0])
        kinds.append(model.activations[-1])
    assert kinds == [0xC7, 0x0F, 0x0F, 0xC7, 0x0F, 0x0F, 0xC7]


def test_upside_down_the_glass_shows_the_frame_turned():
    d, model, _, _ = rig()
    show(d, model, picture(0)[0], full=True)
    d.set_rotated(True)
    buf, fb = picture(3)
    cmds, _ = show(d, model, buf)
    assert model.activations[-1] == 0xC7  # turning the picture needs a full refresh
    assert_glass_shows(model, fb, rotated=True)
    buf, fb = picture(4)
    show(d, model, buf)
    assert model.activations[-1] == 0x0F
    assert_glass_shows(model, fb, rotated=True)
    d.set_rotated(False)
    buf, fb = picture(5)
    show(d, model, buf)
    assert_glass_shows(model, fb)


def test_no_spi_write_holds_the_bus_for_more_than_a_few_ms():
    d, model, _, spi = rig()
    show(d, model, picture(0)[0], full=True)
    show(d, model, picture(1)[0])
    assert spi.longest_write_us() <= 2400  # at the vendor's 4 MHz
    assert sum(spi.writes) > 3 * 4736  # the frames did go out: in chunks
    assert max(spi.writes) == 1184


def test_a_stuck_busy_line_is_an_error_not_a_hang():
    bus = Bus()
    spi = FakeSPI(bus)
    pins = [FakePin(bus, n, 1) for n in ("cs", "dc", "rst")]
    d = SSD1680(spi, *pins, FakePin(bus, "busy", 1))
    d.busy_timeout_ms = 50
    try:
        asyncio.run(d.wake())
    except OSError as e:
        assert "BUSY" in str(e)
    else:
        raise AssertionError("no error")
