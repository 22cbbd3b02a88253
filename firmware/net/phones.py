"""Phones at the table: the device's own Wi-Fi network, the page it serves, and which
phone plays for which team.

Only a board with Wi-Fi loads this: shell.Device builds a Net when the board has `wifi`
(what opens its network: hw.wifi on a Pico W, a loopback port on the PC), and shell.run
runs `Net.run`:
- The network is open while the Wi-Fi setting wants it: app.settings["wifi"] 1 on, 2 off,
  0 or absent on when the board runs on USB power (or cannot tell: no battery reading).
  While it is open the device does not sleep (shell.Device asks `awake()`): phones talk
  to a device that is awake.
- A radio that gives no address (a CYW43 that failed to start: net.join.open) leaves the
  games without phones: the join screen says "Wi-Fi unavailable". It is started again
  only at the menu, at most once a minute, once the buttons have been still for 3 s, and
  no start comes while a timer runs: each may hold the device 1-2 s (a press meanwhile is
  latched, hw/buttons.py, and kept).
- Each game gets a network of its own: a new name, key and tokens, saved (Store key
  "phones") so that after a power cut the game resumes with its phones.
- A phone picks its team (POST /api/join; net.join) and gets a token. With it, the phone
  reads what its team sees (GET /api/me) and acts for its team alone (POST /api/act):
  what an act means is the game's, in net/<game>.py: view(net, game, team, now) is what
  that team's phone shows (a JSON-able dict) and act(net, game, team, message, now)
  carries out the act (None, or the HTTP status and why not). A phone that loses its
  connection comes back with its token; a team already taken cannot be taken again.
- One phone, one team: on the device's network each phone has an address of its own, and
  an address holds one team at a time (Net.where). A phone that picks another team moves
  to it, the first freed (_teams); a token used from an address that holds another
  team is refused (403). The addresses are this boot's alone, never saved: after a power
  cut the device's DHCP server may hand them out afresh, so each team's is learnt again
  from its phone's first request. The Quizzer frees a team on the device (main menu,
  Phones joined: net.teams), when a phone is lost or changes hands.

The Net reads the core through one door, App.table() (where the table stands, the
session, the game's model, the core's clock), and follows the game after each step, from
the one hook the shell offers (Device.on_applied). The core reaches the Net as `app.net`
(absent without Wi-Fi): `app.net.show(app, now)` shows the join screen.
"""

import asyncio
import gc
import json
import os
import sys
from binascii import hexlify

from micropython import const

import ticks
from net import server
from store import shape

SAVE = "phones"
_USB_MV = const(4500)  # VSYS on USB power is near 5 V; a battery gives at most 4.2 V
_WATCH_MS = const(250)
_AGAIN_MS = const(60_000)  # a radio that failed: tried again at the menu, at most this often,
_STILL_MS = const(3000)  # and once the buttons have been still this long: no one waits on one


_SIDES = const(("net.saywhen", "net.staycool", "net.scattergories"))
_NESTING = const(3)  # the deepest message: {"answers": [...]} is 2
_HEX = const("0123456789abcdef")  # what a token is made of
_FOR_A_WHILE = const(("net.join", "net.qr", "net.teams"))  # loaded for their use (_let_go)


def _joining():
    """net.join, imported where it is used, and let go after (_let_go)."""
    try:
        from net import join
    except MemoryError:  # the heap in pieces: a failed import leaves nothing, so again
        gc.collect()  # once its pieces are collected
        from net import join
    return join


def _side(key):
    """The phones' side of the game `key` (its view and its acts), or None. Imported by the
    game's first request; it goes with the game's modules (phases.py)."""
    if key == "saywhen":
        from net import saywhen as side
    elif key == "staycool":
        from net import staycool as side
    elif key == "scattergories":
        from net import scattergories as side
    else:
        return None
    return side


def _let_go():
    """Lets go of net.join and net.qr once used (docs/memory.md: loaded for their use): the
    join screen and the QR codes are a game's start, and its heap the game's after. Their
    globals are kept: a join screen may still be showing, and a look may be making QR
    codes, and what still uses them keeps them."""
    net = sys.modules["net"].__dict__
    for name in _FOR_A_WHILE:
        if sys.modules.pop(name, None) is not None:
            net.pop(name[4:], None)


def _json(status, data):
    """An answer of JSON (`data`, a dict), which net.server writes as json.dump makes it."""
    return status, server.JSON, data


