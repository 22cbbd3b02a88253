# The mutation test's MicroPython side (host_tests/test_mutations.py drives it):
#
#   micropython mutate_run.py collect GAME SEED EVENTS OUT_DIR
#       plays GAME by seeded button mashing (boards/host/fuzz.py) with the power left on,
#       and copies the state files (session, settings, played) into OUT_DIR/GAME-<label>
#       the first time the saved game reaches each kind of point ("door", "judging", ...).
#   micropython mutate_run.py mutate BASE_DIR SPECS WORK_DIR
#       for each mutation in SPECS (one JSON list a line: [base, file, kind, ...]), lays out
#       BASE_DIR/<base>'s files in WORK_DIR with that one mutation, then powers the device
#       on twice (the second time on what the first left: no loop), each time through
#       start.main(), the firmware's own boot and reset logic, with a stand-in `machine`
#       (its reset, its watchdog's 8 s, its reset cause); goes through any notice and the
#       resume offer, with a phone looking at each, and presses buttons in the game.
#       Every mutated state must boot and show its game, or a notice and then the menu,
#       with no reset (a crash, or a poll or a frame longer than the watchdog allows), and
#       no file gone without a notice (a damaged one is kept as NAME.bad.json); a finished
#       game's save goes at power-on, as the winners were on the screen. Prints "FAIL
#       <spec>" and why for each that does not, then "done N CRASHES DELETIONS".
#
# The kinds: ["flip", bit] (one bit of the file's bytes on flash), ["cut", n] (only the
# first n bytes landed), ["set", path, value], ["del", path], ["add", path, key, value]
# (the JSON changed and its checksum recomputed, as a buggy firmware would have saved it),
# ["dir"] (a directory in the file's place) and ["big"] (a file of 1 MB).
import io
import json
import os
import sys
import time
from binascii import crc32

from phoneapi import FakeAP

import board as boards
import ticks
from phases import unload

# What the harness keeps loaded through every boot (it shares the capped heap with the
# device it boots, so it loads no more than these: the fuzzer comes in to collect only).
BOOT_MODULES = set(sys.modules)
POLL_MS = 10  # shell.POLL_MS: a board polls its buttons this often

FILES = ("session", "settings", "played", "phones")
WATCHDOG_MS = 8000  # the RP2040's: a poll or a frame longer than this resets the board
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
    from fuzz import Fuzz

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
        phones(folder, session)
    print("labels " + " ".join(seen))


def phones(folder, session):
    """The phones' network a board with Wi-Fi saves beside the game (net.phones: Store key
    "phones"), as net.join makes it, with the first team's phone joined. (Mashed on a board
    with phones, the games end too seldom for every point to be met.)"""
    from binascii import hexlify

    from net import join
    from store import Store

    table = join.fresh()
    table["game"] = session["game"]
    table["names"] = list(session["names"])
    table["tokens"] = [hexlify(os.urandom(8)).decode()] + [None] * (len(table["names"]) - 1)
    Store(folder).save("phones", table)


# -- one mutated state -----------------------------------------------------------------------
_MARK = "@@mark@@"  # where a value too big for a spec line goes into the JSON


def _saved_bytes(data, mark=None):
    """The file as store.py saves it (its JSON, a line break, the JSON's CRC-32), in pieces:
    a marked value of thousands of characters goes a run of 256 at a time, so that this
    runner needs no block of its size in the heap it shares with the firmware it boots."""
    body = json.dumps(data)
    if mark is None:
        pieces = [body.encode()]
    else:
        head, _, tail = body.partition('"%s"' % _MARK)
        pieces = [head.encode()]
        for char, n in mark:
            while n:
                pieces.append(char.encode() * min(n, 256))
                n -= len(pieces[-1])
        pieces.append(tail.encode())
    crc = 0
    for piece in pieces:
        crc = crc32(piece, crc)
    pieces.append(b"\n%08x" % (crc & 0xFFFFFFFF))
    return pieces


def _marked(value):
    """The JSON of a value a spec names by a marker, as runs of (character, count):
    {"$chars": n} a string of n letters, {"$digits": n} an int of n digits, {"$deep": n} a
    list nested n deep; else None."""
    if type(value) is dict and len(value) == 1:
        for key, n in value.items():
            if key == "$chars":
                return (('"', 1), ("A", n), ('"', 1))
            if key == "$digits":
                return (("9", n),)
            if key == "$deep":
                return (("[", n), ("]", n))
    return None


def _at(data, path):
    for step in path:
        data = data[step]
    return data


