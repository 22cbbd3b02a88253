# heap: 512K (several devices at once in one process; on a board each boot has its own)
# Say When! from the phones (firmware/net/saywhen.py) inside the unix port, through the
# phones' API as the server hands it requests: secret guessing (every team at once, none
# seeing another's number before the review), open guessing (in order, each seeing the
# guesses before it), guesses as exact decimals, the door's points and reasons as the
# rules give them, and teams without a phone on the buttons beside those with one.
# (test_phones.py and the browser tests drive the same over real sockets.)
import json
import os

from phoneapi import FakeAP, answer, join, view

from board import HostBoard
from games import saywhen as rules
from screens import state
from shell import Device
from store import Store

ROOT = os.getenv("TEST_TMP")
_dirs = [0]
QUESTION, ANSWER, LOW, HIGH = 1, 2, 4, 5  # a compiled card's fields (tools/content.py)


def device(names=("Red", "Blue", "Green")):
    """A device with Wi-Fi, in a new game of Say When! of `names` (the Quizzer: the first)."""
    _dirs[0] += 1
    folder = "%s/sw%d" % (ROOT, _dirs[0])
    store = Store(folder)
    store.save("session", {"game": "saywhen", "names": list(names), "state": None})
    board = HostBoard(folder)
    board.wifi = FakeAP()
    dev = Device(board, store, seed=1, resume=True)
    dev.net.sync()  # what the first poll does
    assert dev.app.screen.name == "phones"  # a new game that takes phones: how to join first
    button(dev, "press", "B")  # any button: the game
    return dev


def guess(dev, token, value):
    return answer(dev, "POST", "/api/act", token, {"guess": value})


def button(dev, kind, b):
    dev.app.step((kind, b), 0)
    dev.apply()
    while dev.app.starting:  # the game goes on from its save (the door, the next card):
        dev.app.step(None, 0)  # the rest of its start is the shell's next polls
        dev.apply()


def game(dev):
    return dev.app.screen.game


def shows(dev):
    """The class of the screen on top, as the host's screens hook names it."""
    return state(dev.app)["view"]["view"]


def texts(dev):
    """Every text the screen on top draws."""
    dev.gfx.trace = []
    dev.app.draw(dev.gfx)
    return list(dev.gfx.trace)


def test_secret_guessing_every_phone_locks_in_at_once_and_none_sees_another_number():
    dev = device()
    red, blue, green = (join(dev, t) for t in range(3))
    first = view(dev, blue)
    assert first["stage"] == "choice" and first["mode"] == "choice"  # 0-0-0: the Quizzer picks
    assert first["question"] == game(dev).card()[QUESTION]
    assert guess(dev, blue, "12")[0] == 409  # nothing to guess before the Quizzer chooses
    button(dev, "press", "A")  # secret
    assert view(dev, blue)["stage"] == "guess" and view(dev, blue)["mode"] == "secret"
    assert view(dev, blue)["order"] == [1, 2, 0]  # left of the Quizzer first, the Quizzer's last
    # The Quizzer's team first, out of order: secret guessing has no turns.
    assert guess(dev, red, "7") == (200, None)  # done; the phone looks next
    me = view(dev, red)
    assert me["guesses"] == [[0, "7"]] and not me["can_guess"] and me["locked"] == [0]
    assert guess(dev, red, "8")[0] == 409  # final once sent
    seen = view(dev, blue)
    assert seen["locked"] == [0] and seen["guesses"] == [] and seen["can_guess"]
    assert "7" not in json.dumps(seen)
    assert "In: Red · waiting: Blue, Green" in texts(dev)
    guess(dev, green, "1500000")
    assert view(dev, blue)["guesses"] == [] and view(dev, blue)["locked"] == [2, 0]
    assert shows(dev) == "question"
    assert guess(dev, blue, None)[0] == 200  # Blue passes: every guess is in
    assert view(dev, blue)["stage"] == "review"
    # Read out in guessing order, and every phone sees them all now.
    assert game(dev).s["guesses"] == [[1, None], [2, "1500000"], [0, "7"]]
    assert view(dev, red)["guesses"] == [[1, None], [2, "1500000"], [0, "7"]]
    assert shows(dev) == "review"


def test_open_guessing_goes_in_order_and_each_phone_sees_the_guesses_before_it():
    dev = device(("Red", "Blue"))
    red, blue = join(dev, 0), join(dev, 1)
    button(dev, "press", "C")  # open
    me = view(dev, red)
    assert me["mode"] == "open" and me["turn"] == 1 and not me["can_guess"]
    status, refused = guess(dev, red, "3")  # the Quizzer's team guesses last
    assert status == 409 and game(dev).s["guesses"] == []
    assert guess(dev, blue, "2.50")[0] == 200
    assert view(dev, blue)["guesses"] == [[1, "2.5"]]
    me = view(dev, red)
    assert me["turn"] == 0 and me["can_guess"] and me["guesses"] == [[1, "2.5"]]
    assert guess(dev, red, "2.5")[0] == 200  # the same number as before: allowed
    assert view(dev, blue)["stage"] == "review"


