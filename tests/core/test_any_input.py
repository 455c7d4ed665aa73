"""Any argument of any type: every public function returns a finite result or raises an XlscoreError.

A property test over the whole public API: values of every kind a sheet, a script or a careless caller can pass
(blanks, logicals, huge whole numbers, NaN and infinities, text, nested lists, mappings, DataFrames with odd
columns), in every position. Nothing else may escape, no NaN or infinity may come out, and no call on a small
input may take long.
"""

from __future__ import annotations

import dataclasses
import inspect
import math
import time
from collections.abc import Callable
from typing import Any

import pandas as pd
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import xlscore
from xlscore import XlscoreError

FUNCTIONS: dict[str, Callable[..., Any]] = {
    name: getattr(xlscore, name)
    for name in xlscore.__all__
    if inspect.isfunction(getattr(xlscore, name)) and name.islower()
}

NAMES = st.sampled_from(["Ann", "Bo", "Cy", "", "  ", "=1+1", "game", "player", "score", "place"])
SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-5, 10),
    st.integers(-(10**400), 10**400),
    st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from([1.79e308, -1.79e308, 5e-324, 0.1, 2.5, 1e9, 10**12]),
    NAMES,
    st.text(max_size=5),
)
ROWS = st.lists(st.lists(SCALARS, min_size=0, max_size=6), min_size=0, max_size=6)
HEADERS = st.lists(
    st.sampled_from(["game", "player", "score", "place", "hours", "board", "centres", "money", "division", "x"]),
    min_size=0,
    max_size=6,
)


@st.composite
def tables(draw: st.DrawFn) -> object:
    header = draw(HEADERS)
    rows = draw(st.lists(st.lists(SCALARS, min_size=len(header), max_size=len(header)), max_size=6))
    kind = draw(st.sampled_from(["rows", "frame", "mappings"]))
    if kind == "rows":
        return [header, *rows]
    if kind == "mappings":
        return [dict(zip(header, row, strict=True)) for row in rows]
    return pd.DataFrame(rows, columns=header)  # a header may name a column twice


VALUES = st.one_of(SCALARS, ROWS, tables(), st.lists(SCALARS, max_size=8), st.dictionaries(SCALARS, SCALARS))


def _finite(value: object) -> bool:
    if isinstance(value, float):
        return math.isfinite(value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return all(_finite(getattr(value, f.name)) for f in dataclasses.fields(value))
    if isinstance(value, (list, tuple)):
        return all(map(_finite, value))
    return True


@pytest.mark.parametrize("name", sorted(FUNCTIONS))
def test_any_argument_gives_a_finite_result_or_an_xlscore_error(name: str) -> None:
    function = FUNCTIONS[name]
    positional = [
        p for p in inspect.signature(function).parameters.values() if p.kind is not inspect.Parameter.KEYWORD_ONLY
    ]

    required = sum(p.default is inspect.Parameter.empty for p in positional)

    @settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
    @given(st.lists(VALUES, min_size=required, max_size=len(positional)))
    def check(args: list[object]) -> None:
        started = time.perf_counter()
        try:
            result = function(*args)
        except XlscoreError:
            result = None
        except Exception as exc:
            raise AssertionError(f"{name}{tuple(args)!r} raised {type(exc).__name__}: {exc}") from exc
        assert time.perf_counter() - started < 1.0, f"{name}{tuple(args)!r} took over a second"
        assert _finite(result), f"{name}{tuple(args)!r} gave {result!r}"

    check()
