"""``meridina table`` in a real browser: whole games played by clicks, an illegal click
refused with its rule, an undo; the file then says what the same game typed by hand says.

Chromium and chromedriver are the HTML replay's (its ``browser`` fixture): skipped where they
are missing on a developer's machine, a failure in CI.
"""

from __future__ import annotations

import functools
import http.server
import re
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from table_games import Served, generated, header, same_verdicts, turn_lines
from test_html_replay import browser

__all__ = ["browser"]

WAIT = 20  # seconds a page may take to answer a click
TIMES: dict[str, float] = {}  # seconds each whole game took, said at the end


@pytest.fixture(scope="module", autouse=True)
def said_times() -> Iterator[None]:
    yield
    for name, seconds in TIMES.items():
        print(f"\n{name}: {seconds:.1f} s")


def ready(page: Any) -> None:
    from selenium.webdriver.support.ui import WebDriverWait

    WebDriverWait(page, WAIT, poll_frequency=0.02).until(
        # no body yet while a redirect (the opening page's) is under way: not ready
        lambda b: b.execute_script("return document.body && document.body.dataset.state") == "ready"
    )


def choose(page: Any, choice: str) -> None:
    from selenium.webdriver.common.by import By

    page.find_element(By.CSS_SELECTOR, f'#choices button[data-choice="{choice}"]').click()
    ready(page)


def click_place(page: Any, place: str) -> None:
    from selenium.webdriver.common.by import By

    target = page.find_element(By.CSS_SELECTOR, f'#board [data-target="{place}"]')
    page.execute_script(
        "arguments[0].dispatchEvent(new MouseEvent('click', {bubbles: true}))", target
    )
    ready(page)


def turns_shown(page: Any) -> int:
    return int(page.execute_script("return document.querySelectorAll('#turns li').length"))


def highlighted(page: Any) -> set[str]:
    found = page.execute_script(
        "return [...document.querySelectorAll('#board .target.legal')].map(t => t.dataset.target)"
    )
    return set(found)


def refused_rules(page: Any) -> list[str]:
    return list(
        page.execute_script(
            "return [...document.querySelectorAll('#message .problem')].map(p => p.dataset.rule)"
        )
    )


def every_place(page: Any) -> list[str]:
    return list(
        page.execute_script(
            "return [...document.querySelectorAll('#board [data-target]')]"
            ".map(t => t.dataset.target)"
        )
    )


# ---------------------------------------------------------------- entering a turn


# Steps of a turn run inside the page in one call: each button pressed or place clicked as
# the steps above do it, waiting after each for the page to be ready again; ``lit`` gives
# the places lit up at that moment. One call a turn instead of a dozen round trips.
STEPS_IN_PAGE = """
const steps = arguments[0], done = arguments[arguments.length - 1];
const ready = async () => {
  while (!(document.body && document.body.dataset.state === "ready")) {
    await new Promise((wake) => setTimeout(wake, 5));
  }
};
const lit = () =>
  [...document.querySelectorAll("#board .target.legal")].map((t) => t.dataset.target);
(async () => {
  const seen = [];
  for (const [kind, value] of steps) {
    if (kind === "lit") {
      seen.push(lit());
      continue;
    }
    if (kind === "send") {
      // a whole turn that could go on is sent by hand; then the turns the page lists
      if (document.querySelectorAll("#turns li").length < Number(value)) {
        document.getElementById("play-turn").click();
        await ready();
      }
      continue;
    }
    if (kind === "choose") {
      const button = document.querySelector(`#choices button[data-choice="${CSS.escape(value)}"]`);
      if (button === null) return done({ missing: value, seen });
      button.click();
    } else {
      const target = document.querySelector(`#board [data-target="${CSS.escape(value)}"]`);
      if (target === null) return done({ missing: value, seen });
      target.dispatchEvent(new MouseEvent("click", { bubbles: true }));
    }
    await ready();
  }
  done({ missing: null, seen, shown: document.querySelectorAll("#turns li").length });
})();
"""


