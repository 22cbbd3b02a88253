"""The asyncio loop that runs a Device on a board (and in `make sim`).

One task polls the buttons every 10 ms (sooner when the core names a deadline, so the end
of the sand sounds on time), one drives the ring at a steady frame rate on absolute
deadlines, one refreshes the e-ink when the core asks; a slow refresh never blocks the
other two, because the display driver yields while the panel is busy. On a board with
Wi-Fi one more runs the phones' network (net.phones.Net.run), which never blocks them either.
"""

import asyncio

from micropython import const

import ticks
from shell import POLL_MS, now

_FRAME_MS = const(40)  # 25 ring frames a second


async def _buttons(dev):
    while True:
        t = now()
        dev.poll(t)
        dev.board.feed()
        await asyncio.sleep_ms(dev.sleep_ms(t))


async def _ring(dev):
    deadline = now()
    while True:
        dev.board.show_ring(dev.ring_frame(deadline))
        deadline = ticks.add(deadline, _FRAME_MS)
        late = ticks.diff(now(), deadline)
        if late > _FRAME_MS:  # fell behind (a blocking flash write): skip frames, and let
            deadline = now()  # the buttons and the watchdog's feed have their turn first
        await asyncio.sleep_ms(max(0, -late))


async def _display(dev):
    while True:
        want = dev.render()
        if want:
            await dev.board.show(dev.gfx.buf, want == 2)
            dev.sleep_if_asked()
        else:
            await asyncio.sleep_ms(POLL_MS)


async def _main(dev, failed):
    tasks = [asyncio.create_task(_buttons(dev)), asyncio.create_task(_display(dev))]
    if dev.board.parts.get("ring"):
        tasks.append(asyncio.create_task(_ring(dev)))
    net = getattr(dev, "net", None)
    if net is not None:  # a board with Wi-Fi: the phones' network and server (firmware/net)
        tasks.append(asyncio.create_task(net.run()))
    stop = asyncio.create_task(dev.board.until_stopped())
    tasks.append(stop)
    while not stop.done() and not failed:
        await asyncio.sleep_ms(50)
    for t in tasks:  # all of them: asyncio's loop outlives this run
        if not t.done():
            t.cancel()
    await asyncio.sleep_ms(0)  # let them unwind, so nothing keeps the device alive


def run(dev):
    """Runs until the board stops; re-raises the first failure of any task, rather than
    run on with, say, no buttons."""
    failed = []
    asyncio.get_event_loop().set_exception_handler(
        lambda loop, context: failed.append(context.get("exception") or RuntimeError("task"))
    )
    asyncio.run(_main(dev, failed))
    if failed:
        raise failed[0]
