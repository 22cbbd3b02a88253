"""A round of Scattergories played from four phones: headless Chromium on the phones' page,
against the firmware's own server (the headless simulator with --http).

Alex, Sam, Robin and Jo each join from a phone of their own; the device's buttons roll
the die and start the timer. Each phone types its answers into its 12 fields (saved on
the device as they are typed) and sees nobody else's; at time's up the fields are gone
and every phone shows every sheet, scored by the rules. Sam challenges one of Alex's
answers and the four phones vote: a tie, so Alex's own vote is struck out, and the answer
is rejected. The round is then done on the device, and the phones show the totals.

The sheets, with the round's letter L (Z is never rolled: the die has no Z):
              1. (cat.)  2.        3.          4.          5.
    Alex      L-ava      L-ion     Zebra                              1 (L-ion)
    Sam       l-ava      L-ime                 The L-ake              2
    Robin                L-ynx     L-ark                              1 (L-ynx)
    Jo                             A L-ark                 L-amp      1 (L-amp)
L-ava twice and L-ark twice ("A " set aside) score 0 for both; Zebra has the wrong letter.
"""

from concurrent.futures import ThreadPoolExecutor

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from tools.browser import phone
from tools.firmware import import_firmware
from tools.phones import SCATTERGORIES, START, Device, Phone

pytestmark = [pytest.mark.browser, pytest.mark.mpy_only]

rules = import_firmware("games.scattergories")
PLAYERS = ["Alex", "Sam", "Robin", "Jo"]
FOUR_PLAYERS = SCATTERGORIES + START
ROLL = "press B\npress B\npress B\n"  # roll, skip the die's show, start the timer
TIME_UP = "wait 180000\n"  # the whole timer, in simulated time
PICK = """const buttons = document.querySelectorAll("#teams button");
if (buttons.length < 4) return null;
buttons[arguments[0]].click();
return Array.from(buttons, (b) => b.firstChild.textContent);"""
SHOWN = """const e = document.getElementById(arguments[0]);
return e && e.offsetParent !== null ? e.innerText.trim() : null;"""
# One sheet as the page shows it, read at one moment: the points, and each row's mark.
SHEET = """const s = document.getElementById(arguments[0]);
if (!s) return null;
return [s.querySelector("h3").innerText,
        Array.from(s.querySelectorAll("li"), (li) => li.dataset.mark)];"""


def sheets(letter):
    """The four sheets of the plan (12 answers each), and their points by hand."""
    rows = [
        {0: letter + "ava", 1: letter + "ion", 2: "Zebra"},
        {0: letter.lower() + "ava", 1: letter + "ime", 3: "The " + letter + "ake"},
        {1: letter + "ynx", 2: letter + "ark"},
        {2: "A " + letter + "ark", 4: letter + "amp"},
    ]
    return [[row.get(c, "") for c in range(12)] for row in rows], [1, 2, 1, 1]


@pytest.fixture
def device(tmp_path):
    dev = Device(tmp_path / "state")
    yield dev
    err = dev.close()
    assert "Traceback" not in err, err


@pytest.fixture
def phones():
    with ThreadPoolExecutor(4) as pool:  # each Chromium takes a second or so to start
        drivers = list(pool.map(lambda _: phone(), PLAYERS))
    yield drivers
    for driver in drivers:
        driver.quit()


# Found and clicked in one step: the page redraws as the device moves on, and an element
# found in one call may be gone by the next.
CLICK = """const e = document.querySelector(arguments[0]);
if (!e) return false;
e.click();
return true;"""


def click(driver, selector):
    until(driver, lambda d: d.execute_script(CLICK, selector))


def until(driver, what, timeout=15):
    return WebDriverWait(driver, timeout, poll_frequency=0.1).until(lambda d: what(d))


def shown(driver, element_id):
    return driver.execute_script(SHOWN, element_id)


def type_sheet(driver, answers):
    """Types the answers into their fields, as a thumb would, leaving the last one."""
    for c, answer in enumerate(answers):
        if answer:
            field = driver.find_element(By.ID, "sg-a%d" % c)
            field.send_keys(answer)
            field.send_keys(Keys.TAB)  # on to the next field: the sheet is sent


