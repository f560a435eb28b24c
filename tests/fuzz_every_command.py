"""Run generated hostile records through every command and output format, and check all.

Not part of the test run (its name does not start with ``test_``). Run it as

    python tests/fuzz_every_command.py --count 100000 --seed 1 --processes 2 --keep fuzz-out

(``--time-budget SECONDS`` stops it early, with the summary of what was done), and one
input again, alone, as ``--seed S --only N`` (N as the summary and the kept files name it).
Exit status 1 when anything failed.

Each input (tests/fuzz_records.py) is one or more random legal games, most of them spoilt.
It goes through validate, score and replay in every ``--format`` they take (and ``score
--standings``, ``ratings`` and ``stats`` as text, json and csv), ``score --islands``,
``replay --turn``, ``draw -o`` (and ``--turn``, ``--game-number 2``), ``annotate`` (to
stdout, ``--format json``, ``--check``, ``--diff``, ``--no-notes``, ``--in-place`` twice
on a copy) and ``validate -`` from standard input. Every ``--heavy-every`` inputs it also
goes through ``replay --html`` and ``meridina record -o NEW`` with the first game's tags
as options and its turns on a pipe (every ``--subprocess-every`` of those as a real
process). Every ``--jobs-every`` inputs, ``validate`` and ``score`` on the last four
inputs with ``-j 2`` must print what ``-j 1`` prints, byte for byte. Commands run
in-process (click's CliRunner) unless a real process is needed, with output going where it
goes in CI: not to a terminal.

Every output is checked (tests/fuzz_checks.py): exit status 0, 1 or 2; no traceback;
UTF-8; JSON and SARIF parse and match their schemas; JSON Lines parse a line at a time;
JUnit and SVG parse as XML; the HTML page loads nothing from elsewhere; GitHub
annotations have the workflow-command shape and no other line of any output starts
with ``::``; no raw control characters in text; no spreadsheet formula in CSV; no
record text let into SVG or HTML as markup. Across commands: the formats of one command
agree on the exit status, and so do a file and the same bytes on standard input; a
record left legal validates; ``annotate --in-place`` keeps validate's verdict and
problems and a second run changes nothing; annotate to stdout, ``--check`` and
``--diff`` agree with it; what ``record`` writes validates. Cost: a run whose seconds
per KB are over ``--slow-factor`` times its command's median (and over half a second)
is timed again and flagged if still slow; every ``--doubling-every`` inputs, and for the
slowest ones, validate and annotate are timed on the record's turns repeated 4 and 16
times, and growth faster than linear is flagged.

Inputs that fail are saved under ``--keep`` with the command lines that failed.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import os
import random
import re
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import traceback
from array import array
from collections import Counter, deque
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from click.testing import CliRunner
from fuzz_checks import (
    Fault,
    check_exit,
    check_html,
    check_no_traceback,
    check_output,
    check_svg,
    check_text,
    decode,
)
from fuzz_records import TAG, HostileRecord, hostile_record
from meridina.cli.main import cli

INPUT = "fuzz.mrec"
FORMATS = ("text", "json", "json-lines", "github", "junit", "sarif", "gitlab")
# Output goes where it goes in CI: not to a terminal (where click drops CSI escape
# sequences, and only those), with no colour asked for or refused.
CI_ENV = {"FORCE_COLOR": None, "NO_COLOR": None, "CI": "true", "GITHUB_ACTIONS": "true"}
COST_LEAST_SECONDS = 0.5  # below this, no command counts as slow
RECORD_TAG_OPTIONS = {
    "Players": "--players",
    "Board": "--board",
    "Rulings": "--rulings",
    "Decks": "--decks",
    "Edition": "--edition",
    "Options": "--options",
    "Setup": "--setup",
}
RECORD_LINES = 80  # lines piped to record: each refused one costs a search for near turns
LONGEST_ARGUMENT = 100_000  # bytes of UTF-8; Linux refuses one argument over 128 KiB


@dataclass(frozen=True)
class Case:
    """One command line to run on the input, and how to check what it prints."""

    name: str  # what the summary counts it as
    args: tuple[str, ...]
    fmt: str = "text"  # how standard output is checked (fuzz_checks.check_output)
    schema: str | None = None
    stdin: bytes | None = None
    writes: str | None = None  # what it writes: "svg" or "html" (a file), "site" (a folder)
    process: bool = False  # run as a real process


@dataclass
class Ran:
    case: Case
    exit_code: int
    stdout: bytes
    stderr: bytes
    error: str | None  # an exception that escaped, with where it was raised
    seconds: float
    # why the harness could not run the case at all (the system refused it): not a fault
    # of meridina's, but reported, never passed over in silence
    not_run: str | None = None


@dataclass
class Failure:
    kind: str
    case: Case
    detail: str


Cost = tuple[float, float, str, int]  # seconds, KB, case, input


def per_kilobyte(run: Cost) -> float:
    """Seconds per KB, a record under 1 KB counted as 1 KB (its cost is mostly fixed)."""
    return run[0] / max(run[1], 1.0)


@dataclass
class Tally:
    """What one process found; tallies of several processes add up."""

    inputs: int = 0
    runs: Counter[str] = field(default_factory=Counter)
    exits: Counter[tuple[str, int]] = field(default_factory=Counter)
    failures: Counter[str] = field(default_factory=Counter)
    failing_inputs: dict[str, set[int]] = field(default_factory=dict)
    # per kind, up to 3 examples unlike each other: (what it is like, the example)
    examples: dict[str, list[tuple[str, str]]] = field(default_factory=dict)
    # Cost, kept small for long runs: every run's seconds per KB (for the medians), the
    # time spent per command, and only the runs over COST_LEAST_SECONDS in full.
    rates: dict[str, array[float]] = field(default_factory=dict)
    spent: dict[str, float] = field(default_factory=dict)
    slow: list[Cost] = field(default_factory=list)
    slowest: list[Cost] = field(default_factory=list)  # the five slowest per KB
    doublings: list[str] = field(default_factory=list)
    # cases the harness could not run, and inputs it could not finish: per kind, a count
    not_run: Counter[str] = field(default_factory=Counter)
    seconds: float = 0.0

    def add(self, other: Tally) -> None:
        self.inputs += other.inputs
        self.runs.update(other.runs)
        self.exits.update(other.exits)
        self.failures.update(other.failures)
        for kind, numbers in other.failing_inputs.items():
            self.failing_inputs.setdefault(kind, set()).update(numbers)
        for kind, shown in other.examples.items():
            for signature, example in shown:
                self.example(kind, signature, example)
        for name, rates in other.rates.items():
            self.rates.setdefault(name, array("d")).extend(rates)
        for name, seconds in other.spent.items():
            self.spent[name] = self.spent.get(name, 0.0) + seconds
        self.slow.extend(other.slow)
        self.slowest = sorted([*self.slowest, *other.slowest], key=per_kilobyte)[-5:]
        self.doublings.extend(other.doublings)
        self.not_run.update(other.not_run)
        self.seconds = max(self.seconds, other.seconds)

    def cost(self, seconds: float, kilobytes: float, name: str, number: int) -> None:
        run = (seconds, kilobytes, name, number)
        self.rates.setdefault(name, array("d")).append(per_kilobyte(run))
        self.spent[name] = self.spent.get(name, 0.0) + seconds
        if seconds > COST_LEAST_SECONDS:
            self.slow.append(run)
        if len(self.slowest) < 5 or per_kilobyte(run) > per_kilobyte(self.slowest[0]):
            self.slowest = sorted([*self.slowest, run], key=per_kilobyte)[-5:]

    def example(self, kind: str, signature: str, text: str) -> None:
        shown = self.examples.setdefault(kind, [])
        if len(shown) < 3 and all(signature != seen for seen, _ in shown):
            shown.append((signature, text))


# ---------------------------------------------------------------- running commands


RUNNER = CliRunner(env=CI_ENV)


def where_raised(error: BaseException) -> str:
    frames = traceback.extract_tb(error.__traceback__)
    ours = [f for f in frames if re.search(r"[/\\](cli|notation|rules|seeds)[/\\]", f.filename)]
    place = "?"
    if frames:
        frame = (ours or frames)[-1]
        place = f"{Path(frame.filename).parent.name}/{Path(frame.filename).name}:{frame.lineno}"
    return f"{type(error).__name__} at {place}: {str(error)[:120]}"


def run_in_process(case: Case) -> Ran:
    began = time.perf_counter()
    result = RUNNER.invoke(cli, list(case.args), input=case.stdin)
    seconds = time.perf_counter() - began
    error = None
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        error = where_raised(result.exception)
    return Ran(case, result.exit_code, result.stdout_bytes, result.stderr_bytes, error, seconds)


def run_process(case: Case, folder: Path) -> Ran:
    environment = {k: v for k, v in os.environ.items() if k not in CI_ENV}
    environment.update({k: v for k, v in CI_ENV.items() if v is not None})
    began = time.perf_counter()
    try:
        done = subprocess.run(
            [sys.executable, "-m", "meridina", *case.args],
            input=case.stdin or b"",
            capture_output=True,
            cwd=folder,
            env=environment,
            timeout=120,
            check=False,
        )
    except subprocess.TimeoutExpired as expired:
        return Ran(case, -1, expired.stdout or b"", expired.stderr or b"", "timeout", 120.0)
    except OSError as error:  # E2BIG and the like: the system would not start it
        return Ran(case, -1, b"", b"", None, 0.0, not_run=f"{type(error).__name__}: {error}")
    seconds = time.perf_counter() - began
    return Ran(case, done.returncode, done.stdout, done.stderr, None, seconds)


def within_bytes(text: str, limit: int) -> str:
    """``text`` cut to at most ``limit`` bytes of UTF-8, never inside a character."""
    return text.encode("utf-8", "surrogatepass")[:limit].decode("utf-8", "ignore")


def written_file(case: Case, folder: Path) -> Path:
    """The picture or page a case writes (after ``-o`` or ``--html``)."""
    flag = "-o" if "-o" in case.args else "--html"
    return folder / case.args[case.args.index(flag) + 1]


def run(case: Case, folder: Path) -> Ran:
    if case.writes == "site":
        shutil.rmtree(written_file(case, folder), ignore_errors=True)
    elif case.writes is not None:
        written_file(case, folder).unlink(missing_ok=True)  # none left from an earlier run
    return run_process(case, folder) if case.process else run_in_process(case)


def check_ran(ran: Ran, folder: Path) -> list[Fault]:
    """Everything demanded of one command's run, whatever the command."""
    faults: list[Fault] = []
    if ran.error is not None:
        faults.append(("exception" if ran.error != "timeout" else "timeout", ran.error))
    else:
        faults.extend(check_exit(ran.exit_code))
    out, bad_out = decode(ran.stdout, "stdout")
    err, bad_err = decode(ran.stderr, "stderr")
    faults += bad_out + bad_err
    if err is not None:
        faults += check_no_traceback(err) + check_text(err)
    if out is not None:
        faults += check_no_traceback(out) if ran.case.fmt != "record" else []
        faults += check_output(ran.case.fmt, out, ran.case.schema)
    if ran.case.writes == "site":
        site = written_file(ran.case, folder)
        pages = sorted(site.rglob("*.html")) if site.is_dir() else []
        for page in pages:
            text, bad = decode(page.read_bytes(), "site page")
            faults += bad
            faults += check_html(text) if text is not None else []
        if ran.exit_code in (0, 1) and not pages:
            faults.append(("output-file-missing", f"exit {ran.exit_code} but no site pages"))
    elif ran.case.writes is not None:
        written = written_file(ran.case, folder)
        if written.exists():
            text, bad = decode(written.read_bytes(), ran.case.writes)
            faults += bad
            if text is not None:
                check = check_svg if ran.case.writes == "svg" else check_html
                faults += check(text)
        elif ran.exit_code in (0, 1):
            faults.append(("output-file-missing", f"exit {ran.exit_code} but no {written.name}"))
    return faults


