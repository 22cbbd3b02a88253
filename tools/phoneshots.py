"""The README's pictures of Say When! played from phones, into docs/phones/: the device's
join screen (its QR codes) and the phones' page as headless Chromium shows it on a phone;
then Stay Cool's, the Written Interrogator's phone in a turn (tools/scshots.py).

    python -m tools.phoneshots [FOLDER]      (FOLDER: docs/phones unless named)

A game of four teams is played on the headless simulator serving phones (--http), its
seed fixed: one Chromium is Blue's phone, joined from the team list; the other teams'
phones are plain requests, and the pictures of their pages are Blue's Chromium holding
their token. The same run draws the same pictures, pixel for pixel: the seed deals the
cards and seeds the host board's random source, which names the network (SIM_RANDOM,
boards/host/hostos.py); the simulator serves on one port, PORT, so the join screen shows
one address (a second run waits for the first to let it go). A picture that has not
changed is not written again, so the command leaves `git status` clean, as
test_readme_pictures.py checks. Chromium's fonts are the machine's: a new Chromium or new
fonts may draw the pages anew, to be looked at and committed as any changed picture.
"""

import argparse
import io
import os
import socket
import tempfile
import time
from decimal import Decimal
from pathlib import Path

from tools import screenshot
from tools.browser import phone
from tools.deckfile import read_deck
from tools.mpenv import ROOT
from tools.phones import SAY_WHEN, START, Device, Phone

OUT = ROOT / "docs" / "phones"
DECK = read_deck(ROOT / "build" / "decks" / "saywhen.deck")
SIZE = (390, 844)  # a phone's screen, in CSS pixels
SEED = 7  # card 1: a population of millions; card 3: a year
# The simulator's port, which the join screen's address names: one, so that its picture is
# the same every time; outside Linux's ephemeral ports (32768-60999), which free_port and
# every connection's own end take. The README's headless example serves on 18731.
PORT = 18730
FOUR_TEAMS = SAY_WHEN + "press C\npress C\n" + START  # Red, Blue, Green, Gold
RED, BLUE, GREEN, GOLD = range(4)
TOKEN = "scanner-token"
PACE = 0.2  # between the plain phones' requests: the server lets through one per 150 ms
SHOTS = ("qr-screen", "team-picker", "secret", "open", "door", "sc-interrogator")


def until(what, timeout=15):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        found = what()
        if found:
            return found
        time.sleep(0.1)
    raise RuntimeError("the page never showed what was waited for")


def port_let_go(port, timeout=300):
    """Waits until nothing holds `port` (TCP for the page, UDP for the names), as another
    run of this tool may; then it is this run's to serve on."""
    end = time.monotonic() + timeout
    while True:
        try:
            for kind in (socket.SOCK_STREAM, socket.SOCK_DGRAM):
                with socket.socket(socket.AF_INET, kind) as s:
                    s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
                    s.bind(("127.0.0.1", port))
            return port
        except OSError:
            if time.monotonic() > end:
                raise SystemExit(
                    "port %d is still in use after %d s (another tools.phoneshots?)"
                    % (port, timeout)
                ) from None
            time.sleep(1)


def phone_size(driver, height):
    """The Chromium a phone SIZE[0] wide and `height` high, with no scrollbar: a phone's
    overlay scrollbar shows for a while after the page moves, and would be in one
    picture and not in the next."""
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": SIZE[0], "height": height, "deviceScaleFactor": 1, "mobile": True},
    )
    driver.execute_cdp_cmd("Emulation.setScrollbarsHidden", {"hidden": True})


def save(picture, path):
    """`picture` (PIL) to `path`, unless it is there already, pixel for pixel."""
    wrote = screenshot.keep(picture, path)
    print("wrote" if wrote else "unchanged:", path)


def page_picture(driver, path):
    """What the phone's Chromium shows, to `path` (save)."""
    from PIL import Image

    with Image.open(io.BytesIO(driver.get_screenshot_as_png())) as img:
        save(img.convert("RGB"), path)


