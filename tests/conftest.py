"""The slow group kept in one place for tests whose modules mark them no other way: the longest searches and
recalculations, which the README's test command leaves to `pytest -m slow` (.ci/run runs both) so that it finishes
in under two minutes on two cores. Tests that start a real program (LibreOffice, Chromium, Node) mark themselves slow in
their own modules; these are the longest of the rest, measured with --durations on 2026-11-27 (issue 35)."""

from __future__ import annotations

import pytest

from xlscore.excel.headless import register

# xlscore's functions registered with the recalculation engine, as every xlscore entry point registers them before it
# computes a workbook: the tests that call the engine directly compute =RPLOPS(...) as `xlscore recalc` does.
register()

SLOW = (
    # A sum over whole rows and columns to the sheet's last cell, through the formula engine.
    "tests/engine/test_last_row_and_column.py::test_sums_over_ranges_to_the_last_row_and_column",
    # Every template built a second time, and every empty template recalculated.
    "tests/excel/test_templates.py::test_generation_is_deterministic",
    "tests/excel/test_templates.py::test_empty_template_computes_without_error_cells",
    # Every template recalculated with a bad value in each input table, three ways.
    "tests/excel/test_bad_rows.py::test_every_table_and_total_computed_from_a_bad_cell_is_an_error",
    # The largest seating searches: 41 players in tables of 7, 30 in tables of 7 and 5, 70 in tables of 7.
    "tests/core/seating/test_seating.py::test_every_player_sits_once_a_round_at_tables_of_the_sizes_asked[41-4-7]",
    "tests/core/seating/test_seating.py::test_every_player_sits_once_a_round_at_tables_of_the_sizes_asked[30-5-7]",
    "tests/core/seating/test_seating.py::test_the_report_is_what_the_rows_show[30-4-7]",
    "tests/core/seating/test_seating.py::test_nobody_takes_a_seat_twice_when_there_are_no_more_rounds_than_seats[70-7-7]",
    # Two events run round by round in the templates, each round recalculated (15 s an event, issue 30).
    "tests/excel/event_runs/test_recalc_runs.py::test_an_event_run_round_by_round_in_recalc",
)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if any(item.nodeid == slow or item.nodeid.startswith(f"{slow}[") for slow in SLOW):
            item.add_marker(pytest.mark.slow)