def test_a_guess_is_an_exact_decimal_or_it_is_refused_and_nothing_changes():
    dev = device(("Red", "Blue"))
    blue = join(dev, 1)
    button(dev, "press", "A")
    for bad in (
        5,
        2.5,
        True,
        "",
        "-",
        ".5",
        "5.",
        "1e5",
        "0x10",
        " 5",
        "5 ",
        "1,000",
        "--1",
        "1" * 25,
        "٣",
    ):
        assert guess(dev, blue, bad)[0] == 400, bad
    assert game(dev).s["guesses"] == []
    assert answer(dev, "POST", "/api/act", blue, {"pass": True})[0] == 409
    assert guess(dev, blue, "-007.50")[0] == 200
    assert game(dev).s["guesses"] == [[1, "-7.5"]]
    red = join(dev, 0)
    guess(dev, red, "-0.0")
    assert game(dev).s["guesses"][1] == [0, "0"]


def test_the_door_on_the_phones_follows_the_quizzer_s_quick_judging():
    dev = device()
    tokens = [join(dev, t) for t in range(3)]
    button(dev, "press", "A")
    card = game(dev).card()
    guess(dev, tokens[1], card[ANSWER])  # Blue: exact
    guess(dev, tokens[2], card[LOW])
    guess(dev, tokens[0], None)
    button(dev, "long", "C")  # the Answer Door
    before = view(dev, tokens[0])["door"]["points"]
    assert before == [game(dev).points().get(t, 0) for t in range(3)] and before[1] == 4
    button(dev, "press", "A")  # quick judging, the door still open on the phones
    first = game(dev).order()[0]
    for _ in range(2):
        button(dev, "press", "B")  # the first team in range
    button(dev, "press", "C")  # done: back to the door
    judged = view(dev, tokens[2])["door"]
    assert game(dev).s["judge"] == [[first, "range"]]
    assert judged["points"] == [game(dev).points().get(t, 0) for t in range(3)] != before


def test_the_phones_show_the_door_s_answer_points_and_reasons_and_follow_the_scoring():
    dev = device()
    tokens = [join(dev, t) for t in range(3)]
    button(dev, "press", "A")
    card = game(dev).card()
    answer_text, low, high = card[ANSWER], card[LOW], card[HIGH]
    guess(dev, tokens[1], answer_text)  # Blue: exact
    guess(dev, tokens[2], low)  # Green: in range, not as close
    guess(dev, tokens[0], None)
    button(dev, "long", "C")  # the Quizzer opens the Answer Door
    seen = view(dev, tokens[2])
    door = seen["door"]
    assert seen["stage"] == "door"
    assert (door["answer"], door["low"], door["high"]) == (answer_text, low, high)
    assert door["why"][1] == [["exact", 4]]
    expected = rules.score_question(answer_text, low, high, [(1, answer_text), (2, low)], False)
    assert {t: p for t, p in enumerate(door["points"]) if p} == expected
    assert seen["scores"] == [0, 0, 0]
    button(dev, "press", "B")  # scored: the next card, the Scanner passes to Blue
    after = view(dev, tokens[0])
    assert after["scores"] == [0, 4, 0] and after["quizzer"] == 1 and after["where"] == "Card 2/20"
    assert after["stage"] == "guess" and after["mode"] == "secret"  # Blue leads: secret
    assert after["locked"] == [] and after["question"] == game(dev).card()[QUESTION]


def test_teams_without_a_phone_guess_on_the_buttons_while_the_phones_type_their_own():
    dev = device()
    green = join(dev, 2)  # only Green has a phone
    button(dev, "press", "A")  # secret; the order: Blue, Green, Red
    button(dev, "press", "B")  # the Quizzer types: Blue first
    assert shows(dev) == "guess" and dev.app.screen.team_no == 1
    button(dev, "press", "UP")
    button(dev, "press", "C")  # Blue: 1; next the device skips Green, who has a phone
    assert dev.app.screen.team_no == 0
    guess(dev, green, "40")  # meanwhile from Green's phone: Red's editing goes on
    assert shows(dev) == "guess" and dev.app.screen.team_no == 0
    button(dev, "press", "C")  # Red passes: every guess is in
    assert shows(dev) == "review"
    assert game(dev).s["guesses"] == [[1, "1"], [2, "40"], [0, None]]


