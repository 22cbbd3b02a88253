"""`make bench`: measured figures for the .mpy build in the MicroPython unix port.

Benchmarks print figures; tests check behaviour. Heap figures are the 64-bit unix port's,
which spends 1.22-1.24 times a Pico's bytes on data and 1.42-1.45 times on module code
(measured against MicroPython 1.28.0's rp2 firmware on an emulated RP2040), so a figure
here stands for 1/1.45 to 1/1.22 of it on a Pico: the 128 KB cap for about 104 KB. There
a Pico has 245,888 bytes of heap (241,600 free after boot), a Pico W 205,184 (200,880).

With Wi-Fi (the headless simulator serving phones, --http): the heap in use at a Say When!
question with the server up and four phones joined over HTTP, under the same cap. The
unix port's sockets and their buffers live outside MicroPython's heap, and on a Pico W
lwIP's buffers are static: what is measured is the firmware's own heap.

Last, the margin: every game fuzzed at --heap (112K), with power cuts and with the power
left on, for each of the --seeds the Makefile names. The lowest free heap and the smallest
"largest free block" of each run are printed; what fails first is the largest block.

    .venv/bin/python -m tools.bench [--seeds "101 202"] [--heap 112K] [--events N]
                                    [--evening N] [--quick]
"""

import argparse
import http.client
import json
import os
import re
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor

from tools.fuzz import GC_BLOCK, fuzz, kb
from tools.mpenv import MPY_HEAP, ROOT, run_mp
from tools.names import NET_MODULE, POOLS_HOLD, names_in
from tools.phones import SCATTERGORIES, START, STAY_COOL, free_port, serve

os.environ["SCANNER_MPY"] = "1"

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
    (tools/unix/timing_run.py), where SPI bytes, BUSY and flash writes take their time."""
    code = "import json, timing_run\nprint(json.dumps(timing_run.measure(%r)))" % (
        tempfile.mkdtemp()
    )
    # The heap host_tests/unix/test_timing.py declares: a device, the panel model, the clock.
    proc = run_mp(["-c", code], heap_size="320K", extra_paths=[ROOT / "tools" / "unix"])
    if proc.returncode != 0:
        sys.exit("timing run failed:\n" + proc.stdout[-2000:] + proc.stderr[-2000:])
    return json.loads(proc.stdout.strip().splitlines()[-1])


GAMES = ("saywhen", "staycool", "scattergories")
# A Pico's share of a unix-port figure: 1/1.45 for module code to 1/1.22 for data.
PICO_RANGE = (1 / 1.45, 1 / 1.22)


OPEN_FILES = 6 * 1024  # a Pico's littlefs: ~1.2 KB per open file, and five fonts stay open


def on_pico(n):
    """A unix-port figure of the heap in use as the range it stands for on a Pico."""
    low, high = (n * r + OPEN_FILES for r in PICO_RANGE)
    return "%.0f-%.0f KB on a Pico" % (low / 1024, high / 1024)


def fuzz_run(game, seed, events, heap, power_cuts):
    run = fuzz(game, seed, events, heap, power_cuts=power_cuts)
    return game, seed, power_cuts, run


def fuzz_all(jobs):
    """Runs (game, seed, events, heap, power_cuts) jobs two at a time (two cores here)."""
    with ThreadPoolExecutor(2) as pool:
        return list(pool.map(lambda job: fuzz_run(*job), jobs))


FUZZER_SHARE = """
import boot, gc, sys
from phases import unload
from games.rng import Rng
import board, shell, store, micropython, io
gc.collect()
before = gc.mem_alloc()
import fuzz
gc.collect()
print("fuzzer", gc.mem_alloc() - before)
"""


def fuzzer_share():
    """The heap the fuzzer's own module holds, on top of the firmware it drives."""
    proc = run_mp(["-c", FUZZER_SHARE], device=True)
    found = re.search(r"fuzzer (\d+)", proc.stdout)
    if not found:
        sys.exit("measuring the fuzzer failed:\n" + proc.stdout + proc.stderr)
    return int(found.group(1))


