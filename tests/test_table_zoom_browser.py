"""The board zoomed in on a phone, in Chromium: at 390x844 a field is drawn smaller than a
finger (40 px), so a first tap zooms the board in its frame and a tap on a field of the
zoomed board picks it; at 1280x900 one click picks a field, as before. Taps are the
browser's own touch input (CDP), so the page's hit testing of the zoomed board is real;
sizes are measured in the page."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from meridina.cli.table.position.position_mode import PositionSetup
from table_games import generated, turn_lines
from test_html_replay import browser
from test_table_browser import meridian_parts
from test_table_phone import DESKTOP, PHONE, SMALLEST_TARGET, served_game
from test_table_position_browser import serving

__all__ = ["browser"]

# (game, edition, players, turns played first), as the phone's measures take them
MEDINA = ("medina", "2", 4, 9)
MERIDIAN = ("meridian", None, 2, 6)

# Waits until the page is ready and the board has stopped moving; then where ``arguments[0]``
# (a CSS selector) is, as the screen shows it, and how the page stands.
WHERE = """
const [css, done] = [arguments[0], arguments[arguments.length - 1]];
(async () => {
  while (!(document.body && document.body.dataset.state === "ready")) {
    await new Promise((wake) => setTimeout(wake, 5));
  }
  await Promise.all(document.getAnimations().map((a) => a.finished));
  const found = css === null ? null : document.querySelector(css);
  const r = found === null ? null : found.getBoundingClientRect();
  const frame = document.getElementById("board-frame");
  done({
    box: r && { x: r.left + r.width / 2, y: r.top + r.height / 2, width: r.width, height: r.height,
                top: r.top, bottom: r.bottom, left: r.left, right: r.right },
    zoomed: frame.dataset.zoom === "in",
    scrolled: [window.scrollX, window.scrollY, document.scrollingElement.scrollTop],
    frame: frame.getBoundingClientRect().toJSON(),
    page: [window.innerWidth, window.innerHeight, document.documentElement.scrollWidth],
    said: (document.getElementById("message") || document.getElementById("notice")).textContent,
  });
})();
"""


# The field lit up nearest the middle of the board's frame.
MIDDLE_FIELD = """
const frame = document.getElementById("board-frame").getBoundingClientRect();
const away = (t) => {
  const r = t.getBoundingClientRect();
  return Math.hypot(r.left + r.width / 2 - (frame.left + frame.width / 2),
                    r.top + r.height / 2 - (frame.top + frame.height / 2));
};
const lit = [...document.querySelectorAll("#board .target.legal")];
return lit.sort((a, b) => away(a) - away(b))[0].dataset.target;
"""


@pytest.fixture
def phone(browser: Any) -> Iterator[Any]:
    """The browser as a phone: its size, and a finger instead of a mouse."""
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", PHONE)
    browser.execute_cdp_cmd(
        "Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 1}
    )
    yield browser
    browser.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": False})
    browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


@pytest.fixture
def narrow(browser: Any) -> Iterator[Any]:
    """A desktop's browser, with a mouse, in a window as narrow as a phone."""
    size = {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": False}
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", size)
    yield browser
    browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


@pytest.fixture
def desktop(browser: Any) -> Iterator[Any]:
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", DESKTOP)
    yield browser
    browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def where(page: Any, css: str | None) -> dict[str, Any]:
    found: dict[str, Any] = page.execute_async_script(WHERE, css)
    return found


def on_screen(page: Any, css: str, scrolled: int = 0) -> dict[str, Any]:
    """Where ``css`` is, asserted whole on the screen of a page scrolled down by
    ``scrolled`` px (and not sideways)."""
    seen = where(page, css)
    box, (width, height, _) = seen["box"], seen["page"]
    assert box is not None, css
    assert box["left"] >= 0 and box["right"] <= width, (css, box)
    assert box["top"] >= 0 and box["bottom"] <= height, (css, box)
    assert seen["scrolled"] == [0, scrolled, scrolled]
    return seen


def tap(page: Any, css: str, scrolled: int = 0) -> dict[str, Any]:
    """A finger's tap in the middle of ``css`` as the screen shows it now; how the page
    stands after it."""
    box = on_screen(page, css, scrolled)["box"]
    point = {"x": box["x"], "y": box["y"]}
    page.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [point]})
    page.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    return where(page, None)


