"""``xlscore addin``: the files that install xlscore's functions into Excel, and the LibreOffice extension."""

from __future__ import annotations

from pathlib import Path

import click

from xlscore.cli.app import cli


def _wheel_url(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    """--wheel-url checked as it is read: a bad address is a usage error naming the option."""
    from xlscore.core.errors import InputError
    from xlscore.excel.functions.addin import wheel_requirement

    if value is None:
        return None
    try:
        return wheel_requirement(value)
    except InputError as exc:
        raise click.BadParameter(str(exc).removeprefix("wheel_url is "), ctx, param) from exc


FOLDER = click.Path(file_okay=False, path_type=Path)
"""Each of the command's places to write is a folder."""


@cli.command()
@click.option(
    "-o",
    "--output",
    "--write",
    "folder",
    type=FOLDER,
    help="Write the files into this folder instead of printing them (--write is the same).",
)
@click.option(
    "--libreoffice",
    "oxt_folder",
    type=FOLDER,
    help="Write xlscore.oxt, the LibreOffice extension, into this existing folder.",
)
@click.option(
    "--lite", "lite_folder", type=FOLDER, help="Write xlwings Lite's main.py and requirements.txt into this folder."
)
@click.option(
    "--wheel-url",
    callback=_wheel_url,
    help="The address of an xlscore wheel you host (https://.../xlscore-0.1.0-py3-none-any.whl): Lite's "
    "requirements.txt names it, until xlscore is on the package index.",
)
def addin(folder: Path | None, oxt_folder: Path | None, lite_folder: Path | None, wheel_url: str | None) -> None:
    """Print (or write) the files that install xlscore's functions into Excel, or write the LibreOffice extension.

    classic/xlwings.conf for classic xlwings on Windows, lite/main.py and lite/requirements.txt for xlwings Lite;
    with --lite DIR, Lite's two files alone, and with --wheel-url the requirements name your hosted wheel; with
    --libreoffice, xlscore.oxt for LibreOffice Calc (install it with: unopkg add xlscore.oxt).
    addin/README.md in the repository has the steps.

    Examples: xlscore addin -o addin; xlscore addin --lite lite --wheel-url
    https://example.org/xlscore-0.1.0-py3-none-any.whl; xlscore addin --libreoffice .
    """
    from xlscore import __version__
    from xlscore.excel.functions.addin import addin_files, write_addin

    if lite_folder is not None:
        for path in write_addin(lite_folder, __version__, wheel_url, only="lite/"):
            click.echo(f"wrote {path}")
        if folder is None and oxt_folder is None:
            return

    if oxt_folder is not None:
        from xlscore.excel.libreoffice.extension import write_extension

        path = write_extension(oxt_folder, __version__)
        click.echo(f"wrote {path}; install it with: unopkg add {path}")
        _start_libreoffice_note()
        if folder is None:
            return
    if folder is not None:
        for path in write_addin(folder, __version__, wheel_url):
            click.echo(f"wrote {path}")
        return
    for name, text in addin_files(__version__, wheel_url).items():
        click.echo(f"==> {name} <==")
        click.echo(text)


def _start_libreoffice_note() -> None:
    """Where this shell's python3 is not the system's, say how to start LibreOffice so its Python starts."""
    from xlscore.excel.libreoffice.soffice import foreign_python

    found = foreign_python()
    if found is not None:
        click.echo(
            f"note: this shell's python3 is {found}; a LibreOffice started from here would take it for its own and "
            "show #NAME? in every xlscore cell. Start LibreOffice from the desktop menu, or with: xlscore libreoffice "
            "[FILES]",
            err=True,
        )


@cli.command(
    "libreoffice",
    context_settings={"ignore_unknown_options": True, "allow_interspersed_args": False, "help_option_names": []},
)
@click.argument("arguments", nargs=-1, type=click.UNPROCESSED)
def libreoffice(arguments: tuple[str, ...]) -> None:
    """Start LibreOffice (soffice) with ARGUMENTS, with the system's Python first on the PATH.

    LibreOffice on Linux runs its Python functions (xlscore's extension among them) in the system's Python, which it
    finds as the first python3 on the PATH: started from a shell with a virtual environment active, it takes that
    one's, its Python fails to start, and every xlscore cell shows #NAME?. This starts it right from any shell, and
    waits for it to end (its exit status is this command's).

    Examples: xlscore libreoffice event.xlsx; xlscore libreoffice --calc
    """
    import subprocess

    from xlscore.core.errors import InputError
    from xlscore.excel.libreoffice.soffice import find_soffice, soffice_env

    soffice = find_soffice()
    if soffice is None:
        raise InputError("LibreOffice (soffice) is not on the PATH; install it (docs/guide/libreoffice.md)")
    raise SystemExit(subprocess.run([soffice, *arguments], env=soffice_env(), check=False).returncode)
