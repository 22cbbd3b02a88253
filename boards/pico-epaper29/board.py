"""Board 1, the reference build: Raspberry Pi Pico (or Pico W / Pico 2) with a Waveshare
Pico-ePaper-2.9 (SSD1680), five buttons and a GO button, a piezo and a 16-LED ring.
Wiring, parts and diagram: README.md beside this file. Every pin is named once, here."""

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
    "vsys_adc": 29,  # VSYS/3; on a Pico W this pin is shared with the radio: not read
}
_SAFE_MODE_BUTTON = const("a")  # held at power-on: maintenance boot (no game, no watchdog)
_SPI_BAUD = const(4_000_000)  # the vendors' rate (Waveshare, nano-gui, GxEPD2); 20 MHz at most


def held_at_boot():
    """Whether the safe-mode button is held now (checked first thing at power-on)."""
    from machine import Pin

    return Pin(PINS[_SAFE_MODE_BUTTON], Pin.IN, Pin.PULL_UP).value() == 0


def build():
    import sys

    from machine import ADC

    from hw.battery import Battery
    from hw.reference import build as parts

    # On a Pico W GP29 is the radio's clock: no battery reading (boards/picow-epaper29
    # is the build that uses its Wi-Fi).
    pico_w = "Pico W" in sys.implementation._machine or "Pico 2 W" in sys.implementation._machine
    return parts(PINS, _SPI_BAUD, None if pico_w else Battery(ADC(PINS["vsys_adc"])))
