# tools/budget.py's estimate of a game's start on a Pico gives back the three starts it was
# fitted to: the firmware at 753ea9f on MicroPython's rp2 firmware, on an emulated RP2040
# (issue 32), against its work on the unix port (ms, at a menu redraw of 0.45 ms) and its
# file reads.
from tools.budget import pico_bytecode_s, pico_start_s

REDRAW_MS = 0.45
MEASURED = (  # (unix ms, file reads, seconds on a Pico): Say When!, Stay Cool, Scattergories
    (8.94, 1207, 2.1),
    (5.87, 125, 0.93),
    (4.15, 27, 0.595),
)


def test_the_pico_estimate_gives_back_the_starts_it_was_fitted_to():
    for ms, reads, pico in MEASURED:
        assert abs(pico_start_s(ms / REDRAW_MS, reads) - pico) < 0.03 * pico, (ms, pico)


# The QR code's steps of the firmware at 753ea9f: 230 to 384 ms on the emulated RP2040
# (issue 32), 3.49 menu redraws at their longest and 1.62 at their shortest on the unix
# port. The estimate is the longer of the two ratios: neither step comes out shorter.
QR_STEPS = ((1.62, 0.230), (3.49, 0.384))


def test_the_bytecode_estimate_is_no_shorter_than_the_qr_steps_it_was_taken_from():
    for redraws, pico in QR_STEPS:
        assert pico <= pico_bytecode_s(redraws) < 1.3 * pico, (redraws, pico)
