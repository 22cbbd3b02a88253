"""A whole Say When! game played from three phones: headless Chromium on the phones' page,
against the firmware's own server (the headless simulator with --http).

Red, Blue and Green each join from a phone of their own; the device, driven by its
buttons, is the Scanner the Quizzer holds. Card by card the phones type and lock in their
guesses on the page's number pad (secret guessing and open guessing both come up), the
device opens the Answer Door and scores, and the phones show the answer, the points and
why, and the scores, until Blue is first to 10. What the phones may see is checked as it
goes: in secret guessing no other team's number before the review, in open guessing only
the team on turn types and the next one sees the guesses before it.

The plan (say-when.txt; the deck gives each card's answer, the phones type it exactly):
  card 1  Red is Quizzer, all tied: the Quizzer chooses secret. Blue exact 4.  0  4  0
  card 2  Blue is Quizzer and leads alone: secret. Green exact 4.              0  4  4
  card 3  Green is Quizzer, tied for the lead: chooses open. Red then Blue
          exact: a tie, both score 4, and Red, first to guess it, 1 more.      5  8  4
  card 4  Red is Quizzer and behind: open. Blue exact 4, and wins.             5 12  4
"""

from concurrent.futures import ThreadPoolExecutor

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from tools.browser import phone
from tools.deckfile import read_deck
from tools.mpenv import ROOT
from tools.phones import SAY_WHEN, START, Device, Phone

# In the .mpy pass only: the build that ships, serving the page that ships.
pytestmark = [pytest.mark.browser, pytest.mark.mpy_only]

DECK = read_deck(ROOT / "build" / "decks" / "saywhen.deck")
QUESTION, ANSWER, UNIT, LOW, HIGH = 1, 2, 3, 4, 5
TEAMS = ["Red", "Blue", "Green"]
THREE_TEAMS = SAY_WHEN + "press C\n" + START
SCALES = ["", "thousand", "million", "billion"]


@pytest.fixture
def device(tmp_path):
    dev = Device(tmp_path / "state")
    yield dev
    err = dev.close()
    assert "Traceback" not in err, err


@pytest.fixture
def phones():
    with ThreadPoolExecutor(3) as pool:  # each Chromium takes a second or so to start
        drivers = list(pool.map(lambda _: phone(), TEAMS))
    yield drivers
    for driver in drivers:
        driver.quit()


def until(driver, what, timeout=15):
    return WebDriverWait(driver, timeout, poll_frequency=0.1).until(lambda d: what(d))


# Read in one script, at one moment: the page redraws as it polls, and an element found
# before a redraw is gone after it.
SHOWN = """const e = document.getElementById(arguments[0]);
return e && e.offsetParent !== null ? e.innerText.trim() : null;"""
ROWS = """return Array.from(document.querySelectorAll("#" + arguments[0] + " li"),
                  (row) => row.innerText.trim());"""


PICK = """const buttons = document.querySelectorAll("#teams button");
if (buttons.length < 3) return null;
buttons[arguments[0]].click();
return Array.from(buttons, (b) => b.firstChild.textContent);"""


def shown(driver, element_id):
    """The text of the element of that id if the page shows it, else None."""
    return driver.execute_script(SHOWN, element_id)


def rows(driver, list_id):
    """A list of the page's team rows as (team, what is said on the right)."""
    out = []
    for row in driver.execute_script(ROWS, list_id):
        lines = row.split("\n")
        out.append((lines[0].replace(" (you)", ""), lines[-1]))
    return out


def text(driver):
    return shown(driver, "view")


def scores(driver):
    """The scores the page shows, in team order ("8 (+4)" is 8)."""
    listed = dict(rows(driver, "sw-scores"))
    return [int(listed[name].split()[0]) for name in TEAMS]


