"""Every page at the table follows the game: a stream of server-sent events says when the
record changed, whoever changed it (another device's page, ``meridina record`` at a
terminal, any program), and the page then fetches the game again.

A stream looks at the file's size, time and identity on disk a few times a second, a look
that costs no read; only when they changed does it ask the recording (one call at a time,
as every call of the page) for the game's new stamp. Streams are bounded in number, since
each holds a connection open, and every one ends as soon as the server is asked to stop.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import threading
from collections.abc import Callable

from meridina import MeridinaError
from meridina.json_values import JsonObject
from meridina.recording import FileMark, Recording, file_mark, turns_version
from meridina.recording.session import Session
from starlette.concurrency import run_in_threadpool
from starlette.responses import JSONResponse
from starlette.types import Message, Receive, Scope, Send

POLL_SECONDS = 0.2  # how often a stream looks at the file: a change shows well within 1 s
KEEP_ALIVE_SECONDS = 15.0  # a comment now and then, so that no proxy or phone drops it
MOST_STREAMS = 16  # pages following one game at once: far more than the devices of a table


def game_stamp(session: Session) -> JsonObject:
    """What a page compares with what it shows: ``version``, the turns played (a page that
    saw others must start its turn again), and ``stamp``, which changes with any change
    the page shows (a comment too)."""
    game = session.game
    shown = [
        [str(game.view.turn_heading(entry)), *(c.text for c in entry.text.comments)]
        for entry in session.entries
    ]
    shown.append([c.text for c in session.record.game.comments])
    digest = hashlib.sha256(json.dumps(shown, ensure_ascii=False).encode("utf-8"))
    return {"version": turns_version(session), "stamp": digest.hexdigest()[:16]}


class GameEvents:
    """The ``/api/record/events`` stream of every page, for one recording; ``locked`` runs
    a call on the recording as the page's other calls are run, one at a time."""

    def __init__(
        self,
        recording: Recording,
        locked: Callable[[Callable[[], JsonObject]], JsonObject],
        stopping: threading.Event,
        most: int = MOST_STREAMS,
    ) -> None:
        self.recording = recording
        self.locked = locked
        self.stopping = stopping
        self.most = most
        self.open = 0  # streams open now (all on the server's one event loop)
        self._known: tuple[FileMark | None, JsonObject] | None = None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if self.open >= self.most:
            refused = f"more than {self.most} pages follow this game: close one and reload"
            await JSONResponse({"error": refused}, status_code=503)(scope, receive, send)
            return
        self.open += 1
        try:
            await self._stream(receive, send)
        finally:
            self.open -= 1

    async def _stream(self, receive: Receive, send: Send) -> None:
        headers = [
            (b"content-type", b"text/event-stream; charset=utf-8"),
            (b"cache-control", b"no-store"),
        ]
        await send({"type": "http.response.start", "status": 200, "headers": headers})
        gone = asyncio.Event()
        watcher = asyncio.create_task(_until_disconnected(receive, gone))
        try:
            sent: JsonObject | None = None
            quiet = 0.0
            while not gone.is_set() and not self.stopping.is_set():
                now = await self._now()
                if now != sent:
                    await send(_body(_event(json.dumps(now, ensure_ascii=False))))
                    sent, quiet = now, 0.0
                elif quiet >= KEEP_ALIVE_SECONDS:
                    await send(_body(b": still here\n\n"))
                    quiet = 0.0
                try:
                    await asyncio.wait_for(gone.wait(), POLL_SECONDS)
                except asyncio.TimeoutError:
                    quiet += POLL_SECONDS
        finally:
            watcher.cancel()
        if not gone.is_set():  # the server stops: end the answer, so the connection closes
            await send(_body(b"", more=False))

    async def _now(self) -> JsonObject:
        """The game's stamp, asked of the recording only when the file changed on disk."""
        mark = file_mark(self.recording.path)
        known = self._known
        if known is not None and mark is not None and known[0] == mark:
            return known[1]

        def stamp() -> JsonObject:
            try:
                return self.recording.look(game_stamp)
            except MeridinaError as fault:
                return {"error": str(fault)}

        now = await run_in_threadpool(self.locked, stamp)
        self._known = (mark, now)
        return now


def _body(data: bytes, more: bool = True) -> Message:
    return {"type": "http.response.body", "body": data, "more_body": more}


def _event(data: str) -> bytes:
    return f"event: game\ndata: {data}\n\n".encode()


async def _until_disconnected(receive: Receive, gone: asyncio.Event) -> None:
    while True:
        message = await receive()
        if message["type"] == "http.disconnect":
            gone.set()
            return
