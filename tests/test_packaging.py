"""What `pip install xlscore` brings: the rules and the spreadsheet functions alone; the rest are extras."""

from __future__ import annotations

import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

# Imports xlwings first (in Lite it is there already, with whatever it loads), then xlscore's spreadsheet module,
# computes a function of every system (none that replays a Gibbs history, which needs numpy), and prints the
# packages outside the standard library that xlscore added.
_SCRIPT = """
import sys
import xlwings
before = set(sys.modules)
import xlscore
import xlscore.excel.functions.udfs as udfs
udfs.RPLOPS([[2]], [[5]])
udfs.RPLOPS_STANDINGS([["game", "player", "score"], ["G1", "Ann", 3], ["G1", "Bo", 2]])
udfs.PB_BOARD([[252000, 248000]])
udfs.SIZE_MATTERS_BOARD([[12, 8, 7, 7, 0, 0, 0]])
udfs.GIBBS_GAME([[1500, 1500]], [[0, 0]], [[1, 2]])
udfs.LEAGUE_STANDINGS([["game", "player", "score"], ["G1", "Ann", 3], ["G1", "Bo", 2]])
added = {m.split(".")[0] for m in set(sys.modules) - before}
print(sorted(m for m in added - set(sys.stdlib_module_names) if m != "xlscore" and not m.startswith("_")))
"""


def test_the_package_itself_depends_on_nothing_and_the_rest_are_extras() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert project["dependencies"] == []
    extras = project["optional-dependencies"]
    assert {"cli", "workbook", "ladder", "excel", "all", "test"} <= set(extras)
    assert "xlscore[all]" in extras["test"]


def test_the_spreadsheet_functions_import_nothing_outside_the_standard_library() -> None:
    done = subprocess.run(
        [sys.executable, "-c", _SCRIPT], capture_output=True, text=True, cwd=ROOT, timeout=120, check=True
    )
    assert done.stdout.strip() == "[]"


def test_the_command_without_its_extra_says_which_to_install() -> None:
    # click made unimportable, as on a machine where only `pip install xlscore` ran.
    script = "import sys; sys.modules['click'] = None; from xlscore.__main__ import main; sys.exit(main())"
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert done.returncode == 1
    assert done.stderr == (
        "xlscore: the command line needs click, which is not installed: from a copy of xlscore's repository, "
        "pip install '.[cli]' (xlscore is not on the package index yet)\n"
    )


def test_only_the_gibbs_history_functions_need_numpy() -> None:
    """Every catalogue example computes in a Python without numpy (xlwings Lite without it, LibreOffice's own)
    except GIBBS_RP_BY_GAME, which says so (GIBBS_RATINGS rates a small history in plain Python)."""
    script = """
import sys
class NoNumpy:
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] == "numpy":
            raise ImportError("no numpy here", name="numpy")
sys.meta_path.insert(0, NoNumpy())
from xlscore.excel.functions.catalogue import CATALOGUE, Cells
from xlscore.excel.functions.edge import call_cells
need = set()
for name, function in CATALOGUE.items():
    for example in function.examples:
        args = [[list(r) for r in a.rows] if isinstance(a, Cells) else a for a in example.args]
        try:
            call_cells(function, args)
        except ImportError:
            need.add(name)
print(",".join(sorted(need)))
"""
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "GIBBS_RP_BY_GAME"


def test_the_standings_of_a_workbook_load_no_openpyxl_nor_another_systems_core() -> None:
    # Reading a filled template needs xlscore's own reader and its one system: openpyxl only builds templates.
    script = (
        "import sys; from xlscore.cli import main\n"
        "try: main(['standings', 'workbooks/rplops-event.xlsx'])\n"
        "except SystemExit as exit: assert not exit.code, exit.code\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] == 'openpyxl' or m.startswith('xlscore.core.')))"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT, timeout=120, check=True
    )
    loaded = done.stdout.splitlines()[-1]
    assert "Ann" in done.stdout  # the standings were printed (the sample's players)
    assert "openpyxl" not in loaded
    assert "xlscore.core.systems.rplops_event" in loaded
    for other in ("size_matters", "diplomacy", "gibbs", "league", "puffing_billy"):
        assert f"xlscore.core.{other}" not in loaded


def test_the_test_tools_have_tested_ranges_and_ci_installs_them_fresh() -> None:
    """A test tool's next major release may change what a test means (pytest 9.2 refused nested approx that 9.0
    took): each has an upper bound, and .ci/run installs into a virtual environment of its own, as a new user does."""
    import re

    test_extra = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]["test"]
    tools = {re.split(r"[<>=\[]", requirement)[0]: requirement for requirement in test_extra}
    for tool in ("pytest", "hypothesis", "ruff", "mypy", "import-linter"):
        assert re.search(r">=[\d.]+,<[\d.]+$", tools[tool]), f"{tool} needs a tested range, found {tools[tool]!r}"
    ci = (ROOT / ".ci" / "run").read_text()
    assert ci.index("python3 -m venv .venv") < ci.index(". .venv/bin/activate") < ci.index("pip install")
    assert 'echo "deb $mirror bookworm-backports main"' in ci  # the mirror the machine's own apt sources name


def test_formulas_has_a_tested_range() -> None:
    """xlscore points private names of `formulas` at its own tables while it computes
    (xlscore/engine/evaluation/formulas_patches.py): a release outside the versions tested may have renamed them."""
    workbook = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]["workbook"]
    (formulas,) = (r for r in workbook if r.startswith("formulas"))
    assert formulas == "formulas>=1.3.4,<1.4"


def test_the_layers_walls_hold() -> None:
    """The contracts of [tool.importlinter] in pyproject.toml: the core imports nothing of xlscore outside it, the
    recalculation engine nothing of xlscore outside it, the spreadsheet edge nothing of the command line."""
    import shutil

    linter = shutil.which("lint-imports", path=str(Path(sys.executable).parent)) or shutil.which("lint-imports")
    if linter is None:
        pytest.skip("import-linter is not installed (pip install -e '.[test]' installs it)")
    done = subprocess.run(
        [linter, "--no-cache"], capture_output=True, text=True, cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)}
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Contracts: 3 kept, 0 broken." in done.stdout
    for wall in (
        "xlscore.core imports nothing of xlscore outside xlscore.core KEPT",
        "xlscore.engine imports nothing of xlscore outside xlscore.engine KEPT",
    ):
        assert wall in done.stdout
    assert "lint-imports --no-cache" in (ROOT / ".ci" / "run").read_text()
