"""xlscore.read_template: a filled template's inputs and standings as DataFrames (issue 35)."""

from __future__ import annotations

from pathlib import Path

import pytest

import xlscore

WORKBOOKS = Path(__file__).resolve().parents[3] / "workbooks"


def test_a_filled_template_reads_as_its_inputs_and_standings() -> None:
    event = xlscore.read_template(WORKBOOKS / "rplops-event.xlsx")
    assert event.system == "rplops"
    assert set(event.inputs) == {"Results", "Players", "Avoid"}
    results = event.inputs["Results"]
    assert list(results.columns[:3]) == ["Game", "Player", "Score"]
    # The standings are the core's, from those inputs: the same as rplops_standings of the Results table.
    table = [list(results.columns), *results.astype(object).where(results.notna(), None).values.tolist()]
    expected = xlscore.rplops_standings(table, decided_by="yes").to_frame()
    assert list(event.standings.columns) == list(expected.columns)
    assert event.standings["Player"].tolist() == expected["Player"].tolist()
    assert event.standings["Points"].tolist() == pytest.approx(expected["Points"].tolist())


@pytest.mark.parametrize("book", sorted(WORKBOOKS.glob("*.xlsx")), ids=lambda p: p.stem)
def test_every_template_reads_with_a_standings_header_and_its_tables(book: Path) -> None:
    filled = xlscore.read_template(book)
    assert len(filled.standings) > 0
    assert all(str(c).strip() for c in filled.standings.columns)
    assert filled.inputs
    for name, frame in filled.inputs.items():
        assert len(frame.columns) > 0, name


def test_an_empty_template_has_its_standings_header_alone(tmp_path: Path) -> None:
    xlscore.excel.templates.new_workbook("league", tmp_path / "season.xlsx", sample=False)
    season = xlscore.read_template(tmp_path / "season.xlsx")
    assert season.standings.empty
    assert list(season.standings.columns)[:4] == ["Division", "League", "Place", "Player"]
