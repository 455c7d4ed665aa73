"""The command group every command joins, and :func:`main`, which runs it with xlscore's exit statuses.

Exit status: 0 done, 1 bad input or a workbook that cannot be read (a one-line message), 2 a usage error.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Sequence
from typing import Any

import click

from xlscore.core.errors import XlscoreError
from xlscore.excel.headless import xlscore_errors

_EPILOG = """\b
Exit status: 0 done; 1 bad input, a workbook that cannot be read, or (recalc --check) a difference, with a
one-line message; 2 a usage error (an unknown option, a missing argument).

\b
Tab completion (click's): in bash, eval "$(_XLSCORE_COMPLETE=bash_source xlscore)" in ~/.bashrc;
zsh: zsh_source, fish: fish_source (see docs/guide/README.md).
"""


class _Command(click.Command):
    """A command whose bad option value, found by the core (which names its argument, ``table_size 1 is outside
    3..7``), is a usage error naming the option as typed: ``Invalid value for '--table-size': 1 is outside 3..7``,
    exit status 2, as click does for a value its own type refuses."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            with xlscore_errors():  # a workbook the engine refuses: xlscore's WorkbookError
                return super().invoke(ctx)
        except XlscoreError as exc:
            raise _as_usage_error(exc, ctx) or exc from exc


class _Group(click.Group):
    command_class = _Command
    group_class = type


def _as_usage_error(exc: XlscoreError, ctx: click.Context) -> click.BadParameter | None:
    """The core's error as a bad value of the option it names by its Python name (the message's first word), or
    None when it names no option of the command (a workbook's cell, a table's column)."""
    first = re.match(r"[a-z_]+", str(exc))
    if first is None:
        return None
    for param in ctx.command.params:
        if isinstance(param, click.Option) and param.name == first.group() and ctx.params.get(param.name) is not None:
            source = ctx.get_parameter_source(param.name)
            if source is click.core.ParameterSource.COMMANDLINE:
                value = str(exc)[first.end() :].strip()
                return click.BadParameter(value.removeprefix("is ").strip(), ctx, param)
    return None


@click.group(cls=_Group, context_settings={"help_option_names": ["-h", "--help"]}, epilog=_EPILOG)
@click.version_option(package_name="xlscore")
def cli() -> None:
    """Tournament scoring for board-game, train-game and Diplomacy events."""


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line: exit status 0 done, 1 bad input (an XlscoreError, shown as one line), 2 a usage error."""
    try:
        with xlscore_errors():
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
