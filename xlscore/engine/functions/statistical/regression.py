"""LINEST, LOGEST, TREND and GROWTH as Excel computes them, in place of the formula engine's.

Least squares of ``known_y`` on the variables of ``known_x``: its columns when ``known_y`` is a column, its rows
when ``known_y`` is a row (one variable when both have the same shape; ``1, 2, 3 ...`` when ``known_x`` is left
out). ``const`` left out or TRUE fits an intercept, FALSE forces it to 0. A variable that adds nothing to the ones
before it (the intercept first, then the variables in order: a constant column, a copy of another) is dropped, as
Excel drops it: its coefficient and standard error are 0, and the degrees of freedom stay ``n - k - 1`` (``n - k``
without an intercept). Then, as Microsoft's LINEST page lays it out, the first row holds ``m_k ... m_1, b`` (the
variables in reverse order), and with ``stats`` TRUE four more rows: the standard errors (``#N/A`` for a forced
intercept); R squared and the standard error of y; F and the degrees of freedom; the regression and residual sums
of squares, every other cell ``#N/A``. With no degree of freedom left, the standard error of y is 0 and every sum
of squares is the regression's (dgorissen/pycel's stats.xlsx, sheet LinestArrayExp, F21:H25, as Excel saved it),
F is ``#NUM!``. LOGEST fits ``ln y`` and gives ``e`` to each coefficient; TREND and GROWTH give the fitted values at
``new_x`` (``known_x`` when left out), shaped as ``new_x`` when there is one variable.

Errors as Excel gives them: a text, logical or blank cell among the values ``#VALUE!``, an error itself, ``known_x``
that does not fit ``known_y`` or ``new_x`` with another number of variables ``#REF!``, a y of 0 or below in LOGEST
and GROWTH ``#NUM!``. pycel's stats.xlsx and SheetJS's formula_stress_test.xlsx hold Excel's values.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np
import schedula as sh
from formulas.functions import Error, wrap_func
from formulas.tokens.operand import XlError

from xlscore.engine.rewrite.calls import Omitted

__all__ = ["FUNCTIONS", "Fit", "fit"]

_NA: XlError = Error.errors["#N/A"]
_REF: XlError = Error.errors["#REF!"]


class _RefusedError(Exception):
    def __init__(self, error: XlError) -> None:
        self.error = error


@dataclass(frozen=True)
class Fit:
    """A least-squares fit: the coefficients of the variables (in their order) and the intercept, their standard
    errors (None for a forced intercept), and the statistics of LINEST's last three rows (None where none is)."""

    slopes: list[float]
    intercept: float
    slope_errors: list[float]
    intercept_error: float | None
    r2: float | None
    sey: float
    f: float | None
    df: int
    ssreg: float
    ssresid: float


def _given(value: Any) -> bool:
    return not (value is None or value is sh.EMPTY or isinstance(value, Omitted))


def _as_grid(value: Any) -> np.ndarray:
    """The values as a 2-D array, as they are."""
    array = np.asarray(value, dtype=object)
    if array.ndim == 0:
        return array.reshape(1, 1)
    return array.reshape(1, -1) if array.ndim == 1 else array


def _shaped(known_y: Any, known_x: Any) -> tuple[np.ndarray, np.ndarray, bool]:
    """y and x as :func:`_variables` gives them, as floats: the shapes checked first (#REF!), then the values."""
    ys = _as_grid(known_y)
    y, x, along_row = _variables(ys, _as_grid(known_x) if _given(_plain(known_x)) else None)
    return _grid(y), _grid(x), along_row


def _grid(value: Any) -> np.ndarray:
    """The values as an array of floats of the same shape; a text, logical or blank among them #VALUE!, an error
    itself."""
    array = np.asarray(value, dtype=object)
    out = np.empty(array.shape, dtype=float)
    for index, item in np.ndenumerate(array):
        if isinstance(item, XlError):
            raise _RefusedError(item)
        if isinstance(item, bool) or not isinstance(item, (int, float, np.number)):
            raise _RefusedError(Error.errors["#VALUE!"])
        out[index] = float(item)
    return out


def _truth(value: Any, default: bool) -> bool:
    if isinstance(value, np.ndarray):
        value = value.ravel()[0] if value.size else None
    if not _given(value):
        return default
    if isinstance(value, XlError):
        raise _RefusedError(value)
    if isinstance(value, str):
        raise _RefusedError(Error.errors["#VALUE!"])
    return bool(value)


def _variables(known_y: np.ndarray, known_x: np.ndarray | None) -> tuple[np.ndarray, np.ndarray, bool]:
    """y as a vector of n, x as n rows of k variables, and whether y runs along a row."""
    rows, cols = known_y.shape
    along_row = rows == 1 and cols > 1
    y = known_y.ravel()
    n = y.size
    if known_x is None:
        return y, np.arange(1, n + 1, dtype=object).reshape(n, 1), along_row
    if known_x.shape == known_y.shape:
        return y, known_x.reshape(n, 1), along_row
    if along_row and known_x.shape[1] == n:
        return y, known_x.T, along_row
    if not along_row and cols == 1 and known_x.shape[0] == n:
        return y, known_x, along_row
    raise _RefusedError(_REF)


