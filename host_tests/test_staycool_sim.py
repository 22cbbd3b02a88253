"""Stay Cool played through the headless simulator, as a table would play it.

Every run of the simulator starts 30 s before ticks_ms() wraps at 2**30, so every turn
here crosses the wrap. A turn: C (or GO) once the first written question is read; A for
each written answer, B for each verbal one; C "Timer!"; hold A or B to skip; hold C to
pause; DOWN to undo.
"""

import json

import pytest
from sim import Sim

from tools.mpenv import read_save

PERIOD = 1 << 30
NEW_GAME = "press DOWN\npress GO\npress GO\n"  # Stay Cool, New game: the setup (4 players)
START = "press UP\npress GO\n"  # the last row of the setup: Start game
ROUND_MS = {1: 120000, 2: 30000, 3: 30000}  # a turn with no "Timer!": 4 glasses, or 1


def tick(t, ms):
    return (t + ms) % PERIOD


def setup(players):
    return "press B\n" if players == 3 else "press C\n" * (players - 4)


def turn_keys(written, verbal, rnd):
    """Starts a turn, answers, and lets the sand run out; then the end screen's state."""
    keys = ["press C"] + ["press A"] * written + ["press B"] * verbal
    return "\n".join(keys + ["wait %d" % ROUND_MS[rnd], "state", "text"])


class Table:
    """A game of Stay Cool on one simulated device; each run boots it again (a power cut)
    and resumes the saved game."""

    def __init__(self, tmp_path, players=4, session=None, settings=None):
        tmp_path.mkdir(parents=True, exist_ok=True)
        self.sim = Sim(tmp_path)
        if settings is not None:
            (tmp_path / "settings.json").write_text(json.dumps(settings))
        if session is None:
            self.out = self.sim.run(NEW_GAME + setup(players) + START + "state")
        else:
            (tmp_path / "session.json").write_text(json.dumps(session))
            self.run("")

    def run(self, script):
        self.out = self.sim.run("press B\n" + script + "\nstate")  # B: resume the game
        return self.out

    @property
    def view(self):
        return self.out.state()["view"]


def saved(names, rnd=1, turn=0, scores=None):
    """A saved game at the start of a turn: how a table arrives at round 2 or 3 quickly."""
    n = len(names)
    state = {
        "round": rnd,
        "turn": turn,
        "scores": scores or [[0, 0, 0] for _ in range(n)],
        "cards": None,
        "rng": 12345,
        "phase": "ready",
        "last": None,
    }
    return {"game": "staycool", "names": names, "state": state}


NAMES3 = ["Alex", "Sam", "Robin"]
# Round 2: three "Timer!" calls, 15 s, 10 s and 15 s of sand left after each: on 4.
TO_FOUR = "press C\nwait 14900\npress C\nwait 4900\npress C\nwait 4900\npress C"
NAMES5 = ["Alex", "Sam", "Robin", "Jo", "Kim"]


def play_game(t, plan):
    """Plays every turn of `plan[round][player] = (written, verbal)` in one run; returns
    the start screen's and the end screen's state of each turn."""
    n = len(plan[1])
    keys = []
    for rnd in (1, 2, 3):
        for p in range(n):
            w, v = plan[rnd][p]
            keys += ["state", turn_keys(w, v, rnd), "press C"]  # C: next (or the winner)
    out = t.run("\n".join(keys) + "\ntext")
    states = [s["view"] for s in out.states()]
    return states[0:-1:2], states[1:-1:2], out


