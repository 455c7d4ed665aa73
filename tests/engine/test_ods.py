"""A LibreOffice .ods read as an .xlsx is (issue 35): its formulas in Excel's syntax, and every template saved by
LibreOffice as .ods scored, exported and checked as its .xlsx is."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest

from xlscore.cli import main
from xlscore.engine.files.ods import excel_formula
from xlscore.excel.libreoffice.soffice import find_soffice

ROOT = Path(__file__).resolve().parents[2]
TEMPLATES = sorted((ROOT / "workbooks").glob("*.xlsx"))


@pytest.mark.parametrize(
    ("saved", "excel"),
    [
        ("of:=SUM([.A1:.B2])", "=SUM(A1:B2)"),
        ('of:=IF([$Settings.B1]="";"";[$Settings.B1])', '=IF(Settings!B1="","",Settings!B1)'),
        ("of:=ORG.XLSCORE.CALC.FUNCTIONS.RPLOPS([.B2];[.C2])", "=RPLOPS(B2,C2)"),
        ("of:=COUNTA([$'Next season'.$A$2:.$A$201])", "=COUNTA('Next season'!$A$2:$A$201)"),
        ('of:=IF([.A1]="a;[b]";1;2)', '=IF(A1="a;[b]",1,2)'),  # a text keeps its ; and brackets
        ("of:=INDEX([$Standings.$A:.$G];1;7)", "=INDEX(Standings!$A:$G,1,7)"),
    ],
)
def test_a_formula_saved_in_an_ods_reads_in_excels_syntax(saved: str, excel: str) -> None:
    assert excel_formula(saved, "Sheet1") == excel


@pytest.fixture(scope="module")
def saved_as_ods(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Every template opened in LibreOffice with xlscore's extension, computed and saved as .ods."""
    from xlscore.excel.libreoffice.profile import office

    folder = tmp_path_factory.mktemp("ods")
    with office() as calc:
        calc.convert(TEMPLATES, folder, "ods")
    return folder


@pytest.mark.slow
@pytest.mark.skipif(find_soffice() is None, reason="LibreOffice (soffice) is not installed")
@pytest.mark.parametrize("template", TEMPLATES, ids=lambda p: p.stem)
def test_a_template_saved_as_ods_scores_exports_and_checks_as_its_xlsx(
    template: Path, saved_as_ods: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    ods = saved_as_ods / f"{template.stem}.ods"
    assert main(["standings", str(template), "--format", "csv"]) == 0
    expected = capsys.readouterr().out
    assert main(["standings", str(ods), "--format", "csv"]) == 0
    assert capsys.readouterr().out == expected
    assert main(["export", str(ods), "--name", "Standings", "--format", "csv", "--no-recalc"]) == 0
    header = next(csv.reader(io.StringIO(capsys.readouterr().out)))
    assert header[:2] in (["Place", "Player"], ["Division", "League"])
    assert main(["recalc", str(ods), "--check"]) == 0, capsys.readouterr()
    capsys.readouterr()
    assert main(["recalc", str(ods), "-o", str(saved_as_ods / "copy.xlsx")]) == 1
    assert "writes computed values only into an .xlsx" in capsys.readouterr().err
