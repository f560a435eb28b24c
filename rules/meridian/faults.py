"""A broken Meridian rule as a value, which puts itself into words only when shown.

A rule's decider returns a ``Fault`` or None. Each rule has fault classes of its own, with
the facts its message needs as named fields, beside its decider: in the rule's class when a
rule is asked in several ways, else a class marked as the rule's wording. A fault's
``words`` makes the sentence; nothing makes it before a message is shown.
"""

from __future__ import annotations

from typing import ClassVar

from meridina.rules.codes import RuleCode


class Fault:
    """A broken rule. ``taking_off``: the turn's take-off broke it (its message is placed
    there).

    The faults of each rule are slotted dataclasses, not frozen ones, which cost about
    three times as much to make: the search for an open take-off or build makes many.
    Nothing changes a fault once made.
    """

    __slots__ = ()

    rule: ClassVar[RuleCode]
    taking_off: ClassVar[bool] = False

    def words(self, meridian: int, colour: str, who: str) -> str:
        """The fault in a player's words, on ``meridian``; ``colour`` is the mover's and
        ``who`` names its player."""
        raise NotImplementedError


def word(fault: Fault, meridian: int, colour: str = "", who: str = "") -> str:
    """``fault`` in a player's words (see ``Fault.words``)."""
    return fault.words(meridian, colour, who)


class FaultSentence:
    """A fault with what its sentence needs (the meridian, the mover's colour and player),
    worded only when its problem's message is read: a problem ``--ignore`` drops never is."""

    __slots__ = ("colour", "fault", "meridian", "who")

    def __init__(self, fault: Fault, meridian: int, colour: str, who: str) -> None:
        self.fault = fault
        self.meridian = meridian
        self.colour = colour
        self.who = who

    def words(self) -> str:
        return word(self.fault, self.meridian, self.colour, self.who)
