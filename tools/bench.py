"""`make bench`: measured figures of the .mpy build in the MicroPython unix port, per board,
then the margins. Benchmarks print figures; tests check behaviour.

Heap figures are KB of 1,024 bytes of the 64-bit unix port's heap. tools/budget.py holds
each board's cap and how it was derived: the unix port spends about 1.1 times a Pico's
bytes on this firmware (RATIO), and the heaps are the ones measured on MicroPython 1.28's
rp2 firmware. Each `mem` of a script reads the heap in use after a collection, and the
largest free block, which is what fails first.

1. Each board at its cap: the menu walk, a Say When! game to a win, a Stay Cool turn and a
   Scattergories round; on a board with Wi-Fi with the phones' server up and a phone
   joined for every team, each looking at what its team sees between two commands, as
   the page does. The heaviest moment, what it stands for on the board, and the smallest
   largest free block.
2. The mechanisms that exist to save heap (docs/memory.md), each switched off in turn by a
   prelude run before the simulator: the heaviest moment with it and without (at 256 KB,
   where both run), and whether the scripts still run at the margin without it.
3. Time, on a virtual clock (tools/unix/timing_run.py): the end buzzer of a Stay Cool turn
   and the ring's frames, late by how much of their period; what the loop does at the menu
   at rest. Then each game's start, from its "Start game" press to its first frame, as a
   ratio to the menu's redraw measured in the same run (tools/unix/starts_run.py), so that
   it means the same on any machine, with the file reads it makes (a board's flash), and
   from both what it comes to on a Pico (tools/budget.py pico_start_s); the join screen's
   QR code, made in steps, and its longest step on a Pico (pico_bytecode_s); the
   share of a phone's looks answered within 3 s under 20 slow connections; and the
   headless simulator driven with --http and without, as a ratio (tools/httpbench.py).
   Then the page in Chromium (tools/webbench.py): its first frame, and a click's.
4. A long evening of Say When! games: the heap back at the menu after each.
5. Flash: each board's littlefs image of what `make flash` copies (tools/flashimage.py).
6. The margins, which fail the bench if any run fails: every game fuzzed without phones at
   --heap (128K) with power cuts and with the power left on, and with four phones
   (tools/phonefuzz.py) at the game's phones margin (tools/budget.py), for each seed.

    .venv/bin/python -m tools.bench [--seeds "101 202"] [--heap 128K] [--events N]
                                    [--evening N] [--phone-events N] [--quick]
"""

import argparse
import ast
import json
import re
import socket
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor

from tools import flashimage, httpbench, phonefuzz, webbench
from tools.budget import BOARDS, MARGIN_HEAP, MARGIN_PHONES, RATIO, pico_bytecode_s, pico_start_s
from tools.fuzz import GC_BLOCK, fuzz, kb
from tools.mpenv import ROOT, run_mp
from tools.phones import SAY_WHEN, START, Device, Phone

GAMES = ("saywhen", "staycool", "scattergories")
# How much of each kind of run, in full and under --quick (a check that it all runs, short
# enough for every `make test`): what --quick leaves out is printed from these.
FULL = {"mech": 3000, "mech phones": 1000, "starts": 7, "slow": 20, "drive": 7, "evening": 50}
QUICK = {"mech": 200, "mech phones": 20, "starts": 2, "slow": 3, "drive": 3, "evening": 2}
QUICK_MARGINS = {"events": 300, "evening": 200, "phone_events": 30}
ROOMY = "256K"  # where a script runs with any mechanism switched off

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
# A power cut ends the process that serves phones (netsim.py): the walk with Wi-Fi has none.
MENU_WALK_WIFI = MENU_WALK.replace("reboot\n", "")

