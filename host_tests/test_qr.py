"""QR codes (firmware/net/qr.py) read back by a real decoder: zbar (Debian's zbar-tools).

The encoder runs in the unix port; its symbols are drawn here and decoded by `zbarimg`.
The join screen is rendered by the firmware itself (the headless simulator's png) and
decoded as the frame stands, 296x128, with no margin added.
"""

import math
import re
import shutil
import subprocess
import time

import pytest
from PIL import Image

from tools.mpenv import run_mp
from tools.phones import SAY_WHEN, START, Device

RESTART = "chord A C\npress DOWN\npress GO\npress DOWN\npress DOWN\npress GO\npress C\n"
# Byte-mode capacities, ISO/IEC 18004 table 7, versions 1 to 10.
CAPACITY = {
    "L": [17, 32, 53, 78, 106, 134, 154, 192, 230, 271],
    "M": [14, 26, 42, 62, 84, 106, 122, 152, 180, 213],
}

ENCODE = """
import sys
from net import qr
for line in sys.stdin.read().split("\\n"):
    if not line:
        continue
    level, mask, text = line.split(" ", 2)
    code = qr.encode(text, qr.L if level == "L" else qr.M, None if mask == "-" else int(mask))
    print(code.version, code.size)
    for y in range(code.size):
        print("".join("#" if code.dark(x, y) else "." for x in range(code.size)))
"""


def zbar(path):
    """The texts of the QR codes zbarimg finds in the image at `path`."""
    if not shutil.which("zbarimg"):
        pytest.fail(
            "zbarimg is missing: `sudo apt-get install zbar-tools` (Debian, Ubuntu), or "
            "`brew install zbar` (macOS)"
        )
    proc = subprocess.run(
        ["zbarimg", "--quiet", "--raw", "-Sdisable", "-Sqrcode.enable", str(path)],
        capture_output=True,
        text=True,
    )
    return proc.stdout.splitlines()


def symbols(cases):
    """(version, rows) for each (level, mask, text), as the firmware encodes them."""
    stdin = "".join("%s %s %s\n" % case for case in cases)
    proc = run_mp(["-c", ENCODE], stdin=stdin)
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    out = []
    while lines:
        version, size = map(int, lines.pop(0).split())
        out.append((version, lines[:size]))
        del lines[:size]
    return out


def drawn(rows, path, scale=4, quiet=4):
    """The symbol as a PNG: `scale` pixels a module, `quiet` light modules around it."""
    side = (len(rows) + 2 * quiet) * scale
    img = Image.new("1", (side, side), 1)
    for y, row in enumerate(rows):
        for x, module in enumerate(row):
            if module == "#":
                left, top = (x + quiet) * scale, (y + quiet) * scale
                img.paste(0, (left, top, left + scale, top + scale))
    img.save(path)
    return path


def test_every_version_level_and_mask_decodes(tmp_path):
    cases = []
    for level in "LM":
        for version, most in enumerate(CAPACITY[level], 1):
            fewest = CAPACITY[level][version - 2] + 1 if version > 1 else 1
            for n in sorted({fewest, most}):
                text = ("Party Scanner %d%s " % (version, level) * 20)[:n]
                cases.append((level, (version + n) % 8, text))
    cases += [("M", mask, "WIFI:T:WPA;S:Scanner-7K3Q;P:abcd2345;;") for mask in "-01234567"]
    made = symbols(cases)
    for i, ((level, mask, text), (version, rows)) in enumerate(zip(cases, made)):
        # The smallest version that holds it, by the standard's own table.
        assert version == 1 + sum(most < len(text) for most in CAPACITY[level]), text
        assert len(rows) == 17 + 4 * version
        assert zbar(drawn(rows, tmp_path / ("%d.png" % i))) == [text], (level, mask, version)


def test_the_capacity_is_the_standard_s_and_more_is_refused():
    proc = run_mp(
        [
            "-c",
            "from net import qr\n"
            "print([qr.capacity(v, qr.L) for v in range(1, 11)])\n"
            "print([qr.capacity(v, qr.M) for v in range(1, 11)])\n"
            "try:\n    qr.encode('x' * 214)\nexcept ValueError as e:\n    print('refused', e)\n",
        ]
    )
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert lines[0] == str(CAPACITY["L"]) and lines[1] == str(CAPACITY["M"])
    assert lines[2].startswith("refused")


