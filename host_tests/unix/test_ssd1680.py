# heap: 320K (the controller model holds the panel's RAMs and glass, and a test its bus log)
# The SSD1680 driver against a model of the controller (fakes.py), inside the unix port.
import asyncio
import time

import framebuf
from fakes import Bus, FakePin, FakeSPI, ReadClock, SSD1680Model, sent_at

from hw.ssd1680 import SSD1680

# Waveshare's waveforms for this panel, transcribed from waveshareteam/Pico_ePaper_Code
# python/Pico_ePaper-2.9.py (WS_20_30, the full refresh, and WF_PARTIAL_2IN9), row by row
# as they are laid out there: 159 bytes, of which 153 go to 0x32, then 0x3F, 0x03, 0x04
# (three bytes) and 0x2C.
WS_20_30 = [
    0x80, 0x66, 0x0, 0x0, 0x0, 0x0, 0x0, 0x0, 0x40, 0x0, 0x0, 0x0,
    0x10, 0x66, 0x0, 0x0, 0x0, 0x0, 0x0, 0x0, 0x20, 0x0, 0x0, 0x0,
    0x80, 0x66, 0x0, 0x0, 0x0, 0x0, 0x0, 0x0, 0x40, 0x0, 0x0, 0x0,
    0x10, 0x66, 0x0, 0x0, 0x0, 0x0, 0x0, 0x0, 0x20, 0x0, 0x0, 0x0,
    0x0, 0x0, 0x0, 0x0, 0x0, 0x0, 0x0, 0x0, 0x0, 0x0, 0x0, 0x0,
    0x14, 0x8, 0x0, 0x0, 0x0, 0x0, 0x2,
    0xA, 0xA, 0x0, 0xA, 0xA, 0x0, 0x1,
    0x0, 0x0, 0x0, 0x0, 0x0, 0x0, 0x0,
    0x0, 0x0, 0x0, 0x0, 0x0, 0x0, 0x0,
    0x0, 0x0, 0x0, 0x0, 0x0, 0x0, 0x0,
    0x0, 0x0, 0x0, 0x0, 0x0, 0x0, 0x0,
    0x0, 0x0, 0x0, 0x0, 0x0, 0x0, 0x0,
    0x0, 0x0, 0x0, 0x0, 0x0, 0x0, 0x0,
    0x14, 0x8, 0x0, 0x1, 0x0, 0x0, 0x1,
    0x0, 0x0, 0x0, 0x0, 0x0, 0x0, 0x1,
    0x0, 0x0, 0x0, 0x0, 0x0, 0x0, 0x0,
    0x0, 0x0, 0x0, 0x0, 0x0, 0x0, 0x0,
    0x44, 0x44, 0x44, 0x44, 0x44, 0x44, 0x0, 0x0, 0x0,
    0x22, 0x17, 0x41, 0x0, 0x32, 0x36,
]  # fmt: skip
WF_PARTIAL_2IN9 = [
    0x0, 0x40, 0x0, 0x0, 0x0, 0x0, 0x0, 0x0, 0x0, 0x0, 0x0, 0x0,
    0x80, 0x80, 0x0, 0x0, 0x0, 0x0, 0x0, 0x0, 0x0, 0x0, 0x0, 0x0,
    0x40, 0x40, 0x0, 0x0, 0x0, 0x0, 0x0, 0x0, 0x0, 0x0, 0x0, 0x0,
    0x0, 0x80, 0x0, 0x0, 0x0, 0x0, 0x0, 0x0, 0x0, 0x0, 0x0, 0x0,
    0x0, 0x0, 0x0, 0x0, 0x0, 0x0, 0x0, 0x0, 0x0, 0x0, 0x0, 0x0,
    0x0A, 0x0, 0x0, 0x0, 0x0, 0x0, 0x1,
    0x1, 0x0, 0x0, 0x0, 0x0, 0x0, 0x0,
    0x1, 0x0, 0x0, 0x0, 0x0, 0x0, 0x0,
    0x0, 0x0, 0x0, 0x0, 0x0, 0x0, 0x0,
    0x0, 0x0, 0x0, 0x0, 0x0, 0x0, 0x0,
    0x0, 0x0, 0x0, 0x0, 0x0, 0x0, 0x0,
    0x0, 0x0, 0x0, 0x0, 0x0, 0x0, 0x0,
    0x0, 0x0, 0x0, 0x0, 0x0, 0x0, 0x0,
    0x0, 0x0, 0x0, 0x0, 0x0, 0x0, 0x0,
    0x0, 0x0, 0x0, 0x0, 0x0, 0x0, 0x0,
    0x0, 0x0, 0x0, 0x0, 0x0, 0x0, 0x0,
    0x0, 0x0, 0x0, 0x0, 0x0, 0x0, 0x0,
    0x22, 0x22, 0x22, 0x22, 0x22, 0x22, 0x0, 0x0, 0x0,
    0x22, 0x17, 0x41, 0xB0, 0x32, 0x36,
]  # fmt: skip
# Waveshare's display_Partial(): 0x37 and the border waveform.
PARTIAL_OPTION = bytes([0x00, 0x00, 0x00, 0x00, 0x00, 0x40, 0x00, 0x00, 0x00, 0x00])
LUT_COMMANDS = [0x32, 0x3F, 0x03, 0x04, 0x2C]