def grouped(value):
    """A number as the device writes it: thousands separated from five digits on."""
    sign = "-" if value.startswith("-") else ""
    whole, dot, frac = value.lstrip("-").partition(".")
    return sign + (format(int(whole), ",") if len(whole) > 4 else whole) + dot + frac


def with_unit(value, card):
    return grouped(value) + (" " + card[UNIT] if card[UNIT] else "")


def typing(value):
    """What a player taps for `value`: its digits and point, shortened by a scale word as
    people say big numbers (1200000 is 1.2 million), and the scale chosen."""
    negative = value.startswith("-")
    whole, _, frac = value.lstrip("-").partition(".")
    scale = min(3, (len(whole) - 1) // 3) if len(whole) >= 7 else 0
    if scale:
        whole, frac = whole[: -3 * scale], (whole[-3 * scale :] + frac).rstrip("0")
    keys = (["sign"] if negative else []) + list(whole) + (["."] + list(frac) if frac else [])
    return keys, scale


def type_number(driver, value, card):
    """Types `value` on the page's pad, as a player would: it shows what the pad means."""
    keys, scale = typing(value)
    # Scrolled down to the pad's end, as a thumb does: Lock in is kept in view over the
    # pad's last row until then (and a click there would land on it).
    driver.execute_script("window.scrollTo(0, document.documentElement.scrollHeight)")
    for key in keys:
        driver.find_element(By.CSS_SELECTOR, '[data-key="%s"]' % key).click()
    driver.find_element(By.CSS_SELECTOR, '[data-scale="%d"]' % scale).click()
    typed = "".join("-" if k == "sign" else k for k in keys)
    assert shown(driver, "sw-typed") == (grouped(typed) + " " + SCALES[scale]).strip()
    assert shown(driver, "sw-exact") == "= " + with_unit(value, card)  # what it means


def lock(driver, value, card):
    """Lock in, and yes: the guess typed is in, and final (the pad is gone)."""
    driver.find_element(By.ID, "sw-lock").click()
    assert shown(driver, "sw-question") == "Lock in %s?" % with_unit(value, card)
    driver.find_element(By.ID, "sw-yes").click()
    until(driver, lambda d: not d.find_elements(By.ID, "sw-pad"))


def lock_in(driver, value, card):
    type_number(driver, value, card)
    lock(driver, value, card)


def pass_card(driver):
    driver.find_element(By.ID, "sw-pass").click()
    driver.find_element(By.ID, "sw-yes").click()
    until(driver, lambda d: not d.find_elements(By.ID, "sw-pad"))


LOCK_BOTTOM = """window.scrollTo(0, 0);
const r = document.getElementById("sw-lock").getBoundingClientRect();
return [r.bottom, window.innerHeight];"""


def lock_in_view(driver, width, height):
    """Whether "Lock in" shows whole, unscrolled, in a viewport of width x height CSS px."""
    metrics = {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": True}
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", metrics)
    try:
        bottom, inner = until(driver, lambda d: d.execute_script(LOCK_BOTTOM))
        assert inner == height, inner
        return bottom <= inner
    finally:
        driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def wrong(card):
    """A guess that is not the answer (so farther from it than the exact one)."""
    return "7" if card[ANSWER] != "7" else "8"


class Table:
    """The device and the three phones, one per team (Red, Blue, Green)."""

    def __init__(self, device, drivers):
        self.device = device
        self.phones = drivers
        out, self.state = device.run(THREE_TEAMS)
        # The new game shows how to join, first (else what the device printed).
        assert self.state["screen"] == "phones", "\n".join(out)
        for team, driver in enumerate(drivers):
            driver.get(device.page())  # a phone of its own: its own address
            names = until(driver, lambda d, team=team: d.execute_script(PICK, team))
            assert names == TEAMS  # each picks its own team, and sees its own name
            assert until(driver, lambda d: shown(d, "team")) == TEAMS[team]
        assert device.phones()["taken"] == [True, True, True]
        self.run("press B")  # all in: any button, and the first card

    def run(self, commands):
        _, self.state = self.device.run(commands)
        return self.state["view"]

    def card(self):
        """The card on the device (and, shown to every phone, its question: as written, the
        line breaks that the deck sets it in for the device's screen read as the spaces
        they were: tools/fontmetrics.py, set_question)."""
        card = DECK[self.state["view"]["deck_index"]]
        question = card[QUESTION].replace("\n", " ")
        for driver in self.phones:
            until(driver, lambda d: shown(d, "sw-q") == question)
        return card

    def can_type(self, team):
        return bool(self.phones[team].find_elements(By.ID, "sw-pad"))

    def open_door(self, card, points, why):
        """All guesses are in: the Quizzer opens the door; every phone shows the answer,
        each team's points and why, and the scores after the card."""
        view = self.run("long GO")
        assert view["view"] == "door"
        before = self.state["view"]["scores"]
        for driver in self.phones:
            assert until(driver, lambda d: shown(d, "sw-answer")) == with_unit(card[ANSWER], card)
            listed = driver.execute_script(ROWS, "sw-points")  # in team order
            for name, p, reasons, row in zip(TEAMS, points, why, listed, strict=True):
                lines = row.split("\n")  # the team, its guess and why, its points
                assert (lines[0].replace(" (you)", ""), lines[-1]) == (name, "+%d" % p)
                assert all(reason in lines[1] for reason in reasons), (row, reasons)
            assert scores(driver) == [b + p for b, p in zip(before, points)]

    def score(self):
        """B: the card is scored and the Scanner passes left. The device's scores."""
        self.run("press B")
        return self.state["view"]["scores"]


def test_three_phones_play_a_whole_game_of_say_when(device, phones):
    table = Table(device, phones)
    red, blue, green = phones

    # Card 1: Red is Quizzer, every team on 0: tied for the lead, the Quizzer chooses.
    assert table.state["view"]["mode"] == "choice" and table.state["view"]["quizzer"] == 0
    card = table.card()
    for driver in phones:
        assert "chooses secret or open" in text(driver)
        assert not driver.find_elements(By.ID, "sw-pad")
    table.run("press A")  # secret
    for team in range(3):  # every team types at once
        until(phones[team], lambda d: d.find_elements(By.ID, "sw-pad"))
    assert "every team types at once" in text(red)
    type_number(red, wrong(card), card)  # Red is typing while the others lock in
    assert lock_in_view(red, 390, 844)  # on a small phone too, without scrolling
    key = red.find_element(By.CSS_SELECTOR, '[data-key="0"]')
    lock_in(blue, card[ANSWER], card)
    pass_card(green)
    for driver in (red, green):  # who is in, never with what
        until(driver, lambda d: dict(rows(d, "sw-locked")).get("Blue") == "✓ locked in")
        assert dict(rows(driver, "sw-locked"))["Red"] == "typing…"
        seen = text(driver).replace(card[QUESTION], "")
        assert grouped(card[ANSWER]) not in seen
    until(blue, lambda d: dict(rows(d, "sw-locked")).get("Green") == "✓ locked in")
    assert "You: " + with_unit(card[ANSWER], card) in text(blue)
    until(red, lambda d: dict(rows(d, "sw-locked")).get("Green") == "✓ locked in")
    # The page has redrawn what it shows around Red's pad, and never the pad: what Red
    # typed is there, on the very keys it was typed on.
    assert key.is_displayed() and shown(red, "sw-typed") == grouped(wrong(card))
    red.find_element(By.ID, "sw-lock").click()
    red.find_element(By.ID, "sw-no").click()  # not yet: back to the pad, nothing sent
    assert shown(red, "sw-typed") == grouped(wrong(card)) and shown(red, "sw-question") is None
    assert table.run("text")["view"] == "question"
    lock(red, wrong(card), card)
    assert table.run("text")["view"] == "review"
    for driver in phones:  # the review: every guess, in guessing order (Blue, Green, Red)
        want = [
            ("Blue", with_unit(card[ANSWER], card)),
            ("Green", "passed"),
            ("Red", with_unit(wrong(card), card)),
        ]
        until(driver, lambda d, want=want: rows(d, "sw-guesses") == want)
    table.open_door(card, [0, 4, 0], [[], ["exact +4"], []])
    assert table.score() == [0, 4, 0]

    # Card 2: Blue is Quizzer and leads alone: secret, with no choice.
    view = table.state["view"]
    assert (view["quizzer"], view["mode"]) == (1, "secret")
    card = table.card()
    for driver in phones:
        assert scores(driver) == [0, 4, 0]
        until(driver, lambda d: d.find_elements(By.ID, "sw-pad"))
    lock_in(green, card[ANSWER], card)
    lock_in(red, wrong(card), card)
    lock_in(blue, wrong(card), card)
    table.open_door(card, [0, 0, 4], [[], [], ["exact +4"]])
    assert table.score() == [0, 4, 4]

    # Card 3: Green is Quizzer, tied with Blue for the lead: the Quizzer chooses open.
    assert table.state["view"]["mode"] == "choice" and table.state["view"]["quizzer"] == 2
    card = table.card()
    view = table.run("press C")
    assert view["mode"] == "open"
    until(red, lambda d: d.find_elements(By.ID, "sw-pad"))  # Red, left of Green, first
    for driver in (blue, green):  # the others cannot type, and know who is awaited
        until(driver, lambda d: shown(d, "sw-waiting") == "Waiting for Red")
        assert not driver.find_elements(By.ID, "sw-pad")
    token = blue.execute_script("return localStorage.getItem('scanner-token')")
    not_yet = Phone(device.port)
    not_yet.token = token  # nor can Blue's phone send a guess out of turn
    assert not_yet.json("POST", "/api/act", {"guess": card[ANSWER]})[0] == 409
    lock_in(red, card[ANSWER], card)
    until(blue, lambda d: d.find_elements(By.ID, "sw-pad"))  # Blue's turn, with Red's guess
    assert rows(blue, "sw-guesses") == [("Red", with_unit(card[ANSWER], card))]
    until(green, lambda d: shown(d, "sw-waiting") == "Waiting for Blue")
    lock_in(blue, card[ANSWER], card)  # the same: Blue is sure Red has it
    until(green, lambda d: len(rows(d, "sw-guesses")) == 2)
    lock_in(green, wrong(card), card)
    # A tie for closest, in open guessing: both score, the first to guess it 1 more.
    table.open_door(card, [5, 4, 0], [["exact +4", "first to guess +1"], ["exact +4"], []])
    assert table.score() == [5, 8, 4]

    # Card 4: Red is Quizzer and behind Blue: open guessing, with no choice.
    view = table.state["view"]
    assert (view["quizzer"], view["mode"]) == (0, "open")
    card = table.card()
    until(blue, lambda d: d.find_elements(By.ID, "sw-pad"))
    until(red, lambda d: shown(d, "sw-waiting") == "Waiting for Blue")
    lock_in(blue, card[ANSWER], card)
    until(green, lambda d: d.find_elements(By.ID, "sw-pad"))
    lock_in(green, wrong(card), card)
    until(red, lambda d: d.find_elements(By.ID, "sw-pad"))
    lock_in(red, wrong(card), card)
    table.open_door(card, [0, 4, 0], [[], ["exact +4"], []])
    final = table.score()
    assert final == [5, 12, 4] and table.state["view"]["winner"] == 1  # first to 10
    for driver in phones:
        assert until(driver, lambda d: shown(d, "sw-winner")) == "Blue wins!"
        assert scores(driver) == final
        head = driver.find_element(By.CSS_SELECTOR, ".sw .where").text
        assert head.startswith("GAME OVER"), head  # no "Card 5/20" after four cards
