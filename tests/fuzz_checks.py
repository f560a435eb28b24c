"""What the fuzz script demands of every output: each check returns the faults it finds.

A fault is a ``(kind, detail)`` pair; the kinds are what the fuzz script counts. The
checks know nothing of how the output was made, so they are tested on their own
(tests/test_fuzz_harness.py) with outputs known to be good or bad.
"""

from __future__ import annotations

import csv
import html
import io
import json
import re
import unicodedata
import xml.etree.ElementTree as ET
import zlib
from functools import cache
from importlib.resources import files
from pathlib import Path
from typing import Any

import jsonschema
from fuzz_records import CANARY
from meridina.cli.formats.html_replay import HEADING_MARK, spelled_out, unpack

Fault = tuple[str, str]

SCHEMAS = Path(__file__).resolve().parent / "schemas"
ALLOWED_EXITS = frozenset({0, 1, 2})
GITHUB_LINE = re.compile(
    r"::(?P<level>error|warning|notice)"
    r"(?: (?P<properties>[a-zA-Z]+=[^,:\r\n]*(?:,[a-zA-Z]+=[^,:\r\n]*)*))?"
    r"::(?P<message>[^\r\n]*)"
)
EXTERNAL_URL = re.compile(
    r"""(?:\b(?:src|href|action|poster|data)\s*=\s*["']?\s*(?:https?:|ftp:)?//)"""
    r"""|(?:url\(\s*["']?\s*(?:https?:)?//)|(?:@import)""",
    re.IGNORECASE,
)
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
NUMBER = re.compile(r"[+-]?\d+(?:\.\d+)?")


def _sample(text: str, at: int, width: int = 30) -> str:
    return repr(text[max(0, at - width) : at + width])


# ---------------------------------------------------------------- every output


def decode(data: bytes, what: str) -> tuple[str | None, list[Fault]]:
    """The output as text, or the fault that it is not UTF-8."""
    try:
        return data.decode("utf-8"), []
    except UnicodeDecodeError as error:
        return None, [("not-utf8", f"{what}: {error}")]


def check_exit(code: int) -> list[Fault]:
    return [] if code in ALLOWED_EXITS else [(f"exit-{code}", f"exit status {code}")]


def check_no_traceback(text: str) -> list[Fault]:
    faults: list[Fault] = []
    if "Traceback (most recent call last)" in text:
        faults.append(("traceback", _sample(text, text.index("Traceback"), 200)))
    if "internal error" in text:
        faults.append(("internal-error", _sample(text, text.index("internal error"), 100)))
    return faults


def check_no_workflow_command(text: str) -> list[Fault]:
    """No line may start with '::', which GitHub Actions would take as a workflow command."""
    for number, line in enumerate(text.split("\n"), 1):
        if line.startswith("::"):
            return [("workflow-command-injection", f"line {number}: {line[:80]!r}")]
    return []


def control_characters(text: str) -> list[str]:
    """Raw control characters other than newline and tab (C0, DEL, C1)."""
    return sorted(
        {c for c in text if c not in "\n\t" and unicodedata.category(c) == "Cc"},
    )


def check_no_control_characters(text: str) -> list[Fault]:
    found = control_characters(text)
    if not found:
        return []
    first = min(text.index(c) for c in found)
    return [("control-character", f"{''.join(found)!r} e.g. {_sample(text, first)}")]


def check_text(text: str) -> list[Fault]:
    """A report meant for a person or a CI log: no workflow commands, no control characters."""
    return check_no_workflow_command(text) + check_no_control_characters(text)


# ---------------------------------------------------------------- formats


def check_github(text: str) -> list[Fault]:
    """Every line a workflow command of the documented shape; nothing else."""
    faults: list[Fault] = []
    for number, line in enumerate(text.split("\n"), 1):
        if line == "" and number == text.count("\n") + 1:
            continue  # after the last newline
        if not GITHUB_LINE.fullmatch(line):
            faults.append(("github-malformed", f"line {number}: {line[:120]!r}"))
            break
    found = control_characters(text.replace("\n", ""))
    if found:
        faults.append(("control-character", f"github: {''.join(found)!r}"))
    return faults


@cache
def shipped_schema(name: str) -> jsonschema.protocols.Validator:
    text = (files("meridina.cli.formats") / "schemas" / f"{name}.schema.json").read_text("utf-8")
    schema = json.loads(text)
    validator: jsonschema.protocols.Validator = jsonschema.Draft202012Validator(schema)
    return validator


