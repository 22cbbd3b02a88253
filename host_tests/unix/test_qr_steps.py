# The join screen's QR codes made a step at a time (net/qr.py packed), the loop let in
# between: the same symbol as encode makes at once. What lasts the whole making is made
# in the first step, in one piece (the requests served between the steps would otherwise
# cut the heap up around it: the phones' margin), and no step after it allocates, so
# that no collection lands in one (a collection at a game's start scans the game's heap).
import gc

from stepped import Steps

from net import qr

WIFI = "WIFI:T:WPA;S:Scanner-7F3A;P:dance-owl-42;;"
TEXTS = (WIFI, "http://192.168.4.1/", "x")

qr.asyncio = Steps()


def steps(coro):
    """Runs a coroutine by hand, the collector held back: (its result, the bytes each step
    allocated, the last the step that returned)."""
    heap = []
    gc.collect()
    gc.disable()
    try:
        while True:
            before = gc.mem_alloc()
            try:
                coro.send(None)
            except StopIteration as e:
                heap.append(gc.mem_alloc() - before)
                return e.value, heap
            heap.append(gc.mem_alloc() - before)
    finally:
        gc.enable()


def test_packed_is_the_symbol_encode_makes():
    for text in TEXTS:
        (size, rows), _ = steps(qr.packed(text, lambda: True))
        code = qr.encode(text)
        assert size == code.size and rows == code.rows, text


def test_packed_lets_the_loop_in_between_the_parts_of_the_symbol():
    _, heap = steps(qr.packed(WIFI, lambda: True))
    # A version 3 at M: 44 data codewords in one block, 26 of error correction, 29
    # modules a side. The loop comes in after the data codewords, the divisor, each 18
    # codewords divided (480 // 26) and the block's end, each finder, each three pairs of
    # the 14 pairs of columns the codewords fill, each mask twice, and the mask chosen.
    assert len(heap) - 1 == 1 + 1 + 3 + 3 + 5 + 8 * 2 + 1, len(heap)


def test_no_step_after_the_first_allocates():
    for text in TEXTS:
        _, heap = steps(qr.packed(text, lambda: True))
        assert heap[0] > 500, heap  # the buffers, made together
        # (A coroutine a step, as once, was 96 bytes each on this port; the first resumed
        # generator's frame may take a few bytes, the result its tuple.)
        assert sum(heap[1:-1]) <= 64, (text, heap)


def test_packed_stops_when_what_it_was_for_has_gone():
    looks = [0]

    def still():
        looks[0] += 1
        return looks[0] < 3

    result, _ = steps(qr.packed(WIFI, still))
    assert result is None and looks[0] == 3
