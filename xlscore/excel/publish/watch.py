"""``xlscore publish --watch``: publish again each time the workbook is saved, for a screen that follows the event.

The workbook is polled (its modification time and size, every ``interval`` seconds) rather than watched through the
operating system's notifications, which differ by system and miss a save over a network share; a spreadsheet
program saves by writing a new file and renaming it, which a poll sees as a change like any other. A save caught
half-written (a workbook that cannot be read yet) is tried again at the next poll, and the page stays as it was.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

from xlscore.core.errors import XlscoreError
from xlscore.excel.headless import xlscore_errors

__all__ = ["watch"]


def _stamp(path: Path) -> tuple[float, int] | None:
    try:
        status = path.stat()
    except OSError:
        return None
    return status.st_mtime, status.st_size


def watch(
    path: Path,
    publish: Callable[[], object],
    report: Callable[[str], None],
    *,
    interval: float = 1.0,
    rounds: int | None = None,
) -> int:
    """Call ``publish`` now and after each change of the file at ``path``; ``rounds`` polls at most (None: until
    interrupted). Returns how many times it published. A failed publish is reported and tried again at the next
    change."""
    seen: tuple[float, int] | None = None
    published = polls = 0
    while rounds is None or polls < rounds:
        stamp = _stamp(path)
        if polls == 0 or stamp != seen:
            seen = stamp
            try:
                with xlscore_errors():  # a workbook saved half-way: the engine's refusal, as xlscore's
                    publish()
                published += 1
                report(f"published {path.name}")
            except XlscoreError as exc:
                report(f"not published ({exc}); waiting for the next save")
        polls += 1
        if rounds is None or polls < rounds:
            time.sleep(interval)
    return published
