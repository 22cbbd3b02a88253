"""The headless simulator: the real firmware stepped by commands read from stdin.

    micropython -m headless [--start MS] [--state DIR] [--seed N] [--http PORT]

Simulated time starts at --start (default: 30 s before ticks wrap at 2**30, so every
scripted game crosses the wrap) and moves only when a command says so, in 10 ms polls,
exactly as the shell polls on a board; --seed (default 1) makes the deal of cards and
letters repeatable. Commands, one per line (# starts a comment):

    press B | long B | hold B | release B | chord A C | wait MS | busy MS
    screen | text | png PATH | ring | state | refreshes | mem | modules | battery MV
    reboot | quit

press: down 80 ms, then up 80 ms. long: down 1000 ms, then up 80 ms. hold/release: one
edge, then 30 ms (past the debounce). chord A C: A down, C down 30 ms later, both up 150
ms later. busy MS holds the loop for the next MS of time, as a long stretch of work would:
the commands after it move the buttons and let time pass, but no poll runs until then (the
edges are latched, as a board's pins latch them). screen prints the frame in braille dots
and the text drawn on it; text prints only the text; png saves the frame; ring prints the
16 LEDs as RRGGBB; state prints the core's state as JSON; refreshes counts e-ink refreshes
(partial, full); mem prints the heap in use after a collection (then micropython's
mem_info and qstr_info: the largest free block, the names interned), modules that and the
modules loaded; battery MV gives the board a battery at MV millivolts; reboot is a power
cut (but with --http: netsim.py says why): the device starts again from what it saved.
Tones are printed as `tone NAME` when they play. A bad command prints `error: COMMAND:
what is wrong` and the simulator goes on; so does screen, png, ring or state where the
device's heap has no room for the host's reader of it (a board has none), printing `busy:
COMMAND: ...`.

--http PORT: the PC is a board with Wi-Fi serving phones on 127.0.0.1:PORT (netsim.py).
"""

import boot  # noqa: F401, I001 - first, as on a board
import gc
import json
import sys

import ticks
from phases import unload
from app.gfx import H, W
from board import BIT, HostBoard
from shell import POLL_MS, Device
from store import Store

if "--http" in sys.argv:
    import netsim  # and asyncio with it, which must outlive a reboot
BOOT_MODULES = set(sys.modules)  # what a freshly booted device has loaded

BUTTONS = "A B C UP DOWN GO"
# Between spaces, so that a command is found in it without splitting it at each command (a
# list of a score of strs, 1 KB of the device's heap a command: make bench drives it).
COMMANDS = " press long hold release chord wait busy screen text png ring state refreshes mem "
COMMANDS += "modules "
COMMANDS += "battery reboot quit "
# command -> what follows it (every other command takes nothing)
ARGS = {
    "press": ("BUTTON",),
    "long": ("BUTTON",),
    "hold": ("BUTTON",),
    "release": ("BUTTON",),
    "chord": ("BUTTON", "BUTTON"),
    "wait": ("MS",),
    "busy": ("MS",),
    "png": ("PATH",),
    "battery": ("MV",),
}


class CommandError(ValueError):
    pass


