"""The xlwings layer: every catalogue function exposed, with the catalogue's names and docs, in both runtimes."""

from __future__ import annotations

import dataclasses
import importlib
import io
import os
import re
import subprocess
import sys
import textwrap
import types
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from xlwings import XlwingsError

import xlscore
from xlscore.excel.functions import udfs
from xlscore.excel.functions.addin import VBA_RESERVED, vba_clashes
from xlscore.excel.functions.catalogue import CATALOGUE
from xlscore.excel.functions.edge import call_cells


def test_every_catalogue_function_is_exposed_with_its_arguments() -> None:
    for name, entry in CATALOGUE.items():
        exposed = getattr(udfs, name)
        assert exposed.__name__ == name
        assert exposed.__doc__ == entry.help
        params = list(__import__("inspect").signature(exposed).parameters)
        assert params == [a.name for a in entry.arguments]
        # The Python function of the same name in lower case is the core function, with the same docstring.
        assert getattr(xlscore, name.lower()) is entry.core


def test_decorators_get_xlscore_categories_and_options_both_runtimes_take() -> None:
    calls: list[tuple[str, tuple[Any, ...], dict[str, Any]]] = []

    def func(f: Callable[..., Any] | None = None, **kwargs: Any) -> Any:
        calls.append(("func", (), kwargs))
        return lambda g: g

    def arg(name: str, **kwargs: Any) -> Callable[[Any], Any]:
        calls.append(("arg", (name,), kwargs))
        return lambda f: f

    entry = CATALOGUE["RPLOPS"]
    udfs.expose(entry, func, arg)
    # category and call_in_wizard: classic xlwings honours them, Lite keeps them as metadata (its func's docs);
    # help_url and namespace the other way round (classic's func ignores options it does not know).
    assert calls[-1] == (
        "func",
        (),
        {
            "category": "xlscore RPLOPS",
            "call_in_wizard": True,
            "help_url": "https://github.com/xlscore/xlscore/blob/main/docs/reference/functions.md#rplops-1",
            "namespace": "",
        },
    )
    shared = {"ndim", "err_to_str", "doc"}
    for (kind, (name,), options), argument in zip(calls[-2::-1], entry.arguments, strict=True):
        assert kind == "arg"
        assert name == argument.name
        assert set(options) == shared
        assert options["doc"] == argument.doc


@pytest.fixture
def classic_xlwings(monkeypatch: pytest.MonkeyPatch) -> Iterator[types.ModuleType]:
    """xlwings' real classic (Windows) decorators and VBA generator, with the COM modules stood in for."""
    pythoncom = types.ModuleType("pythoncom")
    pythoncom.CoInitialize = lambda: None  # type: ignore[attr-defined]
    win32com = types.ModuleType("win32com")
    client = types.ModuleType("win32com.client")
    client.Dispatch = lambda *a, **k: None  # type: ignore[attr-defined]
    for name, module in {
        "pythoncom": pythoncom,
        "pywintypes": types.ModuleType("pywintypes"),
        "win32com": win32com,
        "win32com.client": client,
    }.items():
        monkeypatch.setitem(sys.modules, name, module)
    monkeypatch.delitem(sys.modules, "xlwings.udfs", raising=False)
    yield importlib.import_module("xlwings.udfs")
    sys.modules.pop("xlwings.udfs", None)


def test_classic_metadata_and_vba_wrappers(classic_xlwings: types.ModuleType) -> None:
    module = types.ModuleType("xlscore_classic")
    for name, entry in CATALOGUE.items():
        exposed: Any = udfs.expose(entry, classic_xlwings.xlfunc, classic_xlwings.xlarg)
        setattr(module, name, exposed)
        meta = exposed.__xlfunc__
        assert meta["name"] == name
        assert [a["name"] for a in meta["args"]] == [a.name for a in entry.arguments]
        assert [a["doc"] for a in meta["args"]] == [a.doc for a in entry.arguments]
        assert ["optional" in a for a in meta["args"]] == [a.optional for a in entry.arguments]
        assert all(a["options"] == {"ndim": 2, "err_to_str": True} for a in meta["args"])
        assert meta["ret"]["doc"] == entry.help
        assert meta["category"] == f"xlscore {entry.category}"
        assert meta["call_in_wizard"] is entry.live_in_wizard
    out = io.StringIO()
    classic_xlwings.generate_vba_wrapper("xlscore_classic", module, out, types.SimpleNamespace(Name="Scores.xlsm"))
    vba = out.getvalue()
    assert "Function RPLOPS(rank, n, Optional hours, Optional x, Optional tied)" in vba
    assert "Function PB_BOARD(scores)" in vba
    # A table function stops at once when the Function Wizard calls it, instead of recomputing a whole event.
    wizard_stop = 'If (Not Application.CommandBars("Standard").Controls(1).Enabled) Then Exit Function'
    standings = vba.split("Function RPLOPS_STANDINGS(")[1].split("End Function")[0]
    assert wizard_stop in standings
    assert wizard_stop not in vba.split("Function RPLOPS(")[1].split("End Function")[0]


