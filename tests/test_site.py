"""``meridina site``: a club's static site, checked as files (links, escaping, no path of
the machine, rebuilds that write only what changed); in Chromium by test_site_browser.py."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest
from conftest import run_cli as run
from meridina.tools.site import build_site
from meridina.tools.site.cache import CACHE_NAME, SITE_FORMAT
from meridina.tools.site.model import player_id
from meridina.tools.site.pages import ordinal, rating_chart
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

TOP = Path(__file__).resolve().parent.parent
EXAMPLES = TOP / "examples"
CLUB = [
    "meridian/two-players.mrec",
    "meridian/three-players.mrec",
    "meridian/final-position.mrec",
    "meridian/errors.mrec",
    "medina/second-edition-2p.mrec",
    "medina/first-edition-3p.mrec",
    "medina/final-position.mrec",
]
HOSTILE = ["<script>alert(1)</script>", "Zoe's", "javascript:alert(1)", "Bell\x07"]
OWN_FILE = re.compile(r"(games|players)/[0-9a-f]{20}\.html|records/[0-9a-f]{20}\.mrec")


def hostile_record() -> str:
    """A two-player Meridian game whose players and Event are hostile text."""
    text = (EXAMPLES / "meridian/four-players.mrec").read_text("utf-8")
    players = re.search(r'\[Players "([^"]*)"\]', text)
    assert players is not None
    names = [part.split()[0] for part in players[1].split(";")]
    for name, hostile in zip(names, HOSTILE, strict=False):
        text = re.sub(rf"\b{name}\b", hostile.replace("\\", "\\\\"), text)
    return text.replace('[Game "Meridian"]', '[Game "Meridian"]\n[Event "</script><b>Cup"]', 1)


def make_club(folder: Path) -> None:
    """A dozen games of both games: dated and undated, one with problems, one recorded
    twice, one of hostile names, and a file that is no record."""
    for name in CLUB:
        target = folder / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text((EXAMPLES / name).read_text("utf-8"), "utf-8")
    two = (EXAMPLES / "meridian/two-players.mrec").read_text("utf-8")
    dated = re.sub(r'\[Date "[^"]*"\]', '[Date "2024-05-17"]', two)
    (folder / "meridian/again.mrec").write_text(dated, "utf-8")  # the same game, counted once
    (folder / "hostile.mrec").write_text(hostile_record(), "utf-8")
    (folder / "broken.mrec").write_bytes(b"\xff\xfe not a record")


@pytest.fixture(scope="module")
def club(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, int]:
    """The club's records, its site built from the records' folder, and the exit status."""
    top = tmp_path_factory.mktemp("club")
    records = top / "records"
    make_club(records)
    site = top / "site"
    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(top)
        result = run("site", "records", "-o", "site")
    return records, site, result.exit_code


def test_the_site_has_its_pages_and_every_link_resolves_in_it(club: tuple[Path, Path, int]) -> None:
    _, site, status = club
    assert status == 2  # a file is no record: said, and the site is written still
    assert (site / "index.html").is_file() and (site / "games.html").is_file()
    assert broken_links(site) == []
    games = list((site / "games").iterdir())
    assert len(games) == len(list((site / "records").iterdir())) >= 10
    for path in site.rglob("*"):
        name = path.relative_to(site).as_posix()
        if path.is_file() and "/" in name:
            assert OWN_FILE.fullmatch(name), name  # ids only: no name from a record


def test_standings_are_those_of_score_standings(club: tuple[Path, Path, int]) -> None:
    records, site, _ = club
    result = run("score", "--standings", "--format", "json", str(records))
    document = json.loads(result.stdout)
    shown = standings_shown((site / "index.html").read_text("utf-8"))
    assert shown == standings_said(document)
    assert any("edition" in title for title, _ in shown)  # Medina's editions kept apart
    page = (site / "index.html").read_text("utf-8")
    assert "Ranked by wins, then points, then average points a game" in page


def test_ratings_and_statistics_are_those_of_their_commands(club: tuple[Path, Path, int]) -> None:
    records, site, _ = club
    page = (site / "index.html").read_text("utf-8")
    rated = json.loads(run("ratings", "--format", "json", str(records)).stdout)
    assert tables_shown(page, "ratings") == ratings_said(rated)
    assert {name for name, _ in tables_shown(page, "ratings")} == {"Meridian", "Medina"}
    found = json.loads(run("stats", "--format", "json", str(records)).stdout)
    # the page shows one decimal of a percent; the JSON four decimals of the rate
    shown, said = seats_shown(page), seats_said(found)
    assert [title for title, _ in shown] == [title for title, _ in said]
    for (_, shown_rows), (_, said_rows) in zip(shown, said, strict=True):
        assert [row[:3] for row in shown_rows] == [row[:3] for row in said_rows]
        assert [row[3:] for row in shown_rows] == [
            pytest.approx(row[3:], abs=0.051) for row in said_rows
        ]
    assert rated["method"] in html.unescape(page) and found["method"] in html.unescape(page)


def test_a_player_page_charts_the_rating_after_each_game(club: tuple[Path, Path, int]) -> None:
    records, site, _ = club
    rated = json.loads(run("ratings", "--format", "json", str(records)).stdout)
    for table in rated["tables"]:
        for player in table["players"]:
            page = (site / "players" / f"{player_id(player['name'])}.html").read_text("utf-8")
            chart = page.split(f"<h2>Rating, {table['name']}</h2>", 1)[1].split("</svg>", 1)[0]
            points = re.search(r'points="([^"]*)"', chart)
            assert points is not None
            assert len(points[1].split()) == len(player["history"])
            said = re.findall(r": (-?[\d.]+)</title></circle>", chart)
            assert said == [f"{point['rating']:.2f}" for point in player["history"]]


def test_games_left_out_are_listed_with_the_reason(club: tuple[Path, Path, int]) -> None:
    _, site, _ = club
    page = (site / "index.html").read_text("utf-8")
    left_out = page.split("<h2>Games left out</h2>", 1)[1]
    # read first (a folder is read in name order), the dated copy is the one counted
    assert "records/meridian/two-players.mrec:1" in left_out
    assert "the same game as game 1 at records/meridian/again.mrec:1, counted once" in left_out
    assert "records/meridian/errors.mrec:1" in left_out
    assert "records/broken.mrec" in left_out and "could not be read" in left_out


def test_latest_games_come_by_date_then_last_read(club: tuple[Path, Path, int]) -> None:
    _, site, _ = club
    page = (site / "index.html").read_text("utf-8")
    latest = page.split("<h2>Latest games</h2>", 1)[1].split("</table>", 1)[0]
    dates = re.findall(r"<tr><td>([^<]*)</td>", latest)
    dated = [date for date in dates if date]
    assert "2024-05-17" in dated and dated == sorted(dated, reverse=True)
    assert dates == dated + [""] * (len(dates) - len(dated))  # the undated ones last


def test_names_tags_and_comments_are_escaped_everywhere(club: tuple[Path, Path, int]) -> None:
    _, site, _ = club
    for page in pages_of(site):
        text = page.read_text("utf-8")
        assert "<script>alert" not in text and "<b>Cup" not in text, page
        assert "\x07" not in text
        assert 'href="javascript' not in text.lower()
    players = (site / "players.html").read_text("utf-8")
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in players
    assert "Zoe&#x27;s" in players
    assert "Bell\\x07" in players  # a control character shown, not written
    assert (site / "players" / f"{player_id('javascript:alert(1)')}.html").is_file()


def test_a_game_page_is_its_replay_page_with_the_site_links(club: tuple[Path, Path, int]) -> None:
    records, site, _ = club
    page = (site / "index.html").read_text("utf-8")
    link = re.search(r'<a href="(games/[0-9a-f]+\.html)">Meridian</a>', page)
    assert link is not None
    game = (site / link[1]).read_text("utf-8")
    assert 'class="replay-game"' in game and 'id="replay-page"' in game
    assert '<a href="../index.html">Standings</a>' in game
    record = re.search(r'<a href="\.\./(records/[0-9a-f]+\.mrec)">([^<]*)</a>', game)
    assert record is not None
    file = record[2].split(":")[0]
    assert (site / record[1]).read_bytes() == (records.parent / file).read_bytes()


def test_a_game_with_problems_lists_them_on_its_page(club: tuple[Path, Path, int]) -> None:
    _, site, _ = club
    pages = [page.read_text("utf-8") for page in (site / "games").iterdir()]
    errors = [page for page in pages if "records/meridian/errors.mrec:1<" in page]
    assert len(errors) == 1
    assert '<ul class="problems"><li>records/meridian/errors.mrec:' in errors[0]
    assert "MER-" in errors[0].split('<ul class="problems">', 1)[1].split("</ul>", 1)[0]


def test_a_player_page_has_the_games_best_and_average(club: tuple[Path, Path, int]) -> None:
    _, site, _ = club
    pages = [page.read_text("utf-8") for page in (site / "players").iterdir()]
    assert all("<h2>Games (" in page for page in pages)
    counted = [page for page in pages if "<th>Best</th>" in page]
    assert counted
    for page in counted:
        rows = re.findall(
            r'<tr><td>[^<]*</td><td class="number">(\d+)</td><td class="number">\d+</td>'
            r'<td class="number">(\d+)</td><td class="number">([\d.]+)</td>'
            r'<td class="number">(\d+)</td></tr>',
            page,
        )
        assert rows
        for games, points, average, best in rows:
            assert float(average) == round(int(points) / int(games), 2)
            assert int(best) >= float(average)


def test_no_path_of_the_machine_is_written(tmp_path: Path) -> None:
    records = tmp_path / "private-folder" / "club"
    records.mkdir(parents=True)
    (records / "a.mrec").write_text(
        (EXAMPLES / "meridian/final-position.mrec").read_text("utf-8"), "utf-8"
    )
    # a game naming a board file beside it, which the site must neither copy nor name
    board = (EXAMPLES / "meridian/errors.mrec").read_text("utf-8")
    (records / "b.mrec").write_text(re.sub(r'\[Board "[^"]*"\]', '[Board "mine.toml"]', board))
    (records / "mine.toml").write_text("not a board\n", "utf-8")
    site = tmp_path / "site"
    run("site", str(records.resolve()), str((records / "a.mrec").resolve()), "-o", str(site))
    written = [path for path in site.rglob("*") if path.is_file()]
    assert written and not any(path.suffix == ".toml" for path in written)
    for path in written:
        text = path.read_bytes().decode("utf-8", "replace")
        assert str(tmp_path) not in text and "private-folder" not in text, path
    pages = [page.read_text("utf-8") for page in (site / "games").iterdir()]
    assert sum(">club/a.mrec:1</a>" in page for page in pages) == 1  # named once, from its folder


def records_of(folder: Path, *names: str) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    for name in names:
        (folder / Path(name).name).write_text((EXAMPLES / name).read_text("utf-8"), "utf-8")


def written(result_text: str) -> set[str]:
    return set(re.findall(r"^wrote (\S+)$", result_text, re.M))


def test_a_rebuild_writes_only_what_changed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    records_of(tmp_path / "r", "meridian/final-position.mrec", "medina/second-edition-3p.mrec")
    first = run("site", "r", "-o", "site", "-v")
    first_written = written(first.stderr)
    assert len([name for name in first_written if name.startswith("games/")]) == 2
    assert {"index.html", "games.html", "players.html"} < first_written
    again = run("site", "r", "-o", "site", "-v")
    assert written(again.stderr) == set() and "checked" not in again.stderr
    # a game played after the others: the ratings of no one else change
    later = (EXAMPLES / "medina/second-edition-2p.mrec").read_text("utf-8")
    later = re.sub(r'\[Date "[^"]*"\]', '[Date "2030-01-01"]', later)
    (tmp_path / "r/second-edition-2p.mrec").write_text(later, "utf-8")
    added = run("site", "r", "-o", "site", "-v")
    # only the new file is checked; its game, its record, its players' pages and the lists
    assert re.findall(r"^checked (\S+):", added.stderr, re.M) == ["r/second-edition-2p.mrec"]
    new = written(added.stderr)
    assert len([name for name in new if name.startswith("players/")]) == 2
    assert {name.split("/")[0] for name in new} == {
        "games",
        "records",
        "players",
        "index.html",
        "games.html",
        "players.html",
    }
    assert len([name for name in new if name.startswith("games/")]) == 1
    (tmp_path / "r/final-position.mrec").unlink()
    run("site", "r", "-o", "site")
    assert len(list((tmp_path / "site/games").iterdir())) == 2
    assert len(list((tmp_path / "site/records").iterdir())) == 2


def test_the_batch_options_choose_files_and_problems(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    records_of(tmp_path / "r", "meridian/final-position.mrec")
    records_of(tmp_path / "r/old", "meridian/errors.mrec")
    run("site", "r", "-o", "all", "--ignore", "MER-")
    sections = [
        page.read_text("utf-8").split('<section class="site-game">')[1].split("</section>")[0]
        for page in (tmp_path / "all/games").iterdir()
    ]
    errors = [section for section in sections if "r/old/errors.mrec:" in section]
    assert len(errors) == 4 and not any("MER-" in section for section in errors)
    assert sum("<li>r/old/errors.mrec:18:1: REC-4 " in section for section in errors) == 1
    result = run("site", "r", "-o", "some", "--extend-exclude", "old/")
    assert result.exit_code == 0
    assert len(list((tmp_path / "some/games").iterdir())) == 1


def test_a_changed_game_is_drawn_again_its_neighbours_not(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    folder = tmp_path / "r"
    folder.mkdir()
    one = (EXAMPLES / "meridian/final-position.mrec").read_text("utf-8")
    two = (EXAMPLES / "medina/final-position.mrec").read_text("utf-8")
    (folder / "both.mrec").write_text(one + "\n" + two, "utf-8")
    run("site", "r", "-o", "site")
    (folder / "both.mrec").write_text(one + "\n" + two.replace("[Game", '[Event "Cup"]\n[Game', 1))
    again = run("site", "r", "-o", "site", "-v")
    pages = [name for name in written(again.stderr) if name.startswith("games/")]
    assert len(pages) == 1


def test_a_page_not_drawn_again_still_says_what_the_collection_now_says(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "r").mkdir()
    game = (EXAMPLES / "meridian/final-position.mrec").read_text("utf-8")
    (tmp_path / "r/b.mrec").write_text(game, "utf-8")
    run("site", "r", "-o", "site")
    (page,) = (tmp_path / "site/games").iterdir()
    assert "<p>Standings: counted</p>" in page.read_text("utf-8")
    block = re.findall(r'class="replay-game".*?</script>', page.read_text("utf-8"))
    (tmp_path / "r/a.mrec").write_text(game, "utf-8")  # read first: now b's game repeats it
    again = run("site", "r", "-o", "site", "-v")
    assert re.findall(r"^checked (\S+):", again.stderr, re.M) == ["r/a.mrec"]
    text = page.read_text("utf-8")
    assert "Standings: the same game as game 1 at r/a.mrec:1, counted once" in text
    assert re.findall(r'class="replay-game".*?</script>', text) == block


@pytest.mark.parametrize(
    "cache",
    [
        "not json",
        '{"meridina_site": 1, "files": {"x": {"digest": 3}}}',
        "[1, 2, 3]",
        '{"meridina_site": 1, "version": "0", "settings": "", "files": []}',
    ],
)
def test_a_corrupt_cache_is_rebuilt(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, cache: str
) -> None:
    monkeypatch.chdir(tmp_path)
    records_of(tmp_path / "r", "meridian/final-position.mrec")
    run("site", "r", "-o", "site")
    (tmp_path / "site" / CACHE_NAME).write_text(cache, "utf-8")
    result = run("site", "r", "-o", "site", "-v")
    assert result.exit_code == 0 and "checked r/final-position.mrec" in result.stderr
    assert (
        json.loads((tmp_path / "site" / CACHE_NAME).read_text("utf-8"))["meridina_site"]
        == SITE_FORMAT
    )


def test_a_hostile_cache_puts_nothing_outside_the_site(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    records_of(tmp_path / "r", "meridian/final-position.mrec")
    run("site", "r", "-o", "site")
    path = tmp_path / "site" / CACHE_NAME
    cache = json.loads(path.read_text("utf-8"))
    for entry in cache["files"].values():
        for game in entry["games"]:
            game["summary"]["file"] = "../../outside"
            game["summary"]["players"] = ["../../../x"]
            game["text"] = "planted"
    path.write_text(json.dumps(cache), "utf-8")
    before = sorted(p.name for p in tmp_path.iterdir())
    run("site", "r", "-o", "site")
    assert sorted(p.name for p in tmp_path.iterdir()) == before
    assert all(
        OWN_FILE.fullmatch(p.relative_to(tmp_path / "site").as_posix())
        for p in (tmp_path / "site").rglob("*")
        if p.is_file() and p.parent.name != "site"
    )


def test_a_site_inside_the_records_folder_does_not_read_its_own_copies(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    records_of(tmp_path, "meridian/final-position.mrec")
    run("site", ".", "-o", "public")
    again = run("site", ".", "-o", "public", "-v")
    assert "skipped public/records/" in again.stderr
    assert "the site of 1 game" in again.stderr
    assert len(list((tmp_path / "public/games").iterdir())) == 1


def test_a_folder_of_other_files_is_not_written_to(tmp_path: Path) -> None:
    records_of(tmp_path / "r", "meridian/final-position.mrec")
    (tmp_path / "out").mkdir()
    (tmp_path / "out" / "index.html").write_text("mine", "utf-8")
    result = run("site", str(tmp_path / "r"), "-o", str(tmp_path / "out"))
    assert result.exit_code == 2 and "holds other files" in result.stderr
    assert (tmp_path / "out" / "index.html").read_text("utf-8") == "mine"


def test_standard_input_is_refused() -> None:
    result = run("site", "-", "-o", "out")
    assert result.exit_code == 2 and "not standard input" in result.stderr


def test_the_api_builds_the_same_pages(tmp_path: Path) -> None:
    from meridina import read_games

    games = list(read_games(EXAMPLES / "meridian/final-position.mrec"))
    built = build_site(games, tmp_path / "site")
    assert sorted(built.written)[:2] == ["games.html", f"games/{sorted(built.written)[1][6:]}"]
    assert broken_links(tmp_path / "site") == []
    rebuilt = build_site(games, tmp_path / "site")
    assert rebuilt.written == [] and rebuilt.unchanged == len(built.written)


def test_the_api_shows_a_whole_path_by_the_files_name(tmp_path: Path) -> None:
    from meridina import read_games

    record = tmp_path / "secret-folder" / "night.mrec"
    record.parent.mkdir()
    record.write_text((EXAMPLES / "meridian/errors.mrec").read_text("utf-8"), "utf-8")
    build_site(read_games(record.resolve()), tmp_path / "site")
    for path in (tmp_path / "site").rglob("*"):
        if path.is_file():
            assert "secret-folder" not in path.read_text("utf-8", "replace"), path
    assert "night.mrec:1" in (tmp_path / "site/index.html").read_text("utf-8")


def test_the_rating_chart_is_a_polyline_with_escaped_labels() -> None:
    chart = rating_chart([("<b>game 1</b>", 10.0), ("game 2", 12.5), ("game 3", 11.0)], "R <x>")
    assert chart.count("<circle") == 3 and "<polyline" in chart
    assert "<b>" not in chart and "&lt;b&gt;game 1&lt;/b&gt;" in chart
    assert 'aria-label="R &lt;x&gt;"' in chart
    points = re.search(r'points="([^"]*)"', chart)
    assert points is not None and len(points[1].split()) == 3


def test_ordinals() -> None:
    assert [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 112)] == [
        "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "112th"
    ]  # fmt: skip


def test_no_file_but_the_sites_own(club: tuple[Path, Path, int]) -> None:
    _, site, _ = club
    top = {path.name for path in site.iterdir()}
    assert top == {
        "index.html",
        "games.html",
        "players.html",
        "games",
        "players",
        "records",
        CACHE_NAME,
    }
