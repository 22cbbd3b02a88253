"""Runs first at power-on (a board runs boot.py, then main.py), while the heap is empty.

It loads `names` (names.mpy, which tools/names.py writes for each board: every name the
firmware uses on it), and lets it go. Loading a module interns its names as qstrs for good,
in pools that double in size when full; doing it for all of them here puts every pool an
evening needs, whole, at the bottom of the heap, under everything else. Otherwise a
game's first start, hours in, needs a fresh pool of 7 KB in one piece from a heap cut
into small holes by then. Harmless if it fails: main.py still boots (maintenance too).
Before the names comes the board's own first step, if it has one (`first`).
"""

import sys

# A board's first step, before anything slow: the Badger holds its own power on here
# (boards/badger2040w/first.py); other boards have none.
try:
    import first  # noqa: F401 - running it is the work
except ImportError:
    pass
except Exception as e:  # noqa: BLE001 - the board must boot all the same
    sys.print_exception(e)
else:
    del first
    del sys.modules["first"]

names_interned = False
try:
    import names  # noqa: F401 - loading it is the work
except ImportError:  # the .py sources on a PC: no build, and a bigger heap
    pass
except Exception as e:  # noqa: BLE001 - a bad file must not stop the board from booting
    sys.print_exception(e)
else:
    del names
    del sys.modules["names"]
    names_interned = True

# The table of loaded modules is grown here too, to more than a phase ever holds at once
# (about 35 modules, with asyncio's and the drivers on a board): a dict keeps its table as
# entries go, so it never grows again. Grown mid-game, it took a block of 600 bytes in one
# piece (a Say When! scoring, loading app.played) from a heap cut into small holes by then.
for k in range(44):
    sys.modules[k] = None
for k in range(44):
    del sys.modules[k]
del k