def test_no_argument_is_a_reserved_vba_word(classic_xlwings: types.ModuleType) -> None:
    for entry in CATALOGUE.values():
        assert vba_clashes(entry) == [], entry.name
    # The check itself: the argument LEAGUE_SEASON_GAMES had (event) is caught, in any case.
    entry = CATALOGUE["LEAGUE_SEASON_GAMES"]
    renamed = dataclasses.replace(entry, arguments=(dataclasses.replace(entry.arguments[0], name="Event"),))
    assert vba_clashes(renamed) == ["Event"]
    # And in the wrapper classic xlwings writes, every parameter of every function is a name VBA accepts.
    module = types.ModuleType("xlscore_classic")
    for name, entry in CATALOGUE.items():
        setattr(module, name, udfs.expose(entry, classic_xlwings.xlfunc, classic_xlwings.xlarg))
    out = io.StringIO()
    classic_xlwings.generate_vba_wrapper("xlscore_classic", module, out, types.SimpleNamespace(Name="Scores.xlsm"))
    signatures = re.findall(r"^Function (\w+)\((.*)\)$", out.getvalue(), flags=re.MULTILINE)
    assert sorted(name for name, _ in signatures) == sorted(CATALOGUE)
    for _, parameters in signatures:
        for parameter in parameters.split(", "):
            assert parameter.removeprefix("Optional ").lower() not in VBA_RESERVED


def test_excel_shaped_inputs_in_classic() -> None:
    assert udfs.to_host(call_cells(CATALOGUE["RPLOPS"], [[[2.0]], [[5.0]], [[None]], [[None]], [[2.0]]]), False) == (
        pytest.approx((4 * 100 / 6 + 3 * 100 / 6) / 2)
    )
    assert udfs.RPLOPS([[6.0]], [[5.0]]) == "#VALUE! rank 6 is outside 1..5"
    assert udfs.RPLOPS([["#N/A"]], [[5.0]]) == "#N/A"
    column = udfs.RPLOPS([[1.0], [2.5], ["x"]], [[4.0]])
    assert column[0][0] == pytest.approx(80)
    assert column[1][0] == pytest.approx((60 + 40) / 2)
    assert column[2][0] == "#VALUE! rank is the text 'x'; expected a number 1..4"


def test_rows_not_filled_in_yet_stay_blank() -> None:
    # Ranks and player counts of three rows; the third row is not filled in yet, the fourth only half.
    column = udfs.RPLOPS([[1.0], [2.0], [None], [3.0]], [[4.0], [4.0], [None], [None]])
    assert column[0][0] == pytest.approx(80)
    assert column[1][0] == pytest.approx(60)
    assert column[2][0] is None
    assert column[3][0] == "#VALUE! n is blank; expected a whole number at least 2"


def test_office_js_errors_carry_the_message(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XLWINGS_ON_SERVER", "true")
    with pytest.raises(XlwingsError, match=r"^rank 6 is outside 1\.\.5$"):
        udfs.RPLOPS([[6.0]], [[5.0]])
    # Inside a spilled range, a bad element is the error value itself, which Office.js shows as a real error.
    assert udfs.RPLOPS([[1.0], [6.0]], [[5.0]])[1] == ["#VALUE!"]
    # An error given is an error out, the same one: a returned "#N/A" is a real #N/A in Office.js.
    assert udfs.RPLOPS([["#N/A"]], [[5.0]]) == "#N/A"
    assert udfs.PB_BOARD([[252_000.0, "#DIV/0!"]]) == "#DIV/0!"


@pytest.mark.skipif(
    not os.environ.get("XLWINGS_LICENSE_KEY"),
    reason="xlwings' Office.js simulation needs XLWINGS_LICENSE_KEY (see docs/reference/excel-errors.md)",
)
def test_office_js_simulation() -> None:  # pragma: no cover - runs only where a licence key is set
    script = textwrap.dedent(
        """
        import asyncio, json, xlwings, xlwings.server
        import xlscore.excel.functions.udfs as udfs
        meta = xlwings.server.custom_functions_meta(udfs)
        names = sorted(f["name"] for f in meta["functions"])
        call = {"func_name": "RPLOPS", "args": [[[2]], [[5]], [[None]], [[None]], [[2]]],
                "version": xlwings.__version__, "client": "Office.js", "runtime": "1.4"}
        value = asyncio.run(xlwings.server.custom_functions_call(call, udfs))
        print(json.dumps({"names": names, "value": value}))
        """
    )
    env = {**os.environ, "XLWINGS_ON_SERVER": "true"}
    out = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True, check=True)
    import json

    result = json.loads(out.stdout.strip().splitlines()[-1])
    assert result["names"] == sorted(CATALOGUE)
    assert result["value"][0][0] == pytest.approx((4 * 100 / 6 + 3 * 100 / 6) / 2)


def test_a_range_with_no_error_comes_back_as_computed() -> None:
    column = udfs.RPLOPS([[1.0], [None], [4.0]], [[4.0]])
    assert column == [[pytest.approx(80)], [None], [pytest.approx(20)]]