def test_a_phone_that_locks_in_while_the_device_types_for_its_team_moves_the_device_on():
    dev = device(("Red", "Blue"))
    blue = join(dev, 1)
    button(dev, "press", "A")
    button(dev, "press", "B")  # only Blue has a phone: the device types for Red first
    assert dev.app.screen.team_no == 0
    button(dev, "press", "C")  # Red passes; Blue's phone is left: back to the question
    assert shows(dev) == "question"
    button(dev, "press", "B")  # the Quizzer types for Blue (a phone gone flat)...
    assert dev.app.screen.team_no == 1
    guess(dev, blue, "3")  # ...and its phone locks in after all
    assert shows(dev) == "review"
    assert game(dev).s["guesses"] == [[1, "3"], [0, None]]


def test_a_dialog_over_the_question_stays_while_the_last_phone_locks_in():
    dev = device(("Red", "Blue"))
    red, blue = join(dev, 0), join(dev, 1)
    button(dev, "press", "A")
    button(dev, "press", "A")  # the scores, over the question
    guess(dev, red, "1")
    guess(dev, blue, "2")
    assert shows(dev) == "scores"
    button(dev, "press", "A")  # back to the question: every guess is in, so it reads them
    assert shows(dev) == "review"
    assert "Blue" in texts(dev) and "Red" in texts(dev)


def test_the_saved_game_keeps_the_phones_guesses_through_a_power_cut():
    dev = device(("Red", "Blue"))
    blue = join(dev, 1)
    button(dev, "press", "A")
    guess(dev, blue, "99")
    again = Device(dev.board, dev.store, seed=2, resume=True)
    again.net.sync()
    assert game(again).s["guesses"] == [[1, "99"]]
    me = view(again, blue)
    assert me["locked"] == [1] and not me["can_guess"]


def test_the_phones_see_sudden_death_for_the_tied_teams_only_and_then_the_winner():
    dev = device()
    red, blue, green = tokens = [join(dev, t) for t in range(3)]
    s = game(dev).s
    s["played"], s["scores"], s["quizzer"] = 19, [3, 3, 1], 2  # the last card: Green asks
    first = s["cards"][0]  # (its card: the one dealt, after 19 others)
    s["cards"] = [i for i in range(20) if i != first][:19] + [first]
    assert view(dev, red)["mode"] == "open" and view(dev, red)["turn"] == 0  # Green is behind
    for token in tokens:  # every team passes: nobody scores, Red and Blue stay tied
        assert guess(dev, token, None)[0] == 200
    button(dev, "long", "C")
    assert view(dev, red)["door"]["points"] == [0, 0, 0]
    button(dev, "press", "B")
    assert view(dev, green) is None  # the device tells the table of Sudden Death first
    button(dev, "press", "B")
    tied = view(dev, green)
    assert tied["where"] == "Sudden Death" and tied["mode"] == "secret"
    assert tied["order"] == [1, 0] and tied["quizzer"] == 0  # the Scanner passed to Red
    assert not tied["can_guess"] and guess(dev, green, "1")[0] == 409  # only the tied guess
    card = game(dev).card()
    assert guess(dev, red, card[ANSWER])[0] == 200
    assert guess(dev, blue, None)[0] == 200
    button(dev, "long", "C")
    door = view(dev, blue)["door"]
    assert door["points"] == [1, 0, 0] and door["why"][0] == [["closest", 1]]
    button(dev, "press", "B")
    won = view(dev, blue)
    assert won["stage"] == "won" and won["winner"] == 0 and "question" not in won


def test_a_tie_of_four_on_the_answer_door_shows_every_team_above_the_buttons():
    from app.gfx import FOOTER, H
    from app.layout import SMALL

    dev = device(("Red", "Blue", "Green", "Gold"))
    tokens = [join(dev, t) for t in range(4)]
    button(dev, "press", "A")  # secret
    exact = game(dev).card()[ANSWER]
    for token in tokens:
        guess(dev, token, exact)  # all four exact: a tie of four, each +4
    button(dev, "long", "C")  # the Answer Door
    drawn = []
    plain = dev.gfx.text

    def text(s, x, y, font="body", invert=False):
        drawn.append((s, y, font))
        return plain(s, x, y, font, invert)

    dev.gfx.text = text
    lines = [t for t in texts(dev) if t.endswith("= 4")]
    dev.gfx.text = plain
    assert len(lines) == 4 and not [t for t in lines if "…" in t], lines
    for name in ("Red", "Blue", "Green", "Gold"):
        assert [t for t in lines if t.startswith(name + " (")], (name, lines)
    assert "a tie: each scores" in texts(dev)  # the tie's line, in the bar
    bottom = max(y + SMALL - 2 for s, y, font in drawn if s in lines)  # its last row blank
    assert bottom <= H - FOOTER, bottom
