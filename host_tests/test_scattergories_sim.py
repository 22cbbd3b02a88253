"""Scattergories played through the headless simulator, as a table would play it."""

import json

from sim import Sim as SharedSim

from tools.deckfile import read_deck
from tools.firmware import import_firmware
from tools.mpenv import ROOT, read_save

ticks = import_firmware("ticks")
sg = import_firmware("games.scattergories")

NEW_GAME = "press DOWN\npress DOWN\npress GO\npress GO\n"  # Scattergories, New game
START = "press UP\npress GO\n"  # the last row of the setup: Start game
TWO_PLAYERS = "press B\n"  # on the setup's first row: Players 3 -> 2
ROLL = "press B\npress B\n"  # roll on the list picker, then skip the die's show
GO = "press B\n"  # start the timer on the letter screen
TIME_UP = "wait 180000\npress B\n"  # the whole timer, then on to the points
NAMES = ["Alex", "Sam", "Robin"]


def Sim(state_dir, seed=1):  # noqa: N802 - the shared driver, booted with --seed
    return SharedSim(state_dir, seed=seed)


def points(values):
    """Types each player's points on the points screen, then Done."""
    keys = []
    for v in values:
        keys += ["press UP"] * v + ["press B"]
    return "\n".join(keys) + "\npress C\n"


def segments(out):
    """The tones heard before each `state` line: [(tones, state)]."""
    segs, tones = [], []
    for line in out.lines:
        if line.startswith("tone "):
            tones.append(line.split()[1])
        elif line.startswith("{"):
            segs.append((tones, json.loads(line)))
            tones = []
    return segs


def test_a_whole_game_of_three_rounds_to_a_winner(tmp_path):
    sim = Sim(tmp_path)
    script = NEW_GAME + START
    for pts in ([3, 1, 2], [2, 2, 2], [0, 4, 1]):
        script += ROLL + GO + TIME_UP + points(pts) + "state\n"
        if pts != [0, 4, 1]:
            script += "press B\n"  # the totals: on to the next round
    out = sim.run(script + "text\nwait 200\nring")
    leds = [x for x in out.lines if x.startswith("ring ")][0].split()[1:]
    assert sum(led != "000000" for led in leds) == 16  # the winners' rainbow
    after = [s["view"] for s in out.states()]
    assert [v["view"] for v in after] == ["totals", "totals", "won"]
    assert after[0]["totals"] == [3, 1, 2] and after[1]["totals"] == [5, 3, 4]
    won = after[-1]
    assert won["totals"] == [5, 7, 5] and won["winners"] == [1]
    assert won["lists"] == [1, 2, 3]  # the next unused list each round
    assert len(set(won["letters"])) == 3
    assert out.tones().count("end") == 3 and out.tones()[-1] == "win"
    assert "Sam wins!" in out.texts()[-1]
    saved = read_save(tmp_path / "session.json")
    assert saved["state"]["scores"] == [[3, 1, 2], [2, 2, 2], [0, 4, 1]]
    out = sim.run("state")  # the power cut on the winners' screen: the game is over
    assert out.state()["screen"] == "menu" and out.state()["session"] is None


def test_a_shared_win(tmp_path):
    script = NEW_GAME + TWO_PLAYERS + START
    for pts in ([4, 2], [1, 3], [2, 2]):
        script += ROLL + GO + TIME_UP + points(pts) + ("press B\n" if pts != [2, 2] else "")
    out = Sim(tmp_path).run(script + "text\nstate")
    assert out.state()["view"]["winners"] == [0, 1]
    assert "Alex & Sam share the win!" in out.texts()[-1]
    assert out.tones()[-1] == "tie"


def timer_started(tmp_path, prefix):
    """Plays `prefix` (which starts a timer) once; returns (start tick, tick after it)."""
    v = Sim(tmp_path / "probe").run(prefix + "state").state()["view"]
    assert v["view"] == "play" and v["running"]
    return v["started"], v["now"]


def test_timer_cues_at_their_instants_and_the_end_buzzer(tmp_path):
    prefix = NEW_GAME + START + ROLL + GO
    t0, now = timer_started(tmp_path, prefix)  # the simulator is deterministic
    script = [prefix]
    cues = (120000, 150000) + tuple(range(170000, 180001, 1000))
    for cue in cues:
        at = ticks.add(t0, cue)
        script += ["wait %d" % (ticks.diff(at, now) - 10), "state", "wait 10", "state"]
        now = at
    script.append("wait 20\nstate")  # the game on from its save: a poll a stage (gamescreen.turn)
    out = Sim(tmp_path / "game").run("\n".join(script))
    segs = segments(out)
    expect = ["warning", "warning"] + ["tick"] * 10 + ["end"]
    for i, (cue, name) in enumerate(zip(cues, expect, strict=True)):
        (before, just), (heard, _) = segs[2 * i], segs[2 * i + 1]
        assert before == ([] if i else ["settle"]) and heard == [name], (i, before, heard)
        assert just["view"]["deadline"] == ticks.add(t0, cue)  # the shell wakes right then
        assert just["view"]["left"] == 180000 - cue + 10
    assert segs[-1][1]["view"]["view"] == "timeup"
    # The timer crossed the 2**30 wrap of ticks_ms() on the way.
    assert ticks.diff(ticks.MASK, t0) < 180000


