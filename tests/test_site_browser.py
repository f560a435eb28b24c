"""``meridina site`` in Chromium: every page of a small club's site opens from disk with no
console error and every link leads to a file of the site; and (slow) a thousand games of
both games, whose pages show the standings ``score --standings`` gives.

Chromium runs as the HTML replay's tests run it (test_html_replay.py), with the console
kept.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

import pytest
from conftest import run_cli as run
from meridina.tools.generating import random_records
from site_reading import (
    broken_links,
    pages_of,
    ratings_said,
    seats_said,
    seats_shown,
    standings_said,
    standings_shown,
    tables_shown,
)
from test_html_replay import browser
from test_site import make_club

__all__ = ["browser"]  # the fixture: Chromium, its console kept


def visit(browser: Any, page: Path, site: Path) -> list[str]:
    """Open a page; the console's errors, and each link that does not lead to a file of
    the site. A game page is waited on until its replay is shown."""
    from selenium.webdriver.support.ui import WebDriverWait

    browser.get_log("browser")  # what earlier pages said
    browser.get(page.as_uri())
    if page.parent.name == "games":
        WebDriverWait(browser, 20).until(
            lambda b: (
                b.execute_script("return document.body.getAttribute('data-state')")
                in ("ready", "failed")
            )
        )
        assert browser.execute_script("return document.body.getAttribute('data-state')") == (
            "ready"
        )
    faults = [
        f"{page.name}: {entry['message']}"
        for entry in browser.get_log("browser")
        if entry["level"] == "SEVERE"
    ]
    top = site.resolve()
    for link in browser.execute_script(
        "return Array.from(document.querySelectorAll('a[href]')).map(a => a.href)"
    ):
        parts = urlsplit(link)
        target = Path(unquote(parts.path))
        if parts.scheme != "file" or not target.is_relative_to(top) or not target.is_file():
            faults.append(f"{page.name}: {link}")
    return faults


@pytest.fixture(scope="module")
def small_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    top = tmp_path_factory.mktemp("club")
    make_club(top / "records")
    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(top)
        run("site", "records", "-o", "site")
    return top / "site"


def test_every_page_opens_with_no_console_error_and_its_links_lead_in_the_site(
    browser: Any, small_site: Path
) -> None:
    pages = pages_of(small_site)
    assert len(pages) > 20
    faults = [fault for page in pages for fault in visit(browser, page, small_site)]
    assert faults == []


def test_a_game_page_shows_the_games_tags_and_the_site_links(
    browser: Any, small_site: Path
) -> None:
    from selenium.webdriver.common.by import By

    index = (small_site / "index.html").read_text("utf-8")
    link = re.search(r'<a href="(games/[0-9a-f]+\.html)">Medina', index)
    assert link is not None
    visit(browser, small_site / link[1], small_site)
    assert "Players: " in browser.find_element(By.ID, "facts").text
    assert browser.find_element(By.CSS_SELECTOR, "nav.site a").text == "Standings"


# ---------------------------------------------------------------- a thousand games

# each game, edition and number of players: 8 kinds of 125 games
KINDS = [
    ("Meridian", None, 2),
    ("Meridian", None, 3),
    ("Meridian", None, 4),
    ("Medina", "2", 2),
    ("Medina", "2", 3),
    ("Medina", "2", 4),
    ("Medina", "1", 3),
    ("Medina", "1", 4),
]
GAMES_OF_A_KIND = 125
GAMES_OF_A_FILE = 25
# a game page's record, and whether the standings count it, as its header says
RECORD_LINK = re.compile(r'<p>Record: <a href="[^"]*">records/([a-z0-9-]+?)(?:-\d+)?\.mrec:')
COUNTED = "<p>Standings: counted</p>"


def make_thousand(folder: Path) -> None:
    """1,000 generated games in 40 files; a few broken: a turn made illegal, a game cut
    short, a file that is no record, and one game recorded twice."""
    folder.mkdir()
    for game, edition, players in KINDS:
        texts = list(
            random_records(
                game, players=players, edition=edition, count=GAMES_OF_A_KIND, seed=players
            )
        )
        for start in range(0, GAMES_OF_A_KIND, GAMES_OF_A_FILE):
            name = f"{game.lower()}-{edition or 'x'}-{players}p-{start // GAMES_OF_A_FILE}.mrec"
            (folder / name).write_text("\n".join(texts[start : start + GAMES_OF_A_FILE]), "utf-8")
    files = sorted(folder.iterdir())
    broken = files[3].read_text("utf-8")
    broken = re.sub(r"^(\d+)\. (\S+) ", r"\1. \2 99 ", broken, count=1, flags=re.M)
    files[3].write_text(broken, "utf-8")
    cut = files[9].read_text("utf-8").split("\n")
    files[9].write_text("\n".join(cut[: len(cut) // 3]), "utf-8")
    (folder / "zz-again.mrec").write_text(files[0].read_text("utf-8").split("\n\n[Game")[0])
    (folder / "zz-broken.mrec").write_bytes(b"\x00\xff not a record")


@pytest.mark.slow
def test_a_thousand_games_show_the_standings_score_gives(
    browser: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    make_thousand(tmp_path / "records")
    built = run("site", "records", "-o", "site", "--jobs", "auto")
    assert built.exit_code == 2  # a file is no record; the site is written still
    site = tmp_path / "site"
    assert broken_links(site) == []
    score = run("score", "--standings", "--format", "json", "records", "--jobs", "auto")
    said = standings_said(json.loads(score.stdout))
    assert len(said) == len(KINDS)
    home = (site / "index.html").read_text("utf-8")
    assert standings_shown(home) == said
    rated = json.loads(run("ratings", "--format", "json", "records", "-j", "auto").stdout)
    assert tables_shown(home, "ratings") == ratings_said(rated)
    found = json.loads(run("stats", "--format", "json", "records", "-j", "auto").stdout)
    assert [row[:3] for _, rows in seats_shown(home) for row in rows] == [
        row[:3] for _, rows in seats_said(found) for row in rows
    ]
    # opened in the browser: the home page, every player page, the lists, and of the game
    # pages (every one of them would take minutes) each one not counted as it stands (broken,
    # cut short, recorded twice) and one of each kind of game at random
    games = sorted((site / "games").iterdir())
    assert len(games) >= 950
    not_counted: list[Path] = []
    of_kind: dict[str, list[Path]] = {}
    for game in games:
        head = game.read_text("utf-8").split("<header>", 1)[0]
        record = RECORD_LINK.search(head)
        assert record is not None, game.name
        if COUNTED not in head:
            not_counted.append(game)
        of_kind.setdefault(record[1], []).append(game)
    assert len(not_counted) == 3
    assert len(of_kind) == len(KINDS) + 1  # and the file that records a game again
    choose = random.Random(1)
    sample = not_counted + [choose.choice(kind) for kind in of_kind.values()]
    pages = [page for page in pages_of(site) if page.parent.name != "games"] + sample
    faults = [fault for page in pages for fault in visit(browser, page, site)]
    assert faults == []
    from selenium.webdriver.common.by import By

    browser.get((site / "index.html").as_uri())
    shown = browser.execute_script(
        "return Array.from(document.querySelectorAll('table.standings')).map(t => "
        "Array.from(t.tBodies[0].rows).map(r => Array.from(r.cells).map(c => c.textContent)))"
    )
    assert shown == [rows for _, rows in said]
    assert browser.find_element(By.TAG_NAME, "h1").text == "Club games"
