"""The phones' page as the device serves it: its source without what only a reader needs,
gzipped once here (make build), so the board sends it as it is stored.

    python -m tools.page SOURCE OUT     (firmware/net/www/index.html -> build/phones.html.gz)

Each line loses its indent, blank lines and lines that are a `//` comment go, and the
rest is gzipped at level 9 with no name or time in it (the same bytes every build). On a
board's flash, littlefs stores a file in whole 4 KB blocks: the page takes three, where
the source as written would take four. It must stay under MOST bytes.
"""

import argparse
import gzip
import sys
from pathlib import Path

MOST = 30 * 1024


def minify(html):
    """The page without indents, blank lines and whole-line `//` comments (no line of
    the page is whitespace-sensitive: there is no <pre>, and a line break stays one)."""
    lines = (line.strip() for line in html.splitlines())
    return "\n".join(line for line in lines if line and not line.startswith("//")) + "\n"


def served(html):
    """The bytes the board stores and sends: the page, minified and gzipped."""
    return gzip.compress(minify(html).encode("utf-8"), compresslevel=9, mtime=0)


def main(argv=None):
    parser = argparse.ArgumentParser(
        prog="python -m tools.page", description=__doc__.splitlines()[0]
    )
    parser.add_argument("source", type=Path)
    parser.add_argument("out", type=Path)
    args = parser.parse_args(argv)
    data = served(args.source.read_text(encoding="utf-8"))
    if len(data) > MOST:
        print("%s: %d bytes gzipped, more than %d" % (args.source, len(data), MOST))
        return 1
    tmp = args.out.with_suffix(".tmp")
    tmp.write_bytes(data)
    tmp.replace(args.out)
    print("%s: %d bytes gzipped" % (args.out, len(data)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
