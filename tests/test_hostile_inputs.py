"""Generated hostile records through every command in-process: exit 0, 1 or 2, in time."""

from __future__ import annotations

import random
import tempfile
import time
from pathlib import Path

from hostile import COMMANDS, run
from hostile_fragments import FRAGMENTS, HEADERS, hostile_record
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

records = st.builds(
    lambda header, parts, joiner: header + joiner.join(parts),
    st.sampled_from(HEADERS),
    st.lists(st.sampled_from(FRAGMENTS), max_size=30),
    st.sampled_from([" ", "", "\n"]),
)


def seconds_allowed(text: str) -> float:
    """A generous bound that still catches anything worse than linear."""
    return 2.0 + len(text.encode("utf-8")) / 50_000


def check_every_command(text: str) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "hostile.mrec"
        path.write_bytes(text.encode("utf-8", "surrogatepass"))
        for command in COMMANDS:
            started = time.perf_counter()
            ran = run(*command, str(path))  # an escaped exception fails here
            took = time.perf_counter() - started
            assert ran.exit_code in (0, 1, 2), (command, ran)
            assert took < seconds_allowed(text), (command, took, len(text))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=records)
def test_hostile_records_end_with_exit_0_1_or_2_in_time(text: str) -> None:
    check_every_command(text)


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_the_fuzz_generator_gives_records_every_command_survives(seed: int) -> None:
    check_every_command(hostile_record(random.Random(seed)))