# ---------------------------------------------------------------- the cases


def standard_cases(record: HostileRecord, number: int) -> list[Case]:
    """Every command and format on the input file."""
    cases: list[Case] = []
    for command in ("validate", "score", "replay"):
        for fmt in FORMATS:
            schema = command if fmt in ("json", "json-lines") else None
            cases.append(
                Case(f"{command} --format {fmt}", (command, "--format", fmt, INPUT), fmt, schema)
            )
    cases.append(Case("score --islands", ("score", "--islands", INPUT)))
    for fmt in ("text", "json", "csv"):
        schema = "standings" if fmt == "json" else None
        args: tuple[str, ...] = ("score", "--standings", "--format", fmt, INPUT)
        cases.append(Case(f"score --standings --format {fmt}", args, fmt, schema))
        for command in ("ratings", "stats"):
            schema = command if fmt == "json" else None
            collection = (command, "--format", fmt, INPUT)
            cases.append(Case(f"{command} --format {fmt}", collection, fmt, schema))
    turn = str((number * 7) % 13 if number % 5 else 10**12)
    cases.append(Case("replay --turn", ("replay", "--turn", turn, INPUT)))
    cases.append(Case("draw -o", ("draw", INPUT, "-o", "picture.svg"), writes="svg"))
    cases.append(
        Case("draw --turn -o", ("draw", INPUT, "--turn", turn, "-o", "picture.svg"), writes="svg")
    )
    if len(record.games) > 1:
        second = ("draw", INPUT, "--game-number", "2", "-o", "picture.svg")
        cases.append(Case("draw --game-number 2 -o", second, writes="svg"))
    cases.append(Case("annotate", ("annotate", INPUT), "record"))
    cases.append(Case("annotate --format json", ("annotate", "--format", "json", INPUT), "json"))
    cases.append(Case("annotate --no-notes", ("annotate", "--no-notes", INPUT), "record"))
    cases.append(Case("annotate --check", ("annotate", "--check", INPUT)))
    cases.append(Case("annotate --diff", ("annotate", "--diff", INPUT), "diff"))
    cases.append(Case("validate -", ("validate", "-"), stdin=record.data))
    cases.append(Case("find", ("find", INPUT), "record"))
    cases.append(Case("find --invalid", ("find", "--invalid", INPUT), "record"))
    cases.append(Case("find --list", ("find", "--list", INPUT)))
    cases.append(Case("find --duplicates --list", ("find", "--duplicates", "--list", INPUT)))
    cases.append(Case("find --player --list", ("find", "--player", "Ann", "--list", INPUT)))
    return cases


