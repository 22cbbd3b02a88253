"""A library, not a tool: a device serving phones (the headless simulator with --http
PORT) and phones to talk to it, for the tests and the phones' pictures: the firmware's
own server, on a loopback port of this machine."""

import http.client
import itertools
import json
import os
import queue
import socket
import subprocess
import threading
import time

from tools.mpenv import device_layout, heap, micropython

SAY_WHEN = "press GO\npress GO\n"  # Say When!, New game (two teams: Red, Blue)
STAY_COOL = "press DOWN\npress GO\npress GO\n"  # Stay Cool, New game (four players)
# Scattergories, New game, with a fourth player (Alex, Sam, Robin, Jo)
SCATTERGORIES = "press DOWN\npress DOWN\npress GO\npress GO\npress C\n"
START = "press UP\npress GO\n"  # the last row of the setup: Start game


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def serve(state_dir, port, heap, seed=None, prelude=None, env=None, **popen):
    """The headless simulator serving phones on `port` at `heap`, as a process with text
    pipes to talk to it (its state in `state_dir`). `prelude`: MicroPython code run before
    it (make bench switches a mechanism off with it); `env`: more of the environment."""
    args = ["--state", str(state_dir), "--http", str(port)]
    if seed is not None:
        args += ["--seed", str(seed)]
    start = (
        ["-c", prelude + "\nimport headless, sys\nheadless.main(sys.argv)"]
        if prelude
        else ["-m", "headless"]
    )
    return device_process(start + args, heap, env, **popen)


def device_process(args, heap, env=None, **popen):
    """`micropython -X heapsize=HEAP ARGS...` in the board's layout (device_layout), as a
    process with text pipes to talk to it."""
    cwd, full_env = device_layout()
    full_env.update(env or {})
    return subprocess.Popen(
        [micropython(), "-X", "heapsize=" + heap, *args],
        cwd=cwd,
        env=full_env,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        **popen,
    )


class Device:
    """The simulator as one process, fed commands as the test goes; `run` waits for what
    they printed. Its saved state lives in `state_dir`; it serves on a free port, or on
    `port` (the address its join screen shows: the docs' picture of it names one)."""

    def __init__(self, state_dir, heap_size=None, seed=None, prelude=None, env=None, port=None):
        self.port = port or free_port()
        self.state_dir = state_dir
        self.heap = heap_size or heap()  # the cap (HEAP, else the build's: README, Memory)
        self.seed = seed
        self.prelude = prelude
        self.env = env
        self.relays = []
        self.boot()

    def page(self, address=None):
        """The page's address for a new phone in Chromium: a relay of its own
        (tools/relay.py), which reaches the device from a new loopback address, as each
        phone has its own on the device's network (and its own origin, so its own token);
        or from `address`, a Phone's, for a Chromium that shows what that phone would. It
        serves as long as the device, through its power cuts."""
        from tools.relay import Relay

        relay = Relay(self.port, address or new_address())
        self.relays.append(relay)
        return relay.url

    def boot(self):
        self.proc = serve(
            self.state_dir, self.port, self.heap, self.seed, self.prelude, self.env, bufsize=1
        )
        self.lines = queue.Queue()
        self.pump = threading.Thread(target=self._pump, args=(self.proc, self.lines), daemon=True)
        self.pump.start()
        self.wait_for_server()

    def power_cut(self):
        """A power cut, as a board has one: the process is killed, whatever it was doing,
        and a new one boots from what was saved, on the same port, its heap empty (a board
        starts with empty RAM; headless's own `reboot` frees the old device inside one
        process, whose heap the old one has cut up). Each boot deals differently, as a
        board's does: the next seed. Returns what the old process wrote to stderr."""
        self.proc.kill()
        self.proc.wait()
        err = self._end()
        self.seed = (self.seed or 1) + 1  # headless's default seed is 1
        self.boot()
        return err

    @staticmethod
    def _pump(proc, lines):
        for line in proc.stdout:
            lines.put(line.rstrip("\n"))
        lines.put(None)

    def run(self, script, timeout=60):
        """Sends the commands of `script`, then `state`: (what was printed, the state, or
        None where the device's heap had no room for the host's reader of it)."""
        return self._through(script, "state", timeout)

    def send(self, script, timeout=60):
        """Sends the commands of `script`, then `refreshes` (which reads nothing of the
        screens): what they printed, once they are carried out."""
        return self._through(script, "refreshes", timeout)[0]

    def _through(self, script, last, timeout):
        """Sends `script`, then the command `last`: (what was printed before its answer,
        the state for `state`, else None)."""
        try:
            self.proc.stdin.write(script.strip() + "\n" + last + "\n")
            self.proc.stdin.flush()
        except BrokenPipeError:  # it had stopped already
            self.proc.wait()
            raise AssertionError("the simulator stopped:\n%s" % self.proc.stderr.read()) from None
        out = []
        end = time.monotonic() + timeout
        while True:
            line = self.lines.get(timeout=max(0.1, end - time.monotonic()))
            if line is None:
                raise AssertionError(
                    "the simulator stopped:\n%s\n%s" % ("\n".join(out), self.proc.stderr.read())
                )
            if last == "state" and line.startswith('{"') and '"screen"' in line:
                return out, json.loads(line)
            if line.startswith("busy: state:") or line.startswith("refreshes partial="):
                return out, None  # (busy: the heap full, no room for the host's reader)
            out.append(line)

    def phones(self):
        """The network as the device has it: name, key, game, names, taken, url."""
        out, _ = self.run("phones")
        return json.loads([line for line in out if line.startswith('{"')][-1])

    def wait_for_server(self, timeout=20):
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=1):
                    return
            except OSError:
                time.sleep(0.05)
                if self.proc.poll() is not None:
                    break
        raise AssertionError("no server on port %d: %s" % (self.port, self.proc.stderr.read()))

    def close(self):
        """Ends the device, and the phones' relays: what its process wrote to stderr."""
        for relay in self.relays:
            relay.close()
        return self._end()

    def _end(self):
        if self.proc.poll() is None:
            try:
                self.proc.stdin.write("quit\n")
                self.proc.stdin.flush()
                self.proc.wait(timeout=10)
            except (OSError, subprocess.TimeoutExpired):
                self.proc.kill()
                self.proc.wait()
        err = self.proc.stderr.read()
        self.pump.join(timeout=10)  # it has read all that was written: stdout can close
        try:
            self.proc.stdin.close()
        except BrokenPipeError:  # what was left unsent for a simulator that had stopped
            pass
        self.proc.stdout.close()
        self.proc.stderr.close()
        return err


