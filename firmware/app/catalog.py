"""The games the device plays: names, who plays (teams or players), and where each lives.

A game's controller is a module `app.<module>` with `start(app, now)`, which returns the
screen that plays `app.session` (new when its "state" is None, else resumed). It is
imported only when the game starts, so the menu does not pay for three games in RAM; this
catalog is itself loaded only by the menu and to start a game.
"""


class Game:
    def __init__(self, key, title, unit, least, most, default, names, module):
        self.key = key
        self.title = title
        self.unit = unit  # "Teams" or "Players"
        self.least = least
        self.most = most
        self.default = default  # how many the setup screen starts with
        self.names = names  # the built-in names offered, in order
        self.module = module


# Split at run time: as a tuple of constants each name would be interned at boot, for
# good: 18 of the pools' names that nothing else uses (tools/names.py). Split, they are
# plain strings.
_TEAMS = tuple("Red Blue Green Gold Purple Orange Silver Pink".split())  # noqa: SIM905
_PLAYERS = tuple("Alex Sam Robin Jo Kim Max Lee Ash Charlie Dani Eli Frankie".split())  # noqa: SIM905

GAMES = (
    Game("saywhen", "Say When!", "Teams", 2, 6, 2, _TEAMS, "saywhen.play"),
    Game("staycool", "Stay Cool", "Players", 3, 8, 4, _PLAYERS, "staycool.play"),
    Game("scattergories", "Scattergories", "Players", 2, 6, 3, _PLAYERS, "scattergories.play"),
)


def get(key):
    for g in GAMES:
        if g.key == key:
            return g
    return None


def finished(session):
    """Whether a saved game was played to its end (its winners were on the screen): Say
    When! has a winner, Stay Cool is over, Scattergories won."""
    state = session.get("state")
    if not isinstance(state, dict):
        return False
    if session.get("game") == "saywhen":
        return state.get("winner") is not None
    return state.get("phase") in ("over", "won")
