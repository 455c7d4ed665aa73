"""addin/ holds exactly what `xlscore addin` writes; the Lite main.py brings in every function."""

from __future__ import annotations

from pathlib import Path

from xlscore import __version__
from xlscore.cli import main
from xlscore.excel.functions.addin import addin_files
from xlscore.excel.functions.catalogue import CATALOGUE

ROOT = Path(__file__).resolve().parents[3]


def test_committed_addin_files_are_current() -> None:
    for name, text in addin_files(__version__).items():
        assert (ROOT / "addin" / name).read_text(encoding="utf-8") == text, "run: xlscore addin --write addin"


def test_lite_main_exposes_every_function() -> None:
    namespace: dict[str, object] = {}
    exec(compile(addin_files(__version__)["lite/main.py"], "main.py", "exec"), namespace)
    assert set(CATALOGUE) <= set(namespace)


def test_addin_command_writes_the_files(tmp_path: Path) -> None:
    assert main(["addin", "--write", str(tmp_path)]) == 0
    assert (tmp_path / "classic" / "xlwings.conf").read_text() == '"UDF MODULES","xlscore.excel.functions.udfs"\n'
    assert (tmp_path / "lite" / "requirements.txt").read_text().count(f"xlscore=={__version__}") == 1
