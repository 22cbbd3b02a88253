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
after a failure counts it (_STRIKES, with what broke: the error, or the watchdog); when the
first failure and the two rescue boots after it have all failed the same way, the saved
game is set aside (session.bad.json, kept for diagnosis), the table is told so, and the
menu opens. Building the board (board.build()) and the device is inside the guard too: a
boot can fail there as well, and is counted the same way. A board that still cannot be
built on the boot that would set the game aside has no screen to tell the table on: that
boot prints the error and stops there, with the REPL free, rather than loop (the saved
game is kept: a board that does not start is no fault of the game's). The two halves are
functions, rescue() at the boot and failed() before the reset, for a shell that steps the
device itself (boards/web's page) to do the same.

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

import os  # noqa: E402 - after the first step

from micropython import const  # noqa: E402

import board  # noqa: E402

FLAG = "maintenance"
CLEAN = "clean"  # written by make flash before its reset: boot into the menu
_STRIKES = const("strikes")  # "<boots in a row> <why>" while boots keep failing the same way
_WATCHDOG_MS = const(8000)  # the RP2040's longest is 8388 ms


def maintenance():
    try:
        os.stat(FLAG)
        return "requested by make flash"
    except OSError:
        pass
    held = getattr(board, "held_at_boot", None)
    if held is not None and held():
        return "safe-mode button held at power-on"
    return None


def _failed(why):
    """Counts this failure (a boot forced by an error, or by the watchdog): (how many
    boots in a row have now failed this way, counting this one). The count lives in
    _STRIKES; a clean boot removes it."""
    strikes = 0
    try:
        with open(_STRIKES) as f:
            n, _, was = f.read().partition(" ")
        if was == why:
            strikes = int(n)
    except (OSError, ValueError):
        pass
    strikes += 1
    try:
        with open(_STRIKES, "w") as f:
            f.write("%d %s" % (strikes, why))
    except OSError:
        pass
    return strikes


def _forget(name):
    try:
        os.remove(name)
        return True
    except OSError:
        return False


def rescue(cause):
    """At a boot, from `cause` (what reset the board: "watchdog", or None) and the files an
    error or make flash left: (whether to go straight back into the saved game, the note
    for the table). Counts the failed boots; the third in a row the same way sets the game
    aside (the caller does, once it has a store): not rescued, and the note says so."""
    from shell import RESUME_FILE

    rescued = cause is not None
    try:
        with open(RESUME_FILE) as f:
            cause = f.read() or None  # what broke; empty: a Badger that switched off
        os.remove(RESUME_FILE)
        rescued = True
    except OSError:
        pass
    if _forget(CLEAN):  # make flash's own reset, which on rp2 reads as the watchdog's
        rescued, cause = False, None
    if cause is None:
        _forget(_STRIKES)
    elif _failed(cause) >= 3:  # and two rescue boots after it failed the same way
        _forget(_STRIKES)
        return False, "The saved game kept failing, so it was set aside as session.bad.json."
    return rescued, ""


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
    rescued, note = rescue(cause)
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
