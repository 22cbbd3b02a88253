"""Renders any screen of the device to PNG through the headless simulator, and the README's
pictures from their recipes.

    python -m tools.screenshot OUT.png [COMMAND ...]   e.g. "press DOWN" "press GO"
    python -m tools.screenshot --readme [NAME ...]     the README's pictures, into docs/
    python -m tools.screenshot --diff [NAME ...]       how they differ from docs/, as pictures

The firmware (the .mpy build, as flashed, unless SCANNER_MPY says otherwise) runs in the
MicroPython unix port, replays the commands (the headless protocol, README), and writes its
frame as a 1-bit PNG; this tool then draws it larger, on an e-paper grey, with the 16-LED
ring beside it in the colours the firmware gave it. The pictures in docs/ are the reviewed
goldens: host_tests/test_screens.py draws every recipe again and fails when a picture no
longer matches.
"""

import argparse
import math
import os
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import NamedTuple

from PIL import Image, ImageChops, ImageDraw

from tools.mpenv import ROOT, heap, run_mp

DOCS = ROOT / "docs"
DIFFS = ROOT / "build" / "pictures-diff"
SCALE = 2
PAPER = (232, 230, 222)
INK = (28, 28, 32)
BEZEL = (52, 54, 60)
CHANGED = (230, 0, 120)  # a pixel that differs, in a difference picture
WORKERS = 2  # simulators at once: one a core on the machines that run the tests
# The pictures are taken at the tests' cap (a board's, for the .mpy build that make pictures
# runs): what they show, a board draws. The sources get more, to be compiled in RAM.
HEAP = heap()

START = (1 << 30) - 30000  # the simulator's own default: 30 s before ticks_ms() wraps


class Shot(NamedTuple):
    """A recipe: the headless commands that reach a screen from a fresh device (`reboot` is
    a power cut on the way), the seed of the deal of cards and letters, and the tick the
    clock starts at: the same recipe draws the same picture, pixel for pixel."""

    commands: list
    seed: int = 1
    start: int = START


# --- Recipes ----------------------------------------------------------------------------
# Commands to build them from, named for what they do on the device.


def press(button, times=1):
    return ["press " + button] * times


def long(button, times=1):
    return ["long " + button] * times


def wait(ms):
    return ["wait %d" % ms]


SAYWHEN = press("GO", 2)  # the menu: Say When!, then New game: its setup
STAYCOOL = press("DOWN") + press("GO", 2)
SCATTERGORIES = press("DOWN", 2) + press("GO", 2)
PLAY = press("UP") + press("GO")  # the setup's last row (UP wraps to it): Start game
SUFFIXES = ("", "thousand", "million", "billion")  # hold C on the number editor


def number(text):
    """Types a number such as "1969", "9.6" or "12.5 billion" on a blank number editor: UP
    to each digit, B to the next, hold B for the point, hold C for each x1000."""
    digits, _, word = text.partition(" ")
    keys = []
    for i, d in enumerate(digits):
        if d == ".":
            keys += long("B")  # the point, and a digit after it
            continue
        if i and digits[i - 1] != ".":
            keys += press("B")  # the next digit
        keys += press("UP", int(d))
    return keys + long("C", SUFFIXES.index(word))


# Say When!, card 1 (the deal of seed 1): Usain Bolt's 100 m record, 9.58 seconds. Red is
# the Quizzer, tied for the lead: A chooses secret guessing, C open.
SW_CARD = SAYWHEN + PLAY
SW_GUESSES = SW_CARD + press("A") + press("B")  # secret; B: the guesses, Blue's first
# The first card of this seed asks the year Charles I was beheaded (1649, range 1639..1659).
SW_DOOR = SW_GUESSES + number("1660") + press("C") + number("1642") + press("C")
SW_DOOR += long("GO")
VERDICTS = ("exact", "in range", "outside")  # B on a team in quick judging: the next


def judged(place, verdict):
    """Opens the door with no guesses typed and judges the team at `place` in the guessing
    order (0: the Quizzer's left) closest, as `verdict`."""
    return long("GO") + press("A") + press("DOWN", place) + press("B", VERDICTS.index(verdict) + 1)


def scored(place):
    """Card by card: the team at `place` was exact; Done, then Next (the Scanner passes)."""
    return judged(place, "exact") + press("C") + press("B")


# Stay Cool, Alex's turn in round 1 (four players: Alex, Sam, Robin, Jo): C flips the glass
# onto 1, A is a written answer right, B a verbal one; the glass flips itself every 30 s.
SC_TURN = STAYCOOL + PLAY + press("C")
TURN_MS = {1: 120000, 2: 30000, 3: 30000}  # the sand of a turn with no "Timer!"


