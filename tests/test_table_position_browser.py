"""Position mode in a real (headless) Chromium: a finished table entered by clicks on the
board, saved, scores as the game it came from.

The browser comes from the HTML replay's tests (skipped on a developer's machine without
Chromium, failed in CI); the routes are served by uvicorn in a thread.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import meridina
import uvicorn
from meridina.cli.table.position.position_mode import PositionSetup, position_routes
from starlette.applications import Starlette
from table_position_clicks import Change, Click, setup_for, steps
from test_html_replay import browser  # noqa: F401  (the fixture)

TOP = Path(__file__).resolve().parent.parent
MEDINA_4 = TOP / "examples" / "medina" / "second-edition-4p.mrec"
MERIDIAN_4 = TOP / "examples" / "meridian" / "final-position.mrec"


@contextmanager
def serving(setup: PositionSetup) -> Iterator[str]:
    """The position routes served on a free local port; gives the page's URL."""
    config = uvicorn.Config(
        Starlette(routes=position_routes(setup)), host="127.0.0.1", port=0, log_level="warning"
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.02)
    port = server.servers[0].sockets[0].getsockname()[1]
    try:
        yield f"http://127.0.0.1:{port}/position"
    finally:
        server.should_exit = True
        thread.join(10)


def wait_ready(driver: Any) -> None:
    from selenium.webdriver.support.ui import WebDriverWait

    WebDriverWait(driver, 20, poll_frequency=0.01).until(
        lambda d: d.execute_script("return document.body.getAttribute('data-state')") == "ready"
    )


def press(driver: Any, css: str) -> None:
    from selenium.webdriver.common.by import By

    driver.find_element(By.CSS_SELECTOR, css).click()
    wait_ready(driver)


def tool_button(tool: dict[str, Any]) -> list[str]:
    """The palette buttons that choose ``tool``."""
    if "height" in tool:
        return [f'[data-colour="{tool["colour"]}"]', f'[data-height="{tool["height"]}"]']
    kind = tool["kind"]
    name = {"building": f"building:{tool.get('colour')}", "roof": f"roof:{tool.get('owner')}"}
    return [f'#palette [data-tool="{name.get(kind, kind)}"]']


def make_change(driver: Any, what: dict[str, Any]) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import Select

    action = what["action"]
    if action == "street":
        press(driver, "#new-street")
    elif action in ("palace-tile", "tower-tile"):
        key = "colour" if action == "palace-tile" else "tower"
        css = f'select[data-{action}="{what[key]}"]'
        Select(driver.find_element(By.CSS_SELECTOR, css)).select_by_value(what["holder"])
        wait_ready(driver)
    elif action == "tea":
        box = driver.find_element(By.CSS_SELECTOR, f'input[data-tea="{what["player"]}"]')
        box.clear()
        box.send_keys(str(what["count"]), Keys.TAB)
        wait_ready(driver)
    else:
        press(driver, f'input[data-card="{what["colour"]}:{what["card"]}"]')


# Presses each button or field of a batch inside the page, in one script call (a WebDriver
# round trip a click would cost seconds over a whole game), waiting for the page to be ready
# after each; stops at a click the page answers with a notice.
PRESSES_IN_PAGE = """
const presses = arguments[0], done = arguments[arguments.length - 1];
const ready = async () => {
  while (!(document.body && document.body.dataset.state === "ready")) {
    await new Promise((wake) => setTimeout(wake, 5));
  }
};
(async () => {
  for (const [css, noticed] of presses) {
    const element = document.querySelector(css);
    if (element === null) return done({ missing: css, notice: "" });
    element.dispatchEvent(new MouseEvent("click", { bubbles: true }));
    await ready();
    const notice = document.getElementById("notice").textContent;
    if (noticed && notice) return done({ missing: null, notice: css + ": " + notice });
  }
  done({ missing: null, notice: "" });
})();
"""


def press_in_page(driver: Any, presses: list[tuple[str, bool]]) -> None:
    """Press each ``(css, noticed)`` in turn; ``noticed``: the page must say nothing after."""
    if presses:
        answer = driver.execute_async_script(PRESSES_IN_PAGE, presses)
        assert answer == {"missing": None, "notice": ""}, answer