def board_names():
    """(board, how many names its boot interns, and with Wi-Fi how many more or None),
    read from the generated sources."""
    out = []
    for src in sorted((ROOT / "build" / "gen").glob("*/names.py")):
        net = src.parent / (NET_MODULE + ".py")
        more = len(names_in(net.read_text())) if net.exists() else None
        out.append((src.parent.name, len(names_in(src.read_text())), more))
    return out


# Say When! with four teams (Red, Blue, Green, Gold), to its first question.
FOUR_TEAMS = "press GO\npress GO\npress C\npress C\npress UP\npress GO\n"


def _request(port, method, path, token=None, body=None, again=None):
    """(status, body) of one request. With `again` (a list), a request the device had no
    room for (503, or the connection cut off) is asked again as a phone's page does (a
    look, which a phone may repeat), 4 times at most, each counted there."""
    for tries in range(5):
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        try:
            conn.request(method, path, body=body, headers={"X-Token": token} if token else {})
            response = conn.getresponse()
            status, data = response.status, response.read()
        except OSError:
            if again is None or tries == 4:
                raise
            status = data = None
        finally:
            conn.close()
        if status not in (503, None) or again is None or tries == 4:
            return status, data
        again.append(path)
        time.sleep(0.3)


def serving(heap, setup, teams, script, asks=3):
    """The headless simulator serving phones over a loopback port at `heap`: the commands
    of `setup`, then one phone per team joins (`teams` of them), each asks what its team
    sees `asks` times over, and then each line of `script` goes in, each followed by one
    phone's look at its team (in turn). Every look must be answered; one the device had
    no room for is asked again, as a phone does. (whether it ran to the end, what it
    printed, then "asked again: N")"""
    port = free_port()
    tokens = []
    again = []  # the requests asked again (tools/bench.py _request)
    looks = []  # the status of each look
    with tempfile.TemporaryDirectory() as state:
        proc = serve(state, port, heap)
        try:
            proc.stdin.write(setup)
            proc.stdin.flush()
            deadline = time.monotonic() + 30
            while len(tokens) < teams and time.monotonic() < deadline and proc.poll() is None:
                token = "%016x" % (len(tokens) + 1)  # a phone's own (the page's are random)
                try:
                    join = json.dumps({"team": len(tokens), "token": token}).encode()
                    status, _ = _request(port, "POST", "/api/join", body=join)
                except OSError:  # not serving yet, or the answer lost: asked again
                    status = None
                if status == 200:
                    tokens.append(token)
                time.sleep(PHONE_PACE)
            for token in tokens * asks:
                looks.append(_request(port, "GET", "/api/me", token, again=again)[0])
                time.sleep(PHONE_PACE)
            for i, line in enumerate(script.strip().splitlines()):
                proc.stdin.write(line + "\n")
                proc.stdin.flush()
                if tokens:
                    token = tokens[i % len(tokens)]
                    looks.append(_request(port, "GET", "/api/me", token, again=again)[0])
                time.sleep(PHONE_PACE)
            out, err = proc.communicate("quit\n", timeout=60)
        except OSError:  # the simulator is gone (out of heap): its pipe or its port
            out, err = proc.communicate(timeout=60)
        finally:
            if proc.poll() is None:
                proc.kill()
                proc.communicate()
    ok = len(tokens) == teams and proc.returncode == 0 and "error:" not in out
    ok = ok and set(looks) <= {200}  # every look answered, if only when asked again
    return ok and "Error" not in err, out + err + "\nasked again: %d\n" % len(again)


PHONE_PACE = 0.2  # seconds between requests: the server lets an address through every 150 ms


def heap_state(out):
    """(heap in use, largest free block, names interned, requests asked again) at the
    last `mem` of a simulator's output (`serving`'s)."""
    alloc = int(re.findall(r"mem alloc=(\d+)", out)[-1])
    block = int(re.findall(r"max free sz: (\d+)", out)[-1]) * GC_BLOCK
    again = re.findall(r"asked again: (\d+)", out)
    return alloc, block, int(re.findall(r"n_qstr=(\d+)", out)[-1]), int(again[-1]) if again else 0


