# heap: 512K (two devices at once in one process, twins; on a board each boot has its own)
# Stay Cool from the phones (firmware/net/staycool.py) inside the unix port, through the
# phones' API as the server hands it requests: each Interrogator's phone shows its card as
# the roles pass round the table, the active player's never an answer, and a phone's
# Right, Skip and Undo change the turn exactly as the device's A/B, held A/B and DOWN do
# (a twin device, driven by its buttons at the same instants, is the expectation).
import json
import os

from phoneapi import FakeAP, answer, join, view

import ticks
from app.dialogs import Notice
from board import HostBoard
from games import staycool as rules
from screens import state
from shell import Device
from store import Store

ROOT = os.getenv("TEST_TMP")
_dirs = [0]
T0 = ticks.MASK + 1 - 7777  # every turn here crosses the tick wrap
NAMES = ("Ann", "Bo", "Cy", "Di")
TURN_MS = 4 * 30000  # round 1: four glasses
WRITTEN, VERBAL = 0, 1


class Clock:
    def __init__(self):
        self.t = T0

    def __call__(self):
        return self.t

    def at(self, ms):
        self.t = ticks.add(T0, ms)
        return self.t


def device(names=NAMES, printed=False):
    """A device with Wi-Fi, in a new game of Stay Cool of `names`, on its turn's start
    screen, stepped at the times of `dev.clock` (the phones' acts happen at the core's)."""
    _dirs[0] += 1
    folder = "%s/sc%d" % (ROOT, _dirs[0])
    store = Store(folder)
    store.save("session", {"game": "staycool", "names": list(names), "state": None})
    if printed:
        store.save("settings", {"sc_cards": False})
    board = HostBoard(folder)
    board.wifi = FakeAP()
    dev = Device(board, store, seed=1, resume=True)
    dev.clock = Clock()
    dev.net.sync()  # what the first poll does
    assert dev.app.screen.name == "phones"  # a new game that takes phones: how to join first
    button(dev, "press", "B")  # any button: the game
    assert shows(dev) == "start"
    return dev


def tap(dev, token, what):
    return answer(dev, "POST", "/api/act", token, {"button": what})


def button(dev, kind, b):
    """A button event at the device's clock, as the shell steps it (then a tick)."""
    now = dev.clock()
    dev.app.step((kind, b), now)
    dev.apply()
    dev.app.step(None, now)
    dev.apply()


def tick(dev, ms):
    """The sand runs to `ms` after T0 (the shell's poll then)."""
    dev.app.step(None, dev.clock.at(ms))
    dev.apply()


def shows(dev):
    """The screen on top, as the host's screens hook names it (a dialog: by its name)."""
    return state(dev.app)["view"].get("view", dev.app.screen.name)


def game(dev):
    return dev.app.stack[0].game


def turn_state(dev):
    """What the turn's screen holds: the rules' Turn and the log undo replays."""
    live = dev.app.screen.live
    t = live.turn
    log = [(w, k, ticks.diff(at, live.start)) for w, k, at in live.log]
    return t.written, t.verbal, t.position, t.skipped, t.over, log


def whole_card(g, k):
    """Every (question, answer) of this turn's card of kind k, as the device reads them."""
    return [list(g.question(k, i)) for i in range(g.total(k))]


def begin(dev, ms=0):
    dev.clock.at(ms)
    button(dev, "press", "C")  # the first written question read: the glass flips onto 1
    assert shows(dev) == "turn"