class Table:
    shows_the_address = True  # the join screen: the simulator's port, fixed (PORT)

    def __init__(self, out, state_dir):
        self.out = Path(out)
        self.out.mkdir(parents=True, exist_ok=True)
        self.state_dir = state_dir
        self.boot(state_dir, SEED)
        self.browser = phone()
        self.metrics(SIZE[1])
        self.phones = {}

    def boot(self, state_dir, seed):
        """The device, its state in `state_dir`, dealing with `seed`."""
        port = port_let_go(PORT) if self.shows_the_address else None
        random = {"SIM_RANDOM": str(SEED)}  # the same networks, run after run
        self.device = Device(state_dir, screenshot.HEAP, seed, env=random, port=port)

    def close(self):
        self.browser.quit()
        return self.device.close()

    def shows(self, text):
        script = "return document.getElementById('view').innerText.includes(arguments[0])"
        until(lambda: self.browser.execute_script(script, text))

    def click(self, selector):
        """Taps the element once the page shows it."""
        script = "const e = document.querySelector(arguments[0]); if (e) e.click(); return !!e"
        until(lambda: self.browser.execute_script(script, selector))

    def shot(self, name):
        """The whole page, at the phone's width (a phone scrolls the rest into view)."""
        time.sleep(0.3)  # the last taps drawn
        height = self.browser.execute_script("return document.documentElement.scrollHeight")
        self.metrics(max(SIZE[1], height))
        page_picture(self.browser, self.out / (name + ".png"))
        self.metrics(SIZE[1])

    def metrics(self, height):
        phone_size(self.browser, height)

    def qr_screen(self):
        """The join screen a new game shows first, drawn as the README draws the device's
        screens (any button then goes on to the game)."""
        frame = self.out / "frame.png"
        until(lambda: any("join Wi-Fi" in line for line in self.device.run("text")[0]))
        out, _ = self.device.run("png %s\nring" % frame)
        ring = [line for line in out if line.startswith("ring ")][-1]
        leds = [tuple(bytes.fromhex(h)) for h in ring.split()[1:]]
        from PIL import Image

        with Image.open(frame) as img:
            picture = screenshot.compose(img.convert("1"), leds)
        frame.unlink()
        save(picture, self.out / "qr-screen.png")

    def join(self, team):
        self.phones[team] = Phone(self.device.port)
        time.sleep(PACE)
        self.phones[team].join(team)

    def guess(self, team, value):
        time.sleep(PACE)
        status, data = self.phones[team].json("POST", "/api/act", {"guess": value})
        if status != 200:
            raise RuntimeError("the device refused %s's guess: %s" % (team, data))

    def answer(self):
        """The answer of the card on the device, exact."""
        _, state = self.device.run("text")
        return Decimal(DECK[state["view"]["deck_index"]][2])

    def type(self, text):
        """Types a number on the page's pad, key by key."""
        for ch in text:
            self.click('[data-key="%s"]' % ("sign" if ch == "-" else ch))

    def as_team(self, team):
        """Blue's Chromium as another team's phone: the page from that phone's address (one
        phone, one team: a relay of its own) with its token, loaded again."""
        if team in self.phones:
            phone = self.phones[team]
            if team not in self.pages:
                self.pages[team] = self.device.page(phone.address)
            page, token = self.pages[team], phone.token
        else:
            page, token = self.pages[BLUE], self.blue
        self.browser.get(page)
        self.browser.execute_script(
            "localStorage.setItem(arguments[0], arguments[1])", TOKEN, token
        )
        self.browser.refresh()

    def play(self):
        device = self.device
        device.run(FOUR_TEAMS)
        self.qr_screen()
        self.join(RED)  # Red's phone is in first
        self.pages = {BLUE: device.page()}  # Blue's phone: an address of its own
        self.browser.get(self.pages[BLUE])
        until(
            lambda: self.browser.execute_script("return !document.getElementById('pick').hidden")
        )
        self.shot("team-picker")
        self.click('#teams button[data-team="%d"]' % BLUE)
        self.blue = until(
            lambda: self.browser.execute_script("return localStorage.getItem('%s')" % TOKEN)
        )
        self.join(GREEN)
        self.join(GOLD)
        device.run("press B")  # all in: on to the first card

        # Card 1: all tied, the Quizzer (Red) chooses secret; Green is in before Blue, who
        # has it exactly (the guesses are made from the card: the deck changes by edition).
        device.run("press A")
        self.shows("every team types at once")
        answer = self.answer()
        self.guess(GREEN, plain(answer * Decimal("0.72")))
        self.type(plain(answer))
        self.shows("✓ locked in")
        self.shot("secret")
        self.click("#sw-lock")
        self.click("#sw-yes")
        self.shows("You: ")
        self.guess(RED, plain(answer * 2 + 1))
        self.guess(GOLD, None)  # a pass
        device.run("long GO\npress B")  # Blue, closest, leads
        device.run("long GO\npress B")  # card 2: no guesses, nobody scores

        # Card 3: the Quizzer's team (Green) is behind: open guessing, Gold first. Red
        # guesses it exactly, and Blue the same: a tie, and Red, first, gets one more.
        answer = self.answer()
        self.guess(GOLD, plain(answer + 3))
        self.guess(RED, plain(answer))
        self.as_team(GREEN)
        self.shows("Waiting for Blue")
        self.shot("open")
        self.as_team(BLUE)
        self.type(plain(answer))
        self.click("#sw-lock")
        self.click("#sw-yes")
        self.guess(GREEN, plain(answer + 28))
        device.run("long GO")
        self.shows("The answer")
        self.shot("door")


def plain(number):
    """A guess as the pad types it: digits, a point where needed, no exponent."""
    text = format(number.normalize(), "f")
    return text[:-2] if text.endswith(".0") else text


def take(table, out):
    """Plays `table(out, state_dir)`'s game in a fresh state folder, its pictures into `out`;
    a traceback of the simulator is an error."""
    with tempfile.TemporaryDirectory() as state:
        played = table(out, Path(state) / "state")
        try:
            played.play()
        finally:
            err = played.close()
    if "Traceback" in err:
        raise RuntimeError("the simulator failed:\n" + err)


def folder(argv, prog, doc):
    """The FOLDER a pictures tool writes into, from its command line (docs/phones unless
    named). The device is the .mpy build, as flashed (as tools.screenshot's)."""
    os.environ.setdefault("SCANNER_MPY", "1")
    parser = argparse.ArgumentParser(prog=prog, description=doc.split("\n\n")[0])
    parser.add_argument("folder", nargs="?", default=str(OUT), help="default: docs/phones")
    return Path(parser.parse_args(argv).folder)


def main(argv=None):
    out = folder(argv, "python -m tools.phoneshots", __doc__)
    take(Table, out)
    from tools.scshots import picture  # Stay Cool's: an Interrogator's phone

    picture(out)


if __name__ == "__main__":
    main()
