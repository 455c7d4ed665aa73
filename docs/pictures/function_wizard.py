"""Draw LibreOffice's Function Wizard on xlscore's RPLOPS: docs/pictures/libreoffice-function-wizard.png.

Run by LibreOffice's own Python under a virtual X display, with a profile that has xlscore's extension installed
(``xlscore.excel.libreoffice.profile.extension_profile``; docs/pictures/README.md gives the whole command):

    xvfb-run -a -s "-screen 0 1400x1000x24" /usr/bin/python3 docs/pictures/function_wizard.py PROFILE OUT.png

It opens a sheet, types ``=RPLOPS(2;5)`` into A1, opens Insert > Function on it, and saves the dialog's window as
a PNG (ImageMagick's ``import``, the window found by ``xdotool``). Exits non-zero with a message on failure.
"""

import os
import subprocess
import sys
import threading
import time
from typing import Any

import uno  # type: ignore[import-not-found]

TITLE = "Function Wizard"


def _connect(pipe: str) -> Any:
    local = uno.getComponentContext()
    resolver = local.ServiceManager.createInstanceWithContext("com.sun.star.bridge.UnoUrlResolver", local)
    for _ in range(240):
        try:
            return resolver.resolve(f"uno:pipe,name={pipe};urp;StarOffice.ComponentContext")
        except Exception:  # noqa: BLE001 - NoConnectException until soffice listens
            time.sleep(0.25)
    raise SystemExit("LibreOffice did not start")


def _window(title: str, seconds: float = 60) -> str:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        found = subprocess.run(["xdotool", "search", "--name", title], capture_output=True, text=True, check=False)
        if found.stdout.strip():
            return found.stdout.split()[-1]
        time.sleep(0.5)
    raise SystemExit(f"no window called {title!r} appeared")


def main(profile: str, out: str) -> None:
    pipe = f"xlscorewizard{os.getpid()}"
    env = {k: v for k, v in os.environ.items() if k not in {"PYTHONHOME", "PYTHONPATH"}}
    env["PATH"] = "/usr/bin:" + env.get("PATH", "")
    env["SAL_USE_VCLPLUGIN"] = "gen"
    office = subprocess.Popen(
        [
            "soffice",
            f"-env:UserInstallation={uno.systemPathToFileUrl(os.path.abspath(profile))}",
            "-env:UNO_SHARED_PACKAGES_CACHE="
            + uno.systemPathToFileUrl(os.path.join(os.path.abspath(profile), "shared-extensions")),
            "--norestore",
            "--nologo",
            f"--accept=pipe,name={pipe};urp;",
        ],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        context = _connect(pipe)
        desktop = context.ServiceManager.createInstanceWithContext("com.sun.star.frame.Desktop", context)
        document = desktop.loadComponentFromURL("private:factory/scalc", "_blank", 0, ())
        cell = document.Sheets.getByIndex(0).getCellRangeByName("A1")
        cell.setFormula("=RPLOPS(2;5)")
        controller = document.getCurrentController()
        controller.select(cell)
        frame = controller.getFrame()
        dispatcher = context.ServiceManager.createInstanceWithContext("com.sun.star.frame.DispatchHelper", context)
        wizard = threading.Thread(
            target=dispatcher.executeDispatch, args=(frame, ".uno:FunctionDialog", "", 0, ()), daemon=True
        )
        wizard.start()
        window = _window(TITLE)
        time.sleep(3)  # let it draw
        subprocess.run(["import", "-window", window, out], check=True)
    finally:
        office.kill()
        office.wait(30)


if __name__ == "__main__":
    if len(sys.argv) != 3:
        raise SystemExit(__doc__)
    main(sys.argv[1], sys.argv[2])
