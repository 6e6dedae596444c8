"""The page's own asyncio tasks (a computer's turn, a pause, a delayed result): each is
kept until it ends, a failure is reported rather than dropped, and ``<html data-tasks>``
says how many are still to run — "0" means nothing more happens until the player acts,
a fact tests wait for instead of sleeping."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from typing import Any


class TaskSet:
    def __init__(self, flag: Callable[[str, str | None], None], waiting: Callable[[], int],
                 on_error: Callable[[BaseException], None]) -> None:
        self._flag = flag
        self._waiting = waiting  # work queued outside asyncio (frames a move waits for)
        self._on_error = on_error
        self._running: set[asyncio.Future] = set()

    def spawn(self, coro: Coroutine[Any, Any, Any]) -> None:
        task = asyncio.ensure_future(coro)
        self._running.add(task)
        self.count()
        task.add_done_callback(self._done)

    def count(self) -> None:
        self._flag("tasks", str(len(self._running) + self._waiting()))

    def _done(self, task: asyncio.Future) -> None:
        self._running.discard(task)
        self.count()
        if not task.cancelled() and task.exception() is not None:
            self._on_error(task.exception())


__all__ = ["TaskSet"]
