"""Drives boards/host/fuzz.py through power cuts: each one a fresh MicroPython process.

    make replay GAME=saywhen SEED=5 EVENTS=20000 [CUTS=0] [HEAP=128K]
    .venv/bin/python -m tools.fuzz [--no-cuts] GAME SEED EVENTS [HEAP]

It runs the .mpy build that gets flashed (SCANNER_MPY=0 runs the .py sources instead).

A board starts with an empty heap after a power cut; a process does too. So when the
fuzzer cuts the power it exits, and this driver boots a new one on the same saved state,
handing on the event count, the random stream and the clock. Prints the fuzzer's last
line (`ok ...` or the failure with its seed) and exits 0 or 1. `--no-cuts` leaves the
power on: one process, one long evening, as a device left on at a party lives it (the
same random stream, a power cut played as a short pause).
"""

import argparse
import os
import re
import subprocess
import sys
import tempfile
from typing import NamedTuple

from tools.mpenv import MPY_HEAP, device_layout, micropython

os.environ.setdefault("SCANNER_MPY", "1")  # the .mpy build, as flashed and as make fuzz runs

GC_BLOCK = 32  # bytes in a heap block of the 64-bit unix port (4 words; 16 on a Pico)


class Run(NamedTuple):
    ok: bool
    output: str  # the last process's: the failure, or the `ok ...` line
    power_cuts: int
    ended: int  # games played to their end
    lowest_free: int | None  # lowest free heap over every process, bytes (None: no report)
    largest_block: int | None  # the smallest "largest free block" seen, bytes (None: none)


def fuzz(
    game, seed, events, heap=MPY_HEAP, state_dir=None, power_cuts=True, prelude=None, env=None
):
    """Runs the fuzzer to the end or the first failure; `power_cuts` False leaves the
    power on all along. `prelude`: MicroPython code run before the fuzzer, and `env`, more
    of the environment (make bench switches a mechanism off with them)."""
    with tempfile.TemporaryDirectory() as tmp:
        state = state_dir or tmp
        carry = []
        cuts = ended = 0
        lowest = block = None
        cwd, full_env = device_layout()
        full_env.update(env or {})
        start = ["-c", prelude + "\nimport sys, fuzz\nfuzz.main(sys.argv)"] if prelude else []
        while True:
            args = [micropython(), "-X", "heapsize=" + heap, *(start or ["-m", "fuzz"]), game]
            args += [str(seed), str(events), state, "1" if power_cuts else "0", *carry]
            proc = subprocess.run(
                args, capture_output=True, text=True, cwd=cwd, env=full_env, timeout=3600
            )
            out = proc.stdout + proc.stderr
            ended += sum(int(n) for n in re.findall(r"ended=(\d+)", out))
            for low in re.findall(r"lowest free heap=(\d+)", out):
                lowest = int(low) if lowest is None else min(lowest, int(low))
            for blocks in re.findall(r"max free sz: (\d+)", out):
                size = int(blocks) * GC_BLOCK
                block = size if block is None else min(block, size)
            cut = [line for line in out.splitlines() if line.startswith("POWERCUT ")]
            if proc.returncode == 3 and cut:
                carry = cut[-1].split()[1:4]
                cuts += 1
                continue
            ok = proc.returncode == 0 and "ok game=" in out
            if not ok:
                out += "\nreplay: " + replay_command(game, seed, events, heap, power_cuts)
            return Run(ok, out, cuts, ended, lowest, block)


def replay_command(game, seed, events, heap, power_cuts):
    """The make command that runs the same events again."""
    cmd = "make replay GAME=%s SEED=%d EVENTS=%d" % (game, seed, events)
    if not power_cuts:
        cmd += " CUTS=0"
    return cmd + ("" if heap == MPY_HEAP else " HEAP=" + heap)


def summary(game, seed, run):
    """One line for a person: what the run went through, and how close the heap came."""
    played = "%d power cuts, %d games played to their end" % (run.power_cuts, run.ended)
    return "%s seed %d: %s, lowest free heap %s, smallest largest free block %s" % (
        game,
        seed,
        played,
        kb(run.lowest_free),
        kb(run.largest_block),
    )


def events_to_an_end(game, seed, events, heap=MPY_HEAP, power_cuts=True, most=200_000):
    """How many events of this seed play a game to its end, for a run of `events` that
    ended none: the run again with twice as many, and again, up to `most` (None: not even
    then). Only a failure's message asks this, so its cost is paid only then."""
    while events < most:
        events = min(events * 2, most)
        if fuzz(game, seed, events, heap, power_cuts=power_cuts).ended:
            return events
    return None


def no_end(game, seed, events, heap=MPY_HEAP, power_cuts=True):
    """One line for a run that played no game to its end, with the number that would."""
    enough = events_to_an_end(game, seed, events, heap, power_cuts)
    return "%s seed %d: no game played to its end in %d events; %s" % (
        game,
        seed,
        events,
        "%d events of this seed play one to its end" % enough
        if enough
        else "not even 200000 events of this seed play one to its end",
    )


def kb(n):
    return "?" if n is None else "%.1f KB" % (n / 1024)


def main(argv=None):
    parser = argparse.ArgumentParser(
        prog="python -m tools.fuzz", description=__doc__.splitlines()[0]
    )
    parser.add_argument("game", choices=("saywhen", "staycool", "scattergories"))
    parser.add_argument("seed", type=int, help="the random stream's seed")
    parser.add_argument("events", type=int, help="how many random events")
    parser.add_argument("heap", nargs="?", default=MPY_HEAP, help="the heap cap: " + MPY_HEAP)
    parser.add_argument(
        "--no-cuts", action="store_true", help="leave the power on: one long evening"
    )
    args = parser.parse_args(argv)
    run = fuzz(args.game, args.seed, args.events, args.heap, power_cuts=not args.no_cuts)
    print(run.output.strip().splitlines()[-1] if run.ok else run.output.strip())
    print(summary(args.game, args.seed, run))
    if run.ok and not run.ended:
        print(no_end(args.game, args.seed, args.events, args.heap, not args.no_cuts))
    return 0 if run.ok else 1


if __name__ == "__main__":
    sys.exit(main())
