"""xlscore's changes to `formulas` are xlscore's alone: plain `formulas` computes the same before and after xlscore
has recalculated a workbook in the same process, and its module globals are the very same objects (issue 33)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from formulas import functions
from formulas.functions import operators, text
from hypothesis import given
from hypothesis import strategies as st

from tests.engine.formulas_alone import FORMULAS
from xlscore.engine.evaluation import formulas_adapter as formula_engine
from xlscore.engine.evaluation import formulas_patches

ROOT = Path(__file__).resolve().parents[2]


def _places() -> list[Any]:
    return [functions.get_functions, operators.OPERATORS, text._str, operators._str]


@pytest.fixture(scope="module")
def computed(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """What tests/engine/formulas_alone.py prints, run in a process of its own."""
    folder = tmp_path_factory.mktemp("alone")
    done = subprocess.run(
        [sys.executable, str(ROOT / "tests" / "engine" / "formulas_alone.py"), str(folder)],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        timeout=300,
    )
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def test_plain_formulas_computes_the_same_after_xlscore_recalculated(computed: dict[str, Any]) -> None:
    assert computed["after"] == computed["before"]
    assert computed["model_after"] == computed["model_before"]
    assert len(computed["before"]) == len(FORMULAS)


def test_formulas_module_globals_are_the_same_objects_after(computed: dict[str, Any]) -> None:
    assert computed["globals_changed"] == []
    assert computed["globals_gone"] == []


def test_xlscore_computes_as_excel_where_plain_formulas_does_not(computed: dict[str, Any]) -> None:
    """The test sees a leak: on these formulas plain `formulas` and xlscore differ (Excel writes a number in text
    with 15 significant digits)."""
    plain = dict(zip(FORMULAS, computed["before"], strict=True))
    ours = dict(zip(FORMULAS, computed["xlscore"], strict=False))
    assert plain['="x"&(0.1+0.2)'] == repr("x" + repr(0.1 + 0.2))
    assert ours['="x"&(0.1+0.2)'] == repr("x" + f"{0.1 + 0.2:.15g}")
    assert plain['=CONCATENATE("a",1/3)'] == repr("a" + repr(1 / 3))
    assert ours['=CONCATENATE("a",1/3)'] == repr("a" + f"{1 / 3:.15g}")
    assert ours['=SUBSTITUTE(0.1+0.2,"0","o")'] == repr(f"{0.1 + 0.2:.15g}".replace("0", "o"))
    assert ours['=VALUE("1,000")'] == repr(1000)
    assert plain['=COUNTIF({"A","B"},">a")'] == repr(0)  # formulas compares texts by case: "B" < "a"
    assert ours['=COUNTIF({"A","B"},">a")'] == repr(1)  # Excel's: without regard to case, "B" > "a"
    assert computed["before"][-1].startswith("raised")  # {1,2,3}+{1,2}: plain formulas does not broadcast


def test_the_patches_are_in_force_only_inside() -> None:
    originals = _places()
    with formulas_patches.applied():
        inside = _places()
        assert functions.get_functions() is formula_engine._FUNCTIONS
    assert all(a is not b for a, b in zip(inside, originals, strict=True))
    assert all(a is b for a, b in zip(_places(), originals, strict=True))


@given(depth=st.integers(1, 6), raised_at=st.integers(1, 7))
def test_nested_blocks_restore_formulas_own_objects_whatever_raises(depth: int, raised_at: int) -> None:
    originals = _places()

    def nest(level: int) -> None:
        with formulas_patches.applied():
            assert text._str is not originals[2]
            if level == raised_at:
                raise RuntimeError(level)
            if level < depth:
                nest(level + 1)

    if raised_at <= depth:
        with pytest.raises(RuntimeError, match=f"^{raised_at}$"):
            nest(1)
    else:
        nest(1)
    assert all(a is b for a, b in zip(_places(), originals, strict=True))


def test_blocks_that_close_out_of_order_keep_the_patches_until_the_last() -> None:
    """As two threads recalculating at once do: the first to finish leaves the other's tables in force."""
    originals = _places()
    first, second = formulas_patches.applied(), formulas_patches.applied()
    first.__enter__()
    second.__enter__()
    first.__exit__(None, None, None)
    assert text._str is not originals[2]
    second.__exit__(None, None, None)
    assert all(a is b for a, b in zip(_places(), originals, strict=True))