# ISO/IEC 18004 table 9, versions 1 to 10: the error correction codewords of a block, and
# the data codewords of each block (a second group's blocks are one longer).
EC_BLOCKS = {
    "L": [
        (7, [19]),
        (10, [34]),
        (15, [55]),
        (20, [80]),
        (26, [108]),
        (18, [68] * 2),
        (20, [78] * 2),
        (24, [97] * 2),
        (30, [116] * 2),
        (18, [68] * 2 + [69] * 2),
    ],
    "M": [
        (10, [16]),
        (16, [28]),
        (26, [44]),
        (18, [32] * 2),
        (24, [43] * 2),
        (16, [27] * 4),
        (18, [31] * 4),
        (22, [38] * 2 + [39] * 2),
        (22, [36] * 3 + [37] * 2),
        (26, [43] * 4 + [44]),
    ],
}
TEXTS = ["Hi", "http://192.168.4.1/", "WIFI:T:WPA;S:Scanner-7F3A;P:dance-owl-42;;"]
TEXTS += [("Scanner %d " % n * 40)[: 7 * n + 5] for n in range(1, 31, 3)]


def gf_mul(a, b):
    """A product in GF(256) over x^8 + x^4 + x^3 + x^2 + 1, bit by bit."""
    out = 0
    while b:
        if b & 1:
            out ^= a
        a <<= 1
        if a & 0x100:
            a ^= 0x11D
        b >>= 1
    return out


def rs_check(data, n):
    """The n error correction codewords of `data`: its remainder by (x - 1)(x - 2)...
    (x - 2^(n-1)), by long division."""
    gen = [1]
    root = 1
    for _ in range(n):
        gen = [a ^ gf_mul(b, root) for a, b in zip(gen + [0], [0] + gen)]
        root = gf_mul(root, 2)
    rem = list(data) + [0] * n
    for i in range(len(data)):
        if rem[i]:
            factor = rem[i]
            for j, g in enumerate(gen):
                rem[i + j] ^= gf_mul(g, factor)
    return rem[-n:]


def codewords(text, level, version):
    """What the symbol holds, by the standard: the data bits (mode, count, bytes,
    terminator, padding) in codewords, in blocks, each with its error correction,
    interleaved."""
    ec, sizes = EC_BLOCKS[level][version - 1]
    room = sum(sizes)
    data = text.encode()
    bits = "0100" + format(len(data), "016b" if version >= 10 else "08b")
    bits += "".join(format(b, "08b") for b in data)
    bits += "0" * min(4, 8 * room - len(bits))
    bits += "0" * (-len(bits) % 8)
    words = [int(bits[i : i + 8], 2) for i in range(0, len(bits), 8)]
    words += [(0xEC, 0x11)[i % 2] for i in range(room - len(words))]
    blocks, at = [], 0
    for size in sizes:
        blocks.append(words[at : at + size])
        at += size
    checks = [rs_check(block, ec) for block in blocks]
    out = [b[i] for i in range(max(sizes)) for b in blocks if i < len(b)]
    return out + [c[i] for i in range(ec) for c in checks]


CODEWORDS = """
from net import qr
for line in sys.stdin.read().split("\\n"):
    if not line:
        continue
    level, text = line.split(" ", 1)
    level = qr.L if level == "L" else qr.M
    data = text.encode()
    version = qr._version(data, level)
    ec, blocks = qr._BLOCKS[1 - level][version - 1]
    woven = bytearray(qr._raw_codewords(version))
    words = bytearray(len(woven) - ec * blocks)
    qr._data_codewords(data, version, words)
    for _ in qr._checked(words, version, level, woven, bytearray(ec), bytearray(ec + 1)):
        pass
    print(version, " ".join(str(b) for b in woven))
"""


