"""``/rules/ID``: a rule's text from the rules digest, as ``meridina rules ID`` shows it."""

from __future__ import annotations

import html
import re

from starlette.requests import Request
from starlette.responses import HTMLResponse, Response
from starlette.routing import Route

from ..formats.rule_texts import rule_page

RULE_ID = re.compile(r"[A-Z]{2,8}-[A-Z]{0,4}[0-9]{1,4}")


def rule_route() -> Route:
    return Route("/rules/{code}", show_rule)


async def show_rule(request: Request) -> Response:
    code = str(request.path_params["code"]).upper()
    page = rule_page(code) if code.isascii() and RULE_ID.fullmatch(code) else None
    if page is None:
        return HTMLResponse(_page(code[:20], "There is no such rule."), status_code=404)
    return HTMLResponse(_page(code, page))


def _page(code: str, text: str) -> str:
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{html.escape(code)}</title>"
        '<link rel="stylesheet" href="/static/table.css"></head>'
        f'<body class="rule"><pre>{html.escape(text)}</pre></body></html>\n'
    )
