"""Saved state as JSON files, written atomically: a power cut leaves the old file or the new.

Each save writes `<key>.tmp`, flushes it, then renames it over `<key>.json`; littlefs (the
rp2 filesystem) and POSIX both make that rename atomic. A load that finds a damaged file
reports it and removes it, so the next boot starts clean instead of failing again.
"""

import json
import os


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
        """Returns (data, problem): data is None when missing or damaged; problem says which."""
        self._remove(self._path(key, ".tmp"))  # a save that a power cut interrupted
        path = self._path(key)
        try:
            with open(path) as f:
                text = f.read()
        except OSError:
            return None, None
        try:
            return json.loads(text), None
        except (ValueError, MemoryError):
            self._remove(path)
            return None, "damaged"

    def save(self, key, data):
        tmp = self._path(key, ".tmp")
        with open(tmp, "w") as f:
            json.dump(data, f)
            f.flush()
        os.rename(tmp, self._path(key))

    def delete(self, key):
        self._remove(self._path(key))

    def _remove(self, path):
        try:
            os.remove(path)
        except OSError:
            pass
