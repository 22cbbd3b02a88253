"""Nothing in the firmware does arithmetic on raw tick values, and the core reads no clock.

Ticks wrap at 2**30 on the board, so `now - start` is wrong once in 12 days; the firmware
goes through ticks.diff/ticks.add (or MicroPython's own time.ticks_diff in drivers)."""

import ast

import pytest

from tools.mpenv import ROOT

pytestmark = pytest.mark.sources_only  # the sources, read as text: once is enough

FIRMWARE = sorted((ROOT / "firmware").rglob("*.py")) + sorted((ROOT / "boards").rglob("*.py"))
CLOCKS = ("time", "utime", "machine")
TICKISH = {"now", "deadline", "since", "start", "until", "started", "then", "t0", "end", "at"}


def name_of(node):
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    if isinstance(node, ast.Call):
        return name_of(node.func)
    return None


def test_no_subtraction_or_comparison_of_raw_ticks():
    found = []
    for path in FIRMWARE:
        tree = ast.parse(path.read_text(), str(path))
        for node in ast.walk(tree):
            pairs = []
            if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Sub):
                pairs.append((node.left, node.right))
            if isinstance(node, ast.Compare) and any(
                isinstance(op, (ast.Lt, ast.LtE, ast.Gt, ast.GtE)) for op in node.ops
            ):
                pairs.append((node.left, node.comparators[0]))
            for a, b in pairs:
                both = (name_of(a), name_of(b))
                if all(n in TICKISH or n in ("ticks_ms", "ticks_us") for n in both):
                    found.append("%s:%d" % (path.relative_to(ROOT), node.lineno))
    assert found == [], "raw tick arithmetic at " + ", ".join(found)


# What the shell does for the core: the clock, pins, files, the heap and the modules loaded.
IMPURE = (*CLOCKS, "gc", "sys", "os")
FIRMWARE_DIR = ROOT / "firmware"


def core_files():
    """app/ and games/, each game's folder too."""
    return [
        p for folder in ("app", "games") for p in sorted((FIRMWARE_DIR / folder).rglob("*.py"))
    ]


def imported(tree):
    """Every module a source imports, at its top or inside a function: (module, line)."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            yield from ((a.name, node.lineno) for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            yield node.module, node.lineno
            yield from ((node.module + "." + a.name, node.lineno) for a in node.names)


def test_the_core_reads_no_clock_and_keeps_no_heap_policy():
    """Time comes in as `now`; what is loaded when, and the heap, are the shell's (phases.py)."""
    found = [
        "%s:%d imports %s" % (path.relative_to(ROOT), line, name)
        for path in core_files()
        for name, line in imported(ast.parse(path.read_text()))
        if name.split(".")[0] in IMPURE
    ]
    assert found == [], found


def test_the_games_are_handed_what_they_use():
    """A game's model (app/<game>_game.py) gets its deck, settings, played record and players
    as arguments and never reaches back into the App (no name `app` in it, no `.app`); the
    rules (games/) know nothing of the device."""
    found = []
    models = sorted((FIRMWARE_DIR / "app").glob("*_game.py"))
    assert len(models) == 3, models  # one a game: the test looks at each
    for path in models:
        for node in ast.walk(ast.parse(path.read_text())):
            if (
                isinstance(node, ast.Name)
                and node.id == "app"
                or isinstance(node, ast.Attribute)
                and node.attr == "app"
                or isinstance(node, ast.arg)
                and node.arg == "app"
            ):
                found.append("%s:%d" % (path.relative_to(ROOT), node.lineno))
    for path in sorted((FIRMWARE_DIR / "games").glob("*.py")):
        for name, line in imported(ast.parse(path.read_text())):
            if name.split(".")[0] == "app":
                found.append("%s:%d imports %s" % (path.relative_to(ROOT), line, name))
    assert found == [], found


def module_name(path):
    parts = path.relative_to(FIRMWARE_DIR).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def test_no_module_of_the_firmware_imports_one_that_imports_it():
    """The import graph has no cycle, counting imports inside functions: the core knows
    the screens only by name (the catalog, Part), the screens know the core not at all."""
    paths = sorted(FIRMWARE_DIR.rglob("*.py"))
    known = {module_name(p) for p in paths}
    graph = {
        module_name(p): {n for n, _ in imported(ast.parse(p.read_text())) if n in known}
        for p in paths
    }
    cycles = []

    def visit(name, path):
        for other in sorted(graph[name]):
            if other in path:
                cycles.append(" -> ".join(path[path.index(other) :] + [other]))
            elif other not in done:
                visit(other, path + [other])
        done.add(name)

    done = set()
    for name in sorted(graph):
        if name not in done:
            visit(name, [name])
    assert cycles == [], cycles
