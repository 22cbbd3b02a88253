# heap: 256K (four device lifetimes and asyncio in one process; a real reset clears the heap)
# The watchdog, with a fake WDT that resets the stand-in device when it is not fed in time,
# on the virtual clock (vclock.py): the real 8 s timeout and the panel's real refresh times,
# and no test waits for a real clock or depends on how busy the machine is.
import os
import sys

import vclock

vclock.install(50_000)

import asyncio  # noqa: E402 - the virtual clock's, as the firmware imports it
import time  # noqa: E402

from board import HostBoard  # noqa: E402
from phases import unload  # noqa: E402
from screens import state  # noqa: E402
from shell import Device, run  # noqa: E402
from store import Store  # noqa: E402

BOOT = set(sys.modules)  # what a freshly reset board has loaded

STATE = os.getenv("TEST_TMP") + "/state"
TIMEOUT_MS = 8000  # the RP2040's, as main.py starts it


class WatchdogReset(Exception):
    pass


class FakeWDT:
    """Notices, at the next feed, that it went unfed too long: the board would have reset."""

    def __init__(self, timeout):
        self.timeout = timeout
        self.fed = time.ticks_ms()
        self.feeds = 0

    def feed(self):
        late = time.ticks_diff(time.ticks_ms(), self.fed)
        if late > self.timeout:
            raise WatchdogReset("unfed for %d ms" % late)
        self.fed = time.ticks_ms()
        self.feeds += 1


class StandIn(HostBoard):
    """The host board as a device: fed by the runner, a panel that takes its time, and a
    power switch that ends the run after `run_ms`."""

    def __init__(self, refresh_ms=0, run_ms=1000, hang_at_ms=None):
        super().__init__(STATE)
        self.watchdog = None  # started as main.py starts it: once the Device is built
        self.refresh_ms = refresh_ms
        self.run_ms = run_ms
        self.hang_at_ms = hang_at_ms

    def feed(self):
        self.watchdog.feed()

    async def show(self, buf, full, sent=None):
        await super().show(buf, full, sent)
        await asyncio.sleep_ms(self.refresh_ms)  # BUSY: the driver yields meanwhile

    async def until_stopped(self):
        start = time.ticks_ms()
        while time.ticks_diff(time.ticks_ms(), start) < self.run_ms:
            await asyncio.sleep_ms(20)
            if self.hang_at_ms and time.ticks_diff(time.ticks_ms(), start) > self.hang_at_ms:
                time.sleep_ms(2 * TIMEOUT_MS)  # a task that hangs: nothing else runs


def saved_game():
    store = Store(STATE)
    store.save("session", {"game": "saywhen", "names": ["Red", "Blue"], "state": None})
    return store


def test_a_hung_task_resets_the_board_into_the_saved_game():
    store = saved_game()
    board = StandIn(run_ms=60_000, hang_at_ms=3000)
    dev = Device(board, store, 1)
    board.watchdog = FakeWDT(TIMEOUT_MS)
    try:
        run(dev)
    except WatchdogReset:
        pass
    else:
        raise AssertionError("the watchdog did not reset a hung board")
    dev = board = None  # the reset: RAM is cleared, modules and all
    unload(BOOT)
    # The reset boot (main.py passes resume when machine.reset_cause() is WDT_RESET).
    back = Device(HostBoard(STATE), Store(STATE), 2, resume=True)
    assert state(back.app)["screen"] == "saywhen"  # the game, not the resume question
    assert back.app.session["names"] == ["Red", "Blue"]


def test_a_slow_refresh_does_not_starve_it():
    store = saved_game()
    board = StandIn(refresh_ms=3 * TIMEOUT_MS, run_ms=60_000)  # refreshes far longer than it
    dev = Device(board, store, 1)
    board.watchdog = FakeWDT(TIMEOUT_MS)
    run(dev)  # no WatchdogReset
    assert board.refreshes[1] >= 1  # a refresh of 24 s ran ...
    assert board.watchdog.feeds > 5000  # ... and the buttons' task fed it every 10 ms


def test_an_ordinary_power_on_still_asks_first():
    unload(BOOT)
    saved_game()
    assert Device(HostBoard(STATE), Store(STATE), 3).app.screen.name == "resume"


