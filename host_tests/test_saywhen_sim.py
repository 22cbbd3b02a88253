"""Say When! played through the headless simulator, as a table would play it."""

import struct

import pytest
from sim import Sim

from tools.deckfile import read_deck, read_keys
from tools.mpenv import ROOT, read_save

DECK = read_deck(ROOT / "build" / "decks" / "saywhen.deck")
NEW_GAME = "press GO\npress GO\n"  # Say When!, New game
START = "press UP\npress GO\n"  # the last row of the setup: Start game
VERDICT_PRESSES = {"exact": 1, "range": 2, "outside": 3}


def number_keys(value):
    """Key presses that type `value` on a blank number editor (non-negative)."""
    keys = []
    whole, _, frac = value.partition(".")
    for i, d in enumerate(whole):
        if i == 0:
            keys += ["press B"] if d == "0" else ["press UP"] * int(d)
        else:
            keys += ["press B"] + ["press UP"] * int(d)
    for i, d in enumerate(frac):
        keys += ["long B"] if i == 0 else ["press B"]
        keys += ["press UP"] * int(d)
    return keys + ["press C"]


class Table:
    """A game of Say When! on one simulated device; each call resumes from what it saved."""

    def __init__(self, tmp_path, teams=2, env=None):
        # Every run boots 2 s before ticks wrap at 2**30: each card is played across it.
        self.sim = Sim(tmp_path, start=(1 << 30) - 2000, env=env)
        self.out = self.sim.run(NEW_GAME + "press C\n" * (teams - 2) + START + "state")

    def run(self, script):
        # Every run is a fresh boot: resume the saved game first (B on the resume offer).
        self.out = self.sim.run("press B\n" + script + "\nstate")
        return self.out

    @property
    def state(self):
        return self.out.state()

    def view(self):
        return self.state["view"]

    def card(self):
        return DECK[self.view()["deck_index"]]

    def choose(self, mode="secret"):
        if self.view()["mode"] == "choice":
            self.run("press " + ("A" if mode == "secret" else "C"))

    def judge(self, verdicts, then=""):
        """Opens the door and judges: {team: "exact"|"range"|"outside"}; then scores it, and
        runs the commands `then` in the same boot."""
        order = self.guess_order()
        keys = ["long GO", "press A"]
        for team in order:
            if team in verdicts:
                keys += ["press B"] * VERDICT_PRESSES[verdicts[team]]
            keys.append("press DOWN")
        keys += ["press C", "text", "press B", then]
        return self.run("\n".join(keys))

    def guess_order(self):
        v = self.view()
        n = len(v["scores"])
        order = [(v["quizzer"] + 1 + i) % n for i in range(n)]
        return [t for t in order if not v["sudden"] or t in v["sudden"]]


def test_first_to_ten_wins_with_ring_and_tune(tmp_path):
    t = Table(tmp_path)
    assert t.view()["view"] == "question" and t.view()["mode"] == "choice"
    for i in range(3):
        t.choose()
        t.judge({0: "exact"}, "wait 200\nring\nstate\npress A" if i == 2 else "")
    won, menu = t.out.states()[-2:]
    assert won["view"]["view"] == "won" and won["view"]["winner"] == 0
    assert won["view"]["scores"] == [12, 0]
    assert "win" in t.out.tones()
    leds = [x for x in t.out.lines if x.startswith("ring ")][0].split()[1:]
    assert sum(led != "000000" for led in leds) == 16  # the rainbow
    # A: Menu: the game is over and forgotten
    assert menu["screen"] == "menu" and menu["session"] is None


def test_a_power_cut_on_the_winners_screen_offers_no_unfinished_game(tmp_path):
    t = Table(tmp_path)
    for _ in range(3):
        t.choose()
        t.judge({0: "exact"})
    assert t.state["view"]["view"] == "won"
    back = t.sim.run("state").state()  # the power comes back
    assert back["screen"] == "menu" and back["session"] is None


