"""SSD1680 e-paper controller: the Waveshare Pico-ePaper-2.9 (296x128, black and white).

Driven the way Waveshare's own landscape driver drives this panel (Pico_ePaper_Code,
python/Pico_ePaper-2.9.py, class EPD_2in9_Landscape), with Waveshare's waveforms for it:
- the core draws a MONO_VLSB frame (a byte is a column of 8 pixels, bit 0 at the top),
  1 = ink. Data entry 0x11 [07] (Y first, X and Y counting up), window X 0..15 and
  Y 0..295, cursor (0, 0); the frame's 16 pages (8 rows, 296 bytes each) go out last
  page first, one SPI write a page straight from the frame, so no Python loop over bytes:
  page p fills RAM byte column 15 - p, a byte a gate line. That is Waveshare's order;
- "Inverse RAM content" for both RAMs (0x21 [88 80]) turns 1 = ink into the panel's
  1 = white (Waveshare sends 1 = white with [00 80]): the same picture on the glass;
- upside down (the setting): data entry 0x05 (Y first, X up, Y down from 295), and each
  byte's bits reversed into a second buffer by framebuf blits (MONO_HMSB read, MONO_HLSB
  written), a page at a time with a yield between, then sent first page first.
The bus, the BUSY wait (high while busy), the reset and the refresh bookkeeping are
the base class's (epaper.py); the sequences here are Waveshare's:
- wake(), as Waveshare's init(): a reset, the soft reset 0x12, the counting mode, window
  and RAM inversion;
- full: wake(), then display_Base(): the full waveform, the frame into both RAMs, [C7].
  After one that was asked for, deep sleep mode 1 (RAM kept);
- partial, as display_Partial(): an RST pulse (no 0x12: the RAMs and the picture stay),
  or wake() when the panel was asleep; the partial waveform, 0x37, 0x3C, power on [C0],
  the frame into BW RAM, [0F]. Then the same frame into both RAMs again, as GxEPD2 does
  (writeImageAgain), so the next partial compares against what the glass shows. The
  panel stays awake between partials.
"""

import asyncio

import framebuf
from micropython import const

from hw.epaper import EPaper

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

_BYTES = const(4736)
_PAGE = const(296)  # a page (8 rows): a RAM byte column, one SPI write (0.6 ms at 4 MHz)
_PAGES = const(16)
_LAST_ROW = const(295)

# Data entry: AM=1 (the address counter runs along Y, the 296 gate lines, first).
_MODE_NORMAL = const(b"\x07")  # X up, Y up: Waveshare's landscape mode
_MODE_TURNED = const(b"\x05")  # X up, Y down
_INVERT_RAMS = const(b"\x88\x80")  # BW and RED RAM inverted; sources S8..S167 (Waveshare)
_UPDATE_FULL = const(b"\xc7")  # clock, analog, display mode 1 with the loaded LUT, off
_UPDATE_POWER_ON = const(b"\xc0")  # clock and analog on
_UPDATE_PARTIAL = const(b"\x0f")  # display mode 2 with the loaded LUT, then off
_BORDER_PARTIAL = const(b"\x80")
_OPTION_PARTIAL = const(b"\x00\x00\x00\x00\x00\x40\x00\x00\x00\x00")

# Waveshare's waveforms for this panel (WS_20_30 and WF_PARTIAL_2IN9): 153 LUT bytes,
# then the end option, gate voltage, source voltages (VSH1, VSH2, VSL) and VCOM.
_FULL_LUT = const(
    b"\x80\x66\x00\x00\x00\x00\x00\x00\x40\x00\x00\x00"
    b"\x10\x66\x00\x00\x00\x00\x00\x00\x20\x00\x00\x00"
    b"\x80\x66\x00\x00\x00\x00\x00\x00\x40\x00\x00\x00"
    b"\x10\x66\x00\x00\x00\x00\x00\x00\x20\x00\x00\x00"
    b"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
    b"\x14\x08\x00\x00\x00\x00\x02"
    b"\x0a\x0a\x00\x0a\x0a\x00\x01"
    b"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
    b"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
    b"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
    b"\x14\x08\x00\x01\x00\x00\x01"
    b"\x00\x00\x00\x00\x00\x00\x01"
    b"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
    b"\x44\x44\x44\x44\x44\x44\x00\x00\x00"
    b"\x22\x17\x41\x00\x32\x36"
)
_PARTIAL_LUT = const(
    b"\x00\x40\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
    b"\x80\x80\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
    b"\x40\x40\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
    b"\x00\x80\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
    b"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
    b"\x0a\x00\x00\x00\x00\x00\x01"
    b"\x01\x00\x00\x00\x00\x00\x00"
    b"\x01\x00\x00\x00\x00\x00\x00"
    b"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
    b"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
    b"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
    b"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
    b"\x00\x00\x00\x00\x00\x00\x00"
    b"\x22\x22\x22\x22\x22\x22\x00\x00\x00"
    b"\x22\x17\x41\xb0\x32\x36"
)


