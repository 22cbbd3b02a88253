"""The access point of a board with a CYW43 radio (a Pico W, a Badger 2040 W), as
MicroPython's rp2 port runs one: network.WLAN(network.AP_IF).

A key makes it WPA2 (AES), the rp2 port's default security for an access point; the name
and key are set while it is down, because the radio takes them when it comes up. Its
address is the port's own (192.168.4.1), and the port hands the phones theirs by DHCP.
The radio's first start loads its firmware: a second or so, once per boot.

A CYW43 that fails to start raises nothing: the interface reports itself active, at
0.0.0.0, and every call that reaches the chip tries to start it again, 1-2 s each. So the
radio is touched only when it must be, and net.join takes 0.0.0.0 for no network.
"""


class AccessPoint:
    host = "0.0.0.0"
    http_port = 80
    dns_port = 53

    def __init__(self):
        self.wlan = None
        self.used = False  # the radio has been started: on a Pico W, GP29 is its clock now

    def up(self, ssid, key):
        """Opens (or reopens) the network as `ssid` with `key`; returns its address, which
        is 0.0.0.0 when the radio did not start."""
        import network

        wlan = self.wlan = network.WLAN(network.AP_IF)
        self.used = True
        # Down first, if up: asked of the port, not the chip; and a radio that failed (up
        # at 0.0.0.0) is not brought down, which would only try to start it again.
        if wlan.active() and wlan.ifconfig()[0] != "0.0.0.0":
            wlan.active(False)
        wlan.config(ssid=ssid, key=key)
        wlan.active(True)
        return self.address()

    def address(self):
        """The network's address now: 0.0.0.0 while it has none. Once it has one, power
        saving goes off, which drops phones (micropython#16482); after active(True), which
        sets the driver's default, and only on a radio that started."""
        wlan = self.wlan
        ip = wlan.ifconfig()[0]
        if ip != "0.0.0.0":
            wlan.config(pm=wlan.PM_NONE)
        return ip

    def down(self):
        if self.wlan is not None:
            self.wlan.active(False)
