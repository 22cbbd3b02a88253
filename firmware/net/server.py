"""The phones' server: HTTP/1.1 and a name server, on the device's own asyncio loop.

One task (Server.run) polls the listening sockets and the connections (select.poll's
ipoll, which allocates nothing while nothing comes): it answers every name a phone looks
up with the device's address, and carries each connection, one request and its answer,
a step at a time in a slot of its own, closing it after the answer. No task or coroutine
is made for a connection, and asyncio's streams are not used: both would take a few
hundred bytes in one piece for each request, from a heap a game has cut small. Nothing
a phone sends can hold up the loop or fill the heap:
- at most _OPEN connections at once: one more takes the slot of the one heard from
  longest ago, if that was _IDLE_MS ago or more, else it is answered 503 and closed;
- each address gets _BURST requests at once and one more every _REFILL_MS (429 beyond);
- the whole request must arrive within _DEADLINE_MS (else 408), and its answer must be
  taken within the same: a phone that goes quiet is cut off;
- the request line and each header at most _LINE bytes, at most _HEADERS headers, and
  _HEAD_MOST bytes of them all (431), however they come in reads; a body at most
  _BODY_MOST bytes, with its Content-Length (413; a POST without one 411; two that differ
  400); any Transfer-Encoding 501, and 400 beside a Content-Length (RFC 9112: the request
  smuggler's pair); a path with "..", "%" or "\\" in it is a 400; the API
  (net.phones.Net.api) checks the JSON, refusing one nested deeper than it needs (400)
  by a scan of its bytes, before the parser spends heap on it;
- whatever goes wrong with one connection (a reset, a timeout, a bug) closes it and
  nothing else: an error escaping the task would reset the device (shell.run).
The page comes from flash (one file, gzipped by the build, sent 256 bytes at a
time), and the answers to the phones' connectivity probes are here too.

The server stays loaded as long as the device runs, in the heap the games share: so it
is few functions (each costs about 90 bytes of heap beside its bytecode on the unix port),
few globals (a module's table of them doubles past 19), and the constants it needs only
here are const() (they cost no global). A request is read 256 bytes at a time, a line at
a time, so that no piece of it needs a large hole in the heap; the API's JSON goes out
as json.dump writes it, through a buffer made once (_Out), never whole in the heap.
"""

import asyncio
import io
import json
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
_IDLE_MS = const(500)  # a connection silent this long gives its slot to a new one
_LINGER_MS = const(300)
_POLL_MS = const(20)
_LINE = const(512)  # a phone's longest header (its User-Agent) is about 200
_HEADERS = const(32)
_HEAD_MOST = const(4096)  # the request line and the headers together (a phone's: ~1 KB)
_BODY_MOST = const(2048)
_CHUNK = const(256)  # what one read or one piece of a page takes: small holes do
_PIECES = const(8)  # pieces of an answer sent in one pass of the loop, at most
_IN = const(1)  # select.POLLIN and POLLOUT, the same on every port
_OUT = const(4)
_CUT = const(-1)  # the OSError of an answer its socket did not take whole

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
# The API's JSON is written as it is made (Server.send), its length not known before: the
# answer ends with the connection, as HTTP/1.1 allows with Connection: close.
_JSON_HEAD = const(
    "HTTP/1.1 %d \r\nContent-Type: application/json\r\nCache-Control: no-store\r\n"
    "X-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n"
)


