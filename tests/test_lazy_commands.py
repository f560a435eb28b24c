"""The command list loads no command: its summaries stay equal to the commands' own help."""

from __future__ import annotations

import importlib
import pkgutil
import subprocess
import sys
from importlib.metadata import version
from pathlib import Path

import click
import meridina
import meridina.cli
import pytest
from click.testing import CliRunner
from meridina._version import VERSION
from meridina.cli.formats.reporters import REPORTERS, Reporter, reporter_class
from meridina.cli.lazy_group import LazyGroup
from meridina.cli.main import COMMANDS, cli
from meridina.rules.games import GAMES
from meridina.views import view_for


def defined_commands() -> dict[str, click.Command]:
    """Every command the ``*_cmd`` and ``*.command`` modules define, by name, but a group's
    subcommands."""
    found: dict[str, click.Command] = {}
    for module_info in pkgutil.walk_packages(meridina.cli.__path__, "meridina.cli."):
        if module_info.name.endswith(("_cmd", ".command")):
            module = importlib.import_module(module_info.name)
            commands = [
                value
                for value in vars(module).values()
                if isinstance(value, click.Command)
                and getattr(value.callback, "__module__", None) == module.__name__
            ]
            nested = {
                id(sub)
                for group in commands
                if isinstance(group, click.Group)
                for sub in group.commands.values()
            }
            found.update((c.name or "", c) for c in commands if id(c) not in nested)
    return found


def test_the_group_lists_exactly_the_commands_that_exist() -> None:
    defined = defined_commands()
    assert set(COMMANDS) == set(defined)
    context = click.Context(cli)
    for name in COMMANDS:
        assert cli.get_command(context, name) is defined[name]


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_each_summary_shortens_as_the_command_help_does(name: str) -> None:
    command = defined_commands()[name]
    stand_in = click.Command(name, help=COMMANDS[name].summary)
    for limit in range(10, 130):
        assert stand_in.get_short_help_str(limit) == command.get_short_help_str(limit)


@pytest.mark.parametrize("width", [40, 60, 80, 100, 200])
def test_help_lists_commands_as_a_plain_group_would(width: int) -> None:
    """Byte for byte what click's own listing gives from the loaded commands."""
    eager = click.Group("meridina", commands=defined_commands())
    context = click.Context(cli, info_name="meridina")
    lazy_out = click.HelpFormatter(width=width)
    eager_out = click.HelpFormatter(width=width)
    fresh = LazyGroup("meridina", lazy=COMMANDS)
    fresh.format_commands(context, lazy_out)
    eager.format_commands(context, eager_out)
    assert lazy_out.getvalue() == eager_out.getvalue()
    assert "Commands:" in lazy_out.getvalue()


def test_help_imports_no_command_and_no_parser() -> None:
    probe = (
        "import sys\n"
        "from meridina.cli.main import cli\n"
        "try:\n"
        "    cli.main(['--help'], prog_name='meridina')\n"
        "except SystemExit:\n"
        "    pass\n"
        "print(' '.join(sorted(sys.modules)), file=sys.stderr)\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    loaded = done.stderr.split()
    assert "Commands:" in done.stdout
    assert [m for m in loaded if m.endswith("_cmd") or m.startswith("meridina.notation")] == []
    assert "lark" not in loaded and "tabulate" not in loaded


def modules_loaded_by(arguments: list[str]) -> tuple[str, set[str]]:
    """What the command line prints for ``arguments``, and every module it has loaded then."""
    probe = (
        "import sys\n"
        "from meridina.cli.main import cli\n"
        "try:\n"
        f"    cli.main({arguments!r}, prog_name='meridina')\n"
        "except SystemExit:\n"
        "    pass\n"
        "print(' '.join(sorted(sys.modules)), file=sys.stderr)\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    return done.stdout, set(done.stderr.split())


def test_version_loads_nothing_that_help_does_not() -> None:
    """``--version`` is as cheap as ``--help``: no package metadata, no parser, no rules."""
    said, loaded = modules_loaded_by(["--version"])
    _, for_help = modules_loaded_by(["--help"])
    assert said == f"meridina, version {VERSION}\n"
    assert loaded - for_help <= {"meridina._version"}
    assert "importlib.metadata" not in loaded
    heavy = ("lark", "meridina.notation", "meridina.rules.")
    assert [m for m in loaded if m.startswith(heavy) and m != "meridina.rules.games"] == []


def test_the_version_constant_is_the_package_s() -> None:
    if sys.version_info >= (3, 11):
        import tomllib
    else:
        import tomli as tomllib
    project = tomllib.loads((Path(__file__).parent.parent / "pyproject.toml").read_text("utf-8"))
    assert project["project"]["version"] == VERSION
    assert VERSION == version("meridina") == meridina.__version__


def test_every_format_names_a_reporter() -> None:
    for name in REPORTERS:
        assert issubclass(reporter_class(name), Reporter)


def test_every_view_is_its_game_s() -> None:
    for game in GAMES:
        assert game.title == view_for(game.title).TITLE


def test_validate_with_one_job_loads_no_process_pool() -> None:
    record = Path(__file__).parent.parent / "examples" / "meridian" / "two-players.mrec"
    probe = (
        "import sys\n"
        "from meridina.cli.main import cli\n"
        "try:\n"
        f"    cli.main(['validate', {str(record)!r}], prog_name='meridina')\n"
        "except SystemExit:\n"
        "    pass\n"
        "print(' '.join(sorted(sys.modules)), file=sys.stderr)\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    loaded = done.stderr.split()
    assert "1 game in 1 file: 1 valid, 0 invalid" in done.stdout
    assert [m for m in loaded if m.startswith(("multiprocessing", "concurrent"))] == []


def test_help_loads_no_guesser_of_misspelt_commands() -> None:
    """difflib is for a misspelt command only; ``--help`` is run far more often."""
    said, loaded = modules_loaded_by(["--help"])
    assert "Commands:" in said
    assert "difflib" not in loaded


def test_validating_a_file_as_text_loads_neither_subprocess_nor_json() -> None:
    """git is asked only by a folder walk, and JSON only for the formats that write it."""
    record = Path(__file__).parent.parent / "examples" / "meridian" / "two-players.mrec"
    said, loaded = modules_loaded_by(["validate", str(record)])
    assert "1 game in 1 file: 1 valid, 0 invalid" in said
    assert "subprocess" not in loaded and "json" not in loaded


@pytest.mark.parametrize(("typed", "meant"), [("scor", "score"), ("valdiate", "validate")])
def test_a_misspelt_command_is_answered_with_the_one_meant(typed: str, meant: str) -> None:
    result = CliRunner().invoke(cli, [typed, "x.mrec"])
    assert result.exit_code == 2
    assert f"No such command {typed!r}. Did you mean {meant!r}?" in result.output


def test_a_command_like_none_gets_no_guess() -> None:
    result = CliRunner().invoke(cli, ["frobnicate"])
    assert result.exit_code == 2
    assert "No such command 'frobnicate'." in result.output
    assert "Did you mean" not in result.output
