"""Every relative link in README.md and the documentation pages (docs/*.md) points at a file
that exists, so that the text reads on a forge with no site built, and a link into a heading
of a Markdown file names a heading that is there."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

TOP = Path(__file__).resolve().parent.parent
DOCUMENTS = [TOP / "README.md", *sorted((TOP / "docs").glob("*.md"))]
LINK = re.compile(r"\]\(([^)\s]+)\)")
HEADING = re.compile(r"^#{1,6} (.+?)\s*$", re.MULTILINE)


def prose(text: str) -> str:
    """The text outside code: indented code blocks, fenced blocks and code spans dropped."""
    text = re.sub(r"^```.*?^```", "", text, flags=re.MULTILINE | re.DOTALL)
    text = "\n".join(line for line in text.split("\n") if not line.startswith("    "))
    return re.sub(r"`[^`\n]*`", "", text)


def relative_links(document: Path) -> list[str]:
    return [
        target
        for target in LINK.findall(prose(document.read_text("utf-8")))
        if "://" not in target and not target.startswith(("#", "/", "mailto:"))
    ]


def slug(heading: str) -> str:
    """A heading's anchor as Markdown's table of contents makes it."""
    text = re.sub(r"[`*_]|\[([^\]]*)\]\([^)]*\)", r"\1", heading).strip().lower()
    return re.sub(r"[-\s]+", "-", re.sub(r"[^\w\s-]", "", text))


def anchors(document: Path) -> set[str]:
    return {slug(heading) for heading in HEADING.findall(prose(document.read_text("utf-8")))}


LINKS = [(document, target) for document in DOCUMENTS for target in relative_links(document)]


def test_readme_links_into_each_documentation_page() -> None:
    linked = {
        (TOP / target.split("#")[0]).resolve() for target in relative_links(TOP / "README.md")
    }
    pages = set((TOP / "docs").glob("*.md"))
    assert {page.resolve() for page in pages} <= linked


@pytest.mark.parametrize(
    ("document", "target"),
    LINKS,
    ids=[f"{document.relative_to(TOP).as_posix()}->{target}" for document, target in LINKS],
)
def test_each_relative_link_points_at_a_file(document: Path, target: str) -> None:
    path, _, fragment = target.partition("#")
    linked = (document.parent / path).resolve()
    assert linked.is_file(), f"{document.relative_to(TOP)}: no file {target}"
    assert linked.is_relative_to(TOP), f"{document.relative_to(TOP)}: {target} is outside"
    if fragment and linked.suffix == ".md":
        assert fragment in anchors(linked), f"{document.relative_to(TOP)}: no heading #{fragment}"
