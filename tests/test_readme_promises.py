"""Every record and every ``meridina`` command the READMEs and the documentation pages
(``docs/*.md``) show does what the text says.

A record block (a code block starting with a ``[Game ...]`` tag) is checked against the
nearest paragraph before it, in its section, that makes a claim: one that says ``invalid``
and names rule IDs must be answered with exactly those rules; one that says ``valid`` (or
``passes meridina validate``) must validate. Every command line of a code block (a line
starting ``meridina``, also after ``$``, ``- run:`` or ``printf ... |``) runs in a fresh
folder holding a copy of ``examples/`` and a ``records/`` folder, as in a clone, with the
installed ``meridina`` on the path, the block's commands in order (``record`` fed ``quit``
unless its turns are piped in, ``table`` started and stopped: see ``doc_commands.py``).
Output lines shown after a command must appear in what it printed; a command shown with a
rule ID in its output, or commented as listing every fault, must exit 1, any other must
exit 0. The commands written inline in the text: ``test_doc_command_lines.py``.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest
from doc_commands import (
    COMMAND,
    DOCUMENTS,
    TOP,
    fresh_folder,
    is_table,
    run_table,
    shell,
    typed_to,
)

RULE = re.compile(r"\b(?:MER|MED|REC|DATA)-[A-Z]*[0-9]+\b")


@dataclass(frozen=True)
class Block:
    document: str
    line: int
    text: str
    claim: str  # the paragraph that says what the block is, or ""


def blocks(document: str) -> list[Block]:
    """The code blocks of a Markdown file (fenced, or indented four spaces after a blank line),
    each with the nearest claiming paragraph before it in its section."""
    lines = (TOP / document).read_text("utf-8").split("\n")
    found: list[Block] = []
    paragraphs: list[str] = []
    paragraph: list[str] = []
    index = 0
    while index < len(lines):
        line = lines[index]
        fenced = line.startswith("```")
        indented = line.startswith("    ") and (index == 0 or not lines[index - 1].strip())
        if (fenced or indented) and not (indented and paragraph and paragraph[-1].strip()):
            start = index
            body: list[str] = []
            if fenced:
                index += 1
                while index < len(lines) and not lines[index].startswith("```"):
                    body.append(lines[index])
                    index += 1
                index += 1
            else:
                while index < len(lines) and (lines[index].startswith("    ") or not lines[index]):
                    body.append(lines[index][4:])
                    index += 1
            paragraphs.append(" ".join(paragraph))
            paragraph = []
            claim = next((p for p in reversed(paragraphs) if _claims(p)), "")
            found.append(Block(document, start + 1, "\n".join(body).strip("\n"), claim))
            continue
        if line.startswith("## "):
            paragraphs = []
        if not line.strip():
            paragraphs.append(" ".join(paragraph))
            paragraph = []
        else:
            paragraph.append(line)
        index += 1
    return found


def _claims(paragraph: str) -> bool:
    return bool(re.search(r"\b(?:in)?valid\b|passes `meridina validate`", paragraph))


ALL_BLOCKS = [block for document in DOCUMENTS for block in blocks(document)]
RECORDS = [block for block in ALL_BLOCKS if block.text.lstrip().startswith("[Game ")]
COMMAND_BLOCKS = [
    block
    for block in ALL_BLOCKS
    if any(COMMAND.match(line.strip()) for line in block.text.split("\n"))
]


def block_id(block: Block) -> str:
    return f"{block.document}:{block.line}"


def test_the_readmes_show_records_and_commands() -> None:
    assert len(RECORDS) >= 8
    assert len(COMMAND_BLOCKS) >= 6
    shown_in = {block.document for block in RECORDS + COMMAND_BLOCKS}
    # the pages the long texts moved to are checked as README.md is
    assert {"README.md", "docs/players.md", "docs/clubs.md", "docs/ci.md"} <= shown_in


@pytest.mark.parametrize("block", RECORDS, ids=[block_id(block) for block in RECORDS])
def test_each_record_shown_is_what_the_text_says(block: Block, tmp_path: Path) -> None:
    assert block.claim, f"{block_id(block)}: say before the record whether it is valid"
    (tmp_path / "shown.mrec").write_text(block.text + "\n", "utf-8")
    ran = shell("meridina validate --color never shown.mrec", tmp_path)
    if re.search(r"\binvalid\b", block.claim):
        named = set(RULE.findall(block.claim))
        assert named, f"{block_id(block)}: name the rules the record breaks"
        assert ran.returncode == 1, ran.stdout + ran.stderr
        assert set(RULE.findall(ran.stdout)) == named, ran.stdout
    else:
        assert ran.returncode == 0, f"{block_id(block)}\n{ran.stdout}{ran.stderr}"


def commands_of(block: Block) -> list[tuple[str, list[str]]]:
    """Each command line of a block (continued lines joined) with the output lines after it."""
    found: list[tuple[str, list[str]]] = []
    lines = block.text.split("\n")
    index = 0
    while index < len(lines):
        match = COMMAND.match(lines[index].strip())
        index += 1
        if match is None:
            if found and lines[index - 1].strip():
                found[-1][1].append(lines[index - 1].strip())
            continue
        command = match.group(1)
        while command.endswith("\\") and index < len(lines):
            command = command[:-1] + " " + lines[index].strip()
            index += 1
        found.append((command, []))
        if lines[index - 1].lstrip().startswith("- "):
            break  # a CI file's step: what follows is the file, not output
    return found


@pytest.mark.parametrize("block", COMMAND_BLOCKS, ids=[block_id(b) for b in COMMAND_BLOCKS])
def test_each_command_shown_runs_as_the_text_says(block: Block, tmp_path: Path) -> None:
    folder = fresh_folder(tmp_path)
    for command, shown in commands_of(block):
        if is_table(command):
            assert not shown, f"{block_id(block)}: {command}: a server's output is not shown"
            run_table(command, folder)
            continue
        ran = shell(command, folder, typed_to(command))
        said = f"{block_id(block)}: {command}\n{ran.stdout}{ran.stderr}"
        # a problem shown, or a comment saying the command lists faults: exit 1
        faults = any(RULE.search(line) for line in shown) or "# every fault" in command
        expected = 1 if faults else 0
        assert ran.returncode == expected, said
        for line in shown:
            assert line in ran.stdout, said
        assert "Traceback" not in ran.stderr, said


def test_the_setup_activates_the_environment_before_any_meridina_line() -> None:
    setup = next(block for block in blocks("README.md") if "python3 -m venv .venv" in block.text)
    lines = [
        step.strip() for line in setup.text.split("\n") for step in line.split("#")[0].split("&&")
    ]
    activate = lines.index(". .venv/bin/activate")
    first_use = next(i for i, line in enumerate(lines) if line.startswith(("pip ", "meridina ")))
    assert activate < first_use
    readme = (TOP / "README.md").read_text("utf-8")
    assert "pip install meridina" not in readme  # not on a package index
    assert ".venv/bin/meridina" not in readme


def test_ci_runs_exactly_the_test_command_the_readme_gives() -> None:
    """The README's two set-up lines come first, and CI runs the second one as it stands."""
    setup = [b.text for b in blocks("README.md") if b.text.startswith("python3 -m venv .venv")]
    assert len(setup) == 2 and setup[0].endswith("examples/meridian/four-players.mrec")
    assert setup[1].endswith("python -m pytest")
    ci = (TOP / ".ci" / "run").read_text("utf-8").splitlines()
    assert setup[1] in ci


