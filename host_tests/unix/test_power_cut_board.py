# heap: 256K (a whole device, booted again after every cut, and littlefs's caches)
# Power cuts on a board's whole filesystem (issue 34): littlefs of 848 KB (a Pico W's and
# a Badger's) and of 1,408 KB (a Pico's), 4 KB erase blocks programmed 256 bytes at a
# time, on a host file (a board-sized flash cannot live in the capped heap), NOR flash as
# test_power_cut.py models it. The saves are the firmware's own: the device (shell.Device
# on the host board, its state folder on that flash) plays a Say When! game by its
# buttons, each step of the core followed by its saves, one a poll, the played record
# in today's format among them. The power goes at one write of that sequence, torn one
# of five ways; then the flash must mount, every file must hold the last save that
# finished or the one under way (none damaged), and the device must boot on it without a
# notice, offering the game.
#
# `make test` cuts at a seeded sample of the writes (POWER_CUTS, 6 a board); `make fuzz`
# at every one (POWER_CUTS=all).
import json
import os
import sys

import ticks
from board import HostBoard
from games.rng import Rng
from phases import unload
from shell import Device
from store import Store

BLOCK = 4096
PROG = 256
BOARDS = (("Pico W, Badger 2040 W", 212), ("Pico", 352))  # blocks of 4 KB: 848, 1,408 KB
MOUNT = "/flash"
STATE = MOUNT + "/state"
TMP = os.getenv("TEST_TMP")
CUTS = os.getenv("POWER_CUTS") or "6"
PRESSES = 160  # about a dozen cards scored: the game, the played record, and undo
NOTHING, HALF, PREFIX, NOR_BITS = 0, 1, 2, 3  # how a cut program lands (an erase: partly)
ERASED = b"\xff" * BLOCK
BOOT = None  # the modules loaded before the first device: each boot starts from them


class PowerCut(Exception):
    pass