class Net:
    def __init__(self, dev, ap, table):
        self.dev = dev
        self.ap = ap
        # The network saved for the game of the boot (read and checked by wake.py), or a
        # new one.
        self.table = table or _joining().fresh()
        _let_go()
        # The address (net.server's small int) of each team's phone, as this boot has seen
        # it, or None: one phone, one team.
        self.where = [None] * len(self.table["tokens"])
        # What a game's phone side keeps from one request to the next, each with the
        # game's state it is of: Scattergories' last challenge decided on the phones
        # ("last"), its sheets' marks ("marks").
        self.kept = {}
        # On USB power? Read once, now: a board's VBUS sense (a Pico W's WL_GPIO2) if it
        # has one, else VSYS, before the radio starts (on a Pico W, GP29 is its clock).
        usb_power = getattr(dev.board, "usb_power", None)
        if usb_power is not None:
            self.usb = usb_power() == 1
        else:
            mv = dev.board.battery_mv()
            self.usb = mv is None or mv >= _USB_MV
        self.ip = None  # the device's address while the network is open
        self.opened = None  # the table the radio was started with (its address yet to come?)
        self.tried = None  # the core's `now` at the radio's last start, or its failure
        self.failed = False  # the radio gave no address (net.join): no phones until it does
        self.session = self  # not yet seen: the first one is the game of the boot
        self.codes = None  # the join screen's QR codes for this network (join.made)
        # The next game's network, made at the menu with its codes (table, codes), so that
        # the join screen that opens a game shows them at once.
        self.next = None
        self.server = server.Server(self.api, getattr(ap, "page", "/phones.html.gz"))
        self.serving = None  # the server's task
        dev.on_applied = self.sync  # after each step: the game followed at once

    @property
    def app(self):
        return self.dev.app

    def awake(self):
        """Whether the device must stay awake: phones may be talking to it."""
        return self.ip is not None

    # -- the network ---------------------------------------------------------------
    def wanted(self):
        mode = self.app.settings.get("wifi", 0)
        return mode == 1 or mode == 0 and self.usb

    async def run(self):
        """The network, as the setting and the games want it, until cancelled."""
        try:
            while True:
                try:
                    await self.watch()
                except Exception as e:  # noqa: BLE001 - a bug, but the game plays on: the
                    print("phones:", repr(e))  # network is opened again at the next look
                    self.close()
                await asyncio.sleep_ms(_WATCH_MS)
        finally:
            self.close()

    async def watch(self):
        """One look at the setting and the game: opens, closes or renews the network, and
        makes the QR codes the join screen shows, or will show at the next game."""
        self.sync()
        if not self.wanted():
            self.close()
            return
        phase, _, game, now = self.app.table()
        if self.opened is not self.table:  # the radio to start, or start again
            # A CYW43 that fails holds the device 1-2 s at each start (hw.wifi): none while a
            # timer runs (Stay Cool's sand, Scattergories' countdown), and after a failure only
            # at the menu, once a minute (a `now` before the last try's is not within one).
            live = getattr(game, "live", None)
            clock = getattr(game, "clock", None)
            if live is not None and not live.paused() or clock and clock.deadline() is not None:
                return
            if self.failed and (
                phase != "home"
                or 0 <= ticks.diff(now, self.tried) < _AGAIN_MS
                or 0 <= ticks.diff(now, self.app.last_input) < _STILL_MS
            ):
                return
        opening = self.ip is None or self.opened is not self.table  # or no address seen yet
        making = self.codes is None and phase == "phones"
        ahead = self.next is None and phase == "home"
        if not (opening or making or ahead):
            return  # (net.join is loaded only when there is work for it)
        try:
            await _joining().work(self, now, opening, making)
        finally:
            _let_go()

    def close(self):
        if self.serving is not None:
            self.serving.cancel()
            self.serving = None
        self.server.close()
        if self.ip is not None:
            self.ip = None
            self.ap.down()
        self.opened = None

    def show(self, app, now):
        """Shows the join screen (its codes are made while it shows). For the core's
        screens: `app.net` is this Net on a board with Wi-Fi, absent on others."""
        if app.screen.name != "phones":
            app.push(_joining().JoinScreen(self), now)
            _let_go()  # (the screen keeps what it draws with)

    def url(self):
        port = self.ap.http_port
        return "http://%s/" % self.ip if port == 80 else "http://%s:%d/" % (self.ip, port)

    # -- the game's teams ------------------------------------------------------------
    def sync(self):
        """Follows the core's game. A new one gets a new network and no phones (those of
        the last game are refused); the game of the boot keeps its own, if they are its."""
        _, session, _, now = self.app.table()
        if session is self.session:
            return
        booted = self.session is self
        self.session = session
        if session is None:
            return  # the menu: the network stays as it is until a game begins
        table = self.table
        if booted and table["game"] == session["game"] and table["names"] == session["names"]:
            return  # resumed after a power cut, with its phones
        _joining().renew(self, session)  # a network of its own, with no phones on it
        _let_go()
        self.dev.save(SAVE, self.table)
        if self.wanted() and "net." + session["game"] in _SIDES:  # a game that takes phones:
            self.show(self.app, now)  # how to join them, before its first card

    def phones(self):
        """The teams with a phone: the device types only for the others first."""
        return [team for team, token in enumerate(self.table["tokens"]) if token]

    def me(self, team):
        phase, session, game, now = self.app.table()
        key = self.table["game"]
        side = _side(key) if session is not None and game is not None else None
        return {
            "team": team,
            "name": self.table["names"][team],
            "game": key,
            "screen": key if phase == "game" else phase,
            # A screen over the game's (the join screen, a notice): the phones wait for it
            # to go, as the table does.
            "view": side.view(self, game, team, now) if side and phase == "game" else None,
        }

    def api(self, method, path, token, body, who):
        """The answer to a request for /api/... from the address `who` (net.server has
        checked its form)."""
        try:
            return self.answer(method, path, token, body, who)
        finally:
            _let_go()

    def answer(self, method, path, token, body, who):
        post = method == "POST"
        if path not in ("/api/teams", "/api/me", "/api/join", "/api/act"):
            return 404, server.TEXT, b""
        if post != (path in ("/api/join", "/api/act")):
            return 405, server.TEXT, b""
        self.sync()
        tokens = self.table["tokens"]
        if post:
            if shape(body)[0] > _NESTING:
                return _json(400, {"error": "nested too deep"})
            try:
                message = json.loads(str(body, "utf-8"))
            except ValueError:  # bad JSON, or bad UTF-8 (UnicodeError is a ValueError)
                message = None
            if type(message) is not dict:
                return _json(400, {"error": "not a JSON object"})
        if path == "/api/teams" or path == "/api/join":  # a phone without a token yet
            status, out = _teams(self, message if post else None, who)
            if status == 200 and post:  # a token given: it survives a power cut
                self.dev.save(SAVE, self.table)
            return _json(status, out)
        if self.session is None or not token or token not in tokens:
            return _json(403, {"error": "no such token in this game"})
        team = tokens.index(token)
        where = self.where
        if where[team] != who:  # its phone's first request this boot, or a new address
            if who in where:
                return _json(403, {"error": "not this phone's team"})
            where[team] = who
        if not post:
            return _json(200, self.me(team))
        app = self.app
        _, _, game, now = app.table()
        side = _side(self.table["game"]) if game is not None else None  # (none at the menu)
        if side is None:
            return _json(409, {"error": "nothing to do on this screen"})
        refused = side.act(self, game, team, message, now)  # the token's team, whatever it says
        if refused is not None:
            self.dev.apply()  # the tone of a refusal, at once
            return _json(refused[0], {"error": refused[1]})
        app.last_input = now  # someone at the table: the device is not idle
        app.step(None, now)  # the screens follow what the act did
        self.dev.apply()
        self.dev.write_all()  # saved before the phone hears it is done
        return 200, None, None  # net.server's answer to an act done: the phone looks next