def test_each_interrogator_s_phone_shows_its_card_and_the_roles_pass_left_each_turn():
    dev = device()
    tokens = [join(dev, p) for p in range(4)]
    g = game(dev)
    assert g.roles() == (0, 3, 1, 2)
    written, verbal, active, keeper = (view(dev, tokens[p]) for p in (3, 1, 0, 2))
    assert written["card"]["name"] == "Written" and written["card"]["kind"] == WRITTEN
    # the question to ask and the five after it (the page keeps those it was sent)
    assert written["card"]["questions"] == whole_card(g, WRITTEN)[:6]
    assert written["card"]["total"] == 10 and written["card"]["done"] == 0
    assert written["card"]["number"] == g.s["cards"][WRITTEN]
    assert written["card"]["values"] == list(rules.WRITTEN_VALUES[1:])
    assert verbal["card"]["questions"] == whole_card(g, VERBAL)[:6]
    assert verbal["card"]["total"] == 20 and verbal["card"]["number"] == g.s["cards"][VERBAL]
    assert verbal["card"]["values"] == list(rules.VERBAL_VALUES[1:])
    assert "card" not in active and "card" not in keeper
    assert keeper["roles"] == {"active": 0, "written": 3, "verbal": 1, "timer": 2}
    assert keeper["round"] == 1 and keeper["turn"] is None and keeper["scores"] == [0] * 4

    begin(dev)
    tap(dev, tokens[3], "right")
    seen = view(dev, tokens[2])  # the Timekeeper: the turn, no card
    assert seen["turn"] == {"timer_card": 1, "paused": False, "skipped": False, "taps": True}
    assert seen["counts"] == [1, 0] and "card" not in seen
    mine = view(dev, tokens[3])["card"]
    assert mine["done"] == 1 and mine["questions"] == whole_card(g, WRITTEN)[1:7]
    for _ in range(7):
        tap(dev, tokens[3], "right")
    mine = view(dev, tokens[3])["card"]  # 8 of 10 right: the last two are left
    assert mine["done"] == 8 and mine["questions"] == whole_card(g, WRITTEN)[8:]
    tap(dev, tokens[3], "right")
    tap(dev, tokens[3], "right")
    mine = view(dev, tokens[3])["card"]
    assert mine["done"] == 10 and mine["questions"] == []  # the card is done
    assert tap(dev, tokens[3], "right") == (409, {"error": "this card is done"})
    tick(dev, 30000)
    assert view(dev, tokens[2])["turn"]["timer_card"] == 2  # the glass flipped itself
    tick(dev, TURN_MS)
    assert shows(dev) == "end"
    assert view(dev, tokens[0])["last"] == {"player": 0, "round": 1, "counts": [10, 0], "score": 0}
    button(dev, "press", "C")  # next: Bo's turn, every role one place left
    assert g.roles() == (1, 0, 2, 3)
    assert view(dev, tokens[0])["card"]["kind"] == WRITTEN
    assert view(dev, tokens[2])["card"]["kind"] == VERBAL
    assert view(dev, tokens[0])["card"]["questions"] == whole_card(g, WRITTEN)[:6]  # new cards
    assert "card" not in view(dev, tokens[1]) and "card" not in view(dev, tokens[3])
    assert tap(dev, tokens[3], "right")[0] == 409  # the start screen: no turn yet
    begin(dev, TURN_MS + 5000)
    assert tap(dev, tokens[3], "right")[0] == 409  # and still not in this one
    assert tap(dev, tokens[0], "right")[0] == 200
    assert turn_state(dev)[:2] == (1, 0)


def test_with_three_players_the_written_interrogator_keeps_time_too():
    dev = device(NAMES[:3])
    tokens = [join(dev, p) for p in range(3)]
    written = view(dev, tokens[2])
    assert written["roles"] == {"active": 0, "written": 2, "verbal": 1, "timer": 2}
    assert written["card"]["kind"] == WRITTEN
    assert view(dev, tokens[1])["card"]["kind"] == VERBAL
    assert "card" not in view(dev, tokens[0])


def test_the_active_player_s_phone_never_holds_an_answer():
    dev = device()
    tokens = [join(dev, p) for p in range(4)]
    g = game(dev)
    answers = [qa[1] for k in (WRITTEN, VERBAL) for qa in whole_card(g, k)]

    def holds_answer(token):
        status, me = answer(dev, "GET", "/api/me", token)
        text = json.dumps(me)
        # as a JSON string of its own, or (if long enough not to be a mere word) anywhere
        return [a for a in answers if json.dumps(a) in text or len(a) > 4 and a in text]

    for stage in ("start", "turn", "paused", "end"):
        if stage == "turn":
            begin(dev)
            for _ in range(3):
                tap(dev, tokens[3], "right")
                tap(dev, tokens[1], "right")
        elif stage == "paused":
            button(dev, "long", "C")
        elif stage == "end":
            button(dev, "press", "C")  # resume
            tick(dev, TURN_MS)
            assert shows(dev) == "end"
            g = game(dev)  # the next turn's cards, and the next active player
            answers = [qa[1] for k in (WRITTEN, VERBAL) for qa in whole_card(g, k)]
        active = g.roles()[0]
        assert holds_answer(tokens[active]) == [], stage
        # the test can fail: the Interrogators' phones do hold them
        assert len(holds_answer(tokens[g.roles()[1]])) >= 6, stage


def script(who, what):
    """The device's own button for an Interrogator's tap."""
    b = "A" if who == "written" else "B"
    if what == "undo":
        return "press", "DOWN"
    return ("long" if what == "skip" else "press"), b


