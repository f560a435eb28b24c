"""Game summaries made by hand, for the tests of ratings and statistics: each game given as
its players best first, with their ranks and points."""

from __future__ import annotations

from collections.abc import Sequence

from meridina.tools.summaries import PLAYED_OUT, GameStanding, GameSummary, Placing


def made(
    ranked: Sequence[tuple[str, int, int]],
    *,
    number: int = 1,
    file: str = "club.mrec",
    title: str = "Medina",
    edition: str | None = "2",
    date: str | None = None,
    identity: str | None = None,
    seats: Sequence[str] | None = None,
    valid: bool = True,
    finished: bool = True,
) -> GameSummary:
    """A scored game: ``ranked`` players (name, rank, points) best first; ``seats`` the
    names in seat order (default: the order given)."""
    seated = list(seats if seats is not None else [name for name, _, _ in ranked])
    free = list(enumerate(seated, 1))
    placings = []
    for name, rank, points in ranked:
        index = next(i for i, (_, held) in enumerate(free) if held == name)
        placings.append(Placing(name, free.pop(index)[0], rank, points))
    flaws = (() if valid else ("1 problem",)) + (() if finished else ("not finished",))
    return GameSummary(
        file,
        number,
        number * 10,
        title,
        edition,
        (("Date", date),) if date is not None else (),
        tuple(seated),
        tuple(placings),
        valid,
        finished,
        PLAYED_OUT,
        (),
        identity if identity is not None else f"{file}#{number}",
        GameStanding(title, edition, tuple(ranked), None, flaws),
    )