def drag(page: Any, start: dict[str, float], right: float, down: float) -> None:
    """A finger put on ``start``, moved by (``right``, ``down``) px in five steps and held
    still before it is lifted (the events stamped so): a drag, not a flick, after which
    the browser would take the next tap as the one that stops the flick, and click nothing."""
    at = time.time()
    points = [{"x": start["x"] + right * k / 5, "y": start["y"] + down * k / 5} for k in range(6)]
    moves = [("touchMove", [point], at + 0.1 * k) for k, point in enumerate(points[1:], 1)]
    for kind, touched, stamp in [
        ("touchStart", [points[0]], at),
        *moves,
        ("touchMove", [points[-1]], at + 1.0),  # held still
        ("touchEnd", [], at + 1.05),
    ]:
        page.execute_cdp_cmd(
            "Input.dispatchTouchEvent", {"type": kind, "touchPoints": touched, "timestamp": stamp}
        )


def mouse_drag(page: Any, start: dict[str, float], right: float, down: float) -> None:
    """The mouse pressed on ``start``, moved by (``right``, ``down``) px in five steps and
    let go: the browser clicks where it is let go, which must pick nothing."""
    steps = [(start["x"] + right * k / 5, start["y"] + down * k / 5) for k in range(6)]
    events = [("mousePressed", *steps[0]), *(("mouseMoved", *xy) for xy in steps[1:])]
    for kind, x, y in [*events, ("mouseReleased", *steps[-1])]:
        page.execute_cdp_cmd(
            "Input.dispatchMouseEvent",
            {"type": kind, "x": x, "y": y, "button": "left", "buttons": 1, "clickCount": 1},
        )


def click(page: Any, css: str) -> dict[str, Any]:
    """A mouse's click in the middle of ``css``; how the page stands after it."""
    box = on_screen(page, css)["box"]
    for kind in ("mousePressed", "mouseReleased"):
        page.execute_cdp_cmd(
            "Input.dispatchMouseEvent",
            {"type": kind, "x": box["x"], "y": box["y"], "button": "left", "clickCount": 1},
        )
    return where(page, None)


def field(place: str) -> str:
    return f'#board [data-target="{place}"]'


def choice(name: str) -> str:
    return f'#choices button[data-choice="{name}"]'


def pick_on_zoomed_board(page: Any, place: str, scrolled: int = 0) -> dict[str, Any]:
    """Tap the board at ``place`` (it zooms in), check the zoomed field is large enough and
    the page did not move, tap the field; how the page stands then."""
    before = where(page, field(place))["box"]
    assert before["width"] < SMALLEST_TARGET  # the reason for zooming
    zoomed = tap(page, field(place), scrolled)
    assert zoomed["zoomed"], zoomed
    assert "Refused" not in zoomed["said"]  # nothing was picked
    now = on_screen(page, field(place), scrolled)  # in the frame, the page where it was
    assert now["box"]["width"] >= SMALLEST_TARGET and now["box"]["height"] >= SMALLEST_TARGET
    frame = now["frame"]
    assert frame["left"] <= now["box"]["left"] and now["box"]["right"] <= frame["right"]
    assert frame["top"] <= now["box"]["top"] and now["box"]["bottom"] <= frame["bottom"]
    assert now["page"][2] <= now["page"][0]  # nothing to scroll sideways either
    return tap(page, field(place), scrolled)


def next_turn(game: tuple[str, str | None, int, int]) -> str:
    name, edition, players, played = game
    record = generated(name, edition, players, 1 if name == "medina" else 3)
    return turn_lines(record)[played]


def test_on_a_phone_a_medina_turn_is_placed_by_taps_on_the_zoomed_board(
    phone: Any, tmp_path: Path
) -> None:
    served = served_game(tmp_path, *MEDINA)
    turn = next_turn(MEDINA)
    record = tmp_path / "game.mrec"  # where served_game put it
    try:
        phone.get(served.url)
        placements = 0
        for word in turn.split()[1:]:
            piece, at, place = word.partition("@")
            tap(phone, choice(piece))
            if not at:
                continue
            after = pick_on_zoomed_board(phone, place)
            placements += 1
            assert not after["zoomed"]  # the piece placed: the whole board again
            assert "Refused" not in after["said"], after
        assert placements == 2
        if where(phone, "#play-turn")["box"]["width"] > 0:  # a turn that could go on
            tap(phone, "#play-turn")
        assert f"Written: 10. {turn}." in where(phone, None)["said"]
    finally:
        served.stop()
    assert f"10. {turn}\n" in record.read_text("utf-8")


