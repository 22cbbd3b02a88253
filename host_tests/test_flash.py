"""make flash onto a unix-port MicroPython listening on a loopback socket (no board here)."""

import os
import shutil
import subprocess
import sys

import pytest
from sim import Output

from tools import flash, flashimage
from tools.flash import release
from tools.mpenv import MPY_HEAP, ROOT, micropython
from tools.replbridge import ReplBridge

pytestmark = pytest.mark.mpy_only  # flashing takes the .mpy build whatever the mode


def make_flash(url, build=None, wipe=False):
    args = ["make", "-s", "flash", "BOARD=host", "PORT=" + url] + (["WIPE=1"] if wipe else [])
    env = dict(os.environ)
    if build:
        env["FLASH_BUILD"] = str(build)
    return subprocess.run(args, cwd=ROOT, capture_output=True, text=True, env=env, timeout=600)


def boot_headless(flash, script):
    """Boots the copy on the 'board' as a device would (only what was copied), headless."""
    env = dict(os.environ, MICROPYPATH=".frozen:" + str(flash))
    proc = subprocess.run(
        [micropython(), "-X", "heapsize=" + MPY_HEAP, "-m", "headless"]
        + ["--state", str(flash / "state")],
        input=script,
        capture_output=True,
        text=True,
        env=env,
        cwd=flash,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    return Output(proc.stdout)


def test_maintenance_boot_leaves_the_repl_alone(tmp_path):
    # A board as `make flash` leaves it mid-copy: firmware in place, the flag still there.
    flash = tmp_path / "flash"
    shutil.copytree(ROOT / "build" / "mpy" / "firmware", flash)
    for f in (ROOT / "build" / "mpy" / "boards" / "host").iterdir():
        shutil.copy(f, flash / f.name)
    (flash / "maintenance").write_text("")
    env = dict(os.environ, MICROPYPATH=".frozen:" + str(flash))
    proc = subprocess.run(
        [micropython(), str(flash / "main.py")], capture_output=True, text=True, env=env, cwd=flash
    )
    assert proc.returncode == 0
    assert "maintenance boot (requested by make flash)" in proc.stdout


def test_flash_without_a_board_says_so(tmp_path):
    proc = make_flash("socket://127.0.0.1:9")  # nothing listens on the discard port
    assert proc.returncode != 0
    assert "no board found on socket://127.0.0.1:9" in proc.stderr, proc.stderr


def test_flash_onto_a_board_whose_watchdog_runs(tmp_path, standin):
    """The one end-to-end flash of the whole build (tools/flash.py's steps are tested on a
    fake mpremote in test_flash_tool.py), onto a stand-in whose filesystem is a littlefs
    of a Pico W's size. The game feeds a watchdog that cannot be stopped; mpremote's Ctrl-C
    stops the game, so the watchdog would reset the board 8 s into the copy, which takes
    far longer. make flash resets it into maintenance first, and the copy completes and
    boots into the menu."""
    start, image = standin
    build = tmp_path / "build"
    shutil.copytree(ROOT / "build" / "mpy", build)
    # mpremote feeds files through the REPL 256 bytes an exec (about 5 ms each here), so
    # the decks, the biggest data, stay out of this copy; the menu boots without them.
    shutil.rmtree(build / "firmware" / "decks")
    bridge = start()
    try:
        proc = make_flash(bridge.url, build)
        assert proc.returncode == 0, proc.stdout + proc.stderr
        assert bridge.boots >= 3  # reset into maintenance, then reset into the game
    finally:
        bridge.close()
    assert "copied" in proc.stdout and "(0 unchanged" in proc.stdout
    files = held(image)
    # All of the firmware but the drivers of other boards' parts (the PC has none)
    sent = sorted(p.relative_to(build / "firmware").as_posix() for p in
                  (build / "firmware").rglob("*") if p.is_file())  # fmt: skip
    sent = [f for f in sent if not f.startswith("hw/") or f == "hw/__init__.mpy"]
    hosted = sorted(p.name for p in (build / "boards" / "host").iterdir())
    assert sorted(files) == sorted(sent + hosted + ["board.txt", "clean", "manifest.json"])
    assert files["board.txt"] == b"host\n"
    assert "maintenance" not in files  # the flag is gone after a complete copy
    assert files["app/core.mpy"] == (build / "firmware/app/core.mpy").read_bytes()
    flash = tmp_path / "flash"  # what the board holds, as a folder the unix port boots
    for path, data in files.items():
        (flash / path).parent.mkdir(parents=True, exist_ok=True)
        (flash / path).write_bytes(data)
    out = boot_headless(flash, "state\npress DOWN\nstate\n")
    first, moved = out.states()
    assert first["screen"] == "menu" and first["view"]["title"] == "Party Scanner"
    assert moved["view"]["selected"] == 1


def test_flash_with_no_board_says_so_in_plain_words(tmp_path):
    missing = tmp_path / "ttyACM0"  # no such port
    proc = subprocess.run(
        [sys.executable, "-m", "tools.flash", "--port", str(missing)],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=ROOT,
    )
    assert proc.returncode == 1
    said = proc.stderr
    assert said.startswith("make flash: no board found on %s." % missing), said
    assert "USB data cable" in said and "make flash PORT=" in said  # what to check
    assert "mpremote: mpremote" not in said and "(mpremote said: failed to access" in said
    assert "Traceback" not in said


def test_the_release_is_printed_as_people_write_it():
    assert release((1, 28, 0, "")) == "1.28.0"
    assert release((1, 29, 0, "preview")) == "1.29.0-preview"
    assert release((1, 23, 0)) == "1.23.0"


# -- a stand-in with a real littlefs of a Pico W's size, on a host file ---------------------

PICO_W_BLOCKS = 212  # 848 KB: a Pico W's or a Badger 2040 W's filesystem
UNIX = ROOT / "host_tests" / "unix"


def littlefs(image, blocks=PICO_W_BLOCKS):
    """The image as littlefs-python reads it, configured as rp2 mounts its own."""
    return flashimage.littlefs(blocks, image.read_bytes() if image.exists() else None)


def held(image):
    """{path: bytes} of every file in the image."""
    fs = littlefs(image)
    out = {}
    for top, _, names in fs.walk("/"):
        for name in names:
            path = (top.rstrip("/") + "/" + name).lstrip("/")
            with fs.open(path, "rb") as f:
                out[path] = f.read()
    return out


def fill(image, files):
    """Writes `files` ({path: bytes}) into the image, as another firmware left them."""
    fs = littlefs(image)
    for path, data in files.items():
        flashimage.put(fs, path, data)
    image.write_bytes(bytes(fs.context.buffer))


@pytest.fixture
def standin(tmp_path):
    """A stand-in board whose filesystem is a littlefs of a Pico W's size (848 KB) on a
    host file, whose game feeds a watchdog; (bridge, image)."""
    image = tmp_path / "flash.img"
    folder = tmp_path / "cwd"
    folder.mkdir()
    env = dict(
        os.environ,
        MICROPYPATH=".frozen:" + str(UNIX),
        STANDIN_FLASH=str(image),
        STANDIN_BLOCKS=str(PICO_W_BLOCKS),
    )
    boot = str(ROOT / "host_tests" / "standin_boot.py")

    def start():
        return ReplBridge(micropython(), folder, env=env, args=["-i", boot], restart=True)

    yield start, image


@pytest.fixture
def small_build(tmp_path):
    """A build of a few small files, as make build lays it out (REPL copies take time)."""
    root = tmp_path / "build"
    for name, data in {
        "firmware/main.py": b"print('main')\n",
        "firmware/app/core.mpy": b"c" * 2000,
        "firmware/decks/saywhen.deck": b"d" * 20_000,
        "boards/host/board.mpy": b"b" * 700,
    }.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_bytes(data)
    return root


BADGER_OS = {  # about 700 KB: Badger OS's launcher, apps, a book and images
    "main.py": b"import launcher\n" * 40,
    "badger_os.py": b"# Badger OS\n" * 400,
    "launcher.py": b"# launcher\n" * 600,
    "books/289-0-wind-in-the-willows-abridged.txt": bytes(range(256)) * 1400,
    "images/badger.jpg": b"\xff\xd8" * 120_000,
    "examples/clock.py": b"# clock\n" * 900,
    "badges/badge.txt": b"Name\n" * 50,
    "icons/icon-clock.jpg": b"\xff\xd8" * 40_000,
}


def test_a_badger_holding_badger_os_is_left_as_it_was_then_wiped_with_consent(
    standin, small_build
):
    start, image = standin
    fill(image, BADGER_OS)
    before = image.read_bytes()
    assert sum(map(len, BADGER_OS.values())) > 690_000
    bridge = start()
    try:
        proc = make_flash(bridge.url, small_build)
        assert proc.returncode != 0
        said = proc.stderr
        assert "not this firmware's" in said and "books/" in said, said
        assert "micropython-with-badger-os.uf2" in said and "make flash WIPE=1" in said
        assert image.read_bytes() == before  # not a byte changed
        proc = make_flash(bridge.url, small_build, wipe=True)
        assert proc.returncode == 0, proc.stdout + proc.stderr
    finally:
        bridge.close()
    said = proc.stdout
    assert said.index("erasing the board's filesystem") < said.index("copied 4 of 4 files")
    files = held(image)
    assert not set(BADGER_OS) - {"main.py"} & set(files)
    assert files["main.py"] == b"print('main')\n" and files["board.txt"] == b"host\n"
    assert files["decks/saywhen.deck"] == b"d" * 20_000 and "maintenance" not in files


def test_a_build_that_does_not_fit_beside_the_saved_games_is_refused(standin, small_build):
    start, image = standin
    # A board make flash flashed, whose state/ leaves too little room for the build's deck.
    fill(image, {"board.txt": b"host\n", "manifest.json": b"{}"})
    fill(image, {"state/played-%d.json" % i: b"p" * 20_000 for i in range(40)})  # 200 blocks
    before = image.read_bytes()
    bridge = start()
    try:
        proc = make_flash(bridge.url, small_build)
    finally:
        bridge.close()
    assert proc.returncode != 0
    assert "the build does not fit: it takes" in proc.stderr, proc.stderr
    assert "kept for its saved games" in proc.stderr
    assert image.read_bytes() == before


CUT = """#!%s
import subprocess, sys
args = sys.argv[1:]
if "rm" in args:  # the cable pulled once the first file that goes first has gone
    args = args[: args.index("rm") + 2]
    subprocess.run([%r] + args)
    sys.exit(1)
sys.exit(subprocess.run([%r] + args).returncode)
"""


def test_a_changed_file_goes_first_where_both_would_not_fit_and_a_cut_flash_is_finished(
    standin, small_build, tmp_path
):
    start, image = standin
    deck = small_build / "firmware" / "decks" / "saywhen.deck"  # 5 blocks
    bridge = start()
    try:
        assert make_flash(bridge.url, small_build).returncode == 0
        # Saved games fill the board but for a few blocks (10 as littlefs-python counts them,
        # 4 as the board's littlefs does): the old deck and the new do not fit at once.
        fs = littlefs(image)
        fs.mkdir("state")
        while PICO_W_BLOCKS - fs.used_block_count > 10:  # a block each
            with fs.open("state/s-%d.json" % fs.used_block_count, "wb") as f:
                f.write(b"s" * 4000)
        image.write_bytes(bytes(fs.context.buffer))
        deck.write_bytes(b"e" * 20_000)
        proc = make_flash(bridge.url, small_build)
        assert proc.returncode == 0, proc.stdout + proc.stderr
        assert "1 of them first, for room" in proc.stdout
        assert held(image)["decks/saywhen.deck"] == b"e" * 20_000
        # A flash cut short once the deck has gone, before its replacement came.
        deck.write_bytes(b"f" * 20_000)
        cut = tmp_path / "mpremote"
        cut.write_text(CUT % (sys.executable, flash.MPREMOTE, flash.MPREMOTE))
        cut.chmod(0o755)
        with pytest.raises(flash.FlashError):
            flash.flash("host", bridge.url, small_build, mpremote=str(cut))
        files = held(image)
        assert "maintenance" in files and "decks/saywhen.deck" not in files
        proc = make_flash(bridge.url, small_build)  # the next flash finishes it
        assert proc.returncode == 0, proc.stdout + proc.stderr
    finally:
        bridge.close()
    files = held(image)
    assert "maintenance" not in files and files["decks/saywhen.deck"] == b"f" * 20_000


def test_a_pico_build_is_refused_on_a_badger_and_the_build_before_is_named(standin, small_build):
    start, image = standin
    fill(image, {"board.txt": b"badger2040w\n", "manifest.json": b"{}"})
    before = image.read_bytes()
    bridge = start()
    try:
        proc = subprocess.run(
            ["make", "-s", "flash", "BOARD=pico-epaper29", "PORT=" + bridge.url],
            cwd=ROOT, capture_output=True, text=True, timeout=600,
        )  # fmt: skip
        assert proc.returncode != 0
        assert "this board is a Badger 2040 W" in proc.stderr, proc.stderr
        assert image.read_bytes() == before
        proc = make_flash(bridge.url, small_build)
        assert proc.returncode == 0, proc.stdout + proc.stderr
    finally:
        bridge.close()
    assert "the board held the badger2040w build; now it gets host" in proc.stdout
    assert held(image)["board.txt"] == b"host\n"