def heavy_cases(record: HostileRecord, number: int, process: bool) -> list[Case]:
    """The slow ones, run on a share of the inputs: the HTML page and piped record."""
    html = Case("replay --html", ("replay", INPUT, "--html", "page.html"), writes="html")
    site = Case("site -o", ("site", INPUT, "-o", "site-out"), writes="site")
    return [html, site, record_case(record, process, number)]


def tags_of(data: bytes) -> tuple[dict[str, str], list[bytes]]:
    """The first game's tags, and the lines after them up to the next game (for piping)."""
    lines = data.split(b"\n")
    tags: dict[str, str] = {}
    index = 0
    while index < len(lines) and lines[index].lstrip(b"\xef\xbb\xbf").startswith(b"["):
        text = lines[index].lstrip(b"\xef\xbb\xbf").decode("utf-8", "replace").rstrip("\r")
        match = TAG.match(text)
        if match:
            tags.setdefault(match.group(1), match.group(2))
        index += 1
    body: list[bytes] = []
    for line in lines[index:]:
        if line.startswith(b"[") and body:
            break
        if line.strip():
            body.append(line)
    return tags, body[:RECORD_LINES]


def record_case(record: HostileRecord, process: bool, number: int) -> Case:
    """``meridina record -o new.mrec`` with the first game's tags, its turns on a pipe."""
    tags, body = tags_of(record.data)
    game = tags.get("Game", record.games[0]).lower()
    if game not in ("meridian", "medina") and number % 10:
        game = record.games[0]
    args = ["record", "-o", "new.mrec", "--game", game]
    for name, value in tags.items():
        value = within_bytes(value.replace("\x00", ""), LONGEST_ARGUMENT)
        if name in RECORD_TAG_OPTIONS:
            args += [RECORD_TAG_OPTIONS[name], value]
        elif name in ("Event", "Site", "Date", "Round"):
            args += ["--tag", f"{name}={value}"]
    stdin = b"".join(line + b"\n" for line in body)
    label = "record (piped, process)" if process else "record (piped)"
    return Case(label, tuple(args), stdin=stdin, process=process)