def test_a_setup_the_documentation_shows_is_the_readmes() -> None:
    """The pages show README.md's set-up lines as they stand, so that none drifts from them."""
    readme = {b.text for b in blocks("README.md") if b.text.startswith("python3 -m venv .venv")}
    shown = [b for b in ALL_BLOCKS if b.document.startswith("docs/") and "-m venv" in b.text]
    assert shown
    assert not [block_id(block) for block in shown if block.text not in readme]


@pytest.mark.skipif(
    shutil.which("git") is None or not (TOP / ".git").exists(),
    reason="needs git and a git checkout of meridina",
)
def test_the_pre_commit_snippet_works_with_a_clone_and_autoupdate(tmp_path: Path) -> None:
    snippet = next(block for block in ALL_BLOCKS if block.text.startswith("repos:"))
    config = tmp_path / ".pre-commit-config.yaml"
    config.write_text(snippet.text.replace("<URL of your clone>", str(TOP)) + "\n", "utf-8")
    subprocess.run(["git", "init", "-q"], cwd=tmp_path, check=True)
    environment = {**os.environ, "PRE_COMMIT_HOME": str(tmp_path / "cache")}
    ran = subprocess.run(
        [sys.executable, "-m", "pre_commit", "autoupdate", "--bleeding-edge"],
        cwd=tmp_path,
        env=environment,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert ran.returncode == 0, ran.stdout + ran.stderr
    rev = re.search(r"rev: (\S+)", config.read_text("utf-8"))
    assert rev is not None and re.fullmatch(r"[0-9a-f]{40}", rev.group(1)), config.read_text()
    hooks = (TOP / ".pre-commit-hooks.yaml").read_text("utf-8")
    for hook in re.findall(r"- id: (\S+)", snippet.text):
        assert f"- id: {hook}\n" in hooks