# Each game as (its setup, up to its start; teams or players; its play, with `mem`s).
GAME_SCRIPTS = {
    # A whole game of Say When! to a win, two teams: typed guesses on card 1, quick
    # judging after.
    "saywhen": (
        "press GO\npress GO\npress UP\npress GO",
        2,
        """
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
""",
    ),
    # Stay Cool, four players: one whole round-1 turn (4 written, 6 verbal) to its score.
    "staycool": (
        "press DOWN\npress GO\npress GO\npress UP\npress GO",
        4,
        "\n".join(
            ["press C"]
            + ["press A"] * 4
            + ["press B"] * 6
            + ["wait 60000", "mem", "wait 61000", "mem"]
        ),  # fmt: skip
    ),
    # Scattergories, three players: the list, the die, a whole 3-minute round, points.
    "scattergories": (
        "press DOWN\npress DOWN\npress GO\npress GO\npress UP\npress GO",
        3,
        "press B\npress B\npress B\nwait 90000\nmem\nwait 90000\npress B\nmem",
    ),
}
TITLES = {
    "walk": "the menu walk",
    "saywhen": "Say When! to a win",
    "staycool": "a Stay Cool turn",
    "scattergories": "a Scattergories round",
}
# One game from the menu to a win and back: the unit of a long evening.
SAYWHEN_SETUP, _, SAYWHEN_PLAY = GAME_SCRIPTS["saywhen"]
EVENING_GAME = "%s\n%s\npress A\nwait 100\nmem\n" % (
    SAYWHEN_SETUP,
    SAYWHEN_PLAY.strip().removesuffix("mem").strip(),  # one `mem` a game: back at the menu
)

# Each heap mechanism switched off (docs/memory.md): (its name, the prelude that does
# it, more of the environment, the margins whose fuzz it is for: without phones, with).
PLAIN, PHONES, BOTH = (True, False), (False, True), (True, True)
# A seed the phones' margins pass with every mechanism on, and one whose run shows what a
# mechanism with phones is for (seed 101 passes without net.join's: docs/memory.md). A row
# may name its own seed in place of PHONES' True (the dialogs let go: Stay Cool seed 404).
MECHANISM_PHONES_SEED = 202
LOWEST = r"lowest free heap ([\d.]+) KB"  # as tools/phonefuzz.py says it
MECHANISMS = (
    (
        "the menu-game swap (phases.py)",
        # The phases load their modules and let none go.
        "import boot, phases\n"
        "def game(self, name):\n"
        "    return __import__('app.' + name, None, None, ('start',))\n"
        "    yield\n"
        "def menu(self):\n    from app import menu\n    return menu\n"
        "phases.Phases.game = game\nphases.Phases.menu = menu",
        None,
        PLAIN,
    ),
    (
        "the heap collected every 2 KB allocated (wake.py)",
        None,
        {"SIM_GC_EVERY": "-1"},  # only when an allocation finds no room
        BOTH,
    ),
    (
        "each game's sides apart: Scattergories' round and scoring, Say When!'s guessing"
        " and door (app/gamescreen.py turn)",
        # Both sides' screens loaded with the game, for all of it.
        "import boot, phases\n"
        "_game = phases.Phases.game\n"
        "def game(self, name):\n"
        "    module = yield from _game(self, name)\n"
        "    if name == 'scattergories':\n"
        "        from app import scattergories_round, scattergories_score\n"
        "    elif name == 'saywhen':\n"
        "        from app import saywhen_door, saywhen_round\n"
        "    return module\n"
        "phases.Phases.game = game",
        None,
        PHONES,
    ),
    (
        "net.join and net.qr loaded for their use (net/phones.py)",
        "import boot\nfrom net import phones\nphones._let_go = lambda: None",  # kept once loaded
        None,
        PHONES,
    ),
    (
        "Stay Cool's dealer let go once a deal is saved (app/staycool.py dealt)",
        # The dealer kept once imported, through every turn after.
        "import boot, phases\nphases.Phases.done = lambda self, name: None",
        None,
        PHONES,
    ),
    (
        "a game's dialogs let go once closed (phases.py closed)",
        # app.dialogs kept for the rest of the game once a notice has been shown.
        "import boot, phases\nphases.Phases.closed = lambda self, stack: None",
        None,
        (False, 404),  # (seed 202 passes without it)
    ),
)


class Heap:
    """What the `mem`s of a run printed: the most in use, the smallest largest free block."""

    def __init__(self, out):
        used = [int(m) for m in re.findall(r"mem alloc=(\d+)", out)]
        blocks = [int(b) * GC_BLOCK for b in re.findall(r"max free sz: (\d+)", out)]
        self.peak = max(used) if used else None
        self.block = min(blocks) if blocks else None


