"""boot.py on each board: the board's first step comes before anything else.

A Badger 2040 W on battery is on only while GP10 (ENABLE_3V3) is high, and the press that
switched it on is soon let go: the pin must be high before the firmware is read. On the
Pico build GP10 is the display's clock: nothing drives it there.
"""

import pytest

from tools.mpenv import code_dirs, run_mp

FAKE_MACHINE = """
log = []


class Pin:
    IN, OUT, PULL_UP, PULL_DOWN = 0, 1, 2, 3

    def __init__(self, n, mode=None, pull=None, value=None):
        if mode == Pin.OUT:
            log.append("GP%d out %r" % (n, value))

    def value(self, v=None):
        return 0
"""
FAKE_OS = "import machine\nmachine.log.append('os')\nfrom uos import *\n"


@pytest.mark.parametrize(
    "board, first",
    [
        ("badger2040w", ["GP10 out 1", "GP22 out 1"]),
        ("pico-epaper29", []),
        ("picow-epaper29", []),
        ("host", []),
    ],
)
def test_the_board_s_first_step_comes_before_the_rest(tmp_path, board, first):
    (tmp_path / "machine.py").write_text(FAKE_MACHINE)
    (tmp_path / "os.py").write_text(FAKE_OS)  # the first import after the step: records when
    firmware, board_dir = code_dirs(board)
    proc = run_mp(
        ["-c", "import boot, machine\nprint(machine.log)"],
        env={"MICROPYPATH": ":".join([".frozen", str(tmp_path), firmware, board_dir])},
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == repr(first + ["os"])
