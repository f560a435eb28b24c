"""A fault of the notation as a cheap value, worded only when it is shown.

Reading a record finds its notation faults (REC-...) as it goes, many in a spoilt file. A
``Slip`` keeps the function that words the fault and the facts it needs; the sentence is made
when a ``Problem``'s ``message`` is first read, so a fault dropped by ``--select``/``--ignore``
is never worded. A wording function is a module-level function: a slip travels to other
processes by pickling, which names it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple


class Slip(NamedTuple):
    """A notation fault's sentence, not made yet: the function that words it and its facts."""

    say: Callable[..., str]
    facts: tuple[Any, ...]

    def words(self) -> str:
        return self.say(*self.facts)


def later(say: Callable[..., str], *facts: Any) -> Slip:
    """The sentence ``say(*facts)``, made when it is shown."""
    return Slip(say, facts)
