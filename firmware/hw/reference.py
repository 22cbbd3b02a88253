"""The reference build's parts (boards/pico-epaper29, and boards/picow-epaper29 on a Pico
W): a Waveshare Pico-ePaper-2.9 on SPI1, five buttons and GO to GND, a piezo on PWM and a
16-LED ring, from a board's pin map. One constructor, so the two boards differ only in
what they say they differ in: the battery reading and the Wi-Fi."""


def build(pins, spi_baud, battery):
    import neopixel
    from machine import PWM, SPI, Pin

    from hw.buttons import PinButtons
    from hw.device import DeviceBoard
    from hw.ring import Ring
    from hw.ssd1680 import SSD1680

    p = pins
    spi = SPI(
        1,
        baudrate=spi_baud,
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
    return DeviceBoard(display, buttons, ring=ring, pwm=pwm, battery=battery, go=True)
