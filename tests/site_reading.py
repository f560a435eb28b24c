"""Reading a club site (``meridina site``) back in the tests: its links, its standings
tables, its files."""

from __future__ import annotations

import html
import re
from html.parser import HTMLParser
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

from meridina.shown import visible_in_markup
from meridina.tools.standings import Table


class Links(HTMLParser):
    """Every href and src of a page."""

    def __init__(self) -> None:
        super().__init__()
        self.links: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if name in ("href", "src", "xlink:href") and value is not None:
                self.links.append(value)


def links_of(page: Path) -> list[str]:
    reader = Links()
    reader.feed(page.read_text("utf-8"))
    return reader.links


def pages_of(site: Path) -> list[Path]:
    return sorted(site.rglob("*.html"))


def broken_links(site: Path) -> list[str]:
    """The links of the site's pages that are not relative links to a file in the site."""
    broken = []
    top = site.resolve()
    for page in pages_of(site):
        for link in links_of(page):
            parts = urlsplit(link)
            if parts.scheme or parts.netloc or link.startswith("/") or not parts.path:
                broken.append(f"{page.name}: {link}")
                continue
            target = (page.parent / unquote(parts.path)).resolve()
            if not target.is_relative_to(top) or not target.is_file():
                broken.append(f"{page.name}: {link}")
    return broken


def cells(row: str) -> list[str]:
    return [
        html.unescape(re.sub(r"<[^>]+>", "", cell))
        for cell in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)
    ]


def standings_shown(page: str) -> list[tuple[str, list[list[str]]]]:
    """The standings tables of a home page: each title and its rows' cells."""
    found = re.findall(
        r"<h3>(.*?)</h3>.*?<table class=\"standings\">.*?<tbody>(.*?)</tbody>", page, re.S
    )
    return [
        (html.unescape(title), [cells(row) for row in re.findall(r"<tr>(.*?)</tr>", body, re.S)])
        for title, body in found
    ]


def standings_said(document: dict[str, Any]) -> list[tuple[str, list[list[str]]]]:
    """The tables of ``score --standings --format json``, as the site shows them."""
    return [
        (
            Table(table["name"], table["edition"], table["player_count"]).title,
            [
                [
                    str(row["rank"]),
                    visible_in_markup(row["name"]),
                    str(row["games"]),
                    str(row["wins"]),
                    str(row["points"]),
                    f"{row['average']:.2f}",
                ]
                for row in table["players"]
            ],
        )
        for table in document["tables"]
    ]


def tables_shown(page: str, css_class: str) -> list[tuple[str, list[list[str]]]]:
    """The tables of a class (``ratings``, ``seats``) of a home page: each heading and its
    rows' cells."""
    found = re.findall(
        rf"<h3>([^<]*)</h3>(?:(?!<h3>).)*?<table class=\"{css_class}\">.*?<tbody>(.*?)</tbody>",
        page,
        re.S,
    )
    return [
        (html.unescape(title), [cells(row) for row in re.findall(r"<tr>(.*?)</tr>", body, re.S)])
        for title, body in found
    ]


def ratings_said(document: dict[str, Any]) -> list[tuple[str, list[list[str]]]]:
    """The tables of ``ratings --format json``, as the site shows them."""
    return [
        (
            table["name"],
            [
                [
                    str(row["rank"]),
                    visible_in_markup(row["name"]),
                    str(row["games"]),
                    str(row["wins"]),
                    f"{row['rating']:.2f}",
                    f"{row['mu']:.2f}",
                    f"{row['sigma']:.2f}",
                ]
                for row in table["players"]
            ],
        )
        for table in document["tables"]
    ]


def seats_said(document: dict[str, Any]) -> list[tuple[str, list[list[float]]]]:
    """The win rates by seat of ``stats --format json``: seat, games, wins, and the rate
    and its interval in percent."""
    return [
        (
            Table(table["name"], table["edition"], table["player_count"]).title,
            [
                [
                    seat["seat"],
                    seat["games"],
                    seat["wins"],
                    100 * seat["rate"],
                    100 * seat["low"],
                    100 * seat["high"],
                ]
                for seat in table["seats"]
            ],
        )
        for table in document["tables"]
    ]


def seats_shown(page: str) -> list[tuple[str, list[list[float]]]]:
    """The win rates by seat of a home page, as ``seats_said`` gives them."""
    return [
        (title, [[float(n) for n in re.findall(r"[\d.]+", " ".join(row))] for row in rows])
        for title, rows in tables_shown(page, "seats")
    ]
