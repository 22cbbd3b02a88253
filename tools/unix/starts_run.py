"""How long each game takes to start, against the menu's redraw in the same run.

Run in the unix port (`make bench` does, on the .mpy build): the real device, stepped by the
headless simulator's Sim, with its polls and its frame drawing timed in microseconds. A
start is every poll and draw from the "Start game" press to its first frame drawn; the
menu's redraw, every poll and draw of one UP press at the menu to its frame. The ratio of
the two means the same on any machine (the board runs the same bytecode); so does the
longest single stretch of the start (one poll, or one draw or part of one), against the same
redraw.

    import starts_run; starts_run.measure(state_dir, reps)
"""

import gc
import sys
import time

import headless
from stepped import Steps

import ticks

# From the menu to the last row of each game's setup (tests/test_*_sim.py use the same).
SETUP = {
    "saywhen": "press GO\npress GO\npress UP",
    "staycool": "press DOWN\npress GO\npress GO\npress UP",
    "scattergories": "press DOWN\npress DOWN\npress GO\npress GO\npress UP",
}


class Counted:
    """A file whose reads are counted: on a board each costs flash time the unix port does
    not charge (littlefs reads a block through the XIP cache), so a start's reads are a
    figure of their own."""

    reads = [0, 0]  # calls, bytes: of every file open

    def __init__(self, f):
        self._f = f

    def read(self, n=-1):
        data = self._f.read(n)
        Counted.reads[0] += 1
        Counted.reads[1] += len(data)
        return data

    def readinto(self, buf):
        n = self._f.readinto(buf)
        Counted.reads[0] += 1
        Counted.reads[1] += n or 0
        return n

    def __getattr__(self, name):
        return getattr(self._f, name)

    def __enter__(self):
        return self

    def __exit__(self, *args):
        self._f.close()


def counting(plain_open):
    def opened(path, mode="r", *args):
        f = plain_open(path, mode, *args)
        return Counted(f) if "r" in mode else f

    return opened


class Timed:
    """Wraps a device's poll and render: the time they take, summed and at most, until a
    frame is drawn (what the table waits for: a save written after it is not). A frame
    drawn in parts (App.draw_first) is timed part by part, as the shell's loop draws it
    (shell._drawn: the loop runs between the parts). Of the whole, the frame's drawing is
    summed apart too (drawing): what a screen has to show, not what a start has to do."""

    def __init__(self, dev):
        self.reset()
        self.dev = dev
        dev.poll = self.timing(dev.poll)
        dev.render = self.render

    def timing(self, f):
        def timed(*args):
            t = time.ticks_us()
            r = f(*args)
            self.took(t)
            return r

        return timed

    def took(self, since, drawing=False):
        took = time.ticks_diff(time.ticks_us(), since)
        if not self.drawn:
            self.total += took
            self.longest = max(self.longest, took)
            if drawing:
                self.drawing += took

    def render(self):
        app = self.dev.app
        want = app.want_draw
        if want:
            t = time.ticks_us()
            rest = app.draw_first(self.dev.gfx)
            for _ in rest or ():
                self.took(t, True)
                t = time.ticks_us()
            self.took(t, True)
            self.drawn = True
        return want

    def reset(self):
        self.total = self.longest = self.drawing = 0
        self.drawn = False


def fastest(xs):
    """The least of the runs: what the work itself costs, the least disturbed by whatever
    else the machine was doing (a shared machine only ever adds time)."""
    return min(xs)


def clear(state_dir):
    import os

    for name in os.listdir(state_dir):
        os.remove(state_dir + "/" + name)


def played_before(played):
    """Each deck's record of the cards played, in place, as on a device that has played a
    quarter of every deck: a deal then lands on played cards and draws again (app.dealer),
    as in every game but a device's first."""
    for rec in played.values():
        bits = rec["bits"]
        for j in range(len(bits)):
            bits[j] = 0x1111


def start(state_dir, game):
    """A device that has played before (played_before) at the setup of `game`, timed: (its
    menu redraw, then its start, in µs; the start's longest stretch; its first frame's
    drawing)."""
    clear(state_dir)
    sim = headless.Sim(ticks.MASK + 1 - 30000, state_dir, 1)
    played_before(sim.dev.app.played)
    timed = Timed(sim.dev)
    sim.step("press DOWN")
    timed.reset()
    sim.step("press UP")  # the menu: one step, one partial refresh
    redraw = timed.total
    for line in SETUP[game].split("\n"):
        sim.step(line)
    timed.reset()
    Counted.reads[:] = [0, 0]
    sim.step("press GO")  # Start game: until its first frame is drawn
    return redraw, timed.total, timed.longest, timed.drawing


def qr_steps(text="WIFI:T:WPA;S:Scanner-7F3A;P:dance-owl-42;;"):
    """The join screen's Wi-Fi code made as the phones' task makes it (net.qr.packed): (its
    steps, the longest step and the whole, in µs), the collector held back. A collection
    lands where an allocation needs one, in whatever runs then (here, the first step's
    buffers after a game's heap): its length is the heap's, and no ratio of bytecode's
    turns it into a board's (tools/budget.py)."""
    from net import qr

    plain = qr.asyncio
    qr.asyncio = Steps()
    coro = qr.packed(text, lambda: True)
    n = whole = longest = 0
    gc.collect()
    gc.disable()
    try:
        while True:
            t = time.ticks_us()
            try:
                coro.send(None)
            finally:
                took = time.ticks_diff(time.ticks_us(), t)
                whole += took
                longest = max(longest, took)
            n += 1
    except StopIteration:
        pass
    finally:
        gc.enable()
        qr.asyncio = plain
    return n + 1, longest, whole


def measure(state_dir, reps=5):
    """The fastest of `reps`: {game: (start / redraw, longest stretch / redraw, the first
    frame's drawing / redraw)}, the redraw in µs, "qr": the join screen's code (its steps,
    its longest step / redraw, the whole / redraw), and then, apart (a counted file is
    slower): {game + " reads": (the reads of a start, their bytes)}."""
    import builtins
    import os

    try:
        os.mkdir(state_dir)
    except OSError:
        pass
    timed = {g: [] for g in SETUP}  # each start's (whole, longest stretch, drawing)
    redraws = []
    for _ in range(reps):
        for game in SETUP:
            redraw, *took = start(state_dir, game)
            redraws.append(redraw)
            timed[game].append(took)
    redraw = fastest(redraws)
    out = {g: tuple(fastest(xs) / redraw for xs in zip(*timed[g])) for g in SETUP}
    out["redraw_us"] = redraw
    made = []
    for _ in range(reps):
        made.append(qr_steps())
    out["qr"] = (
        made[0][0],
        fastest([m[1] for m in made]) / redraw,
        fastest([m[2] for m in made]) / redraw,
    )
    plain = builtins.open
    builtins.open = counting(plain)
    try:
        for game in SETUP:
            start(state_dir, game)
            out[game + " reads"] = tuple(Counted.reads)
    finally:
        builtins.open = plain
    return out


if __name__ == "__main__":
    print(measure(sys.argv[1] if len(sys.argv) > 1 else "/tmp/starts"))