def fit(y: np.ndarray, x: np.ndarray, const: bool) -> Fit:
    """The least-squares fit of ``y`` (n) on ``x`` (n by k), as LINEST computes it (see the module)."""
    n, k = x.shape
    columns = ([np.ones(n)] if const else []) + [x[:, j] for j in range(k)]
    kept: list[int] = []
    basis: list[np.ndarray] = []
    for index, column in enumerate(columns):  # Gram-Schmidt: a column nothing new beside the kept ones is dropped
        rest = column.astype(float).copy()
        for unit in basis:
            rest -= (unit @ rest) * unit
        size = float(np.linalg.norm(rest))
        if size > 1e-12 * max(1.0, float(np.linalg.norm(column))):
            kept.append(index)
            basis.append(rest / size)
    design = np.column_stack([columns[i] for i in kept]) if kept else np.zeros((n, 0))
    solved = np.zeros(0)
    if kept:
        solved = np.linalg.lstsq(design, y, rcond=None)[0]
        solved = solved + np.linalg.lstsq(design, y - design @ solved, rcond=None)[0]  # one refinement
    solved = np.asarray([float(f"{c:.15g}") for c in solved])  # Excel's 15 digits: a perfect fit leaves nothing
    coefficients = np.zeros(len(columns))
    coefficients[kept] = solved
    residuals = y - design @ solved if kept else y.copy()
    df = n - k - (1 if const else 0)
    sse = float(residuals @ residuals)
    sst = float(((y - y.mean()) @ (y - y.mean())) if const else (y @ y))
    sey = math.sqrt(sse / df) if df > 0 else 0.0
    ssresid = sey * sey * df if df > 0 else 0.0
    ssreg = sst - ssresid
    errors = np.zeros(len(columns))
    if kept and df > 0:
        inverse = np.linalg.inv(design.T @ design)
        errors[kept] = np.sqrt(np.maximum(np.diag(inverse), 0.0)) * sey
    r2 = ssreg / sst if sst else None
    f = (ssreg / (n - df - (1 if const else 0))) / (ssresid / df) if df > 0 and ssresid and n - df > 0 else None
    first = 1 if const else 0
    return Fit(
        slopes=[float(c) for c in coefficients[first:]],
        intercept=float(coefficients[0]) if const else 0.0,
        slope_errors=[float(e) for e in errors[first:]],
        intercept_error=float(errors[0]) if const else None,
        r2=r2,
        sey=sey,
        f=f,
        df=df,
        ssreg=ssreg,
        ssresid=ssresid,
    )


def _table(result: Fit, stats: bool, exponential: bool) -> np.ndarray:
    k = len(result.slopes)
    width = k + 1

    def shown(number: float) -> float:
        return math.exp(number) if exponential else number

    rows: list[list[object]] = [[*(shown(m) for m in reversed(result.slopes)), shown(result.intercept)]]
    if stats:
        na = [_NA] * (width - 2)
        rows.append([*reversed(result.slope_errors), _NA if result.intercept_error is None else result.intercept_error])
        rows.append([Error.errors["#NUM!"] if result.r2 is None else result.r2, result.sey, *na])
        rows.append([Error.errors["#NUM!"] if result.f is None else result.f, float(result.df), *na])
        rows.append([result.ssreg, result.ssresid, *na])
        if width == 1:
            rows = [row[:1] for row in rows]
    table: np.ndarray = np.asarray(rows, dtype=object)
    return table


def _logs(y: np.ndarray) -> np.ndarray:
    if (y <= 0).any():
        raise _RefusedError(Error.errors["#NUM!"])
    logs: np.ndarray = np.log(y)
    return logs


def _estimate(exponential: bool) -> Callable[..., Any]:
    def run(known_y: Any, known_x: Any = None, const: Any = None, stats: Any = None) -> Any:
        try:
            y, x, _ = _shaped(known_y, known_x)
            result = fit(_logs(y) if exponential else y, x, _truth(const, True))
            return _table(result, _truth(stats, False), exponential)
        except _RefusedError as refused:
            return refused.error

    return run


def _plain(value: Any) -> Any:
    return value.ravel()[0] if isinstance(value, np.ndarray) and value.size == 1 and value.ndim == 0 else value


def _fitted(exponential: bool) -> Callable[..., Any]:
    def run(known_y: Any, known_x: Any = None, new_x: Any = None, const: Any = None) -> Any:
        try:
            ys = _as_grid(known_y)
            y, x, along_row = _shaped(known_y, known_x)
            result = fit(_logs(y) if exponential else y, x, _truth(const, True))
            k = x.shape[1]
            if _given(_plain(new_x)):
                new = _grid(_as_grid(new_x))
                if k == 1:
                    points, shape = new.reshape(-1, 1), new.shape
                elif along_row and new.shape[0] == k:
                    points, shape = new.T, (1, new.shape[1])
                elif not along_row and new.shape[1] == k:
                    points, shape = new, (new.shape[0], 1)
                else:
                    raise _RefusedError(_REF)
            else:
                points, shape = x, ys.shape if k == 1 else ((1, x.shape[0]) if along_row else (x.shape[0], 1))
            values = points @ np.asarray(result.slopes) + result.intercept
            if exponential:
                values = np.exp(values)
            return np.asarray(values, dtype=object).reshape(shape)
        except _RefusedError as refused:
            return refused.error

    return run


def _engine(function: Callable[..., Any]) -> Callable[..., Any]:
    wrapped: Callable[..., Any] = wrap_func(function)
    return wrapped


FUNCTIONS: dict[str, Callable[..., Any]] = {
    "LINEST": _engine(_estimate(exponential=False)),
    "LOGEST": _engine(_estimate(exponential=True)),
    "TREND": _engine(_fitted(exponential=False)),
    "GROWTH": _engine(_fitted(exponential=True)),
}
