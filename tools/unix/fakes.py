"""Fake hardware for the driver tests and `make bench`'s timed turn: pins and buses that
record what a chip would receive, and a model of the SSD1680 that turns those bytes back
into the picture on the glass."""


def sent_at(driver, model, buf, full, check):
    """Shows `buf` through `driver` (hw/epaper.py) with a `sent` that notes, each time it
    is called, the last command `model` has received and whether its BUSY is up, and runs
    `check()` there and then; returns the notes (the shell writes its saves at `sent`)."""
    import asyncio

    notes = []

    def sent():
        model.flush()
        notes.append((model.commands[-1][0], model.busy_left > 0))
        check()

    del model.commands[:]
    asyncio.run(driver.show(buf, full, sent))
    model.flush()
    return notes


class Bus:
    """Everything the chips see, in order: ("pin", name, level) and ("spi", length); the
    listeners (chip models) get the bytes themselves."""

    def __init__(self, keep_log=False):
        self.log = [] if keep_log else None  # kept only when a test reads it: it grows
        self.listeners = []

    def pin(self, name, level):
        if self.log is not None:
            self.log.append(("pin", name, level))
        for f in self.listeners:
            f("pin", name, level)

    def spi(self, data):
        if self.log is not None:
            self.log.append(("spi", len(data)))
        for f in self.listeners:
            f("spi", data, None)


class FakePin:
    def __init__(self, bus, name, level=0, read=None):
        self.bus = bus
        self.name = name
        self.level = level
        self.read = read  # a function giving the input level (e.g. the chip's BUSY)

    def __call__(self, level=None):
        if level is None:
            return self.read() if self.read else self.level
        self.level = level
        self.bus.pin(self.name, level)
        return None

    value = __call__


class ReadClock:
    """A clock for the e-paper drivers' BUSY waits (hw/epaper.py's `time`, swapped in by a
    test) that moves 5 ms at each read of BUSY, as the driver reads it every 5 ms: a wait
    then lasts as many reads however loaded the machine is (on the real clock, a pause of
    the process between a read and the look at the clock outlasted a test's timeout)."""

    now = 0

    def ticks_ms(self):
        return self.now

    def ticks_diff(self, a, b):
        return a - b


class FakeSPI:
    """Records each write, and the time it takes on the wire at `baudrate`."""

    def __init__(self, bus, baudrate=4_000_000):
        self.bus = bus
        self.baudrate = baudrate
        self.writes = []  # length of each write

    def write(self, data):
        data = bytes(data)
        self.writes.append(len(data))
        self.bus.spi(data)

    def longest_write_us(self):
        return max(self.writes) * 8 * 1_000_000 // self.baudrate


class ChipModel:
    """What every chip model does with its pins: DC and CS as levels, and a reset pulse
    when RST goes low (each model says in reset_pulse() what a reset does to it)."""

    def pin(self, name, level):
        if name == "dc":
            self.dc = level
        elif name == "cs":
            self.cs = level
        elif name == "rst" and level == 0:
            self.reset_pulse()


