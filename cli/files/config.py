"""Defaults from a config file: ``meridina.toml``, or ``[tool.meridina]`` in ``pyproject.toml``.

The nearest folder from the working folder upwards that holds either decides
(``meridina.toml`` first; a ``pyproject.toml`` counts when, read as TOML, it has the table).
Its values become the defaults of the command-line options, which win over them; its
``rulings`` tables become the rulings that ``--rulings``, then a record's own ``Rulings``
tag, can still override. Anything unknown is an error naming file and line.

``--config FILE`` reads that file alone, and ``--isolated`` no file at all: a CI job can
check a pull request under its base branch's settings, which the pull request cannot change.
"""

from __future__ import annotations

import functools
import re
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import click
from meridina.notation.rulings import (
    RulingFault,
    RulingValue,
    read_rule_set,
    read_ruling,
    rule_sets,
    ruling_names,
)
from meridina.rules.games import GAMES, keys
from meridina.rules.rule_sets import SET_ENTRY
from meridina.rules.toml_values import TomlTable, TomlValue
from meridina.shown import shown

from ..formats.exits import EXIT_UNREADABLE
from ..running.problem_filter import FileIgnore, known_rule_prefix
from .ignore_patterns import IgnoreSpec, PatternError

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

MAX_CONFIG_BYTES = 1_000_000

# an option's value as a config file gives it: a word, true or false, or a list of words
OptionValue = str | bool | tuple[str, ...]
# the error for a config key (its path below the table) and a sentence saying what is wrong
Fail = Callable[[tuple[str, ...], str], click.ClickException]

# config key -> (click parameter name, expected type, element type for lists)
OPTIONS: dict[str, tuple[str, type[str] | type[bool] | type[list[str]], type[str] | None]] = {
    "select": ("select", list, str),
    "ignore": ("ignore", list, str),
    "exclude": ("exclude", list, str),
    "extend-exclude": ("extend_exclude", list, str),
    "respect-gitignore": ("respect_gitignore", bool, None),
    "force-exclude": ("force_exclude", bool, None),
    "format": ("output_format", str, None),
    "show-source": ("show_source", bool, None),
    "color": ("color", str, None),
    "quiet": ("quiet", bool, None),
    "statistics": ("statistics", bool, None),
    "exit-zero": ("exit_zero", bool, None),
}
# values a command line would also refuse; the formats are those of validate
CHOICES: dict[str, tuple[str, ...]] = {
    "format": ("text", "json", "json-lines", "github", "junit", "sarif", "gitlab"),
    "color": ("auto", "always", "never"),
}


class ConfigError(click.ClickException):
    exit_code = EXIT_UNREADABLE

    def show(self, file: object = None) -> None:
        click.echo(f"meridina: {shown(self.message)}", err=True)


@dataclass(frozen=True)
class Config:
    """What a config file set: option defaults by parameter name, rulings by game."""

    path: Path | None = None
    options: dict[str, OptionValue] = field(default_factory=dict)
    rulings: dict[str, dict[str, RulingValue]] = field(default_factory=dict)
    per_file_ignores: tuple[FileIgnore, ...] = ()

    @property
    def root(self) -> Path | None:
        """The folder the file's patterns are read from: the config file's own."""
        return self.path.parent if self.path is not None else None


TOOL_TABLE = ("tool", "meridina")


def find_config(start: Path) -> tuple[Path, tuple[str, ...]] | None:
    """The nearest config file at or above ``start``, with the table path meridina reads."""
    for folder in [start, *start.parents]:
        own = folder / "meridina.toml"
        if own.is_file():
            return own, ()
        pyproject = folder / "pyproject.toml"
        if pyproject.is_file() and _has_tool_table(pyproject):
            return pyproject, TOOL_TABLE
    return None


def _has_tool_table(pyproject: Path) -> bool:
    """Whether a pyproject.toml has ``[tool.meridina]``, in any TOML spelling (a dotted key,
    an inline table). One that is not TOML counts only if it names meridina: then it is
    read, and its fault told, rather than passed over in silence."""
    return _names_tool_table(_read(pyproject))


# Kept by the text (at most MAX_CONFIG_BYTES each), not the file: a process that runs many
# commands (a test run, the table's server) reads the same pyproject.toml again and again.
@functools.lru_cache(maxsize=8)
def _names_tool_table(text: str) -> bool:
    try:
        data = _parse(Path("pyproject.toml"), text)
    except ConfigError:
        return "meridina" in text
    tool = data.get("tool")
    return isinstance(tool, dict) and isinstance(tool.get("meridina"), dict)


