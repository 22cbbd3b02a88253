"""The join screen: two QR codes, one that joins the device's network and one that opens
its page, with the same as text for a phone that cannot scan.

The network's code (about 40 bytes: a version 3, 29 modules) takes the left, 4 pixels a
module, 116 of the 128 rows; the page's (a version 2, 25 modules) the top right, 3 pixels
a module; between them what each is for and the page's address, under them the network's
name and key in bold. Each code keeps a margin of light around it. Any button goes back.
"""

import sys

from micropython import const

from app.gfx import H, W
from app.screen import Screen

_MARGIN = const(4)
_BIG = const(4)  # pixels a module
_SMALL = const(3)


def draw_code(g, code, x, y, scale):
    """A QR code, (modules a side, a bit a module: dark if set, row by row), with its
    top-left module at (x, y), `scale` pixels a module, on the paper the screen was cleared
    to."""
    size, bits = code
    for row in range(size):
        for col in range(size):
            at = row * size + col
            if bits[at >> 3] >> (at & 7) & 1:
                g.fill_rect(x + col * scale, y + row * scale, scale, scale)


class JoinScreen(Screen):
    name = "phones"

    def __init__(self, net):
        self.net = net

    def event(self, app, ev, now):
        if ev[0] == "press":
            app.pop(now)
            if not self.net.codes:  # none made, or no room for them: tried again next time
                self.net.codes = None
            # Loaded only while it shows (Net.show): let this module go with the screen.
            sys.modules.pop("net.joinscreen", None)
            sys.modules["net"].__dict__.pop("joinscreen", None)

    def draw(self, app, g):
        net = self.net
        codes = net.codes
        if net.ip is None or codes is None:
            if not net.wanted():
                g.center("Wi-Fi is off", 40, "bold")
            else:
                g.center("Making the QR codes" if net.ip else "Wi-Fi is starting", 40, "bold")
            g.center("any button: back", 80, "small")
            return
        table = net.table
        if not codes:  # no heap for them: the network, its key and the page, in words
            for y, text in ((2, "Wi-Fi network:"), (44, "Key:"), (86, "Then open:")):
                g.text(text, 6, y, "small")
            g.text(table["ssid"], 6, 18, "bold")
            g.text(table["key"], 6, 60, "bold")
            g.text(g.fit(net.url()[7:].rstrip("/"), "bold", W - 12), 6, 102, "bold")
            return
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
        g.text(table["ssid"], x0, 84, "bold")
        g.text(table["key"], x0, 105, "bold")