def test_typed_guesses_score_by_the_rules(tmp_path):
    t = Table(tmp_path)
    t.choose("secret")
    card = t.card()
    answer, unit = card[2], card[3]
    wrong = str(int(card[5].split(".")[0]) + 50)  # well outside the range, above it
    assert not answer.startswith("-"), "pick another seed: this card's answer is negative"
    # Blue (team 1) guesses first: it sits to the Quizzer's left.
    keys = ["press B"] + number_keys(wrong) + ["state"] + number_keys(answer) + ["text", "state"]
    out = t.run("\n".join(keys))
    mid, review = out.states()[-3], out.states()[-1]
    assert mid["view"]["view"] == "guess" and mid["view"]["team"] == 0
    assert review["view"]["view"] == "review"
    out = t.run("long GO\ntext\nstate")
    door = out.texts()[-1]
    assert any(line.startswith("Red (") and "exact" in line and "= 4" in line for line in door)
    assert unit == "" or unit in " ".join(door)
    out = t.run("press B\nstate")
    assert t.view()["scores"] == [4, 0] and t.view()["card"] == 2
    assert t.view()["quizzer"] == 1  # the Scanner passed to the left


def test_the_guessing_and_the_door_each_show_without_the_other_loaded(tmp_path):
    # docs/memory.md: at the door, with four phones looking, the heap holds none of the
    # guessing's code, and none of the door's at the next card: the game goes on from its
    # save between them, loaded afresh (gamescreen.turn).
    t = Table(tmp_path)
    t.choose("secret")
    out = t.run("modules\nlong GO\nmodules\nstate\npress B\nmodules\nstate")
    loaded = [set(x.split()) for x in out.lines if x.startswith("__main__ ")]
    door, next_card = out.states()[-3:-1]
    assert door["view"]["view"] == "door" and next_card["view"]["card"] == 2
    guessing, at_door, again = loaded
    assert "app.saywhen_round" in guessing and "app.saywhen_door" not in guessing
    assert "app.saywhen_door" in at_door and "app.saywhen_round" not in at_door
    assert "app.saywhen_round" in again and "app.saywhen_door" not in again


def test_answer_stays_hidden_until_the_door_opens(tmp_path):
    t = Table(tmp_path)
    t.choose("open")
    shown = t.run("text\npress B\ntext\npress C\ntext\npress C\ntext").texts()
    answer = t.card()[2]
    whole = answer.lstrip("-").isdigit() and len(answer.lstrip("-")) >= 5  # "1969" stays
    formatted = "{:,}".format(int(answer)) if whole else answer
    question = t.card()[1]
    for screen in shown:
        for line in screen:
            if line not in question:
                assert formatted not in line, (line, answer)
    door = t.run("long GO\ntext").texts()[-1]
    assert formatted in door


def test_sudden_death_after_a_tie_at_ten(tmp_path):
    t = Table(tmp_path)
    for _ in range(3):
        t.choose("secret")
        t.judge({0: "exact", 1: "exact"})  # both exact, secret: 4 each, no bonus
    state = t.state
    assert state["session"]["state"]["scores"] == [12, 12]
    assert state["screen"] == "notice" and "Sudden Death" in state["view"]["title"]
    t.run("state")  # dismissed: the Sudden Death question
    v = t.view()
    assert v["sudden"] == [0, 1] and v["mode"] == "secret" and v["view"] == "question"
    assert v["quizzer"] == 1  # the Scanner passed on for it
    first = v["deck_index"]
    t.judge({0: "exact", 1: "exact"})  # still tied: another question, same two teams
    t.run("state")
    v = t.view()
    assert v["sudden"] == [0, 1] and v["deck_index"] != first
    t.judge({1: "range"})
    v = t.view()
    assert v["view"] == "won" and v["winner"] == 1
    assert v["scores"] == [12, 12]  # Sudden Death points are not added


def test_undo_takes_back_the_last_scoring(tmp_path):
    t = Table(tmp_path)
    t.choose()
    t.judge({1: "range"})
    assert t.view()["scores"] == [0, 2] and t.view()["card"] == 2
    t.run("press A\npress C\nstate\npress C")
    assert t.view()["view"] == "door" and t.view()["card"] == 1
    assert t.view()["scores"] == [0, 0]
    t.run("press B")  # scored again
    assert t.view()["scores"] == [0, 2]


def test_card_twenty_scores_double_then_highest_wins(tmp_path):
    t = Table(tmp_path)
    for _ in range(19):
        t.choose()
        t.run("long GO\npress B")  # nobody judged: nobody scores
    assert t.view()["card"] == 20
    t.choose()
    out = t.judge({1: "range"})
    assert any("doubled" in line for line in out.texts()[-1])
    v = t.view()
    assert v["scores"] == [0, 4] and v["view"] == "won" and v["winner"] == 1


def test_open_tie_gives_the_first_guesser_one_more(tmp_path):
    t = Table(tmp_path)
    t.choose("open")
    t.judge({0: "range", 1: "range"})  # Blue guessed first (left of the Quizzer)
    assert t.view()["scores"] == [2, 3]


