"""A host's own spreadsheet functions, registered by name: the one way they reach the engine.

The engine knows Excel's functions; a program that embeds it adds its own (xlscore's scoring functions,
``=RPLOPS(E2:E999, C2:C999, D2:D999)``) with one call of :func:`register_functions`, at any time.
A formula that calls one is computed by calling it with its arguments as cells hold them: None for a blank cell, a
number, text, a logical value or a :class:`~xlscore.engine.errors.CellError`, and a range as a list of rows; an
argument left out is None. It returns one such value, or a list of rows that spills. The engine finds such a call
however Excel wrote it in the file (an add-in's prefix, ``_xldudf_``: :mod:`xlscore.engine.rewrite.calls`), and a
formula that is only such a call on references and constants is computed without loading the formula engine.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import Any, Protocol

__all__ = ["REGISTERED", "CellFunction", "on_register", "register_functions"]


class CellFunction(Protocol):
    """A host's function as a formula calls it: its arguments as cells hold them, in the formula's order."""

    def __call__(self, args: Sequence[Any], /) -> Any: ...


_NAME = re.compile(r"[A-Z][A-Z0-9_.]*")
_FUNCTIONS: dict[str, CellFunction] = {}

REGISTERED: Mapping[str, CellFunction] = MappingProxyType(_FUNCTIONS)
"""Every function registered so far, by its name in upper case (a live, read-only view)."""


_LISTENERS: list[Callable[[str, CellFunction], None]] = []


def register_functions(functions: Mapping[str, CellFunction]) -> None:
    """Add ``functions`` (name in upper case: function) to those formulas may call; a name registered again takes
    its new function."""
    for name, function in functions.items():
        if not isinstance(name, str) or _NAME.fullmatch(name) is None:
            raise ValueError(f"a function's name is upper-case letters, digits, _ and .; got {name!r}")
        if not callable(function):
            raise TypeError(f"the function registered as {name} is not callable: {function!r}")
    _FUNCTIONS.update(functions)
    for listener in _LISTENERS:
        for name, function in functions.items():
            listener(name, function)


def on_register(listener: Callable[[str, CellFunction], None]) -> None:
    """Call ``listener`` with each function registered so far and each one registered later: how the formula
    engine's table, built once when it is first loaded, keeps up with :func:`register_functions`."""
    _LISTENERS.append(listener)
    for name, function in _FUNCTIONS.items():
        listener(name, function)