def turn(written, verbal, rnd):
    """A turn with no "Timer!": its answers, then the sand runs out; C on the end screen
    starts the next turn (or shows the winner)."""
    answers = press("A", written) + press("B", verbal)
    return press("C") + answers + wait(TURN_MS[rnd]) + press("C")


def game(*rounds):
    """Every turn of a game, round by round: (written, verbal) right for each player."""
    return [key for r, plays in enumerate(rounds, 1) for w, v in plays for key in turn(w, v, r)]


# Three players, Alex, Sam and Robin (B on the setup: 4 -> 3): Alex and Sam tie on 13, and
# Sam has more points in round 3.
SC_GAME = STAYCOOL + press("B") + PLAY
SC_GAME += game([(4, 6), (1, 7), (2, 2)], [(1, 1), (2, 4), (3, 4)], [(0, 0), (3, 4), (1, 1)])

# Scattergories, three players (Alex, Sam, Robin), the deal of seed 28: the die gives H in
# round 1; in round 2 it comes up H again, is thrown again and gives D.
SG_SEED = 28
SG_GAME = SCATTERGORIES + PLAY
SG_ROUND = press("B", 3)  # roll, skip the die's show, start the 3:00 timer
TIME_UP = wait(180000) + press("B")  # the timer runs out; B: the points


def points(*values):
    """Each player's points for the round in turn: UP for each point, B to the next."""
    return [key for v in values for key in press("UP", v) + press("B")]


SG_POINTS = SG_GAME + SG_ROUND + TIME_UP + points(6, 7)  # Robin's turn
# Robin has 4 and B wraps to Alex; A: challenge Alex's answer in category 3. C: Alex
# accepts, A: Sam rejects; then Robin votes.
SG_VOTE = SG_POINTS + points(4) + press("A") + press("DOWN", 2) + press("B") + press("C")
SG_VOTE += press("A")
SG_VERDICT = SG_VOTE + press("B")  # Robin gives no vote: 1 to 1
SG_PICK = SG_VERDICT + press("B") + press("C") + press("B")  # OK, Done, on to round 2
SG_LETTER = SG_PICK + press("B", 2)  # roll, skip the show: L
# B starts the 3:00 when it is let go, as the debounce sees it: 50 ms before the press ends.
SG_LIST = SG_LETTER + press("B") + wait(130000 - 50)  # 0:50 left
SG_PAUSED = SG_LIST + press("DOWN") + long("B")
SG_TOTALS = SG_PAUSED + press("B") + TIME_UP + points(2, 1, 5) + press("C")


README_SHOTS = {
    "menu": Shot([]),
    "settings": Shot(press("UP", 2) + press("GO") + press("DOWN")),
    "setup": Shot(SAYWHEN + press("C")),
    "name-picker": Shot(SAYWHEN + press("DOWN") + press("GO") + press("DOWN")),
    "name-editor": Shot(SAYWHEN + press("DOWN") + press("GO") + press("B", 2)),
    "resume": Shot(SAYWHEN + PLAY + ["reboot"]),
    "selftest": Shot(press("UP") + press("GO") + ["hold B"] + wait(300)),
    "bringup": Shot(press("UP") + press("GO") + long("A") + wait(30000)),  # the board READMEs
    "rules": Shot(press("DOWN") + press("GO") + PLAY),
    "sw-question": Shot(SW_CARD + press("C")),
    "sw-guess": Shot(SW_GUESSES + number("1660")),
    "sw-door": Shot(SW_DOOR),
    "sw-judge": Shot(SW_CARD + press("A") + judged(0, "in range")),  # Blue, the first
    "sw-scores": Shot(SW_DOOR + press("B") + press("A")),
    # Blue guesses first on cards 1 and 3, second on card 2; Red is never tied again.
    "sw-win": Shot(SW_CARD + press("A") + scored(0) + scored(1) + scored(0)),
    "sc-start": Shot(STAYCOOL + PLAY),
    "sc-turn": Shot(SC_TURN + press("A", 3) + press("B", 4) + wait(31000)),  # on 2 at 0:30
    "sc-pause": Shot(SC_TURN + wait(5000) + long("C")),
    "sc-end": Shot(SC_TURN + press("A", 4) + press("B", 6) + wait(TURN_MS[1])),
    "sc-scores": Shot(SC_GAME + press("C")),
    "sc-win": Shot(SC_GAME),
    "sg-pick": Shot(SG_PICK, seed=SG_SEED),
    "sg-letter": Shot(SG_LETTER, seed=SG_SEED),
    "sg-repeat": Shot(SG_PICK + press("B") + wait(1500), seed=SG_SEED),  # settled at 1.4 s
    "sg-list": Shot(SG_LIST, seed=SG_SEED),
    "sg-paused": Shot(SG_PAUSED, seed=SG_SEED),
    "sg-points": Shot(SG_POINTS, seed=SG_SEED),
    "sg-vote": Shot(SG_VOTE, seed=SG_SEED),
    "sg-verdict": Shot(SG_VERDICT, seed=SG_SEED),
    "sg-totals": Shot(SG_TOTALS, seed=SG_SEED),
    "sg-win": Shot(
        SG_TOTALS + press("B") + SG_ROUND + TIME_UP + points(3, 1, 0) + press("C"), seed=SG_SEED
    ),
}