def test_pause_and_resume(tmp_path):
    prefix = NEW_GAME + START + ROLL + GO
    out = Sim(tmp_path).run(
        prefix + "wait 50000\nlong B\nstate\nwait 300000\nstate\nlong B\nstate\ntext"
    )
    (_, paused), (quiet, still), (_, resumed) = segments(out)[-3:]
    assert quiet == []  # no cue while paused, however long
    assert not paused["view"]["running"] and paused["view"]["left"] == still["view"]["left"]
    left = paused["view"]["left"]
    assert 128000 < left < 131000
    assert paused["session"]["state"]["left"] == left  # saved while stopped
    v = resumed["view"]
    assert v["running"] and v["deadline"] == ticks.add(v["started"], left - 60000)
    assert "hold: Pause" in out.texts()[-1]
    warn = ticks.diff(v["deadline"], v["now"])
    out = Sim(tmp_path / "again").run(
        prefix
        + "wait 50000\nlong B\nwait 300000\nlong B\n"
        + "wait %d\nstate\nwait 10\nstate" % (warn - 10)
    )
    segs = segments(out)
    assert "warning" not in segs[-2][0] and segs[-1][0] == ["warning"]


def test_paused_screen_offers_to_end_the_round(tmp_path):
    out = Sim(tmp_path).run(
        NEW_GAME + START + ROLL + GO + "wait 5000\nlong GO\ntext\npress A\npress C\nstate"
    )
    assert "PAUSED 2:55 · 1/3" in out.texts()[-1]
    assert out.state()["view"]["view"] == "timeup" and out.tones()[-1] == "end"


def first_game_seed(tmp_path):
    """The die's seed is the boot's seed plus the tick the game began at."""
    state = Sim(tmp_path / "probe").run(NEW_GAME + START + "state").state()
    return state["session"]["state"]["seed"] - 1  # booted with --seed 1


def test_a_used_letter_is_crossed_out_and_rolled_again(tmp_path):
    began = first_game_seed(tmp_path)
    for boot_seed in range(1, 500):
        die = sg.LetterDie((boot_seed + began) & 0xFFFFFFFF)
        first, second = die.throw(), die.throw()
        if len(second) == 2:
            break
    else:
        raise AssertionError("no boot seed rolls a used letter in round 2")
    assert second[0] == first[-1]
    script = NEW_GAME + START + ROLL + GO + TIME_UP + points([1, 1, 1]) + "press B\n"
    # Round 2: roll, and watch the die (the ring spins 1.4 s, a repeat shows 1.8 s). B
    # rolls as it goes down (its long press means nothing here): 20 ms into the press,
    # whose 160 ms end before the first wait.
    script += "press B\nwait 1200\ntext\nwait 400\ntext\nstate\nwait 3200\ntext\nstate"
    out = Sim(tmp_path / "game", boot_seed).run(script)
    spinning, repeat, final = out.texts()[-3:]
    assert "Rolling…" in spinning
    assert first[-1] in repeat and "Already used" in repeat and "in round 1:" in repeat
    assert second[-1] in final and "Your letter" in final
    states = out.states()
    assert states[-2]["view"]["view"] == "roll" and states[-1]["view"]["letter"] == second[-1]
    assert states[-1]["view"]["letters"] == first[-1] + second[-1]
    assert out.tones()[-2:] == ["refused", "settle"]  # a used letter, then the new one


def test_challenge_votes(tmp_path):
    sim = Sim(tmp_path)
    sim.run(NEW_GAME + START + ROLL + GO + TIME_UP + "press UP\npress UP\npress UP\nwait 1500")
    # Alex has 3. Majority: Alex accepts, Sam and Robin reject -> rejected, 3 -> 2.
    out = sim.run("press B\npress A\npress B\npress C\npress A\npress A\ntext\nstate\npress B")
    v = out.states()[-1]["view"]
    assert v["stage"] == "result" and v["accepted"] is False
    assert "Rejected" in out.texts()[-1]
    # A tie with the challenged player's vote in it: Alex accepts, Sam rejects, Robin does
    # not vote -> 1 to 1, Alex's own vote struck out -> rejected, 2 -> 1.
    out = sim.run("press B\npress A\npress B\npress C\npress A\npress B\ntext\nstate\npress B")
    assert out.states()[-1]["view"]["accepted"] is False
    assert any("own vote is struck out" in line for line in out.texts()[-1])
    # A tie without it: Alex does not vote, Sam accepts, Robin rejects -> the answer stands.
    out = sim.run("press B\npress A\npress B\npress B\npress C\npress A\nstate\npress B\nstate")
    assert out.states()[-2]["view"]["accepted"] is True
    # Voting again, after a mistake: UP takes back the last vote.
    out = sim.run("press B\npress A\npress B\npress A\npress UP\npress C\npress C\npress C\nstate")
    v = out.states()[-1]["view"]
    assert v["ballots"] == [True, True, True] and v["accepted"] is True
    out = sim.run("press B\npress A\npress A\nstate")  # cancelled on the category
    state = out.state()
    assert state["view"]["view"] == "score"
    assert state["session"]["state"]["points"] == [1, 0, 0]
    assert state["session"]["state"]["challenges"] == [
        [0, 0, False],
        [0, 0, False],
        [0, 0, True],
    ]


