"""A Stay Cool turn played from two Interrogators' phones in headless Chromium, against the
firmware's own server (the headless simulator with --http): each phone shows its own
card, taps Right for the answers, the verbal one an Undo and a Skip; the device's end of
turn scores what the rulebook says (shared/rules/stay-cool.txt: Alicia answered 4 written
questions, worth 4, and 6 verbal ones, worth 3: 4 x 3 = 12 points).

The turn itself (the phones and their taps) is tools/scshots.py's, which also takes the
README's picture of the Written Interrogator's phone from it.
"""

import time

import pytest

from tools.phones import Device, Phone
from tools.scshots import ACTIVE, PACE, SCORED, play, until

pytestmark = [pytest.mark.browser, pytest.mark.mpy_only]


@pytest.fixture
def device(tmp_path):
    dev = Device(tmp_path / "state")
    yield dev
    assert "Traceback" not in dev.close()


def test_two_interrogators_phones_play_a_turn_and_the_device_scores_the_rulebook_s_product(
    device,
):
    phones = []
    active = Phone(device.port)
    try:
        written, verbal = play(device, phones, active)
        # Stay Cool is played by players, not teams: the page asks for one.
        assert (written.asked, written.your) == ("Which player are you?", "Your player")
        assert verbal.undone == "Undone: a Right on the verbal card."  # what it took back
        # Drawn again at every tap and flip, the turn kept its buttons: a redraw never
        # takes one from under a finger.
        for p in (written, verbal):
            same = "return document.getElementById('sc-right') === window.firstRight"
            assert p.driver.execute_script(same)
        _, state = device.run("")
        turn = state["view"]
        assert (turn["written"], turn["verbal"], turn["skipped"], turn["position"]) == (
            4,
            6,
            True,
            2,
        )
        # Each phone its own card, ten written and twenty verbal questions, the next one
        # marked; the active player's phone has none.
        assert len(written.questions()) == 10 and len(verbal.questions()) == 20
        assert written.marked() == written.questions()[4]
        assert verbal.marked() == verbal.questions()[6]
        assert "→" in written.marked()  # its answer under it
        time.sleep(PACE)
        status, me = active.json("GET", "/api/me")
        assert status == 200 and "card" not in me["view"] and "→" not in str(me)
        assert not verbal.enabled("skip") and verbal.enabled("right")  # the skip is used

        _, state = device.run("wait 120000")  # the sand runs out: the turn is over
        end = state["view"]
        assert end["view"] == "end" and (end["written"], end["verbal"]) == (4, 6)
        assert end["score"] == 12  # the rulebook: 4 written worth 4, 6 verbal worth 3
        assert state["session"]["state"]["scores"][ACTIVE][0] == 12
        # The phones follow: the roles pass left, the verbal Interrogator answers next (no
        # card, no answer) and the written one keeps time (no card).
        for p in phones:
            until(p.driver, lambda d: d.execute_script(SCORED))
            assert p.driver.execute_script("return document.getElementById('sc-right')") is None
        view = verbal.driver.execute_script("return document.getElementById('view').innerText")
        assert "You answer!" in view and "→" not in view
        assert "You keep time" in written.driver.execute_script(
            "return document.getElementById('view').innerText"
        )
    finally:
        for p in phones:
            p.driver.quit()
