"""Files a command reads besides workbooks: CSV tables and lists, each refused in one line when unreadable."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from xlscore.core.errors import InputError


def read_csv(path: Path) -> Any:
    """A CSV file as a DataFrame of text and numbers, or a one-line error naming the file.

    Only a regular file of at most 50 MiB is read (:func:`~xlscore.engine.files.safe_io.read_input`).
    """
    import io

    import pandas as pd

    from xlscore.engine.files.safe_io import MAX_CSV_SIZE, read_input

    data = read_input(path, "CSV file", MAX_CSV_SIZE)
    try:
        return pd.read_csv(io.BytesIO(data))
    except (ValueError, UnicodeDecodeError, OSError) as exc:  # pandas' parser errors are ValueErrors
        raise InputError(f"{path} is not a readable CSV table: {str(exc).splitlines()[0]}") from exc


def read_rows(path: Path) -> list[list[str]]:
    """A CSV file as rows of text (no header row assumed), or a one-line error naming the file."""
    import csv
    import io

    from xlscore.engine.files.safe_io import MAX_CSV_SIZE, read_input

    text = read_input(path, "CSV file", MAX_CSV_SIZE).decode("utf-8-sig", errors="replace")
    return [row for row in csv.reader(io.StringIO(text)) if any(cell.strip() for cell in row)]
