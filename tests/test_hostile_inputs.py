"""Generated hostile records through every command in-process: exit 0, 1 or 2, in time.

In time means linear: the record written four times over (four games) takes at most
about four times as long, measured in the same run; a bound in seconds fails on a loaded machine."""

from __future__ import annotations

import random
import tempfile
from collections.abc import Callable
from pathlib import Path

import pytest
from growth import LINEAR, growth
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


def check_every_command(text: str) -> None:
    with tempfile.TemporaryDirectory() as folder:
        for command in COMMANDS:

            def running(copies: int, command: tuple[str, ...] = command) -> Callable[[], object]:
                path = Path(folder) / f"hostile{copies}.mrec"
                path.write_bytes("\n".join([text] * copies).encode("utf-8", "surrogatepass"))

                def once() -> None:
                    ran = run(*command, str(path))  # an escaped exception fails here
                    assert ran.exit_code in (0, 1, 2), (command, ran)

                return once

            # from two copies: one copy is a case of its own (a stray byte refused at once
            # where several games are read), a step, not a growth
            assert growth(running, 2) < LINEAR, (command, len(text))


@pytest.mark.slow  # minutes of work on two cores: left out of the everyday loop
# (tests/fuzz_hostile.py puts as many more through every command as it is given time for)
@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=records)
def test_hostile_records_end_with_exit_0_1_or_2_in_time(text: str) -> None:
    check_every_command(text)


@settings(max_examples=10, deadline=None)  # (tests/fuzz_every_command.py puts more through)
@given(seed=st.integers(0, 2**32 - 1))
def test_the_fuzz_generator_gives_records_every_command_survives(seed: int) -> None:
    check_every_command(hostile_record(random.Random(seed)))