class Sim:
    def __init__(self, start, state_dir, seed):
        self.now = start & ticks.MASK
        self.busy_until = self.now  # the loop held by other work until then (`busy MS`)
        self.state_dir = state_dir
        self.seed = seed
        self.boot()

    def boot(self):
        # A power cut: nothing of the old device survives, its modules included (a board
        # starts with empty RAM), so free all of it before the new one boots.
        self.dev = self.board = None
        unload(BOOT_MODULES)
        self.board = HostBoard(self.state_dir)
        self.dev = Device(self.board, Store(self.state_dir), self.seed)
        self.seed += 1  # each boot deals differently, as a real device would
        self.dev.gfx.trace = []
        self.settle()

    def settle(self):
        want = self.dev.render()
        if want:
            self.board.refreshes[1 if want == 2 else 0] += 1
            self.dev.shown()

    def wait(self, ms):
        """Lets `ms` of simulated time pass, polling as the shell does: every 10 ms, and at
        the very tick of any deadline the core names in between; but not at all while the
        loop is busy (`busy`)."""
        end = ticks.add(self.now, max(POLL_MS, ms - ms % POLL_MS))
        while ticks.diff(end, self.now) > 0:
            busy = ticks.diff(self.busy_until, self.now)
            if busy > 0:  # edges latch meanwhile (HostBoard.set_button); nothing is polled
                self.now = ticks.add(self.now, min(busy, ticks.diff(end, self.now)))
                continue
            step = min(self.dev.sleep_ms(self.now) or POLL_MS, ticks.diff(end, self.now))
            self.now = ticks.add(self.now, step)
            self.dev.poll(self.now)
            self.settle()
            while self.dev.app.starting:  # a start's stages, a poll each, come at once: the
                self.dev.poll(self.now)  # board's loop sleeps 0 between them, and the work
                self.settle()  # takes the time (which simulated time does not charge)

    def edge(self, name, down):
        self.board.set_button(name, down, self.now)

    def command(self, words):
        # (What a command allocates here is the device's heap, collected every 2 KB: make
        # bench drives the simulator command by command, with --http and without.)
        cmd = words[0]
        args = words[1:]
        if " %s " % cmd not in COMMANDS:
            raise CommandError("unknown command %s (commands are %s)" % (cmd, COMMANDS.strip()))
        kinds = ARGS.get(cmd, ())
        if len(args) != len(kinds):
            usage = " ".join((cmd,) + kinds) if kinds else cmd + " takes nothing after it"
            raise CommandError(("usage: " if kinds else "") + usage)
        for i in range(len(kinds)):
            if kinds[i] == "BUTTON":
                args[i] = args[i].upper()
                if args[i] not in BIT:
                    raise CommandError(
                        "unknown button %s (buttons are %s)" % (words[i + 1], BUTTONS)
                    )
            elif kinds[i] in ("MS", "MV") and not args[i].isdigit():
                raise CommandError("%s takes a whole number 0 or more, not %s" % (cmd, args[i]))
        if cmd == "press" or cmd == "long":
            self.edge(args[0], True)
            self.wait(80 if cmd == "press" else 1000)
            self.edge(args[0], False)
            self.wait(80)
        elif cmd == "hold" or cmd == "release":
            self.edge(args[0], cmd == "hold")
            self.wait(30)  # past the 20 ms debounce
        elif cmd == "chord":
            self.edge(args[0], True)
            self.wait(30)
            self.edge(args[1], True)
            self.wait(150)
            self.edge(args[0], False)
            self.edge(args[1], False)
            self.wait(80)
        elif cmd == "wait":
            self.wait(int(args[0]))
        elif cmd == "busy":
            self.busy_until = ticks.add(self.now, int(args[0]))
        elif cmd == "screen":
            from term import braille_lines

            for line in braille_lines(self.dev.gfx.buf, W, H):
                print(line)
            self.print_text()
        elif cmd == "text":
            self.print_text()
        elif cmd == "png":
            import png

            png.write(args[0], self.dev.gfx.fb, W, H)
            print("saved", args[0])
        elif cmd == "ring":
            from term import ring_hex

            print("ring", ring_hex(self.dev.ring_frame(self.now)))
        elif cmd == "state":
            from screens import state  # the debug hook, loaded while asked (step)

            # Made whole before a character is printed (a MemoryError leaves no half a
            # line), then written out a piece at a time: the whole as one str would need a
            # block of the heap in one piece (half a KB and more) that a board never needs.
            shown = state(self.dev.app)
            json.dump(shown, sys.stdout)
            print()
        elif cmd == "refreshes":
            print("refreshes partial=%d full=%d" % tuple(self.board.refreshes))
        elif cmd == "battery":
            self.board.battery = int(args[0])
            self.dev._battery_at = None  # read it at the next poll
        elif cmd == "mem" or cmd == "modules":
            import micropython  # built in: a global more would cost the heap more

            gc.collect()
            print("mem alloc=%d free=%d" % (gc.mem_alloc(), gc.mem_free()))
            micropython.mem_info()  # its "max free sz": the largest free block
            micropython.qstr_info()  # the names interned, and the pools that hold them
            if cmd == "modules":
                print(" ".join(sorted(sys.modules)))
        elif cmd == "reboot":
            self.boot()

    def words(self, line):
        """The words of a line of commands, a comment (from #) left out."""
        cut = line.find("#")
        return (line if cut < 0 else line[:cut]).split()

    def step(self, line, words=None):
        """Carries out one line of commands (its `words`, if read already); False for
        `quit`. (Named as the core's step is: a name the board interns anyway.)"""
        words = self.words(line) if words is None else words
        if not words:
            return True
        if words[0] == "quit":
            return False
        # The host's readers of the screen (a board has none of them) are let go again
        # once they have answered: they would take the device's heap from then on.
        looks = words[0] in ("screen", "png", "ring", "state")
        loaded = set(sys.modules) if looks else None
        try:
            self.command(words)
        except CommandError as e:
            print("error: %s: %s" % (line.strip(), e))
        except OSError as e:  # png into a folder that is not there, say
            print("error: %s: %s" % (line.strip(), e))
        except MemoryError:
            if not looks:
                raise  # the device's own: as on a board
            # No room for a reader the host alone has, in a heap the device has filled:
            # the device goes on (a board has no such reader).
            print("busy: %s: no room for the host's reader" % words[0])
        finally:  # a MemoryError too (netsim.py asks for the state again)
            if looks:
                unload(loaded)
        return True

    def print_text(self):
        for text in self.dev.gfx.trace:
            print("text", text)


def main(argv):
    start = ticks.MASK + 1 - 30000
    state_dir = "sim-state"
    seed = 1
    i = 1
    while i < len(argv):
        opt = argv[i]
        value = argv[i + 1] if i + 1 < len(argv) else ""
        if opt == "--state" and value:
            state_dir = value
        elif opt in ("--start", "--seed", "--http") and value.isdigit():
            if opt == "--start":
                start = int(value)
            elif opt == "--seed":
                seed = int(value)
        else:
            print(
                "headless: %s %s: options are --start MS, --state DIR, --seed N, --http PORT"
                % (opt, value)
            )
            sys.exit(2)
        i += 2
    sim = Sim(start, state_dir, seed)
    if "--http" in argv:
        netsim.run(sim)
        return
    while True:
        line = sys.stdin.readline()
        if not line or not sim.step(line):
            break


if __name__ == "__main__":  # micropython -m headless
    main(sys.argv)