def test_a_frame_that_cannot_be_drawn_is_not_swallowed():
    """An error while drawing goes on up (main.py resets into the game), never a frame
    silently left undrawn."""
    dev = Device(HostBoard(STATE), Store(STATE), 4)

    def short_of_heap(g):
        raise MemoryError("memory allocation failed")

    dev.app.draw_first = short_of_heap  # (what the shell draws a frame with)
    dev.app.want_draw = 1
    try:
        dev.render()
    except MemoryError:
        return
    raise AssertionError("a frame that cannot be drawn went unnoticed")


def fake_machine(cause=1, started=None, resets=None):
    """A stand-in rp2 `machine` for main.py: its last reset reads `cause` (3 is WDT_RESET,
    1 a power-on); the watchdogs it starts and the resets asked of it are noted."""
    started = [] if started is None else started
    resets = [] if resets is None else resets

    class WDT:
        def __init__(self, timeout):
            started.append(timeout)

        def feed(self):
            pass

    class Machine:
        WDT_RESET = 3

    Machine.WDT = WDT
    Machine.reset_cause = staticmethod(lambda: cause)
    Machine.reset = staticmethod(lambda: resets.append(1))
    return Machine


def run_main(machine, board_class, files=()):
    """main.main() on a fresh boot, with `machine`, a board module that builds
    `board_class`, and `files` on the board's flash (STATE); returns those of the files
    still there after the boot (and removes them)."""
    unload(BOOT)

    class BoardModule:
        pass

    BoardModule.build = staticmethod(lambda: board_class(STATE))
    sys.modules["machine"] = machine
    sys.modules["board"] = BoardModule
    here = os.getcwd()
    os.chdir(STATE)
    try:
        for name in files:
            open(name, "w").close()
        sys.modules.pop("start", None)
        import start

        start.main()
        left = []
        for name in files:
            try:
                os.remove(name)
                left.append(name)
            except OSError:
                pass
        return left
    finally:
        os.chdir(here)
        for name in ("machine", "start", "board"):
            sys.modules.pop(name, None)


class Opening(HostBoard):
    """A board that notes the screen the device opens on (main.py attaches the device)."""

    opened = []

    def attach(self, dev):
        Opening.opened.append(state(dev.app)["screen"])

    async def until_stopped(self):
        pass


def test_maintenance_boot_never_starts_the_watchdog():
    started = []
    assert run_main(fake_machine(started=started), Opening, ["maintenance"]) == ["maintenance"]
    assert started == []


def test_an_error_that_escapes_resets_into_the_game():
    """Whatever breaks the loop (a MemoryError, say), main.py resets the board at once and
    the next boot goes straight back into the saved game."""
    saved_game()
    started, resets = [], []

    class Broken(HostBoard):
        async def until_stopped(self):
            raise MemoryError("memory allocation failed")

    run_main(fake_machine(1, started, resets), Broken)
    assert started == [8000]  # a game boot starts the watchdog (8 s)
    assert resets == [1]
    rescue = STATE + "/" + sys.modules["shell"].RESUME_FILE
    os.stat(rescue)  # the marker for the next boot
    del Opening.opened[:]
    run_main(fake_machine(1), Opening)
    assert Opening.opened == ["saywhen"]  # the game itself, not the resume question
    try:
        os.stat(rescue)
        raise AssertionError("the rescue marker is used once")
    except OSError:
        pass


def _boot_main(cause, files=()):
    """(the screen a boot after a reset that reads `cause` opens on, which of `files`
    are left)."""
    del Opening.opened[:]
    left = run_main(fake_machine(cause), Opening, files)
    return Opening.opened[0], left


def test_make_flash_s_reset_opens_the_menu_though_rp2_calls_it_a_watchdog_reset():
    saved_game()
    # machine.reset() reads as WDT_RESET on rp2; make flash leaves `clean` before it.
    assert _boot_main(3, ["clean"]) == ("resume", [])  # asked first, as at power-on
    assert _boot_main(3) == ("saywhen", [])  # a real watchdog reset: straight back in
    assert _boot_main(1) == ("resume", [])  # power on


class Failing(Opening):
    """A board whose game fails the moment it runs, the same way every time (a bug that a
    saved game sets off, say)."""

    error = MemoryError

    async def until_stopped(self):
        raise Failing.error("memory allocation failed")


def _exists(name):
    try:
        os.stat(STATE + "/" + name)
        return True
    except OSError:
        return False


