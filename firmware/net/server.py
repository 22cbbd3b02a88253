"""The phones' server: HTTP/1.1 and a name server, on the device's own asyncio loop.

One task polls the listening sockets (select.poll's ipoll, which allocates nothing while
nothing comes) and answers every name a phone looks up with the device's address; each
connection is a task of its own that carries one request and is closed after its answer.
asyncio's streams are not used: polling costs the heap less, and every wait has its
deadline right here. Nothing a phone sends can hold up the loop or fill the heap:
- at most _OPEN connections at once: one more is answered 503 and closed;
- each address gets _BURST requests at once and one more every _REFILL_MS (429 beyond);
- the whole request must arrive within _DEADLINE_MS, and its answer must be taken within
  the same: a phone that goes quiet is cut off;
- the request line and each header at most _LINE bytes, at most _HEADERS headers (431);
  a body at most _BODY bytes, with its Content-Length (413, 411); a path with "..", "%"
  or "\\" in it is a 400; the API (net.phones.Net.api) checks the JSON;
- whatever goes wrong with one connection (a reset, a timeout, a bug) closes it and
  nothing else: an error escaping a task would reset the device (runner.py).
Pages come from flash (the `www` folder, gzipped by the build, sent 256 bytes at a time),
and the answers to the phones' connectivity probes are here too.
"""

import asyncio
import select
import socket
import time

from micropython import const

_OPEN = const(4)
_BACKLOG = const(4)
_BURST = const(12)
_REFILL_MS = const(150)
_CLIENTS = const(8)  # addresses remembered for the rate limit (a table has fewer phones)
_DEADLINE_MS = const(4000)
_LINGER_MS = const(300)
_POLL_MS = const(20)
_LINE = const(1024)
_HEADERS = const(32)
_BODY = const(2048)
_CHUNK = const(256)  # what one read or one piece of a page takes: small holes do
_TTL = const(60)

JSON = "application/json"
HTML = "text/html; charset=utf-8"
TEXT = "text/plain"
# What the phones ask to learn whether this network reaches the internet. Told that it
# does, they stay on it (a phone leaves a network without internet, or shows a login
# sheet in place of the browser): Android, Apple, Windows.
_APPLE = b"<HTML><HEAD><TITLE>Success</TITLE></HEAD><BODY>Success</BODY></HTML>"
PROBES = {
    "/generate_204": (204, TEXT, b""),
    "/gen_204": (204, TEXT, b""),
    "/hotspot-detect.html": (200, HTML, _APPLE),
    "/library/test/success.html": (200, HTML, _APPLE),
    "/connecttest.txt": (200, TEXT, b"Microsoft Connect Test"),
}
PAGES = {"/": "index.html.gz", "/index.html": "index.html.gz"}


class Refused(Exception):
    """A request turned away: its status."""


def dns_answer(query, ip):
    """The reply to a DNS query (bytes): every A record asked for is `ip` (4 bytes); any
    other type has none, so the phone asks for A next. None for what is not a query."""
    if len(query) < 17 or query[2] & 0xF8 or query[4:6] != b"\x00\x01":
        return None  # a response, an opcode other than a query, or not one question
    i = 12
    while query[i]:
        if query[i] & 0xC0:
            return None  # a pointer has no place in a question
        i += query[i] + 1
        if i >= len(query):
            return None
    end = i + 5  # its zero, the type and the class
    if end > len(query):
        return None
    a = query[i + 1 : end] == b"\x00\x01\x00\x01"  # type A, class IN
    # A response, authoritative, recursion as asked and available; one question, and one
    # answer or none: its name a pointer to the question's, A, IN, the TTL, 4 bytes.
    reply = bytearray(query[:2])
    reply.extend(bytes((0x84 | query[2] & 1, 0x80, 0, 1, 0, 1 if a else 0, 0, 0, 0, 0)))
    reply.extend(query[12:end])
    if a:
        reply.extend(b"\xc0\x0c\x00\x01\x00\x01\x00\x00")
        reply.extend(bytes((_TTL >> 8, _TTL & 0xFF, 0, 4)))
        reply.extend(ip)
    return reply


