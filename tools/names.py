"""Writes the source of `names`, the module whose loading interns every name the firmware uses.

    python -m tools.names write BUILD BOARD OUT_PY MPY_CROSS [SCRIPT ...]  (make build runs it)
    python -m tools.names check NAMES_MPY OUT_PY       (and then checks the compiled result)

Why: MicroPython keeps the names (qstrs) of every module it loads for good, in pools that
double in size when full. A game's modules, loaded for the first time mid-evening, push
the pool over and the next one (640 entries, about 7 KB in one piece on the unix port) must
be found in a heap by then cut into small holes: a MemoryError while starting a game.
boot.py loads `names` first thing, so every pool the firmware will need, and every name,
sits in one piece at the bottom of an empty heap; nothing later grows them.

The names come from the qstr tables of the built .mpy files (format 6: a header, the
counts, then each name as a length, with the low bit set for the firmware's built-in ones,
which need nothing), plus what importing a module interns: its dotted and bare names and
its path on the board (which the Makefile also makes its traceback name, so the two are
one), and the short str constants of their object tables (the items of constant tuples,
const() strings): loaded after boot, such a string is the name when the name exists and
otherwise a str object of its own each time (64 bytes on the unix port). They become
attribute reads, imports and short string constants (all of which the compiler interns)
in one never-called function; longer strings are interned by hasattr() when the module
runs. The pools then hold about 1,260 names on the unix port: the check
fails a build whose names come near that, as the next pool would cost 14 KB at once.

A board with Wi-Fi (its board.py names WIFI) also runs the phones' server, firmware/net,
whose names would not fit: they go, with those of the board's own net*.py, into a second
module, `netnames`, which `names` loads
when the board's WIFI is true at boot (always on the Badger 2040 W; on the PC when the
simulator serves phones). That grows the pools to the next size at boot, into the empty
heap: 1,280 names more, 14 KB on the unix port and about 7.7 KB in one piece on a Pico W.
Boards without Wi-Fi never count firmware/net, and their pools stay as they were.
"""

import argparse
import ast
import keyword
import sys
from pathlib import Path

MODULE = "names"
NET_MODULE = "netnames"
NET = "net"  # the phones' server, firmware/net: only a board with Wi-Fi counts it
POOLS_HOLD = 1260  # 20 + 40 + ... + 640: the next pool would be 1,280 names in one piece
NEXT_POOL = 1280
ROOM = 40  # kept free: the local names of main.py, which a board compiles itself
_SHORT = 10  # the compiler interns string constants up to this long
# Taking one character out of a str (s[i], or a loop over s) interns it. The screens do
# that with the letters and digits of a name being typed, the letter die and the digits of
# a guess: those characters are interned at boot with the rest (the space is built in).
CHARACTERS = ",-.0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
_HW = "hw."
RADIO = "hw.wifi"  # a Wi-Fi board's access point: counted with the phones' server's names
# Frozen into MicroPython: importing it, or the first use of one of its names, loads a
# submodule, whose dotted name is made then.
_IMPLIED = {
    "asyncio": ("asyncio.core",),
    "wait_for_ms": ("asyncio.funcs",),
    "wait_for": ("asyncio.funcs",),
    "gather": ("asyncio.funcs",),
    "start_server": ("asyncio.stream",),
    "open_connection": ("asyncio.stream",),
    "StreamReader": ("asyncio.stream",),
    "Event": ("asyncio.event",),
}
BOARDS = Path(__file__).resolve().parent.parent / "boards"


def _uint(data, pos):
    """A variable-length unsigned int of the .mpy format: 7 bits a byte, high bit = more."""
    value = 0
    while True:
        byte = data[pos]
        pos += 1
        value = (value << 7) | (byte & 0x7F)
        if not byte & 0x80:
            return value, pos


def qstrs(mpy_bytes, where="?"):
    """The names a .mpy file interns when it is loaded (built-in ones left out)."""
    return _tables(mpy_bytes, where)[0]


