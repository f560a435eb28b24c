"""What the table's server refuses, in both modes: a text a record cannot hold, a change
sent from another page in the same browser, and bodies too large or too deep, each
answered with a sentence, never a traceback, and nothing written."""

from __future__ import annotations

import json
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from meridina import Recording
from meridina.cli.table.app import make_app
from meridina.cli.table.position.position_mode import PositionSetup, position_routes
from meridina.cli.table.record_mode import PAGE, record_routes
from table_games import TOKEN, TestClient

MEDINA = '[Game "Medina"]\n[Edition "1"]\n[Players "Ann red; Ben blue; Cy green"]\n'
MEDINA += '[Setup "merchant H7"]\n'
JSON = "application/json"
OWN = "http://testserver"  # the test client's own origin
ANOTHER_PORT = "http://testserver:5173"  # a page served on another port of the machine
FIRST_TURN = {"turn": "red orange@E5 wall@B1"}

# Every call that may change something, with a body the page would send.
RECORD_CALLS = [
    ("/api/record/play", FIRST_TURN),
    ("/api/record/check", FIRST_TURN),
    ("/api/record/next", {"words": ["red"]}),
    ("/api/record/undo", {}),
    ("/api/record/comment", {"text": "a good start"}),
]
POSITION_CALLS = [
    ("/position/api/click", {"tool": {"kind": "building", "colour": "grey"}, "target": "E5"}),
    ("/position/api/change", {"action": "street"}),
    ("/position/api/save", {}),
]


def record_client(tmp_path: Path) -> tuple[TestClient, Path]:
    path = tmp_path / "game.mrec"
    path.write_text(MEDINA, "utf-8")
    app = make_app(record_routes(Recording(path)), TOKEN, PAGE)
    client = TestClient(app, raise_server_exceptions=False)
    assert client.get(f"/?token={TOKEN}").status_code == 200
    return client, path


def position_client(tmp_path: Path) -> tuple[TestClient, Path]:
    path = tmp_path / "position.mrec"
    setup = PositionSetup(path, "medina", "Ann red; Ben blue; Cy green", edition="1")
    app = make_app(position_routes(setup), TOKEN, "/position")
    client = TestClient(app, raise_server_exceptions=False)
    assert client.get(f"/?token={TOKEN}").status_code == 200
    return client, path


def post(client: TestClient, address: str, body: bytes, **headers: str) -> Any:
    sent = {"Content-Type": JSON, **{k.replace("_", "-"): v for k, v in headers.items()}}
    return client.post(address, content=body, headers=sent)


def files_of(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in folder.iterdir()}


# ---------------------------------------------------------------- texts a record cannot hold


@pytest.mark.parametrize(
    "text", ["a\\u0000b", "before \\ud800 after", "\\udfff"], ids=["nul", "high", "low"]
)
def test_a_comment_a_record_cannot_hold_is_refused_and_the_game_goes_on(
    tmp_path: Path, text: str
) -> None:
    client, path = record_client(tmp_path)
    before = path.read_bytes()
    body = b'{"text": "' + text.encode("utf-8") + b'"}'
    answer = post(client, "/api/record/comment", body)
    assert answer.status_code == 400
    assert answer.json()["error"].startswith("REC-0 a text of the call holds a ")
    assert path.read_bytes() == before
    assert client.get("/api/record/state").status_code == 200
    played = post(client, "/api/record/play", json.dumps(FIRST_TURN).encode())
    assert played.json()["written"] == "1. red orange@E5 wall@B1"


@pytest.mark.parametrize("call", ["play", "check", "next"])
def test_a_turn_holding_text_a_record_cannot_hold_is_refused_before_it_is_read(
    tmp_path: Path, call: str
) -> None:
    client, path = record_client(tmp_path)
    before = path.read_bytes()
    turn = '"red orange@E5 wall@B1 {\\ud83d}"'
    body = (f'{{"words": [{turn}]}}' if call == "next" else f'{{"turn": {turn}}}').encode()
    answer = post(client, f"/api/record/{call}", body)
    assert answer.status_code == 400 and "REC-0" in answer.json()["error"]
    assert path.read_bytes() == before


# ---------------------------------------------------------------- another page on the machine