def rig(keep_log=False, **options):
    bus = Bus(keep_log)
    model = SSD1680Model(bus)
    spi = FakeSPI(bus)
    pins = [FakePin(bus, n, 1) for n in ("cs", "dc", "rst")]
    busy = FakePin(bus, "busy", read=model.busy)
    driver = SSD1680(spi, *pins, busy, **options)
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
    return buf, fb


def assert_glass_shows(model, fb, rotated=False):
    """Every pixel of the glass against the frame, as Waveshare's landscape class places
    it (upright), or turned 180 degrees."""
    for y in range(128):
        for x in range(296):
            gx, gy = (295 - x, 127 - y) if rotated else (x, y)
            if model.landscape(gx, gy) != bool(fb.pixel(x, y)):
                raise AssertionError("pixel (%d, %d) differs on the glass" % (x, y))


def assert_ram_in_waveshares_order(ram, buf):
    """Waveshare's landscape display() sends page j = 15..0, column i = 0..295 (1 = white)
    with data entry 0x07 from (0, 0): RAM byte (X, Y) holds frame byte (15 - X) * 296 + Y.
    Ours holds 1 = ink, which 0x21 [88] inverts as the RAM is read."""
    for y in range(296):
        for x in range(16):
            if ram[y * 16 + x] != buf[(15 - x) * 296 + y]:
                raise AssertionError("RAM byte (%d, %d) is not Waveshare's" % (x, y))


def show(driver, model, buf, full=False):
    del model.commands[:]  # only this update's: the heap is small
    del driver.spi.writes[:]
    asyncio.run(driver.show(buf, full))
    model.flush()
    return [c for c, _ in model.commands], model.commands


def test_waveshares_tables_as_transcribed():
    assert len(WS_20_30) == 159 and len(WF_PARTIAL_2IN9) == 159


def sent_lut(commands):
    """The 159 waveform bytes as a LUT load sent them (0x32, 0x3F, 0x03, 0x04, 0x2C)."""
    cmds = [c for c, _ in commands]
    assert cmds == LUT_COMMANDS, cmds
    return list(b"".join(a for _, a in commands))