def short_strings(mpy_bytes, where="?"):
    """The str constants of a .mpy's object table (those in constant tuples and const()
    ones too) short enough to be names: loaded after boot, each would be a str object of
    its own (64 bytes on the unix port) unless that name exists already, when it is the
    name instead. So they are named at boot with the rest."""
    return [s for s in _tables(mpy_bytes, where)[1] if len(s.encode()) <= _SHORT]


# Object table entries (py/persistentcode.h): none, False, True, ... carry no data.
_OBJ_STR, _OBJ_BYTES, _OBJ_TUPLE = 5, 6, 10


def _tables(mpy_bytes, where):
    """(qstr table names, str constants of the object table) of a .mpy file."""
    if mpy_bytes[:2] != b"M\x06":
        raise ValueError("%s: not a version 6 .mpy file" % where)
    n_qstr, pos = _uint(mpy_bytes, 4)
    n_obj, pos = _uint(mpy_bytes, pos)
    names = []
    for _ in range(n_qstr):
        length, pos = _uint(mpy_bytes, pos)
        if length & 1:
            continue  # a built-in name: an index into the firmware's own table
        length >>= 1
        names.append(mpy_bytes[pos : pos + length].decode())
        pos += length + 1  # and its NUL
    strings = []
    todo = n_obj
    while todo:
        todo -= 1
        kind = mpy_bytes[pos]
        pos += 1
        if kind < _OBJ_STR:
            continue
        length, pos = _uint(mpy_bytes, pos)
        if kind == _OBJ_TUPLE:
            todo += length  # its items follow, each an object
            continue
        if kind == _OBJ_STR:
            strings.append(mpy_bytes[pos : pos + length].decode())
        pos += length + (1 if kind in (_OBJ_STR, _OBJ_BYTES) else 0)  # str, bytes: a NUL
    return names, strings


def _module_names(path, root):
    """What loading one .mpy interns: its qstr table, and what importing it interns: its
    dotted and bare names and its path on the board (also its traceback name: Makefile)."""
    data = path.read_bytes()
    found = set(qstrs(data, str(path))) | set(short_strings(data, str(path)))
    for name in [n for n in found if n in _IMPLIED]:
        found.update(_IMPLIED[name])
    on_board = path.relative_to(root)
    found.add(on_board.as_posix())  # __file__
    parts = on_board.with_suffix("").parts
    if parts[-1] == "__init__":
        parts = parts[:-1]
    # Its packages' names too: a game's folder (app/saywhen) is a package without an
    # __init__, named only when a module in it is first imported.
    for i in range(1, len(parts) + 1):
        found.update((".".join(parts[:i]), parts[i - 1]))
    return found


def _driver_imports(path):
    """The drivers ("hw.<name>") the source at `path` imports, at its top or in a function."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith(_HW):
            found.add(node.module)
        elif isinstance(node, ast.Import):
            found |= {a.name for a in node.names if a.name.startswith(_HW)}
    return found


def board_drivers(board, boards=BOARDS):
    """The drivers ("hw.<name>") boards/<board>/board.py imports, and those they import in
    turn: what a board's flash holds of firmware/hw (tools/flash.py)."""
    hw = BOARDS.parent / "firmware" / "hw"
    wanted = _driver_imports(Path(boards) / board / "board.py")
    found = set()
    while wanted:
        name = wanted.pop()
        source = hw / (name[len(_HW) :] + ".py")
        if name not in found and source.is_file():
            found.add(name)
            wanted |= _driver_imports(source)
    return found


