"""Every request needs the token printed in the start-up address, as Jupyter asks.

The address carries it once (``?token=...``, to a page: GET or HEAD); the answer to that
request keeps it in a cookie and sends the browser on to the same address without it, so
it is not left in the address bar or the history. No other request is let in by a token
in its address: after the first load the token is in no address at all. The comparison
takes the same time whatever the guess.
"""

from __future__ import annotations

import hmac
import secrets

from starlette.requests import HTTPConnection
from starlette.responses import PlainTextResponse, RedirectResponse
from starlette.types import ASGIApp, Receive, Scope, Send

PARAMETER = "token"
COOKIE = "meridina-table"  # and the port: two tables on one machine keep their own
REFUSED = (
    "meridina table: this page needs the address with the token that 'meridina table' "
    "printed when it started (...?token=...)"
)


def new_token() -> str:
    """A token nobody can guess: 32 random bytes, URL-safe."""
    return secrets.token_urlsafe(32)


def same_token(given: str, token: str) -> bool:
    return hmac.compare_digest(given.encode("utf-8"), token.encode("utf-8"))


def cookie_name(scope: Scope) -> str:
    server = scope.get("server")
    return f"{COOKIE}-{server[1]}" if server and server[1] is not None else COOKIE


class TokenGate:
    """ASGI middleware: a request without the token (in the query or the cookie) gets 403."""

    def __init__(self, app: ASGIApp, token: str) -> None:
        self.app = app
        self.token = token

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        connection = HTTPConnection(scope)
        given = connection.query_params.get(PARAMETER)
        loads = scope["type"] == "http" and scope.get("method") in ("GET", "HEAD")
        if given is not None and loads and same_token(given, self.token):
            await self._keep(connection, scope)(scope, receive, send)
            return
        kept = connection.cookies.get(cookie_name(scope))
        if kept is not None and same_token(kept, self.token):
            await self.app(scope, receive, send)
            return
        await PlainTextResponse(REFUSED, status_code=403)(scope, receive, send)

    def _keep(self, connection: HTTPConnection, scope: Scope) -> RedirectResponse:
        """On to the same address without the token, which the browser keeps as a cookie.

        The cookie is SameSite=Lax: the browser is sent here from a file (``opening_page``),
        a start from another site, after which a Strict cookie is not sent on the very
        redirect that follows. Strict would guard nothing more: every port of this machine
        is the same site to a browser, and changes are guarded by ``same_origin``."""
        rest = connection.url.remove_query_params(PARAMETER)
        target = rest.path + (f"?{rest.query}" if rest.query else "")
        response = RedirectResponse(target, status_code=303)
        response.set_cookie(cookie_name(scope), self.token, httponly=True, samesite="lax", path="/")
        return response
