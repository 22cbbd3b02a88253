"""The screen check for a first power-on (self-test, hold A), on the headless simulator:
the orientation target with a full refresh, then exactly 20 partial refreshes of a counter."""

import re

from PIL import Image
from sim import Sim

from tools.screenshot import HEAP

SCREEN_CHECK = "press UP\npress GO\nlong A\n"  # the menu's last row: Self-test; hold A


def refreshes(out):
    return [tuple(map(int, m)) for m in re.findall(r"refreshes partial=(\d+) full=(\d+)", out)]


def test_the_target_then_twenty_partials_of_a_counter(tmp_path):
    frame = tmp_path / "target.png"
    script = SCREEN_CHECK + "refreshes\nwait 2500\npng %s\ntext\nwait 25000\nrefreshes\nstate\n"
    # The pictures' heap: `png` needs 5 KB in one piece beside the firmware (tools.screenshot
    # says why); the screen check's heap is the fuzzer's and make bench's to hold to account.
    out = Sim(tmp_path, heap=HEAP).run(script % frame)
    (p0, f0), (p1, f1) = refreshes(out.text)
    assert (p1 - p0, f1 - f0) == (20, 0)  # the full one came with the check; then 20 partials
    assert out.state()["view"]["count"] == 20
    target = out.texts()[0]
    assert target[:2] == ["TOP LEFT", "0"]
    with Image.open(frame) as img:
        pixels = img.convert("1").load()
        w, h = img.size

        def ink(x, y):
            return pixels[x, y] == 0  # black on the paper

        assert (w, h) == (296, 128)
        # A 1-pixel border: every pixel of the edges is ink, the one inside it is not.
        for x in range(w):
            assert ink(x, 0) and ink(x, h - 1), x
        for y in range(h):
            assert ink(0, y) and ink(w - 1, y), y
        assert not ink(1, 60) and not ink(w - 2, 60)
        # "TOP LEFT" and the arrow are in the top left; the right half's top row is clear.
        top_left = sum(1 for x in range(2, 100) for y in range(2, 60) if ink(x, y))
        top_right = sum(1 for x in range(200, 294) for y in range(2, 20) if ink(x, y))
        assert top_left > 200 and top_right == 0