# ---------------------------------------------------------------- cross-checks


def verdict(ran: Ran) -> tuple[int, list[object]] | None:
    """validate's exit status and, per game, whether it is valid and its problems."""
    try:
        data = json.loads(ran.stdout)
    except ValueError:
        return None
    games: list[object] = []
    for entry in data.get("files", []):
        if entry.get("error"):
            error = str(entry["error"]).replace(str(entry.get("file")), "FILE")
            games.append(("unreadable", error))
        for game in entry.get("games", []):
            # in no order: the layout may move a line (a repeated tag) and its problem with it
            problems = sorted(
                (p["rule"], p.get("severity"), re.sub(r"line \d+", "line N", p["message"]))
                for p in game.get("problems", [])
            )
            games.append((game.get("valid"), problems))
    return ran.exit_code, games


def annotate_in_place(folder: Path, ran: dict[str, Ran]) -> list[Failure]:
    """``annotate --in-place`` twice on a copy: verdict kept, the second run a no-op;
    ``--check``, ``--diff`` and plain ``annotate`` agree with what it wrote."""
    failures: list[Failure] = []
    copy = folder / "copy.mrec"
    original = (folder / INPUT).read_bytes()
    copy.write_bytes(original)
    first = Case("annotate --in-place", ("annotate", "--in-place", "copy.mrec"))
    rewrite = run(first, folder)
    failures += [Failure(k, first, d) for k, d in check_ran(rewrite, folder)]
    if not copy.exists():
        return [*failures, Failure("in-place-lost-file", first, "copy.mrec is gone")]
    once = copy.read_bytes()
    changed = once != original
    if rewrite.exit_code == 2 and changed:
        failures.append(Failure("in-place-changed-unreadable", first, "exit 2 but rewritten"))
    if changed and decode(once, "in-place")[0] is None:
        return [*failures, Failure("not-utf8", first, "the rewritten file")]
    if rewrite.error is None and rewrite.exit_code != 2:
        failures += agreeing_with_in_place(ran, rewrite, once, changed)
    check = Case("validate after annotate", ("validate", "--format", "json", "copy.mrec"))
    after = run(Case(check.name, check.args, "json", "validate"), folder)
    failures += [Failure(k, check, d) for k, d in check_ran(after, folder)]
    old, new = verdict(ran["validate --format json"]), verdict(after)
    if old is not None and new is not None:
        if old[0] != new[0]:
            detail = f"exit {old[0]} -> {new[0]}"
            failures.append(Failure("annotate-changed-verdict", first, detail))
        elif old[1] != new[1]:
            detail = _list_difference(old[1], new[1])
            failures.append(Failure("annotate-changed-problems", first, detail))
    second = Case("annotate --in-place (again)", first.args)
    again = run(second, folder)
    failures += [Failure(k, second, d) for k, d in check_ran(again, folder)]
    if copy.exists() and copy.read_bytes() != once:
        detail = _first_difference(once, copy.read_bytes())
        failures.append(Failure("annotate-not-idempotent", second, detail))
    return failures


