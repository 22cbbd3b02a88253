"""`make bench`: measured figures for the .mpy build in the MicroPython unix port.

Benchmarks print figures; tests check behaviour. Heap figures are for the 64-bit unix
port, where objects take about twice the bytes they take on a 32-bit Pico.
"""

import json
import os
import re
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "host_tests"))
os.environ["SCANNER_MPY"] = "1"
from mpenv import MPY_HEAP, run_mp  # noqa: E402

sys.path.insert(0, str(ROOT / "tools"))
from fuzz import fuzz  # noqa: E402
from names import POOLS_HOLD, names_in  # noqa: E402

FUZZ_EVENTS = 5000

# Boot, walk every menu and setting, set up a game, resume it after a power cut.
MENU_WALK = """
mem
press DOWN
press DOWN
press DOWN
press GO
press DOWN
press C
press DOWN
press C
chord A C
press UP
press GO
hold A
hold B
release A
release B
chord A C
press GO
press GO
press C
press DOWN
press GO
press B
press UP
press C
press UP
press GO
reboot
press B
mem
refreshes
"""


# A whole game of Say When! to a win: typed guesses on card 1, quick judging after.
SAYWHEN_GAME = """
press GO
press GO
press UP
press GO
press A
press B
press UP
press B
press UP
long B
press UP
press C
press UP
press UP
press C
long GO
press A
press DOWN
press B
press C
press B
long GO
press A
press B
press C
press B
long GO
press A
press DOWN
press B
press C
press B
mem
state
"""


# Stay Cool: a new game of four, one whole round-1 turn (4 written, 6 verbal) to its score.
STAYCOOL_TURN = "\n".join(
    ["press DOWN", "press GO", "press GO", "press UP", "press GO", "press C"]
    + ["press A"] * 4
    + ["press B"] * 6
    + ["wait 60000", "mem", "wait 61000", "mem", "state"]
)
# Scattergories: a new game of three, the list, the die, a whole 3-minute round, points.
SCATTERGORIES_ROUND = "\n".join(
    ["press DOWN", "press DOWN", "press GO", "press GO", "press UP", "press GO"]
    + ["press B", "press B", "press B", "wait 90000", "mem", "wait 90000", "press B", "mem"]
    + ["state"]
)

# One game from the menu to a win and back: the unit of a long evening.
EVENING_GAME = "\n".join(SAYWHEN_GAME.strip().splitlines()[:-2]) + "\npress A\nwait 100\nmem\n"


def run(script, heap):
    with tempfile.TemporaryDirectory() as state:
        proc = run_mp(
            ["-m", "headless", "--state", state], stdin=script, heap_size=heap, device=True
        )
    ok = proc.returncode == 0 and "error:" not in proc.stdout and "Error" not in proc.stderr
    return ok, proc.stdout


def measure_timing():
    """One Stay Cool turn through runner.py and the SSD1680 driver on a virtual clock
    (host_tests/unix/timing_run.py), where SPI bytes, BUSY and flash writes take their time."""
    code = "import json, timing_run\nprint(json.dumps(timing_run.measure(%r)))" % (
        tempfile.mkdtemp()
    )
    proc = run_mp(["-c", code], heap_size="256K", extra_paths=[ROOT / "host_tests" / "unix"])
    if proc.returncode != 0:
        sys.exit("timing run failed:\n" + proc.stdout[-2000:] + proc.stderr[-2000:])
    return json.loads(proc.stdout.strip().splitlines()[-1])


def fuzz_low(game, power_cuts):
    """(lowest free heap, power cuts) over FUZZ_EVENTS random events at the cap."""
    run = fuzz(game, 1, FUZZ_EVENTS, power_cuts=power_cuts)
    if not run.ok:
        sys.exit("the fuzzer failed:\n" + run.output[-3000:])
    return run.lowest_free, run.power_cuts


def board_names():
    """(board, how many names its boot interns), read from the generated sources."""
    out = []
    for src in sorted((ROOT / "build" / "gen").glob("*/names.py")):
        out.append((src.parent.name, len(names_in(src.read_text()))))
    return out


def smallest_heap(script, lo=8, hi=512):
    """The smallest heap (KB) in which the script runs to the end, by bisection."""
    if not run(script, "%dK" % hi)[0]:
        return None
    while lo < hi:
        mid = (lo + hi) // 2
        if run(script, "%dK" % mid)[0]:
            hi = mid
        else:
            lo = mid + 1
    return hi


