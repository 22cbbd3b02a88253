"""The menu, settings and game setup, driven through the headless simulator."""

from sim import Sim

from tools.mpenv import read_save


def test_boots_to_the_menu(tmp_path):
    out = Sim(tmp_path).run("text\nstate")
    state = out.state()
    assert state["screen"] == "menu"
    assert state["view"]["items"] == [
        "Say When!",
        "Stay Cool",
        "Scattergories",
        "Settings",
        "Self-test",
    ]
    assert out.texts()[0][0] == "Party Scanner"
    assert state["session"] is None


def test_change_a_setting_and_it_survives_a_power_cut(tmp_path):
    sim = Sim(tmp_path)
    out = sim.run(
        """
        press UP        # wraps to Self-test
        press UP        # Settings
        press GO
        state
        press C         # Sound: On -> Off
        state
        press DOWN      # Volume
        press DOWN      # Ring brightness
        press B         # 3 -> 2
        state
        """
    )
    opened, sound, ring = out.states()
    assert opened["screen"] == "menu" and opened["view"]["title"] == "Settings"
    assert sound["settings"]["sound"] is False
    assert ring["settings"]["brightness"] == 2
    saved = read_save(tmp_path / "settings.json")
    assert saved["sound"] is False and saved["brightness"] == 2
    again = sim.run("state").state()
    assert again["settings"]["sound"] is False and again["settings"]["brightness"] == 2


def test_volume_change_sounds_only_with_sound_on(tmp_path):
    out = Sim(tmp_path).run(
        "press UP\npress UP\npress GO\npress DOWN\npress C\npress UP\npress C\npress DOWN\npress C"
    )
    # Volume up beeps; then sound goes off and the next volume change is silent.
    assert out.tones() == ["tick"]


def test_new_game_setup_start_and_resume_after_power_cut(tmp_path):
    sim = Sim(tmp_path)
    out = sim.run(
        """
        press GO        # Say When!
        press GO        # New game
        press C         # Teams: 2 -> 3
        state
        press DOWN
        press DOWN
        press DOWN
        press DOWN      # Start game
        press GO
        state
        """
    )
    setup, game = out.states()
    assert setup["view"]["items"][1:4] == ["1. Red", "2. Blue", "3. Green"]
    assert game["screen"] == "saywhen" and game["view"]["view"] == "question"
    assert game["session"]["names"] == ["Red", "Blue", "Green"]
    saved = read_save(tmp_path / "session.json")
    assert saved["game"] == "saywhen"

    # Power cut: the device offers to resume the game it saved.
    out = sim.run("text\nstate\npress B\nstate")
    offer, resumed = out.states()
    assert offer["screen"] == "resume"
    assert "Say When!" in out.texts()[0]
    assert resumed["screen"] == "saywhen"
    assert resumed["session"]["names"] == ["Red", "Blue", "Green"]


def test_resume_offer_declined_keeps_the_game(tmp_path):
    sim = Sim(tmp_path)
    sim.run("press GO\npress GO\npress UP\npress GO")  # start Say When! (Start is last)
    out = sim.run("press A\nstate")
    state = out.state()
    assert state["screen"] == "menu"
    assert state["view"]["items"][0] == "Resume Say When!"
    assert state["session"]["game"] == "saywhen"


def test_chord_goes_back_to_the_menu_from_anywhere(tmp_path):
    out = Sim(tmp_path).run("press GO\npress GO\npress DOWN\npress GO\nstate\nchord A C\nstate")
    deep, home = out.states()
    assert deep["screen"] == "name"
    assert home["screen"] == "menu" and home["view"]["title"] == "Party Scanner"


def test_name_picker_and_letter_editor(tmp_path):
    out = Sim(tmp_path).run(
        """
        press GO
        press GO
        press DOWN      # 1. Red
        press GO
        press DOWN      # built-in list: Red -> Blue
        press DOWN      # -> Green
        press C         # OK
        state
        press GO        # 1. Green again, into the picker
        press B         # edit letter by letter: cursor on the last letter
        press DOWN      # N -> M
        press B         # a new letter after it
        press UP        # blank -> A
        press C         # done
        state
        """
    )
    picked, edited = out.states()
    assert picked["view"]["items"][1] == "1. Green"
    assert edited["view"]["items"][1] == "1. Greema"


def test_player_count_stays_within_the_rules(tmp_path):
    script = "press DOWN\npress GO\npress GO\n" + "press B\n" * 5 + "state\n" + "press C\n" * 9
    out = Sim(tmp_path).run(script + "state")
    fewest, most = out.states()
    assert fewest["view"]["items"][0] == "Players" and len(fewest["view"]["items"]) == 3 + 2
    assert len(most["view"]["items"]) == 8 + 2  # Stay Cool: 3 to 8 players


def test_abandon_asks_first(tmp_path):
    sim = Sim(tmp_path)
    sim.run("press GO\npress GO\npress UP\npress GO\npress A")  # a game, back to the menu
    out = sim.run(
        """
        press A         # decline the resume offer
        press DOWN      # Say When!
        press GO
        press DOWN
        press DOWN
        press DOWN      # Abandon
        press GO
        state
        press A         # No
        state
        press GO
        press C         # Yes
        state
        """
    )
    ask, kept, gone = out.states()
    assert ask["screen"] == "confirm"
    assert kept["session"] is not None
    assert gone["session"] is None and gone["view"]["items"][0] == "Say When!"
    assert not (tmp_path / "session.json").exists()


