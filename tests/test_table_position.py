"""Position mode of the table page over HTTP: a finished table entered piece by piece
through its routes scores as the game it came from, and is saved as ``record --position``
would write it, into its one file only."""

from __future__ import annotations

import contextlib
import csv
import io
import json
import re
import warnings
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import meridina
import pytest
from conftest import run_cli
from meridina.cli.table.position.position_mode import PositionSetup, position_routes
from meridina.recording.opening import OpenFault
from starlette.applications import Starlette

with warnings.catch_warnings():  # starlette's note on which HTTP client it will use next
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient
from table_position_clicks import Change, Click, setup_for, steps

TOP = Path(__file__).resolve().parent.parent
EXAMPLES = TOP / "examples"
ASSETS = TOP / "cli" / "table"


_OPEN = contextlib.ExitStack()  # the clients of the test running, closed after it


@pytest.fixture(autouse=True)
def closed_clients() -> Iterator[None]:
    yield
    _OPEN.close()


def client(setup: PositionSetup) -> TestClient:
    """A client of the page, open until the test ends: one event loop for all its requests
    (a client used without ``with`` starts one for each)."""
    page = TestClient(Starlette(routes=position_routes(setup)))
    _OPEN.enter_context(page)
    return page


def click(page: TestClient, tool: dict[str, Any], target: str) -> dict[str, Any]:
    answer = page.post("/position/api/click", json={"tool": tool, "target": target})
    assert answer.status_code == 200, answer.text
    found: dict[str, Any] = answer.json()
    return found


def change(page: TestClient, what: dict[str, Any]) -> dict[str, Any]:
    answer = page.post("/position/api/change", json=what)
    assert answer.status_code == 200, answer.text
    found: dict[str, Any] = answer.json()
    return found


def save(page: TestClient, **body: Any) -> dict[str, Any]:
    answer = page.post("/position/api/save", json=body)
    assert answer.status_code == 200, answer.text
    found: dict[str, Any] = answer.json()
    return found


def enter(page: TestClient, game: meridina.Game) -> dict[str, Any]:
    """Every piece of ``game``'s end clicked in; none refused. The last answer."""
    answer: dict[str, Any] = page.get("/position/api/state").json()
    for step in steps(game):
        if isinstance(step, Click):
            answer = click(page, step.tool, step.target)
        else:
            assert isinstance(step, Change)
            answer = change(page, step.what)
        assert "refused" not in answer, (step, answer["refused"])
    return answer


def ranking(game: meridina.Game) -> list[tuple[str, int, int]]:
    return [(row.name, row.rank, row.points) for row in game.score().players]


def generated(tmp_path: Path, game: str, players: int, edition: str | None = None) -> Path:
    path = tmp_path / f"generated-{game}-{players}.mrec"
    options = ["--edition", edition] if edition else []
    result = run_cli("generate", "--game", game, "--players", str(players), *options,
                     "--seed", "11", "-o", str(path))  # fmt: skip
    assert result.exit_code == 0, result.output
    return path


# every edition and player count, from the examples and from generated games
MEDINA_GAMES = [
    ("first-edition-3p.mrec", None),
    ("first-edition-4p.mrec", None),
    ("second-edition-2p.mrec", None),
    ("second-edition-3p.mrec", None),
    ("second-edition-4p.mrec", None),
    (None, ("1", 3)),
    (None, ("2", 2)),
    (None, ("2", 4)),
]
MERIDIAN_GAMES = [
    ("two-players.mrec", None),
    ("three-players.mrec", None),
    ("four-players.mrec", None),
    ("final-position.mrec", None),
    (None, 2),
    (None, 3),
]


def _source(tmp_path: Path, game: str, example: str | None, made: Any) -> Path:
    if example is not None:
        return EXAMPLES / game / example
    if game == "medina":
        edition, players = made
        return generated(tmp_path, game, players, edition)
    return generated(tmp_path, game, made)


@pytest.mark.parametrize(("example", "made"), MEDINA_GAMES)
def test_a_medina_end_entered_by_clicks_scores_as_the_game(
    tmp_path: Path, example: str | None, made: Any
) -> None:
    (original,) = meridina.read_games(_source(tmp_path, "medina", example, made))
    assert original.valid
    target = tmp_path / "entered.mrec"
    page = client(setup_for(original, target))
    answer = enter(page, original)
    assert answer["valid"], answer["problems"]
    assert [(r["name"], r["rank"], r["points"]) for r in answer["score"]["players"]] == ranking(
        original
    )
    saved = save(page)
    assert saved["saved"] and saved["result"]
    (entered,) = meridina.read_games(target)
    assert entered.valid, entered.problems
    assert ranking(entered) == ranking(original)
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith(".")) == []