def enter_by_clicks(driver: Any, url: str, game: meridina.Game) -> float:
    """Open the page, click ``game``'s end onto the board and save it; the seconds taken."""
    driver.get(url)
    wait_ready(driver)
    driver.set_script_timeout(120)
    started = time.monotonic()
    chosen: dict[str, Any] | None = None
    presses: list[tuple[str, bool]] = []
    for step in steps(game):
        if isinstance(step, Change):
            press_in_page(driver, presses)
            presses = []
            make_change(driver, step.what)
            continue
        assert isinstance(step, Click)
        if step.tool != chosen:
            # choosing a tool asks nothing of the server
            presses += [(css, False) for css in tool_button(step.tool)]
            chosen = step.tool
        presses.append((f'#board [data-target="{step.target}"]', True))
    press_in_page(driver, presses)
    press(driver, "#save")
    return time.monotonic() - started


def ranking(game: meridina.Game) -> list[tuple[str, int, int]]:
    return [(row.name, row.rank, row.points) for row in game.score().players]


def shown_ranking(driver: Any) -> list[tuple[str, int, int]]:
    rows: list[list[str]] = driver.execute_script(
        "return [...document.querySelectorAll('#score tbody tr')]"
        ".map(r => [...r.cells].map(c => c.textContent))"
    )
    return [(row[1].split(" (")[0], int(row[0]), int(row[2])) for row in rows]


def test_a_four_player_medina_end_entered_by_clicks_is_saved_and_scores_as_the_game(
    browser: Any,  # noqa: F811
    tmp_path: Path,
) -> None:
    (original,) = meridina.read_games(MEDINA_4)
    target = tmp_path / "entered.mrec"
    with serving(setup_for(original, target)) as url:
        seconds = enter_by_clicks(browser, url, original)
        notice = browser.execute_script("return document.getElementById('notice').textContent")
        assert notice.startswith("Saved to entered.mrec with the result")
        assert notice.endswith("; the game is over ('supplies: spent' written). It counts in "
                               "the standings")  # fmt: skip
        assert shown_ranking(browser) == ranking(original)
        assert (
            browser.execute_script("return document.getElementById('problems').children.length")
            == 0
        )
    (entered,) = meridina.read_games(target)
    assert entered.valid, entered.problems
    assert ranking(entered) == ranking(original)
    assert entered.tags["Result"] == original.tags["Result"]
    print(f"\nfour-player Medina position entered by clicks in {seconds:.1f} s")


def test_a_meridian_end_entered_by_clicks_is_saved_and_scores_as_the_game(
    browser: Any,  # noqa: F811
    tmp_path: Path,
) -> None:
    (original,) = meridina.read_games(MERIDIAN_4)
    target = tmp_path / "entered.mrec"
    with serving(setup_for(original, target)) as url:
        seconds = enter_by_clicks(browser, url, original)
        assert shown_ranking(browser) == ranking(original)
    (entered,) = meridina.read_games(target)
    assert entered.valid, entered.problems
    assert ranking(entered) == ranking(original)
    assert entered.tags["Result"] == original.tags["Result"]
    print(f"\nfour-player Meridian position entered by clicks in {seconds:.1f} s")


def test_a_refused_click_is_said_on_the_page_and_a_click_on_a_piece_takes_it_off(
    browser: Any,  # noqa: F811
    tmp_path: Path,
) -> None:
    setup = PositionSetup(tmp_path / "p.mrec", "medina", "Ann red; Ben blue; Cy green", edition="1")
    with serving(setup) as url:
        browser.get(url)
        wait_ready(browser)
        press(browser, '#palette [data-tool="wall"]')
        press(browser, '#board [data-target="E5"]')
        notice = browser.execute_script("return document.getElementById('notice').textContent")
        assert "MED-P1" in notice and "E5" in notice
        press(browser, '#palette [data-tool="stable"]')
        press(browser, '#board [data-target="E5"]')
        faulty = browser.execute_script(
            "return [...document.querySelectorAll('#board .fault')].map(e => e.dataset.target)"
        )
        assert faulty == ["E5"]  # a stable with no building beside it
        press(browser, '#board [data-target="E5"]')
        assert (
            browser.execute_script("return document.getElementById('problems').children.length")
            == 0
        )
        assert "stables" not in browser.execute_script(
            "return document.getElementById('record').textContent"
        )
