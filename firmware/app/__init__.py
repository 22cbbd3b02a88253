"""The pure core of the device: button decoding, screens and controllers (no hardware)."""
