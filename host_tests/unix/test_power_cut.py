# heap: 640K (a 128 KB flash image, littlefs's caches and a whole device in one process)
# Power cuts on littlefs as a Pico has it: 4 KB erase blocks, programmed 256 bytes at a
# time, NOR flash (programming only clears bits, erasing sets them). A save cut short at
# any write, torn in any of five ways, leaves the old game or the new one: littlefs always
# mounts, and the device boots into one of them, never a broken one. Inside the unix
# port, on os.VfsLfs2 configured as rp2's boot does it (progsize=256).
import os

import ticks
from app.core import App
from app.session import clean_session
from games.rng import Rng
from phases import Phases
from store import Store

BLOCK = 4096  # the RP2040's flash erase sector
PROG = 256  # its page: littlefs programs whole pages (rp2's _boot.py: progsize=256)
BLOCKS = 32  # 128 KB of flash: room to wear-level, small enough to copy
MOUNT = "/flash"
BLOCK_CYCLES = 100  # what MicroPython gives littlefs: relocate a metadata pair this often

# How a write that the power cuts reaches the flash.
NOTHING, HALF, PREFIX, NOR_BITS = 0, 1, 2, 3  # programs; an erase that is cut is partial
PROGRAM_TEARS = (NOTHING, HALF, PREFIX, NOR_BITS)
ERASED = b"\xff" * BLOCK


class PowerCut(Exception):
    pass


