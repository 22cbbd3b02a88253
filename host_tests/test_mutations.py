"""Damage to any saved file never stops the board or loops it (issue 15).

Real saves are taken from each game as the firmware writes them, at the points a table
meets (a question being asked, guesses typed, the Answer Door, judging, a win, a turn
paused, a round paused, a challenge, the scores, ...), with the settings, the played
record and the phones' network beside them (host_tests/unix/mutate_run.py collects them
by seeded mashing on a board with Wi-Fi). Then each file is damaged: every single-bit flip
and every truncation of its bytes on flash; and structurally, with the checksum
recomputed as a buggy firmware would have saved it: for every field, a value of every
other type (an int as a float, -0.0, a bool, null, an empty and a 5,000-character string,
a 4,000-digit int, a list nested 1,000 deep, ...), the field missing, an extra field,
numbers out of range; a directory in the file's place, a file of 1 MB. For each, the
.mpy build at the board's cap powers on through start.main(), the firmware's own boot and
reset logic (a stand-in `machine`), twice: the second time on what the first left. It
must show the game, or a notice and then the menu, with no reset (a crash, or a step
longer than the watchdog's 8 s) and no file gone without a word; it says so once.

`make test` tries one of each kind of mutation of each file of each game, drawn afresh
each run (the seed is printed; MUTATION_SEED=... draws the same again); `make fuzz` tries
them all (MUTATION_SAMPLE=all; a number tries that many at random). Both print how many
were tried, the crashes and the silent deletions.
"""

import json
import os
import random
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from tools.mpenv import ROOT, code_dirs, read_save, run_mp

RUNNER = str(ROOT / "host_tests" / "unix" / "mutate_run.py")
GAMES = ("saywhen", "staycool", "scattergories")
COLLECT_EVENTS = 3000  # enough mashing for every kind of point below
POINTS = {
    "saywhen": {"question", "guessing", "door", "judging", "won"},
    "staycool": {"ready", "paused-turn", "running", "scored", "over"},
    "scattergories": {"pick", "roll", "paused-round", "score", "challenge", "totals", "won"},
}
SAMPLE = os.environ.get("MUTATION_SAMPLE", "kinds")
SEED = int(os.environ.get("MUTATION_SEED", str(int(time.time()))))
# Values of every other type, and numbers no field may hold; the last three are built by
# the harness (mutate_run.py): a string of 5,000 characters, an int of 4,000 digits, and
# a list nested 1,000 deep (which CPython's json could not even write).
STRANGE = (
    None,
    True,
    False,
    1.5,
    -0.0,
    "x",
    "",
    [],
    {},
    [None],
    -1,
    10**19,
    {"$chars": 5000},
    {"$digits": 4000},
    {"$deep": 1000},
)


def kind(spec):
    """What kind of mutation a spec is: "flip", "cut", ..., or "set" and what it sets."""
    if spec[2] != "set":
        return spec[2]
    value = spec[4]
    if isinstance(value, dict) and len(value) == 1 and next(iter(value))[:1] == "$":
        return "set " + next(iter(value))
    if isinstance(value, float):
        return "set -0.0" if value == 0 else "set float"
    return "set " + type(value).__name__


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
        out.append(["set", list(path), float(data)])  # 3 -> 3.0: equal, and no int
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


def flash(folder):
    """A board's flash for the harness: the .mpy build's firmware and board modules, linked
    in as make flash lays them out (so each loads by the name it has on the board)."""
    folder.mkdir()
    for code in code_dirs():
        for entry in Path(code).iterdir():
            (folder / entry.name).symlink_to(entry)


def sample(specs, rnd):
    """One of each kind of mutation (kind()) of each file of each game's saves, drawn by
    `rnd`: every kind meets every file, in a sample that `make test` can afford."""
    groups = {}
    for spec in specs:
        groups.setdefault((spec[0].split("-")[0], spec[1], kind(spec)), []).append(spec)
    return [rnd.choice(groups[key]) for key in sorted(groups)]


def test_the_sample_takes_each_kind_of_mutation_of_each_file(saves):
    specs = every_mutation(saves)
    picked = sample(specs, random.Random(1))
    files = {s[1] for s in specs}
    assert files == {"session", "settings", "played", "phones"}
    kinds = {kind(s) for s in picked}
    for k in ("set $chars", "set $digits", "set $deep", "set -0.0", "set float", "set bool"):
        assert k in kinds, k
    for game in ("saywhen", "staycool", "scattergories"):
        for file in {s[1] for s in specs if s[0].startswith(game)}:  # (settings: if changed)
            mine = {kind(s) for s in picked if s[0].startswith(game) and s[1] == file}
            assert {"flip", "cut", "dir", "big", "set NoneType", "set bool"} <= mine
        assert {"session", "played", "phones"} <= {s[1] for s in specs if s[0].startswith(game)}
    assert len(picked) == len({(s[0].split("-")[0], s[1], kind(s)) for s in specs})


def test_no_damaged_file_stops_the_board_loops_it_or_is_lost_without_a_word(saves, tmp_path):
    specs = every_mutation(saves)
    rnd = random.Random(SEED)
    if SAMPLE == "kinds":
        specs = sample(specs, rnd)
    elif SAMPLE != "all":
        specs = rnd.sample(specs, min(int(SAMPLE), len(specs)))
    halves = [specs[0::2], specs[1::2]]  # two processes: this machine's two cores
    files = []
    for i, part in enumerate(halves):
        f = tmp_path / ("specs%d.txt" % i)
        f.write_text("".join(json.dumps(s) + "\n" for s in part))
        files.append(f)
        flash(tmp_path / ("flash%d" % i))
    with ThreadPoolExecutor(2) as pool:
        outs = list(
            pool.map(
                lambda i: run_runner(
                    "mutate",
                    str(saves),
                    str(files[i]),
                    str(tmp_path / ("flash%d" % i)),
                    timeout=24 * 3600,
                ),
                range(2),
            )
        )
    failures = [chunk for out in outs for chunk in out.split("FAIL ")[1:]]
    done = [line.split() for out in outs for line in out.splitlines() if line[:5] == "done "]
    tried, crashes, deletions = (sum(int(d[i]) for d in done) for i in (1, 3, 4))
    print(
        "mutation seed %d: %d mutated states, %d crashes, %d silent deletions"
        % (SEED, tried, crashes, deletions)
    )
    assert tried == len(specs)
    assert not failures, "seed %d: %d failed, the first:\nFAIL %s" % (
        SEED,
        len(failures),
        "\nFAIL ".join(failures[:5]),
    )
    assert crashes == deletions == 0
