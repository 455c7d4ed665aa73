"""xlscore's changes to the `formulas` package, in force only while xlscore compiles and computes formulas.

`formulas` reads its tables through private module globals: a function's name through
``formulas.functions.get_functions()`` and an operator through ``formulas.functions.operators.OPERATORS`` when a
formula is compiled, and a value made text through ``_str`` of ``formulas.functions.text`` and of
``formulas.functions.operators`` when the compiled formula runs (``&``, CONCATENATE, SUBSTITUTE, TEXTSPLIT...).
xlscore computes with tables of its own (:mod:`xlscore.engine.evaluation.formulas_adapter` builds them from copies of
formulas' tables, never changing formulas' own) and points those four names at them inside :func:`applied` only, then
points them back at formulas' very objects. Any other code in the process that uses `formulas` computes as plain
`formulas` does, before, after and between xlscore's recalculations (``="x"&(0.1+0.2)`` is ``x0.30000000000000004``
there and ``x0.3`` in xlscore: tests/engine/test_formulas_patches.py).

:func:`applied` is entered around a whole recalculation (:func:`xlscore.engine.evaluation.engine.evaluate`) and around
each compilation (:func:`~xlscore.engine.evaluation.formulas_adapter.compile_formula`); it nests, and threads
computing with
xlscore at once share it (the last one out restores). Not done: another thread computing with plain `formulas` while
xlscore recalculates in the same process sees xlscore's tables for that while; `formulas` has no per-call way to pass
its tables.

The names patched are private to `formulas`: pyproject.toml bounds `formulas` to the versions tested.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator, MutableMapping
from contextlib import contextmanager
from dataclasses import dataclass
from types import ModuleType
from typing import Any

__all__ = ["Tables", "applied", "register"]


@dataclass(frozen=True)
class Tables:
    """xlscore's tables for the engine: its functions by name, its operators by symbol, its value-to-text."""

    functions: MutableMapping[str, Any]
    operators: MutableMapping[str, Any]
    as_text: Callable[[Any], str]


class _State:
    """The tables registered, how many blocks of :func:`applied` are open, formulas' own objects while they are."""

    tables: Tables | None = None
    depth = 0
    saved: list[tuple[ModuleType, str, object]] | None = None


_LOCK = threading.RLock()
_STATE = _State()


def _places() -> list[tuple[ModuleType, str]]:
    """The module globals of `formulas` that xlscore points at its own tables, as (module, name)."""
    from formulas import functions
    from formulas.functions import operators, text

    return [(functions, "get_functions"), (operators, "OPERATORS"), (text, "_str"), (operators, "_str")]


def _install(tables: Tables) -> None:
    places = _places()
    _STATE.saved = [(module, name, getattr(module, name)) for module, name in places]
    ours: dict[str, Any] = {
        "get_functions": lambda: tables.functions,
        "OPERATORS": tables.operators,
        "_str": tables.as_text,
    }
    for module, name in places:
        setattr(module, name, ours[name])


def _restore() -> None:
    for module, name, original in _STATE.saved or []:
        setattr(module, name, original)
    _STATE.saved = None


def register(tables: Tables) -> None:
    """Make ``tables`` the ones :func:`applied` puts in force (once, when the engine's tables are built); in force
    at once if xlscore is computing now (the engine is loaded at the first formula that needs it)."""
    with _LOCK:
        if _STATE.saved is not None:
            _restore()
        _STATE.tables = tables
        if _STATE.depth:
            _install(tables)


@contextmanager
def applied() -> Iterator[None]:
    """xlscore's tables in force inside the block; formulas' own, the same objects, after it."""
    with _LOCK:
        _STATE.depth += 1
        if _STATE.saved is None and _STATE.tables is not None:
            _install(_STATE.tables)
    try:
        yield
    finally:
        with _LOCK:
            _STATE.depth -= 1
            if not _STATE.depth and _STATE.saved is not None:
                _restore()
