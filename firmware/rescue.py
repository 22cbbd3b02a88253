"""The boot's first decisions (start.main, and the web page's boot), from the files that an
error, the watchdog or make flash left: a maintenance boot, or straight back into the
saved game, and the count of boots that failed the same way (start.py says why). A module
of its own, let go once it has decided: its code, needed once a boot, would otherwise stay
in the heap through every phase after (docs/memory.md)."""

import os

from micropython import const

import board

FLAG = "maintenance"
CLEAN = "clean"  # written by make flash before its reset: boot into the menu
_STRIKES = const("strikes")  # "<boots in a row> <why>" while boots keep failing the same way


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
