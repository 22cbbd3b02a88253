# The Badger 2040 W board file, built against a fake `machine` module that records what is
# constructed and in which order; the e-ink pins are wired to the UC8151 model (fakes.py),
# and the I2C bus to a model of the PCF85063A clock chip (below).
import asyncio
import gc
import sys

import framebuf
from fakes import Bus, UC8151Model, edge, load_board

import ticks

LOG = []  # ("Pin", id, mode, pull, value), ("SPI", ...), ("ADC", id), ("I2C", ...), in order
PINS = {}  # id -> the last Pin built for it
LEVELS = {}  # id -> the level an input reads (a button held)
WIRED = {17: "cs", 20: "dc", 21: "rst"}


class World:
    bus = None
    model = None
    adc = 0
    rtc = None  # the clock chip on I2C0 (None: it does not answer)
    gp29_adc = False  # GP29 set up as the ADC's input (not the radio's SPI clock)


class Pin:
    IN = 0
    OUT = 1
    PULL_UP = 1
    PULL_DOWN = 2
    IRQ_FALLING = 4  # rp2's GPIO_IRQ_EDGE_FALL, _RISE
    IRQ_RISING = 8
    irq_set = None

    def irq(self, handler=None, trigger=IRQ_FALLING | IRQ_RISING, hard=False):
        self.irq_set = (handler, trigger, hard)

    def __init__(self, id, mode=None, pull=None, *, value=None):
        self.id = id
        self.level = value or 0
        PINS[id] = self
        LOG.append(("Pin", id, mode, pull, value))
        if id in WIRED and value is not None:
            World.bus.pin(WIRED[id], value)

    def __call__(self, level=None):
        if level is None:
            if self.id == 26:
                return World.model.busy()
            if self.id == "WL_GPIO2":
                # A read through the radio chip: its driver leaves GP29 its SPI clock, with a
                # pull-down (pico-sdk cyw43_bus_pio_spi.c, start_spi_comms), not the ADC's.
                World.gp29_adc = False
            return LEVELS.get(self.id, self.level)
        self.level = level
        if self.id in WIRED:
            World.bus.pin(WIRED[self.id], level)
        return None

    value = __call__


class SPI:
    def __init__(self, id, baudrate=0, sck=None, mosi=None, miso=None):
        LOG.append(("SPI", id, baudrate, sck.id, mosi.id))

    def write(self, data):
        World.bus.spi(bytes(data))


class ADC:
    def __init__(self, pin):
        LOG.append(("ADC", pin.id))
        World.gp29_adc = pin.id == 29  # rp2's ADC(pin) runs adc_gpio_init on it

    def read_u16(self):
        return World.adc if World.gp29_adc else 0  # the pull-down, not VSYS


