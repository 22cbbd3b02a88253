"""Board 3: the reference build on a Raspberry Pi Pico W (or Pico 2 W), with its Wi-Fi:
the Waveshare Pico-ePaper-2.9 (SSD1680), five buttons and a GO button, a piezo and a
16-LED ring, wired as boards/pico-epaper29 is, and the phones' network (firmware/net).
Parts, wiring and what differs from the Pico build: README.md beside this file. Every pin
is named once, here."""

from micropython import const

PINS = {
    # Waveshare Pico-ePaper-2.9 (on SPI1)
    "epd_clk": 10,
    "epd_din": 11,
    "epd_cs": 9,
    "epd_dc": 8,
    "epd_rst": 12,
    "epd_busy": 13,
    "spi_miso": 28,  # unused, but SPI1 must not claim GP8 (DC) as MISO
    # buttons to GND, internal pull-ups
    "a": 2,
    "b": 3,
    "c": 4,
    "up": 5,
    "down": 6,
    "go": 7,
    "buzzer": 15,
    "ring": 16,
    # No battery pin: GP29 (VSYS/3 on a plain Pico) is the radio's SPI clock on a Pico W.
    # USB power is read from the radio chip's own VBUS sense, WL_GPIO2.
    "vbus": "WL_GPIO2",
}
# The phones' network (firmware/net) goes onto it (tools/flash.py).
WIFI = True
_SAFE_MODE_BUTTON = const("a")  # held at power-on: maintenance boot (no game, no watchdog)
_SPI_BAUD = const(4_000_000)  # the vendors' rate (Waveshare, nano-gui, GxEPD2); 20 MHz at most


def held_at_boot():
    """Whether the safe-mode button is held now (checked first thing at power-on)."""
    from machine import Pin

    return Pin(PINS[_SAFE_MODE_BUTTON], Pin.IN, Pin.PULL_UP).value() == 0


def build():
    from machine import Pin

    from hw.reference import build as parts
    from hw.wifi import AccessPoint

    board = parts(PINS, _SPI_BAUD, None)  # no battery reading (above)
    board.wifi = AccessPoint()
    # On USB power VBUS is high: the Wi-Fi setting's default (on while on USB power).
    board.usb_power = Pin(PINS["vbus"], Pin.IN).value
    return board