def run(script, heap, prelude=None, env=None):
    """The headless simulator through `script` at `heap`: (whether it ran clean, output)."""
    start = (
        ["-c", prelude + "\nimport headless, sys\nheadless.main(sys.argv)"]
        if prelude
        else ["-m", "headless"]
    )
    with tempfile.TemporaryDirectory() as state:
        proc = run_mp(
            [*start, "--state", state], stdin=script, heap_size=heap, device=True, env=env
        )
    out = proc.stdout + proc.stderr
    return proc.returncode == 0 and "error:" not in out and "Error" not in out, out


def with_phones(setup, teams, play, heap, prelude=None, env=None):
    """The simulator serving phones at `heap`: `setup` (to a game's start), a phone per team
    joins, the join screen goes, then each line of `play`, each followed by one phone's
    look (in turn). (whether it ran clean with every look answered, output)."""
    out = []
    with tempfile.TemporaryDirectory() as state:
        device = Device(state, heap_size=heap, prelude=prelude, env=env)
        ok = True
        try:
            out += device.send(setup)
            phones = [Phone(device.port, address="127.0.0.%d" % (2 + i)) for i in range(teams)]
            ok = all(phone.join(team)[0] == 200 for team, phone in enumerate(phones))
            if phones:
                out += device.send("press B")  # the join screen that opens a game goes
            for i, line in enumerate(play.strip().splitlines()):
                out += device.send(line)
                if phones:
                    ok = ok and phones[i % teams].json("GET", "/api/me")[0] == 200
        except (AssertionError, OSError) as e:
            ok = False
            out.append(str(e))
        finally:
            out.append(device.close())
    text = "\n".join(out)
    return ok and "error:" not in text and "Error" not in text, text


def moments(heap, wifi, games=GAMES, walk=True, prelude=None, env=None):
    """{moment: (ok, Heap)}: the walk and the games' scripts at `heap`, with phones (`wifi`:
    the simulator serving them) or without."""
    found = {}
    if walk:
        ok, out = (
            with_phones("mem", 0, MENU_WALK_WIFI, heap, prelude, env)
            if wifi
            else run(MENU_WALK, heap, prelude, env)
        )
        found["walk"] = ok, Heap(out)
    for game in games:
        setup, teams, play = GAME_SCRIPTS[game]
        if wifi:
            ok, out = with_phones(setup, teams, play, heap, prelude, env)
        else:
            ok, out = run(setup + "\n" + play, heap, prelude, env)
        won = game != "saywhen" or "tone win" in out  # its script plays it to a win
        found[game] = ok and won, Heap(out)
    return found


def heaviest(found):
    """(moment, its Heap) of the most heap in use, and the smallest largest free block."""
    name = max(found, key=lambda k: found[k][1].peak or 0)
    block = min(h.block for _, h in found.values() if h.block is not None)
    return name, found[name][1], block


TIMED_BOARD = "pico-epaper29"  # the timed turn runs on its parts (vclock.pico: the SSD1680)


def spi_baud(board):
    """The board's SPI rate for its display, `_SPI_BAUD` in boards/<board>/board.py, read
    from the source as tools/flash.py's has_wifi reads WIFI: the module imports `machine`."""
    tree = ast.parse((ROOT / "boards" / board / "board.py").read_text())
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == "_SPI_BAUD" for t in node.targets
        ):
            value = node.value
            if isinstance(value, ast.Call):  # const(...)
                value = value.args[0]
            return ast.literal_eval(value)
    sys.exit("boards/%s/board.py names no _SPI_BAUD" % board)


def measure_timing(baud):
    """One Stay Cool turn through the shell and the SSD1680 driver on a virtual clock
    (tools/unix/timing_run.py), where SPI bytes, BUSY and flash writes take their time."""
    code = "import json, timing_run\nprint(json.dumps(timing_run.measure(%r, %d)))" % (
        tempfile.mkdtemp(),
        baud,
    )
    # The heap host_tests/unix/test_timing.py declares: a device, the panel model, the clock.
    proc = run_mp(["-c", code], heap_size="320K", extra_paths=[ROOT / "tools" / "unix"])
    if proc.returncode != 0:
        sys.exit("timing run failed:\n" + proc.stdout[-2000:] + proc.stderr[-2000:])
    return json.loads(proc.stdout.strip().splitlines()[-1])


