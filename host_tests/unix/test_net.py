# heap: 512K (several devices at once in one process; on a board each boot has its own)
# The phones' side of the device (firmware/net) inside the unix port: the Wi-Fi setting,
# no sleep while phones may talk, what a saved network must hold, and acts that reach a
# screen for the token's team alone. (test_phones.py drives the same over real sockets.)
import asyncio
import json
import os
import sys

import ticks
from board import HostBoard
from net import phones as net
from screens import state
from shell import Device
from store import Store

ROOT = os.getenv("TEST_TMP")
_dirs = [0]


class FakeAP:
    """An access point that records what it was asked; the ports the system picks."""

    host = "127.0.0.1"
    http_port = dns_port = 0

    def __init__(self):
        self.log = []

    def up(self, ssid, key):
        self.log.append(("up", ssid, key))
        return "127.0.0.1"

    def address(self):
        return "127.0.0.1"

    def down(self):
        self.log.append(("down",))


def device(battery=None, game=True, ap=None, key="saywhen", names=("Red", "Blue")):
    """A device with Wi-Fi (a FakeAP, or `ap`), in a folder of its own; in a new game of
    `key` (Say When!) of `names`, or at the menu."""
    _dirs[0] += 1
    state = "%s/dev%d" % (ROOT, _dirs[0])
    store = Store(state)
    if game:
        store.save("session", {"game": key, "names": list(names), "state": None})
    board = HostBoard(state)
    board.battery = battery
    board.wifi = FakeAP() if ap is None else ap
    return Device(board, store, seed=1, resume=game)


def answer(dev, method, path, token=None, body=b"", who=1):
    """(status, JSON) of a request from the address `who` (net.server's small int)."""
    status, kind, data = dev.net.api(method, path, token, body, who)
    # The JSON as net.server writes it and a phone reads it; an act done: None (no kind)
    return status, json.loads(json.dumps(data)) if kind == "application/json" else data


def look(dev):
    """One look of the network's task at the setting and the game (Net.watch)."""
    asyncio.run(dev.net.watch())


def test_wifi_is_on_by_default_on_usb_power_and_off_on_battery():
    on_usb = device(battery=None)  # no battery reading: the board cannot tell, so USB
    look(on_usb)
    assert on_usb.net.ip == "127.0.0.1" and on_usb.board.wifi.log[0][0] == "up"
    on_usb.net.close()
    on_battery = device(battery=3900)
    look(on_battery)
    assert on_battery.net.ip is None and on_battery.board.wifi.log == []
    charged = device(battery=4800)  # VSYS over 4.5 V: USB
    look(charged)
    assert charged.net.ip is not None
    charged.net.close()


def test_the_setting_turns_wifi_on_and_off():
    dev = device(battery=3900)
    dev.app.settings["wifi"] = 1  # on, even on battery
    look(dev)
    assert dev.net.ip is not None
    dev.app.settings["wifi"] = 2  # off
    look(dev)
    assert dev.net.ip is None and dev.board.wifi.log[-1] == ("down",)
    assert dev.net.server.sockets == ()  # the ports are closed too


def test_the_device_does_not_sleep_while_the_network_is_open():
    dev = device()
    look(dev)
    dev.sleep_pending = True
    dev.shown()
    assert dev.board.sleeps == 0
    dev.app.settings["wifi"] = 2
    look(dev)
    dev.sleep_pending = True
    dev.shown()
    assert dev.board.sleeps == 1
    assert dev.net.ip is None


def joining():
    """net.join as it is now: the device lets go of it after each use, its globals too."""
    from net import join

    return join


def test_a_saved_network_that_does_not_hold_up_is_replaced():
    from app.session import clean_phones
    from net import join

    good = join.fresh()
    assert clean_phones(good) == (good, True)  # a network of no game yet
    assert good["ssid"][:8] == "Scanner-" and len(good["ssid"]) == 12 and len(good["key"]) == 8
    good = dict(good, game="saywhen", names=["Red", "Blue"], tokens=[None, None])
    assert clean_phones(good) == (good, True)
    assert clean_phones(None) == (None, True)  # none saved
    for bad in (
        [],
        "ssid",
        {},
        dict(good, ssid=""),
        dict(good, ssid=7),
        dict(good, key="short"),
        dict(good, key=12345678),
        dict(good, game=3),
        dict(good, names="Red"),
        dict(good, tokens=[None]),
        dict(good, tokens=[None, 5]),
        dict(good, names=[1, 2]),
        dict(good, names=["A" * 5000, "Blue"]),  # longer than the setup's editor spells
        dict(good, ssid="Scanner-ABC!"),
        dict(good, tokens=["ab" * 8, "ab" * 8]),  # one phone, two teams
        dict(good, tokens=["AB" * 8, None]),
        dict(good, tokens=[10**4000, None]),
        dict(good, zz=10**4000),  # a field the device never writes (whose value it would keep)
        dict(good, game="chess"),
    ):
        assert clean_phones(bad) == (None, False), bad
    dev = device()
    bad = dict(good, zz=10**4000)
    dev.store.save(net.SAVE, bad)
    dev = Device(dev.board, dev.store, seed=1, resume=True)
    assert clean_phones(dev.net.table)[1] and "zz" not in dev.net.table  # a fresh one
    assert dev.store.load(net.SAVE + ".bad")[0] == bad  # kept aside, and told:
    assert dev.app.screen.name == "notice" and "phones" in dev.app.screen.message


