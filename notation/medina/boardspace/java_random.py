"""Java's ``java.util.Random``, bit for bit: the 48-bit linear congruential generator.

Boardspace draws a 2nd-edition game's well and first merchant from the game's random key
with this generator, so the same key must give the same fields here as it gave there.
"""

from __future__ import annotations

MULTIPLIER = 0x5DEECE66D
ADDEND = 0xB
MASK = (1 << 48) - 1


def _signed32(value: int) -> int:
    """The Java ``int`` with the low 32 bits of ``value``."""
    value &= 0xFFFFFFFF
    return value - (1 << 32) if value & 0x80000000 else value


class JavaRandom:
    """``new java.util.Random(seed)`` and the draws Boardspace makes of it."""

    __slots__ = ("_seed",)

    def __init__(self, seed: int) -> None:
        # the seed is a Java long: its low 64 bits, of which the generator keeps 48
        self._seed = (seed ^ MULTIPLIER) & MASK

    def next_bits(self, bits: int) -> int:
        """``next(bits)``: the top ``bits`` of the new 48-bit state, as a Java int."""
        self._seed = (self._seed * MULTIPLIER + ADDEND) & MASK
        return _signed32(self._seed >> (48 - bits))

    def next_int(self) -> int:
        """``nextInt()``: 32 random bits as a signed int."""
        return self.next_bits(32)

    def next_int_below(self, bound: int) -> int:
        """``nextInt(bound)``: 0 <= value < bound, with Java's rejection of the uneven top."""
        if bound <= 0:
            raise ValueError("bound must be positive")
        r = self.next_bits(31)
        m = bound - 1
        if bound & m == 0:  # a power of two: the high bits
            return (bound * r) >> 31
        u = r
        r = u % bound
        while _signed32(u - r + m) < 0:  # Java's int overflow rejects the last partial range
            u = self.next_bits(31)
            r = u % bound
        return r

    def next_long(self) -> int:
        """``nextLong()``: two draws of 32 bits, as Java adds them (a signed 64-bit value)."""
        value = (self.next_bits(32) << 32) + self.next_bits(32)
        value &= (1 << 64) - 1
        return value - (1 << 64) if value >> 63 else value