async def _ready(poller, until):
    """Waits until the one socket `poller` watches is ready, or Refused(408) at `until`."""
    while True:
        for _ in poller.ipoll(0):
            return
        if time.ticks_diff(until, time.ticks_ms()) <= 0:
            raise Refused(408)
        await asyncio.sleep_ms(_POLL_MS)


async def _recv(conn, poller, until):
    await _ready(poller, until)
    return conn.recv(_CHUNK)  # b"" when the phone has closed


async def _send(conn, poller, data, until):
    poller.modify(conn, select.POLLOUT)
    view = memoryview(data)
    while len(view):
        await _ready(poller, until)
        try:
            view = view[conn.send(view) or 0 :]
        except OSError as e:
            if e.errno != 11:  # EAGAIN: not yet after all
                raise
    poller.modify(conn, select.POLLIN)


def _request_line(line):
    """(method, path) of `GET /path?query HTTP/1.1`, else Refused."""
    parts = line.split(b" ")
    if len(parts) != 3 or not parts[2].startswith(b"HTTP/1."):
        raise Refused(400)
    method = parts[0].decode()
    if method not in ("GET", "HEAD", "POST"):
        raise Refused(405)
    target = parts[1]
    if not target.startswith(b"/") or b".." in target or b"%" in target or b"\\" in target:
        raise Refused(400)
    return method, target.split(b"?", 1)[0].decode()


