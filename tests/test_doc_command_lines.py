"""Every ``meridina`` command written inline in the prose of the READMEs and the documentation
pages (in backticks, also across a line break) is true: the code blocks' commands are run by
``test_readme_promises.py``.

An inline span is one of three kinds, told apart by the command line itself:

- a **name**: the command's words alone, perhaps with options that take no value
  (`meridina record`, `meridina table --position`): the command and each option exist;
- a **form**: it has a placeholder (a word in capitals such as FILE or PATH..., ``…``,
  ``[...]`` or ``a|b`` alternatives): the command exists and takes every option it names;
- any other span is a **command line**, and runs as written: the lines of one page in order,
  in a fresh folder as a clone holds it (what the page assumes the reader made, such as their
  own board, is made first), each exiting 0. ``record`` is fed ``quit`` on standard input and
  the record it wrote must validate; ``table`` is started (with ``--no-browser --port 0``, so
  that no browser opens and any free port is taken), its page fetched, and stopped with
  Ctrl-C as the page says. A line with shell syntax (a pipe) runs in a shell; the others run
  in-process.

So a new inline command line that does not run, or a name or form that names a command or
option meridina lacks, fails here.
"""

from __future__ import annotations

import re
import shlex
import sys
from dataclasses import dataclass
from pathlib import Path

import click
import pytest
from conftest import run_cli
from doc_commands import (
    COMMAND,
    DOCUMENTS,
    QUIT,
    TOP,
    fresh_folder,
    has_shell,
    is_table,
    meridina_words,
    resolve,
    run_table,
    shell,
    typed_to,
)
from test_readme_promises import blocks

# an inline code span: one or more backticks, text without a blank line, the same backticks
SPAN = re.compile(r"(?<!`)(`+)(?!`)((?:[^`\n]|\n(?![ \t]*\n))+?)(?<!`)\1(?!`)")
PLACEHOLDER = re.compile(r"[A-Z]+(?:\.\.\.|\.[a-z]+)?")
# files a page takes the reader to have made: each made by a command before the page's lines
MADE_BY_THE_READER = {"my-board.toml": ("board", "new", "--from", "five-city")}


@dataclass(frozen=True)
class Span:
    document: str
    line: int
    text: str


def prose(document: str) -> str:
    """The text of a Markdown file with its code blocks blanked (their lines kept as empty)."""
    kept: list[str] = []
    fenced = indented = False
    previous = ""
    for line in (TOP / document).read_text("utf-8").split("\n"):
        if line.startswith("```"):
            fenced = not fenced
            kept.append("")
        elif fenced:
            kept.append("")
        else:
            indented = line.startswith("    ") and (indented or not previous.strip())
            kept.append("" if indented else line)
        if not indented or line.strip():
            previous = line
    return "\n".join(kept)


def spans(document: str) -> list[Span]:
    """Every inline code span of ``document`` holding a ``meridina`` command."""
    text = prose(document)
    found = []
    for match in SPAN.finditer(text):
        command = " ".join(match.group(2).split())
        if COMMAND.match(command):
            found.append(Span(document, text.count("\n", 0, match.start()) + 1, command))
    return found


ALL_SPANS = [span for document in DOCUMENTS for span in spans(document)]


def span_id(span: Span) -> str:
    return f"{span.document}:{span.line} {span.text}"


def is_placeholder(word: str) -> bool:
    bare = word.strip("[]\"'")
    return (
        "…" in word or "..." in word or "|" in word or "[" in word
        or PLACEHOLDER.fullmatch(bare) is not None
    )  # fmt: skip


def options_of(command: click.Command) -> dict[str, click.Parameter]:
    """Each option string of ``command`` (``-o``, ``--no-browser``, ``--help``) and its option."""
    return {
        name: parameter
        for parameter in command.get_params(click.Context(command))
        for name in (*parameter.opts, *parameter.secondary_opts)
        if name.startswith("-")
    }


def takes_no_value(parameter: click.Parameter) -> bool:
    return isinstance(parameter, click.Option) and (parameter.is_flag or parameter.count)


def kind(command: str) -> str:
    """``name``, ``form`` or ``line``, as the module's docstring says."""
    _, found, rest = resolve(meridina_words(command))
    if any(is_placeholder(word) for word in rest):
        return "form"
    options = options_of(found)
    mentioned = all(
        word.startswith("-") and word in options and takes_no_value(options[word]) for word in rest
    )
    return "name" if mentioned and not has_shell(command) else "line"


def faults_of_a_mention(command: str) -> list[str]:
    """What a name or a form names that meridina does not have (nothing when all is there)."""
    path, found, rest = resolve(meridina_words(command))
    faults = []
    if not path and rest and not rest[0].startswith("-") and not is_placeholder(rest[0]):
        faults.append(f"no command {rest[0]!r}")
    options = options_of(found)
    subcommands = (
        set(found.list_commands(click.Context(found))) if isinstance(found, click.Group) else set()
    )
    for word in rest:
        for alternative in re.split(r"\\?\|", word.strip("[]")):
            option = alternative.split("=", 1)[0]
            if option.startswith("-") and option not in options:
                faults.append(f"{' '.join(path)} has no option {option}")
            elif "|" in word and subcommands and alternative not in subcommands:
                faults.append(f"{' '.join(path)} has no command {alternative!r}")
    return faults