def measure_starts(reps):
    """Each game's start against the menu's redraw, in the same run (tools/unix/
    starts_run.py): the .mpy build, laid out as on a board, at the Pico's cap."""
    code = "import boot, json, starts_run\nprint(json.dumps(starts_run.measure(%r, %d)))" % (
        tempfile.mkdtemp(),
        reps,
    )
    path = ".frozen::../boards/host:" + str(ROOT / "tools" / "unix")
    proc = run_mp(["-c", code], heap_size="192K", device=True, env={"MICROPYPATH": path})
    if proc.returncode != 0:
        sys.exit("the starts' run failed:\n" + proc.stdout[-2000:] + proc.stderr[-2000:])
    return json.loads(proc.stdout.strip().splitlines()[-1])


def slow_clients(looks, slow=20):
    """A phone's looks (GET /api/me, asked again for 3 s as the page does) while `slow`
    connections, each from an address of its own, send their request a byte a second and
    connect again when cut off: (looks answered within 3 s, looks). Wall-clock, as a
    phone at the table sees it."""
    stop = threading.Event()
    answered = 0
    with tempfile.TemporaryDirectory() as state:
        device = Device(state, heap_size="%dK" % BOARDS[0].cap_kb)
        try:
            device.send(SAY_WHEN + START)
            phone = Phone(device.port, address="127.0.0.2")
            if phone.join(0)[0] != 200:
                sys.exit("slow clients: the phone could not join")
            device.send("press B")  # the join screen goes: the game's first card

            def trickle(n):
                request = b"GET /api/teams HTTP/1.1\r\nHost: 192.168.4.1\r\n\r\n"
                while not stop.is_set():
                    try:
                        with socket.create_connection(
                            ("127.0.0.1", device.port),
                            timeout=5,
                            source_address=("127.0.0.%d" % (10 + n), 0),
                        ) as sock:
                            for byte in request:
                                if stop.wait(1):
                                    return
                                sock.sendall(bytes([byte]))
                            sock.recv(100)
                    except OSError:
                        stop.wait(0.2)

            for n in range(slow):
                threading.Thread(target=trickle, args=(n,), daemon=True).start()
            time.sleep(2)  # every slot taken by them
            for _ in range(looks):
                asked = time.monotonic()
                status = phone.json("GET", "/api/me")[0]
                answered += status == 200 and time.monotonic() - asked <= 3
                time.sleep(0.5)
        finally:
            stop.set()
            device.close()
    return answered, looks


def driven(runs):
    """The headless simulator driven with --http and without (tools/httpbench.py): rows."""
    found = httpbench.measure(runs)
    (plain_boot, plain), (http_boot, http) = found["plain"], found["http"]
    return [
        (
            "the headless simulator driven, %d commands at the menus: with --http over "
            "without" % len(httpbench.SCRIPT),
            "%.2f (%.0f ms and %.0f ms; at most 1.5 wanted); %.2f with the heap collected "
            "only when full; %.2f with the port taken (no network to wait for)"
            % (
                found["ratio"],
                plain * 1000,
                http * 1000,
                found["ratio when full"],
                found["ratio port taken"],
            ),
        ),
        (
            "  its first answer, from its start",
            "%.2f s without --http, %.2f s with (the next game's network and QR codes made)"
            % (plain_boot, http_boot),
        ),
    ]


def pool(jobs, workers=2):
    """Each job (a function and its arguments) run, `workers` at a time (two cores here)."""
    with ThreadPoolExecutor(workers) as p:
        return list(p.map(lambda job: job[0](*job[1:]), jobs))


def print_table(header, rows):
    width = max(len(r[0]) for r in rows)
    print("%-*s  %s" % (width, *header))
    print("-" * (width + 24))
    for name, value in rows:
        print("%-*s  %s" % (width, name, value))
    print()