@pytest.mark.parametrize("names", [NAMES3, NAMES5], ids=["3 players", "5 players"])
def test_three_rounds_roles_rotate_and_scores_add_up(tmp_path, names):
    n = len(names)
    # Round 1 holds the rulebook's examples: Alicia 4 x 3 = 12, Robin 1 x 3 = 3.
    plan = {
        1: [(4, 6), (1, 7), (2, 2), (0, 9), (3, 1)][:n],
        2: [(1, 1), (2, 4), (3, 3), (1, 0), (2, 2)][:n],
        3: [(0, 5), (3, 3), (1, 2), (5, 5), (1, 1)][:n],
    }
    t = Table(tmp_path, players=n)
    starts, ends, out = play_game(t, plan)
    assert len(starts) == len(ends) == 3 * n
    for i, (start, end) in enumerate(zip(starts, ends, strict=True)):
        rnd, a = i // n + 1, i % n
        assert start["view"] == "start" and start["round"] == rnd
        roles = start["roles"]
        assert roles["active"] == a
        assert roles["written"] == (a - 1) % n  # on the active player's right
        assert roles["verbal"] == (a + 1) % n  # on the left
        if n == 3:
            assert roles["timekeeper"] == roles["written"]
        else:
            assert roles["timekeeper"] not in (a, roles["written"], roles["verbal"])
        w, v = plan[rnd][a]
        assert end["view"] == "end" and end["player"] == a and end["turn_round"] == rnd
        assert (end["written"], end["verbal"]) == (w, v)
        values = [w, [0, 1, 1, 2, 2, 3, 3, 3, 4, 4, 4][v]]
        assert end["values"] == values and end["score"] == values[0] * values[1]
    assert ends[0]["score"] == 12 and ends[1]["score"] == 3  # 4 x 3 and 1 x 3
    final = t.view
    assert final["view"] == "won"
    scores = final["scores"]
    assert scores[0] == [12, 1, 0] and scores[1] == [3, 4, 6]
    if n == 3:
        # Alex and Sam tie on 13; Sam scored more in round 3 and wins alone.
        assert final["totals"] == [13, 13, 9] and final["winners"] == [1]
    else:
        assert final["totals"] == [13, 13, 9, 15, 6] and final["winners"] == [3]
    assert out.tones().count("end") == 3 * n
    winner = names[final["winners"][0]]
    assert any(winner + " wins!" in line for line in out.texts()[-1])


def test_tied_players_share_the_victory(tmp_path):
    scores = [[2, 2, 1], [0, 0, 0], [1, 1, 3], [4, 0, 1], [0, 0, 0]]
    t = Table(tmp_path / "a", session=saved(NAMES5, rnd=3, turn=4, scores=scores))
    out = t.run(turn_keys(1, 1, 3) + "\npress C\ntext")
    v = t.view
    assert v["view"] == "won" and v["totals"] == [5, 0, 5, 5, 1]
    # Alex, Robin and Jo have 5; Robin scored 3 in round 3, the others 1: Robin wins.
    assert v["winners"] == [2]
    assert any("Robin wins!" in line for line in out.texts()[-1])
    scores = [[2, 2, 1], [1, 3, 1], [0, 0, 0]]
    t = Table(tmp_path / "b", session=saved(NAMES3, rnd=3, turn=2, scores=scores))
    out = t.run(turn_keys(1, 1, 3) + "\npress C\ntext")
    assert t.view["winners"] == [0, 1]  # 5 each, 1 each in round 3: they share it
    assert "Alex and Sam share the win!" in " ".join(out.texts()[-1])


def test_round_one_flips_itself_then_ends_after_two_minutes(tmp_path):
    t = Table(tmp_path, players=3)
    out = t.run("press C\nstate\nwait 29000\nstate\nwait 2000\nstate\npress C\nstate\nring")
    began, before, after, refused = [s["view"] for s in out.states()[:4]]
    s0 = began["started"]
    assert began["view"] == "turn" and began["position"] == 1
    assert began["deadline"] == tick(s0, 30000)
    assert before["position"] == 1 and after["position"] == 2
    assert after["deadline"] == tick(s0, 60000)  # the flip came exactly on time
    assert refused["position"] == 2  # no "Timer!" in round 1
    assert out.tones() == ["flip", "flip", "refused"]
    ring = [x for x in out.lines if x.startswith("ring ")][0].split()[1:]
    marks = [ring[14], ring[15], ring[0], ring[1]]  # the Timer Card across the top
    assert marks[0] == marks[1] != marks[2] == marks[3]  # two lights: number 2
    # That run stopped mid-turn, as a power cut would: the turn starts again.
    out = t.run("press C\nstate\nwait 119930\nstate\nwait 10\nstate")
    began, last, end = [s["view"] for s in out.states()[:3]]
    # C counts once its release, 80 ms into the 160 ms press, has held 20 ms.
    assert began["left"] == 30000 - 60
    assert last["view"] == "turn" and last["position"] == 4 and last["left"] == 10
    assert last["deadline"] == tick(began["started"], 120000)
    assert end["view"] == "end" and end["ended_at"] == last["deadline"]
    assert out.tones() == ["flip", "flip", "flip", "flip", "end"]


