"""Board 1, the reference build: Raspberry Pi Pico (or Pico W / Pico 2) with a Waveshare
Pico-ePaper-2.9 (SSD1680), five buttons and a GO button, a piezo and a 16-LED ring.
Wiring, parts and diagram: README.md beside this file. Every pin is named once, here."""

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
SAFE_MODE_BUTTON = "a"  # held at power-on: maintenance boot (no game, no watchdog)
SPI_BAUD = 10_000_000  # the SSD1680 takes up to 20 MHz; half of it for jumper wires


def held_at_boot():
    """Whether the safe-mode button is held now (checked first thing at power-on)."""
    from machine import Pin

    return Pin(PINS[SAFE_MODE_BUTTON], Pin.IN, Pin.PULL_UP).value() == 0


def build():
    import sys

    import neopixel
    from machine import ADC, PWM, SPI, Pin

    from hw.battery import Battery
    from hw.buttons import PinButtons
    from hw.device import DeviceBoard
    from hw.ring import Ring
    from hw.ssd1680 import SSD1680

    p = PINS
    spi = SPI(
        1,
        baudrate=SPI_BAUD,
        sck=Pin(p["epd_clk"]),
        mosi=Pin(p["epd_din"]),
        miso=Pin(p["spi_miso"]),
    )
    display = SSD1680(
        spi,
        Pin(p["epd_cs"], Pin.OUT, value=1),
        Pin(p["epd_dc"], Pin.OUT, value=0),  # built after the SPI, so it stays DC
        Pin(p["epd_rst"], Pin.OUT, value=1),
        Pin(p["epd_busy"], Pin.IN, Pin.PULL_UP),
    )
    names = ("a", "b", "c", "up", "down", "go")
    buttons = PinButtons([Pin(p[n], Pin.IN, Pin.PULL_UP) for n in names], active_low=True)
    ring = Ring(neopixel.NeoPixel(Pin(p["ring"]), 16))
    pwm = PWM(Pin(p["buzzer"]))
    pico_w = "Pico W" in sys.implementation._machine or "Pico 2 W" in sys.implementation._machine
    battery = None if pico_w else Battery(ADC(p["vsys_adc"]))
    return DeviceBoard(display, buttons, ring=ring, pwm=pwm, battery=battery, go=True)
