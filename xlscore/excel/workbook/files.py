"""Writing a coordinator's files safely: whole or not at all, with the permissions they had, never by surprise.

Every file xlscore writes (a recalculated workbook, a template, a CSV) goes through :func:`replacing`: the new
content is written beside the target and moved over it only when complete, so a failure leaves the old file as it
was. A file that is replaced keeps its permission bits; a new one gets the usual ones (0666 less the umask), not
the 0600 of a temporary file. A missing folder or a path that cannot be written is a one-line error.
"""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
from collections.abc import Iterator
from pathlib import Path

from xlscore.core.errors import WorkbookError

__all__ = ["refuse_existing", "replacing"]


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def refuse_existing(path: Path, force: bool) -> None:
    """An error when ``path`` exists and ``force`` was not given: a filled workbook is never replaced by surprise."""
    if path.exists() and not force:
        raise WorkbookError(f"{path} already exists; give --force to replace it")


@contextlib.contextmanager
def replacing(target: Path) -> Iterator[Path]:
    """A temporary file beside ``target`` that replaces it when the block finishes without an error."""
    folder = target.parent
    if not folder.is_dir():
        raise WorkbookError(f"cannot write {target}: the folder {folder} does not exist")
    if target.is_dir():
        raise WorkbookError(f"cannot write {target}: it is a folder")
    try:
        handle, name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=folder)
    except OSError as exc:
        raise WorkbookError(f"cannot write {target}: {exc.strerror or exc}") from exc
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
            raise WorkbookError(f"cannot write {target}: {exc.strerror or exc}") from exc
    finally:
        if temporary.exists():
            temporary.unlink()
