"""Phones at the table: the device's own Wi-Fi network, the page it serves, and which
phone plays for which team.

Only a board with Wi-Fi loads this: shell.Device builds a Net when the board has `wifi`
(what opens its network: hw.wifi on a Pico W, a loopback port on the PC), before the core,
so that these modules stay loaded through the core's phases. runner.py runs `Net.run`:
- The network is open while the Wi-Fi setting wants it: app.settings["wifi"] 1 on, 2 off,
  0 or absent on when the board runs on USB power (or cannot tell: no battery reading).
  While it is open the device does not sleep: the board's sleep() is the Net's, which
  sleeps only while the network is closed (phones talk to a device that is awake).
- Each game gets a network of its own: a new name, key and tokens, saved (Store key
  "phones") so that after a power cut the game resumes with its phones.
- A phone picks its team (POST /api/join; net.join, loaded only for it) and gets a
  token. With it, the phone reads what its team sees (GET /api/me) and acts for its team
  alone (POST /api/act): what an act means is the game's: net.<game>.view(app, team) is
  what that team's phone shows (a JSON-able dict, or None) and net.<game>.act(app, team,
  message, now) carries out the act (None, or the HTTP status and why not; for
  Scattergories net.sheets.act); a game without one refuses acts (409). Each is loaded
  for the request that needs it and let go with its answer.
  A phone that loses its connection comes back with its token; a team already taken
  cannot be taken again.
- The core reaches the Net as `app.net` (absent without Wi-Fi): `app.net.show(app, now)`
  shows the join screen.
"""

import asyncio
import gc
import json
import sys

from micropython import const

from net import server

SAVE = "phones"
# The games whose phones play (net/<game>.py: view(app, team) and act(app, team, message,
# now)); a phone in any other game follows it with no buttons of its own.
PHONE_GAMES = ("saywhen", "staycool", "scattergories")
# The module of each game's acts: Scattergories' are apart from its view (net.sheets), so
# that a look, the most frequent request, loads none of them: its view of every sheet
# scored is the heaviest of the games'.
_ACTS = const(("net.saywhen", "net.staycool", "net.sheets"))
_LOADED_BY_REQUESTS = const(
    ("net.join", "net.qr", "net.saywhen", "net.staycool", "net.scattergories", "net.sheets")
)
_MAKING_CODES = const(("net.join", "net.qr"))
_USB_MV = const(4500)  # VSYS on USB power is near 5 V; a battery gives at most 4.2 V
_WATCH_MS = const(250)
_RETRY_MS = const(2000)


def _joining():
    """net.join, loaded while it is needed (let go with the rest by `_let_go`)."""
    from net import join

    return join


def _let_go(clear=True):
    """Lets go of what an answer loaded: net.join, and the game's phone side (net.<game>).
    Each is imported again by the next request that needs it, so that between requests
    (the device's own work: a game's parts loading, its scoring) their heap is the game's.
    Their globals go too (phases.unload says why: one stale pointer to a module would hold
    every function in it), but for net.join's and net.qr's while the network's look is in
    the middle of making QR codes with them (`clear` False: Net.making); those two stay
    loaded then, and go at the end of that look."""
    from phases import forget

    for name in _LOADED_BY_REQUESTS:
        if name in sys.modules and (clear or name not in _MAKING_CODES):
            forget(name, True)


def _json(status, data):
    """An answer of JSON (`data`, a dict), which net.server writes as json.dump makes it."""
    return status, server.JSON, data


