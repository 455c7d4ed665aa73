"""The choice between a table's whole-column (numpy) path and its row-by-row path (core/events/bulk_choice.py).

That each fast path equals its rule is tested beside it (tests/core/test_bulk.py, test_round_fast_paths.py); here,
the choice itself: a small table goes row by row while numpy is not loaded, so ``xlscore standings`` on a shipped
event workbook never loads numpy (0.15 to 0.4 s of processor time, more than the standings themselves).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from unittest import mock

import pytest
from hypothesis import given
from hypothesis import strategies as st

from xlscore.core.events import bulk_choice
from xlscore.core.events.bulk_choice import RESULTS_ROWS, bulk_pays

ROOT = Path(__file__).resolve().parents[2]


@given(st.integers(0, 10 * RESULTS_ROWS), st.integers(0, 10 * RESULTS_ROWS))
def test_without_numpy_only_a_table_past_the_break_even_goes_whole_column(rows: int, up_to: int) -> None:
    with mock.patch.object(bulk_choice, "numpy_loaded", return_value=False):
        assert bulk_pays(rows, up_to) == (rows > up_to)
        assert bulk_pays(rows) == (rows > RESULTS_ROWS)


@given(st.integers(0, 10 * RESULTS_ROWS))
def test_with_numpy_loaded_every_table_goes_whole_column(rows: int) -> None:
    with mock.patch.object(bulk_choice, "numpy_loaded", return_value=True):
        assert bulk_pays(rows)
        assert bulk_pays(rows, rows + 1)


@pytest.mark.parametrize("book", ["rplops-event.xlsx", "size-matters-tournament.xlsx"])
def test_the_standings_of_a_shipped_event_workbook_load_no_numpy(book: str) -> None:
    script = (
        "import sys; from xlscore.cli import main\n"
        f"try: main(['standings', 'workbooks/{book}'])\n"
        "except SystemExit as exit: assert not exit.code, exit.code\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] == 'numpy'))"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT, timeout=120, check=True
    )
    assert "Place" in done.stdout or "place" in done.stdout.lower()  # the standings were printed
    assert done.stdout.splitlines()[-1] == "[]"