@pytest.mark.parametrize(("example", "made"), MERIDIAN_GAMES)
def test_a_meridian_end_entered_by_clicks_scores_as_the_game(
    tmp_path: Path, example: str | None, made: Any
) -> None:
    (original,) = meridina.read_games(_source(tmp_path, "meridian", example, made))
    assert original.valid
    target = tmp_path / "entered.mrec"
    page = client(setup_for(original, target))
    answer = enter(page, original)
    assert answer["valid"], answer["problems"]
    assert answer["score"]["finished"]
    saved = save(page)
    assert saved["saved"] and saved["result"]
    (entered,) = meridina.read_games(target)
    assert entered.valid, entered.problems
    assert entered.score().finished
    assert ranking(entered) == ranking(original)
    if "Result" in original.tags and example is not None:
        assert entered.tags["Result"] == original.tags["Result"]


@pytest.mark.parametrize(
    ("game", "ending"), [("medina", "  supplies: spent"), ("meridian", "  played: ")]
)
def test_a_clicked_final_position_counts_in_the_standings(
    tmp_path: Path, game: str, ending: str
) -> None:
    (original,) = meridina.read_games(EXAMPLES / game / "final-position.mrec")
    target = tmp_path / "entered.mrec"
    page = client(setup_for(original, target))
    enter(page, original)
    saved = save(page)
    assert saved["saved"] and saved["result"] and saved["left_out"] is None
    assert any(line.startswith(ending) for line in target.read_text("utf-8").split("\n"))
    shown = page.get("/position/api/state").json()
    assert shown["saved"] and shown["text"] == target.read_text("utf-8")  # as written
    points = {row.name: row.points for row in original.score().players}
    data = json.loads(run_cli("score", str(target), "--standings", "--format", "json").stdout)
    assert data["games"] == 1 and data["not_counted"] == []
    assert {p["name"]: p["points"] for p in data["tables"][0]["players"]} == points
    rows = run_cli("score", str(target), "--standings", "--format", "csv").stdout.split("\n\n")[0]
    assert {r["player"]: int(r["points"]) for r in csv.DictReader(io.StringIO(rows))} == points
    assert ": 1 game counted" in run_cli("score", str(target), "--standings").stdout


MEDINA_1 = PositionSetup(Path("unused"), "medina", "Ann red; Ben blue; Cy green", edition="1")
MERIDIAN_4 = PositionSetup(Path("unused"), "meridian", "Ann orange; Ben black; Cy grey; Di brown")
GREY = {"kind": "building", "colour": "grey"}


def entries_of(answer: dict[str, Any]) -> list[str]:
    text: str = answer["text"]
    return [line.strip() for line in text.split("\nposition\n", 1)[1].splitlines() if line]


def test_a_piece_that_cannot_stand_there_is_refused_and_nothing_changes(tmp_path: Path) -> None:
    page = client(replace(MEDINA_1, path=tmp_path / "p.mrec"))
    before = click(page, GREY, "E5")
    wall = click(page, {"kind": "wall"}, "E6")
    assert [(p["rule"], p["target"]) for p in wall["refused"]] == [("MED-P1", "E6")]
    assert "ring" in wall["refused"][0]["message"]
    assert wall["text"] == before["text"] and not wall["problems"]
    roof = click(page, {"kind": "roof", "owner": "red"}, "J9")
    assert [p["rule"] for p in roof["refused"]] == ["MED-R1"]
    assert roof["text"] == before["text"]
    assert entries_of(click(page, {"kind": "wall"}, "E1")) == ["grey: E5", "walls: E1"]