class PCF85063A:
    """The clock chip as its datasheet gives it (NXP PCF85063A): 18 registers, Control_1
    (0x00) to Timer_mode (0x11); the register address goes up by one after each byte read
    or written. In Control_2 (0x01), AF (bit 6) and TF (bit 3) are set by the chip alone:
    writing 0 clears a flag, writing 1 leaves it as it is. The INT line, which powers the
    Badger, is active while AF and AIE (bit 7) are set, or TF and TIE (Timer_mode bit 1)
    or the minute interrupts (MI, HMI: bits 5, 4). COF (bits 2-0) 0b111 is CLKOUT off.

    It starts as Badger OS may leave it: an alarm that rang (AIE, AF), a countdown that ran
    out (TE, TIE, TF), and CLKOUT at 32.768 kHz (COF 000, its value after power-on)."""

    AIE, AF, MI, HMI, TF = 0x80, 0x40, 0x20, 0x10, 0x08
    TIE = 0x02
    FLAGS = AF | TF

    def __init__(self):
        self.regs = bytearray(0x12)
        self.regs[0x01] = self.AIE | self.AF | self.TF
        self.regs[0x04:0x0B] = bytes((0x56, 0x34, 0x12, 0x25, 0x03, 0x12, 0x24))  # BCD time
        self.regs[0x0B:0x10] = bytes((0x80, 0x30, 0x07, 0x80, 0x80))  # an alarm at 07:30
        self.regs[0x10] = 0x05  # Timer_value
        self.regs[0x11] = 0x18 | 0x04 | self.TIE  # 1/60 Hz, TE, TIE
        self.writes = []  # (register, byte), in order

    def write(self, reg, data):
        for b in data:
            if reg > 0x11:
                raise AssertionError("written past Timer_mode")
            self.writes.append((reg, b))
            if reg == 0x01:
                b = b & ~self.FLAGS | self.regs[1] & b & self.FLAGS
            self.regs[reg] = b
            reg += 1

    def read(self, reg, n):
        if reg + n > 0x12:
            raise AssertionError("read past Timer_mode")
        return bytes(self.regs[reg : reg + n])

    def int_active(self):
        c2, mode = self.regs[1], self.regs[0x11]
        alarm = c2 & self.AIE and c2 & self.AF
        timer = c2 & self.TF and (mode & self.TIE or c2 & (self.MI | self.HMI))
        return bool(alarm or timer)


class I2C:
    """machine.I2C as the rp2 port offers it: I2C(id, *, scl, sda, freq); I2C0's SDA on
    GP0/4/8..., SCL on GP1/5/9... (IS_VALID_SDA/SCL in ports/rp2), else ValueError;
    writeto_mem(addr, memaddr, buf) and readfrom_mem(addr, memaddr, nbytes) -> bytes; no
    answer at an address: OSError(EIO)."""

    def __init__(self, id, *, scl, sda, freq=400_000, timeout=50_000):
        if not (scl.id & 1 == 1 and (scl.id & 2) >> 1 == id):
            raise ValueError("bad SCL pin")
        if not (sda.id & 1 == 0 and (sda.id & 2) >> 1 == id):
            raise ValueError("bad SDA pin")
        LOG.append(("I2C", id, sda.id, scl.id, freq))

    @staticmethod
    def _chip(addr):
        if addr != 0x51 or World.rtc is None:
            raise OSError(5)  # EIO: no acknowledge
        return World.rtc

    def writeto_mem(self, addr, memaddr, buf, *, addrsize=8):
        self._chip(addr).write(memaddr, bytes(buf))

    def readfrom_mem(self, addr, memaddr, nbytes, *, addrsize=8):
        return self._chip(addr).read(memaddr, nbytes)


class machine:  # stands in for the module
    pass


machine.Pin = Pin
machine.SPI = SPI
machine.ADC = ADC
machine.I2C = I2C
sys.modules["machine"] = machine

board = load_board("badger2040w")
BOARD_DIR = board.__file__.rsplit("/", 1)[0]
IMPORT_LOG = list(LOG)


def build(levels=None):
    del LOG[:]
    PINS.clear()
    LEVELS.clear()
    LEVELS.update(levels or {})
    World.model = World.bus = None  # the last test's, freed before the next is made
    gc.collect()
    World.bus = Bus()
    World.model = UC8151Model(World.bus)
    return board.build()


def boot_first(rtc):
    """The Badger's first step (first.py), as boot.py takes it: imported, then let go."""
    del LOG[:]
    PINS.clear()
    World.rtc = rtc
    sys.modules["board"] = board
    sys.path.insert(0, BOARD_DIR)
    try:
        import first  # noqa: F401 - the step is its import
    finally:
        sys.path.pop(0)
        sys.modules.pop("first", None)
        sys.modules.pop("board", None)


def button(gp, level):
    """A button's level changes, with the interrupt of its edge (fakes.edge)."""
    edge(PINS[gp], level, lambda v: LEVELS.__setitem__(gp, v))