def test_four_phones_play_a_round_of_scattergories_with_a_challenge(device, phones):
    out, state = device.run(FOUR_PLAYERS)
    # The new game shows how to join, first (else what the device printed).
    assert state["screen"] == "phones", "\n".join(out)
    for p, driver in enumerate(phones):
        driver.get(device.page())  # a phone of its own: its own address
        assert until(driver, lambda d, p=p: d.execute_script(PICK, p)) == PLAYERS
        assert until(driver, lambda d: shown(d, "team")) == PLAYERS[p]
    _, state = device.run("press B\n" + ROLL)  # all in: the list, the letter, the timer
    view = state["view"]
    assert view["view"] == "play" and view["running"]
    letter = view["letter"]
    answers, points = sheets(letter)
    assert rules.score_round(answers, letter) == points  # the rules agree with the hand

    for driver in phones:
        until(driver, lambda d: shown(d, "sg-letter") == letter)
        assert shown(driver, "sg-left") in ("3:00", "2:59", "2:58")  # counted down between polls
    for driver, sheet in zip(phones, answers):
        type_sheet(driver, sheet)
    for driver in phones:
        until(driver, lambda d: shown(d, "sg-saved") == "Saved on the Scanner.")
    # Before time's up a phone holds its own sheet, and nobody else's.
    sam = phones[1].find_element(By.ID, "view").text
    assert letter + "ion" not in sam and "Zebra" not in sam and letter + "amp" not in sam
    assert phones[1].find_element(By.ID, "sg-a3").get_attribute("value") == "The %sake" % letter

    device.run(TIME_UP)
    for driver in phones:  # the fields gone; every sheet, scored as the rules score it
        until(driver, lambda d: d.execute_script(SHEET, "sg-sheet-3"))
        assert not driver.find_elements(By.CSS_SELECTOR, "input")
        scored = [rules.points(answers, letter, (), p) for p in range(len(answers))]
        for p, name in enumerate(PLAYERS):
            head, marks = driver.execute_script(SHEET, "sg-sheet-%d" % p)
            plural = "s" if points[p] != 1 else ""
            assert head.startswith(name) and head.endswith("%d point%s" % (points[p], plural))
            assert [m == "ok" for m in marks] == [bool(x) for x in scored[p]]
    alex, sam = phones[0], phones[1]
    assert alex.execute_script(SHEET, "sg-sheet-2")[1][:3] == ["", "ok", "match"]
    assert alex.execute_script(SHEET, "sg-sheet-0")[1][2] == "letter"
    late = Phone(device.port)  # a sheet sent after time's up is refused
    late.token = alex.execute_script("return localStorage.getItem('scanner-token')")
    assert late.json("POST", "/api/act", {"answers": answers[0]})[0] == 409

    # Only an answer that scores can be challenged (not Alex's Zebra, nor L-ava: no
    # point), with a button a thumb can hit.
    offered = sam.execute_script(
        "return Array.from(document.querySelectorAll('.sg-challenge[data-player=\"0\"]'),"
        " (b) => [b.dataset.category, b.getBoundingClientRect().height])"
    )
    assert [c for c, _ in offered] == ["1"] and all(h >= 44 for _, h in offered), offered
    # Sam challenges Alex's L-ion; Alex and Jo accept it, Sam and Robin reject it.
    click(sam, '.sg-challenge[data-player="0"][data-category="1"]')
    for driver, accept in zip(phones, (True, False, False, True)):
        until(driver, lambda d: shown(d, "sg-vote"))
        assert "Alex's “%sion”" % letter in shown(driver, "sg-vote")
        click(driver, "#sg-accept" if accept else "#sg-reject")
    for driver in phones:
        verdict = until(driver, lambda d: shown(d, "sg-verdict"))
        assert verdict.startswith("Alex's answer for 2. ") and ": rejected (" in verdict
        assert "(2 accept, 2 reject: a tie, so Alex's own vote is struck out)" in verdict
        until(driver, lambda d: d.execute_script(SHEET, "sg-sheet-0")[0].endswith("0 points"))
        assert driver.execute_script(SHEET, "sg-sheet-0")[1][1] == "rejected"
    # A challenge typed on the device, of Alex's first answer: the phones show which.
    device.run("press B\npress A\npress B")  # the points; challenge Alex's 1st; the vote
    for driver in phones:
        asked = until(driver, lambda d: shown(d, "sg-asked"))
        assert "On the Scanner: a challenge of Alex's “%s”" % answers[0][0] in asked
    device.run("press C\n" * 4 + "press B")  # everyone accepts: it stands
    for driver in phones:
        until(driver, lambda d: not d.find_elements(By.ID, "sg-asked"))
    _, state = device.run("press C")  # on the device: done with the points
    assert state["view"]["view"] == "totals" and state["view"]["totals"] == [0, 2, 1, 1]
    for driver in phones:
        totals = until(driver, lambda d: shown(d, "sg-totals"))
        listed = totals.split("\n")
        assert listed == ["Alex", "0 = 0", "Sam", "2 = 2", "Robin", "1 = 1", "Jo", "1 = 1"]


def test_a_letter_typed_just_before_a_reload_is_kept(device):
    driver = phone()
    try:
        device.run(FOUR_PLAYERS)
        driver.get(device.page())
        until(driver, lambda d: d.execute_script(PICK, 0))
        assert until(driver, lambda d: shown(d, "team")) == "Alex"
        _, state = device.run("press B\n" + ROLL)
        letter = state["view"]["letter"]
        until(driver, lambda d: shown(d, "sg-letter") == letter)
        field = driver.find_element(By.ID, "sg-a5")
        field.send_keys(letter)  # no pause, no next field: the page goes at once
        driver.refresh()
        until(driver, lambda d: shown(d, "sg-letter") == letter)
        assert driver.find_element(By.ID, "sg-a5").get_attribute("value") == letter
        _, state = device.run("")
        assert state["session"]["state"]["sheets"][0].split("\n")[5] == letter  # (Sheet)
    finally:
        driver.quit()
