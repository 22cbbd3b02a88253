"""Seeded random button mashing with four phones at the table: the margin with phones.

    python -m tools.phonefuzz GAME SEED EVENTS [HEAP]   (HEAP: the game's margin, tools/budget.py)

The device is the headless simulator serving phones (--http), the .mpy build that gets
flashed, playing GAME with four teams or players. Each phone joins its own and, in turn,
looks at what its team sees, as the page does between two of the device's events, and now
and then acts as its page lets it: a guess, a tap, a sheet, a challenge, a vote, or a
message the server must refuse. Each asks from an address of its own (the server
rate-limits an address). Between the phones' requests the device gets seeded random
button events (presses, long presses, held UP/DOWN, two buttons at once, the A+C chord)
and pauses of up to 3 minutes, so timers run out; the mashing finds its way to the menu,
its settings and new games, where the phones follow (a new game's network refuses the
last game's tokens: they join again). One event in 300 is a power cut: the process ends
and another boots on what was saved, as a board's RAM empties.

It fails on an error or a traceback from the device, a request answered 5xx or not at
all, or a look refused but for want of a game. Every 50 events `mem` reads the heap:
the lowest free and the smallest "largest free block" are printed, what fails first.
"""

import argparse
import os
import random
import re
import sys
import tempfile
import time

from tools.budget import MARGIN_PHONES
from tools.fuzz import GC_BLOCK, kb
from tools.phones import SCATTERGORIES, START, Device, Phone

os.environ.setdefault("SCANNER_MPY", "1")  # the .mpy build, as flashed

# The game, new, from the menu, with four teams or players (tools/phones.py's and the
# fourth Say When! team added on the setup screen: C).
NEW = {
    "saywhen": "press GO\npress GO\npress C\npress C\n" + START,
    "staycool": "press DOWN\npress GO\npress GO\n" + START,
    "scattergories": SCATTERGORIES + START,
}
BUTTONS = ("A", "B", "C", "UP", "DOWN", "GO")
PHONES = 4
MEM_EVERY = 50
CUT_ONE_IN = 300
PACE = 0.04  # seconds between two events: a phone asks every fourth, past its rate limit
# What a game's screen is called when the device is not in the game (the menu phase).
OFF_GAME = ("menu", "notice", "confirm", "resume", "name", "edit", "settings", "rules")
REOPEN_EVENTS = 20  # events the phones wait for the network once it is on again
MENU_EVENTS = 30  # events the mashing has at the menus before the fuzzer steers it back
# Each game's name in its menus' titles: a fuzz keeps to its own game, whose margin it is.
TITLES = {"saywhen": "Say When!", "staycool": "Stay Cool", "scattergories": "Scattergories"}


class Failure(Exception):
    pass


def device_event(rng):
    """One random event as headless commands, and how it reads in a report."""
    r = rng.randrange(100)
    b = rng.choice(BUTTONS)
    if r < 45:
        return "press " + b, "press " + b
    if r < 55:
        return "long " + b, "long " + b
    if r < 63:
        updown = rng.choice(("UP", "DOWN"))
        ms = 500 + rng.randrange(2500)
        return "hold %s\nwait %d\nrelease %s" % (updown, ms, updown), "repeat %s" % updown
    if r < 67:
        other = rng.choice(BUTTONS)
        ms = 50 + rng.randrange(900)
        cmds = "hold %s\nhold %s\nwait %d\nrelease %s\nrelease %s" % (b, other, ms, b, other)
        return cmds, "both %s+%s" % (b, other)
    if r < 69:
        return "chord A C", "chord A C"
    ms = rng.randrange(3000) if rng.randrange(4) else rng.randrange(180_000)
    return "wait %d" % ms, "wait %d" % ms