def test_judging_refuses_exact_beside_a_farther_guess(tmp_path):
    t = Table(tmp_path)
    t.choose()
    out = t.run("long GO\npress A\npress B\npress DOWN\npress B\npress B\npress C\ntext\nstate")
    assert t.view()["view"] == "judge"
    assert "An exact guess is closer than any other." in out.texts()[-1]
    assert "refused" in out.tones()


def test_resume_mid_guessing_after_a_power_cut(tmp_path):
    t = Table(tmp_path, teams=3)
    t.choose()
    t.run("\n".join(["press B", *number_keys("1969")]))
    v = t.view()
    assert v["view"] == "guess" and v["team"] == 2  # team 1 has guessed; team 2 is next
    # The plug is pulled here; the next run boots from what was saved.
    t.run("state")
    assert t.view()["view"] == "question"
    t.run("press B")
    assert t.view()["view"] == "guess" and t.view()["team"] == 2


@pytest.mark.parametrize("teams", [2, 4])
def test_scoreboard_lists_every_team(tmp_path, teams):
    t = Table(tmp_path, teams=teams)
    out = t.run("press A\ntext" if t.view()["mode"] != "choice" else "press A\npress A\ntext")
    names = ["Red", "Blue", "Green", "Gold"][:teams]
    screen = " ".join(out.texts()[-1])
    assert all(n in screen for n in names)


def test_later_games_get_fresh_cards(tmp_path):
    first = Table(tmp_path)
    assert len(first.state["session"]["state"]["cards"]) == 1  # a card dealt as it comes up
    for _ in range(3):
        first.choose()
        first.judge({0: "exact"})
    # Red's 12 points ended the game at the third card: no fourth was drawn.
    cards_one = first.state["session"]["state"]["cards"]
    assert first.state["session"]["state"]["winner"] == 0 and len(set(cards_one)) == 3
    first.run("press A")  # game over, back to the menu
    # The three cards scored are remembered, each by its id's bit.
    rec = read_save(tmp_path / "played.json")["saywhen"]
    n = rec["n"]
    assert n >= len(DECK) > n // 2 and n & (n - 1) == 0  # the power of two for the cards
    marks = rec["bits"]  # n bits, 16 to a number
    marked = {b for b in range(n) if marks[b >> 4] >> (b & 15) & 1}
    key = read_keys(ROOT / "build" / "decks" / "saywhen.deck")  # a card's: its id's hash
    assert marked == {key[i] % n for i in cards_one[:3]}
    second = Sim(tmp_path).run(NEW_GAME + START + "state").state()
    cards_two = second["session"]["state"]["cards"]
    assert not set(cards_two) & set(cards_one[:3])


