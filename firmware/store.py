"""Saved state as JSON files, written atomically and checksummed.

Each save writes `<key>.tmp`, flushes it, then renames it over `<key>.json`; littlefs (the
rp2 filesystem) and POSIX both make that rename atomic, so a power cut leaves the old file
or the new. littlefs checksums its metadata but not file data, so a bit that rots in a
save would still parse: each file ends with the CRC32 of its JSON, as a newline and 8 hex
digits, and a file whose JSON does not match it is damaged. The JSON is streamed into the
file and summed on the way (_Summed), as json.dump writes it in small pieces: a save
needs no block of the heap as big as itself, which late in an evening it may not have.

A load never raises, whatever is on the flash: a damaged file (bad checksum, not JSON,
not UTF-8, too big to be ours, a directory in its place) is reported and moved aside, as
`<key>.bad.json` (the last one kept, for diagnosis), so the next boot starts clean instead
of failing again, and nothing is deleted unread. A file from before checksums (its JSON
alone) is read with the problem "check": the caller validates it and saves it again.
"""

import io
import json
import os
from binascii import crc32

from micropython import const

_MOST_BYTES = const(8192)  # the largest save is under 3 KB; anything bigger is not ours
_DIR = const(0x4000)  # S_IFDIR in os.stat()'s mode
_DEEPEST = const(8)  # a save nests 5 deep at most (a Say When! guess in the undo's copy)
_MOST_CONTAINERS = const(256)  # Scattergories' 72 challenges and sheets make about 100


def _plain(body):
    """Whether the JSON `body` nests no deeper, and holds no more lists and dicts, than a
    save of ours can: parsed, each one is a block of the heap (8 KB of "[]," would be 90 KB),
    and a save is read at boot, beside the whole device. Strings are skipped, as a name or
    an answer may hold any bracket. A byte loop: a few ms for a save of 3 KB on a Pico."""
    depth = containers = 0
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
            if depth > _DEEPEST or containers > _MOST_CONTAINERS:
                return False
        elif b == 93 or b == 125:  # ] }
            depth -= 1
    return True


class _Summed(io.IOBase):
    """A file that keeps the CRC32 of what is written to it."""

    def __init__(self, f):
        self.f = f
        self.crc = 0

    def write(self, text):
        self.crc = crc32(text, self.crc)
        return self.f.write(text)


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
            body, tail, problem = raw[:-9], raw[-9:], None
            if raw[-1:] == b"}":  # JSON alone: saved before checksums
                body, problem = raw, "check"
            elif tail != b"\n%08x" % (crc32(body) & 0xFFFFFFFF):
                raise ValueError
            if not _plain(body):
                raise ValueError
            return json.loads(str(body, "utf-8")), problem
        except Exception:  # noqa: BLE001 - only reading and parsing is in here: any
            # failure (OSError, ValueError, UnicodeError, MemoryError...) is a bad file
            self.set_aside(key)
            return None, "damaged"

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