# The answer when the heap has no room for the request: made now, it might not fit.
_BUSY = const(b"HTTP/1.1 503 \r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
# The answer to an act done (the API's answer of no kind): made at boot too, as a 503 for
# want of room to make it would have the phone do it again.
_ACTED = const(
    b"HTTP/1.1 200 \r\nContent-Length: 0\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n"
)


class Refused(Exception):
    """A request turned away: its status (the phone is told why: _why)."""


# Why a request is turned away, by its status: the JSON a phone is told (_why).
_WHY = const(
    (
        400, '{"error": "bad request"}',
        404, '{"error": "no such page"}',
        405, '{"error": "method not allowed"}',
        408, '{"error": "too slow"}',
        411, '{"error": "length required"}',
        413, '{"error": "too large"}',
        429, '{"error": "too many requests"}',
        431, '{"error": "headers too large"}',
        501, '{"error": "only Content-Length"}',
        503, '{"error": "busy"}',
    )
)  # fmt: skip


def _why(status):
    return _WHY[_WHY.index(status) + 1]


class _Out(io.IOBase):
    """What json.dump writes the API's answer into: a buffer made once with the server,
    handed to the connection's socket each time it is full. An answer is then never a str
    in the heap, whole or in pieces: at a game's busiest moment its heap has few holes of
    even 200 bytes. A socket that takes less than it is given (its buffer full: a fresh
    connection's takes a view whole) ends the answer (OSError)."""

    def __init__(self):
        self.buf = bytearray(_CHUNK)
        self.n = 0
        self.conn = None

    def write(self, data):
        n = self.n
        size = len(data)
        if n + size > _CHUNK:
            self.flush()
            n = 0
            if size > _CHUNK:  # a long string at once
                self.send(data, size)
                return size
        self.buf[n : n + size] = data
        self.n = n + size
        return size

    def flush(self):
        if self.n:
            self.send(self.buf, self.n)
            self.n = 0

    def send(self, data, size):
        if self.conn.write(data, size) != size:
            raise OSError(_CUT)


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


# A connection's slot: a list made once with the server, so that serving a request makes no
# task and no coroutine (each a few hundred bytes in one piece, from a heap cut small by a
# game). Its fields:
_CONN = const(0)  # the socket, or None: the slot is free
_STAGE = const(1)  # _READ, _SEND, _LINGER or _DONE
_UNTIL = const(2)  # the deadline of this stage
_WATCHED = const(3)  # what the poller watches it for (0: not registered yet)
_BUF = const(4)  # reading: the bytes of no whole line yet; sending: what is left of a piece
_LINES = const(5)  # lines read (the request line and the headers); -1 once they are in
_METHOD = const(6)
_PATH = const(7)
_TOKEN = const(8)
_LENGTH = const(9)  # the body's, as its Content-Length says (-1 without one)
_BODY = const(10)  # what to send after the head (bytes, a str, or the API's JSON: a dict)
_PAGE = const(11)  # the page's file, sent a piece at a time after the head, or None
_SIZE = const(12)  # the bytes of the request line and the headers so far
_ENCODED = const(13)  # a Transfer-Encoding was sent (refused once the headers are in)
_HEARD = const(14)  # when the phone last sent something (or connected)
_WHO = const(15)  # its address as a small int (accept): the API's one phone, one team
_FIELDS = const(16)
_READ = const(1)
_SEND = const(2)
_LINGER = const(3)
_DONE = const(4)


class Server:
    def __init__(self, api, page):
        # (method, path, token, body, who: the phone's address as accept makes it) ->
        # (status, content type, body: bytes, a str or a dict, the JSON), for /api/...;
        # (200, None, None) for an act done (_ACTED)
        self.api = api
        self.page = page  # the phones' page: its file, gzipped
        self.open = 0
        self.sockets = ()
        # The rate limit, a bucket per address, in one list: address, credit in ms, when.
        self.clients = [None, 0, 0] * _CLIENTS
        self.slots = [[None] * _FIELDS for _ in range(_OPEN)]
        self.waiting = None  # a connection to take the slot of an idle one (accept, admit)
        self.out = _Out()

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
        """Serves until cancelled: connections, and names answered with `ip`. Each pass
        handles what is ready, then tends each connection (its deadline, what the poller
        watches it for: never changed while the poller is being read, as the set it walks
        must not change under it). Nothing here may end the task: an error escaping it
        would reset the device (shell.run)."""
        address = bytes(map(int, ip.split(".")))
        web, names = self.sockets
        slots = self.slots
        poller = select.poll()
        poller.register(web, _IN)
        poller.register(names, _IN)
        try:
            while True:
                for sock, _ in poller.ipoll(0):
                    try:
                        if sock is web:
                            self.accept(web)
                        elif sock is names:
                            query, peer = names.recvfrom(512)
                            reply = dns_answer(query, address)
                            if reply is not None:
                                names.sendto(reply, peer)
                        else:
                            for i in range(_OPEN):  # (a loop over range makes no object)
                                if slots[i][_CONN] is sock:
                                    self.serve(slots[i])
                    except (OSError, IndexError, MemoryError):
                        pass  # a phone gone before its answer, a broken packet, no room
                for i in range(_OPEN):
                    self.tend(slots[i], poller)
                if self.waiting is not None:
                    self.admit()
                await asyncio.sleep_ms(_POLL_MS)
        finally:
            for i in range(_OPEN):
                self.end(slots[i], poller)
            if self.waiting is not None:
                self.waiting[0].close()
                self.waiting = None
            self.close()

    def tend(self, slot, poller):
        """A connection's deadline (a request not whole in time is answered 408; an answer
        not taken in time, or a linger over, ends it), and what the poller watches it for."""
        conn = slot[_CONN]
        if conn is None:
            return
        try:
            if slot[_STAGE] != _DONE and time.ticks_diff(slot[_UNTIL], time.ticks_ms()) <= 0:
                if slot[_STAGE] == _READ:
                    self.respond(slot, 408, JSON, _why(408))  # the phone went quiet
                else:
                    slot[_STAGE] = _DONE  # the answer not taken, or lingered enough
            if slot[_STAGE] != _DONE:
                want = _OUT if slot[_STAGE] == _SEND else _IN
                if slot[_WATCHED] != want:
                    if slot[_WATCHED]:
                        poller.modify(conn, want)
                    else:
                        poller.register(conn, want)
                    slot[_WATCHED] = want
                return
        except (OSError, MemoryError):
            pass  # no room for the 408, or a socket the poller refuses: it ends
        self.end(slot, poller)

    def end(self, slot, poller):
        """Closes the slot's connection (if any), and frees the slot."""
        conn = slot[_CONN]
        if conn is None:
            return
        try:
            if slot[_WATCHED]:
                poller.unregister(conn)
            if slot[_PAGE] is not None:
                slot[_PAGE].close()
            conn.close()
        except OSError:
            pass  # closed already
        for i in range(_FIELDS):
            slot[i] = None
        self.open -= 1

    def accept(self, web):
        """Takes a connection: into a free slot, or into the slot of the one heard from
        longest ago, if that was _IDLE_MS ago or more (a client that trickles its request
        a byte a second never holds the table out): that one is ended by this pass's tend,
        and this one waits for its slot till then (admit). Else it is turned away at once
        (503 when every slot is busy, 429 when its address has sent too many requests)."""
        conn, peer = web.accept()
        conn.setblocking(False)
        idlest = self.idlest() if self.open >= _OPEN and self.waiting is None else None
        # Its address as a small int, which the rate limit and the API's one phone, one team
        # keep with no heap of their own (a str kept, made while the QR codes are, would sit
        # in the middle of the heap their going frees): lwIP gives (address, port), and the
        # hashes of the 254 addresses of the device's network (192.168.4.x) are all unlike;
        # the unix port gives the raw sockaddr_in, the address's last byte at 7.
        who = hash(peer[0]) if isinstance(peer, tuple) else peer[7]
        status = 503
        if self.open < _OPEN or idlest is not None:
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
                if idlest is not None:
                    idlest[_STAGE] = _DONE
                    self.waiting = conn, who
                    return
                for slot in self.slots:
                    if slot[_CONN] is None:
                        self.take(slot, conn, now, who)
                        return
            status = 429
        # What the phone sent is read first if it is there (closing with it unread would
        # reset the connection before the answer), a piece at a time: small holes do.
        try:
            for _ in range(_LINE // _CHUNK):
                if not conn.recv(_CHUNK):
                    break
        except OSError:
            pass  # nothing sent yet, or no more
        why = _why(status)
        try:  # (a str is sent as its UTF-8 bytes)
            conn.send(_HEAD % (status, JSON, len(why), "") + why)
        except OSError:
            pass  # no room for it: the phone tries again
        conn.close()

    def serve(self, slot):
        """The next step of a connection whose socket is ready: read more of its request
        (and answer it once it is whole), send more of its answer, or read what the phone
        still sends once it is answered. Whatever goes wrong with one connection (a reset,
        a bug) closes it and nothing else."""
        conn = slot[_CONN]
        try:
            if slot[_STAGE] == _LINGER:
                if not conn.recv(_CHUNK):
                    slot[_STAGE] = _DONE  # the phone has closed its end
                return
            if slot[_STAGE] == _READ:
                self.read(slot, conn)
            if slot[_STAGE] == _SEND:
                self.send(slot, conn)
        except Refused as e:
            self.respond(slot, e.args[0], JSON, _why(e.args[0]))
        except OSError as e:
            if e.errno != 11:  # EAGAIN: not ready after all
                slot[_STAGE] = _DONE  # the phone went away
        except MemoryError:
            # No room now, in a heap a game has cut small: the phone asks again (503)
            # unless the answer was under way, which is then cut off (an act done is
            # answered already: _ACTED).
            stage = slot[_STAGE]
            slot[_STAGE] = _DONE
            if stage == _READ:
                slot[_BUF] = memoryview(_BUSY)  # (a MemoryError here: it ends, unanswered)
                slot[_BODY] = slot[_PAGE] = None
                slot[_STAGE] = _SEND
        except Exception as e:  # noqa: BLE001 - a bug, but this connection's alone
            print("phones: a connection failed:", repr(e))
            slot[_STAGE] = _DONE

    def send(self, slot, conn):
        """Sends what the socket takes of the answer: its head, then its body, the API's
        JSON as json.dump writes it (through the server's _Out, at once) or the page a
        piece at a time, up to _PIECES pieces a pass (the loop runs between them). Once it
        is all sent, what the phone still sends (a body refused unread) is read and dropped
        for a moment: closing with it unread would reset the connection, answer and all."""
        view = slot[_BUF]
        for _ in range(_PIECES):
            view = view[conn.send(view) or 0 :]
            slot[_BUF] = view
            if len(view):
                return  # the socket is full: the rest when it is ready again
            body = slot[_BODY]  # the body, then the page's next piece
            slot[_BODY] = None
            if type(body) is dict:
                out = self.out
                out.conn = conn
                out.n = 0
                json.dump(body, out)
                out.flush()
                # Its end is the connection's: closed at once (the request was read whole,
                # so the close sends what the socket holds, then ends it).
                slot[_STAGE] = _DONE
                return
            if body is None and slot[_PAGE] is not None:
                body = slot[_PAGE].read(_CHUNK)
            if not body:
                slot[_STAGE] = _LINGER
                slot[_UNTIL] = time.ticks_add(time.ticks_ms(), _LINGER_MS)
                slot[_BUF] = None
                return
            view = memoryview(body)
        slot[_BUF] = view

    def take(self, slot, conn, now, who):
        slot[_CONN] = conn
        slot[_WHO] = who
        slot[_STAGE] = _READ
        slot[_UNTIL] = time.ticks_add(now, _DEADLINE_MS)
        slot[_WATCHED] = slot[_LINES] = slot[_SIZE] = 0
        slot[_HEARD] = now
        slot[_LENGTH] = -1
        slot[_ENCODED] = False
        slot[_BUF] = b""
        self.open += 1

    def idlest(self):
        """The slot of the connection heard from longest ago, still sending its request or
        answered, if that was _IDLE_MS ago or more (else None): an answer under way, or a
        slot already ending, is never taken."""
        now = time.ticks_ms()
        idlest = None
        most = _IDLE_MS - 1
        for i in range(_OPEN):
            slot = self.slots[i]
            if slot[_CONN] is not None and slot[_STAGE] in (_READ, _LINGER):
                idle = time.ticks_diff(now, slot[_HEARD])
                if idle > most:
                    idlest, most = slot, idle
        return idlest

    def admit(self):
        """The connection that waited for an idle one's slot (accept), now it is free."""
        conn, who = self.waiting
        self.waiting = None
        for slot in self.slots:
            if slot[_CONN] is None:
                self.take(slot, conn, time.ticks_ms(), who)
                return
        conn.close()

    def read(self, slot, conn):
        """Reads what came of the request, a line at a time within the limits (Refused
        beyond them), and answers it once it is whole."""
        more = conn.recv(_CHUNK)
        if not more:
            raise Refused(400)
        slot[_HEARD] = time.ticks_ms()
        buf = slot[_BUF]
        if slot[_LINES] >= 0 and len(buf) + len(more) > _LINE + 1 and b"\n" not in more:
            raise Refused(431)  # before it takes more heap
        buf = buf + more if buf else more
        at = 0  # where the next line starts: lines are read where they are, not copied out
        while slot[_LINES] >= 0:  # the request line and the headers
            end = buf.find(b"\r\n", at)
            if end < 0:
                if len(buf) - at > _LINE:
                    raise Refused(431)
                slot[_BUF] = buf[at:]
                return
            if end > at + _LINE:  # a line too long, though it came whole in one read
                raise Refused(431)
            try:
                self.header(slot, buf, at, end)
            except ValueError:  # not UTF-8
                raise Refused(400)
            at = end + 2
        if at:
            buf = buf[at:]
        length = slot[_LENGTH]
        if len(buf) < length:
            slot[_BUF] = buf
            return
        method = slot[_METHOD]
        path = slot[_PATH]
        page = None
        if path.startswith("/api/"):
            status, kind, body = self.api(method, path, slot[_TOKEN], buf[:length], slot[_WHO])
            if kind is None:  # an act done: answered, whatever the heap's room (_ACTED)
                slot[_STAGE] = _SEND  # first: a MemoryError from here ends it, unanswered
                slot[_UNTIL] = time.ticks_add(time.ticks_ms(), _DEADLINE_MS)
                slot[_BUF] = memoryview(_ACTED)
                return
        elif method == "POST":
            raise Refused(405)
        elif path == "/" or path == "/index.html":
            try:
                page = open(self.page, "rb")  # noqa: SIM115 - end() closes it
            except OSError:
                raise Refused(404)
            status = 200
            kind = _HTML  # (one at a time: a tuple of constants is an object more)
            body = None
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
        self.respond(slot, status, kind, body, page)

    def header(self, slot, buf, start, end):
        """Takes in one line of the request, buf[start:end]: the request line, a header, or
        the empty line that ends them (the body's length then known). A line is made a str
        (its UTF-8 checked) only where it is read: the strings it is compared with are then
        names this module's bytecode holds, where bytes would each be an object of their
        own in the heap. Of a header, its name, and the value of the three read: a phone's
        User-Agent alone is 200 bytes, too many to find in one piece of a cut-up heap."""
        lines = slot[_LINES]
        slot[_LINES] = lines + 1
        slot[_SIZE] += 2 + end - start  # (offsets in the request's bytes, not ticks)
        if slot[_SIZE] > _HEAD_MOST:
            raise Refused(431)  # all together, however many lines
        if not lines:  # GET /path?query HTTP/1.1
            parts = buf[start:end].decode().split(" ")
            if len(parts) != 3 or not parts[2].startswith("HTTP/1."):
                raise Refused(400)
            method = parts[0]
            if method not in ("GET", "HEAD", "POST"):
                raise Refused(405)
            path = parts[1]
            if not path.startswith("/") or ".." in path or "%" in path or "\\" in path:
                raise Refused(400)
            slot[_METHOD] = method
            slot[_PATH] = path.split("?", 1)[0]
            slot[_TOKEN] = None
        elif start == end:
            length = slot[_LENGTH]
            if slot[_ENCODED]:  # RFC 9112 6.1: with a Content-Length too, a smuggling try
                if length >= 0:
                    raise Refused(400)
                raise Refused(501)
            if length > _BODY_MOST:
                raise Refused(413)
            if slot[_METHOD] == "POST" and length < 0:
                raise Refused(411)
            slot[_LENGTH] = max(0, length)
            slot[_LINES] = -1  # the headers are in
        elif lines > _HEADERS:
            raise Refused(431)
        else:
            colon = buf.find(b":", start, end)
            if colon < 0:
                raise Refused(400)
            name = buf[start:colon].decode().strip().lower()
            if name == "content-length":
                value = buf[colon + 1 : end].decode().strip()
                if not value.isdigit():
                    raise Refused(400)
                if len(value) > 6:
                    raise Refused(413)
                value = int(value)
                if slot[_LENGTH] >= 0 and value != slot[_LENGTH]:
                    raise Refused(400)  # that differ: which is meant?
                slot[_LENGTH] = value
            elif name == "transfer-encoding":
                slot[_ENCODED] = True  # only a stated length is accepted (501, or 400)
            elif name == "x-token":
                slot[_TOKEN] = buf[colon + 1 : end].decode().strip()[:64]

    def respond(self, slot, status, kind, body, page=None):
        """Sets the slot to send its answer: the head, then `body` (bytes or a str, sent as
        its UTF-8, or a dict: the API's JSON, written as it is made, its length unknown) or
        the page's file, gzipped, a piece at a time (none for a HEAD)."""
        if type(body) is dict:
            head = _JSON_HEAD % status
        elif page is not None:
            head = _HEAD % (status, kind, page.seek(0, 2), "Content-Encoding: gzip\r\n")
            page.seek(0)
        else:  # its length in bytes: a str's UTF-8, as it is sent
            head = _HEAD % (status, kind, len(memoryview(body)), "")
        head_only = slot[_METHOD] == "HEAD"
        slot[_BUF] = memoryview(head)  # not copied
        slot[_BODY] = None if head_only else body
        slot[_PAGE] = page
        if head_only and page is not None:
            page.close()
            slot[_PAGE] = None
        slot[_STAGE] = _SEND
        slot[_UNTIL] = time.ticks_add(time.ticks_ms(), _DEADLINE_MS)  # as long as the request had
