"""``meridina table`` as a running server: the token beyond loopback and out of the
browser's command line, a server killed mid-game leaves a valid record of every turn it
accepted, and connections that never finish their headers lock nobody out."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import stat
import sys
import threading
import time
from pathlib import Path

import httpx
import meridina
import pytest
from conftest import run_cli
from meridina.cli.table.slow_clients import HEADER_SECONDS as HEADER_DEADLINE
from meridina.cli.table.slow_clients import HEADER_SECONDS_VARIABLE, bounded_protocol
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


FAKE_BROWSER = """#!{python}
import json, os, sys
from pathlib import Path
from urllib.parse import unquote, urlparse
seen = {{"argv": sys.argv[1:]}}
opened = sys.argv[-1]
if opened.startswith("file://"):
    page = Path(unquote(urlparse(opened).path))
    seen.update(page=str(page), text=page.read_text("utf-8"),
                mode=os.stat(page).st_mode, folder_mode=os.stat(page.parent).st_mode)
Path({said!r}).write_text(json.dumps(seen), "utf-8")
"""


@pytest.mark.skipif(sys.platform == "win32", reason="file modes of POSIX systems")
def test_the_browser_is_opened_without_the_token_on_its_command_line(tmp_path: Path) -> None:
    path = tmp_path / "game.mrec"
    path.write_text(header(generated("medina", "2", 3, 1)), "utf-8")
    said = tmp_path / "browser-said.json"
    browser = tmp_path / "browser"
    browser.write_text(FAKE_BROWSER.format(python=sys.executable, said=str(said)), "utf-8")
    browser.chmod(0o700)
    served = Served(path, browser=str(browser))
    try:
        token = served.url.split("token=", 1)[1]
        for _ in range(600):  # the browser is started once the address is printed
            if said.exists():
                break
            time.sleep(0.05)
        seen = json.loads(said.read_text("utf-8"))
        # every user of the machine can read a command line (ps): the token is not on it
        assert not any(token in argument for argument in seen["argv"])
        # it is in a file only this user can read, which leads on to the address
        assert stat.S_IMODE(seen["mode"]) == 0o600
        assert stat.S_IMODE(seen["folder_mode"]) == 0o700
        assert f'content="0;url={served.url}"' in seen["text"]
    finally:
        served.stop()  # SIGTERM, which ends it as before, once the file is gone
    assert served.process.returncode == -signal.SIGTERM
    assert not Path(seen["page"]).exists() and not Path(seen["page"]).parent.exists()


SLOW_CLIENTS = 600  # connections that never finish their headers
OPEN_FILES = 512  # the server's limit, below what so many connections would hold
# the deadline for headers, shorter than the server's own so as not to wait it out, and
# long enough that all the slow connections are open before the first one's runs out
HEADER_SECONDS = "2"
TAKEN_IN = 48  # slow connections opened at a time, fewer than the server's backlog


@pytest.mark.skipif(sys.platform == "win32", reason="limits of open files are POSIX's")
def test_connections_that_never_finish_their_headers_lock_no_player_out(tmp_path: Path) -> None:
    path = tmp_path / "game.mrec"
    path.write_text(header(generated("medina", "2", 3, 1)), "utf-8")
    served = Served(
        path, open_files=OPEN_FILES, environment={HEADER_SECONDS_VARIABLE: HEADER_SECONDS}
    )
    host, port = served.base.split("//", 1)[1].rsplit(":", 1)
    slow: list[socket.socket] = []
    try:
        for number in range(SLOW_CLIENTS):  # no token needed to open one
            connection = socket.create_connection((host, int(port)), timeout=30)
            connection.sendall(b"GET /record HTTP/1.1\r\nHost: " + host.encode() + b"\r\n")
            slow.append(connection)
            if number % TAKEN_IN == TAKEN_IN - 1:
                # an answer means the server took in the connections opened before; more at
                # once would fill the system's queue, whose dropped ones retry after a second
                assert httpx.get(served.base + "/record", timeout=30).status_code == 403
        page = None
        for _ in range(3):  # a player's device gets the page all the same, in a few tries
            client = httpx.Client(follow_redirects=True, timeout=10)
            with contextlib.suppress(httpx.HTTPError), client:
                page = client.get(served.url)
                break
        assert page is not None and page.status_code == 200 and page.url.path == "/record"
        # each slow connection is let go: the oldest ones as others came, the rest once
        # their time for the headers ran out (waited for generously, not timed)
        deadline = time.monotonic() + 120
        let_go = [c for c in slow if was_let_go(c, max(0.1, deadline - time.monotonic()))]
        assert len(let_go) == SLOW_CLIENTS
    finally:
        for connection in slow:
            connection.close()
        said = served.stop()
    assert "Traceback" not in said and "Too many open files" not in said


def was_let_go(connection: socket.socket, seconds: float) -> bool:
    """True when the server closes ``connection`` within ``seconds``."""
    connection.settimeout(seconds)
    try:
        return connection.recv(1024) == b""
    except ConnectionResetError:
        return True
    except TimeoutError:
        return False


@pytest.mark.parametrize(
    ("given", "seconds"),
    [(None, HEADER_DEADLINE), ("2", 2.0), ("0.5", 0.5), ("0", HEADER_DEADLINE),
     ("-1", HEADER_DEADLINE), ("nan", HEADER_DEADLINE), ("inf", HEADER_DEADLINE),
     ("soon", HEADER_DEADLINE)],
)  # fmt: skip
def test_the_deadline_for_headers_is_the_servers_own_unless_a_shorter_is_set(
    monkeypatch: pytest.MonkeyPatch, given: str | None, seconds: float
) -> None:
    if given is None:
        monkeypatch.delenv(HEADER_SECONDS_VARIABLE, raising=False)
    else:
        monkeypatch.setenv(HEADER_SECONDS_VARIABLE, given)
    assert bounded_protocol(7).header_seconds == seconds
    assert bounded_protocol(7).connection_limit == 7
