# A save cut short at every block write: littlefs always mounts, and the device boots into
# the old game or the new one, never a broken one. Inside the unix port, on os.VfsLfs2.
import os

import ticks
from app.core import App
from app.session import clean_session
from store import Store

BLOCK = 512
BLOCKS = 24  # 12 KB of flash: room for littlefs and a few saves
MOUNT = "/flash"


class PowerCut(Exception):
    pass


class FlashChip:
    """A block device (littlefs's extended interface) whose power can go at the write
    numbered `cut_at`: that write is torn, half of it reaching the flash. A chip that
    has lost power stays dead: whatever of the old boot still runs (a file object being
    finalised) reaches nothing. The next boot is a new chip over the same flash."""

    def __init__(self, data=None, cut_at=None):
        self.data = data if data is not None else bytearray(b"\xff" * (BLOCK * BLOCKS))
        self.writes = 0
        self.cut_at = cut_at
        self.dead = False

    def readblocks(self, n, buf, offset=0):
        if self.dead:
            for i in range(len(buf)):  # no allocation: the finaliser runs with heap locked
                buf[i] = 0xFF
            return
        start = n * BLOCK + offset
        buf[:] = self.data[start : start + len(buf)]

    def _write(self, start, data):
        if self.dead:
            return
        self.writes += 1
        if self.cut_at is not None and self.writes >= self.cut_at:
            half = len(data) // 2
            self.data[start : start + half] = data[:half]
            self.dead = True
            raise PowerCut()
        self.data[start : start + len(data)] = data

    def writeblocks(self, n, buf, offset=None):
        self._write(n * BLOCK + (offset or 0), bytes(buf))

    def ioctl(self, op, arg):
        if op == 4:
            return BLOCKS
        if op == 5:
            return BLOCK
        if op == 6:  # erase: also a write the power can cut
            self._write(arg * BLOCK, b"\xff" * BLOCK)
        return 0


def mounted(chip):
    try:
        os.umount(MOUNT)
    except OSError:
        pass
    os.mount(os.VfsLfs2(chip), MOUNT)
    return Store(MOUNT + "/state")


def game(round_no):
    return {"game": "saywhen", "names": ["Red", "Blue"], "state": {"round": round_no}}


def test_every_cut_of_a_save_leaves_old_or_new():
    chip = FlashChip()
    os.VfsLfs2.mkfs(chip)
    store = mounted(chip)
    store.save("session", game(1))
    before = bytes(chip.data)
    start = chip.writes
    store.save("session", game(2))
    writes = chip.writes - start
    assert writes > 2  # a save is several block writes: each one is cut in turn below
    seen = set()
    flash = chip.data  # one buffer, restored in place: no 12 KB allocation a round
    for cut in list(range(1, writes + 1)) + [None]:  # each write cut in turn, then none
        flash[:] = before
        chip = FlashChip(flash, cut_at=cut)
        store = mounted(chip)
        try:
            store.save("session", game(2))
        except (PowerCut, OSError):  # littlefs reports the dying write as an OSError
            pass
        assert chip.dead == (cut is not None), "write %r was not cut" % cut
        chip = FlashChip(chip.data)  # power back: a new boot, the same flash
        store = mounted(chip)  # the filesystem must mount
        saved, problem = store.load("session")
        assert problem is None, (cut, problem)
        assert saved in (game(1), game(2)), (cut, saved)
        seen.add(saved["state"]["round"])
        session, ok = clean_session(saved)
        assert ok
        app = App({"ring": True, "buzzer": True, "go": True}, session=session)
        app.step(None, ticks.MASK + 1 - 10)
        assert app.screen.name == "resume"  # the device offers that game
    # Any cut keeps the old game (the rename's commit is the save's last write); a save
    # that finishes gives the new one. Both boot; nothing in between ever shows up.
    assert seen == {1, 2}
    os.umount(MOUNT)


def test_a_cut_while_saving_settings_and_game_together():
    chip = FlashChip()
    os.VfsLfs2.mkfs(chip)
    store = mounted(chip)
    store.save("settings", {"sound": True})
    store.save("session", game(1))
    before = bytes(chip.data)
    flash = chip.data
    for cut in range(1, 40):
        flash[:] = before
        chip = FlashChip(flash, cut_at=cut)
        store = mounted(chip)
        try:
            store.save("settings", {"sound": False})
            store.save("session", game(2))
        except (PowerCut, OSError):
            pass
        chip = FlashChip(chip.data)
        store = mounted(chip)
        settings, p1 = store.load("settings")
        session, p2 = store.load("session")
        assert p1 is None and p2 is None
        assert settings in ({"sound": True}, {"sound": False})
        assert session in (game(1), game(2))
    os.umount(MOUNT)
