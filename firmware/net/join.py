"""Each game's network and a phone joining it: a new name, key and no tokens for each
game (with the QR codes that join it; app.session checks a saved one at boot), the network opened,
and the join screen. (The two requests of a phone with no token yet, /api/teams and
/api/join, are net.phones': the team picker asks every 1.5 s.)

The join screen: two QR codes, one that joins the device's network and one that opens
its page, with the same as text for a phone that cannot scan. The network's code (about
40 bytes: a version 3, 29 modules) takes the left, 4 pixels a module, 116 of the 128
rows; the page's (a version 2, 25 modules) the top right, 3 pixels a module; between
them what each is for, the page's address and who has joined, under them the network's
name and key in bold. Each code keeps a margin of light around it. Any button goes back.
"""

import asyncio
import os

from micropython import const

import ticks
from app.gfx import H, W
from app.screen import Screen

# 32 characters each, so a random byte's low five bits pick one evenly; none that reads
# as another on the screen (no I, O, 0, 1 in names, no l, o in keys).
_NAME_CHARS = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
_KEY_CHARS = "abcdefghijkmnpqrstuvwxyz23456789"
_ADDRESS_MS = const(3000)  # a radio with no address by then has failed
_RETRY_MS = const(2000)  # a port refused: tried again


def _pick(chars, n):
    # Slices, not chars[i]: taking one character out of a str would intern it.
    return "".join(chars[b & 31 : (b & 31) + 1] for b in os.urandom(n))


def fresh():
    """A new network with no game and no phones on it yet (Net.sync gives it its game)."""
    return {
        "ssid": "Scanner-" + _pick(_NAME_CHARS, 4),
        "key": _pick(_KEY_CHARS, 8),
        "game": None,
        "names": [],
        "tokens": [],
    }


def renew(net, session):
    """A new game's network, with no phones on it (those of the last game are refused):
    the one made at the menu, with its codes, if there is one."""
    if net.next is None:
        table, net.codes = fresh(), None
    else:
        table, net.codes = net.next
        net.next = None
    names = table["names"] = list(session["names"])
    table["tokens"] = [None] * len(names)
    table["game"] = session["game"]
    net.table = table
    net.where = [None] * len(names)
    net.kept = {}  # (what it held was of the last game's state: let go)


async def work(net, now, opening, making):
    """What a look at the network found to do (Net.watch), here where the code is loaded
    for it: open the network; else make the QR codes the join screen waits for (making);
    else, at the menu, the next game's network and its codes, made ahead."""
    if opening:
        if open(net, now) is False:
            await asyncio.sleep_ms(_RETRY_MS)
    elif making:
        table = net.table
        codes = await made(net, table, lambda: net.table is table and net.ip)
        if codes is not None and table is net.table:
            net.codes = codes
            net.app.redraw()  # the join screen, waiting for them
    else:
        table = fresh()
        still = lambda: net.app.table()[0] == "home" and net.ip  # noqa: E731
        codes = await made(net, table, still)
        if codes is not None:
            net.next = table, codes


def open(net, now):
    """Starts the radio with the network of this game (or under its new name) and serves it
    once it has an address: True then. A radio with no address (0.0.0.0: a CYW43 that did
    not start, hw.wifi) is looked at again at the next look, None meanwhile; with none
    _ADDRESS_MS after its start it has failed (net.failed), and the game plays on without
    phones. False when the radio or a port refused, to be tried again."""
    table = net.table
    ap = net.ap
    try:
        if net.opened is table:
            ip = ap.address()
        else:
            net.opened, net.tried, net.ip = table, now, None  # (an address once it has one)
            ip = ap.up(table["ssid"], table["key"])
        if not ip or ip == "0.0.0.0":
            if not 0 <= ticks.diff(now, net.tried) < _ADDRESS_MS:
                print("phones: the radio has no address")
                net.close()
                net.tried = now  # the next start a minute from now (net.phones)
                if not net.failed:
                    net.failed = True
                    net.app.redraw()  # the join screen says so
            return None
        net.ip = ip
        if net.serving is None:
            net.server.listen(ap.host, ap.http_port, ap.dns_port)
            net.serving = asyncio.create_task(net.server.run(ip))
    except OSError as e:
        print("phones: the network did not open:", e)
        net.close()
        return False
    if net.failed:
        net.failed = False
        net.app.redraw()  # available again: the join screen says so
    if net.codes and net.codes[2] != net.url():
        net.codes = None  # made for another address
    return True


