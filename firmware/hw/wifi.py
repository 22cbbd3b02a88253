"""The access point of a board with a CYW43 radio (a Pico W, a Badger 2040 W), as
MicroPython's rp2 port runs one: network.WLAN(network.AP_IF).

A key makes it WPA2 (AES), the rp2 port's default security for an access point; the name
and key are set while it is down, because the radio takes them when it comes up. Its
address is the port's own (192.168.4.1), and the port hands the phones theirs by DHCP.
The radio's first start loads its firmware: a second or so, once per boot.
"""


class AccessPoint:
    host = "0.0.0.0"
    http_port = 80
    dns_port = 53

    def __init__(self):
        self.wlan = None
        self.used = False  # the radio has been started: on a Pico W, GP29 is its clock now

    def up(self, ssid, key):
        """Opens (or reopens) the network as `ssid` with `key`; returns the address."""
        import network

        wlan = self.wlan = network.WLAN(network.AP_IF)
        self.used = True
        wlan.active(False)
        wlan.config(ssid=ssid, key=key)
        wlan.active(True)
        return wlan.ifconfig()[0]

    def down(self):
        if self.wlan is not None:
            self.wlan.active(False)
