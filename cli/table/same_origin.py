"""Only the table's own page changes the game: another page in the same browser is refused.

The token's cookie is SameSite=Strict, but every port of one machine is the same site: a
page served on another local port (any development server, any other tool) could post to
the table with the player's cookie. So every call that is not a plain read (GET, HEAD)
must come from the page's own origin, as the browser states it (``Origin``,
``Sec-Fetch-Site``), and must be JSON: a page elsewhere cannot send that without asking
first, and the table never says yes. A client that is not a browser sends neither header;
it still needs the token.
"""

from __future__ import annotations

from starlette.datastructures import Headers
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Receive, Scope, Send

READS = frozenset({"GET", "HEAD"})
JSON = "application/json"
ELSEWHERE = (
    "meridina table: a change to the game must come from the table's own page "
    "(this call came from another page in the browser)"
)
NOT_JSON = "meridina table: a change to the game is sent as JSON (Content-Type: application/json)"


def refusal(scope: Scope) -> tuple[int, str] | None:
    """Why a call must be refused (its status and sentence), or None to let it through."""
    headers = Headers(scope=scope)
    fetched_from = headers.get("sec-fetch-site")
    if fetched_from is not None and fetched_from != "same-origin":
        return 403, ELSEWHERE
    origin = headers.get("origin")
    if origin is not None and origin != own_origin(scope, headers):
        return 403, ELSEWHERE
    media_type = headers.get("content-type", "").split(";", 1)[0].strip().lower()
    if media_type != JSON:
        return 415, NOT_JSON
    return None


def own_origin(scope: Scope, headers: Headers) -> str:
    """The origin the page was loaded from: the address this request was sent to."""
    return f"{scope.get('scheme', 'http')}://{headers.get('host', '')}"


class SameOriginGate:
    """ASGI middleware: a call that changes anything must come, as JSON, from this page."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope.get("method") not in READS:
            refused = refusal(scope)
            if refused is not None:
                status, sentence = refused
                response = JSONResponse({"error": sentence}, status_code=status)
                await response(scope, receive, send)
                return
        await self.app(scope, receive, send)
