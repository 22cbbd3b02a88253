"""Collects host_tests/unix/test_*.py as MicroPython tests.

Each file is run by the unix port (one process per file, heap capped) through mprun.py;
every `test_*` function becomes its own pytest item, and a failure shows the MicroPython
traceback and whatever the test printed.
"""

import ast
import os
import subprocess
from pathlib import Path

import pytest

from tools.mpenv import heap, run_mp

HERE = Path(__file__).resolve().parent
# The chip models, the virtual clock and the timed turn, which `make bench` runs too.
SHARED = HERE.parent.parent / "tools" / "unix"
MARK = "@@mprun"


def pytest_pycollect_makemodule(module_path, parent):
    if Path(module_path).parent == HERE and Path(module_path).name.startswith("test_"):
        return MicroPythonFile.from_parent(parent, path=Path(module_path))
    return None


class MicroPythonFile(pytest.File):
    def collect(self):
        tree = ast.parse(self.path.read_text(), str(self.path))
        for node in tree.body:
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
                yield MicroPythonTest.from_parent(self, name=node.name, lineno=node.lineno)

    def results(self):
        cached = getattr(self, "_results", None)
        if cached is not None:
            return cached
        names = [i.name for i in self.session.items if i.parent is self]
        try:
            # A folder of the test's own for whatever it writes (TEST_TMP in the test).
            tmp = self.config._tmp_path_factory.mktemp(self.path.stem)
            proc = run_mp(
                [str(HERE / "mprun.py"), self.path.stem, *names],
                extra_paths=[HERE, SHARED],
                heap_size=declared_heap(self.path),
                env={"TEST_TMP": str(tmp)},
                # a ceiling that catches a hang; make fuzz's long forms ask for more
                timeout=int(os.environ.get("MPRUN_TIMEOUT", "300")),
            )
            out, err, code = proc.stdout, proc.stderr, proc.returncode
        except subprocess.TimeoutExpired as e:
            out, err, code = (e.stdout or b"").decode(), "timed out", -1
        self._results = parse(out, names, err, code, declared_heap(self.path) or heap())
        return self._results


def declared_heap(path):
    """A file may ask for its own heap on its first line, `# heap: 256K (why)`, when it
    runs several device lifetimes in one process (a real reset would clear the heap)."""
    first = path.read_text().split("\n", 1)[0]
    if first.startswith("# heap: "):
        return first[len("# heap: ") :].split()[0]
    return None


def parse(out, names, err, code, heap_size):
    results, current, lines = {}, None, []
    for line in out.splitlines():
        if line.startswith(MARK):
            _, what, name, *ms = line.split(" ")
            if what == "begin":
                current, lines = name, []
            else:
                results[name] = (what == "pass", "\n".join(lines), int(ms[0]) / 1000)
                current = None
        elif current is not None:
            lines.append(line)
    for name in names:
        if name not in results:
            where = "\n".join(lines) if current == name else ""
            results[name] = (
                False,
                "MicroPython exited (code %s) before the test finished (heap %s)\n%s\n%s"
                % (code, heap_size, where, err),
                0.0,
            )
    return results


class MicroPythonTest(pytest.Item):
    def __init__(self, *, lineno, **kw):
        super().__init__(**kw)
        self.lineno = lineno

    def runtest(self):
        ok, text, self.seconds = self.parent.results()[self.name]
        if not ok:
            raise MicroPythonFailure(text)

    def repr_failure(self, excinfo):
        if isinstance(excinfo.value, MicroPythonFailure):
            size = declared_heap(self.path) or heap()
            return "MicroPython (unix port, heap %s):\n%s" % (size, excinfo.value.args[0])
        return super().repr_failure(excinfo)

    def reportinfo(self):
        return self.path, self.lineno - 1, "[micropython] " + self.name


class MicroPythonFailure(Exception):
    pass


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """A MicroPython test's time is its own, as measured inside the unix port: the file
    runs in one process, which would otherwise all be charged to its first test."""
    outcome = yield
    if isinstance(item, MicroPythonTest) and call.when == "call":
        outcome.get_result().duration = getattr(item, "seconds", 0.0)