@cache
def line_schema(name: str) -> jsonschema.protocols.Validator | None:
    """The schema of one JSON Lines object, where the shipped schema defines one."""
    text = (files("meridina.cli.formats") / "schemas" / f"{name}.schema.json").read_text("utf-8")
    root = json.loads(text)
    if "line" not in root.get("$defs", {}):
        return None
    schema = {"$schema": root["$schema"], "$defs": root["$defs"], "$ref": "#/$defs/line"}
    validator: jsonschema.protocols.Validator = jsonschema.Draft202012Validator(schema)
    return validator


@cache
def sarif_schema() -> jsonschema.protocols.Validator:
    schema = json.loads((SCHEMAS / "sarif-schema-2.1.0.json").read_text("utf-8"))
    validator: jsonschema.protocols.Validator = jsonschema.Draft4Validator(schema)
    return validator


@cache
def gitlab_schema() -> jsonschema.protocols.Validator:
    schema = json.loads((SCHEMAS / "gitlab-code-quality.json").read_text("utf-8"))
    validator: jsonschema.protocols.Validator = jsonschema.Draft7Validator(schema)
    return validator


def check_gitlab(text: str) -> list[Fault]:
    """GitLab's Code Quality report: the fields GitLab needs, and no fingerprint twice."""
    try:
        data = json.loads(text)
    except ValueError as error:
        return [("gitlab-invalid", str(error))]
    faults = _schema_faults(gitlab_schema(), data, "gitlab-schema")
    if faults:
        return faults
    prints = [issue["fingerprint"] for issue in data]
    if len(set(prints)) != len(prints):
        return [("gitlab-fingerprint", "two issues have the same fingerprint")]
    return []


def _schema_faults(validator: jsonschema.protocols.Validator, data: Any, kind: str) -> list[Fault]:
    error = jsonschema.exceptions.best_match(validator.iter_errors(data))
    if error is None:
        return []
    where = "/".join(str(part) for part in error.absolute_path)
    return [(kind, f"at /{where}: {error.message[:200]}")]


def check_json(text: str, schema: str | None) -> list[Fault]:
    """One JSON document; against meridina's shipped schema when there is one."""
    try:
        data = json.loads(text)
    except ValueError as error:
        return [("json-invalid", str(error))]
    if schema is None:
        return []
    return _schema_faults(shipped_schema(schema), data, "json-schema")


def check_json_lines(text: str, schema: str | None) -> list[Fault]:
    """One JSON object a line, each against the line schema where there is one."""
    validator = line_schema(schema) if schema is not None else None
    for number, line in enumerate(text.split("\n"), 1):
        if not line and number == text.count("\n") + 1:
            continue  # after the last newline
        try:
            data = json.loads(line)
        except ValueError as error:
            return [("json-lines-invalid", f"line {number}: {error}")]
        if not isinstance(data, dict):
            return [("json-lines-invalid", f"line {number} is not an object")]
        if validator is not None:
            faults = _schema_faults(validator, data, "json-lines-schema")
            if faults:
                return faults
    return []


SARIF_RULES_SEEN: set[str] = set()  # rule lists already found valid: checked once, not per run


def check_sarif(text: str) -> list[Fault]:
    try:
        data = json.loads(text)
    except ValueError as error:
        return [("sarif-invalid", str(error))]
    try:
        driver = data["runs"][0]["tool"]["driver"]
        rules = json.dumps(driver.get("rules"), sort_keys=True)
    except (KeyError, IndexError, TypeError):
        return _schema_faults(sarif_schema(), data, "sarif-schema")
    if rules in SARIF_RULES_SEEN:
        driver["rules"] = []
    faults = _schema_faults(sarif_schema(), data, "sarif-schema")
    if not faults and driver.get("rules"):
        SARIF_RULES_SEEN.add(rules)
    return faults


def parse_xml(text: str, kind: str) -> tuple[ET.Element | None, list[Fault]]:
    try:
        return ET.fromstring(text.encode("utf-8")), []
    except ET.ParseError as error:
        line = error.position[0]
        shown = text.split("\n")[line - 1][:160] if 0 < line <= text.count("\n") + 1 else ""
        return None, [(kind, f"{error}: {shown!r}")]


def check_junit(text: str) -> list[Fault]:
    root, faults = parse_xml(text, "junit-invalid")
    if root is None:
        return faults
    if root.tag != "testsuites":
        return [("junit-invalid", f"the root is <{root.tag}>, not <testsuites>")]
    for name in ("tests", "failures"):
        value = root.get(name, "")
        if not value.isdigit():
            return [("junit-invalid", f"testsuites {name}={value!r}")]
    return []


