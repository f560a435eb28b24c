"""Position mode: click a finished table onto an empty board, see its score and every
open problem at once, and save it as a record.

``position_routes`` gives the page and its JSON under ``/position``; the app that serves
them (and the token every request may need) is the ``table`` command's.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from html import escape
from importlib.resources import files

from meridina.json_values import JsonObject
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import BaseRoute, Route

from ..json_body import BadBody, json_object
from .position_board import PositionBoard
from .position_pieces import BadClick
from .position_setup import PositionSetup

__all__ = ["PositionSetup", "position_routes"]

PREFIX = "/position"
ASSETS = {
    "position.js": "text/javascript; charset=utf-8",
    "position.css": "text/css; charset=utf-8",
    "board-zoom.js": "text/javascript; charset=utf-8",  # shared with record mode
}
NO_STORE = {"Cache-Control": "no-store"}


def _package_text(folder: str, name: str) -> str:
    return (
        files("meridina.cli").joinpath("table").joinpath(folder).joinpath(name).read_text("utf-8")
    )


class BadRequest(ValueError):
    """A request body that is not what the page sends."""


def _answer(
    work: Callable[[JsonObject], JsonObject],
) -> Callable[[Request], Awaitable[Response]]:
    """An endpoint that reads the JSON body, does ``work`` off the event loop and answers
    with the board as it then stands; a malformed request is answered 400, never raised."""

    async def endpoint(request: Request) -> Response:
        try:
            data = await json_object(request)
            return JSONResponse(await run_in_threadpool(work, data), headers=NO_STORE)
        except (BadBody, BadRequest, BadClick) as fault:
            return JSONResponse({"error": str(fault)}, status_code=400, headers=NO_STORE)

    return endpoint


def position_routes(setup: PositionSetup) -> list[BaseRoute]:
    """The page, its assets and its JSON API for a new position record at ``setup.path``.

    Raises ``OpenFault`` (with a sentence naming the option at fault; the command ends
    on it) when the options make no header, or the file already exists: position mode
    starts a new record, as ``record --position`` does.
    """
    board = PositionBoard(setup)

    async def page(request: Request) -> Response:
        # the address it was opened with goes into no address the page asks for
        html = _package_text("templates", "position.html")
        html = html.replace("{{TITLE}}", escape(f"{board.title} position: {setup.path.name}"))
        return HTMLResponse(html, headers=NO_STORE)

    async def asset(request: Request) -> Response:
        name = request.path_params["name"]
        if name not in ASSETS:
            return Response("not found", status_code=404, media_type="text/plain")
        return Response(_package_text("static", name), media_type=ASSETS[name])

    async def state(request: Request) -> Response:
        return JSONResponse(await run_in_threadpool(board.view), headers=NO_STORE)

    def click(data: JsonObject) -> JsonObject:
        tool, target = data.get("tool"), data.get("target")
        if not isinstance(tool, dict) or not isinstance(target, str) or len(target) > 8:
            raise BadRequest("a click names a tool and a place on the board")
        return board.click(tool, target)

    def save(data: JsonObject) -> JsonObject:
        return board.save(replace_other=data.get("replace") is True)

    return [
        Route(PREFIX, page, methods=["GET"]),
        Route(PREFIX + "/static/{name}", asset, methods=["GET"]),
        Route(PREFIX + "/api/state", state, methods=["GET"]),
        Route(PREFIX + "/api/click", _answer(click), methods=["POST"]),
        Route(PREFIX + "/api/change", _answer(board.change), methods=["POST"]),
        Route(PREFIX + "/api/save", _answer(save), methods=["POST"]),
    ]
