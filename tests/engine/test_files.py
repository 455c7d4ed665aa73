"""Reading only regular files of a bounded size, and the temporary files a killed write leaves behind."""

from __future__ import annotations

import os
import signal
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.engine import hostile
from xlscore.engine import BookError
from xlscore.engine.files import safe_io as files
from xlscore.engine.files.safe_io import STALE_AFTER, open_input, read_input, replacing
from xlscore.engine.files.safezip import open_workbook

# -- reading


def test_a_regular_file_is_read_whole(tmp_path: Path) -> None:
    path = tmp_path / "past.csv"
    path.write_bytes(b"season,player\n1,Ann\n")
    assert read_input(path, "CSV file", 100) == b"season,player\n1,Ann\n"


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="a POSIX device")
def test_a_device_is_refused_before_a_byte_is_read() -> None:
    started = time.perf_counter()
    with pytest.raises(BookError, match=r"^/dev/zero is not a regular file \(a device or a pipe\?\)"):
        read_input(Path("/dev/zero"), "CSV file", files.MAX_CSV_SIZE)
    assert time.perf_counter() - started < 1


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")
def test_a_named_pipe_is_refused_without_waiting_for_a_writer(tmp_path: Path) -> None:
    path = tmp_path / "past.csv"
    os.mkfifo(path)
    with pytest.raises(BookError, match=r"past\.csv is not a regular file"):
        read_input(path, "CSV file", files.MAX_CSV_SIZE)


def test_a_folder_and_a_missing_file_are_one_line(tmp_path: Path) -> None:
    with pytest.raises(BookError, match=r"is a folder, not a CSV file$"):
        read_input(tmp_path, "CSV file", files.MAX_CSV_SIZE)
    with pytest.raises(BookError, match=r"nope\.csv does not exist; check the file name and folder$"):
        read_input(tmp_path / "nope.csv", "CSV file", files.MAX_CSV_SIZE)


def test_a_file_over_the_limit_is_refused_from_its_size(tmp_path: Path) -> None:
    path = tmp_path / "past.csv"
    path.write_bytes(b"x" * 2049)
    with pytest.raises(BookError, match=r"^past\.csv is 2,049 bytes, more than the 2 KiB xlscore reads in a CSV file$"):
        read_input(path, "CSV file", 2048)
    with open_input(path, "CSV file", 2049) as handle:
        assert len(handle.read()) == 2049