def test_a_refused_click_reads_the_record_once_and_shows_the_board_as_before(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    page = client(replace(MEDINA_1, path=tmp_path / "p.mrec"))
    before = click(page, GREY, "E5")
    read = meridina.read_text
    texts: list[str] = []

    def reading(text: str, **options: Any) -> Any:
        texts.append(text)
        return read(text, **options)

    monkeypatch.setattr(meridina, "read_text", reading)
    refused = click(page, {"kind": "wall"}, "E6")
    assert refused["refused"] and len(texts) == 1  # the position with the wall, once
    assert {**refused, "refused": None} == {**before, "refused": None}
    assert page.get("/position/api/state").json() == before and len(texts) == 1


def test_clicking_a_placed_piece_takes_it_off_and_roofs_go_by_palace(tmp_path: Path) -> None:
    page = client(replace(MEDINA_1, path=tmp_path / "p.mrec"))
    click(page, GREY, "E5")
    click(page, GREY, "E6")
    assert entries_of(click(page, {"kind": "roof", "owner": "red"}, "E5")) == [
        "grey: E5 E6", "roofs: red@E5",
    ]  # fmt: skip
    # another player's roof on the same palace, clicked on its other building, replaces it
    assert entries_of(click(page, {"kind": "roof", "owner": "blue"}, "E6"))[-1] == "roofs: blue@E5"
    assert entries_of(click(page, {"kind": "roof", "owner": "blue"}, "E6")) == ["grey: E5 E6"]
    click(page, {"kind": "roof", "owner": "green"}, "E5")
    # a building taken off takes the roof standing on it along
    assert entries_of(click(page, {"kind": "stable"}, "E5")) == ["grey: E6"]
    answer = click(page, {"kind": "merchant"}, "H7")
    assert entries_of(answer) == ["grey: E6", "merchants: H7"]
    assert answer["score"]["players"][2]["points"] == 0


def test_each_problem_names_the_piece_and_the_field_it_concerns(tmp_path: Path) -> None:
    page = client(replace(MEDINA_1, path=tmp_path / "p.mrec"))
    click(page, GREY, "E5")
    answer = click(page, {"kind": "stable"}, "J9")
    (problem,) = answer["problems"]
    assert (problem["piece"], problem["target"], problem["severity"]) == ("J9", "J9", "error")
    assert re.fullmatch(r"MED-[A-Z]+[0-9]+", problem["rule"]) and problem["title"]
    assert not answer["valid"]
    page = client(replace(MERIDIAN_4, path=tmp_path / "r.mrec"))
    click(page, {"colour": "orange", "height": 2}, "7/1")
    answer = click(page, {"colour": "black", "height": 2}, "7/3")
    assert {(p["rule"], p["target"]) for p in answer["problems"]} == {("MER-R2", "7/1")}


def test_the_saved_file_is_what_record_position_writes(tmp_path: Path) -> None:
    target = tmp_path / "page.mrec"
    page = client(replace(MEDINA_1, path=target, tags=("Event=Club night",)))
    for field in ("E5", "E6", "F5"):
        click(page, GREY, field)
    click(page, {"kind": "stable"}, "E7")
    click(page, {"kind": "merchant"}, "H7")
    change(page, {"action": "street"})
    click(page, {"kind": "merchant"}, "K3")
    click(page, {"kind": "wall"}, "B1")
    click(page, {"kind": "roof", "owner": "blue"}, "F5")
    answer = save(page)
    assert answer["saved"] and answer["result"] == "Ann 0; Ben 5; Cy 0"
    # saved with a result, but not over: the page says why the standings leave it out
    assert answer["added"] is None
    assert answer["left_out"].startswith("it cannot be written as over ('supplies: ...' breaks")
    typed = tmp_path / "typed.mrec"
    lines = "\n".join(entries_of(answer)) + "\n"
    result = run_cli("record", "--position", "-o", str(typed), "--game", "medina",
                     "--players", "Ann red; Ben blue; Cy green", "--edition", "1",
                     "--tag", "Event=Club night", input_text=lines)  # fmt: skip
    assert result.exit_code == 0, result.output
    assert target.read_text("utf-8") == typed.read_text("utf-8")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["page.mrec", "typed.mrec"]


def test_a_file_the_page_did_not_write_is_replaced_only_when_asked(tmp_path: Path) -> None:
    target = tmp_path / "p.mrec"
    page = client(replace(MEDINA_1, path=target))
    click(page, GREY, "E5")
    target.write_text("someone else's notes\n")  # made after the page started
    answer = save(page)
    assert "conflict" in answer and not answer["saved"]
    assert target.read_text() == "someone else's notes\n"
    assert save(page, replace=True)["saved"]
    assert "grey: E5" in target.read_text()
    click(page, GREY, "E6")
    assert save(page)["saved"]  # its own file, as it wrote it
    target.write_text(target.read_text() + "{ changed }\n")
    assert "conflict" in save(page)


def test_position_mode_starts_a_new_record_from_options_that_make_a_header(
    tmp_path: Path,
) -> None:
    existing = tmp_path / "there.mrec"
    existing.write_text("kept\n")
    with pytest.raises(OpenFault, match="already exists"):
        position_routes(replace(MEDINA_1, path=existing))
    assert existing.read_text() == "kept\n"
    with pytest.raises(OpenFault, match="--edition is not a Meridian option"):
        position_routes(replace(MERIDIAN_4, path=tmp_path / "n.mrec", edition="2"))
    with pytest.raises(OpenFault, match="--players: MED-S1"):
        position_routes(replace(MEDINA_1, path=tmp_path / "n.mrec", players="Ann red"))
    assert sorted(p.name for p in tmp_path.iterdir()) == ["there.mrec"]


@pytest.mark.parametrize(
    "body",
    [
        {"tool": {"kind": "tower"}, "target": "E5"},
        {"tool": GREY, "target": "Z99"},
        {"tool": GREY, "target": "E05"},
        {"tool": {"kind": "building", "colour": "pink"}, "target": "E5"},
        {"tool": {"kind": "roof", "owner": "yellow"}, "target": "E5"},
        {"tool": GREY},
        {"tool": "grey", "target": "E5"},
        {"tool": GREY, "target": ["E5"]},
        ["E5"],
    ],
)
def test_a_request_the_page_never_sends_is_answered_400(tmp_path: Path, body: Any) -> None:
    page = client(replace(MEDINA_1, path=tmp_path / "p.mrec"))
    before = page.get("/position/api/state").json()["text"]
    answer = page.post("/position/api/click", json=body)
    assert answer.status_code == 400 and answer.json()["error"]
    assert page.post("/position/api/click", content=b"{not json").status_code == 400
    big = b'{"target": "' + b"x" * 20000 + b'"}'
    assert page.post("/position/api/click", content=big).status_code == 400
    assert page.get("/position/api/state").json()["text"] == before


def test_meridian_cards_are_marked_and_towers_need_cards(tmp_path: Path) -> None:
    page = client(replace(MERIDIAN_4, path=tmp_path / "r.mrec"))
    answer = click(page, {"colour": "grey", "height": 3}, "4/2")
    assert answer["valid"] and answer["score"]["finished"]
    assert entries_of(answer)[0] == "4: grey 3@2"
    answer = change(page, {"action": "card", "colour": "grey", "card": "7", "played": False})
    assert "7" not in answer["pieces"]["played"]["grey"]
    assert not answer["score"]["finished"]
    answer = change(page, {"action": "card", "colour": "grey", "card": "all", "played": False})
    assert "MER-T2" in {p["rule"] for p in answer["problems"]}
    assert save(page)["result"] is None
    assert "Result" not in (tmp_path / "r.mrec").read_text()
    assert page.post("/position/api/change", json={"action": "card", "colour": "grey",
                     "card": "11", "played": True}).status_code == 400  # fmt: skip


def test_the_well_tool_moves_the_well_in_the_setup_tag(tmp_path: Path) -> None:
    setup = PositionSetup(tmp_path / "w.mrec", "medina", "Ann red; Ben blue", edition="2",
                          setup="well F4; merchant H7")  # fmt: skip
    page = client(setup)
    refused = click(page, GREY, "F5")
    assert refused["refused"][0]["rule"] == "MED-P1"  # next to the well
    # the palette names the 2nd edition's colours as its pieces show them too
    assert refused["pieces"]["also_called"] == {
        "grey": ["white"], "black": ["purple"], "brown": ["maroon"],
    }  # fmt: skip
    answer = click(page, {"kind": "well"}, "K8")
    assert '[Setup "well K8; merchant H7"]' in answer["text"]
    assert entries_of(click(page, GREY, "F5")) == ["grey: F5"]


def test_the_page_and_its_assets_fetch_nothing_from_outside(tmp_path: Path) -> None:
    page = client(replace(MEDINA_1, path=tmp_path / "p.mrec"))
    html = page.get("/position", params={"token": "a<b"}).text
    texts = [html, *(page.get(f"/position/static/position.{kind}").text for kind in ("js", "css"))]
    for text in texts:
        assert "://" not in text and not re.search(r"""(src|href|url)\s*[=(]\s*["']?//""", text)
    # the query it was opened with (a token) goes into no address it asks for
    assert "token" not in html and "a%3Cb" not in html and "location.search" not in texts[1]
    files = [p.name for p in (ASSETS / "static").iterdir()] + [
        p.name for p in (ASSETS / "templates").iterdir()
    ]
    assert {"position.css", "position.html", "position.js"} <= set(files)
    assert page.get("/position/static/../position_mode.py").status_code == 404


@pytest.mark.parametrize(
    "what",
    [
        {"action": "tower-tile", "tower": True, "holder": "red"},
        {"action": "tower-tile", "tower": 5, "holder": "red"},
        {"action": "palace-tile", "colour": "grey", "holder": "Ann"},
        {"action": "palace-tile", "colour": "pink", "holder": "red"},
        {"action": "tea", "player": "red", "count": 1},  # the 1st edition has no tea
        {"action": "shuffle"},
    ],
)
def test_a_change_the_page_never_sends_is_answered_400(tmp_path: Path, what: Any) -> None:
    page = client(replace(MEDINA_1, path=tmp_path / "p.mrec"))
    answer = page.post("/position/api/change", json=what)
    assert answer.status_code == 400 and answer.json()["error"]
    assert entries_of(page.get("/position/api/state").json()) == []


def test_a_link_at_the_file_is_never_written_through(tmp_path: Path) -> None:
    target = tmp_path / "p.mrec"
    page = client(replace(MEDINA_1, path=target))
    click(page, GREY, "E5")
    elsewhere = tmp_path / "elsewhere.txt"
    elsewhere.write_text("kept\n")
    target.symlink_to(elsewhere)
    assert "conflict" in save(page)
    answer = save(page, replace=True)
    assert not answer["saved"] and "link" in answer["error"]
    assert elsewhere.read_text() == "kept\n" and target.is_symlink()


def test_names_reach_the_page_as_text_only(tmp_path: Path) -> None:
    players = 'Ann <img src=x onerror="alert(1)"> red; Ben blue; Cy green'
    page = client(replace(MEDINA_1, path=tmp_path / "<b>.mrec", players=players))
    html = page.get("/position").text
    assert "<b>" not in html and "&lt;b&gt;.mrec" in html
    answer = page.get("/position/api/state").json()
    assert "<img" not in answer["svg"] and "&lt;img" in answer["svg"]


def test_a_saved_meridian_position_is_what_record_position_writes(tmp_path: Path) -> None:
    target = tmp_path / "page.mrec"
    page = client(replace(MERIDIAN_4, path=target))
    click(page, {"colour": "orange", "height": 1}, "7/1")
    click(page, {"colour": "brown", "height": 4}, "7/4")
    click(page, {"colour": "grey", "height": 2}, "3/2")
    answer = save(page)
    assert answer["saved"] and answer["result"]
    typed = tmp_path / "typed.mrec"
    lines = "\n".join(entries_of(answer)) + "\n"
    result = run_cli("record", "--position", "-o", str(typed), "--game", "meridian",
                     "--players", MERIDIAN_4.players, input_text=lines)  # fmt: skip
    assert result.exit_code == 0, result.output
    saved = target.read_text("utf-8")
    assert saved == typed.read_text("utf-8")
    # on the bundled stand-in board, the record names it beside its result, as typed
    assert '[Board "five-city"]' in saved and "[ResultBoard" in saved


@pytest.mark.parametrize(
    ("example", "made"),
    [
        ("second-edition-2p.mrec", None),
        ("second-edition-3p.mrec", None),
        ("second-edition-4p.mrec", None),
        (None, ("1", 4)),
        (None, ("2", 3)),
    ],
)
def test_merchants_clicked_as_one_street_are_split_into_the_streets_they_make(
    tmp_path: Path, example: str | None, made: Any
) -> None:
    (original,) = meridina.read_games(_source(tmp_path, "medina", example, made))
    page = client(setup_for(original, tmp_path / "entered.mrec"))
    for step in steps(original):
        if isinstance(step, Click):
            answer = click(page, step.tool, step.target)
        elif step.what["action"] != "street":  # never told where a new street starts
            answer = change(page, step.what)
    assert answer["valid"], answer["problems"]
    assert [(r["name"], r["rank"], r["points"]) for r in answer["score"]["players"]] == ranking(
        original
    )


def test_rulings_from_outside_the_record_count_where_its_own_tag_is_silent(
    tmp_path: Path,
) -> None:
    from meridina.notation.rulings import rulings_by_game

    def points(**changes: Any) -> list[int]:
        setup = PositionSetup(tmp_path / f"{len(changes)}.mrec", "medina", "Ann red; Ben blue",
                              edition="2", setup="well F6; merchant K9", **changes)  # fmt: skip
        page = client(setup)
        for field in ("F8", "G8", "H8", "H7", "H6"):  # F8 and H6 lie two steps from the well
            click(page, GREY, field)
        answer = click(page, {"kind": "roof", "owner": "red"}, "F8")
        assert answer["valid"], answer["problems"]
        return [row["points"] for row in answer["score"]["players"]]

    defaults, faults = rulings_by_game("well-bonus=palace; own-push=never")
    assert not faults
    by_piece, by_palace = points(), points(defaults=defaults)
    assert by_piece[0] - by_palace[0] == 4  # one well bonus of 4 fewer
    # the record's own Rulings tag wins over them
    assert points(defaults=defaults, rulings="well-bonus=piece") == by_piece
