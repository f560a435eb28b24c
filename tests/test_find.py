"""``meridina find``: each condition, the records and the list it writes, its exit statuses,
that a search on tags checks no game, and that what it writes is read back as the same games.

The collection is a dozen generated games, some given other tags, hostile names, a wrong
Result, and one typed twice; built once for the module.
"""

from __future__ import annotations

import io
import json
import re
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path

import click
import pytest
from click.testing import Result
from conftest import run_cli
from hypothesis import given, settings
from hypothesis import strategies as st
from meridina import random_records
from meridina.notation.reader import iter_chunks
from meridina.notation.splitter import GameChunk
from meridina.tools.finding import GameFilter, name_key, rule_matches, seat_names, tag_title

MERIDIAN = list(random_records("Meridian", players=3, count=5, seed=1))
MEDINA = list(random_records("Medina", players=3, count=3, seed=2))
HOSTILE = "::error  ann", "Bo\u202eb", "Cy\x1b[2J"


def players_of(text: str) -> list[str]:
    """The names of a generated record's Players tag (one word each, then a colour)."""
    found = re.search(r'^\[Players "([^"]*)"\]$', text, re.MULTILINE)
    assert found is not None
    return [entry.split()[0] for entry in found[1].split("; ")]


def renamed(text: str, names: tuple[str, ...]) -> str:
    """The record with its players renamed in its Players and Result tags."""
    header, body = text.split("\n\n", 1)
    for old, new in zip(players_of(text), names, strict=True):
        header = re.sub(rf"(?<=[\"; ]){old}(?= )", new.replace("\\", "\\\\"), header)
    return header + "\n\n" + body


def tagged(text: str, **tags: str) -> str:
    """The record with these tags set (replaced, or added after the Game tag)."""
    for name, value in tags.items():
        line = f'[{name} "{value}"]'
        pattern = re.compile(rf"^\[{name} \"[^\"]*\"\]$", re.MULTILINE)
        if pattern.search(text):
            text = pattern.sub(line.replace("\\", "\\\\"), text)
        else:
            text = text.replace("\n", f"\n{line}\n", 1)
    return text


def broken(text: str) -> str:
    """The record with one player's score in its Result tag wrong (MER-E5 or MED-E6)."""
    return re.sub(r'(\[Result "\S+ )(\d+)', lambda m: m[1] + str(int(m[2]) + 1), text, count=1)


def relaid(text: str) -> str:
    """The same game typed again: other blank lines, comments and tags, the same turns."""
    header, body = text.split("\n\n", 1)
    header = tagged(header, Event="Typed again", Site="Back room")
    turns = body.replace("\n", "  { ok }\n", 2)
    return f"; typed again from the score sheet\n{header}\n\n\n{turns}\n\n"


def winner_of(text: str) -> str:
    """The one best player of a generated record's Result tag."""
    found = re.search(r'^\[Result "([^"]*)"\]$', text, re.MULTILINE)
    assert found is not None
    entries = (entry.rsplit(" ", 1) for entry in found[1].split("; "))
    scores = [(int(points), name) for name, points in entries]
    return max(scores)[1]


SPRING = [
    tagged(MERIDIAN[0], Event="Spring Club Night", Date="2024-03-01"),
    tagged(renamed(MERIDIAN[1], HOSTILE), Event="spring  club night, table 2", Date="2024.04.15"),
    broken(tagged(MERIDIAN[2], Event="Summer cup")),
]
CUP = [
    tagged(MEDINA[0], Event="Spring club night", Date="2024/05/01"),
    tagged(MEDINA[1], Date="someday"),
    broken(MEDINA[2]),
]
LATER = [MERIDIAN[3], relaid(SPRING[0]), MERIDIAN[4]]
FILES = {"spring.mrec": SPRING, "cup.mrec": CUP, "then.mrec": LATER}


