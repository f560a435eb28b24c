"""No input, however broken, makes meridina raise: every fault is a problem with a place."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from meridina.notation.driver import check_text

WORDS = [
    "orange", "black", "grey", "brown", "red", "blue", "green", "pass", "stuck", "x", "tea",
    "roof", "neutral", "stable", "merchant", "wall", "position", "hand:", "played:", "next:",
    "7:", "4-5-6-7/6:", "1-2-3:", "3@2", "x@3", "0@0", "99@1", "orange@E5", "roof@E5",
    "wall@A2", "merchant@H8", "stable@Z99", "grey:", "roofs:", "walls:", "red@E5", "E5", "B1",
    "{", "}", "{ note }", ";", "[", "]", '"', "1.", "2.", "12.", "-", "@", ",", "\n", "\t",
]  # fmt: skip

HEADERS = [
    '[Game "Meridian"]\n[Players "Ann orange; Ben black; Cy grey; Di brown"]\n',
    '[Game "Meridian"]\n[Players "Ann orange black; Ben grey brown"]\n',
    '[Game "Medina"]\n[Players "Ann red; Ben blue; Cy green"]\n[Setup "merchant H7"]\n',
    '[Game "Medina"]\n[Edition "2"]\n[Players "Ann red; Ben blue"]\n'
    '[Setup "well H6; merchant F8"]\n',
]

bodies = st.lists(st.sampled_from(WORDS), max_size=40).map(" ".join)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(header=st.sampled_from(HEADERS), body=bodies)
def test_any_sequence_of_notation_words_is_checked_without_raising(header: str, body: str) -> None:
    for report in check_text(header + body):
        for problem in report.problems:
            assert problem.rule and problem.message


@settings(max_examples=200, deadline=None)
@given(text=st.text(max_size=300))
def test_any_text_is_checked_without_raising(text: str) -> None:
    reports = check_text(text)
    assert all(problem.message for report in reports for problem in report.problems)


@settings(max_examples=100, deadline=None)
@given(header=st.sampled_from(HEADERS), tail=st.text(max_size=120))
def test_a_valid_header_with_any_tail_is_checked_without_raising(header: str, tail: str) -> None:
    check_text(header + "1. " + tail)