def board_names(build, board, scripts=()):
    """Every name the firmware interns on `board`: the modules of build/firmware (of the
    drivers in hw/, only those the board imports: board_drivers), the board's own
    modules, the scripts a board runs from source (main.py, boot.py: their names come
    from compiling them), and CHARACTERS. Not firmware/net: net_names."""
    firmware = Path(build) / "firmware"
    found = set(CHARACTERS)
    for path in sorted(firmware.rglob("*.mpy")):
        if path.relative_to(firmware).parts[0] not in (NET, "hw"):
            found |= _module_names(path, firmware)
    for name in board_drivers(board) - {RADIO}:  # the radio's: net_names
        found |= _module_names(firmware / (name.replace(".", "/") + ".mpy"), firmware)
    for path in sorted((Path(build) / "boards" / board).glob("*.mpy")):
        if path.stem != MODULE and not path.stem.startswith(NET):
            found |= _module_names(path, path.parent)
    for names in scripts:
        found |= names
    return sorted(found)


def net_names(build, board):
    """What the phones' server interns on a board with Wi-Fi: firmware/net's modules, the
    board's own net*.py (the PC's simulated network), its access point (RADIO) if it has
    one, and the module that interns them."""
    firmware = Path(build) / "firmware"
    found = {NET_MODULE}
    for path in sorted((firmware / NET).rglob("*.mpy")):
        found |= _module_names(path, firmware)
    own = Path(build) / "boards" / board
    for path in sorted(own.glob("*.mpy")):
        if path.stem.startswith(NET) and path.stem != NET_MODULE:
            found |= _module_names(path, path.parent)
        elif path.stem != MODULE and RADIO in qstrs(path.read_bytes(), str(path)):
            found |= _module_names(firmware / (RADIO.replace(".", "/") + ".mpy"), firmware)
    return found


def has_wifi(board, boards=BOARDS):
    """Whether the board's board.py names WIFI: whether it has Wi-Fi, or (the PC) can."""
    tree = ast.parse((Path(boards) / board / "board.py").read_text())
    return any(
        isinstance(target, ast.Name) and target.id == "WIFI"
        for node in tree.body
        if isinstance(node, ast.Assign)
        for target in node.targets
    )


def _dotted(name):
    return all(p.isidentifier() and not keyword.iskeyword(p) for p in name.split("."))


def _routes(names):
    """(imports and attribute reads, short constants, long strings) for `names`."""
    reads, short, long = [], [], []
    for name in names:
        if _dotted(name):
            reads.append(("import %s" if "." in name else "o.%s") % name)
        elif len(name.encode()) <= _SHORT:
            short.append(name)
        else:
            long.append(name)
    return reads, short, long


# How `names` loads `netnames` on a board with Wi-Fi, and lets the module go again.
NET_TAIL = """

import board

if board.WIFI:  # the phones' server's names (firmware/net) are interned at boot too
    import netnames

    del netnames
    import sys

    del sys.modules["netnames"]
"""


def source(names, tail=""):
    reads, short, long = _routes(names)
    return (
        '"""Generated by tools/names.py: loading it interns every name the firmware uses."""\n'
        "\n\ndef _never_called(o):\n"
        + "".join("    %s\n" % r for r in reads)
        # In a list: a tuple of constants would be compiled into one object, not names.
        + "    return [\n"
        + "".join("        %r,\n" % n for n in short)
        + "    ]\n"
        + "\n\nfor _name in (\n"
        + "".join("    %r,\n" % n for n in long)
        + "):\n"
        + "    hasattr(None, _name)  # interns it\n"
        + tail
    )


def _compiled_names(path, mpy_cross, tmp):
    """The names in the qstr table of `path` compiled: the firmware's built-in ones left out."""
    import subprocess

    mpy = Path(tmp) / (Path(path).stem + ".mpy")
    subprocess.run([mpy_cross, "-o", str(mpy), str(path)], check=True)
    return set(qstrs(mpy.read_bytes(), str(path)))


def script_names(paths, mpy_cross):
    """The names of scripts a board compiles from source itself, found by compiling them."""
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        return [_compiled_names(path, mpy_cross, tmp) for path in paths]


