# heap: 512K (several devices at once in one process; on a board each boot has its own)
# Scattergories from the phones (firmware/net/scattergories.py) inside the unix port,
# through the phones' API as the server hands it requests: sheets typed while the timer
# runs and refused once it is up, the rules' scoring of them (worked out here by hand),
# every sheet shown only after time's up, challenges voted on the phones with the tie
# rule, a table of phones and paper together, and the sheets through a power cut.
# (test_browser_scattergories.py plays a round in Chromium over real sockets.)
import json
import os

from phoneapi import FakeAP, answer, join, view

from app.session import DamagedSave, clean_session
from board import HostBoard
from games import scattergories as rules
from screens import state
from shell import Device
from store import Store

ROOT = os.getenv("TEST_TMP")
_dirs = [0]
CLOCK = [0]  # the simulated ticks every step and phone request are made at
ROUND_MS = 180000  # the default timer (settings: sg_seconds 180)
BLANK = [""] * 12
NAMES = ("Red", "Blue", "Green", "Gold")


def device(names=NAMES):
    """A device with Wi-Fi, in a new game of Scattergories of `names`, on the list picker."""
    _dirs[0] += 1
    folder = "%s/sg%d" % (ROOT, _dirs[0])
    store = Store(folder)
    store.save("session", {"game": "scattergories", "names": list(names), "state": None})
    board = HostBoard(folder)
    board.wifi = FakeAP()
    dev = Device(board, store, seed=1, resume=True)
    dev.net.sync()  # what the first poll does
    assert dev.app.screen.name == "phones"  # a new game that takes phones: how to join first
    button(dev, "press", "B")  # any button: the game
    assert shows(dev) == "pick"
    return dev


def start_round(dev):
    """Rolls the die (its show skipped) and starts the timer: the round's letter."""
    button(dev, "press", "B")  # roll
    button(dev, "press", "B")  # skip the die's show
    button(dev, "press", "B")  # start the timer
    assert shows(dev) == "play"
    return game(dev).letter()


def act(dev, token, message):
    return answer(dev, "POST", "/api/act", token, message)[0]


def sheet(*answers):
    """A sheet of 12 answers: these first, the rest blank."""
    return list(answers) + [""] * (12 - len(answers))


def kept(answers):
    """A sheet as the game keeps it and the phones are shown it: one string, the answers
    between line breaks (app/scattergories_game.py, Sheet)."""
    return "\n".join(answers)


def button(dev, kind, b):
    dev.app.step((kind, b), CLOCK[0])
    dev.apply()
    if dev.app.deadline() == CLOCK[0]:
        poll(dev)


def later(dev, ms):
    """Lets `ms` pass, as the shell's poll would step the core."""
    CLOCK[0] += ms
    poll(dev)


def poll(dev):
    """The shell's poll at CLOCK[0], and the polls right after it while the core's
    deadline is now (the game going on from its save, a stage a poll: app/scattergories.py,
    turn)."""
    for _ in range(20):
        dev.app.step(None, CLOCK[0])
        dev.apply()
        if dev.app.deadline() != CLOCK[0]:
            return


def game(dev):
    return dev.app.table()[2]


def shows(dev):
    """The class of the screen on top, as the host's screens hook names it."""
    return state(dev.app)["view"]["view"]


def worked_example(letter):
    """Four sheets, and what the rulebook gives each of them, worked out by hand."""
    other = "Z"  # not on the die: never the round's letter
    red = sheet(
        letter + "ava",  # Blue has it too ("!" and case set aside): 0 for both
        "The " + letter + "ark",  # Green has it without the article: 0 for both
        other + "ebra",  # the wrong first letter: 0
        letter + "ava",  # its earlier one scored nothing, and nobody else has it: 1
        letter + "ion",  # 1
        letter.lower() + "ion",  # the same player scored it already this round: 0
    )
    blue = sheet(
        letter.lower() + "ava!",
        letter + "ime",  # 1
        "A " + letter + "oon",  # the article does not count: an answer with the letter, 1
    )
    green = sheet(
        letter + "ego",  # 1
        letter + "ark",
        "The",  # only an article: blank
    )
    gold = sheet("", "", "", "", "", "", letter + "ion")  # Red's, in another category: 1
    marks = [
        ["match", "match", "letter", "ok", "ok", "repeat"] + BLANK[6:],
        ["match", "ok", "ok"] + BLANK[3:],
        ["ok", "match", ""] + BLANK[3:],
        ["", "", "", "", "", "", "ok"] + BLANK[7:],
    ]
    return [red, blue, green, gold], [2, 2, 1, 1], marks


