"""YEARFRAC as Excel computes it, every basis (David A. Wheeler's analysis of Excel's YEARFRAC, "YEARFRAC
Incompatibilities between Excel 2007 and OOXML", reproduces Excel's results; dgorissen/pycel's yearfrac.xlsx holds
Excel's values for 2,737 cases and agrees whole):

* 0, US 30/360: a 31st is the 30th (the end date's only when the start is the 30th or 31st), and the last day of
  February is the 30th when the start is (both, when both are);
* 1, actual/actual: the days over 365 or 366 (366 when the span, at most a year, holds a 29 February), over the
  average length of the calendar years it touches when it is longer;
* 2, actual/360; 3, actual/365; 4, European 30/360 (every 31st the 30th).

The basis is checked first (a text or TRUE is #VALUE!, one outside 0 to 4 #NUM!), then the dates (an error is
itself, a text that is no date or TRUE #VALUE!, before 1900 or after 9999 #NUM!). The engine gave 0.99444 for
basis 0 from 29 February 2004 to 28 February 2005 (Excel 1) and #DIV/0! for a basis of -1 (Excel #NUM!).
"""

from __future__ import annotations

import datetime
import math
from collections.abc import Callable
from typing import Any

import schedula as sh
from formulas.functions import Error

from xlscore.engine.evaluation.conversions import ArgumentError, number_argument
from xlscore.engine.functions.engineering.bases import analysis_toolpak

__all__ = ["FUNCTIONS"]

_LAST_SERIAL = 2_958_465  # 31 December 9999


Day = tuple[int, int, int]  # year, month, day: Excel's serial 0 is 0 January 1900, serial 60 29 February 1900


def _day(serial: int) -> Day:
    if serial == 0:
        return (1900, 1, 0)
    if serial == 60:
        return (1900, 2, 29)
    found = datetime.date(1899, 12, 31 if serial < 60 else 30) + datetime.timedelta(days=serial)
    return (found.year, found.month, found.day)


def _leap(year: int) -> bool:
    return year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)


def _last_of_february(day: Day) -> bool:
    return day[1] == 2 and day[2] == (29 if _leap(day[0]) else 28)


def _days_360(start: Day, end: Day, d1: int, d2: int) -> float:
    return ((end[0] - start[0]) * 360 + (end[1] - start[1]) * 30 + (d2 - d1)) / 360


def _us_30_360(start: Day, end: Day) -> float:
    d1, d2 = start[2], end[2]
    if d1 == 31 and d2 == 31:
        d1 = d2 = 30
    elif d1 == 31:
        d1 = 30
    elif d1 == 30 and d2 == 31:
        d2 = 30
    elif _last_of_february(start) and _last_of_february(end):
        d1 = d2 = 30
    elif _last_of_february(start):
        d1 = 30
    return _days_360(start, end, d1, d2)


def _european_30_360(start: Day, end: Day) -> float:
    return _days_360(start, end, min(start[2], 30), min(end[2], 30))


def _within_a_year(start: Day, end: Day) -> bool:
    return start[0] == end[0] or (start[0] + 1 == end[0] and start[1:] >= end[1:])


def _holds_29_february(start: Day, end: Day) -> bool:
    if _leap(start[0]) and start[1] < 3:
        return True
    return _leap(end[0]) and end[1] >= 3


def _serial(year: int, month: int, day: int) -> int:
    return (datetime.date(year, month, day) - datetime.date(1899, 12, 30)).days


def _actual_actual(first: int, last: int) -> float:
    start, end = _day(first), _day(last)
    days = last - first
    if _within_a_year(start, end):
        leap_year = start[0] == end[0] and _leap(start[0])
        if leap_year or _holds_29_february(start, end) or (end[1] == 2 and end[2] == 29):
            return days / 366
        return days / 365
    years = end[0] - start[0] + 1
    spanned = _serial(end[0] + 1, 1, 1) - _serial(start[0], 1, 1)
    return days / (spanned / years)


def _yearfrac(start: Any, end: Any, basis: Any = sh.EMPTY) -> Any:
    try:
        kind = math.trunc(number_argument(basis))
        if not 0 <= kind <= 4:
            raise ArgumentError("#NUM!")
        first, last = (math.trunc(number_argument(value)) for value in (start, end))
        if not (0 <= first <= _LAST_SERIAL and 0 <= last <= _LAST_SERIAL):
            raise ArgumentError("#NUM!")
    except ArgumentError as refused:
        return Error.errors.get(refused.code, Error.errors["#VALUE!"])
    first, last = min(first, last), max(first, last)
    if kind == 2:
        return (last - first) / 360
    if kind == 3:
        return (last - first) / 365
    if kind == 0:
        return _us_30_360(_day(first), _day(last))
    if kind == 4:
        return _european_30_360(_day(first), _day(last))
    return _actual_actual(first, last)


FUNCTIONS: dict[str, Callable[..., Any]] = {"YEARFRAC": analysis_toolpak(_yearfrac)}
