"""The record page on a phone and on a desktop, in Chromium: the board as large as the
screen allows, the piece (or card) picker in view without scrolling, every touch target at
least 40 px. Sizes are measured in the page (element rectangles), at 390x844 as a phone
shows the page and at 1280x900."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import meridina
import pytest
from table_games import Served, generated, header, turn_lines
from test_html_replay import browser
from test_table_browser import ready

__all__ = ["browser"]

PHONE = {"width": 390, "height": 844, "deviceScaleFactor": 3, "mobile": True}
DESKTOP = {"width": 1280, "height": 900, "deviceScaleFactor": 1, "mobile": False}
SMALLEST_TARGET = 40  # px, each side of anything to be touched
# (game, edition, players, turns played first): the most pieces to pick from, and the most cards
GAMES = (("medina", "2", 4, 9), ("meridian", None, 2, 6))

MEASURE = """
const seen = (e) => {
  const r = e.getBoundingClientRect();
  return r.width > 0 && r.height > 0 && getComputedStyle(e).visibility !== "hidden";
};
const box = (e) => {
  const r = e.getBoundingClientRect();
  return { what: e.id || e.dataset.choice || e.textContent.trim().slice(0, 30),
           top: r.top, bottom: r.bottom, left: r.left, right: r.right,
           width: r.width, height: r.height };
};
window.scrollTo(0, 0);
return {
  width: window.innerWidth, height: window.innerHeight,
  scrollWidth: document.documentElement.scrollWidth,
  board: box(document.querySelector("#board svg")),
  picker: [...document.querySelectorAll("#choices button")].filter(seen).map(box),
  targets: [...document.querySelectorAll("button, input, a, select, textarea")]
    .filter(seen).map(box),
};
"""


@pytest.fixture
def sized(browser: Any) -> Iterator[Any]:
    yield browser
    browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def served_game(tmp_path: Path, game: str, edition: str | None, players: int, turns: int) -> Served:
    record = generated(game, edition, players, 1 if game == "medina" else 3)
    path = tmp_path / "game.mrec"
    path.write_text(header(record), "utf-8")
    recording = meridina.Recording(path)
    for turn in turn_lines(record)[:turns]:
        assert recording.play(turn).written
    recording.comment("a comment, so that the turn list holds one")
    return Served(path)


def measured(page: Any, size: Mapping[str, object], url: str, game: str) -> dict[str, Any]:
    page.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", dict(size))
    page.get(url)
    ready(page)
    if game == "meridian":  # a card picked: its heights and take-offs join the picker
        page.execute_script("document.querySelector('#choices button').click()")
        ready(page)
    found: dict[str, Any] = page.execute_script(MEASURE)
    return found


def small_targets(found: dict[str, Any]) -> list[dict[str, Any]]:
    return [
        t for t in found["targets"]
        if t["width"] < SMALLEST_TARGET or t["height"] < SMALLEST_TARGET
    ]  # fmt: skip


@pytest.mark.parametrize(("game", "edition", "players", "turns"), GAMES, ids=["medina", "meridian"])
def test_on_a_phone_the_board_fills_the_screen_and_the_picker_is_in_view(
    sized: Any, tmp_path: Path, game: str, edition: str | None, players: int, turns: int
) -> None:
    served = served_game(tmp_path, game, edition, players, turns)
    try:
        found = measured(sized, PHONE, served.url, game)
    finally:
        served.stop()
    assert (found["width"], found["height"]) == (390, 844)
    assert found["scrollWidth"] <= found["width"]  # nothing to scroll sideways
    board = found["board"]
    assert board["width"] >= found["width"] - 12  # the screen's width but a few pixels
    assert board["bottom"] <= found["height"]  # and whole on the screen
    assert found["picker"], "no piece to pick"
    in_view = [b["top"] >= 0 and b["bottom"] <= found["height"] for b in found["picker"]]
    assert all(in_view), found["picker"]
    assert small_targets(found) == []


@pytest.mark.parametrize(("game", "edition", "players", "turns"), GAMES, ids=["medina", "meridian"])
def test_on_a_desktop_the_picker_is_in_view_and_targets_are_as_large(
    sized: Any, tmp_path: Path, game: str, edition: str | None, players: int, turns: int
) -> None:
    served = served_game(tmp_path, game, edition, players, turns)
    try:
        found = measured(sized, DESKTOP, served.url, game)
    finally:
        served.stop()
    assert found["board"]["width"] >= 480
    assert found["picker"] and all(b["bottom"] <= found["height"] for b in found["picker"])
    assert small_targets(found) == []
