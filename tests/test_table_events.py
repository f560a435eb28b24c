"""Every page at the table follows the game: the event stream of record mode (the token,
a change by any writer of the file, the bound on open streams, a stop it does not hold up)
and a click on a game that moved on since the page showed it."""

from __future__ import annotations

import json
import queue
import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx
import meridina
import pytest
from meridina.cli.table.game_events import MOST_STREAMS
from table_games import Served, client_for, closed_clients

__all__ = ["closed_clients"]  # closes the clients each test opens

MEDINA = (
    '[Game "Medina"]\n[Edition "1"]\n[Players "Ann red; Ben blue; Cy green"]\n'
    '[Setup "merchant H7"]\n'
)
TURNS = ("red orange@E5 wall@B1", "blue grey@G9 wall@C1", "green orange@E6 wall@D1")
EVENTS = "/api/record/events"
WAIT = 10.0  # seconds an event may take on a busy machine (the page's own bound is 1 s)


def new_record(tmp_path: Path) -> Path:
    path = tmp_path / "game.mrec"
    path.write_text(MEDINA, "utf-8")
    return path


@pytest.fixture
def served(tmp_path: Path) -> Iterator[Served]:
    table = Served(new_record(tmp_path))
    try:
        yield table
    finally:
        table.stop()


@contextmanager
def signed_in(served: Served) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=served.base, follow_redirects=True, timeout=30) as client:
        assert client.get(served.url).status_code == 200
        yield client


class Stream:
    """An event stream read on its own thread: each event's data, in order."""

    def __init__(self, client: httpx.Client) -> None:
        self.events: queue.Queue[dict[str, object] | None] = queue.Queue()
        self.status: queue.Queue[int] = queue.Queue()
        self.thread = threading.Thread(target=self._read, args=(client,), daemon=True)
        self.thread.start()
        self.code = self.status.get(timeout=WAIT)

    def _read(self, client: httpx.Client) -> None:
        try:
            with client.stream("GET", EVENTS, timeout=httpx.Timeout(30, read=None)) as answer:
                self.status.put(answer.status_code)
                for line in answer.iter_lines():
                    if line.startswith("data: "):
                        self.events.put(json.loads(line[len("data: ") :]))
        except httpx.HTTPError as error:  # cut off, not ended by the server
            self.events.put({"cut": str(error)})
            return
        self.events.put(None)  # the server ended the stream

    def next(self) -> dict[str, object] | None:
        return self.events.get(timeout=WAIT)


def test_the_stream_needs_the_token(served: Served) -> None:
    assert httpx.get(served.base + EVENTS).status_code == 403
    with httpx.Client(base_url=served.base) as client:
        client.cookies.set("meridina-table-" + served.base.rsplit(":", 1)[1], "not-the-token")
        assert client.get(EVENTS).status_code == 403


def test_every_change_of_the_file_is_told_whoever_made_it(tmp_path: Path, served: Served) -> None:
    path = tmp_path / "game.mrec"
    with signed_in(served) as client, signed_in(served) as other:
        stream = Stream(client)
        assert stream.code == 200
        first = stream.next()
        assert (
            first is not None
            and first["version"] == client.get("/api/record/state").json()["version"]
        )
        # a turn played on another device's page
        played = other.post("/api/record/play", json={"turn": TURNS[0]}).json()
        assert played["written"]
        told = stream.next()
        assert (
            told is not None and told["version"] == played["state"]["version"] != first["version"]
        )
        # a turn typed into the same file by the recorder, as ``meridina record`` does
        assert meridina.Recording(path).play(TURNS[1]).written
        typed = stream.next()
        assert typed is not None and typed["version"] != told["version"]
        assert client.get("/api/record/state").json()["version"] == typed["version"]
        # a comment changes what is shown, not the turns
        assert other.post("/api/record/comment", json={"text": "well played"}).status_code == 200
        commented = stream.next()
        assert commented is not None
        assert (commented["version"], commented["stamp"]) == (typed["version"], commented["stamp"])
        assert commented["stamp"] != typed["stamp"]


def test_open_streams_are_bounded(served: Served) -> None:
    with signed_in(served) as client:
        streams = [Stream(client) for _ in range(MOST_STREAMS)]
        assert [s.code for s in streams] == [200] * MOST_STREAMS
        refused = client.get(EVENTS)
        assert refused.status_code == 503 and "pages follow this game" in refused.json()["error"]
        assert client.get("/api/record/state").status_code == 200  # the page still answers


def test_an_open_stream_does_not_keep_the_server_from_stopping(served: Served) -> None:
    with signed_in(served) as client:
        stream = Stream(client)
        assert stream.next() is not None
        served.process.terminate()
        served.process.wait(WAIT)
        assert served.process.returncode in (0, -signal.SIGTERM)  # uvicorn ends by the signal
        assert stream.next() is None  # the server ended the answer, not cut it at its grace


def test_a_click_on_a_game_that_moved_on_is_answered_so(tmp_path: Path) -> None:
    path = new_record(tmp_path)
    page, other = client_for(path), client_for(path)
    seen = page.get("/api/record/state").json()["version"]
    assert other.post("/api/record/play", json={"turn": TURNS[0], "seen": seen}).json()["written"]
    before = path.read_bytes()
    for call, body in (
        ("/api/record/play", {"turn": TURNS[0], "seen": seen}),
        ("/api/record/next", {"words": ["red"], "seen": seen}),
        ("/api/record/check", {"turn": TURNS[0], "seen": seen}),
        ("/api/record/undo", {"seen": seen}),
        ("/api/record/comment", {"text": "late", "seen": seen}),
    ):
        answer = page.post(call, json=body)
        assert answer.status_code == 409, call
        said = answer.json()
        assert said["moved_on"] is True
        assert said["error"] == "the game moved on: turn 2 is to be played now"
    assert path.read_bytes() == before
    now = page.get("/api/record/state").json()["version"]
    assert page.post("/api/record/play", json={"turn": TURNS[1], "seen": now}).json()["written"]
    assert page.post("/api/record/play", json={"turn": TURNS[2], "seen": 5}).status_code == 400