def mutated(raw, kind, args):
    """The file's new bytes, or its pieces (_saved_bytes), for every kind but "dir" and
    "big"."""
    if kind == "flip":
        out = bytearray(raw)
        out[args[0] >> 3] ^= 1 << (args[0] & 7)
        return bytes(out)
    if kind == "cut":
        return raw[: args[0]]
    data = json.loads(raw[:-9])
    mark = None
    if kind == "set":
        value = args[1]
        mark = _marked(value)
        if mark is not None:
            value = _MARK
        if args[0]:
            _at(data, args[0][:-1])[args[0][-1]] = value
        else:
            data = value
    elif kind == "del":
        del _at(data, args[0][:-1])[args[0][-1]]
    else:  # "add": an extra field
        _at(data, args[0])[args[1]] = args[2]
    return _saved_bytes(data, mark)


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
                for piece in [raw] if type(raw) is bytes else raw:  # (_saved_bytes: pieces)
                    f.write(piece)


class Reset(BaseException):
    """The board goes down: machine.reset(), or its watchdog."""


class Played(BaseException):
    """The trial has played its part: out of start.main() before its endless loop."""


class Machine:
    """The stand-in `machine` start.main() imports: a reset raises Reset, and the next boot
    reads it as the watchdog's, as rp2 reads machine.reset()."""

    WDT_RESET = 3
    cause = 0

    @staticmethod
    def reset_cause():
        return Machine.cause

    @staticmethod
    def reset():
        raise Reset

    class WDT:
        def __init__(self, timeout):
            pass

        def feed(self):
            pass


class TrialBoard(boards.HostBoard):
    """The host board with a network, built by start.main() (board.build): once the device
    is built (attach), the trial plays on it, then leaves main()."""

    wifi = FakeAP()

    def __init__(self, trial):
        super().__init__(trial.work)
        self.fonts, self.decks = "fonts.bin", "decks"  # on the flash, as on a board
        self.trial = trial

    def tone(self, name, volume):
        pass

    def attach(self, dev):
        self.trial.play(dev)
        raise Played


