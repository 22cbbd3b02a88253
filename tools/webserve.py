"""`make web-serve`: build/web/ served by Python's http.server (docs/web.md).

    python -m tools.webserve [--host 127.0.0.1] [--port 8000] [--dir build/web]

On 127.0.0.1 only this computer reaches it. With --host 0.0.0.0 the local network does,
and the address a tablet opens is printed. Browsers give the screen wake lock and the
service worker (offline play) only to https pages and to localhost: over the network on
plain http the game plays, but the screen may dim and the page needs the server.
"""

import argparse
import functools
import http.server
import socket
import sys

from tools.mpenv import ROOT


def lan_address():
    """This computer's address on the local network (the one its default route uses)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            s.connect(("192.0.2.1", 9))  # TEST-NET-1: nothing is sent on a UDP connect
            return s.getsockname()[0]
        except OSError:
            return socket.gethostbyname(socket.gethostname())


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".wasm": "application/wasm",
        ".json": "application/json",
        ".bin": "application/octet-stream",
    }

    def end_headers(self):
        self.send_header("Cache-Control", "no-cache")  # the service worker does the keeping
        super().end_headers()

    def log_message(self, format, *args):  # noqa: A002 - the base class's name
        pass


def main(argv=None):
    parser = argparse.ArgumentParser(
        prog="python -m tools.webserve", description=__doc__.splitlines()[0]
    )
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--dir", default=str(ROOT / "build" / "web"))
    args = parser.parse_args(argv)
    handler = functools.partial(Handler, directory=args.dir)
    server = http.server.ThreadingHTTPServer((args.host, args.port), handler)
    port = server.server_address[1]
    if args.host in ("0.0.0.0", ""):
        print("Serving the Scanner on your network: open http://%s:%d/" % (lan_address(), port))
        print("(and on this computer: http://localhost:%d/)" % port)
    else:
        shown = "localhost" if args.host == "127.0.0.1" else args.host
        print("Serving the Scanner: open http://%s:%d/" % (shown, port))
    print(
        "Screen wake lock and offline play need https or localhost: over plain http on the "
        "network the game plays, but the screen may dim and the page needs this server."
    )
    print("Ctrl-C stops it.", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
