"""``meridina table`` as a running server: the token beyond loopback, and a server killed
mid-game leaves a valid record of every turn it accepted."""

from __future__ import annotations

import contextlib
import os
import signal
import threading
from pathlib import Path

import httpx
import meridina
from conftest import run_cli
from table_games import Served, generated, header, turn_lines


def test_beyond_loopback_a_request_without_the_token_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "game.mrec"
    path.write_text(header(generated("medina", "2", 3, 1)), "utf-8")
    served = Served(path, "--host", "0.0.0.0", "--port", "0")
    try:
        port = served.base.rsplit(":", 1)[1]
        assert served.process.stdout is not None
        assert "phone" in served.process.stdout.readline()
        local = f"http://127.0.0.1:{port}"
        for address in ("/", "/record", "/api/record/state", "/static/record.js"):
            assert httpx.get(local + address).status_code == 403
        token = served.url.split("token=", 1)[1]
        with httpx.Client(base_url=local, follow_redirects=True) as client:
            assert client.get(f"/?token={token}").status_code == 200
            assert client.get("/api/record/state").json()["number"] == 1
    finally:
        served.stop()


def test_a_server_killed_mid_game_leaves_every_accepted_turn_in_a_valid_file(
    tmp_path: Path,
) -> None:
    record = generated("medina", "2", 3, 1)
    path = tmp_path / "game.mrec"
    path.write_text(header(record), "utf-8")
    turns = turn_lines(record)
    served = Served(path)
    accepted: list[str] = []
    try:
        with httpx.Client(base_url=served.base, follow_redirects=True, timeout=30) as client:
            client.get(served.url)
            for turn in turns[:12]:
                answer = client.post("/api/record/play", json={"turn": turn}).json()
                assert answer["written"], answer
                accepted.append(turn)
            # one more turn in flight when the server is killed
            in_flight = threading.Thread(target=lambda: _quietly(client, turns[12]), daemon=True)
            in_flight.start()
            os.kill(served.process.pid, signal.SIGKILL)
            in_flight.join(30)
    finally:
        served.stop()
    assert served.process.returncode == -signal.SIGKILL
    assert run_cli("validate", str(path)).exit_code == 0
    (game,) = meridina.read_games(path)
    written = [turn.split(". ", 1)[1] for turn in game.turns]
    assert written[: len(accepted)] == accepted
    assert written in (accepted, [*accepted, turns[12]])
    # nothing else was written; a rewrite killed half way leaves at most its temporary file
    others = [p.name for p in tmp_path.iterdir() if p.name != "game.mrec"]
    assert all(name.startswith(".game.mrec.") and name.endswith(".tmp") for name in others)


def _quietly(client: httpx.Client, turn: str) -> None:
    with contextlib.suppress(httpx.HTTPError):  # the server was killed under it
        client.post("/api/record/play", json={"turn": turn})


def test_ctrl_c_stops_the_server_with_one_line_and_status_130(tmp_path: Path) -> None:
    path = tmp_path / "game.mrec"
    path.write_text(header(generated("medina", "1", 3, 1)), "utf-8")
    served = Served(path)
    os.kill(served.process.pid, signal.SIGINT)
    status = served.process.wait(30)
    assert served.process.stderr is not None
    said = served.process.stderr.read()
    served.stop()
    assert status == 130
    assert said == "meridina: interrupted\n"


def test_position_mode_is_served_behind_the_token_and_saves_its_one_file(tmp_path: Path) -> None:
    path = tmp_path / "club.mrec"
    served = Served(
        None, "--position", "-o", str(path), "--game", "medina", "--edition", "2",
        "--players", "Ann red; Ben blue", "--setup", "well F6; merchant H7",
    )  # fmt: skip
    try:
        assert httpx.get(served.base + "/position/api/state").status_code == 403
        with httpx.Client(base_url=served.base, follow_redirects=True, timeout=30) as client:
            page = client.get(served.url)
            assert page.status_code == 200 and page.url.path == "/position"
            assert "Medina position: club.mrec" in page.text
            assert client.get("/position/api/state").status_code == 200
            assert client.post("/position/api/save", json={}).status_code == 200
    finally:
        served.stop()
    (game,) = meridina.read_games(path)
    assert game.tags["Players"] == "Ann red; Ben blue"
    assert [p.name for p in tmp_path.iterdir()] == ["club.mrec"]
