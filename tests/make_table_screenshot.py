"""Make the screenshots of ``meridina table``'s record mode for the documentation.

A Medina game of three, part played, is served by ``meridina table``; Chromium opens it,
a piece is picked so that its legal fields light up, and the page is saved, as a desktop
shows it (1280x1000, the wall picked) and as a phone does (390x844, three pixels to the
point, a stable picked and the board tapped once amid its fields, so zoomed in):

    python tests/make_table_screenshot.py [PNG [PHONE_PNG]]

PNG defaults to docs/images/table-record.png of this project, PHONE_PNG to
docs/images/table-phone.png. It needs chromium and chromedriver, as the browser tests do.
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))  # run as a script from anywhere

import meridina  # noqa: E402
from table_games import Served, generated, header, turn_lines  # noqa: E402
from test_html_replay import FLAGS, _browser_parts  # noqa: E402

TURNS = 16  # turns played before the picture
PIECE = "wall"  # the piece picked, its fields lit up
PHONE_PIECE = "stable"  # on the phone: fields close together, in view on the zoomed board


PHONE = {"width": 390, "height": 844, "deviceScaleFactor": 3, "mobile": True}
# where a finger taps to zoom: the middle of the fields lit up
LIT_MIDDLE = """
const lit = [...document.querySelectorAll("#board .target.legal")];
const boxes = lit.map((t) => t.getBoundingClientRect());
const mean = (values) => values.reduce((a, b) => a + b, 0) / values.length;
return [mean(boxes.map((r) => r.left + r.width / 2)),
        mean(boxes.map((r) => r.top + r.height / 2))];
"""


def main(target: Path, phone: Path) -> None:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    found = _browser_parts()
    if found is None:
        raise SystemExit("needs chromium and chromedriver")
    record = generated("medina", "2", 3, 1)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "market-day.mrec"
        path.write_text(header(record), "utf-8")
        recording = meridina.Recording(path)
        for turn in turn_lines(record)[:TURNS]:
            assert recording.play(turn).written, turn
        served = Served(path)
        options = webdriver.ChromeOptions()
        options.binary_location = found[0]
        for flag in FLAGS:
            options.add_argument(flag.replace("1280,900", "1280,1000"))
        options.add_argument(f"--user-data-dir={folder}/profile")
        driver = webdriver.Chrome(service=Service(found[1]), options=options)
        try:
            driver.get(served.url)
            wait = WebDriverWait(driver, 20)
            wait.until(lambda b: b.execute_script("return document.body.dataset.state") == "ready")
            driver.find_element(By.CSS_SELECTOR, f'#choices button[data-choice="{PIECE}"]').click()
            time.sleep(0.3)
            target.parent.mkdir(parents=True, exist_ok=True)
            driver.save_screenshot(str(target))
            driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", PHONE)
            driver.get(served.base + "/record")  # the cookie opens the page again
            wait.until(lambda b: b.execute_script("return document.body.dataset.state") == "ready")
            driver.find_element(
                By.CSS_SELECTOR, f'#choices button[data-choice="{PHONE_PIECE}"]'
            ).click()
            time.sleep(0.3)
            x, y = driver.execute_script(LIT_MIDDLE)
            for kind in ("mousePressed", "mouseReleased"):
                driver.execute_cdp_cmd(
                    "Input.dispatchMouseEvent",
                    {"type": kind, "x": x, "y": y, "button": "left", "clickCount": 1},
                )
            time.sleep(0.5)  # the zoom's short easing
            assert (
                driver.execute_script("return document.getElementById('board-frame').dataset.zoom")
                == "in"
            )
            phone.parent.mkdir(parents=True, exist_ok=True)
            driver.save_screenshot(str(phone))
        finally:
            driver.quit()
            served.stop()
    print(f"wrote {target} and {phone}")


if __name__ == "__main__":
    images = ROOT / "docs" / "images"
    main(
        Path(sys.argv[1]) if len(sys.argv) > 1 else images / "table-record.png",
        Path(sys.argv[2]) if len(sys.argv) > 2 else images / "table-phone.png",
    )
