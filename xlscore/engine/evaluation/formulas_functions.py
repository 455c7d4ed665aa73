"""The `formulas` engine's table of Excel functions, without importing scipy until a function needs it.

``formulas.functions.get_functions()`` imports every submodule of ``formulas.functions``; two of them, ``stat``
(COUNT, AVERAGE, MAX, RANK, NORM.DIST...) and ``comp`` (Excel's older names of ``stat``'s functions), import scipy at
their top: about 0.9 s of CPU and 80 MiB, although scipy runs only inside a few statistical functions' bodies. xlscore
runs its own copies of those two modules, made from formulas' very files, in which every name taken from scipy is a
stand-in that imports scipy where it is first used (``stats.norm.ppf(...)`` inside NORM.S.INV). A workbook of plain
helper formulas (IF, INDEX, COUNT, MATCH...) then never imports scipy.

Nothing of `formulas` is changed: its own ``stat`` and ``comp`` modules are neither replaced nor imported here, so
any other code in the process that uses `formulas` gets them as they are (``import formulas.functions.stat`` imports
scipy as before). The copies are modules of xlscore's (:data:`COPIES`), the same code run a second time;
:func:`get_functions` builds the table as formulas' own ``get_functions`` does, submodule by submodule in formulas'
order, with the copies in the two places. tests/engine/test_formulas_functions.py checks, name by name, that every
entry is formulas' own object or the same code from the copy, and that scipy stays unloaded.
"""

from __future__ import annotations

import builtins
import collections
import functools
import importlib
import importlib.util
import sys
from collections.abc import Mapping, Sequence
from types import ModuleType
from typing import Any

__all__ = ["COPIES", "get_functions"]

PACKAGE = "formulas.functions"
COPIED = ("stat", "comp")  # formulas.functions' submodules that import scipy at their top, in the order they load
COPIES = f"{__name__}._copy"  # the copies are sys.modules[f"{COPIES}.stat"] and sys.modules[f"{COPIES}.comp"]
DEFERRED = ("scipy",)  # packages the copies import only when a name taken from them is used


class Deferred:
    """A name a copy took from scipy (``stats``, ``linalg``, ``interp1d``): imported where it is first used."""

    __slots__ = ("_found", "_module", "_name")

    def __init__(self, module: str, name: str) -> None:
        self._module, self._name = module, name
        self._found: Any = None

    def _target(self) -> Any:
        if self._found is None:
            module = importlib.import_module(self._module)
            try:
                self._found = getattr(module, self._name)
            except AttributeError:  # a submodule that its package does not load by itself
                self._found = importlib.import_module(f"{self._module}.{self._name}")
        return self._found

    def __getattr__(self, name: str) -> Any:
        return getattr(self._target(), name)

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        return self._target()(*args, **kwargs)

    def __repr__(self) -> str:
        return f"<deferred {self._module}.{self._name}>"


class _Names(ModuleType):
    """What ``from PACKAGE import a, b`` reads in a copy: each name deferred."""

    def __init__(self, module: str, names: Sequence[str]) -> None:
        super().__init__(module)
        for name in names:
            setattr(self, name, Deferred(module, name))


def _deferred(name: str) -> bool:
    return any(name == package or name.startswith(f"{package}.") for package in DEFERRED)


def _importer(copies: Mapping[str, ModuleType]) -> Any:
    """The ``__import__`` of the copies: scipy deferred, ``from .stat import ...`` the copy, the rest as ever."""

    def importer(
        name: str,
        globals: Mapping[str, object] | None = None,
        locals: Mapping[str, object] | None = None,
        fromlist: Sequence[str] = (),
        level: int = 0,
    ) -> Any:
        if level == 0 and fromlist and _deferred(name):
            return _Names(name, fromlist)
        if level == 1 and name in copies:
            return copies[name]
        return builtins.__import__(name, globals, locals, fromlist, level)

    return importer


def _copy(short: str, copies: dict[str, ModuleType]) -> ModuleType:
    """``formulas.functions.<short>`` run again as a module of xlscore's, its scipy names deferred."""
    spec = importlib.util.find_spec(f"{PACKAGE}.{short}")
    if spec is None or spec.loader is None or not hasattr(spec.loader, "get_code"):
        raise ImportError(f"formulas.functions.{short} was not found as a Python file")
    code = spec.loader.get_code(spec.name)
    module = ModuleType(f"{COPIES}.{short}")
    module.__package__ = PACKAGE  # its relative imports (from . import ...) are formulas' own modules
    module.__file__ = spec.origin
    module.__dict__["__builtins__"] = {**builtins.__dict__, "__import__": _importer(copies)}
    sys.modules[module.__name__] = module  # its functions and classes can be found by name (pickle, inspect)
    try:
        exec(code, module.__dict__)  # formulas' own file, as its import would run it
    except BaseException:
        del sys.modules[module.__name__]
        raise
    copies[short] = module
    return module


@functools.cache
def _submodules() -> tuple[ModuleType, ...]:
    """formulas' function modules in the order its ``get_functions`` reads them, with the copies in their places."""
    from formulas.functions import SUBMODULES

    copies: dict[str, ModuleType] = {}
    modules = []
    for name in SUBMODULES:
        short = name.lstrip(".")
        if short in COPIED:
            modules.append(copies.get(short) or _copy(short, copies))
        else:
            modules.append(importlib.import_module(name, PACKAGE))
    return tuple(modules)


def get_functions() -> collections.defaultdict[str, Any]:
    """What ``formulas.functions.get_functions()`` gives (a new table at each call, "not implemented" for a name it
    lacks), with ``stat``'s and ``comp``'s functions from the copies."""
    from formulas import functions

    table: collections.defaultdict[str, Any] = collections.defaultdict(lambda: functions.not_implemented)
    for module in _submodules():
        table.update(module.FUNCTIONS)
    table.update(functions.FUNCTIONS)
    return table