class SSD1680Model(ChipModel):
    """What an SSD1680 does with its command stream, as far as the picture goes, from the
    datasheet and Waveshare's EPD_2in9_Landscape (Pico_ePaper_Code python/Pico_ePaper-2.9.py),
    not from our driver: the RAM address counter (window, counting mode), both RAMs, the
    RAM inversion option, the LUT, the analog power, reset, deep sleep, BUSY, and the glass.

    RAM: 296 rows (Y, the gate lines) of 16 bytes (X, 8 sources each), the MSB of a byte on
    the lowest source. Only the counting modes vendors drive this panel in are accepted:
    0x07 (AM=1: Y first, X and Y up; Waveshare's landscape class) and 0x05 (Y first, X up,
    Y down: upside down); any other raises, and so does a RAM write in the power-on mode.
    The glass is kept apart from the RAMs and changes only at an update: display mode 1
    (0x22 bit 3 clear) shows the BW RAM; display mode 2 (the partial waveform) drives only
    the pixels whose RED (old) and BW (new) values differ, and leaves the rest as they are,
    so a RED RAM that is not what the glass shows leaves stale pixels. The RAMs and the
    glass survive reset and deep sleep (mode 1); the registers go back to power-on values
    at a reset. A command takes effect when its last argument byte arrives."""

    ROWS = 296
    COLS = 16
    MODES = (0x07, 0x05)
    # Argument bytes of each command the driver may send (SSD1680 datasheet).
    ARGS = {
        0x01: 3, 0x03: 1, 0x04: 3, 0x10: 1, 0x11: 1, 0x12: 0, 0x20: 0, 0x21: 2, 0x22: 1,
        0x2C: 1, 0x32: 153, 0x37: 10, 0x3C: 1, 0x3F: 1, 0x44: 2, 0x45: 4, 0x4E: 1, 0x4F: 2,
        0x24: None, 0x26: None,
    }  # fmt: skip

    def __init__(self, bus, busy_reads=3):
        self.bw = bytearray(self.ROWS * self.COLS)
        self.red = bytearray(self.ROWS * self.COLS)
        self.glass = bytearray(b"\xff" * (self.ROWS * self.COLS))  # 1 = white, RAM layout
        self.busy_reads = busy_reads
        self.busy_left = 0
        self.commands = []  # (command, argument bytes), in order
        self.activations = []  # the update control 2 value at each 0x20
        self.dc = 0
        self.cs = 1
        self.cmd = None
        self.args = bytearray()
        self.sleeping = False
        self.por()
        bus.listeners.append(self.on_bus)

    def por(self):
        """Power-on / hardware-reset register values (RAM and glass are kept)."""
        self.mode = 0x03
        self.xs, self.xe, self.ys, self.ye = 0, 15, 0, 295
        self.x, self.y = 0, 0
        self.update1 = (0x00, 0x00)
        self.update2 = 0xFF
        self.lut = None
        self.analog = False
        self.sleeping = False

    def busy(self):
        if self.busy_left:
            self.busy_left -= 1
            return 1
        return 0

    def reset_pulse(self):
        self.end()
        self.por()
        self.busy_left = self.busy_reads

    def on_bus(self, kind, a, b):
        if kind == "pin":
            self.pin(a, b)
            return
        if self.cs:
            return  # not selected
        if self.dc == 0 and self.sleeping:
            raise AssertionError("command %r sent to a panel in deep sleep" % a)
        if self.dc == 0 and self.busy_left:
            raise AssertionError("command %r sent while BUSY was high" % a)
        if self.dc == 0:
            for byte in a:
                self.end()
                if byte not in self.ARGS:
                    raise AssertionError("command 0x%02x is not one the driver should send" % byte)
                self.cmd = byte
                self.args = bytearray()
                if byte in (0x24, 0x26) and self.mode not in self.MODES:
                    raise AssertionError("RAM written in counting mode 0x%02x" % self.mode)
                if self.ARGS[byte] == 0:
                    self.end()
        elif self.cmd in (0x24, 0x26):
            ram = self.bw if self.cmd == 0x24 else self.red
            for byte in a:
                ram[self.y * self.COLS + self.x] = byte
                self.advance()
        elif self.cmd is None:
            raise AssertionError("data with no command")
        else:
            self.args.extend(a)
            want = self.ARGS[self.cmd]
            if len(self.args) > want:
                raise AssertionError("command 0x%02x got %d bytes" % (self.cmd, len(self.args)))
            if len(self.args) == want:
                self.end()

    def advance(self):
        """The address counter after a RAM byte, in AM=1 (Y first): Y steps (up with ID1,
        down without) and, past the window's end, wraps to its start while X steps (up with
        ID0)."""
        dx = 1 if self.mode & 1 else -1
        dy = 1 if self.mode & 2 else -1
        self.y, wrapped = self.step(self.y, dy, self.ys, self.ye)
        if wrapped:
            self.x, _ = self.step(self.x, dx, self.xs, self.xe)

    @staticmethod
    def step(v, d, start, end):
        v += d
        if (d > 0 and v > end) or (d < 0 and v < end):
            return start, True
        return v, False

    def end(self):
        """Applies the command being received, now that its arguments are complete."""
        cmd, args = self.cmd, bytes(self.args)
        if cmd is None:
            return
        self.cmd = None
        self.commands.append((cmd, args if cmd not in (0x24, 0x26) else b""))
        if cmd == 0x11:
            if args[0] not in self.MODES:
                raise AssertionError("data entry mode 0x%02x: no vendor drives it" % args[0])
            self.mode = args[0]
        elif cmd == 0x44:
            if not args[0] <= 15 or not args[1] <= 15:
                raise AssertionError("RAM X window %r outside the panel" % args)
            self.xs, self.xe = args[0], args[1]
        elif cmd == 0x45:
            self.ys, self.ye = args[0] | args[1] << 8, args[2] | args[3] << 8
            if self.ys > 295 or self.ye > 295:
                raise AssertionError("RAM Y window %r outside the panel" % args)
        elif cmd == 0x4E:
            self.x = args[0]
        elif cmd == 0x4F:
            self.y = args[0] | args[1] << 8
        elif cmd == 0x21:
            self.update1 = (args[0], args[1])
        elif cmd == 0x22:
            self.update2 = args[0]
        elif cmd == 0x32:
            self.lut = args
            self.busy_left = self.busy_reads
        elif cmd == 0x12:
            self.busy_left = self.busy_reads
            self.por()
        elif cmd == 0x20:
            self.busy_left = self.busy_reads
            self.activations.append(self.update2)
            self.update()
        elif cmd == 0x10:
            self.sleeping = args[0] != 0

    def update(self):
        """Master activation with update control 2: clock and analog on (bits 7, 6), the
        waveform loaded from OTP (bit 4) or the one in the LUT register, the display in mode
        1 or 2 (bits 2, 3), analog off (bit 1)."""
        u = self.update2
        if u & 0x40:
            self.analog = True
        if u & 0x04:
            if not self.analog:
                raise AssertionError("display update 0x%02x with the analog power off" % u)
            if not u & 0x10 and self.lut is None:
                raise AssertionError("display update 0x%02x with no LUT loaded" % u)
            inv_bw = 0xFF if self.update1[0] & 0x08 else 0
            inv_red = 0xFF if self.update1[0] & 0x80 else 0
            glass, bw, red = self.glass, self.bw, self.red
            for i in range(len(glass)):
                new = bw[i] ^ inv_bw
                if u & 0x08:  # mode 2: only the pixels whose old and new values differ
                    changed = new ^ red[i] ^ inv_red
                    glass[i] = (glass[i] & ~changed | new & changed) & 0xFF
                else:
                    glass[i] = new
        if u & 0x02:
            self.analog = False

    def flush(self):
        self.end()

    def white(self, ram, x, y):
        """Whether a RAM holds white at source x (0..127), gate y (0..295), with the
        inversion option applied as the controller reads it for display."""
        inv = 0x80 if ram is self.red else 0x08
        bit = ram[y * self.COLS + (x >> 3)] >> (7 - (x & 7)) & 1
        return bool(bit ^ (1 if self.update1[0] & inv else 0))

    def ink(self, x, y):
        """Whether the glass shows ink at source x (0..127, the 128-pixel side), gate y
        (0..295)."""
        return not self.glass[y * self.COLS + (x >> 3)] >> (7 - (x & 7)) & 1

    def landscape(self, x, y):
        """Whether the glass shows ink at pixel (x, y) of Waveshare's landscape picture
        (x 0..295, y 0..127): its page y // 8 goes to RAM byte column 15 - y // 8, bit
        y % 8 of a byte to source 7 - y % 8 of it (MSB first), column x to gate x."""
        return self.ink(127 - y, x)