def agreeing_with_in_place(
    ran: dict[str, Ran], rewrite: Ran, once: bytes, changed: bool
) -> list[Failure]:
    """annotate to stdout prints what --in-place wrote; --check and --diff tell whether
    it changed anything."""
    failures: list[Failure] = []
    printed, check, diff = ran["annotate"], ran["annotate --check"], ran["annotate --diff"]
    if printed.error is None and printed.exit_code == rewrite.exit_code and printed.stdout != once:
        detail = _first_difference(printed.stdout, once)
        failures.append(Failure("annotate-stdout-differs-from-in-place", printed.case, detail))
    if check.error is None and check.exit_code == 0 and changed:
        detail = "exit 0, but --in-place changed the file"
        failures.append(Failure("annotate-check-disagrees", check.case, detail))
    if diff.error is None and diff.exit_code != 2 and (diff.stdout.strip() != b"") != changed:
        detail = f"the diff is {'empty' if changed else 'not empty'}, but --in-place " + (
            "changed the file" if changed else "changed nothing"
        )
        failures.append(Failure("annotate-diff-disagrees", diff.case, detail))
    return failures


def _first_difference(one: bytes, other: bytes) -> str:
    at = next(
        (i for i, (a, b) in enumerate(zip(one, other, strict=False)) if a != b),
        min(len(one), len(other)),
    )
    return (
        f"at byte {at}: {one[max(0, at - 30) : at + 30]!r} vs {other[max(0, at - 30) : at + 30]!r}"
    )


def _list_difference(one: list[object], other: list[object]) -> str:
    if len(one) != len(other):
        return f"{len(one)} games -> {len(other)} games"
    for index, (a, b) in enumerate(zip(one, other, strict=True)):
        if a != b:
            return f"game {index + 1}: {str(a)[:200]} -> {str(b)[:200]}"
    return "?"


def cross_checks(record: HostileRecord, ran: dict[str, Ran], folder: Path) -> list[Failure]:
    failures: list[Failure] = []
    for command in ("validate", "score", "replay"):
        exits = {
            name: r.exit_code for name, r in ran.items() if name.startswith(f"{command} --format")
        }
        if len(set(exits.values())) > 1:
            shown = ", ".join(f"{name.split()[-1]} {code}" for name, code in exits.items())
            some = ran[f"{command} --format text"].case
            failures.append(Failure("exit-differs-between-formats", some, shown))
    text, piped = ran["validate --format text"], ran["validate -"]
    if piped.error is None and piped.exit_code != text.exit_code:
        detail = f"exit {piped.exit_code} from standard input, {text.exit_code} from the file"
        failures.append(Failure("stdin-differs-from-file", piped.case, detail))
    if record.legal and text.exit_code != 0:
        detail = text.stdout.decode("utf-8", "replace")[:300]
        failures.append(Failure("legal-record-rejected", text.case, detail))
    failures += annotate_in_place(folder, ran)
    return failures


def record_checks(ran: Ran, folder: Path) -> list[Failure]:
    """What ``record`` wrote must validate: it writes legal turns only."""
    written = folder / "new.mrec"
    if not written.exists() or ran.exit_code == 2:
        return []
    case = Case("validate what record wrote", ("validate", "new.mrec"))
    after = run(case, folder)
    failures = [Failure(k, case, d) for k, d in check_ran(after, folder)]
    if after.exit_code != 0:
        detail = (after.stdout + after.stderr).decode("utf-8", "replace")[:300]
        failures.append(Failure("record-wrote-invalid", ran.case, detail))
    return failures


def jobs_checks(batch: Sequence[bytes], folder: Path) -> tuple[list[Ran], list[Failure]]:
    """``-j 2`` prints what ``-j 1`` prints, for validate and score over several files."""
    names = []
    for index, data in enumerate(batch):
        name = f"batch-{index}.mrec"
        (folder / name).write_bytes(data)
        names.append(name)
    runs: list[Ran] = []
    failures: list[Failure] = []
    for command, fmt in (("validate", "json"), ("validate", "text"), ("score", "text")):
        schema = command if fmt == "json" else None
        pair = []
        for jobs in ("1", "2"):
            case = Case(
                f"{command} -j {jobs} --format {fmt}",
                (command, "-j", jobs, "--format", fmt, *names),
                fmt,
                schema,
            )
            pair.append(run(case, folder))
            failures += [Failure(k, case, d) for k, d in check_ran(pair[-1], folder)]
        runs += pair
        one, two = pair
        if (one.exit_code, one.stdout, one.stderr) != (two.exit_code, two.stdout, two.stderr):
            detail = f"exit {one.exit_code}/{two.exit_code}; " + _first_difference(
                one.stdout + one.stderr, two.stdout + two.stderr
            )
            failures.append(Failure("jobs-output-differs", two.case, detail))
    return runs, failures


# ---------------------------------------------------------------- cost


