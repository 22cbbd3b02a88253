"""A stand-in for mpremote and the board at its other end, for testing tools/flash.py fast.

    python fake_mpremote.py connect PORT [resume] CMD ARGS [+ CMD ARGS ...]

The board lives in a JSON file (FAKE_BOARD): its MicroPython release and .mpy version,
its files, and what it is doing. It behaves as an rp2 board does:
- A board running its game feeds an 8 s watchdog. Connecting stops the game (mpremote's
  Ctrl-C) but not the watchdog, so a board left at the REPL resets itself before a
  second mpremote process is done connecting (each takes seconds on a real board): the
  fake records that as a "watchdog reset" and boots the board again.
- `exec` runs the code in CPython against the board's files (os, sys and open are the
  board's own); an exception prints a traceback and stops the chain, as mpremote does.
- `reset` reboots: into maintenance when the file `maintenance` is there, else the game.
- `fs cp`, `fs cat`, `fs rm` copy to, read from and remove from the board.
- Its filesystem has `blocks` blocks of 4 KB (212 by default: a Pico W's 848 KB), counted
  as tools/flashcheck.py counts them (the end-to-end stand-in in test_flash.py has a real
  littlefs); `vfs`/`rp2` format it (a wipe).
A board listed as absent answers nothing: "no device found".
Every invocation is appended to the board's "calls", as a list of its commands.
"""

import builtins
import io
import json
import os
import sys
import traceback
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # tools/, for flashcheck


BLOCK = 4096


def used_blocks(files):
    from tools.flashcheck import FOLDER, blocks_of

    return FOLDER + blocks_of([(p, len(d)) for p, d in files.items() if not p.endswith("/")])


class BoardOS:
    def __init__(self, files, blocks):
        self.files = files
        self.blocks = blocks

    def ilistdir(self, folder):
        prefix = folder.strip("/") + "/" if folder.strip("/") else ""
        names = {}
        for path in self.files:
            if path.startswith(prefix) and path != prefix:
                rest = path[len(prefix) :]
                name = rest.split("/", 1)[0]
                names[name] = 0x4000 if "/" in rest else 0x8000
        return iter([(name, kind, 0) for name, kind in sorted(names.items())])

    def statvfs(self, path):
        free = self.blocks - used_blocks(self.files)
        return (BLOCK, BLOCK, self.blocks, free, free, 0, 0, 0, 0, 255)

    def chdir(self, path):
        pass

    def remove(self, path):
        if path not in self.files:
            raise OSError(2, "ENOENT")
        del self.files[path]

    def mkdir(self, path):
        if path in self.files or any(f.startswith(path + "/") for f in self.files):
            raise OSError(17, "EEXIST")
        self.files[path + "/"] = ""

    def rmdir(self, path):
        if path + "/" not in self.files:
            raise OSError(2, "ENOENT")
        if any(f.startswith(path + "/") and f != path + "/" for f in self.files):
            raise OSError(39, "ENOTEMPTY")
        del self.files[path + "/"]

    def stat(self, path):
        path = path.lstrip("/")
        if path not in self.files:
            raise OSError(2, "ENOENT")
        return (0,) * 6 + (len(self.files[path]),) + (0,) * 3


class BoardFile(io.StringIO):
    def __init__(self, files, path, mode):
        path = path.lstrip("/")
        if "r" in mode and path not in files:
            raise OSError(2, "ENOENT")
        super().__init__(files.get(path, "") if "r" in mode else "")
        self.files, self.path, self.mode = files, path, mode

    def close(self):
        if "w" in self.mode:
            self.files[self.path] = self.getvalue()
        super().close()


def run_on_board(state, code):
    impl = type(
        "impl",
        (),
        {"_mpy": state["mpy"], "version": tuple(state["version"]), "_machine": state["machine"]},
    )
    board_sys = type("sys", (), {"implementation": impl})
    board_os = BoardOS(state["files"], state["blocks"])

    class Lfs2:  # vfs.VfsLfs2: mkfs formats the board's filesystem
        def __init__(self, flash, progsize):
            pass

        @staticmethod
        def mkfs(flash, progsize):
            assert progsize == 256  # as rp2's _boot.py makes it
            state["files"].clear()

    board_vfs = type(
        "vfs",
        (),
        {
            "VfsLfs2": Lfs2,
            "umount": staticmethod(lambda where: None),
            "mount": staticmethod(lambda fs, where: None),
        },
    )
    board_rp2 = type("rp2", (), {"Flash": object})
    modules = {"sys": board_sys, "os": board_os, "vfs": board_vfs, "rp2": board_rp2}

    def board_import(name, *args):
        return modules[name] if name in modules else builtins.__import__(name, *args)

    names = dict(vars(builtins), __import__=board_import)
    names["open"] = lambda path, mode="r": BoardFile(state["files"], path, mode)
    exec(code, {"__builtins__": names})


def boot(state):
    state["mode"] = "maintenance" if "maintenance" in state["files"] else "game"
    state["boots"].append(state["mode"])


def main(argv):
    path = Path(os.environ["FAKE_BOARD"])
    state = json.loads(path.read_text())
    args = argv[1:]
    assert args[0] == "connect"
    port, args = args[1], args[2:]
    if args[:1] == ["resume"]:
        args = args[1:]
    commands, cmd = [], []
    for a in args:
        if a == "+":
            commands.append(cmd)
            cmd = []
        else:
            cmd.append(a)
    commands.append(cmd)
    state["calls"].append([" ".join(c[:1] + c[1:2] if c[0] == "fs" else c[:1]) for c in commands])
    try:
        if port in state.get("absent", []):
            print("mpremote: no device found", file=sys.stderr)
            return 1
        if state["mode"] == "stopped":  # the watchdog was not fed since the last session
            state["watchdog_resets"] += 1
            boot(state)
        if state["mode"] == "game":
            state["mode"] = "stopped"  # Ctrl-C stopped the game; the watchdog runs on
        for c in commands:
            if c[0] == "exec":
                try:
                    run_on_board(state, c[1])
                except Exception:  # noqa: BLE001 - the board's traceback, as mpremote shows it
                    traceback.print_exc(file=sys.stderr)
                    return 1
            elif c[0] == "reset":
                boot(state)
                return 0  # the connection drops with the reset
            elif c[:2] == ["fs", "cp"]:
                state["files"][c[3].lstrip(":")] = Path(c[2]).read_text("latin-1")
            elif c[:2] == ["fs", "rm"]:
                del state["files"][c[2].lstrip(":")]
            elif c[:2] == ["fs", "cat"]:
                name = c[2].lstrip(":")
                if name not in state["files"]:
                    print("mpremote: cat: %s: No such file or directory." % name, file=sys.stderr)
                    return 1
                sys.stdout.write(state["files"][name])
            else:
                raise AssertionError("the fake does not know %r" % c)
        return 0
    finally:
        path.write_text(json.dumps(state))


if __name__ == "__main__":
    sys.exit(main(sys.argv))
