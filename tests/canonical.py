"""A record's text in canonical layout, as ``meridina annotate --no-notes`` writes it."""

from __future__ import annotations

import tempfile
from pathlib import Path

from click.testing import CliRunner
from meridina.cli.main import cli


def canonical_text(text: str) -> str:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "record.mrec"
        path.write_text(text, "utf-8")
        ran = CliRunner().invoke(cli, ["annotate", "--in-place", "--no-notes", str(path)])
        assert ran.exit_code in (0, 1), ran.output
        return path.read_text("utf-8")
