# Runs inside the MicroPython unix port (see conftest.py in this folder).
import games.saywhen as sw


def raises(fn, *args):
    try:
        fn(*args)
    except ValueError:
        return True
    return False


def test_guessing_mode_follows_quizzer_score():
    assert sw.guessing_mode([5, 3, 4], 0) == "secret"
    assert sw.guessing_mode([3, 5, 4], 0) == "open"
    assert sw.guessing_mode([3, 5, 4], 2) == "open"  # behind one team is enough
    assert sw.guessing_mode([5, 5, 4], 1) == "choice"
    assert sw.guessing_mode([0, 0, 0, 0], 3) == "choice"  # the start of the game
    assert sw.guessing_mode([2, 9], 1) == "secret"


def test_guessing_mode_rejects_bad_input():
    assert raises(sw.guessing_mode, [1, 2], 2)
    assert raises(sw.guessing_mode, [1, 2], -1)
    assert raises(sw.guessing_mode, [1], 0)


def test_guess_order_starts_left_of_quizzer_and_ends_with_quizzer():
    assert sw.guess_order(4, 0) == [1, 2, 3, 0]
    assert sw.guess_order(4, 2) == [3, 0, 1, 2]
    assert sw.guess_order(4, 3) == [0, 1, 2, 3]
    assert sw.guess_order(2, 1) == [0, 1]
    for n in range(2, 7):
        for q in range(n):
            order = sw.guess_order(n, q)
            assert order[-1] == q
            assert order[0] == (q + 1) % n
            assert sorted(order) == list(range(n))
    assert raises(sw.guess_order, 3, 3)


def test_rulebook_example_closest_in_range_scores_2():
    # Answer 26 years, range 22-30: Team A guesses 30, Team B 23; B is closer, in range.
    assert sw.score_question(26, 22, 30, [(0, 30), (1, 23)], False) == {1: 2}
    assert sw.score_question(26, 22, 30, [(0, 30), (1, 23)], True) == {1: 2}


def test_points_exact_range_and_outside():
    assert sw.score_question(26, 22, 30, [(0, 26), (1, 27)], False) == {0: 4}
    assert sw.score_question(26, 22, 30, [(0, 40), (1, 10)], False) == {0: 1}
    # Range edges are inclusive.
    assert sw.score_question(26, 22, 30, [(0, 22), (1, 40)], False) == {0: 2}
    assert sw.score_question(26, 22, 30, [(0, 50), (1, 30)], False) == {1: 2}
    assert sw.score_question(26, 22, 30, [(0, 31), (1, 50)], False) == {0: 1}


def test_only_guessing_teams_appear():
    assert sw.score_question(26, 22, 30, [], False) == {}
    assert sw.score_question(26, 22, 30, [(2, 24)], False) == {2: 2}


def test_secret_tie_each_scores_by_own_guess():
    # 23 and 29 are both 3 away from 26: both tied for closest, both in range.
    assert sw.score_question(26, 22, 30, [(0, 23), (1, 29), (2, 40)], False) == {0: 2, 1: 2}
    # Tied but one inside the range (24..30) and one outside: each by its own guess.
    assert sw.score_question(26, 24, 30, [(0, 23), (1, 29)], False) == {0: 1, 1: 2}
    # Equal exact guesses both score 4.
    assert sw.score_question(26, 22, 30, [(0, 26), (1, 26)], False) == {0: 4, 1: 4}


def test_open_tie_first_guesser_gets_bonus():
    guesses = [(2, 29), (0, 23), (1, 40)]  # team 2 guessed first
    assert sw.score_question(26, 22, 30, guesses, True) == {2: 3, 0: 2}
    guesses = [(0, 26), (1, 26)]
    assert sw.score_question(26, 22, 30, guesses, True) == {0: 5, 1: 4}
    guesses = [(3, 10), (1, 42)]  # both 16 away, outside the range
    assert sw.score_question(26, 22, 30, guesses, True) == {3: 2, 1: 1}
    # The bonus goes to the first of the tied teams, not to the first guesser overall.
    guesses = [(0, 100), (1, 26), (2, 26)]
    assert sw.score_question(26, 22, 30, guesses, True) == {1: 5, 2: 4}


def test_open_no_tie_no_bonus():
    assert sw.score_question(26, 22, 30, [(0, 23), (1, 30)], True) == {0: 2}