def test_timer_in_round_two_turns_the_glass_like_a_real_one(tmp_path):
    t = Table(tmp_path, session=saved(NAMES3, rnd=2))
    out = t.run("press C\nwait 19840\nstate\npress C\nstate\nwait 5000\nstate")
    before, flipped, later = [s["view"] for s in out.states()[:3]]
    s0 = before["started"]
    assert before["left"] == 10100 and before["position"] == 1
    # "Timer!" at 20000 ms, with 10000 left: the 20000 that had fallen are now on top.
    assert flipped["position"] == 2
    assert flipped["deadline"] == tick(s0, 40000) and flipped["left"] == 19940
    assert later["left"] == 14940
    assert out.tones() == ["flip", "flip"]


def test_round_two_turn_ends_when_the_sand_runs_out_with_the_end_tone_on_time(tmp_path):
    t = Table(tmp_path, session=saved(NAMES3, rnd=2))
    out = t.run("press C\npress A\npress B\nstate\nwait 29610\nstate\nwait 10\nstate")
    began, last, end = [s["view"] for s in out.states()[:3]]
    deadline = began["deadline"]
    assert deadline == tick(began["started"], 30000) and began["left"] == 29620
    assert last["view"] == "turn" and last["left"] == 10 and last["deadline"] == deadline
    assert end["view"] == "end" and end["ended_at"] == deadline  # the very tick
    assert (end["written"], end["verbal"], end["score"]) == (1, 1, 1)
    states = [i for i, line in enumerate(out.lines) if line.startswith("{")]
    assert states[1] < out.lines.index("tone end") < states[2]


def test_timer_refused_on_four_and_after_the_end(tmp_path):
    t = Table(tmp_path, session=saved(NAMES3, rnd=2))
    # Flipped in quick succession, a glass has almost nothing on top: wait between calls.
    out = t.run(TO_FOUR + "\nstate\npress C\nstate")
    on4, still = [s["view"] for s in out.states()[:2]]
    assert on4["position"] == 4 and still["position"] == 4 and still["view"] == "turn"
    assert out.tones() == ["flip", "flip", "flip", "flip", "refused"]


def test_skip_once_per_turn_and_never_on_four(tmp_path):
    t = Table(tmp_path, players=3)
    out = t.run("press C\nlong A\nstate\nlong B\nstate\ntext")
    skipped, again = [s["view"] for s in out.states()[:2]]
    assert skipped["written"] == 1 and skipped["position"] == 2 and skipped["skipped"]
    assert skipped["deadline"] == tick(skipped["started"], 30000)  # moved, not flipped
    assert again["verbal"] == 0 and again["position"] == 2
    assert "refused" in out.tones()
    assert "skip used" in out.texts()[-1]
    t = Table(tmp_path / "b", session=saved(NAMES3, rnd=2))
    out = t.run(TO_FOUR + "\nlong B\nstate\ntext")
    v = t.out.states()[0]["view"]
    assert v["position"] == 4 and v["verbal"] == 0 and not v["skipped"]
    assert out.tones()[-1] == "refused" and "no skip on 4" in out.texts()[-1]


