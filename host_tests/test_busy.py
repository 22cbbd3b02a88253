"""No press is lost while the loop is busy: the headless simulator's `busy MS` holds the
loop (no poll runs) while presses come and go, as a game's start, a refresh's SPI write
or a flash save holds a board's; the pins' edges are latched with their own ticks
(firmware/hw/buttons.py, app/buttons.py) and decoded at the next poll."""

from sim import Sim

# Stay Cool for three, its first turn begun (C: the glass flipped): A counts a written
# answer, B a verbal one; held, A or B skips that question (once a turn).
TURN = "press DOWN\npress GO\npress GO\npress B\npress UP\npress GO\npress C\n"


def turn(tmp_path, script):
    out = Sim(tmp_path).run(TURN + script + "\nstate")
    return out.state()


def test_a_short_press_inside_a_600_ms_stretch_counts_once(tmp_path):
    s = turn(tmp_path, "busy 600\nwait 100\npress B\nwait 500\nwait 1000")
    v = s["view"]
    assert (v["written"], v["verbal"], v["skipped"], v["position"]) == (0, 1, False, 1)


def test_two_presses_inside_one_stretch_count_twice(tmp_path):
    s = turn(tmp_path, "busy 600\npress A\npress A\nwait 500")
    assert s["view"]["written"] == 2


def test_a_long_press_inside_a_stretch_is_a_long_press(tmp_path):
    s = turn(tmp_path, "busy 1500\nwait 100\nlong B\nwait 400\nwait 100")
    v = s["view"]
    # Held: the skip (the question passed, the sand moved on), not a plain count.
    assert (v["verbal"], v["skipped"], v["position"]) == (1, True, 2)


def test_a_long_press_begun_in_a_stretch_and_ended_after_it(tmp_path):
    s = turn(tmp_path, "busy 600\nwait 100\nhold A\nwait 900\nrelease A\nwait 100")
    v = s["view"]
    assert (v["written"], v["skipped"], v["position"]) == (1, True, 2)


def test_a_chord_across_a_stretch_takes_the_table_to_the_menu(tmp_path):
    s = turn(tmp_path, "busy 600\nwait 100\nchord A C\nwait 500")
    assert s["screen"] == "menu"
    assert s["session"]["state"]["live"] is not None  # the turn kept, paused, for later
    assert s["view"]["items"][0] == "Resume Stay Cool"


def test_nothing_is_decoded_before_the_loop_gets_to_it(tmp_path):
    # Inside the stretch the press has happened but no poll has run: the core has not
    # seen it yet. It counts at the first poll after.
    out = Sim(tmp_path).run(TURN + "busy 1000\npress B\nstate\nwait 900\nstate")
    during, after = [s["view"]["verbal"] for s in out.states()]
    assert (during, after) == (0, 1)
