"""``meridina draw``: the SVG shows what the state holds, piece for piece, for both games."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from conftest import run_cli as run
from meridina.notation.driver import check_file
from meridina.rules.medina.model import cell_name
from meridina.rules.medina.state import BUILDING, MERCHANT, STABLE, WALL, WELL
from meridina.rules.meridian.scoring import score as meridian_score
from svg_reading import SVG, description, parse, pieces, titles

TOP = Path(__file__).resolve().parent.parent
EXAMPLES = sorted((TOP / "examples").rglob("*.mrec"))
SCORING = TOP / "examples" / "medina" / "scoring-example.mrec"


def playable_games(path: Path) -> list[int]:
    return [r.index for r in check_file(path) if r.run is not None and r.run.start is not None]


def cases() -> list[tuple[Path, int]]:
    return [(path, game) for path in EXAMPLES for game in playable_games(path)]


CASES = cases()  # checked once, as the tests are collected on each worker


def replay_state(path: Path, game: int) -> dict[str, Any]:
    """The final state replay gives (the start when there are no turns)."""
    data = json.loads(
        run("replay", str(path), "--game-number", str(game), "--format", "json").stdout
    )
    (played,) = data["files"][0]["games"]
    state: dict[str, Any] = played["turns"][-1]["state"] if played["turns"] else played["start"]
    return state


@pytest.mark.parametrize(
    ("path", "game"), CASES, ids=[f"{p.parent.name}/{p.stem}-{g}" for p, g in CASES]
)
def test_every_example_draws_what_replay_says(path: Path, game: int) -> None:
    result = run("draw", str(path), "--game-number", str(game))
    assert result.exit_code in (0, 1)
    root = parse(result.stdout)
    state = replay_state(path, game)
    if "towers" in state:
        drawn = {(int(t["meridian"]), int(t["city"]), t["colour"], int(t["height"])) for t in
                 pieces(root, "tower")}  # fmt: skip
        expected = {(t["meridian"], t["city"], t["colour"], t["height"]) for t in state["towers"]}
        assert drawn == expected
    else:
        for kind in (BUILDING, STABLE, MERCHANT, WALL, WELL):
            drawn_fields = sorted(p["field"] for p in pieces(root, kind))
            listed = sorted(p["field"] for p in state["pieces"] if p["piece"] == kind)
            assert drawn_fields == listed, kind
        assert len(pieces(root, "palace")) == len(state["palaces"])


def test_scoring_example_shows_every_palace_roof_wall_and_merchant() -> None:
    (report,) = list(check_file(SCORING))
    final = report.run.final
    root = parse(run("draw", str(SCORING)).stdout)
    drawn_palaces = {
        (p["colour"], p["owner"], p["buildings"], p["stables"]) for p in pieces(root, "palace")
    }
    palaces = {
        (
            p.colour,
            p.owner or "",
            " ".join(sorted(cell_name(c) for c in p.buildings)),
            " ".join(sorted(cell_name(c) for c in p.stables)),
        )
        for p in final.palaces.values()
    }
    assert drawn_palaces == palaces and len(palaces) == 3
    roofs = {(r["owner"], r["field"]) for r in pieces(root, "roof")}
    assert {owner for owner, _ in roofs} == {"red", "blue", "green"}
    for owner, field in roofs:
        palace = final.palace((ord(field[0]) - ord("A"), int(field[1:])))
        assert palace is not None and palace.owner == owner
    for kind in (WALL, MERCHANT, STABLE, BUILDING):
        cells = {cell_name(c) for c, piece in final.pieces.items() if piece == kind}
        assert {p["field"] for p in pieces(root, kind)} == cells and cells, kind
    assert {(t["tower"], t["holder"]) for t in pieces(root, "tower-tile")} == {("4", "green")}
    assert {(t["colour"], t["holder"]) for t in pieces(root, "palace-tile")} == {
        ("orange", "red"),
        ("black", "blue"),
        ("grey", "green"),
    }
    assert sorted(t["tower"] for t in pieces(root, "tower")) == ["1", "2", "3", "4"]
    points = {p["colour"]: int(p["points"]) for p in pieces(root, "player")}
    assert points == {"red": 15, "blue": 12, "green": 18}


@pytest.mark.parametrize("kind", ["tower", "city", "island", "player"])
def test_every_meridian_piece_has_a_title(kind: str) -> None:
    root = parse(run("draw", str(TOP / "examples/meridian/midgame.mrec")).stdout)
    said = titles(root, kind)
    assert said and all(said)


@pytest.mark.parametrize("kind", ["building", "wall", "merchant", "palace", "roof", "tower"])
def test_every_medina_piece_has_a_title(kind: str) -> None:
    root = parse(run("draw", str(SCORING)).stdout)
    said = titles(root, kind)
    assert said and all(said)


def test_towers_say_their_colour_in_letters() -> None:
    root = parse(run("draw", str(TOP / "examples/meridian/midgame.mrec")).stdout)
    codes = {"orange": "or", "black": "bk", "grey": "gy", "brown": "br"}
    svg = "{http://www.w3.org/2000/svg}"
    for group in root.iter(f"{svg}g"):
        if group.get("class") == "tower":
            words = [t.text for t in group.iter(f"{svg}text")]
            assert f"{codes[group.get('data-colour', '')]}{group.get('data-height')}" in words


def test_last_turn_is_highlighted_with_its_pushes() -> None:
    path = TOP / "examples/meridian/midgame.mrec"
    data = json.loads(run("replay", str(path), "--format", "json").stdout)
    turns = data["files"][0]["games"][0]["turns"]
    pushing = next(t for t in reversed(turns) if any("pushes" in e for e in t["events"]))
    pushes = sum(1 for e in pushing["events"] if e.startswith("pushes"))
    root = parse(run("draw", str(path), "--turn", str(pushing["number"])).stdout)
    svg = "{http://www.w3.org/2000/svg}"
    drawn = [e for e in root.iter() if e.get("class") == "push"]
    placed = [e for e in root.iter() if e.get("class") == "placed"]
    assert len(drawn) == pushes and len(placed) == 1
    assert root.find(f"{svg}title") is not None
    assert f"after {pushing['number']}." in (root.findtext(f"{svg}title") or "")


def test_turn_zero_draws_the_start() -> None:
    path = TOP / "examples/meridian/midgame.mrec"
    data = json.loads(run("replay", str(path), "--format", "json").stdout)
    start = data["files"][0]["games"][0]["start"]["towers"]
    root = parse(run("draw", str(path), "--turn", "0").stdout)
    assert len(pieces(root, "tower")) == len(start)
    assert not [e for e in root.iter() if e.get("class") in ("placed", "push")]


def test_stand_in_board_is_said_in_the_picture() -> None:
    meridian = run("draw", str(TOP / "examples/meridian/midgame.mrec"))
    assert "stand-in" in description(parse(meridian.stdout))
    assert "stand-in" in meridian.stderr
    medina = run("draw", str(SCORING))
    assert description(parse(medina.stdout)) == ""
    assert "stand-in" not in medina.stderr


def test_output_file_is_written_whole(tmp_path: Path) -> None:
    out = tmp_path / "board.svg"
    out.write_text("old", "utf-8")
    result = run("draw", str(SCORING), "-o", str(out))
    assert result.exit_code == 0 and result.stdout == ""
    assert pieces(parse(out.read_text("utf-8")), "palace")
    assert [p.name for p in tmp_path.iterdir()] == ["board.svg"]


@pytest.mark.parametrize(
    ("args", "message"),
    [(["--turn", "999"], "has no turn 999"), (["--game-number", "9"], "there is no game 9")],
)
def test_missing_turn_or_game_is_a_usage_fault(args: list[str], message: str) -> None:
    result = run("draw", str(SCORING), *args)
    assert result.exit_code == 2 and message in result.stderr and result.stdout == ""


def test_a_game_that_cannot_be_set_up_is_not_drawn(tmp_path: Path) -> None:
    path = tmp_path / "bad.mrec"
    path.write_text('[Game "Medina"]\n[Edition "7"]\n[Players "Ann red; Ben blue"]\n', "utf-8")
    result = run("draw", str(path))
    assert result.exit_code == 2 and "cannot be drawn" in result.stderr and not result.stdout


MIDGAME = TOP / "examples/meridian/midgame.mrec"


def holders_expected(path: Path, turn: int | None) -> set[tuple[str, str, bool]]:
    """(island, holder's name or colours, tied) for each garrisoned island, from the score."""
    (report,) = list(check_file(path))
    numbers = [entry.text.number for entry in report.record.entries]
    state = report.run.final if turn is None else report.run.states()[numbers.index(turn)]
    sheet = meridian_score(state)
    label = [p.name or "/".join(p.colours) for p in state.players]
    return {
        (i.island.name, label[i.holder] if i.holder is not None else "", i.tied)
        for i in sheet.islands
        if i.garrisons
    }


@pytest.mark.parametrize(
    ("path", "turn"),
    [(MIDGAME, None), (MIDGAME, 40), (TOP / "examples/meridian/two-players.mrec", None)],
)
def test_each_island_is_marked_with_its_holder_or_a_tie(path: Path, turn: int | None) -> None:
    args = ["--turn", str(turn)] if turn is not None else []
    root = parse(run("draw", str(path), *args).stdout)
    drawn = {(p["island"], p["holder"], p["tied"] == "true") for p in pieces(root, "holder")}
    assert drawn == holders_expected(path, turn)
    for said in titles(root, "holder"):
        assert said is not None and ("held by" in said or "a tie, nobody holds it" in said)


def test_midgame_marks_its_ties_and_leaves_the_empty_island_bare() -> None:
    root = parse(run("draw", str(MIDGAME)).stdout)
    marks = {p["island"]: p for p in pieces(root, "holder")}
    assert {i for i, p in marks.items() if p["tied"] == "true"} == {"b", "c", "d", "e", "h", "l"}
    assert marks["a"]["holder"] == "Pia" and "m" not in marks


def test_legend_explains_the_holder_marks_and_lists_each_players_islands() -> None:
    root = parse(run("draw", str(MIDGAME)).stdout)
    (key,) = titles(root, "holder-key")
    assert key
    (report,) = list(check_file(MIDGAME))
    held = [" ".join(p.islands) for p in meridian_score(report.run.final).players]
    rows = [g for g in root.iter(f"{SVG}g") if g.get("class") == "player"]
    listed = [next(t.get("data-islands") for t in row.iter(f"{SVG}text") if t.get(
        "data-islands") is not None) for row in rows]  # fmt: skip
    assert listed == held


MEDINA_ERRORS = TOP / "examples/medina/errors.mrec"


def framed(path: Path, *args: str) -> dict[str, str | None]:
    """The fields the picture frames as just placed, with each frame's title."""
    root = parse(run("draw", str(path), *args).stdout)
    return {
        e.get("data-field", ""): e.findtext(f"{SVG}title")
        for e in root.iter()
        if e.get("class") == "placed"
    }


@pytest.mark.parametrize(
    "path",
    [TOP / "examples/medina/first-edition-3p.mrec", TOP / "examples/medina/second-edition-2p.mrec"],
)
def test_medina_frames_the_pieces_the_last_turn_placed(path: Path) -> None:
    (report,) = list(check_file(path))
    entries = report.record.entries
    for index in (0, len(entries) // 2, len(entries) - 1):
        entry = entries[index]
        fields = {cell_name(p.cell) for p in entry.turn.placements if p.cell is not None}
        found = framed(path, "--turn", str(entry.text.number))
        assert set(found) == fields
        assert all(title and title.startswith("just placed: ") for title in found.values())
    assert framed(path, "--turn", "0") == {}


@pytest.mark.parametrize(
    ("turn", "fields"),
    [
        (3, {"K6"}),  # grey@A5 refused (MED-B1)
        (5, {"E5"}),  # stable@M9 refused (MED-B6)
        (12, {"C11", "H5"}),  # out of turn (MED-T1): played all the same
        (19, set()),  # a colour not in the game (MED-S1): ignored
        (23, set()),  # after the end (MED-E1): ignored
    ],
)
def test_medina_frames_only_the_pieces_that_were_placed(turn: int, fields: set[str]) -> None:
    found = framed(MEDINA_ERRORS, "--game-number", "1", "--turn", str(turn))
    assert set(found) == fields


def test_medina_legend_explains_the_frame() -> None:
    root = parse(run("draw", str(SCORING)).stdout)
    (legend,) = [g for g in root.iter(f"{SVG}g") if g.get("class") == "legend"]
    assert any("just placed" in (t.text or "") for t in legend.iter(f"{SVG}text"))


@pytest.mark.parametrize("name", ["medina/typos", "meridian/typos"])
def test_the_state_after_a_turn_is_the_one_states_lists(name: str) -> None:
    """``GameRun.state_after``, which a picture is drawn from, finds the state ``states``
    lists for every turn, an unreadable one (the state before it) too."""
    report = next(iter(check_file(TOP / "examples" / f"{name}.mrec")))
    states = report.run.states()
    assert None in report.run.steps  # a turn that could not be read keeps the state before
    found = [report.run.state_after(turns) for turns in range(1, len(states) + 1)]
    assert all(state is listed for state, listed in zip(found, states, strict=True))
    with pytest.raises(IndexError):
        report.run.state_after(len(states) + 1)


def test_select_and_ignore_choose_the_problems_told_and_the_exit_status() -> None:
    errors = str(TOP / "examples" / "meridian" / "errors.mrec")
    every = run("draw", errors)
    assert every.exit_code == 1 and "REC-4" in every.stderr and "MER-R1" in every.stderr
    picture = every.stdout
    ignored = run("draw", errors, "--ignore", "MER", "--ignore", "REC")
    assert ignored.exit_code == 0
    assert " MER-" not in ignored.stderr and " REC-" not in ignored.stderr
    assert ignored.stdout == picture  # the picture is the same
    chosen = run("draw", errors, "--select", "REC-4")
    told = [line for line in chosen.stderr.splitlines() if ": REC-" in line or ": MER-" in line]
    assert chosen.exit_code == 1 and len(told) == 1 and " REC-4 " in told[0]


def test_a_game_that_cannot_be_set_up_says_why_when_its_problem_is_ignored(
    tmp_path: Path,
) -> None:
    record = tmp_path / "one.mrec"
    record.write_text('[Game "Meridian"]\n[Players "Ann orange"]\n\n1. orange 7: 2@3\n', "utf-8")
    told = run("draw", str(record))
    assert told.exit_code == 2 and " MER-S1 " in told.stderr
    assert "(see the problems above)" in told.stderr
    ignored = run("draw", str(record), "--ignore", "MER-S")
    assert ignored.exit_code == 2 and " MER-S1 " not in ignored.stderr
    assert "could not be set up (MER-S1: Meridian is for 2 to 4 players, not 1)" in ignored.stderr
