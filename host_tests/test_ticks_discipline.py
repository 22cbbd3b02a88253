"""Nothing in the firmware does arithmetic on raw tick values, and the core reads no clock.

Ticks wrap at 2**30 on the board, so `now - start` is wrong once in 12 days; the firmware
goes through ticks.diff/ticks.add (or MicroPython's own time.ticks_diff in drivers)."""

import ast

from tools.mpenv import ROOT

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


def test_the_core_reads_no_clock():
    for folder in ("app", "games"):
        for path in (ROOT / "firmware" / folder).glob("*.py"):
            tree = ast.parse(path.read_text())
            for node in ast.walk(tree):
                if isinstance(node, ast.Import):
                    assert all(a.name not in CLOCKS for a in node.names), path
                if isinstance(node, ast.ImportFrom):
                    assert node.module not in CLOCKS, path
