"""``python -m xlscore`` and the ``xlscore`` command: the command line, or a one-line message when its extra is
missing (``pip install xlscore`` installs the spreadsheet functions alone)."""

from __future__ import annotations

import sys


def main() -> int:
    """Run the command line; without the packages it needs, say which extra installs them (exit status 1)."""
    try:
        from xlscore.cli import main as run
    except ModuleNotFoundError as exc:
        print(
            f"xlscore: the command line needs {exc.name}, which is not installed: from a copy of xlscore's "
            "repository, pip install '.[cli]' (xlscore is not on the package index yet)",
            file=sys.stderr,
        )
        return 1
    return run()


if __name__ == "__main__":
    sys.exit(main())
