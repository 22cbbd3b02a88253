"""UC8151 e-paper controller: the Pimoroni Badger 2040 W's 2.9" panel (296x128, black/white).

The command sequence follows Pimoroni's driver (pimoroni-pico drivers/uc8151): its setup
order and values, power on and off around each refresh, and its waveform timings for the
four speeds. What differs is how the frame gets there. The core draws a MONO_VLSB frame
(a byte is a column of 8 pixels, bit 0 at the top) with 1 = ink:
- the RAM holds 296 gate lines of 128 source pixels (16 bytes, MSB first). With Pimoroni's
  scan directions (source shift right, gate scan down) line g shows at x = g and source s
  at y = s, top left first: that is how Pimoroni's buffer (byte x*16 + y/8) lands upright;
- one 8-pixel strip of the frame (296 bytes) is exactly what a partial window one bank of
  8 sources wide and 296 lines long takes, a byte a line: so the frame goes out as 16
  windowed RAM writes, each a plain slice of it, with no transposing and no Python loop
  over bytes;
- the RAM wants the top pixel of a byte in the MSB, VLSB has it in bit 0: upright, one C
  blit a strip reverses the bits (a MONO_HMSB view copied into a MONO_HLSB one). Upside
  down (the setting), the gate scan runs the other way (PSR UD) and strip p goes to bank
  15 - p: the frame's own bit order is then the right one, so that costs nothing;
- the source shift (PSR SHL) stays as Pimoroni has it: flipped, no reference says whether
  a window counts sources in RAM order or on the glass; kept, both readings agree (and
  every window spans all 296 lines), so the picture depends on neither;
- CDI data polarity 00 (Pimoroni's "not inverted" value): 1 is black, the frame as drawn.
Refreshes: every update wakes the panel from deep sleep (reset, setup at that update's
speed), powers it on, sends the frame, refreshes the whole glass, powers off and sleeps
again. Pimoroni's waveforms drive each pixel by its new value alone, so no old picture is
kept anywhere; a "partial" update is a quick whole-screen one at `speed` (2, fast, about
0.9 s; 3, turbo, about 0.26 s, ghosts), a full one runs at `full_speed` (0, the panel's own
temperature-compensated waveform, about 4.5 s): when asked, the first time, after turning,
and after `partial_limit` partials. BUSY (low = busy) is polled with asyncio sleeps, so the
buttons run on while the panel works.
"""

import asyncio
import time

import framebuf
from micropython import const

_PSR = const(0x00)
_PWR = const(0x01)
_POF = const(0x02)
_PFS = const(0x03)
_PON = const(0x04)
_BTST = const(0x06)
_DSLP = const(0x07)
_DSP = const(0x11)
_DRF = const(0x12)
_DTM2 = const(0x13)
_LUT_VCOM = const(0x20)  # then LUT_WW 0x21, LUT_BW 0x22, LUT_WB 0x23, LUT_BB 0x24
_PLL = const(0x30)
_TSE = const(0x41)
_CDI = const(0x50)
_TCON = const(0x60)
_PTL = const(0x90)
_PTIN = const(0x91)
_PTOU = const(0x92)

WIDTH = const(296)  # the landscape frame
HEIGHT = const(128)
_BYTES = const(4736)
_STRIP = const(296)  # bytes in one 8-pixel strip of the frame: one byte per gate line
_STRIPS = const(16)

# PSR: 128x296, black/white, source shift right, booster on, no soft reset (Pimoroni's).
_PSR_BASE = const(0x97)
_PSR_REG_LUT = const(0x20)  # the waveform from the LUT registers, not the panel's OTP
_PSR_SCAN_UP = const(0x08)  # gate scan reversed: with strips reordered, turned 180 degrees

