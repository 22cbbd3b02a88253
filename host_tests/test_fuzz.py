"""Seeded button mashing through the whole firmware (boards/host/fuzz.py, driven through
power cuts by tools/fuzz.py): the .mpy build under the tests' heap cap (tools/budget.py),
6,000 events per game, the three games at once; then a long evening with the power left
on, 2,500 events per game in one process each. `make fuzz` runs a million per game, and
evenings of 100,000. A failure prints the seed, the event number and the `make replay
...` command that runs the same events again. Besides no exception, the invariants: no
negative score or time, the Timer Card on 1..4, a game over once its rules say so, and
games do get played to their end.
"""

import os
from concurrent.futures import ThreadPoolExecutor

import pytest

from tools.fuzz import fuzz, no_end, summary
from tools.mpenv import MPY_HEAP, use_mpy

GAMES = ("saywhen", "staycool", "scattergories")
EVENTS = int(os.environ.get("FUZZ_EVENTS", "6000"))
EVENING = int(os.environ.get("FUZZ_EVENING", "2500"))  # events with the power left on
SEED = int(os.environ.get("FUZZ_SEED", "20261205"))
HEAP = os.environ.get("FUZZ_HEAP", MPY_HEAP)

pytestmark = pytest.mark.mpy_only  # the .mpy build is what gets flashed and fuzzed


def _fuzz_every_game(events, cuts):
    with ThreadPoolExecutor(len(GAMES)) as pool:
        runs = list(
            pool.map(lambda i: fuzz(GAMES[i], SEED + i, events, HEAP, power_cuts=cuts), range(3))
        )
    for i, run in enumerate(runs):  # shown by `make fuzz` (pytest -rP)
        print(summary(GAMES[i], SEED + i, run))
    failures = [run.output[-3000:] for run in runs if not run.ok]
    assert not failures, "\n\n".join(failures)
    unended = [i for i, run in enumerate(runs) if not run.ended]
    if unended:  # one line each, at the end of the run, with the number of events that would
        pytest.fail(
            "\n".join(no_end(GAMES[i], SEED + i, events, HEAP, cuts) for i in unended),
            pytrace=False,
        )
    return [run.power_cuts for run in runs]


@pytest.mark.skipif(not use_mpy(), reason="runs in the .mpy pass of make test")
def test_mashing_every_game_breaks_nothing():
    power_cuts = _fuzz_every_game(EVENTS, cuts=True)
    assert all(n > 0 for n in power_cuts)  # the power was cut in every run


@pytest.mark.skipif(not use_mpy(), reason="runs in the .mpy pass of make test")
def test_a_long_evening_with_the_power_on_wears_nothing_out():
    """One process per game, never rebooted: a fragmented heap or a leak would show."""
    assert _fuzz_every_game(EVENING, cuts=False) == [0, 0, 0]