@pytest.fixture(scope="module")
def club(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    folder = tmp_path_factory.mktemp("club")
    for name, games in FILES.items():
        (folder / name).write_text("\n".join(games), "utf-8")
    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(folder)
        yield folder


def records(result: Result) -> list[str]:
    """The games ``find`` wrote, each without the blank line that parts them."""
    return [chunk.text.strip("\n") for _, chunk in iter_chunks_of(result.stdout)]


def iter_chunks_of(text: str) -> Iterator[tuple[int, GameChunk]]:
    yield from iter_chunks(io.BytesIO(text.encode("utf-8")), "<found>")


def source_chunks(*names: str) -> list[str]:
    return [chunk.text.strip("\n") for name in names for _, chunk in iter_chunks(Path(name), name)]


def found_places(*args: str) -> list[str]:
    """The places (``file:line``) of the games ``find --list`` lists."""
    result = run_cli("find", ".", "--list", *args)
    assert result.exit_code in (0, 1), result.output
    return [line.split(": game ", 1)[0] for line in result.stdout.splitlines()]


def place_of(name: str, number: int) -> str:
    """``name:line`` of the game ``number`` (from 1) of one of the collection's files."""
    chunks = list(iter_chunks(Path(name), name))
    return f"{name}:{chunks[number - 1][1].first_line}"


# ---------------------------------------------------------------- records, all of them


def test_without_a_condition_every_game_is_written_as_it_stands(club: Path) -> None:
    result = run_cli("find", "cup.mrec", "then.mrec", "spring.mrec")
    assert result.exit_code == 0
    games = source_chunks("cup.mrec", "then.mrec", "spring.mrec")
    assert result.stdout == "\n".join(game + "\n" for game in games)


def test_the_records_written_are_read_back_by_validate(club: Path) -> None:
    found = run_cli("find", ".", "--event", "spring club")
    checked = run_cli("validate", "-", "--format", "json", input_text=found.stdout)
    games = json.loads(checked.stdout)["files"][0]["games"]
    assert [game["valid"] for game in games] == [True, True, True]


def test_the_games_a_winner_condition_finds_pipe_into_validate(club: Path) -> None:
    winner = winner_of(MERIDIAN[0])
    found = run_cli("find", ".", "--winner", winner.upper())
    checked = run_cli("validate", "-", input_text=found.stdout)
    assert found.exit_code == 0 and checked.exit_code == 0, checked.output
    expected = [text for text in MERIDIAN + MEDINA if winner_of(text) == winner]
    assert len(records(found)) >= 2  # the game and its copy
    assert len(records(found)) >= len(expected)


# ---------------------------------------------------------------- each condition


def test_game_kind(club: Path) -> None:
    assert found_places("--game", "medina") == [place_of("cup.mrec", n) for n in (1, 2, 3)]
    assert len(found_places("--game", "MERIDIAN")) == 6


def test_player_names_compared_without_case_or_extra_spaces(club: Path) -> None:
    assert found_places("--player", "  ::ERROR ann ") == [place_of("spring.mrec", 2)]
    assert found_places("--player", "Bo\u202eb", "--player", "cy\x1b[2j") == [
        place_of("spring.mrec", 2)
    ]
    # repeated: every name must have played
    assert found_places("--player", "Bo\u202eb", "--player", players_of(MERIDIAN[0])[0]) == []


def test_a_colour_is_not_a_name(club: Path) -> None:
    colour = MERIDIAN[0].split('[Players "', 1)[1].split(";")[0].split()[-1]
    assert found_places("--player", colour) == []


def test_event_is_a_substring_without_case(club: Path) -> None:
    assert found_places("--event", "CLUB  night") == [
        place_of("cup.mrec", 1),
        place_of("spring.mrec", 1),
        place_of("spring.mrec", 2),
    ]
    assert found_places("--event", "table 2") == [place_of("spring.mrec", 2)]


def test_dates_in_each_written_form_and_undated_games_never_match(club: Path) -> None:
    assert found_places("--from", "2024-04-01") == [
        place_of("cup.mrec", 1),
        place_of("spring.mrec", 2),
    ]
    assert found_places("--to", "2024/04/15") == [
        place_of("spring.mrec", 1),
        place_of("spring.mrec", 2),
        place_of("then.mrec", 2),  # the copy keeps its Date
    ]
    assert found_places("--from", "2024.03.01", "--to", "2024-03-01") == [
        place_of("spring.mrec", 1),
        place_of("then.mrec", 2),
    ]


def test_winner_as_the_rules_score_the_game(club: Path) -> None:
    winner = winner_of(MEDINA[1])
    result = run_cli("find", ".", "--list", "--winner", winner.lower(), "--game", "medina")
    lines = result.stdout.splitlines()
    assert any(line.startswith(place_of("cup.mrec", 2) + ":") for line in lines)
    assert all(f"; won by {winner}; " in line for line in lines)
    assert found_places("--winner", "nobody at all") == []


def test_the_leader_of_a_game_not_finished_has_not_won(tmp_path: Path) -> None:
    from meridina import read_text
    from meridina.tools.summaries import game_summary

    unfinished = "\n".join(MERIDIAN[0].rstrip("\n").split("\n")[:-6]) + "\n"
    summary = game_summary(next(read_text(unfinished)))
    assert not summary.finished and summary.winners
    (tmp_path / "unfinished.mrec").write_text(unfinished, "utf-8")
    result = run_cli("find", str(tmp_path), "--winner", summary.winners[0])
    assert result.exit_code == 1 and result.stdout == ""


def test_several_winners_are_any_of_them(club: Path) -> None:
    first, second = winner_of(MEDINA[0]), winner_of(MERIDIAN[3])
    either = set(found_places("--winner", first, "--winner", second))
    assert either == set(found_places("--winner", first)) | set(found_places("--winner", second))


def test_valid_and_invalid(club: Path) -> None:
    invalid = [place_of("cup.mrec", 3), place_of("spring.mrec", 3)]
    assert found_places("--invalid") == invalid
    valid = found_places("--valid")
    assert len(valid) == 7 and not set(invalid) & set(valid)


def test_rule_exact_or_a_family(club: Path) -> None:
    assert found_places("--rule", "mer-e5") == [place_of("spring.mrec", 3)]
    assert found_places("--rule", "MED-E") == [place_of("cup.mrec", 3)]
    assert found_places("--rule", "MER-E5", "--rule", "MED-E6") == [
        place_of("cup.mrec", 3),
        place_of("spring.mrec", 3),
    ]


def test_conditions_combine_with_and(club: Path) -> None:
    assert found_places("--event", "spring", "--game", "meridian", "--to", "2024-03-31") == [
        place_of("spring.mrec", 1)
    ]


def test_duplicates_whatever_the_layout_comments_and_tags(club: Path) -> None:
    result = run_cli("find", ".", "--duplicates", "--list")
    assert result.exit_code == 0
    (line,) = result.stdout.splitlines()
    assert line.startswith(place_of("then.mrec", 2) + ": game 2; Meridian")
    assert line.endswith(f"the same game as game 1 at {place_of('spring.mrec', 1)}, counted once")
    records_found = run_cli("find", ".", "--duplicates")
    # the comment line above the copy's tags goes with the game before it, as a file is cut
    assert records(records_found) == [relaid(SPRING[0]).split("\n", 1)[1].strip("\n")]


def test_duplicates_judged_over_every_game_then_the_other_conditions(club: Path) -> None:
    # the first copy is a "Spring Club Night" game, the repeat is not: the repeat is found
    assert found_places("--duplicates", "--event", "typed again") == [place_of("then.mrec", 2)]
    assert found_places("--duplicates", "--event", "spring") == []


# ---------------------------------------------------------------- the list


def test_list_escapes_names_and_says_the_verdict(club: Path) -> None:
    result = run_cli("find", "spring.mrec", "--list")
    lines = result.stdout.splitlines()
    assert len(lines) == 3
    assert "\x1b" not in result.stdout and "\u202e" not in result.stdout
    assert "::error ann, Bo\\u202eb, Cy\\x1b[2J" in lines[1]
    assert "; 2024.04.15; " in lines[1] and lines[1].endswith("; valid")
    assert "; no date; " in lines[2] and lines[2].endswith("; invalid (MER-E5)")


# ---------------------------------------------------------------- exits and faults


def test_nothing_found_exits_1(club: Path) -> None:
    result = run_cli("find", ".", "--player", "Nobody")
    assert result.exit_code == 1 and result.stdout == ""


def test_an_unreadable_path_is_told_the_rest_is_searched_and_exit_is_2(club: Path) -> None:
    for extra in ([], ["--valid"]):
        result = run_cli("find", "missing.mrec", "spring.mrec", "--event", "table 2", *extra)
        assert result.exit_code == 2
        assert "missing.mrec" in result.stderr and "REC-0" in result.stderr
        assert records(result) == [SPRING[1].strip("\n")]


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--from", "2024-02-30"], "'2024-02-30' is not a day"),
        (["--to", "yesterday"], "'yesterday' is not a day"),
        (["--rule", "MER-R99x"], "no rule 'MER-R99x'"),
        (["--rule", "MERR3"], "did you mean 'MER-R3'?"),
        (["--valid", "--invalid"], "not both"),
        (["--from", "2024-05-01", "--to", "2024-04-01"], "is after --to"),
        (["--game", "chess"], "is not a game"),
    ],
)
def test_usage_errors_exit_2(club: Path, args: list[str], said: str) -> None:
    result = run_cli("find", ".", *args)
    assert result.exit_code == 2
    assert said in result.stderr


