"""A library, not a tool: the docs' picture of Stay Cool played from phones, which
`python -m tools.phoneshots` takes with Say When!'s.

The Written Interrogator's phone in the middle of a turn, into docs/phones/. The turn is
the one host_tests/test_browser_staycool.py plays and checks: two Interrogators' phones in
headless Chromium tap Right, Undo and Skip (`play`).
"""

import tempfile
import time
from pathlib import Path

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from tools.browser import phone
from tools.phones import START, STAY_COOL, Device, Phone

ACTIVE, VERBAL, KEEPER, WRITTEN = range(4)  # the first turn's roles (game.roles())
PACE = 0.2  # between requests: the server lets an address through once per 150 ms
PICTURE = "sc-interrogator.png"
SCORED = "return document.getElementById('view').textContent.includes('scored 12')"


def until(driver, what, timeout=15):
    return WebDriverWait(driver, timeout, poll_frequency=0.1).until(lambda d: what(d))


def count(driver):
    """The count on the Interrogator's page, e.g. "Written: 3 of 10 right · value 3"."""
    return driver.execute_script(
        "const e = document.getElementById('sc-count'); return e ? e.textContent : ''"
    )


# Found and tapped in one go: the page redraws itself as the device's state changes.
TAP = (
    "const e = document.getElementById(arguments[0]);"
    "if (!e || e.disabled) return false; e.click(); return true"
)


class Interrogator:
    """A phone of one Interrogator, joined from the team list."""

    def __init__(self, device, player, kind):
        self.driver = phone()
        self.kind = kind
        self.driver.get(device.page())  # a phone of its own: its own address
        until(self.driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#teams button"))
        self.asked = self.driver.find_element(By.ID, "ask").text  # "Which player are you?"
        self.driver.find_element(By.CSS_SELECTOR, '#teams button[data-team="%d"]' % player).click()
        # Joined: the page names the player (its role shows once the join screen has gone).
        until(self.driver, lambda d: not d.find_element(By.ID, "joined").get_attribute("hidden"))
        self.your = self.driver.find_element(By.ID, "your").text

    def tap(self, what, then):
        """Taps a button once the turn takes taps, and waits for the count it gives."""
        time.sleep(PACE)
        until(self.driver, lambda d: d.execute_script(TAP, "sc-" + what))
        until(self.driver, lambda d: count(d).startswith("%s: %d of" % (self.kind, then)))

    def questions(self):
        script = "return [...document.querySelectorAll('.sc-card li')].map(e => e.innerText)"
        return self.driver.execute_script(script)

    def marked(self):
        script = "return document.querySelector('.sc-card li.now').innerText"
        return self.driver.execute_script(script)

    def enabled(self, what):
        script = "return !document.getElementById(arguments[0]).disabled"
        return self.driver.execute_script(script, "sc-" + what)


def play(device, phones, active):
    """The first turn: the Interrogators' phones join (each put in `phones` as it does, for
    the caller to quit), written 4 right, verbal 6 right, an undo, a skip."""
    _, state = device.run(STAY_COOL + START)
    assert state["screen"] == "phones"  # how to join, first
    for player, kind in ((WRITTEN, "Written"), (VERBAL, "Verbal")):
        phones.append(Interrogator(device, player, kind))
    written, verbal = phones
    time.sleep(PACE)
    assert active.join(ACTIVE)[0] == 200
    _, state = device.run("press B")  # all in: the turn's start screen
    assert state["view"]["roles"] == {"active": 0, "written": 3, "verbal": 1, "timekeeper": 2}
    for p in phones:  # the phones follow: each shows its card (its Right button kept)
        until(p.driver, lambda d, kind=p.kind: count(d).startswith(kind))
        p.driver.execute_script("window.firstRight = document.getElementById('sc-right')")
    _, state = device.run("press C")  # the first written question read: the sand runs
    assert state["view"]["view"] == "turn"
    for n in range(1, 5):
        written.tap("right", n)
    for n in range(1, 7):
        verbal.tap("right", n)
    verbal.tap("undo", 5)
    verbal.undone = until(
        verbal.driver,
        lambda d: d.execute_script(
            "const e = document.querySelector('.sc-undone');return e && e.innerText"
        ),
    )
    verbal.tap("skip", 6)  # a skip counts as answered: the glass moves on to 2
    return written, verbal


def picture(folder):
    """The README's picture: the Written Interrogator's phone in the middle of the turn."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as state:
        from tools.phoneshots import page_picture, phone_size
        from tools.screenshot import HEAP  # the pictures' heap: a board's

        device = Device(Path(state) / "state", heap_size=HEAP)
        phones = []
        try:
            written, _ = play(device, phones, Phone(device.port))
            # The last tap drawn on this phone too: the skip and the glass moved on to 2
            # (its next look, up to a poll later).
            until(written.driver, lambda d: "Skip used" in d.find_element(By.ID, "view").text)
            time.sleep(0.5)
            # The whole page at a phone's width, as tools/phoneshots.py takes Say When!'s.
            driver = written.driver
            height = driver.execute_script("return document.documentElement.scrollHeight")
            phone_size(driver, height)
            time.sleep(0.3)
            page_picture(driver, folder / PICTURE)
        finally:
            for p in phones:
                p.driver.quit()
            err = device.close()
        if "Traceback" in err:
            raise RuntimeError("the simulator failed:\n" + err)


if __name__ == "__main__":
    from tools import not_a_tool

    not_a_tool(__doc__)