class FileFlash:
    """A NOR flash of `blocks` erase blocks on the host file `path`, through littlefs's
    block interface. Programming can only clear bits; an erase sets a whole block. The
    power goes at the write (program or erase) numbered `cut_at`, torn as `tear` says
    (test_power_cut.FlashChip's tears); then the chip answers nothing more."""

    def __init__(self, path, blocks, cut_at=None, tear=HALF, rng=None):
        self.file = open(path, "r+b")  # noqa: SIM115 - open while the board runs
        self.blocks = blocks
        self.cut_at = cut_at
        self.tear = tear
        self.rng = rng or Rng(1)
        self.writes = 0
        self.dead = False
        self.gone = PowerCut()  # made now: a finaliser may meet the dead chip, heap locked

    def readblocks(self, n, buf, offset=0):
        if self.dead:
            raise self.gone
        self.file.seek(n * BLOCK + offset)
        self.file.readinto(buf)

    def _cut_now(self):
        if self.dead:
            raise self.gone
        self.writes += 1
        return self.cut_at is not None and self.writes >= self.cut_at

    def writeblocks(self, n, buf, offset=0):
        start = n * BLOCK + (offset or 0)
        assert start % PROG == 0 and len(buf) % PROG == 0, "littlefs programs whole pages"
        if not self._cut_now():
            self._program(start, buf, len(buf))
            return
        if self.tear == HALF:
            self._program(start, buf, len(buf) // 2)
        elif self.tear == PREFIX:
            self._program(start, buf, self.rng.below(len(buf)))
        elif self.tear == NOR_BITS:  # every byte touched, some of its bits cleared
            some = bytearray(len(buf))
            for i in range(len(buf)):
                some[i] = buf[i] | self.rng.next32() & 0xFF
            self._program(start, some, len(buf))
        self.dead = True
        raise self.gone

    def _program(self, start, buf, count):
        f = self.file
        f.seek(start)
        old = f.read(count)
        if old != ERASED[:count]:  # NOR: programming can only clear bits
            buf = bytes(old[i] & buf[i] for i in range(count))
        f.seek(start)
        f.write(buf[:count])
        f.flush()

    def erase(self, n):
        f = self.file
        f.seek(n * BLOCK)
        if not self._cut_now():
            f.write(ERASED)
            f.flush()
            return
        done = self.rng.below(BLOCK)  # a part of the block erased, the rest on its way up
        rest = bytearray(f.read(BLOCK)[done:])
        for i in range(len(rest)):
            rest[i] |= self.rng.next32() & self.rng.next32() & 0xFF
        f.seek(n * BLOCK)
        f.write(ERASED[:done] + rest)
        f.flush()
        self.dead = True
        raise self.gone

    def ioctl(self, op, arg):
        if op == 4:
            return self.blocks
        if op == 5:
            return BLOCK
        if op == 6:
            self.erase(arg)
        return 0

    def close(self):
        """The chip's power gone for good: a finaliser of the last boot's files that meets
        it finds it dead, as on a board, not a closed host file."""
        self.dead = True
        self.file.close()


class Log:
    """What the device's saves did: the last of each file that finished (a copy of its
    data, as the file holds it, or None when deleted), and the one under way."""

    def __init__(self):
        self.done = {}
        self.doing = None

    def allowed(self, key):
        doing = [self.doing[1]] if self.doing and self.doing[0] == key else []
        return [self.done.get(key)] + doing


class Watched(Store):
    """The device's store, writing what it does in a Log."""

    def __init__(self, root, log, chip):
        self.log = log
        self.chip = chip
        super().__init__(root)

    def save(self, key, data):
        log = self.log
        log.doing = (key, json.loads(json.dumps(data)))
        super().save(key, data)
        log.done[key], log.doing = log.doing[1], None

    def delete(self, key):
        self.log.doing = (key, None)
        super().delete(key)  # (which says nothing of a failure: the chip does)
        if not self.chip.dead:
            self.log.done[key], self.log.doing = None, None


def mount(chip):
    try:
        os.umount(MOUNT)
    except OSError:
        pass
    os.mount(os.VfsLfs2(chip, progsize=PROG), MOUNT)


def copy(src, dst):
    with open(src, "rb") as f, open(dst, "wb") as g:
        buf = bytearray(BLOCK)
        while f.readinto(buf):
            g.write(buf)


def fresh_flash(path, blocks):
    with open(path, "wb") as f:
        for _ in range(blocks):
            f.write(ERASED)
    chip = FileFlash(path, blocks)
    os.VfsLfs2.mkfs(chip, progsize=PROG)
    chip.close()


def boot(chip, log):
    """A device powered on over `chip`: RAM empty, as on a board."""
    unload(BOOT)
    mount(chip)
    store = Watched(STATE, log, chip)
    board = HostBoard(STATE)
    board.tone = quiet
    return Device(board, store, seed=1)


def quiet(name, volume):
    pass


def play(dev, chip):
    """A Say When! game of two teams played by seeded presses, every step's saves written
    one a poll as on a board (each after the frame it goes with), until PRESSES or the
    power goes; returns the writes made."""
    now = ticks.add(0, -2000)
    dev.app.play("saywhen", ["Red", "Blue"])
    dev.app.step(None, now)
    dev.apply()
    rng = Rng(7)
    buttons = ("B", "GO", "C", "A", "UP", "DOWN", "B", "GO")
    for _ in range(PRESSES):
        name = buttons[rng.below(len(buttons))]
        for down, ms in ((True, 60 + rng.below(3) * 400), (False, 200)):
            dev.board.set_button(name, down, now)
            for _ in range(ms // 10):
                now = ticks.add(now, 10)
                dev.poll(now)
                if chip.dead:
                    return chip.writes
                if dev.render():
                    dev.shown()
    dev.write_all()
    return chip.writes


def test_cuts_on_each_boards_whole_flash_leave_the_last_save_or_the_next():
    global BOOT
    BOOT = set(sys.modules)
    for title, blocks in BOARDS:
        base, work = TMP + "/base%d.img" % blocks, TMP + "/flash%d.img" % blocks
        fresh_flash(base, blocks)
        copy(base, work)
        chip = FileFlash(work, blocks)
        writes = play(boot(chip, Log()), chip)  # the whole sequence: how many writes it makes
        chip.close()
        assert writes > 100, writes
        if CUTS == "all":
            cuts = range(1, writes + 1)
        else:
            rng = Rng(blocks)
            cuts = sorted(set(1 + rng.below(writes) for _ in range(int(CUTS))))
        seen = set()
        for cut in cuts:
            copy(base, work)
            log = Log()
            chip = FileFlash(work, blocks, cut_at=cut, tear=cut % 4, rng=Rng(cut))
            try:
                play(boot(chip, log), chip)
            except PowerCut:  # the power went where no error is caught: all stops there
                pass
            assert chip.dead, (title, cut)
            chip.close()
            chip = FileFlash(work, blocks)  # the power back: the same flash, mounted again
            dev = boot(chip, Log())
            session = None
            for key in ("settings", "session", "played"):
                data, problem = Store(STATE).load(key)
                assert problem is None, (title, cut, key, problem)
                assert data in log.allowed(key), (title, cut, key, data, log.allowed(key))
                seen.add(key if data == log.done.get(key) else key + " under way")
                session = data if key == "session" else session
            shows = "resume" if session is not None else "menu"  # (no notice: no damage)
            assert dev.app.screen.name == shows, (title, cut, dev.app.screen.name)
            dev = None
            chip.close()
        print("%s: %d writes, cut at %d of them: %s" % (title, writes, len(cuts), sorted(seen)))
    os.umount(MOUNT)
