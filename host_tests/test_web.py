"""The Scanner in a web page (boards/web, make web), in headless Chromium: the page boots
the .mpy build on MicroPython's WebAssembly port to the menu; a whole Say When! game is
played by clicks on its buttons to a winner, and its canvas then shows, pixel for pixel,
what the headless simulator draws for the same presses; a reload is a power cut (the game
is offered back, and resumes); damaged storage gets the device's notice; after the first
load the page plays with the server gone (its service worker); it fits a phone either
way up. A failure resets it as a board resets (start.py), and the wake lock and WebAudio
are used as they should be: the browser's APIs are instrumented from here (stand-ins put
in place with execute_script), never by switches in the page. Speed is never asserted:
the waits only catch a hang."""

import functools
import http.server
import threading
import time
import zlib

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait
from sim import Sim

from tools import web
from tools.browser import phone
from tools.webserve import Handler

# In the .mpy pass only: the page runs the build that ships.
pytestmark = [pytest.mark.browser, pytest.mark.mpy_only]

W, H = 296, 128
HANG = 120  # seconds: only a hang takes this long
NEW_GAME = ["GO", "GO", "UP", "GO"]  # Say When!, New game, Start game (two teams)
# Three cards, Red exact on each (12 points): the Quizzer rotates, and the mode follows
# the scores (tied: the Quizzer chooses, A for secret). Each card: open the Answer Door
# (long GO), judge (A), B marks Red exact in the guessing order, DOWN to the next team,
# C scores, B the next card.
GAME = NEW_GAME + ["A"]
GAME += ["long GO", "A", "DOWN", "B", "DOWN", "C", "B"]  # Blue guesses first, then Red
GAME += ["long GO", "A", "B", "DOWN", "DOWN", "C", "B"]  # Red first (Blue is Quizzer)
GAME += ["long GO", "A", "DOWN", "B", "DOWN", "C", "B"]


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    if not web.PACKAGE.is_dir():
        pytest.fail("the web page needs MicroPython's WebAssembly port from npm: run `npm ci`")
    out = tmp_path_factory.mktemp("site") / "web"
    web.build(out)
    return out


@pytest.fixture
def server(site):
    srv = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(Handler, directory=str(site))
    )
    thread = threading.Thread(target=srv.serve_forever, daemon=True)
    thread.start()
    yield srv
    srv.shutdown()
    srv.server_close()


@pytest.fixture
def browser():
    driver = phone()
    driver.set_window_size(1280, 800)  # a tablet on its side
    yield driver
    driver.quit()


def url(server, query="?seed=1"):
    return "http://127.0.0.1:%d/%s" % (server.server_address[1], query)


def until(driver, what, timeout=HANG):
    return WebDriverWait(driver, timeout, poll_frequency=0.1).until(lambda d: what(d))


def text(driver):
    return driver.execute_script("return window.scanner ? window.scanner.text() : ''")


def booted(driver):
    """Waits for the first frame on the glass; the texts drawn on it."""
    until(driver, lambda d: d.execute_script("return !!window.scanner && scanner.shown() > 0"))
    assert driver.find_element(By.ID, "fail").text == ""
    return text(driver)


def canvas(driver):
    """The canvas's pixels, 1 for ink, row by row."""
    return [int(c) for c in driver.execute_script("return scanner.frame()")]


def click(driver, name):
    """A press of an on-screen button by the mouse: `long NAME` holds it for a second."""
    held = 1.2 if name.startswith("long ") else 0.15
    button = driver.find_element(By.CSS_SELECTOR, '#keys button[data-b="%s"]' % name.split()[-1])
    ActionChains(driver).click_and_hold(button).pause(held).release().perform()
    time.sleep(0.3)  # past the debounce, and the next press apart from this one


def play(driver, presses):
    for name in presses:
        click(driver, name)


def settled(driver):
    """The canvas once the glass has stopped changing (a full refresh flashes first)."""
    last = None
    while True:
        time.sleep(0.8)
        now = canvas(driver)
        if now == last:
            return now
        last = now


def headless_frame(tmp_path, presses):
    """What the headless simulator draws after `presses` (from a fresh device, seed 1)."""
    picture = tmp_path / "frame.png"
    script = "\n".join(p if p.startswith("long ") else "press " + p for p in presses)
    Sim(tmp_path / "state", seed=1).run(script + "\nwait 1000\npng %s" % picture)
    return read_png(picture.read_bytes())


