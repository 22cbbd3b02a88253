"""No constant and no value the firmware computes on every poll reaches 2**30.

On the RP2040 a small int holds 31 bits (-2**30 .. 2**30 - 1): a value past that is a big
int, allocated on the heap each time it is made. The 64-bit unix port cannot show it, so
the values are checked against +-2**30 here. games/rng.py is exempt: its 32-bit masks
keep the letter die's sequence the same on every port (it runs once a roll, not a poll).
"""

import ast
import importlib.util
import itertools

import pytest

from tools.mpenv import ROOT

pytestmark = pytest.mark.sources_only  # CPython alone: once is enough
LIMIT = 1 << 30
EXEMPT = {"firmware/games/rng.py"}


def small(v):
    return -LIMIT <= v < LIMIT


def constants(path):
    """(line, name, value) of each `NAME = const(...)` in a module, in order."""
    tree = ast.parse(path.read_text())
    known = {}
    for node in tree.body:
        if (
            isinstance(node, ast.Assign)
            and isinstance(node.value, ast.Call)
            and getattr(node.value.func, "id", None) == "const"
        ):
            name = node.targets[0].id
            expr = ast.Expression(node.value.args[0])
            known[name] = eval(compile(expr, str(path), "eval"), {}, dict(known))  # noqa: S307
            yield node.lineno, name, known[name]


def ints_in(value):
    if isinstance(value, bool):
        return
    if isinstance(value, int):
        yield value
    elif isinstance(value, tuple):
        for v in value:
            yield from ints_in(v)


def test_every_const_is_a_small_int_on_the_board():
    checked = 0
    # The firmware and the boards' own modules (a board's const() runs on the RP2040 too).
    paths = sorted((ROOT / "firmware").rglob("*.py")) + sorted((ROOT / "boards").rglob("*.py"))
    for path in paths:
        where = path.relative_to(ROOT).as_posix()
        if where in EXEMPT:
            continue
        for line, name, value in constants(path):
            for v in ints_in(value):
                checked += 1
                assert small(v), "%s:%d: %s = %d is a big int on the RP2040" % (
                    where,
                    line,
                    name,
                    v,
                )
    assert checked > 50  # the search found the constants


class Small(int):
    """An int that fails the moment an operation on it leaves the 31-bit range."""

    def _check(self, v):
        if not small(v):
            raise OverflowError("%d is not a small int on the RP2040" % v)
        return Small(v)

    def __add__(self, o):
        return self._check(int(self) + int(o))

    __radd__ = __add__

    def __sub__(self, o):
        return self._check(int(self) - int(o))

    def __rsub__(self, o):
        return self._check(int(o) - int(self))

    def __and__(self, o):
        return self._check(int(self) & int(o))

    __rand__ = __and__

    def __neg__(self):
        return self._check(-int(self))


@pytest.fixture(scope="module")
def ticks():
    spec = importlib.util.spec_from_file_location("ticks_checked", ROOT / "firmware" / "ticks.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


EDGES = [0, 1, (1 << 29) - 1, 1 << 29, (1 << 30) - 2, (1 << 30) - 1]
STEPS = [-((1 << 29) - 1), -40, -1, 0, 1, 10, 40, 30000, (1 << 29) - 1]


def test_tick_arithmetic_stays_small_at_every_edge(ticks):
    for t, ms in itertools.product(EDGES, STEPS):
        later = ticks.add(Small(t), Small(ms))
        assert later == (t + ms) % LIMIT
        assert ticks.diff(Small(later), Small(t)) == ms
        assert ticks.reached(Small(later), Small(t)) == (ms >= 0)
    for a, b in itertools.product(EDGES, EDGES):
        d = int(ticks.diff(Small(a), Small(b)))
        assert -(1 << 29) <= d < 1 << 29 and (b + d) % LIMIT == a


def test_the_check_would_catch_the_old_arithmetic():
    """1 << 30 in the sum near the wrap, as ticks.py once had it."""
    with pytest.raises(OverflowError):
        (Small((1 << 30) - 10) + Small(40)) & ((1 << 30) - 1)