# Pimoroni's setup values: internal VDS/VDG, VCOM_VD and VGH/VGL 16 V, VDH = VDL = VDHR
# = 0b101011; booster soft start 10 ms, strength 3, off time 6.58 us on all three phases;
# one power-off frame; the internal temperature sensor; TCON 0x22; CDI 0x4C (border
# 01, data polarity 00: 1 = black, 10 hsync); PLL 100 Hz (Pimoroni's fast and turbo
# tables set 200 Hz, but its setup then sends 100 Hz after them: 100 Hz is what runs).
_POWER = b"\x03\x00\x2b\x2b\x2b"
_BOOSTER = b"\x17\x17\x17"
_ONE_FRAME = b"\x00"
_INTERNAL_SENSOR = b"\x00"
_TCON_VALUE = b"\x22"
_CDI_VALUE = b"\x4c"
_PLL_100HZ = b"\x3a"
_CHECK = b"\xa5"  # deep sleep check code

# Pimoroni's waveforms for this panel (pimoroni-pico drivers/uc8151/uc8151.cpp,
# medium_luts, fast_luts, turbo_luts). Each table is 7 phases of [pattern, 4 frame counts,
# repeat], only the first three used; all five tables of a speed share one timing, which
# is stored here per speed (3 phases x 5 bytes). Patterns: VCOM stays at DC; WW and BW
# end white (0x54, 0x60, 0xA8), WB and BB end black (0xA8, 0x60, 0x54): a pixel's waveform
# depends on its new value only. At 100 Hz: medium 2.5 s, fast 0.93 s, turbo 0.26 s.
_TIMING = (
    None,  # speed 0: the panel's own waveform (PSR selects OTP)
    b"\x16\x16\x0d\x00\x01\x23\x23\x00\x00\x02\x16\x16\x0d\x00\x01",
    b"\x04\x04\x07\x00\x01\x0c\x0c\x00\x00\x02\x04\x04\x07\x00\x02",
    b"\x01\x01\x02\x00\x01\x02\x02\x00\x00\x02\x02\x02\x03\x00\x02",
)
_PATTERNS = b"\x00\x00\x00\x54\x60\xa8\x54\x60\xa8\xa8\x60\x54\xa8\x60\x54"  # VCOM WW BW WB BB


