"""openpyxl's formula tokenizer, loaded without the rest of openpyxl.

Every formula xlscore recalculates is taken apart by openpyxl's tokenizer (``openpyxl.formula.tokenizer``, one
module that imports only ``re``). Importing it the usual way runs ``openpyxl/__init__.py`` first, which imports
openpyxl's whole workbook model: about 0.13 s of a recalculation's 0.35 s start. This module loads the tokenizer's
file alone, under its own name, so that a later ``import openpyxl`` (a template, a test) finds it there and uses
the same classes: there is one ``Token`` and one ``TokenizerError`` whichever way they were imported.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from typing import TYPE_CHECKING

__all__ = ["Token", "Tokenizer", "TokenizerError"]

_NAME = "openpyxl.formula.tokenizer"

if TYPE_CHECKING:
    from openpyxl.formula.tokenizer import Token, Tokenizer, TokenizerError
else:

    def _tokenizer() -> object:
        loaded = sys.modules.get(_NAME)
        if loaded is not None:
            return loaded
        package = importlib.util.find_spec("openpyxl")  # finds the package without importing it
        spec = None
        if package is not None and package.origin is not None:
            spec = importlib.util.spec_from_file_location(
                _NAME, Path(package.origin).parent / "formula" / "tokenizer.py"
            )
        if spec is None or spec.loader is None:  # an openpyxl laid out otherwise: imported the usual way
            return importlib.import_module(_NAME)
        module = importlib.util.module_from_spec(spec)
        sys.modules[_NAME] = module
        try:
            spec.loader.exec_module(module)
        except BaseException:
            del sys.modules[_NAME]
            raise
        return module

    _module = _tokenizer()
    Token = _module.Token
    Tokenizer = _module.Tokenizer
    TokenizerError = _module.TokenizerError