def test_corrupt_saved_game_gives_a_notice_not_a_crash(tmp_path):
    (tmp_path / "session.json").write_text('{"game": "saywhen", "names": ["Red", "Bl')
    (tmp_path / "settings.json").write_text('{"sound": "loud", "volume": 9}')
    out = Sim(tmp_path).run("state\npress B\nstate")
    notice, menu = out.states()
    assert notice["screen"] == "notice"
    assert "saved game was damaged" in notice["view"]["message"]
    assert "Settings were damaged" in notice["view"]["message"]
    assert notice["settings"]["sound"] is True and notice["settings"]["volume"] == 2
    assert menu["screen"] == "menu" and menu["session"] is None
    assert not (tmp_path / "session.json").exists()


def test_saved_game_of_wrong_shape_is_refused(tmp_path):
    (tmp_path / "session.json").write_text('{"game": "chess", "names": ["A", "B"]}')
    out = Sim(tmp_path).run("state")
    assert out.state()["screen"] == "notice"
    assert out.state()["session"] is None


def test_rules_summary_fits_one_screen(tmp_path):
    for down in range(3):
        out = Sim(tmp_path).run("press DOWN\n" * down + "press GO\npress UP\npress GO\ntext")
        lines = out.texts()[-1]
        assert lines[0].startswith("Rules: ")
        body = " ".join(lines[1:-1])
        assert body.endswith("."), "summary cut short: " + body


def test_self_test_shows_buttons_as_they_go_down(tmp_path):
    out = Sim(tmp_path).run(
        "press UP\npress GO\nhold UP\nstate\nrelease UP\nhold GO\nring\nstate\nrelease GO\nstate"
    )
    held_up, held_go, after = out.states()
    assert held_up["screen"] == "selftest" and held_up["view"]["down"] == ["UP"]
    assert held_go["view"]["down"] == ["GO"]
    assert after["view"]["down"] == [] and after["view"]["seen"] == ["GO", "UP"]
    ring = [line for line in out.lines if line.startswith("ring ")][0].split()[1:]
    assert len(ring) == 16 and sum(led != "000000" for led in ring) == 1


def test_simulated_time_crosses_the_tick_wrap(tmp_path):
    # Start 500 ms before ticks wrap at 2**30: a long press straddles the wrap. In the
    # self-test a long B plays the scale, and the screen names the last press.
    out = Sim(tmp_path, start=(1 << 30) - 700).run("press UP\npress GO\nlong B\nstate")
    assert out.state()["view"]["last"] == "long B" and out.tones() == ["scale"]
    out = Sim(tmp_path, start=(1 << 30) - 500).run("press UP\npress UP\npress GO\nstate")
    assert out.state()["view"]["title"] == "Settings"


def test_missing_fonts_fall_back_to_plain_text(tmp_path):
    sim = Sim(tmp_path, env={"SIM_FONTS": str(tmp_path / "no-fonts")})
    out = sim.run("state\npress B\nstate\ntext")
    notice, menu = out.states()
    assert "Font files are missing" in notice["view"]["message"]
    assert menu["screen"] == "menu"
    assert "Say When!" in out.texts()[-1]  # still drawn, in the built-in 8x8 font


def test_idle_sleep_and_waking_to_the_same_screen(tmp_path):
    out = Sim(tmp_path).run(
        "press DOWN\npress DOWN\nstate\nwait 599000\nstate\nwait 2000\nstate\nring\npress B\nstate"
    )
    before, almost, asleep, awake = out.states()
    assert almost["screen"] == "menu"  # 10 minutes (the default) not yet up
    assert asleep["screen"] == "sleeping" and out.lines.count("sleep") == 1
    ring = [x for x in out.lines if x.startswith("ring ")][0].split()[1:]
    assert set(ring) == {"000000"}
    # The press that wakes it is used up: the menu is as it was, nothing chosen.
    assert awake["screen"] == "menu" and awake["view"] == before["view"]


def test_sleep_setting_never_sleeps(tmp_path):
    script = "press UP\npress UP\npress GO\n" + "press DOWN\n" * 4 + "press B\n" * 5
    out = Sim(tmp_path).run(script + "state\nwait 3700000\nstate")
    set_never, later = out.states()
    assert set_never["settings"]["sleep_min"] == 0
    assert later["screen"] == "menu" and "sleep" not in out.lines


def test_low_battery_is_told_once(tmp_path):
    out = Sim(tmp_path).run("battery 3900\nwait 100\nstate\nbattery 3300\nwait 100\nstate\n"
                            "press B\nbattery 3200\nwait 100\nstate")  # fmt: skip
    fine, low, again = out.states()
    assert fine["screen"] == "menu"
    assert low["screen"] == "notice" and low["view"]["title"] == "Battery low"
    assert out.tones() == ["warning"]
    assert again["screen"] == "menu"
