# Runs inside the MicroPython unix port (see conftest.py in this folder).
import ticks
from games import staycool as sc

# Every turn starts 10 s before ticks_ms() wraps, so each test also crosses the wrap.
T0 = ticks.MASK + 1 - 10000
P = 30000


def at(ms):
    return ticks.add(T0, ms)


def raises(fn, *args):
    try:
        fn(*args)
    except ValueError:
        return True
    return False


def test_card_values_exactly():
    assert sc.WRITTEN_VALUES == (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10)
    assert sc.VERBAL_VALUES == (0, 1, 1, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6, 7, 7, 7, 8)
    assert isinstance(sc.WRITTEN_VALUES, tuple) and isinstance(sc.VERBAL_VALUES, tuple)
    # The rulebook's examples: 4 written -> 4, 1 written -> 1, 6 verbal -> 3, 7 verbal -> 3.
    assert sc.WRITTEN_VALUES[4] == 4 and sc.WRITTEN_VALUES[1] == 1
    assert sc.VERBAL_VALUES[6] == 3 and sc.VERBAL_VALUES[7] == 3


def test_turn_score_rulebook_examples():
    assert sc.turn_score(4, 6) == 12  # Alicia: 4 x 3
    assert sc.turn_score(1, 7) == 3  # Robin: 1 x 3
    assert sc.turn_score(0, 20) == 0
    assert sc.turn_score(10, 20) == 80
    assert raises(sc.turn_score, 11, 0)
    assert raises(sc.turn_score, 0, 21)
    assert raises(sc.turn_score, -1, 3)


def test_round1_flips_automatically_then_ends_on_4():
    t = sc.Turn(1, T0, P)
    assert t.position == 1 and t.remaining(at(0)) == P and not t.over
    for n in (1, 2, 3):
        assert not t.update(at(n * P - 1))
        assert t.position == n and t.remaining(at(n * P - 1)) == 1
        # At the instant the sand runs out it is flipped onto the next number, full.
        assert not t.update(at(n * P))
        assert t.position == n + 1 and t.remaining(at(n * P)) == P
    assert not t.update(at(4 * P - 1))
    assert t.remaining(at(4 * P - 1)) == 1
    assert t.update(at(4 * P))  # 2 minutes in all
    assert t.over and t.position == 4 and t.remaining(at(4 * P)) == 0
    assert t.update(at(4 * P + 5000)) and t.remaining(at(9 * P)) == 0


def test_round1_late_update_applies_everything_between():
    t = sc.Turn(1, T0, P)
    assert not t.update(at(2 * P + 25000))  # two flips missed, none lost
    assert t.position == 3 and t.remaining(at(2 * P + 25000)) == 5000
    t = sc.Turn(1, T0, P)
    assert t.update(at(10 * P))  # called only long after the end
    assert t.over and t.position == 4
    t = sc.Turn(1, T0, P)
    assert t.remaining(at(3 * P + 1)) == P - 1  # remaining() applies the flips too
    assert t.position == 4


def test_round1_other_periods_and_no_wrap():
    t = sc.Turn(1, 0, 1000)
    assert not t.update(3999) and t.position == 4
    assert t.update(4000)
    t = sc.Turn(1, ticks.MASK, 500)  # starting on the very last tick
    assert not t.update(ticks.add(ticks.MASK, 1999))
    assert t.update(1999)


def test_round1_refuses_timer():
    t = sc.Turn(1, T0, P)
    assert not t.timer(at(5000))
    assert t.position == 1 and t.remaining(at(5000)) == 25000


def test_round2_timer_turns_fallen_sand_into_sand_left():
    t = sc.Turn(2, T0, P)
    assert t.timer(at(10000))  # 10 s fell, so 10 s are now on top
    assert t.position == 2 and t.remaining(at(10000)) == 10000
    assert t.remaining(at(15000)) == 5000
    assert t.timer(at(15000))  # 5 s on top and 25 s below: flipped, 25 s are on top
    assert t.position == 3 and t.remaining(at(15000)) == 25000
    assert not t.update(at(39999))
    assert t.update(at(40000))  # no "Timer!" in time: the turn ends on 3
    assert t.over and t.position == 3 and t.remaining(at(40000)) == 0


def test_round2_turn_ends_when_sand_runs_out():
    for round_no in (2, 3):
        t = sc.Turn(round_no, T0, P)
        assert not t.update(at(P - 1)) and t.remaining(at(P - 1)) == 1
        assert t.update(at(P))
        assert t.over and t.position == 1 and t.remaining(at(P)) == 0


def test_timer_at_the_instant_sand_runs_out_is_refused():
    for round_no in (2, 3):
        t = sc.Turn(round_no, T0, P)
        assert not t.timer(at(P))
        assert t.over and t.position == 1
        t = sc.Turn(round_no, T0, P)
        assert t.timer(at(P - 1))  # one ms earlier is in time: 29.999 s back on top
        assert t.position == 2 and t.remaining(at(P - 1)) == P - 1
        t = sc.Turn(round_no, T0, P)
        assert not t.timer(at(P + 20000))  # late: the turn ended at 30 s
        assert t.over and t.position == 1


def test_timer_refused_on_4_and_after_over():
    t = sc.Turn(3, T0, P)
    assert t.timer(at(20000)) and t.position == 2  # 20 s on top, empty at 40 s
    assert t.timer(at(30000)) and t.position == 3  # 20 s on top, empty at 50 s
    assert t.timer(at(45000)) and t.position == 4  # 25 s on top, empty at 70 s
    assert not t.timer(at(50000))
    assert t.position == 4 and t.remaining(at(50000)) == 20000
    assert t.update(at(70000))
    assert not t.timer(at(70001))