def repeated(data: bytes, times: int) -> bytes:
    """The record with its first game's turns (everything after the tags) repeated."""
    lines = data.split(b"\n")
    head = 0
    while head < len(lines) and lines[head].startswith(b"["):
        head += 1
    body = b"\n".join(lines[head:])
    return b"\n".join(lines[:head]) + b"\n" + (body + b"\n") * times


def doubling(data: bytes, folder: Path, number: int) -> list[tuple[str, str]]:
    """Time validate and annotate at 4 and 16 times the turns; flag faster than linear growth."""
    found: list[tuple[str, str]] = []
    if len(data) * 16 > 4_000_000:
        return found
    for command in ("validate", "annotate"):
        times = []
        for factor in (4, 16):
            path = folder / f"doubled-{factor}.mrec"
            path.write_bytes(repeated(data, factor))
            best = math.inf
            for _ in range(2):
                timed = run(Case(command, (command, str(path))), folder)
                best = min(best, timed.seconds)
            times.append(best)
            if timed.exit_code == 2:
                break  # unreadable (or too long): read only up to its first fault
        if len(times) < 2:
            found.append((f"input {number} {command}: unreadable, not timed", ""))
            continue
        exponent = math.log(max(times[1], 1e-6) / max(times[0], 1e-6)) / math.log(4)
        line = (
            f"input {number} {command}: x4 {times[0]:.3f} s, x16 {times[1]:.3f} s, "
            f"exponent {exponent:.2f}"
        )
        found.append((line, "cost-superlinear" if exponent > 1.5 and times[1] > 0.3 else ""))
    return found


# ---------------------------------------------------------------- one input


@dataclass(frozen=True)
class Settings:
    seed: int
    keep: Path | None
    heavy_every: int
    subprocess_every: int
    jobs_every: int
    doubling_every: int
    deadline: float


def fuzz_one(
    number: int, settings: Settings, folder: Path, tally: Tally, recent: deque[bytes]
) -> None:
    record = hostile_record(input_rng(settings.seed, number))
    (folder / INPUT).write_bytes(record.data)
    recent.append(record.data)
    ran: dict[str, Ran] = {}
    failures: list[Failure] = []
    cases = standard_cases(record, number)
    if number % settings.heavy_every == 0:
        process = number % (settings.heavy_every * settings.subprocess_every) == 0
        cases += heavy_cases(record, number, process)
    for case in cases:
        (folder / "new.mrec").unlink(missing_ok=True)
        done = run(case, folder)
        if done.not_run is not None:
            could_not_run(tally, case, number, done.not_run)
            continue
        ran[case.name] = done
        failures += [Failure(k, case, d) for k, d in check_ran(done, folder)]
        if case.name.startswith("record"):
            failures += record_checks(done, folder)
    failures += cross_checks(record, ran, folder)
    extra: list[Ran] = []
    if settings.jobs_every > 0 and number % settings.jobs_every == 0 and len(recent) >= 3:
        extra, more = jobs_checks(list(recent), folder)
        failures += more
    kilobytes = len(record.data) / 1024
    for done in [*ran.values(), *extra]:
        tally.runs[done.case.name] += 1
        tally.exits[(done.case.name, done.exit_code)] += 1
        tally.cost(done.seconds, kilobytes, done.case.name, number)
    if settings.doubling_every > 0 and number % settings.doubling_every == 0:
        for line, kind in doubling(record.data, folder, number):
            tally.doublings.append(line)
            if kind:
                failures.append(Failure(kind, Case("validate", ("validate", INPUT)), line))
    tally.inputs += 1
    for failure in failures:
        _count(tally, failure, number)
    if failures and settings.keep is not None:
        keep(settings, record, number, failures, folder)


def could_not_run(tally: Tally, case: Case, number: int, why: str) -> None:
    """Count a case the harness could not run, with an example, and go on."""
    kind = f"not run: {case.name}"
    tally.not_run[kind] += 1
    tally.example(kind, why[:60], f"input {number}: {command_line(case, number)[:200]}: {why}")


def _count(tally: Tally, failure: Failure, number: int) -> None:
    tally.failures[failure.kind] += 1
    tally.failing_inputs.setdefault(failure.kind, set()).add(number)
    signature = re.sub(r"\d+", "N", f"{failure.case.name}: {failure.detail}")[:60]
    where = command_line(failure.case, number)
    tally.example(failure.kind, signature, f"input {number}: {where}: {failure.detail[:300]}")


def input_rng(seed: int, number: int) -> random.Random:
    """Each input has its own generator, so input N is the same however the run is shared."""
    return random.Random(f"{seed}-{number}")


