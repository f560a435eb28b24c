"""Slow clients cannot lock the players out: a connection must finish each request's
headers in time, and at most so many are open at once.

uvicorn waits for a request's headers as long as the client likes, so a few hundred
connections that never finish theirs (no token needed to open one) would hold every file
the process may open, and nobody else would get in. Here a connection that has not sent
its headers within ``HEADER_SECONDS`` of opening (or of its last answer) is closed, and
when a new connection would pass the limit, the one that has waited longest for its
headers is closed instead: a player's browser sends its headers at once, so it is never
the one waiting longest.
"""

from __future__ import annotations

import asyncio
import math
import os

from uvicorn.protocols.http.h11_impl import H11Protocol

HEADER_SECONDS = 10.0  # a phone on a slow network sends its headers well within this
# An internal setting, no option of the command: a test that waits the deadline out sets
# a shorter one here (a positive number of seconds) rather than wait ten seconds.
HEADER_SECONDS_VARIABLE = "MERIDINA_TABLE_HEADER_SECONDS"
MOST_CONNECTIONS = 512  # far more than the devices of a table
FEWEST_CONNECTIONS = 16
BACKLOG = 64  # connections the system holds until they are taken in, and taken in at once
# Of the files the process may open, a quarter at most go to connections kept open. The
# rest: connections taken in but not yet counted (a few batches of BACKLOG, as the event
# loop gets to them), those closed but not yet let go, the record, the server's own.
# Running out would stop the server taking any connection in at all.
FILES_PER_CONNECTION = 4
FILES_WANTED = FILES_PER_CONNECTION * MOST_CONNECTIONS


def most_connections() -> int:
    """How many connections may be open at once: ``MOST_CONNECTIONS``, or fewer where the
    process may open too few files for that (the soft limit is first raised as far as the
    hard one allows, up to what ``MOST_CONNECTIONS`` needs)."""
    try:
        import resource
    except ImportError:  # not on this system: no such limit to mind
        return MOST_CONNECTIONS
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != resource.RLIM_INFINITY and soft < FILES_WANTED:
        wanted = FILES_WANTED if hard == resource.RLIM_INFINITY else min(hard, FILES_WANTED)
        if wanted > soft:
            try:
                resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
                soft = wanted
            except (OSError, ValueError):  # not allowed here: keep the limit as it is
                pass
    if soft == resource.RLIM_INFINITY:
        return MOST_CONNECTIONS
    return max(FEWEST_CONNECTIONS, min(MOST_CONNECTIONS, soft // FILES_PER_CONNECTION))


class BoundedH11Protocol(H11Protocol):
    """uvicorn's HTTP/1.1 protocol with a deadline for headers and a bound on connections."""

    header_seconds = HEADER_SECONDS
    connection_limit = MOST_CONNECTIONS
    # each connection's own once set; uvicorn's constructor is left as it is
    waiting_since: float | None = None  # when it began to wait for headers
    header_deadline: asyncio.TimerHandle | None = None
    cycle_seen: object = None  # the request whose headers were last taken in

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        super().connection_made(transport)  # type: ignore[arg-type]
        self._await_headers()
        open_now = [c for c in self.connections if not c.transport.is_closing()]
        if len(open_now) > self.connection_limit:
            waiting = [c for c in open_now if isinstance(c, BoundedH11Protocol)]
            waiting = [c for c in waiting if c.waiting_since is not None]
            if waiting:
                min(waiting, key=_waited_since)._close()

    def connection_lost(self, exc: Exception | None) -> None:
        self._stop_waiting()
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        self._notice_request()

    def on_response_complete(self) -> None:
        self._await_headers()  # the next request's headers, on a connection kept open
        super().on_response_complete()
        self._notice_request()  # a request sent before the answer came is under way

    def _notice_request(self) -> None:
        """Stop waiting once a new request's headers are in (uvicorn then starts a cycle)."""
        if self.cycle is not None and self.cycle is not self.cycle_seen:
            self.cycle_seen = self.cycle
            self._stop_waiting()

    def _await_headers(self) -> None:
        self._stop_waiting()
        if self.transport.is_closing():
            return
        self.waiting_since = self.loop.time()
        self.header_deadline = self.loop.call_later(self.header_seconds, self._close)

    def _stop_waiting(self) -> None:
        self.waiting_since = None
        if self.header_deadline is not None:
            self.header_deadline.cancel()
            self.header_deadline = None

    def _close(self) -> None:
        self._stop_waiting()
        if not self.transport.is_closing():
            self.transport.close()


def _waited_since(connection: BoundedH11Protocol) -> float:
    return connection.waiting_since if connection.waiting_since is not None else float("inf")


def header_seconds() -> float:
    """How long a connection may take to send a request's headers: ``HEADER_SECONDS``,
    unless the environment's ``HEADER_SECONDS_VARIABLE`` gives a positive number."""
    try:
        given = float(os.environ.get(HEADER_SECONDS_VARIABLE, ""))
    except ValueError:
        return HEADER_SECONDS
    return given if math.isfinite(given) and given > 0 else HEADER_SECONDS


def bounded_protocol(limit: int) -> type[BoundedH11Protocol]:
    """The protocol class for a server that keeps at most ``limit`` connections open, with
    the deadline ``header_seconds`` gives for each request's headers."""
    settings = {"connection_limit": limit, "header_seconds": header_seconds()}
    return type("TableH11Protocol", (BoundedH11Protocol,), settings)
