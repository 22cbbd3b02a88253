"""The build as a board's flash stores it: a littlefs image of the files `make flash` copies.

    python -m tools.flashimage [--check] [BOARD ...]      (every board of tools/budget.py)

littlefs stores each file in whole 4 KB blocks (but a file of 512 bytes or fewer, kept in
its folder's metadata), and each folder in a pair of blocks more: adding up file sizes
says little of what a board holds. So the files go into a littlefs image made with
littlefs-python, configured as MicroPython 1.28's rp2 port mounts its filesystem
(rp2's _boot.py: VfsLfs2 with progsize=256; extmod/vfs_lfsx.c: reads of 32 bytes, a
cache of 4 x 256, a lookahead of 32, metadata moved every 100 erases), on a filesystem
of the board's size, with the manifest and board.txt `make flash` writes beside them.
Prints the blocks in use; with --check, exits 1 when a board's build takes more than its
share (tools/budget.py), naming its largest files. `make build` runs the check.
"""

import argparse
import json
import sys

from tools.budget import BLOCK, BOARDS, PROG, board_of
from tools.flash import MANIFEST, digest, files
from tools.mpenv import ROOT

BUILD = ROOT / "build" / "mpy"


def littlefs(blocks, data=None):
    """A littlefs of `blocks` blocks configured as rp2 mounts its own: the image `data`
    (bytes) mounted, or a new one formatted."""
    from littlefs import LittleFS

    fs = LittleFS(
        block_size=BLOCK,
        block_count=blocks,
        prog_size=PROG,
        read_size=32,
        cache_size=4 * PROG,
        lookahead_size=32,
        block_cycles=100,
        mount=data is None,
    )
    if data is not None:
        fs.context.buffer = bytearray(data)
        fs.mount()
    return fs


def put(fs, path, data):
    """Writes the file `path` of the littlefs `fs`, its folders made first."""
    parts = path.split("/")
    for i in range(1, len(parts)):
        folder = "/".join(parts[:i])
        if folder not in fs.listdir("/".join(parts[: i - 1]) or "/"):
            fs.mkdir(folder)
    with fs.open(path, "wb") as f:
        f.write(data)


def image(board, build=BUILD, blocks=None):
    """(blocks in use, blocks in all, [(path on the board, bytes)]) of the build of `board`
    (a folder of boards/) stored as its littlefs stores it, in a filesystem of `blocks`
    (default: the board's)."""
    blocks = blocks or board_of(board).flash_kb * 1024 // BLOCK
    fs = littlefs(blocks)
    stored = [(dest, src.read_bytes()) for src, dest in files(build, board)]
    manifest = {dest: digest(src) for src, dest in files(build, board)}
    stored += [(MANIFEST, json.dumps(manifest, sort_keys=True).encode())]
    stored += [("board.txt", (board + "\n").encode())]
    for dest, data in stored:
        put(fs, dest, data)
    return fs.used_block_count, blocks, [(dest, len(data)) for dest, data in stored]


def report(board, build=BUILD):
    """(one line on the board's image, whether it is within its share)."""
    used, blocks, stored = image(board, build)
    most = board_of(board).flash_most
    ok = used <= blocks * most
    line = "%s: %d of %d blocks of 4 KB, %d KB of %d KB (%.0f%%; at most %.0f%%)" % (
        board,
        used,
        blocks,
        used * BLOCK // 1024,
        blocks * BLOCK // 1024,
        100 * used / blocks,
        100 * most,
    )
    if not ok:
        largest = sorted(stored, key=lambda f: -f[1])[:8]
        line += "\n  more than its share; its largest files: " + ", ".join(
            "%s %.1f KB" % (dest, size / 1024) for dest, size in largest
        )
    return line, ok


def main(argv=None):
    parser = argparse.ArgumentParser(
        prog="python -m tools.flashimage", description=__doc__.splitlines()[0]
    )
    parser.add_argument("boards", nargs="*", help="folders of boards/ (default: every board)")
    parser.add_argument("--check", action="store_true", help="exit 1 when one is over its share")
    args = parser.parse_args(argv)
    boards = args.boards or [f for b in BOARDS for f in b.folders]
    if not (BUILD / "boards").is_dir():
        print("no build in %s: run `make build`" % BUILD, file=sys.stderr)
        return 2
    failed = False
    for board in boards:
        line, ok = report(board)
        print(line)
        failed = failed or not ok
    return 1 if args.check and failed else 0


if __name__ == "__main__":
    sys.exit(main())
