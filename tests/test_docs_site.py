"""The documentation site builds with ``mkdocs build --strict`` (warnings are errors), holds
the pages a newcomer looks for, every page is reached from the home page by the pages' own
links, and the CLI reference shows every command of ``meridina --help`` with its options.
It works without a network: no page loads anything from elsewhere; opened from disk, its
search box says how to serve the site, and served as the pages say, it finds pages."""

from __future__ import annotations

import html
import re
import subprocess
import sys
import threading
from collections.abc import Iterator
from functools import partial
from html.parser import HTMLParser
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path, PurePosixPath
from typing import Any

import click
import pytest
from click.testing import CliRunner
from meridina.cli.main import cli

pytest.importorskip("mkdocs", reason="the docs extra is not installed: pip install -e '.[docs]'")

from test_html_replay import browser  # Chromium, or the browser tests are skipped

pytestmark = pytest.mark.tool  # builds the site with mkdocs

__all__ = ["browser"]

TOP = Path(__file__).resolve().parent.parent
PAGES = {
    "home": "index.html",
    "players": "players.html",
    "clubs": "clubs.html",
    "ci": "ci.html",
    "notation": "notation.html",
    "meridian digest": "rules-meridian.html",
    "medina digest": "rules-medina.html",
    "json": "json.html",
    "cli": "cli.html",
    "api": "api.html",
    "changelog": "changelog.html",
}


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("site")
    # not --quiet: it drops the warnings that --strict counts
    build = [sys.executable, "-m", "mkdocs", "build", "--strict"]
    built = subprocess.run(
        [*build, "--config-file", str(TOP / "mkdocs.yml"), "--site-dir", str(out)],
        cwd=TOP,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert built.returncode == 0, built.stdout + built.stderr
    return out


class Links(HTMLParser):
    """The href and src of every element, split into those inside the page's main content and
    those around it (the navigation)."""

    def __init__(self) -> None:
        super().__init__()
        self.all: list[str] = []
        self.content: list[str] = []
        self.around: list[str] = []
        self.depth = 0  # > 0 inside the element with role="main"

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        named = dict(attrs)
        if self.depth:
            self.depth += tag not in {"img", "br", "hr", "input", "meta", "link"}
        elif named.get("role") == "main":
            self.depth = 1
        for key in ("href", "src"):
            value = named.get(key)
            if value:
                self.all.append(value)
                (self.content if self.depth else self.around).append(value)

    def handle_endtag(self, tag: str) -> None:
        if self.depth:
            self.depth -= 1


def links(page: Path) -> Links:
    found = Links()
    found.feed(page.read_text("utf-8"))
    return found


def local(site: Path, page: Path, target: str) -> Path | None:
    """The file in the site a link points at, or None for a link elsewhere."""
    path = target.split("#")[0].split("?")[0]
    if not path or "://" in target or target.startswith(("mailto:", "data:", "/")):
        return None
    return (page.parent / path).resolve()


def text(page: Path) -> str:
    return html.unescape(re.sub(r"<[^>]+>", "", page.read_text("utf-8")))


def test_the_pages_are_built(site: Path) -> None:
    missing = [name for name, file in PAGES.items() if not (site / file).is_file()]
    assert not missing


def test_every_link_in_the_site_reaches_a_file(site: Path) -> None:
    broken = [
        f"{page.relative_to(site)} -> {target}"
        for page in site.rglob("*.html")
        for target in links(page).all
        if (found := local(site, page, target)) is not None and not found.exists()
    ]
    assert not broken


def test_every_page_is_reached_from_the_home_page_by_the_pages_own_links(site: Path) -> None:
    """Following the links in the pages' text, not the navigation bar, from the home page."""
    pages = {page.resolve() for page in site.rglob("*.html") if page.name != "404.html"}
    seen = {(site / "index.html").resolve()}
    waiting = list(seen)
    while waiting:
        page = waiting.pop()
        for target in links(page).content:
            found = local(site, page, target)
            if found in pages and found not in seen:
                seen.add(found)
                waiting.append(found)
    assert sorted(p.name for p in pages - seen) == []


@pytest.mark.parametrize(
    ("page", "linked"),
    [
        ("players", ["notation", "meridian digest", "medina digest", "cli"]),
        ("clubs", ["notation", "json"]),
        ("ci", ["clubs", "json"]),
        ("home", ["players", "clubs", "ci", "notation", "meridian digest", "medina digest"]),
    ],
)
def test_a_page_links_in_its_text_to_the_pages_it_builds_on(
    site: Path, page: str, linked: list[str]
) -> None:
    from_page = site / PAGES[page]
    reached = {local(site, from_page, target) for target in links(from_page).content}
    assert not [name for name in linked if (site / PAGES[name]).resolve() not in reached]


@pytest.mark.parametrize(
    ("source", "page"),
    [
        ("notation/README.md", "notation"),
        ("seeds/MERIDIAN.md", "meridian digest"),
        ("seeds/MEDINA.md", "medina digest"),
    ],
)
def test_included_texts_are_their_files_as_they_stand(site: Path, source: str, page: str) -> None:
    """Every heading and every rule ID of the file is on its page: the text, not a copy."""
    written = (TOP / source).read_text("utf-8")
    shown = text(site / PAGES[page])
    headings = re.findall(r"^#{1,6} (.+?)\s*$", written, re.MULTILINE)
    rules = set(re.findall(r"\b(?:MER|MED|REC|DATA)-[A-Z]*[0-9]+\b", written))
    plain = [re.sub(r"[`*]", "", heading) for heading in headings]
    assert headings and not [heading for heading in plain if heading not in shown]
    assert not [rule for rule in sorted(rules) if rule not in shown]


def test_the_json_schemas_are_in_the_site_and_linked(site: Path) -> None:
    schemas = sorted((TOP / "cli" / "formats" / "schemas").glob("*.json"))
    json_page = site / PAGES["json"]
    reached = {local(site, json_page, target) for target in links(json_page).content}
    assert schemas
    for schema in schemas:
        built = site / "schemas" / schema.name
        assert built.read_bytes() == schema.read_bytes()
        assert built.resolve() in reached


def listed_commands() -> list[str]:
    """The commands ``meridina --help`` lists, as a user sees them."""
    shown = CliRunner().invoke(cli, ["--help"], prog_name="meridina").stdout
    listing = shown.split("Commands:\n", 1)[1]
    return re.findall(r"^  (\S+)", listing, re.MULTILINE)


def commands(group: click.Group, path: list[str]) -> list[tuple[list[str], click.Command]]:
    context = click.Context(group, info_name=" ".join(path))
    found: list[tuple[list[str], click.Command]] = []
    for name in group.list_commands(context):
        command = group.get_command(context, name)
        assert command is not None, name
        found.append(([*path, name], command))
        if isinstance(command, click.Group):
            found += commands(command, [*path, name])
    return found


def sections(page: Path) -> dict[str, str]:
    """The CLI reference cut at each command's heading: its anchor -> its text."""
    source = page.read_text("utf-8")
    cuts = list(re.finditer(r'<h[1-6] id="(meridina[^"]*)"', source))
    ends = [cut.start() for cut in cuts[1:]] + [len(source)]
    return {
        cut.group(1): html.unescape(re.sub(r"<[^>]+>", "", source[cut.start() : end]))
        for cut, end in zip(cuts, ends, strict=True)
    }


def test_the_cli_reference_shows_every_command_with_its_options(site: Path) -> None:
    listed = listed_commands()
    every = commands(cli, ["meridina"])
    assert {path[1] for path, _ in every} == set(listed) and len(listed) >= 9
    every.append((["meridina"], cli))
    shown = sections(site / PAGES["cli"])
    missing: list[str] = []
    for path, command in every:
        section = shown.get("-".join(path))
        if section is None:
            missing.append(" ".join(path))
            continue
        for parameter in command.params:
            if isinstance(parameter, click.Option) and not parameter.hidden:
                for option in parameter.opts + parameter.secondary_opts:
                    if not re.search(rf"(?<![\w-]){re.escape(option)}(?![\w-])", section):
                        missing.append(f"{' '.join(path)} {option}")
    assert not missing


def test_the_navigation_names_every_page(site: Path) -> None:
    nav = {PurePosixPath(target.split("#")[0]).name for target in links(site / "index.html").around}
    pages = [*PAGES.values(), "architecture.html", "development.html", "adding-a-game.html"]
    assert not [name for name in pages if name not in nav]


def test_the_api_reference_shows_every_public_name_with_its_docstring(site: Path) -> None:
    import inspect

    import meridina

    shown = text(site / PAGES["api"])
    words = " ".join(re.findall(r"[A-Za-z]+", shown))
    for name in meridina.__all__:
        if name == "__version__":
            continue
        doc = inspect.getdoc(getattr(meridina, name)) or ""
        assert name in shown, name
        assert " ".join(re.findall(r"[A-Za-z]+", doc)[:8]) in words, name


# what each element loads by itself, without a reader following it
LOADED_BY = {
    "script": "src",
    "link": "href",
    "img": "src",
    "iframe": "src",
    "source": "src",
    "audio": "src",
    "video": "src",
    "embed": "src",
    "object": "data",
}
ELSEWHERE = re.compile(r"^(?:[a-z][a-z0-9+.-]*:|//)", re.IGNORECASE)


class Loads(HTMLParser):
    """The addresses a page loads by itself (scripts, styles, pictures), and its inline code."""

    def __init__(self) -> None:
        super().__init__()
        self.addresses: list[str] = []
        self.inline: list[str] = []
        self.in_code = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        named = dict(attrs)
        address = named.get(LOADED_BY.get(tag, ""))
        if address:
            self.addresses.append(address)
        if named.get("style"):
            self.inline.append(named["style"] or "")
        self.in_code = tag in {"script", "style"}

    def handle_endtag(self, tag: str) -> None:
        self.in_code = False

    def handle_data(self, data: str) -> None:
        if self.in_code:
            self.inline.append(data)


def from_elsewhere(address: str) -> bool:
    """An address on another host (``https://``, ``//host``); ``data:`` is in the page."""
    address = address.strip(" '\"")
    return bool(ELSEWHERE.match(address)) and not address.lower().startswith("data:")


def test_no_page_loads_anything_from_elsewhere(site: Path) -> None:
    """Offline, a page is whole: no script, style or picture from another host (highlight.js
    from a CDN left every page without its highlighter: ``hljs is not defined``)."""
    found: list[str] = []
    for page in sorted(site.rglob("*.html")):
        loads = Loads()
        loads.feed(page.read_text("utf-8"))
        found += [f"{page.name}: {a}" for a in loads.addresses if from_elsewhere(a)]
        found += [f"{page.name}: {code[:60]!r}" for code in loads.inline if "hljs" in code]
        for code in loads.inline:
            addresses = re.findall(r"url\(([^)]*)\)", code)
            found += [f"{page.name}: {a}" for a in addresses if from_elsewhere(a)]
    for style in sorted(site.rglob("*.css")):
        text = style.read_text("utf-8")
        addresses = re.findall(r"url\(\s*([^)]*?)\s*\)|@import\s+[\"']([^\"']+)", text)
        found += [f"{style.name}: {a or b}" for a, b in addresses if from_elsewhere(a or b)]
    assert found == []


def test_code_is_highlighted_as_the_site_is_built(site: Path) -> None:
    api = (site / PAGES["api"]).read_text("utf-8")
    assert '<div class="codehilite">' in api
    assert '<span class="kn">import</span>' in api  # the docstrings' examples too
    assert 'href="css/pygments.css"' in api


def load(browser: Any, address: str, until: str) -> Any:
    """Open a page and wait until the script ``until`` gives something."""
    from selenium.webdriver.support.ui import WebDriverWait

    browser.get(address)
    return WebDriverWait(browser, 20).until(lambda b: b.execute_script(until))


def loaded_from(browser: Any) -> list[str]:
    found: list[str] = browser.execute_script(
        "return performance.getEntriesByType('resource').map(e => e.name)"
    )
    return found


def test_opened_from_disk_a_page_loads_nothing_from_elsewhere_and_search_says_to_serve_it(
    site: Path, browser: Any
) -> None:
    note = load(
        browser,
        (site / "index.html").as_uri(),
        "const n = document.getElementById('search-from-disk'); return n && n.textContent",
    )
    assert "python3 -m http.server -d site" in note and "mkdocs serve" in note
    assert not [address for address in loaded_from(browser) if not address.startswith("file:")]


@pytest.fixture(scope="module")
def served(site: Path) -> Iterator[str]:
    """The built site served as the pages say (python3 -m http.server -d site)."""
    handler = partial(SimpleHTTPRequestHandler, directory=str(site))
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


def test_served_its_search_finds_pages(served: str, browser: Any) -> None:
    titles = load(
        browser,
        served + "index.html?q=standings",
        "const found = document.querySelectorAll('#mkdocs-search-results article h3');"
        "return found.length && Array.from(found).map(h => h.textContent)",
    )
    assert "For clubs" in titles
    assert browser.execute_script("return document.getElementById('search-from-disk')") is None
    assert not [address for address in loaded_from(browser) if not address.startswith(served)]