def latched(hw):
    """The edges latched and not yet read, as (button, down), read off."""
    edges = hw.button_edges()
    out = []
    while edges.tail != edges.head:
        out.append((edges.what[edges.tail] >> 1, edges.what[edges.tail] & 1))
        edges.tail = (edges.tail + 1) % len(edges.what)
    return out


def led():
    return PINS[22].level


def test_importing_builds_nothing():
    assert IMPORT_LOG == []


def test_the_power_latch_is_raised_before_anything_else():
    build()
    assert LOG[0] == ("Pin", 10, Pin.OUT, None, 1)  # high from the moment it is an output
    assert LOG[1] == ("Pin", 22, Pin.OUT, None, 1)  # the LED: the button may be let go
    assert PINS[10].level == 1
    del LOG[:]
    board.hold_power()  # what main.py calls first, even for a maintenance boot
    assert LOG == [("Pin", 10, Pin.OUT, None, 1), ("Pin", 22, Pin.OUT, None, 1)]


def test_the_pins_are_as_the_hardware_says():
    build()
    built = {e[1]: e[2:] for e in LOG if e[0] == "Pin" and e[2] is not None}
    for gp in (12, 13, 14, 15, 11):  # A B C UP DOWN
        assert built[gp] == (Pin.IN, Pin.PULL_DOWN, None), gp
    assert built[17] == (Pin.OUT, None, 1)  # CS idle high
    assert built[20][0] == Pin.OUT and built[21] == (Pin.OUT, None, 1)  # DC, RST
    assert built[26] == (Pin.IN, Pin.PULL_UP, None)  # BUSY
    assert built[25] == (Pin.OUT, None, 1)  # the radio deselected for the VSYS reading
    assert ("SPI", 0, 12_000_000, 18, 19) in LOG
    assert ("ADC", 29) in LOG
    ids = [e[1] for e in LOG if e[0] == "Pin"]
    assert len(ids) == len(set(ids)), "a pin built twice"
    assert 24 not in ids  # the radio's data line on a Pico W, reserved by MicroPython
    pins = list(board.PINS.values())
    # GP4/GP5: the clock chip's I2C, used once, by the first step (test below)
    assert len(pins) == len(set(pins)) and set(ids) | {4, 5} == set(pins)
    assert built["WL_GPIO2"] == (Pin.IN, None, None)  # the VBUS sense, through the radio


def test_buttons_read_as_a_bitmask():
    hw = build()
    assert hw.buttons() == 0
    for gp, bit in ((12, 1), (13, 2), (14, 4), (15, 8), (11, 16)):
        LEVELS[gp] = 1
        assert hw.buttons() == bit, gp
        LEVELS[gp] = 0
    LEVELS[12] = LEVELS[14] = 1
    assert hw.buttons() == 5  # A and C together
    assert hw.parts == {"ring": False, "buzzer": False, "go": False, "led": True}
    assert (hw.ring_size, hw.fonts, hw.decks, hw.state_dir) == (0, "/fonts", "/decks", "/state")


def test_the_press_that_powered_it_on_is_not_a_game_input():
    hw = build({13: 1})  # B held from power-on, through the boot
    assert latched(hw) == []  # kept from the game
    button(12, 1)
    assert latched(hw) == [(0, 1)]  # another button counts: A down
    button(13, 0)
    button(12, 0)
    assert latched(hw) == [(0, 0)]  # B's release is no edge of a press
    button(13, 1)
    assert latched(hw) == [(1, 1)]  # once released, B is a button again


def test_safe_mode_is_a_and_c_held_at_power_on():
    build()
    assert not board.held_at_boot()
    LEVELS[12] = 1
    assert not board.held_at_boot()  # one button is how a Badger is switched on
    LEVELS[14] = 1
    assert board.held_at_boot()
    assert all(e[3] == Pin.PULL_DOWN for e in LOG if e[0] == "Pin" and e[1] in (12, 14))