def test_a_full_refresh_is_waveshares_init_then_display_base():
    d, model, bus, _ = rig(keep_log=True)
    buf, fb = picture()
    cmds, full = show(d, model, buf, full=True)
    # The hardware reset pulse comes before any command; BUSY is awaited after it (the
    # model refuses commands while it is high).
    first_spi = [i for i, e in enumerate(bus.log) if e[0] == "spi"][0]
    pulses = [e[2] for e in bus.log[:first_spi] if e[:2] == ("pin", "rst")]
    assert pulses[-2:] == [0, 1]
    assert cmds[:6] == [0x12, 0x01, 0x11, 0x44, 0x45, 0x21]
    assert sent_lut(full[6:11]) == WS_20_30
    assert cmds[11:] == [0x4E, 0x4F, 0x24, 0x4E, 0x4F, 0x26, 0x22, 0x20, 0x10]
    args = dict(full)
    assert args[0x01] == b"\x27\x01\x00"  # 296 gate lines
    assert args[0x11] == b"\x07"  # Y first, X and Y counting up: Waveshare's landscape
    assert args[0x44] == b"\x00\x0f" and args[0x45] == b"\x00\x00\x27\x01"
    assert args[0x4E] == b"\x00" and args[0x4F] == b"\x00\x00"  # cursor (0, 0)
    assert args[0x21] == b"\x88\x80"  # 1 = ink: both RAMs read inverted
    assert args[0x22] == b"\xc7" and args[0x10] == b"\x01"
    assert_ram_in_waveshares_order(model.bw, buf)
    assert model.red == model.bw  # the base image for the partials to come
    assert_glass_shows(model, fb)
    assert model.sleeping  # asked for: a round boundary, deep sleep after it
    assert d.refreshes == [0, 1, 0]


def glyphs():
    """Asymmetric marks in rows 0 to 15 (pages 0 and 1, the last two sent) and at the
    right edge (x = 295, the last gate line)."""
    buf, fb = FRAME, FRAME_FB
    fb.fill(0)
    fb.text("F", 0, 0, 1)  # rows 0-7, left edge
    fb.text("J", 8, 8, 1)  # rows 8-15
    fb.text("7", 288, 0, 1)  # rows 0-7, right edge
    fb.vline(295, 0, 16, 1)  # the last column, rows 0-15
    fb.hline(280, 15, 16, 1)  # row 15 up to the right edge
    fb.pixel(293, 2, 1)
    fb.pixel(1, 14, 1)
    return buf, fb


def test_glyphs_in_the_top_rows_and_at_the_right_edge_land_where_waveshare_puts_them():
    d, model, _, _ = rig()
    buf, fb = glyphs()
    show(d, model, buf, full=True)
    assert_glass_shows(model, fb)
    assert model.landscape(295, 0) and model.ink(127, 295)  # top right: source 127, gate 295
    assert model.landscape(1, 14) and model.ink(113, 1)  # source 127 - 14, gate 1
    d.set_rotated(True)
    show(d, model, buf)
    assert model.activations[-1] == 0xC7  # turned: a full refresh
    assert_glass_shows(model, fb, rotated=True)
    assert model.landscape(0, 127)  # the top right pixel, turned, is at the bottom left
    buf, fb = glyphs()
    fb.pixel(290, 12, 1)  # and a partial refresh the other way up
    show(d, model, buf)
    assert model.activations[-1] == 0x0F
    assert_glass_shows(model, fb, rotated=True)


def test_partials_follow_waveshares_display_partial_and_keep_the_panel_awake():
    d, model, bus, _ = rig(keep_log=True)
    show(d, model, picture(0)[0], full=True)
    assert model.sleeping
    # The first partial of a round wakes the panel from deep sleep: the reset and init.
    cmds, _ = show(d, model, picture(1)[0])
    assert cmds[:6] == [0x12, 0x01, 0x11, 0x44, 0x45, 0x21]
    assert not model.sleeping
    buf, fb = picture(7)
    mark = len(bus.log)
    cmds, full = show(d, model, buf)
    # Awake: an RST pulse (2 ms), no soft reset, the partial waveform once, the display
    # option and border, power on, the new picture into BW RAM, the partial update; then
    # the shown picture into both RAMs.
    assert [e[2] for e in bus.log[mark:] if e[:2] == ("pin", "rst")] == [0, 1]
    assert 0x12 not in cmds and 0x10 not in cmds
    assert cmds[:4] == [0x01, 0x11, 0x44, 0x45] and cmds[4] == 0x21
    assert sent_lut(full[5:10]) == WF_PARTIAL_2IN9
    assert cmds[10:19] == [0x37, 0x3C, 0x22, 0x20, 0x4E, 0x4F, 0x24, 0x22, 0x20]
    assert cmds[10 + 9 :] == [0x4E, 0x4F, 0x26, 0x4E, 0x4F, 0x24]
    args = dict(full)
    assert args[0x37] == PARTIAL_OPTION and args[0x3C] == b"\x80"
    assert args[0x11] == b"\x07"  # a reset may have put the counting mode back: sent again
    assert model.activations[-2:] == [0xC0, 0x0F]
    assert cmds.count(0x32) == 1
    assert_glass_shows(model, fb)
    assert not model.sleeping  # awake for the next partial
    assert d.refreshes == [2, 1, 0]


