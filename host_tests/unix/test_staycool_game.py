# Stay Cool's game state and live turn (firmware/app/staycool/game.py), and the whole
# controller stepped through App with explicit, off-grid ticks; runs in the unix port.
import ticks
from app import buttons as bt
from app.core import App
from app.deck import Deck
from app.staycool_game import Live, StayCool, new_state
from phases import Phases
from screens import view

PARTS = {"ring": True, "buzzer": True, "go": True}
T0 = ticks.MASK + 1 - 7777  # every turn here crosses the tick wrap


def at(ms, t=T0):
    return ticks.add(t, ms)


def open_deck(name):
    return Deck(open("build/decks/" + name + ".deck", "rb"), name)


def game_for(names, rnd=1, sc_cards=False):
    state = new_state(7, len(names))
    state["round"] = rnd
    return StayCool(open_deck, {"sc_cards": sc_cards}, {}, names, state)


def test_roles_rotate_round_the_table():
    g = game_for(["A", "B", "C"])
    assert g.roles() == (0, 2, 1, 2)  # three: the Written Interrogator keeps time
    g.s["turn"] = 2
    assert g.roles() == (2, 1, 0, 1)
    g = game_for(["A", "B", "C", "D", "E"])
    assert g.roles() == (0, 4, 1, 2)
    g.s["turn"] = 4
    assert g.roles() == (4, 3, 0, 1)


def test_finish_scores_and_moves_left_then_to_the_next_round():
    g = game_for(["A", "B", "C"])
    g.finish(4, 6)  # Alicia's example
    assert g.s["scores"][0] == [12, 0, 0] and g.s["turn"] == 1 and g.s["last"] == [0, 1, 4, 6]
    g.finish(1, 7)  # Robin's
    g.finish(0, 0)
    assert g.s["round"] == 2 and g.s["turn"] == 0 and g.s["scores"][1] == [3, 0, 0]
    for _ in range(6):
        g.finish(2, 2)
    assert g.s["phase"] == "over" and g.totals() == [16, 7, 4] and g.winners() == [0]
    g.fix(0, 1)  # the last turn (C's, round 3) had one written answer more: 3 x 1
    assert g.s["scores"][2] == [0, 2, 3] and g.s["last"] == [2, 3, 3, 2]
    g.fix(1, -5)
    assert g.s["last"][3] == 0 and g.s["scores"][2][2] == 0
    check(g)


def check(g):
    """The check a saved game gets when it is read back at boot (app/session.py)."""
    from app.session import DamagedSave, clean_session

    session = {"game": "staycool", "names": g.names, "state": g.s}
    if clean_session(session, lambda name: None) != (session, True):
        raise DamagedSave


def test_damaged_states_are_refused():
    from app.session import DamagedSave

    for key, bad in (("round", 4), ("turn", 3), ("phase", "x"), ("scores", [[0, 0, 0]])):
        g = game_for(["A", "B", "C"])
        g.s[key] = bad
        try:
            check(g)
        except DamagedSave:
            continue
        raise AssertionError("accepted %s = %r" % (key, bad))


def test_cards_are_dealt_fresh_and_read_one_question_at_a_time():
    g = game_for(["A", "B", "C"], sc_cards=True)
    assert g.needs_cards()
    g.deal()
    first = g.s["cards"]
    assert not g.needs_cards() and g.total(0) == 10 and g.total(1) == 20
    q, a = g.question(1, 19)
    assert q and a and g.question(1, 20) is None
    g.deal()
    assert g.s["cards"][0] != first[0] and g.s["cards"][1] != first[1]
    assert set(g.played) == {"staycool-written", "staycool-verbal"}


def test_pause_freezes_the_sand_and_moves_the_deadline():
    live = Live(game_for(["A", "B", "C"], rnd=2), T0)
    assert live.deadline(at(1)) == at(30000)
    assert live.pause(at(10003))
    assert live.deadline(at(20000)) is None and live.left(at(99999)) == 19997
    live.resume(at(70003))  # a minute's pause
    assert live.left(at(70003)) == 19997 and live.deadline(at(70003)) == at(90000)
    assert not live.update(at(89999)) and live.update(at(90000))