class FakeNeoPixel:
    """micropython-lib's neopixel, as far as the ring uses it: buf in GRB order, write()."""

    ORDER = (1, 0, 2, 3)

    def __init__(self, pin=None, n=16):
        self.pin = pin
        self.buf = bytearray(3 * n)
        self.frames = []

    def write(self):
        self.frames.append(bytes(self.buf))


class FakePWM:
    """Records (frequency, duty) each time the sound changes, with the tick it happened."""

    def __init__(self, pin=None):
        self.pin = pin
        self._freq = 0
        self._duty = 0
        self.changes = []
        self.now = 0  # set by the test

    def freq(self, hz=None):
        if hz is None:
            return self._freq
        self._freq = hz

    def duty_u16(self, d=None):
        if d is None:
            return self._duty
        self._duty = d
        self.changes.append((self.now, self._freq if d else 0, d))


class _FakeNeopixelModule:
    NeoPixel = FakeNeoPixel


def edge(pin, level, set_level):
    """A level change on an input, as the RP2040's GPIO block reports it: `set_level`
    makes the change, and an interrupt set up on that edge (IRQ_RISING to 1, IRQ_FALLING
    to 0) is run at once. A hard one runs with the heap locked, as MicroPython's rp2 port
    runs it inside the interrupt, where any allocation raises MemoryError."""
    was = pin.value()
    set_level(level)
    irq = getattr(pin, "irq_set", None)
    if irq is None or was == level:
        return
    handler, trigger, hard = irq
    if trigger & (pin.IRQ_RISING if level else pin.IRQ_FALLING):
        import micropython

        if hard:
            micropython.heap_lock()
        try:
            handler(pin)
        finally:
            if hard:
                micropython.heap_unlock()