def test_battery_mv_is_vsys_in_integer_millivolts():
    hw = build()
    World.adc = 65535
    assert hw.battery_mv() == 9900  # the ADC's full scale, 3.3 V, times the divider's 3
    World.adc = 26479
    assert hw.battery_mv() == 4000
    World.adc = 25000
    assert hw.battery_mv() == 25000 * 9900 // 65535 == 3776
    assert isinstance(hw.battery_mv(), int)


def test_once_the_radio_has_started_vsys_is_not_read():
    hw = build()
    World.adc = 26479
    assert hw.battery_mv() == 4000
    hw.wifi.used = True  # what AccessPoint.up() sets: GP29 is the radio's clock from now on
    assert hw.battery_mv() is None


def test_tones_blink_the_led_without_blocking():
    hw = build()
    hw.tone("warning", 3)  # returns at once, the LED lit for the first note
    assert led() == 1
    t0 = 1000
    hw.buzzer.play("warning", 3, t0)  # at a known time: on 120, off 80, on 120 ms
    seen = []
    for i in range(1, 40):  # 10 ms polls, as the shell's button task makes them
        hw.update(ticks.add(t0, 10 * i))
        seen.append(led())
    assert seen[:11] == [1] * 11 and seen[11:19] == [0] * 8
    assert seen[19:31] == [1] * 12 and seen[31:] == [0] * 8


def test_the_led_is_lit_from_power_on_until_the_game_runs():
    hw = build()
    assert led() == 1
    late = ticks.add(hw._now(), 10_000)
    for _ in range(4):  # the shell's polls move the "start" blink on, note by note
        hw.update(late)
    assert led() == 0


def test_power_off_drops_the_latch_and_a_press_raises_it():
    hw = build()
    hw.power_off()
    assert PINS[10].level == 0 and led() == 0
    hw.button_edges()
    assert PINS[10].level == 0  # on USB it runs on, still off
    button(13, 1)
    assert latched(hw) == [(1, 1)] and PINS[10].level == 1  # a press holds the power again


def test_the_board_puts_frames_on_the_glass_either_way_up():
    hw = build()
    buf = bytearray(4736)
    fb = framebuf.FrameBuffer(buf, 296, 128, framebuf.MONO_VLSB)
    fb.text("Badger", 10, 20, 1)
    fb.fill_rect(200, 64, 30, 40, 1)
    for rotate in (False, True):
        hw.configure(rotate=rotate, brightness=3)
        asyncio.run(hw.show(buf, True))
        for y in range(128):
            for x in range(296):
                gx, gy = (295 - x, 127 - y) if rotate else (x, y)
                if World.model.ink(gx, gy) != bool(fb.pixel(x, y)):
                    raise AssertionError("(%d, %d) rotated %r" % (x, y, rotate))
    assert World.model.sleeping
    hw.show_ring(bytearray(0))  # no ring: nothing happens


def test_a_stuck_busy_line_never_reaches_the_shell_and_the_next_draw_recovers():
    # The glass is the Badger's only output: a panel that stays busy is given up inside
    # the driver (no exception into the runner, which would reset the board into the same
    # wait), and the next draw starts over.
    hw = build()
    normal, hw.display.busy_timeout_ms = hw.display.busy_timeout_ms, 10  # while it sticks
    buf = bytearray(4736)
    fb = framebuf.FrameBuffer(buf, 296, 128, framebuf.MONO_VLSB)
    fb.text("Badger", 10, 20, 1)
    plain = World.model.busy
    World.model.busy = lambda: 0  # low: busy for ever
    asyncio.run(hw.show(buf, False))
    assert hw.display.refreshes == [0, 0, 1]
    World.model.busy = plain
    hw.display.busy_timeout_ms = normal  # a loaded machine's pause must not time it out
    asyncio.run(hw.show(buf, False))
    assert hw.display.refreshes == [0, 1, 1]  # a full refresh: the panel was not trusted
    for y in range(128):
        for x in range(296):
            if World.model.ink(x, y) != bool(fb.pixel(x, y)):
                raise AssertionError("(%d, %d)" % (x, y))