def test_a_failure_that_comes_back_sets_the_game_aside_after_two_rescue_boots():
    """No reset loop: the boot that failed, then two rescue boots that failed the same way;
    the next boot keeps the saved game for diagnosis, says so, and opens the menu."""
    saved_game()
    del Opening.opened[:]
    resets = []
    run_main(fake_machine(1, resets=resets), Failing)  # power on: the resume question
    run_main(fake_machine(3, resets=resets), Failing)  # rescue boots: straight into the game
    run_main(fake_machine(3, resets=resets), Failing)
    assert Opening.opened == ["resume", "saywhen", "saywhen"] and resets == [1, 1, 1]
    assert _exists("session.json")
    del Opening.opened[:]
    run_main(fake_machine(3), Opening)
    assert Opening.opened == ["notice"]
    assert not _exists("session.json") and _exists("session.bad.json")
    assert not _exists("strikes")  # counted afresh from here
    os.remove(STATE + "/session.bad.json")


def test_failures_of_different_kinds_do_not_count_together_and_a_power_on_starts_afresh():
    saved_game()
    del Opening.opened[:]
    for error in (MemoryError, ValueError, MemoryError, ValueError, MemoryError):
        Failing.error = error
        run_main(fake_machine(3), Failing)
    Failing.error = MemoryError
    run_main(fake_machine(3), Opening)  # back from the last failure: still the game
    assert "notice" not in Opening.opened and Opening.opened[-1] == "saywhen"
    assert _exists("strikes") and not _exists("session.bad.json")
    run_main(fake_machine(1), Opening)  # unplugged later, and switched on again
    assert Opening.opened[-1] == "resume" and not _exists("strikes")


def test_a_board_that_hangs_on_every_boot_is_caught_too():
    """Hangs leave no message: the watchdog resets the board. The third watchdog boot in a
    row sets the game aside, as for an error."""
    saved_game()
    del Opening.opened[:]
    for _ in range(3):
        run_main(fake_machine(3), Opening)
    assert Opening.opened == ["saywhen", "saywhen", "notice"]
    assert _exists("session.bad.json")
    os.remove(STATE + "/session.bad.json")


def test_a_device_that_cannot_even_be_built_resets_rather_than_dropping_to_the_repl():
    resets = []

    class Unbuildable(HostBoard):
        def configure(self, **settings):  # the last step of building the Device
            raise MemoryError("memory allocation failed")

    run_main(fake_machine(1, resets=resets), Unbuildable)
    assert resets == [1] and _exists("rescue")
    os.remove(STATE + "/rescue")


class Unstartable(HostBoard):
    """A board whose build() raises, the same way every time (a part that does not answer)."""

    def __init__(self, state_dir):
        raise OSError(5)


def test_a_board_that_fails_to_build_is_a_failed_boot_not_the_repl():
    """board.build() is inside the guard: its error is printed, the board resets into its
    game, and the boots after count it, as any failure. On the boot that sets the game
    aside there is still no board to show the menu on: that boot stops, no reset loop."""
    saved_game()
    started, resets = [], []
    run_main(fake_machine(1, started, resets), Unstartable)  # power on
    assert resets == [1] and started == []  # reset at once, no watchdog started
    with open(STATE + "/rescue") as f:
        assert f.read() == "OSError"  # the marker the next boot counts
    run_main(fake_machine(3, started, resets), Unstartable)  # the two rescue boots
    run_main(fake_machine(3, started, resets), Unstartable)
    assert resets == [1, 1, 1] and _exists("strikes")
    run_main(fake_machine(3, started, resets), Unstartable)  # the third failure in a row
    assert resets == [1, 1, 1] and started == []  # stopped: no fourth reset
    assert not _exists("rescue") and not _exists("strikes")
    assert _exists("session.json")  # the game was not what failed: kept
    del Opening.opened[:]
    run_main(fake_machine(1), Opening)  # the part mended, switched on again
    assert Opening.opened == ["resume"]


def test_a_board_that_fails_to_build_once_comes_back_into_its_game():
    saved_game()
    resets = []
    run_main(fake_machine(1, resets=resets), Unstartable)  # a part slow to answer, once
    del Opening.opened[:]
    run_main(fake_machine(3), Opening)
    assert resets == [1] and Opening.opened == ["saywhen"]  # straight back into the game
    assert not _exists("rescue")
    run_main(fake_machine(1), Opening)  # a clean power-on forgets the strike
    assert not _exists("strikes")