def in_page(page: Any, steps: list[tuple[str, str]], number: int | None = None) -> list[set[str]]:
    """Run ``steps`` (``choose`` a button, click a ``place``, see what is ``lit``) in the
    page; the places lit up at each ``lit``. With ``number``, the turn is then sent if the
    clicks left it whole but unsent, and the page must list ``number`` turns."""
    if number is not None:
        steps = [*steps, ("send", str(number))]
    answer = page.execute_async_script(STEPS_IN_PAGE, steps)
    assert answer["missing"] is None, (steps, answer)
    if number is not None:
        message = page.execute_script("return document.getElementById('message').textContent")
        assert answer["shown"] == number, (steps, message)
    return [set(lit) for lit in answer["seen"]]


def enter_placements(page: Any, turn: str, number: int | None = None) -> None:
    """A Medina turn: each piece picked, then its field clicked; other words as buttons
    (``number``: then sent, the page listing that many turns; see ``in_page``)."""
    steps: list[tuple[str, str]] = []
    fields = []
    for word in turn.split()[1:]:
        piece, at, field = word.partition("@")
        if at:
            steps += [("choose", piece), ("lit", ""), ("place", field)]
            fields.append(field)
        else:
            steps.append(("choose", word))
    lit = in_page(page, steps, number)
    for field, lit_up in zip(fields, lit, strict=True):
        assert field in lit_up, (turn, field)


def meridian_parts(turn: str) -> dict[str, str | None]:
    head, rest = turn.split(": ")
    colour, card = head.split(" ")
    label, _, chosen = card.partition("/")
    parts: dict[str, str | None] = {"card": f"{colour} {label}", "meridian": chosen or label}
    parts.update(take=None, build=None, height=None, city=None, alone=None)
    for word in rest.split():
        if word in ("pass", "stuck"):
            parts["alone"] = word
        elif word == "x" or word.startswith("x@"):
            parts["take"] = word
        elif "@" in word:
            parts["height"], parts["city"] = word.split("@")
        else:
            parts["build"] = word
    if parts["take"] is not None and parts["height"] is None:
        parts["alone"] = parts["take"]
    return parts


def enter_card_turn(page: Any, turn: str, number: int | None = None) -> None:
    """A Meridian turn: its card, take-off, tower colour and height picked, then its city
    (``number``: then sent, the page listing that many turns; see ``in_page``)."""
    parts = meridian_parts(turn)
    steps = [("choose", str(parts["card"]))]
    if parts["alone"] is not None:
        in_page(page, [*steps, ("choose", f"alone-{parts['alone']}")], number)
        return
    if parts["take"] is not None:
        steps.append(("choose", str(parts["take"])))
    if parts["build"] is not None:
        steps.append(("choose", str(parts["build"])))
    place = f"{parts['meridian']}/{parts['city']}"
    steps += [("lit", ""), ("choose", f"height-{parts['height']}"), ("lit", ""), ("place", place)]
    any_height, at_height = in_page(page, steps, number)
    assert place in at_height and at_height <= any_height, turn


def illegal_click(page: Any, turn: str, card_turns: bool) -> list[str]:
    """Pick the turn's first piece (or card and height), click a place not lit up."""
    if card_turns:
        parts = meridian_parts(turn)
        choose(page, str(parts["card"]))
        choose(page, f"height-{parts['height']}")
    else:
        choose(page, turn.split()[1].partition("@")[0])
    lit = highlighted(page)
    assert lit
    place = next(p for p in every_place(page) if p not in lit)
    before = turns_shown(page)
    click_place(page, place)
    assert turns_shown(page) == before
    return refused_rules(page)


# ---------------------------------------------------------------- a whole game


