"""A library, not a tool: make bench's figure for driving the headless simulator with
--http, the phones' server up and no phone talking, against driving it without.

The same 20 commands, at the menus (where a command waits while the device makes the
next game's network: netsim.py), each sent once the one before has been answered, as
tools/phones.py's Device and a person at a terminal drive it. A command's answer is the
`refreshes` line sent after it. The device boots first, and its first answer is timed
apart: with --http it opens the network and makes the next game's QR codes then (about
two seconds on a Pico, the device's own work). Then the same with the port taken (by
another simulator, say): the network does not open, and no command may wait for it.
Wall-clock, every kind in the same run, taken in turn, so that the ratios mean the same on
any machine. The .mpy build, as make bench runs it.
"""

import os
import queue
import socket
import tempfile
import threading
import time

from tools.budget import TEST_HEAP
from tools.phones import device_process

os.environ.setdefault("SCANNER_MPY", "1")  # the .mpy build, as flashed (the sources need more)

# The menus walked: the settings, a game's menus and its setup, the main menu again; the
# text on screen and the core's state read.
SCRIPT = """
press DOWN
press DOWN
press DOWN
press UP
press UP
press UP
text
press GO
press DOWN
press DOWN
press A
press GO
press GO
press C
press A
press A
chord A C
press DOWN
text
state
""".strip().splitlines()
SETTLE_S = 0.5  # between the boot and the script: the device at rest, as a person finds it
_FULL = {"SIM_GC_EVERY": "-1"}  # the heap collected only when full (board.py)
DONE = "refreshes partial="  # what the `refreshes` after each command prints


def drive(http, heap=TEST_HEAP, env=None, taken=False):
    """One process through SCRIPT at `heap`, serving phones if `http`, on a port another
    socket listens on if `taken`: (seconds to its first answer, seconds for the script)."""
    args = ["-m", "headless"]
    with tempfile.TemporaryDirectory() as state, socket.socket() as other:
        if http:
            other.bind(("127.0.0.1", 0))
            if taken:
                other.listen()
            args += ["--http", str(other.getsockname()[1])]
            if not taken:
                other.close()  # the port free for the device
        args += ["--state", state]
        start = time.monotonic()
        proc = device_process(args, heap, env, bufsize=1)
        lines = queue.Queue()

        def pump():
            for line in proc.stdout:
                lines.put(line)
            lines.put(None)

        threading.Thread(target=pump, daemon=True).start()

        def answered(command):
            proc.stdin.write(command + "\nrefreshes\n")
            proc.stdin.flush()
            while True:
                line = lines.get(timeout=60)  # a ceiling: a hang fails, slowness does not
                if line is None:
                    raise RuntimeError("the simulator stopped: %s" % proc.stderr.read())
                if line.startswith(DONE):
                    return

        try:
            answered("refreshes")  # a command: it waits while the network is made
            booted = time.monotonic()
            time.sleep(SETTLE_S)  # what follows the making (its modules let go) settles
            for command in SCRIPT:
                answered(command)
            end = time.monotonic()
            proc.stdin.write("quit\n")
            proc.stdin.close()
            proc.wait(timeout=30)
        finally:
            if proc.poll() is None:
                proc.kill()
                proc.wait()
            proc.stdout.close()
            proc.stderr.close()
    return booted - start, end - booted - SETTLE_S


def measure(runs=5):
    """Each kind `runs` times, in turn, and the fastest of each (the least disturbed by the
    machine's other work): {"plain": (boot, script), "http": ...,
    "ratio": the script's time with --http over without, "ratio when full": the same with
    the heap collected only when it is full (SIM_GC_EVERY=-1), which shows how much of
    the difference is the device's own work, its heap fuller with the network's, and
    "ratio port taken": with --http on a port another socket holds, over without}."""
    kinds = {
        "plain": (False, None, False),
        "http": (True, None, False),
        "plain when full": (False, _FULL, False),
        "http when full": (True, _FULL, False),
        "port taken": (True, None, True),
    }
    taken = {kind: [] for kind in kinds}
    for _ in range(runs):
        for kind, (http, env, port_taken) in kinds.items():
            taken[kind].append(drive(http, env=env, taken=port_taken))
    found = {}
    for kind, times in taken.items():
        found[kind] = tuple(min(t[i] for t in times) for i in (0, 1))
    found["ratio"] = found["http"][1] / found["plain"][1]
    found["ratio when full"] = found["http when full"][1] / found["plain when full"][1]
    found["ratio port taken"] = found["port taken"][1] / found["plain"][1]
    return found


if __name__ == "__main__":
    from tools import not_a_tool

    not_a_tool(__doc__)
