"""SSD1680 e-paper controller: the Waveshare Pico-ePaper-2.9 (296x128, black and white).

The sequences follow Waveshare's Pico driver (EPD_2in9 V2) and the SSD1680 datasheet;
the two waveform tables are Waveshare's panel data for this glass. What differs is how the
frame gets there: the core draws a MONO_VLSB frame (a byte is a column of 8 pixels) with
1 = ink, and this driver sends it as it is, in a few large SPI writes:
- the controller's RAM runs along the panel's 128-pixel side, 8 pixels a byte, MSB first;
  counting Y first (AM=1) with X decreasing from byte 15 puts frame byte p*296 + x at RAM
  column 15 - p, row x: exactly the landscape picture, with no Python loop over bytes;
- "Inverse RAM content" (0x21 A = 0x88) turns 1 = ink into the panel's 1 = white;
- upside down (the setting), the bits of each byte must also be reversed: one blit from an
  MONO_HMSB view to an MONO_HLSB view of a second buffer does it in C, and the counter
  then runs X up from byte 0 and Y down from 295.
Refreshes: a full refresh (both RAMs written, so the next partial has its base image), then
partial refreshes, and a full one again after `partial_limit` partials or when asked (the
core asks at round boundaries). The panel is put into deep sleep (RAM kept) after each
update and woken with a reset when the next comes. BUSY is polled with asyncio sleeps, so
the ring and the buttons run on while the panel works.
"""

import asyncio
import time

import framebuf
from micropython import const

_DRIVER_OUTPUT = const(0x01)
_GATE_VOLTAGE = const(0x03)
_SOURCE_VOLTAGE = const(0x04)
_DEEP_SLEEP = const(0x10)
_DATA_ENTRY = const(0x11)
_SW_RESET = const(0x12)
_ACTIVATE = const(0x20)
_UPDATE_1 = const(0x21)
_UPDATE_2 = const(0x22)
_WRITE_BW = const(0x24)
_WRITE_RED = const(0x26)
_VCOM = const(0x2C)
_WRITE_LUT = const(0x32)
_DISPLAY_OPTION = const(0x37)
_BORDER = const(0x3C)
_END_OPTION = const(0x3F)
_RAM_X = const(0x44)
_RAM_Y = const(0x45)
_COUNTER_X = const(0x4E)
_COUNTER_Y = const(0x4F)

WIDTH = const(296)  # the landscape frame
HEIGHT = const(128)
_BYTES = const(4736)
_LAST_ROW = const(295)
_LAST_COLUMN = const(15)  # RAM X counts bytes of 8 pixels along the 128-pixel side

_MODE_NORMAL = const(0x06)  # AM=1 (Y first), Y up, X down
_MODE_ROTATED = const(0x05)  # AM=1 (Y first), Y down, X up
_UPDATE_FULL = const(0xC7)  # clock, analog, display mode 1 with the loaded LUT, off
_UPDATE_PARTIAL = const(0x0F)  # display mode 2 with the loaded (partial) LUT
_UPDATE_POWER_ON = const(0xC0)

# Waveshare's waveforms for this panel: 153 LUT bytes, then the end option, gate voltage,
# source voltages (VSH1, VSH2, VSL) and VCOM.
FULL_LUT = bytes(
    (0x80, 0x66, 0, 0, 0, 0, 0, 0, 0x40, 0, 0, 0)
    + (0x10, 0x66, 0, 0, 0, 0, 0, 0, 0x20, 0, 0, 0)
    + (0x80, 0x66, 0, 0, 0, 0, 0, 0, 0x40, 0, 0, 0)
    + (0x10, 0x66, 0, 0, 0, 0, 0, 0, 0x20, 0, 0, 0)
    + (0,) * 12
    + (0x14, 0x08, 0, 0, 0, 0, 0x02)
    + (0x0A, 0x0A, 0, 0x0A, 0x0A, 0, 0x01)
    + (0,) * 42
    + (0x14, 0x08, 0, 0x01, 0, 0, 0x01)
    + (0, 0, 0, 0, 0, 0, 0x01)
    + (0,) * 14
    + (0x44,) * 6
    + (0, 0, 0)
    + (0x22, 0x17, 0x41, 0x00, 0x32, 0x36)
)
PARTIAL_LUT = bytes(
    (0, 0x40)
    + (0,) * 10
    + (0x80, 0x80)
    + (0,) * 10
    + (0x40, 0x40)
    + (0,) * 10
    + (0, 0x80)
    + (0,) * 10
    + (0,) * 12
    + (0x0A, 0, 0, 0, 0, 0, 0x01)
    + (0x01, 0, 0, 0, 0, 0, 0)
    + (0x01, 0, 0, 0, 0, 0, 0)
    + (0,) * 63
    + (0x22,) * 6
    + (0, 0, 0)
    + (0x22, 0x17, 0x41, 0xB0, 0x32, 0x36)
)
PARTIAL_OPTION = b"\x00\x00\x00\x00\x00\x40\x00\x00\x00\x00"


