"""Each board's budget, in one place: the heap cap of the unix port that stands for it, the
margins, and the flash its build may take. tools/mpenv.py, tools/bench.py and the Makefile
read it (`python3 -m tools.budget NAME` prints one figure, for the Makefile).

The facts, measured on MicroPython 1.28's own rp2 firmware on an emulated RP2040 (the
live bytes at every collection; docs/memory.md has the whole table):
- a Pico's heap is 245,888 bytes, a Pico W's 205,184 (lwIP, BTstack and cyw43 keep
  theirs outside it; the access point adds almost nothing to the GC heap);
- for this firmware the 64-bit unix port uses about 1.1 times a Pico's bytes: the menu
  78.6 KB against 72.3 (1.09), Say When! at the win 90.4 against 81.2 (1.11), a Stay
  Cool turn 95.1 against 84.2 (1.13), a Scattergories round 90.7 against 82.9 (1.09);
- the filesystem is littlefs with 4,096-byte blocks and 256-byte programs: 848 KB on a
  Pico W and a Badger 2040 W, 1,408 KB on a Pico.

Heap figures are KB of 1,024 bytes of `-X heapsize` on the 64-bit unix port.
"""

import sys
from typing import NamedTuple

RATIO = 1.1  # the unix port's bytes for one of a Pico's, for this firmware (above)


class Board(NamedTuple):
    title: str
    folders: tuple  # boards/<folder> built for it
    heap: int  # bytes of GC heap, measured
    cap_kb: int  # the unix port's -X heapsize that stands for it
    flash_kb: int  # its littlefs filesystem
    flash_most: float  # the share of that filesystem the build may take
    wifi: bool  # serves phones: measured with four of them joined

    def stands_for(self):
        """What the cap stands for on the board: (KB, share of its heap), the KB whole."""
        kb = round(self.cap_kb / RATIO)
        return kb, kb * 1024 / self.heap


BOARDS = (
    # 160 KB / 1.1 = 145 KB: 72% of 205,184 bytes. The Pico W has the smaller heap, so
    # the tests run at its cap. Its flash holds the build and the games' saves, with room
    # for a new edition of the decks beside the old during a flash: at most 60% of it.
    Board(
        "Pico W, Badger 2040 W", ("picow-epaper29", "badger2040w"), 205184, 160, 848, 0.60, True
    ),
    # 192 KB / 1.1 = 175 KB: 73% of 245,888 bytes.
    Board("Pico", ("pico-epaper29",), 245888, 192, 1408, 0.60, False),
)

# The tests run at the strictest board's cap.
TEST_HEAP = "%dK" % min(b.cap_kb for b in BOARDS)
# The margin, fuzzed by make bench: every game without phones passes at 128 KB (for
# about 116 KB on a board), and every game with four phones, polling as the page does,
# at 144 KB (131 KB): 16 KB under the Pico W's cap.
MARGIN_HEAP = "128K"
MARGIN_PHONES = "144K"
BLOCK = 4096  # littlefs's block on rp2
PROG = 256  # and its program size (rp2's _boot.py: progsize=256)

# A game's start on a Pico, estimated from what `make bench` measures: its work in menu
# redraws and its file reads. The figures are a least-squares fit to the three starts
# measured on MicroPython 1.28's rp2 firmware on an emulated RP2040 (issue 32: "Start
# game" to the full refresh's first byte) of the firmware at 753ea9f: Say When! 2.1 s,
# Stay Cool 0.93 s, Scattergories 0.595 s. The unix port ran those starts in 8.94, 5.87
# and 4.15 ms of work, with 1,207, 125 and 27 file reads. The fit gives back 2.10, 0.92
# and 0.61 s. A redraw is the menu's as of 52a1d17 (450 us on that machine): a quicker
# redraw makes a start more of them, and the estimate errs long.
PICO_S_PER_REDRAW = 0.064
PICO_S_PER_READ = 0.00069


def pico_start_s(redraws, reads=0):
    """A start of `redraws` menu redraws' work and `reads` file reads, in seconds on a
    Pico (the fit above); or one stretch of a start's work."""
    return redraws * PICO_S_PER_REDRAW + reads * PICO_S_PER_READ


# A stretch of bytecode alone (the QR code's making: loops over ints and bytes, no file
# read, no drawing) on a Pico, from its length in menu redraws. Issue 32 measured the
# steps of the QR code of the firmware at 753ea9f at 230 to 384 ms on the emulated
# RP2040 (making QR codes at the menu, Pico W); the unix port runs those steps in 1.62 to
# 3.49 menu redraws of the firmware at 1d7cc52 (744 to 1,597 us, at a redraw of 458 us,
# timed as tools/unix/starts_run.py times them, the collector held back): 142 to 110 ms
# a redraw.
# The estimate takes the longer. Bytecode alone runs relatively slower on the board than a
# start's mix of imports, reads and drawing (64 ms a redraw, above).
PICO_S_PER_REDRAW_OF_BYTECODE = 0.142


def pico_bytecode_s(redraws):
    """A stretch of bytecode alone of `redraws` menu redraws, in seconds on a Pico."""
    return redraws * PICO_S_PER_REDRAW_OF_BYTECODE


def board_of(folder):
    for b in BOARDS:
        if folder in b.folders:
            return b
    raise KeyError(folder)


FIGURES = {
    "test": TEST_HEAP,
    "margin": MARGIN_HEAP,
}


def main(argv):
    import argparse

    parser = argparse.ArgumentParser(
        prog="python3 -m tools.budget", description=" ".join(__doc__.split("\n\n")[0].split())
    )
    parser.add_argument(
        "figure", choices=FIGURES, help="test: the tests' heap cap; margin: the fuzz margin's"
    )
    print(FIGURES[parser.parse_args(argv).figure])
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