def test_a_phone_s_taps_change_the_turn_exactly_as_the_device_s_buttons_do():
    phones, buttons = device(), device()  # twins: the same game, the same cards
    tokens = [join(phones, p) for p in range(4)]
    who = {"written": tokens[3], "verbal": tokens[1]}
    assert game(phones).s["cards"] == game(buttons).s["cards"]
    begin(phones)
    begin(buttons)
    # (ms after the glass is set on 1, Interrogator, tap, taken): refused ones included
    taps = (
        (900, "written", "right", True),
        (2100, "verbal", "right", True),
        (2600, "verbal", "skip", True),  # the glass moves on to 2
        (3300, "written", "skip", False),  # the turn's one skip is used
        (4000, "written", "undo", True),  # takes back the last press: the verbal skip
        (5100, "written", "skip", True),
        (6000, "verbal", "right", True),
        (6500, "verbal", "undo", True),
        (7000, "verbal", "undo", True),  # the written skip too: the skip is free again
        (33000, "written", "right", True),
        (64000, "verbal", "right", True),
        (91000, "verbal", "skip", False),  # on 4: no skip
        (92000, "written", "right", True),
        (93000, "verbal", "right", True),
    )
    for ms, role, what, taken in taps:
        tick(phones, ms)
        tick(buttons, ms)
        status, me = tap(phones, who[role], what)
        button(buttons, *script(role, what))
        assert (status == 200) == taken, (ms, role, what, me)
        assert turn_state(phones) == turn_state(buttons), (ms, role, what)
        phones.apply()  # the shell's next poll (10 ms on): a refused tap's tone, unapplied
        assert phones.board.tones == buttons.board.tones  # "refused", as the buttons play it
        if taken:
            assert view(phones, who[role])["counts"] == list(turn_state(buttons)[:2])
    assert turn_state(buttons)[:4] == (3, 3, 4, False)
    tick(phones, TURN_MS)
    tick(buttons, TURN_MS)
    assert shows(phones) == shows(buttons) == "end"
    assert game(phones).s == game(buttons).s
    assert game(phones).s["last"] == [0, 1, 3, 3]
    assert game(phones).s["scores"][0][0] == 3 * 2  # written 3 is worth 3, verbal 3 is worth 2


def test_taps_are_refused_off_the_turn_paused_under_a_dialog_or_from_the_wrong_phone():
    dev = device()
    tokens = [join(dev, p) for p in range(4)]
    written, verbal, active, keeper = (tokens[p] for p in (3, 1, 0, 2))
    assert tap(dev, written, "right")[0] == 409  # the start screen: no turn yet
    begin(dev)
    tap(dev, written, "right")
    before = turn_state(dev)
    for token in (active, keeper):
        for what in ("right", "skip", "undo"):
            status, refused = tap(dev, token, what)
            assert status == 409 and "Interrogator" in refused["error"]
    assert tap(dev, written, "wrong")[0] == 400
    assert answer(dev, "POST", "/api/act", written, {"press": "A"})[0] == 400
    assert tap(dev, "0123456789abcdef", "right")[0] == 403
    assert tap(dev, None, "right")[0] == 403
    button(dev, "long", "C")  # paused
    assert view(dev, written)["turn"]["paused"] and not view(dev, written)["turn"]["taps"]
    assert tap(dev, written, "right") == (409, {"error": "the turn is paused"})
    assert tap(dev, verbal, "undo")[0] == 409
    button(dev, "press", "C")  # on again
    dev.app.push(Notice("Battery low", "Plug in USB power soon."), dev.clock())
    assert tap(dev, verbal, "right")[0] == 409  # a dialog over the turn
    assert view(dev, verbal) is None  # the phones wait for it to go, as the table does
    button(dev, "press", "B")  # the dialog goes
    assert shows(dev) == "turn" and turn_state(dev) == before
    assert tap(dev, verbal, "undo")[0] == 200  # the written right, taken back
    assert tap(dev, verbal, "undo") == (409, {"error": "nothing to undo"})
    tick(dev, TURN_MS)
    assert shows(dev) == "end" and tap(dev, written, "right")[0] == 409


def test_printed_cards_the_interrogators_still_tap_and_count_with_no_card_text():
    dev = device(printed=True)
    tokens = [join(dev, p) for p in range(4)]
    card = view(dev, tokens[3])["card"]
    assert card["questions"] is None and card["total"] == 10
    assert game(dev).question(0, 0) is None
    begin(dev)
    for _ in range(4):
        assert tap(dev, tokens[3], "right")[0] == 200
    assert tap(dev, tokens[1], "skip")[0] == 200
    me = view(dev, tokens[1])
    assert me["card"]["done"] == 1 and me["counts"] == [4, 1]
    assert turn_state(dev)[:4] == (4, 1, 2, True)
    tick(dev, TURN_MS)
    assert game(dev).s["scores"][0][0] == 4 * 1