def test_output_file_written_whole_and_never_over_an_input(club: Path, tmp_path: Path) -> None:
    out = tmp_path / "found.mrec"
    result = run_cli("find", ".", "--game", "medina", "-o", str(out))
    assert result.exit_code == 0 and result.stdout == ""
    assert out.read_text("utf-8").count('[Game "Medina"]') == 3
    refused = run_cli("find", ".", "-o", "spring.mrec")
    assert refused.exit_code == 2
    assert (club / "spring.mrec").read_text("utf-8") == "\n".join(SPRING)


# ---------------------------------------------------------------- work done


@pytest.fixture
def checks(monkeypatch: pytest.MonkeyPatch) -> Callable[[], int]:
    """Counts the games checked (the batch runner's and the API's one entry to the check)."""
    import meridina.cli.running.batch as batch
    import meridina.notation.driver as driver
    import meridina.reading as reading

    calls = []
    real = driver.check_game

    def counted(*args: object, **kwargs: object) -> object:
        calls.append(1)
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(batch, "check_game", counted)
    monkeypatch.setattr(driver, "check_game", counted)
    monkeypatch.setattr(reading, "check_game", counted)
    return lambda: len(calls)


def test_a_search_on_tags_checks_no_game(club: Path, checks: Callable[[], int]) -> None:
    result = run_cli(
        "find", ".", "--game", "meridian", "--player", "eva", "--event", "e", "--from", "2000-1-1"
    )
    assert result.exit_code in (0, 1)
    assert run_cli("find", ".").exit_code == 0
    assert checks() == 0