def main():
    ok, out = run(MENU_WALK, MPY_HEAP)
    if not ok:
        sys.exit("the menu walk failed under %s:\n%s" % (MPY_HEAP, out[-3000:]))
    mems = [int(m) for m in re.findall(r"mem alloc=(\d+)", out)]
    partial, full = map(int, re.search(r"refreshes partial=(\d+) full=(\d+)", out).groups())
    need = smallest_heap(MENU_WALK)
    ok, out = run(SAYWHEN_GAME, MPY_HEAP)
    if not ok or '"winner": 0' not in out:
        sys.exit("the Say When! game did not end in a win:\n" + out[-3000:])
    sw_mem = int(re.findall(r"mem alloc=(\d+)", out)[-1])
    sw_need = smallest_heap(SAYWHEN_GAME)
    games = []
    for title, script in (
        ("Stay Cool, a turn", STAYCOOL_TURN),
        ("Scattergories, a round", SCATTERGORIES_ROUND),
    ):
        ok, out = run(script, MPY_HEAP)
        if not ok:
            sys.exit("%s failed:\n%s" % (title, out[-3000:]))
        peak = max(int(m) for m in re.findall(r"mem alloc=(\d+)", out))
        games.append((title, peak, smallest_heap(script)))
    timing = measure_timing()
    ok, out = run(EVENING_GAME * 50, MPY_HEAP)
    evening = [int(m) for m in re.findall(r"mem alloc=(\d+)", out)]
    if not ok or len(evening) != 50 or out.count("tone win") != 50:
        sys.exit("the long evening failed:\n" + out[-3000:])
    after_games = evening  # the heap in use back at the menu after each game
    growth = after_games[-1] - after_games[1]
    mpy = sum(p.stat().st_size for p in (ROOT / "build" / "mpy").rglob("*") if p.is_file())
    fuzzed = [
        (game, power_cuts, *fuzz_low(game, power_cuts))
        for power_cuts in (True, False)
        for game in ("saywhen", "staycool", "scattergories")
    ]
    names = ", ".join("%s %d" % (b, n) for b, n in board_names())
    rows = [
        ("heap in use after boot to the menu (.mpy)", "%.1f KB" % (mems[0] / 1024)),
        ("heap in use after the menu walk and a resume", "%.1f KB" % (mems[-1] / 1024)),
        ("smallest heap that boots and walks the menu", "%s KB (cap %s)" % (need, MPY_HEAP)),
        ("e-ink refreshes in the walk (after reboot)", "%d partial, %d full" % (partial, full)),
        ("Say When!: heap in use at the win", "%.1f KB" % (sw_mem / 1024)),
        ("Say When!: smallest heap for a whole game", "%s KB (cap %s)" % (sw_need, MPY_HEAP)),
        *[
            (
                "%s: heap in use / smallest heap" % title,
                "%.1f KB / %s KB (cap %s)" % (peak / 1024, need_kb, MPY_HEAP),
            )
            for title, peak, need_kb in games
        ],
        (
            "a long evening: 50 games, heap after each",
            "%.1f to %.1f KB (%+d bytes from game 2 to 50)"
            % (min(after_games) / 1024, max(after_games) / 1024, growth),
        ),
        (
            "Stay Cool turn on the virtual clock: end buzzer late by",
            "%d ms (SPI 10 MHz, BUSY, 30 ms flash writes charged)" % timing["end_lateness_ms"][0],
        ),
        (
            "  worst ring-frame lateness while the sand runs",
            "%d ms" % timing["turn_frame_lateness_ms"],
        ),
        (
            "  worst ring-frame lateness otherwise (saves at turn end)",
            "%d ms" % timing["other_frame_lateness_ms"],
        ),
        *[
            (
                "fuzz, %d events of %s: lowest free heap" % (FUZZ_EVENTS, game),
                "%.1f KB of %s (%s)"
                % (low / 1024, MPY_HEAP, "%d power cuts" % cuts if power_cuts else "power on"),
            )
            for game, power_cuts, low, cuts in fuzzed
        ],
        ("names interned at boot (the pools hold %d)" % POOLS_HOLD, names),
        ("flash used by the build (code, fonts, decks)", "%.0f KB" % (mpy / 1024)),
    ]
    width = max(len(r[0]) for r in rows)
    print("%-*s  %s" % (width, "figure", "value"))
    print("-" * (width + 24))
    for name, value in rows:
        print("%-*s  %s" % (width, name, value))


if __name__ == "__main__":
    main()
