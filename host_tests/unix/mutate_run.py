# The mutation test's MicroPython side (host_tests/test_mutations.py drives it):
#
#   micropython mutate_run.py collect GAME SEED EVENTS OUT_DIR
#       plays GAME by seeded button mashing (boards/host/fuzz.py) with the power left on,
#       and copies the state files (session, settings, played) into OUT_DIR/GAME-<label>
#       the first time the saved game reaches each kind of point ("door", "judging", ...).
#   micropython mutate_run.py mutate BASE_DIR SPECS WORK_DIR
#       for each mutation in SPECS (one JSON list a line: [base, file, kind, ...]), lays out
#       BASE_DIR/<base>'s files in WORK_DIR with that one mutation, then boots the device
#       on them twice (the second boot on what the first left: no loop), goes through any
#       notice and the resume offer, and presses buttons in the game. Every mutated state
#       must boot without an error and show its game, or a notice and then the menu.
#       Prints "FAIL <spec>" and the traceback for each that does not, then "done N M"
#       (mutations tried, failures).
#
# The kinds: ["flip", bit] (one bit of the file's bytes on flash), ["cut", n] (only the
# first n bytes landed), ["set", path, value], ["del", path], ["add", path, key, value]
# (the JSON changed and its checksum recomputed, as a buggy firmware would have saved it),
# ["dir"] (a directory in the file's place) and ["big"] (a file of 1 MB).
import io
import json
import os
import sys
from binascii import crc32

from fuzz import BOOT_MODULES, Fuzz

import ticks
from board import HostBoard
from phases import unload
from shell import POLL_MS, Device
from store import Store

FILES = ("session", "settings", "played")
_KB4 = b"{" * 4096  # made once: the 1 MB file is written from it
GAME_SCREENS = {"saywhen": ("saywhen",), "staycool": ("staycool",)}
GAME_SCREENS["scattergories"] = ("scattergories",)


# -- where a saved game stands ---------------------------------------------------------------
def label(game, s):
    if game == "saywhen":
        if s["winner"] is not None:
            return "won"
        if s["judge"]:
            return "judging"
        if s["door"]:
            return "door"
        if s["sudden"]:
            return "sudden"
        return "guessing" if s["guesses"] else "question"
    if game == "staycool":
        if s.get("live"):
            return "paused-turn"
        return "scored" if s["last"] and s["phase"] == "ready" else s["phase"]
    if s["challenges"]:
        return "challenge"
    if s["phase"] == "play" and s["left"] is not None:
        return "paused-round"
    return s["phase"]


def _read(path):
    try:
        with open(path, "rb") as f:
            return f.read()
    except OSError:
        return None


def _clear(folder):
    try:
        names = os.listdir(folder)
    except OSError:
        os.mkdir(folder)
        return
    for name in names:
        path = folder + "/" + name
        if os.stat(path)[0] & 0x4000:
            _clear(path)
            os.rmdir(path)
        else:
            os.remove(path)


def collect(game, seed, events, out):
    work = out + "/.work-" + game  # one each: the three games are collected at once
    _clear(work)
    f = Fuzz(game, seed, work, cuts=False)
    f.dev.app.play(game, f.players)
    f.dev.app.step(None, f.now)
    f.dev.apply()
    seen = []
    while f.events < events:
        f.event()
        session = f.dev.app.session
        if session is None or session["game"] != game or session.get("state") is None:
            continue
        where = label(game, session["state"])
        if where in seen:
            continue
        seen.append(where)
        folder = out + "/" + game + "-" + where
        _clear(folder)
        for key in FILES:
            raw = _read(work + "/" + key + ".json")
            if raw is not None:
                with open(folder + "/" + key + ".json", "wb") as g:
                    g.write(raw)
    print("labels " + " ".join(seen))


# -- one mutated state -----------------------------------------------------------------------
def _saved_bytes(data):
    body = json.dumps(data).encode()
    return body + b"\n%08x" % (crc32(body) & 0xFFFFFFFF)


def _at(data, path):
    for step in path:
        data = data[step]
    return data


