"""`make web`: build/web/, the Scanner as one static folder (docs/web.md).

    python -m tools.web [--out DIR]

It takes the .mpy build (`make build`: build/mpy/firmware with its decks and fonts, and
boards/web compiled beside it) and MicroPython's WebAssembly port as npm installed it
(`npm ci`: node_modules/, pinned by package.json and its lock), and writes:

    index.html, web.js       the page (boards/web)
    sw.js                    its service worker, naming this build and its files
    mp/                      the npm package's files: micropython.mjs, .wasm, package.json
    fs.bin, files.json       the device's files, laid end to end, and [path, size] of each,
                             written by the page into the port's filesystem under /fw

Any static host serves it (no server code; all paths relative).
"""

import argparse
import hashlib
import json
import shutil
import sys

from tools.mpenv import ROOT

BUILD = ROOT / "build"
MPY = BUILD / "mpy"
PACKAGE = ROOT / "node_modules" / "@micropython" / "micropython-webassembly-pyscript"
PACKAGE_FILES = ("micropython.mjs", "micropython.wasm", "package.json", "README.md")
PAGE_FILES = ("index.html", "web.js")
# Of the firmware's files, those a page has no use for: the board runs its own boot and
# main (page.py), and phones need Wi-Fi, which a page has not.
SKIP = {"boot.py", "main.py", "phones.html.gz"}


def device_files():
    """(path on the port's filesystem, file) for each file the device reads."""
    firmware = MPY / "firmware"
    out = []
    for f in sorted(firmware.rglob("*")):
        rel = f.relative_to(firmware).as_posix()
        if f.is_file() and rel not in SKIP and not rel.startswith("net/"):
            out.append(("fw/" + rel, f))
    for f in sorted((MPY / "boards" / "web").glob("*.mpy")):
        out.append(("fw/" + f.name, f))
    return out


def build(out, quiet=False):
    missing = [p for p in (MPY / "firmware", MPY / "boards" / "web", PACKAGE) if not p.is_dir()]
    if missing:
        raise SystemExit(
            "tools.web: %s missing: run `make build` and `npm ci` (or just `make web`)"
            % ", ".join(str(p.relative_to(ROOT)) for p in missing)
        )
    if out.exists():
        shutil.rmtree(out)
    (out / "mp").mkdir(parents=True)
    digest = hashlib.sha256()
    files = []
    with (out / "fs.bin").open("wb") as image:
        for path, f in device_files():
            data = f.read_bytes()
            image.write(data)
            files.append([path, len(data)])
            digest.update(path.encode() + data)
    (out / "files.json").write_text(json.dumps(files))
    for name in PACKAGE_FILES:
        shutil.copyfile(PACKAGE / name, out / "mp" / name)
        digest.update((out / "mp" / name).read_bytes())
    for name in PAGE_FILES:
        shutil.copyfile(ROOT / "boards" / "web" / name, out / name)
        digest.update((out / name).read_bytes())
    kept = ["./", "index.html", "web.js", "fs.bin", "files.json"]
    kept += ["mp/" + n for n in PACKAGE_FILES if n.endswith((".mjs", ".wasm"))]
    worker = (ROOT / "boards" / "web" / "sw.js").read_text()
    worker = worker.replace("__VERSION__", digest.hexdigest()[:16])
    (out / "sw.js").write_text(worker.replace("__FILES__", json.dumps(kept)))
    size = sum(p.stat().st_size for p in out.rglob("*") if p.is_file())
    if not quiet:
        print("web: %s, %d device files, %d KB in all" % (out, len(files), size // 1024))


def main(argv=None):
    parser = argparse.ArgumentParser(
        prog="python -m tools.web", description=__doc__.splitlines()[0]
    )
    parser.add_argument("--out", default=str(BUILD / "web"), help="the folder to write")
    args = parser.parse_args(argv)
    from pathlib import Path

    build(Path(args.out).resolve())
    return 0


if __name__ == "__main__":
    sys.exit(main())