def test_undo_plays_the_turn_again_without_the_last_press():
    live = Live(game_for(["A", "B", "C"], rnd=2), T0)
    assert live.press("correct", "written", at(1000))
    assert live.press("timer", None, at(21000))  # 9 s left: 21 s on top now
    assert live.turn.position == 2 and live.deadline(at(21000)) == at(42000)
    assert live.undo(at(25000))
    assert live.turn.position == 1 and live.deadline(at(25000)) == at(30000)
    assert live.press("skip", "verbal", at(26000))
    assert not live.press("skip", "written", at(26500))  # one skip a turn
    assert live.undo(at(27000)) and live.press("skip", "written", at(27000))
    assert (live.turn.written, live.turn.verbal, live.turn.position) == (2, 0, 2)
    assert live.undo(at(28000)) and live.undo(at(28000)) and not live.undo(at(28000))
    assert (live.turn.written, live.turn.verbal) == (0, 0)


def step(app, ev, now, kind="press"):
    """One step of the core, and the steps of a game's start it begins, as the shell's
    polls carry it through (App.starting: a stage a poll); their effects."""
    fx = app.step(bt.EVENTS[kind][bt.NAMES.index(ev)] if ev else None, now)
    while app.starting:
        app.step(None, now)
    out = list(fx)
    del fx[:]
    return out


def test_a_game_starts_a_stage_a_step_and_draws_nothing_between():
    import sys

    session = {"game": "staycool", "names": ["A", "B", "C"], "state": new_state(7, 3)}
    app = App(Phases(), PARTS, session=session, decks=open_deck)
    assert app.screen.name == "resume" and "app.staycool" not in sys.modules
    fx = app.step(bt.EVENTS["press"][bt.NAMES.index("B")], T0)  # resume: the start begins
    steps = 0
    while app.starting:
        assert not fx  # nothing saved yet: the game's model is not made
        assert app.game is None and app.want_draw == 0  # the resume offer stays on the glass
        assert app.deadline() == T0  # the shell polls again at once: the next stage
        fx = app.step(None, T0)
        steps += 1
    assert steps > 5 and "app.menu" not in sys.modules  # (its modules, deck, model, screen)
    assert app.game is not None and view(app)["view"] == "start"
    assert app.want_draw and ("save", "session", session) in fx  # its first frame, saved


def test_through_the_app_the_end_tone_comes_at_the_very_tick_and_nothing_is_saved_meanwhile():
    names = ["A", "B", "C"]
    state = new_state(7, 3)
    state["round"] = 2
    app = App(
        Phases(),
        PARTS,
        session={"game": "staycool", "names": names, "state": state},
        decks=open_deck,
    )
    step(app, "B", T0)  # resume the game...
    step(app, None, T0)  # ...its start screen, at the next step
    assert view(app)["view"] == "start"
    start = at(3)
    fx = step(app, "C", start)
    assert ("tone", "flip", 2) in fx and [f[0] for f in fx].count("save") == 1  # the turn starts
    assert app.deadline() == at(30000, start)
    quiet = []
    for ms in (1, 999, 12345, 20001):
        quiet += step(app, None, at(ms, start))
    quiet += step(app, "A", at(20002, start))
    quiet += step(app, "DOWN", at(20003, start))
    quiet += step(app, "GO", at(20004, start))  # Timer!: 20004 ms on top now
    assert quiet == [("tone", "flip", 2)], quiet  # no save, no other sound, while the sand runs
    end = at(40008, start)
    assert app.deadline() == end
    assert step(app, None, at(-1, end)) == []
    fx = step(app, None, end)
    # The buzzer first; then, the turn over, the scores and the next turn's cards are saved.
    assert fx[0] == ("tone", "end", 2) and all(f[0] == "save" for f in fx[1:])
    assert ("save", "session") in [f[:2] for f in fx]
    shown = view(app)
    assert shown["view"] == "end" and shown["ended_at"] == end and app.deadline() is None
    step(app, "A", at(1, end))  # fix the turn's counts: each fix is saved
    assert step(app, "C", at(2, end)) == [("save", "session", app.session)]
    assert app.session["state"]["last"][2] == 1 and view(app)["view"] == "fix"


def test_round_one_flips_on_time_with_a_pause_in_between():
    names = ["A", "B", "C", "D"]
    app = App(
        Phases(),
        PARTS,
        session={"game": "staycool", "names": names, "state": None},
        decks=open_deck,
    )
    step(app, "B", T0)
    start = at(11)
    step(app, "GO", start)
    fx = step(app, "GO", at(5005, start), "long")  # pause for 40 s
    # The sand stands still, so the turn can be saved: a power cut keeps the pause too.
    assert [f[:2] for f in fx] == [("save", "session")] and app.deadline() is None
    assert app.session["state"]["live"] == [5005, []]
    assert step(app, None, at(35000, start)) == []
    step(app, "C", at(45005, start))
    assert app.session["state"]["live"] is None  # running again: a power cut restarts it
    assert app.deadline() == at(70000, start)
    assert step(app, None, at(69999, start)) == []
    assert step(app, None, at(70000, start)) == [("tone", "flip", 2)]
    assert view(app)["position"] == 2 and app.deadline() == at(100000, start)
    fx = step(app, None, at(160000, start))  # called late: both flips, then the end
    assert ("tone", "end", 2) in fx and view(app)["view"] == "end"