def test_pause_freezes_the_sand(tmp_path):
    t = Table(tmp_path, players=3)
    out = t.run("press C\nwait 5000\nlong C\nstate\nwait 60000\nstate\ntext\npress C\nstate")
    paused, later, resumed = [s["view"] for s in out.states()[:3]]
    assert paused["paused"] and paused["deadline"] is None
    assert later["left"] == paused["left"] and later["position"] == 1
    assert "PAUSED" in out.texts()[-1]
    assert not resumed["paused"] and resumed["left"] == paused["left"] - 60
    # Four glasses of sand take 120 s of play, however long the pause.
    out = t.run("press C\nlong GO\nwait 200000\npress GO\nwait 110000\nstate")
    v = t.out.states()[0]["view"]
    assert v["view"] == "turn" and v["position"] == 4


def test_undo_takes_back_the_last_press(tmp_path):
    t = Table(tmp_path, session=saved(NAMES3, rnd=2))
    out = t.run(
        "press C\npress A\npress A\npress B\npress DOWN\nstate\nwait 10000\npress C\nstate\n"
        "press DOWN\nstate\npress DOWN\npress DOWN\npress DOWN\nstate"
    )
    one, flipped, unflipped, none = [s["view"] for s in out.states()[:4]]
    assert (one["written"], one["verbal"]) == (2, 0)
    assert flipped["position"] == 2
    assert unflipped["position"] == 1 and unflipped["deadline"] == tick(one["started"], 30000)
    assert (none["written"], none["verbal"], none["position"]) == (0, 0, 1)


def test_questions_on_screen_follow_the_answers_and_can_be_switched_off(tmp_path):
    t = Table(tmp_path, players=3)
    out = t.run("text\npress C\nrefreshes\ntext\npress A\nrefreshes\ntext")
    start, first, second = out.texts()[-3:]
    assert "W 1/10" in start and "W 1/10" in first and "V 1/20" in first
    assert "W 2/10" in second and "V 1/20" in second
    assert any(line.startswith("→ ") for line in first)
    cards = t.out.states()[0]["view"]["cards"]
    assert cards is not None and len(cards) == 2
    t = Table(tmp_path / "off", players=3, settings={"sc_cards": False})
    out = t.run("text\npress C\npress A\nrefreshes\ntext\nstate")
    start, during = out.texts()[-2:]
    assert "W 1/10" not in " ".join(start) and not any(x.startswith("→") for x in during)
    assert "Written: 1 right" in during and "Verbal: 0 right" in during
    assert t.out.states()[0]["view"]["cards"] is None


def test_fresh_cards_every_turn(tmp_path):
    t = Table(tmp_path, players=3)
    seen = []
    for _ in range(3):
        out = t.run("state\n" + turn_keys(0, 0, 1) + "\npress C")
        seen.append(tuple(out.states()[0]["view"]["cards"]))
    assert len(set(s[0] for s in seen)) == 3 and len(set(s[1] for s in seen)) == 3
    played = read_save(tmp_path / "played.json")  # a record for every deck, made at boot
    assert {deck for deck, rec in played.items() if any(rec["bits"])} == {
        "staycool-written",
        "staycool-verbal",
    }


def test_resume_after_a_power_cut(tmp_path):
    t = Table(tmp_path, players=3)
    t.run(turn_keys(4, 6, 1) + "\nreboot\nstate\npress B\nstate")
    cut, resumed = [s for s in t.out.states()[1:3]]
    assert cut["screen"] == "resume"
    v = resumed["view"]
    assert v["view"] == "start" and v["roles"]["active"] == 1 and v["scores"][0] == [12, 0, 0]
    cards = v["cards"]
    # A power cut in the middle of a turn: it starts again, with fresh cards.
    t.run("press C\npress A\nwait 5000\nreboot\npress B\nstate")
    v = t.out.states()[-2]["view"]
    assert v["view"] == "start" and v["roles"]["active"] == 1
    assert v["cards"][0] != cards[0] and v["cards"][1] != cards[1]
    assert v["scores"] == [[12, 0, 0], [0, 0, 0], [0, 0, 0]]


