"""Renders any screen of the device to PNG, through the headless simulator.

    python tools/screenshot.py OUT.png [COMMAND ...]     e.g. "press DOWN" "press GO"
    python tools/screenshot.py --readme                  the README's pictures, in docs/

The firmware runs in the MicroPython unix port, replays the commands (the headless
protocol, README), and writes its frame as a 1-bit PNG; this tool then draws it larger, on
an e-paper grey, with the 16-LED ring beside it in the colours the firmware gave it.
"""

import math
import sys
import tempfile
from pathlib import Path

from PIL import Image, ImageDraw

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "host_tests"))
from mpenv import run_mp  # noqa: E402

SCALE = 2
PAPER = (232, 230, 222)
INK = (28, 28, 32)
BEZEL = (52, 54, 60)

README_SHOTS = {
    "menu": [],
    "settings": ["press UP", "press UP", "press GO", "press DOWN"],
    "setup": ["press GO", "press GO", "press C"],
    "name-picker": ["press GO", "press GO", "press DOWN", "press GO", "press DOWN"],
    "name-editor": ["press GO", "press GO", "press DOWN", "press GO", "press B", "press B"],
    "resume": ["press GO", "press GO", "press UP", "press GO", "reboot"],
    "selftest": ["press UP", "press GO", "hold B", "wait 300"],
    "rules": ["press DOWN", "press GO", "press UP", "press GO"],
}


def capture(commands, state_dir):
    """Runs the commands; returns (frame image, ring colours)."""
    frame = Path(state_dir) / "frame.png"
    script = "\n".join([*commands, "png " + str(frame), "ring"]) + "\n"
    proc = run_mp(["-m", "headless", "--state", str(state_dir)], stdin=script, device=True)
    if proc.returncode != 0 or "error:" in proc.stdout or not frame.exists():
        raise SystemExit("simulator failed:\n" + proc.stdout[-2000:] + proc.stderr[-2000:])
    ring_line = [x for x in proc.stdout.splitlines() if x.startswith("ring ")][-1]
    leds = [tuple(bytes.fromhex(h)) for h in ring_line.split()[1:]]
    return Image.open(frame).convert("1"), leds


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


def shoot(out_path, commands):
    with tempfile.TemporaryDirectory() as state:
        frame, leds = capture(commands, state)
    compose(frame, leds).save(out_path)
    print("wrote", out_path)


def main(argv):
    if argv[:1] == ["--readme"]:
        docs = ROOT / "docs"
        docs.mkdir(exist_ok=True)
        for name, commands in README_SHOTS.items():
            shoot(docs / (name + ".png"), commands)
        return
    if not argv:
        sys.exit(__doc__)
    shoot(argv[0], argv[1:])


if __name__ == "__main__":
    main(sys.argv[1:])
