"""What the pages say about the commands' options is true of the click commands themselves:
an option written after a command (``score --format csv``) is an option of that command, with
that value among its choices; a sentence naming the commands that take an option
(```validate`` and ``score`` take ``-j N```) names only commands that take it; and the home
page names exactly the commands that write JSON."""

from __future__ import annotations

import re
from pathlib import Path

import click
import pytest
from meridina.cli.main import cli

TOP = Path(__file__).resolve().parent.parent
PAGES = sorted(
    [
        TOP / "README.md",
        TOP / "notation" / "README.md",
        *TOP.glob("docs/*.md"),
        *TOP.glob("seeds/*.md"),
    ]
)
SPAN = re.compile(r"(?<!`)`([^`\n]+)`(?!`)")
COMMAND_NAME = r"`[a-z]+(?: [a-z]+)?`"
# "`validate` also takes `-q` (problems only) and `--statistics`": the commands, then the
# option spans, each perhaps with a remark in brackets, up to the first other word
TAKE = re.compile(
    rf"((?:{COMMAND_NAME}(?:, | and | or ))*{COMMAND_NAME}) (?:also )?takes? "
    r"((?:`-[^`]+`(?: \([^()]*\))?(?:,? (?:and |or )?|/)?)+)"
)


def commands() -> dict[str, click.Command]:
    """Every command by the words that run it after ``meridina`` (``board check``)."""
    found: dict[str, click.Command] = {}

    def walk(group: click.Group, words: list[str]) -> None:
        context = click.Context(group, info_name=" ".join(words) or "meridina")
        for name in group.list_commands(context):
            command = group.get_command(context, name)
            assert command is not None, name
            found[" ".join([*words, name])] = command
            if isinstance(command, click.Group):
                walk(command, [*words, name])

    walk(cli, [])
    return found


COMMANDS = commands()


def options(command: click.Command) -> dict[str, click.Option]:
    return {
        name: parameter
        for parameter in command.params
        if isinstance(parameter, click.Option)
        for name in parameter.opts + parameter.secondary_opts
    }


def faults_of(command_name: str, words: list[str]) -> list[str]:
    """What is wrong with the option words written after a command: an option it does not
    have, or a value its option does not take (``--format csv`` where csv is no choice)."""
    taken = options(COMMANDS[command_name])
    faults: list[str] = []
    for index, word in enumerate(words):
        if not word.startswith("-") or word in {"-", "--"}:
            continue
        name, _, attached = word.partition("=")
        option = taken.get(name)
        if option is None:
            faults.append(f"{command_name} has no option {name}")
            continue
        value = attached or (words[index + 1] if index + 1 < len(words) else "")
        alternatives = re.fullmatch(r"[a-z][a-z-]*(?:\|[a-z][a-z-]*)*", value)
        if isinstance(option.type, click.Choice) and not option.is_flag and alternatives:
            choices = {str(choice) for choice in option.type.choices}
            faults += [
                f"{command_name} {name} does not take {each}"
                for each in value.split("|")
                if each not in choices
            ]
    return faults


def command_at_start(words: list[str]) -> tuple[str, list[str]] | None:
    """The command a span of code starts with (after an optional ``meridina``), and the
    words after it; None for a span that starts with no command."""
    if words[:1] == ["meridina"]:
        words = words[1:]
    for length in (2, 1):
        name = " ".join(words[:length])
        if len(words) >= length and name in COMMANDS:
            return name, words[length:]
    return None


def spans() -> list[tuple[str, str]]:
    found: list[tuple[str, str]] = []
    for page in PAGES:
        text = page.read_text("utf-8")
        text = re.sub(r"^```.*?^```", "", text, flags=re.MULTILINE | re.DOTALL)
        found += [(page.relative_to(TOP).as_posix(), span) for span in SPAN.findall(text)]
    return found


def words_of(span: str) -> list[str]:
    """A span's words, as a reader takes a synopsis: a table's escaped bar is the bar of
    alternatives, brackets only mark what may be left out, and a pipe ends the command."""
    span = span.replace("\\|", "|").split(" | ")[0]
    return re.sub(r"[\[\]]", " ", span).split()