def test_a_phone_acts_for_its_own_team_only_and_only_when_the_game_asks_for_it():
    dev = device()
    dev.net.sync()
    assert dev.app.screen.name == "phones"  # the join screen, over the game's first card
    dev.app.step(("press", "B"), 0)
    status, me = answer(dev, "POST", "/api/join", body=b'{"team": 1}')
    assert status == 200 and (me["team"], me["name"]) == (1, "Blue")
    token = me["token"]
    status, me = answer(dev, "GET", "/api/me", token)  # what the team sees: its first look
    assert status == 200 and me["view"]["kind"] == "saywhen"
    # 0-0: the Quizzer chooses secret or open first; a guess now is refused, nothing changes.
    before = json.dumps(state(dev.app))
    status, _ = answer(dev, "POST", "/api/act", token, b'{"guess": "5"}')
    assert status == 409 and json.dumps(state(dev.app)) == before
    dev.app.step(("press", "A"), 0)  # secret
    # Whatever the message says, it is Blue's guess: the token says whose.
    status, done = answer(dev, "POST", "/api/act", token, b'{"team": 0, "guess": "5"}')
    assert (status, done) == (200, None) and dev.app.screen.game.s["guesses"] == [[1, "5"]]
    assert answer(dev, "GET", "/api/me", token)[1]["view"]["locked"] == [1]  # its next look
    for body in (b'{"guess": "5"', b"[0]", b"5", b'"x"', b"\xff\xfe"):
        status, _ = answer(dev, "POST", "/api/act", token, body)
        assert status == 400, body
    status, _ = answer(dev, "POST", "/api/act", "f" * 16, b'{"guess": "6"}')
    assert status == 403
    assert dev.app.screen.game.s["guesses"] == [[1, "5"]]
    # On the menu no game takes acts.
    dev.app.home(0)
    dev.app.step(None, 0)
    status, me = answer(dev, "POST", "/api/act", token, b'{"guess": "6"}')
    assert status == 409 and me == {"error": "nothing to do on this screen"}


def test_a_new_game_gets_a_new_network_and_the_boot_s_game_keeps_its_own():
    dev = device()
    dev.net.sync()
    first = dev.net.table
    status, me = answer(dev, "POST", "/api/join", body=b'{"team": 0}')
    # A power cut: the same game comes back with its network and its phone.
    again = Device(dev.board, dev.store, seed=2, resume=True)
    again.net.sync()
    assert again.net.table["ssid"] == first["ssid"] and again.net.table["key"] == first["key"]
    assert answer(again, "GET", "/api/me", me["token"])[0] == 200
    again.app.again()  # the same teams, a new game
    again.app.step(None, 0)
    again.net.sync()
    assert again.net.table["ssid"] != first["ssid"]
    assert answer(again, "GET", "/api/me", me["token"])[0] == 403


