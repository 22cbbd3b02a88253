"""Say When!: how teams guess, who scores on a question, and when the game is won.

Pure rules: no clock, no hardware, no files. Teams are numbered 0..n-1 clockwise, so team
(i + 1) % n sits to the left of team i. Answers, ranges and guesses are ints or exact
decimal strings ("3.49", "-0.25"), compared as integers scaled to the same number of
decimal places and never through float: the Pico's single-precision floats cannot tell
7,900,000,100 from 7.9 billion.
"""

from games import const

SECRET = "secret"
OPEN = "open"
CHOICE = "choice"

_EXACT = const(4)
_IN_RANGE = const(2)
_CLOSEST = const(1)
# Why a team scores (score_reasons), in the words the Answer Door shows.
_WHY_EXACT = const("exact")
_WHY_IN_RANGE = const("in range")
_WHY_CLOSEST = const("closest")
_WHY_FIRST = const("first to guess")
_WHY_DOUBLED = const("doubled")
_DIGITS = const("0123456789")


def guessing_mode(scores, quizzer):
    """SECRET when the Quizzer's team leads alone, OPEN when it trails, CHOICE when tied."""
    _check_team(quizzer, len(scores))
    if len(scores) < 2:
        raise ValueError("Say When! needs at least two teams")
    own = scores[quizzer]
    best_other = max(s for i, s in enumerate(scores) if i != quizzer)
    if own > best_other:
        return SECRET
    if own < best_other:
        return OPEN
    return CHOICE


def guess_order(n_teams, quizzer):
    """Teams from the Quizzer's left, clockwise, the Quizzer's own team last."""
    _check_team(quizzer, n_teams)
    return [(quizzer + 1 + i) % n_teams for i in range(n_teams)]


def score_question(answer, low, high, guesses, open_guessing, double=False):
    """{team: points} for the closest guess(es) only; `guesses` is [(team, value)] in order."""
    scored = score_reasons(answer, low, high, guesses, open_guessing, double)
    return {team: points for team, (points, _) in scored.items()}


def score_reasons(answer, low, high, guesses, open_guessing, double=False):
    """{team: (points, [(reason, points it adds), ...])} for the teams score_question scores,
    with the same points, and why: first how close the guess was ("exact" 4, "in range" 2,
    or "closest" 1), then "first to guess" 1 for the tied team that guessed first in open
    guessing, then "doubled" (as much again) on the last card."""
    teams = [team for team, _ in guesses]
    for i, team in enumerate(teams):
        if team in teams[:i]:
            raise ValueError("team %r guessed twice" % (team,))
    numbers = _scaled([answer, low, high] + [value for _, value in guesses])
    if numbers[1] > numbers[2]:
        raise ValueError("range low %r is above high %r" % (low, high))
    answer, low, high, values = numbers[0], numbers[1], numbers[2], numbers[3:]
    if not values:
        return {}
    distances = [abs(v - answer) for v in values]
    closest = min(distances)
    scored = {}
    first = None  # the tied team that guessed first: the open-guessing bonus goes to it
    for i, team in enumerate(teams):
        if distances[i] != closest:
            continue
        value = values[i]
        if first is None:
            first = team
        # Each tied team scores by its own guess: 23 and 29 are equally close to 26.
        if value == answer:
            scored[team] = [(_WHY_EXACT, _EXACT)]
        elif low <= value <= high:
            scored[team] = [(_WHY_IN_RANGE, _IN_RANGE)]
        else:
            scored[team] = [(_WHY_CLOSEST, _CLOSEST)]
    if open_guessing and len(scored) > 1:
        scored[first].append((_WHY_FIRST, 1))
    for team, steps in scored.items():
        points = sum(p for _, p in steps)
        if double:  # the last card: everything doubles, the bonus too
            steps.append((_WHY_DOUBLED, points))
            points *= 2
        scored[team] = (points, steps)
    return scored


def result(scores, cards_played, target=10, cards_total=20):
    """None while play goes on, else the winner, or a list of teams tied for Sudden Death."""
    if not scores:
        raise ValueError("no teams")
    best = max(scores)
    if best < target and cards_played < cards_total:
        return None
    return _leaders([i for i, s in enumerate(scores) if s == best])


def sudden_death(answer, low, high, guesses):
    """The Sudden Death winner, or the list of teams still tied (they play another question).

    Guessing is secret among the tied teams; the closest wins and its points are not kept.
    """
    if not guesses:
        raise ValueError("no guesses")
    return _leaders(sorted(score_question(answer, low, high, guesses, False)))


def _leaders(teams):
    return teams[0] if len(teams) == 1 else teams


def _check_team(team, n_teams):
    if not 0 <= team < n_teams:
        raise ValueError("team %r is not one of %r teams" % (team, n_teams))


def _decimal(value):
    """(units, places) such that value == units / 10**places, exactly."""
    if isinstance(value, int) and not isinstance(value, bool):
        return value, 0
    if not isinstance(value, str):
        raise ValueError("not an int or a decimal string: %r" % (value,))
    negative = value.startswith("-")
    body = value[1:] if negative else value
    dot = body.find(".")
    whole, frac = (body, "") if dot < 0 else (body[:dot], body[dot + 1 :])
    if not _is_digits(whole) or (dot >= 0 and not _is_digits(frac)):
        raise ValueError("not a decimal number like '3.49': %r" % (value,))
    units = int(whole + frac)
    return (-units if negative else units), len(frac)


def _is_digits(text):
    # Not str.isdigit(): CPython counts "²" and other Unicode digits, MicroPython does not.
    return bool(text) and all(ch in _DIGITS for ch in text)


def _scaled(values):
    """The values as ints, all scaled to the most decimal places any of them has."""
    parsed = [_decimal(v) for v in values]
    places = max(p for _, p in parsed)
    return [units * 10 ** (places - p) for units, p in parsed]
