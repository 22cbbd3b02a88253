# A phone's side of the device for the unix-port tests of the phones' games: a stand-in
# access point, and the phones' API called as the server hands it a request (net.phones
# Net.api), with JSON in and out. (test_phones.py drives the same over real sockets.)
import json


class FakeAP:
    """An access point that opens at once on the loopback address, the ports the system's."""

    host = "127.0.0.1"
    http_port = dns_port = 0

    def up(self, ssid, key):
        return "127.0.0.1"

    def address(self):
        return "127.0.0.1"

    def down(self):
        pass


# Each phone's address, as net.server hands it to the API (a small int): a token's is the
# one its phone joined from, and each join is a phone of its own (one phone, one team).
_phones = {}
_next = [1]


def answer(dev, method, path, token=None, body=None, who=None):
    """(status, the JSON answer) of a request with `body` (JSON-able, or None) from the
    address `who` (by default the token's phone's; a join's, a new phone's); an act done is
    answered with nothing (None: net.server's constant), the phone looks next."""
    data = b"" if body is None else json.dumps(body).encode()
    if who is None:
        who = _phones.get(token)
        if who is None:
            _next[0] += 1
            who = _next[0]
    status, kind, out = dev.net.api(method, path, token, data, who)
    if path == "/api/join" and status == 200:
        _phones[out["token"]] = who
    if kind is None:
        assert status == 200 and method == "POST" and path == "/api/act"
        return status, None
    return status, json.loads(json.dumps(out))  # as net.server writes it, and a phone reads it


def join(dev, team):
    """The token of a phone that joins team (or player) `team`."""
    status, me = answer(dev, "POST", "/api/join", body={"team": team})
    assert status == 200, me
    return me["token"]


def view(dev, token):
    """What the phone holding `token` shows now."""
    status, me = answer(dev, "GET", "/api/me", token)
    assert status == 200
    return me["view"]