def play_by_clicks(page: Any, tmp_path: Path, record: str, card_turns: bool) -> Path:
    path = tmp_path / "clicked.mrec"
    path.write_text(header(record), "utf-8")
    served = Served(path)
    try:
        page.get(served.url)
        ready(page)
        assert page.current_url == served.base + "/record"  # the token left the address
        note = page.execute_script(
            "const n = document.getElementById('stand-in'); return n.hidden ? null : n.textContent"
        )
        assert (note is not None) == card_turns  # the generated Meridian games: five-city
        assert note is None or "stand-in layout, not the printed board" in note
        turns = turn_lines(record)
        enter = enter_card_turn if card_turns else enter_placements
        for number, turn in enumerate(turns, start=1):
            if number == 3:
                rules = illegal_click(page, turn, card_turns)
                assert rules and all(re.fullmatch(r"[A-Z]+-[A-Z]*\d+", r) for r in rules)
                link = page.execute_script(
                    "return document.querySelector('#message .problem a').getAttribute('href')"
                )
                assert link == f"/rules/{rules[0]}"
                page.execute_script("document.getElementById('clear').click()")
                ready(page)
            enter(page, turn, number)  # sent, and then listed as the turn ``number``
            if number == 4:
                page.execute_script("document.getElementById('undo').click()")
                ready(page)
                assert turns_shown(page) == number - 1
                enter(page, turn, number)
        result = page.execute_script("return document.getElementById('result').textContent")
        assert result.startswith("Result: ")
    finally:
        served.stop()
    return path


# One whole game of each game by clicks; every edition and number of players is played whole
# over HTTP (test_table_record.py), and the second edition's pieces are all clicked in by the
# four-player position entered in test_table_position_browser.py.
@pytest.mark.parametrize(
    ("game", "edition", "players", "seed"),
    [("meridian", None, 2, 3), ("medina", "1", 3, 1)],
    ids=["meridian-2p", "medina-1st-3p"],
)
def test_a_whole_game_by_clicks_is_the_game_typed_by_hand(
    browser: Any, tmp_path: Path, game: str, edition: str | None, players: int, seed: int
) -> None:
    record = generated(game, edition, players, seed)
    typed = tmp_path / "typed.mrec"
    typed.write_text(record, "utf-8")
    started = time.monotonic()
    clicked = play_by_clicks(browser, tmp_path, record, game == "meridian")
    TIMES[f"{game} {edition or ''} {players}p by clicks".replace("  ", " ")] = (
        time.monotonic() - started
    )
    same_verdicts(clicked, typed)


# ---------------------------------------------------------------- the page's guards

# A page on another port of the same machine: its requests carry the table's cookie, since
# every port of a machine is the same site.
ELSEWHERE = """<!DOCTYPE html>
<html><head><title>waiting</title></head><body><script>
fetch("{table}/api/record/play", {{
  method: "POST", mode: "no-cors", credentials: "include",
  headers: {{ "Content-Type": "text/plain" }}, body: JSON.stringify({{ turn: "{turn}" }}),
}}).then(() => {{ document.title = "sent"; }}, () => {{ document.title = "failed"; }});
</script></body></html>
"""


class QuietFiles(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


def test_the_table_opens_by_its_file_and_another_page_cannot_play_in_it(
    browser: Any, tmp_path: Path
) -> None:
    from meridina.cli.table.opening_page import opening_page
    from selenium.webdriver.support.ui import WebDriverWait

    record = generated("medina", "1", 3, 1)
    path = tmp_path / "game.mrec"
    path.write_text(header(record), "utf-8")
    served = Served(path)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "page.html").write_text(
        ELSEWHERE.format(table=served.base, turn=turn_lines(record)[0]), "utf-8"
    )
    files = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(QuietFiles, directory=str(elsewhere))
    )
    threading.Thread(target=files.serve_forever, daemon=True).start()
    try:
        with opening_page(served.url) as opening:  # as the command opens the browser
            browser.get(opening.as_uri())
            ready(browser)
            assert browser.current_url == served.base + "/record"
        browser.get(f"http://127.0.0.1:{files.server_port}/page.html")
        WebDriverWait(browser, WAIT).until(lambda b: b.title in ("sent", "failed"))
        browser.get(served.base + "/record")  # the cookie still opens the page
        ready(browser)
        assert turns_shown(browser) == 0
    finally:
        files.shutdown()
        served.stop()
    assert "\n1. " not in path.read_text("utf-8")
