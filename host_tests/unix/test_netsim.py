# heap: 256K (a device with its network and the next game's QR codes, several in turn)
# The headless simulator serving phones (boards/host/netsim.py): before a command at the
# menu it waits while the device makes the next game's network, and never for a network
# that did not open, which would hold every command for nothing (issue 33, part 6).
import asyncio
import os
import socket
import sys

sys.argv.extend(["--http", "0"])  # the host board with Wi-Fi: netsim is its access point
import netsim  # noqa: E402

from board import HostBoard  # noqa: E402
from shell import Device  # noqa: E402
from store import Store  # noqa: E402

ROOT = os.getenv("TEST_TMP")
_dirs = [0]


class Sim:
    """What netsim reads of headless.Sim: its device."""

    def __init__(self, dev):
        self.dev = dev


def listening():
    """(a socket listening on a port of the loopback, the port)."""
    start = 20000 + int.from_bytes(os.urandom(2), "little") % 20000
    for port in range(start, start + 100):
        s = socket.socket()
        try:
            s.bind(socket.getaddrinfo("127.0.0.1", port)[0][-1])
            s.listen(1)
            return s, port
        except OSError:
            s.close()
    raise OSError("no free port")


def device(port):
    """A device at the menu whose network is served on `port` (netsim's)."""
    netsim.http_port = netsim.dns_port = port
    _dirs[0] += 1
    state = "%s/dev%d" % (ROOT, _dirs[0])
    return Device(HostBoard(state), Store(state), seed=1)


def look(dev):
    """One look of the network's task (Net.watch, every 250 ms on the loop)."""
    asyncio.run(dev.net.watch())


def test_a_command_at_the_menu_waits_while_the_next_game_s_network_is_made():
    held, port = listening()
    held.close()  # free for the device
    dev = device(port)
    sim = Sim(dev)
    try:
        assert netsim._making(sim)  # its first start to come
        look(dev)  # the network opens
        assert dev.net.ip == "127.0.0.1" and dev.net.next is None
        assert netsim._making(sim)  # the next game's network and codes under way
        for _ in range(10):
            look(dev)
            if dev.net.next is not None:
                break
        assert dev.net.next is not None
        assert not netsim._making(sim)  # made: nothing to wait for
        dev.net.next = None
        dev.app.settings["wifi"] = 2  # Wi-Fi off: none to come
        assert not netsim._making(sim)
    finally:
        dev.net.close()


def test_a_network_that_did_not_open_is_never_waited_for():
    held, port = listening()  # the port taken (another simulator on it, say)
    dev = device(port)
    sim = Sim(dev)
    try:
        look(dev)
        assert dev.net.ip is None and dev.net.tried is not None
        assert dev.app.table()[0] == "home" and dev.net.wanted()
        assert not netsim._making(sim)
    finally:
        dev.net.close()
        held.close()


def test_a_network_closed_by_a_failure_or_a_silent_radio_is_never_waited_for():
    held, port = listening()
    held.close()
    dev = device(port)
    sim = Sim(dev)
    try:
        look(dev)
        assert netsim._making(sim)
        dev.net.close()  # what Net.run does when a look fails (no room for the codes, a bug)
        assert not netsim._making(sim)
    finally:
        dev.net.close()
    netsim.silent = True  # a radio with no address (SIM_RADIO=silent)
    dev = device(port)
    sim = Sim(dev)
    try:
        look(dev)
        assert dev.net.ip is None and not netsim._making(sim)
    finally:
        netsim.silent = False
        dev.net.close()