# --- Rendering --------------------------------------------------------------------------


def capture(recipe, state_dir):
    """Plays the recipe; returns (its last frame, the ring's 16 colours)."""
    frame = Path(state_dir) / "frame.png"
    args = ["-m", "headless", "--state", str(state_dir)]
    args += ["--seed", str(recipe.seed), "--start", str(recipe.start)]
    script = "\n".join([*recipe.commands, "png " + str(frame), "ring"]) + "\n"
    proc = run_mp(args, stdin=script, heap_size=HEAP, device=True)
    if proc.returncode != 0 or "error:" in proc.stdout or not frame.exists():
        raise RuntimeError("simulator failed:\n" + proc.stdout[-2000:] + proc.stderr[-2000:])
    ring_line = [x for x in proc.stdout.splitlines() if x.startswith("ring ")][-1]
    leds = [tuple(bytes.fromhex(h)) for h in ring_line.split()[1:]]
    with Image.open(frame) as img:
        return img.convert("1"), leds


def compose(frame, leds):
    w, h = frame.size
    screen = Image.new("RGB", (w * SCALE, h * SCALE), PAPER)
    ink = frame.point(lambda v: 0 if v else 255).resize(screen.size, Image.NEAREST)
    screen.paste(INK, mask=ink.convert("L"))
    pad, ring_d = 16, h * SCALE
    out = Image.new("RGB", (w * SCALE + ring_d + 3 * pad, h * SCALE + 2 * pad), BEZEL)
    out.paste(screen, (pad, pad))
    draw = ImageDraw.Draw(out)
    cx, cy, r = w * SCALE + 2 * pad + ring_d // 2, pad + ring_d // 2, ring_d // 2 - 14
    rim = (cx - r - 10, cy - r - 10, cx + r + 10, cy + r + 10)
    draw.ellipse(rim, outline=(90, 92, 98), width=3)
    for i, colour in enumerate(leds):  # LED 0 at the top, clockwise
        a = 2 * math.pi * i / len(leds)
        x, y = cx + r * math.sin(a), cy - r * math.cos(a)
        lit = any(colour)
        fill = colour if lit else (30, 30, 34)
        draw.ellipse((x - 9, y - 9, x + 9, y + 9), fill=fill, outline=(110, 110, 116))
    return out


def render(recipe):
    """The picture a recipe draws (a fresh device: its saved state in a folder of its own)."""
    with tempfile.TemporaryDirectory() as state:
        return compose(*capture(recipe, state))


def rendering(names):
    """{name: the Future of its picture} for the README's pictures named, drawn WORKERS at a
    time, in order: the first can be looked at while the others are still being drawn."""
    pool = ThreadPoolExecutor(WORKERS)
    futures = {name: pool.submit(render, README_SHOTS[name]) for name in names}
    pool.shutdown(wait=False)  # the threads end once the last picture is drawn
    return futures


def reviewed(name):
    """docs/NAME.png as RGB, or None when it is not there."""
    path = DOCS / (name + ".png")
    if not path.exists():
        return None
    with Image.open(path) as img:
        return img.convert("RGB")


def changed_pixels(picture, golden):
    """A mask, 255 where the two differ (where both have pixels)."""
    box = (0, 0, min(picture.width, golden.width), min(picture.height, golden.height))
    changed = ImageChops.difference(picture.crop(box), golden.crop(box)).convert("L")
    return changed.point(lambda v: 255 if v else 0)


def mismatch(picture, golden):
    """How a picture differs from the reviewed one, pixel for pixel ("": not at all)."""
    if golden is None:
        return "there is no reviewed picture"
    if picture.size != golden.size:
        return "it is %dx%d, the reviewed one %dx%d" % (*picture.size, *golden.size)
    count = changed_pixels(picture, golden).histogram()[255]
    return "pixels that differ: %d" % count if count else ""


