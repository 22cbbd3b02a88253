"""Saved state as JSON files, written atomically and checksummed.

Each save writes `<key>.tmp`, flushes it, then renames it over `<key>.json`; littlefs (the
rp2 filesystem) and POSIX both make that rename atomic, so a power cut leaves the old file
or the new. littlefs checksums its metadata but not file data, so a bit that rots in a
save would still parse: each file ends with the CRC32 of its JSON, as a newline and 8 hex
digits, and a file whose JSON does not match it is damaged. The JSON is streamed into the
file and summed on the way (_Summed), as json.dump writes it in small pieces: a save
needs no block of the heap as big as itself, which late in an evening it may not have.

A load (readback.py, at boot) never raises, whatever is on the flash: a damaged file is
reported and moved aside, as `<key>.bad.json` (the last one kept, for diagnosis), so the
next boot starts clean instead of failing again, and nothing is deleted unread.
"""

import io
import json
import os
from binascii import crc32

from micropython import const

_DIR = const(0x4000)  # S_IFDIR in os.stat()'s mode


class _Summed(io.IOBase):
    """A file that keeps the CRC32 of what is written to it."""

    def __init__(self, f):
        self.f = f
        self.crc = 0

    def write(self, text):
        self.crc = crc32(text, self.crc)
        return self.f.write(text)


def shape(body):
    """(how deep its arrays and objects nest, how many there are) of the JSON text `body`,
    by a scan of its bytes, strings skipped (a name or an answer may hold any bracket): a
    text too deep or too full is refused before json.loads spends heap on it (readback.py,
    net/phones.py). A byte loop: a few ms for a save of 3 KB on a Pico."""
    depth = deepest = containers = 0
    text = escaped = False
    for b in body:
        if text:
            if escaped:
                escaped = False
            elif b == 92:  # \
                escaped = True
            elif b == 34:  # "
                text = False
        elif b == 34:
            text = True
        elif b == 91 or b == 123:  # [ {
            depth += 1
            containers += 1
            deepest = max(deepest, depth)
        elif b == 93 or b == 125:  # ] }
            depth -= 1
    return deepest, containers


class Store:
    shape = staticmethod(shape)  # for readback.py, which store.py imports

    def __init__(self, root):
        self.root = root
        try:
            os.mkdir(root)
        except OSError:
            pass  # it exists

    def _path(self, key, ext=".json"):
        return self.root + "/" + key + ext

    def load(self, key):
        """Returns (data, problem): data is None when missing or damaged; problem is None,
        "damaged", or "check" (from before checksums: validate it, then save it again).
        Read at boot only: the reading is readback.py's, which wake.py lets go after."""
        from readback import load

        return load(self, key)

    def save(self, key, data):
        tmp = self._path(key, ".tmp")
        with open(tmp, "w") as f:
            summed = _Summed(f)
            json.dump(data, summed)
            f.write("\n%08x" % (summed.crc & 0xFFFFFFFF))
            f.flush()
        os.rename(tmp, self._path(key))

    def delete(self, key):
        self._remove(self._path(key))

    def set_aside(self, key):
        """Keeps a damaged file, or one that keeps failing, as `<key>.bad.json` (in place of
        the last one), for diagnosis, out of play. What cannot be moved (a directory in
        the file's place) is removed: the next boot must not meet it again."""
        path, bad = self._path(key), self._path(key, ".bad.json")
        try:
            os.stat(path)
        except OSError:
            return  # none: the last one stays
        self._remove(bad)  # the last one kept: rename() does not replace on every filesystem
        try:
            os.rename(path, bad)
        except OSError:
            self._remove(path)

    def _remove(self, path):
        try:
            if os.stat(path)[0] & _DIR:
                for name in os.listdir(path):
                    self._remove(path + "/" + name)
                os.rmdir(path)
            else:
                os.remove(path)
        except OSError:
            pass
