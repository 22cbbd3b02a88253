"""Seeded button mashing through the whole firmware (boards/host/fuzz.py, driven through
power cuts by tools/fuzz.py): the .mpy build under the device's heap cap (128 KB on the
unix port), 20,000 events per game, the three games at once. `make fuzz` runs a million
per game. A failure prints the seed and the event number; `python tools/fuzz.py GAME
SEED EVENTS` replays it. Besides no exception and the invariants (no negative score or
time, the Timer Card on 1..4, a game over once its rules say so, and games do get played
to their end), no name may be interned after boot (boot.py interns them all, so no qstr
pool grows mid-evening).
"""

import os
import sys
from concurrent.futures import ThreadPoolExecutor

import pytest
from mpenv import MPY_HEAP, ROOT, use_mpy

sys.path.insert(0, str(ROOT / "tools"))
from fuzz import fuzz  # noqa: E402

GAMES = ("saywhen", "staycool", "scattergories")
EVENTS = int(os.environ.get("FUZZ_EVENTS", "20000"))
SEED = int(os.environ.get("FUZZ_SEED", "20261130"))
HEAP = os.environ.get("FUZZ_HEAP", MPY_HEAP)

pytestmark = pytest.mark.mpy_only  # the .mpy build is what gets flashed and fuzzed


@pytest.mark.skipif(not use_mpy(), reason="runs in the .mpy pass of make test")
def test_mashing_every_game_breaks_nothing():
    with ThreadPoolExecutor(len(GAMES)) as pool:
        runs = list(pool.map(lambda i: fuzz(GAMES[i], SEED + i, EVENTS, HEAP), range(3)))
    failures = [out[-3000:] for ok, out, _, _ in runs if not ok]
    assert not failures, "\n\n".join(failures)
    assert all(cuts > 0 for _, _, cuts, _ in runs)  # power cuts were part of every run
    assert all(ended > 0 for _, _, _, ended in runs)  # and games played to their end