def boards_section():
    rows = []
    for board in BOARDS:
        cap = "%dK" % board.cap_kb
        found = moments(cap, board.wifi)
        failed = [TITLES[k] for k, (ok, _) in found.items() if not ok]
        if failed:
            sys.exit("%s: at %s, %s failed" % (board.title, cap, ", ".join(failed)))
        name, heap, block = heaviest(found)
        on_board = heap.peak / RATIO
        kb_for, share = board.stands_for()
        rows += [
            (
                "%s: the cap" % board.title,
                "%s, for about %.0f KB on the board (%.0f%% of its %d-byte heap)"
                % (cap, kb_for, 100 * share, board.heap),
            ),
            (
                "  heaviest moment%s" % (", four phones" if board.wifi else ""),
                "%s at %s: about %.1f KB on the board, %.0f%% of its heap"
                % (kb(heap.peak), TITLES[name], on_board / 1024, 100 * on_board / board.heap),
            ),
            ("  smallest largest free block", kb(block)),
        ]
    print_table(("each board at its cap (tools/budget.py)", "measured"), rows)


def mechanisms_section(quick):
    """Each mechanism switched off: the heaviest moment of the scripts (at 256 KB, where
    they run either way), and the margin's fuzz without it (seed 101, the power on: the
    longest life a heap has), which says whether it is needed."""
    games = ("saywhen",) if quick else GAMES
    runs = QUICK if quick else FULL
    events, phone_events = runs["mech"], runs["mech phones"]
    base = {False: moments(ROOMY, False, games), True: moments(ROOMY, True, games, walk=False)}
    rows = []
    for title, prelude, env, (plain, phoned) in MECHANISMS:
        phoned, seed = bool(phoned), MECHANISM_PHONES_SEED if phoned is True else phoned
        off = moments(ROOMY, phoned, games, not phoned, prelude, env)
        if not all(ok for ok, _ in off.values()):
            sys.exit("%s, switched off, failed at %s" % (title, ROOMY))
        rows.append(
            (
                title,
                "heaviest %s with it, %s without"
                % (kb(heaviest(base[phoned])[1].peak), kb(heaviest(off)[1].peak)),
            )
        )
        if plain:
            jobs = [(fuzz, g, 101, events, MARGIN_HEAP, None, False, prelude, env) for g in GAMES]
            failed = [g for g, r in zip(GAMES, pool(jobs)) if not r.ok]
            rows.append(_fuzzed("%d events at %s" % (events, MARGIN_HEAP), failed, quick))
        if phoned:  # each game at the phones' margin
            jobs = [(phonefuzz.fuzz, g, seed, phone_events, None, prelude, env) for g in GAMES]
            done = pool(jobs, 3)
            failed = [g for g, (ok, _) in zip(GAMES, done) if not ok]
            fuzzed = "%d events with four phones, seed %d" % (phone_events, seed)
            # (the lowest free heap of its runs, against the margins' rows with it)
            lows = [float(x) for _, line in done for x in re.findall(LOWEST, line)]
            fuzzed += ", lowest free %.1f KB" % min(lows) if lows else ""
            rows.append(_fuzzed(fuzzed, failed, quick))
    print_table(("each mechanism switched off (docs/memory.md)", "measured"), rows)


def _fuzzed(fuzzed, failed, quick):
    """A mechanism's row of the margin's fuzz without it: the games that failed."""
    return (
        "  without it, the fuzz (%s)" % fuzzed,
        "FAILS: %s" % ", ".join(failed)
        if failed
        else "passes%s" % (" (--quick: too few events to tell)" if quick else ""),
    )


FRAME_MS = 40  # the ring's frame period (shell.py: 25 frames a second)


