"""Not a tool: what `make flash` runs on a board before it changes anything (tools/flash.py).

The survey and the verdict run on the board itself, in the one mpremote session that
checks its MicroPython, writes the maintenance flag and resets it: a second session
would race the watchdog of the game the first one stopped. tools/flash.py sends this
file's source and calls it there; the tests call the same functions on the PC. So it is
written in what MicroPython and CPython share, and imports nothing.
"""

BADGER = "badger2040w"
BADGER_OS = "badger_os.py"  # Pimoroni's launcher: a Badger that still holds Badger OS
OURS = ("manifest.json", "board.txt")  # what make flash leaves on every board it flashes
STATE = "state/"  # the saved game and settings (firmware/store.py)
INLINE = 512  # littlefs keeps a file this small inside its folder's metadata
FOLDER = 2  # a folder's metadata pair
SPARE = 2  # blocks littlefs needs free to rewrite a metadata pair as it copies


def file_blocks(size, block=4096):
    """The blocks of `block` bytes littlefs gives a file of `size` bytes: none when it is
    inline, else its skip-list's, whose block i > 0 begins with ctz(i) + 1 pointers."""
    if size <= INLINE:
        return 0
    n, room = 1, block
    while room < size:
        i, pointers = n, 1
        while not i & 1:
            i >>= 1
            pointers += 1
        room += block - 4 * pointers
        n += 1
    return n


def blocks_of(files, block=4096):
    """The blocks that (path, size) pairs take, their folders' metadata with them."""
    folders = {path.rsplit("/", 1)[0] for path, _ in files if "/" in path}
    return sum(file_blocks(size, block) for _, size in files) + FOLDER * len(folders)


def survey(os, sys):
    """What the board runs and holds, as plain values: its MicroPython, the build named in
    board.txt, its filesystem's blocks, and every file with its size."""
    v = sys.implementation
    files = []
    folders = [""]
    while folders:
        folder = folders.pop()
        for entry in os.ilistdir("/" + folder):
            path = folder + entry[0]
            if entry[1] == 0x4000:
                folders.append(path + "/")
            else:
                files.append((path, os.stat("/" + path)[6]))
    try:
        with open("/board.txt") as f:
            named = f.read().strip()
    except OSError:
        named = ""
    fs = os.statvfs("/")
    return {
        "mpy": v._mpy,
        "version": tuple(v.version),
        "machine": getattr(v, "_machine", ""),
        "named": named,
        "files": sorted(files),
        "block": fs[0],
        "blocks": fs[2],
        # littlefs counts the blocks in use by walking them, and may count more than there
        # are (a nearly full filesystem read a free count of 2**32 - 2): none is free then.
        "free": fs[3] if fs[3] <= fs[2] else 0,
    }


def is_ours(seen):
    """Whether make flash has flashed this board: its manifest or board.txt is there."""
    return any(path in OURS for path, _ in seen["files"])


def is_badger(seen):
    """Whether the board is a Badger 2040 W: by its build, its firmware, or Badger OS."""
    badger_os = any(path == BADGER_OS for path, _ in seen["files"])
    return seen["named"] == BADGER or "Badger" in seen["machine"] or badger_os


def kept(seen, wipe):
    """The files the flash leaves as they are: the state, and with no wipe, every file of
    a board not flashed by make flash (a board it flashed has nothing else it keeps)."""
    if not is_ours(seen):
        return [] if wipe else seen["files"]
    return [(p, n) for p, n in seen["files"] if p.startswith(STATE)]


def room(seen, wipe):
    """The blocks the build may take: all but those of what stays and littlefs's spare
    (those of the files it replaces are the build's once they are replaced)."""
    return seen["blocks"] - SPARE - blocks_of(kept(seen, wipe), seen["block"])


def verdict(seen, want):
    """None when the build `want` describes may go onto the board `seen`, else why not:
    "micropython" (too old, or another .mpy version), "no radio" (a Wi-Fi build on a Pico
    without W), "badger" (a build wired for a Pico's pins on a Badger, whose GP10 is its
    power latch and GP11 its DOWN button), "foreign" (files of another firmware, and no
    consent to erase them), "room" (the build does not fit beside what stays). want["need"]
    is the blocks the build takes in a filesystem of its own, its root folder's included."""
    mpy = seen["mpy"]
    if (mpy & 0xFF, mpy >> 8 & 3) != tuple(want["mpy"]) or seen["version"][:2] < want["oldest"]:
        return "micropython"
    machine = seen["machine"]
    if want["wifi"] and "Pico" in machine and " W" not in machine:
        return "no radio"
    if want["board"] != BADGER and want["board"] != "host" and is_badger(seen):
        return "badger"
    if seen["files"] and not is_ours(seen) and not want["wipe"]:
        return "foreign"
    if want["need"] > room(seen, want["wipe"]):
        return "room"
    return None


def wipe(os, keep_state):
    """Formats the filesystem as rp2's _boot.py makes a new one (VfsLfs2, progsize=256, on
    rp2.Flash), keeping the files of state/ when asked: read into RAM first, written back."""
    import rp2
    import vfs

    saved = []
    if keep_state:
        for entry in os.ilistdir("/state"):
            if entry[1] == 0x4000:
                continue  # (the store keeps no folders)
            with open("/state/" + entry[0], "rb") as f:
                saved.append((entry[0], f.read()))
    vfs.umount("/")
    flash = rp2.Flash()
    vfs.VfsLfs2.mkfs(flash, progsize=256)
    vfs.mount(vfs.VfsLfs2(flash, progsize=256), "/")
    os.chdir("/")
    if saved:
        os.mkdir("/state")
    for name, data in saved:
        with open("/state/" + name, "wb") as f:
            f.write(data)


if __name__ == "__main__" and globals().get("__spec__"):  # python -m; not on the board
    from tools import not_a_tool

    not_a_tool(__doc__)