def with_phones(heap):
    """(heap in use, largest free block, names) at a Say When! question with the phones' server
    up and four phones joined (each then asks what its team sees three times), at `heap`;
    None if they do not get there in it."""
    ok, out = serving(heap, FOUR_TEAMS, 4, "press A\nmem")  # the join screen gone: the question
    return heap_state(out) if ok else None


def four_phones(quick=False):
    """with_phones at the cap, else at the smallest heap (KB) they get there in: (heap,
    figures); `quick`: at the cap alone, with no search."""
    found = with_phones(MPY_HEAP)
    if found:
        return MPY_HEAP, found
    if quick:
        sys.exit("four phones did not get to a question at %s" % MPY_HEAP)
    need = smallest_heap(None, lo=int(MPY_HEAP[:-1]), hi=256, runs=with_phones)
    if need is None:
        sys.exit("four phones did not join under 256K")
    return "%dK" % need, with_phones("%dK" % need)


# Say When! to a win (SAYWHEN_GAME) with the server up and both teams' phones joined,
# asking what their team sees between the presses.
SAYWHEN_SETUP = "".join(SAYWHEN_GAME.strip().splitlines(True)[:4])
SAYWHEN_PLAY = "".join(SAYWHEN_GAME.strip().splitlines(True)[4:])


def phones_game(heap):
    ok, out = serving(heap, SAYWHEN_SETUP, 2, SAYWHEN_PLAY, asks=1)
    return ok and '"winner": 0' in out


# The other two games with four phones joined, each looking at what its player sees
# between the commands: a Stay Cool turn with its sand running, and a Scattergories round
# from its roll to its scoring.
STAYCOOL_PHONES = (STAY_COOL + START, "press B\npress C\nwait 20000\nmem")
SCATTERGORIES_PHONES = (
    SCATTERGORIES + START,
    "press B\npress B\npress B\nwait 60000\nmem\nwait 130000\nmem",
)


def phones_peak(heap, setup, script):
    """The most heap in use at the script's `mem`s with four phones joined, at `heap`."""
    ok, out = serving(heap, setup, 4, script)
    if not ok:
        sys.exit("four phones failed at %s:\n%s" % (heap, out[-3000:]))
    return max(int(m) for m in re.findall(r"mem alloc=(\d+)", out))


def smallest_heap(script, lo=8, hi=512, runs=None):
    """The smallest heap (KB) in which the script runs to the end, by bisection (`runs`:
    whether it does at a heap, if not `run`)."""
    runs = runs or (lambda heap: run(script, heap)[0])
    if not runs("%dK" % hi):
        return None
    while lo < hi:
        mid = (lo + hi) // 2
        if runs("%dK" % mid):
            hi = mid
        else:
            lo = mid + 1
    return hi


