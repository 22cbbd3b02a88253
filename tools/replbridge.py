"""A MicroPython unix port whose REPL listens on a loopback TCP port, for the deploy path.

mpremote talks to a board over a serial line; pyserial's `socket://host:port` makes a TCP
socket one. This bridge runs `micropython` on a pseudo-terminal (so its REPL behaves as on
a board: raw REPL, paste mode, soft reset) in a folder that stands for the board's flash,
and copies bytes both ways between the terminal and one TCP client at a time.
"""

import argparse
import os
import pty
import select
import signal
import socket
import termios
import threading
import time
import tty

from tools.mpenv import micropython


class ReplBridge:
    def __init__(self, micropython, flash_dir, env=None, heap="256K", args=(), restart=False):
        self.flash_dir = str(flash_dir)
        self.command = [micropython, "-X", "heapsize=" + heap, *args]
        self.env = env or os.environ
        self.restart = restart  # boot the "board" again when its process ends (a reset)
        self.boots = 0
        self.server = socket.socket()
        self.server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.server.bind(("127.0.0.1", 0))
        self.server.listen(1)
        self.port = self.server.getsockname()[1]
        self.url = "socket://127.0.0.1:%d" % self.port
        self._boot()
        self._stop = False
        self._thread = threading.Thread(target=self._serve, daemon=True)
        self._thread.start()

    def _boot(self):
        self.pid, self.fd = pty.fork()
        if self.pid == 0:  # the child: the "board"
            os.chdir(self.flash_dir)
            os.execvpe(self.command[0], self.command, self.env)
        tty.setraw(self.fd)
        # But Ctrl-C still interrupts running code, as a board's USB driver makes it: the
        # unix port only hears it as SIGINT. (Its REPL turns ISIG off while reading.)
        attrs = termios.tcgetattr(self.fd)
        attrs[3] |= termios.ISIG
        termios.tcsetattr(self.fd, termios.TCSANOW, attrs)
        self.boots += 1

    def _board_ended(self):
        """The process is gone: a reset. Boots it again, or stops the bridge."""
        os.close(self.fd)
        os.waitpid(self.pid, 0)
        if self.restart and not self._stop:
            self._boot()
        else:
            self._stop = True

    def _serve(self):
        while not self._stop:
            try:
                ready, _, _ = select.select([self.server], [], [], 0.1)
                if not ready:
                    self._drain(None)
                    continue
                client, _ = self.server.accept()
            except (OSError, ValueError):
                return  # closed
            with client:
                # Each byte the REPL says at once: mpremote's raw paste waits on a one-byte
                # window's grant, which Nagle's algorithm would hold back.
                client.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
                try:
                    self._pump(client)
                except OSError:
                    pass  # mpremote hung up mid-reply; the REPL waits for the next one

    def _drain(self, client):
        """Reads what the REPL said; sends it on when someone is connected."""
        while select.select([self.fd], [], [], 0)[0]:
            try:
                data = os.read(self.fd, 4096)
            except OSError:
                self._board_ended()
                return
            if client is not None and data:
                client.sendall(data)  # a client gone: the caller handles it

    def _pump(self, client):
        while not self._stop:
            ready, _, _ = select.select([client, self.fd], [], [], 0.1)
            if self.fd in ready:
                try:
                    data = os.read(self.fd, 4096)
                except OSError:  # the REPL ended: the board was reset
                    self._board_ended()
                    return
                client.sendall(data)
            if client in ready:
                data = client.recv(4096)
                if not data:
                    return  # mpremote disconnected; the REPL stays up for the next one
                os.write(self.fd, data)

    def alive(self):
        return os.waitpid(self.pid, os.WNOHANG) == (0, 0)

    def close(self):
        self._stop = True
        self._thread.join(timeout=2)
        try:
            os.kill(self.pid, signal.SIGKILL)
            os.waitpid(self.pid, 0)
        except OSError:
            pass
        self.server.close()
        os.close(self.fd)


def main(argv=None):
    parser = argparse.ArgumentParser(
        prog="python -m tools.replbridge",
        description=__doc__.split("\n\n")[0],
        epilog="It prints the socket:// URL to give mpremote (or make flash PORT=...), and "
        "runs until the REPL ends.",
    )
    parser.add_argument("flash_dir", metavar="DIR", help="the folder standing for the flash")
    args = parser.parse_args(argv)
    bridge = ReplBridge(micropython(), args.flash_dir)
    print(bridge.url, flush=True)
    try:
        while bridge.alive():
            time.sleep(0.5)
    finally:
        bridge.close()


if __name__ == "__main__":
    main()