class FlashChip:
    """A NOR flash block device (littlefs's extended interface). Its power goes at the
    write (program or erase) numbered `cut_at`, which is torn as `tear` says:
    - NOTHING: not a bit lands; HALF: the first half of the bytes land;
    - PREFIX: a random number of bytes land; NOR_BITS: every byte is touched, but of the
      bits that were to go 1 -> 0 only a random part did;
    - an erase cut short (any tear): a random part of the block is erased, and of the rest
      a random part of the bits have risen to 1.
    A chip that has lost power stays dead: whatever of the old boot still runs (a file
    being finalised) reaches nothing. The next boot is a new chip over the same flash."""

    def __init__(self, data=None, cut_at=None, tear=HALF, rng=None):
        self.data = data if data is not None else bytearray(b"\xff" * (BLOCK * BLOCKS))
        self.writes = 0
        self.cut_at = cut_at
        self.tear = tear
        self.rng = rng or Rng(1)
        self.dead = False
        self.gone = PowerCut()
        self.erases = [0] * BLOCKS

    def readblocks(self, n, buf, offset=0):
        if self.dead:  # no answer; the error is made already, as a finaliser may run now
            raise self.gone  # with the heap locked
        start = n * BLOCK + offset
        buf[:] = self.data[start : start + len(buf)]

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
        rng, data = self.rng, self.data
        if self.tear == HALF:
            self._program(start, buf, len(buf) // 2)
        elif self.tear == PREFIX:
            self._program(start, buf, rng.below(len(buf)))
        elif self.tear == NOR_BITS:
            for i in range(len(buf)):  # some of the bits to clear were cleared
                data[start + i] &= buf[i] | rng.next32() & 0xFF
        self.dead = True
        raise self.gone

    def _program(self, start, buf, count):
        data = self.data
        if data[start : start + count] == ERASED[:count]:  # the usual case, done at C speed
            data[start : start + count] = buf[:count]
            return
        for i in range(count):
            data[start + i] &= buf[i]  # NOR: programming can only clear bits

    def erase(self, n):
        start = n * BLOCK
        if not self._cut_now():
            self.erases[n] += 1
            self.data[start : start + BLOCK] = ERASED
            return
        rng, data = self.rng, self.data
        done = rng.below(BLOCK)
        data[start : start + done] = ERASED[:done]
        for i in range(start + done, start + BLOCK):
            data[i] |= rng.next32() & rng.next32() & 0xFF  # bits half way up
        self.dead = True
        raise self.gone

    def ioctl(self, op, arg):
        if op == 4:
            return BLOCKS
        if op == 5:
            return BLOCK
        if op == 6:
            self.erase(arg)
        return 0


def mounted(chip):
    try:
        os.umount(MOUNT)
    except OSError:
        pass
    os.mount(os.VfsLfs2(chip, progsize=PROG), MOUNT)
    return Store(MOUNT + "/state")


def fresh_chip():
    chip = FlashChip()
    os.VfsLfs2.mkfs(chip, progsize=PROG)
    return chip


def game(round_no, teams=6):
    """A Say When! save as the firmware writes it for six teams, mid-game: out of the
    metadata block (littlefs keeps files under 512 bytes inside it)."""
    names = ["Red", "Blue", "Green", "Yellow", "Purple", "Orange"][:teams]
    state = {
        "played": round_no,
        "sudden": None,
        "cards": list(range(100 + round_no, 120 + round_no)),
        "scores": [round_no % 7, 4, 2, 0, 1, 3][:teams],
        "extra": [],
        "rng": 675555555 + round_no,
        "guesses": [[i, "%d.5" % (1900 + i * round_no)] for i in range(teams)],
        "undo": {  # the last scoring's, as it can be taken back
            "played": round_no - 1,
            "quizzer": (round_no - 1) % teams,
            "scores": [0] * teams,
            "winner": None,
            "sudden": None,
            "extra": [],
            "mode": "secret",
            "guesses": [],
            "judge": None,
            "door": False,
        },
        "quizzer": round_no % teams,
        "judge": None,
        "door": False,
        "winner": None,
        "mode": "secret",
    }
    return {"game": "saywhen", "names": names, "state": state}


def boots_into(saved):
    session, ok = clean_session(saved, lambda name: None)
    assert ok, saved
    app = App(Phases(), {"ring": True, "buzzer": True, "go": True}, session=session)
    app.step(None, ticks.MASK + 1 - 10)
    return app.screen.name


def test_a_real_save_leaves_the_metadata_block():
    chip = fresh_chip()
    store = mounted(chip)
    store.save("session", game(1))
    size = os.stat(MOUNT + "/state/session.json")[6]
    assert size > 512, size  # littlefs inlines files of up to block_size / 8
    os.umount(MOUNT)


def test_every_cut_of_a_save_torn_every_way_leaves_old_or_new():
    chip = fresh_chip()
    store = mounted(chip)
    store.save("session", game(1))
    before = bytes(chip.data)
    start = chip.writes
    store.save("session", game(2))
    writes = chip.writes - start
    assert writes > 2  # a save is several block writes: each one is cut in turn below
    seen = set()
    flash = chip.data  # one buffer, restored in place: no 128 KB allocation a round
    for tear in PROGRAM_TEARS:
        for cut in list(range(1, writes + 1)) + [None]:  # each write cut in turn, then none
            flash[:] = before
            chip = FlashChip(flash, cut_at=cut, tear=tear, rng=Rng(cut or 0))
            store = mounted(chip)
            try:
                store.save("session", game(2))
            except (PowerCut, OSError):  # littlefs reports the dying write as an OSError
                pass
            assert chip.dead == (cut is not None), "write %r was not cut" % cut
            chip = FlashChip(chip.data)  # power back: a new boot, the same flash
            store = mounted(chip)  # the filesystem must mount
            saved, problem = store.load("session")
            assert problem is None, (tear, cut, problem)
            assert saved in (game(1), game(2)), (tear, cut, saved)
            seen.add(saved["state"]["played"])
            assert boots_into(saved) == "resume"  # the device offers that game
    # Any cut keeps the old game (the rename's commit is the save's last write); a save
    # that finishes gives the new one. Both boot; nothing in between ever shows up.
    assert seen == {1, 2}
    os.umount(MOUNT)


def test_a_cut_while_saving_settings_and_game_together():
    chip = fresh_chip()
    store = mounted(chip)
    store.save("settings", {"sound": True})
    store.save("session", game(1))
    before = bytes(chip.data)
    flash = chip.data
    for cut in range(1, 40):
        flash[:] = before
        chip = FlashChip(flash, cut_at=cut, tear=PROGRAM_TEARS[cut % 4], rng=Rng(cut))
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


def played(n):
    """The played record as the firmware keeps it: a bit per card, as hex."""
    return {"saywhen": {"sum": 3503386733, "bits": "%0200x" % (n * 2654435761 % (1 << 800))}}


def evening(rng):
    """(key, data) of the saves of an evening, in the proportions a table makes them: a
    game at every scoring step, the played record at each new card, a setting now and
    then."""
    n = 0
    while True:
        n += 1
        r = rng.below(20)
        if r == 0:
            yield "settings", {"sound": bool(n & 1), "volume": n % 3 + 1, "brightness": 3}
        elif r < 4:
            yield "played", played(n)
        else:
            yield "session", game(1 + n % 19, 3 + n % 4)


def metadata_blocks(flash):
    """The blocks that hold the state folder's metadata: its entries carry the files'
    names (file data never does: it is JSON of games, settings and cards)."""
    return {
        n for n in range(BLOCKS) if flash.find(b"session.json", n * BLOCK, (n + 1) * BLOCK) >= 0
    }


def test_a_year_of_evenings_on_one_flash_with_the_power_cut_at_random():
    """Real saves as the device makes them, the power cut at a random write every few
    dozen, torn a random way, for long enough that littlefs compacts the state folder's
    metadata, relocates it (after 100 erases of a pair, as MicroPython sets littlefs up)
    and reuses every data block. After every cut the flash mounts, each file holds the
    last save that finished or the one under way, nothing is reported damaged, and the
    game boots."""
    rng = Rng(20261201)
    saves = evening(rng)
    flash = fresh_chip().data
    done = {}  # key -> the last save that finished
    erases = [0] * BLOCKS
    homes = set()  # every block the folder's metadata has lived in
    cuts = 0
    while cuts < 300 or len(homes) < 6:
        chip = FlashChip(flash, cut_at=1 + rng.below(60), tear=PROGRAM_TEARS[rng.below(4)])
        chip.rng = rng
        store = mounted(chip)
        doing = None
        try:
            while True:
                doing = next(saves)
                store.save(*doing)
                done[doing[0]] = doing[1]
        except (PowerCut, OSError):  # littlefs reports the dying write as an OSError
            pass
        assert chip.dead
        for i in range(BLOCKS):
            erases[i] += chip.erases[i]
        cuts += 1
        store = mounted(FlashChip(flash))  # power back: a new boot, the same flash
        for key in ("settings", "session", "played"):
            data, problem = store.load(key)
            assert problem is None, (cuts, key, problem)
            allowed = [done.get(key)] + ([doing[1]] if doing[0] == key else [])
            assert data in allowed, (cuts, key, data, allowed)
            done[key] = data
        if done.get("session") is not None:
            assert boots_into(done["session"]) == "resume"
        homes |= metadata_blocks(flash)
        assert cuts < 3000, (homes, erases)  # littlefs never got that far: look into it
    os.umount(MOUNT)
    print("%d cuts; the metadata lived in blocks %s; erases %s" % (cuts, sorted(homes), erases))
    # Relocated: a pair is two blocks, so six or more homes means it moved on at least
    # twice. Compacted and wear-levelled: every block but the superblock pair (0 and 1,
    # untouched while the root folder stays as it is) was erased and written again.
    assert len(homes) >= 6
    assert min(erases[2:]) >= 2, erases