def test_feed_feeds_a_watchdog_when_there_is_one():
    hw = build()
    hw.feed()  # none: nothing

    class Dog:
        fed = 0

        def feed(self):
            self.fed += 1

    hw.watchdog = Dog()
    hw.feed()
    assert hw.watchdog.fed == 1


def test_a_device_never_stops():
    hw = build()

    async def wait():
        await asyncio.wait_for(hw.until_stopped(), 0.05)

    try:
        asyncio.run(wait())
    except asyncio.TimeoutError:
        pass
    else:
        raise AssertionError("stopped")


def test_the_clock_chip_is_set_up_at_boot_as_pimoroni_does():
    """A leftover alarm from Badger OS cannot keep the board on: the first step clears the
    PCF85063A's alarm and timer flags and turns its clock output off, after the power latch
    and before anything else, and leaves the time alone."""
    rtc = PCF85063A()
    assert rtc.int_active() and rtc.regs[1] & 0x07 != 0x07  # held on, CLKOUT running
    kept = bytes(rtc.regs[0x02:0x11])  # offset, RAM, time, alarm, timer value
    boot_first(rtc)
    assert LOG[0] == ("Pin", 10, Pin.OUT, None, 1) and LOG[1] == ("Pin", 22, Pin.OUT, None, 1)
    assert ("I2C", 0, 4, 5, 100_000) in LOG  # I2C0, SDA GP4, SCL GP5, as wakeup.cpp
    assert (board.PINS["i2c_sda"], board.PINS["i2c_scl"]) == (4, 5)
    assert not rtc.regs[1] & (PCF85063A.AF | PCF85063A.TF)  # the flags cleared
    assert rtc.regs[1] & 0x07 == 0x07  # CLKOUT off
    assert not rtc.regs[1] & (PCF85063A.AIE | PCF85063A.MI | PCF85063A.HMI)
    assert rtc.regs[0x11] == 0x18 | 0x04  # TIE and TI_TP off, the rest as it was
    assert rtc.regs[0x00] == 0x00  # the clock runs
    assert not rtc.int_active()  # nothing holds the power on now
    assert bytes(rtc.regs[0x02:0x11]) == kept
    assert {reg for reg, _ in rtc.writes} == {0x00, 0x01, 0x11}
    assert (0x00, 0x58) not in rtc.writes  # no software reset (Pimoroni's driver's first step)


def test_a_clock_chip_that_does_not_answer_leaves_the_power_held():
    try:
        boot_first(None)
    except OSError:
        pass  # start.py prints it and boots on (test_boot.py)
    else:
        raise AssertionError("a silent clock chip went unnoticed")
    assert PINS[10].level == 1 and PINS[22].level == 1


def test_on_usb_is_the_radio_s_vbus_sense_not_vsys():
    hw = build()
    World.adc = 4800 * 65535 // 9900 + 1  # three fresh AAA cells: 4.8 V, as much as USB gives
    assert hw.battery_mv() >= 4500
    LEVELS["WL_GPIO2"] = 0
    assert hw.usb_power() == 0  # on battery, whatever VSYS says
    LEVELS["WL_GPIO2"] = 1
    assert hw.usb_power() == 1


def test_after_the_vbus_read_gp29_reads_vsys_again():
    hw = build()
    World.adc = 26479
    LEVELS["WL_GPIO2"] = 0
    hw.usb_power()  # through the radio chip, which takes GP29 as its clock
    assert hw.battery_mv() == 4000  # the ADC has it back
    hw.wifi.used = True  # the radio started: GP29 is its clock for good
    del LOG[:]
    hw.usb_power()
    assert LOG == [] and hw.battery_mv() is None
