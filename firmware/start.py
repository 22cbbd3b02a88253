"""The start of the firmware at power-on: boot.py imports it, main.py runs main().

Imported, it takes the board's first step, before anything slow (`first`: the Badger on
battery holds its own power on; other boards have none), which may not stop the boot. On
a PC, main.py imports it first.

main() builds the board, then runs the game, unless this is a maintenance boot. `board`
is the board file: `make flash` copies boards/<name>/board.mpy beside this file; on the
PC, boards/host is on MICROPYPATH. A board that holds its own power on does so again in
`hold_power()` here, maintenance or not. boot.py and main.py are the two files a board
runs as source (compiled in RAM at every boot), so they are a line each, and this is a
module.

The game runs under the RP2040's watchdog (8 s; the button task feeds it every 10 ms, and
the e-ink driver yields while the panel is busy, so a refresh never starves it): a hung
task resets the board, which then goes straight back into the saved game. So does an
error that escapes the loop (even a MemoryError): the board resets at once and resumes.
On rp2 machine.reset() reads as a watchdog reset too, so `make flash` leaves the file
`clean` before its reset, and that boot opens the menu.

A failure that comes back would loop the board: reset, resume, fail, reset. So each boot
after a failure counts it (rescue.py's _STRIKES, with what broke: the error, or the
watchdog); when the first failure and the two rescue boots after it have all failed the
same way, the saved game is set aside (session.bad.json, kept for diagnosis), the table
is told so, and the menu opens. Building the board (board.build()) and the device is
inside the guard too: a boot can fail there as well, and is counted the same way. A board
that still cannot be built on the boot that would set the game aside has no screen to
tell the table on: that boot prints the error and stops there, with the REPL free, rather
than loop (the saved game is kept: a board that does not start is no fault of the
game's). The two halves are functions, rescue.rescue() at the boot (a module let go once
it has decided, as is rescue.maintenance(): needed once a boot) and failed() here before
the reset, for a shell that steps the device itself (boards/web's page) to do the same.

Maintenance boot (no game, no watchdog, the REPL left free for mpremote): when the file
`maintenance` exists (`make flash` writes it before copying and removes it after, so an
interrupted copy boots back into maintenance), or when the board's safe-mode button is
held at power-on, for a board whose firmware misbehaves.
"""

import sys

try:
    import first  # the step is its import
except ImportError:
    pass
except Exception as e:  # noqa: BLE001 - the board must boot all the same
    sys.print_exception(e)
else:
    del first, sys.modules["first"]  # let go: its work stays

from micropython import const  # noqa: E402

import board  # noqa: E402

_WATCHDOG_MS = const(8000)  # the RP2040's longest is 8388 ms


def failed(e, dev):
    """After the error `e` escaped the device `dev` (None: it was never built), before the
    reset: the saves asked for, then the file that sends the next boot straight back into
    the game, naming what broke (the same kind of error: the same way)."""
    from shell import RESUME_FILE

    sys.print_exception(e)
    if dev is not None:
        try:
            dev.write_all()  # the saves asked for: then every step is saved
        except Exception:  # noqa: BLE001, S110 - the reset comes first
            pass
    try:
        with open(RESUME_FILE, "w") as f:
            f.write(type(e).__name__)
    except OSError:
        pass


def main():
    hold = getattr(board, "hold_power", None)
    if hold is not None:
        hold()
    from rescue import maintenance

    why = maintenance()
    if why:
        print("Party Scanner: maintenance boot (%s): no game, no watchdog." % why)
        print("Run `make flash` again, or delete the file `maintenance` and reset.")
        return
    from shell import Device, run
    from store import Store

    try:
        import machine

        cause = "watchdog" if machine.reset_cause() == machine.WDT_RESET else None
    except (ImportError, AttributeError):
        machine = None  # the PC (make sim): no watchdog
        cause = None
    from rescue import rescue

    rescued, note = rescue(cause)
    del maintenance, rescue, sys.modules["rescue"]  # let go: they have decided
    hw = dev = None
    try:
        hw = board.build()  # a board that fails to start is a failed boot (counted above)
        store = Store(hw.state_dir)
        if note:
            store.set_aside("session")
        dev = Device(hw, store, resume=rescued, note=note)
        attach = getattr(hw, "attach", None)  # the PC's simulator shows what the device draws
        if attach is not None:
            attach(dev)
        if machine is not None:
            hw.watchdog = machine.WDT(timeout=_WATCHDOG_MS)  # from here on, fed every 10 ms
        run(dev)
    except Exception as e:  # noqa: BLE001 - whatever broke, the table gets its game back
        if machine is None:
            raise
        if hw is None and note:  # the third such boot: no board, no screen; stop, no loop
            sys.print_exception(e)
            print("Party Scanner: the board failed to start, boot after boot: stopped.")
            return
        failed(e, dev)  # straight back into the game
        machine.reset()
