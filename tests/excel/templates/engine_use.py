"""Whether recalculating a workbook loads the general formula engine, seen from a fresh process."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path


def engine_loaded(path: Path) -> tuple[int, bool]:
    """The errors ``recalculate`` gives on ``path`` in a new process, and whether it imported ``formulas``."""
    probe = (
        "import sys; from xlscore.engine.evaluation.recalc import recalculate; "
        "from xlscore.excel.headless import register; register(); "
        f"done = recalculate({str(path)!r}); print(len(done.errors), 'formulas' in sys.modules)"
    )
    ran = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    errors, loaded = ran.stdout.split()
    return int(errors), loaded == "True"
