"""A problem is worded only when it is shown: one dropped by ``--select``/``--ignore`` never is.

The notation's faults are kept as ``Slip`` values (the wording function and its facts); the
count of calls to ``Slip.words`` is the count of sentences made.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import record, run_cli
from meridina.notation.slips import Slip
from meridina.rules.common import Place, Problem

TURNS = 60  # each misnumbered (REC-4) and with a word out of place (REC-3)
BODY = [f"{1 + 2 * index}. orange 7: 3@2 bogus{index}" for index in range(TURNS)]
NOTATION_PROBLEMS = 2 * TURNS - 1  # the first turn's number is right


@pytest.fixture
def wordings(monkeypatch: pytest.MonkeyPatch) -> list[Slip]:
    """Every ``Slip`` worded while the test runs."""
    worded: list[Slip] = []
    words = Slip.words

    def counted(slip: Slip) -> str:
        worded.append(slip)
        return words(slip)

    monkeypatch.setattr(Slip, "words", counted)
    return worded


@pytest.fixture
def spoilt(tmp_path: Path) -> str:
    path = tmp_path / "spoilt.mrec"
    path.write_text(record(*BODY, players="Ann: orange; Ben: black"), "utf-8")
    return str(path)


def test_every_notation_problem_shown_is_worded_once(wordings: list[Slip], spoilt: str) -> None:
    result = run_cli("validate", spoilt)
    assert result.output.count(" REC-4 ") == TURNS - 1
    assert result.output.count(" REC-3 ") == TURNS
    assert len(wordings) == NOTATION_PROBLEMS


@pytest.mark.parametrize(
    "options",
    [("--ignore", "REC"), ("--ignore", "REC-3", "--ignore", "REC-4"), ("--select", "MER")],
)
def test_problems_dropped_by_a_filter_are_never_worded(
    wordings: list[Slip], spoilt: str, options: tuple[str, ...]
) -> None:
    result = run_cli("validate", *options, spoilt)
    assert "REC-" not in result.output
    assert wordings == []


# annotate is left out: it compares the sentences of the game as written and as it writes
# it, every problem's, to be sure that it keeps them all.
@pytest.mark.parametrize(
    "command", [("validate", "--format", "json"), ("validate", "--format", "sarif"), ("score",)]
)
def test_no_command_words_what_it_drops(
    wordings: list[Slip], spoilt: str, command: tuple[str, ...]
) -> None:
    unfiltered = run_cli(*command, spoilt)
    assert "follows turn 1" in unfiltered.output and wordings
    wordings.clear()
    filtered = run_cli(*command, "--ignore", "REC", spoilt)
    assert "follows turn" not in filtered.output and "bogus" not in filtered.output
    assert wordings == []


def test_only_the_selected_rule_is_worded(wordings: list[Slip], spoilt: str) -> None:
    result = run_cli("validate", "--select", "REC-4", spoilt)
    assert result.output.count(" REC-4 ") == TURNS - 1
    assert len(wordings) == TURNS - 1


def test_a_lazy_problem_equals_and_hashes_as_its_sentence(wordings: list[Slip]) -> None:
    lazy = Problem("REC-4", Slip(str.upper, ("turn",)), Place(1, 1))
    ready = Problem("REC-4", "TURN", Place(1, 1))
    assert lazy.said != ready.said
    assert lazy == ready and hash(lazy) == hash(ready)
    assert lazy.message == "TURN" and len(wordings) == 1
    assert lazy.message == "TURN" and len(wordings) == 1  # worded once, then kept


@pytest.fixture
def rule_wordings(monkeypatch: pytest.MonkeyPatch) -> list[object]:
    """Every Meridian rule fault worded while the test runs."""
    from meridina.rules.meridian import faults

    worded: list[object] = []
    words = faults.FaultSentence.words

    def counted(sentence: faults.FaultSentence) -> str:
        worded.append(sentence.fault)
        return words(sentence)

    monkeypatch.setattr(faults.FaultSentence, "words", counted)
    return worded


def test_a_rule_problem_is_worded_only_when_shown(
    rule_wordings: list[object], tmp_path: Path
) -> None:
    # (a refused tower's fault is worded whatever is shown: a repeat of it on its meridian
    # is told once, found by its words; see rules/meridian/consequences.py)
    from test_formats import MERIDIAN_OK

    path = tmp_path / "out-of-turn.mrec"
    path.write_text(MERIDIAN_OK + "3. black 1: 2@3\n", "utf-8")
    shown = run_cli("validate", str(path))
    assert shown.output.count(" MER-T1 ") == 1 and len(rule_wordings) == 1
    rule_wordings.clear()
    for options in (("--ignore", "MER-T1"), ("--select", "REC"), ("--ignore", "MER")):
        dropped = run_cli("validate", *options, str(path))
        assert "MER-T1" not in dropped.output
        assert dropped.exit_code == 0
    assert rule_wordings == []


def test_a_medina_rule_problem_is_worded_only_when_shown(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from meridina.rules.medina.faults import Fault
    from test_formats import MEDINA_BAD

    worded: list[Fault] = []

    def count(kind: type[Fault]) -> None:
        words = kind.words

        def counted(fault: Fault) -> str:
            worded.append(fault)
            return words(fault)

        monkeypatch.setattr(kind, "words", counted)

    # each rule's fault classes word themselves: count the words of every one
    kinds = [Fault]
    while kinds:
        kind = kinds.pop()
        kinds.extend(kind.__subclasses__())
        if "words" in vars(kind):
            count(kind)
    path = tmp_path / "bad.mrec"
    path.write_text(MEDINA_BAD, "utf-8")
    shown = run_cli("validate", str(path))
    assert shown.output.count(" MED-R1 ") == 1 and len(worded) == 1
    worded.clear()
    for options in (("--ignore", "MED-R1"), ("--select", "REC"), ("--ignore", "MED")):
        dropped = run_cli("validate", *options, str(path))
        assert "MED-R1" not in dropped.output
    assert worded == []