def damaged(tmp_path, name, *cards):
    """A folder of the decks, Say When!'s with each of `cards` damaged (a byte of its
    record flipped: its checksum fails)."""
    decks = tmp_path / name
    decks.mkdir()
    for deck in (ROOT / "build" / "decks").glob("*.deck"):
        (decks / deck.name).write_bytes(deck.read_bytes())
    data = bytearray((decks / "saywhen.deck").read_bytes())
    for card in cards:
        offset, length = struct.unpack_from("<IH", data, 10 + 10 * card)
        data[offset + length // 2] ^= 0xFF
    (decks / "saywhen.deck").write_bytes(bytes(data))
    return {"SIM_DECKS": str(decks)}


def test_damaged_cards_are_dealt_around_and_a_cut_deck_is_refused(tmp_path):
    first = Table(tmp_path / "first")
    cards = first.state["session"]["state"]["cards"]
    # The same deal (same seed, nothing played yet) from a deck whose first card is bad:
    # put aside (marked played) and another in its place, before the card shows.
    env = damaged(tmp_path, "decks", cards[0])
    out = Sim(tmp_path / "second", env=env).run(NEW_GAME + START + "state")
    state = out.state()
    assert state["view"]["view"] == "question" and state["view"]["deck_index"] != cards[0]
    assert state["session"]["state"]["cards"] == [state["view"]["deck_index"]]
    rec = read_save(tmp_path / "second" / "played.json")["saywhen"]
    b = read_keys(ROOT / "build" / "decks" / "saywhen.deck")[cards[0]] % rec["n"]
    assert rec["bits"][b >> 4] >> (b & 15) & 1  # the damaged card counts as played
    # ... and when the card in its place is damaged too, another in place of that one.
    instead = state["view"]["deck_index"]
    env = damaged(tmp_path, "twice", cards[0], instead)
    state = Sim(tmp_path / "twice", env=env).run(NEW_GAME + START + "state").state()
    assert state["view"]["view"] == "question"
    assert state["session"]["state"]["cards"] == [state["view"]["deck_index"]]
    assert state["view"]["deck_index"] not in (cards[0], instead)
    rec = read_save(tmp_path / "twice" / "played.json")["saywhen"]
    keys = read_keys(ROOT / "build" / "decks" / "saywhen.deck")
    for card in (cards[0], instead):
        b = keys[card] % rec["n"]
        assert rec["bits"][b >> 4] >> (b & 15) & 1

    # A card dealt later is checked as it comes up, and put aside then: the same game on
    # a deck whose second card (the first game's) is bad.
    first.choose()
    first.judge({0: "exact"})
    cards = first.state["session"]["state"]["cards"]
    assert len(cards) == 2 and first.view()["deck_index"] == cards[1]
    table = Table(tmp_path / "third", env=damaged(tmp_path, "later", cards[1]))
    table.choose()
    table.judge({0: "exact"})
    state = table.state
    assert state["view"]["view"] == "question" and state["session"]["state"]["played"] == 1
    later = state["session"]["state"]["cards"]
    assert later[0] == cards[0] and later[1] != cards[1]
    assert later[1] == state["view"]["deck_index"]

    cut = tmp_path / "cut"
    cut.mkdir()
    whole = (ROOT / "build" / "decks" / "saywhen.deck").read_bytes()
    (cut / "saywhen.deck").write_bytes(whole[: len(whole) // 2])  # truncated
    out = Sim(tmp_path / "fourth", env={"SIM_DECKS": str(cut)}).run(
        NEW_GAME + START + "state\npress B\nstate"
    )
    notice, menu = out.states()
    assert notice["screen"] == "notice"
    assert "cut short" in notice["view"]["message"]
    assert menu["screen"] == "menu"

    # An index found damaged at boot (wake.py: where the decks' indexes are read, once) is
    # read again by the game's start, which says so.
    bad = tmp_path / "bad-index"
    bad.mkdir()
    data = bytearray(whole)
    data[10 + 10 * len(DECK) + 1] ^= 0xFF  # a card's key
    (bad / "saywhen.deck").write_bytes(bytes(data))
    out = Sim(tmp_path / "fifth", env={"SIM_DECKS": str(bad)}).run(NEW_GAME + START + "state")
    assert "deck index is damaged" in out.state()["view"]["message"]


def test_a_long_evening_does_not_grow_the_heap(tmp_path, mpy_mode):
    """Twenty games in a row, back to the menu each time: the heap in use there stays put."""
    game = (
        NEW_GAME + START + "press A\n"
        + "long GO\npress A\npress DOWN\npress B\npress C\npress B\n"  # Red exact, secret
        + "long GO\npress A\npress B\npress C\npress B\n"  # open, Red is first in order
        + "long GO\npress A\npress DOWN\npress B\npress C\npress B\n"
        + "press A\nmem\n"
    )  # fmt: skip
    out = Sim(tmp_path).run(game * 20)
    assert out.text.count("tone win") == 20
    heap = [int(x.split("alloc=")[1].split()[0]) for x in out.lines if x.startswith("mem ")]
    assert len(heap) == 20
    # A leak raises every later reading; one reading may stand higher alone, where the
    # unix port's collector took a stale word on the C stack for a pointer.
    assert min(heap[-5:]) - heap[2] < 4096, heap
    assert max(heap[2:]) - heap[2] < 24 * 1024, heap


def test_the_scoreboard_is_imported_when_asked_for(tmp_path):
    # A game's start has no need of the scoreboard (app/saywhen_scores.py): it comes in
    # when A at the question or C at the Answer Door asks for it.
    t = Table(tmp_path)
    t.choose()
    keys = "modules\npress A\nmodules\ntext\npress A\nlong GO\nmodules\npress C\nmodules\ntext"
    out = t.run(keys)
    loaded = [set(x.split()) for x in out.lines if x.startswith("__main__ ")]
    assert len(loaded) == 4  # the question, its scoreboard, the door, its scoreboard
    assert all("app.saywhen_round" in m or "app.saywhen_door" in m for m in loaded)
    assert ["app.saywhen_scores" in m for m in loaded] == [False, True, False, True]
    scores = [lines for lines in out.texts() if "Scores · first to 10" in lines]
    assert len(scores) == 2, out.texts()
