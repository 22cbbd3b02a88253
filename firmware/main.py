"""Boot: build the board, then run the game shell.

`board` is the board file: on a device `make flash` copies boards/<name>/board.py to
/board.py; on the PC, boards/host is on MICROPYPATH. The board constructor runs first,
because it is what holds the power on (Badger) and sets every pin to a safe level.
"""

import board


def main():
    hw = board.build()
    from runner import run

    from shell import Device
    from store import Store

    run(Device(hw, Store(hw.state_dir)))


main()
