"""The host board's `os` when SIM_RANDOM=SEED (netsim.py puts it in `os`'s place): the
unix port's own, with the board's random source seeded.

On a board os.urandom is the chip's random source, and each game's network gets a new
name and key from it (net.join). Here the PC is the board, so its random source is the
board's to choose: SIM_RANDOM=7 gives the same networks, game after game, run after run,
and so the same join screen (tools/phoneshots.py takes the docs' picture of it). The
firmware is not told. It costs the heap under test about 0.5 KB (a module, and `os`
through it), so it is asked for, never there by default: the figures and the margins of
make bench run without it.
"""

import os as _os

_state = [int(_os.getenv("SIM_RANDOM"))]


def urandom(n):
    """n bytes, each the top byte of a 64-bit linear congruential step (Knuth's MMIX)."""
    x = _state[0]
    out = bytearray(n)
    for i in range(n):
        x = (x * 6364136223846793005 + 1442695040888963407) & 0xFFFFFFFFFFFFFFFF
        out[i] = x >> 56
    _state[0] = x
    return bytes(out)


def __getattr__(name):  # the rest of `os`, the unix port's
    return getattr(_os, name)
