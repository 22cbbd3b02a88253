"""`make sim` on a pseudo-terminal: the asyncio shell, the terminal board and its keys."""

import fcntl
import os
import pty
import select
import signal
import struct
import subprocess
import sys
import termios
import time

from mpenv import ROOT


def read_for(fd, seconds):
    out = b""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        ready, _, _ = select.select([fd], [], [], 0.05)
        if ready:
            try:
                out += os.read(fd, 65536)
            except OSError:
                break
    return out.decode("utf-8", "replace")


def test_make_sim_draws_the_menu_and_takes_keys(tmp_path, mpy_mode):
    mode = "1" if mpy_mode else "0"
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 45, 150, 0, 0))
    proc = subprocess.Popen(
        [sys.executable, str(ROOT / "tools" / "sim.py")],
        stdin=slave,
        stdout=slave,
        stderr=slave,
        cwd=tmp_path,  # the simulator keeps its state in ./sim-state
        start_new_session=True,  # its own process group: nothing outlives the test
        # The same code as the rest of this run: sources, or the .mpy build with --mpy.
        env={**os.environ, "SIM_STATE": str(tmp_path / "state"), "SCANNER_MPY": mode},
    )
    os.close(slave)
    try:
        first = read_for(master, 3)
        assert "keys: a b c" in first  # the legend
        assert chr(0x28FF) in first  # braille: the inverted title bar
        assert "ring " in first
        os.write(master, b"\x1b[B")  # arrow down: the highlight moves, the panel redraws
        moved = read_for(master, 1.5)
        assert "\x1b[H" in moved
        os.write(master, b"q")
        proc.wait(timeout=10)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)  # the front end and its MicroPython
        os.close(master)
    assert proc.returncode == 0
