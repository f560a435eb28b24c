"""Write docs/images/table-position.png: the position page in Chromium, a four-player
Medina city entered, with one stable put where none may stand, so the picture shows the
score and an open problem marked on the board.

Run from the top of a checkout: ``.venv/bin/python tests/make_table_position_picture.py``.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

import httpx
import meridina
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from table_position_clicks import Click, setup_for, steps
from test_html_replay import CHROMEDRIVER, CHROMIUM, FLAGS
from test_table_position_browser import MEDINA_4, press, serving, wait_ready

TOP = Path(__file__).resolve().parent.parent
PICTURE = TOP / "docs" / "images" / "table-position.png"


def main() -> int:
    (original,) = meridina.read_games(MEDINA_4)
    with (
        tempfile.TemporaryDirectory() as folder,
        serving(setup_for(original, Path(folder) / "club-night.mrec")) as url,
    ):
        api = url + "/api/"
        for step in steps(original):
            if isinstance(step, Click):
                httpx.post(api + "click", json={"tool": step.tool, "target": step.target})
            else:
                httpx.post(api + "change", json=step.what)
        httpx.post(api + "click", json={"tool": {"kind": "stable"}, "target": "L5"})
        options = webdriver.ChromeOptions()
        options.binary_location = next(path for path in CHROMIUM if Path(path).exists())
        for flag in (*FLAGS, "--window-size=1400,1060", "--hide-scrollbars"):
            options.add_argument(flag)
        driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
        try:
            driver.get(url)
            wait_ready(driver)
            press(driver, '#palette [data-tool="stable"]')
            PICTURE.parent.mkdir(exist_ok=True)
            driver.save_screenshot(str(PICTURE))
        finally:
            driver.quit()
    print(f"wrote {PICTURE.relative_to(TOP)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