def test_last_card_doubles_bonus_included():
    assert sw.score_question(26, 22, 30, [(0, 30), (1, 23)], False, True) == {1: 4}
    assert sw.score_question(26, 22, 30, [(0, 26)], False, double=True) == {0: 8}
    guesses = [(0, 26), (1, 26)]
    assert sw.score_question(26, 22, 30, guesses, True, double=True) == {0: 10, 1: 8}
    guesses = [(1, 10), (0, 42)]
    assert sw.score_question(26, 22, 30, guesses, True, double=True) == {1: 4, 0: 2}


def test_decimals_compared_exactly():
    # 7.9 billion arrives as 7900000000; 7,900,000,100 is a different, farther guess.
    pts = sw.score_question(7900000000, 7000000000, 8000000000, [(0, 7900000100)], False)
    assert pts == {0: 2}
    pts = sw.score_question(
        7900000000, 7000000000, 8000000000, [(0, 7900000100), (1, "7900000000")], False
    )
    assert pts == {1: 4}
    pts = sw.score_question("7900000000", 7000000000, 8000000000, [(0, "7900000000.0")], False)
    assert pts == {0: 4}
    # Dollars and cents: 3.49 is not 3.5, and 3.50 is.
    assert sw.score_question("3.49", "3.00", "4.00", [(0, "3.5")], False) == {0: 2}
    assert sw.score_question("3.49", "3.00", "4.00", [(0, "3.49")], False) == {0: 4}
    assert sw.score_question("3.5", "3", "4", [(0, "3.50")], False) == {0: 4}
    # 3.48 and 3.5 are both 0.01 from 3.49: a tie, each in range.
    assert sw.score_question("3.49", "3", "4", [(0, "3.48"), (1, "3.5")], False) == {0: 2, 1: 2}
    # 3.489 is closer than 3.5 once both are scaled to thousandths.
    assert sw.score_question("3.49", "3", "4", [(0, "3.5"), (1, "3.489")], False) == {1: 2}
    assert sw.score_question("0.25", "0.2", "0.3", [(0, 0), (1, "0.3")], False) == {1: 2}
    # Ints and strings mix freely; the range can be decimal.
    assert sw.score_question(4, "3.5", "4.5", [(0, "4.5"), (1, 5)], False) == {0: 2}
    # Differences far below single-precision resolution still count.
    big = "123456789012.01"
    assert sw.score_question(big, 0, "999999999999", [(0, "123456789012")], False) == {0: 2}
    assert sw.score_question(big, 0, "999999999999", [(0, big)], False) == {0: 4}


def test_negative_values():
    assert sw.score_question(-5, -10, 0, [(0, "-4"), (1, 6)], False) == {0: 2}
    assert sw.score_question("-0.5", "-1", "0", [(0, "-0.50"), (1, 0)], False) == {0: 4}
    assert sw.score_question(-40, -45, -35, [(0, -36), (1, -44)], True) == {0: 3, 1: 2}


def test_malformed_values_raise():
    for bad in ("", "-", "3.", ".5", "1e9", "3,5", "5 billion", " 3", "--3", "1.2.3", "+3"):
        assert raises(sw.score_question, 26, 22, 30, [(0, bad)], False), bad
    for bad in (3.5, None, True, [3]):
        assert raises(sw.score_question, bad, 22, 30, [(0, 26)], False), bad
    assert raises(sw.score_question, 26, 30, 22, [(0, 26)], False)  # low above high
    assert raises(sw.score_question, 26, 22, 30, [(0, 26), (0, 27)], False)  # guessed twice


def test_result_still_going():
    assert sw.result([0, 0, 0], 0) is None
    assert sw.result([9, 8, 3], 19) is None
    assert sw.result([9, 9], 5, target=10, cards_total=20) is None


def test_result_target_reached_by_one():
    assert sw.result([10, 8, 3], 7) == 0
    assert sw.result([4, 13, 9], 12) == 1
    assert sw.result([4, 5, 3], 3, target=5) == 1


def test_result_target_reached_by_several_on_same_card():
    assert sw.result([11, 12, 3], 9) == 1  # highest wins
    assert sw.result([12, 12, 10], 9) == [0, 1]  # equal highest: Sudden Death
    assert sw.result([12, 3, 12, 12], 9) == [0, 2, 3]


