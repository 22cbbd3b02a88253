# The atomic JSON store (firmware/store.py), inside the unix port on a real directory.
import os
from binascii import crc32

from store import Store

DIR = os.getenv("TEST_TMP") + "/store"  # the folder conftest.py gives this file


def fresh():
    store = Store(DIR)
    for name in os.listdir(DIR):
        store._remove(DIR + "/" + name)  # files and directories alike
    return store


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


def read(name):
    with open(DIR + "/" + name, "rb") as f:
        return f.read()


def test_damaged_file_is_reported_and_moved_aside():
    s = fresh()
    with open(DIR + "/session.json", "w") as f:
        f.write('{"round": 2, "sco')
    assert s.load("session") == (None, "damaged")
    assert s.load("session") == (None, None)
    assert read("session.bad.json") == b'{"round": 2, "sco'  # kept, byte for byte


def test_a_save_carries_the_crc32_of_its_json():
    s = fresh()
    s.save("session", {"round": 3})
    with open(DIR + "/session.json", "rb") as f:
        body, tail = f.read().split(b"\n")
    assert body == b'{"round": 3}'
    assert int(tail, 16) == crc32(body) & 0xFFFFFFFF


def test_a_rotten_bit_is_caught_by_the_checksum():
    s = fresh()
    s.save("session", {"round": 3, "scores": [1, 2]})
    with open(DIR + "/session.json", "rb") as f:
        raw = bytearray(f.read())
    raw[-12] ^= 0x04  # "2" becomes "6": still valid JSON, so only the checksum can tell
    with open(DIR + "/session.json", "wb") as f:
        f.write(raw)
    assert s.load("session") == (None, "damaged")
    assert os.listdir(DIR) == ["session.bad.json"]
    assert read("session.bad.json") == raw


def test_a_save_from_before_checksums_is_read_as_unchecked():
    s = fresh()
    with open(DIR + "/settings.json", "w") as f:
        f.write('{"sound": false}')
    assert s.load("settings") == ({"sound": False}, "check")


def test_bad_bytes_of_every_kind_are_damage_not_a_crash():
    s = fresh()
    bad = (
        b'{"sound": true, "x": "\xe9"}',  # not UTF-8 (the reproduction)
        b"0" * 9000,  # bigger than any save of ours
        b"{" + b"[" * 7000,  # deep nesting
        b"",
        b"\xff" * 40,
    )
    for raw in bad:
        with open(DIR + "/session.json", "wb") as f:
            f.write(raw)
        assert s.load("session") == (None, "damaged"), raw
        assert os.listdir(DIR) == ["session.bad.json"]
        assert read("session.bad.json") == raw  # the last damaged one, in place of the last


def test_a_directory_in_a_files_place_is_moved_so_saves_work_again():
    s = fresh()
    os.mkdir(DIR + "/session.json")
    with open(DIR + "/session.json/junk", "w") as f:
        f.write("x")
    assert s.load("session") == (None, "damaged")
    s.save("session", {"round": 1})
    assert s.load("session") == ({"round": 1}, None)
    with open(DIR + "/session.json", "w") as f:
        f.write("rot")
    assert s.load("session") == (None, "damaged")  # and a file takes the directory's place
    assert read("session.bad.json") == b"rot"


def test_set_aside_keeps_the_file_for_diagnosis_the_last_one_only():
    s = fresh()
    s.save("session", {"round": 1})
    s.set_aside("session")
    assert s.load("session") == (None, None)
    assert sorted(os.listdir(DIR)) == ["session.bad.json"]
    s.save("session", {"round": 2})
    s.set_aside("session")
    assert sorted(os.listdir(DIR)) == ["session.bad.json"]
    assert read("session.bad.json").startswith(b'{"round": 2}')
    s.set_aside("session")  # none to set aside: the last one stays
    assert read("session.bad.json").startswith(b'{"round": 2}')


def test_overwrite_and_delete():
    s = fresh()
    s.save("settings", {"sound": True})
    s.save("settings", {"sound": False})
    assert s.load("settings")[0] == {"sound": False}
    s.delete("settings")
    s.delete("settings")  # deleting twice is harmless
    assert s.load("settings") == (None, None)


def test_json_that_would_swell_in_the_heap_is_damage_but_brackets_in_text_are_not():
    s = fresh()
    for body, ok in (
        (b"[" * 9 + b"]" * 9, False),  # deeper than any save of ours
        (b"[" + b"[]," * 300 + b"[]]", False),  # more lists than any save holds
        (b'{"a": [[[[1]]]]}', True),  # 5 deep: a guess in Say When!'s undo
        (b'{"answer": "[[[[[[[[[[{{{{{{{{{{", "b": "\\"[[[[[[[[[["}', True),
    ):
        with open(DIR + "/session.json", "wb") as f:
            f.write(body + b"\n%08x" % (crc32(body) & 0xFFFFFFFF))
        data, problem = s.load("session")
        assert (problem is None) == ok, (body, problem)
        assert ok or read("session.bad.json")[: len(body)] == body