class SSD1680(EPaper):
    _BUSY = 1  # BUSY is high while the panel works
    _SLEEP = (_DEEP_SLEEP, b"\x01")  # mode 1: the RAM is kept

    def __init__(self, spi, cs, dc, rst, busy, partial_limit=20):
        # A full refresh takes about 2 s.
        super().__init__(spi, cs, dc, rst, busy, partial_limit, 5000)
        self._flip = None  # the second buffer, made the first time the panel is upside down

    # -- the RAM -----------------------------------------------------------------------------
    async def _frame(self, code, buf):
        """The picture into one RAM (`code` writes it) from the window's start: 16 writes
        of a page (296 bytes, 0.6 ms at the vendors' 4 MHz), yielding between them to the
        ring and the buttons."""
        self._command(_COUNTER_X, b"\x00")
        self._command(_COUNTER_Y, b"\x27\x01" if self.rotated else b"\x00\x00")
        self._command(code)
        mv = memoryview(buf)
        self.dc(1)
        self.cs(0)
        for p in range(_PAGES):
            if not self.rotated:
                p = _PAGES - 1 - p  # last page first: page 15 is RAM byte column 0
            self.spi.write(mv[p * _PAGE : p * _PAGE + _PAGE])
            await asyncio.sleep_ms(0)
        self.cs(1)

    # -- setup -------------------------------------------------------------------------------
    def _address(self):
        """Driver output, the counting mode and window for this orientation, and the RAM
        inversion (1 = ink): a reset pulse may put them back to their power-on values."""
        self._command(_DRIVER_OUTPUT, b"\x27\x01\x00")  # 296 gate lines
        self._command(_DATA_ENTRY, _MODE_TURNED if self.rotated else _MODE_NORMAL)
        self._command(_RAM_X, b"\x00\x0f")  # RAM bytes 0..15 along the 128-pixel side
        self._command(_RAM_Y, b"\x27\x01\x00\x00" if self.rotated else b"\x00\x00\x27\x01")
        self._command(_UPDATE_1, _INVERT_RAMS)

    async def wake(self):
        """Waveshare's init(): a reset, 50 ms to settle (the datasheet's power-on
        sequence), the soft reset, and the addressing; the panel is left awake, ready for
        a waveform and a frame."""
        await self._reset(2, 50)
        self._command(_SW_RESET)
        await self._wait()
        self._address()
        self._awake = True

    async def _load(self, table):
        mv = memoryview(table)
        self._command(_WRITE_LUT, mv[:153])
        await self._wait()
        self._command(_END_OPTION, mv[153:154])
        self._command(_GATE_VOLTAGE, mv[154:155])
        self._command(_SOURCE_VOLTAGE, mv[155:158])
        self._command(_VCOM, mv[158:159])

    # -- pictures ----------------------------------------------------------------------------
    async def _picture(self, buf):
        if not self.rotated:
            return buf
        if self._flip is None:
            self._flip = bytearray(_BYTES)
        # Each byte's bits reversed: read as MONO_HMSB (8 x 4736), written as MONO_HLSB,
        # a page (296 rows) at a time.
        src = framebuf.FrameBuffer(buf, 8, _BYTES, framebuf.MONO_HMSB)
        mv = memoryview(self._flip)
        for p in range(_PAGES):
            page = mv[p * _PAGE : p * _PAGE + _PAGE]
            framebuf.FrameBuffer(page, 8, _PAGE, framebuf.MONO_HLSB).blit(src, 0, -p * _PAGE)
            await asyncio.sleep_ms(0)
        return self._flip

    async def update(self, buf, full):
        if full or self._awake is None:
            await self.wake()
        else:
            await self._reset(2, 2)  # Waveshare's partial: a pulse, no soft reset
            self._address()
        if full:
            await self._load(_FULL_LUT)
            await self._frame(_WRITE_BW, buf)
            await self._frame(_WRITE_RED, buf)  # the base for the partials after
            self._command(_UPDATE_2, _UPDATE_FULL)
            self._command(_ACTIVATE)
            self._refreshing()
            await self._wait()
        else:
            await self._load(_PARTIAL_LUT)
            self._command(_DISPLAY_OPTION, _OPTION_PARTIAL)
            self._command(_BORDER, _BORDER_PARTIAL)
            self._command(_UPDATE_2, _UPDATE_POWER_ON)
            self._command(_ACTIVATE)
            await self._wait()
            await self._frame(_WRITE_BW, buf)
            self._command(_UPDATE_2, _UPDATE_PARTIAL)
            self._command(_ACTIVATE)
            self._refreshing()
            await self._wait()
            # What the glass now shows, into both RAMs: the old image of the next one.
            await self._frame(_WRITE_RED, buf)
            await self._frame(_WRITE_BW, buf)
