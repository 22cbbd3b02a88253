# The atomic JSON store (firmware/store.py), inside the unix port on a real directory.
import os

from store import Store

DIR = os.getenv("TEST_TMP") + "/store"  # the folder conftest.py gives this file


def fresh():
    try:
        for name in os.listdir(DIR):
            os.remove(DIR + "/" + name)
    except OSError:
        pass
    return Store(DIR)


def test_save_then_load():
    s = fresh()
    s.save("session", {"game": "saywhen", "names": ["Red", "Blue"]})
    assert s.load("session") == ({"game": "saywhen", "names": ["Red", "Blue"]}, None)
    assert os.listdir(DIR) == ["session.json"]  # no temporary file left behind


def test_missing_is_not_a_problem():
    s = fresh()
    assert s.load("session") == (None, None)


def test_interrupted_save_keeps_the_old_state():
    s = fresh()
    s.save("session", {"round": 1})
    # Power cut mid-save: the new data only reached the temporary file, half written.
    with open(DIR + "/session.tmp", "w") as f:
        f.write('{"round": 2, "sco')
    assert s.load("session") == ({"round": 1}, None)
    assert "session.tmp" not in os.listdir(DIR)


def test_damaged_file_is_reported_and_removed():
    s = fresh()
    with open(DIR + "/session.json", "w") as f:
        f.write('{"round": 2, "sco')
    assert s.load("session") == (None, "damaged")
    assert s.load("session") == (None, None)


def test_overwrite_and_delete():
    s = fresh()
    s.save("settings", {"sound": True})
    s.save("settings", {"sound": False})
    assert s.load("settings")[0] == {"sound": False}
    s.delete("settings")
    s.delete("settings")  # deleting twice is harmless
    assert s.load("settings") == (None, None)
