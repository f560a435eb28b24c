"""A fault of the notation as a cheap value, worded only when it is shown; and the one
function that gives each notation code (REC-0 to REC-5) to its faults.

Reading a record finds its notation faults as it goes, many in a spoilt file. A ``Slip``
keeps the function that words the fault and the facts it needs; the sentence is made when a
``Problem``'s ``message`` is first read, so a fault dropped by ``--select``/``--ignore`` is
never worded. A wording function is a module-level function: a slip travels to other
processes by pickling, which names it. A sentence that needs no work is given ready.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from meridina.rules.codes import REC_0, REC_1, REC_2, REC_3, REC_4, REC_5
from meridina.rules.common import Fix, Place, Problem, Worded
from meridina.rules.rule_home import gives, words

Said = str | Worded  # a sentence, or a fault that makes it when shown


class Slip(NamedTuple):
    """A notation fault's sentence, not made yet: the function that words it and its facts."""

    say: Callable[..., str]
    facts: tuple[object, ...]

    @words(REC_0, REC_1, REC_2, REC_3, REC_4, REC_5)
    def words(self) -> str:
        return self.say(*self.facts)


def later(say: Callable[..., str], *facts: object) -> Slip:
    """The sentence ``say(*facts)``, made when it is shown."""
    return Slip(say, facts)


@gives(REC_0)
def unreadable_text(
    said: Said, at: Place | None = None, warning: bool = False, fix: Fix | None = None
) -> Problem:
    """A fault of the file as text (REC-0): not UTF-8, a NUL byte, a line too long."""
    return Problem(REC_0, said, at, warning, fix)


@gives(REC_1)
def syntax_fault(
    said: Said, at: Place | None = None, warning: bool = False, fix: Fix | None = None
) -> Problem:
    """A fault of the record's syntax (REC-1): text that fits no tag, turn or comment."""
    return Problem(REC_1, said, at, warning, fix)


@gives(REC_2)
def tag_fault(
    said: Said, at: Place | None = None, warning: bool = False, fix: Fix | None = None
) -> Problem:
    """A fault of a header tag (REC-2): missing, unknown, given twice or misread."""
    return Problem(REC_2, said, at, warning, fix)


@gives(REC_3)
def turn_fault(
    said: Said, at: Place | None = None, warning: bool = False, fix: Fix | None = None
) -> Problem:
    """A turn written wrongly (REC-3)."""
    return Problem(REC_3, said, at, warning, fix)


@gives(REC_4)
def numbering_fault(
    said: Said, at: Place | None = None, warning: bool = False, fix: Fix | None = None
) -> Problem:
    """A turn number that does not follow on by one (REC-4)."""
    return Problem(REC_4, said, at, warning, fix)


@gives(REC_5)
def position_fault(
    said: Said, at: Place | None = None, warning: bool = False, fix: Fix | None = None
) -> Problem:
    """A position entry written wrongly (REC-5)."""
    return Problem(REC_5, said, at, warning, fix)


def given_twice(name: str, seen: set[str], at: Place | None, problems: list[Problem]) -> bool:
    """Whether a fact of a position (``orange's hand``, ``next:``) is given a second time;
    if so its REC-5 problem is added to ``problems``: the second would replace the first
    unsaid. ``seen``: the facts given so far."""
    if name not in seen:
        seen.add(name)
        return False
    problems.append(position_fault(later(_given_twice, name), at))
    return True


def _given_twice(name: str) -> str:
    return f"{name} is given twice in the position: keep one of the two"