def test_without_a_ring_the_screen_shows_the_sand_in_steps_of_five_seconds():
    names = ["A", "B", "C"]
    bare = {"ring": False, "buzzer": False, "go": False}  # a Badger as it comes
    app = App(
        Phases(),
        bare,
        session={"game": "staycool", "names": names, "state": None},
        decks=open_deck,
    )
    step(app, "B", T0)
    start = at(5)
    assert step(app, "C", start)[0][0] == "save"  # no buzzer: no tone effects at all
    redraws = []
    for ms in range(10, 30001, 10):
        app.want_draw = 0
        step(app, None, at(ms, start))
        if app.want_draw:
            redraws.append(ms)
    # Every 5 s as the sand runs down, and at the flip onto 2 (round 1 flips by itself).
    assert redraws == [5000, 10000, 15000, 20000, 25000, 30000], redraws
    assert view(app)["position"] == 2


def test_deck_fields_read_a_few_fields_as_card_reads_them_all():
    for name in ("staycool-verbal", "staycool-written", "saywhen"):
        deck = open_deck(name)
        for i in range(0, deck.count, 7):
            card = deck.card(i)
            for first, count in ((0, 0), (0, 1), (1, 2), (39, 2), (len(card) - 1, 5)):
                assert deck.fields(i, first, count) == (card[first : first + count], len(card))


def small_deck(records):
    """A deck file in memory (tools/deckfile.py's format), for damaging on purpose."""
    import binascii
    import struct

    data = [r.encode() for r in records]
    at = 10 + 12 * len(data)  # the header, then an entry and a key a card
    index = b""
    for d in data:
        index += struct.pack("<IHI", at, len(d), binascii.crc32(d) & 0xFFFFFFFF)
        at += len(d)
    for d in data:  # each card's key: 16 bits of the crc32 of its id, the first field
        index += struct.pack("<H", binascii.crc32(d.split(b"\x1f")[0]) & 0xFFFF)
    head = struct.pack("<4sHI", b"DCK2", len(data), binascii.crc32(index) & 0xFFFFFFFF)
    return bytearray(head + index + b"".join(data))


def test_deck_fields_still_catch_a_damaged_card():
    import io

    records = [
        "v1\x1fWhat is 7 plus 8?\x1f15\x1fSpell \u201cfriend\u201d\x1fF-R-I-E-N-D",
        "v2\x1fQ\x1fA",
    ]
    data = small_deck(records)
    deck = Deck(io.BytesIO(bytes(data)), "verbal")
    assert deck.fields(0, 3, 2) == (["Spell \u201cfriend\u201d", "F-R-I-E-N-D"], 5)
    assert deck.fields(0, 1, 2) == (deck.card(0)[1:3], 5)
    data[-7] ^= 0x20  # the last letter of the first card: "D" becomes "d"
    deck = Deck(io.BytesIO(bytes(data)), "verbal")
    assert deck.fields(1, 1, 2) == (["Q", "A"], 3)
    try:
        deck.fields(0, 1, 2)
    except ValueError as e:
        assert "damaged" in str(e)
    else:
        raise AssertionError("a damaged card was read")


def test_the_menu_lets_the_game_s_modules_go_and_the_game_loads_them_again():
    """The menu-game swap (docs/memory.md): a visit to the menu keeps none of the game's
    modules, and the game, resumed, loads them again."""
    import sys

    def game_modules():
        return sorted(m for m in sys.modules if m.startswith("app.staycool"))

    for m in game_modules():  # as on a fresh device (this file keeps its own references)
        del sys.modules[m]
        sys.modules["app"].__dict__.pop(m[4:], None)  # (and so does their package)
    app = App(
        Phases(),
        PARTS,
        session={"game": "staycool", "names": ["A", "B", "C"], "state": None},
        decks=open_deck,
    )
    step(app, "B", T0)  # resume the saved game
    loaded = ["app.staycool", "app.staycool_board", "app.staycool_game"]  # not _end: no turn over
    assert app.screen.name != "resume" and game_modules() == loaded
    app.home()
    step(app, None, T0)
    assert app.screen.name == "menu" and game_modules() == [] and "app.menu" in sys.modules
    app.play()
    step(app, None, T0)
    assert app.screen.name not in ("menu", "resume") and game_modules() == loaded
    assert "app.menu" not in sys.modules
