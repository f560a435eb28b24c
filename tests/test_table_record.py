"""``meridina table``'s record mode over HTTP: the token, turns checked and written, undo,
comments, the game's end, every player count, and the one file it writes."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from conftest import run_cli
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from meridina import Recording
from meridina.cli.table.app import make_app
from meridina.cli.table.record_mode import PAGE, record_routes
from table_games import (
    EVERY_COUNT,
    TOKEN,
    TestClient,
    client_for,
    closed_clients,
    generated,
    header,
    same_verdicts,
    turn_lines,
)

__all__ = ["closed_clients"]  # closes the clients each test opens

TOP = Path(__file__).resolve().parent.parent
STATIC = TOP / "cli" / "table" / "static"
TEMPLATES = TOP / "cli" / "table" / "templates"
MEDINA = '[Game "Medina"]\n[Edition "1"]\n[Players "Ann red; Ben blue; Cy green"]\n'
MEDINA += '[Setup "merchant H7"]\n'


JSON = {"Content-Type": "application/json"}


def new_record(tmp_path: Path, text: str = MEDINA) -> Path:
    path = tmp_path / "game.mrec"
    path.write_text(text, "utf-8")
    return path


# ---------------------------------------------------------------- the token


@pytest.mark.parametrize(
    "address", ["/", PAGE, "/api/record/state", "/static/record.js", "/rules/MED-B1"]
)
def test_a_request_without_the_token_is_refused(tmp_path: Path, address: str) -> None:
    app = make_app(record_routes(Recording(new_record(tmp_path))), TOKEN, PAGE)
    client = TestClient(app)
    assert client.get(address).status_code == 403
    assert client.get(address, params={"token": "not-" + TOKEN}).status_code == 403
    client.cookies.set("meridina-table-80", TOKEN[:-1])  # the test server's port: 80
    assert client.get(address).status_code == 403
    assert (
        client.post("/api/record/play", json={"turn": "red orange@E5 wall@B1"}).status_code == 403
    )


def test_the_token_once_becomes_a_cookie_and_leaves_the_address(tmp_path: Path) -> None:
    client = TestClient(make_app(record_routes(Recording(new_record(tmp_path))), TOKEN, PAGE))
    answer = client.get(f"/?token={TOKEN}", follow_redirects=False)
    assert answer.status_code == 303
    assert "token" not in answer.headers["location"]
    assert "httponly" in answer.headers["set-cookie"].lower()
    # Lax: the browser comes from the opening file, a cross-site start (see token_gate)
    assert "samesite=lax" in answer.headers["set-cookie"].lower()
    page = client.get(f"/?token={TOKEN}")
    assert page.status_code == 200 and str(page.url).endswith(PAGE)
    assert client.get("/api/record/state").status_code == 200


# ---------------------------------------------------------------- turns


def test_a_legal_turn_is_written_at_once_and_an_illegal_one_refused_with_its_rule(
    tmp_path: Path,
) -> None:
    path = new_record(tmp_path)
    client = client_for(path)
    before = path.read_bytes()
    refused = client.post("/api/record/play", json={"turn": "red orange@A1 wall@B1"}).json()
    assert refused["written"] is None
    assert [p["rule"] for p in refused["problems"]] == ["MED-B1"]
    assert "A1" in refused["problems"][0]["message"]
    assert path.read_bytes() == before
    played = client.post("/api/record/play", json={"turn": "red orange@E5 wall@B1"}).json()
    assert played["written"] == "1. red orange@E5 wall@B1"
    assert "1. red orange@E5 wall@B1" in path.read_text("utf-8")
    assert played["state"]["number"] == 2 and played["state"]["colour"] == "blue"
    assert played["state"]["turns"] == ["1. red orange@E5 wall@B1"]


def test_a_placement_is_checked_alone_and_its_fault_named(tmp_path: Path) -> None:
    client = client_for(new_record(tmp_path))
    legal = client.post("/api/record/next", json={"words": ["red"]}).json()
    assert "orange@E5" in legal["words"] and "orange@A1" not in legal["words"]
    assert not legal["complete"]
    after = client.post("/api/record/next", json={"words": ["red", "orange@E5"]}).json()
    assert "wall@B1" in after["words"] and not after["complete"]
    whole = client.post("/api/record/next", json={"words": ["red", "orange@E5", "wall@B1"]})
    assert whole.json()["complete"]
    checked = client.post("/api/record/check", json={"turn": "red orange@A1"}).json()
    assert [(p["rule"], p["col"]) for p in checked["problems"]] == [("MED-B1", 5)]


def test_the_legal_turns_are_worked_out_once_for_the_page_s_state_and_list(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from meridina.rules.meridian.position import Position

    record = generated("meridian", None, 2, 3)
    client = client_for(new_record(tmp_path, header(record)))
    listing = Position.legal_turns
    listed: list[object] = []

    def counted(position: Position) -> Any:
        listed.append(position)
        return listing(position)

    monkeypatch.setattr(Position, "legal_turns", counted)
    for turn in turn_lines(record)[:3]:  # as the page plays: the game, its legal turns, one
        starts = client.get("/api/record/state").json()["starts"]
        turns = client.get("/api/record/legal").json()["turns"]
        assert turn in turns and {t.split()[0] for t in turns} <= set(starts)
        assert client.post("/api/record/play", json={"turn": turn}).json()["written"]
    assert len(listed) == 4  # once for each state shown: the start and after each turn


def test_a_medina_turn_s_placements_are_worked_out_once_however_often_the_page_asks(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from meridina.notation.medina import legal

    client = client_for(new_record(tmp_path))
    listing = legal._placement_words
    listed: list[object] = []

    def counted(state: Any, player: str) -> list[str]:
        listed.append(state)
        return listing(state, player)

    monkeypatch.setattr(legal, "_placement_words", counted)
    words = ["red", "orange@E5", "wall@B1"]
    for asked in range(1, 4):  # as the page asks at each click: what may follow, whole yet
        found = client.post("/api/record/next", json={"words": words[:asked]}).json()
        assert found["complete"] == (asked == 3) and (asked == 3 or words[asked] in found["words"])
    assert len(listed) == 2  # the first placements, and the second ones after orange@E5


def test_the_legal_turns_are_the_api_s(tmp_path: Path) -> None:
    record = generated("meridian", None, 3, 1)
    path = new_record(tmp_path, header(record))
    client = client_for(path)
    turns = client.get("/api/record/legal").json()["turns"]
    import meridina

    (game,) = meridina.read_text(header(record))
    assert turns == game.legal_turns() and turns


def test_undo_and_comment_rewrite_the_file(tmp_path: Path) -> None:
    path = new_record(tmp_path)
    client = client_for(path)
    client.post("/api/record/play", json={"turn": "red orange@E5 wall@B1"})
    client.post("/api/record/play", json={"turn": "blue grey@G9 wall@C1"})
    commented = client.post("/api/record/comment", json={"text": "a quiet start"}).json()
    assert commented["state"]["turns"][-1] == "2. blue grey@G9 wall@C1"
    assert "2. blue grey@G9 wall@C1 { a quiet start }" in path.read_text("utf-8")
    undone = client.post("/api/record/undo", json={}).json()
    assert undone["taken"] == "2. blue grey@G9 wall@C1"
    assert undone["state"]["colour"] == "blue"
    text = path.read_text("utf-8")
    assert "1. red orange@E5 wall@B1" in text and "blue grey@G9" not in text
    client.post("/api/record/undo", json={})
    assert client.post("/api/record/undo", json={}).json()["taken"] is None
    assert run_cli("validate", str(path)).exit_code == 0


def test_hostile_calls_are_answered_not_crashed(tmp_path: Path) -> None:
    path = new_record(tmp_path)
    client = client_for(path)
    before = path.read_bytes()
    bodies: list[object] = [
        [],
        {"turn": 7},
        {"turn": "x" * 5000},
        {"words": "red"},
        {"words": ["a"] * 50},
    ]
    for body in bodies:
        for call in ("play", "check", "next", "comment"):
            answer = client.post(f"/api/record/{call}", json=body)
            assert answer.status_code == 400, (call, body)
    huge = client.post("/api/record/play", content=b"{" + b" " * 100_000 + b"}", headers=JSON)
    assert huge.status_code == 400
    assert client.post("/api/record/play", content=b"\xff\xfe", headers=JSON).status_code == 400
    assert client.get("/rules/..%2F..%2Fetc").status_code == 404
    assert client.get("/rules/MED-B99").status_code == 404
    assert path.read_bytes() == before


def test_a_rule_is_shown_as_the_rules_command_shows_it(tmp_path: Path) -> None:
    client = client_for(new_record(tmp_path))
    page = client.get("/rules/MED-B1").text
    shown = run_cli("rules", "MED-B1").stdout
    first = shown.splitlines()[0]
    assert first.split(" ")[0] == "MED-B1" and "MED-B1" in page
    assert "Where buildings and stables may stand" in page


@pytest.mark.parametrize(("game", "edition", "players", "seed"), EVERY_COUNT)
def test_a_whole_game_played_over_http_is_the_game_typed_by_hand(
    tmp_path: Path, game: str, edition: str | None, players: int, seed: int
) -> None:
    record = generated(game, edition, players, seed)
    typed = tmp_path / "typed.mrec"
    typed.write_text(record, "utf-8")
    path = new_record(tmp_path, header(record))
    client = client_for(path)
    turns = turn_lines(record)
    ended = []
    for turn in turns:
        answer = client.post("/api/record/play", json={"turn": turn}).json()
        assert answer["written"] is not None, (turn, answer["problems"])
        ended.append(answer["ended"])
    assert ended.count(True) == 1
    state = answer["state"]
    assert state["over"] and state["result"] is not None
    assert f'[Result "{state["result"]}"]' in path.read_text("utf-8")
    same_verdicts(path, typed)


# ---------------------------------------------------------------- the one file


def test_only_the_record_is_ever_written_and_each_write_is_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = new_record(tmp_path)
    client = client_for(path)
    client.post("/api/record/play", json={"turn": "red orange@E5 wall@B1"})
    client.post("/api/record/play", json={"turn": "blue grey@G9 wall@C1"})
    before = path.read_bytes()

    def no_rename(*args: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", no_rename)
    answer = client.post("/api/record/undo", json={})
    assert answer.status_code == 409 and "cannot be written" in answer.json()["error"]
    assert path.read_bytes() == before
    monkeypatch.undo()
    client.post("/api/record/undo", json={})
    client.post("/api/record/comment", json={"text": "again"})
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.mrec"]


def test_record_at_a_terminal_and_the_page_take_turns(tmp_path: Path) -> None:
    path = new_record(tmp_path)
    client = client_for(path)
    client.post("/api/record/play", json={"turn": "red orange@E5 wall@B1"})
    typed = run_cli("record", str(path), input_text="blue grey@G9 wall@C1\n")
    assert typed.exit_code == 0, typed.output
    state = client.get("/api/record/state").json()
    assert state["colour"] == "green" and state["number"] == 3
    played = client.post("/api/record/play", json={"turn": "green black@K9 wall@D1"}).json()
    assert played["written"] == "3. green black@K9 wall@D1"
    assert run_cli("validate", str(path)).exit_code == 0


def test_a_file_held_by_record_is_not_written_and_the_page_says_why(tmp_path: Path) -> None:
    from meridina.recording.locked_file import RecordFile

    path = new_record(tmp_path)
    client = client_for(path)
    held = RecordFile(path)
    held.hold()
    try:
        answer = client.post("/api/record/play", json={"turn": "red orange@E5 wall@B1"})
    finally:
        held.close()
    assert answer.status_code == 409
    assert "being recorded by another" in answer.json()["error"]
    assert "orange@E5" not in path.read_text("utf-8")


# ---------------------------------------------------------------- the page's assets


def test_the_page_and_its_assets_name_no_address_elsewhere(tmp_path: Path) -> None:
    client = client_for(new_record(tmp_path))
    shipped = [*STATIC.iterdir(), *TEMPLATES.iterdir()]
    texts = [p.read_text("utf-8") for p in shipped if not p.name.startswith("position")]
    texts += [client.get(PAGE).text, client.get("/static/record.js").text]
    svg = client.get("/api/record/state").json()["picture"]
    for text in [*texts, svg]:
        addresses = set(re.findall(r"(?:https?:)?//[A-Za-z0-9.-]+\.[A-Za-z]{2,}[^\s\"'<>]*", text))
        assert addresses <= {"http://www.w3.org/2000/svg"}, addresses
        assert not re.search(r"\b(?:src|href)=[\"']?(?:https?:|//)", text)
    policy = client.get(PAGE).headers["content-security-policy"]
    assert "default-src 'none'" in policy and "connect-src 'self'" in policy


# ---------------------------------------------------------------- the command


def test_without_its_server_packages_the_command_says_to_install_from_the_clone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "starlette", None)  # import starlette now fails
    result = run_cli("table", str(new_record(tmp_path)), "--no-browser")
    assert result.exit_code == 2
    assert "starlette" in result.stderr and "Traceback" not in result.stderr
    # meridina is not on a package index: the hint names the clone, never an index install
    assert "pip install /path/to/meridina" in result.stderr
    assert "pip install ." in result.stderr and "meridina[" not in result.stderr


def test_position_mode_starts_a_new_record_only(tmp_path: Path) -> None:
    old = new_record(tmp_path)
    result = run_cli("table", str(old), "--position", "--no-browser")
    assert result.exit_code == 2
    assert "--position starts a new record: use -o FILE" in result.stderr
    result = run_cli("table", "--position", "-o", str(tmp_path / "p.mrec"), "--no-browser")
    assert result.exit_code == 2 and "a new record needs --game and --players" in result.stderr
    assert not (tmp_path / "p.mrec").exists()


def test_the_command_s_options_are_record_s(tmp_path: Path) -> None:
    result = run_cli("table", "-o", str(tmp_path / "n.mrec"), "--game", "medina")
    assert result.exit_code == 2 and "a new record needs --game and --players" in result.stderr
    assert not (tmp_path / "n.mrec").exists()
    old = new_record(tmp_path)
    result = run_cli("table", str(old), "--players", "Ann red")
    assert result.exit_code == 2 and "takes no header options" in result.stderr


def test_help_loads_no_web_framework() -> None:
    probe = (
        "import sys\n"
        "from meridina.cli.main import cli\n"
        "try:\n"
        "    cli.main(['table', '--help'], prog_name='meridina')\n"
        "except SystemExit:\n"
        "    pass\n"
        "print(' '.join(sorted(sys.modules)), file=sys.stderr)\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert "--no-browser" in done.stdout
    loaded = done.stderr.split()
    assert [m for m in loaded if m.startswith(("starlette", "uvicorn"))] == []


def test_a_game_on_a_stand_in_board_says_so_and_a_medina_game_does_not(tmp_path: Path) -> None:
    meridian = tmp_path / "meridian"
    meridian.mkdir()
    record = generated("meridian", None, 2, 3)
    state = client_for(new_record(meridian, header(record))).get("/api/record/state").json()
    assert "five-city is a stand-in layout" in state["stand_in"]
    assert client_for(new_record(tmp_path)).get("/api/record/state").json()["stand_in"] is None


def test_a_board_file_named_in_the_record_is_the_board_shown(tmp_path: Path) -> None:
    board = run_cli("board", "new", "--from", "five-city").stdout
    (tmp_path / "ours.toml").write_text(board.replace("stand-in = true\n", ""), "utf-8")
    text = '[Game "Meridian"]\n[Board "ours.toml"]\n[Players "Ann orange grey; Ben black brown"]\n'
    state = client_for(new_record(tmp_path, text)).get("/api/record/state").json()
    # its map is still the bundled stand-in's, which meridina says whatever the file's name
    assert state["stand_in"].startswith("Board my-board is a stand-in layout")
    assert "board my-board" in state["picture"] and 'data-target="10/5"' in state["picture"]


def test_a_port_in_use_is_said_and_exits_2(tmp_path: Path) -> None:
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = run_cli("table", str(new_record(tmp_path)), "--no-browser", "--port", str(port))
    assert result.exit_code == 2
    assert f"cannot listen on 127.0.0.1 port {port}" in result.stderr


COOKIE_SAFE = st.characters(min_codepoint=33, max_codepoint=126, exclude_characters=';,"\\')


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    guess=st.one_of(
        st.text(COOKIE_SAFE, min_size=1, max_size=60),
        st.integers(0, len(TOKEN) - 1).map(lambda cut: TOKEN[:cut] + TOKEN[cut + 1 :]),
        st.just(TOKEN),
    )
)
def test_no_token_but_the_one_printed_opens_the_page(guess: str) -> None:
    app = make_app([], TOKEN, PAGE)
    client = TestClient(app)
    answer = client.get("/", params={"token": guess}, follow_redirects=False)
    assert answer.status_code == (303 if guess == TOKEN else 403)
    client.cookies.set("meridina-table-80", guess)
    assert client.get(PAGE).status_code in ((404,) if guess == TOKEN else (403,))
