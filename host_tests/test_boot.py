"""boot.py on each board: the board's first step comes before anything else.

A Badger 2040 W on battery is on only while GP10 (ENABLE_3V3) is high, and the press that
switched it on is soon let go: the pin must be high before the firmware is read. Then its
PCF85063A clock chip is set up (I2C0, SDA GP4, SCL GP5, address 0x51: the alarm and timer
flags cleared, CLKOUT off; the registers are checked against a model of the chip in
host_tests/unix/test_badger_board.py). On the Pico build GP10 is the display's clock:
nothing drives it there.
"""

import pytest

from tools.mpenv import code_dirs, run_mp

FAKE_MACHINE = """
log = []


class Pin:
    IN, OUT, PULL_UP, PULL_DOWN = 0, 1, 2, 3

    def __init__(self, n, mode=None, pull=None, value=None):
        self.n = n
        if mode == Pin.OUT:
            log.append("GP%d out %r" % (n, value))

    def value(self, v=None):
        return 0


class I2C:
    def __init__(self, id, *, scl, sda, freq=400000):
        log.append("I2C%d sda GP%d scl GP%d" % (id, sda.n, scl.n))

    def writeto_mem(self, addr, reg, buf):
        if not ANSWERS:
            raise OSError(5)  # EIO: nothing acknowledged
        log.append("%02x %02x <- %02x" % (addr, reg, buf[0]))

    def readfrom_mem(self, addr, reg, n):
        log.append("%02x %02x ->" % (addr, reg))
        return bytes([0x1E])  # Timer_mode: 1/60 Hz, TE, TIE
"""
BADGER_CLOCK = [
    "I2C0 sda GP4 scl GP5",
    "51 00 <- 00",  # Control_1: the clock runs
    "51 01 <- 07",  # Control_2: AF, TF cleared, no interrupts, CLKOUT off
    "51 11 ->",
    "51 11 <- 1c",  # Timer_mode: TIE off, the rest kept
]


def boot(tmp_path, board, answers=True):
    # ANSWERS: whether a chip answers on the I2C bus
    (tmp_path / "machine.py").write_text("ANSWERS = %r\n" % answers + FAKE_MACHINE)
    firmware, board_dir = code_dirs(board)
    return run_mp(
        ["-c", "import boot, machine\nprint(machine.log)"],
        env={"MICROPYPATH": ":".join([".frozen", str(tmp_path), firmware, board_dir])},
    )


@pytest.mark.parametrize(
    "board, first",
    [
        ("badger2040w", ["GP10 out 1", "GP22 out 1", *BADGER_CLOCK]),
        ("pico-epaper29", []),
        ("picow-epaper29", []),
        ("host", []),
    ],
)
def test_the_board_s_first_step_is_taken_by_boot_py_s_import(tmp_path, board, first):
    # (start.py imports nothing slow before it: the step's own module comes first)
    proc = boot(tmp_path, board)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == repr(first)


def test_a_badger_whose_clock_chip_does_not_answer_boots_all_the_same(tmp_path):
    proc = boot(tmp_path, "badger2040w", answers=False)
    assert proc.returncode == 0, proc.stderr
    *printed, last = proc.stdout.strip().split("\n")
    assert "OSError" in "\n".join(printed)  # said, on the REPL's console
    assert last == repr(["GP10 out 1", "GP22 out 1", "I2C0 sda GP4 scl GP5"])