def test_sent_comes_once_the_pictures_refresh_has_begun():
    # The shell writes its saves at `sent` (shell.Device.may_write): by then the whole
    # picture has gone to the panel and the refresh that shows it is under way (BUSY),
    # for a full refresh and a partial one; and it comes once.
    d, model, _, _ = rig()
    for full, seed in ((True, 3), (False, 4)):
        buf, fb = picture(seed)
        notes = sent_at(d, model, buf, full, lambda fb=fb: assert_glass_shows(model, fb))
        assert notes == [(0x20, True)], (full, notes)
        assert model.activations[-1] == (0xC7 if full else 0x0F)


def test_the_model_leaves_stale_pixels_when_the_red_ram_is_not_the_glass():
    # The checks below have teeth: a partial whose RED RAM is older than the glass leaves
    # pixels of the picture before it (their old and new values agree: not driven).
    d, model, _, _ = rig()
    show(d, model, picture(0)[0], full=True)
    old = bytearray(model.red)  # frame 0
    show(d, model, picture(1)[0])
    model.red[:] = old  # as if RED had not been rewritten after that partial
    buf, fb = picture(0)
    show(d, model, buf)
    try:
        assert_glass_shows(model, fb)
    except AssertionError:
        return
    raise AssertionError("the model drove pixels whose RED and BW values agree")


def test_the_model_refuses_a_counting_mode_no_vendor_drives():
    # Waveshare drives 0x07 (upright) and, as we do upside down, 0x05; Zephyr's 0x06 leaves
    # the bit order within a byte to the reader of a datasheet that does not define it.
    for mode in (0x06, 0x03, 0x01, 0x04):
        _, model, bus, spi = rig()
        bus.pin("cs", 0)
        bus.pin("dc", 0)
        spi.write(bytes([0x11]))
        bus.pin("dc", 1)
        try:
            spi.write(bytes([mode]))
            model.flush()
        except AssertionError as e:
            assert "no vendor drives it" in str(e), e
        else:
            raise AssertionError("mode 0x%02x taken" % mode)


def digit(n):
    buf, fb = FRAME, FRAME_FB
    fb.fill(0)
    fb.text("Stay Cool", 10, 10, 1)
    fb.rect(180, 40, 60, 40, 1)
    fb.text("%02d" % n, 196, 56, 1)
    fb.fill_rect(200, 70, n, 4, 1)  # a bar that grows
    return buf, fb


def test_twenty_partials_of_a_changing_digit_keep_both_rams_true():
    d, model, _, _ = rig()
    buf, fb = digit(0)
    show(d, model, buf, full=True)
    for n in range(1, 21):
        buf, fb = digit(n * 7 % 20)
        cmds, _ = show(d, model, buf)
        assert model.activations[-1] == 0x0F, n
        assert model.bw == model.red, n  # both RAMs: the picture on the glass
        assert_ram_in_waveshares_order(model.red, buf)
        assert_glass_shows(model, fb)
        if n > 1:  # the first woke the panel from the round boundary's deep sleep
            assert 0x12 not in cmds, n
    assert d.refreshes == [20, 1, 0]
    show(d, model, digit(3)[0])  # the 21st: a full refresh cleans the glass
    assert model.activations[-1] == 0xC7 and d.refreshes == [20, 2, 0]