@pytest.mark.parametrize(
    ("command", "words"),
    [
        ("draw", ["--format", "json"]),
        ("score", ["--format", "text|xml"]),
        ("board check", ["--jobs", "2"]),
        ("validate", ["--colour=auto"]),
    ],
)
def test_the_check_finds_an_option_a_command_does_not_take(command: str, words: list[str]) -> None:
    assert faults_of(command, words)


def test_every_option_written_after_a_command_is_one_of_its_options() -> None:
    checked = 0
    faults: list[str] = []
    for page, span in spans():
        started = command_at_start(words_of(span))
        if started is None:
            continue
        checked += 1
        faults += [f"{page}: `{span}`: {fault}" for fault in faults_of(*started)]
    assert checked >= 50 and faults == []


def claims() -> list[tuple[str, list[str], list[str]]]:
    """Each sentence naming the commands that take an option: its page, the commands, and
    the words of the option spans."""
    found: list[tuple[str, list[str], list[str]]] = []
    for page in PAGES:
        text = " ".join(page.read_text("utf-8").split())
        for match in TAKE.finditer(text):
            named = re.findall(r"`([^`]+)`", match.group(1))
            if all(name in COMMANDS for name in named):
                said = [
                    word
                    for span in re.findall(r"`([^`]+)`", match.group(2))
                    for word in span.split()
                ]
                found.append((page.relative_to(TOP).as_posix(), named, said))
    return found


def test_the_commands_a_sentence_says_take_an_option_take_it() -> None:
    found = claims()
    faults = [
        f"{page}: {fault}"
        for page, named, said in found
        for name in named
        for fault in faults_of(name, said)
    ]
    assert len(found) >= 2 and faults == []


def test_no_page_says_every_command_takes_an_option_some_do_not() -> None:
    said = [
        (page.relative_to(TOP).as_posix(), match.group(1))
        for page in PAGES
        for match in re.finditer(
            r"[Ee]very (?:meridina )?command (?:takes|accepts|has) `([^`]+)`",
            " ".join(page.read_text("utf-8").split()),
        )
    ]
    faults = [
        f"{page}: {name} {fault}"
        for page, span in said
        for name, command in COMMANDS.items()
        if not isinstance(command, click.Group)
        for fault in faults_of(name, span.split())
    ]
    assert faults == []


def writes_json(command: click.Command) -> bool:
    option = options(command).get("--format")
    return (
        option is not None
        and isinstance(option.type, click.Choice)
        and "json" in option.type.choices
    )


def test_the_home_page_names_exactly_the_commands_that_write_json() -> None:
    """It names those that take ``--format json``, then all the others, which take none."""
    named = [
        named
        for said_on, named, said in claims()
        if said_on == "docs/index.md" and said[:2] == ["--format", "json"]
    ]
    text = " ".join((TOP / "docs" / "index.md").read_text("utf-8").split())
    others = re.search(r"the others \(((?:`[a-z ]+`(?:, )?)+)\)[^.]* take no `--format`", text)
    leaves = {name for name, command in COMMANDS.items() if not isinstance(command, click.Group)}
    assert len(named) == 1 and others is not None
    assert sorted(named[0]) == sorted(name for name in leaves if writes_json(COMMANDS[name]))
    rest = re.findall(r"`([a-z ]+)`", others.group(1))
    assert sorted(rest) == sorted(leaves - set(named[0]))
    assert not [name for name in rest if "--format" in options(COMMANDS[name])]


def test_the_json_page_gives_the_shape_of_every_command_that_writes_json() -> None:
    page = (TOP / "docs" / "json.md").read_text("utf-8")
    shown = {
        started[0]
        for span in SPAN.findall(page)
        if (started := command_at_start(words_of(span))) and "--format" in started[1]
    }
    writers = {name for name, command in COMMANDS.items() if writes_json(command)}
    assert sorted(writers - shown) == []