class Net:
    def __init__(self, dev, ap, now):
        self.dev = dev
        self.ap = ap
        join = _joining()
        self.table = join.checked(dev.store.load(SAVE)[0]) or join.fresh()
        _let_go()
        # What a game's phone side keeps from one request to the next (its module is let
        # go after each), each with the game's state it is of: Scattergories' last
        # challenge decided on the phones ("last"), its sheets' marks ("marks").
        self.kept = {}
        self.making = False  # the network's look is making QR codes (net.join, net.qr)
        # On USB power? Read once, now: a board's VBUS sense (a Pico W's WL_GPIO2) if it
        # has one, else VSYS, before the radio starts (on a Pico W, GP29 is its clock).
        usb_power = getattr(dev.board, "usb_power", None)
        if usb_power is not None:
            self.usb = usb_power() == 1
        else:
            mv = dev.board.battery_mv()
            self.usb = mv is None or mv >= _USB_MV
        self.ip = None  # the device's address while the network is open
        self.opened = None  # the table the network was opened with
        self.session = self  # not yet seen: the first one is the game of the boot
        self.codes = None  # the join screen's QR codes for this network (net.join.made)
        # The next game's network, made at the menu with its codes (table, codes): the QR
        # encoder then never shares the heap with a game, the join screen that opens a
        # game shows at once, and a game begins with no net.join to load.
        self.next = None
        self.now = now  # the core's clock, handed in by the shell (the simulator's own)
        self.server = server.Server(self.api, getattr(ap, "www", "/www"))
        self.serving = None  # the server's task
        self.board_sleep = dev.board.sleep
        dev.board.sleep = self.sleep
        # After each step of the core, as the shell applies its effects: the game followed
        # at once (a new game's join screen before its first button press).
        self.device_apply = dev.apply
        dev.apply = self.apply

    def sleep(self):
        if self.ip is None:
            self.board_sleep()

    def apply(self):
        self.device_apply()
        self.sync()
        if self.kept.get("show"):  # the join screen, with no room for it when asked
            self.show(self.dev.app, self.now())

    # -- the network ---------------------------------------------------------------
    def wanted(self):
        mode = self.dev.app.settings.get("wifi", 0)
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
        makes the QR codes the join screen shows, or will show at the next game (net.join
        and net.qr, loaded for it and let go after)."""
        self.sync()
        app = self.dev.app
        if not self.wanted():
            self.close()
            return
        codes = None
        try:
            self.making = True
            if self.opened is not self.table:
                if not _joining().open(self):
                    await asyncio.sleep_ms(_RETRY_MS)
            elif self.codes is None and app.screen.name == "phones":
                table = self.table
                codes = await _joining().made(self, table, lambda: self.table is table and self.ip)
            elif self.next is None and app.modules._phase == "home":
                table = _joining().fresh()
                codes = await _joining().made(
                    self, table, lambda: app.modules._phase == "home" and self.ip
                )
        except MemoryError:
            pass  # no room for net.join or net.qr now: again at the next look
        finally:
            self.making = False
            _let_go()
        if codes is None:
            return
        # Kept only once net.join and net.qr have gone and what they left is collected:
        # kept beside their work, the codes would sit in the middle of the heap it frees,
        # cut into pieces a game's start cannot use (measured at the 128 KB cap: a third
        # of the starts of a Say When! game of three teams failed, and none since).
        gc.collect()
        if table is self.table:
            self.codes = codes
            if app.screen.name == "phones":  # still waiting for them
                app.redraw()
        else:
            self.next = table, codes

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
        """Shows the join screen (its codes are made while it shows); with no room for it
        now (a new game's heaviest moment), after the core's next step (apply), once what
        that moment left has gone. For the core's screens: `app.net` is this Net on a board
        with Wi-Fi (shell.Device), absent on others; a name the board interns anyway, so
        that asking costs the Pico nothing."""
        try:
            if app.screen.name != "phones":  # (up already: a push half done)
                from net.joinscreen import JoinScreen

                app.push(JoinScreen(self), now)
            self.kept.pop("show", None)
        except MemoryError:
            self.kept["show"] = True

    def url(self):
        port = self.ap.http_port
        return "http://%s/" % self.ip if port == 80 else "http://%s:%d/" % (self.ip, port)

    # -- the game's teams ------------------------------------------------------------
    def sync(self):
        """Follows the core's game. A new one gets a new network and no phones (those of
        the last game are refused); the game of the boot keeps its own, if they are its."""
        session = self.dev.app.session
        if session is self.session:
            return
        booted = self.session is self
        self.session = session
        if session is None:
            return  # the menu: the network stays as it is until a game begins
        table = self.table
        if booted and table["game"] == session["game"] and table["names"] == session["names"]:
            return  # resumed after a power cut, with its phones
        # A network of its own with no phones on it (those of the last game are refused):
        # the one made at the menu, with its codes, if there is one.
        if self.next is None:
            try:
                table = _joining().fresh()
            finally:
                _let_go(not self.making)  # before the join screen: the heaviest moment
            self.codes = None
        else:
            table, self.codes = self.next
            self.next = None
        names = table["names"] = list(session["names"])
        table["tokens"] = [None] * len(names)
        table["game"] = session["game"]
        self.table = table
        self.kept = {}  # (what it held was of the last game's state: let go)
        self.dev.save(SAVE, table)
        if self.wanted() and session["game"] in PHONE_GAMES:  # a game that takes phones:
            self.show(self.dev.app, self.now())  # how to join them, before its first card

    def phones(self):
        """The teams with a phone: the device types only for the others first."""
        return [team for team, token in enumerate(self.table["tokens"]) if token]

    def game(self, acting=False):
        """The phones' side of the game being played, net.<game> (its view, and its act
        but for Scattergories'), or `acting`, the module of its acts (_ACTS); None on the
        menu and in the games that do not take phones. Imported for the request that needs
        it, and let go with its answer (api)."""
        key = self.table["game"]
        if self.session is None or key not in PHONE_GAMES:
            return None
        name = _ACTS[PHONE_GAMES.index(key)] if acting else "net." + key
        return __import__(name, None, None, ("view",))

    def me(self, team):
        app = self.dev.app
        # The join screen shows over the game's first card: the phones wait for it to go,
        # as the table does (and it is the game's heaviest moment, with no room to spare
        # for the game's phone side).
        game = self.game() if app.screen.name != "phones" else None
        return {
            "team": team,
            "name": self.table["names"][team],
            "game": self.table["game"],
            # a game's screens go by the game's name (they carry no name of their own)
            "screen": self.table["game"] if hasattr(app.screen, "game") else app.screen.name,
            "view": game.view(app, team) if game is not None else None,
        }

    def api(self, method, path, token, body):
        """The answer to a request for /api/... (net.server has checked its form)."""
        try:
            return self.answer(method, path, token, body)
        finally:
            _let_go(not self.making)

    def answer(self, method, path, token, body):
        post = method == "POST"
        if path not in ("/api/teams", "/api/me", "/api/join", "/api/act"):
            return 404, server.TEXT, b""
        if post != (path in ("/api/join", "/api/act")):
            return 405, server.TEXT, b""
        self.sync()
        tokens = self.table["tokens"]
        if post:
            try:
                message = json.loads(str(body, "utf-8"))
            except ValueError:  # bad JSON, or bad UTF-8 (UnicodeError is a ValueError)
                message = None
            if type(message) is not dict:
                return _json(400, {"error": "not a JSON object"})
        if path == "/api/teams" or path == "/api/join":  # a phone without a token yet
            status, out = _joining().answer(self, message if post else None)
            if status == 200 and post:  # a token given: it survives a power cut
                self.dev.save(SAVE, self.table)
            return _json(status, out)
        playing = self.session is not None
        if not playing or not token or token not in tokens:
            return _json(403, {"error": "no such token in this game"})
        team = tokens.index(token)
        app = self.dev.app
        if post:
            game = self.game(True)
            if game is None:
                return _json(409, {"error": "nothing to do on this screen"})
            now = self.now()
            refused = game.act(app, team, message, now)  # the token's team, whatever it says
            if refused is not None:
                self.dev.apply()  # the tone of a refusal, at once
                return _json(refused[0], {"error": refused[1]})
            # Done: from here the phone must not be told to ask again (the server's 503 for
            # want of room), or it would act twice. The answer is net.server's constant for
            # an act done (no kind), with no view: the phone looks next, a request of its
            # own, so that the heap never holds an act's work and a view's at once.
            try:
                app.last_input = now  # someone at the table: the device is not idle
                app.step(None, now)  # settles the screen the act moved on to
                self.dev.apply()  # what the act did, at once
            except MemoryError:
                pass  # done all the same: the screen follows at the device's next step
            return 200, None, None
        return _json(200, self.me(team))


build = Net  # what shell.Device calls: a name every board has already (board.build)
