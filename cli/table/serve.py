"""Start the table's server: listen, say the address, open the browser, serve until stopped."""

from __future__ import annotations

import ipaddress
import socket
import threading
import webbrowser
from collections.abc import Callable, Sequence
from contextlib import ExitStack
from pathlib import Path

import click
import uvicorn
from meridina.notation.driver import RulingDefaults
from meridina.recording import recording_under
from meridina.shown import shown
from starlette.applications import Starlette
from starlette.routing import BaseRoute

from ..formats.exits import EXIT_UNREADABLE
from .app import make_app
from .opening_page import opening_page
from .position.position_mode import position_routes
from .position.position_setup import PositionSetup
from .record_mode import PAGE, record_routes
from .slow_clients import BACKLOG, bounded_protocol, most_connections
from .token_gate import PARAMETER, new_token

WILDCARDS = ("0.0.0.0", "::", "")
LOOPBACK = "127.0.0.1"
GRACE_SECONDS = 5  # a stop waits this long at most for answers under way to end
POSITION_PAGE = "/position"


def serve_record(
    path: Path, rulings: RulingDefaults | None, host: str, port: int, browser: bool
) -> int:
    """Serve record mode for the record at ``path`` until stopped; the exit status."""
    recording = recording_under(path, rulings)
    stopping = threading.Event()  # the pages' event streams end when it is set
    routes = record_routes(recording, stopping)
    return serve_routes(routes, PAGE, host, port, browser, f"recording into {path}", stopping.set)


def serve_position(setup: PositionSetup, host: str, port: int, browser: bool) -> int:
    """Serve position mode for a new record at ``setup.path`` until stopped; the status."""
    routes = position_routes(setup)
    return serve_routes(routes, POSITION_PAGE, host, port, browser, f"position into {setup.path}")


def serve_routes(
    routes: Sequence[BaseRoute],
    home: str,
    host: str,
    port: int,
    browser: bool,
    what: str,
    stopping: Callable[[], None] = lambda: None,
) -> int:
    """Serve one mode's ``routes`` (``home`` its page) behind a new token until stopped;
    ``stopping`` is called as the server begins to stop."""
    token = new_token()
    return serve(make_app(routes, token, home), token, host, port, browser, what, stopping)


def serve(
    app: Starlette,
    token: str,
    host: str,
    port: int,
    browser: bool,
    what: str,
    stopping: Callable[[], None] = lambda: None,
) -> int:
    try:
        listening = listen(host, port)
    except OSError as error:
        click.echo(
            shown(f"meridina: cannot listen on {host} port {port} ({error.strerror or error})"),
            err=True,
        )
        return EXIT_UNREADABLE
    bound = listening.getsockname()[1]
    url = f"http://{_url_host(host)}:{bound}/?{PARAMETER}={token}"

    with ExitStack() as stack:
        page = stack.enter_context(opening_page(url)) if browser else None

        def started() -> None:
            click.echo(shown(f"meridina table: {what}"))
            click.echo(url)
            if not is_loopback(host):
                click.echo("meridina table: open this address on a phone on the same network")
            click.echo("meridina table: stop with Ctrl-C")
            if page is not None:  # the token stays out of the browser's command line
                webbrowser.open(page.as_uri())

        AnnouncingServer(server_config(app), started, stopping).run(sockets=[listening])
    return 0


def server_config(app: Starlette) -> uvicorn.Config:
    """uvicorn's settings for the table: quiet, HTTP/1.1 with a deadline for each request's
    headers and a bound on open connections, no WebSocket (the page uses none)."""
    return uvicorn.Config(
        app,
        log_level="warning",
        lifespan="off",
        access_log=False,
        http=bounded_protocol(most_connections()),
        backlog=BACKLOG,
        ws="none",
        timeout_graceful_shutdown=GRACE_SECONDS,
    )


class AnnouncingServer(uvicorn.Server):
    """A server that says its address once it serves, and so takes Ctrl-C from then on
    (a stop before that would leave its start half made)."""

    def __init__(
        self,
        config: uvicorn.Config,
        started: Callable[[], None],
        stopping: Callable[[], None] = lambda: None,
    ) -> None:
        super().__init__(config)
        self.started_callback = started
        self.stopping_callback = stopping

    async def startup(self, sockets: list[socket.socket] | None = None) -> None:
        await super().startup(sockets)
        if not self.should_exit:
            self.started_callback()

    async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
        self.stopping_callback()  # open answers that would never end (event streams) end
        await super().shutdown(sockets)


def listen(host: str, port: int) -> socket.socket:
    """A socket listening on ``host`` at ``port`` (0: a free port the system picks)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    return socket.create_server((host, port), family=family, backlog=BACKLOG)


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def _url_host(host: str) -> str:
    """The address to print: the machine's own where it listens on every address."""
    if host in WILDCARDS:
        host = _own_address()
    return f"[{host}]" if ":" in host else host


def _own_address() -> str:
    """This machine's address on its network: the one a datagram to a documentation
    address would leave from (connecting a datagram socket sends nothing)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))
            return str(probe.getsockname()[0])
        except OSError:
            return LOOPBACK
