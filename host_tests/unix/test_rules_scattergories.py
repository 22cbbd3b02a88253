# Runs inside the MicroPython unix port (see conftest.py in this folder).
from games import scattergories as sg

# The first 40 rolls of LetterDie(2024), the one place this is written. Derived from the
# die's definition (xorshift32 from the mixed seed, each roll uniform among the unrolled
# letters) by test_games_cpython.py's reference_rolls, which checks the firmware's die
# against it under CPython as this file does in the unix port: every port must agree.
SEQ_2024 = "RTWJCEHPAIDNLOBFKSMGJKHISMAOFNGWCEBDRPTL"


def raises(fn, *args):
    try:
        fn(*args)
    except ValueError:
        return True
    return False


def rolls(seed, n):
    die = sg.LetterDie(seed)
    return "".join(die.roll() for _ in range(n))


def test_letters():
    assert sg.LETTERS == "ABCDEFGHIJKLMNOPRSTW"
    assert len(sg.LETTERS) == 20
    for missing in "QUVXYZ":
        assert missing not in sg.LETTERS


def test_die_first_20_rolls_all_different_then_new_cycle():
    for seed in (0, 1, 2, 7, 2024, 65535, 0xFFFFFFFF, 1 << 40, -3):
        seq = rolls(seed, 60)
        for letter in seq:
            assert letter in sg.LETTERS
        for start in (0, 20, 40):  # every cycle of 20 is the whole die
            assert sorted(seq[start : start + 20]) == sorted(sg.LETTERS), (seed, start)


def test_die_same_seed_same_sequence():
    assert rolls(2024, 40) == SEQ_2024
    assert rolls(12345, 45) == rolls(12345, 45)
    # Different seeds give different games (small seeds too).
    firsts = [rolls(seed, 20) for seed in range(8)]
    for i in range(len(firsts)):
        assert firsts[i] not in firsts[:i]


def test_die_cycles_are_not_repeats():
    seq = rolls(99, 60)
    assert seq[:20] != seq[20:40] != seq[40:60]


def test_starts_with_plain_and_case_and_spaces():
    assert sg.starts_with("Kiwi", "K")
    assert sg.starts_with("kiwi", "K")
    assert sg.starts_with("KIWI", "k")
    assert sg.starts_with("   kiwi  ", "k")
    assert not sg.starts_with("Apple", "K")
    assert not sg.starts_with("", "K")
    assert not sg.starts_with("   ", "K")


def test_starts_with_sets_articles_aside():
    assert sg.starts_with("The Chronicles of Riddick", "C")
    assert not sg.starts_with("The Chronicles of Riddick", "T")
    assert sg.starts_with("A Bug's Life", "B")
    assert not sg.starts_with("A Bug's Life", "A")
    assert sg.starts_with("an   Eagle", "E")
    assert sg.starts_with("THE kiwi", "k")
    # Words that only begin like an article are not articles.
    assert sg.starts_with("Theodore", "T")
    assert sg.starts_with("Anaconda", "A")
    assert sg.starts_with("A-ha", "A")
    assert sg.starts_with("Antelope", "A")
    # "The The": only the leading article is set aside.
    assert sg.starts_with("The The", "T")


def test_starts_with_only_an_article_is_blank():
    for answer in ("The", "a", "An", "  the  ", "'The", "THE "):
        for letter in "ATN":
            assert not sg.starts_with(answer, letter), (answer, letter)


def test_starts_with_sets_quotes_and_punctuation_aside():
    assert sg.starts_with('"Kiwi"', "K")
    assert sg.starts_with("'kiwi'", "K")
    assert sg.starts_with('"The Godfather"', "G")
    assert sg.starts_with('The "Matrix"', "M")
    assert sg.starts_with("\u201cThe Kiwi\u201d", "K")
    assert sg.starts_with("...and justice for all", "A")
    assert sg.starts_with("(Bob) Dylan", "B")
    assert not sg.starts_with("7 Up", "S")  # a digit is not punctuation


