"""What the commands do beyond reading, called from Python: the same answers, byte for byte."""

from __future__ import annotations

import json
from pathlib import Path

import meridina
import pytest
from click.testing import CliRunner
from meridina.cli.main import cli

TOP = Path(__file__).resolve().parent.parent


def command_output(*args: str, status: int = 0) -> str:
    result = CliRunner().invoke(cli, list(args))
    assert result.exit_code == status, result.output
    return result.stdout


@pytest.mark.parametrize(
    ("game", "players", "edition", "rulings", "arguments"),
    [
        ("Meridian", 3, None, None, ["--players", "3"]),
        ("Medina", 3, "1", None, ["--players", "3", "--edition", "1"]),
        ("Medina", 4, None, "min-roof-size=2", ["--rulings", "min-roof-size=2"]),
    ],
)
def test_random_records_are_what_generate_writes(
    game: str, players: int, edition: str | None, rulings: str | None, arguments: list[str]
) -> None:
    def records() -> list[str]:
        return list(
            meridina.random_records(
                game, players=players, edition=edition, rulings=rulings, count=3, seed=7
            )
        )

    texts = records()
    assert len(texts) == 3
    shown = command_output("generate", "--game", game.lower(), "-n", "3", "--seed", "7", *arguments)
    assert "".join(texts) == shown
    games = list(
        meridina.random_games(
            game, players=players, edition=edition, rulings=rulings, count=3, seed=7
        )
    )
    assert records() == texts  # the same seed, the same games
    assert [g.write() for g in games] == [next(meridina.read_text(t)).write() for t in texts]
    assert all(g.valid and g.score().finished for g in games)


def test_random_games_refuse_what_no_game_allows() -> None:
    with pytest.raises(meridina.MeridinaError, match="unknown game 'Chess'"):
        list(meridina.random_records("Chess"))
    with pytest.raises(meridina.MeridinaError, match="edition 1 is for 3 to 4 players, not 2"):
        list(meridina.random_records("Medina", edition="1", players=2))
    with pytest.raises(meridina.MeridinaError, match="has no edition '3'"):
        list(meridina.random_records("Meridian", edition="3"))
    with pytest.raises(meridina.MeridinaError, match="rulings: "):
        list(meridina.random_records("Medina", rulings="min-roof-size=many"))


@pytest.mark.parametrize("include_problems", [False, True])
def test_standings_are_what_score_standings_sums(include_problems: bool) -> None:
    paths = sorted((TOP / "examples").rglob("*.mrec"))
    games = (game for path in paths for game in meridina.read_games(path))
    summed = meridina.standings(games, include_problems=include_problems)
    extra = ["--include-problems"] if include_problems else []
    said = json.loads(
        command_output(
            "score", "--standings", "--format", "json", *extra, *map(str, paths), status=1
        )
    )
    assert summed.counted == said["games"] > 0
    assert [
        {
            "name": table.name,
            "edition": table.edition,
            "player_count": table.player_count,
            "games": table.games,
            "players": [
                [rank, s.name, s.games, s.wins, s.points, s.average, s.with_problems]
                for rank, s in table.ranked()
            ],
        }
        for table in summed.ordered_tables()
    ] == [
        table
        | {
            "players": [
                [
                    p["rank"],
                    p["name"],
                    p["games"],
                    p["wins"],
                    p["points"],
                    p["average"],
                    p["games_with_problems"],
                ]
                for p in table["players"]
            ]
        }
        for table in said["tables"]
    ]
    assert [entry.data() for entry in summed.uncounted] == said["not_counted"]
    assert [entry.data() for entry in summed.with_problems] == said["counted_with_problems"]
    assert list(summed.stand_ins) == said["stand_in_boards"]


def test_a_boardspace_file_imports_as_the_command_converts_it(tmp_path: Path) -> None:
    example = TOP / "examples" / "medina" / "boardspace-3p.sgf"
    imported = meridina.import_boardspace(example)
    assert imported.record == command_output("import", "boardspace", str(example))
    game = imported.game()
    assert game.title == "Medina" and game.valid and imported.warnings == ()
    unclosed = tmp_path / "unclosed.sgf"
    unclosed.write_text(example.read_text("utf-8").rstrip().removesuffix(")"), "utf-8")
    slipped = meridina.import_boardspace(unclosed)
    assert [(w.rule, w.severity) for w in slipped.warnings] == [("REC-1", "warning")]
    assert slipped.warnings[0].line is not None
    assert slipped.game().turns == game.turns
    with pytest.raises(meridina.MeridinaError, match="no such file"):
        meridina.import_boardspace(tmp_path / "missing.sgf")
    broken = tmp_path / "broken.sgf"
    broken.write_text("(;GM[Medina]", "utf-8")
    with pytest.raises(meridina.MeridinaError, match=r"broken\.sgf:\d+:\d+: "):
        meridina.import_boardspace(broken)


@pytest.mark.parametrize("name", ["medina/errors.mrec", "meridian/three-players.mrec"])
def test_the_replay_page_is_the_one_replay_html_writes(name: str, tmp_path: Path) -> None:
    record = TOP / "examples" / name
    out = tmp_path / "page.html"
    result = CliRunner().invoke(cli, ["replay", str(record), "--html", str(out)])
    assert result.exit_code in (0, 1), result.output
    page = meridina.replay_page(meridina.read_games(record), record.name)
    assert page == out.read_text("utf-8")
    assert page.count('class="replay-game"') == len(list(meridina.read_games(record)))


def test_the_replay_page_names_a_board_file_as_replay_html_does(tmp_path: Path) -> None:
    folder = tmp_path / "private"
    folder.mkdir()
    text = (TOP / "examples" / "meridian" / "two-players.mrec").read_text("utf-8")
    record = folder / "own.mrec"
    record.write_text(text.replace('[Board "five-city"]', '[Board "own.toml"]'), "utf-8")
    (folder / "own.toml").write_text("not = = toml\n", "utf-8")
    out = tmp_path / "page.html"
    result = CliRunner().invoke(cli, ["replay", str(record), "--html", str(out)])
    assert result.exit_code == 1, result.output
    page = meridina.replay_page(meridina.read_games(record), record.name)
    assert page == out.read_text("utf-8")
    assert "private" not in page


def test_the_commands_and_the_api_allow_the_same_editions_and_players() -> None:
    from meridina.cli.games import cli_game
    from meridina.games import GAMES, shown_game

    for game in GAMES:
        api, command = shown_game(game.key), cli_game(game.key)
        assert dict(api.editions) == dict(command.editions)
        assert api.default_edition == command.default_edition