def test_only_the_games_whose_tags_match_are_checked(club: Path, checks: Callable[[], int]) -> None:
    result = run_cli("find", ".", "--event", "spring", "--valid")
    assert result.exit_code == 0
    assert checks() == 3


def test_duplicates_check_every_game(club: Path, checks: Callable[[], int]) -> None:
    run_cli("find", ".", "--duplicates", "--event", "typed again")
    assert checks() == 9


# ---------------------------------------------------------------- the API's filter


def test_filter_reads_names_as_each_game_does() -> None:
    assert seat_names("Meridian", "Ann Lee orange black; grey Bo") == ("Ann Lee", "Bo")
    assert seat_names("Medina", "Ann Lee red; Bo blue") == ("Ann Lee", "Bo")
    assert seat_names(None, "Ann red") == ()
    assert tag_title({"game": " medina "}) == "Medina"
    assert tag_title({"Game": "Meridain"}) == "Meridian"
    assert name_key("  Ann \t LEE ") == "ann lee"


def test_rule_matches_a_rule_or_a_family() -> None:
    assert rule_matches("MER-R1", "MER-R1") and not rule_matches("MER-R1", "MER-R10")
    assert rule_matches("MER-R", "MER-R10") and not rule_matches("MER-R", "MED-R1")


def test_header_matches_checks_only_when_asked(club: Path, checks: Callable[[], int]) -> None:
    from meridina import read_headers

    headers = list(read_headers("spring.mrec"))
    on_tags = GameFilter(event="spring club")
    assert [h.number for h in headers if on_tags.header_matches(h)] == [1, 2]
    assert checks() == 0
    checked = GameFilter(event="spring club", valid=True)
    assert [h.number for h in headers if checked.header_matches(h)] == [1, 2]
    assert checks() == 2


# ---------------------------------------------------------------- properties

NAMES = st.sampled_from(["Ann", "ann", "Bo\u202eb", "Cy", "Zoë", "::x"])
TAG_TEXT = st.text(
    alphabet=st.characters(blacklist_characters='"\\', blacklist_categories=("Cs", "Cc")),
    max_size=12,
)


