"""Drivers: built from already-constructed SPI/Pin/PWM objects; nothing touches a pin at
import time, so every driver imports and is tested on the PC against fakes."""