def load_config(start: Path) -> Config:
    found = find_config(start)
    if found is None:
        return Config()
    return load_config_file(*found)


def load_config_file(path: Path, table_path: tuple[str, ...] | None = None) -> Config:
    """The config of one file; ``table_path`` None: ``[tool.meridina]`` of a pyproject.toml
    (by its name, or a file with a ``[tool]`` table), else the whole file."""
    text = _read(path)
    data = _parse(path, text)
    if table_path is None:
        is_pyproject = path.name == "pyproject.toml" or isinstance(data.get("tool"), dict)
        table_path = TOOL_TABLE if is_pyproject else ()
    table = _table(data, table_path)
    if not isinstance(table, dict):
        raise ConfigError(f"{path}: {'.'.join(table_path)} is not a table")
    return parse_config(path, text, table_path, table)


def _parse(path: Path, text: str) -> TomlTable:
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise ConfigError(f"{path}: not valid TOML ({error})") from None
    except RecursionError:
        raise ConfigError(f"{path}: arrays or tables nested too deeply to be read") from None


def _table(data: TomlValue, table_path: tuple[str, ...]) -> TomlValue:
    """The value at ``table_path`` (an empty table where a part is missing)."""
    for key in table_path:
        data = data.get(key, {}) if isinstance(data, dict) else None
    return data


def parse_config(
    path: Path, text: str, table_path: tuple[str, ...], table: Mapping[str, TomlValue]
) -> Config:
    def fail(keys: tuple[str, ...], message: str) -> ConfigError:
        return ConfigError(f"{path}:{line_of(text, table_path, keys)}: {message}")

    options: dict[str, OptionValue] = {}
    rulings: dict[str, dict[str, RulingValue]] = {}
    per_file: tuple[FileIgnore, ...] = ()
    for key, value in table.items():
        if key == PER_FILE_IGNORES:
            per_file = _per_file_ignores(value, lambda k, m: fail((PER_FILE_IGNORES, *k), m))
            continue
        if key == "rulings":
            if not isinstance(value, dict):
                raise fail((key,), f"rulings is a table: [tool.meridina.rulings.{GAMES[0].key}]")
            for game, chosen in value.items():
                rulings[game] = _rulings(game, chosen, lambda k, m: fail(("rulings", *k), m))
            continue
        if key not in OPTIONS:
            known = ", ".join([*OPTIONS, PER_FILE_IGNORES, "rulings"])
            raise fail((key,), f"unknown key {key!r} (known: {known})")
        name, kind, item = OPTIONS[key]
        items: list[TomlValue] = value if isinstance(value, list) else []
        if not isinstance(value, kind) or (item and not all(isinstance(v, item) for v in items)):
            wanted = "a list of strings" if item else kind.__name__
            wanted = {"str": "a string", "bool": "true or false"}.get(wanted, wanted)
            raise fail((key,), f"{key} takes {wanted}")
        choices = CHOICES.get(key)
        if choices and value not in choices:
            raise fail((key,), f"{key} takes one of: {', '.join(choices)}")
        options[name] = tuple(value) if isinstance(value, list) else value
    return Config(path, options, rulings, per_file)


PER_FILE_IGNORES = "per-file-ignores"


def _per_file_ignores(value: TomlValue, fail: Fail) -> tuple[FileIgnore, ...]:
    """``{ "records/old/*.mrec" = ["MER-R3"] }``: each pattern (gitignore style, read from
    the config file's folder) with the rule IDs, or their starts, ignored in its files."""
    if not isinstance(value, dict):
        raise fail((), f'{PER_FILE_IGNORES} is a table: {{ "records/old/*.mrec" = ["MER-R3"] }}')
    entries = []
    for pattern, rules in value.items():
        if not isinstance(rules, list) or not all(isinstance(rule, str) for rule in rules):
            raise fail((pattern,), f"{PER_FILE_IGNORES}: {pattern!r} takes a list of rule IDs")
        for rule in rules:
            if not known_rule_prefix(rule):
                raise fail((pattern,), f"{PER_FILE_IGNORES}: {rule!r} is not a rule ID")
        try:
            spec = IgnoreSpec.from_lines([pattern])
        except PatternError as error:
            raise fail((pattern,), f"{PER_FILE_IGNORES}: {pattern!r}: {error.reason}") from None
        if not spec.patterns:
            raise fail((pattern,), f"{PER_FILE_IGNORES}: {pattern!r} is not a path pattern")
        entries.append(FileIgnore(pattern, tuple(rules)))
    return tuple(entries)