def command_line(case: Case, number: int) -> str:
    """The command as it can be run again on the kept files."""
    stem = f"{number:06d}"
    names = {
        INPUT: f"{stem}.mrec",
        "copy.mrec": f"{stem}-copy.mrec",
        "new.mrec": f"{stem}-new.mrec",
    }
    args = [
        names.get(arg, f"{stem}-{arg}" if arg.startswith("batch-") else arg) for arg in case.args
    ]
    line = "meridina " + shlex.join(args)
    if case.stdin is not None:
        line += f" < {stem}.stdin"
    if "copy.mrec" in case.args:  # the annotated copy: made again first
        steps = [f"cp {stem}.mrec {stem}-copy.mrec"]
        if case.name != "annotate --in-place":
            steps.append(f"meridina annotate --in-place {stem}-copy.mrec")
        line = " && ".join([*steps, line])
    return line


def keep(
    settings: Settings,
    record: HostileRecord,
    number: int,
    failures: list[Failure],
    folder: Path | None = None,
) -> None:
    """Save the input, what was piped, the other files of a -j run, and what failed how."""
    assert settings.keep is not None
    stem = f"{number:06d}"
    settings.keep.mkdir(parents=True, exist_ok=True)
    (settings.keep / f"{stem}.mrec").write_bytes(record.data)
    lines = [
        f"input {number} of seed {settings.seed}: "
        f"python tests/fuzz_every_command.py --seed {settings.seed} --only {number}",
        f"games: {', '.join(record.games)}; spoilt by: {', '.join(record.spoilers) or 'nothing'}",
        "",
    ]
    for failure in failures:
        if failure.case.stdin is not None:
            (settings.keep / f"{stem}.stdin").write_bytes(failure.case.stdin)
        for arg in failure.case.args:
            if arg.startswith("batch-") and folder is not None and (folder / arg).exists():
                shutil.copyfile(folder / arg, settings.keep / f"{stem}-{arg}")
        lines.append(f"{failure.kind}: {command_line(failure.case, number)}")
        lines.append(f"    {failure.detail}")
    (settings.keep / f"{stem}.txt").write_text(
        "\n".join(lines) + "\n", "utf-8", errors="backslashreplace"
    )


# ---------------------------------------------------------------- a process's share


def fuzz_numbers(numbers: Sequence[int], settings: Settings) -> Tally:
    tally = Tally()
    began = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="meridina-fuzz-") as name:
        folder = Path(name)
        os.chdir(folder)
        recent: deque[bytes] = deque(maxlen=4)
        for number in numbers:
            if time.time() > settings.deadline:
                break
            try:
                fuzz_one(number, settings, folder, tally, recent)
            except Exception as error:  # the harness's own fault: told, and the run goes on
                case = Case("the harness", ("validate", INPUT))
                could_not_run(tally, case, number, where_raised(error))
            if tally.inputs % 500 == 0:
                print(f"  {tally.inputs} inputs in {time.perf_counter() - began:.0f} s", flush=True)
        os.chdir(Path(__file__).parent)
    tally.seconds = time.perf_counter() - began
    return tally


def _fuzz_share(arguments: tuple[Sequence[int], Settings]) -> Tally:
    return fuzz_numbers(*arguments)


# ---------------------------------------------------------------- summary


Outlier = tuple[float, float, str, int, float]  # seconds, KB, case, input, median s/KB


def cost_outliers(tally: Tally, factor: float) -> list[Outlier]:
    """Runs whose seconds per KB are over ``factor`` times their command's median."""
    medians = {name: statistics.median(rates) for name, rates in tally.rates.items()}
    found = [
        (*run, medians[run[2]])
        for run in tally.slow
        if per_kilobyte(run) > factor * medians[run[2]]
    ]
    return sorted(found, reverse=True)


def summary(tally: Tally, settings: Settings, factor: float, wall: float) -> list[str]:
    lines = [
        f"inputs: {tally.inputs} (seed {settings.seed}) in {wall:.0f} s, "
        f"{tally.inputs / max(wall, 1e-9):.2f} inputs/s",
        "",
        "runs per command and format (exit status: count):",
    ]
    for name in sorted(tally.runs):
        codes = sorted((code, n) for (case, code), n in tally.exits.items() if case == name)
        shown = ", ".join(f"{code}: {n}" for code, n in codes)
        lines.append(f"  {name:40} {tally.runs[name]:7}   {shown}")
    overall: Counter[int] = Counter()
    for (_, code), n in tally.exits.items():
        overall[code] += n
    most = sorted(tally.spent.items(), key=lambda item: -item[1])[:6]
    lines.append("most time spent: " + ", ".join(f"{n} {s:.0f} s" for n, s in most))
    lines.append(
        "exit status over all runs: " + ", ".join(f"{c}: {n}" for c, n in sorted(overall.items()))
    )
    lines.append("")
    if tally.failures:
        lines.append("failures (kind: runs, inputs):")
        for kind, count in tally.failures.most_common():
            lines.append(f"  {kind}: {count} runs, {len(tally.failing_inputs[kind])} inputs")
            lines.extend(f"      {example}" for _, example in tally.examples.get(kind, []))
    else:
        lines.append("failures: none")
    lines.append("")
    if tally.not_run:
        lines.append("not run (the system or the harness could not run them; kinds: cases):")
        for kind, count in tally.not_run.most_common():
            lines.append(f"  {kind}: {count}")
            lines.extend(f"      {example}" for _, example in tally.examples.get(kind, []))
    else:
        lines.append("not run: none")
    lines.append("")
    lines.append("slowest per KB (seconds / max(KB, 1)):")
    for seconds, kilobytes, name, number in reversed(tally.slowest):
        lines.append(f"  input {number}: {name}: {seconds:.3f} s for {kilobytes:.1f} KB")
    if tally.doublings:
        lines.append("doubling (turns repeated 4 and 16 times):")
        lines.extend(f"  {line}" for line in tally.doublings[:20])
    return lines


