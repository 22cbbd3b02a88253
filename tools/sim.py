"""`make sim`: the real firmware in the MicroPython unix port, in this terminal.

The firmware runs with boards/host, which draws the e-ink in braille dots and reads keys;
this front end only puts the terminal into key-at-a-time mode and restores it after.
State is kept in ./sim-state, so a game survives quitting the simulator like a power cut.
"""

import os
import subprocess
import sys
import termios
import tty
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "host_tests"))
from mpenv import device_layout, heap, micropython  # noqa: E402


def main():
    os.environ.setdefault("SCANNER_MPY", "1")  # the .mpy build, as flashed
    cols = os.get_terminal_size().columns if sys.stdout.isatty() else 150
    if cols < 150:
        print("The simulator needs a terminal 150 columns wide (this one has %d)." % cols)
    firmware, env = device_layout()  # laid out as on a board: main.py beside app/, ...
    env.setdefault("SIM_STATE", str(Path.cwd() / "sim-state"))  # where make sim was run
    cmd = [micropython(), "-X", "heapsize=" + heap(), "main.py"]
    if not sys.stdin.isatty():
        sys.exit("make sim needs a terminal; for scripts use the headless simulator (README)")
    saved = termios.tcgetattr(sys.stdin)
    try:
        tty.setcbreak(sys.stdin)
        return subprocess.call(cmd, env=env, cwd=firmware)
    finally:
        termios.tcsetattr(sys.stdin, termios.TCSADRAIN, saved)
        sys.stdout.write("\x1b[0m\x1b[?25h\n")


if __name__ == "__main__":
    sys.exit(main())
