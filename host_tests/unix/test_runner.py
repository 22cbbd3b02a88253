# The device's asyncio loop (runner.py) on the virtual clock (vclock.py): a ring frame that
# fell behind, say behind a flash write, yields before the next one, so the button task
# and the watchdog's feed run between them.
import vclock

vclock.install(10_000)

import shell as runner  # noqa: E402 - after the virtual clock is in place

BLOCKED_FRAME = 3


class Dev:
    """Just what runner.py asks of a Device and its board, keeping a log of the tasks."""

    def __init__(self):
        self.board = self
        self.parts = {"ring": True}
        self.log = []

    def poll(self, t):
        self.log.append("poll")

    def feed(self):
        self.log.append("feed")

    def sleep_ms(self, t):
        return 10

    def ring_frame(self, t):
        return b""

    def show_ring(self, leds):
        self.log.append("ring")
        if self.log.count("ring") == BLOCKED_FRAME:
            vclock.charge(200_000)  # a flash write holds the CPU for 200 ms

    rest = None  # (a frame's parts: none here)

    def render(self, parts=False):
        return 0

    async def until_stopped(self):
        await vclock.VirtualAsyncio.sleep_ms(1000)


def test_a_late_ring_frame_lets_the_buttons_and_the_watchdog_run_first():
    dev = Dev()
    runner.run(dev)
    rings = [i for i, what in enumerate(dev.log) if what == "ring"]
    late = rings[BLOCKED_FRAME - 1]
    assert dev.log[late + 1 : late + 3] == ["poll", "feed"], dev.log[late - 2 : late + 4]
    assert len(rings) > 20  # and the ring went on at its pace afterwards


class NetDev(Dev):
    """A device of a board with Wi-Fi: the runner runs its network's task beside the rest."""

    def __init__(self):
        super().__init__()
        self.net = self

    async def run(self):  # net.phones.Net.run, as far as the runner can tell
        while True:
            self.log.append("net")
            await vclock.VirtualAsyncio.sleep_ms(250)


def test_on_a_board_with_wifi_the_phones_network_runs_beside_the_buttons_and_the_ring():
    dev = NetDev()
    runner.run(dev)
    assert 3 <= dev.log.count("net") <= 5  # every 250 ms of the second the board ran
    assert dev.log.count("poll") > 50 and "ring" in dev.log
