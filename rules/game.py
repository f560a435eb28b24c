"""The small interface every rules core offers to the commands."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path
from typing import Any, Generic, Protocol, TypeVar, cast

from .codes import RuleCode
from .common import Place, Problem

StateT = TypeVar("StateT")
SetupT = TypeVar("SetupT")
TurnT = TypeVar("TurnT")
ScoreT = TypeVar("ScoreT")


@dataclass(frozen=True, slots=True)
class Applied(Generic[StateT]):
    """The state after a step and the problems found on the way.

    After an illegal turn the state is the one the game goes on from, so later
    turns are still checked.
    """

    state: StateT
    problems: tuple[Problem, ...] = ()

    @property
    def legal(self) -> bool:
        return not any(not problem.warning for problem in self.problems)


class Handling(Enum):
    """What became of a turn: the classes of the digests' "How an illegal turn is handled"."""

    PLAYED = "played"  # made as written (a fault of turn order or of the card is only reported)
    DISCARDED = "discarded"  # not made: the card counts as played, the board is unchanged
    IGNORED = "ignored"  # passed over whole: the mover is not in the game, or the game is over


StateCo = TypeVar("StateCo", covariant=True)


class HasState(Protocol[StateCo]):
    @property
    def state(self) -> StateCo: ...

    @property
    def problems(self) -> tuple[Problem, ...]: ...


# A step of the game's own state: ``HasState[StateT]`` cannot be said in a bound (a TypeVar
# cannot name another), so the bound leaves the state open and ``play`` reads it as StateT.
StepT = TypeVar("StepT", bound=HasState[Any])
SheetT = TypeVar("SheetT")
# The protocol's own variance: a setup is only taken in, a step only handed out.
SetupIn = TypeVar("SetupIn", contravariant=True)
StepOut = TypeVar("StepOut", bound=HasState[Any], covariant=True)


class RulesCore(Protocol[SetupIn, StateT, TurnT, StepOut, ScoreT]):
    """One game's rules: set up, play a turn, list legal turns, score, check a result."""

    def initial_state(self, setup: SetupIn, base: Path | None = None) -> Applied[StateT | None]:
        """The state a game starts from; ``base`` is where a record's own data files lie."""
        ...

    def apply(self, state: StateT, turn: TurnT) -> StepOut:
        """Play one turn: the state to go on from, its problems, and what happened."""
        ...

    def pass_over(self, state: StateT, mover: str | None) -> StateT:
        """Go on past a turn the record does not state clearly; ``mover`` if it is known."""
        ...

    def legal_turns(self, state: StateT) -> Iterator[TurnT]: ...

    def score(self, state: StateT) -> ScoreT: ...

    def check_result(self, setup: SetupIn, state: StateT, sheet: ScoreT) -> list[Problem]:
        """Compare a record's stated result with the computed score."""
        ...


TurnIn = TypeVar("TurnIn", contravariant=True)


class PlaysUntilFault(Protocol[StateT, TurnIn]):
    """A rules core that plays a game in place up to its first problem, and hands the rest
    to ``apply`` from there: no turn is played twice over."""

    def play_until_fault(
        self, start: StateT, turns: Sequence[TurnIn | Unreadable]
    ) -> tuple[StateT, int]:
        """How many of ``turns`` are legal and plain from ``start`` (no problem of any kind,
        not even a warning, and no unreadable turn) before the first that is not, and the
        state after them. ``start`` is left as it was."""
        ...


@dataclass
class GameRun(Generic[StateT, StepT, SheetT]):
    """A played game: the start, each turn's step, the score and the result's problems."""

    start_problems: tuple[Problem, ...]
    start: StateT | None
    steps: list[StepT | None] = field(default_factory=list)  # None for an unreadable turn
    result_problems: tuple[Problem, ...] = ()
    sheet: SheetT | None = None
    # A game played clean (``play(..., keep_steps=False)``) keeps no steps, only its end.
    steps_kept: bool = True
    last: StateT | None = None
    # The first ``clean_turns`` turns, played without a problem, keep no step: ``steps``
    # holds those of the turns after them, played on from ``resumed``.
    clean_turns: int = 0
    resumed: StateT | None = None

    @property
    def final(self) -> StateT | None:
        if not self.steps_kept:
            return self.last
        for step in reversed(self.steps):
            if step is not None:
                return cast(StateT, step.state)
        return self.resumed if self.clean_turns else self.start

    def states(self) -> list[StateT]:
        """The state after each turn (the previous one for an unreadable turn)."""
        self._check_states_kept()
        assert self.start is not None
        current = self.start
        result = []
        for step in self.steps:
            if step is not None:
                current = cast(StateT, step.state)
            result.append(current)
        return result

    def state_after(self, turns: int) -> StateT:
        """``states()[turns - 1]`` (``turns`` from 1), found without making every state's
        list: a replay draws the state after each turn in turn."""
        self._check_states_kept()
        assert self.start is not None
        if not 1 <= turns <= len(self.steps):
            raise IndexError(f"no state after turn {turns} of {len(self.steps)}")
        for index in range(turns - 1, -1, -1):
            step = self.steps[index]
            if step is not None:
                return cast(StateT, step.state)
        return self.start

    def _check_states_kept(self) -> None:
        if not self.steps_kept or self.clean_turns:
            raise ValueError("this game was played without keeping a state for each turn")


StateIn = TypeVar("StateIn", contravariant=True)
StepIn = TypeVar("StepIn", contravariant=True)