@st.composite
def games(draw: st.DrawFn) -> str:
    text = draw(st.sampled_from(MERIDIAN[:3] + MEDINA[:2]))
    names = tuple(dict.fromkeys(draw(st.lists(NAMES, min_size=3, max_size=3, unique_by=name_key))))
    text = renamed(text, names)
    text = tagged(text, Event=draw(TAG_TEXT), Date=draw(st.sampled_from(["2024-01-02", "x", " "])))
    if draw(st.booleans()):
        text = broken(text)
    if draw(st.booleans()):
        text = relaid(text)
    return text


def collection(folder: Path, files: list[list[str]]) -> list[str]:
    """Writes the files; their names, in the order a folder is read."""
    names = []
    for number, texts in enumerate(files):
        name = f"f{number}.mrec"
        (folder / name).write_text("\n".join(texts), "utf-8", newline="\n")
        names.append(name)
    return names


SEARCHES = st.lists(
    st.sampled_from(
        [
            ["--game", "medina"],
            ["--player", "ann"],
            ["--event", "a"],
            ["--from", "2024-01-01"],
            ["--winner", "Cy"],
            ["--valid"],
            ["--invalid"],
            ["--rule", "MER-E"],
            ["--duplicates"],
        ]
    ),
    max_size=3,
)
COLLECTIONS = st.lists(st.lists(games(), min_size=1, max_size=3), min_size=1, max_size=3)


def listed_games(*args: str, input_text: str | None = None) -> list[list[str]]:
    """What ``find --list`` says of each game, less its place and number."""
    result = run_cli("find", *args, "--list", input_text=input_text)
    return [line.split("; ")[1:] for line in result.stdout.splitlines()]


@settings(max_examples=8)
@given(COLLECTIONS)
def test_no_condition_gives_back_every_game(files: list[list[str]]) -> None:
    with tempfile.TemporaryDirectory() as folder:
        names = collection(Path(folder), files)
        result = run_cli("find", folder)
        assert result.exit_code == 0
        texts = [
            chunk.text.strip("\n")
            for name in names
            for _, chunk in iter_chunks(Path(folder) / name, name)
        ]
        assert result.stdout == "\n".join(text + "\n" for text in texts)
        # read back, the same games, with the same players, outcomes and verdicts
        assert listed_games("-", input_text=result.stdout) == listed_games(folder)


@settings(max_examples=8)
@given(COLLECTIONS, SEARCHES)
def test_what_is_found_validates_as_it_did_where_it_was_found(
    files: list[list[str]], searches: list[list[str]]
) -> None:
    conditions = [word for search in searches for word in search]
    with tempfile.TemporaryDirectory() as folder:
        collection(Path(folder), files)
        listed = run_cli("find", folder, "--list", *conditions)
        found = run_cli("find", folder, *conditions)
        assert listed.exit_code == found.exit_code
        if found.exit_code == 1:
            assert found.stdout == listed.stdout == ""
            return
        verdicts = [
            not line.split("; ")[5].startswith("invalid") for line in listed.stdout.splitlines()
        ]
        checked = run_cli("validate", "-", "--format", "json", input_text=found.stdout)
        games_read = json.loads(checked.stdout)["files"][0]["games"]
        assert [game["valid"] for game in games_read] == verdicts


def test_game_matches_a_game_read_in_full(club: Path) -> None:
    from meridina import GameFilter, read_games

    games = list(read_games("spring.mrec"))
    assert [g.number for g in games if GameFilter(valid=False).game_matches(g)] == [3]
    assert [g.number for g in games if GameFilter(players=("bo\u202eb",)).game_matches(g)] == [2]
    assert [g.number for g in games if GameFilter(rules=("MER-E",)).game_matches(g)] == [3]


def test_standard_input_searched_on_tags_and_by_the_check(club: Path) -> None:
    text = (club / "spring.mrec").read_text("utf-8")
    on_tags = run_cli("find", "-", "--event", "table 2", input_text=text)
    checked = run_cli("find", "-", "--event", "table 2", "--valid", input_text=text)
    assert records(on_tags) == records(checked) == [SPRING[1].strip("\n")]


def test_the_same_games_found_with_two_processes(club: Path) -> None:
    one = run_cli("find", ".", "--valid", "--player", "eva")
    two = run_cli("find", ".", "--valid", "--player", "eva", "--jobs", "2")
    assert one.exit_code == two.exit_code == 0
    assert one.stdout == two.stdout and records(one)


