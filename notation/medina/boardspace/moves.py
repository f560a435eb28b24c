"""One Boardspace move text read into a plain move: its verb and what it names.

Boardspace writes a move as ``INDEX VERB ARGUMENTS``, such as ``12 Pick P A 2``,
``13 Dropb E 5`` or ``14 Done``; the index may be missing. Verbs are read without
regard to case, as Boardspace reads them. Every number is ASCII digits and bounded.
"""

from __future__ import annotations

from dataclasses import dataclass

from meridina.rules.numbers import read_number

from .fault import ConversionFault

LARGEST_INDEX = 999_999  # a move's index; a game has a few hundred moves
LARGEST_ROW = 9999  # a row, or Boardspace's stand-in numbers where no row is meant

# verb -> the arguments it takes: s supply, c column, r row
VERBS = {
    "start": "p",
    "pick": "scr",
    "drop": "scr",
    "pickb": "cr",
    "dropb": "cr",
    "onboard": "scrcr",
    "done": "",
    "pass": "",
    "resign": "",
    "gameoverontime": "",
    "edit": "",
}


@dataclass(frozen=True, slots=True)
class Move:
    """A move by the seat whose property holds it; ``line``/``column`` place its text."""

    seat: int
    verb: str  # lower case, one of VERBS
    text: str  # as written, for messages
    line: int
    column: int
    supply: str = ""  # the supply letter of pick, drop and onboard
    column_from: str = ""  # pick, drop, pickb, dropb: the cell or rack; onboard: the rack
    row_from: int = 0
    column_to: str = ""  # onboard: the destination
    row_to: int = 0
    player: int = -1  # start: the seat that moves first


def read_move(seat: int, text: str, line: int, column: int) -> Move:
    """The move ``text`` of ``seat``; what is not a Medina move is refused at its place."""
    shown = text.strip()
    if len(shown) > 60:
        shown = shown[:57] + "..."

    def fault(why: str) -> ConversionFault:
        return ConversionFault(f"move '{shown}': {why}", line, column)

    words = text.split()
    if words and words[0][:1].isdigit():
        if read_number(words[0], LARGEST_INDEX) is None:
            raise fault("its index is not a whole number up to 999999")
        words = words[1:]
    if not words:
        raise fault("it names no verb")
    verb = words[0].lower()
    needs = VERBS.get(verb)
    if needs is None:
        raise fault(f"'{words[0][:20]}' is not a Medina move this converter knows")
    arguments = words[1:]
    if len(arguments) < len(needs):
        raise fault(f"{words[0]} takes {len(needs)} arguments")
    player = -1
    supply = ""
    cells: list[tuple[str, int]] = []
    column_text = ""
    for need, word in zip(needs, arguments, strict=False):
        if need == "p":
            number = read_number(word[1:], 9) if word[:1] in "pP" else None
            if number is None:
                raise fault(f"'{word[:20]}' is not a seat such as P0")
            player = number
        elif need == "s":
            if len(word) != 1 or not word.isascii() or not word.isalpha():
                raise fault(f"'{word[:20]}' is not a supply letter")
            supply = word.upper()
        elif need == "c":
            if len(word) != 1 or not word.isascii() or not word.isalpha():
                raise fault(f"'{word[:20]}' is not a column letter")
            column_text = word.upper()
        else:
            number = read_number(word, LARGEST_ROW)
            if number is None:
                raise fault(f"'{word[:20]}' is not a whole number up to {LARGEST_ROW}")
            cells.append((column_text, number))
    cells += [("", 0)] * (2 - len(cells))
    (column_from, row_from), (column_to, row_to) = cells[0], cells[1]
    return Move(
        seat, verb, shown, line, column, supply, column_from, row_from, column_to, row_to, player
    )
