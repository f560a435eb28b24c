"""``replay --html``: a self-contained page, checked as a file and in a real (headless) browser.

The browser tests drive the system's Chromium through chromedriver. Where they are
missing the tests are skipped on a developer's machine but fail in CI (CI=true), which
installs both.
"""

from __future__ import annotations

import base64
import html
import json
import os
import re
import shutil
import tempfile
import zlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import run_cli as run
from hypothesis import given
from hypothesis import strategies as st
from meridina.cli.formats.html_replay import HEADING_MARK, from_steps, pack, spelled_out, unpack
from meridina.drawing import pictures, svg
from meridina.notation.driver import check_file
from png_pixels import pixels
from svg_reading import SVG, parse

TOP = Path(__file__).resolve().parent.parent
EXAMPLES = sorted((TOP / "examples").rglob("*.mrec"))
MERIDIAN = TOP / "examples/meridian/four-players.mrec"
MEDINA = TOP / "examples/medina/second-edition-2p.mrec"
ERRORS = TOP / "examples/meridian/errors.mrec"
CHROMIUM = ("/usr/bin/chromium", "/usr/bin/chromium-browser")
CHROMEDRIVER = "/usr/bin/chromedriver"
FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--window-size=1280,900",
)


PAGES: dict[tuple[Path, tuple[str, ...]], tuple[Path, int]] = {}


def page(tmp_path: Path, record: Path, *args: str) -> tuple[Path, int]:
    """The replay page of a record (made once per test run: making one takes a while)."""
    key = (record, args)
    if key not in PAGES or not PAGES[key][0].exists():
        out = tmp_path / f"{record.stem}.html"
        result = run("replay", str(record), *args, "--html", str(out))
        PAGES[key] = (out, result.exit_code)
    return PAGES[key]


def data_of(html: str) -> dict[str, Any]:
    """The page's games, each block inflated as the page's script does."""
    blocks = re.findall(
        r'<script type="application/octet-stream" class="replay-game"[^>]*>(.*?)</script>', html
    )
    games = [json.loads(unpack(block)) for block in blocks]
    for game in games:  # a list per field, as written, turned into a dict per frame
        fields = game["frames"]
        game["frames"] = [
            dict(zip(fields, frame, strict=True)) for frame in zip(*fields.values(), strict=True)
        ]
    return {"games": games}


def pictures_of(game: dict[str, Any]) -> list[str]:
    """Each frame's picture, joined from its parts as the page's script does."""
    parts: list[Any] = spelled_out(game["parts"])

    def markup(number: int) -> str:
        part = parts[number]
        if isinstance(part, str):
            return part
        tag = re.match(r"<([^\s>]+)", part[0])
        assert tag is not None
        opening: str = part[0]
        return opening + "".join(markup(child) for child in part[1:]) + f"</{tag.group(1)}>"

    shown: list[str] = []
    previous: list[int] = []
    for frame in game["frames"]:
        listed: list[int] = []
        for op in from_steps(frame["svg"]):
            listed.extend([op] if isinstance(op, int) else previous[op[0] : op[0] + op[1]])
        said = html.escape(frame["heading"], quote=False)
        shown.append("".join(markup(number) for number in listed).replace(HEADING_MARK, said))
        previous = listed
    return shown


