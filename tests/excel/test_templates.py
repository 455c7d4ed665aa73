"""Every template workbook: generated deterministically, committed as generated, computed without an error cell, and
its Standings sheet (one spilled formula) equal to what the core computes from the same inputs."""

from __future__ import annotations

import math
import re
from pathlib import Path

import openpyxl
import pytest
from openpyxl.utils import get_column_letter
from openpyxl.worksheet.cell_range import CellRange
from openpyxl.worksheet.formula import ArrayFormula

from xlscore.cli import main
from xlscore.engine.evaluation.recalc import recalculate
from xlscore.engine.files.book import read_book
from xlscore.excel.functions.cells import table_to_grid
from xlscore.excel.templates import MODULES, new_workbook, reader, template

WORKBOOKS = Path(__file__).resolve().parents[2] / "workbooks"
SYSTEMS = sorted(MODULES)


@pytest.fixture(scope="module", params=SYSTEMS)
def computed(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> tuple[str, Path, Path]:
    """A template with its sample event, and its recalculated copy."""
    system: str = request.param
    folder = tmp_path_factory.mktemp(system)
    source = new_workbook(system, folder / template(system).FILE)
    out = folder / "computed.xlsx"
    result = recalculate(source, out)
    assert [str(e) for e in result.errors] == []
    return system, source, out


def test_committed_copy_is_what_the_code_generates(computed: tuple[str, Path, Path]) -> None:
    system, source, _ = computed
    committed = WORKBOOKS / template(system).FILE
    assert committed.exists(), f"run: python3 -m xlscore new all workbooks --force ({committed.name} is missing)"
    assert committed.read_bytes() == source.read_bytes(), (
        "workbooks/ is stale: python3 -m xlscore new all workbooks --force"
    )


def test_generation_is_deterministic(computed: tuple[str, Path, Path], tmp_path: Path) -> None:
    system, source, _ = computed
    again = new_workbook(system, tmp_path / "again.xlsx")
    assert again.read_bytes() == source.read_bytes()


def _close(a: object, b: object) -> bool:
    if isinstance(a, int | float) and isinstance(b, int | float) and not isinstance(a, bool):
        return math.isclose(float(a), float(b), rel_tol=1e-9, abs_tol=1e-9)
    return a == b or (a in (None, "") and b in (None, ""))


def test_standings_sheet_equals_the_core(computed: tuple[str, Path, Path]) -> None:
    system, source, out = computed
    expected = table_to_grid(list(template(system).standings(read_book(source))))
    assert len(expected) > 2, "the sample event has standings"
    sheet = openpyxl.load_workbook(out, data_only=True)["Standings"]
    shown = [[sheet.cell(r + 1, c + 1).value for c in range(len(expected[0]))] for r in range(len(expected))]
    mismatched = [
        (r, c, shown[r][c], want)
        for r, row in enumerate(expected)
        for c, want in enumerate(row)
        if not _close(shown[r][c], want)
    ]
    assert mismatched == []
    below = [sheet.cell(len(expected) + 1, c + 1).value for c in range(len(expected[0]))]
    assert all(v in (None, "") for v in below), "the spilled table ends where the core's standings end"


def test_every_template_has_a_reader_of_its_standings() -> None:
    # `xlscore standings` reads each system's workbooks through the reader beside its template, not through the
    # template's module (which loads openpyxl): every template has one, and the same standings.
    for system in MODULES:
        book = read_book(WORKBOOKS / template(system).FILE)
        assert reader(system).standings(book) == template(system).standings(book), system


def test_each_readers_settings_are_the_rows_its_template_lays_out() -> None:
    # The reader reads each setting by its name, from the row it names; the build must have labelled that row so.
    read: dict[str, tuple[str, ...]] = {system: getattr(reader(system), "SETTINGS", ()) for system in MODULES}
    assert read["rplops"] == ("x", "version")
    assert read["gibbs"][-1] == "one pool"
    for system, settings in read.items():
        labels = read_book(WORKBOOKS / template(system).FILE).sheet("Settings").values if settings else {}
        assert [labels.get((row, 1)) for row in range(1, len(settings) + 1)] == list(settings), system


def test_each_readers_results_table_is_the_one_its_template_lays_out() -> None:
    # The reader names the results table and the columns that name a board; the build must have laid them there.
    boards = {
        "rplops": ["game"],
        "gibbs": ["date", "game"],
        "league": ["game"],
        "lifetime": ["season", "division", "league"],
    }
    boards |= {"puffing-billy": ["game", "board"], "size-matters": ["round", "board"], "diplomacy": ["round", "board"]}
    for system in MODULES:
        book = read_book(WORKBOOKS / template(system).FILE)
        found = reader(system)
        (table,) = (t for t in book.tables if t.name == found.RESULTS_SHEET)
        assert table.sheet == found.RESULTS_SHEET, system
        assert [str(c).casefold() for c in table.columns[: found.BOARD_COLUMNS]] == boards[system], system


def test_empty_template_computes_without_error_cells(tmp_path: Path) -> None:
    for system in SYSTEMS:
        source = new_workbook(system, tmp_path / f"{system}.xlsx", sample=False)
        assert [str(e) for e in recalculate(source, tmp_path / f"{system}-out.xlsx").errors] == [], system


def test_standings_command_prints_the_core_table(
    computed: tuple[str, Path, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    system, source, _ = computed
    assert main(["standings", str(source), "--csv"]) == 0
    lines = capsys.readouterr().out.splitlines()
    expected = table_to_grid(list(template(system).standings(read_book(source))))
    assert lines[0].split(",") == [str(h) for h in expected[0]]
    assert len(lines) == len(expected)


def test_a_workbook_that_is_not_a_template_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "plain.xlsx"
    openpyxl.Workbook().save(path)
    assert main(["standings", str(path)]) == 1
    assert "is not an xlscore template" in capsys.readouterr().err


@pytest.mark.parametrize("system", SYSTEMS)
def test_start_here_says_which_add_in_computes_it_and_what_shows_without(system: str) -> None:
    book = openpyxl.load_workbook(WORKBOOKS / template(system).FILE)
    text = " ".join(str(c.value) for row in book["Start here"].iter_rows() for c in row if c.value)
    assert "Which add-in computes it" in text
    assert "xlwings Lite" in text
    assert "#NAME?" in text  # what Excel shows without it
    assert "xlscore recalc" in text


# Each setting's bounds, as the functions enforce them: (cell, validation type, operator, formula1, formula2).
SETTING_BOUNDS: dict[str, dict[str, tuple[str, str | None, str, str | None]]] = {
    "rplops": {"B1": ("decimal", "greaterThan", "0", None), "B2": ("whole", "between", "1", "2")},
    "gibbs": {
        "B2": ("decimal", "greaterThanOrEqual", "0", None),
        "B3": ("decimal", "greaterThanOrEqual", "0", None),
        "B4": ("whole", "between", "1", "1000000"),
        "B5": ("custom", None, "ISNUMBER(B5)", None),
    },
    "puffing-billy": {"B1": ("whole", "between", "1", "1000000")},
    "diplomacy": {"B4": ("whole", "between", "1", "1000")},
    "size-matters": {"B1": ("whole", "between", "0", "15")},
    "league": {
        "B1": ("custom", None, "ISTEXT(B1)", None),
        "B2": ("whole", "between", "1", "1000000"),
        "B3": ("whole", "between", "3", "5"),
    },
}


@pytest.mark.parametrize("system", sorted(SETTING_BOUNDS))
def test_settings_cells_are_validated_with_the_functions_bounds(system: str) -> None:
    sheet = openpyxl.load_workbook(WORKBOOKS / template(system).FILE)["Settings"]
    found = {
        str(cell): (v.type, v.operator, v.formula1, v.formula2)
        for v in sheet.data_validations.dataValidation
        for cell in v.sqref.ranges
    }
    for cell, bounds in SETTING_BOUNDS[system].items():
        assert found.get(cell) == bounds, cell
    if system == "gibbs":
        k1 = found["B1"]
        assert k1[0] == "custom"
        assert k1[2] is not None
        assert 'B1="4p"' in k1[2]
        assert "B1>0" in k1[2]


FREE_TEXT = {
    "diplomacy": {"B5"},  # tie-breaks: a list of names in one cell, which DIPLOMACY_STANDINGS checks
    "puffing-billy": {"B13"},  # tie-breaks, as above
    "rplops": {"B7"},  # tie-breaks, as above
    "league": {"B4"},  # tie-breaks, as above
    "size-matters": {"B2"},  # tie-breaks, as above
}
"""The Settings cells a coordinator types a list of names in, which no validation rule can check: the functions
check them, naming the tie-breaks they know."""


@pytest.mark.parametrize("system", [s for s in SYSTEMS if s != "lifetime"])
def test_every_settings_cell_is_validated_or_free_text_the_function_checks(system: str) -> None:
    sheet = openpyxl.load_workbook(WORKBOOKS / template(system).FILE)["Settings"]
    validated = set()
    for v in sheet.data_validations.dataValidation:
        for area in v.sqref.ranges:
            validated |= {f"{get_column_letter(c)}{r}" for r, c in CellRange(area.coord).cells}
    typed = {c.coordinate for row in sheet.iter_rows() for c in row if c.fill.fgColor.rgb == "00FFF2CC"}
    assert typed
    assert typed - validated == FREE_TEXT.get(system, set())


@pytest.mark.parametrize("system", SYSTEMS)
def test_no_computed_column_of_a_filled_template_is_empty(system: str) -> None:
    """Every column a template computes (a table spilled from A1) holds something for its sample event."""
    formulas = openpyxl.load_workbook(WORKBOOKS / template(system).FILE)
    values = openpyxl.load_workbook(WORKBOOKS / template(system).FILE, data_only=True)
    computed = [
        ws.title
        for ws in formulas.worksheets
        if isinstance(ws["A1"].value, ArrayFormula) or str(ws["A1"].value or "").startswith("=")
    ]
    assert computed
    for title in computed:
        sheet = values[title]
        for column, header in enumerate((c.value for c in sheet[1]), start=1):
            if header is None or str(formulas[title].cell(1, column).value).startswith("=PLAYERS_SHOWN("):
                continue  # a blank column, or the sentence beside the table (not a column of it)
            if (title, header) == ("By round", "Note"):
                continue  # a note only where the Players sheet drops a player or gives a bye (not every sample)
            cells = [sheet.cell(r, column).value for r in range(2, sheet.max_row + 1)]
            assert any(v not in (None, "") for v in cells), (title, header)


PRINT_AREA = re.compile(r"^'(?P<sheet>[^']+)'!\$A\$1:\$(?P<last>[A-Z]+)\$(?P<bottom>\d+)$")
"""A print area as a plain range from A1, which every program honours (a formula there LibreOffice ignores)."""


def _print_settings(path: Path) -> dict[str, tuple[re.Match[str] | None, object]]:
    """Each sheet's print area, matched against the filled-rows formula, and its page setup, read from the file."""
    book = openpyxl.load_workbook(path)
    names = read_book(path).names
    return {
        ws.title: (
            PRINT_AREA.match(names.get(f"{ws.title.upper()}!_XLNM.PRINT_AREA", "")),
            (
                ws.page_setup.fitToWidth,
                ws.page_setup.fitToHeight,
                getattr(ws.sheet_properties.pageSetUpPr, "fitToPage", None),
            ),
        )
        for ws in book.worksheets
    }


@pytest.mark.parametrize("system", SYSTEMS)
def test_standings_and_settings_print_on_pages_as_wide_as_the_table_and_only_the_filled_rows(system: str) -> None:
    """Every sheet whose table is spilled from A1 prints down to its last filled row (a plain range, sized to the
    table at each recalculation); Standings and Settings fit their page's width."""
    settings = _print_settings(WORKBOOKS / template(system).FILE)
    assert settings["Standings"][1] == (1, 0, True)
    if "Settings" in settings:  # the lifetime workbook has none
        assert settings["Settings"][1] == (1, 0, True)
    formulas = openpyxl.load_workbook(WORKBOOKS / template(system).FILE)
    values = openpyxl.load_workbook(WORKBOOKS / template(system).FILE, data_only=True)
    spilled = [ws.title for ws in formulas.worksheets if isinstance(ws["A1"].value, ArrayFormula)]
    assert "Standings" in spilled
    for title in spilled:
        area = settings[title][0]
        assert area is not None, title
        width = openpyxl.utils.column_index_from_string(area["last"])
        sheet = values[title]
        assert sheet.cell(1, width).value is not None, title  # the table's last column is inside the area
        assert sheet.cell(1, width + 1).value is None, title  # and the area ends with it
        bottom = int(area["bottom"])
        assert sheet.cell(bottom, 1).value is not None, title  # the last filled row is inside the area
        assert sheet.cell(bottom + 1, 1).value is None, title  # and the area ends with it


def test_the_print_area_follows_the_standings_as_results_are_added(tmp_path: Path) -> None:
    """The print area, sized again by a recalculation with more players, ends on the last player's row."""
    source = new_workbook("rplops", tmp_path / "event.xlsx")
    book = openpyxl.load_workbook(source)
    results = book["Results"]
    for row, (game, player, score) in enumerate(
        [("Game 4", "Gus", 5), ("Game 4", "Hal", 3), ("Game 5", "Ivy", 2), ("Game 5", "Jo", 7)], start=12
    ):
        results.cell(row, 1, game), results.cell(row, 2, player), results.cell(row, 3, score)
        results.cell(row, 6, 3)  # round 3, after the sample's two
    grown = tmp_path / "grown.xlsx"
    book.save(grown)
    out = tmp_path / "out.xlsx"
    assert [str(e) for e in recalculate(grown, out).errors] == []
    values = openpyxl.load_workbook(out, data_only=True)
    players = {"Ann", "Bo", "Cy", "Di", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo"}
    area = PRINT_AREA.match(read_book(out).names["STANDINGS!_XLNM.PRINT_AREA"])
    assert area is not None
    assert int(area["bottom"]) == 1 + len(players)  # the header and a row per player
    assert {values["Standings"].cell(r, 2).value for r in range(2, 2 + len(players))} == players
    assert values["Standings"].cell(2 + len(players), 1).value is None