def test_the_codewords_are_the_standard_s_with_their_error_correction():
    """Every version at both levels, blocks of two lengths among them (M 8 to 10, L 10),
    against a long division written out here."""
    cases = []
    for level in "LM":
        for version, most in enumerate(CAPACITY[level], 1):
            cases.append((level, ("Party Scanner %d%s " % (version, level) * 20)[:most]))
    stdin = "".join("%s %s\n" % case for case in cases)
    proc = run_mp(["-c", "import sys\n" + CODEWORDS], stdin=stdin)
    assert proc.returncode == 0, proc.stderr
    for (level, text), line in zip(cases, proc.stdout.splitlines(), strict=True):
        version, *words = map(int, line.split())
        assert version == CAPACITY[level].index(len(text)) + 1
        assert words == codewords(text, level, version), (level, version)


PENALTIES = """
from net import qr


def dump(code):
    size = range(code.size)
    print("".join("#" if code.dark(x, y) else "." for y in size for x in size))


for line in sys.stdin.read().split("\\n"):
    if not line:
        continue
    level, text = line.split(" ", 1)
    level = qr.L if level == "L" else qr.M
    scores = []
    for _ in qr._making(text.encode(), level, range(8), scores):
        pass
    print(" ".join(map(str, scores)))
    for mask in range(8):
        dump(qr.encode(text, level, mask))
    dump(qr.encode(text, level))
"""


