"""A board's flash for the unix port: a host file read and written at offsets through the
block interface VfsLfs2 asks of a device (readblocks, writeblocks, ioctl), so that a
filesystem of a board's real size (848 KB on a Pico W) lives outside the capped heap.
Erased bytes read 0xFF, as a NOR flash's do. MicroPython code (the stand-in board,
host_tests/standin_boot.py); tests on the PC read the same file with littlefs-python.
"""

BLOCK = 4096
_COUNT = 4  # ioctl: the blocks
_SIZE = 5  # the block size
_ERASE = 6


class FileBlocks:
    def __init__(self, path, blocks):
        self.blocks = blocks
        try:
            self.file = open(path, "r+b")  # noqa: SIM115 - open while the board runs
        except OSError:  # a new flash: erased
            self.file = open(path, "w+b")  # noqa: SIM115 - likewise
            for _ in range(blocks):
                self.file.write(b"\xff" * BLOCK)
            self.file.flush()

    def readblocks(self, n, buf, offset=0):
        self.file.seek(n * BLOCK + offset)
        self.file.readinto(buf)

    def writeblocks(self, n, buf, offset=None):
        if offset is None:  # the simple interface: erase, then write whole blocks
            for i in range(len(buf) // BLOCK):
                self.ioctl(_ERASE, n + i)
            offset = 0
        self.file.seek(n * BLOCK + offset)
        self.file.write(buf)
        self.file.flush()  # what is written stays written, whenever the "board" goes down

    def ioctl(self, op, arg):
        if op == _COUNT:
            return self.blocks
        if op == _SIZE:
            return BLOCK
        if op == _ERASE:
            self.file.seek(arg * BLOCK)
            self.file.write(b"\xff" * BLOCK)
            self.file.flush()
        return 0


def mount(path, blocks):
    """The flash at `path` mounted at / as rp2's _boot.py mounts it (formatted if it holds
    no filesystem), and the block device it is on, which `rp2.Flash()` then returns."""
    import vfs

    device = FileBlocks(path, blocks)
    try:
        fs = vfs.VfsLfs2(device, progsize=256)
    except OSError:
        vfs.VfsLfs2.mkfs(device, progsize=256)
        fs = vfs.VfsLfs2(device, progsize=256)
    vfs.umount("/")
    vfs.mount(fs, "/")
    return device