_ADDRESSES = itertools.count()


def new_address():
    """A loopback address no phone made before has had (127.0.0.2 to .251, then round
    again): on the device's network each phone has an address of its own, and Linux routes
    all of 127.0.0.0/8 to the loopback. 127.0.0.1 is left to headless Chromium's page."""
    return "127.0.0.%d" % (2 + next(_ADDRESSES) % 250)


class Phone:
    """A phone's requests to the device, with its token once it has joined."""

    def __init__(self, port, patient=True, address=None):
        self.port = port
        self.token = None
        self.patient = patient  # asks again when told 429 or 503, as the page does
        # Where it asks from: the server rate-limits an address, and holds one team for it
        # (one phone, one team), so each phone has its own (new_address).
        self.address = address or new_address()

    def request(self, method, path, body=None, headers=None):
        """(status, the answer's headers, its body as bytes)."""
        sent = dict(headers or {})
        if self.token:
            sent["X-Token"] = self.token
        if isinstance(body, (dict, list)):
            body = json.dumps(body).encode()
            sent["Content-Type"] = "application/json"
        elif isinstance(body, str):
            body = body.encode()
        # Too many at once (429, 503: every connection in use, or no room in the heap for
        # this one) means not done: asked again a moment later, for 3 s, as the page does.
        for again in range(11):
            status, got, data = self._exchange(method, path, body, sent)
            if status not in (429, 503) or again == 10 or not self.patient:
                return status, got, data
            time.sleep(0.3)

    def _exchange(self, method, path, body, headers):
        """One request and its answer. The request goes in one piece, as a phone's small
        one arrives: the server refuses one of a flood with what has come of it read, and
        closes; a body sent after the head would meet the closed connection."""
        lines = ["%s %s HTTP/1.1" % (method, path), "Host: 127.0.0.1:%d" % self.port]
        if body is not None:
            lines.append("Content-Length: %d" % len(body))
        lines += ["%s: %s" % item for item in headers.items()]
        with socket.create_connection(
            ("127.0.0.1", self.port), timeout=10, source_address=(self.address, 0)
        ) as sock:
            sock.sendall(("\r\n".join(lines) + "\r\n\r\n").encode() + (body or b""))
            response = http.client.HTTPResponse(sock, method=method)
            try:
                response.begin()
                return response.status, dict(response.getheaders()), response.read()
            finally:
                response.close()

    def json(self, method, path, body=None):
        status, _, data = self.request(method, path, body)
        return status, json.loads(data) if data else None

    def join(self, team):
        """Joins `team` as the page does: with a token of the phone's own, kept unless the
        device refuses it."""
        self.token = os.urandom(8).hex()
        status, data = self.json("POST", "/api/join", {"team": team, "token": self.token})
        if status != 200:
            self.token = None
        return status, data


if __name__ == "__main__":
    from tools import not_a_tool

    not_a_tool(__doc__)
