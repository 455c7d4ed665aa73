"""The command group every command joins, and :func:`main`, which runs it with xlscore's exit statuses.

Exit status: 0 done, 1 bad input or a workbook that cannot be read (a one-line message), 2 a usage error.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

import click

from xlscore.core.errors import XlscoreError

_EPILOG = """\b
Exit status: 0 done; 1 bad input, a workbook that cannot be read, or (recalc --check) a difference, with a
one-line message; 2 a usage error (an unknown option, a missing argument).

\b
Tab completion (click's): in bash, eval "$(_XLSCORE_COMPLETE=bash_source xlscore)" in ~/.bashrc;
zsh: zsh_source, fish: fish_source (see docs/guide/README.md).
"""


@click.group(context_settings={"help_option_names": ["-h", "--help"]}, epilog=_EPILOG)
@click.version_option(package_name="xlscore")
def cli() -> None:
    """Tournament scoring for board-game, train-game and Diplomacy events."""


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line: exit status 0 done, 1 bad input (an XlscoreError, shown as one line), 2 a usage error."""
    try:
        cli.main(args=list(argv) if argv is not None else None, prog_name="xlscore", standalone_mode=False)
    except XlscoreError as exc:
        click.echo(f"xlscore: {exc}", err=True)
        return 1
    except click.ClickException as exc:
        exc.show()
        return exc.exit_code
    except SystemExit as exc:
        return exc.code if isinstance(exc.code, int) else 1
    except click.exceptions.Abort:
        click.echo("xlscore: aborted", err=True)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