def act(game, view, team, rng):
    """A message the phone of `team` may send now, from what it shows (`view`), or junk."""
    if rng.randrange(20) == 0:
        return rng.choice(({"guess": "1e9"}, {"button": "wrong"}, {"answers": "no"}, {}))
    if game == "saywhen":
        if not view.get("can_guess"):
            return None
        guess = (
            None if rng.randrange(6) == 0 else str(rng.randrange(-100, 10 ** rng.randrange(1, 9)))
        )
        return {"guess": guess}
    if game == "staycool":
        turn = view.get("turn")
        if not isinstance(turn, dict) or not turn.get("taps"):
            return None
        return {"button": rng.choice(("right", "right", "right", "skip", "undo"))}
    stage = view.get("stage")
    if stage == "play" and view.get("can_write"):
        letter = view.get("letter") or "A"
        return {"answers": [answer(letter, rng) for _ in range(12)]}
    if stage == "score":
        if view.get("can_vote") and rng.randrange(2):
            return {"vote": bool(rng.randrange(2))}
        if rng.randrange(4) == 0:
            return {"challenge": [rng.randrange(PHONES), rng.randrange(12)]}
    return None


def answer(letter, rng):
    """An answer as a player types it: blank, one another player may type too (a match), or
    up to 24 characters (the most a sheet takes), now and then of another letter."""
    r = rng.randrange(8)
    if r == 0:
        return ""
    if r == 1:
        return letter + rng.choice(("ab", "ed", "ion", "é"))
    first = letter if r > 2 else rng.choice("BCDKMPRSTW")
    return first + "".join(rng.choice("abcdeilnorstu é") for _ in range(rng.randrange(24)))


class Table:
    """The device and its four phones."""

    def __init__(self, game, seed, heap, state, prelude=None, env=None):
        self.game = game
        self.rng = random.Random(seed)
        self.device = Device(state, heap_size=heap, seed=seed, prelude=prelude, env=env)
        self.phones = [Phone(self.device.port, address="127.0.0.%d" % (2 + i)) for i in range(4)]
        self.heap = int(heap.rstrip("K")) * 1024
        self.lowest = None
        self.block = None
        self.looks = self.acts = self.cuts = self.joins = 0
        self.event = 0  # the event the fuzzer is at
        self.off_at = -REOPEN_EVENTS - 1  # the last event at which the network was off
        self.recent = []

    def command(self, commands):
        """Carries out the headless commands; then the device's state, or None where its
        heap had no room for the host's reader of it (a board has none)."""
        out, shown = self.device.run(commands)
        for line in out:
            if line.startswith("error:") or "Traceback" in line:
                raise Failure("the device printed: %s" % line)
        for alloc in re.findall(r"mem alloc=(\d+)", "\n".join(out)):
            free = self.heap - int(alloc)
            self.lowest = free if self.lowest is None else min(self.lowest, free)
        for blocks in re.findall(r"max free sz: (\d+)", "\n".join(out)):
            size = int(blocks) * GC_BLOCK
            self.block = size if self.block is None else min(self.block, size)
        return shown

    def network_off(self):
        """Whether the device's network is off, or opening again, after the mashing switched
        it off in the settings: the phones cannot reach it, as at a table."""
        return self.event - self.off_at <= REOPEN_EVENTS

    def request(self, phone, method, path, body=None):
        """(status, JSON) of the request, or None while the device's network is off or
        opening again after the mashing switched it off in the settings."""
        if self.network_off():
            return None
        try:
            status, data = phone.json(method, path, body)
        except OSError as e:
            raise Failure("%s %s: no answer (%s)" % (method, path, e))
        if status >= 500:
            raise Failure("%s %s: %d" % (method, path, status))
        return status, data

    def join_all(self):
        """Each phone without a token in this game joins its own team or player."""
        for team, phone in enumerate(self.phones):
            if phone.token is None and not self.network_off():
                try:
                    status, _ = phone.join(team)
                except OSError as e:
                    raise Failure("POST /api/join: no answer (%s)" % e)
                if status >= 500:
                    raise Failure("POST /api/join: %d" % status)
                self.joins += status == 200

    def look(self, team):
        phone = self.phones[team]
        if phone.token is None:
            return
        answer = self.request(phone, "GET", "/api/me")
        if answer is None:
            return
        status, me = answer
        self.looks += 1
        if status == 403:  # another game now (or none): its phones join again
            phone.token = None
            return
        if status != 200:
            raise Failure("a look answered %d: %r" % (status, me))
        message = act(self.game, me["view"] or {}, team, self.rng)
        if message is not None:
            self.request(phone, "POST", "/api/act", message)
            self.acts += 1

    def steer(self, state, idle):
        """Mashing finds the way out to the menus, and may wander there: into the settings,
        where it may switch the network off, which the fuzzer switches on again (the
        phones wait meanwhile); into another game's menus, out of which it backs at once
        (that game has a margin of its own); or for MENU_EVENTS events, after which it
        steers back into its game (resumed, or a new one) from the main menu, as a table
        would. The state after, and whether it steered."""
        view = state.get("view") or {}
        title = view.get("title") or ""
        if state["settings"].get("wifi") == 2:  # the network off: the phones cannot play
            self.off_at = self.event
            row = {"Settings": "Wi-Fi network", "Party Scanner": "Settings"}.get(title)
            if state["screen"] == "menu" and row in view.get("items", ()):
                moves = view["items"].index(row) - view["selected"]
                keys = ["press DOWN"] * moves + ["press UP"] * -moves
                keys.append("press B" if row == "Wi-Fi network" else "press GO")  # B: 2 -> 1, on
                return self.command("\n".join(keys)), True
        others = [TITLES[g] for g in TITLES if g != self.game]
        if state["screen"] == "menu" and any(other in title for other in others):
            return self.command("press A"), True  # back, a menu at a time
        if idle > MENU_EVENTS and state["screen"] == "menu" and title == "Party Scanner":
            session = state.get("session")
            if session and session["game"] == self.game:
                return self.command("press B"), True  # Resume, the first row
            return self.command(NEW[self.game]), True
        return state, False

    def run(self, events):
        state = self.command(NEW[self.game])
        self.command("press B")  # the join screen shown at the game's start goes
        self.join_all()
        idle = 0
        for i in range(events):
            self.event = i
            if self.rng.randrange(CUT_ONE_IN) == 0:
                self.device.power_cut()
                self.cuts += 1
                self.recent.append("power cut")
                state = self.command("state")
                continue
            commands, what = device_event(self.rng)
            self.recent = (self.recent + [what])[-12:]
            if i % MEM_EVERY == 0:
                commands += "\nmem"
            # Where the device stands, after every event: a game's start is a few events
            # from the main menu, and the fuzzer must see it before another game starts.
            screen = state and state["screen"]
            state = self.command(commands)
            if state is not None:
                if state["screen"] != screen:
                    self.recent.append("[%s]" % state["screen"])
                idle = idle + 1 if state["screen"] in OFF_GAME else 0
                state, steered = self.steer(state, idle)
                if steered:
                    idle = 0
            if any(p.token is None for p in self.phones) and i % 20 == 0:
                self.join_all()
            self.look(i % PHONES)
            time.sleep(PACE)
        self.command("mem")