def penalty(modules, size):
    """The standard's penalty (ISO/IEC 18004 7.8.3), written out: in each row and column,
    3 for a run of five alike and 1 for each module more, 40 for each 1:1:3:1:1 dark-light
    stretch with four light modules before or after it (past the symbol is light); 3 for
    each 2x2 block alike; 10 for each 5% the dark modules are from half."""
    grid = [modules[y * size : (y + 1) * size] for y in range(size)]
    lines = grid + ["".join(row[x] for row in grid) for x in range(size)]
    score = 0
    for line in lines:
        line = line.replace("#", "1").replace(".", "0")
        for run in re.findall(r"0{5,}|1{5,}", line):
            score += 3 + len(run) - 5
        padded = "0000" + line + "0000"
        for stretch in ("10111010000", "00001011101"):
            score += 40 * sum(padded.startswith(stretch, i) for i in range(len(padded)))
    for y in range(size - 1):
        for x in range(size - 1):
            if grid[y][x] == grid[y][x + 1] == grid[y + 1][x] == grid[y + 1][x + 1]:
                score += 3
    dark, total = modules.count("#"), size * size
    return score + 10 * (abs(100 * dark - 50 * total) // (5 * total))


def test_each_mask_s_penalty_is_the_standard_s_and_the_lowest_is_chosen():
    """The firmware scores a line as an int, with shifts and ANDs: here each mask's
    symbol is scored module by module, and the symbol made is the first of the lowest."""
    cases = [(level, text) for level in "LM" for text in TEXTS]
    stdin = "".join("%s %s\n" % case for case in cases)
    proc = run_mp(["-c", "import sys\n" + PENALTIES], stdin=stdin, timeout=600)
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert len(lines) == 10 * len(cases)
    for i, (level, text) in enumerate(cases):
        scores, *masked, chosen = lines[10 * i : 10 * i + 10]
        size = math.isqrt(len(chosen))
        assert [penalty(m, size) for m in masked] == list(map(int, scores.split())), text
        best = min(range(8), key=lambda m: (penalty(masked[m], size), m))
        assert chosen == masked[best], (level, text)


def join_screen(device, path):
    """The join screen as the device draws it, once its codes are made."""
    device.run("join")
    for _ in range(50):  # the codes are made by the network's task, a step at a time
        out, _ = device.run("text")
        if any("join Wi-Fi" in line for line in out):
            break
        time.sleep(0.1)
    device.run("png %s" % path)
    return zbar(path)


def assert_codes_are_the_network_s(device, path):
    """The screen drawn as a PNG holds two codes: the device's network, and its page."""
    net = device.phones()
    device.run("png %s" % path)
    wifi = "WIFI:T:WPA;S:%s;P:%s;;" % (net["ssid"], net["key"])
    assert sorted(zbar(path)) == sorted([wifi, net["url"]])


@pytest.mark.parametrize("seed", [1, 2])
def test_the_join_screen_s_codes_join_the_network_and_open_the_page(tmp_path, seed):
    device = Device(tmp_path / "state", heap_size="256K", seed=seed)  # png needs room
    try:
        device.run(SAY_WHEN + START)
        net = device.phones()
        found = join_screen(device, tmp_path / "join.png")
        wifi = "WIFI:T:WPA;S:%s;P:%s;;" % (net["ssid"], net["key"])
        assert sorted(found) == sorted([wifi, net["url"]])
        with Image.open(tmp_path / "join.png") as img:
            assert img.size == (296, 128)
        # A new game: a new network, and codes of its own.
        device.run("press A\n" + RESTART)
        again = device.phones()
        found = join_screen(device, tmp_path / "again.png")
        assert "WIFI:T:WPA;S:%s;P:%s;;" % (again["ssid"], again["key"]) in found
        assert wifi not in found
    finally:
        assert "Traceback" not in device.close()


def test_a_game_s_codes_are_made_at_the_menu_and_shown_at_once(tmp_path):
    """The next game's network and its codes are made while the menu shows: the join screen
    that opens the game draws them at its first frame, and the QR encoder never shares the
    heap with the game. They are the network the device then opens."""
    device = Device(tmp_path / "state", heap_size="256K")
    try:
        out, _ = device.run(SAY_WHEN + START + "text\nmodules")
        assert any("join Wi-Fi" in line for line in out), out  # not "Making the QR codes"
        assert "net.qr" not in [line for line in out if " net.phones " in line][0].split()
        assert_codes_are_the_network_s(device, tmp_path / "join.png")
    finally:
        assert "Traceback" not in device.close()


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_four_teams_join_screen_shows_both_codes_at_the_cap_and_png_and_screen_work(
    tmp_path, seed
):
    """A fresh device at the tests' heap cap (a board's), a Say When! game of four teams:
    the join screen that opens it shows both codes (not the network in words alone), at
    every start; the headless `screen` and `png` of it work, and the codes read back."""
    device = Device(tmp_path / "state", seed=seed)
    try:
        out, state = device.run(SAY_WHEN + "press C\npress C\n" + START + "text")
        assert state["screen"] == "phones" and len(state["session"]["names"]) == 4
        assert any("join Wi-Fi" in line for line in out), out  # the codes, drawn at once
        out, _ = device.run("screen")
        assert sum(line.count("\u28ff") for line in out) > 100, out  # the codes' dark squares
        assert_codes_are_the_network_s(device, tmp_path / "join.png")
    finally:
        assert "Traceback" not in device.close()


class SilentRadio(Device):
    """The device on a board whose radio failed (netsim.py: SIM_RADIO=silent): active, at
    0.0.0.0. It serves nothing, so nothing is waited for but the simulator itself."""

    def __init__(self, state_dir):
        super().__init__(state_dir, heap_size="256K", env={"SIM_RADIO": "silent"})  # png

    def wait_for_server(self, timeout=20):
        pass


def test_a_silent_radio_s_join_screen_holds_no_code_and_says_wi_fi_is_unavailable(tmp_path):
    device = SilentRadio(tmp_path / "state")
    try:
        _, state = device.run(SAY_WHEN + START)
        assert state["screen"] == "phones"
        for _ in range(20):  # no address a few seconds after the radio's start: failed
            device.run("wait 1000")
            time.sleep(0.3)  # the network's task looks every 250 ms
            out, _ = device.run("text")
            if "text Wi-Fi unavailable" in out:
                break
        assert "text Wi-Fi unavailable" in out, out
        device.run("png %s" % (tmp_path / "silent.png"))
        with Image.open(tmp_path / "silent.png") as img:  # the screen as drawn
            assert img.size == (296, 128) and img.getextrema()[0] == 0
        assert zbar(tmp_path / "silent.png") == []  # no code: none of 0.0.0.0
        _, state = device.run("press B")
        assert state["screen"] == "saywhen"  # and the game plays on
    finally:
        assert "Traceback" not in device.close()
