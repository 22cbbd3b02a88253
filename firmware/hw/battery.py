"""Battery voltage from the ADC, as integer millivolts (no floats on the Pico).

A Pico reads VSYS through a 3:1 divider on GP29 (ADC3). read_u16() spans 0-65535 for
0-3.3 V, so millivolts = raw * 3300 * 3 / 65535."""


class Battery:
    def __init__(self, adc, divider=3, vref_mv=3300):
        self.adc = adc
        self.scale = divider * vref_mv

    def millivolts(self):
        return self.adc.read_u16() * self.scale // 65535
