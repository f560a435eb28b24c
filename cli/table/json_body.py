"""The JSON object a call of the page sends, read within bounds: its size, its nesting and
every text in it checked before any of it is used, so no body can raise past a route.

The page's calls are small and flat (a click's tool is the deepest, two levels down); a
body beyond these bounds is no call the page makes, and is answered 400 with the reason.
"""

from __future__ import annotations

import json

from meridina.json_values import JsonObject
from meridina.recording.writable import unwritable
from starlette.requests import Request

LARGEST_BODY = 16 * 1024  # bytes: a turn, a comment, a click are a few dozen to 2,000
DEEPEST = 8  # levels of nesting ([ or {); the page sends at most 2


class BadBody(ValueError):
    """A body the page would never send; the sentence says what is wrong with it."""


async def json_object(request: Request) -> JsonObject:
    """The call's JSON object; ``BadBody`` for anything else."""
    data = bytearray()
    async for chunk in request.stream():
        data += chunk
        if len(data) > LARGEST_BODY:
            raise BadBody(f"the call is larger than {LARGEST_BODY} bytes")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise BadBody("the call is not UTF-8 text") from None
    if nesting(text) > DEEPEST:
        raise BadBody(f"the call is nested deeper than {DEEPEST} levels")
    try:
        found = json.loads(text)
    except ValueError:
        raise BadBody("the call is not JSON") from None
    if not isinstance(found, dict):
        raise BadBody("the call is not a JSON object")
    check_texts(found)
    return found


def nesting(text: str) -> int:
    """How deep ``text``'s brackets nest, outside its strings (read as JSON would)."""
    depth = deepest = 0
    in_string = escaped = False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif char in "]}":
            depth -= 1
    return deepest


def check_texts(value: object) -> None:
    """``BadBody`` when a text anywhere in ``value`` (a key too) is one a record cannot
    hold: the same check a line typed at ``meridina record`` gets (REC-0)."""
    if isinstance(value, str):
        if (fault := unwritable(value)) is not None:
            raise BadBody(f"REC-0 a text of the call {fault.reason}")
    elif isinstance(value, list):
        for item in value:
            check_texts(item)
    elif isinstance(value, dict):
        for key, item in value.items():
            check_texts(key)
            check_texts(item)