class UC8151:
    def __init__(self, spi, cs, dc, rst, busy, partial_limit=20, speed=2, full_speed=0):
        self.spi = spi
        self.cs = cs
        self.dc = dc
        self.rst = rst
        self.busy = busy
        self.partial_limit = partial_limit
        self.speed = speed  # in-round updates: 0 normal, 1 medium, 2 fast, 3 turbo
        self.full_speed = full_speed  # full refreshes
        self.busy_timeout_ms = 10000  # a normal (speed 0) refresh takes about 4.5 s
        self.rotated = False
        self.refreshes = [0, 0]  # partial, full
        self._partials = 0
        self._fresh = True  # the next update is a full one (first, or turned)
        self._awake = None  # (speed, rotated) of the setup in the panel, None asleep
        self._byte = bytearray(1)
        self._arg = bytearray(1)
        self._lut = bytearray(44)  # one waveform table at a time; phases 3-6 stay zero
        # PTL: banks HRST..HRED (set per strip), lines 0..295, scan inside and outside.
        self._window = bytearray(b"\x00\x07\x00\x00\x01\x27\x01")
        self._strip = bytearray(_STRIP)  # one strip with its bits reversed (upright)
        self._strip_fb = framebuf.FrameBuffer(self._strip, 8, _STRIP, framebuf.MONO_HLSB)
        self._src = None  # the frame seen as MONO_HMSB, 8 x 4736, kept for the same buffer
        self._src_buf = None
        cs(1)
        rst(1)

    # -- the bus -----------------------------------------------------------------------------
    def _command(self, cmd, data=None):
        self._byte[0] = cmd
        self.cs(0)
        self.dc(0)
        self.spi.write(self._byte)
        if data is not None:
            self.dc(1)
            self.spi.write(data)
        self.cs(1)

    async def _wait(self):
        start = time.ticks_ms()
        while not self.busy():  # BUSY is low while the panel works
            if time.ticks_diff(time.ticks_ms(), start) > self.busy_timeout_ms:
                raise OSError("e-paper stays busy: check the BUSY wire")
            await asyncio.sleep_ms(5)

    # -- setup -------------------------------------------------------------------------------
    def _load_luts(self, speed):
        timing = memoryview(_TIMING[speed])
        table = self._lut
        for reg in range(5):
            for phase in range(3):
                at = phase * 6
                table[at] = _PATTERNS[reg * 3 + phase]
                table[at + 1 : at + 6] = timing[phase * 5 : phase * 5 + 5]
            self._command(_LUT_VCOM + reg, memoryview(table)[: 44 if reg == 0 else 42])

    async def wake(self, speed=None):
        """Hardware reset and Pimoroni's setup at `speed` (default `full_speed`), in its
        order; the panel is left powered off and awake, ready for an update."""
        if speed is None:
            speed = self.full_speed
        if not 0 <= speed <= 3:
            raise ValueError("speed is 0 (normal) to 3 (turbo)")
        rotated = self.rotated
        self.rst(0)
        await asyncio.sleep_ms(10)
        self.rst(1)
        await asyncio.sleep_ms(10)
        await self._wait()
        psr = _PSR_BASE | (_PSR_SCAN_UP if rotated else 0) | (_PSR_REG_LUT if speed else 0)
        self._arg[0] = psr
        self._command(_PSR, self._arg)
        if speed:
            self._load_luts(speed)
        self._command(_PWR, _POWER)
        self._command(_PON)
        await self._wait()
        self._command(_BTST, _BOOSTER)
        self._command(_PFS, _ONE_FRAME)
        self._command(_TSE, _INTERNAL_SENSOR)
        self._command(_TCON, _TCON_VALUE)
        self._command(_CDI, _CDI_VALUE)
        self._command(_PLL, _PLL_100HZ)
        self._command(_POF)
        await self._wait()
        self._awake = (speed, rotated)

    def sleep(self):
        """Deep sleep: the panel draws almost nothing until the next reset (the glass keeps
        its picture). Sent with the power off, as the update leaves it."""
        if self._awake is not None:
            self._command(_DSLP, _CHECK)
            self._awake = None

    # -- pictures ----------------------------------------------------------------------------
    async def show(self, buf, full=False):
        """Puts the 296x128 frame on the glass: a full refresh when asked, the first time,
        after turning, or after `partial_limit` partials; else a quick one at `speed`."""
        if len(buf) != _BYTES:
            raise ValueError("the frame is 4736 bytes (296x128, MONO_VLSB)")
        full = full or self._fresh or self._partials >= self.partial_limit
        speed = self.full_speed if full else self.speed
        try:
            if self._awake != (speed, self.rotated):
                await self.wake(speed)
            self._command(_PON)
            await self._wait()
            await self._send(buf, self._awake[1])
            self._command(_DRF)  # out of partial mode: the whole glass
            await self._wait()
            self._command(_POF)
            await self._wait()
        except BaseException:  # a stuck BUSY, or the task cancelled: start over next time
            self._awake = None
            raise
        self.sleep()
        if full:
            self._fresh = False
            self._partials = 0
            self.refreshes[1] += 1
        else:
            self._partials += 1
            self.refreshes[0] += 1

    async def _send(self, buf, rotated):
        """The frame into RAM strip by strip, through a window one bank wide and all 296
        lines long, yielding between strips."""
        mv = memoryview(buf)
        window = self._window
        if not rotated and self._src_buf is not buf:
            self._src = framebuf.FrameBuffer(buf, 8, _BYTES, framebuf.MONO_HMSB)
            self._src_buf = buf
        self._command(_PTIN)
        for p in range(_STRIPS):
            if rotated:
                bank = _STRIPS - 1 - p
                data = mv[p * _STRIP : (p + 1) * _STRIP]
            else:
                bank = p
                self._strip_fb.blit(self._src, 0, -p * _STRIP)  # rows 296p.. of 8x4736
                data = self._strip
            window[0] = bank << 3
            window[1] = bank << 3 | 7
            self._command(_PTL, window)
            self._command(_DTM2, data)
            self._command(_DSP)
            await asyncio.sleep_ms(0)
        self._command(_PTOU)

    def set_rotated(self, rotated):
        rotated = bool(rotated)
        if rotated != self.rotated:
            self.rotated = rotated
            self._fresh = True  # the next update is a full one, the other way up
