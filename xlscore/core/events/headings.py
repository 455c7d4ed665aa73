"""Column headings in a coordinator's words, and how a typed heading is matched to the column a rule reads.

One convention for every table xlscore shows (a function's spilled table, a template's input table, the command
line's output, ``Table.columns`` and ``Table.to_frame()``): a field's name in sentence case with spaces, so
``points_per_game`` heads its column as ``Points per game`` and ``rp_before`` as ``RP before``. The exceptions
(abbreviations kept in capitals) are in :data:`HEADINGS`, the one place to add another.

Reading a table back is the reverse, and forgiving: a heading matches a column whatever its case and whether its
words are joined by spaces or underscores (:func:`column_key`), so ``Points per game``, ``points per game`` and
``points_per_game`` are the same column. One function's table can thus feed the next (the standings read back by
LEAGUE_NEXT_SEASON), and a DataFrame or a sheet typed with either spelling works.
"""

from __future__ import annotations

import functools
import re

__all__ = ["HEADINGS", "column_key", "heading"]

HEADINGS = {
    "rp": "RP",
    "rp_before": "RP before",
}
"""Field names whose heading is not plain sentence case: abbreviations a source writes in capitals."""

_SEPARATORS = re.compile(r"[\s_]+")


def heading(name: str) -> str:
    """A column's heading: ``points_per_game`` as ``Points per game`` (a heading already in words is unchanged)."""
    known = HEADINGS.get(name)
    if known is not None:
        return known
    words = _SEPARATORS.sub(" ", name).strip()
    return words[:1].upper() + words[1:]


def column_key(name: object) -> str:
    """What a heading matches by: lower case, spaces trimmed, a run of spaces or underscores read as one ``_``."""
    return _key(str(name))


@functools.lru_cache(maxsize=4096)  # a table's few headings, read once per row by the row-by-row reader
def _key(name: str) -> str:
    return _SEPARATORS.sub("_", name.strip().lower())
