"""The settings menu, imported only when it opens: the menu phase is lighter without it."""

from app.widgets import Item, ListMenu

_VOLUMES = ("Low", "Mid", "High")
_SLEEP = (0, 5, 10, 20, 30, 60)


def _step(app, key, delta, lo, hi):
    app.set_setting(key, min(hi, max(lo, app.settings[key] + delta)))


def _toggle(key):
    return lambda app, delta, now: app.set_setting(key, not app.settings[key])


def _sleep_step(app, delta, now):
    cur = app.settings["sleep_min"]
    i = _SLEEP.index(cur) if cur in _SLEEP else 2
    app.set_setting("sleep_min", _SLEEP[min(len(_SLEEP) - 1, max(0, i + delta))])


def _on_off(key):
    return lambda app: "On" if app.settings[key] else "Off"


def timer_value(app):
    t = app.settings["sg_seconds"]
    return "%d:%02d" % (t // 60, t % 60)


def timer_step(app, delta, now):
    _step(app, "sg_seconds", 15 * delta, 30, 600)


def rounds_value(app):
    return str(app.settings["sg_rounds"])


def rounds_step(app, delta, now):
    _step(app, "sg_rounds", delta, 1, 6)


def menu():
    def volume(app, delta, now):
        _step(app, "volume", delta, 1, 3)
        app.tone("tick")

    def brightness(app, delta, now):
        _step(app, "brightness", delta, 1, 5)

    def sleep_value(app):
        m = app.settings["sleep_min"]
        return "Never" if m == 0 else str(m) + " min"

    def items(app):
        out = []
        if app.parts.get("buzzer"):
            out.append(Item("Sound", value=_on_off("sound"), adjust=_toggle("sound")))
            out.append(
                Item(
                    "Volume",
                    value=lambda app: _VOLUMES[app.settings["volume"] - 1],
                    adjust=volume,
                )
            )
        if app.parts.get("ring"):
            out.append(
                Item(
                    "Ring brightness",
                    value=lambda app: str(app.settings["brightness"]) + "/5",
                    adjust=brightness,
                )
            )
        out.append(Item("Upside down", value=_on_off("rotate"), adjust=_toggle("rotate")))
        out.append(Item("Sleep after", value=sleep_value, adjust=_sleep_step))
        out.append(
            Item("Stay Cool questions", value=_on_off("sc_cards"), adjust=_toggle("sc_cards"))
        )
        out.append(Item("Scattergories timer", value=timer_value, adjust=timer_step))
        out.append(Item("Scattergories rounds", value=rounds_value, adjust=rounds_step))
        return out

    return ListMenu("Settings", items)
