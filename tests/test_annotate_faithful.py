"""annotate never changes what a record says: the same verdict and problems, and a fixed point.

Its own notes are the only thing it adds; everything the checker finds in a record, it
finds again, word for word, in the annotated record, and annotating that changes nothing.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest
from hostile import run
from hostile_fragments import FRAGMENTS, HEADERS
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from meridina.notation.driver import check_file
from meridina.notation.reader import UnreadableInput
from meridina.notation.splitter import LARGEST_GAME

# A hostile record: a header, then a run of fragments, each followed by a separator.
hostile_records = st.builds(
    lambda header, parts: header + "".join(parts),
    st.sampled_from(HEADERS),
    st.lists(
        st.builds(str.__add__, st.sampled_from(FRAGMENTS), st.sampled_from([" ", "", "\n"])),
        max_size=30,
    ),
)

LINE = re.compile(r"\bline \d+")

LEGAL = (
    '[Game "Meridian"]\n[Players "Ann orange; Ben black; Cy grey; Di brown"]\n\n'
    "1. orange 7: 3@2 { first }\n2. black 7: 2@2\n"
)


def what_it_says(path: Path) -> list[Counter[tuple[str, bool, str]]] | str:
    """Each game's problems (rule, warning, message), places aside; or why it cannot be read.

    A message may name a line of the file (where a game starts): lines move with the layout.
    """
    try:
        return [
            Counter((p.rule, p.warning, LINE.sub("line", p.message)) for p in report.problems)
            for report in check_file(path)
        ]
    except UnreadableInput as error:
        return f"unreadable: {error.problem.message}"


def annotate_twice(path: Path, *options: str) -> tuple[bytes, bytes]:
    first = run("annotate", "--in-place", *options, str(path))
    assert first.exit_code in (0, 1, 2)
    once = path.read_bytes()
    run("annotate", "--in-place", *options, str(path))
    return once, path.read_bytes()


@pytest.mark.parametrize(
    "text",
    [
        # a separator the reader refuses inside a turn must stay refused
        LEGAL + "3. grey\r9: 3@3\n",
        LEGAL + "3. grey\x0c9: 3@3\n",
        LEGAL + "3. grey\u00a09: 3@3\n",
        LEGAL + "3. grey\u20289: 3@3\n",
        LEGAL + "\u00a0\n",
        # slips read as meant, misspelt tags and a wrong position entry stay as written
        LEGAL.replace("Players", "Player"),
        LEGAL + "3. grey 9 : 3@3\n",
        LEGAL + "3. grey 9: 3@3 (pushes)\n",
        '[Game "Medina"]\n[Players "Ann red; Ben blue"]\n\nposition\n  towers: A1\n',
    ],
    ids=[
        "cr",
        "form-feed",
        "nbsp",
        "line-separator",
        "nbsp-line",
        "tag",
        "colon",
        "round",
        "entry",
    ],
)
@pytest.mark.parametrize("notes", [(), ("--no-notes",)], ids=["notes", "no-notes"])
def test_annotate_keeps_what_each_record_says(
    tmp_path: Path, text: str, notes: tuple[str, ...]
) -> None:
    path = tmp_path / "game.mrec"
    path.write_bytes(text.encode("utf-8"))
    before = what_it_says(path)
    once, twice = annotate_twice(path, *notes)
    assert what_it_says(path) == before
    assert twice == once


@settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
@given(text=hostile_records, notes=st.booleans())
@example(text=LEGAL + "3. grey\r9: 3@3\n", notes=True)
def test_annotate_keeps_verdict_and_problems_of_hostile_records(
    tmp_path_factory: pytest.TempPathFactory, text: str, notes: bool
) -> None:
    path = tmp_path_factory.mktemp("hostile") / "game.mrec"
    path.write_bytes(text.encode("utf-8"))
    before = what_it_says(path)
    options = () if notes else ("--no-notes",)
    once, twice = annotate_twice(path, *options)
    assert what_it_says(path) == before
    assert twice == once


HEADER = '[Game "Meridian"]\n[Players "Ann orange; Ben black; Cy grey; Di brown"]\n'


@pytest.mark.parametrize(
    "text",
    [
        HEADER + '" \r\r\n 1. ',
        HEADER + "1. \r\r\n 1. ",
        HEADER + "1. { a\r\r\r\n b } 2. \r\n",
        '\ufeff\ufeff " ',
        "\ufeff\ufeff ",
    ],
)
def test_annotate_keeps_what_the_reader_drops_at_line_ends_and_the_start(
    tmp_path: Path, text: str
) -> None:
    path = tmp_path / "game.mrec"
    path.write_bytes(text.encode("utf-8"))
    before = what_it_says(path)
    once, twice = annotate_twice(path, "--no-notes")
    assert what_it_says(path) == before
    assert twice == once


def test_a_game_kept_as_written_says_what_its_layout_would_lose(tmp_path: Path) -> None:
    path = tmp_path / "game.mrec"
    path.write_text(LEGAL.replace("Players", "Player") + "\n" + LEGAL, "utf-8")
    ran = run("annotate", str(path))
    assert ran.exit_code == 0
    first, second = ran.stdout.split("\n\n[Game")
    assert first.startswith(LEGAL.replace("Players", "Player"))
    assert first.endswith(
        "\n;= meridina leaves this game as written: in canonical layout its REC-2 warning "
        "(unknown tag [Player]: read as [Players], which it probably means) would be lost"
    )
    assert "{ first } {= builds" in second  # the other game is written in canonical layout


EXAMPLES = sorted((Path(__file__).parent.parent / "examples").rglob("*.mrec"))


@pytest.mark.parametrize("example", EXAMPLES, ids=[p.name for p in EXAMPLES])
def test_annotating_an_example_keeps_what_it_says(tmp_path: Path, example: Path) -> None:
    path = tmp_path / example.name
    path.write_bytes(example.read_bytes())
    before = what_it_says(path)
    once, twice = annotate_twice(path)
    assert what_it_says(path) == before
    assert twice == once


def test_a_game_whose_notes_would_make_it_too_long_is_kept_as_written(tmp_path: Path) -> None:
    # a long line of turns that cannot be read: each gets a note, and the notes would make
    # the game longer than the reader takes, so its layout could never be read back
    text = HEADER + "1. " * 34_000 + "\n"
    path = tmp_path / "game.mrec"
    path.write_text(text, "utf-8")
    before = what_it_says(path)
    ran = run("annotate", "--in-place", str(path))
    assert ran.exit_code == 1, ran.stdout + ran.stderr
    written = path.read_text("utf-8")
    assert written.startswith(text)
    assert written.endswith(f"({LARGEST_GAME} characters)\n")
    assert what_it_says(path) == before


# What the canonical layout may change: separators (commas too), and the marks around
# comments and tag values (a ";" comment and round brackets become curly braces, a "}"
# inside a comment becomes ")", quotes are re-escaped).
LAYOUT_MARKS = frozenset(' \t\r\n\x0b\x0c\u2028\u00a0\ufeff(){};,"\\')


def lost_characters(before: str, after: str) -> Counter[str]:
    """The characters of ``before`` (layout marks aside) that ``after`` holds fewer times."""
    kept = Counter(char for char in after if char not in LAYOUT_MARKS)
    return Counter(char for char in before if char not in LAYOUT_MARKS) - kept


@pytest.mark.parametrize(
    "text",
    [
        # a bracketed remark after a character no word holds: the remark was cut off
        HEADER + "1. orange 7: 3@2 \u00e9[Ann said 3@1 not 3@2]\n",
        HEADER + "1. orange 7: 3@2 \u00e9 xx [Ann said 3@1 not 3@2]\n",
        # a position whose game has no Players tag: the whole block was left out
        '[Game "Meridian"]\n\nposition\n  7: grey 1@2 brown 3@4\n  next: orange\n\n'
        "1. orange 7: 2@3\n",
        '[Game "Medina"]\n\nposition\n  grey: B2 C2\n  merchants: F2\n',
    ],
    ids=["after-bad-character", "after-bad-character-and-word", "meridian-position", "medina"],
)
@pytest.mark.parametrize("notes", [(), ("--no-notes",)], ids=["notes", "no-notes"])
def test_annotate_drops_no_character(tmp_path: Path, text: str, notes: tuple[str, ...]) -> None:
    path = tmp_path / "game.mrec"
    path.write_bytes(text.encode("utf-8"))
    annotate_twice(path, *notes)
    assert lost_characters(text, path.read_text("utf-8")) == Counter()


@settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
@given(text=hostile_records, notes=st.booleans())
# a digit of another script before a dot is no turn number (it was read as "1." and lost)
@example(
    text='[Game "Meridian"]\n[Players "Ann orange; Ben black; Cy grey; Di brown"]\norange \u0661. ',
    notes=False,
)
# after a comment, in a turn without its number, it was cut at the first dot and lost
@example(
    text='[Game "Meridian"]\n[Players "Ann orange; Ben black; Cy grey; Di brown"]\n'
    "orange { note } \u0661. ",
    notes=False,
)
# a position entry given twice was merged into one line (and a hand given twice lost)
@example(
    text='[Game "Meridian"]\n[Players "Ann orange; Ben black; Cy grey; Di brown"]\n'
    "position\n  7: grey 1@2\n m7: ",
    notes=False,
)
# an entry that says nothing, alone, was lost (canonical layout writes no line for it)
@example(
    text='[Game "Meridian"]\n[Players "Ann orange; Ben black; Cy grey; Di brown"]\nposition m7: ',
    notes=False,
)
def test_every_character_of_a_hostile_record_survives_annotate(
    tmp_path_factory: pytest.TempPathFactory, text: str, notes: bool
) -> None:
    path = tmp_path_factory.mktemp("kept") / "game.mrec"
    path.write_bytes(text.encode("utf-8"))
    options = () if notes else ("--no-notes",)
    ran = run("annotate", "--in-place", *options, str(path))
    assert ran.exit_code in (0, 1, 2)
    written = path.read_bytes().decode("utf-8", errors="replace")
    assert lost_characters(text, written) == Counter()
