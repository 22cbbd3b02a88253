"""The phones' page in headless Chromium, against the firmware's own server (the headless
simulator with --http): a phone joins a team from the page, and comes back as that team
after a reload or a power cut of the device; a new game sends it back to the team list; a
phone that picks another team moves to it; a team the Quizzer frees on the device sends
its phone back to the team list. Each phone is a page through a relay of its own
(tools/relay.py, Device.page): its own address, as on the device's network."""

import time

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from tools.browser import phone
from tools.phones import SAY_WHEN, START, Device

# In the .mpy pass only: the build that ships, serving the page that ships.
pytestmark = [pytest.mark.browser, pytest.mark.mpy_only]

RESTART = "chord A C\npress DOWN\npress GO\npress DOWN\npress DOWN\npress GO\npress C\n"
TOKEN = "scanner-token"


@pytest.fixture
def browser():
    driver = phone()
    yield driver
    driver.quit()


@pytest.fixture
def device(tmp_path):
    dev = Device(tmp_path / "state")
    yield dev
    assert "Traceback" not in dev.close()


def shown(driver, element_id):
    element = driver.find_element(By.ID, element_id)
    return element.text if element.is_displayed() else None


def until(driver, what, timeout=15):
    return WebDriverWait(driver, timeout, poll_frequency=0.1).until(lambda d: what(d))


# Read, or clicked, in one script at one moment: the team list is drawn again as the page
# polls, and a button found before a redraw is gone after it.
TEAMS = """const b = document.querySelectorAll("#teams button");
if (!b.length || document.getElementById("pick").offsetParent === null) return null;
return Array.from(b, (x) => [x.innerText, x.disabled]);"""
PICK = """const b = document.querySelectorAll("#teams button");
if (b.length <= arguments[0]) return false;
b[arguments[0]].click();
return true;"""


def team_buttons(driver):
    """[(text, disabled)] of the team list's buttons while it shows, else None."""
    buttons = driver.execute_script(TEAMS)
    return buttons and [tuple(button) for button in buttons]


def pick(driver, team):
    until(driver, lambda d: d.execute_script(PICK, team))


# A refresh of the team list begun just before a tap, and answered only after the join is
# done (its answer held back 1.5 s): the refresh must not put the phone back on the list.
RACE = """const real = window.fetch;
let held = false;
window.fetch = (url, options) => {
  const answer = real(url, options);
  if (held || !String(url).includes("/api/teams")) return answer;
  held = true;
  return answer.then((r) => new Promise((done) => setTimeout(() => done(r), 1500)));
};
step(pick);
document.querySelector('#teams button[data-team="' + arguments[0] + '"]').click();"""


def test_a_tap_at_the_team_list_s_refresh_joins_and_stays_joined(browser, device):
    browser.get(device.page())
    device.run(SAY_WHEN + START)
    until(browser, team_buttons)
    browser.execute_script(RACE, 1)
    assert until(browser, lambda d: shown(d, "team")) == "Blue"
    time.sleep(2.5)  # the held refresh has answered by now
    assert shown(browser, "team") == "Blue" and shown(browser, "pick") is None
    assert device.phones()["taken"] == [False, True]


