"""Drives boards/host/fuzz.py through power cuts: each one a fresh MicroPython process.

    python tools/fuzz.py [--no-cuts] GAME SEED EVENTS [HEAP]

A board starts with an empty heap after a power cut; a process does too. So when the
fuzzer cuts the power it exits, and this driver boots a new one on the same saved state,
handing on the event count, the random stream and the clock. Prints the fuzzer's last
line (`ok ...` or the failure with its seed) and exits 0 or 1. A name (qstr) interned
after boot is a failure too: boot.py interns them all, so no pool grows mid-evening.
`--no-cuts` leaves the power on: one process, one long evening, as a device left on at a
party lives it (the same random stream, a power cut played as a short pause).
"""

import re
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import NamedTuple

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "host_tests"))
from mpenv import MPY_HEAP, device_layout, micropython  # noqa: E402


class Run(NamedTuple):
    ok: bool
    output: str  # the last process's: the failure, or the `ok ...` line
    power_cuts: int
    ended: int  # games played to their end
    lowest_free: int | None  # lowest free heap over every process, bytes (None: no report)


def fuzz(game, seed, events, heap=MPY_HEAP, state_dir=None, power_cuts=True):
    """Runs the fuzzer to the end or the first failure; `power_cuts` False leaves the
    power on all along."""
    with tempfile.TemporaryDirectory() as tmp:
        state = state_dir or tmp
        carry = []
        cuts = ended = 0
        lowest = None
        cwd, env = device_layout()
        while True:
            args = [micropython(), "-X", "heapsize=" + heap, "-m", "fuzz", game]
            args += [str(seed), str(events), state, "1" if power_cuts else "0", *carry]
            proc = subprocess.run(
                args, capture_output=True, text=True, cwd=cwd, env=env, timeout=3600
            )
            out = proc.stdout + proc.stderr
            ended += sum(int(n) for n in re.findall(r"ended=(\d+)", out))
            for low in re.findall(r"lowest free heap=(\d+)", out):
                lowest = int(low) if lowest is None else min(lowest, int(low))
            interned = re.findall(r"n_qstr=(\d+)", out)
            if len(set(interned)) > 1:  # boot.py interns every name the firmware has
                out += "\nFAIL seed=%d: names interned after boot (qstrs %s)" % (seed, interned)
                return Run(False, out, cuts, ended, lowest)
            cut = [line for line in out.splitlines() if line.startswith("POWERCUT ")]
            if proc.returncode == 3 and cut:
                carry = cut[-1].split()[1:4]
                cuts += 1
                continue
            return Run(proc.returncode == 0 and "ok game=" in out, out, cuts, ended, lowest)


def summary(game, seed, run):
    """One line for a person: what the run went through, and how close the heap came."""
    low = "?" if run.lowest_free is None else "%.1f KB" % (run.lowest_free / 1024)
    played = "%d power cuts, %d games played to their end" % (run.power_cuts, run.ended)
    return "%s seed %d: %s, lowest free heap %s" % (game, seed, played, low)


def main(argv):
    power_on = "--no-cuts" in argv
    argv = [a for a in argv if a != "--no-cuts"]
    game, seed, events = argv[1], int(argv[2]), int(argv[3])
    heap = argv[4] if len(argv) > 4 else MPY_HEAP
    run = fuzz(game, seed, events, heap, power_cuts=not power_on)
    print(run.output.strip().splitlines()[-1] if run.ok else run.output.strip())
    print(summary(game, seed, run))
    return 0 if run.ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