class SaysOnce(Protocol[StateIn, TurnIn, StepIn]):
    """A rules core that tells a fault caused by an earlier one once per thing it is about
    (a palace, a meridian), pointing back at the earlier fault."""

    def told(
        self, before: StateIn, turn: TurnIn, step: StepIn, memory: dict[object, object]
    ) -> list[Problem]:
        """``step``'s problems as a game's list tells them: each as it is, pointing back at
        the fault that caused it, or left out when that was told already. ``before`` is the
        state the turn was played from; ``memory`` is the game's, kept from turn to turn."""
        ...


def told_problems(
    core: object, run: GameRun[StateT, StepT, SheetT], turns: Sequence[object | None]
) -> list[Problem]:
    """The problems of a played game's turns, in turn order, as its list of problems tells
    them (see ``SaysOnce``). ``turns`` are the game's turns as played, None where unreadable.

    A step's own problems are left as they are: a turn refused is refused for its own fault,
    however often the list tells that fault.
    """
    problems: list[Problem] = []
    told: Callable[[object, object, StepT, dict[object, object]], list[Problem]] | None
    told = getattr(core, "told", None)  # a core that is ``SaysOnce``
    if told is None or not run.steps_kept:
        for step in run.steps:
            if step is not None and step.problems:
                problems.extend(step.problems)
        return problems
    memory: dict[object, object] = {}
    state: object = run.resumed if run.clean_turns else run.start
    for turn, step in zip(turns[run.clean_turns :], run.steps, strict=False):
        if step is None:
            continue
        if step.problems or memory:  # a clean game costs nothing more
            problems.extend(told(state, turn, step, memory))
        state = step.state
    return problems


@dataclass(frozen=True, slots=True)
class Unreadable:
    """A turn the record does not state clearly; ``mover`` is its colour, if known."""

    mover: str | None


def play(
    core: RulesCore[SetupT, StateT, TurnT, StepT, SheetT],
    setup: SetupT,
    turns: Iterable[TurnT | Unreadable],
    base: Path | None = None,
    keep_steps: bool = True,
) -> GameRun[StateT, StepT, SheetT]:
    """Play a whole game through its rules core: every turn, the score, the stated result.

    With ``keep_steps`` false, a core that plays a game in place up to its first problem
    (``PlaysUntilFault``) does that first: a game with no problem in any turn then keeps
    only its last state, and a game with one is played on turn by turn from that turn, so
    it is described exactly as it would be otherwise and no turn is played twice.
    """
    started = core.initial_state(setup, base)
    run: GameRun[StateT, StepT, SheetT] = GameRun(started.problems, started.state)
    state = started.state
    if state is None:
        return run
    until_fault = None if keep_steps else getattr(core, "play_until_fault", None)
    if until_fault is not None:
        turns = turns if isinstance(turns, Sequence) else list(turns)
        state, played = cast("PlaysUntilFault[StateT, TurnT]", core).play_until_fault(state, turns)
        if played == len(turns):
            run.steps_kept, run.last = False, state
            run.sheet = core.score(state)
            run.result_problems = tuple(core.check_result(setup, state, run.sheet))
            return run
        run.clean_turns, run.resumed = played, state
        turns = turns[played:]
    apply, pass_over, keep = core.apply, core.pass_over, run.steps.append  # looked up once
    for turn in turns:
        if isinstance(turn, Unreadable):
            state = pass_over(state, turn.mover)
            keep(None)
        else:
            step = apply(state, turn)
            state = step.state
            keep(step)
    run.sheet = core.score(state)
    run.result_problems = tuple(core.check_result(setup, state, run.sheet))
    return run


def compare_result(
    stated: dict[str, tuple[int, Place | None]],
    seats: Sequence[tuple[str, Sequence[str]]],
    totals: Sequence[int],
    rule: RuleCode,
    result_at: Place | None,
) -> list[Problem]:
    """Check a Result tag's points against the computed ones, each fault worded under ``rule``.

    ``seats`` gives each player's label and the names that may stand for them.
    """
    return [
        Problem(rule, result_words(*facts), at)
        for facts, at in result_faults(stated, seats, totals, result_at)
    ]


# What a Result tag gets wrong: ("who", name) names nobody playing, ("points", name,
# stated, scored) gives a player other points, ("left out", label, scored) leaves one out.
ResultFacts = tuple[str | int, ...]


def result_faults(
    stated: dict[str, tuple[int, Place | None]],
    seats: Sequence[tuple[str, Sequence[str]]],
    totals: Sequence[int],
    result_at: Place | None,
) -> list[tuple[ResultFacts, Place | None]]:
    """What a Result tag's points get wrong against the computed ones, each with its place:
    the condition of a game's result rule, which words each fault by ``result_words``."""
    named = {key.lower(): index for index, (_, keys) in enumerate(seats) for key in keys if key}
    faults: list[tuple[ResultFacts, Place | None]] = []
    seen: set[int] = set()
    for name, (points, at) in stated.items():
        seat = named.get(name.lower())
        if seat is None:
            faults.append((("who", name), at))
            continue
        seen.add(seat)
        if points != totals[seat]:
            faults.append((("points", name, points, totals[seat]), at))
    for index, (label, _) in enumerate(seats):
        if index not in seen:
            faults.append((("left out", label, totals[index]), result_at))
    return faults


def result_words(case: str | int, *facts: str | int) -> str:
    """A fault of ``result_faults`` in a player's words."""
    if case == "who":
        (name,) = facts
        return f"the result names {name!r}, who is not playing"
    if case == "points":
        name, points, scored = facts
        return f"the result gives {name} {points} points; they score {scored}"
    label, scored = facts
    return f"the result leaves out {label} (who scores {scored})"