def main(argv=None):
    parser = argparse.ArgumentParser(
        prog="python -m tools.bench", description=__doc__.splitlines()[0]
    )
    parser.add_argument("--seeds", default="101 202 303 404 505", help="the margin's seeds")
    parser.add_argument("--heap", default="112K", help="the margin's heap cap")
    parser.add_argument("--events", type=int, default=20000, help="events with power cuts")
    parser.add_argument("--evening", type=int, default=5000, help="events with the power on")
    parser.add_argument(
        "--quick",
        action="store_true",
        help="a check that it all runs: few fuzz events and games, no smallest-heap search",
    )
    args = parser.parse_args(argv)
    seeds = [int(x) for x in args.seeds.split()]
    fuzz_events, games_in_evening = (300, 3) if args.quick else (FUZZ_EVENTS, 50)

    def smallest(script):
        return "?" if args.quick else smallest_heap(script)

    ok, out = run(MENU_WALK, MPY_HEAP)
    if not ok:
        sys.exit("the menu walk failed under %s:\n%s" % (MPY_HEAP, out[-3000:]))
    mems = [int(m) for m in re.findall(r"mem alloc=(\d+)", out)]
    partial, full = map(int, re.search(r"refreshes partial=(\d+) full=(\d+)", out).groups())
    need = smallest(MENU_WALK)
    ok, out = run(SAYWHEN_GAME, MPY_HEAP)
    if not ok or '"winner": 0' not in out:
        sys.exit("the Say When! game did not end in a win:\n" + out[-3000:])
    sw_mem = int(re.findall(r"mem alloc=(\d+)", out)[-1])
    sw_need = smallest(SAYWHEN_GAME)
    games = []
    for title, script in (
        ("Stay Cool, a turn", STAYCOOL_TURN),
        ("Scattergories, a round", SCATTERGORIES_ROUND),
    ):
        ok, out = run(script, MPY_HEAP)
        if not ok:
            sys.exit("%s failed:\n%s" % (title, out[-3000:]))
        peak = max(int(m) for m in re.findall(r"mem alloc=(\d+)", out))
        games.append((title, peak, smallest(script)))
    timing = measure_timing()
    ok, out = run(EVENING_GAME * games_in_evening, MPY_HEAP)
    evening = [int(m) for m in re.findall(r"mem alloc=(\d+)", out)]
    if not ok or len(evening) != games_in_evening or out.count("tone win") != games_in_evening:
        sys.exit("the long evening failed:\n" + out[-3000:])
    after_games = evening  # the heap in use back at the menu after each game
    growth = after_games[-1] - after_games[1]
    mpy = sum(p.stat().st_size for p in (ROOT / "build" / "mpy").rglob("*") if p.is_file())
    at_cap = fuzz_all(
        [(game, 1, fuzz_events, MPY_HEAP, cuts) for cuts in (True, False) for game in GAMES]
    )
    for *_, r in at_cap:
        if not r.ok:
            sys.exit("the fuzzer failed:\n" + r.output[-3000:])
    share = fuzzer_share()
    names = ", ".join(
        "%s %d%s" % (b, n, " + %d with Wi-Fi" % more if more else "")
        for b, n, more in board_names()
    )
    phones_heap, (phones, phones_block, phones_names, asked_again) = four_phones(args.quick)
    ok, out = run(FOUR_TEAMS + "mem\n", phones_heap)  # the core keeps more in a larger heap
    no_wifi, no_wifi_block, *_ = heap_state(out)
    phones_need = "?" if args.quick else smallest_heap(None, lo=96, hi=256, runs=phones_game)
    other_phones = [
        phones_peak(MPY_HEAP, *game) for game in (STAYCOOL_PHONES, SCATTERGORIES_PHONES)
    ]
    rows = [
        ("heap in use after boot to the menu (.mpy)", heap_figure(mems[0])),
        ("heap in use after the menu walk and a resume", heap_figure(mems[-1])),
        ("smallest heap that boots and walks the menu", "%s KB (cap %s)" % (need, MPY_HEAP)),
        ("e-ink refreshes in the walk (after reboot)", "%d partial, %d full" % (partial, full)),
        ("Say When!: heap in use at the win", heap_figure(sw_mem)),
        ("Say When!: smallest heap for a whole game", "%s KB (cap %s)" % (sw_need, MPY_HEAP)),
        *[
            (
                "%s: heap in use / smallest heap" % title,
                "%s / %s KB (cap %s)" % (heap_figure(peak), need_kb, MPY_HEAP),
            )
            for title, peak, need_kb in games
        ],
        (
            "a long evening: %d games, heap after each" % games_in_evening,
            "%.1f to %.1f KB (%+d bytes from game 2 to %d)"
            % (min(after_games) / 1024, max(after_games) / 1024, growth, games_in_evening),
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
                "fuzz, %d events of %s at %s (%s)"
                % (fuzz_events, game, MPY_HEAP, "power cuts" if cuts else "power on"),
                "lowest free %s, smallest largest free block %s"
                % (kb(r.lowest_free), kb(r.largest_block)),
            )
            for game, _, cuts, r in at_cap
        ],
        (
            "the fuzzer's own module, in every fuzz figure",
            "%s of the heap under test" % kb(share),
        ),
        (
            "Wi-Fi: heap in use at a question, four phones joined",
            "%s, largest free block %s, at %s%s"
            % (
                heap_figure(phones),
                kb(phones_block),
                phones_heap,
                ""
                if phones_heap == MPY_HEAP
                else " (the smallest it runs in: not at %s)" % MPY_HEAP,
            ),
        ),
        (
            "  its phones' requests asked again (503: no room for one then)",
            "%d" % asked_again,
        ),
        (
            "  of which the server, asyncio and the PC's stand-in network",
            "%s (the same question, heap, without Wi-Fi: %.1f KB, largest free block %s)"
            % (kb(phones - no_wifi), no_wifi / 1024, kb(no_wifi_block)),
        ),
        (
            "Wi-Fi: heap in use, four phones: a Stay Cool turn / a Scattergories round",
            "%s / %s (cap %s)"
            % (heap_figure(other_phones[0]), heap_figure(other_phones[1]), MPY_HEAP),
        ),
        (
            "Wi-Fi: names interned in the unix port (its pools hold %d)" % POOLS_HOLD,
            "%d (one more than the pools hold grows them by 14 KB at once)" % phones_names,
        ),
        (
            "Wi-Fi: smallest heap for a whole Say When! game, 2 phones",
            "%s KB (cap %s; without Wi-Fi %s KB)" % (phones_need, MPY_HEAP, sw_need),
        ),
        ("names interned at boot (the pools hold %d)" % POOLS_HOLD, names),
        ("flash used by the build (code, fonts, decks)", "%.0f KB" % (mpy / 1024)),
    ]
    print_table(("figure", "value"), rows)
    print()
    print(
        "A Pico's figure: the unix port's divided by 1.45 (code) to 1.22 (data), plus 6 KB "
        "for the five font\nfiles kept open (littlefs holds ~1.2 KB per open file in the "
        "heap; the unix port's files live outside it).\nMeasured on MicroPython 1.28.0: a "
        "Pico's heap is 245,888 bytes (241,600 free after boot), a Pico W's 205,184."
    )
    print(
        "Wi-Fi: the unix port's sockets and their buffers live outside MicroPython's heap, and "
        "a Pico W's lwIP\nbuffers are static (compiled in): the Wi-Fi figures are the "
        "firmware's own heap. With Wi-Fi, boot\nmay grow the name pools by one (7.7 KB on a "
        "Pico W, at boot into the empty heap: tools/names.py)."
    )

    print()
    print(
        "The margin: %d events with power cuts and %d with the power on, per game and seed, "
        "at %s" % (args.events, args.evening, args.heap)
    )
    jobs = [
        (game, seed, n, args.heap, cuts)
        for game in GAMES
        for seed in seeds
        for n, cuts in ((args.events, True), (args.evening, False))
    ]
    margin = fuzz_all(jobs)
    failed = [r for *_, r in margin if not r.ok]
    rows = [
        (
            "%s seed %d, %s" % (game, seed, "power cuts" if cuts else "power on"),
            "%s: lowest free %s, smallest largest free block %s"
            % ("ok" if r.ok else "FAILED", kb(r.lowest_free), kb(r.largest_block)),
        )
        for game, seed, cuts, r in margin
    ]
    print_table(("run", "result"), rows)
    for r in failed:
        print("\n" + r.output[-3000:])
    if failed:
        print("\n%d of %d runs failed at %s" % (len(failed), len(margin), args.heap))
        return 1
    print("\nall %d runs passed at %s" % (len(margin), args.heap))
    return 0


def heap_figure(n):
    return "%.1f KB (%s)" % (n / 1024, on_pico(n))


def print_table(header, rows):
    width = max(len(r[0]) for r in rows)
    print("%-*s  %s" % (width, *header))
    print("-" * (width + 24))
    for name, value in rows:
        print("%-*s  %s" % (width, name, value))


if __name__ == "__main__":
    sys.exit(main())
