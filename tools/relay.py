"""A library, not a tool: a small TCP relay that gives a headless Chromium a phone's own
address, for the browser tests and the phones' pictures.

On the device's network each phone has an address of its own, and the device holds one
team for an address (one phone, one team: firmware/net/phones.py). Every Chromium on
this machine would reach the device from 127.0.0.1, as one phone; so each goes through a
relay of its own: Chromium opens http://127.0.0.1:RELAY/, and the relay carries each
connection to the device's port from its own 127.0.0.N (its outgoing socket bound there
before it connects: Linux routes all of 127.0.0.0/8 to the loopback). The device sees
that address and nothing else: no header, no switch of the firmware's stands in for it.
Each relay is a page of its own origin too, so each phone keeps its own token.

A connection is carried both ways, byte for byte, by a thread of its own, and each end's
close is passed on as a half-close, as it came: the device's answers end with its close.
"""

import selectors
import socket
import threading


class Relay:
    """Listens on 127.0.0.1 (`url`); each connection to it is carried to the device on
    127.0.0.1:`port`, from `address`."""

    def __init__(self, port, address):
        self.target = ("127.0.0.1", port)
        self.address = address
        self.listening = socket.create_server(("127.0.0.1", 0), backlog=16)
        self.url = "http://127.0.0.1:%d/" % self.listening.getsockname()[1]
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self):
        while True:
            try:
                phone, _ = self.listening.accept()
            except OSError:  # closed: the relay's end
                return
            threading.Thread(target=self._carry, args=(phone,), daemon=True).start()

    def _carry(self, phone):
        try:
            device = socket.create_connection(
                self.target, timeout=10, source_address=(self.address, 0)
            )
        except OSError:  # the device is down (a power cut): the phone sees a reset
            phone.close()
            return
        ends = selectors.DefaultSelector()
        ends.register(phone, selectors.EVENT_READ, device)
        ends.register(device, selectors.EVENT_READ, phone)
        open_ends = 2
        try:
            while open_ends:
                for key, _ in ends.select(timeout=30):
                    data = key.fileobj.recv(65536)
                    if data:
                        key.data.sendall(data)
                        continue
                    ends.unregister(key.fileobj)  # this end is done sending: so is ours
                    key.data.shutdown(socket.SHUT_WR)
                    open_ends -= 1
        except OSError:  # a reset, on either side: both go
            pass
        finally:
            ends.close()
            phone.close()
            device.close()

    def close(self):
        self.listening.close()


if __name__ == "__main__":
    from tools import not_a_tool

    not_a_tool(__doc__)
