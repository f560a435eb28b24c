"""The recorder's ``legal``: legal turns grouped into ranges, ``legal --all`` word for word."""

from __future__ import annotations

import re
from pathlib import Path

from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st
from meridina.cli.formats.legal_listing import DASH, field_runs, grouped_ends, ranges
from meridina.cli.main import cli

FOUR = "Ann orange; Ben black; Cy grey; Di brown"


def record(tmp_path: Path, *args: str, lines: list[str]) -> list[str]:
    """What ``record`` says to LINES, writing a new record of its own in ``tmp_path``."""
    text = "".join(f"{line}\n" for line in lines)
    target = tmp_path / f"g{len(list(tmp_path.iterdir()))}.mrec"
    result = CliRunner().invoke(cli, ["record", "-o", str(target), *args], input=text)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.stdout.splitlines()


def meridian(tmp_path: Path, *lines: str) -> list[str]:
    return record(tmp_path, "--game", "meridian", "--players", FOUR, lines=list(lines))


def medina(tmp_path: Path, *lines: str) -> list[str]:
    args = ["--game", "medina", "--edition", "2", "--players", "Ann red; Ben blue; Cy green"]
    return record(tmp_path, *args, "--setup", "well H6; merchant K4", lines=list(lines))


def numbers(text: str) -> set[int]:
    """``1-3, 5`` back to ``{1, 2, 3, 5}``."""
    found: set[int] = set()
    for part in text.split(", "):
        low, _, high = part.partition(DASH)
        found.update(range(int(low), int(high or low) + 1))
    return found


def towers(grouped: str) -> tuple[list[str], set[tuple[int, int]]]:
    """A grouped line's other words and every (height, city) it allows."""
    words: list[str] = []
    pairs: set[tuple[int, int]] = set()
    for part in grouped.split("; "):
        tower = re.fullmatch(r"(.+) high @ (.+)", part)
        if tower is None:
            words.append(part)
        else:
            pairs |= {(h, c) for h in numbers(tower[1]) for c in numbers(tower[2])}
    return words, pairs


def fields(grouped: str) -> set[str]:
    """``B-D on rows 2-3; F on row 5`` back to its fields."""
    if " on row" not in grouped:  # listed as they are
        return set(grouped.split())
    found: set[str] = set()
    for part in grouped.split("; "):
        columns, _, rows = re.sub(r" on rows? ", "|", part).partition("|")
        for run in columns.split(", "):
            first, _, last = run.partition(DASH)
            letters = [chr(c) for c in range(ord(first), ord(last or first) + 1)]
            found |= {f"{letter}{row}" for letter in letters for row in numbers(rows)}
    return found


def test_one_meridian_card_is_one_short_line(tmp_path: Path) -> None:
    said = meridian(tmp_path, "orange 7: 3@2", "legal black 7:")
    assert said[0] == f"black 7: pass; 1{DASH}2 high @ 1{DASH}2; 4{DASH}20 high @ 2{DASH}5"
    assert said[1] == "('legal --all [WORDS]' lists every turn in full)"


def test_grouped_and_full_meridian_listings_hold_the_same_turns(tmp_path: Path) -> None:
    grouped = meridian(tmp_path, "orange 7: 3@2", "legal black")
    full = meridian(tmp_path, "orange 7: 3@2", "legal --all black")
    leads = {line.split(": ")[0] for line in full if line.startswith("black ")}
    assert len(leads) == 20
    for lead in leads:
        short = next(line for line in grouped if line.startswith(f"{lead}: "))
        whole = next(line for line in full if line.startswith(f"{lead}: "))
        ends = whole.removeprefix(f"{lead}: ").split(" | ")
        words, pairs = towers(short.removeprefix(f"{lead}: "))
        assert words == [e for e in ends if "@" not in e]
        assert pairs == {tuple(map(int, e.split("@"))) for e in ends if "@" in e}
    # Numbers in their order: card 2 before card 10.
    singles = [line.split(":")[0] for line in grouped if re.match(r"black \d+:", line)]
    assert singles == [f"black {n}" for n in range(1, 11)]


def test_medina_fields_are_runs_per_row(tmp_path: Path) -> None:
    said = medina(tmp_path, "legal")
    grey = next(line for line in said if line.startswith("  grey@ "))
    assert grey == (
        f"  grey@ B{DASH}Q on rows 2{DASH}3, 8{DASH}12; B{DASH}F, J{DASH}Q on rows 5{DASH}7; "
        f"B{DASH}J, L{DASH}Q on row 4"
    )
    assert "  merchant@ K5 J4 L4 K3" in said  # a few fields: as they are
    full = medina(tmp_path, "legal --all")
    every = next(line for line in full if line.startswith("  grey@ ")).split()[1:]
    assert fields(grey.removeprefix("  grey@ ")) == set(every)
    assert "('legal --all [WORDS]' lists every turn in full)" in said
    assert "('legal --all [WORDS]' lists every turn in full)" not in full


@given(st.sets(st.integers(1, 40), min_size=1))
def test_ranges_say_every_number_once(found: set[int]) -> None:
    assert numbers(ranges(found)) == found


@given(
    st.sets(st.tuples(st.integers(1, 20), st.integers(1, 5)), max_size=60),
    st.sampled_from([[], ["pass"], ["stuck"], ["pass", "x"]]),
)
def test_meridian_ends_keep_every_turn(pairs: set[tuple[int, int]], words: list[str]) -> None:
    ends = [*words, *(f"{h}@{c}" for h, c in sorted(pairs))]
    if not ends:
        return
    assert towers(grouped_ends(ends)) == (words, pairs)


@given(st.sets(st.tuples(st.sampled_from("BCDEFGHIJKLMNOPQ"), st.integers(2, 12)), min_size=1))
def test_medina_fields_keep_every_field_and_are_never_longer(cells: set[tuple[str, int]]) -> None:
    names = [f"{letter}{row}" for letter, row in sorted(cells, key=lambda c: (-c[1], c[0]))]
    said = field_runs(names)
    assert fields(said) == set(names)
    assert len(said) <= len(" ".join(names))