def test_a_workbook_file_over_a_gibibyte_is_refused_unread(tmp_path: Path) -> None:
    path = hostile.write_zip(tmp_path / "Scores.xlsx", hostile.minimal_parts())
    with open(path, "r+b") as grown:  # sparse: no disk space used
        grown.truncate(files.MAX_WORKBOOK_SIZE + 1)
    with pytest.raises(
        BookError, match=r"^Scores\.xlsx is 1,073,741,825 bytes, more than the 1 GiB xlscore reads in a workbook$"
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
from xlscore.engine.files.safe_io import replacing
with replacing(Path(sys.argv[1])) as temporary:
    temporary.write_bytes(b"PK half a workbook")
    os.kill(os.getpid(), signal.SIGKILL)
"""


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="SIGKILL is POSIX")
def test_a_write_killed_midway_leaves_the_target_whole_and_the_next_write_tidies_up(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "book.xlsx"
    target.write_bytes(b"the old book")
    killed = subprocess.run([sys.executable, "-c", _KILLED_WRITE, str(target)], check=False)
    assert killed.returncode == -signal.SIGKILL
    assert target.read_bytes() == b"the old book"
    (left,) = [p for p in tmp_path.iterdir() if p != target]
    assert left.name.startswith(f".book.xlsx.xlscore-{killed_pid(left)}-")
    # The process that wrote it is gone: the next write removes it at once, and says so (issue 32; before, it
    # was kept for an hour, and 13 of 30 kills left one behind).
    with replacing(target) as temporary:
        temporary.write_bytes(b"the new book")
    assert sorted(tmp_path.iterdir()) == [target]
    assert target.read_bytes() == b"the new book"
    said = capsys.readouterr().err
    assert said == f"xlscore: removed 1 temporary file that a stopped run left beside book.xlsx: {left.name}\n"


def killed_pid(left: Path) -> int:
    return int(left.name.split("xlscore-")[1].split("-")[0])


def test_the_temporary_file_of_a_run_still_writing_is_kept(tmp_path: Path) -> None:
    target = tmp_path / "book.xlsx"
    alive = _leftover(tmp_path, f".book.xlsx.xlscore-{os.getppid()}-ab12cd34.tmp", 60)
    with replacing(target) as temporary:
        assert temporary.name.startswith(f".book.xlsx.xlscore-{os.getpid()}-")
        temporary.write_bytes(b"new")
    assert alive.exists()


# -- where a file is written (issue 32): never over a pipe or a device, through a link, one line for a bad path


def _written_through(target: Path) -> None:
    with replacing(target) as temporary:
        temporary.write_bytes(b"new")


def test_a_named_pipe_is_refused_and_left_a_pipe(tmp_path: Path) -> None:
    pipe = tmp_path / "out.xlsx"
    os.mkfifo(pipe)
    with pytest.raises(BookError, match=r"out\.xlsx: it is not a regular file .* xlscore never replaces"):
        _written_through(pipe)
    assert stat.S_ISFIFO(os.lstat(pipe).st_mode)
    assert sorted(tmp_path.iterdir()) == [pipe]


def test_a_device_is_refused_and_left_a_device(tmp_path: Path) -> None:
    # A twin of /dev/null made in the test's folder (root may make one): the real one is never put at risk.
    try:
        device = tmp_path / "null"
        os.mknod(device, stat.S_IFCHR | 0o666, os.makedev(1, 3))
    except (PermissionError, AttributeError, OSError):
        if os.geteuid() == 0:
            pytest.skip("no device can be made here, and as root /dev/null itself would be at risk")
        device = Path("/dev/null")
    with pytest.raises(BookError, match="it is not a regular file"):
        _written_through(device)
    assert stat.S_ISCHR(os.lstat(device).st_mode)


def test_a_symbolic_link_is_written_through_and_kept(tmp_path: Path) -> None:
    (tmp_path / "real").mkdir()
    real = tmp_path / "real" / "book.xlsx"
    real.write_bytes(b"old")
    link = tmp_path / "link.xlsx"
    link.symlink_to(real)
    _written_through(link)
    assert link.is_symlink()
    assert real.read_bytes() == b"new"
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    (tmp_path / "to-pipe.xlsx").symlink_to(pipe)
    with pytest.raises(BookError, match="not a regular file"):
        _written_through(tmp_path / "to-pipe.xlsx")
    assert stat.S_ISFIFO(os.lstat(pipe).st_mode)


@pytest.mark.parametrize("length", [256, 1_000])
def test_a_name_over_255_bytes_is_one_line(tmp_path: Path, length: int) -> None:
    with pytest.raises(BookError, match=f"its name is {length:,} bytes, more than the 255 a file name may have"):
        _written_through(tmp_path / ("x" * (length - 5) + ".xlsx"))


def test_a_name_of_255_bytes_is_written(tmp_path: Path) -> None:
    target = tmp_path / ("é" * 124 + "xx.xlsx")  # 248 bytes of é and 7 more: the temporary name is cut to fit
    assert len(target.name.encode()) == 255
    _written_through(target)
    assert target.read_bytes() == b"new"


def test_a_folder_that_cannot_be_read_is_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    locked = tmp_path / "locked"
    locked.mkdir()
    if os.geteuid() != 0:  # root reads any folder: there, the refusal of the system is put in its place below
        locked.chmod(0)
    else:
        real_stat = os.stat

        def refused(path: object, *args: object, **kwargs: object) -> os.stat_result:
            if str(path).startswith(str(locked)):
                raise PermissionError(13, "Permission denied", str(path))
            return real_stat(path, *args, **kwargs)  # type: ignore[arg-type]

        monkeypatch.setattr(os, "stat", refused)
    try:
        with pytest.raises(BookError, match=r"^cannot write .*out\.xlsx: Permission denied$"):
            _written_through(locked / "out.xlsx")
    finally:
        locked.chmod(0o755)