def test_starts_with_only_written_order_counts():
    assert sg.starts_with("Trump Donald", "T")
    assert not sg.starts_with("Trump Donald", "D")
    assert sg.starts_with("Donald Trump", "D")
    assert not sg.starts_with("Donald Trump", "T")


def test_starts_with_rejects_bad_letter():
    assert raises(sg.starts_with, "kiwi", "")
    assert raises(sg.starts_with, "kiwi", "KI")
    assert raises(sg.starts_with, "kiwi", "1")


def test_score_round_unique_answers_score():
    sheets = [["Kiwi", "Kenya"], ["Kale", "Kansas"]]
    assert sg.score_round(sheets, "K") == [2, 2]


def test_score_round_wrong_letter_and_blanks():
    sheets = [["Kiwi", "", "Apple", "  ", "The"], ["", "Kenya", "kale", "", ""]]
    assert sg.score_round(sheets, "K") == [1, 2]


def test_score_round_duplicates_across_players_score_nothing():
    sheets = [["Kiwi", "Kenya"], ["kiwi", "Kansas"], ["KIWI ", "Korea"]]
    assert sg.score_round(sheets, "K") == [1, 1, 1]
    # "The Kiwi" is "kiwi"; repeated inner spaces do not matter either.
    sheets = [["The Kiwi", "King  Kong"], ["kiwi", "king kong"], ["Kumquat", "Kong"]]
    assert sg.score_round(sheets, "K") == [0, 0, 2]
    # Same answer in different categories is not a duplicate between players.
    sheets = [["Kiwi", ""], ["", "Kiwi"]]
    assert sg.score_round(sheets, "K") == [1, 1]


def test_score_round_duplicate_counts_even_if_the_other_was_rejected():
    # Matching answers are crossed out before anything is challenged.
    sheets = [["Kiwi"], ["Kiwi"]]
    assert sg.score_round(sheets, "K", [(1, 0)]) == [0, 0]


def test_score_round_same_player_scores_an_answer_once():
    sheets = [["Kiwi", "kiwi", "The Kiwi"], ["Kale", "Kenya", "Korea"]]
    assert sg.score_round(sheets, "K") == [1, 3]
    # A repeat of an answer that scored nothing earlier may still score.
    sheets = [["Kiwi", "Kiwi"], ["Kiwi", "Kale"]]
    assert sg.score_round(sheets, "K") == [1, 1]
    sheets = [["Kiwi", "Kiwi"], ["Kale", "Kenya"]]
    assert sg.score_round(sheets, "K", [(0, 0)]) == [1, 2]


def test_score_round_rejected_pairs():
    sheets = [["Kiwi", "Kenya"], ["Kale", "Kansas"]]
    assert sg.score_round(sheets, "K", [(0, 1)]) == [1, 2]
    assert sg.score_round(sheets, "K", [(0, 0), (1, 0), (1, 1)]) == [1, 0]
    assert sg.score_round(sheets, "K", [[1, 1]]) == [2, 1]  # as loaded from JSON


def test_score_round_articles_and_names():
    sheets = [["The Chronicles of Riddick", "Trump Donald"], ["Titanic", "Donald Trump"]]
    assert sg.score_round(sheets, "T") == [1, 1]
    assert sg.score_round(sheets, "C") == [1, 0]
    assert sg.score_round(sheets, "D") == [0, 1]


def test_score_round_lowercase_letter_and_empty_sheets():
    assert sg.score_round([["kiwi"], ["Kale"]], "k") == [1, 1]
    assert sg.score_round([[], []], "K") == [0, 0]
    assert sg.score_round([], "K") == []


def test_challenge_majority_decides():
    assert sg.challenge_accepted([(0, True), (1, True), (2, False)], 0)
    assert not sg.challenge_accepted([(0, True), (1, False), (2, False)], 0)
    assert sg.challenge_accepted([(1, True)], 2)
    assert not sg.challenge_accepted([(0, True), (1, False), (2, False), (3, False)], 0)


