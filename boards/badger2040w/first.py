"""The Badger's first steps at power-on, run by boot.py before anything slow (the names,
the firmware): on battery the board stays on only while ENABLE_3V3 (GP10) is high, and
the press that switched it on may be let go at any moment. On the Pico build GP10 is the
display's clock, so only this board has the step.

Then the PCF85063A clock chip, set up as Pimoroni's firmware does at every boot
(firmware/modules/wakeup/wakeup.cpp, lib/badger2040.py in pimoroni/badger2040): its alarm
line powers the board too (an alarm is how Badger OS wakes it), so an alarm or a timer
left by Badger OS would keep the board on after power_off(). Its registers, from the
datasheet: Control_1 0x00 (bit 5 STOP, 2 CIE), Control_2 0x01 (bit 7 AIE, 6 AF, 5 MI,
4 HMI, 3 TF, 2-0 COF: 0b111 CLKOUT off), Timer_mode 0x11 (bit 1 TIE, 0 TI_TP); a flag
is cleared by writing 0 to it. The time and the alarm settings are not touched: no
software reset (Control_1 = 0x58) as Pimoroni's driver does first, whose reset() then
writes the seconds register to clear the oscillator-stop flag.

A chip that does not answer raises OSError: start.py prints it and the boot goes on.
"""

from micropython import const

from board import PINS, hold_power

hold_power()

_RTC = const(0x51)  # its I2C address
_CONTROL_1 = const(0x00)
_CONTROL_2 = const(0x01)
_TIMER_MODE = const(0x11)

from machine import I2C, Pin  # noqa: E402 - after the power is held

# wakeup.cpp: I2C0 at 100 kHz, Control_2 = 0b111 (AF and TF cleared, AIE, MI and HMI off,
# CLKOUT off). badger2040.py: Control_1 = 0 (the clock runs, no correction pulses on the
# alarm line), and in Timer_mode TIE and TI_TP off (its enable_timer_interrupt(False)).
i2c = I2C(0, scl=Pin(PINS["i2c_scl"]), sda=Pin(PINS["i2c_sda"]), freq=100_000)
i2c.writeto_mem(_RTC, _CONTROL_1, b"\x00")
i2c.writeto_mem(_RTC, _CONTROL_2, b"\x07")
mode = i2c.readfrom_mem(_RTC, _TIMER_MODE, 1)[0]
i2c.writeto_mem(_RTC, _TIMER_MODE, bytes((mode & 0xFC,)))