def test_the_phones_sheets_are_taken_while_the_timer_runs_and_refused_once_it_is_up():
    dev = device(("Red", "Blue"))
    red, blue = join(dev, 0), join(dev, 1)
    assert act(dev, red, {"answers": sheet("Early")}) == 409  # no round yet: the list picker
    letter = start_round(dev)
    me = view(dev, red)
    assert me["stage"] == "play" and me["letter"] == letter and me["can_write"]
    assert me["categories"] == game(dev).categories() and len(me["categories"]) == 12
    assert me["answers"] == "" and me["left"] == ROUND_MS and me["running"]
    later(dev, 60000)
    assert act(dev, red, {"answers": sheet(letter + "ion")}) == 200
    assert view(dev, red)["answers"] == kept(sheet(letter + "ion"))
    assert view(dev, red)["left"] == ROUND_MS - 60000
    assert act(dev, red, {"answers": sheet(letter + "ion", letter + "ime")}) == 200  # again
    assert game(dev).s["sheets"][0] == kept(sheet(letter + "ion", letter + "ime"))
    later(dev, ROUND_MS - 60000 - 1)  # the last millisecond: still taken
    assert act(dev, blue, {"answers": sheet(letter + "ate")}) == 200
    later(dev, 1)  # the device's poll at the instant the time is up: refused from then on
    assert shows(dev) == "timeup" and game(dev).s["phase"] == "score"
    assert act(dev, blue, {"answers": sheet(letter + "ate")}) == 409
    me = view(dev, blue)
    assert me["stage"] == "score" and "can_write" not in me
    assert me["sheets"] == [
        kept(sheet(letter + "ion", letter + "ime")),
        kept(sheet(letter + "ate")),
    ]
    assert me["points"] == [2, 1]


def test_a_sheet_is_twelve_short_printable_answers_or_it_is_refused():
    dev = device(("Red", "Blue"))
    red = join(dev, 0)
    start_round(dev)
    for bad in (
        None,
        "Kiwi",
        sheet()[:11],
        sheet() + [""],
        sheet(5),
        sheet(None),
        sheet("x" * 25),  # more than 24 characters
        sheet("\U0001f600" * 13),  # 13 characters but 52 bytes: too big for the save
        sheet("Bell\x07"),
        sheet("Tab\there"),
        sheet("Del\x7f"),
        sheet("C1\x85"),  # NEL, a control character of Latin-1
    ):
        assert act(dev, red, {"answers": bad}) == 400, bad
    assert "sheets" not in game(dev).s
    assert act(dev, red, {"answers": sheet("x" * 24)}) == 200
    fine = sheet("Crème brûlée", "\u201cKiwi\u201d", "\U0001f600" * 12, '"' * 24, "\u00a0\u00a1")
    assert act(dev, red, {"answers": fine}) == 200
    assert game(dev).s["sheets"] == [kept(fine), ""]
    assert act(dev, red, {"challenge": [1, 0]}) == 409  # no challenges before time's up
    assert act(dev, red, {"nothing": 1}) == 400


def test_the_round_is_scored_as_the_rulebook_scores_it_and_as_score_round_does():
    dev = device()
    tokens = [join(dev, t) for t in range(4)]
    letter = start_round(dev)
    sheets, points, marks = worked_example(letter)
    for token, answers in zip(tokens, sheets):
        assert act(dev, token, {"answers": answers}) == 200
    later(dev, ROUND_MS)
    assert rules.score_round(sheets, letter) == points  # the rules agree with the hand
    assert game(dev).s["points"] == points  # what the device's points screen starts from
    me = view(dev, tokens[3])
    assert me["points"] == points and me["marks"] == marks
    assert me["sheets"] == [kept(answers) for answers in sheets]
    button(dev, "press", "B")  # from time's up to the points
    assert shows(dev) == "score"
    button(dev, "press", "C")  # done: the round as the rules scored it
    assert game(dev).s["scores"] == [points]
    assert view(dev, tokens[0])["stage"] == "totals"


def test_no_phone_sees_another_s_sheet_before_time_s_up_and_every_phone_sees_all_after():
    dev = device(("Red", "Blue", "Green"))
    red, blue, green = (join(dev, t) for t in range(3))
    letter = start_round(dev)
    secret = letter + "ollipop-of-Red"
    act(dev, red, {"answers": sheet(secret)})
    act(dev, blue, {"answers": sheet(letter + "ake")})
    for token in (blue, green):
        seen = view(dev, token)
        assert secret not in json.dumps(seen) and "sheets" not in seen
    assert view(dev, blue)["answers"] == kept(sheet(letter + "ake"))
    assert view(dev, green)["answers"] == ""
    button(dev, "long", "B")  # paused: still writing time, still hidden
    assert not view(dev, blue)["running"] and secret not in json.dumps(view(dev, blue))
    button(dev, "press", "B")  # resumed
    later(dev, ROUND_MS)
    for token in (red, blue, green):
        assert view(dev, token)["sheets"] == [kept(sheet(secret)), kept(sheet(letter + "ake")), ""]