def test_challenge_tie_strikes_challenged_vote():
    # Challenged player 0 voted to accept: struck out, the 1 "no" decides.
    assert not sg.challenge_accepted([(0, True), (1, False)], 0)
    # Challenged player 1 voted against their own answer: struck out, accepted.
    assert sg.challenge_accepted([(0, True), (1, False)], 1)
    votes = [(0, True), (1, True), (2, False), (3, False)]
    assert not sg.challenge_accepted(votes, 1)
    assert sg.challenge_accepted(votes, 3)


def test_challenge_tie_standing_accepts():
    # The challenged player (4) did not vote: the tie stands and so does the answer.
    assert sg.challenge_accepted([(0, True), (1, False)], 4)
    assert sg.challenge_accepted([(0, True), (1, True), (2, False), (3, False)], 4)
    assert sg.challenge_accepted([], 0)


def test_challenge_double_vote_raises():
    assert raises(sg.challenge_accepted, [(0, True), (0, False)], 1)


def test_answers_in_quotes_or_with_punctuation_are_the_same_answer():
    # RULES_API: the same once case, spaces, quotes and punctuation at either end and a
    # leading article are set aside ("The Kiwi" = "kiwi" = '"Kiwi!"').
    assert sg.score_round([["Bridge"], ['"Bridge"']], "B") == [0, 0]
    assert sg.score_round([["The Kiwi"], ['"Kiwi!"'], ["kiwi"]], "K") == [0, 0, 0]
    assert sg.score_round([['The "Kiwi"'], ["  KIWI...  "]], "K") == [0, 0]
    assert sg.score_round([["Kiwi fruit"], ["Kiwi"]], "K") == [1, 1]  # inner words count
    assert sg.score_round([['"'], ["The"]], "K") == [0, 0]  # nothing left: blank


def test_each_answer_s_point_worked_by_hand():
    # points(..., player): that player's answers, 1 or 0, each other key made as it is
    # compared; score_round sums them.
    rounds = [
        # A player scores an answer once: "kiwi" and "The Kiwi" repeat "Kiwi".
        ([["Kiwi", "kiwi", "The Kiwi"], ["Kale", "Kenya", "Korea"]], "K", [],
         [[1, 0, 0], [1, 1, 1]]),
        # A rejected answer still makes a match of another's (and scores nothing itself).
        ([["Kiwi", "Kiwi"], ["Kiwi", "Kale"]], "K", [(1, 1)], [[0, 1], [0, 0]]),
        ([["Kiwi", "Kiwi"], ["Kale", "Kenya"]], "K", [(0, 0)], [[0, 1], [1, 1]]),
        ([["The Kiwi", "King  Kong"], ["kiwi", "king kong"], ["Kumquat", "Kong"]], "K", [],
         [[0, 0], [0, 0], [1, 1]]),
        ([["Kiwi"], ["Kiwi"]], "K", [[1, 0]], [[0], [0]]),  # a pair as JSON sends it
        ([["Kiwi", ""], [], ["", "Kiwi", "Kale"]], "K", [], [[1, 0], [], [0, 1, 1]]),
        # "The The" keys as "the", whose own key is "": keys are compared, not re-keyed.
        ([["The The", "Tea"], ["the", "tea"], ["The", "The Tea"]], "T", [],
         [[1, 0], [0, 0], [0, 0]]),
        ([['"Kiwi!"', "Kenya"], ["  KIWI...  ", "Korea"], ["Kale", "kenya"]], "K", [(2, 0)],
         [[0, 0], [0, 1], [0, 0]]),
    ]  # fmt: skip
    for sheets, letter, rejected, rows in rounds:
        for p, row in enumerate(rows):
            assert sg.points(sheets, letter, rejected, p) == row, (sheets, p)
        assert sg.score_round(sheets, letter, rejected) == [sum(r) for r in rows], sheets
