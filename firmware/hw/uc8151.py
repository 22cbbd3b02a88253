"""UC8151 e-paper controller: the Pimoroni Badger 2040 W's 2.9" panel (296x128, black/white).

Driven as Pimoroni's own driver drives it (pimoroni-pico drivers/uc8151/uc8151.cpp): its
setup order and values, its CDI setting (0x9C: data polarity 01, a 1 bit is white, as
Pimoroni's `inverted` default has it), its waveforms for the four speeds, power on and off
around each refresh, and update(): partial mode off, the whole frame in one DTM2 transfer
(4736 bytes, 3.2 ms at 12 MHz), data stop, refresh.
The frame goes over in Pimoroni's byte order. The core draws MONO_VLSB (a byte is a
column of 8 pixels, bit 0 at the top, pages of 296 bytes) with 1 = ink; Pimoroni's buffer
(PicoGraphics_Pen1BitY) has byte x*16 + y/8, the top pixel in the MSB, 1 = white. That is
a MONO_HLSB frame 128 wide and 296 tall, with the picture's x down it: one page of the
frame, seen as MONO_HMSB 8 x 296, blits into it at column 8p already transposed, and a
two-entry palette inverts it on the way. So 16 C blits (a yield between them) fill a
second 4736-byte buffer, allocated once with the driver; no Python loop over bytes.
Upside down (the setting), Pimoroni's ROTATE_180: gate scan up and source shift left
(PSR), the same buffer.
The bus, the BUSY wait (low while busy), the reset and the refresh bookkeeping are
the base class's (epaper.py). Every update wakes the panel from deep sleep (reset, setup
at that update's speed), powers it on, sends the frame, refreshes the whole glass, powers
off and sleeps again. Pimoroni's waveforms drive each pixel by its new value alone, so no
old picture is kept anywhere; a "partial" update is a quick whole-screen one at `speed`
(2, fast, about 0.9 s; 3, turbo, about 0.26 s, ghosts), a full one runs at `full_speed`
(0, the panel's own temperature-compensated waveform, about 4.5 s).
"""

import asyncio

import framebuf
from micropython import const

from hw.epaper import EPaper

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
_PTOU = const(0x92)

_BYTES = const(4736)
_PAGE = const(296)  # bytes in one page of the frame (8 rows): one byte per gate line
_PAGES = const(16)

# PSR: 128x296, black/white, gate scan down, source shift right, booster on, no soft
# reset (Pimoroni's); turned 180 degrees, gate scan up and source shift left (ROTATE_180).
_PSR_BASE = const(0x97)
_PSR_REG_LUT = const(0x20)  # the waveform from the LUT registers, not the panel's OTP
_PSR_TURNED = const(0x0C)  # XOR: SCAN_UP set, SHIFT_RIGHT cleared

# Pimoroni's setup values: internal VDS/VDG, VCOM_VD and VGH/VGL 16 V, VDH = VDL = VDHR
# = 0b101011; booster soft start 10 ms, strength 3, off time 6.58 us on all three phases;
# one power-off frame; the internal temperature sensor; TCON 0x22; CDI 0x9C (border 10,
# data polarity 01: a 1 bit is white, CDI 12 hsync: Pimoroni's `inverted` setting, the
# one its driver runs with); PLL 100 Hz (Pimoroni's fast and turbo tables set 200 Hz, but
# its setup then sends 100 Hz after them: 100 Hz is what runs).
_POWER = const(b"\x03\x00\x2b\x2b\x2b")
_BOOSTER = const(b"\x17\x17\x17")
_ONE_FRAME = const(b"\x00")
_INTERNAL_SENSOR = const(b"\x00")
_TCON_VALUE = const(b"\x22")
_CDI_VALUE = const(b"\x9c")
_PLL_100HZ = const(b"\x3a")
_CHECK = const(b"\xa5")  # deep sleep check code