def fuzz(game, seed, events, heap=None, prelude=None, env=None):
    """(whether it ran to the end, one line on how it went), at `heap` or the margin
    (`prelude`, `env`: tools.phones.Device's, as make bench switches a mechanism off)."""
    heap = heap or MARGIN_PHONES
    with tempfile.TemporaryDirectory() as state:
        table = Table(game, seed, heap, state, prelude, env)
        try:
            table.run(events)
            ok, why = True, ""
        except (Failure, AssertionError) as e:
            ok, why = False, "FAIL seed=%d: %s\nlast events: %s\n" % (seed, e, table.recent)
        finally:
            err = table.device.close()
        if "Traceback" in err or "Error" in err:
            ok, why = False, why + "the device's stderr:\n" + err[-3000:]
    line = "%s seed %d at %s: %d events, %d power cuts, %d looks, %d acts, %d joins; " % (
        game,
        seed,
        heap,
        events,
        table.cuts,
        table.looks,
        table.acts,
        table.joins,
    )
    line += "lowest free heap %s, smallest largest free block %s" % (
        kb(table.lowest),
        kb(table.block),
    )
    return ok, why + line


def main(argv=None):
    parser = argparse.ArgumentParser(
        prog="python -m tools.phonefuzz", description=__doc__.splitlines()[0]
    )
    parser.add_argument("game", choices=("saywhen", "staycool", "scattergories"))
    parser.add_argument("seed", type=int)
    parser.add_argument("events", type=int)
    parser.add_argument(
        "heap",
        nargs="?",
        help="the heap cap (default: the margin with phones, %s)" % MARGIN_PHONES,
    )
    args = parser.parse_args(argv)
    ok, report = fuzz(args.game, args.seed, args.events, args.heap)
    print(report)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
