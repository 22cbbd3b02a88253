"""The Pimoroni Badger 2040 W: a Pico W on a badge with a 2.9" UC8151 e-ink, five buttons
(A, B, C under the screen, UP and DOWN beside it), a white LED and a power latch.
Parts, pins and a diagram: README.md beside this file.

No ring, no buzzer, no GO button: the core shows time on the e-ink in coarse steps, the
LED plays the tunes as blinks, B stands in for GO. On battery the board is on only while
ENABLE_3V3 is high (a front button powers it while held), so `hold_power()` raises that
pin first thing at boot (main.py calls it before anything else, and `build()` again),
and `power_off()` drops it: the e-ink keeps its picture and a button starts the firmware
afresh. On USB the board stays on, and the next press raises the pin again. Whether it is
on USB is the Pico W's VBUS sense, the radio chip's WL_GPIO2 (`usb_power()`), not VSYS:
three fresh AAA cells give more than 4.5 V too. first.py also sets up the PCF85063A clock
chip at boot, whose alarm would otherwise hold the power on (that file says how).

`machine` and the drivers are imported inside the functions only, so this module imports
on a PC and costs nothing before the power is held.
"""

# Every GPIO the firmware touches, once. The Badger 2040 W is a Pico W on a carrier:
# GP23, GP24, GP25 and GP29 are inside the Pico W module, wired to its radio (GP24 is the
# radio's data line, not a VBUS sense as on the older Badger 2040, and MicroPython keeps
# it reserved): only GP25 and GP29 are used, for VSYS. GP4/GP5 (Qw/ST) are the I2C bus of
# the clock chip, used once at boot (first.py).
PINS = {
    "i2c_sda": 4,  # I2C0 to the PCF85063A clock chip (address 0x51), at boot only
    "i2c_scl": 5,
    "enable_3v3": 10,  # power latch: high keeps the board on when on battery
    "down": 11,  # the five buttons: pull-down, 1 = pressed
    "a": 12,
    "b": 13,
    "c": 14,
    "up": 15,
    "epd_cs": 17,  # e-ink on SPI0 (which also claims GP16 as MISO, unused on the Badger)
    "epd_sck": 18,
    "epd_mosi": 19,
    "epd_dc": 20,
    "epd_rst": 21,
    "led": 22,  # the white LED: 1 = on
    "wl_cs": 25,  # the radio's chip select, held high so that GP29 reads VSYS
    "epd_busy": 26,  # 0 = busy
    "vsys": 29,  # ADC3: VSYS through the Pico W's 200k/100k divider
    "vbus": "WL_GPIO2",  # the radio chip's GPIO 2: 1 = on USB power (the Pico W's VBUS sense)
}
SPI_ID = 0
# A Pico W inside: the phones' network (firmware/net) goes onto it (tools/flash.py).
WIFI = True
SPI_BAUD = 12_000_000  # as in Pimoroni's UC8151 driver
BUTTONS = ("a", "b", "c", "up", "down")  # the debouncer's order: bit 0 = A ... bit 4 = DOWN
SAFE_MODE = ("a", "c")  # held together at power-on: maintenance boot (Badger OS's escape)


def hold_power():
    """Raises ENABLE_3V3 and lights the LED (the button that woke the board may now be let
    go); returns both pins. Each is made an output already high: the latch never sees a
    low glitch, even when this runs a second time."""
    from machine import Pin

    enable = Pin(PINS["enable_3v3"], Pin.OUT, value=1)
    return enable, Pin(PINS["led"], Pin.OUT, value=1)


def held_at_boot():
    """Whether A and C are both held now (a single button is how the board is powered on,
    so that cannot be the safe-mode sign)."""
    from machine import Pin

    return all(Pin(PINS[n], Pin.IN, Pin.PULL_DOWN).value() for n in SAFE_MODE)