class Server:
    def __init__(self, api, www):
        # (method, path, token, body) -> (status, content type, body: bytes, or the name
        # of a page in www, a str), for the paths under /api/
        self.api = api
        self.www = www
        self.open = 0
        self.sockets = ()
        # The rate limit, a bucket per address: [address, credit in ms, when], reused.
        self.clients = [[None, 0, 0] for _ in range(_CLIENTS)]

    def listen(self, host, port, dns_port):
        """Opens the listening sockets (OSError if a port is taken); `run` serves them."""
        self.close()
        web = socket.socket()
        names = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        self.sockets = (web, names)
        for sock, at in ((web, port), (names, dns_port)):
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            sock.bind(socket.getaddrinfo(host, at)[0][-1])
            sock.setblocking(False)
        web.listen(_BACKLOG)

    def close(self):
        for sock in self.sockets:
            sock.close()
        self.sockets = ()

    async def run(self, ip):
        """Serves until cancelled: connections, and names answered with `ip`."""
        address = bytes(int(part) for part in ip.split("."))
        web, names = self.sockets
        poller = select.poll()
        poller.register(web, select.POLLIN)
        poller.register(names, select.POLLIN)
        try:
            while True:
                for sock, _ in poller.ipoll(0):
                    try:
                        if sock is web:
                            self.accept(web)
                        else:
                            query, peer = names.recvfrom(512)
                            reply = dns_answer(query, address)
                            if reply is not None:
                                names.sendto(reply, peer)
                    except (OSError, IndexError):
                        pass  # a phone gone before its answer, a broken packet
                await asyncio.sleep_ms(_POLL_MS)
        finally:
            self.close()

    def allow(self, who):
        """Whether address `who` may send a request now (and takes its turn if so)."""
        now = time.ticks_ms()
        full = _BURST * _REFILL_MS
        slot = oldest = None
        for c in self.clients:
            if c[0] == who:
                slot = c
                break
            if oldest is None or time.ticks_diff(c[2], oldest[2]) < 0:
                oldest = c
        if slot is None:  # a new address takes the place of the one heard from longest ago
            slot = oldest
            slot[0], slot[1] = who, full
        else:
            slot[1] = min(full, slot[1] + max(0, time.ticks_diff(now, slot[2])))
        slot[2] = now
        if slot[1] < _REFILL_MS:
            return False
        slot[1] -= _REFILL_MS
        return True

    def accept(self, web):
        conn, peer = web.accept()
        conn.setblocking(False)
        # lwIP gives (address, port); the unix port the raw sockaddr_in, its address at 4.
        who = peer[0] if isinstance(peer, tuple) else bytes(peer[4:8])
        status = 503 if self.open >= _OPEN else None if self.allow(who) else 429
        if status is None:
            asyncio.create_task(self.connection(conn))
            return
        # Turned away at once, without a task: what the phone sent is read first if it is
        # there (closing with it unread would reset the connection before the answer).
        try:
            conn.recv(_LINE)
        except OSError:
            pass  # nothing sent yet
        try:
            conn.send(b"HTTP/1.1 %d \r\nContent-Length: 0\r\n\r\n" % status)
        except OSError:
            pass  # no room for it: the phone tries again
        conn.close()

    async def connection(self, conn):
        """One connection: one request and its answer."""
        self.open += 1
        until = time.ticks_add(time.ticks_ms(), _DEADLINE_MS)
        head_only = False
        poller = select.poll()
        poller.register(conn, select.POLLIN)
        try:
            try:
                method, path, token, body = await self.request(conn, poller, until)
                head_only = method == "HEAD"
                if path.startswith("/api/"):
                    answer = self.api(method, path, token, body)
                elif method == "POST":
                    answer = 405, TEXT, b""
                elif path in PAGES:
                    answer = 200, HTML, PAGES[path]
                else:
                    answer = PROBES.get(path) or (404, TEXT, b"")
            except Refused as e:
                answer = e.args[0], TEXT, b""
            await self.send(conn, poller, answer, head_only)
            # What the phone still sends (a body refused unread) is read and dropped for a
            # moment: closing with it unread would reset the connection, answer and all.
            until = time.ticks_add(time.ticks_ms(), _LINGER_MS)
            while await _recv(conn, poller, until):
                pass
        except (OSError, Refused):
            pass  # the phone went quiet, or away
        except Exception as e:  # noqa: BLE001 - a bug, but this connection's alone
            print("phones: a connection failed:", repr(e))
        finally:
            self.open -= 1
            conn.close()

    async def request(self, conn, poller, until):
        """(method, path, token, body) of a request read within the limits, else Refused."""
        buf = b""
        lines = 0
        method = path = token = None
        length = 0
        while True:
            end = buf.find(b"\r\n")
            if end < 0:
                if len(buf) > _LINE:
                    raise Refused(431)
                more = await _recv(conn, poller, until)
                if not more:
                    raise Refused(400)  # closed half way
                buf += more
                continue
            line = buf[:end]
            buf = buf[end + 2 :]
            if not lines:
                method, path = _request_line(line)
            elif not line:
                break
            elif lines > _HEADERS:
                raise Refused(431)
            else:
                name, colon, value = line.partition(b":")
                if not colon:
                    raise Refused(400)
                name = name.strip().lower()
                value = value.strip()
                if name == b"content-length":
                    if not value.isdigit():
                        raise Refused(400)
                    length = int(value)
                elif name == b"transfer-encoding":
                    raise Refused(411)  # chunked bodies: only a stated length is accepted
                elif name == b"x-token":
                    token = value[:64].decode()
            lines += 1
        if length > _BODY:
            raise Refused(413)
        if method == "POST" and not length:
            raise Refused(411)
        while len(buf) < length:
            more = await _recv(conn, poller, until)
            if not more:
                raise Refused(400)
            buf += more
        return method, path, token, buf[:length]

    async def send(self, conn, poller, answer, head_only):
        until = time.ticks_add(time.ticks_ms(), _DEADLINE_MS)  # as long as the request had
        status, kind, body = answer
        page = None
        extra = ""
        if isinstance(body, str):  # a page's file in www
            try:
                page = open(self.www + "/" + body, "rb")  # noqa: SIM115 - closed below
            except OSError:
                status, kind, body = 404, TEXT, b""
            else:
                extra = "Content-Encoding: gzip\r\n"
                size = page.seek(0, 2)
                page.seek(0)
        if page is None:
            size = len(body)
        try:
            # No reason phrase after the status: HTTP allows it empty.
            head = (
                "HTTP/1.1 %d \r\nContent-Type: %s\r\nContent-Length: %d\r\n%s"
                "Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\n"
                "Connection: close\r\n\r\n" % (status, kind, size, extra)
            )
            await _send(conn, poller, head.encode(), until)
            if head_only:
                return
            if page is None:
                await _send(conn, poller, body, until)
                return
            while True:
                chunk = page.read(_CHUNK)
                if not chunk:
                    return
                await _send(conn, poller, chunk, until)
        finally:
            if page is not None:
                page.close()
