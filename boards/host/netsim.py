"""The headless simulator serving phones (headless.py --http PORT): the PC as a board with
Wi-Fi, its network a port on the loopback.

The device's asyncio loop runs as on a board: the phones' network (net.phones.Net.watch,
what Net.run does on a board: its web server on 127.0.0.1:PORT and its name server on UDP
PORT) beside the commands, which are read as they come; what the phones change is drawn
at the next command, as the display task would have drawn it. Phones act at the
simulated time the commands have brought the device to. The loop sleeps in its poll of the
sockets, stdin among them, so a command is carried out the moment it comes, whether or not
a phone is talking; at the menu, it waits while the device makes the next game's network
and QR codes, as a table takes a moment there (never for a network that did not open).
Two commands more:

    phones   the network as one line of JSON: its name and key, the game and its teams,
             which of them have a phone, the page's address
    join     the join screen (its QR codes), as a game will show it

and one less: `reboot` (a board's power cut empties its RAM, which one process cannot do
for the device it holds: tools/phones.py's Device.power_cut ends the process and starts
another on the same port and saved state).

The PC's stand-in for a board's access point (hw.wifi) is this module itself: the port
after --http on the loopback, for the web and the names both. It shares the heap with the
firmware under test, so it is small: no class, few globals and functions. SIM_RADIO=silent
makes it a radio that failed, as a Pico W's CYW43 can: it starts without an error, and
has no address (0.0.0.0) then or ever. SIM_RANDOM=SEED seeds the board's random source,
which names each game's network (hostos.py): one seed, the same networks and join
screens, run after run.
"""

import asyncio
import json
import select
import sys

from board import _find, getenv

if getenv("SIM_RANDOM"):
    import hostos

    sys.modules["os"] = hostos  # for what imports it from now on: net.join among them

host = "127.0.0.1"
http_port = dns_port = int(sys.argv[sys.argv.index("--http") + 1])
page = getenv("SIM_PAGE") or _find("phones.html.gz", "build/phones.html.gz")  # make build's
silent = getenv("SIM_RADIO") == "silent"  # a radio that failed: no address, ever


def up(ssid, key):
    return address()  # the network's name and key: nothing to tell a loopback


def address():
    return "0.0.0.0" if silent else host


def down():
    pass


def build():
    """The access point (what the host board calls: a name every board has, board.build)."""
    return sys.modules["netsim"]


def run(sim):
    """Runs the simulator `sim` (headless.Sim) until `quit` or the end of its input."""
    asyncio.run(_serve(sim))


async def _serve(sim):
    # One task watches the device's network (net.phones.Net.watch, what Net.run does on a
    # board).
    asyncio.create_task(sim.dev.net.run())
    waiting = select.poll()
    waiting.register(sys.stdin, select.POLLIN)
    while True:
        for _ in waiting.ipoll(0):
            break  # a command is there (ipoll allocates nothing)
        else:
            # None yet: asleep in the loop's own poll (its IOQueue, as asyncio's streams
            # wait; their classes would be a module more in the device's heap), woken the
            # moment one comes, while the server and the network run. No timer of ours.
            yield asyncio.core._io_queue.queue_read(sys.stdin)
        line = sys.stdin.readline()
        if not line:
            break
        words = sim.words(line)
        cmd = words[0] if words else None
        if cmd is not None and cmd != "quit":
            for _ in range(500):  # 10 s at most: a ceiling against a hang
                if not _making(sim):
                    break
                await asyncio.sleep_ms(20)
        # What the phones changed meanwhile, drawn as the display task would have drawn it
        # (the frame is only ever seen through a command).
        sim.settle()
        if cmd == "reboot":
            # A board's power cut empties its RAM; inside this process the old device and
            # its network would leave the new one a heap cut up (tools/phones.py's
            # Device.power_cut ends the process and starts another).
            print("error: reboot: with --http, a power cut is the end of the process")
            continue
        if cmd == "phones" or cmd == "join":
            if len(words) > 1:
                print("error: %s: usage: %s takes nothing after it" % (line.strip(), cmd))
            else:
                command(sim, cmd)
            continue
        if not sim.step(line, words):
            break


def command(sim, name):
    """`join` or `phones`, carried out in a function's frame, not in _serve's: a coroutine's
    frame keeps every value it last held (the collector scans it whole), and what it held
    there would stay in the device's heap."""
    net = sim.dev.net
    if name == "join":
        net.show(sim.dev.app, sim.now)
        return
    net.sync()  # the game as the last command left it
    table = dict(net.table)
    table["taken"] = list(map(bool, table.pop("tokens")))
    table["url"] = net.url() if net.ip else None
    json.dump(table, sys.stdout)  # a piece at a time, as headless's state
    print()


def _making(sim):
    """Whether a command now waits, as a table takes a moment at the menu to choose its game,
    while the device makes the next game's network (net.phones.Net.watch): a command a
    moment after another could start a game before it is made. Only while it is being
    made, the network open: never for a network that did not open (its port taken, a
    silent radio, no room in the heap for it: net.tried says it was tried, net.ip that it
    is not open), which would be waited for in vain before every command."""
    net = sim.dev.net
    if net.next is not None or not net.wanted() or net.app.table()[0] != "home":
        return False
    return net.ip is not None or net.tried is None  # open, or its first start to come
