"""A pool of worker processes for ``-j/--jobs``, or none: the same calls either way.

With one job, work is done at once in this process. With more, a process pool is
started at the first piece of work; its workers leave Ctrl-C to this process, and
whatever is still queued is dropped when the run ends early. A worker whose parent
is gone (killed, or ended by a closed pipe) ends too, rather than wait forever.
"""

from __future__ import annotations

import os
import signal
import threading
import time
from collections.abc import Callable
from types import FrameType, TracebackType
from typing import TYPE_CHECKING, Generic, Protocol, TypeVar

import click

if TYPE_CHECKING:  # a pool is loaded only when one is started (not for -j 1)
    import multiprocessing.context
    from concurrent.futures import Future, ProcessPoolExecutor

MOST_JOBS = 64  # more workers than this gains nothing for a command-line check

T = TypeVar("T")
T_co = TypeVar("T_co", covariant=True)


class Handle(Protocol[T_co]):
    """A result to come: a ``Future`` or one already computed."""

    def done(self) -> bool: ...

    def result(self) -> T_co: ...


class Done(Generic[T]):
    def __init__(self, value: T) -> None:
        self.value = value

    def done(self) -> bool:
        return True

    def result(self) -> T:
        return self.value


class WorkerLost(click.ClickException):
    """A worker process ended without its result: killed by the system, or out of memory."""

    exit_code = 2

    def __init__(self) -> None:
        super().__init__(
            "a worker process was ended before it finished (killed by the system, perhaps "
            "for lack of memory); nothing more is reported: run again, or with fewer --jobs"
        )

    def show(self, file: object = None) -> None:
        click.echo(f"meridina: {self.message}", err=True)


class PoolHandle(Generic[T]):
    """A worker's result to come; a broken pool is a ``WorkerLost``."""

    def __init__(self, future: Future[T]) -> None:
        self.future = future

    def done(self) -> bool:
        return self.future.done()

    def result(self) -> T:
        from concurrent.futures.process import BrokenProcessPool

        try:
            return self.future.result()
        except BrokenProcessPool:
            raise WorkerLost from None


class Workers:
    def __init__(self, jobs: int) -> None:
        self.jobs = jobs
        self.pool: ProcessPoolExecutor | None = None
        # SIGPIPE's handler before the pool, put back after it
        self.pipe_action: Callable[[int, FrameType | None], object] | int | None = None

    def submit(self, function: Callable[..., T], *args: object) -> Handle[T]:
        if self.jobs == 1:
            return Done(function(*args))
        if self.pool is None:
            from concurrent.futures import ProcessPoolExecutor

            if hasattr(signal, "SIGPIPE"):
                # A closed output must reach this process as BrokenPipeError, so that the
                # pool is shut down on the way out; then the signal ends it as usual.
                self.pipe_action = signal.signal(signal.SIGPIPE, signal.SIG_IGN)
            self.pool = ProcessPoolExecutor(
                self.jobs, mp_context=_context(), initializer=_start_worker
            )
        from concurrent.futures.process import BrokenProcessPool

        try:
            return PoolHandle(self.pool.submit(function, *args))
        except BrokenProcessPool:
            raise WorkerLost from None

    def __enter__(self) -> Workers:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        if self.pool is not None:
            self.pool.shutdown(wait=True, cancel_futures=True)
        if self.pipe_action is not None:
            signal.signal(signal.SIGPIPE, self.pipe_action)
            if isinstance(error, BrokenPipeError) and self.pipe_action == signal.SIG_DFL:
                os.kill(os.getpid(), signal.SIGPIPE)  # end as one process would have ended


def _context() -> multiprocessing.context.BaseContext:
    """Fork where there is fork: workers start at once with everything already imported."""
    import multiprocessing

    methods = multiprocessing.get_all_start_methods()
    return multiprocessing.get_context("fork" if "fork" in methods else None)


def _start_worker() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle
    parent = os.getppid()
    threading.Thread(target=_end_with_parent, args=(parent,), daemon=True).start()


def _end_with_parent(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(0.5)
    os._exit(1)


def available_cores() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def jobs_count(ctx: click.Context, param: click.Parameter, value: str) -> int:
    """``-j N`` (1 to MOST_JOBS, ASCII digits) or ``-j auto`` (one per available core)."""
    text = value
    if text == "auto":
        return max(1, min(available_cores(), MOST_JOBS))
    if not (text.isascii() and text.isdigit() and len(text) <= 3 and 1 <= int(text) <= MOST_JOBS):
        raise click.BadParameter(f"{value!r} is not 'auto' or a number from 1 to {MOST_JOBS}")
    return int(text)
