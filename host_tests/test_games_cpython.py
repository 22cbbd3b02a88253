"""The rules modules under CPython: the contract says they run there too, unchanged.

The thorough rule tests run inside the unix port (host_tests/unix/test_rules_*.py); these
check that CPython imports the same modules and reaches the same results, above all the
same letter-die sequences as MicroPython for the same seed.
"""

import ast

import pytest

from tools.firmware import import_firmware
from tools.mpenv import ROOT, run_mp

ticks = import_firmware("ticks")  # before games.staycool, which imports it
sw = import_firmware("games.saywhen")
sg = import_firmware("games.scattergories")
sc = import_firmware("games.staycool")

SEEDS = (0, 1, 2024, 0xFFFFFFFF, 1 << 40, -3)


def unix_test_constant(name, file="test_rules_scattergories.py"):
    """A constant of a unix-port test file, read from its source: written once, there."""
    tree = ast.parse((ROOT / "host_tests" / "unix" / file).read_text())
    for node in tree.body:
        if isinstance(node, ast.Assign) and node.targets[0].id == name:
            return ast.literal_eval(node.value)
    raise LookupError(name)


def reference_rolls(seed, n):
    """The letter die by its definition, written apart from the firmware: xorshift32
    (Marsaglia's shifts 13, 17, 5) from the seed mixed as games/rng.py documents it, a
    number below k from the top bits, and each roll uniform among the letters not yet
    rolled in its cycle of 20."""
    x = ((seed % 2**32) * 0x9E3779B9 + 0x6A09E667) % 2**32 or 0x9E3779B9
    left, out = "", ""
    for _ in range(n):
        left = left or "ABCDEFGHIJKLMNOPRSTW"
        x ^= (x << 13) % 2**32
        x ^= x >> 17
        x ^= (x << 5) % 2**32
        i = x * len(left) >> 32
        out += left[i]
        left = left[:i] + left[i + 1 :]
    return out


def rolls(seed, n=60):
    die = sg.LetterDie(seed)
    return "".join(die.roll() for _ in range(n))


def test_saywhen_under_cpython():
    assert sw.guessing_mode([5, 3], 0) == "secret"
    assert sw.guess_order(4, 1) == [2, 3, 0, 1]
    assert sw.score_question(26, 22, 30, [(0, 30), (1, 23)], False) == {1: 2}
    assert sw.score_question(26, 22, 30, [(0, 23), (1, 29)], True) == {0: 3, 1: 2}
    assert sw.score_question(26, 22, 30, [(0, 26), (1, 26)], True, True) == {0: 10, 1: 8}
    assert sw.score_reasons(26, 22, 30, [(0, 26), (1, 26)], True, True)[1] == (
        8,
        [("exact", 4), ("doubled", 4)],
    )
    # CPython's floats would call these equal at single precision; the rules do not.
    big = 7900000000
    assert sw.score_question(big, 0, big, [(0, 7900000100), (1, "7900000000.0")], 0) == {1: 4}
    assert sw.score_question("3.49", "3", "4", [(0, "3.5"), (1, "3.489")], False) == {1: 2}
    assert sw.result([12, 12, 3], 9) == [0, 1]
    assert sw.result([9, 7, 3], 20) == 0
    assert sw.result([9, 7, 3], 19) is None
    with pytest.raises(ValueError):
        sw.score_question(26, 22, 30, [(0, 3.5)], False)


def test_staycool_under_cpython():
    assert sc.turn_score(4, 6) == 12
    assert sc.turn_score(1, 7) == 3
    t0 = ticks.MASK + 1 - 10000
    t = sc.Turn(1, t0)
    assert not t.update(ticks.add(t0, 119999)) and t.position == 4
    assert t.update(ticks.add(t0, 120000))
    t = sc.Turn(2, t0)
    assert t.timer(ticks.add(t0, 10000))
    assert t.position == 2 and t.remaining(ticks.add(t0, 10000)) == 10000
    assert sc.winners([[30, 20, 10], [10, 20, 30], [5, 25, 30]]) == [1, 2]


def test_scattergories_under_cpython():
    assert sg.starts_with("Trump Donald", "T")
    assert sg.starts_with('"The Chronicles of Riddick"', "C")
    assert sg.score_round([["The Kiwi", "Kenya"], ["kiwi", "Kale"]], "K") == [1, 1]
    assert not sg.challenge_accepted([(0, True), (1, False)], 0)
    assert sg.challenge_accepted([(0, True), (1, False)], 2)
    # The same 40 letters by the definition, under CPython, and in the unix port.
    seq_2024 = unix_test_constant("SEQ_2024")
    assert reference_rolls(2024, 40) == seq_2024 and rolls(2024, 40) == seq_2024
    assert all(reference_rolls(seed, 60) == rolls(seed) for seed in SEEDS)
    for seed in SEEDS:
        seq = rolls(seed)
        for start in (0, 20, 40):
            assert sorted(seq[start : start + 20]) == sorted(sg.LETTERS)


def test_die_sequences_match_micropython():
    code = (
        "from games import scattergories as sg\n"
        "for seed in %r:\n"
        "    d = sg.LetterDie(seed)\n"
        "    print(''.join(d.roll() for _ in range(60)))\n" % (SEEDS,)
    )
    proc = run_mp(["-c", code])
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.split() == [rolls(seed) for seed in SEEDS]