def difference(picture, golden):
    """The reviewed picture, the new one, and the new one faded with each pixel that changed
    in CHANGED, one above the other, each under a label."""
    golden = golden or Image.new("RGB", picture.size, BEZEL)
    faded = Image.blend(picture, Image.new("RGB", picture.size, (255, 255, 255)), 0.7)
    mask = changed_pixels(picture, golden)
    faded.paste(CHANGED, (0, 0), mask)
    box = mask.getbbox()
    if box:  # ringed too: a pixel or two alone is easy to miss
        ImageDraw.Draw(faded).rectangle(
            (box[0] - 4, box[1] - 4, box[2] + 3, box[3] + 3), outline=CHANGED
        )
    panels = [("reviewed (docs/)", golden), ("now", picture), ("changed pixels", faded)]
    label = 16
    width = max(golden.width, picture.width)
    out = Image.new("RGB", (width, sum(label + p.height for _, p in panels)), (255, 255, 255))
    draw = ImageDraw.Draw(out)
    y = 0
    for text, panel in panels:
        draw.text((4, y + 2), text, fill=(0, 0, 0))
        out.paste(panel, (0, y + label))
        y += label + panel.height
    return out


def keep(picture, path):
    """Writes `picture` to `path` as a PNG, unless the file there already holds it pixel
    for pixel: a picture drawn again as it was leaves `git status` clean, whatever bytes
    another encoder would have written. True when it wrote."""
    path = Path(path)
    if path.exists():
        with Image.open(path) as img:
            old = img.convert("RGB")
        if not mismatch(picture.convert("RGB"), old):
            return False
    picture.save(path)
    return True


# --- Commands ---------------------------------------------------------------------------

DIFF_COMMAND = ".venv/bin/python -m tools.screenshot --diff %s"
ACCEPT_COMMAND = ".venv/bin/python -m tools.screenshot --readme %s"


def readme(names):
    DOCS.mkdir(exist_ok=True)
    for name, picture in rendering(names).items():
        path = DOCS / (name + ".png")
        picture.result().save(path)
        print("wrote", path)


def diff(names):
    DIFFS.mkdir(parents=True, exist_ok=True)
    changed = []
    for name, picture in rendering(names).items():
        picture, golden = picture.result(), reviewed(name)
        out = DIFFS / (name + ".png")
        how = mismatch(picture, golden)
        if how:
            difference(picture, golden).save(out)
            changed.append(name)
            print("%s: %s; see %s" % (name, how, out.relative_to(ROOT)))
        elif out.exists():
            out.unlink()  # a difference from before, no longer true
    if changed:
        print("to accept the new pictures: " + ACCEPT_COMMAND % " ".join(changed))
    else:
        print("no picture differs from docs/ (%d compared)" % len(names))


def names_of(parser, given):
    unknown = [n for n in given if n not in README_SHOTS]
    if unknown:
        parser.error(
            "no recipe for %s (the pictures are %s)"
            % (", ".join(unknown), ", ".join(README_SHOTS))
        )
    return given or list(README_SHOTS)


def main(argv=None):
    os.environ.setdefault("SCANNER_MPY", "1")  # the .mpy build, as flashed (make pictures)
    parser = argparse.ArgumentParser(
        prog="python -m tools.screenshot",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("out", nargs="?", help="where to write one screen's PNG")
    parser.add_argument(
        "commands", nargs="*", help='headless commands that reach the screen, e.g. "press GO"'
    )
    parser.add_argument(
        "--seed", type=int, default=1, help="the deal of cards and letters (with OUT)"
    )
    parser.add_argument(
        "--start", type=int, default=START, help="the tick the clock starts at (with OUT)"
    )
    which = parser.add_mutually_exclusive_group()
    which.add_argument(
        "--readme",
        nargs="*",
        metavar="NAME",
        help="redraw the README's pictures into docs/ (all of them, or those named)",
    )
    which.add_argument(
        "--diff",
        nargs="*",
        metavar="NAME",
        help="compare the pictures (all, or those named) with docs/; write each that changed "
        "to build/pictures-diff/NAME.png, changed pixels highlighted",
    )
    args = parser.parse_args(argv)
    if args.readme is not None or args.diff is not None:
        if args.out:
            parser.error("OUT and COMMANDs go without --readme or --diff")
        if args.readme is not None:
            readme(names_of(parser, args.readme))
        else:
            diff(names_of(parser, args.diff))
        return
    if not args.out:
        parser.error("say where to write the PNG, or --readme, or --diff")
    render(Shot(args.commands, args.seed, args.start)).save(args.out)
    print("wrote", args.out)


if __name__ == "__main__":
    main()