def test_timer_flipping_a_full_glass_ends_the_turn():
    # Flipped the instant it was full, the glass has nothing on top: the sand has run out.
    t = sc.Turn(2, T0, P)
    assert t.timer(at(0))
    assert t.over and t.position == 2 and t.remaining(at(0)) == 0


def test_skip_moves_glass_without_flipping():
    t = sc.Turn(1, T0, P)
    assert t.skip("written", at(5000))
    assert t.position == 2 and t.remaining(at(5000)) == 25000  # the sand keeps running
    assert t.written == 1 and t.verbal == 0  # counted as a correct answer
    assert not t.update(at(29999)) and t.position == 2
    assert not t.update(at(P)) and t.position == 3  # its sand ran out: flipped onto 3
    assert not t.update(at(2 * P)) and t.position == 4
    assert t.update(at(3 * P))  # the skip cost the turn a whole glass
    assert t.score() == sc.turn_score(1, 0)


def test_skip_in_round2_keeps_the_remaining_sand():
    t = sc.Turn(2, T0, P)
    assert t.skip("verbal", at(12000))
    assert t.position == 2 and t.remaining(at(12000)) == 18000 and t.verbal == 1
    assert t.timer(at(20000))  # 10 s left, 20 s fallen
    assert t.position == 3 and t.remaining(at(20000)) == 20000


def test_skip_once_per_turn():
    t = sc.Turn(1, T0, P)
    assert t.skip("verbal", at(1000))
    assert not t.skip("verbal", at(2000))
    assert not t.skip("written", at(3000))
    assert t.position == 2 and t.verbal == 1 and t.written == 0


def test_skip_refused_on_4_finished_card_and_after_over():
    t = sc.Turn(1, T0, P)
    t.update(at(3 * P))
    assert t.position == 4
    assert not t.skip("written", at(3 * P + 1))
    assert t.position == 4 and t.written == 0

    t = sc.Turn(1, T0, P, written_total=2)
    assert t.correct("written", at(100)) and t.correct("written", at(200))
    assert not t.skip("written", at(300))  # that card is finished
    assert t.position == 1 and t.written == 2
    assert t.skip("verbal", at(400))  # the other card is not
    assert t.position == 2 and t.verbal == 1

    t = sc.Turn(2, T0, P)
    assert not t.skip("written", at(P))  # the sand ran out at that instant
    assert t.over and t.written == 0


def test_correct_counts_and_finished_card_ignores_more():
    t = sc.Turn(1, T0, P)
    for i in range(12):
        t.correct("written", at(1000 + i))
    assert t.written == 10  # the card has only 10 questions
    for _ in range(6):
        assert t.correct("verbal", at(2000))
    assert t.verbal == 6 and not t.over
    assert t.score() == 10 * 3
    assert not t.correct("written", at(2500))
    assert t.written == 10


def test_correct_ignored_once_turn_over():
    t = sc.Turn(2, T0, P)
    assert t.correct("verbal", at(P - 1))
    assert not t.correct("verbal", at(P))  # the answer came as the sand ran out
    assert t.verbal == 1 and t.over


def test_both_cards_finished_ends_turn():
    t = sc.Turn(1, T0, P, written_total=1, verbal_total=2)
    assert t.correct("written", at(1000))
    assert t.skip("verbal", at(2000))
    assert not t.over
    assert t.correct("verbal", at(5000))
    assert t.over and t.update(at(5000))
    assert t.written == 1 and t.verbal == 2 and t.score() == 1
    # The glass stopped mattering when the turn ended; nothing more happens to it.
    assert t.remaining(at(5000)) == 25000 and t.remaining(at(10 * P)) == 25000
    assert t.position == 2
    assert not t.timer(at(6000)) and not t.correct("written", at(6000))

    t = sc.Turn(2, T0, P)  # full cards: 10 written and 20 verbal answers
    for _ in range(10):
        t.correct("written", at(100))
    for _ in range(19):
        t.correct("verbal", at(200))
    assert not t.over
    t.correct("verbal", at(300))
    assert t.over and t.score() == 10 * 8


def test_bad_arguments_raise():
    t = sc.Turn(1, T0, P)
    assert raises(t.correct, "oral", at(0))
    assert raises(t.skip, "", at(0))
    assert raises(sc.Turn, 0, T0)
    assert raises(sc.Turn, 4, T0)
    assert raises(sc.Turn, 1, T0, 0)
    assert raises(sc.Turn, 1, T0, 1 << 29)
    assert raises(sc.Turn, 1, T0, P, 11)
    assert raises(sc.Turn, 1, T0, P, 10, 21)


def test_winners():
    assert sc.winners([[10, 20, 30], [5, 5, 5], [30, 20, 9]]) == [0]
    # Tied on 60: the most points in round 3 wins.
    assert sc.winners([[30, 20, 10], [10, 20, 30], [0, 0, 0]]) == [1]
    assert sc.winners([[20, 20, 20], [10, 20, 30], [25, 25, 10]]) == [1]
    # Still tied: the victory is shared, in index order.
    assert sc.winners([[5, 5, 20], [1, 1, 1], [10, 0, 20]]) == [0, 2]
    assert sc.winners([[0, 0, 0], [0, 0, 0]]) == [0, 1]
    assert sc.winners([[1, 2, 3]]) == [0]
    # A tie below the top does not matter.
    assert sc.winners([[1, 1, 1], [1, 1, 1], [9, 0, 0]]) == [2]
    assert raises(sc.winners, [])
    assert raises(sc.winners, [[1, 2]])