def replay_json(record: Path, *args: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(run("replay", str(record), *args, "--format", "json").stdout)
    return data


# ---------------------------------------------------------------- the file itself


@pytest.mark.parametrize("record", EXAMPLES, ids=[f"{p.parent.name}/{p.stem}" for p in EXAMPLES])
def test_every_example_makes_a_page_with_a_frame_per_turn(tmp_path: Path, record: Path) -> None:
    out, status = page(tmp_path, record)
    assert status == run("replay", str(record)).exit_code
    data = data_of(out.read_text("utf-8"))
    games = replay_json(record)["files"][0]["games"]
    replayed = {g["game"]: g for g in games if g["start"] is not None}
    assert len(data["games"]) == len(run_games(record))
    for index, game in enumerate(data["games"], start=1):
        if index not in replayed:
            assert game["frames"] == [] and game["problems"]
            continue
        turns = replayed[index]["turns"]
        assert [f["number"] for f in game["frames"]] == [0, *(t["number"] for t in turns)]
        assert [f["legal"] for f in game["frames"][1:]] == [t["legal"] for t in turns]
        for picture in pictures_of(game):
            assert picture.startswith("<svg") and picture.rstrip().endswith("</svg>")


def run_games(record: Path) -> list[Any]:
    data: dict[str, Any] = json.loads(run("validate", str(record), "--format", "json").stdout)
    games: list[Any] = data["files"][0]["games"]
    return games


def test_last_frame_is_the_drawn_end(tmp_path: Path) -> None:
    out, _ = page(tmp_path, MEDINA)
    data = data_of(out.read_text("utf-8"))
    assert pictures_of(data["games"][0])[-1] == run("draw", str(MEDINA)).stdout


def test_page_needs_no_network(tmp_path: Path) -> None:
    out, _ = page(tmp_path, MERIDIAN)
    html = out.read_text("utf-8")
    addresses = set(re.findall(r"https?://[^\s\"'<>\\]+", html))
    assert addresses <= {"http://www.w3.org/2000/svg"}
    assert not re.search(r"<(link|img|iframe)\b|\bsrc=", html)
    assert "default-src 'none'" in html


def test_names_from_the_record_cannot_break_out_of_the_page(tmp_path: Path) -> None:
    record = tmp_path / "evil.mrec"
    record.write_text(
        '[Game "Meridian"]\n[Players "</script><b>x</b> orange; Ben black; Cy grey; Di brown"]\n'
        "1. orange 7: 3@2 { </script><script>alert(1)</script> & }\n",
        "utf-8",
    )
    out, _ = page(tmp_path, record)
    html = out.read_text("utf-8")
    # the data block, the page's packed style and script, and its loader
    assert html.count("</script>") == 3
    data = data_of(html)
    assert data["games"][0]["frames"][1]["comments"] == ["</script><script>alert(1)</script> &"]


def test_each_game_carries_its_event_site_date_round_players_and_result(
    tmp_path: Path,
) -> None:
    record = tmp_path / "club.mrec"
    record.write_text(
        '[Game "Meridian"]\n[Result "Ann 3"]\n[Event "<b>Club</b> \x07night"]\n'
        '[Date "2024-05-17"]\n[Annotator "left out"]\n[Site "Hall"]\n[Round "2"]\n'
        '[Players "Ann orange; Ben black; Cy grey; Di brown"]\n1. orange 7: 3@2\n',
        "utf-8",
    )
    out, _ = page(tmp_path, record)
    facts = data_of(out.read_text("utf-8"))["games"][0]["facts"]
    # in one order whatever the record's, markup kept as text (the script sets it as text)
    assert facts == [
        ["Event", "<b>Club</b> \\x07night"],
        ["Site", "Hall"],
        ["Date", "2024-05-17"],
        ["Round", "2"],
        ["Players", "Ann orange; Ben black; Cy grey; Di brown"],
        ["Result", "Ann 3"],
    ]


def test_output_replaces_a_file_whole(tmp_path: Path) -> None:
    out = tmp_path / "replay.html"
    out.write_text("old", "utf-8")
    run("replay", str(MEDINA), "--html", str(out))
    assert out.read_text("utf-8").startswith("<!DOCTYPE html>")
    assert [p.name for p in tmp_path.iterdir()] == ["replay.html"]


def test_game_option_keeps_one_game(tmp_path: Path) -> None:
    out, _ = page(tmp_path, ERRORS, "--game-number", "2")
    data = data_of(out.read_text("utf-8"))
    assert [g["label"] for g in data["games"]] == ["Game 2: Meridian"]


@pytest.mark.slow  # minutes of work on two cores: left out of the everyday loop
def test_every_position_is_the_picture_draw_makes(tmp_path: Path) -> None:
    for record in EXAMPLES:
        out, _ = page(tmp_path, record)
        data = data_of(out.read_text("utf-8"))
        for report, game in zip(check_file(record), data["games"], strict=True):
            shown = pictures_of(game)
            drawn = [svg.serialize(pictures.draw(report, turns)) for turns in range(len(shown))]
            assert shown == drawn, f"{record.name} {game['label']}"


def test_a_middle_position_is_what_draw_turn_n_writes(tmp_path: Path) -> None:
    out, _ = page(tmp_path, MERIDIAN)
    (game,) = data_of(out.read_text("utf-8"))["games"]
    turn = _turn_at(MERIDIAN, 0.5)
    index = [f["number"] for f in game["frames"]].index(turn)
    assert pictures_of(game)[index] == run("draw", str(MERIDIAN), "--turn", str(turn)).stdout


def generated(tmp_path: Path, game: str, count: int) -> Path:
    path = tmp_path / f"{game}-{count}.mrec"
    result = run("generate", "--game", game, "-n", str(count), "--seed", "11")
    path.write_text(result.stdout, "utf-8")
    return path


@pytest.mark.slow  # minutes of work on two cores: left out of the everyday loop
@pytest.mark.parametrize("game", ["meridian", "medina"])
def test_page_grows_with_the_record_by_a_small_bounded_factor(tmp_path: Path, game: str) -> None:
    sizes = {}
    for count in (1, 3, 6):
        record = generated(tmp_path, game, count)
        out = tmp_path / f"{game}-{count}.html"
        assert run("replay", str(record), "--html", str(out)).exit_code == 0
        sizes[count] = (record.stat().st_size, out.stat().st_size)
    (record_1, page_1), (record_3, page_3), (record_6, page_6) = sizes[1], sizes[3], sizes[6]
    # each game adds to the page at most 16 bytes per byte of record (it was over 180, then 20)
    assert page_3 - page_1 <= 16 * (record_3 - record_1)
    # and the page is the fixed template plus so much per game: linear in the games
    template = page_1 - (page_3 - page_1) / 2
    assert 0 < template < 10_000
    # a page of six games is within 16 times its record (ten Meridian games were 21 times, then 17)
    assert page_6 <= 16 * record_6


@pytest.mark.parametrize("players", ["2", "3", "4"])
@pytest.mark.parametrize("game", ["meridian", "medina"])
def test_a_page_of_one_game_is_within_20_times_its_record(
    tmp_path: Path, game: str, players: str
) -> None:
    # one short game is the hardest case: the page's fixed part and the first picture weigh
    # most (a 3-player Meridian game of 881 bytes made a page 26 times its size)
    record = tmp_path / "game.mrec"
    made = run("generate", "--game", game, "--players", players, "--seed", "4")
    record.write_text(made.stdout, "utf-8")
    out = tmp_path / "game.html"
    assert run("replay", str(record), "--html", str(out)).exit_code == 0
    assert out.stat().st_size <= 20 * record.stat().st_size


def test_the_template_is_carried_without_indentation_or_comment_lines(tmp_path: Path) -> None:
    out = tmp_path / "page.html"
    assert run("replay", str(MERIDIAN), "--html", str(out)).exit_code == 0
    page = out.read_text("utf-8")
    assert "\n  " not in page and "\n\n" not in page and "\n//" not in page
    assert "function fromBase85(text)" in page  # the script itself is kept


def test_a_block_holds_nothing_that_ends_or_changes_a_script_element() -> None:
    # every byte value, many times over, so that every base 85 digit is written
    data = bytes(range(256)) * 64
    block = pack(data)
    assert "<" not in block and unpack(block) == zlib.decompress(zlib.compress(data))


def test_page_is_written_game_by_game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from meridina.cli.files import loading
    from meridina.cli.formats import html_replay

    written: list[int] = []
    checked = loading.reports

    def watched(*args: Any) -> Iterator[Any]:
        for report in checked(*args):
            temporary = [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]
            written.append(
                sum(p.read_text("utf-8").count('class="replay-game"') for p in temporary)
            )
            yield report

    monkeypatch.setattr(html_replay, "reports", watched)
    out = tmp_path / "out.html"
    run("replay", str(ERRORS), "--html", str(out))
    assert written == [0, 1, 2, 3]
    assert [p.name for p in tmp_path.iterdir()] == ["out.html"]


@pytest.mark.slow  # minutes of work on two cores: left out of the everyday loop
def test_memory_does_not_grow_with_the_games(tmp_path: Path) -> None:
    import tracemalloc

    from meridina.cli.formats.html_replay import write_html

    peaks = []
    # imports and first-use set-up done before anything is traced
    write_html(str(generated(tmp_path, "meridian", 1)), None, tmp_path / "out.html")
    for count in (1, 3):  # three times the games, not half as much memory again
        record = generated(tmp_path, "meridian", count)
        tracemalloc.start()
        write_html(str(record), None, tmp_path / "out.html")
        peaks.append(tracemalloc.get_traced_memory()[1])
        tracemalloc.stop()
    assert peaks[1] < 1.5 * peaks[0]


def test_page_says_what_it_wrote_and_names_the_record_by_its_file_name(tmp_path: Path) -> None:
    folder = tmp_path / "private" / "records"
    folder.mkdir(parents=True)
    record = folder / "club-night.mrec"
    record.write_text(MERIDIAN.read_text("utf-8"), "utf-8")
    out = tmp_path / "shared.html"
    result = run("replay", str(record.resolve()), "--html", str(out))
    positions = len(replay_json(MERIDIAN)["files"][0]["games"][0]["turns"]) + 1
    assert result.stderr == f"wrote {out}: 1 game, {positions} positions\n"
    assert result.stdout == ""
    html = out.read_text("utf-8")
    (game,) = data_of(html)["games"]
    assert "private" not in html and "private" not in json.dumps(game)
    assert game["title"].endswith("(club-night.mrec)")
    assert "<title>meridina replay: club-night.mrec</title>" in html


def test_a_board_file_beside_the_record_is_named_from_the_records_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The page names its record by the file name alone; a problem with the record's Board
    file names that file from there too, not by this machine's folders."""
    folder = tmp_path / "private" / "records"
    folder.mkdir(parents=True)
    text = MERIDIAN.read_text("utf-8")
    (folder / "own.mrec").write_text(re.sub(r'\[Board "[^"]*"\]', '[Board "own.toml"]', text))
    (folder / "own.toml").write_text("not = = toml\n", "utf-8")
    monkeypatch.chdir(folder)
    for record in (str((folder / "own.mrec").resolve()), "own.mrec", "-"):
        out = tmp_path / "shared.html"
        stdin = (folder / "own.mrec").read_text("utf-8") if record == "-" else None
        run("replay", record, "--html", str(out), input_text=stdin)
        html = out.read_text("utf-8")
        (game,) = data_of(html)["games"]
        said = json.dumps(game)
        assert "private" not in html and "private" not in said, record
        assert "DATA-1 data file own.toml:1:" in said, record


def test_stand_in_note_is_said_once(tmp_path: Path) -> None:
    out, _ = page(tmp_path, MERIDIAN)
    html = out.read_text("utf-8")
    (game,) = data_of(html)["games"]
    assert "stand-in" not in json.dumps({k: v for k, v in game.items() if k != "parts"})
    assert 'id="stand-in"' not in html
    for picture in pictures_of(game):
        shown = [t.text or "" for t in parse(picture).iter(f"{SVG}text")]
        assert sum("stand-in layout" in words for words in shown) == 1


@pytest.mark.parametrize(
    "record", [ERRORS, TOP / "examples/medina/errors.mrec"], ids=["meridian", "medina"]
)
def test_side_panel_says_each_fault_once(tmp_path: Path, record: Path) -> None:
    out, _ = page(tmp_path, record)
    faulty = 0
    for game in data_of(out.read_text("utf-8"))["games"]:
        for frame in game["frames"][1:]:
            said = [*frame["events"], *frame["comments"], *frame["problems"]]
            for rule in set(
                re.findall(r"\b(?:MER|MED|REC)-[A-Z]+\d+\b", " ".join(frame["problems"]))
            ):
                faulty += 1
                assert sum(rule in line for line in said) == 1, (frame["heading"], said)
    assert faulty > 5


def test_characters_xml_forbids_are_shown_as_escapes(tmp_path: Path) -> None:
    from meridina.shown import MARKUP_UNSAFE as UNSHOWABLE

    record = tmp_path / "names.mrec"
    record.write_text(
        '[Game "Meridian"]\n[Players "A\x1bB\x07C\ufffe orange; Ben black; Cy grey; Di brown"]\n'
        "1. orange 7: 3@2 { said \x1b here }\n",
        "utf-8",
    )
    out, _ = page(tmp_path, record)
    html = out.read_text("utf-8")
    assert UNSHOWABLE.search(html) is None
    (game,) = data_of(html)["games"]
    texts = json.dumps(game, ensure_ascii=False)
    assert "\\u001b" not in texts and "\ufffe" not in texts
    assert game["frames"][1]["comments"] == ["said \\x1b here"]
    assert "A\\x1bB\\x07C\\ufffe" in [row[1] for row in game["score"]["rows"]]
    for picture in pictures_of(game):
        assert "A\\x1bB\\x07C\\ufffe" in picture and parse(picture) is not None


# ---------------------------------------------------------------- in a browser


def _browser_parts() -> tuple[str, str] | None:
    binary = next((path for path in CHROMIUM if os.path.exists(path)), None)
    driver = CHROMEDRIVER if os.path.exists(CHROMEDRIVER) else shutil.which("chromedriver")
    return (binary, driver) if binary and driver else None


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    found = _browser_parts()
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
    except ImportError:
        found = None
    if found is None:
        if os.environ.get("CI"):
            pytest.fail("CI must run the browser tests: install chromium and chromium-driver")
        pytest.skip("no chromium and chromedriver here (CI installs them)")
    binary, driver_path = found
    options = webdriver.ChromeOptions()
    options.binary_location = binary
    for flag in FLAGS:
        options.add_argument(flag)
    # the page's console, for the tests that read it (``get_log("browser")``)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    with tempfile.TemporaryDirectory() as profile:
        options.add_argument(f"--user-data-dir={profile}")
        driver = webdriver.Chrome(service=Service(driver_path), options=options)
        try:
            yield driver
        finally:
            driver.quit()


def _open(browser: Any, path: Path) -> None:
    browser.get(path.as_uri())
    _wait_ready(browser)


def _wait_ready(browser: Any) -> None:
    """Until the page has inflated the game it shows (it does so after loading)."""
    from selenium.webdriver.support.ui import WebDriverWait

    WebDriverWait(browser, 20).until(
        lambda b: b.execute_script("return document.body.getAttribute('data-state')") == "ready"
    )


def _press(browser: Any, key: str, times: int = 1) -> None:
    from selenium.webdriver.common.by import By

    browser.find_element(By.TAG_NAME, "body").send_keys(key * times)


def _shown_turn(browser: Any) -> int:
    from selenium.webdriver.common.by import By

    return int(browser.find_element(By.ID, "turn-number").get_attribute("data-turn"))


def _drawn(browser: Any, css_class: str) -> list[dict[str, str]]:
    found: list[dict[str, str]] = browser.execute_script(
        """
        return Array.from(document.querySelectorAll('#board g.' + arguments[0])).map(
            g => Object.assign({}, g.dataset));
        """,
        css_class,
    )
    return found


def _turn_at(record: Path, share: float) -> int:
    """The number of the turn that far through the record's first game (0.0 first, 1.0 last)."""
    turns = replay_json(record)["files"][0]["games"][0]["turns"]
    number: int = turns[round(share * (len(turns) - 1))]["number"]
    return number


@pytest.mark.parametrize("share", [0.0, 0.3, 1.0])
def test_arrow_keys_reach_the_turn_replay_shows_meridian(
    browser: Any, tmp_path: Path, share: float
) -> None:
    from selenium.webdriver.common.keys import Keys

    turn = _turn_at(MERIDIAN, share)
    out, _ = page(tmp_path, MERIDIAN)
    _open(browser, out)
    _press(browser, Keys.ARROW_RIGHT, turn)
    assert _shown_turn(browser) == turn
    (game,) = replay_json(MERIDIAN, "--turn", str(turn))["files"][0]["games"]
    expected = {(t["meridian"], t["city"], t["colour"], t["height"]) for t in
                game["turns"][0]["state"]["towers"]}  # fmt: skip
    drawn = {
        (int(t["meridian"]), int(t["city"]), t["colour"], int(t["height"]))
        for t in _drawn(browser, "tower")
    }
    assert drawn == expected and expected


@pytest.mark.parametrize("share", [0.0, 0.4, 1.0])
def test_arrow_keys_reach_the_turn_replay_shows_medina(
    browser: Any, tmp_path: Path, share: float
) -> None:
    from selenium.webdriver.common.keys import Keys

    turn = _turn_at(MEDINA, share)
    out, _ = page(tmp_path, MEDINA)
    _open(browser, out)
    _press(browser, Keys.ARROW_RIGHT, turn)
    assert _shown_turn(browser) == turn
    (game,) = replay_json(MEDINA, "--turn", str(turn))["files"][0]["games"]
    state = game["turns"][0]["state"]
    for kind in ("building", "stable", "merchant", "wall", "well"):
        listed = sorted(p["field"] for p in state["pieces"] if p["piece"] == kind)
        assert sorted(p["field"] for p in _drawn(browser, kind)) == listed, kind
    owners = sorted(p["owner"] or "" for p in state["palaces"])
    assert sorted(p["owner"] for p in _drawn(browser, "palace")) == owners


SHOWN_ELEMENTS = """
return Array.from(document.querySelectorAll('#board svg, #board svg *')).map(e => [
    e.tagName,
    Array.from(e.attributes).filter(a => a.name !== 'xmlns').map(a => a.name + '=' + a.value),
    e.childElementCount === 0 ? e.textContent : '']);
"""


def elements_of(picture: str) -> list[list[Any]]:
    """Each element of a picture as the browser lists it: tag, attributes, text of a leaf."""
    return [
        [
            element.tag.removeprefix(SVG),
            [f"{name}={value}" for name, value in element.attrib.items()],
            element.text or "" if len(element) == 0 else "",
        ]
        for element in parse(picture).iter()
    ]


# Steps through a whole game inside the page, in one call: presses the right arrow (a keydown
# on the page, as a key press sends) after each turn and gives, for every turn, the elements
# of the picture shown and the turn number shown. One call instead of round trips per turn.
EVERY_TURN_SHOWN = (
    "var read = function () {\n"
    + SHOWN_ELEMENTS.replace("return ", "return [", 1).rstrip().rstrip(";")
    + """, document.getElementById('turn-number').getAttribute('data-turn')];
};
var shown = [];
for (var turn = 0; turn < arguments[0]; turn++) {
    if (turn) {
        document.body.dispatchEvent(
            new KeyboardEvent('keydown', {key: 'ArrowRight', bubbles: true}));
    }
    shown.push(read());
}
return shown;
"""
)


# The page's script draws every frame one way, and every example's pictures are held to
# `draw` in Python (test_every_position_is_the_picture_draw_makes): the browser steps through
# a record of each kind (several games, a position to start from, each edition, faults).
STEPPED = [
    TOP / "examples" / name
    for name in (
        "meridian/errors.mrec",
        "meridian/midgame.mrec",
        "meridian/four-players.mrec",
        "medina/errors.mrec",
        "medina/final-position.mrec",
        "medina/first-edition-3p.mrec",
        "medina/second-edition-2p.mrec",
    )
]


@pytest.mark.parametrize("record", STEPPED, ids=[f"{p.parent.name}/{p.stem}" for p in STEPPED])
def test_stepping_through_every_turn_shows_the_drawn_pictures(
    browser: Any, tmp_path: Path, record: Path
) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    # the page's pictures are what `draw` makes (test_every_position_is_the_picture_draw_makes):
    # here the browser must show each of them, in its turn
    out, _ = page(tmp_path, record)
    games = data_of(out.read_text("utf-8"))["games"]
    _open(browser, out)
    for index, game in enumerate(games):
        if index:
            Select(browser.find_element(By.ID, "game")).select_by_index(index)
            _wait_ready(browser)
        shown = browser.execute_script(EVERY_TURN_SHOWN, len(game["frames"]))
        assert len(shown) == len(game["frames"])
        pictures_held = pictures_of(game)
        for turns, (frame, (elements, number), picture) in enumerate(
            zip(game["frames"], shown, pictures_held, strict=True)
        ):
            assert int(number) == frame["number"]
            assert elements == elements_of(picture), (record.name, index, turns)


def test_home_end_and_left_move_and_the_end_shows_the_score(browser: Any, tmp_path: Path) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    out, _ = page(tmp_path, MEDINA)
    _open(browser, out)
    turns = replay_json(MEDINA)["files"][0]["games"][0]["turns"]
    score = browser.find_element(By.ID, "score")
    assert not score.is_displayed()
    _press(browser, Keys.END)
    assert _shown_turn(browser) == turns[-1]["number"]
    assert score.is_displayed()
    rows = browser.find_elements(By.CSS_SELECTOR, "#score-table tbody tr")
    sheet = json.loads(run("score", str(MEDINA), "--format", "json").stdout)
    players = sheet["files"][0]["games"][0]["score"]["players"]
    shown = [[c.text for c in row.find_elements(By.TAG_NAME, "td")] for row in rows]
    assert [(r[1], int(r[3])) for r in shown] == [(p["name"], p["total"]) for p in players]
    _press(browser, Keys.ARROW_LEFT)
    assert _shown_turn(browser) == turns[-2]["number"] and not score.is_displayed()
    _press(browser, Keys.HOME)
    assert _shown_turn(browser) == 0


def test_illegal_turn_shows_its_problem_in_red(browser: Any, tmp_path: Path) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    out, _ = page(tmp_path, ERRORS, "--game-number", "1")
    _open(browser, out)
    turns = replay_json(ERRORS, "--game-number", "1")["files"][0]["games"][0]["turns"]
    illegal = next(i for i, t in enumerate(turns, start=1) if not t["legal"])
    _press(browser, Keys.ARROW_RIGHT, illegal)
    problems = browser.find_elements(By.CSS_SELECTOR, "#problems li")
    assert problems and all(p.is_displayed() for p in problems)
    red = problems[0].value_of_css_property("color")
    channels = [int(n) for n in re.findall(r"\d+", red)[:3]]
    assert channels[0] > 150 and channels[1] < 60 and channels[2] < 60
    assert any("MER-" in p.text for p in problems)


def test_slider_and_game_choice(browser: Any, tmp_path: Path) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    out, _ = page(tmp_path, ERRORS)
    _open(browser, out)
    Select(browser.find_element(By.ID, "game")).select_by_index(1)
    _wait_ready(browser)
    browser.execute_script(
        "var s = document.getElementById('slider'); s.value = 2;"
        "s.dispatchEvent(new Event('input'));"
    )
    second = replay_json(ERRORS, "--game-number", "2")["files"][0]["games"][0]["turns"]
    assert _shown_turn(browser) == second[1]["number"]


def test_screenshot_is_not_blank(browser: Any, tmp_path: Path) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    out, _ = page(tmp_path, MEDINA)
    _open(browser, out)
    _press(browser, Keys.END)
    board = browser.find_element(By.ID, "board")
    box = {**board.rect, "scale": 0.5}  # half size: enough to see, quick to read back
    shot = browser.execute_cdp_cmd("Page.captureScreenshot", {"format": "png", "clip": box})
    width, height, rows = pixels(base64.b64decode(shot["data"]))
    assert width > 200 and height > 200
    colours = set()
    inked = total = 0
    for row in rows[::4]:
        for x in range(0, len(row) - 2, 12):
            pixel = row[x : x + 3]
            colours.add(pixel)
            total += 1
            inked += pixel != b"\xff\xff\xff"
    assert len(colours) > 20
    assert inked / total > 0.3


def test_shown_page_says_the_fault_once(browser: Any, tmp_path: Path) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    out, _ = page(tmp_path, ERRORS, "--game-number", "1")
    _open(browser, out)
    _press(browser, Keys.ARROW_RIGHT)  # turn 1 breaks MER-R1, and its comment says so
    assert _shown_turn(browser) == 1
    assert browser.find_element(By.ID, "side").text.count("MER-R1") == 1


def test_shown_page_says_the_stand_in_once(browser: Any, tmp_path: Path) -> None:
    out, _ = page(tmp_path, MERIDIAN)
    _open(browser, out)
    shown = browser.execute_script("return document.body.innerText")
    assert shown.count("stand-in layout") == 1


def test_shown_title_names_the_record_by_its_file_name(browser: Any, tmp_path: Path) -> None:
    from selenium.webdriver.common.by import By

    folder = tmp_path / "private" / "records"
    folder.mkdir(parents=True)
    record = folder / "club-night.mrec"
    record.write_text(MERIDIAN.read_text("utf-8"), "utf-8")
    out = tmp_path / "shared.html"
    run("replay", str(record.resolve()), "--html", str(out))
    _open(browser, out)
    title = browser.find_element(By.ID, "title").text
    assert title.endswith("(club-night.mrec)") and "private" not in title


def test_shown_header_says_the_games_tags_as_text(browser: Any, tmp_path: Path) -> None:
    from selenium.webdriver.common.by import By

    record = tmp_path / "tags.mrec"
    record.write_text(
        '[Game "Meridian"]\n[Event "<i>Open</i>"]\n[Round "3"]\n'
        '[Players "Ann orange; Ben black; Cy grey; Di brown"]\n1. orange 7: 3@2\n',
        "utf-8",
    )
    out, _ = page(tmp_path, record)
    _open(browser, out)
    facts = browser.find_element(By.ID, "facts")
    players = "Players: Ann orange; Ben black; Cy grey; Di brown"
    assert facts.text == f"Event: <i>Open</i> \u00b7 Round: 3 \u00b7 {players}"
    assert facts.find_elements(By.TAG_NAME, "i") == []


def test_a_browser_without_decompression_is_told_so(browser: Any, tmp_path: Path) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    out, _ = page(tmp_path, MEDINA)
    script = {"source": "delete window.DecompressionStream;"}
    added = browser.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", script)
    try:
        browser.get(out.as_uri())
        WebDriverWait(browser, 20).until(
            lambda b: (
                b.execute_script("return document.body.getAttribute('data-state')") == "failed"
            )
        )
        assert "DecompressionStream" in browser.find_element(By.ID, "board").text
    finally:
        browser.execute_cdp_cmd("Page.removeScriptToEvaluateOnNewDocument", added)


@given(st.text(st.sampled_from("ab\u00e9\U0001f600"), max_size=40), st.text(max_size=40))
def test_two_texts_start_alike_for_as_long_as_their_common_prefix(text: str, tail: str) -> None:
    """The parts are written as their change from the last by the length they share at the
    start (found by halving): the common prefix, however the two go on."""
    from meridina.tools.replay_parts import _shared_start

    other = text[: len(text) // 2] + tail
    differs = (at for at, (one, two) in enumerate(zip(text, other, strict=False)) if one != two)
    assert _shared_start(text, other) == next(differs, min(len(text), len(other)))


PART_LISTS = st.lists(st.integers(0, 30), max_size=40)


@given(PART_LISTS, PART_LISTS, st.booleans())
def test_a_frame_keeps_the_runs_of_the_last_that_sequence_matcher_finds(
    last: list[int], shown: list[int], once: bool
) -> None:
    """A frame's runs of the last frame's parts are SequenceMatcher's matching blocks, found
    faster when no part is shown twice (as in every picture), and by it otherwise."""
    from difflib import SequenceMatcher

    from meridina.tools.replay_parts import matching_blocks

    if once:
        shown = list(dict.fromkeys(shown))
    expected = SequenceMatcher(None, last, shown, autojunk=False).get_matching_blocks()
    assert matching_blocks(last, shown) == [(b.a, b.b, b.size) for b in expected]
