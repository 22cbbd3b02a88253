"""A saved file read back and proven (store.Store.load), at boot only: wake.py lets this
module go once the files are read, as its code is needed at no other time.

A load never raises, whatever is on the flash: a damaged file (bad checksum, not JSON,
not UTF-8, nested or swollen beyond any save of ours, too big to be ours, a directory in
its place) is reported and moved aside (store.Store.set_aside). A file from before
checksums (its JSON alone) is read with the problem "check": the caller validates it and
saves it again.
"""

import json
import os
from binascii import crc32

from micropython import const

_MOST_BYTES = const(8192)  # the largest save is under 3 KB; anything bigger is not ours
_DIR = const(0x4000)  # S_IFDIR in os.stat()'s mode
_DEEPEST = const(8)  # a save nests 5 deep at most (a Say When! guess in the undo's copy)
_MOST_CONTAINERS = const(256)  # Scattergories' 72 challenges and sheets make about 100


def load(store, key):
    """(data, problem) of `store`'s file `key`: data None when missing or damaged; problem
    None, "damaged", or "check"."""
    store._remove(store._path(key, ".tmp"))  # a save that a power cut interrupted
    path = store._path(key)
    try:
        st = os.stat(path)
    except OSError:
        return None, None  # none saved
    try:
        if st[0] & _DIR or st[6] > _MOST_BYTES:
            raise ValueError
        with open(path, "rb") as f:
            raw = f.read()
        body, tail, problem = raw[:-9], raw[-9:], None
        if raw[-1:] == b"}":  # JSON alone: saved before checksums
            body, problem = raw, "check"
        elif tail != b"\n%08x" % (crc32(body) & 0xFFFFFFFF):
            raise ValueError
        # Parsed, each list and dict is a block of the heap (8 KB of "[]," would be 90 KB),
        # and a save is read at boot, beside the whole device.
        deepest, containers = store.shape(body)  # (store.py's: it imports this module)
        if deepest > _DEEPEST or containers > _MOST_CONTAINERS:
            raise ValueError
        return json.loads(str(body, "utf-8")), problem
    except Exception:  # noqa: BLE001 - only reading and parsing is in here: any
        # failure (OSError, ValueError, UnicodeError, MemoryError...) is a bad file
        store.set_aside(key)
        return None, "damaged"