class SSD1680:
    def __init__(self, spi, cs, dc, rst, busy, partial_limit=20, chunk=1184):
        self.spi = spi
        self.cs = cs
        self.dc = dc
        self.rst = rst
        self.busy = busy
        self.partial_limit = partial_limit
        self.chunk = chunk  # bytes per SPI write: 1184 take 0.5 ms at 20 MHz, 2.4 at 4
        self.busy_timeout_ms = 5000  # a full refresh takes about 2 s
        self.rotated = False
        self.refreshes = [0, 0]  # partial, full
        self._partials = 0
        self._has_base = False  # both RAMs hold the picture on the glass
        self._lut = None  # the waveform loaded now
        self._awake = False
        self._flip = None  # the second buffer, made the first time the panel is upside down
        self._byte = bytearray(1)
        cs(1)
        rst(1)

    # -- the bus -----------------------------------------------------------------------------
    def _command(self, cmd, data=None):
        self._byte[0] = cmd
        self.dc(0)
        self.cs(0)
        self.spi.write(self._byte)
        self.cs(1)
        if data:
            self.dc(1)
            self.cs(0)
            self.spi.write(data)
            self.cs(1)

    async def _frame(self, cmd, data):
        """A RAM write in large chunks, yielding between them to the ring and buttons."""
        self._command(cmd)
        mv = memoryview(data)
        self.dc(1)
        self.cs(0)
        for i in range(0, len(mv), self.chunk):
            self.spi.write(mv[i : i + self.chunk])
            await asyncio.sleep_ms(0)
        self.cs(1)

    async def _wait(self):
        start = time.ticks_ms()
        while self.busy():
            if time.ticks_diff(time.ticks_ms(), start) > self.busy_timeout_ms:
                raise OSError("e-paper stays busy: check the BUSY wire")
            await asyncio.sleep_ms(5)

    # -- setup -------------------------------------------------------------------------------
    async def _reset(self, low_ms, settle_ms):
        self.rst(0)
        await asyncio.sleep_ms(low_ms)
        self.rst(1)
        await asyncio.sleep_ms(settle_ms)

    def _address(self):
        """Driver output, the counting mode, window and cursor for this orientation, and the
        RAM inversion (1 = ink): all of which a reset pulse puts back to power-on values."""
        self._command(_DRIVER_OUTPUT, b"\x27\x01\x00")  # 296 gate lines
        first_x, last_x = (0, _LAST_COLUMN) if self.rotated else (_LAST_COLUMN, 0)
        first_y, last_y = (_LAST_ROW, 0) if self.rotated else (0, _LAST_ROW)
        self._command(_DATA_ENTRY, bytes((_MODE_ROTATED if self.rotated else _MODE_NORMAL,)))
        self._command(_RAM_X, bytes((first_x, last_x)))
        self._command(_RAM_Y, bytes((first_y & 0xFF, first_y >> 8, last_y & 0xFF, last_y >> 8)))
        self._command(_UPDATE_1, b"\x88\x80")  # inverse BW and RED RAM; sources S8..S167
        self._command(_COUNTER_X, bytes((first_x,)))
        self._command(_COUNTER_Y, bytes((first_y & 0xFF, first_y >> 8)))

    async def _load(self, lut):
        self._command(_WRITE_LUT, lut[:153])
        await self._wait()
        self._command(_END_OPTION, lut[153:154])
        self._command(_GATE_VOLTAGE, lut[154:155])
        self._command(_SOURCE_VOLTAGE, lut[155:158])
        self._command(_VCOM, lut[158:159])
        self._lut = lut

    async def wake(self):
        """Hardware reset and init (the datasheet's power-on sequence), full waveform."""
        await self._reset(2, 50)
        await self._wait()
        self._command(_SW_RESET)
        await self._wait()
        self._address()
        await self._wait()
        await self._load(FULL_LUT)
        self._awake = True

    def sleep(self):
        """Deep sleep mode 1: the panel draws almost nothing and keeps its RAM."""
        self._command(_DEEP_SLEEP, b"\x01")
        self._awake = False

    # -- pictures ----------------------------------------------------------------------------
    def _picture(self, buf):
        if not self.rotated:
            return buf
        if self._flip is None:
            self._flip = bytearray(_BYTES)
        # Each byte's bits reversed: read as MONO_HMSB, written as MONO_HLSB (8 x 4736).
        src = framebuf.FrameBuffer(buf, 8, _BYTES, framebuf.MONO_HMSB)
        framebuf.FrameBuffer(self._flip, 8, _BYTES, framebuf.MONO_HLSB).blit(src, 0, 0)
        return self._flip

    async def show(self, buf, full=False):
        """Puts the 296x128 frame on the glass: full refresh when asked, when there is no
        base image yet, or after `partial_limit` partials; else a partial refresh."""
        if not self._awake:
            await self.wake()
        picture = self._picture(buf)
        if full or not self._has_base or self._partials >= self.partial_limit:
            await self._full(picture)
        else:
            await self._partial(picture)
        self.sleep()

    async def _full(self, picture):
        if self._lut is not FULL_LUT:  # after partials: [C7] would reuse the partial LUT
            await self._load(FULL_LUT)
        self._address()
        await self._frame(_WRITE_BW, picture)
        self._address()
        await self._frame(_WRITE_RED, picture)  # the base image for the partials after
        self._command(_UPDATE_2, bytes((_UPDATE_FULL,)))
        self._command(_ACTIVATE)
        await self._wait()
        self._partials = 0
        self._has_base = True
        self.refreshes[1] += 1

    async def _partial(self, picture):
        await self._reset(2, 2)
        await self._load(PARTIAL_LUT)
        self._command(_DISPLAY_OPTION, PARTIAL_OPTION)
        self._command(_BORDER, b"\x80")
        self._command(_UPDATE_2, bytes((_UPDATE_POWER_ON,)))
        self._command(_ACTIVATE)
        await self._wait()
        self._address()
        await self._frame(_WRITE_BW, picture)
        self._command(_UPDATE_2, bytes((_UPDATE_PARTIAL,)))
        self._command(_ACTIVATE)
        await self._wait()
        self._partials += 1
        self.refreshes[0] += 1

    def set_rotated(self, rotated):
        if rotated != self.rotated:
            self.rotated = rotated
            self._has_base = False  # the next update is a full one, the other way up