@pytest.mark.parametrize(
    ("mode", "calls"), [("record", RECORD_CALLS), ("position", POSITION_CALLS)]
)
def test_a_change_from_another_page_in_the_browser_is_refused(
    tmp_path: Path, mode: str, calls: list[tuple[str, dict[str, Any]]]
) -> None:
    client, _ = record_client(tmp_path) if mode == "record" else position_client(tmp_path)
    before = files_of(tmp_path)
    for address, body in calls:
        sent = json.dumps(body).encode()
        refused = [
            post(client, address, sent, Origin=ANOTHER_PORT),
            post(client, address, sent, Origin=ANOTHER_PORT, Sec_Fetch_Site="same-site"),
            post(client, address, sent, Sec_Fetch_Site="same-site"),
            post(client, address, sent, Sec_Fetch_Site="cross-site"),
            post(client, address, sent, Origin="null"),
        ]
        for answer in refused:
            assert answer.status_code == 403, (address, answer.text)
            assert "the table's own page" in answer.json()["error"]
        # a form can post from anywhere without asking first, but not as JSON
        for kind in ("text/plain", "application/x-www-form-urlencoded", "multipart/form-data"):
            answer = post(client, address, sent, Content_Type=kind)
            assert answer.status_code == 415, (address, kind)
        assert files_of(tmp_path) == before
    # the page's own calls, as a browser sends them, go through
    address, body = calls[0]
    own = post(client, address, json.dumps(body).encode(), Origin=OWN, Sec_Fetch_Site="same-origin")
    assert own.status_code == 200, own.text


@pytest.mark.parametrize(
    ("mode", "calls"), [("record", RECORD_CALLS), ("position", POSITION_CALLS)]
)
def test_after_the_first_load_a_token_in_an_address_lets_no_call_in(
    tmp_path: Path, mode: str, calls: list[tuple[str, dict[str, Any]]]
) -> None:
    client, _ = record_client(tmp_path) if mode == "record" else position_client(tmp_path)
    client.cookies.clear()
    before = files_of(tmp_path)
    for address, body in calls:
        answer = post(client, f"{address}?token={TOKEN}", json.dumps(body).encode())
        assert answer.status_code == 403, address
    assert files_of(tmp_path) == before


# ---------------------------------------------------------------- bodies too large or deep


def every_post_call(tmp_path: Path, open_clients: ExitStack) -> list[tuple[TestClient, str]]:
    """Each call that may change something, with a client of its mode; the clients stay
    open (one event loop for all their requests) until ``open_clients`` closes them."""
    record = open_clients.enter_context(record_client(tmp_path / "record")[0])
    position = open_clients.enter_context(position_client(tmp_path / "position")[0])
    return [(record, address) for address, _ in RECORD_CALLS] + [
        (position, address) for address, _ in POSITION_CALLS
    ]


def test_a_body_nested_thousands_deep_is_refused_with_a_sentence(tmp_path: Path) -> None:
    (tmp_path / "record").mkdir()
    (tmp_path / "position").mkdir()
    deep = b"[" * 8000 + b"]" * 8000  # 16,000 bytes, within the size bound
    keyed = b'{"text": ' + b"[" * 5000 + b"]" * 5000 + b"}"
    with ExitStack() as open_clients:
        for client, address in every_post_call(tmp_path, open_clients):
            nested = b'{"tool": {"a": {"b": {"c": {"d": {"e": {"f": {"g": {}}}}}}}}}'
            for body in (deep, keyed, nested):
                answer = post(client, address, body)
                assert answer.status_code == 400, (address, answer.text)
                assert answer.json()["error"] == "the call is nested deeper than 8 levels"
            too_large = post(client, address, b'{"text": "' + b"x" * 20_000 + b'"}')
            assert too_large.status_code == 400
            assert too_large.json()["error"] == "the call is larger than 16384 bytes"
            # brackets inside a text are text, not nesting
            inside = post(client, address, b'{"text": "' + b"[{" * 3000 + b'"}')
            assert "nested" not in inside.text


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3)
    ),
    max_leaves=8,
)
FIELDS = ["turn", "words", "text", "tool", "target", "action", "colour", "holder", "tower",
          "player", "count", "card", "played", "replace", "kind", "owner"]  # fmt: skip


@settings(max_examples=60, deadline=None)
@given(body=st.dictionaries(st.sampled_from(FIELDS), JSON_VALUES, max_size=4))
def test_any_json_object_is_answered_never_crashed(
    tmp_path_factory: Any, body: dict[str, Any]
) -> None:
    folder = tmp_path_factory.mktemp("calls")
    (folder / "record").mkdir()
    (folder / "position").mkdir()
    sent = json.dumps(body).encode()
    with ExitStack() as open_clients:
        for client, address in every_post_call(folder, open_clients):
            answer = post(client, address, sent)
            assert answer.status_code in (200, 400, 409), (address, body, answer.text)
            assert "error" in answer.json() or answer.status_code == 200