def test_a_challenge_voted_on_the_phones_and_a_tie_that_strikes_out_the_challenged_vote():
    dev = device()
    red, blue, green, gold = tokens = [join(dev, t) for t in range(4)]
    letter = start_round(dev)
    sheets, points, marks = worked_example(letter)
    for token, answers in zip(tokens, sheets):
        act(dev, token, {"answers": answers})
    later(dev, ROUND_MS)
    button(dev, "press", "B")  # the points screen
    assert act(dev, red, {"challenge": [0, 3]}) == 409  # not one's own answer
    assert act(dev, red, {"challenge": [1, 5]}) == 409  # Blue wrote nothing there
    assert act(dev, red, {"challenge": [4, 0]}) == 400
    assert act(dev, red, {"vote": True}) == 409  # nothing to vote on yet
    # Blue challenges Red's 4th answer (it scores: 1 of Red's 2 points).
    assert act(dev, blue, {"challenge": [0, 3]}) == 200
    assert act(dev, green, {"challenge": [1, 1]}) == 409  # one challenge at a time
    seen = view(dev, gold)
    assert seen["vote"] == [0, 3, []] and seen["can_vote"]
    assert act(dev, red, {"vote": "yes"}) == 400
    assert act(dev, red, {"vote": True}) == 200  # the challenged player votes too
    assert act(dev, red, {"vote": False}) == 409  # once
    assert not view(dev, red)["can_vote"] and view(dev, gold)["can_vote"]
    act(dev, blue, {"vote": False})
    act(dev, gold, {"vote": True})
    assert game(dev).s["vote"] == [0, 3, [[0, True], [1, False], [3, True]]]  # Green to vote
    assert game(dev).s["points"] == points
    act(dev, green, {"vote": False})
    # 2 accept, 2 reject: a tie, so Red's own accept is struck out; 1 against 2: rejected.
    s = game(dev).s
    assert s["challenges"] == [[0, 3, False]] and "vote" not in s
    assert s["points"] == [1, 2, 1, 1]
    seen = view(dev, blue)
    assert seen["vote"] is None and seen["marks"][0][3] == "rejected"
    assert seen["last"] == [0, 3, [[0, True], [1, False], [3, True], [2, False]], False]
    assert act(dev, green, {"challenge": [0, 3]}) == 409  # voted once already
    # Green's Lego challenged by Red: 3 to 1, it stands.
    act(dev, red, {"challenge": [2, 0]})
    for token, accept in zip(tokens, (False, True, True, True)):
        act(dev, token, {"vote": accept})
    assert game(dev).s["challenges"][1] == [2, 0, True] and game(dev).s["points"][2] == 1
    # A challenge withdrawn (a phone gone flat) changes nothing.
    act(dev, gold, {"challenge": [1, 2]})
    act(dev, red, {"vote": False})
    assert act(dev, blue, {"challenge": None}) == 200
    assert "vote" not in game(dev).s and game(dev).s["points"] == [1, 2, 1, 1]
    assert act(dev, blue, {"challenge": None}) == 409


def test_a_tie_in_which_the_challenged_player_voted_against_their_own_answer_keeps_it():
    dev = device()
    tokens = [join(dev, t) for t in range(4)]
    letter = start_round(dev)
    for token, answers in zip(tokens, worked_example(letter)[0]):
        act(dev, token, {"answers": answers})
    later(dev, ROUND_MS)
    act(dev, tokens[0], {"challenge": [1, 1]})  # Blue's Lime
    for token, accept in zip(tokens, (False, False, True, True)):
        act(dev, token, {"vote": accept})
    # Blue's own reject struck out: 2 accept to 1, the answer stands.
    assert game(dev).s["challenges"] == [[1, 1, True]] and game(dev).s["points"][1] == 2