def check_markup(text: str, what: str) -> list[Fault]:
    """A page or picture: no load from elsewhere, no record text let in as markup."""
    faults: list[Fault] = []
    url = EXTERNAL_URL.search(text)
    if url:
        faults.append(("external-url", f"{what}: {_sample(text, url.start())}"))
    if CANARY in text:
        faults.append(("markup-injection", f"{what}: {_sample(text, text.index(CANARY))}"))
    return faults


def check_svg(text: str) -> list[Fault]:
    root, faults = parse_xml(text, "svg-invalid")
    if root is not None and not root.tag.endswith("svg"):
        faults.append(("svg-invalid", f"the root is <{root.tag}>"))
    return faults + check_markup(text, "svg")


GAME_BLOCK = re.compile(
    r'<script type="application/octet-stream" class="replay-game"[^>]*>(.*?)</script>', re.S
)
# The page's own style, side panel and script, packed as a game is.
PAGE_BLOCK = re.compile(
    r'<script type="application/octet-stream" id="replay-page">(.*?)</script>', re.S
)


def picture_texts(data: dict[str, Any]) -> list[str]:
    """A game's picture parts as the page's script spells them out, a part that holds the
    shown frame's heading once with each heading."""
    texts = [p if isinstance(p, str) else str(p[0]) for p in spelled_out(data.get("parts", []))]
    headings = data.get("frames", {}).get("heading", [])
    said = [html.escape(heading, quote=False) for heading in headings]
    marked = [text for text in texts if HEADING_MARK in text]
    return texts + [text.replace(HEADING_MARK, shown) for text in marked for shown in said]


def check_html(text: str) -> list[Fault]:
    """The page, and each game's packed data as the page's script unpacks it."""
    faults = check_markup(text, "html")
    for block in GAME_BLOCK.findall(text):
        try:
            packed = unpack(block)
            data = json.loads(packed.decode("utf-8"))
        except (ValueError, zlib.error) as error:
            faults.append(("html-data-invalid", str(error)[:80]))
            continue
        # the picture parts are the only data the script hands to the page as markup (the
        # rest it sets as text)
        parts = json.dumps(picture_texts(data), ensure_ascii=False)
        faults.extend(check_markup(parts, "html picture parts"))
    for block in PAGE_BLOCK.findall(text):
        try:
            inner = unpack(block).decode("utf-8")
        except (ValueError, zlib.error) as error:
            faults.append(("html-data-invalid", str(error)[:80]))
            continue
        faults.extend(check_markup(inner, "html style and script"))
    opened = len(re.findall(r"<script\b", text, re.IGNORECASE))
    closed = len(re.findall(r"</script", text, re.IGNORECASE))
    if opened != closed:
        faults.append(("html-script-breakout", f"{opened} <script> but {closed} </script>"))
    return faults


def check_csv(text: str) -> list[Fault]:
    """Rows of one width, and no cell that a spreadsheet would run as a formula."""
    try:
        rows = list(csv.reader(io.StringIO(text, newline="")))
    except csv.Error as error:
        return [("csv-invalid", str(error))]
    faults: list[Fault] = []
    # sections (a table, then the games listed) are parted by an empty row
    section: set[int] = set()
    for row in [*rows, []]:
        if row:
            section.add(len(row))
            continue
        if len(section) > 1:
            faults.append(("csv-invalid", f"rows of {sorted(section)} cells in one section"))
            break
        section = set()
    for row in rows:
        for cell in row:
            if cell.startswith(FORMULA_START) and not NUMBER.fullmatch(cell):
                return [*faults, ("csv-formula-injection", repr(cell[:60]))]
    return faults


def check_diff(text: str) -> list[Fault]:
    """A unified diff: every line a header, a hunk mark or a context, added or removed line."""
    for number, line in enumerate(text.split("\n"), 1):
        if line and not line.startswith((" ", "+", "-", "@@", "\\")):
            return [("diff-malformed", f"line {number}: {line[:80]!r}")]
    return []


def check_output(fmt: str, text: str, schema: str | None) -> list[Fault]:
    """The checks for one standard output of format ``fmt``."""
    if fmt == "github":
        return check_github(text)
    if fmt == "json":
        return check_json(text, schema) + check_no_workflow_command(text)
    if fmt == "json-lines":
        return check_json_lines(text, schema) + check_no_workflow_command(text)
    if fmt == "sarif":
        return check_sarif(text) + check_no_workflow_command(text)
    if fmt == "junit":
        return check_junit(text) + check_no_workflow_command(text)
    if fmt == "gitlab":
        return check_gitlab(text) + check_no_workflow_command(text)
    if fmt == "csv":
        return check_csv(text) + check_text(text)
    if fmt == "diff":
        return check_diff(text)
    if fmt == "record":
        return []  # the record itself, as the user wrote it: checked by what it does
    return check_text(text)
