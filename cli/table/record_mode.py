"""Record mode: the page plays turns into one record file through the public API.

The recording holds the game in memory and the file, under the lock ``meridina record``
takes, only while a call lasts; it reads the file again when something else changed it, so
``meridina record`` at a terminal and the page can take turns on the file. Calls are taken
one at a time: a turn is checked against the game as the last call left it.
"""

from __future__ import annotations

import threading
from collections.abc import Awaitable, Callable
from dataclasses import asdict

from meridina import MeridinaError, Problem
from meridina.json_values import JsonObject
from meridina.recording import MovedOn, Recording
from meridina.recording.session import Session
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import BaseRoute, Route

from .assets import template
from .game_events import GameEvents
from .json_body import BadBody, json_object
from .record_state import record_state, view_state

PAGE = "/record"
LARGEST_TEXT = 2000  # characters of a turn or a comment
LARGEST_WORDS = 8  # a turn's first words asked about
LARGEST_VERSION = 64  # characters of the version a page saw (``Recording.version``: 16)


class BadCall(Exception):
    """A call the page would never make: answered 400 with the reason."""


def record_routes(recording: Recording, stopping: threading.Event | None = None) -> list[BaseRoute]:
    """The page and its calls, for the record file of ``recording``; the pages' event
    streams end once ``stopping`` is set (the server stops)."""
    one_at_a_time = threading.Lock()

    def one_by_one(work: Callable[[], JsonObject]) -> JsonObject:
        with one_at_a_time:
            return work()

    events = GameEvents(recording, one_by_one, stopping or threading.Event())

    def calling(
        work: Callable[[JsonObject], JsonObject],
    ) -> Callable[[Request], Awaitable[Response]]:
        async def endpoint(request: Request) -> Response:
            try:
                body = await json_object(request) if request.method == "POST" else {}
            except BadBody as fault:
                return JSONResponse({"error": str(fault)}, status_code=400)

            def locked() -> JsonObject:
                with one_at_a_time:
                    return work(body)

            try:
                return JSONResponse(await run_in_threadpool(locked))
            except BadCall as fault:
                return JSONResponse({"error": str(fault)}, status_code=400)
            except MovedOn as fault:  # not a rule: the page shows the game as it is now
                return JSONResponse({"error": str(fault), "moved_on": True}, status_code=409)
            except MeridinaError as fault:
                return JSONResponse({"error": str(fault)}, status_code=409)

        return endpoint

    def state(body: JsonObject) -> JsonObject:
        return record_state(recording)

    def legal(body: JsonObject) -> JsonObject:
        return {"turns": recording.legal_turns()}

    def next_words(body: JsonObject) -> JsonObject:
        words = body.get("words")
        if not isinstance(words, list) or len(words) > LARGEST_WORDS:
            raise BadCall(f"words: a list of at most {LARGEST_WORDS} words")
        _still(recording, body)
        found = recording.next_words([_text(word, "a word") for word in words])
        return {"words": list(found.words), "complete": found.complete}

    def check(body: JsonObject) -> JsonObject:
        _still(recording, body)
        return {"problems": _problems(recording.check(_text(body.get("turn"), "turn")))}

    def play(body: JsonObject) -> JsonObject:
        played = recording.play(_text(body.get("turn"), "turn"), seen=_seen(body))
        answer = {
            "written": played.turn,
            "problems": _problems(played.problems),
            "ended": played.ended,
        }
        return {**answer, "state": record_state(recording)}

    def undo(body: JsonObject) -> JsonObject:
        return {"taken": recording.undo(seen=_seen(body)), "state": record_state(recording)}

    def comment(body: JsonObject) -> JsonObject:
        recording.comment(_text(body.get("text"), "text"), seen=_seen(body))
        return {"state": record_state(recording)}

    def view(body: JsonObject) -> JsonObject:
        after = body.get("after")
        if not isinstance(after, int) or isinstance(after, bool):
            raise BadCall("after: a number of turns")
        _still(recording, body)

        def looking(session: Session) -> JsonObject:
            try:
                return view_state(session, after)
            except ValueError as fault:
                raise BadCall(str(fault)) from None

        return recording.look(looking)

    async def page(request: Request) -> Response:
        return HTMLResponse(template("record.html"))

    return [
        Route(PAGE, page),
        Route("/api/record/state", calling(state)),
        Route("/api/record/legal", calling(legal)),
        Route("/api/record/next", calling(next_words), methods=["POST"]),
        Route("/api/record/check", calling(check), methods=["POST"]),
        Route("/api/record/play", calling(play), methods=["POST"]),
        Route("/api/record/undo", calling(undo), methods=["POST"]),
        Route("/api/record/comment", calling(comment), methods=["POST"]),
        Route("/api/record/view", calling(view), methods=["POST"]),
        Route("/api/record/events", events, methods=["GET"]),
    ]


def _problems(problems: tuple[Problem, ...]) -> list[JsonObject]:
    return [asdict(problem) for problem in problems]


def _seen(body: JsonObject) -> str | None:
    """The version of the game the page showed when the call was made (None: not said)."""
    seen = body.get("seen")
    if seen is None:
        return None
    if not isinstance(seen, str) or len(seen) > LARGEST_VERSION:
        raise BadCall(f"seen: a version of at most {LARGEST_VERSION} characters")
    return seen


def _still(recording: Recording, body: JsonObject) -> None:
    """``MovedOn`` when the page asks about a game whose turns changed since it showed it."""
    seen = _seen(body)
    if seen is not None and seen != recording.version():
        raise MovedOn(f"the game moved on: turn {recording.next_turn().number} is to be played now")


def _text(value: object, what: str) -> str:
    if not isinstance(value, str) or len(value) > LARGEST_TEXT:
        raise BadCall(f"{what}: a text of at most {LARGEST_TEXT} characters")
    return value