def _teams(net, message, who):
    """(status, a JSON-able answer) to /api/teams (`message` None) or /api/join
    ({"team": n, "token": the phone's own, optional}: that team's token, if no other phone
    has it yet; net.phones saves it before the phone hears of it), from the address `who`.
    A phone proposes its token, and keeps it, before it asks: if the answer is lost on the
    way, the token works all the same, and asking again for the same team with it is
    answered as the first. One phone, one team: a phone that holds a team (its address's,
    or its token's) and picks another moves to it, and the first is free; its own team
    picked again, it is that team's still, with the token it now proposes."""
    table = net.table
    tokens = table["tokens"]
    where = net.where
    playing = net.session is not None
    if message is None:
        teams = [{"name": n, "taken": t is not None} for n, t in zip(table["names"], tokens)]
        return 200, {"game": table["game"] if playing else None, "teams": teams}
    team = message.get("team")
    mine = message.get("token")
    if not playing:
        return 409, {"error": "no game"}
    if type(team) is not int or not 0 <= team < len(tokens):
        return 400, {"error": "no such team"}
    if mine is not None and (
        type(mine) is not str or not 16 <= len(mine) <= 64 or mine.strip(_HEX)
    ):
        return 400, {"error": "a token is 16 to 64 of 0-9 a-f"}
    if tokens[team] not in (None, mine) and where[team] != who:
        return 409, {"error": "taken"}  # by another phone
    for i in range(len(tokens)):  # the team this phone leaves, if any, is free
        if i != team and (where[i] == who or mine is not None and tokens[i] == mine):
            tokens[i] = where[i] = None
    tokens[team] = mine or hexlify(os.urandom(8)).decode()  # net.phones saves it
    where[team] = who
    if net.app.screen.name == "phones":
        net.app.redraw()  # the join screen says who is in
    # What the team's phone sees comes with its next look (/api/me): the join screen, the
    # game's heaviest, leaves little room for the game's phone side beside net.join.
    return 200, {"team": team, "name": table["names"][team], "token": tokens[team]}


build = Net  # what shell.Device calls: a name every board has already (board.build)
