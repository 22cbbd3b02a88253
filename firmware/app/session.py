"""The saved game, checked whole when it is read back at boot (wake.py): its game, its
players, and its state, field by field.

A state passes only when every field has the type, the range and the consistency its
game's model relies on, so nothing read later can fail on it: a value the device could
never have written is damage, and a damaged save is set aside at boot, with a notice.
The check raises DamagedSave, and only that is taken for a damaged save: any other error
is a bug, which the tests surface (and on a board, main.py's loop breaker keeps from
looping). Loaded at boot only, and let go: the games carry none of it, as a state they
make themselves needs no check. The records of cards played are checked here too.
"""

from micropython import const

from app import catalog

_DIGITS = const("0123456789")
_SESSION = const(("game", "names", "state"))
_NAME_LETTERS = const(" ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
_RECORD = const(("n", "bits"))
_NETWORK = const(("ssid", "key", "game", "names", "tokens"))  # net.join.fresh()'s, no more
_SSID_CHARS = const("ABCDEFGHJKLMNPQRSTUVWXYZ23456789")  # net.join's, for names and keys
_KEY_CHARS = const("abcdefghijkmnpqrstuvwxyz23456789")
_HEX = const("0123456789abcdef")


class DamagedSave(Exception):
    pass


def need(x):
    if not x:
        raise DamagedSave


def count(x, most):
    """Whether x is a whole number 0..most (an int, not a bool or a float)."""
    return type(x) is int and 0 <= x <= most


def counts(items, most, n=None):
    """Whether items is a list of such numbers (n of them, if n is given)."""
    return (
        type(items) is list
        and (n is None or len(items) == n)
        and all(count(x, most) for x in items)
    )


def fields(d, keys, optional=()):
    """Whether d is a dict with these keys, and none but them and the `optional` ones: a
    key the device never writes is damage (and its value, kept, would hold heap)."""
    return (
        type(d) is dict
        and all(k in d for k in keys)
        and all(k in keys or k in optional for k in d)
    )


def clean_session(saved, cards):
    """(session, ok): session None when there is none or it does not hold up. `cards(deck)`
    is how many cards the deck of that name holds, or None when it cannot be read (its
    game then says why, and the save stays)."""
    if saved is None:
        return None, True
    try:
        need(fields(saved, _SESSION))
        game = catalog.get(saved["game"])  # (a str or None, by the schema's types)
        names, state = saved["names"], saved["state"]
        need(game is not None and type(names) is list)
        need(game.least <= len(names) <= game.most and all(_name(n) for n in names))
        if state is not None:
            need(type(state) is dict)
            if game.key == "saywhen":
                _saywhen(state, len(names), cards("saywhen"))
            elif game.key == "staycool":
                _staycool(state, len(names))
            else:
                _scattergories(state, len(names), cards("scattergories"))
    except DamagedSave:
        return None, False
    return saved, True


def clean_played(played, sizes):
    """(records, ok) from the saved records of cards played (app.deck.record), one made for
    each deck of `sizes` ({name: cards}). A record must be as the device writes one: "n" a
    power of two from 64, "bits" n/16 numbers of 16 bits; ok is False when one was not (it
    is dropped) or the whole was not a dict of them. A sound record of a deck that has
    changed size starts afresh, as a new deck (deck.record), and that is no damage."""
    from app.deck import record

    ok = played is None or type(played) is dict
    out = {}
    for name, rec in played.items() if ok and played else ():
        n = rec.get("n") if type(rec) is dict else None
        if (
            type(name) is str
            and len(name) <= 32
            and fields(rec, _RECORD)
            and count(n, 0x10000)
            and n >= 64
            and not n & (n - 1)
            and counts(rec["bits"], 0xFFFF, n >> 4)
        ):
            out[name] = rec
        else:
            ok = False
    for name, size in sizes.items():
        out[name] = record(out.get(name), size)
    return out, ok


def clean_phones(saved):
    """(network, ok) from the phones' saved network (net.phones: a board with Wi-Fi): as
    net.join.fresh() and net.phones make it, or None and ok False (None and ok True when
    none was saved)."""
    if saved is None:
        return None, True
    if not fields(saved, _NETWORK):
        return None, False
    ssid, names, tokens, game = saved["ssid"], saved["names"], saved["tokens"], saved["game"]
    ok = (
        type(ssid) is str
        and ssid[:8] == "Scanner-"
        and _spelled(ssid[8:], _SSID_CHARS, 4)
        and _spelled(saved["key"], _KEY_CHARS, 8)
        and (game is None or type(game) is str and catalog.get(game) is not None)
        and type(names) is list
        and type(tokens) is list
        and len(names) == len(tokens) <= 8  # (Stay Cool's most players)
        and all(_name(n) for n in names)
    )
    for i in range(len(tokens) if ok else 0):
        token = tokens[i]
        if token is not None and (
            type(token) is not str
            or not 16 <= len(token) <= 64
            or token.strip(_HEX)
            or token in tokens[:i]  # one phone, one team
        ):
            ok = False
    return (saved, True) if ok else (None, False)


def _spelled(text, chars, n):
    """Whether text is a str of n characters, each one of `chars`."""
    return type(text) is str and len(text) == n and not text.strip(chars)


def _name(n):
    """Whether n is a name the setup can make: the built-in ones, or one spelled in its
    editor (letters, digits and inner spaces, at most catalog.MOST_NAME of them)."""
    return (
        type(n) is str
        and 0 < len(n) <= catalog.MOST_NAME
        and not n.strip(_NAME_LETTERS)
        and n.strip() == n
    )


# -- Say When! (app/saywhen_game.py) -------------------------------------------------------


def _saywhen(s, n, deck):
    """The deck's cards, the game so far, and undo's copy of it."""
    from app.saywhen_game import CARDS, SAVED

    need(fields(s, SAVED + ("cards", "rng", "undo")) and n >= 2)
    most = 0xFFFF if deck is None else deck - 1
    cards = s["cards"]
    # The cards dealt so far, one as each comes up (a save from before holds all twenty)
    need(counts(cards, most) and 0 < len(cards) <= CARDS and count(s["rng"], 0xFFFFFFFF))
    _saywhen_play(s, n, most, len(cards))
    undo = s["undo"]
    if undo is not None:
        need(fields(undo, SAVED))
        _saywhen_play(undo, n, most, len(cards))


def _saywhen_play(s, n, most, dealt):
    """The fields a scoring changes (and undo keeps a copy of); `most`: the last card;
    `dealt`: how many of the game's cards are dealt."""
    from app.saywhen_game import CARDS, JUDGE_KINDS, TARGET
    from games import saywhen as rules

    sudden, winner, scores = s["sudden"], s["winner"], s["scores"]
    # A card gives at most 4 (exact) + 1 (first of the tied, open), doubled on the last:
    # no score passes the target by more.
    need(counts(scores, TARGET - 1 + 10, n) and count(s["played"], CARDS))
    best = max(scores)
    ended = best >= TARGET or s["played"] >= CARDS  # rules.result: the game is decided
    need(
        count(s["quizzer"], n - 1)
        and (winner is None or count(winner, n - 1) and sudden is None)
        and counts(s["extra"], most)
        and len(s["extra"]) <= most + 1
        and s["mode"] in (None, rules.SECRET, rules.OPEN)
        and type(s["door"]) is bool
        and (sudden is None or counts(sudden, n - 1) and s["extra"])
        and (sudden is None or len(set(sudden)) == len(sudden))
        # a winner or a Sudden Death only in a game the rules have decided, of the leaders
        and ended == (winner is not None or sudden is not None)
        and (ended or s["played"] < dealt)  # the card in play is dealt
        and (winner is None or scores[winner] == best)
        and (sudden is None or all(scores[t] == best for t in sudden))
        and type(s["guesses"]) is list
    )
    if sudden:
        need(len(sudden) >= 2)
    order = [t for t in rules.guess_order(n, s["quizzer"]) if not sudden or t in sudden]
    guessed = []
    for g in s["guesses"]:
        need(type(g) is list and len(g) == 2 and count(g[0], n - 1))
        need(g[0] in order and g[0] not in guessed)
        need(g[1] is None or _is_number(g[1]))
        guessed.append(g[0])
    judge = s["judge"]
    if judge is not None:
        need(type(judge) is list and judge)
        judged = []
        for j in judge:
            need(type(j) is list and len(j) == 2 and count(j[0], n - 1))
            need(j[0] in order and j[0] not in judged and j[1] in JUDGE_KINDS)
            judged.append(j[0])


def _is_number(text):
    """Whether text is a guess as the number editor writes one: "-12.5", "1500000"."""
    if type(text) is not str or not 0 < len(text) <= 24:
        return False
    whole, dot, frac = text[1:].partition(".") if text[:1] == "-" else text.partition(".")
    # strip(), not a loop over the characters: a loop would intern each one it makes
    return whole and not whole.strip(_DIGITS) and (not dot or frac and not frac.strip(_DIGITS))


# -- Stay Cool (app/staycool_game.py) ------------------------------------------------------

_LONGEST_MS = const(120_000)  # a turn's sand: four glasses of PERIOD_MS at most
_PRESSES = const(("correct", "skip", "timer"))
_STAYCOOL = const(("round", "turn", "scores", "cards", "rng", "phase", "last", "live"))


def _staycool(s, n):
    """The rounds, the turn, the cards dealt, the last turn's counts and a paused turn."""
    from app.staycool_game import KINDS, MOST, OVER, READY, ROUNDS, RUNNING
    from games.staycool import turn_score

    s.setdefault("live", None)  # saved before turns could be paused
    need(fields(s, _STAYCOOL) and n >= 3)
    cards, last, live, scores = s["cards"], s["last"], s["live"], s["scores"]
    need(
        count(s["round"], ROUNDS)
        and s["round"] >= 1
        and count(s["turn"], n - 1)
        and s["phase"] in (READY, RUNNING, OVER)
        and count(s["rng"], 0xFFFFFFFF)
        and type(scores) is list
        and len(scores) == n
        and all(counts(r, 80, ROUNDS) for r in scores)  # a turn: at most 10 x 8 points
        and (cards is None or counts(cards, 9999, 2))
        and (last is None or counts(last, MOST[1], 4))
        and (live is None or s["phase"] == RUNNING)
    )
    over = s["phase"] == OVER
    # The game ends after the last player's turn of round 3, and no turn after the one
    # being played has points yet.
    need(not over or s["round"] == ROUNDS and s["turn"] == n - 1 and last is not None)
    at = (s["round"] - 1) * n + s["turn"]
    for p in range(n):
        for r in range(ROUNDS):
            need(over or r * n + p < at or scores[p][r] == 0)
    if last is not None:
        p, r, written, verbal = last
        need(p < n and 1 <= r <= ROUNDS and written <= MOST[0])
        need((r - 1) * n + p == (at if over else at - 1))  # the turn before the one to play
        need(scores[p][r - 1] == turn_score(written, verbal))
    if live is not None:
        need(type(live) is list and len(live) == 2 and count(live[0], _LONGEST_MS))
        need(type(live[1]) is list and len(live[1]) <= 2 * sum(MOST))
        at = 0
        for press in live[1]:
            need(type(press) is list and len(press) == 3 and press[0] in _PRESSES)
            need(press[1] in KINDS if press[0] != "timer" else press[1] is None)
            need(count(press[2], live[0]) and press[2] >= at)
            at = press[2]


# -- Scattergories (app/scattergories_game.py) ---------------------------------------------

_PHASES = const(("pick", "roll", "play", "score", "totals", "won"))
_LONGEST_ROUND_MS = const(3_600_000)  # a round's timer: the settings give at most 10 minutes
_SCATTERGORIES = const(
    (
        "seed",
        "rounds",
        "ms",
        "phase",
        "lists",
        "letters",
        "faces",
        "rng",
        "left",
        "points",
        "challenges",
        "scores",
    )
)


def _scattergories(s, n, deck):
    """The rounds, the lists and letters, the timer, the points; then what a round's play
    left (_scattergories_play)."""
    from app.scattergories_game import CATEGORIES

    need(fields(s, _SCATTERGORIES, ("sheets", "vote")) and n >= 2)  # (phones')
    rounds, scores, ms, phase = s["rounds"], s["scores"], s["ms"], s["phase"]
    need(
        count(rounds, 20)
        and rounds >= 1
        and count(ms, _LONGEST_ROUND_MS)
        and ms > 0
        and phase in _PHASES
        and count(s["seed"], 0xFFFFFFFF)
        and count(s["rng"], 0xFFFFFFFF)
        and (s["left"] is None or count(s["left"], ms))
        # (None: time's up, the sheets not scored yet: Scattergories.score_sheets)
        and (counts(s["points"], CATEGORIES, n) or phase == "score" and s["points"] is None)
        and type(scores) is list
        and all(counts(row, CATEGORIES, n) for row in scores)
        and counts(s["lists"], 0xFFFF if deck is None else deck)
        and _letters(s["letters"])
        and _letters(s["faces"])
        and type(s["challenges"]) is list
    )
    done = len(scores)
    in_round = phase in ("roll", "play", "score")
    need(
        len(s["lists"]) == len(s["letters"]) == done + (1 if in_round else 0)
        and 0 not in s["lists"]
        and len(s["faces"]) <= 61
        and (done == rounds) == (phase == "won")
        and done <= rounds
        and (phase != "totals" or done >= 1)
    )
    _scattergories_play(s, n)


def _scattergories_play(s, n):
    """What the round's play left: its challenges, the answers typed on phones and a vote
    on one of them."""
    from app.scattergories_game import CATEGORIES, Sheet, fit

    for c in s["challenges"]:
        need(type(c) is list and len(c) == 3 and count(c[0], n - 1))
        need(count(c[1], CATEGORIES - 1) and type(c[2]) is bool)
    sheets = s.get("sheets")
    need(sheets is None or type(sheets) is list and len(sheets) == n)
    for p, text in enumerate(sheets or ()):
        if type(text) is list:  # an earlier firmware's save: the answers in a list
            need(len(text) in (0, CATEGORIES) and all(type(a) is str for a in text))
            text = sheets[p] = "\n".join(text)
        need(type(text) is str)
        answers = text.split("\n") if text else ()
        need(len(answers) in (0, CATEGORIES) and all(fit(a) for a in answers))
    vote = s.get("vote")
    if vote is not None:  # a challenge of an answer on a phone, being voted
        need(s["phase"] == "score" and type(vote) is list and len(vote) == 3)
        player, category, votes = vote
        need(count(player, n - 1) and count(category, CATEGORIES - 1))
        need(sheets and sheets[player] and Sheet(sheets[player])[category])
        need(type(votes) is list)
        for v in votes:
            need(type(v) is list and len(v) == 2 and count(v[0], n - 1))
            need(type(v[1]) is bool)
        need(len(set(v[0] for v in votes)) == len(votes))  # one vote each


def _letters(text):
    """Whether text is a string of the die's letters (strip, not a loop: no single-letter
    strings are made, and so none interned)."""
    from games.scattergories import LETTERS

    return type(text) is str and not text.strip(LETTERS)
