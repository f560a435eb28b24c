"""A record that is a symbolic link is refused (REC-0), and nothing is written through a link.

A pull request can commit ``records/a.mrec -> ../../secrets/token``: read, the link
would show the secret in the output (quoted in a message, a source line, a diff).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import record, run_cli

SECRET = "ghp_SECRETTOKEN1234567890"


@pytest.fixture
def checkout(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A checkout whose records folder holds a good record and a link to a secret outside."""
    secrets = tmp_path / "secrets"
    secrets.mkdir()
    (secrets / "git-credentials").write_text(f"https://user:{SECRET}@example.org\n", "utf-8")
    (secrets / "token.mrec").write_text(record(f"1. orange 7: 3@2 {{ {SECRET} }}", SECRET))
    root = tmp_path / "checkout"
    (root / "records").mkdir(parents=True)
    (root / "records" / "good.mrec").write_text(record("1. orange 7: 3@2"), "utf-8")
    (root / "records" / "a.mrec").symlink_to(secrets / "git-credentials")
    (root / "records" / "b.mrec").symlink_to(secrets / "token.mrec")
    (root / "meridina.toml").write_text("show-source = true\n", "utf-8")
    monkeypatch.chdir(root)
    return root


@pytest.mark.parametrize("output_format", ["text", "json", "github", "junit", "sarif"])
@pytest.mark.parametrize("given", [["records"], ["records/a.mrec", "records/b.mrec"]])
def test_a_linked_record_is_refused_and_nothing_of_it_is_shown(
    checkout: Path, output_format: str, given: list[str]
) -> None:
    result = run_cli("validate", *given, "--format", output_format, "--show-source")
    assert result.exit_code == 2
    everything = result.stdout + result.stderr
    assert SECRET not in everything
    assert "symbolic link" in everything and "REC-0" in everything


@pytest.mark.parametrize("command", ["replay", "score", "draw"])
def test_other_commands_refuse_a_linked_record(checkout: Path, command: str) -> None:
    result = run_cli(command, "records/b.mrec")
    assert result.exit_code == 2
    assert SECRET not in result.stdout + result.stderr
    assert "symbolic link" in result.stderr


@pytest.mark.parametrize("mode", ["--diff", "--check", "--in-place"])
def test_annotate_neither_shows_nor_writes_through_a_link(checkout: Path, mode: str) -> None:
    target = checkout.parent / "secrets" / "token.mrec"
    before = target.read_text("utf-8")
    result = run_cli("annotate", mode, "records/b.mrec", "records/a.mrec")
    assert result.exit_code == 2
    assert SECRET not in result.stdout + result.stderr
    assert target.read_text("utf-8") == before
    assert (checkout / "records" / "b.mrec").is_symlink()


def test_a_report_is_not_written_through_a_link(checkout: Path) -> None:
    target = checkout.parent / "secrets" / "git-credentials"
    before = target.read_text("utf-8")
    (checkout / "report.xml").symlink_to(target)
    result = run_cli("validate", "records/good.mrec", "--format", "junit", "-o", "report.xml")
    assert result.exit_code == 2
    assert "symbolic link" in result.stderr
    assert target.read_text("utf-8") == before


# ------------------------------------------------- folders that are links, out of the checkout


@pytest.fixture
def linked_records(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A checkout whose records folder is a link to a folder outside it, holding a record
    with a fault on the line that holds the secret (so --show-source would quote it)."""
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "token.mrec").write_text(record(f"1. orange 7: 9@9 {{ {SECRET} }}"), "utf-8")
    root = tmp_path / "checkout"
    root.mkdir()
    (root / "records").symlink_to(outside, target_is_directory=True)
    monkeypatch.chdir(root)
    return root


@pytest.mark.parametrize("output_format", ["text", "json", "github", "junit", "sarif"])
@pytest.mark.parametrize("given", ["records", "records/", "records/token.mrec", "records/*.mrec"])
def test_a_records_folder_linked_out_of_the_checkout_is_not_read(
    linked_records: Path, output_format: str, given: str
) -> None:
    result = run_cli("validate", given, "--format", output_format, "--show-source")
    assert result.exit_code == 2
    everything = result.stdout + result.stderr
    assert SECRET not in everything
    assert "symbolic link" in everything and "REC-0" in everything


@pytest.mark.parametrize(
    "args",
    [
        ("annotate", "--in-place", "records/"),
        ("annotate", "--in-place", "--no-notes", "records/token.mrec"),
        ("annotate", "--diff", "records"),
        ("score", "records/token.mrec"),
        ("replay", "records/token.mrec"),
        ("draw", "records/token.mrec"),
    ],
)
def test_nothing_is_read_or_written_through_a_folder_linked_out(
    linked_records: Path, args: tuple[str, ...]
) -> None:
    target = linked_records.parent / "outside" / "token.mrec"
    before = target.read_bytes()
    result = run_cli(*args)
    assert result.exit_code == 2
    assert SECRET not in result.stdout + result.stderr
    assert target.read_bytes() == before
    assert sorted(path.name for path in target.parent.iterdir()) == ["token.mrec"]


def test_a_folder_link_met_in_a_walk_is_told_once_and_not_followed(
    linked_records: Path,
) -> None:
    (linked_records / "records").unlink()
    (linked_records / "records" / "club").mkdir(parents=True)
    (linked_records / "records" / "club" / "good.mrec").write_text(record("1. orange 7: 3@2"))
    (linked_records / "records" / "club" / "more").symlink_to(
        linked_records.parent / "outside", target_is_directory=True
    )
    result = run_cli("validate", "records", "--show-source", "--format", "json")
    assert result.exit_code == 2
    assert SECRET not in result.stdout + result.stderr
    told = [f for f in json.loads(result.stdout)["files"] if f["file"] == "records/club/more"]
    assert len(told) == 1 and "symbolic link" in told[0]["error"]
    # an excluded link is not walked, so not told
    quiet = run_cli("validate", "records", "--extend-exclude", "more")
    assert quiet.exit_code == 0, quiet.output


def test_links_that_stay_inside_are_fine(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A records folder linked to another folder of the repository is read; a folder link
    inside a walk that stays in it is not followed (its records are walked where they are)."""
    root = tmp_path / "checkout"
    (root / ".git").mkdir(parents=True)
    (root / "data" / "2025").mkdir(parents=True)
    (root / "data" / "2025" / "a.mrec").write_text(record("1. orange 7: 3@2"), "utf-8")
    (root / "data" / "latest").symlink_to(root / "data" / "2025", target_is_directory=True)
    (root / "records").symlink_to(root / "data", target_is_directory=True)
    (root / "tools").mkdir()
    monkeypatch.chdir(root / "tools")  # the repository is the bound, not the working folder
    result = run_cli("validate", "../records", "--format", "json")
    assert result.exit_code == 0, result.output
    assert result.stdout.count("a.mrec") == 1
