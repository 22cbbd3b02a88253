"""What the two e-paper drivers share, split as Adafruit's EPD library splits it: a base
class holds the bus, the BUSY wait, the hardware reset and the refresh bookkeeping; each
controller (ssd1680.py, uc8151.py) supplies only its sequences: wake() (reset and init),
_picture() (the core's frame in its RAM order), update() (one refresh, full or partial,
as Adafruit's subclasses supply update(); callers use show(), which keeps the counts),
its deep sleep command (_SLEEP) and the level BUSY has while the panel works (_BUSY).

The frame is the core's: 296x128, MONO_VLSB, 1 = ink.
Refreshes: a full one when asked (the core asks at round boundaries and before idle
sleep), the first time, after turning, and after `partial_limit` partials; else a partial
one, the controller's quick kind. After one that was asked for, the panel goes into deep
sleep, since nothing may come for minutes. `refreshes` counts partial, full, given up.
BUSY is polled with asyncio sleeps, so the ring, the buttons and the watchdog's feed run
on while the panel works. A wait that outlasts `busy_timeout_ms` gets one more, twice as
long (a cold panel is slow); then the update is given up (counted in refreshes[2]) and
show() returns: the error stays here (raised into the shell's loop it would reset the board,
into the same wait), and the next update starts afresh with a reset and a full refresh.
show() calls its `sent` once the picture has gone to the panel and its refresh has begun
(_refreshing): the shell writes its saves then, while the glass changes on its own, not
before the frame's first byte.
"""

import asyncio
import time

from micropython import const

_FRESH = const(1 << 20)  # as partials go: the next update must be a full one


class EPaper:
    # A controller's class sets _BUSY, the level of BUSY while the panel works, and
    # _SLEEP, its deep sleep command and argument; and _HOLD_CS if its vendor holds CS
    # low across a command and its arguments.
    _HOLD_CS = False

    def __init__(self, spi, cs, dc, rst, busy, partial_limit, busy_timeout_ms):
        self.spi = spi
        self.cs = cs
        self.dc = dc
        self.rst = rst
        self.busy = busy
        self.partial_limit = partial_limit
        self.busy_timeout_ms = busy_timeout_ms
        self.rotated = False
        self.refreshes = [0, 0, 0]  # partial, full, given up (BUSY stuck)
        self._partials = _FRESH  # partials since the last full refresh
        self._awake = None  # the controller's setup in the panel; None: asleep, or unknown
        self._byte = bytearray(1)
        self._sent = None  # show()'s, until the refresh of its picture begins
        cs(1)
        rst(1)

    # -- the bus -----------------------------------------------------------------------------
    def _command(self, code, data=None):
        """A command code (DC low), then its arguments (DC high). Each vendor frames them
        its own way, and each is followed here: Waveshare gives the code and the arguments
        a CS frame each (send_command, send_data); Pimoroni's uc8151 driver holds CS low
        across both (_HOLD_CS)."""
        self._byte[0] = code
        self.dc(0)
        self.cs(0)
        self.spi.write(self._byte)
        if data:
            if not self._HOLD_CS:
                self.cs(1)
            self.dc(1)
            if not self._HOLD_CS:
                self.cs(0)
            self.spi.write(data)
        self.cs(1)

    async def _wait(self):
        """Until the panel releases BUSY: `busy_timeout_ms`, then once more for twice as
        long; OSError if it is still busy after that."""
        limit = self.busy_timeout_ms
        longer = False
        start = time.ticks_ms()
        while self.busy() == self._BUSY:
            if time.ticks_diff(time.ticks_ms(), start) > limit:
                if longer:
                    raise OSError("e-paper stays busy: check the BUSY wire")
                longer = True
                limit *= 3  # from the start: once more, for twice as long
            await asyncio.sleep_ms(5)

    async def _reset(self, low, settle):
        """A hardware reset pulse (RST low `low` ms), `settle` ms, then BUSY."""
        self.rst(0)
        await asyncio.sleep_ms(low)
        self.rst(1)
        await asyncio.sleep_ms(settle)
        await self._wait()

    def _refreshing(self):
        """The controller's update() calls this as the refresh that puts the picture on
        the glass begins (its bytes all sent): show()'s `sent`, once."""
        sent, self._sent = self._sent, None
        if sent is not None:
            sent()

    def sleep(self):
        """Deep sleep: the panel draws almost nothing and the glass keeps its picture; only
        a reset wakes it. Nothing is sent to a panel that sleeps already."""
        if self._awake is not None:
            self._command(*self._SLEEP)
            self._awake = None

    # -- refreshes ---------------------------------------------------------------------------
    async def show(self, buf, full=False, sent=None):
        """Puts the 296x128 frame on the glass: a full refresh when asked, the first time,
        after turning, or after `partial_limit` partials; else a partial one. `sent`, if
        given, is called once the refresh of the picture has begun (_refreshing)."""
        self._sent = sent
        picture = await self._picture(buf)
        asked = full
        full = full or self._partials >= self.partial_limit
        try:
            await self.update(picture, full)
        except BaseException as e:
            self._sent = None
            self._awake = None  # the panel's state is unknown: a reset and a full next
            self._partials = _FRESH
            if not isinstance(e, OSError):
                raise  # cancelled: not the panel's fault
            self.refreshes[2] += 1  # BUSY stuck: the game plays on, the next update retries
            return
        if full:
            self._partials = 0
            self.refreshes[1] += 1
        else:
            self._partials += 1
            self.refreshes[0] += 1
        if asked:
            self.sleep()  # a round boundary, or idle: nothing may come for minutes

    def set_rotated(self, rotated):
        rotated = bool(rotated)
        if rotated != self.rotated:
            self.rotated = rotated
            self._partials = _FRESH  # the next update is a full one, the other way up