def time_and_evening_section(quick):
    runs = QUICK if quick else FULL
    games_in_evening = runs["evening"]
    baud = spi_baud(TIMED_BOARD)
    timing = measure_timing(baud)
    starts = measure_starts(runs["starts"])
    ok, out = run(EVENING_GAME * games_in_evening, "%dK" % BOARDS[0].cap_kb)
    after = [int(m) for m in re.findall(r"mem alloc=(\d+)", out)]
    if not ok or len(after) != games_in_evening or out.count("tone win") != games_in_evening:
        sys.exit("the long evening failed:\n" + out[-3000:])
    rows = [
        (
            "Stay Cool turn, virtual clock: end buzzer late by",
            "%d ms (SPI %g MHz, BUSY, 30 ms flash writes charged)"
            % (timing["end_lateness_ms"][0], baud / 1e6),
        ),
        (
            "  worst ring frame while the sand runs, late by",
            "%.2f of a frame" % (timing["turn_frame_lateness_ms"] / FRAME_MS),
        ),
        (
            "  worst ring frame otherwise (saves at turn end), late by",
            "%.2f of a frame" % (timing["other_frame_lateness_ms"] / FRAME_MS),
        ),
        (
            "  the glass flipped (a press that saves): release to its frame's first byte",
            "%d ms; to its save, %d ms (written while the glass changes)"
            % (timing["flip_to_frame_ms"], timing["flip_to_save_ms"][0]),
        ),
        (
            "the menu at rest for 10 s (virtual clock): polls, ring frames written",
            "%g a second, %g a second (10 ms polls: 100; ring: 25)"
            % (timing["idle_polls_per_s"], timing["idle_ring_writes_per_s"]),
        ),
    ]
    for game in GAMES:
        took, longest, drawing = starts[game]
        reads, size = starts[game + " reads"]
        rows.append(
            (
                "%s: Start game to its first frame, in menu redraws" % game,
                "%.1f (its longest stretch %.1f; the frame's drawing %.1f of it); %d file"
                " reads, %.1f KB; on a Pico about %.2f s, its longest stretch %d ms"
                " (tools/budget.py)"
                % (
                    took,
                    longest,
                    drawing,
                    reads,
                    size / 1024,
                    pico_start_s(took, reads),
                    1000 * pico_start_s(longest),
                ),
            )
        )
    answered, looks = slow_clients(runs["slow"])
    rows.append(
        (
            "a phone's looks answered within 3 s under 20 slow connections",
            "%d of %d (%d%%; at least 95%% wanted)" % (answered, looks, 100 * answered // looks),
        )
    )
    rows += driven(runs["drive"])
    steps, longest, whole = starts["qr"]
    rows.append(
        (
            "the join screen's Wi-Fi QR code, in menu redraws",
            "%.1f in all, in %d steps: the longest %.2f; on a Pico about %.2f s in all, its"
            " longest step %d ms (tools/budget.py)"
            % (whole, steps, longest, pico_bytecode_s(whole), 1000 * pico_bytecode_s(longest)),
        )
    )
    rows += [
        (
            "a long evening: %d games of Say When!, heap after each" % games_in_evening,
            "%.1f to %.1f KB (%+d bytes from game 2 to %d)"
            % (min(after) / 1024, max(after) / 1024, after[-1] - after[1], games_in_evening),
        ),
    ]
    print_table(("time and a long evening", "measured"), rows)


def flash_section():
    rows = []
    ok = True
    for board in BOARDS:
        for folder in board.folders:
            line, fits = flashimage.report(folder)
            ok = ok and fits
            name, _, figure = line.partition(": ")
            rows.append(("flash: %s" % name, figure))
    print_table(("each board's littlefs image (tools/flashimage.py)", "blocks in use"), rows)
    return ok


def margins_section(args, seeds, quick):
    jobs = [
        (fuzz, game, seed, n, args.heap, None, cuts)
        for game in GAMES
        for seed in seeds
        for n, cuts in ((args.events, True), (args.evening, False))
    ]
    phone_events = args.phone_events
    phone_jobs = [(phonefuzz.fuzz, game, seed, phone_events) for game in GAMES for seed in seeds]
    plain = pool(jobs)
    phoned = pool(phone_jobs, 3)  # mostly waiting on the phones' pace
    rows = []
    failures = []
    for (_, game, seed, _, _, _, cuts), r in zip(jobs, plain):
        rows.append(
            (
                "%s seed %d, %s at %s"
                % (game, seed, "power cuts" if cuts else "power on", args.heap),
                "%s: lowest free %s, smallest largest free block %s"
                % ("ok" if r.ok else "FAILED", kb(r.lowest_free), kb(r.largest_block)),
            )
        )
        if not r.ok:
            failures.append(r.output[-3000:])
    for (_, game, seed, _), (ok, report) in zip(phone_jobs, phoned):
        line = report.strip().splitlines()[-1]
        rows.append(
            (
                "%s seed %d, four phones at %s" % (game, seed, MARGIN_PHONES),
                "%s: %s" % ("ok" if ok else "FAILED", line.partition("; ")[2]),
            )
        )
        if not ok:
            failures.append(report)
    print(
        "The margins: %d events with power cuts and %d with the power on at %s, and %d with "
        "four phones,\nper game and seed\n" % (args.events, args.evening, args.heap, phone_events)
    )
    print_table(("run", "result"), rows)
    for failure in failures:
        print(failure + "\n")
    runs = len(jobs) + len(phone_jobs)
    if failures:
        print("%d of %d runs failed" % (len(failures), runs))
        return False
    print(
        "all %d runs passed (%s without phones, %s with four)" % (runs, args.heap, MARGIN_PHONES)
    )
    return True


def quick_form(args, seeds):
    """Shrinks the margins' fuzz to what --quick runs (the first seed, short runs), and
    says in one line what --quick leaves out."""
    runs = len(GAMES) * 3  # with power cuts, with the power on, with four phones
    q, f = QUICK, FULL
    left_out = (
        "with each mechanism off, the heaviest moments of Stay Cool and Scattergories and "
        "%d of the %d fuzz events (%d of %d with phones); %d of the %d game starts, %d of "
        "the %d slow connections, %d of the %d drives of the simulator, %d of the long "
        "evening's %d games; and %d of the %d "
        "margin runs, the rest shorter (seed %d only: %d of %d events with power cuts, %d "
        "of %d with the power on, %d of %d with four phones)"
        % (
            f["mech"] - q["mech"],
            f["mech"],
            f["mech phones"] - q["mech phones"],
            f["mech phones"],
            f["starts"] - q["starts"],
            f["starts"],
            f["slow"] - q["slow"],
            f["slow"],
            f["drive"] - q["drive"],
            f["drive"],
            f["evening"] - q["evening"],
            f["evening"],
            runs * (len(seeds) - 1),
            runs * len(seeds),
            seeds[0],
            *(
                x
                for key in ("events", "evening", "phone_events")
                for x in (min(getattr(args, key), QUICK_MARGINS[key]), getattr(args, key))
            ),
        )
    )
    for key, most in QUICK_MARGINS.items():
        setattr(args, key, min(getattr(args, key), most))
    return left_out


def main(argv=None):
    parser = argparse.ArgumentParser(
        prog="python -m tools.bench", description=__doc__.splitlines()[0]
    )
    parser.add_argument("--seeds", default="101 202 303 404 505", help="the margins' seeds")
    parser.add_argument("--heap", default=MARGIN_HEAP, help="the margin without phones")
    parser.add_argument("--events", type=int, default=20000, help="events with power cuts")
    parser.add_argument("--evening", type=int, default=5000, help="events with the power on")
    parser.add_argument("--phone-events", type=int, default=1000, help="events with four phones")
    parser.add_argument(
        "--quick",
        action="store_true",
        help="a check that it all runs, in about 2 minutes: the figures, and the margins for "
        "one seed with short runs (it prints what it leaves out)",
    )
    args = parser.parse_args(argv)
    seeds = [int(x) for x in args.seeds.split()]
    if args.quick:
        left_out = quick_form(args, seeds) + webbench.LEFT_OUT
        seeds = seeds[:1]
        print("--quick leaves out: %s\n" % left_out)
    boards_section()
    mechanisms_section(args.quick)
    time_and_evening_section(args.quick)
    print_table((webbench.TITLE, "measured"), webbench.rows(args.quick))
    flash_ok = flash_section()
    margins_ok = margins_section(args, seeds, args.quick)
    if args.quick:
        print("\n--quick left out: %s (make bench without it runs them)" % left_out)
    return 0 if flash_ok and margins_ok else 1


if __name__ == "__main__":
    sys.exit(main())