class FakeMachine:
    """A stand-in `machine` module for building a board on the PC: records what is made."""

    def __init__(self, levels=None):
        self.made = []  # (kind, id, keyword arguments)
        self.pins = {}  # id -> the last Pin made on it
        self.levels = levels or {}
        machine = self

        class Pin:
            IN, OUT, PULL_UP, PULL_DOWN = 0, 1, 2, 3
            IRQ_FALLING, IRQ_RISING = 4, 8  # rp2's GPIO_IRQ_EDGE_FALL, _RISE
            irq_set = None  # (handler, trigger, hard) once irq() is called

            def __init__(self, n, mode=-1, pull=-1, value=None):
                self.n = n
                self.mode = mode
                self.pull = pull
                # An input idles at its pull: high with a pull-up.
                idle = 1 if pull == Pin.PULL_UP else 0
                self.level = value if value is not None else idle
                machine.made.append(("Pin", n, (mode, pull, value)))
                machine.pins[n] = self

            def __call__(self, v=None):
                return self.value(v)

            def value(self, v=None):
                if v is None:
                    return machine.levels.get(self.n, self.level)
                self.level = v
                return None

            def irq(self, handler=None, trigger=IRQ_FALLING | IRQ_RISING, hard=False):
                self.irq_set = (handler, trigger, hard)

            def on(self):
                self.level = 1

            def off(self):
                self.level = 0

        class SPI:
            def __init__(self, bus, **kw):
                machine.made.append(("SPI", bus, kw))
                self.written = 0

            def write(self, data):
                self.written += len(data)

        class ADC:
            def __init__(self, n):
                machine.made.append(("ADC", n, None))
                self.raw = 40000

            def read_u16(self):
                return self.raw

        class PWM(FakePWM):
            def __init__(self, pin):
                super().__init__(pin)
                machine.made.append(("PWM", pin.n, None))

        self.Pin, self.SPI, self.ADC, self.PWM = Pin, SPI, ADC, PWM
        self.sleeps = []  # each lightsleep(ms)
        self.wake_after = None  # (sleeps, pin, level): a button pressed during a sleep

    def set(self, n, level):
        """Input `n` now reads `level`, with the interrupt its edge raises."""
        pin = self.pins.get(n)
        if pin is None:
            self.levels[n] = level
            return
        edge(pin, level, lambda v: self.levels.__setitem__(n, v))

    def lightsleep(self, ms):
        self.sleeps.append(ms)
        if self.wake_after and len(self.sleeps) >= self.wake_after[0]:
            self.set(self.wake_after[1], self.wake_after[2])

    def install(self):
        import sys

        sys.modules["machine"] = self
        sys.modules["neopixel"] = _FakeNeopixelModule

    @staticmethod
    def remove():
        import sys

        sys.modules.pop("machine", None)
        sys.modules.pop("neopixel", None)


def load_board(name):
    """boards/<name>/board.py as a module, from the tree under test (sources or .mpy)."""
    import sys

    import hw

    base = hw.__file__.rsplit("/", 3)[0]  # .../firmware/hw/__init__.py -> ...
    saved = sys.modules.pop("board", None)
    sys.path.insert(0, base + "/boards/" + name)
    try:
        import board

        return board
    finally:
        sys.path.pop(0)
        sys.modules.pop("board", None)
        if saved is not None:
            sys.modules["board"] = saved


def _reversed_bits(b):
    r = 0
    for i in range(8):
        r = r << 1 | (b >> i & 1)
    return r


REVERSED = bytes(_reversed_bits(b) for b in range(256))


