"""A converted Boardspace game written as a meridina record."""

from __future__ import annotations

from meridina.rules.medina.rule_sets import boardspace_rule_set
from meridina.rules.numbers import read_number

from ...writing import comment, tag_lines
from .draws import well_and_merchant
from .fault import ConversionFault
from .header import Header
from .idle import idle_turns
from .turns import Converted

NAME_KEEPS = "-_.'"
MONTHS = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")


def write(header: Header, converted: Converted, source: str) -> str:
    """The record of the game; ``source`` names the file in the record's comment."""
    turns = list(converted.turns)
    if header.edition == "1":
        start = _first_merchant(turns)
        setup = f"merchant {start}"
    else:
        if header.key is None:
            raise ConversionFault("a 2nd-edition game needs its random key in SU", 1, 1)
        well, merchant = well_and_merchant(header.key, header.players)
        setup = f"well {well}; merchant {merchant}"
    order = [(converted.first_seat + n) % header.players for n in range(header.players)]
    players = "; ".join(_player(header, seat) for seat in order)
    tags = [("Game", "Medina"), ("Edition", header.edition), ("Site", "Boardspace")]
    date = " ".join("".join(c if c.isprintable() else " " for c in header.date).split())
    if date:
        tags.append(("Date", _iso_date(date) or date[:40]))
    tags.append(("Players", players))
    if header.edition == "2":
        options = ["well", "tea", "tower-merchants"]
        if header.players <= 3:
            options.append("neutral-roofs")  # Boardspace gives 2 and 3 players neutral roofs
        tags.append(("Options", ", ".join(options)))
    tags += [("Setup", setup), ("Rulings", f"set={boardspace_rule_set(header.revision)}")]
    notes = [_origin(header, source), *_ending(header, converted)]
    bodies = [_body(header, seat, words) for seat, words in turns]
    idle = idle_turns(_text(tags, notes, bodies))
    if idle:
        notes.append(
            f"{len(idle)} empty turn(s) of players with no piece left, which Boardspace "
            "logs and meridina skips, are left out."
        )
        bodies = [body for index, body in enumerate(bodies) if index not in idle]
    return _text(tags, notes, bodies)


def _iso_date(date: str) -> str | None:
    """Boardspace's ``Mar 3 2019`` as ``2019-03-03``, the way records write dates; None for
    any other shape, which is then kept as written."""
    words = date.split()
    if len(words) != 3 or words[0][:3].lower() not in MONTHS:
        return None
    day, year = read_number(words[1]), read_number(words[2])
    if day is None or year is None or not (1 <= day <= 31 and 1000 <= year <= 9999):
        return None
    return f"{year}-{MONTHS.index(words[0][:3].lower()) + 1:02}-{day:02}"


def _text(tags: list[tuple[str, str]], notes: list[str], bodies: list[str]) -> str:
    lines = [*tag_lines(tags), *(comment(note) for note in notes), ""]
    lines += [f"{number}. {body}" for number, body in enumerate(bodies, start=1)]
    return "\n".join(lines).rstrip() + "\n"


def _first_merchant(turns: list[tuple[int, list[str]]]) -> str:
    """The 1st edition's first merchant: the first player's first piece, taken from turn 1."""
    if not turns or not turns[0][1] or not turns[0][1][0].startswith("merchant@"):
        raise ConversionFault(
            "the first piece of a 1st-edition game must be the starting merchant", 1, 1
        )
    seat, words = turns[0]
    turns[0] = (seat, words[1:])
    return words[0].split("@", 1)[1]


def _player(header: Header, seat: int) -> str:
    name = "".join(c if c.isalnum() or c in NAME_KEEPS else "_" for c in header.names[seat])
    return f"{name[:40]} {header.colours[seat]}".strip()


def _body(header: Header, seat: int, words: list[str]) -> str:
    return " ".join([header.colours[seat], *(words or ["pass"])])


def _origin(header: Header, source: str) -> str:
    key = "" if header.key is None else f", random key {header.key}"
    return (
        f"Converted from the Boardspace game file {source}: variation {header.variation}, "
        f"engine revision {header.revision}, {header.players} players{key}."
    )


def _ending(header: Header, converted: Converted) -> list[str]:
    notes = []
    if converted.ending:
        who = header.colours[converted.ended_by]
        how = "resigned" if converted.ending == "resigned" else "ran out of time"
        notes.append(f"The game stopped when {who} {how}.")
    if converted.unconfirmed:
        notes.append(
            f"The last turn was never ended with Done; its {converted.unconfirmed} "
            "placement(s) are left out."
        )
    return notes
