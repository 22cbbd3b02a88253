"""The README's picture of the page (boards/web, docs/web.md), into docs/web/page.png: the
Scanner in headless Chromium, at Say When!'s Answer Door, the ring showing the cards.

    python -m tools.webshot [FOLDER]      (FOLDER: docs/web unless named; make pictures)

The page is built into a folder of its own (tools/web.py: the .mpy build and the npm
package), served on the loopback, and played with make sim's keys (?seed=1: card 1 is
docs/sw-door.png's, the year Charles I was beheaded). The picture is the page's device
(its screen, ring and buttons), cut from a tablet-sized window. What it shows stands
still: the door's frame is drawn once, and once it has slid open the ring shows the cards
played, which does not move (a Scattergories letter would not do: a game's seed takes the
time of its start, which a page's clock does not repeat); so the same run draws the same
picture, pixel for pixel; one unchanged is not written again, so `make pictures` leaves
`git status` clean (test_readme_pictures.py draws it again and holds it to the committed
one). Chromium's fonts are the machine's: a new Chromium or new fonts may draw the page's
buttons anew, to be looked at and committed as any changed picture.
"""

import argparse
import io
import sys
import tempfile
import time
from pathlib import Path

from tools import web
from tools.mpenv import ROOT
from tools.screenshot import keep

OUT = ROOT / "docs" / "web"
NAME = "page.png"
WINDOW = (1024, 640)  # a tablet on its side: the screen drawn at twice its pixels
SEED = 1  # the deal of tools/screenshot.py's Say When! pictures
KEYS = "gg" + "ug" + "a" + "G" + "adbdc" + "b"  # a game of two; secret; the door; Red exact; next
PAD = 12  # CSS pixels of the page's background kept around the device
WAIT_S = 60  # only a hang takes this long
SHADE = 16  # of 255: how far off a pixel of an LED's edge may be drawn (shaded)
SHADED_MOST = 64  # and at how many pixels at most


def until(what, timeout=WAIT_S):
    end = time.monotonic() + timeout
    while True:
        found = what()
        if found:
            return found
        if time.monotonic() > end:
            raise RuntimeError("the page never showed what was waited for")
        time.sleep(0.1)


def size(driver, window):
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": window[0], "height": window[1], "deviceScaleFactor": 1, "mobile": False},
    )


def still(driver):
    """Waits until neither the canvas nor the ring changes for a second."""
    look = "return [scanner.shown(), scanner.frame(), document.getElementById('ring').innerHTML]"
    last = None
    while True:
        now = driver.execute_script(look)
        if now == last:
            return
        last = now
        time.sleep(1)


def take(folder):
    """The picture, into `folder` (NAME), unless it is there already, pixel for pixel."""
    from PIL import Image

    from tools.browser import phone
    from tools.webbench import served

    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as top:
        site = Path(top) / "web"
        web.build(site, quiet=True)
        server = served(site)
        driver = phone()
        try:
            driver.set_window_size(*WINDOW)
            size(driver, WINDOW)
            driver.get("http://127.0.0.1:%d/?seed=%d" % (server.server_address[1], SEED))
            booted = "return !!window.scanner && scanner.shown() > 0"
            until(lambda: driver.execute_script(booted))
            body = driver.find_element("tag name", "body")
            for key in KEYS:
                body.send_keys(key)
                time.sleep(0.3)
            text = "return scanner.text()"
            until(lambda: "Card 2/20 · Quizzer: Blue" in driver.execute_script(text))
            still(driver)
            # Painted afresh, whole: the ring's LEDs repainted where they glowed would
            # otherwise keep, now and then, an edge a shade off at one of them.
            size(driver, (WINDOW[0] // 2, WINDOW[1]))
            size(driver, WINDOW)
            time.sleep(0.5)
            box = driver.execute_script(
                "const r = document.getElementById('device').getBoundingClientRect();"
                "return [r.left, r.top, r.right, r.bottom]"
            )
            png = driver.get_screenshot_as_png()
        finally:
            driver.quit()
            server.shutdown()
            server.server_close()
    left, top, right, bottom = (round(v) for v in box)
    with Image.open(io.BytesIO(png)) as img:
        picture = img.convert("RGB").crop(
            (max(0, left - PAD), max(0, top - PAD), right + PAD, bottom + PAD)
        )
    path = folder / NAME
    print("unchanged:" if shaded(picture, path) or not keep(picture, path) else "wrote", path)


def shaded(picture, path):
    """Whether the picture at `path` is `picture` but for a shade at a few pixels: Chromium's
    rasteriser, on a loaded machine, now and then draws an LED's round edge a shade off
    (seen: 15 pixels at most, by 11 of 255 at most), which is not a change to commit."""
    from PIL import Image, ImageChops

    if not path.exists():
        return False
    with Image.open(path) as img:
        old = img.convert("RGB")
    if old.size != picture.size:
        return False
    off = [max(p) for p in ImageChops.difference(old, picture.convert("RGB")).getdata() if any(p)]
    return len(off) <= SHADED_MOST and max(off, default=0) <= SHADE


def main(argv=None):
    parser = argparse.ArgumentParser(
        prog="python -m tools.webshot", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument("folder", nargs="?", default=str(OUT), help="default: docs/web")
    take(parser.parse_args(argv).folder)
    return 0


if __name__ == "__main__":
    sys.exit(main())
