"""`make bench`'s rows for the page in a browser (boards/web, docs/web.md): its time to the
first frame, and a click's time to the canvas, against the headless simulator in the
same run.

    python -m tools.webbench [--quick]

The page is built into a folder of its own (tools/web.py, from the .mpy build and the
npm package) and served on the loopback; headless Chromium loads it (tools/browser.py).
The page is not told: what is timed is read from the browser's own clock and events,
with stand-ins put in place by execute_script, as the tests do.

- The first frame: from the page's navigation to the device's first frame settled on the
  canvas (a full refresh: the glass flashes first, 360 ms, as e-ink does), in a fresh
  browser (the files fetched, the WebAssembly compiled), then on a reload once the
  service worker keeps the files.
- A click: DOWN at the menu, pressed with the mouse, from the pointer's down event to the
  canvas drawn anew (a partial refresh). It holds what a board waits too: the debounce
  (20 ms) and the poll that sees it (every 10 ms). Then the page's own work for it: the
  poll that drew the frame (a timer's callback that put a picture on the canvas). Both
  against the headless simulator's work for the same press, measured in the same run in
  the unix port: the poll that takes the press and the draw of its frame. The ratios mean
  much the same on any machine. Each figure is the fastest of its runs, the least
  disturbed by whatever else the machine was doing.

Where Chromium (or the npm package) is missing, the rows say so and the bench goes on.
"""

import argparse
import functools
import http.server
import json
import os
import sys
import tempfile
import threading
import time
from pathlib import Path

from tools import web
from tools.browser import binaries
from tools.mpenv import run_mp

TITLE = "the page in Chromium (tools/webbench.py)"
CLICKS = {True: 3, False: 10}  # --quick: how many, else
RELOADS = {True: 1, False: 3}
# What --quick leaves out of these, as make bench --quick says it (tools/bench.py).
LEFT_OUT = "; of the page in Chromium, %d of its %d clicks and %d of its %d reloads" % (
    CLICKS[False] - CLICKS[True],
    CLICKS[False],
    RELOADS[False] - RELOADS[True],
    RELOADS[False],
)
WAIT_S = 60  # only a hang takes this long

# Put in every page from its start: the time of the device's first frame on the canvas, by
# the page's clock (its navigation is 0), looked for every millisecond or so.
FIRST_FRAME = """(function look() {
  if (window.scanner && scanner.shown() > 0) window.firstFrame = performance.now();
  else setTimeout(look, 1);
})();"""
# Each pointer's down event, each picture put on the canvas, and the time each timer's
# callback took that put one there (the poll that drew it), by the page's clock.
WATCH = """window.bench = {down: [], drawn: [], work: []};
window.addEventListener('pointerdown', (e) => bench.down.push(e.timeStamp), true);
const put = CanvasRenderingContext2D.prototype.putImageData;
CanvasRenderingContext2D.prototype.putImageData = function (...args) {
  bench.drawn.push(performance.now());
  return put.apply(this, args);
};
const later = window.setTimeout;
window.setTimeout = function (f, ms, ...args) {
  if (typeof f !== 'function') return later(f, ms, ...args);
  return later(function (...a) {
    const t = performance.now(), n = bench.drawn.length;
    try { return f.apply(this, a); }
    finally { if (bench.drawn.length > n) bench.work.push(performance.now() - t); }
  }, ms, ...args);
};"""
# The headless simulator's DOWN at the menu, n times: the poll that takes the press and
# the draw of its frame, timed (µs).
HEADLESS = """import json, time, headless, ticks
sim = headless.Sim(ticks.MASK + 1 - 30000, %r, 1)
log = []
def timed(name, f):
    def run(*args):
        t = time.ticks_us()
        r = f(*args)
        log.append((name, time.ticks_diff(time.ticks_us(), t), r))
        return r
    return run
sim.dev.poll = timed("poll", sim.dev.poll)
sim.dev.render = timed("render", sim.dev.render)
took = []
for _ in range(%d):
    log.clear()
    sim.step("press DOWN")
    drew = [i for i, (name, us, r) in enumerate(log) if name == "render" and r]
    polls = [us for name, us, r in log[: drew[0]] if name == "poll"]
    took.append(polls[-1] + log[drew[0]][1])
print(json.dumps(took))"""


def headless_press_us(n):
    """The fastest of `n` DOWN presses at the menu in the headless simulator: the poll that
    takes the press and the draw of its frame, in µs (the .mpy build, laid out as on a
    board, at the Pico's cap)."""
    with tempfile.TemporaryDirectory() as state:
        proc = run_mp(["-c", HEADLESS % (state, n)], heap_size="192K", device=True)
    if proc.returncode != 0:
        raise RuntimeError("the headless run failed:\n" + proc.stdout[-2000:] + proc.stderr)
    return min(json.loads(proc.stdout.strip().splitlines()[-1]))


