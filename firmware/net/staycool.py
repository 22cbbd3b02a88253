"""Stay Cool on the phones: each Interrogator's card with its answers, and their buttons.

The Written Interrogator's phone shows this turn's written card, the Verbal
Interrogator's the verbal card: its questions with their answers, the one to ask now
marked (a view holds that one and the five after it; the page keeps those it saw), and
Right, Skip and Undo. A phone's tap is the very button event the device's
own buttons give (Right: A or B, Skip: A or B held, Undo: DOWN), handed to the turn's
screen, so the device counts it exactly as it counts its buttons: the rules' Turn, the
log that undo replays, the tones. Taps are taken only while the turn's screen is on top
and its sand runs (not paused, not under a dialog). The phones follow the roles as they
pass left each turn (game.roles()); with three players the Written Interrogator keeps
time as well. The active player's phone gets no card at all (no question, no answer);
the others see whose turn it is, the round, the Timer Card's number and the scores. The
ring and the buzzer stay the timer: no phone shows a countdown that could disagree.

The turn being played is the model's `live` while its screen plays it.
"""

from micropython import const

from app.staycool_game import NAMES, OVER, ROUNDS, VALUES

_BUTTONS = const(("right", "skip", "undo"))
_ROLES = const(("active", "written", "verbal", "timer"))
_AHEAD = const(6)  # questions a view holds: the one to ask and the five after it


def card(game, k, first):
    """This turn's card of kind k from question `first` (from 0) on, at most _AHEAD of
    them as [question, answer] pairs, or None on printed cards. One read of the card (its
    record is read in small pieces), not the one question the device keeps
    (game.question). A phone keeps the questions it has been sent, so it shows the whole
    card as the turn goes on; a whole verbal card at once would be a view of 1.5 KB,
    more than the heap of a Stay Cool turn has in one piece beside the server."""
    cards = game.s["cards"]
    if not game.showing() or cards is None:
        return None
    n = max(0, min(_AHEAD, game.total(k) - first))
    fields = game.decks(k).fields(cards[k], 1 + 2 * first, 2 * n)[0]
    return [fields[i : i + 2] for i in range(0, len(fields) - 1, 2)]


def view(net, game, team, now):
    """What player `team`'s phone shows (a JSON-able dict)."""
    s = game.s
    roles = game.roles()
    out = {
        "kind": "staycool",
        "round": s["round"],
        "rounds": ROUNDS,
        "players": game.names,
        "roles": dict(zip(_ROLES, roles)),
        "scores": game.totals(),
        "over": s["phase"] == OVER,
        "last": None,
        "turn": None,
    }
    if s["last"] is not None:  # the last turn's counts and points (they may still be fixed)
        p, r, w, v = s["last"]
        out["last"] = {"player": p, "round": r, "counts": [w, v], "score": s["scores"][p][r - 1]}
    if out["over"]:
        out["winners"] = game.winners()
        return out
    counts = [0, 0]
    live = game.live
    if live is not None:  # the sand runs (or stands still, paused)
        t = live.turn
        counts = [t.written, t.verbal]
        out["turn"] = {
            "timer_card": t.position,  # coarse: the ring and the buzzer are the timer
            "paused": live.paused(),
            "skipped": t.skipped,
            "taps": net.app.table()[0] == "game" and not live.paused(),
        }
    out["counts"] = counts
    for k in (0, 1):
        if team == roles[1 + k]:  # this phone's player asks this kind's questions
            total = game.total(k)
            out["card"] = {
                "kind": k,
                "name": NAMES[k],
                # which card of its deck: a phone keeps the questions it saw of this one
                "number": s["cards"] and s["cards"][k],
                "total": total,
                "done": counts[k],
                "values": list(VALUES[k][1 : total + 1]),
                "questions": card(game, k, counts[k]),  # from the one to ask now
            }
    return out


def act(net, game, team, message, now):
    """An Interrogator's tap, {"button": "right" | "skip" | "undo"}: None once the turn
    took it, else (HTTP status, why not)."""
    app = net.app
    live = game.live
    if live is None or app.table()[0] != "game":
        return 409, "not during a turn"
    if live.paused():
        return 409, "the turn is paused"
    roles = game.roles()
    if team not in roles[1:3]:
        return 409, "not an Interrogator in this turn"
    what = message.get("button")
    if what not in _BUTTONS:
        return 400, "button: right, skip or undo"
    b = "A" if team == roles[1] else "B"
    ev = ("press", "DOWN") if what == "undo" else ("long" if what == "skip" else "press", b)
    before = len(live.log)
    app.step(ev, now)  # the very event of the device's button
    if len(live.log) != before:
        return None
    if game.live is not live:
        return 409, "time is up"
    if what == "undo":
        return 409, "nothing to undo"
    t = live.turn
    done = t.written >= t.written_total if b == "A" else t.verbal >= t.verbal_total
    if done:
        return 409, "this card is done"
    return 409, "the skip is used" if t.skipped else "no skip on 4"