def test_result_after_last_card():
    assert sw.result([9, 7, 3], 20) == 0
    assert sw.result([9, 7, 9], 20) == [0, 2]
    assert sw.result([0, 0], 20) == [0, 1]
    assert sw.result([2, 5], 6, cards_total=6) == 1
    # A double last card can carry a team past the target: highest wins as usual.
    assert sw.result([8 + 4, 9], 20) == 0


def test_sudden_death():
    # Secret guessing among the tied teams; the closest wins.
    assert sw.sudden_death(26, 22, 30, [(0, 30), (2, 23)]) == 2
    assert sw.sudden_death(26, 22, 30, [(2, 23), (0, 29)]) == [0, 2]  # play again
    assert sw.sudden_death("3.49", "3", "4", [(1, "3.5"), (3, "3.490")]) == 3
    assert raises(sw.sudden_death, 26, 22, 30, [])


# score_reasons: the rulebook's worked examples, each team's reason beside its points.
def test_reasons_of_the_rulebook_example_closest_in_range():
    # Answer 26 years, range 22-30: Team A 30, Team B 23. B is closer and in the range: 2.
    assert sw.score_reasons(26, 22, 30, [(0, 30), (1, 23)], False) == {1: (2, [("in range", 2)])}
    # "If no guess had been in the range of 22 to 30, the scoring team would only receive 1."
    assert sw.score_reasons(26, 22, 30, [(0, 40), (1, 10)], False) == {0: (1, [("closest", 1)])}


def test_reasons_of_the_four_two_one_points():
    # "Score 4 points for guessing the exact answer, or 2 in the range, or 1 outside it."
    assert sw.score_reasons(26, 22, 30, [(0, 26), (1, 27)], False) == {0: (4, [("exact", 4)])}
    assert sw.score_reasons(26, 22, 30, [(0, 22)], False) == {0: (2, [("in range", 2)])}


def test_reasons_of_an_open_tie_name_the_first_guesser_bonus():
    # "5 points instead of 4 for an exact answer, 3 instead of 2 for an answer within the
    # range and 2 instead of 1 for closest answer": the first of the tied teams to guess.
    exact = sw.score_reasons(26, 22, 30, [(0, 26), (1, 26)], True)
    assert exact == {0: (5, [("exact", 4), ("first to guess", 1)]), 1: (4, [("exact", 4)])}
    ranged = sw.score_reasons(26, 22, 30, [(2, 29), (0, 23)], True)
    assert ranged == {2: (3, [("in range", 2), ("first to guess", 1)]), 0: (2, [("in range", 2)])}
    outside = sw.score_reasons(26, 22, 30, [(3, 10), (1, 42)], True)
    assert outside == {3: (2, [("closest", 1), ("first to guess", 1)]), 1: (1, [("closest", 1)])}
    # A secret tie: "each scores", no bonus.
    secret = sw.score_reasons(26, 22, 30, [(0, 26), (1, 26)], False)
    assert secret == {0: (4, [("exact", 4)]), 1: (4, [("exact", 4)])}


def test_reasons_of_the_last_card_double_the_bonus_too():
    # "Award double points for the 20th card."
    assert sw.score_reasons(26, 22, 30, [(0, 26)], False, True) == {
        0: (8, [("exact", 4), ("doubled", 4)])
    }
    assert sw.score_reasons(26, 22, 30, [(0, 26), (1, 26)], True, True)[0] == (
        10,
        [("exact", 4), ("first to guess", 1), ("doubled", 5)],
    )


def test_reasons_add_up_to_the_points_score_question_gives():
    from games.rng import Rng

    rng = Rng(16)
    for _ in range(300):
        n = 2 + rng.below(5)
        guesses = [(t, rng.below(60)) for t in range(n) if rng.below(4)]
        low = rng.below(40)
        args = (rng.below(60), low, low + rng.below(20), guesses, rng.below(2) == 1)
        for double in (False, True):
            reasons = sw.score_reasons(*args, double)
            assert {t: p for t, (p, _) in reasons.items()} == sw.score_question(*args, double)
            for points, steps in reasons.values():
                assert sum(p for _, p in steps) == points
                assert steps[0][0] in ("exact", "in range", "closest")
