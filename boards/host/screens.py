"""What the device shows, as JSON-able dicts read from its screens' attributes.

The debug hook of the host board: the headless simulator's `state` command, the fuzzer's
checks and the tests read the device through it (which screen shows, what it shows: the
question, the sand left, the scores...). A board's build leaves it out, so the firmware
carries none of this code and none of its names: a screen keeps only what it draws from.
A game's screens are read by a module of its own (screens_saywhen.py, ...), loaded only
while that game plays, as the game's own modules are: so the fuzzer and the tests, which
hold the device to a board's heap, carry little of this beside it.
"""


def state(app):
    """The device's state: the screen on top (a game's: the game), what it shows, the
    settings, the saved game."""
    screen = app.screen
    model = type(getattr(screen, "game", None)).__name__
    game = model in ("SayWhen", "StayCool", "Scattergories")
    return {
        "screen": app.session["game"] if game else screen.name,
        "view": view(app),
        "settings": app.settings,
        "session": app.session,
    }


def view(app):
    """What the screen on top shows: a game's screen by its game (the model it plays)."""
    screen = app.screen
    kind = type(screen).__name__
    model = type(getattr(screen, "game", None)).__name__
    if model == "SayWhen":
        from screens_saywhen import view as shows
    elif model == "StayCool":
        from screens_staycool import view as shows
    elif model == "Scattergories":
        from screens_scattergories import view as shows
    else:
        return menu(screen, kind)
    return shows(app, screen, kind)


def shown(kind, table):
    """{"view": ...}: the view a game's screen of class `kind` shows, from `table`: a class,
    its view, the next class... (a constant: no name of its own in the host's pools)."""
    return {"view": table[table.index(kind) + 1] if kind in table else "?"}


def menu(screen, kind):
    """A screen of the menu phase, or a dialog."""
    if kind in ("ListMenu", "Setup"):
        labels = [item.label for item in screen.items]
        return {"title": screen.title, "items": labels, "selected": screen.sel}
    if kind in ("Confirm", "Notice"):
        return {"title": screen.title, "message": screen.message}
    if kind == "NamePicker":
        return {"name": screen.value}
    if kind == "NameEditor":
        return {"name": screen.text(), "cursor": screen.pos}
    if kind == "SelfTest":
        return {"down": sorted(screen.down), "seen": sorted(screen.seen), "last": screen.last}
    if kind == "BringUp":
        return {"count": screen.count}
    if kind == "Rules":
        return {"game": screen.about.key}
    return {}