def _badger(DeviceBoard):
    class BadgerBoard(DeviceBoard):
        """DeviceBoard (the shell's interface) with the Badger's power latch. The press
        that powered the board on is no game input: it went down before the buttons'
        interrupts were set up, so they latch no edge of it (hw/buttons.py), and its
        release alone is no press."""

        def __init__(self, enable, *args, **kw):
            super().__init__(*args, **kw)
            self._enable = enable
            self._off = False
            self.buzzer.play("start", 2, self._now())  # the LED says: running

        def button_edges(self):
            edges = self._buttons.edges
            if edges.head != edges.tail and self._off:  # on USB power_off() leaves it
                self.power_on()  # running: a press holds the power again
            return edges

        def power_off(self):
            """Drops ENABLE_3V3: on battery the board goes dark at once (call it after the
            last show() has returned, so the glass holds a whole picture). On USB it runs
            on until the next press, which holds the power again."""
            self.buzzer.silence()
            self._off = True
            self._enable(0)

        def sleep(self):
            """Idle sleep the Badger's way: switched off. On battery the next press boots
            it, and the marker main.py reads takes it straight back into the saved game;
            on USB it stays on, so it waits for a press (and the marker goes)."""
            import os

            from shell import RESUME_FILE

            try:
                open(RESUME_FILE, "w").close()
            except OSError:
                pass
            self.power_off()
            self.sleep_until_press()
            self.power_on()
            try:
                os.remove(RESUME_FILE)
            except OSError:
                pass

        def power_on(self):
            self._enable(1)
            self._off = False

        def usb_power(self):
            """1 on USB power (net.phones reads it once, at boot). The read goes through
            the radio chip, whose driver leaves GP29 to its SPI clock, with a pull-down
            (pico-sdk's cyw43_bus_pio_spi.c): until the radio is started, GP29 is given
            back to the ADC, which reads VSYS."""
            from machine import ADC, Pin

            level = self._vbus()
            if not self.wifi.used:
                self.battery.adc = ADC(Pin(PINS["vsys"]))
            return level

        def battery_mv(self):
            # Once the radio has started, GP29 is its clock: VSYS cannot be read any more
            # (the reading would be noise, and the Wi-Fi would suffer).
            return None if self.wifi.used else super().battery_mv()

        @staticmethod
        def _now():
            import time

            import ticks

            return time.ticks_ms() & ticks.MASK

    return BadgerBoard


def build():
    enable, led = hold_power()  # first, before anything slow
    from machine import ADC, SPI, Pin

    p = PINS
    buttons = [Pin(p[n], Pin.IN, Pin.PULL_DOWN) for n in BUTTONS]
    spi = SPI(SPI_ID, baudrate=SPI_BAUD, sck=Pin(p["epd_sck"]), mosi=Pin(p["epd_mosi"]))
    cs = Pin(p["epd_cs"], Pin.OUT, value=1)
    dc = Pin(p["epd_dc"], Pin.OUT, value=0)
    rst = Pin(p["epd_rst"], Pin.OUT, value=1)
    busy = Pin(p["epd_busy"], Pin.IN, Pin.PULL_UP)
    Pin(p["wl_cs"], Pin.OUT, value=1)  # the radio deselected: it would load the divider
    vsys = ADC(Pin(p["vsys"]))
    vbus = Pin(p["vbus"], Pin.IN)  # read through the radio chip: only when asked

    from hw.battery import Battery
    from hw.buttons import PinButtons
    from hw.device import DeviceBoard
    from hw.uc8151 import UC8151
    from hw.wifi import AccessPoint

    board = _badger(DeviceBoard)(
        enable,
        UC8151(spi, cs, dc, rst, busy),
        PinButtons(buttons, active_low=False),
        led=led,
        battery=Battery(vsys),  # VSYS/3 on GP29: mV = read_u16() * 3 * 3300 // 65535
        go=False,
    )
    board.wifi = AccessPoint()
    board._vbus = vbus.value
    return board