def test_a_table_of_phones_and_paper_the_paper_player_s_points_typed_on_the_device():
    dev = device(("Red", "Blue", "Green"))  # Green plays on paper
    red, blue = join(dev, 0), join(dev, 1)
    letter = start_round(dev)
    act(dev, red, {"answers": sheet(letter + "ion", letter + "ime")})
    act(dev, blue, {"answers": sheet(letter + "ion", "", letter + "ake")})
    later(dev, ROUND_MS)
    assert game(dev).s["points"] == [1, 1, 0]  # Lion on both phones: crossed out
    button(dev, "press", "B")  # the points screen: the device types Green's
    button(dev, "press", "B")
    button(dev, "press", "B")  # Green selected
    for _ in range(3):
        button(dev, "press", "UP")
    assert view(dev, red)["points"] == [1, 1, 3]
    # A challenge on the device of a phone's answer that scored nothing takes nothing off;
    # one of a paper answer takes a point off, as before.
    game(dev).challenge(0, 0, [(0, True), (1, False), (2, False)])
    game(dev).challenge(2, 4, [(0, False), (1, False), (2, True)])
    assert game(dev).s["points"] == [1, 1, 2]
    # The phones' vote: every phone has voted (the paper player votes on the device's own).
    act(dev, blue, {"challenge": [0, 1]})
    act(dev, red, {"vote": True})
    act(dev, blue, {"vote": False})
    assert game(dev).s["challenges"][-1] == [0, 1, False]  # 1-1: Red's vote struck out
    assert game(dev).s["points"] == [0, 1, 2]
    button(dev, "press", "C")
    assert game(dev).s["scores"] == [[0, 1, 2]]


def test_the_saved_game_keeps_the_phones_sheets_through_a_power_cut():
    dev = device(("Red", "Blue"))
    red, blue = join(dev, 0), join(dev, 1)
    letter = start_round(dev)
    later(dev, 30000)
    act(dev, red, {"answers": sheet(letter + "ion")})
    again = Device(dev.board, dev.store, seed=2, resume=True)
    again.net.sync()
    assert shows(again) == "play" and game(again).s["sheets"] == [kept(sheet(letter + "ion")), ""]
    me = view(again, red)  # back paused, with what was left when the clock last started
    assert me["answers"] == kept(sheet(letter + "ion")) and not me["running"] and me["can_write"]
    assert act(again, blue, {"answers": sheet(letter + "ime")}) == 200  # paused: still on
    button(again, "press", "B")  # resumed
    later(again, ROUND_MS)
    assert game(again).s["points"] == [1, 1]
    # And once time is up: the sheets and a challenge being voted, through another cut.
    act(again, blue, {"challenge": [0, 0]})
    act(again, red, {"vote": True})
    third = Device(dev.board, dev.store, seed=3, resume=True)
    third.net.sync()
    assert game(third).s["vote"] == [0, 0, [[0, True]]]
    act(third, blue, {"vote": False})  # a tie: Red's vote struck out
    assert game(third).s["points"] == [0, 1]


def test_a_power_cut_between_time_s_up_and_its_scoring_scores_the_sheets_at_the_resume():
    dev = device(("Red", "Blue"))
    red = join(dev, 0)
    letter = start_round(dev)
    act(dev, red, {"answers": sheet(letter + "ion")})
    CLOCK[0] += ROUND_MS
    dev.app.step(None, CLOCK[0])  # time's up; the scoring's screens come at the next poll
    dev.apply()
    assert dev.app.session["state"]["points"] is None  # scored there, not in the round's heap
    dev.write_all()  # the power goes before that poll
    again = Device(dev.board, dev.store, seed=2, resume=True)
    again.net.sync()
    assert shows(again) == "score" and game(again).s["points"] == [1, 0]


def test_six_full_sheets_of_the_biggest_answers_fit_in_a_save_and_load_back():
    names = ("Red", "Blue", "Green", "Gold", "Pink", "Silver")
    dev = device(names)
    tokens = [join(dev, t) for t in range(6)]
    start_round(dev)
    big = ['"' * 24] * 6 + ["\U0001f600" * 12] * 6  # 48 bytes each, escaped or UTF-8
    for token in tokens:
        assert act(dev, token, {"answers": big}) == 200
    saved, problem = dev.store.load("session")
    assert problem is None and saved["state"]["sheets"] == [kept(big)] * 6
    size = os.stat("%s/sg%d/session.json" % (ROOT, _dirs[0]))[6]
    assert 3600 < size < 8192 - 2048, size  # room to spare for the rest of a long game


def check(g):
    """The check a saved game gets when it is read back at boot (app/session.py)."""
    session = {"game": "scattergories", "names": g.names, "state": g.s}
    if clean_session(session, lambda name: g.deck.count) != (session, True):
        raise DamagedSave