def _rulings(game: str, chosen: TomlValue, fail: Fail) -> dict[str, RulingValue]:
    names = ruling_names(game)
    if names is None:
        raise fail((game,), f"unknown game {game!r} in rulings (known: {keys(', ')})")
    if not isinstance(chosen, dict):
        raise fail((game,), f"rulings.{game} is a table of name = value")
    typed: dict[str, RulingValue] = {}
    from_set: dict[str, RulingValue] = {}
    for name, value in chosen.items():
        # a TOML string or whole number reads as the same text would in a Rulings tag
        text = str(value) if isinstance(value, (str, int)) and not isinstance(value, bool) else ""
        try:
            if name == SET_ENTRY:  # a set, under the single rulings of the table
                from_set = dict(read_rule_set(text, rule_sets(game)))
                continue
            key, ruling = read_ruling(name, text, names, game)
        except RulingFault as fault:
            raise fail((game, name), str(fault)) from None
        typed[key] = ruling
    return {**from_set, **typed}


def line_of(text: str, table_path: tuple[str, ...], keys: tuple[str, ...]) -> int:
    """The line that sets ``keys`` below ``table_path``: a ``key =`` line or a table header."""
    wanted = (*table_path, *keys)
    table: tuple[str, ...] = ()
    fallback = 1
    for number, line in enumerate(text.splitlines(), start=1):
        header = re.match(r"\s*\[+([^\]]+)\]+", line)
        if header:
            table = tuple(part.strip().strip("\"'") for part in header[1].split("."))
            if table == wanted:
                return number
            if table == wanted[: len(table)] and len(table) > len(table_path):
                fallback = number
            continue
        assignment = re.match(r"\s*([^=]+?)\s*=", line)
        if assignment:
            dotted = tuple(p.strip().strip("\"'") for p in assignment[1].split("."))
            if (*table, *dotted)[: len(wanted)] == wanted:
                return number
            if (
                len(table) + len(dotted) > len(table_path)
                and (*table, *dotted) == wanted[: len(table) + len(dotted)]
            ):
                fallback = number  # an inline table holding the key

    return fallback


def _read(path: Path) -> str:
    try:
        with open(path, "rb") as stream:
            return stream.read(MAX_CONFIG_BYTES).decode("utf-8", errors="replace")
    except OSError as error:
        raise ConfigError(f"{path}: cannot be read ({error.strerror})") from None


def config_options() -> list[click.Option]:
    """``--config FILE`` and ``--isolated``: which config file, if any, a command reads.

    They are read before the other options (whose defaults the file gives), and are not
    handed to the command's function.
    """
    return [
        click.Option(
            ["--config", "config_path"],
            type=click.Path(dir_okay=False, path_type=Path),
            metavar="FILE",
            expose_value=False,
            help="Read the settings from FILE alone (a meridina.toml, or a pyproject.toml's "
            "[tool.meridina]), looking for no other.",
        ),
        click.Option(
            ["--isolated"],
            is_flag=True,
            expose_value=False,
            help="Read no config file: only the command line and the defaults count.",
        ),
    ]


class ConfiguredCommand(click.Command):
    """A command whose option defaults come from the nearest config file (or ``--config``)."""

    # the option defaults the config file gives this command: None, every one it has
    option_defaults: frozenset[str] | None = None

    # click types its constructors' arguments as Any; they are passed on as they come
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.params.extend(config_options())

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        config = self._chosen_config(ctx, args)
        known = {p.name for p in self.params}
        if self.option_defaults is not None:
            known &= self.option_defaults
        if ctx.default_map is None:
            ctx.default_map = {k: v for k, v in config.options.items() if k in known}
        ctx.meta["meridina.config"] = config
        return super().parse_args(ctx, args)

    def _chosen_config(self, ctx: click.Context, args: list[str]) -> Config:
        """The config ``--config`` or ``--isolated`` chooses, else the nearest file's."""
        try:
            given, _, _ = self.make_parser(ctx).parse_args(args=list(args))
        except click.UsageError:
            given = {}  # the full parse below tells what is wrong
        if given.get("isolated") and given.get("config_path") is not None:
            raise click.UsageError("--config and --isolated cannot be used together", ctx)
        if given.get("isolated"):
            return Config()
        if given.get("config_path") is not None:
            return load_config_file(Path(given["config_path"]))
        return load_config(Path.cwd())


class RulingsConfiguredCommand(ConfiguredCommand):
    """A command that takes the config file's rulings and choice of problems but not its
    other option defaults, which are validate's (its formats, say, are not every command's)."""

    option_defaults = frozenset({"select", "ignore"})


def config_of(context: click.Context) -> Config:
    config = context.meta.get("meridina.config")
    return config if isinstance(config, Config) else Config()
