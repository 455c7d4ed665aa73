"""The engine's table of Excel functions without scipy (issue 34): name by name formulas' own table, from its very
code, and scipy imported only when a statistical function runs; plain `formulas` keeps its own modules (issue 33)."""

from __future__ import annotations

import functools
import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

from formulas import functions

from xlscore.engine.evaluation import formulas_functions
from xlscore.engine.evaluation.formulas_functions import COPIES, Deferred

ROOT = Path(__file__).resolve().parents[2]


def _shape(value: Any, depth: int = 0) -> object:
    """What a table entry computes, its module's name left out: its code, the functions it wraps, its arguments."""
    if depth > 8:
        return "..."
    if isinstance(value, functools.partial):
        keywords = {k: _shape(v, depth + 1) for k, v in value.keywords.items()}
        return ("partial", _shape(value.func, depth + 1), [_shape(a, depth + 1) for a in value.args], keywords)
    if isinstance(value, dict):
        return {k: _shape(v, depth + 1) for k, v in value.items()}
    code = getattr(value, "__code__", None)
    if code is not None:
        closure = [_shape(cell.cell_contents, depth + 1) for cell in value.__closure__ or ()]
        return (value.__qualname__, code.co_code, closure, _shape(getattr(value, "__wrapped__", None), depth + 1))
    if callable(value) and not isinstance(value, type):
        return type(value).__qualname__
    return repr(value) if isinstance(value, str | int | float | bool | type(None)) else type(value).__qualname__


def test_the_table_is_formulas_own_name_by_name() -> None:
    plain = functions.get_functions()
    ours = formulas_functions.get_functions()
    assert sorted(ours) == sorted(plain)
    copied = [name for name in plain if ours[name] is not plain[name]]
    assert {"COUNT", "NORM.S.DIST", "NORMSDIST"} <= set(copied)  # from stat and from comp
    assert not {"IF", "INDEX"} & set(copied)  # every other module's entries are formulas' own objects
    for name in copied:
        assert _shape(ours[name]) == _shape(plain[name]), name
    assert ours["NO SUCH FUNCTION"] is functions.not_implemented


def test_a_deferred_name_is_imported_where_it_is_used() -> None:
    assert Deferred("json", "dumps")([1]) == "[1]"
    assert Deferred("xml", "dom").Node.ELEMENT_NODE == 1  # a submodule its package does not load by itself


SCRIPT = textwrap.dedent(
    """
    import json, sys
    from pathlib import Path
    import openpyxl
    from xlscore.engine.evaluation.recalc import recalculate

    def computed(formulas, name):
        book = openpyxl.Workbook()
        for row, formula in enumerate(formulas, start=1):
            book.active.cell(row, 1, formula)
        path = Path(sys.argv[1]) / name
        book.save(path)
        recalculate(str(path), str(path.with_suffix(".out.xlsx")))
        sheet = openpyxl.load_workbook(path.with_suffix(".out.xlsx"), data_only=True).active
        return [sheet.cell(row, 1).value for row in range(1, len(formulas) + 1)]

    plain = computed(["=COUNT(1,2,3)", "=AVERAGE(2,4)", "=MODE(1,2,2)", '=IF(2>1,"a"&1,"b")'], "plain.xlsx")
    scipy_after_plain = "scipy" in sys.modules
    statistical = computed(
        ["=NORM.S.DIST(1,TRUE)", "=NORMSDIST(1)", "=MEDIAN(1,2,3,10)", "=T.DIST(1,10,TRUE)"], "statistical.xlsx"
    )
    scipy_after_statistical = "scipy.stats" in sys.modules
    import formulas.functions.stat as formulas_stat
    import scipy.stats
    json.dump({
        "plain": plain,
        "scipy_after_plain": scipy_after_plain,
        "statistical": statistical,
        "scipy_after_statistical": scipy_after_statistical,
        "formulas_own_stats": formulas_stat.stats is scipy.stats,
        "copy": sys.modules[sys.argv[2] + ".stat"].stats.__class__.__name__,
    }, sys.stdout)
    """
)


def test_scipy_is_imported_only_when_a_statistical_function_runs(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT, str(tmp_path), COPIES],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        timeout=300,
    )
    found = json.loads(done.stdout)
    assert found["plain"] == [3, 3, 2, "a1"]
    assert found["scipy_after_plain"] is False
    normal_1 = 0.8413447460685429  # the standard normal distribution at 1 (Excel's NORM.S.DIST(1,TRUE))
    assert abs(found["statistical"][0] - normal_1) < 1e-12
    assert abs(found["statistical"][1] - normal_1) < 1e-12
    assert found["statistical"][2] == (2 + 3) / 2
    assert abs(found["statistical"][3] - 0.82955343384897) < 1e-12  # Student's t, 10 degrees of freedom, at 1
    assert found["scipy_after_statistical"] is True
    assert found["formulas_own_stats"] is True  # plain formulas' stat module, imported after, is its own
    assert found["copy"] == "Deferred"
