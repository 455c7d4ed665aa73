"""One LibreOffice session for the UNO scripts beside this file (uno_rows.py, uno_calc.py), run by LibreOffice's
own Python: soffice started on a private profile with a named pipe, the connection to it, and opening a workbook.
"""

import contextlib
import os
import subprocess
import time
from collections.abc import Iterator
from typing import Any

import uno  # type: ignore[import-not-found]
from com.sun.star.beans import PropertyValue  # type: ignore[import-not-found]


def property_value(name: str, value: Any) -> Any:
    found = PropertyValue()
    found.Name, found.Value = name, value
    return found


def soffice_env() -> dict[str, str]:
    """This environment with /usr/bin first on the PATH and no PYTHONHOME or PYTHONPATH: LibreOffice's Python finds
    its standard library from the first python3 on the PATH, and a pyenv or virtualenv one there breaks Python
    extensions (xlscore.excel.libreoffice.soffice.soffice_env, which these scripts cannot import)."""
    env = {k: v for k, v in os.environ.items() if k not in {"PYTHONHOME", "PYTHONPATH"}}
    env["PATH"] = os.pathsep.join(["/usr/bin", env.get("PATH", "")])
    return env


@contextlib.contextmanager
def session(profile: str) -> Iterator[tuple[Any, Any]]:
    """soffice listening on a pipe with the started ``profile`` (its shared extensions in profile/shared-extensions):
    the component context and the desktop; soffice is ended afterwards."""
    pipe = f"xlscore{os.getpid()}"
    office = subprocess.Popen(
        [
            "soffice",
            f"-env:UserInstallation={uno.systemPathToFileUrl(profile)}",
            f"-env:UNO_SHARED_PACKAGES_CACHE={uno.systemPathToFileUrl(os.path.join(profile, 'shared-extensions'))}",
            "--headless",
            "--norestore",
            f"--accept=pipe,name={pipe};urp;",
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env=soffice_env(),
    )
    try:
        local = uno.getComponentContext()
        resolver = local.ServiceManager.createInstanceWithContext("com.sun.star.bridge.UnoUrlResolver", local)
        for _ in range(240):
            try:
                context = resolver.resolve(f"uno:pipe,name={pipe};urp;StarOffice.ComponentContext")
                break
            except Exception:  # noqa: BLE001 - NoConnectException until soffice listens
                time.sleep(0.25)
        else:
            raise SystemExit("LibreOffice did not start")
        desktop = context.ServiceManager.createInstanceWithContext("com.sun.star.frame.Desktop", context)
        yield context, desktop
        with contextlib.suppress(Exception):  # the bridge closes as soffice exits
            desktop.terminate()
        office.wait(60)
    finally:
        if office.poll() is None:
            office.kill()


def open_document(desktop: Any, path: str) -> Any:
    """The workbook at ``path``, hidden; a few tries, as a profile still setting itself up returns None."""
    url = uno.systemPathToFileUrl(os.path.abspath(path))
    for _ in range(20):
        document = desktop.loadComponentFromURL(url, "_blank", 0, (property_value("Hidden", True),))
        if document is not None:
            return document
        time.sleep(0.5)
    raise SystemExit(f"LibreOffice could not open {path}")
