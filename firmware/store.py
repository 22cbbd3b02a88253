"""Saved state as JSON files, written atomically and checksummed.

Each save writes `<key>.tmp`, flushes it, then renames it over `<key>.json`; littlefs (the
rp2 filesystem) and POSIX both make that rename atomic, so a power cut leaves the old file
or the new. littlefs checksums its metadata but not file data, so a bit that rots in a
save would still parse: each file starts with the CRC32 of its JSON, as 8 hex digits and a
newline, and a file whose JSON does not match it is damaged.

A load never raises, whatever is on the flash: a damaged file (bad checksum, not JSON,
not UTF-8, too big to be ours, a directory in its place) is reported and removed, so the
next boot starts clean instead of failing again. A file from before checksums (it starts
with its JSON) is read with the problem "check": the caller validates it and saves it
again.
"""

import io
import json
import os
from binascii import crc32

from micropython import const

_MOST_BYTES = const(8192)  # the largest save is under 3 KB; anything bigger is not ours
_DIR = const(0x4000)  # S_IFDIR in os.stat()'s mode


class _Checksum(io.IOBase):
    """A stream that keeps only the CRC32 of what is written to it."""

    def __init__(self):
        self.total = 0

    def write(self, data):
        self.total = crc32(data, self.total)
        return len(data)


class Store:
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
        "damaged", or "check" (from before checksums: validate it, then save it again)."""
        self._remove(self._path(key, ".tmp"))  # a save that a power cut interrupted
        path = self._path(key)
        try:
            st = os.stat(path)
        except OSError:
            return None, None  # none saved
        try:
            if st[0] & _DIR or st[6] > _MOST_BYTES:
                raise ValueError
            with open(path, "rb") as f:
                raw = f.read()
            head, body, problem = raw[:9], raw[9:], None
            if raw[:1] == b"{":
                body, problem = raw, "check"
            elif head != b"%08x\n" % (crc32(body) & 0xFFFFFFFF):
                raise ValueError
            return json.loads(str(body, "utf-8")), problem
        except Exception:  # noqa: BLE001 - only reading and parsing is in here: any
            # failure (OSError, ValueError, UnicodeError, MemoryError...) is a bad file
            self._remove(path)
            return None, "damaged"

    def save(self, key, data):
        # The JSON goes out piece by piece as json.dump makes it, once to be checksummed and
        # once into the file: never whole, as a record of a big deck's cards is a kilobyte,
        # which a heap cut into pieces mid-game may not have in one block (and its bytes
        # another).
        check = _Checksum()
        json.dump(data, check)
        tmp = self._path(key, ".tmp")
        with open(tmp, "w") as f:  # MicroPython writes bytes to any file ("wb": one more name)
            f.write(b"%08x\n" % (check.total & 0xFFFFFFFF))
            json.dump(data, f)
            f.flush()
        os.rename(tmp, self._path(key))

    def delete(self, key):
        self._remove(self._path(key))

    def set_aside(self, key):
        """Keeps a file that keeps failing as `<key>.bad.json`, for diagnosis, out of play."""
        try:
            os.rename(self._path(key), self._path(key, ".bad.json"))
        except OSError:
            self._remove(self._path(key))

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