class UC8151Model(ChipModel):
    """What a UC8151 does with its command stream, as far as the picture goes: the panel
    setting (resolution, colour mode, waveform source, gate and source scan directions),
    the five waveform registers, power on and off, the data polarity (CDI), the RAM as
    DTM2 fills it in or out of the partial window, the refresh that puts the RAM on the
    glass, reset, deep sleep and BUSY (active low: 0 = busy).

    RAM: 296 lines (gates) of 16 bytes (128 sources), MSB first. The glass is kept apart
    from the RAM (it changes only on a refresh, and keeps its picture through sleep and
    reset), in landscape coordinates of the Badger held normally: x 0..295 from the left,
    y 0..127 from the top. Pimoroni's directions (PSR SHL = 1 source shift right, UD = 0
    gate scan down) show RAM line g at x = g and source s at y = s: that is how Pimoroni's
    own buffer lands upright. UD = 1 mirrors x, SHL = 0 mirrors y.

    Which way a partial window counts with mirrored directions is not something the
    references settle, so the model does both: by default the window is in RAM order
    (the directions apply when the RAM is shown); with `physical_window` it is counted on
    the glass, and the data fills it in the scan and shift direction. After deep sleep
    the RAM is taken as lost (filled with ink), so nothing may rely on it."""

    LINES = 296
    BANKS = 16
    # Argument bytes of each command a driver may send (UC8151 / IL0373 command table);
    # None: a data stream that runs until the next command.
    ARGS = {
        0x00: 1, 0x01: 5, 0x02: 0, 0x03: 1, 0x04: 0, 0x06: 3, 0x07: 1, 0x11: 0, 0x12: 0,
        0x13: None, 0x20: 44, 0x21: 42, 0x22: 42, 0x23: 42, 0x24: 42, 0x30: 1, 0x41: 1,
        0x50: 1, 0x60: 1, 0x61: 3, 0x90: 7, 0x91: 0, 0x92: 0,
    }  # fmt: skip
    LUTS = (0x20, 0x21, 0x22, 0x23, 0x24)

    def __init__(self, bus, busy_reads=3, physical_window=False):
        import framebuf

        self.ram = bytearray(self.LINES * self.BANKS)
        self._ram_fb = framebuf.FrameBuffer(self.ram, 8, len(self.ram), framebuf.MONO_HLSB)
        self.glass = bytearray(self.LINES * self.BANKS)  # x*16 + y//8, MSB = top, 1 = ink
        self.physical_window = physical_window
        self.busy_reads = busy_reads
        self.busy_left = 0
        self.commands = []  # (command, argument bytes), in order
        self.refreshes = []  # (waveform: None for the panel's OTP, else {reg: table}, area)
        self.dc = 0
        self.cs = 1
        self.cmd = None
        self.args = bytearray()
        self.sleeping = False
        self.por()
        bus.listeners.append(self.on_bus)

    def por(self):
        """Power-on / hardware-reset register values."""
        self.psr = 0x0F  # 96x230, black/white/red, OTP waveform, UD = SHL = 1
        self.cdi = 0x97  # data polarity 01: 1 = white
        self.luts = {}
        self.regs = {}
        self.powered = False
        self.partial = False
        self.window = (0, self.BANKS - 1, 0, self.LINES - 1)  # banks, lines (inclusive)
        self.sleeping = False

    def busy(self):
        if self.busy_left:
            self.busy_left -= 1
            return 0
        return 1

    def reset_pulse(self):
        self.end()
        if self.sleeping:
            self._ram_fb.fill(1)  # lost in deep sleep: all ink, should it show
        self.por()
        self.busy_left = self.busy_reads

    def on_bus(self, kind, a, b):
        if kind == "pin":
            self.pin(a, b)
            return
        if self.cs:
            return  # not selected
        if self.sleeping:
            raise AssertionError("bytes %r sent to a panel in deep sleep" % a[:4])
        if self.dc == 0:
            if self.busy_left:
                raise AssertionError("command %r sent while BUSY was low" % a)
            for byte in a:
                self.end()
                if byte not in self.ARGS:
                    raise AssertionError("command 0x%02x is not one the driver should send" % byte)
                self.cmd = byte
                self.args = bytearray()
                if byte == 0x13:
                    self.start_data()
                elif self.ARGS[byte] == 0:
                    self.end()
        elif self.cmd == 0x13:
            for byte in a:
                self.put(byte)
        elif self.cmd is None:
            raise AssertionError("data with no command")
        else:
            self.args.extend(a)
            want = self.ARGS[self.cmd]
            if len(self.args) > want:
                raise AssertionError("command 0x%02x got %d bytes" % (self.cmd, len(self.args)))
            if len(self.args) == want:
                self.end()

    # -- the RAM -------------------------------------------------------------------------------
    def area(self):
        return self.window if self.partial else (0, self.BANKS - 1, 0, self.LINES - 1)

    def start_data(self):
        b0, b1, l0, l1 = self.area()
        if self.physical_window:
            self.bank = b0 if self.shift_right() else b1
            self.line = l1 if self.scan_up() else l0
        else:
            self.bank, self.line = b0, l0
        self.count = 0

    def shift_right(self):
        return bool(self.psr & 0x04)

    def scan_up(self):
        return bool(self.psr & 0x08)

    def put(self, byte):
        b0, b1, l0, l1 = self.area()
        if not self.physical_window:
            self.ram[self.line * self.BANKS + self.bank] = byte
            self.bank += 1
            if self.bank > b1:
                self.bank = b0
                self.line = self.line + 1 if self.line < l1 else l0
        else:  # stored as on the glass: x*16 + bank, MSB = top
            right, up = self.shift_right(), self.scan_up()
            self.ram[self.line * self.BANKS + self.bank] = byte if right else REVERSED[byte]
            self.bank += 1 if right else -1
            if not b0 <= self.bank <= b1:
                self.bank = b0 if right else b1
                self.line += -1 if up else 1
                if not l0 <= self.line <= l1:
                    self.line = l1 if up else l0
        self.count += 1

    # -- commands ------------------------------------------------------------------------------
    def end(self):
        """Applies the command being received, now that its arguments are complete."""
        cmd, args = self.cmd, bytes(self.args)
        if cmd is None:
            return
        self.cmd = None
        self.commands.append((cmd, args if cmd != 0x13 else self.count))
        if cmd == 0x00:
            self.psr = args[0]
        elif cmd == 0x50:
            self.cdi = args[0]
        elif cmd in self.LUTS:
            self.luts[cmd] = args
        elif cmd == 0x04:
            self.powered = True
            self.busy_left = self.busy_reads
        elif cmd == 0x02:
            self.powered = False
            self.busy_left = self.busy_reads
        elif cmd == 0x91:
            self.partial = True
        elif cmd == 0x92:
            self.partial = False
        elif cmd == 0x90:
            if args[0] & 7 or args[1] & 7 != 7:
                raise AssertionError("a partial window spans whole banks of 8 sources")
            lines = (args[2] << 8 | args[3], args[4] << 8 | args[5])
            if not lines[0] <= lines[1] < self.LINES or args[1] >> 3 >= self.BANKS:
                raise AssertionError("partial window %r outside the panel" % args)
            self.window = (args[0] >> 3, args[1] >> 3) + lines
        elif cmd == 0x12:
            self.refresh()
        elif cmd == 0x07:
            if args[0] == 0xA5:  # without the check code the command is ignored
                if self.powered:
                    raise AssertionError("deep sleep with the power on: POF first")
                self.sleeping = True
        else:
            self.regs[cmd] = args

    def refresh(self):
        if not self.powered:
            raise AssertionError("refresh with the power off: PON first")
        if self.psr & 0xC0 != 0x80 or not self.psr & 0x10:
            raise AssertionError("panel setting 0x%02x is not 128x296 black/white" % self.psr)
        otp = not self.psr & 0x20
        if not otp and any(r not in self.luts for r in self.LUTS):
            raise AssertionError("register waveform selected but not all five loaded")
        area = self.window if self.partial else None
        self.refreshes.append((None if otp else dict(self.luts), area))
        b0, b1, l0, l1 = self.area()
        invert = 0xFF if self.cdi & 0x10 else 0  # polarity 01: a 1 bit is white
        right, up = self.shift_right(), self.scan_up()
        ram, glass = self.ram, self.glass
        for x in range(self.LINES):
            line = self.LINES - 1 - x if up else x
            for bank in range(self.BANKS):
                if self.physical_window:
                    if not (b0 <= bank <= b1 and l0 <= x <= l1):
                        continue
                    v = ram[x * self.BANKS + bank]
                else:
                    col = bank if right else self.BANKS - 1 - bank
                    if not (b0 <= col <= b1 and l0 <= line <= l1):
                        continue
                    v = ram[line * self.BANKS + col]
                    if not right:
                        v = REVERSED[v]
                glass[x * self.BANKS + bank] = v ^ invert
        self.busy_left = self.busy_reads

    def flush(self):
        self.end()

    def ink(self, x, y):
        """Whether the glass shows ink at landscape pixel (x, y) of the Badger held normally."""
        return bool(self.glass[x * self.BANKS + (y >> 3)] >> (7 - (y & 7)) & 1)
