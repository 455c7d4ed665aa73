"""xlscore's spreadsheet functions in Pyodide, the Python xlwings Lite runs in Excel: installed alone, they work.

Pyodide runs under Node (the npm registry's ``pyodide`` package). The wheel built from this checkout is installed
with micropip from local files, next to xlwings' pure-Python wheel and nothing else: no network is reachable from
inside (``pyodide/run.mjs`` refuses every fetch), so a package xlscore needed and did not declare would be missing.
Every catalogue example is computed there and must give what it gives here, where the examples are checked against
the sources' published figures (test_catalogue.py); the functions that need numpy are exactly the ones addin/README.md
names. The test skips, saying why, where node, npm, the pyodide package or the wheels cannot be had.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from importlib.metadata import version
from pathlib import Path
from typing import Any

import pytest

from tests.excel.functions.test_catalogue import _as_cells
from xlscore.excel.functions.catalogue import CATALOGUE
from xlscore.excel.functions.cells import CellError
from xlscore.excel.functions.edge import call_cells

ROOT = Path(__file__).resolve().parents[3]
HERE = Path(__file__).parent / "pyodide"
PYODIDE = "0.28.3"  # Python 3.13, as xlwings Lite runs in 2026
MICROPIP = "0.10.1"  # the micropip that Pyodide 0.28.3 ships
NEEDS_NUMPY = {"GIBBS_RP_BY_GAME"}  # GIBBS_RATINGS rates a small history in plain Python


def _run(command: list[str], what: str, timeout: float, cwd: Path | None = None) -> None:
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=timeout, cwd=cwd, check=False)
    except (OSError, subprocess.TimeoutExpired) as exc:
        pytest.skip(f"{what} failed: {exc}")
    if done.returncode != 0:
        lines = (done.stderr or done.stdout).strip().splitlines()
        pytest.skip(f"{what} failed: {next((x for x in lines if 'error' in x.lower()), lines[-1:])}")


@pytest.fixture(scope="module")
def lite(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    node, npm = shutil.which("node"), shutil.which("npm")
    if node is None or npm is None:
        pytest.skip("Pyodide runs under Node: node and npm are not installed")
    # pytest's cache keeps the npm package between runs; without it (-p no:cacheprovider), a fresh folder.
    store = getattr(request.config, "cache", None)
    cache = Path(store.mkdir(f"pyodide-{PYODIDE}")) if store is not None else tmp_path_factory.mktemp("pyodide")
    if not (cache / "node_modules" / "pyodide" / "pyodide.asm.wasm").exists():
        _run([npm, "install", "--no-audit", "--no-fund", f"pyodide@{PYODIDE}"], "npm install pyodide", 600, cache)
    wheels = tmp_path_factory.mktemp("wheels")
    pip = [sys.executable, "-m", "pip", "--disable-pip-version-check", "-q"]
    _run([*pip, "wheel", "--no-deps", str(ROOT), "-w", str(wheels)], "building the wheel", 300)
    _run(
        [
            *pip,
            "download",
            "--no-deps",
            "--only-binary=:all:",
            "--platform",
            "any",
            "--python-version",
            "3.13",
            "-d",
            str(wheels),
            f"micropip=={MICROPIP}",
            f"xlwings=={version('xlwings')}",
        ],
        "downloading micropip's and xlwings' wheels from PyPI",
        300,
    )
    # An ES module finds "pyodide" in the node_modules beside it: the runner is copied next to them.
    shutil.copy(HERE / "run.mjs", cache / "run.mjs")
    command = [node, str(cache / "run.mjs"), str(wheels), str(HERE / "lite.py")]
    done = subprocess.run(command, capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    result["wheels"] = sorted(p.name for p in wheels.glob("*.whl"))
    return result


def _here(value: Any) -> Any:
    """A result as it crosses the JSON boundary from Pyodide."""
    if isinstance(value, CellError):
        return str(value)
    return json.loads(json.dumps(value, default=str))


@pytest.mark.slow
def test_runs_in_pyodide_with_xlwings_and_nothing_else(lite: dict[str, Any]) -> None:
    assert lite["platform"] == "emscripten"
    assert lite["python"].startswith("3.13")
    assert [w.split("-")[0] for w in lite["wheels"]] == ["micropip", "xlscore", "xlwings"]


@pytest.mark.slow
def test_every_example_gives_the_same_figures_in_pyodide(lite: dict[str, Any]) -> None:
    assert set(lite["missing"]) == NEEDS_NUMPY
    assert set(lite["missing"].values()) == {"numpy"}
    assert set(lite["examples"]) == set(CATALOGUE) - NEEDS_NUMPY
    for name, results in lite["examples"].items():
        function = CATALOGUE[name]
        expected = [_here(call_cells(function, [_as_cells(a) for a in e.args])) for e in function.examples]
        assert results == expected, name


@pytest.mark.slow
def test_the_xlwings_functions_give_the_published_figures_in_pyodide(lite: dict[str, Any]) -> None:
    calls = lite["calls"]
    assert calls["RPLOPS"] == pytest.approx((4 * 100 / 6 + 3 * 100 / 6) / 2)  # 58.33, a tie for 2nd of 5
    assert [round(v, 3) if v is not None else v for v in calls["PB_BOARD"][0]] == [3.028, 2.492, 1.24, 0.194, None]
    assert round(calls["SIZE_MATTERS"], 2) == 74.12
    assert [round(v, 2) for v in calls["GIBBS_GAME"][0]] == [1530.18, 1510.06, 1489.94, 1469.82]
    assert calls["LEAGUE_POINTS"] == 4.5
    # Lite shows #VALUE! with the message; an #N/A given comes out as #N/A.
    assert calls["RPLOPS 6 of 5"] == "XlwingsError: rank 6 is outside 1..5"
    assert calls["RPLOPS #N/A"] == "#N/A"


def test_the_add_in_guide_names_the_functions_that_need_numpy() -> None:
    guide = (ROOT / "addin" / "README.md").read_text()
    line = next(line for line in guide.splitlines() if "need numpy" in line)
    assert {name for name in CATALOGUE if f"`{name}`" in line} == NEEDS_NUMPY
