"""What the fuzzing runs share: their options, their failures and how they end."""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TypeVar

T = TypeVar("T")

Summary = tuple[Sequence[str], Sequence[tuple[str, int]], Sequence[tuple[str, str]]]
"""Lines to print, counts of failures (each must be 0), and notes (label, text)."""


@dataclass
class Failures:
    """The first ``show`` failures, described."""

    show: int
    described: list[str] = field(default_factory=list)

    def add(self, text: str) -> None:
        if len(self.described) < self.show:
            self.described.append(text)


def main(
    doc: str | None,
    argv: Sequence[str] | None,
    run: Callable[[float, int, Failures], T],
    summary: Callable[[T], Summary],
) -> int:
    """Parse --seconds (how long to run), --seed and --show (how many failures to print), ``run``, and print its
    ``summary`` and the failures described; the exit status: 1 if a count of failures is not 0."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0] if doc else None)
    parser.add_argument("--seconds", type=float, default=300, help="how long to run")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--show", type=int, default=5, help="failures to print")
    given = parser.parse_args(argv)
    started = time.perf_counter()
    failures = Failures(given.show)
    lines, counts, notes = summary(run(given.seconds, given.seed, failures))
    print(f"seed {given.seed}, {time.perf_counter() - started:.0f} s")
    for line in lines:
        print(line)
    width = max(len(label) for label, _ in [*counts, *notes])
    for label, value in [*counts, *notes]:
        print(f"{label:<{width}}  {value}")
    for text in failures.described:
        print("  " + text)
    return 1 if any(count for _, count in counts) else 0