def test_full_refresh_after_partials_reloads_the_full_waveform():
    d, model, _, _ = rig()
    show(d, model, picture(0)[0], full=True)
    show(d, model, picture(1)[0])
    show(d, model, picture(2)[0])
    buf, fb = picture(3)
    cmds, full = show(d, model, buf, full=True)
    # A reset and 0x12 first (Waveshare's init() before a full refresh), and the last
    # waveform loaded before the update is the full one ([C7] uses what is loaded).
    assert cmds[0] == 0x12
    update = cmds.index(0x22)
    luts = [a for c, a in full[:update] if c == 0x32]
    assert luts and list(luts[-1]) == WS_20_30[:153]
    assert model.activations[-1] == 0xC7
    assert_glass_shows(model, fb)


def test_a_full_refresh_every_n_partials():
    d, model, _, _ = rig(partial_limit=2)
    kinds = []
    for i in range(7):
        show(d, model, picture(i)[0])
        kinds.append(model.activations[-1])
    assert kinds == [0xC7, 0x0F, 0x0F, 0xC7, 0x0F, 0x0F, 0xC7]
    assert not model.sleeping  # none was asked for: the panel stays awake in the round


def test_upside_down_the_glass_shows_the_frame_turned():
    d, model, _, _ = rig()
    show(d, model, picture(0)[0], full=True)
    d.set_rotated(True)
    buf, fb = picture(3)
    _, full = show(d, model, buf)
    assert model.activations[-1] == 0xC7  # turning the picture needs a full refresh
    args = dict(full)
    assert args[0x11] == b"\x05"  # X up, Y down
    assert args[0x45] == b"\x27\x01\x00\x00" and args[0x4F] == b"\x27\x01"
    assert_glass_shows(model, fb, rotated=True)
    buf, fb = picture(4)
    show(d, model, buf)
    assert model.activations[-1] == 0x0F and model.bw == model.red
    assert_glass_shows(model, fb, rotated=True)
    d.set_rotated(False)
    buf, fb = picture(5)
    show(d, model, buf)
    assert_glass_shows(model, fb)


def test_the_frame_goes_out_in_sixteen_page_writes():
    d, model, _, spi = rig()
    show(d, model, picture(0)[0], full=True)
    show(d, model, picture(1)[0])
    # Three RAM writes in a partial (BW, then RED and BW again), each 16 pages of 296.
    assert spi.writes.count(296) == 3 * 16
    assert max(spi.writes) == 296
    assert spi.longest_write_us() <= 600  # 296 bytes at the vendor's 4 MHz


def ram_writes(bus):
    """Each RAM write (0x24, 0x26) as the panel takes it: its code, the length of each SPI
    write of its data, and the data."""
    state = {"dc": 1, "code": None}
    planes = []

    def on_bus(kind, a, b):
        if kind == "pin":
            if a == "dc":
                state["dc"] = b
        elif state["dc"] == 0:
            state["code"] = a[0]
            if a[0] in (0x24, 0x26):
                planes.append((a[0], [], bytearray()))
        elif state["code"] in (0x24, 0x26):
            planes[-1][1].append(len(a))
            planes[-1][2].extend(a)

    bus.listeners.append(on_bus)
    return planes


def waveshares_order(buf):
    """The bytes Waveshare's landscape display() sends: page 15 first, each in frame order."""
    out = bytearray()
    for j in range(15, -1, -1):
        out.extend(buf[j * 296 : j * 296 + 296])
    return out


