"""The table's web application: the routes of one mode, the rules' texts, the page assets,
all behind the start-up token."""

from __future__ import annotations

from collections.abc import Sequence

from starlette.applications import Starlette
from starlette.datastructures import MutableHeaders
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import BaseRoute, Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from .assets import STATIC
from .rule_route import rule_route
from .same_origin import SameOriginGate
from .token_gate import TokenGate

# The page's own assets only: no address outside this server is ever asked for.
SECURITY_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
        "img-src 'self' data:; connect-src 'self'; form-action 'self'; base-uri 'none'; "
        "frame-ancestors 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
}


def make_app(routes: Sequence[BaseRoute], token: str, home: str) -> Starlette:
    """The application serving ``routes`` (one mode's pages and calls), ``home`` the page
    the bare address leads to; every request needs ``token``, and every change must come
    from the page itself."""

    async def go_home(request: Request) -> Response:
        return RedirectResponse(home, status_code=303)

    return Starlette(
        routes=[
            Route("/", go_home),
            *routes,
            rule_route(),
            Mount("/static", app=StaticFiles(directory=STATIC), name="static"),
        ],
        middleware=[
            Middleware(TokenGate, token=token),
            Middleware(SameOriginGate),
            Middleware(SecurityHeaders),
        ],
    )


class SecurityHeaders:
    """ASGI middleware: every answer says the page loads nothing from elsewhere."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                for name, value in SECURITY_HEADERS.items():
                    headers.setdefault(name, value)
            await send(message)

        await self.app(scope, receive, with_headers)