def test_the_game_s_check_takes_the_phones_fields_only_when_they_hold_together():
    dev = device(("Red", "Blue"))
    red, blue = join(dev, 0), join(dev, 1)
    letter = start_round(dev)
    act(dev, red, {"answers": sheet(letter + "ion")})
    later(dev, ROUND_MS)
    act(dev, blue, {"challenge": [0, 0]})
    g = game(dev)
    good = json.loads(json.dumps(g.s))
    check(g)
    for field, bad in (
        ("sheets", "Lion"),
        ("sheets", [sheet(letter + "ion")]),  # one sheet for two players
        ("sheets", [sheet(letter + "ion")[:11], []]),
        ("sheets", [sheet("x" * 25), []]),
        ("sheets", [sheet("Bell\x07"), []]),
        ("sheets", [sheet(7), []]),
        ("sheets", [None, []]),
        ("sheets", [kept(sheet("x" * 25)), ""]),
        ("sheets", [kept(sheet("Bell\x07")), ""]),
        ("sheets", ["Lion\nTiger", ""]),  # two answers of 12
        ("sheets", [kept(sheet(letter + "ion")), 7]),
        ("vote", [0, 0]),
        ("vote", [0, 12, []]),
        ("vote", [2, 0, []]),
        ("vote", [1, 0, []]),  # Blue has no answer there
        ("vote", [0, 0, [[0, True], [0, False]]]),  # one player, two votes
        ("vote", [0, 0, [[0, 1]]]),
        ("vote", [0, 0, [[5, True]]]),
        ("vote", [0, 0, [[]]]),
        ("vote", [0, 0, [0]]),
    ):
        g.s = json.loads(json.dumps(good))
        g.s[field] = bad
        try:
            check(g)
        except DamagedSave:
            continue
        raise AssertionError("taken: %s %r" % (field, bad))
    g.s = json.loads(json.dumps(good))
    g.s["phase"] = "totals"
    g.s["scores"], g.s["points"] = [[1, 0]], [0, 0]
    try:
        check(g)  # a vote outside the points screen
    except DamagedSave:
        pass
    else:
        raise AssertionError("a vote taken in the totals")
    # An earlier firmware kept each sheet as a list of answers: taken, and kept as a string.
    g.s = json.loads(json.dumps(good))
    g.s["sheets"] = [sheet(letter + "ion"), []]
    check(g)
    assert g.s["sheets"] == [kept(sheet(letter + "ion")), ""]
    g.s = good
    del g.s["vote"], g.s["sheets"]  # a game saved before phones (or with none)
    check(g)


def texts(dev):
    """Every text the screen on top draws."""
    dev.gfx.trace = []
    dev.app.draw(dev.gfx)
    return " ".join(dev.gfx.trace)


def test_the_device_says_phones_not_paper_when_everyone_writes_on_a_phone():
    everyone = device(("Red", "Blue", "Green"))
    tokens = [join(everyone, p) for p in range(3)]
    assert "phones ready? Roll!" in texts(everyone)
    start_round(everyone)
    later(everyone, ROUND_MS)
    assert "Phones locked: every sheet is scored. See your phones." in texts(everyone)
    assert "Pens down" not in texts(everyone)
    some = device(("Red", "Blue", "Green"))  # Green on paper
    join(some, 0), join(some, 1)
    assert "paper ready? Roll!" in texts(some)
    start_round(some)
    later(some, ROUND_MS)
    assert "Pens down, phones locked. Read the paper answers out." in texts(some)
    paper = device(("Red", "Blue", "Green"))
    start_round(paper)
    later(paper, ROUND_MS)
    assert "Pens down. Read your answers out and cross out any that match." in texts(paper)
    assert view(everyone, tokens[0])["stage"] == "score"


def test_a_challenge_typed_on_the_device_shows_its_answer_on_the_phones():
    dev = device(("Red", "Blue", "Green"))
    red, blue = join(dev, 0), join(dev, 1)
    letter = start_round(dev)
    act(dev, red, {"answers": sheet(letter + "ion", letter + "ime")})
    later(dev, ROUND_MS)
    button(dev, "press", "B")  # the points screen, Red selected
    assert view(dev, blue)["asked"] is None
    button(dev, "press", "A")  # challenge Red's answer...
    button(dev, "press", "DOWN")  # ...for category 2
    assert view(dev, blue)["asked"] is None  # not yet: the category is being chosen
    button(dev, "press", "B")  # the vote begins at the table
    seen = view(dev, blue)
    assert seen["asked"] == [0, 1] and seen["sheets"][0].split("\n")[1] == letter + "ime"
    for b in ("C", "A", "A"):  # Red accepts, Blue and Green reject
        button(dev, "press", b)
    assert view(dev, red)["asked"] == [0, 1]  # the verdict on the device: still asked
    button(dev, "press", "B")  # it stands
    assert view(dev, red)["asked"] is None and game(dev).s["challenges"] == [[0, 1, False]]
