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
The page comes from flash (the `www` folder, gzipped by the build, sent 256 bytes at a
time), and the answers to the phones' connectivity probes are here too.

The server stays loaded as long as the device runs, in the heap the games share: so it
is few functions (each costs about 90 bytes of heap beside its bytecode on the unix port),
few globals (a module's table of them doubles past 19), and the constants it needs only
here are const() (they cost no global). A request is read 256 bytes at a time, a line at
a time, so that no piece of it needs a large hole in the heap.
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
_IN = const(1)  # select.POLLIN and POLLOUT, the same on every port
_OUT = const(4)

JSON = "application/json"
TEXT = "text/plain"
_HTML = const("text/html; charset=utf-8")
# What the phones ask to learn whether this network reaches the internet. Told that it
# does, they stay on it (a phone leaves a network without internet, or shows a login
# sheet in place of the browser): Android, Apple, Windows.
_APPLE = const(b"<HTML><HEAD><TITLE>Success</TITLE></HEAD><BODY>Success</BODY></HTML>")
# No reason phrase after the status: HTTP allows it empty.
_HEAD = const(
    "HTTP/1.1 %d \r\nContent-Type: %s\r\nContent-Length: %d\r\n%sCache-Control: no-store\r\n"
    "X-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n"
)


class Refused(Exception):
    """A request turned away: its status."""


# An answer's record but its address: its name a pointer to the question's, type A, class
# IN, the TTL (60 s), 4 bytes of address. Its type and class are those of the question.
_RECORD = const(b"\xc0\x0c\x00\x01\x00\x01\x00\x00\x00\x3c\x00\x04")


def dns_answer(query, ip):
    """The reply to a DNS query (bytes): every A record asked for is `ip` (4 bytes); any
    other type has none, so the phone asks for A next. None for what is not a query."""
    if len(query) < 17 or query[2] & 0xF8 or query[4] or query[5] != 1:
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
    a = query[i + 1 : end] == _RECORD[2:6]  # type A, class IN
    # A response, authoritative, recursion as asked and available; one question, and one
    # answer or none.
    reply = bytearray(query[:2])
    reply.extend(bytes((0x84 | query[2] & 1, 0x80, 0, 1, 0, 1 if a else 0, 0, 0, 0, 0)))
    reply.extend(query[12:end])
    if a:
        reply.extend(_RECORD)
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


async def _send(conn, poller, data, until):
    poller.modify(conn, _OUT)
    view = memoryview(data)
    while len(view):
        await _ready(poller, until)
        try:
            view = view[conn.send(view) or 0 :]
        except OSError as e:
            if e.errno != 11:  # EAGAIN: not yet after all
                raise
    poller.modify(conn, _IN)


class Server:
    def __init__(self, api, www):
        # (method, path, token, body) -> (status, content type, body: bytes or str), for
        # /api/...
        self.api = api
        self.www = www
        self.open = 0
        self.sockets = ()
        # The rate limit, a bucket per address, in one list: address, credit in ms, when.
        self.clients = [None, 0, 0] * _CLIENTS

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
        address = bytes(map(int, ip.split(".")))
        web, names = self.sockets
        poller = select.poll()
        poller.register(web, _IN)
        poller.register(names, _IN)
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

    def accept(self, web):
        """Takes a connection: a task of its own, or turned away at once (503 when too many
        are open, 429 when its address has sent too many requests)."""
        conn, peer = web.accept()
        conn.setblocking(False)
        # lwIP gives (address, port); the unix port the raw sockaddr_in, its address at 4.
        who = peer[0] if isinstance(peer, tuple) else bytes(peer[4:8])
        status = 503
        if self.open < _OPEN:
            # Its address's bucket, or the place of the one heard from longest ago.
            now = time.ticks_ms()
            c = self.clients
            oldest = 0
            for i in range(0, 3 * _CLIENTS, 3):
                if c[i] == who:
                    credit = c[i + 1] + max(0, time.ticks_diff(now, c[i + 2]))
                    break
                if time.ticks_diff(c[i + 2], c[oldest + 2]) < 0:
                    oldest = i
            else:
                i = oldest
                c[i] = who
                credit = _BURST * _REFILL_MS
            c[i + 1] = min(credit, _BURST * _REFILL_MS)
            c[i + 2] = now
            if credit >= _REFILL_MS:
                c[i + 1] -= _REFILL_MS
                asyncio.create_task(self.connection(conn))
                return
            status = 429
        # What the phone sent is read first if it is there (closing with it unread would
        # reset the connection before the answer).
        try:
            conn.recv(_LINE)
        except OSError:
            pass  # nothing sent yet
        try:
            conn.send(_HEAD % (status, TEXT, 0, ""))  # a str is sent as its UTF-8 bytes
        except OSError:
            pass  # no room for it: the phone tries again
        conn.close()

    async def connection(self, conn):
        """One connection: one request and its answer."""
        self.open += 1
        until = time.ticks_add(time.ticks_ms(), _DEADLINE_MS)
        poller = select.poll()
        poller.register(conn, _IN)
        page = None
        head_only = False
        try:
            try:
                method, path, token, body = await self.request(conn, poller, until)
                head_only = method == "HEAD"
                if path.startswith("/api/"):
                    status, kind, body = self.api(method, path, token, body)
                elif method == "POST":
                    raise Refused(405)
                elif path == "/" or path == "/index.html":
                    try:
                        page = open(self.www + "/index.html.gz", "rb")  # noqa: SIM115 - closed below
                    except OSError:
                        raise Refused(404)
                    status = 200
                    kind = _HTML  # (one at a time: a tuple of constants is an object more)
                elif path == "/generate_204" or path == "/gen_204":
                    status = 204
                    kind = TEXT
                    body = b""
                elif path == "/hotspot-detect.html" or path == "/library/test/success.html":
                    status = 200
                    kind = _HTML
                    body = _APPLE
                elif path == "/connecttest.txt":
                    status = 200
                    kind = TEXT
                    body = b"Microsoft Connect Test"
                else:
                    raise Refused(404)
            except Refused as e:
                status = e.args[0]
                kind = TEXT
                body = b""
            extra = ""
            if page is not None:
                extra = "Content-Encoding: gzip\r\n"
                size = page.seek(0, 2)
                page.seek(0)
                body = page.read(_CHUNK)
            else:
                size = len(memoryview(body))  # in bytes: a str's UTF-8, as _send sends it
            until = time.ticks_add(time.ticks_ms(), _DEADLINE_MS)  # as long as the request had
            await _send(conn, poller, _HEAD % (status, kind, size, extra), until)  # not copied
            while body and not head_only:  # the body, or the page a piece at a time
                await _send(conn, poller, body, until)
                body = page.read(_CHUNK) if page is not None else None
            # What the phone still sends (a body refused unread) is read and dropped for a
            # moment: closing with it unread would reset the connection, answer and all.
            until = time.ticks_add(time.ticks_ms(), _LINGER_MS)
            while True:
                await _ready(poller, until)
                if not conn.recv(_CHUNK):
                    break
        except (OSError, Refused):
            pass  # the phone went quiet, or away
        except Exception as e:  # noqa: BLE001 - a bug, but this connection's alone
            print("phones: a connection failed:", repr(e))
        finally:
            self.open -= 1
            if page is not None:
                page.close()
            conn.close()

    async def request(self, conn, poller, until):
        """(method, path, token, body) of a request read within the limits, else Refused."""
        buf = b""
        lines = length = 0
        method = path = token = None
        while True:
            end = buf.find(b"\r\n")
            if end < 0:
                if len(buf) > _LINE:
                    raise Refused(431)
                await _ready(poller, until)
                more = conn.recv(_CHUNK)
                if not more:
                    raise Refused(400)  # closed half way
                buf += more
                continue
            # A line as a str: the strings it is compared with are then names, interned
            # at boot, where bytes would each be an object of their own in the heap.
            try:
                line = buf[:end].decode()
            except ValueError:  # not UTF-8
                raise Refused(400)
            buf = buf[end + 2 :]
            if not lines:  # GET /path?query HTTP/1.1
                parts = line.split(" ")
                if len(parts) != 3 or not parts[2].startswith("HTTP/1."):
                    raise Refused(400)
                method = parts[0]
                if method not in ("GET", "HEAD", "POST"):
                    raise Refused(405)
                path = parts[1]
                if not path.startswith("/") or ".." in path or "%" in path or "\\" in path:
                    raise Refused(400)
                path = path.split("?", 1)[0]
            elif not line:
                break
            elif lines > _HEADERS:
                raise Refused(431)
            else:
                name, colon, value = line.partition(":")
                if not colon:
                    raise Refused(400)
                name = name.strip().lower()
                value = value.strip()
                if name == "content-length":
                    if not value.isdigit():
                        raise Refused(400)
                    length = int(value)
                elif name == "transfer-encoding":
                    raise Refused(411)  # chunked bodies: only a stated length is accepted
                elif name == "x-token":
                    token = value[:64]
            lines += 1
        if length > _BODY:
            raise Refused(413)
        if method == "POST" and not length:
            raise Refused(411)
        while len(buf) < length:
            await _ready(poller, until)
            more = conn.recv(_CHUNK)
            if not more:
                raise Refused(400)
            buf += more
        return method, path, token, buf[:length]