def test_a_phone_joins_its_team_and_comes_back_as_it(browser, device):
    first = device.page()  # a phone: its own address, and its own origin (its own token)
    browser.get(first)
    until(browser, lambda d: "No game yet" in d.find_element(By.ID, "status").text)
    device.run(SAY_WHEN + START)
    buttons = until(browser, team_buttons)  # the page follows: a game, its teams
    assert [text for text, _ in buttons] == ["Red", "Blue"]
    assert not any(disabled for _, disabled in buttons)
    pick(browser, 1)
    assert until(browser, lambda d: shown(d, "team")) == "Blue"
    token = browser.execute_script("return localStorage.getItem(arguments[0])", TOKEN)
    assert len(token) == 16
    assert device.phones()["taken"] == [False, True]

    browser.refresh()  # the same phone, the page loaded again
    assert until(browser, lambda d: shown(d, "team")) == "Blue"
    assert browser.execute_script("return localStorage.getItem(arguments[0])", TOKEN) == token
    assert device.phones()["taken"] == [False, True]  # no second team for it

    # Another phone (no token) finds Blue taken and joins Red.
    browser.get(device.page())
    buttons = until(browser, team_buttons)
    assert [text for text, disabled in buttons if disabled] == ["Blue\nhas a phone"]
    pick(browser, 0)
    assert until(browser, lambda d: shown(d, "team")) == "Red"
    assert device.phones()["taken"] == [True, True]
    swatch = browser.execute_script(
        "return getComputedStyle(document.getElementById('you')).borderLeftColor"
    )
    assert swatch == "rgb(255, 0, 0)"  # the team's colour beside its name

    # A third phone: every team has one, and it is told so.
    browser.get(device.page())
    until(browser, lambda d: "Every team has a phone" in d.find_element(By.ID, "status").text)
    assert all(disabled for _, disabled in until(browser, team_buttons))

    # The first phone again, after a power cut: the device comes back, and so does Blue.
    assert "Traceback" not in device.power_cut()
    browser.get(first)  # the device offers to resume: the phone says so, as Blue
    assert until(browser, lambda d: shown(d, "team")) == "Blue"
    until(browser, lambda d: "offers to resume" in (shown(d, "view") or ""))
    device.run("press B")
    assert until(browser, lambda d: shown(d, "team")) == "Blue"

    # A new game: its phones start again from the team list, and the old token is gone.
    device.run(RESTART)
    buttons = until(browser, team_buttons)
    assert not any(disabled for _, disabled in buttons)
    assert browser.execute_script("return localStorage.getItem(arguments[0])", TOKEN) is None


# The phone's own team on the list, and the button that takes it there.
CHANGE = """const b = document.getElementById("change");
if (!b || document.getElementById("joined").hidden) return false;
b.click();
return true;"""


def test_a_phone_that_picks_another_team_moves_to_it_and_frees_the_first(browser, device):
    device.run(SAY_WHEN + "press C\n" + START)  # Red, Blue, Green
    browser.get(device.page())
    pick(browser, 1)
    assert until(browser, lambda d: shown(d, "team")) == "Blue"
    assert shown(browser, "change") == "Change"
    until(browser, lambda d: d.execute_script(CHANGE))
    buttons = until(browser, team_buttons)  # its own team, to go back to; the others free
    assert buttons == [("Red", False), ("Blue\nthis phone", False), ("Green", False)]
    assert "move this phone there (Blue is then free)" in shown(browser, "status")
    assert device.phones()["taken"] == [False, True, False]  # still Blue's, until it moves
    pick(browser, 1)  # Blue after all: back, as it was
    assert until(browser, lambda d: shown(d, "team")) == "Blue"
    token = browser.execute_script("return localStorage.getItem(arguments[0])", TOKEN)
    until(browser, lambda d: d.execute_script(CHANGE))
    until(browser, team_buttons)
    pick(browser, 2)  # Green: the phone moves, and Blue is free for another
    assert until(browser, lambda d: shown(d, "team")) == "Green"
    assert device.phones()["taken"] == [False, False, True]
    assert browser.execute_script("return localStorage.getItem(arguments[0])", TOKEN) != token
    browser.get(device.page())  # another phone finds Blue free, and Green taken
    assert until(browser, team_buttons) == [
        ("Red", False),
        ("Blue", False),
        ("Green\nhas a phone", True),
    ]


def test_a_team_the_quizzer_frees_on_the_device_sends_its_phone_to_the_team_list(browser, device):
    device.run(SAY_WHEN + START)
    browser.get(device.page())
    pick(browser, 0)
    assert until(browser, lambda d: shown(d, "team")) == "Red"
    device.run("press B\n" + FREE_RED)
    buttons = until(browser, team_buttons)  # Red's token is refused: the list again
    assert buttons == [("Red", False), ("Blue", False)]
    assert browser.execute_script("return localStorage.getItem(arguments[0])", TOKEN) is None
    pick(browser, 0)  # and it may join again, as any phone
    assert until(browser, lambda d: shown(d, "team")) == "Red"


# The main menu (A+C), "Phones joined" (the row after "Join with phones"), Red (the first
# row), OK, and Yes: Red is free.
FREE_RED = "chord A C\n" + "press DOWN\n" * 5 + "press GO\npress GO\npress C"
