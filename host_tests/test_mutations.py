"""Damage to any saved file never stops the board or loops it (issue 15).

Real saves are taken from each game as the firmware writes them, at the points a table
meets (a question being asked, guesses typed, the Answer Door, judging, a win, a turn
paused, a round paused, a challenge, the scores, ...), with the settings and the played
record beside them (host_tests/unix/mutate_run.py collects them by seeded mashing). Then
each file is damaged: every single-bit flip and every truncation of its bytes on flash;
and structurally, with the checksum recomputed as a buggy firmware would have saved it: a
wrong type for every field, the field missing, an extra field, numbers out of range and
huge, empty containers, a directory in the file's place, a file of 1 MB. For each, the
device boots (twice: the second time on what the first left) and plays a few screens: it
must show the game, or a notice and then the menu, and never fail.

`make test` tries a sample of MUTATION_SAMPLE of them, drawn afresh each run (the seed is
printed; MUTATION_SEED=... draws the same again); `make fuzz` tries them all
(MUTATION_SAMPLE=all).
"""

import json
import os
import random
import time
from concurrent.futures import ThreadPoolExecutor

import pytest

from tools.mpenv import ROOT, read_save, run_mp

RUNNER = str(ROOT / "host_tests" / "unix" / "mutate_run.py")
GAMES = ("saywhen", "staycool", "scattergories")
COLLECT_EVENTS = 3000  # enough mashing for every kind of point below
POINTS = {
    "saywhen": {"question", "guessing", "door", "judging", "won"},
    "staycool": {"ready", "paused-turn", "running", "scored", "over"},
    "scattergories": {"pick", "roll", "paused-round", "score", "challenge", "totals", "won"},
}
SAMPLE = os.environ.get("MUTATION_SAMPLE", "240")
SEED = int(os.environ.get("MUTATION_SEED", str(int(time.time()))))
# Values of every other type, and numbers no field may hold.
STRANGE = (None, True, 1.5, "x", "", [], {}, [None], -1, 10**19, 10**100)

pytestmark = pytest.mark.mpy_only  # the .mpy build, at the device's heap cap


def run_runner(*args, timeout=600, heap_size=None):
    proc = run_mp([RUNNER, *args], device=True, timeout=timeout, heap_size=heap_size)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    return proc.stdout


@pytest.fixture(scope="module")
def saves(tmp_path_factory):
    base = tmp_path_factory.mktemp("saves")
    with ThreadPoolExecutor(len(GAMES)) as pool:
        outs = list(
            pool.map(
                # Collecting copies the files beside a device that plays on: the harness,
                # not what is tested, so it gets room (the boots on each save get the cap).
                lambda g: run_runner(
                    "collect", g, "7", str(COLLECT_EVENTS), str(base), heap_size="256K"
                ),
                GAMES,
            )
        )
    for game, out in zip(GAMES, outs):
        labels = set(out.split("labels ", 1)[1].split())
        assert POINTS[game] <= labels, (game, labels)
    return base


def structural(data, path=()):
    """[kind, path, ...] for every structural mutation of the JSON `data`."""
    out = []
    for value in STRANGE:
        if type(value) is not type(data) or value != data:
            out.append(["set", list(path), value])
    if isinstance(data, int) and not isinstance(data, bool):
        out.append(["set", list(path), data + 1000])
    if path:
        out.append(["del", list(path)])
    if isinstance(data, dict):
        out.append(["add", list(path), "zz", 1])
        for key, value in data.items():
            out += structural(value, (*path, key))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            out += structural(value, (*path, i))
    return out


def every_mutation(base):
    specs = []
    for folder in sorted(p for p in base.iterdir() if not p.name.startswith(".")):
        for file in sorted(folder.glob("*.json")):
            key, raw = file.stem, file.read_bytes()
            head = [folder.name, key]
            specs += [[*head, "flip", bit] for bit in range(8 * len(raw))]
            specs += [[*head, "cut", n] for n in range(len(raw))]
            specs += [[*head, "dir"], [*head, "big"]]
            specs += [head + m for m in structural(read_save(file))]
    return specs


def test_every_kind_of_point_was_saved_and_mutations_cover_each_field(saves):
    specs = every_mutation(saves)
    kinds = {s[2] for s in specs}
    assert kinds == {"flip", "cut", "dir", "big", "set", "del", "add"}
    # every field of a Say When! door save is mutated: its "door" flag among them
    door = [s for s in specs if s[0] == "saywhen-door" and s[1] == "session"]
    assert ["saywhen-door", "session", "set", ["state", "door"], None] in door
    assert ["saywhen-door", "session", "del", ["state", "judge"]] in door


def test_no_damaged_file_stops_the_board_or_loops_it(saves, tmp_path):
    specs = every_mutation(saves)
    if SAMPLE != "all":
        # Bit flips and cuts mostly meet the checksum; the structural ones meet the checks
        # behind it, where the bugs were: they take most of the sample.
        rnd = random.Random(SEED)
        raw = [s for s in specs if s[2] in ("flip", "cut")]
        shaped = [s for s in specs if s[2] not in ("flip", "cut")]
        n = int(SAMPLE)
        specs = rnd.sample(raw, n // 4) + rnd.sample(shaped, n - n // 4)
    print("mutation seed %d: %d mutated states" % (SEED, len(specs)))
    halves = [specs[0::2], specs[1::2]]  # two processes: this machine's two cores
    files = []
    for i, part in enumerate(halves):
        f = tmp_path / ("specs%d.txt" % i)
        f.write_text("".join(json.dumps(s) + "\n" for s in part))
        files.append(f)
    with ThreadPoolExecutor(2) as pool:
        outs = list(
            pool.map(
                lambda i: run_runner(
                    "mutate",
                    str(saves),
                    str(files[i]),
                    str(tmp_path / ("work%d" % i)),
                    timeout=24 * 3600,
                ),
                range(2),
            )
        )
    failures = [chunk for out in outs for chunk in out.split("FAIL ")[1:]]
    done = [line for out in outs for line in out.splitlines() if line.startswith("done ")]
    assert sum(int(d.split()[1]) for d in done) == len(specs)
    assert not failures, "seed %d: %d failed, the first:\nFAIL %s" % (
        SEED,
        len(failures),
        "\nFAIL ".join(failures[:5]),
    )