@st.composite
def retyped(draw: st.DrawFn, text: str) -> str:
    """``text`` typed again: its header tags in another order, other tags, comments and
    blank lines anywhere between lines, and maybe Windows line ends."""
    header, body = text.strip("\n").split("\n\n", 1)
    tags = draw(st.permutations(header.split("\n")))
    tags = [*tags, f'[Site "{draw(TAG_TEXT)}"]']
    lines = []
    for line in body.split("\n"):
        note = draw(st.sampled_from(["", "  { again }", " ; typed twice"]))
        lines.append(line + note)
        lines.extend([""] * draw(st.integers(0, 1)))
    retyped = "; from the paper sheet\n" + "\n".join(tags) + "\n\n" + "\n".join(lines) + "\n"
    return retyped.replace("\n", "\r\n") if draw(st.booleans()) else retyped


@settings(max_examples=6)
@given(st.data())
def test_a_game_typed_again_is_found_as_a_duplicate(data: st.DataObject) -> None:
    original = data.draw(st.sampled_from(MERIDIAN[:2] + MEDINA[:2]))
    copy = data.draw(retyped(original))
    with tempfile.TemporaryDirectory() as folder:
        (Path(folder) / "a.mrec").write_text(original, "utf-8", newline="")
        (Path(folder) / "b.mrec").write_text(copy, "utf-8", newline="")
        result = run_cli("find", folder, "--duplicates", "--list")
        (line,) = result.stdout.splitlines()
        assert "/b.mrec:" in line and line.endswith("a.mrec:1, counted once")


def test_verbose_tells_each_file_searched_on_tags_as_checking_does(
    club: Path, checks: Callable[[], int]
) -> None:
    result = run_cli("find", ".", "--event", "spring", "-v")
    assert checks() == 0  # the tags alone decide
    told = result.stderr.splitlines()
    found = len(records(result))
    assert found > 0
    per_file = [line for line in told if line.startswith("searched ")]
    assert sorted(line.split(":")[0].removeprefix("searched ") for line in per_file) == sorted(
        FILES
    )
    assert sum(int(line.rsplit(", ", 1)[1].split()[0]) for line in per_file) == found
    games = sum(len(games) for games in FILES.values())
    assert re.fullmatch(rf"{len(FILES)} files, {games} games in \d+\.\d\d s", told[-1])
    assert run_cli("find", ".", "--event", "spring").stderr == ""


def test_list_lines_are_coloured_as_validate_colours_only_when_asked(club: Path) -> None:
    plain = run_cli("find", ".", "--list", "--color", "never").stdout
    coloured = run_cli("find", ".", "--list", "--color", "always").stdout
    assert "\x1b[" not in plain
    assert click.unstyle(coloured) == plain
    invalid = [line for line in coloured.splitlines() if "; invalid (" in line]
    assert invalid
    for line in coloured.splitlines():
        place = click.unstyle(line).split(": game ", 1)[0]
        assert line.startswith(click.style(place, bold=True) + ": game ")
    for line in invalid:
        rules = click.unstyle(line).rsplit("; invalid (", 1)[1].split(")")[0].split(", ")
        assert all(click.style(rule, fg="red", bold=True) in line for rule in rules)
    assert run_cli("find", ".", "--list").stdout == plain  # not a terminal


def test_a_list_line_is_coloured_from_the_game_not_from_its_tags(tmp_path: Path) -> None:
    """A Date tag that reads like a verdict is neither coloured nor a crash."""
    record = tmp_path / "h.mrec"
    record.write_text(
        '[Game "Meridian"]\n[Date "x; invalid (y"]\n[Players "Ann orange grey; Ben black brown"]'
        "\n\n1. orange 7: 2@3\n",
        "utf-8",
    )
    plain = run_cli("find", str(record), "--list", "--color", "never")
    coloured = run_cli("find", str(record), "--list", "--color", "always")
    assert plain.exit_code == coloured.exit_code == 0
    assert click.unstyle(coloured.stdout) == plain.stdout
    assert plain.stdout.rstrip("\n").endswith("; x; invalid (y; Ann, Ben; not finished; valid")
    assert "\x1b[31m" not in coloured.stdout  # nothing in red: the game is valid
