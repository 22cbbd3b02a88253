# The join screen's QR codes made a step at a time (net/qr.py packed): the same symbol as
# the eight masks tried whole, with the loop let in between: after the data codewords,
# their error correction and the fixed patterns, and after each third of each mask's
# penalty. What lasts the whole making is made in one step, in one piece: the requests
# served between the steps would otherwise cut the heap up around it (the phones' margin).
from net import qr

WIFI = "WIFI:T:WPA;S:Scanner-7F3A;P:dance-owl-42;;"


class Loop:
    """asyncio as packed sees it, each sleep a yield to whoever runs it (steps)."""

    @staticmethod
    def sleep_ms(ms):
        yield ms


qr.asyncio = Loop


def steps(coro):
    """Runs a coroutine by hand: (its result, how many times it let the loop in)."""
    n = 0
    try:
        while True:
            coro.send(None)
            n += 1
    except StopIteration as e:
        return e.value, n


def bits_of(code):
    modules = code.modules
    out = bytearray((len(modules) + 7) >> 3)
    for at in range(len(modules)):
        if modules[at] & 1:
            out[at >> 3] |= 1 << (at & 7)
    return out


def test_packed_is_the_best_of_the_eight_masks_tried_whole():
    for text in (WIFI, "http://192.168.4.1/", "x"):
        best = None
        for score, mask, code in qr.candidates(text):
            if best is None or score < best[0]:
                best = (score, mask, code.size, bits_of(code))
        (size, bits), _ = steps(qr.packed(text, lambda: True))
        assert (size, bits) == (best[2], best[3]), (text, best[1])


def test_packed_lets_the_loop_in_between_the_symbol_s_parts_and_each_third_of_a_mask():
    (size, _), n = steps(qr.packed(WIFI, lambda: True))
    assert n == 3 + 8 * 3, n


def test_packed_stops_when_what_it_was_for_has_gone():
    looks = [0]

    def still():
        looks[0] += 1
        return looks[0] < 3

    result, _ = steps(qr.packed(WIFI, still))
    assert result is None and looks[0] == 3