def read_png(data):
    """The 1-bit greyscale PNG boards/host/png.py writes, as 1 for ink, row by row."""
    at, idat = 8, b""
    while at < len(data):
        size = int.from_bytes(data[at : at + 4], "big")
        kind = data[at + 4 : at + 8]
        if kind == b"IDAT":
            idat += data[at + 8 : at + 8 + size]
        at += 12 + size
    raw, stride, pixels = zlib.decompress(idat), (W + 7) // 8, []
    for y in range(H):
        row = raw[y * (stride + 1) + 1 : (y + 1) * (stride + 1)]
        pixels += [0 if row[x // 8] & (0x80 >> x % 8) else 1 for x in range(W)]
    return pixels


def differences(a, b):
    return [(i % W, i // W) for i in range(W * H) if a[i] != b[i]]


def test_the_page_boots_to_the_menu_as_the_headless_simulator_draws_it(browser, server, tmp_path):
    browser.get(url(server))
    shown = booted(browser)
    for item in ("Party Scanner", "Say When!", "Stay Cool", "Scattergories", "Settings"):
        assert item in shown.split("\n")
    assert differences(settled(browser), headless_frame(tmp_path, [])) == []


def test_say_when_played_by_clicks_to_a_winner_pixel_for_pixel(browser, server, tmp_path):
    browser.get(url(server))
    booted(browser)
    play(browser, GAME)
    until(browser, lambda d: "Red wins!" in text(d).split("\n"))
    assert "Red 12 Blue 0" in text(browser)
    assert differences(settled(browser), headless_frame(tmp_path, GAME)) == []


def test_a_reload_is_a_power_cut_and_the_game_resumes(browser, server):
    browser.get(url(server))
    booted(browser)
    play(browser, NEW_GAME)
    until(browser, lambda d: "tied: you choose" in text(d))
    question = text(browser)
    assert browser.execute_script("return localStorage.getItem('scanner-state/session.json')")
    browser.refresh()
    offer = booted(browser).split("\n")
    assert "Unfinished game" in offer and "Resume" in offer
    click(browser, "B")  # Resume
    until(browser, lambda d: text(d) == question)


def test_damaged_storage_gets_the_devices_notice(browser, server):
    browser.get(url(server))
    booted(browser)
    play(browser, NEW_GAME)
    until(browser, lambda d: "tied: you choose" in text(d))
    browser.execute_script("localStorage.setItem('scanner-state/session.json', '{\"bad')")
    browser.refresh()
    booted(browser)
    until(browser, lambda d: "damaged" in text(d))
    assert "Resume" not in text(browser).split("\n")


def test_keys_play_as_in_make_sim(browser, server):
    browser.get(url(server))
    booted(browser)
    body = browser.find_element(By.TAG_NAME, "body")
    body.send_keys("d")  # DOWN: Stay Cool
    body.send_keys("g")  # GO
    until(browser, lambda d: "Stay Cool" in text(d) and "Scattergories" not in text(d))


def test_after_the_first_load_it_plays_with_the_server_gone(browser, server):
    browser.get(url(server))
    booted(browser)
    until(
        browser,
        lambda d: d.execute_script(
            "return !!navigator.serviceWorker.controller || (location.reload(), false)"
        ),
    )
    booted(browser)
    server.shutdown()
    server.server_close()
    browser.refresh()
    shown = booted(browser)
    assert "Say When!" in shown.split("\n")


SIZES = """const r = (e) => e.getBoundingClientRect();
const keys = Array.from(document.querySelectorAll('#keys button, #bar button'), r);
const all = [r(document.getElementById('screen')), r(document.getElementById('ring'))]
  .concat(keys);
return [Math.min(...keys.map((k) => Math.min(k.width, k.height))),
        Math.max(...all.map((k) => k.right)), window.innerWidth,
        Math.max(...all.map((k) => k.bottom)), window.innerHeight];"""


@pytest.mark.parametrize("size", [(412, 915), (915, 412), (820, 1180), (1180, 820)])
def test_it_fits_phones_and_tablets_either_way_up(browser, server, size):
    browser.set_window_size(*size)
    browser.get(url(server))
    booted(browser)
    smallest, right, width, bottom, height = browser.execute_script(SIZES)
    assert smallest >= 44  # a thumb's target
    assert right <= width  # nothing off the side
    assert bottom <= height  # nor below: the screen, the ring and every button in view


def test_a_stay_cool_turn_runs_its_sand_to_the_buzzer(browser, server):
    # The page's clock 20 times as fast (?speed: only boards/web knows), so the two minutes
    # of round 1 pass in seconds; the presses are keys, each a press in the device's time.
    browser.get(url(server, "?seed=1&speed=20"))
    booted(browser)
    body = browser.find_element(By.TAG_NAME, "body")
    for key in "dgg" + "ug":  # Stay Cool, New game, then Start game (four players)
        body.send_keys(key)
        time.sleep(0.3)
    body.send_keys("c")  # the player's turn: the sand runs
    until(browser, lambda d: "flip" in d.execute_script("return scanner.tones()"))
    until(browser, lambda d: "end" in d.execute_script("return scanner.tones()"))
    tones = browser.execute_script("return scanner.tones()")
    assert tones[tones.index("flip") :].count("flip") == 4  # round 1 flips itself, 4 times


def test_a_scattergories_round_rolls_a_letter_and_times_it(browser, server):
    # At 20 times the page's clock (as the Stay Cool turn): the 3:00 timer passes in seconds.
    browser.get(url(server, "?seed=1&speed=20"))
    booted(browser)
    body = browser.find_element(By.TAG_NAME, "body")
    for key in "ddgg" + "ug":  # Scattergories, New game, then Start game (three players)
        body.send_keys(key)
        time.sleep(0.3)
    until(browser, lambda d: "paper ready? Roll!" in text(d))
    body.send_keys("b")  # roll the die: its show passes, then its letter shows
    until(browser, lambda d: "Your letter" in text(d))
    letter = text(browser).split("\n")[text(browser).split("\n").index("Your letter") - 1]
    assert len(letter) == 1 and letter in "ABCDEFGHIJKLMNOPRSTW"  # the die's 20 faces
    body.send_keys("b")  # the timer starts
    until(browser, lambda d: "end" in d.execute_script("return scanner.tones()"))
    tones = browser.execute_script("return scanner.tones()")
    timed = tones[tones.index("warning") :]
    assert timed == ["warning", "warning"] + ["tick"] * 10 + ["end"], tones  # 1:00, 0:30, 10..1
    until(browser, lambda d: "Time's up!" in text(d).split("\n"))
    assert "Letter " + letter in text(browser).split("\n")


# The browser's own APIs, instrumented from the test (the page is not told): one fault, or
# a recording stand-in, put in place with execute_script.
NAN_ONCE = """const now = performance.now;
performance.now = function () { performance.now = now; return NaN; };"""
# Put in every page the browser loads from then on (the page resets by reloading itself):
# the device's canvas breaks whenever a game is saved; and each load is counted.
BREAKS_WHILE_A_GAME_IS_SAVED = """const put = CanvasRenderingContext2D.prototype.putImageData;
CanvasRenderingContext2D.prototype.putImageData = function (...args) {
  const saved = localStorage.getItem('scanner-state/session.json');
  if (window.scanner && saved) throw new Error('the glass broke');
  return put.apply(this, args);
};
sessionStorage.setItem('loads', Number(sessionStorage.getItem('loads') || 0) + 1);"""


def saved_files(driver):
    script = "return Object.keys(localStorage).filter((k) => k.startsWith('scanner-state/'))"
    return sorted(k.split("/", 1)[1] for k in driver.execute_script(script))


def a_question_on_screen(driver, server):
    """A new Say When! game's first card, the glass settled (its full refresh done)."""
    driver.get(url(server))
    booted(driver)
    play(driver, NEW_GAME)
    until(driver, lambda d: "tied: you choose" in text(d))
    settled(driver)


def test_an_error_in_the_firmware_resets_the_page_straight_back_into_the_game(browser, server):
    """As on a board (start.py): the saves, the rescue file naming the error, a reset (a new
    MicroPython), and the boot after it goes back into the game, no question asked."""
    a_question_on_screen(browser, server)
    question = text(browser)
    # The page's clock is read by its polls alone while nothing is pressed: the next poll
    # gets a NaN for its time, and the firmware a TypeError.
    browser.execute_script("window.before = 1;" + NAN_ONCE)
    until(browser, lambda d: d.execute_script("return window.before === undefined"))  # reset
    booted(browser)
    until(browser, lambda d: text(d) == question)  # no offer to resume: straight in
    assert "restarted after an error" in browser.find_element(By.ID, "note").text
    assert not browser.execute_script("return scanner.failed()")
    strikes = "return localStorage.getItem('scanner-state/strikes')"
    assert browser.execute_script(strikes) == "1 TypeError"  # counted, as start.py counts
    assert "rescue" not in saved_files(browser)  # read by the boot, and gone


def test_a_game_that_keeps_failing_is_set_aside_after_the_third_boot(browser, server):
    """The page's own JavaScript failing under the device (the canvas, here, whenever a game
    is saved) leaves MicroPython dead, as a hung board: a watchdog's reset. Straight back
    into the game, which fails again; the third boot in a row that fails the same way sets
    the game aside (session.bad.json) and says so, and the menu works."""
    a_question_on_screen(browser, server)
    new_page = {"source": BREAKS_WHILE_A_GAME_IS_SAVED}
    browser.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", new_page)
    browser.execute_script(BREAKS_WHILE_A_GAME_IS_SAVED + "sessionStorage.setItem('loads', 0)")
    click(browser, "A")  # secret guessing: the screen drawn again, and the canvas breaks
    until(browser, lambda d: "kept failing" in text(d))
    assert browser.execute_script("return sessionStorage.getItem('loads')") == "3"  # resets
    assert not browser.execute_script("return scanner.failed()")
    files = saved_files(browser)
    assert "session.bad.json" in files and "session.json" not in files, files
    settled(browser)
    click(browser, "B")  # the notice read: the menu, drawn on the glass
    until(browser, lambda d: "Say When!" in text(d).split("\n"))


WAKE_LOCK = """window.wake = {asked: [], held: 0};
Object.defineProperty(navigator, 'wakeLock', {configurable: true, value: {
  request: async (type) => {
    const lock = new EventTarget();
    lock.release = async () => { wake.held--; lock.dispatchEvent(new Event('release')); };
    wake.asked.push(type);
    wake.held++;
    return lock;
  }}});"""


def held(driver):
    return driver.execute_script("return wake.held")


def test_the_screen_is_kept_awake_while_a_timer_runs_and_let_sleep_after(browser, server):
    # Chromium's navigator.wakeLock replaced by one that records what the page asks.
    browser.get(url(server, "?seed=1&speed=20"))
    booted(browser)
    browser.execute_script(WAKE_LOCK)
    body = browser.find_element(By.TAG_NAME, "body")
    for key in "dgg" + "ug":  # a Stay Cool game's start screen: no timer
        body.send_keys(key)
        time.sleep(0.3)
    time.sleep(1.5)  # the page looks every second
    until(browser, lambda d: held(d) == 0)
    body.send_keys("c")  # the turn: the sand runs, and the page holds the screen's lock
    until(browser, lambda d: held(d) == 1 and "flip" in d.execute_script("return scanner.tones()"))
    assert set(browser.execute_script("return wake.asked")) == {"screen"}
    until(browser, lambda d: "end" in d.execute_script("return scanner.tones()"))
    until(browser, lambda d: held(d) == 0)  # the turn is over: let go


# Chromium's own AudioContext, each one made and each note started recorded.
AUDIO = """window.sounds = {made: [], notes: []};
const Real = window.AudioContext;
window.AudioContext = class extends Real {
  constructor(...args) { super(...args); sounds.made.push(this); }
  createOscillator() {
    const osc = super.createOscillator(), start = osc.start.bind(osc);
    osc.start = (t) => { sounds.notes.push(osc.frequency.value); start(t); };
    return osc;
  }
};"""
FLIP = [1175, 1568]  # hw/buzzer.py's "flip": the sand glass turned over


def sounds(driver):
    script = "return [sounds.made.map((a) => a.state), sounds.notes, scanner.tones()]"
    return driver.execute_script(script)


def test_sound_starts_on_the_first_tap_and_the_mute_silences_it(browser, server):
    browser.get(url(server))
    booted(browser)
    browser.execute_script(AUDIO)
    time.sleep(0.5)
    assert sounds(browser) == [[], [], []]  # no sound before a tap (the autoplay rule)
    click(browser, "DOWN")  # the first tap: WebAudio made and started, in the tap
    until(browser, lambda d: sounds(d)[0] == ["running"])
    play(browser, ["GO", "GO", "UP", "GO", "C"])  # Stay Cool; the turn: the glass flips
    until(browser, lambda d: sounds(d)[1] == FLIP)
    mute = browser.find_element(By.ID, "mute")
    mute.click()
    assert mute.text == "Sound off"
    tunes = len(sounds(browser)[2])
    click(browser, "C")  # Timer!: a tune the device plays, but nothing sounds
    until(browser, lambda d: len(sounds(d)[2]) > tunes)
    assert sounds(browser)[1] == FLIP and len(sounds(browser)[0]) == 1
    mute.click()
    assert mute.text == "Sound on"
    click(browser, "C")  # and now it sounds again
    until(browser, lambda d: len(sounds(d)[1]) > len(FLIP))
    mute.click()
    browser.refresh()  # the mute is remembered
    booted(browser)
    assert browser.find_element(By.ID, "mute").text == "Sound off"
    assert browser.execute_script("return localStorage.getItem('scanner-mute')") == "1"