def test_power_cuts_between_rounds_and_mid_timer(tmp_path):
    round_one = NEW_GAME + START + ROLL + GO + TIME_UP + points([2, 0, 1]) + "state\n"
    through = Sim(tmp_path / "whole").run(round_one + "press B\n" + ROLL + "state")
    cut = Sim(tmp_path / "cut")
    out = cut.run(round_one + "reboot\ntext\npress B\nstate")
    v = out.state()["view"]
    assert out.texts()[-1][0] == "Unfinished game"
    assert v["view"] == "totals" and v["totals"] == [2, 0, 1]
    out = cut.run("press B\npress B\n" + ROLL + "state")  # resume, round 2, roll
    v, expected = out.state()["view"], through.state()["view"]
    assert v["round"] == 2 and v["list"] == 2
    assert v["letters"] == expected["letters"]  # the die went on as if never cut
    # Mid-timer: the clock was saved when it started; it comes back stopped.
    out = cut.run("press B\n" + GO + "wait 30000\nreboot\npress B\nstate\ntext")
    v = out.state()["view"]
    assert v["view"] == "play" and not v["running"] and v["left"] == 180000
    assert "Resume" in out.texts()[-1]
    out = cut.run("press B\npress B\nwait 1000\nstate")
    assert out.state()["view"]["running"]


def test_settings_set_the_rounds_and_the_timer(tmp_path):
    (tmp_path / "settings.json").write_text(json.dumps({"sg_rounds": 1, "sg_seconds": 45}))
    prefix = NEW_GAME + TWO_PLAYERS + START
    script = prefix + "text\n" + ROLL + GO + "wait 45000\npress B\n" + points([1, 0])
    out = Sim(tmp_path).run(script + "state")
    assert "0:45 timer" in out.texts()[0]
    tones = out.tones()
    assert tones[:3] == ["settle", "warning", "tick"]  # no 1:00 warning in a 0:45 round
    assert tones.count("warning") == 1 and tones.count("end") == 1
    assert tones[-1] == "win" and out.state()["view"]["view"] == "won"


def test_list_picker_and_looking_at_the_list(tmp_path):
    sim = Sim(tmp_path)
    out = sim.run(NEW_GAME + START + "press DOWN\npress DOWN\nstate\n" + ROLL + "state")
    # DOWN twice from list 1: round to the last list, then the one before it
    before_last = len(read_deck(ROOT / "build" / "decks" / "scattergories.deck")) - 1
    assert out.states()[0]["view"]["choice"] == before_last
    assert out.state()["view"]["list"] == before_last
    out = sim.run("press B\n" + GO + "press DOWN\npress C\ntext\nrefreshes\npress C\ntext\nstate")
    page3, page1 = out.texts()[-2:]
    assert "9" in page3 and "12" in page3 and "1" in page1
    assert out.state()["view"]["page"] == 0
    out = sim.run("press B\npress B\nwait 180000\npress A\ntext\npress A\nstate")
    assert out.texts()[-1][0].startswith("Letter ")
    assert out.state()["view"]["view"] == "timeup"


def test_time_up_is_not_slept_through_when_the_timer_outlasts_the_sleep_time(tmp_path):
    """A 5-minute round with sleep after 5 minutes: the device stays awake at "Time's
    up!" (the round was play, not idleness) and sleeps only 5 quiet minutes later."""
    (tmp_path / "settings.json").write_text(json.dumps({"sg_seconds": 300, "sleep_min": 5}))
    script = NEW_GAME + TWO_PLAYERS + START + ROLL + GO
    out = Sim(tmp_path).run(script + "wait 301000\nstate\nwait 290000\nstate\nwait 20000\nstate")
    up, later, asleep = out.states()[-3:]
    assert up["screen"] != "sleeping" and up["view"]["view"] == "timeup", up
    assert later["screen"] != "sleeping"
    assert asleep["screen"] == "sleeping"


def test_a_round_left_for_the_menu_comes_back_paused_where_it_stood(tmp_path):
    script = NEW_GAME + TWO_PLAYERS + START + ROLL + GO + "wait 30000\nstate\nchord A C\n"
    out = Sim(tmp_path).run(script + "state\nwait 60000\npress GO\nstate")  # Resume ...
    running, menu, back = out.states()[-3:]
    assert running["view"]["running"] and menu["screen"] == "menu"
    assert not back["view"]["running"] and back["view"]["view"] == "play"
    stood = running["view"]["left"]
    assert stood - 200 <= back["view"]["left"] <= stood  # a minute at the menu cost nothing
    again = Sim(tmp_path).run("press B\nstate").state()  # ... and after a power cut too
    assert not again["view"]["running"] and again["view"]["left"] == back["view"]["left"]
