"""Every device at the table shares the game, in Chromium: two pages on one game, a turn
clicked on one shown on the other within a second, a turn typed through the recorder into
the same file shown on both, and a click on a page that missed a turn answered as the game
having moved on (never as a rule broken).

The pages are two browsers of their own (a tab in the background may be slowed down)."""

from __future__ import annotations

import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import meridina
import pytest
from table_games import Served, generated, header, turn_lines
from test_html_replay import FLAGS, _browser_parts, browser
from test_table_browser import enter_placements, ready, turns_shown

__all__ = ["browser"]

SHOWN_WITHIN = 1.0  # seconds: a turn played anywhere shows on every page within this
# Kept by the test, not the page: every event stream a page opens, so the test can end them
# and leave the page behind the game.
KEEP_STREAMS = """
const Real = window.EventSource;
window.streamsOpened = [];
window.EventSource = function (...args) {
  const made = new Real(...args);
  window.streamsOpened.push(made);
  return made;
};
window.EventSource.CLOSED = Real.CLOSED;
"""


@pytest.fixture(scope="module")
def other_browser() -> Iterator[Any]:
    """A second Chromium, with a profile (and so a cookie) of its own: another device."""
    found = _browser_parts()
    if found is None:
        pytest.skip("no chromium and chromedriver here (CI installs them)")
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = found[0]
    for flag in FLAGS:
        options.add_argument(flag)
    with tempfile.TemporaryDirectory() as profile:
        options.add_argument(f"--user-data-dir={profile}")
        driver = webdriver.Chrome(service=Service(found[1]), options=options)
        try:
            yield driver
        finally:
            driver.quit()


def shows_turns(page: Any, count: int) -> None:
    from selenium.webdriver.support.ui import WebDriverWait

    WebDriverWait(page, SHOWN_WITHIN, poll_frequency=0.02).until(lambda p: turns_shown(p) == count)


def message(page: Any) -> tuple[str, str, int]:
    found = page.execute_script(
        "const m = document.getElementById('message');"
        "return [m.className, m.textContent, m.querySelectorAll('.problem').length]"
    )
    return found[0], found[1], found[2]


@pytest.mark.browser
def test_two_pages_share_one_game(browser: Any, other_browser: Any, tmp_path: Path) -> None:
    record = generated("medina", "1", 3, 1)
    turns = turn_lines(record)
    path = tmp_path / "game.mrec"
    path.write_text(header(record), "utf-8")
    served = Served(path)
    try:
        other_browser.execute_cdp_cmd(
            "Page.addScriptToEvaluateOnNewDocument", {"source": KEEP_STREAMS}
        )
        for page in (browser, other_browser):
            page.get(served.url)
            ready(page)
        # a turn clicked on one page shows on the other
        enter_placements(browser, turns[0])
        shows_turns(browser, 1)
        shows_turns(other_browser, 1)
        assert message(browser)[0] == "written"  # its own turn is no news to the page
        # a turn typed into the same file by the recorder shows on both
        assert meridina.Recording(path).play(turns[1]).written
        shows_turns(browser, 2)
        shows_turns(other_browser, 2)
        assert message(other_browser)[0] == "moved"
        # the other page stops following; a turn is played; its click comes too late
        other_browser.execute_script("window.streamsOpened.forEach((s) => s.close())")
        enter_placements(browser, turns[2])
        shows_turns(browser, 3)
        assert turns_shown(other_browser) == 2
        piece, _, field = turns[2].split()[1].partition("@")
        other_browser.execute_script(
            "document.querySelector(`#choices button[data-choice='${arguments[0]}']`).click()",
            piece,
        )
        target = other_browser.find_element("css selector", f'#board [data-target="{field}"]')
        other_browser.execute_script(
            "arguments[0].dispatchEvent(new MouseEvent('click', {bubbles: true}))", target
        )
        ready(other_browser)
        kind, said, problems = message(other_browser)
        assert (kind, problems) == ("moved", 0), said
        assert said.startswith("The game moved on: turn 4 is to be played now.")
        assert turns_shown(other_browser) == 3  # and it shows the game as it is now
    finally:
        served.stop()
    (game,) = meridina.read_games(path)
    assert [turn.split(". ", 1)[1] for turn in game.turns] == turns[:3]


def test_the_page_shows_the_game_at_a_glance_and_looks_back(browser: Any, tmp_path: Path) -> None:
    record = generated("medina", "1", 3, 1)
    turns = turn_lines(record)
    path = tmp_path / "game.mrec"
    path.write_text(header(record), "utf-8")
    recording = meridina.Recording(path)
    for turn in turns[:3]:
        assert recording.play(turn).written
    recording.comment("a quiet start")
    served = Served(path)
    try:
        browser.get(served.url)
        ready(browser)
        shown = browser.execute_script(
            "return {players: [...document.querySelectorAll('#supplies li')]"
            ".map(l => l.textContent),"
            " moving: [...document.querySelectorAll('#supplies li.to-move')].length,"
            " comments: [...document.querySelectorAll('#turns .comment')].map(c => c.textContent)}"
        )
        assert len(shown["players"]) == 3 and shown["moving"] == 1
        assert all("walls" in line for line in shown["players"])
        assert shown["comments"] == [" { a quiet start }"]
        board_now = browser.execute_script("return document.querySelector('#board svg').outerHTML")
        browser.execute_script("document.getElementById('view-back').click()")
        ready(browser)
        looking = browser.execute_script(
            "return [document.getElementById('viewing').textContent,"
            " getComputedStyle(document.getElementById('builder')).display,"
            " document.querySelector('#board svg').outerHTML]"
        )
        assert looking[0] == "Looking back: after turn 2 (view only)"
        assert looking[1] == "none" and looking[2] != board_now
        target = browser.find_element("css selector", "#board [data-target]")
        browser.execute_script(
            "arguments[0].dispatchEvent(new MouseEvent('click', {bubbles: true}))", target
        )
        ready(browser)
        assert message(browser)[0] == "moved" and turns_shown(browser) == 3  # nothing played
        browser.execute_script(
            "document.querySelector('#turns li[data-after=\"1\"] button').click()"
        )
        ready(browser)
        assert browser.execute_script("return document.getElementById('viewing').textContent") == (
            "Looking back: after turn 1 (view only)"
        )
        browser.execute_script("document.getElementById('view-now').click()")
        ready(browser)
        back = browser.execute_script(
            "return [document.getElementById('viewing').textContent,"
            " getComputedStyle(document.getElementById('builder')).display,"
            " document.querySelector('#board svg').outerHTML]"
        )
        assert back[0] == "" and back[1] != "none" and back[2] == board_now
    finally:
        served.stop()
    assert path.read_text("utf-8").count("\n3. ") == 1 and "\n4. " not in path.read_text("utf-8")