# Pimoroni's waveforms for this panel (pimoroni-pico drivers/uc8151/uc8151.cpp,
# medium_luts, fast_luts, turbo_luts). Each table is 7 phases of [pattern, 4 frame counts,
# repeat], only the first three used; all five tables of a speed share one timing, which
# is stored here per speed (3 phases x 5 bytes). Patterns: VCOM stays at DC; WW and BW
# end white (0x54, 0x60, 0xA8), WB and BB end black (0xA8, 0x60, 0x54): a pixel's waveform
# depends on its new value only. At 100 Hz: medium 2.5 s, fast 0.93 s, turbo 0.26 s.
_TIMING = const(
    (
        None,  # speed 0: the panel's own waveform (PSR selects OTP)
        b"\x16\x16\x0d\x00\x01\x23\x23\x00\x00\x02\x16\x16\x0d\x00\x01",
        b"\x04\x04\x07\x00\x01\x0c\x0c\x00\x00\x02\x04\x04\x07\x00\x02",
        b"\x01\x01\x02\x00\x01\x02\x02\x00\x00\x02\x02\x02\x03\x00\x02",
    )
)
# The three phase patterns of VCOM, WW, BW, WB and BB, in that order.
_PATTERNS = const(b"\x00\x00\x00\x54\x60\xa8\x54\x60\xa8\xa8\x60\x54\xa8\x60\x54")


class UC8151(EPaper):
    _BUSY = 0  # BUSY is low while the panel works
    _HOLD_CS = True  # as Pimoroni's uc8151.cpp command(): CS low for code and data
    _SLEEP = (_DSLP, _CHECK)  # sent with the power off, as wake() and an update leave it

    def __init__(self, spi, cs, dc, rst, busy, partial_limit=20, speed=2, full_speed=0):
        # A normal (speed 0) refresh takes about 4.5 s.
        super().__init__(spi, cs, dc, rst, busy, partial_limit, 6000)
        self.speed = speed  # in-round updates: 0 normal, 1 medium, 2 fast, 3 turbo
        self.full_speed = full_speed  # full refreshes
        self._arg = bytearray(1)
        self._lut = bytearray(44)  # one waveform table at a time; phases 3-6 stay zero
        # The frame in Pimoroni's order, made once: 296 lines of 16 bytes, MSB on top.
        self._buf = bytearray(_BYTES)
        self._fb = framebuf.FrameBuffer(self._buf, 128, 296, framebuf.MONO_HLSB)
        self._palette = framebuf.FrameBuffer(bytearray(1), 2, 1, framebuf.MONO_HLSB)
        self._palette.pixel(0, 0, 1)  # 0 -> 1, 1 -> 0: ink becomes Pimoroni's 0 = black

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
        await self._reset(10, 10)
        psr = (_PSR_BASE ^ (_PSR_TURNED if rotated else 0)) | (_PSR_REG_LUT if speed else 0)
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
        self._awake = (speed, rotated)  # another speed, or turned: woken again

    # -- pictures ----------------------------------------------------------------------------
    async def _picture(self, buf):
        if len(buf) != _BYTES:
            raise ValueError("the frame is 4736 bytes (296x128, MONO_VLSB)")
        mv = memoryview(buf)
        for p in range(_PAGES):  # page p (8 rows, 8 x 296 as MONO_HMSB) to columns 8p..
            page = framebuf.FrameBuffer(
                mv[p * _PAGE : p * _PAGE + _PAGE], 8, _PAGE, framebuf.MONO_HMSB
            )
            self._fb.blit(page, 8 * p, 0, -1, self._palette)
            await asyncio.sleep_ms(0)
        return self._buf

    async def update(self, buf, full):
        speed = self.full_speed if full else self.speed
        if self._awake != (speed, self.rotated):
            await self.wake(speed)
        self._command(_PON)
        await self._wait()
        self._command(_PTOU)  # partial mode off: the whole RAM, as Pimoroni's update()
        self._command(_DTM2, buf)
        self._command(_DSP)
        self._command(_DRF)
        self._refreshing()
        await self._wait()
        self._command(_POF)
        await self._wait()
        self.sleep()  # every update, asked for or not: the next one wakes the panel anyway
