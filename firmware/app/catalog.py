"""The games the device plays: names, who plays (teams or players), and where each lives.

A game's controller is the module `app.<key>` with `start(app)`, the start of the game
`app.session` (new when its "state" is None, else resumed), a stage a step, which ends
returning its first screen (app.gamescreen.start). It is imported only when the game
starts, after its rules (games.<key>), its model (app.<key>_game) and what its screens
share (app.<key>_board), each at a step of its own (phases.Phases.game), so the menu does
not pay for three games in RAM.
"""

MOST_NAME = 10  # letters in a name the setup's editor spells (app.players; app.session checks)


class Game:
    def __init__(self, key, title, unit, least, most, default, names):
        self.key = key
        self.title = title
        self.unit = unit  # "Teams" or "Players"
        self.least = least
        self.most = most
        self.default = default  # how many the setup screen starts with
        self.names = names  # the built-in names offered, in order


# Split at run time: as a tuple of constants each name would be interned (a qstr, for
# good) as the module loads: 18 names that nothing else uses. Split, they are plain
# strings, which go with the menu.
_TEAMS = tuple("Red Blue Green Gold Purple Orange Silver Pink".split())  # noqa: SIM905
_PLAYERS = tuple("Alex Sam Robin Jo Kim Max Lee Ash Charlie Dani Eli Frankie".split())  # noqa: SIM905

GAMES = (
    Game("saywhen", "Say When!", "Teams", 2, 6, 2, _TEAMS),
    Game("staycool", "Stay Cool", "Players", 3, 8, 4, _PLAYERS),
    Game("scattergories", "Scattergories", "Players", 2, 6, 3, _PLAYERS),
)


def get(key):
    for g in GAMES:
        if g.key == key:
            return g
    return None