def built_in(names, mpy_cross):
    """Those of `names` the firmware has built in, which need no interning (a str constant
    may be one, "range" say): found by compiling their names module."""
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        probe = Path(tmp) / "probe.py"
        probe.write_text(source(names))
        compiled = _compiled_names(probe, mpy_cross, tmp)
    long = set(_routes(names)[2])
    return {n for n in names if n not in compiled and n not in long}


def write(build, board, out, mpy_cross, scripts=()):
    """Writes the names module of `board` to `out`, and on a board with Wi-Fi `netnames`
    beside it (0), unless its names are too many (1)."""
    out = Path(out)
    names = board_names(build, board, script_names(scripts, mpy_cross))
    builtin = built_in(names, mpy_cross)  # one compile for them all
    names = [n for n in names if n not in builtin]
    net_out = out.parent / (NET_MODULE + ".py")
    extra = []
    if has_wifi(board):
        extra = sorted(set(net_names(build, board)) - set(names))
        extra = [n for n in extra if n not in built_in(extra, mpy_cross)]
    if len(names) > POOLS_HOLD - ROOM:
        print(
            "%s: %d names. The qstr pools hold %d and %d are kept free: the next pool would"
            " take 14 KB of heap at once. Use fewer names." % (board, len(names), POOLS_HOLD, ROOM)
        )
        return 1
    if len(names) + len(extra) > POOLS_HOLD + NEXT_POOL - ROOM:
        print(
            "%s: %d names and %d of firmware/net. With the next pool the qstr pools hold %d and"
            " %d are kept free. Use fewer names."
            % (board, len(names), len(extra), POOLS_HOLD + NEXT_POOL, ROOM)
        )
        return 1
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(source(names, NET_TAIL if extra else ""))
    print("%s: %d names (the pools hold %d)" % (out, len(names), POOLS_HOLD))
    if extra:
        net_out.write_text(source(extra))
        print(
            "%s: %d names of firmware/net (the pools grown at boot hold %d)"
            % (net_out, len(extra), POOLS_HOLD + NEXT_POOL)
        )
    elif net_out.exists():
        net_out.unlink()  # the board had Wi-Fi once
    return 0


def check(names_mpy, out_py):
    """Whether the compiled names module interns every name of its source (0) or not (1)."""
    compiled = set(qstrs(Path(names_mpy).read_bytes()))
    wanted = names_in(Path(out_py).read_text())
    long = _routes(wanted)[2]
    missing = sorted(set(wanted) - compiled - set(long))
    if missing:
        print("names.mpy leaves out %d names: %s" % (len(missing), ", ".join(missing[:20])))
        return 1
    return 0


def names_in(src):
    """The names a generated source holds (read back from it), its NET_TAIL left out."""
    tree = ast.parse(src.replace(NET_TAIL, ""))
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute):
            names.add(node.attr)
        elif isinstance(node, ast.alias):
            names.add(node.name)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            names.add(node.value)
    names.discard(ast.get_docstring(tree))
    return sorted(names)


def main(argv=None):
    parser = argparse.ArgumentParser(
        prog="python -m tools.names", description=__doc__.splitlines()[0]
    )
    commands = parser.add_subparsers(dest="command", required=True)
    write_command = commands.add_parser("write", help="write a board's names module")
    write_command.add_argument("build", help="the .mpy build: build/mpy")
    write_command.add_argument("board", help="a folder of boards/")
    write_command.add_argument("out", help="the module's source to write")
    write_command.add_argument("mpy_cross", help="mpy-cross, to compile the scripts")
    write_command.add_argument(
        "scripts", nargs="*", help="what a board runs from source (main.py)"
    )
    check_command = commands.add_parser("check", help="check the compiled names module")
    check_command.add_argument("names_mpy", help="the compiled module")
    check_command.add_argument("out", help="its source")
    args = parser.parse_args(argv)
    if args.command == "check":
        return check(args.names_mpy, args.out)
    return write(args.build, args.board, args.out, args.mpy_cross, args.scripts)


if __name__ == "__main__":
    sys.exit(main())