async def made(net, table, still):
    """The join screen's QR codes for the network `table`, [wifi, page, url]: the code that
    joins it and the one that opens the page (net.qr.packed), each as (modules a side, its
    rows in bytes: draw_code); None when `still()` turns false."""
    from net import qr

    url = net.url()
    codes = []
    for text in ("WIFI:T:WPA;S:%s;P:%s;;" % (table["ssid"], table["key"]), url):
        code = await qr.packed(text, still)
        if code is None:
            return None
        codes.append(_in_bytes(*code))
    codes.append(url)
    return codes


def _in_bytes(size, rows):
    """A symbol's rows (an int each, bit i its i-th module) as (size, bytes): a row's bits
    from the first byte's lowest. They last the game (net.codes), and an int is a word on
    the board but two in the unix port that stands for it."""
    stride = (size + 7) >> 3
    out = bytearray(size * stride)
    for y in range(size):
        v = rows[y]
        for k in range(stride):
            out[y * stride + k] = v >> 8 * k & 255
    return size, out


# -- the join screen -----------------------------------------------------------------

_MARGIN = const(4)
_BIG = const(4)  # pixels a module
_SMALL = const(3)


def draw_code(g, code, x, y, scale):
    """A QR code, (modules a side, its rows in bytes: _in_bytes), with its top-left module
    at (x, y), `scale` pixels a module, on the paper the screen was cleared to."""
    size, rows = code
    stride = (size + 7) >> 3
    for row in range(size):
        for col in range(size):
            if rows[row * stride + (col >> 3)] >> (col & 7) & 1:
                g.fill_rect(x + col * scale, y + row * scale, scale, scale)


class JoinScreen(Screen):
    name = "phones"

    def __init__(self, net):
        self.net = net

    def event(self, app, ev, now):
        if ev[0] == "press":
            app.pop(now)

    def draw(self, app, g):
        net = self.net
        codes = net.codes
        if net.ip is None or codes is None:  # never a code for an address the radio lacks
            if not net.wanted():
                g.center("Wi-Fi is off", 40, "bold")
            elif net.failed:  # the game plays on without phones
                g.center("Wi-Fi unavailable", 40, "bold")
            else:
                g.center("Making the QR codes" if net.ip else "Wi-Fi is starting", 40, "bold")
            g.center("any button: back", 80, "small")
            return
        table = net.table
        wifi, page, _ = codes
        side = wifi[0] * _BIG
        draw_code(g, wifi, _MARGIN, (H - side) // 2, _BIG)
        small = page[0] * _SMALL
        x = W - _MARGIN - small
        draw_code(g, page, x, _MARGIN, _SMALL)
        x0 = side + 3 * _MARGIN
        width = x - x0 - _MARGIN
        g.text("\u2190 join Wi-Fi", x0, 6, "small")
        g.text("open page \u2192", x0, 34, "small")
        g.text(g.fit(net.url()[7:].rstrip("/"), "small", width), x0, 50, "small")
        joined = [n for n, t in zip(table["names"], table["tokens"]) if t]
        line = "in: " + ", ".join(joined) if joined else "no phone yet"
        if g.width(line, "small") > width:  # who, where it fits; else how many
            line = "in: %d of %d" % (len(joined), len(joined) + table["tokens"].count(None))
        g.text(line, x0, 67, "small")
        g.text(table["ssid"], x0, 84, "bold")
        g.text(table["key"], x0, 105, "bold")