def served(folder):
    """An HTTP server of `folder` on the loopback, serving from a thread (shutdown() it)."""
    from tools.webserve import Handler

    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(Handler, directory=str(folder))
    )
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def first_frame(driver):
    """The time of the loaded page's first frame (FIRST_FRAME), once it has come."""
    until(driver, "return window.firstFrame !== undefined")
    return driver.execute_script("return window.firstFrame")


def until(driver, script, timeout=WAIT_S):
    end = time.monotonic() + timeout
    while not driver.execute_script(script):
        if time.monotonic() > end:
            raise RuntimeError("the page never came to: " + script)
        time.sleep(0.1)


def clicks(driver, n):
    """The fastest of `n` clicks of DOWN at the menu: (from the pointer's down event to the
    next picture on the canvas, the poll that drew it), in ms."""
    from selenium.webdriver.common.action_chains import ActionChains

    driver.execute_script(WATCH)
    button = driver.find_element("css selector", '#keys button[data-b="DOWN"]')
    took = []
    for _ in range(n):
        drawn = len(driver.execute_script("return bench.drawn"))
        ActionChains(driver).click_and_hold(button).pause(0.1).release().perform()
        until(driver, "return bench.drawn.length > %d" % drawn)
        time.sleep(0.4)  # the glass free again, the next press apart from this one
        down, pictures = driver.execute_script("return [bench.down, bench.drawn]")
        took.append(pictures[drawn] - down[-1])
    return min(took), min(driver.execute_script("return bench.work"))


def measure(quick):
    """{"cold", "warm", "click", "work", "headless"}, in ms, as the docstring says."""
    from tools.browser import phone

    with tempfile.TemporaryDirectory() as top:
        site = Path(top) / "web"
        web.build(site, quiet=True)
        server = served(site)
        driver = phone()
        try:
            driver.set_window_size(1280, 800)  # a tablet on its side
            new_page = {"source": FIRST_FRAME}
            driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", new_page)
            address = "http://127.0.0.1:%d/?seed=1" % server.server_address[1]
            driver.get(address)
            cold = first_frame(driver)
            # Once the service worker holds the files, each load is served by it.
            until(driver, "return !!navigator.serviceWorker.controller || (location.reload(), 0)")
            warm = []
            for _ in range(RELOADS[quick]):
                driver.refresh()
                warm.append(first_frame(driver))
            time.sleep(1)  # the first frame's flash over
            click, work = clicks(driver, CLICKS[quick])
        finally:
            driver.quit()
            server.shutdown()
            server.server_close()
    return {
        "cold": cold,
        "warm": min(warm),
        "click": click,
        "work": work,
        "headless": headless_press_us(10) / 1000,
    }


def rows(quick=False):
    """make bench's rows: (what, the figure) each."""
    chromium, driver = binaries()
    if not chromium or not driver:
        return [("the page's first frame, a click to the canvas", "skipped: no chromium")]
    if not web.PACKAGE.is_dir():
        return [("the page's first frame, a click to the canvas", "skipped: no npm package")]
    got = measure(quick)
    return [
        (
            "the page's first frame (a full refresh: its flash included)",
            "%.0f ms in a fresh browser, %.0f ms reloaded (the service worker's files)"
            % (got["cold"], got["warm"]),
        ),
        (
            "a click of DOWN at the menu to the canvas, against headless",
            "%.1f ms, %.0f times the headless simulator's %.2f ms (the page's holds the 20 ms"
            " debounce and a 10 ms poll, as a board's does)"
            % (got["click"], got["click"] / got["headless"], got["headless"]),
        ),
        (
            "  the page's poll that drew it, against headless",
            "%.2f ms, %.1f times" % (got["work"], got["work"] / got["headless"]),
        ),
    ]


def main(argv=None):
    parser = argparse.ArgumentParser(
        prog="python -m tools.webbench", description=__doc__.splitlines()[0]
    )
    parser.add_argument("--quick", action="store_true", help="fewer reloads and clicks")
    args = parser.parse_args(argv)
    os.environ.setdefault("SCANNER_MPY", "1")  # the .mpy build, as make bench runs it
    from tools.bench import print_table

    print_table((TITLE, "measured"), rows(args.quick))
    return 0


if __name__ == "__main__":
    sys.exit(main())
