"""The settings: their defaults and ranges, the check of saved ones, and the settings menu.

Imported at boot to check what was saved, and when the menu opens; neither the menu phase
nor a game keeps it loaded.
"""

from micropython import const

DEFAULT_SETTINGS = {
    "sound": True,
    "volume": 2,  # 1..3
    "brightness": 3,  # 1..5, within the board's current cap
    "rotate": False,  # the display turned 180 degrees
    "sleep_min": 10,  # idle minutes before the device sleeps; 0 = never
    "sc_cards": True,  # Stay Cool: show the Interrogators' questions (off: printed cards)
    "sg_seconds": 180,  # Scattergories: the round timer
    "sg_rounds": 3,  # Scattergories: rounds in a game
    "wifi": 0,  # a board with Wi-Fi: 0 on while on USB power, 1 on, 2 off (net.phones)
}
_RANGES = {
    "volume": (1, 3),
    "brightness": (1, 5),
    "sleep_min": (0, 60),
    "sg_seconds": (30, 600),
    "sg_rounds": (1, 6),
    "wifi": (0, 2),
}

_SLEEP = const((0, 5, 10, 20, 30, 60))
_SG_STEP = const(15)  # the round timer's step, in seconds


def clean_settings(saved):
    """Settings from a saved dict, every bad or missing value replaced by its default.

    Returns (settings, ok): ok is False when anything had to be replaced."""
    out = dict(DEFAULT_SETTINGS)
    if not isinstance(saved, dict):
        return out, saved is None
    ok = all(key in DEFAULT_SETTINGS for key in saved)  # none the device never writes
    for key, default in DEFAULT_SETTINGS.items():
        if key not in saved:
            continue
        value = saved[key]
        lo_hi = _RANGES.get(key)
        if (
            type(value) is not type(default)  # exact: True is no 1, 1.0 is no 1
            or lo_hi
            and not lo_hi[0] <= value <= lo_hi[1]
            or key == "sleep_min"
            and value not in _SLEEP
            or key == "sg_seconds"
            and value % _SG_STEP
        ):
            ok = False
            continue
        out[key] = value
    return out, ok


_VOLUMES = const(("Low", "Mid", "High"))
_WIFI = const(("On USB only", "On", "Off"))  # (over 10 characters: no name to intern)


def _step(app, key, delta):
    lo, hi = _RANGES[key]
    app.set_setting(key, min(hi, max(lo, app.settings[key] + delta)))


def _toggle(key):
    return lambda app, delta, now: app.set_setting(key, not app.settings[key])


def _stepper(key, by=1):
    return lambda app, delta, now: _step(app, key, by * delta)


def _sleep_step(app, delta, now):
    cur = app.settings["sleep_min"]
    i = _SLEEP.index(cur) if cur in _SLEEP else 2
    app.set_setting("sleep_min", _SLEEP[min(len(_SLEEP) - 1, max(0, i + delta))])


def _on_off(key):
    return lambda app: "On" if app.settings[key] else "Off"


def menu():
    from app.widgets import Item, ListMenu

    def volume(app, delta, now):
        _step(app, "volume", delta)
        app.tone("tick")

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
                    adjust=_stepper("brightness"),
                )
            )
        out.append(Item("Upside down", value=_on_off("rotate"), adjust=_toggle("rotate")))
        if getattr(app, "net", None) is not None:  # a board with Wi-Fi: the phones' network
            out.append(
                Item(
                    "Wi-Fi network",
                    value=lambda app: _WIFI[app.settings["wifi"]],
                    adjust=_stepper("wifi"),
                )
            )
        out.append(Item("Sleep after", value=sleep_value, adjust=_sleep_step))
        out.append(
            Item("Stay Cool questions", value=_on_off("sc_cards"), adjust=_toggle("sc_cards"))
        )
        out.append(
            Item(
                "Scattergories timer",
                value=lambda app: "%d:%02d" % divmod(app.settings["sg_seconds"], 60),
                adjust=_stepper("sg_seconds", _SG_STEP),
            )
        )
        out.append(
            Item(
                "Scattergories rounds",
                value=lambda app: str(app.settings["sg_rounds"]),
                adjust=_stepper("sg_rounds"),
            )
        )
        return out

    return ListMenu("Settings", items)