def mutated(raw, kind, args):
    """The file's new bytes (for every kind but "dir" and "big")."""
    if kind == "flip":
        out = bytearray(raw)
        out[args[0] >> 3] ^= 1 << (args[0] & 7)
        return bytes(out)
    if kind == "cut":
        return raw[: args[0]]
    data = json.loads(raw[:-9])
    if kind == "set":
        if args[0]:
            _at(data, args[0][:-1])[args[0][-1]] = args[1]
        else:
            data = args[1]
    elif kind == "del":
        del _at(data, args[0][:-1])[args[0][-1]]
    else:  # "add": an extra field
        _at(data, args[0])[args[1]] = args[2]
    return _saved_bytes(data)


def lay_out(base, work, spec):
    _clear(work)
    for key in FILES:
        raw = _read(base + "/" + spec[0] + "/" + key + ".json")
        path = work + "/" + key + ".json"
        if key == spec[1] and spec[2] == "dir":
            os.mkdir(path)
            with open(path + "/x.json", "w") as f:
                f.write("{}")
            continue
        if key == spec[1] and spec[2] == "big":
            with open(path, "w") as f:
                for _ in range(256):
                    f.write(_KB4)
            continue
        if key == spec[1]:
            raw = mutated(raw, spec[2], spec[3:])
        if raw is not None:
            with open(path, "wb") as f:
                f.write(raw)


class Trial:
    """Boots the device on `work` and plays a little, as a table would after a power-on."""

    def __init__(self, work, seed):
        self.dev = self.board = None
        self.work = work
        self.seed = seed
        self.now = ticks.add(0, -3000)
        self.presses = seed

    def boot(self):
        self.dev = self.board = None  # a power cut: the old device goes, as on a board
        unload(BOOT_MODULES)
        self.board = HostBoard(self.work)
        self.board.tone = _quiet
        self.dev = Device(self.board, Store(self.work), self.seed)
        self.dev.render()

    def press(self, name, ms=60):
        self.board.set_button(name, True, self.now)
        self.wait(ms)
        self.board.set_button(name, False, self.now)
        self.wait(120)

    def wait(self, ms):
        for _ in range(ms // POLL_MS):
            self.now = ticks.add(self.now, POLL_MS)
            self.dev.poll(self.now)
        self.dev.render()

    def run(self, game):
        """Boots, answers the notice and the resume offer; returns the screens seen."""
        self.boot()
        app = self.dev.app
        seen = [shows(app)]
        for _ in range(4):
            if seen[-1] == "notice":
                self.press("A")
            elif seen[-1] == "resume":
                self.press("B")
            else:
                break
            seen.append(shows(app))
        name = seen[-1]
        if name not in GAME_SCREENS[game] and name != "menu":
            raise AssertionError("ended on %r after %r" % (name, seen))
        # a notice is followed by the menu, or by the resume offer of a game that is good
        if "notice" in seen and name != "menu" and "resume" not in seen:
            raise AssertionError("a notice, then %r" % (seen,))
        if name != "menu":
            for b in ("B", "GO", "A", "C", "DOWN", "UP"):  # a few screens into the game
                self.presses = (self.presses * 1103515245 + 12345) & 0x7FFFFFFF
                self.press(b, 60 if self.presses & 1 else 900)
            self.wait(2000)
        return seen


def shows(app):
    """Which screen is on top, as the host's screen reader (boards/host/screens.py) names
    it: a game's screens by the game they play, the others by their own name."""
    model = type(getattr(app.screen, "game", None)).__name__
    return app.session["game"] if model in _MODELS else app.screen.name


_MODELS = ("SayWhen", "StayCool", "Scattergories")


def _quiet(name, volume):
    pass


def mutate(base, specs, work):
    tried = failed = 0
    specs = open(specs)  # noqa: SIM115 - read a line at a time: there may be 100,000
    while True:
        line = specs.readline()
        if not line:
            break
        spec = json.loads(line)
        game = spec[0].split("-")[0]
        tried += 1
        try:
            lay_out(base, work, spec)
            trial = Trial(work, tried)
            trial.run(game)
            trial.run(game)  # the state the first boot left: no loop, no second failure
            trial.dev = trial.board = None  # before the next one boots
        except Exception as e:  # noqa: BLE001 - any failure is a finding
            failed += 1
            buf = io.StringIO()
            sys.print_exception(e, buf)
            print("FAIL " + line.strip())
            print(buf.getvalue())
    specs.close()
    print("done %d %d" % (tried, failed))


if __name__ == "__main__":
    if sys.argv[1] == "collect":
        collect(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), sys.argv[5])
    else:
        mutate(sys.argv[2], sys.argv[3], sys.argv[4])