def test_a_turn_left_for_the_menu_comes_back_paused_where_it_stood(tmp_path):
    t = Table(tmp_path, session=saved(NAMES3, rnd=2))
    out = t.run(
        "press C\npress A\npress A\nwait 10000\npress C\nwait 3000\nstate\nchord A C\nstate\n"
        "wait 60000\npress GO\nstate\nwait 5000\nstate\ntext"  # GO: the menu's Resume
    )
    playing, menu, back, still = [s for s in out.states()[:4]]
    assert menu["screen"] == "menu"
    v, b = playing["view"], back["view"]
    assert b["view"] == "turn" and b["paused"] and b["deadline"] is None
    assert (b["written"], b["verbal"], b["position"]) == (2, 0, 2)  # the flip was kept
    assert v["left"] - 200 <= b["left"] <= v["left"]  # a minute at the menu cost no sand
    assert still["view"]["left"] == b["left"] and "PAUSED" in out.texts()[-1]
    # A power cut while it is paused: it comes back paused again, and plays on from there.
    t.run("state\npress C\nwait 1000\nstate")
    again, running = t.out.states()[:2]
    assert again["view"]["paused"] and again["view"]["left"] == b["left"]
    assert not running["view"]["paused"]
    assert b["left"] - 1100 <= running["view"]["left"] <= b["left"] - 1000  # a press: 50 ms
    assert running["view"]["written"] == 2


def test_a_kept_turn_whose_card_the_deck_no_longer_has_starts_again(tmp_path):
    # A turn left paused, then a smaller verbal deck flashed: its card 1035 is gone.
    t = Table(tmp_path, session=saved(NAMES3, rnd=2))
    t.run("press C\npress A\nwait 2000\nchord A C\nstate")
    session = read_save(tmp_path / "session.json")
    assert session["state"]["live"] is not None
    session["state"]["cards"][1] = 1035
    (tmp_path / "session.json").write_text(json.dumps(session))
    out = t.run("")
    v, kept = out.state()["view"], out.state()["session"]["state"]
    assert v["view"] == "start" and v["roles"]["active"] == 0  # the same turn, from its start
    assert kept["phase"] == "ready" and kept["live"] is None and kept["cards"][1] != 1035
    assert not [x for x in out.lines if "Cannot play" in x]
    assert t.run("").state()["view"]["view"] == "start"  # and so it stays: nothing told twice


def test_fix_the_last_turn_and_see_the_scores(tmp_path):
    t = Table(tmp_path, players=3)
    out = t.run(turn_keys(1, 7, 1) + "\npress A\npress C\nstate\npress A\npress B\nstate\ntext")
    end, fixed, board = out.states()[:3]
    assert end["view"]["score"] == 3  # Robin's example: 1 x 3
    assert fixed["view"]["view"] == "fix"
    assert fixed["session"]["state"]["scores"][0] == [6, 0, 0]  # 2 x 3: a press was missed
    assert board["view"]["view"] == "scores"
    text = " ".join(out.texts()[-1])
    assert "Alex" in text and "Total" in text and "6" in text


def test_round_three_hides_the_timer_and_the_buzzer_ends_the_turn(tmp_path):
    t = Table(tmp_path, session=saved(NAMES3, rnd=3))
    out = t.run(
        "press C\nwait 12000\nring\nstate\ntext\npress GO\nring\nstate\nwait 12090\nstate"
        "\nwait 10\nstate"
    )
    rings = [x.split()[1:] for x in out.lines if x.startswith("ring ")]
    assert rings == [["000000"] * 16] * 2  # dark, even through a flip
    during, flipped, last, end = [s["view"] for s in out.states()[:4]]
    assert during["view"] == "turn" and during["left"] == 17940
    assert "20s" in out.texts()[-1]  # the e-ink, facing the Timekeeper, still shows it
    # "Timer!" (GO) with 17840 ms left: 12160 on top, then the sand runs out.
    assert flipped["position"] == 2 and flipped["deadline"] == tick(during["started"], 24320)
    assert last["view"] == "turn" and last["left"] == 10
    assert end["view"] == "end" and end["ended_at"] == flipped["deadline"]
    assert out.tones() == ["flip", "flip", "end"]