class Trial:
    """Powers the device on `work`, as a board does, and plays a little, as a table would
    after a power-on; records what it saw, the resets, and their cause."""

    def __init__(self, work, seed, game):
        self.dev = self.board = None
        self.work = work
        self.seed = seed
        self.game = game
        self.now = ticks.add(0, -3000)
        self.presses = seed
        self.resets = []  # why each reset came: a traceback, or the watchdog

    def power_on(self):
        """Boots through start.main() until a boot plays through (a reset boots again, as
        the board would: at most five, which a loop would pass); returns the screens seen."""
        Machine.cause = 0
        for _ in range(5):
            self.dev = self.board = self.seen = None  # a power cut: RAM is empty
            unload(BOOT_MODULES)
            import standin_machine as machine

            for name in ("WDT_RESET", "reset_cause", "reset", "WDT"):
                setattr(machine, name, getattr(Machine, name))
            sys.modules["machine"] = machine
            import start  # noqa: PLC0415 - imported anew at every boot, as on a board

            boards.build = lambda: TrialBoard(self)
            try:
                start.main()
            except Played:
                return self.seen
            except Reset:
                Machine.cause = Machine.WDT_RESET
                continue
            finally:  # the board is gone: nothing of its device stays in the heap
                self.dev = self.board = boards.build = start = None
            raise AssertionError("start.main() returned: no game ran")
        raise AssertionError("five boots in a row reset")

    def play(self, dev):
        """On the device start.main() built: the notice and the resume offer answered (a
        phone looking at each), then a few presses in the game."""
        self.dev, self.board = dev, dev.board
        try:
            self._play()
        except Exception as e:  # noqa: BLE001 - recorded, then start.main()'s to handle
            buf = io.StringIO()
            sys.print_exception(e, buf)
            self.resets.append(buf.getvalue())
            raise

    def _play(self):
        app = self.dev.app
        self.timed(self.dev.render)
        self.seen = seen = [shows(app)]
        self.told = []  # what the notices said
        for _ in range(4):
            if seen[-1] == "notice":
                self.told.append(app.screen.message)
            self.look()
            if seen[-1] == "notice":
                self.press("A")
            elif seen[-1] == "resume":
                self.press("B")
            else:
                break
            seen.append(shows(app))
        if seen[-1] != "menu":
            for b in ("B", "GO", "A", "C", "DOWN", "UP"):  # a few screens into the game
                self.presses = (self.presses * 1103515245 + 12345) & 0x7FFFFFFF
                self.press(b, 60 if self.presses & 1 else 900)
            self.wait(2000)

    def look(self):
        """A phone looks: at the teams, and as the first team's phone, if it has one."""
        net = self.dev.net
        net.api("GET", "/api/teams", None, b"", 2)
        token = net.table["tokens"][0] if net.table["tokens"] else None
        net.api("GET", "/api/me", token, b"", 2)

    def timed(self, step, *args):
        """A poll or a frame, as the watchdog sees it: one that takes longer than it allows
        resets the board (with no rescue file: the watchdog writes none)."""
        start = time.ticks_ms()
        step(*args)
        took = time.ticks_diff(time.ticks_ms(), start)
        if took > WATCHDOG_MS:
            self.resets.append("watchdog: %d ms in %s" % (took, step.__name__))
            raise Reset

    def press(self, name, ms=60):
        self.board.set_button(name, True, self.now)
        self.wait(ms)
        self.board.set_button(name, False, self.now)
        self.wait(120)

    def wait(self, ms):
        for _ in range(ms // POLL_MS):
            self.now = ticks.add(self.now, POLL_MS)
            self.timed(self.dev.poll, self.now)
        self.timed(self.dev.render)


def shows(app):
    """Which screen is on top, as the host's screen reader (boards/host/screens.py) names
    it: a game's screens by the game they play, the others by their own name."""
    model = type(getattr(app.screen, "game", None)).__name__
    return app.session["game"] if model in _MODELS else app.screen.name


_MODELS = ("SayWhen", "StayCool", "Scattergories")


def finished(game, session):
    """Whether the saved game was played to its end by the rules (its winners were on the
    screen, so power-on ends it without a word): Say When!'s winner leads with 10 points
    or after the 20th card (Sudden Death's, tied), Stay Cool's last turn of round 3 is
    played, Scattergories' last round is scored."""
    try:
        s = session["state"]
        if game == "saywhen":
            scores, winner = s["scores"], s["winner"]
            best = max(scores)
            return (
                type(winner) is int
                and scores[winner] == best
                and (best >= 10 or s["played"] >= 20)
            )
        if game == "staycool":
            return s["phase"] == "over" and s["round"] == 3
        return s["phase"] == "won" and len(s["scores"]) == s["rounds"]
    except Exception:  # noqa: BLE001 - a save in pieces is no finished game
        return False


def _exists(path):
    try:
        os.stat(path)
        return True
    except OSError:
        return False


def _json(raw):
    try:
        return json.loads(raw[:-9])
    except Exception:  # noqa: BLE001 - damaged beyond reading
        return None


def trial(base, work, spec, n):
    """One mutated state, powered on twice; returns (crashed, silently deleted, why)."""
    game = spec[0].split("-")[0]
    unload(BOOT_MODULES)  # the last trial's device is gone: its modules' heap comes back
    for name in ("rescue", "strikes", "clean"):  # start.main()'s, from the last trial
        try:
            os.remove(name)
        except OSError:
            pass
    lay_out(base, work, spec)
    there = [key for key in FILES if _exists(work + "/" + key + ".json")]
    session = None  # (read by the harness only if the device can read it too)
    deep = spec[2] == "set" and type(spec[4]) is dict and "$deep" in spec[4]
    if spec[1] != "session" or not (spec[2] in ("dir", "big") or deep):
        session = _json(_read(work + "/session.json") or b"")
    first = Trial(work, n, game)
    seen = first.power_on()
    if first.resets:
        return True, False, "reset: " + first.resets[0]
    if seen[-1] not in (game, "menu"):
        return False, False, "ended on %r after %r" % (seen[-1], seen)
    # a notice is followed by the menu, or by the resume offer of a game that is good
    if "notice" in seen and seen[-1] != "menu" and "resume" not in seen:
        return False, False, "a notice, then %r" % (seen,)
    for key in there:
        if _exists(work + "/" + key + ".json"):
            continue
        if "notice" in seen and _exists(work + "/" + key + ".bad.json"):
            continue  # kept aside, and told
        if key == "session" and finished(game, session):
            continue
        return False, True, "%s.json gone without a word (%r)" % (key, seen)
    second = Trial(work, n, game)
    again = second.power_on()  # on what the first left: no loop, no second failure
    if second.resets:
        return True, False, "second boot reset: " + second.resets[0]
    if "notice" in again:
        return False, False, "told twice: %r, then %r" % (first.told, second.told)
    return False, False, None


def mutate(base, specs, flash):
    """`flash` stands for a board's flash: the firmware and board modules (links to them,
    laid out as make flash copies them), start.main()'s own files, and the state folder."""
    tried = crashes = deletions = failed = 0
    os.chdir(flash)  # modules found as on the board ("app/menu.mpy"), rescue and strikes here
    work = flash + "/state"
    specs = open(specs)  # noqa: SIM115 - read a line at a time: there may be 100,000
    while True:
        line = specs.readline()
        if not line:
            break
        spec = json.loads(line)
        tried += 1
        try:
            crashed, deleted, why = trial(base, work, spec, tried)
        except Exception as e:  # noqa: BLE001 - any failure of the harness is a finding too
            buf = io.StringIO()
            sys.print_exception(e, buf)
            crashed, deleted, why = True, False, buf.getvalue()
        crashes += crashed
        deletions += deleted
        if why is not None:
            failed += 1
            print("FAIL " + line.strip())
            print(why)
    specs.close()
    print("done %d %d %d %d" % (tried, failed, crashes, deletions))


if __name__ == "__main__":
    if sys.argv[1] == "collect":
        collect(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), sys.argv[5])
    else:
        mutate(sys.argv[2], sys.argv[3], sys.argv[4])
