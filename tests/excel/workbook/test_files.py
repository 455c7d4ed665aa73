"""Reading only regular files of a bounded size, and the temporary files a killed write leaves behind."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.excel.workbook import hostile
from xlscore.core.errors import WorkbookError
from xlscore.excel.workbook import files
from xlscore.excel.workbook.files import STALE_AFTER, open_input, read_input, replacing
from xlscore.excel.workbook.safezip import open_workbook

# -- reading


def test_a_regular_file_is_read_whole(tmp_path: Path) -> None:
    path = tmp_path / "past.csv"
    path.write_bytes(b"season,player\n1,Ann\n")
    assert read_input(path, "CSV file", 100) == b"season,player\n1,Ann\n"


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="a POSIX device")
def test_a_device_is_refused_before_a_byte_is_read() -> None:
    started = time.perf_counter()
    with pytest.raises(WorkbookError, match=r"^/dev/zero is not a regular file \(a device or a pipe\?\)"):
        read_input(Path("/dev/zero"), "CSV file", files.MAX_CSV_SIZE)
    assert time.perf_counter() - started < 1


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")
def test_a_named_pipe_is_refused_without_waiting_for_a_writer(tmp_path: Path) -> None:
    path = tmp_path / "past.csv"
    os.mkfifo(path)
    with pytest.raises(WorkbookError, match=r"past\.csv is not a regular file"):
        read_input(path, "CSV file", files.MAX_CSV_SIZE)


def test_a_folder_and_a_missing_file_are_one_line(tmp_path: Path) -> None:
    with pytest.raises(WorkbookError, match=r"is a folder, not a CSV file$"):
        read_input(tmp_path, "CSV file", files.MAX_CSV_SIZE)
    with pytest.raises(WorkbookError, match=r"nope\.csv does not exist; check the file name and folder$"):
        read_input(tmp_path / "nope.csv", "CSV file", files.MAX_CSV_SIZE)


def test_a_file_over_the_limit_is_refused_from_its_size(tmp_path: Path) -> None:
    path = tmp_path / "past.csv"
    path.write_bytes(b"x" * 2049)
    with pytest.raises(
        WorkbookError, match=r"^past\.csv is 2,049 bytes, more than the 2 KiB xlscore reads in a CSV file$"
    ):
        read_input(path, "CSV file", 2048)
    with open_input(path, "CSV file", 2049) as handle:
        assert len(handle.read()) == 2049


def test_a_workbook_file_over_a_gibibyte_is_refused_unread(tmp_path: Path) -> None:
    path = hostile.write_zip(tmp_path / "Scores.xlsx", hostile.minimal_parts())
    with open(path, "r+b") as grown:  # sparse: no disk space used
        grown.truncate(files.MAX_WORKBOOK_SIZE + 1)
    with pytest.raises(
        WorkbookError, match=r"^Scores\.xlsx is 1,073,741,825 bytes, more than the 1 GiB xlscore reads in a workbook$"
    ):
        open_workbook(path)


# -- temporary files of a write that was killed


def _leftover(tmp_path: Path, name: str, age: float) -> Path:
    path = tmp_path / name
    path.write_bytes(b"PK half a workbook")
    then = time.time() - age
    os.utime(path, (then, then))
    return path


def test_a_stale_temporary_file_of_the_target_is_removed_by_the_next_write(tmp_path: Path) -> None:
    target = tmp_path / "book.xlsx"
    old = STALE_AFTER + 60
    stale = _leftover(tmp_path, ".book.xlsx.xlscore-ab_12cd3.tmp", old)
    kept = [
        _leftover(tmp_path, ".book.xlsx.xlscore-ab12cd34.tmp", 60),  # a run still writing
        _leftover(tmp_path, ".other.xlsx.xlscore-ab12cd34.tmp", old),  # another target's
        _leftover(tmp_path, ".book.xlsx.ab12cd34.tmp", old),  # not named as xlscore names its own
        _leftover(tmp_path, ".book.xlsx.xlscore-ab12cd34.tmp.bak", old),
        _leftover(tmp_path, "x.book.xlsx.xlscore-ab12cd34.tmp", old),
        _leftover(tmp_path, ".book.xlsx.xlscore-ab12cd345.tmp", old),
    ]
    folder = tmp_path / ".book.xlsx.xlscore-folder00.tmp"
    folder.mkdir()
    os.utime(folder, (time.time() - old, time.time() - old))
    link = tmp_path / ".book.xlsx.xlscore-link0000.tmp"
    link.symlink_to(kept[1])
    with replacing(target) as temporary:
        assert temporary.name.startswith(".book.xlsx.xlscore-")
        assert temporary.name.endswith(".tmp")
        temporary.write_bytes(b"new")
    assert target.read_bytes() == b"new"
    assert not stale.exists()
    assert all(path.exists() for path in kept)
    assert folder.is_dir()
    assert link.is_symlink()


_KILLED_WRITE = """
import os, signal, sys
from pathlib import Path
from xlscore.excel.workbook.files import replacing
with replacing(Path(sys.argv[1])) as temporary:
    temporary.write_bytes(b"PK half a workbook")
    os.kill(os.getpid(), signal.SIGKILL)
"""


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="SIGKILL is POSIX")
def test_a_write_killed_midway_leaves_the_target_whole_and_the_next_write_tidies_up(tmp_path: Path) -> None:
    target = tmp_path / "book.xlsx"
    target.write_bytes(b"the old book")
    killed = subprocess.run([sys.executable, "-c", _KILLED_WRITE, str(target)], check=False)
    assert killed.returncode == -signal.SIGKILL
    assert target.read_bytes() == b"the old book"
    (left,) = [p for p in tmp_path.iterdir() if p != target]
    assert left.name.startswith(".book.xlsx.xlscore-")
    with replacing(target) as temporary:  # too recent to be taken as abandoned: kept
        temporary.write_bytes(b"the new book")
    assert left.exists()
    then = time.time() - STALE_AFTER - 1
    os.utime(left, (then, then))
    with replacing(target) as temporary:
        temporary.write_bytes(b"the newer book")
    assert sorted(tmp_path.iterdir()) == [target]
    assert target.read_bytes() == b"the newer book"