async def _recv_all(sock, ms):
    """What `sock` (non-blocking) receives until it closes or `ms` pass."""
    got = b""
    for _ in range(ms // 20):
        try:
            chunk = sock.recv(512)
        except OSError:  # nothing yet
            await asyncio.sleep_ms(20)
            continue
        if not chunk:
            break
        got += chunk
    return got


async def _connect(port):
    """A socket connected to the server on `port`, without blocking: the loop is the
    device's own, and the server accepts when its task runs."""
    import socket

    s = socket.socket()
    s.setblocking(False)
    try:
        s.connect(socket.getaddrinfo("127.0.0.1", port)[0][-1])
    except OSError:  # EINPROGRESS
        pass
    await asyncio.sleep_ms(30)
    return s


def test_a_phone_is_told_where_the_table_stands_at_the_resume_offer_and_the_menu():
    dev = device()
    dev.net.sync()
    dev.app.step(("press", "B"), 0)  # the join screen gives way to the game
    status, me = answer(dev, "POST", "/api/join", body=b'{"team": 0}')
    token = me["token"]
    assert answer(dev, "GET", "/api/me", token)[1]["screen"] == "saywhen"
    dev.write_all()
    again = Device(dev.board, dev.store, seed=2)  # a power cut: the offer to resume
    assert again.app.screen.name == "resume"
    status, me = answer(again, "GET", "/api/me", token)
    assert status == 200 and (me["screen"], me["view"], me["name"]) == ("resume", None, "Red")
    again.app.step(("press", "A"), 0)  # to the menu, the game kept
    status, me = answer(again, "GET", "/api/me", token)
    assert status == 200 and me["screen"] == "home"
    again.app.step(("press", "GO"), 0)  # Resume Say When!: its phones play on
    again.app.step(None, 0)
    assert answer(again, "GET", "/api/me", token)[1]["screen"] == "saywhen"


def test_silent_slow_and_flooding_phones_never_hold_up_the_buttons_or_the_watchdog():
    import shell as runner

    dev = device()
    for _ in range(20):  # a free port for the server
        dev.board.wifi.http_port = dev.board.wifi.dns_port = 20000 + os.urandom(2)[0] * 150
        if joining().open(dev.net, 0):
            break
    port = dev.board.wifi.http_port
    # The watchdog's feeds, every poll, and what the phones did, in the order they came: a
    # loop held up by a phone would show as two of the phones' steps with no feed between.
    log = []
    dev.board.feed = lambda: log.append("feed")
    seen = {}

    def connect():
        return _connect(port)

    async def phones():  # the board's until_stopped: the run ends when the phones are done
        silent, slow = await connect(), await connect()
        for _ in range(30):  # a flood: requests sent, answers never read
            flood = await connect()
            try:
                flood.send(b"GET /api/teams HTTP/1.1\r\n\r\n")
            except OSError:  # turned away already
                pass
            flood.close()
            log.append("flood")
        for byte in b"GET /api/teams HTTP/1.1\r\n"[:20]:  # one byte every 100 ms
            slow.send(bytes([byte]))
            await asyncio.sleep_ms(100)
            log.append("byte")
        await asyncio.sleep_ms(2000)  # past the flood's rate limit
        log.append("waited")
        asked = await connect()
        asked.send(b"GET /api/teams HTTP/1.1\r\n\r\n")
        seen["asked"] = await _recv_all(asked, 2000)
        seen["silent"] = await _recv_all(silent, 3000)  # cut off at the 4 s deadline
        for s in (silent, slow, asked):
            s.close()

    dev.board.until_stopped = phones
    runner.run(dev)
    # Each step of the phones (a flood's connection, a slow byte, the wait) is logged after
    # a sleep of at least 30 ms, so the loop polls, and feeds the watchdog, between any two:
    # unless a phone held it up. Counted, not timed: a loaded machine's pauses change nothing.
    steps = [s for s in log if s != "feed"]
    assert len(steps) == 30 + 20 + 1, steps
    held_up = [i for i in range(1, len(log)) if log[i] != "feed" and log[i - 1] != "feed"]
    assert not held_up, [log[i - 1 : i + 1] for i in held_up]
    assert log.count("feed") > 100, log.count("feed")  # ~5 s of 10 ms polls, at least 100
    assert seen["asked"].startswith(b"HTTP/1.1 200 ") and b'"teams"' in seen["asked"]
    assert seen["silent"].startswith(b"HTTP/1.1 408 ")


def test_the_core_reaches_the_phones_as_app_net_and_shows_the_join_screen():
    dev = device()
    assert dev.app.net is dev.net
    dev.net.show(dev.app, 0)
    assert dev.app.screen.name == "phones"
    dev.app.step(("press", "A"), 10)  # any button goes back
    assert dev.app.screen.name != "phones"
    board = HostBoard(ROOT + "/no-wifi")  # a board without Wi-Fi: no Net, no app.net
    plain = Device(board, Store(ROOT + "/no-wifi"), seed=1)
    assert plain.net is None and getattr(plain.app, "net", None) is None


def test_a_board_with_wifi_has_the_setting_and_the_join_screen_in_its_menus():
    from app import menu, settings

    dev = device(game=False)
    labels = [item.label for item in menu.main_items(dev.app)]
    assert "Join with phones" in labels
    [join] = [item for item in menu.main_items(dev.app) if item.label == "Join with phones"]
    join.action(dev.app, 0)
    assert dev.app.screen.name == "phones"
    dev.app.step(("press", "A"), 0)
    [wifi] = [i for i in settings.menu()._items(dev.app) if i.label == "Wi-Fi network"]
    assert wifi.text(dev.app) == "Wi-Fi network: On USB only"  # the default
    wifi.adjust(dev.app, 1, 0)
    assert wifi.text(dev.app) == "Wi-Fi network: On" and dev.app.settings["wifi"] == 1
    wifi.adjust(dev.app, 1, 0)
    wifi.adjust(dev.app, 1, 0)  # no further than off
    assert wifi.text(dev.app) == "Wi-Fi network: Off" and dev.app.settings["wifi"] == 2
    dev.apply()
    dev.write_all()  # as the loop does at the end of the poll (Device.write_one)
    again = Device(dev.board, dev.store, seed=1)  # the setting is kept through a power cut
    assert again.app.settings["wifi"] == 2
    look(again)
    assert again.net.ip is None  # and off it stays
    board = HostBoard(ROOT + "/no-wifi-menu")  # without Wi-Fi: neither
    plain = Device(board, Store(ROOT + "/no-wifi-menu"), seed=1)
    assert "Join with phones" not in [item.label for item in menu.main_items(plain.app)]
    assert "Wi-Fi network" not in [i.label for i in settings.menu()._items(plain.app)]


def test_the_join_screen_waits_for_its_codes_then_shows_them_and_they_stay_with_it():
    dev = device()
    look(dev)  # the network opens
    dev.net.show(dev.app, 0)
    assert dev.net.codes is None and dev.app.screen.name == "phones"
    dev.gfx.trace = []
    dev.app.draw(dev.gfx)
    assert "Making the QR codes" in dev.gfx.trace
    look(dev)  # the codes are made while the screen shows
    wifi, page, url = dev.net.codes
    assert wifi[0] == 29 and page[0] == 25 and url == dev.net.url()  # versions 3 and 2
    dev.gfx.trace = []
    dev.app.draw(dev.gfx)
    table = dev.net.table
    assert table["ssid"] in dev.gfx.trace and table["key"] in dev.gfx.trace
    assert "no phone yet" in dev.gfx.trace
    dev.app.want_draw = 0
    assert answer(dev, "POST", "/api/join", body=b'{"team": 1}', who=2)[0] == 200
    assert dev.app.want_draw and "in: Blue" in drawn(dev)  # who has joined, as they join
    assert answer(dev, "POST", "/api/join", body=b'{"team": 0}', who=3)[0] == 200
    assert "in: Red, Blue" in drawn(dev)
    dev.app.step(("press", "A"), 0)  # gone: made codes stay with their network
    assert dev.net.codes[2] == url
    dev.net.close()


def test_a_bug_in_a_look_at_the_network_closes_it_and_the_next_look_opens_it_again():
    dev = device()
    net = dev.net
    looks = []
    watch = net.watch

    async def failing_once():
        looks.append(net.ip)
        if len(looks) == 2:
            raise KeyError("a bug")
        await watch()

    net.watch = failing_once

    async def run_a_while():
        task = asyncio.create_task(net.run())
        await asyncio.sleep_ms(900)  # looks every 250 ms
        task.cancel()
        await asyncio.sleep_ms(0)

    asyncio.run(run_a_while())
    assert looks[:4] == [None, "127.0.0.1", None, "127.0.0.1"]  # open, the bug: shut, open
    assert dev.board.wifi.log.count(("down",)) >= 2  # the bug's close, and the task's end


def test_the_pico_w_s_wifi_follows_its_vbus_sense_not_a_battery_reading():
    class AP:
        host, http_port, dns_port, used = "127.0.0.1", 0, 0, False

    for vbus, on in ((1, True), (0, False)):
        board = HostBoard(ROOT + "/vbus%d" % vbus)
        board.wifi = AP()
        board.usb_power = lambda vbus=vbus: vbus
        board.battery = 3700 if vbus else 4800  # a reading that says otherwise is not asked
        dev = Device(board, Store(ROOT + "/vbus%d" % vbus), seed=1)
        assert dev.net.usb is on and dev.net.wanted() is on


def test_an_answer_s_length_is_its_utf8_bytes_when_the_api_gives_a_str():
    # A view is sent as the str json.dumps made, not copied as bytes: its Content-Length
    # must count the UTF-8 bytes, not the characters (a Scattergories sheet's "Café").

    from net import server

    text = '{"answer": "Caf\u00e9 cr\u00e8me"}'
    web = server.Server(lambda method, path, token, body, who: (200, server.JSON, text), "/none")
    for _ in range(20):
        port = 20000 + os.urandom(2)[0] * 150
        try:
            web.listen("127.0.0.1", port, port)
            break
        except OSError:
            pass
    seen = {}

    async def phone():
        serving = asyncio.create_task(web.run("127.0.0.1"))
        s = await _connect(port)
        s.send(b"GET /api/me HTTP/1.1\r\n\r\n")
        seen["got"] = await _recv_all(s, 2000)
        s.close()
        serving.cancel()
        await asyncio.sleep_ms(0)

    asyncio.run(phone())
    head, _, body = seen["got"].partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 200 "), head
    assert b"\r\nContent-Length: %d\r\n" % len(text.encode()) in head, head
    assert body == text.encode() and len(body) > len(text)


class _Conn:
    """A phone's connection as the server takes it: nothing sent yet."""

    closed = False
    sent = b""

    def setblocking(self, flag):
        pass

    def recv(self, n):
        raise OSError(11)  # EAGAIN: nothing yet

    def send(self, data):
        self.sent += data.encode() if isinstance(data, str) else data
        return len(data)

    def close(self):
        self.closed = True


class _Listening:
    """lwIP's listening socket on a Pico W: accept() gives (address, port)."""

    def __init__(self, address):
        self.address = address
        self.conn = None

    def accept(self):
        self.conn = _Conn()
        return self.conn, (self.address, 50000)


def test_on_a_pico_w_each_phone_s_address_has_its_own_share_and_keeps_no_heap():
    from net import server

    web = server.Server(None, "/www")
    phone, other = _Listening("192.168.4.17"), _Listening("192.168.4.18")
    taken = refused = 0
    for _ in range(20):  # one phone's flood: its burst goes in, then 429
        web.accept(phone)
        if phone.conn.closed:
            assert phone.conn.sent.startswith(b"HTTP/1.1 429 ")
            refused += 1
        else:
            taken += 1
        for slot in web.slots:  # each answered at once: a slot is always free
            web.end(slot, None)
    assert taken >= 12 and refused >= 5  # _BURST, then one each 150 ms
    web.accept(other)  # another phone has a share of its own
    assert not other.conn.closed
    # Each address is kept as a small int: nothing of a phone's stays in the heap.
    kept = [c for c in web.clients[::3] if c is not None]
    assert len(kept) == 2 and all(type(c) is int for c in kept)


class _Clock:
    """The clock as net.server reads it, moved by the test."""

    now = 0

    @staticmethod
    def ticks_ms():
        return _Clock.now

    @staticmethod
    def ticks_add(t, ms):
        return ticks.add(t, ms)

    @staticmethod
    def ticks_diff(a, b):
        return ticks.diff(a, b)


class _Poller:
    def register(self, conn, what):
        pass

    modify = register

    def unregister(self, conn):
        pass


# A slot's fields (net/server.py): its connection, its stage (2: sending), its buffer.
CONN, STAGE, BUF = 0, 1, 4


def test_a_silent_connection_gives_its_slot_and_one_too_slow_is_answered_408():
    from net import server

    plain = server.time
    server.time = _Clock
    try:
        web = server.Server(None, "/www")
        poller = _Poller()
        phones = [_Listening("192.168.4.%d" % (20 + i)) for i in range(4)]
        for i, phone in enumerate(phones):  # four connections that send nothing
            _Clock.now = i * 100
            web.accept(phone)
        assert web.open == 4 and not any(p.conn.closed for p in phones)
        late = _Listening("192.168.4.30")
        _Clock.now = 450  # the first was heard from 450 ms ago: not yet idle enough
        web.accept(late)
        assert late.conn.closed and late.conn.sent.startswith(b"HTTP/1.1 503 ")
        _Clock.now = 600  # 600 ms: the first gives its slot to the next to come
        web.accept(late)
        assert not late.conn.closed and web.waiting[0] is late.conn
        for slot in web.slots:  # the loop's pass: the idlest ended, the waiting one let in
            web.tend(slot, poller)
        web.admit()
        assert phones[0].conn.closed and web.open == 4 and web.waiting is None
        assert [slot[CONN] for slot in web.slots].count(late.conn) == 1
        # The whole request must come within 4 s of the connection: the second, at 100 ms,
        # is answered 408 at 4,100 ms; the third, at 200 ms, not yet.
        _Clock.now = 4100
        for slot in web.slots:
            web.tend(slot, poller)
        stages = {slot[CONN]: (slot[STAGE], slot[BUF]) for slot in web.slots}
        stage, buf = stages[phones[1].conn]
        assert stage == 2 and bytes(buf).startswith(b"HTTP/1.1 408 ")
        assert stages[phones[2].conn][0] == 1  # still reading
    finally:
        server.time = plain


def test_on_a_pico_w_each_address_of_the_device_s_network_is_told_apart():
    """The API's one phone, one team knows a phone by the small int accept makes of its
    address (lwIP's (address, port): its hash): no two of the 254 addresses of the
    device's network (192.168.4.x) are taken for one."""
    from net import server

    web = server.Server(None, "/www")
    seen = set()
    for last in range(1, 255):
        phone = _Listening("192.168.4.%d" % last)
        web.accept(phone)
        [slot] = [s for s in web.slots if s[0] is phone.conn]
        seen.add(slot[15])  # (net.server's _WHO: what the API is handed as `who`)
        web.end(slot, None)
    assert len(seen) == 254


# -- a radio that fails: a Pico W's CYW43 that does not start ----------------------------

T0 = ticks.MASK + 1 - 30000  # the minutes here cross the tick wrap


def fake_network(address, works=None):
    """MicroPython's `network` module for a Pico W's access point, as its documentation
    gives network.WLAN: WLAN(interface_id) of network.STA_IF or network.AP_IF; active() and
    active(is_active); config(param=value, ...) of the documented parameters, and
    config("param"); ifconfig(), (ip, subnet, gateway, dns); and the values config(pm=...)
    takes, WLAN.PM_PERFORMANCE, WLAN.PM_POWERSAVE and WLAN.PM_NONE (rp2's, made by
    cyw43-driver's cyw43_pm_value: code only names them). `calls` records, in order, each
    call that sets something.

    The chip behind it, as cyw43-driver runs it (cyw43_ctrl.c): a call that reaches the
    chip (active(True), active(False), config(pm=...)) first starts it if it is not running
    (cyw43_ensure_up: its firmware loaded, a second or so), and `radio["starts"]` counts
    those starts; a chip that starts takes the driver's default power saving
    (cyw43_wifi_set_up: PM_PERFORMANCE); the name and key are only kept, for the next
    active(True); active() and ifconfig() read the port's own state. The access point's
    address once active is `radio["address"]`. A chip that does not start (`works` false;
    by default when the address is 0.0.0.0) raises nothing, and the interface reports
    itself active, at 0.0.0.0: what rp2 does when the CYW43 fails."""
    calls = []
    radio = {
        "address": address,
        "works": address != "0.0.0.0" if works is None else works,
        "running": False,
        "starts": 0,
        "active": [False, False],
        "config": {},
    }

    class WLAN:
        PM_PERFORMANCE = 0xA11142  # (the driver's default)
        PM_POWERSAVE = 0x11
        PM_NONE = 0x10
        PARAMS = "mac ssid channel hidden security key hostname reconnects txpower pm"

        def __init__(self, interface_id):
            if interface_id not in (0, 1):
                raise ValueError("unknown interface")
            self.itf = interface_id

        def _chip(self):
            if not radio["running"]:
                radio["starts"] += 1
                radio["running"] = radio["works"]
                if radio["running"]:
                    radio["config"]["pm"] = WLAN.PM_PERFORMANCE

        def active(self, *is_active):
            if not is_active:
                return radio["active"][self.itf]
            calls.append(("active", bool(is_active[0])))
            self._chip()
            radio["active"][self.itf] = bool(is_active[0])

        def config(self, *param, **values):
            if param and values:
                raise TypeError("can't specify pos and kw args")
            for name in param or values:
                if name not in WLAN.PARAMS.split():
                    raise ValueError("unknown config param")
            if param:
                return radio["config"][param[0]]
            calls.append(("config", values))
            if "pm" in values:
                self._chip()
            radio["config"].update(values)

        def ifconfig(self):
            ip = radio["address"] if radio["active"][self.itf] else "0.0.0.0"
            return ip, "255.255.255.0", ip, "0.0.0.0"

    class network:
        STA_IF = 0
        AP_IF = 1

    network.WLAN = WLAN
    network.calls = calls
    network.radio = radio
    return network


def radio(address, works=None):
    """hw.wifi's access point on a fake radio (fake_network), serving on the loopback."""
    from hw.wifi import AccessPoint

    network = fake_network(address, works)
    sys.modules["network"] = network  # what hw.wifi imports
    ap = AccessPoint()
    ap.host, ap.http_port, ap.dns_port = "127.0.0.1", 0, 0
    return ap, network


def at(dev, ms, ev=None):
    """At T0 + ms: the event `ev` if any, the shell's tick, then a look of the network's
    task (Net.watch) at the core's clock."""
    now = ticks.add(T0, ms)
    if ev is not None:
        dev.app.step(ev, now)
        dev.apply()
    dev.app.step(None, now)
    dev.apply()
    look(dev)


def drawn(dev):
    """The texts of the screen on top, as drawn now."""
    dev.gfx.trace = []
    dev.app.draw(dev.gfx)
    return dev.gfx.trace


def ups(log):
    """How often the access point was started."""
    return len([c for c in log if c[0] == "up"])


def test_the_access_point_turns_power_saving_off_once_up_and_leaves_a_failed_chip_alone():
    from hw.wifi import AccessPoint

    network = fake_network("192.168.4.1")
    sys.modules["network"] = network
    WLAN, calls = network.WLAN, network.calls
    ap = AccessPoint()
    assert ap.up("Scanner-ABCD", "abcdefgh") == "192.168.4.1"
    # Named while down; power saving off after active(True), which gives the driver's own.
    assert calls == [
        ("config", {"ssid": "Scanner-ABCD", "key": "abcdefgh"}),
        ("active", True),
        ("config", {"pm": WLAN.PM_NONE}),
    ]
    assert WLAN(network.AP_IF).config("pm") == WLAN.PM_NONE != WLAN.PM_PERFORMANCE
    del calls[:]
    assert ap.up("Scanner-WXYZ", "mnpqrstu") == "192.168.4.1"  # a new game's network
    assert calls == [
        ("active", False),
        ("config", {"ssid": "Scanner-WXYZ", "key": "mnpqrstu"}),
        ("active", True),
        ("config", {"pm": WLAN.PM_NONE}),
    ]
    assert network.radio["starts"] == 1  # the chip's one start of the boot
    # A chip that does not start: active all the same, at 0.0.0.0, and no error. Nothing
    # more reaches it (each call that did would try to start it again: 1-2 s on a board).
    network = fake_network("0.0.0.0")
    sys.modules["network"] = network
    ap = AccessPoint()
    assert ap.up("Scanner-ABCD", "abcdefgh") == "0.0.0.0"
    wlan = network.WLAN(network.AP_IF)
    assert wlan.active() and wlan.ifconfig()[0] == "0.0.0.0"
    assert ap.address() == "0.0.0.0"
    assert ap.up("Scanner-WXYZ", "mnpqrstu") == "0.0.0.0"  # tried again: one start each
    assert network.radio["starts"] == 2
    assert not [c for c in network.calls if c[0] == "config" and "pm" in c[1]]


def test_a_radio_active_at_0000_is_wifi_unavailable_on_the_join_screen_and_the_game_plays_on():
    ap, network = radio("0.0.0.0")
    dev = device(ap=ap)
    at(dev, 0)  # the radio started: no error, active, at 0.0.0.0
    assert network.radio["starts"] == 1 and dev.net.ip is None
    assert dev.app.screen.name == "phones" and "Wi-Fi is starting" in drawn(dev)
    at(dev, 2990)  # a few seconds for an address
    assert not dev.net.failed and "Wi-Fi is starting" in drawn(dev)
    at(dev, 3000)
    assert dev.net.failed and dev.net.ip is None and not dev.net.awake()
    assert dev.app.want_draw  # the join screen redrawn to say so
    shown = drawn(dev)
    assert "Wi-Fi unavailable" in shown, shown  # where the codes would be
    assert "\u2190 join Wi-Fi" not in shown and not [t for t in shown if "0.0.0.0" in t]
    assert dev.net.codes is None and dev.net.next is None  # no QR code of 0.0.0.0 made
    # The game plays on without phones: any button leaves the join screen, and the
    # Quizzer's choice (secret or open) takes the game on.
    at(dev, 3500, ("press", "B"))
    assert dev.app.table()[0] == "game" and state(dev.app)["view"]["mode"] == "choice"
    at(dev, 4000, ("press", "A"))
    assert state(dev.app)["view"]["mode"] == "secret"
    assert network.radio["starts"] == 1  # left alone since


def test_no_address_within_a_few_seconds_is_a_failure_and_one_that_comes_in_time_serves():
    ap, network = radio("0.0.0.0", works=True)  # a radio whose address is slow to come
    dev = device(ap=ap)
    at(dev, 0)
    at(dev, 1500)
    assert dev.net.ip is None and not dev.net.failed
    network.radio["address"] = "127.0.0.1"  # in time
    at(dev, 2000)
    assert dev.net.ip == "127.0.0.1" and not dev.net.failed and dev.net.serving is not None
    assert network.WLAN(network.AP_IF).config("pm") == network.WLAN.PM_NONE
    at(dev, 2100)  # the codes, made while the join screen shows
    assert dev.net.codes[2] == dev.net.url() and "\u2190 join Wi-Fi" in drawn(dev)
    assert network.radio["starts"] == 1
    dev.net.close()
    ap, network = radio("0.0.0.0", works=True)
    late = device(ap=ap)
    at(late, 0)
    at(late, 3000)
    assert late.net.failed and late.net.ip is None and late.net.serving is None
    network.radio["address"] = "127.0.0.1"  # too late: the game goes on without phones
    at(late, 3500)
    assert late.net.ip is None and "Wi-Fi unavailable" in drawn(late)
    assert network.radio["starts"] == 1


def test_a_failed_radio_is_started_again_only_at_the_menu_still_and_at_most_once_a_minute():
    ap, network = radio("0.0.0.0")
    chip = network.radio
    dev = device(ap=ap)
    at(dev, 0)
    at(dev, 3000)  # failed: a minute from now at the soonest
    assert dev.net.failed and chip["starts"] == 1
    at(dev, 3100, ("press", "B"))  # the game, without phones
    for ms in (30_000, 63_000, 90_000, 99_000):  # in a game, however long: never
        at(dev, ms)
    assert chip["starts"] == 1
    dev.app.home()
    at(dev, 97_500, ("press", "DOWN"))  # a press at the menu: no start while one may follow
    at(dev, 100_000)
    assert dev.app.table()[0] == "home" and chip["starts"] == 1
    at(dev, 100_500)  # still for 3 s, at the menu, over a minute since: started again, once
    assert chip["starts"] == 2
    at(dev, 101_000)
    assert chip["starts"] == 2 and not dev.net.awake()
    at(dev, 104_000)  # no address in a few seconds: failed again
    assert dev.net.failed and chip["starts"] == 2
    for ms in (110_000, 140_000, 163_990):  # within a minute of that: no start
        at(dev, ms)
    assert chip["starts"] == 2
    at(dev, 164_000)
    assert chip["starts"] == 3
    # The menu's join screen says so meanwhile, and shows no code.
    dev.net.show(dev.app, ticks.add(T0, 164_100))
    shown = drawn(dev)
    assert "Wi-Fi unavailable" in shown and "\u2190 join Wi-Fi" not in shown
    # A radio that starts at a later try: the network is back, and the screen says so.
    at(dev, 167_000)
    chip["works"], chip["address"] = True, "127.0.0.1"
    at(dev, 227_000)
    assert chip["starts"] == 4 and dev.net.ip == "127.0.0.1" and not dev.net.failed
    assert dev.app.want_draw and "Wi-Fi unavailable" not in drawn(dev)
    dev.net.close()


def test_the_radio_is_never_started_while_a_timer_runs():
    # Stay Cool's sand: the network lost in a turn (as a look that meets a bug closes it)
    # is opened again only once the sand stands still.
    dev = device(key="staycool", names=("Ann", "Bo", "Cy"))
    log = dev.board.wifi.log
    at(dev, 0)
    at(dev, 100, ("press", "B"))  # past the join screen
    at(dev, 200, ("press", "C"))  # the turn: the sand runs
    live = dev.app.table()[2].live
    assert live is not None and not live.paused() and ups(log) == 1
    dev.net.close()
    for ms in (500, 10_000, 70_000, 100_000):
        at(dev, ms)
    assert ups(log) == 1 and dev.net.ip is None
    at(dev, 100_500, ("long", "C"))  # paused
    assert live.paused() and ups(log) == 2 and dev.net.ip is not None
    # Scattergories' countdown, likewise.
    dev = device(key="scattergories")
    log = dev.board.wifi.log
    at(dev, 0)
    for ms in (100, 200, 300, 400):  # past the join screen, roll, the die's show, start
        at(dev, ms, ("press", "B"))
    clock = dev.app.table()[2].clock
    assert clock.running and ups(log) == 1
    dev.net.close()
    for ms in (1000, 61_000, 120_000):
        at(dev, ms)
    assert ups(log) == 1
    at(dev, 120_500, ("long", "B"))  # paused
    assert not clock.running and ups(log) == 2


# -- one phone, one team -------------------------------------------------------------------


def _join(dev, team, who, token=None):
    """(status, JSON) of a phone at the address `who` picking `team`, with `token` proposed."""
    message = {"team": team} if token is None else {"team": team, "token": token}
    return answer(dev, "POST", "/api/join", body=json.dumps(message).encode(), who=who)


def test_an_address_holds_one_team_and_each_boot_learns_the_addresses_again():
    dev = device(names=("Red", "Blue", "Green"))
    dev.net.sync()
    dev.app.step(("press", "B"), 0)
    net = dev.net
    red = _join(dev, 0, 5)[1]["token"]
    blue = _join(dev, 1, 6)[1]["token"]
    status, green = _join(dev, 2, 5)  # the phone at 5 picks Green: it moves, Red is free
    assert status == 200 and net.table["tokens"] == [None, blue, green["token"]]
    assert net.where == [None, 6, 5]
    assert answer(dev, "GET", "/api/me", red, who=5)[0] == 403  # Red's token is dead
    status, why = answer(dev, "GET", "/api/me", blue, who=5)  # Blue's, from Green's phone
    assert (status, why) == (403, {"error": "not this phone's team"})
    assert _join(dev, 1, 5)[0] == 409  # Blue has a phone of its own
    assert net.where == [None, 6, 5]
    # A power cut: the tokens are saved, the addresses never are (the device's DHCP server
    # may hand them out afresh): each team's is learnt again from its phone's first look.
    again = Device(dev.board, dev.store, seed=2, resume=True)
    again.net.sync()
    assert again.net.table["tokens"] == [None, blue, green["token"]]
    assert again.net.where == [None, None, None]
    assert answer(again, "GET", "/api/me", green["token"], who=6)[0] == 200  # now at 6
    assert answer(again, "GET", "/api/me", blue, who=6)[0] == 403  # 6 holds Green
    assert answer(again, "GET", "/api/me", blue, who=7)[0] == 200
    assert again.net.where == [None, 7, 6]
    # A new game: no phones, no addresses.
    again.app.again()
    again.app.step(None, 0)
    again.net.sync()
    assert again.net.where == [None, None, None] and again.net.phones() == []


def test_the_quizzer_frees_a_team_from_the_main_menu_and_it_plays_without_its_phone():
    from app import menu

    dev = device()
    dev.net.sync()
    dev.app.step(("press", "B"), 0)
    token = _join(dev, 0, 3)[1]["token"]
    dev.app.home(0)
    dev.app.step(None, 0)
    [row] = [item for item in menu.main_items(dev.app) if item.label == "Phones joined"]
    labels = [item.label for item in menu.main_items(dev.app)]
    assert labels.index("Phones joined") == labels.index("Join with phones") + 1
    row.action(dev.app, 0)
    phones = dev.app.screen
    assert phones.title == "Phones joined"
    assert [item.text(dev.app) for item in phones.items] == ["Red: phone", "Blue: no phone"]
    dev.app.step(("press", "DOWN"), 0)
    dev.app.step(("press", "B"), 0)  # Blue has no phone to free: nothing is asked
    assert dev.app.screen is phones
    dev.app.step(("press", "UP"), 0)
    dev.app.step(("press", "B"), 0)
    assert dev.app.screen.name == "confirm" and dev.app.screen.title == "Free Red?"
    dev.app.step(("press", "A"), 0)  # No
    assert dev.app.screen is phones and dev.net.phones() == [0]
    dev.app.step(("press", "GO"), 0)
    dev.app.step(("press", "C"), 0)  # Yes
    assert dev.app.screen is phones and dev.net.phones() == [] and dev.net.where == [None, None]
    assert [item.text(dev.app) for item in phones.items] == ["Red: no phone", "Blue: no phone"]
    assert dev.store.load(net.SAVE)[0]["tokens"] == [None, None]  # saved at once
    assert answer(dev, "GET", "/api/me", token, who=3)[0] == 403
    assert _join(dev, 0, 4)[0] == 200  # another phone may join as Red
    # Without a game there is no team to free: no row.
    dev.app.step(("press", "A"), 0)
    dev.app.end_session()
    assert "Phones joined" not in [item.label for item in menu.main_items(dev.app)]
