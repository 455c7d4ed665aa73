"""The formula tokenizer is openpyxl's, loaded without the rest of openpyxl, and one class whichever way it comes."""

from __future__ import annotations

import subprocess
import sys

PROBE = """
import sys
from xlscore.engine.rewrite.tokens import Token, Tokenizer, TokenizerError
print("openpyxl" in sys.modules)
tokens = Tokenizer("=SUM(A1:B2)*2").items
print([t.value for t in tokens])
import openpyxl
from openpyxl.formula.tokenizer import Token as TheirToken, TokenizerError as TheirError
print(TheirToken is Token, TheirError is TokenizerError)
try:
    Tokenizer('="abc')
except TheirError as exc:
    print("refused")
"""


def test_the_tokenizer_comes_without_openpyxl_and_is_openpyxls_own() -> None:
    done = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True, check=True)
    assert done.stdout.splitlines() == ["False", "['SUM(', 'A1:B2', ')', '*', '2']", "True True", "refused"]


def test_a_recalculation_imports_no_openpyxl() -> None:
    probe = "import sys; from xlscore.engine.evaluation import recalc; print('openpyxl' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "False"