MENTIONS = [span for span in ALL_SPANS if kind(span.text) != "line"]
LINES = [span for span in ALL_SPANS if kind(span.text) == "line"]
PAGES_WITH_LINES = sorted({span.document for span in LINES}, key=DOCUMENTS.index)


def test_inline_commands_are_found_on_every_page_that_writes_them() -> None:
    assert len(ALL_SPANS) >= 60
    readme = {span.text for span in LINES if span.document == "README.md"}
    assert 'meridina record -o game.mrec --game meridian --players "' in " ".join(readme)
    # a span across a line break is read whole
    across = "meridina record --position -o table.mrec --game … --players …"
    assert across in {span.text for span in MENTIONS}
    assert {"README.md", "docs/table.md", "docs/ci.md", "docs/clubs.md"} <= set(PAGES_WITH_LINES)


@pytest.mark.parametrize(
    ("command", "expected"),
    [
        ('meridina record -o game.mrec --game meridian --players "Ann orange; Ben black"', "line"),
        ("meridina validate records/ --format sarif -o meridina.sarif", "line"),
        ("meridina rules MER-R3", "line"),
        ("meridina validate examples/ | head -1", "line"),
        ("meridina record", "name"),
        ("meridina table --position", "name"),
        ("meridina import boardspace", "name"),
        ("meridina table --position -o FILE ...", "form"),
        ('meridina record -o FILE --game G --players "…"', "form"),
        (r"meridina board new\|check\|draw", "form"),
        ("meridina COMMAND --help", "form"),
        ("meridina --version", "name"),
    ],
)
def test_a_span_is_told_a_name_a_form_or_a_line_to_run(command: str, expected: str) -> None:
    assert kind(command) == expected


@pytest.mark.parametrize(
    "command",
    [
        "meridina recrod",
        "meridina --verison",
        "meridina score --islandz",
        "meridina replay FILE --htm OUT.html",
        r"meridina board new\|chek\|draw",
    ],
)
def test_a_name_or_form_of_what_meridina_lacks_is_a_fault(command: str) -> None:
    assert faults_of_a_mention(command)


@pytest.mark.parametrize("span", MENTIONS, ids=[span_id(span) for span in MENTIONS])
def test_each_command_or_option_named_inline_exists(span: Span) -> None:
    assert not faults_of_a_mention(span.text), span_id(span)


@pytest.mark.parametrize("document", PAGES_WITH_LINES)
def test_each_inline_command_line_runs_as_written(
    document: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = fresh_folder(tmp_path)
    monkeypatch.chdir(folder)
    for name, making in MADE_BY_THE_READER.items():
        made = run_cli(*making)
        assert made.exit_code == 0, made.output
        (folder / name).write_text(made.stdout, "utf-8")
    for span in (span for span in LINES if span.document == document):
        run_line(span, folder)


def run_line(span: Span, folder: Path) -> None:
    said = span_id(span)
    if has_shell(span.text):
        ran = shell(f"set -o pipefail; {span.text}", folder, typed_to(span.text))
        # 141: ended by SIGPIPE when the reader of its output went away first, as documented
        assert ran.returncode in (0, 141), f"{said}\n{ran.stdout}{ran.stderr}"
        assert "Traceback" not in ran.stderr and "Error" not in ran.stderr, said
        return
    if is_table(span.text):
        run_table(span.text, folder)
        return
    arguments = shlex.split(span.text)[1:]
    path, found, rest = resolve(arguments)
    result = run_cli(*arguments, input_text=QUIT if path == ["record"] else None)
    assert result.exit_code == 0, f"{said}\n{result.output}"
    if path == ["record"]:
        written = record_file(found, rest)
        assert run_cli("validate", written).exit_code == 0, f"{said}: {written} is not valid"


def record_file(record: click.Command, words: list[str]) -> str:
    """The record a ``record`` line writes: its ``-o`` file, or the record it goes on with."""
    given = record.make_context("record", list(words), resilient_parsing=True).params
    return str(given["output"] or given["record"])


def installed_by(target: str) -> set[str]:
    """The names of the packages ``pip install TARGET`` (``.`` or ``.[extra,...]``) of this
    clone installs, from pyproject.toml (an extra that names meridina's own is followed)."""
    if sys.version_info >= (3, 11):
        import tomllib
    else:
        import tomli as tomllib
    project = tomllib.loads((TOP / "pyproject.toml").read_text("utf-8"))["project"]
    found = re.fullmatch(r"\.(?:\[([\w,-]+)\])?", target)
    assert found, f"not an install of the clone: {target}"
    wanted = list(project["dependencies"])
    extras = (found.group(1) or "").split(",")
    while extras:
        extra = extras.pop()
        for requirement in project["optional-dependencies"].get(extra, []) if extra else []:
            own = re.fullmatch(r"meridina\[([\w,-]+)\]", requirement)
            if own:
                extras.extend(own.group(1).split(","))
            else:
                wanted.append(requirement)
    return {re.split(r"[<>=!~;\[ ]", requirement, maxsplit=1)[0].lower() for requirement in wanted}


def test_the_readmes_first_setup_line_installs_what_the_table_is_served_with() -> None:
    """``meridina table``, which the README shows, works after the README's own set-up line."""
    from meridina.cli.table.server_packages import NEEDED

    first = next(b.text for b in blocks("README.md") if b.text.startswith("python3 -m venv"))
    (target,) = re.findall(r"&& pip install (\S+) &&", first)
    assert set(NEEDED) <= installed_by(target.strip("'\""))
