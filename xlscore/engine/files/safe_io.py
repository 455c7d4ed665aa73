"""Reading and writing a coordinator's files safely: bounded reads, and writes whole or not at all.

Reading. Every file xlscore reads (a workbook, a CSV) is opened by :func:`open_input`: it must be a regular file,
not a folder, a named pipe (which would wait for a writer for ever) or a device (``/dev/zero`` never ends), and at
most a stated size: :data:`MAX_WORKBOOK_SIZE` for a workbook, :data:`MAX_CSV_SIZE` for a CSV. So a read takes
bounded time and memory, and each refusal is one line naming the file.

Writing. Every file xlscore writes (a recalculated workbook, a template, a CSV) goes through :func:`replacing`: the
new content is written beside the target, in a temporary file named ``.BOOK.xlsx.xlscore-PID-XXXXXXXX.tmp`` (PID the
writing process's number; a very long name is cut so that this one fits in 255 bytes), and moved over the target
only when complete, so a failure leaves the old file as it was. A file that is replaced keeps its permission bits; a
new one gets the usual ones (0666 less the umask), not the 0600 of a temporary file. A symbolic link is written
through: the file it names is replaced and the link kept. A target that is no regular file (a named pipe, a device
such as ``/dev/null`` or ``/dev/full``) is refused and never replaced, even by root. A missing folder, a folder that
cannot be read, a name over 255 bytes or a path that cannot be written is a one-line error.

A run killed while writing (SIGKILL, a power cut) leaves its temporary file behind. Nothing ever reads one, and the
next write to the same target removes it, and says so on stderr, once the process that wrote it is gone (or, for a
name without a process number, or one whose process number is taken again, once it is :data:`STALE_AFTER` seconds
old): only regular files (not links) of the current user whose whole name has exactly that form for that target,
so nothing that is not xlscore's own is touched, nor the temporary file of a run still writing. (A folder shared by
two machines: a run on the other machine is not seen, so its temporary file may be removed while it writes, and
that run then fails with one line; nothing is lost.)
"""

from __future__ import annotations

import contextlib
import os
import re
import stat
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import BinaryIO, Final

from xlscore.engine.errors import BookError

__all__ = [
    "MAX_CSV_SIZE",
    "MAX_WORKBOOK_SIZE",
    "STALE_AFTER",
    "open_input",
    "read_input",
    "refuse_existing",
    "replacing",
    "size_text",
    "writable",
]

MAX_WORKBOOK_SIZE: Final = 2**30
"""Largest workbook file xlscore opens, in bytes (1 GiB): twice what its parts may unpack to in all
(:data:`~xlscore.engine.files.safezip.MAX_TOTAL_SIZE`), so no workbook that could be read is refused for it."""

MAX_CSV_SIZE: Final = 50 * 2**20
"""Largest CSV file xlscore reads, in bytes (50 MiB): a league's history of every season's standings is a few
hundred KiB."""

STALE_AFTER: Final = 3600.0
"""Age in seconds (by its last change) after which a temporary file left beside a target is taken as abandoned."""

_TEMPORARY_PREFIX: Final = "xlscore-"
_TEMPORARY_SUFFIX: Final = ".tmp"
_NONBLOCK: Final = getattr(os, "O_NONBLOCK", 0)  # opening a pipe swapped in after the check does not wait
_BINARY: Final = getattr(os, "O_BINARY", 0)


def size_text(count: int) -> str:
    """A number of bytes as people read it: ``1.5 MiB``, ``512 bytes``."""
    for unit, scale in (("GiB", 2**30), ("MiB", 2**20), ("KiB", 2**10)):
        if count >= scale:
            return f"{count / scale:.1f}".removesuffix(".0") + f" {unit}"
    return f"{count:,} bytes"


def _check_kind(path: Path, mode: int, what: str) -> None:
    if stat.S_ISDIR(mode):
        raise BookError(f"{path} is a folder, not a {what}")
    if not stat.S_ISREG(mode):
        raise BookError(f"{path} is not a regular file (a device or a pipe?), so it cannot be a {what}")


def open_input(path: Path, what: str, limit: int) -> BinaryIO:
    """``path`` opened for reading in binary, once it is known to be a regular file of at most ``limit`` bytes.

    ``what`` names the kind of file in the messages ("workbook", "CSV file"). The caller closes the file.
    """
    label = path.name or str(path)
    try:
        mode = path.stat().st_mode  # before opening: opening a named pipe would wait for a writer
    except FileNotFoundError as exc:
        raise BookError(f"{path} does not exist; check the file name and folder") from exc
    except PermissionError as exc:
        raise BookError(f"{label} cannot be read: permission denied") from exc
    except (OSError, ValueError) as exc:
        raise BookError(f"{path} cannot be opened: {getattr(exc, 'strerror', None) or exc}") from exc
    _check_kind(path, mode, what)
    try:
        handle = os.fdopen(os.open(path, os.O_RDONLY | _NONBLOCK | _BINARY), "rb")
    except PermissionError as exc:
        raise BookError(f"{label} cannot be read: permission denied") from exc
    except OSError as exc:
        raise BookError(f"{label} cannot be read: {exc.strerror or exc}") from exc
    try:
        opened = os.fstat(handle.fileno())  # the file now open, which may have been swapped since the check
        _check_kind(path, opened.st_mode, what)
        if opened.st_size > limit:
            raise BookError(
                f"{label} is {opened.st_size:,} bytes, more than the {size_text(limit)} xlscore reads in a {what}"
            )
    except BaseException:
        handle.close()
        raise
    return handle