def test_each_plane_goes_out_in_page_chunks_with_waveshares_bytes():
    d, model, bus, _ = rig()
    planes = ram_writes(bus)
    buf = picture(2)[0]
    show(d, model, buf, full=True)
    buf = picture(3)[0]
    show(d, model, buf)  # a partial: BW, then RED and BW again
    assert [code for code, _, _ in planes] == [0x24, 0x26, 0x24, 0x26, 0x24]
    for i, (code, sizes, data) in enumerate(planes):
        assert len(sizes) == 16 and max(sizes) <= 296, sizes  # a chunk: 0.6 ms at 4 MHz
        assert data == waveshares_order(picture(2 if i < 2 else 3)[0]), (i, code)
    del planes[:]
    # Upside down: the same chunks, first page first, each byte's bits reversed.
    d.set_rotated(True)
    buf = picture(4)[0]
    show(d, model, buf)
    reverse = bytearray(256)
    for v in range(256):
        for bit in range(8):
            if v >> bit & 1:
                reverse[v] |= 0x80 >> bit
    turned = bytearray(reverse[v] for v in buf)
    assert [code for code, _, _ in planes] == [0x24, 0x26]
    for code, sizes, data in planes:
        assert len(sizes) == 16 and max(sizes) <= 296, sizes
        assert data == turned, code


def stuck_rig():
    """A rig whose BUSY line the test can make stick high from the next 0x20 on."""
    d, model, bus, spi = rig()
    state = {"stuck_after": None}

    def busy():
        at = state["stuck_after"]
        if at is not None and len(model.activations) > at:
            return 1
        return model.busy()

    d.busy = busy
    return d, model, bus, state


def test_a_stuck_busy_line_is_given_up_without_an_error_and_the_next_update_recovers():
    d, model, bus, state = stuck_rig()
    show(d, model, picture(0)[0], full=True)
    show(d, model, picture(1)[0])
    state["stuck_after"] = len(model.activations)
    # A short timeout while BUSY sticks (the driver's own, seconds long, otherwise: a
    # loaded machine's pause between two reads must not time out a working panel).
    normal, d.busy_timeout_ms = d.busy_timeout_ms, 20
    t = time.ticks_ms()
    asyncio.run(d.show(picture(2)[0]))  # no exception: the runner never sees it
    waited = time.ticks_diff(time.ticks_ms(), t)
    d.busy_timeout_ms = normal
    assert waited >= 3 * 20  # the timeout, then once more for twice as long
    assert d.refreshes == [1, 1, 1]
    assert model.activations[-1] == 0xC0  # stuck after the partial's power on
    state["stuck_after"] = None
    model.busy_left = 0  # the panel let go
    buf, fb = picture(3)
    cmds, _ = show(d, model, buf)  # the next draw: a reset, the init, a full refresh
    assert cmds[0] == 0x12 and model.activations[-1] == 0xC7
    assert_glass_shows(model, fb)
    assert d.refreshes == [1, 2, 1]
    buf, fb = picture(4)
    show(d, model, buf)
    assert model.activations[-1] == 0x0F
    assert_glass_shows(model, fb)


def test_a_slow_refresh_is_waited_for_once_more():
    import hw.epaper as epaper

    clock = ReadClock()
    d, model, _, _ = rig()
    d.busy_timeout_ms = 30
    plain = model.busy
    slow = {"until": None}

    def busy():
        clock.now += 5  # a cold panel: the full refresh takes twice the timeout
        if model.activations and slow["until"] is None:
            slow["until"] = clock.now + 60
        if slow["until"] is not None and slow["until"] - clock.now > 0:
            return 1
        return plain()

    d.busy = busy
    buf, fb = picture(1)
    epaper.time = clock  # the driver on the same clock
    try:
        show(d, model, buf, full=True)
    finally:
        epaper.time = time
    assert d.refreshes == [0, 1, 0]  # not given up
    assert_glass_shows(model, fb)


def test_a_busy_line_stuck_for_ever_never_raises():
    bus = Bus()
    spi = FakeSPI(bus)
    pins = [FakePin(bus, n, 1) for n in ("cs", "dc", "rst")]
    d = SSD1680(spi, *pins, FakePin(bus, "busy", 1))
    d.busy_timeout_ms = 10
    for _ in range(2):
        asyncio.run(d.show(FRAME, True))
        assert spi.writes == []  # each attempt starts with a reset and waits for BUSY
    assert d.refreshes == [0, 0, 2]
