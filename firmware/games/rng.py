"""A small seeded random generator that gives one sequence everywhere.

xorshift32, kept to 32 bits with masks, so one seed gives the same numbers on a 32-bit
Pico, the 64-bit unix port and CPython (`random` differs between them, and is absent
from some builds). Its whole state is one int, saved with a game so that a resumed game
goes on exactly as it would have.
"""

# Not const(): it would not be a small int on the 32-bit Pico.
_MASK32 = 0xFFFFFFFF
_GOLDEN = 0x9E3779B9  # odd, so multiplying by it mixes a small seed into all 32 bits
_OFFSET = 0x6A09E667  # moves the one seed that would mix to 0 far from small seeds


class Rng:
    def __init__(self, seed=0, state=None):
        if state is None:
            state = ((seed & _MASK32) * _GOLDEN + _OFFSET) & _MASK32
        self.state = state or _GOLDEN  # xorshift never leaves 0, so 0 is not a valid state

    def next32(self):
        x = self.state
        x ^= (x << 13) & _MASK32
        x ^= x >> 17
        x ^= (x << 5) & _MASK32
        self.state = x
        return x

    def below(self, n):
        """A number in 0..n-1, from the high bits (xorshift's low bits are the weakest)."""
        return (self.next32() * n) >> 32