def read_input(path: Path, what: str, limit: int) -> bytes:
    """The bytes of the regular file ``path`` (see :func:`open_input`), never more than ``limit``."""
    with open_input(path, what, limit) as handle:
        try:
            data = handle.read(limit + 1)
        except OSError as exc:
            raise BookError(f"{path.name or path} cannot be read: {exc.strerror or exc}") from exc
    if len(data) > limit:  # it grew while it was read
        raise BookError(f"{path.name or path} is more than the {size_text(limit)} xlscore reads in a {what}")
    return data


def refuse_existing(path: Path, force: bool) -> None:
    """An error when ``path`` exists and ``force`` was not given: a filled workbook is never replaced by surprise."""
    if path.exists() and not force:
        raise BookError(f"{path} already exists; give --force to replace it")


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


_NAME_BYTES: Final = 255  # the longest file name the usual file systems take (ext4, APFS, NTFS in UTF-16 units)


def _temporary_stem(target: Path) -> str:
    """The start of the temporary files' names for ``target``: ``.BOOK.xlsx.xlscore-``, the name cut so that the
    whole name (with the process number and mkstemp's 8 characters) stays within :data:`_NAME_BYTES`."""
    room = _NAME_BYTES - len(f"..{_TEMPORARY_PREFIX}{2**22}-12345678{_TEMPORARY_SUFFIX}".encode())
    name = target.name.encode()[:room].decode(errors="ignore")
    return f".{name}.{_TEMPORARY_PREFIX}"


def _running(pid: int) -> bool:
    """Whether a process numbered ``pid`` runs on this machine (ours or another user's)."""
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OSError, OverflowError):
        return True  # it exists, or we cannot tell: kept
    return True


def _remove_stale(target: Path) -> list[str]:
    """Remove the temporary files of ``target`` left by runs that were killed (see the module's docstring); the
    names of those removed."""
    pattern = re.compile(
        re.escape(_temporary_stem(target)) + r"(?:(\d{1,7})-)?[a-z0-9_]{8}" + re.escape(_TEMPORARY_SUFFIX)
    )
    owner = os.getuid() if hasattr(os, "getuid") else None
    before = time.time() - STALE_AFTER
    removed: list[str] = []
    with contextlib.suppress(OSError), os.scandir(target.parent) as entries:
        for entry in entries:
            found_name = pattern.fullmatch(entry.name)
            if not found_name:
                continue
            with contextlib.suppress(OSError):
                found = entry.stat(follow_symlinks=False)
                ours = owner is None or found.st_uid == owner
                dead = found_name.group(1) is not None and not _running(int(found_name.group(1)))
                if stat.S_ISREG(found.st_mode) and ours and (dead or found.st_mtime < before):
                    os.unlink(entry.path)
                    removed.append(entry.name)
    return removed


def _said_removed(target: Path, removed: list[str]) -> None:
    if removed:
        listed = ", ".join(removed[:3]) + (f" and {len(removed) - 3} more" if len(removed) > 3 else "")
        print(
            f"xlscore: removed {len(removed)} temporary file{'s' if len(removed) > 1 else ''} that a stopped run left "
            f"beside {target.name}: {listed}",
            file=sys.stderr,
        )


def writable(target: Path) -> Path:
    """The file to replace for ``target``: the target itself, or the file a symbolic link names (the link is kept);
    one line when it is no regular file (a folder, a named pipe, a device), or its folder cannot be written."""
    if len(target.name.encode()) > _NAME_BYTES:
        raise BookError(
            f"cannot write {target.name[:40]}...: its name is {len(target.name.encode()):,} bytes, more than the "
            f"{_NAME_BYTES} a file name may have"
        )
    try:
        if target.is_symlink():
            target = Path(os.path.realpath(target))
        if not target.parent.is_dir():
            raise BookError(f"cannot write {target}: the folder {target.parent} does not exist")
        if target.exists():
            mode = target.stat().st_mode
            if stat.S_ISDIR(mode):
                raise BookError(f"cannot write {target}: it is a folder")
            if not stat.S_ISREG(mode):
                raise BookError(
                    f"cannot write {target}: it is not a regular file (a device or a named pipe), which xlscore never "
                    "replaces; give a file name"
                )
    except OSError as exc:
        raise BookError(f"cannot write {target}: {exc.strerror or exc}") from exc
    return target


@contextlib.contextmanager
def replacing(target: Path) -> Iterator[Path]:
    """A temporary file beside ``target`` that replaces it when the block finishes without an error.

    A symbolic link is written through: the file it names is replaced, the link kept. A target that is no
    regular file (a named pipe, a device such as /dev/null) is refused, never replaced."""
    target = writable(target)
    folder = target.parent
    _said_removed(target, _remove_stale(target))
    try:
        handle, name = tempfile.mkstemp(
            prefix=f"{_temporary_stem(target)}{os.getpid()}-", suffix=_TEMPORARY_SUFFIX, dir=folder
        )
    except OSError as exc:
        raise BookError(f"cannot write {target}: {exc.strerror or exc}") from exc
    os.close(handle)
    temporary = Path(name)
    try:
        mode = stat.S_IMODE(target.stat().st_mode) if target.exists() else 0o666 & ~_umask()
        yield temporary
        os.chmod(temporary, mode)
        with open(temporary, "rb") as written:
            os.fsync(written.fileno())
        try:
            os.replace(temporary, target)
        except OSError as exc:
            raise BookError(f"cannot write {target}: {exc.strerror or exc}") from exc
    finally:
        if temporary.exists():
            temporary.unlink()
