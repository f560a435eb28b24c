"""The page assets shipped inside the package: templates filled in by the server, and
static files (scripts, styles) served as they are."""

from __future__ import annotations

from functools import cache
from pathlib import Path

HERE = Path(__file__).resolve().parent
STATIC = HERE / "static"
TEMPLATES = HERE / "templates"


@cache
def template(name: str) -> str:
    """A page template's text (``templates/NAME``)."""
    return (TEMPLATES / name).read_text("utf-8")
