"""Phones at the table (only a board with Wi-Fi loads this package): net.phones is the
network and which phone plays for which team, net.join a phone joining, net.server the
HTTP and DNS server, net.joinscreen the join screen and net.qr its QR codes."""
