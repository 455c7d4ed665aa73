"""``xlscore addin``: the files that install xlscore's functions into Excel, and the LibreOffice extension."""

from __future__ import annotations

from pathlib import Path

import click

from xlscore.cli.app import cli


@cli.command()
@click.option(
    "-o",
    "--output",
    "--write",
    "folder",
    type=click.Path(file_okay=False, path_type=Path),
    help="Write the files into this folder instead of printing them (--write is the same).",
)
@click.option(
    "--libreoffice",
    "oxt_folder",
    type=click.Path(file_okay=False, path_type=Path),
    help="Write xlscore.oxt, the LibreOffice extension, into this existing folder.",
)
def addin(folder: Path | None, oxt_folder: Path | None) -> None:
    """Print (or write) the files that install xlscore's functions into Excel, or write the LibreOffice extension.

    classic/xlwings.conf for classic xlwings on Windows, lite/main.py and lite/requirements.txt for xlwings Lite;
    with --libreoffice, xlscore.oxt for LibreOffice Calc (install it with: unopkg add xlscore.oxt).
    addin/README.md in the repository has the steps.

    Examples: xlscore addin -o addin; xlscore addin --libreoffice .
    """
    from xlscore import __version__
    from xlscore.excel.functions.addin import addin_files, write_addin

    if oxt_folder is not None:
        from xlscore.excel.libreoffice.extension import write_extension

        path = write_extension(oxt_folder, __version__)
        click.echo(f"wrote {path}; install it with: unopkg add {path}")
        if folder is None:
            return
    if folder is not None:
        for path in write_addin(folder, __version__):
            click.echo(f"wrote {path}")
        return
    for name, text in addin_files(__version__).items():
        click.echo(f"==> {name} <==")
        click.echo(text)