def test_on_a_phone_a_meridian_city_is_picked_on_the_zoomed_board(
    phone: Any, tmp_path: Path
) -> None:
    game, edition, players, played = MERIDIAN
    turns = turn_lines(generated(game, edition, players, 3))
    while meridian_parts(turns[played])["alone"] is not None:
        played += 1  # to a turn that builds on a city
    turn, parts = turns[played], meridian_parts(turns[played])
    served = served_game(tmp_path, game, edition, players, played)
    try:
        phone.get(served.url)
        tap(phone, choice(str(parts["card"])))
        for part in ("take", "build"):
            if parts[part] is not None:
                tap(phone, choice(str(parts[part])))
        tap(phone, choice(f"height-{parts['height']}"))
        after = pick_on_zoomed_board(phone, f"{parts['meridian']}/{parts['city']}")
        assert not after["zoomed"] and f"Written: {played + 1}. {turn}." in after["said"], after
    finally:
        served.stop()
    assert f"{played + 1}. {turn}\n" in (tmp_path / "game.mrec").read_text("utf-8")


def test_on_a_phone_the_control_a_tap_outside_and_escape_zoom_out(
    phone: Any, tmp_path: Path
) -> None:
    served = served_game(tmp_path, *MEDINA)
    try:
        phone.get(served.url)
        corner = field("A1")
        assert where(phone, "#zoom-out")["box"]["width"] == 0  # no control until zoomed
        assert tap(phone, corner)["zoomed"]
        control = on_screen(phone, "#zoom-out")["box"]
        assert control["width"] >= SMALLEST_TARGET and control["height"] >= SMALLEST_TARGET
        assert not tap(phone, "#zoom-out")["zoomed"]
        assert tap(phone, corner)["zoomed"]
        assert not tap(phone, "#to-move")["zoomed"]  # outside the board
        assert tap(phone, corner)["zoomed"]
        phone.execute_cdp_cmd(
            "Input.dispatchKeyEvent", {"type": "keyDown", "key": "Escape", "code": "Escape"}
        )
        assert not where(phone, None)["zoomed"]
    finally:
        served.stop()
    assert "10. " not in (tmp_path / "game.mrec").read_text("utf-8")  # nothing was played


@pytest.mark.parametrize("hand", ["finger", "mouse"])
def test_on_a_phone_a_drag_moves_the_zoomed_board_and_picks_nothing(
    hand: str, request: pytest.FixtureRequest, tmp_path: Path
) -> None:
    page = request.getfixturevalue("phone" if hand == "finger" else "narrow")
    press, move = (tap, drag) if hand == "finger" else (click, mouse_drag)
    served = served_game(tmp_path, *MEDINA)
    try:
        page.get(served.url)
        press(page, choice("stable"))
        place = page.execute_script(MIDDLE_FIELD)  # room to move the board every way
        assert press(page, field(place))["zoomed"]
        before = on_screen(page, field(place))["box"]
        move(page, before, 40, 30)
        after = on_screen(page, field(place))  # and the page did not scroll
        assert after["zoomed"] and "Refused" not in after["said"]
        moved = (after["box"]["x"] - before["x"], after["box"]["y"] - before["y"])
        assert moved == pytest.approx((40, 30), abs=1)
        so_far = page.execute_script("return document.getElementById('turn-so-far').textContent")
        assert "@" not in so_far  # nothing placed by the drag
        assert not press(page, field(place))["zoomed"]  # the next tap picks the field again
        so_far = page.execute_script("return document.getElementById('turn-so-far').textContent")
        assert so_far.endswith(f" stable@{place}")
    finally:
        served.stop()


def test_on_a_desktop_one_click_picks_a_field(desktop: Any, tmp_path: Path) -> None:
    served = served_game(tmp_path, *MEDINA)
    first = next_turn(MEDINA).split()[1]
    piece, _, place = first.partition("@")
    try:
        desktop.get(served.url)
        click(desktop, choice(piece))
        after = click(desktop, field(place))
        assert not after["zoomed"] and "Refused" not in after["said"], after
        so_far = desktop.execute_script("return document.getElementById('turn-so-far').textContent")
        assert so_far.endswith(f" {first}")
    finally:
        served.stop()


def test_on_a_phone_the_position_page_zooms_too(phone: Any, tmp_path: Path) -> None:
    setup = PositionSetup(tmp_path / "p.mrec", "medina", "Ann red; Ben blue; Cy green", edition="1")
    with serving(setup) as url:
        phone.get(url)
        tap(phone, '#palette [data-tool="stable"]')
        # the page puts the palette above the board: the board brought into view first
        scrolled = phone.execute_script(
            "document.getElementById('board-frame').scrollIntoView(); return window.scrollY"
        )
        assert scrolled > 0
        after = pick_on_zoomed_board(phone, "E5", scrolled)
        assert not after["zoomed"], after
        faulty = phone.execute_script(
            "return [...document.querySelectorAll('#board .fault')].map(e => e.dataset.target)"
        )
        assert faulty == ["E5"]  # the stable is on the board, with no building beside it