def test_the_ring_drains_with_a_warning_in_round_two(tmp_path):
    t = Table(tmp_path, session=saved(NAMES3, rnd=2))
    out = t.run("press C\nwait 15000\nring\nwait 12000\nring")
    half, warn = [x.split()[1:] for x in out.lines if x.startswith("ring ")]
    sand_half = half[2:14]
    assert sum(led != "000000" for led in sand_half) in (6, 7)
    warm = [led for led in warn[2:14] if led != "000000"]
    assert 1 <= len(warm) <= 2 and all(led[2:4] < "20" for led in warm)  # red, pulsing


def test_both_cards_answered_end_the_turn_with_sand_to_spare(tmp_path):
    t = Table(tmp_path, session=saved(NAMES3, rnd=2))
    out = t.run("press C\n" + "press A\n" * 11 + "press B\n" * 20 + "state\ntext")
    v = out.states()[0]["view"]
    assert v["view"] == "end" and (v["written"], v["verbal"], v["score"]) == (10, 20, 80)
    assert "both cards done!" in out.texts()[-1]
    assert out.tones() == ["flip", "refused", "end"]  # an 11th written answer: no card left


def test_a_quiet_turn_costs_few_refreshes(tmp_path):
    t = Table(tmp_path, players=3)
    out = t.run("refreshes\npress C\nwait 120000\nrefreshes")
    counts = [line for line in out.lines if line.startswith("refreshes")]
    before, after = [tuple(int(x.split("=")[1]) for x in c.split()[1:]) for c in counts]
    # Partial: the turn screen and the three flips; full: the end of the turn.
    assert (after[0] - before[0], after[1] - before[1]) == (4, 1)


def test_a_turn_plays_without_the_dealer_loaded(tmp_path):
    # The dealer is imported for each deal, between turns, and let go once the deal is
    # saved (app/staycool.py dealt): a turn with four phones is the fullest the heap gets.
    sim = Sim(tmp_path)
    out = sim.run(NEW_GAME + START + "modules\nstate")
    start = out.state()["view"]
    assert start["view"] == "start" and start["cards"] is not None  # dealt at the start
    keys = "press B\nmodules\npress C\nmodules\nwait %d\nmodules\nstate" % ROUND_MS[1]
    out2 = sim.run(keys)  # (B: the game resumed, at the same start screen)
    end = out2.state()["view"]
    assert end["view"] == "end" and end["cards"] != start["cards"]  # the next turn's deal
    loaded = [set(x.split()) for x in out.lines + out2.lines if x.startswith("__main__ ")]
    assert len(loaded) == 4  # the start screen, again after the boot, the turn, its end
    assert all("app.staycool_game" in m and "app.dealer" not in m for m in loaded), loaded


def test_the_turn_end_and_the_scores_are_imported_when_needed(tmp_path):
    # A start has no need of the turn's end and the score pad (app/staycool_end.py): they
    # come in when a turn ends, or when A at the start asks for the scores.
    t = Table(tmp_path)
    keys = "modules\npress A\nmodules\ntext\npress A\npress C\nmodules\nwait %d\nmodules\ntext"
    out = t.run(keys % ROUND_MS[1])
    loaded = [set(x.split()) for x in out.lines if x.startswith("__main__ ")]
    assert len(loaded) == 4  # the start, its scores, the turn, its end
    assert all("app.staycool" in m for m in loaded)
    assert ["app.staycool_end" in m for m in loaded] == [False, True, True, True]
    texts = out.texts()
    assert any("R1" in lines and "Total" in lines for lines in texts), texts
    assert any("turn is over" in " ".join(lines) for lines in texts), texts