def flag_outliers(tally: Tally, settings: Settings, factor: float) -> None:
    """Time again (best of three) the runs far slower per KB than their command's median,
    so that a pause of a busy machine is not taken for one; count those still slow, time
    the five slowest inputs at 4 and 16 times their turns, and save them."""
    here = Path.cwd()
    with tempfile.TemporaryDirectory(prefix="meridina-fuzz-") as folder_name:
        folder = Path(folder_name)
        os.chdir(folder)
        try:
            slow = []
            for seconds, kilobytes, name, number, median in cost_outliers(tally, factor)[:50]:
                record = hostile_record(input_rng(settings.seed, number))
                (folder / INPUT).write_bytes(record.data)
                cases = [*standard_cases(record, number), *heavy_cases(record, number, True)]
                case = next(
                    (c for c in cases if c.name.split(" (")[0] == name.split(" (")[0]), None
                )
                if case is None:
                    continue  # a -j run over several inputs: not made again alone
                best = min([seconds] + [run(case, folder).seconds for _ in range(2)])
                rate = best / max(kilobytes, 1.0)
                if best > COST_LEAST_SECONDS and rate > factor * median:
                    line = (
                        f"{name}: {best:.2f} s (best of 3) for {kilobytes:.1f} KB, "
                        f"{rate / median:.0f} x the median s/KB"
                    )
                    failure = Failure("cost-outlier", case, line)
                    _count(tally, failure, number)
                    slow.append((record, number, failure))
            for record, number, failure in slow[:5]:
                failures = [failure]
                for text, kind in doubling(record.data, folder, number):
                    tally.doublings.append(text)
                    if kind:
                        failures.append(Failure(kind, Case("validate", ("validate", INPUT)), text))
                        _count(tally, failures[-1], number)
                if settings.keep is not None:
                    keep(settings, record, number, failures, folder)
        finally:
            os.chdir(here)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--count", type=int, default=100_000, help="how many inputs")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--only", type=int, default=None, help="run input N of the seed alone")
    parser.add_argument("--keep", type=Path, default=None, help="save failing inputs here")
    parser.add_argument("--time-budget", type=float, default=None, metavar="SECONDS")
    parser.add_argument("--processes", type=int, default=1, help="inputs shared among N processes")
    parser.add_argument(
        "--heavy-every",
        type=int,
        default=4,
        metavar="N",
        help="replay --html and piped record on every N-th input",
    )
    parser.add_argument(
        "--subprocess-every",
        type=int,
        default=5,
        metavar="N",
        help="of those piped records, every N-th as a real process",
    )
    parser.add_argument("--jobs-every", type=int, default=10, metavar="N")
    parser.add_argument("--doubling-every", type=int, default=100, metavar="N")
    parser.add_argument("--slow-factor", type=float, default=20.0, help="x the median s/KB")
    options = parser.parse_args(argv)
    keep_dir = options.keep.resolve() if options.keep is not None else None
    deadline = time.time() + options.time_budget if options.time_budget else math.inf
    settings = Settings(
        seed=options.seed,
        keep=keep_dir,
        heavy_every=max(1, options.heavy_every),
        subprocess_every=max(1, options.subprocess_every),
        jobs_every=options.jobs_every,
        doubling_every=options.doubling_every,
        deadline=deadline,
    )
    numbers = [options.only] if options.only is not None else list(range(options.count))
    began = time.perf_counter()
    tally = Tally()
    if options.processes > 1 and len(numbers) > 1:
        shares = [(numbers[i :: options.processes], settings) for i in range(options.processes)]
        # Not a multiprocessing.Pool: its workers are daemons, which -j 2 may not fork from.
        context = multiprocessing.get_context("fork")
        with ProcessPoolExecutor(options.processes, mp_context=context) as pool:
            for part in pool.map(_fuzz_share, shares):
                tally.add(part)
    else:
        tally = fuzz_numbers(numbers, settings)
    flag_outliers(tally, settings, options.slow_factor)
    wall = time.perf_counter() - began
    print("\n".join(summary(tally, settings, options.slow_factor, wall)))
    if keep_dir is not None and keep_dir.exists():
        print(f"failing inputs kept in {keep_dir}")
    return 1 if tally.failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
