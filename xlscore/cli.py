"""The xlscore command line: a thin caller of the core.

``xlscore examples`` scores the sources' worked examples, so a coordinator can see each system at work and check it
against the published figures.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from pathlib import Path

import click

from xlscore.core.errors import XlscoreError
from xlscore.core.puffing_billy import pb_board, pb_final
from xlscore.core.rplops import plops, rplops2
from xlscore.core.size_matters import size_matters_board


def _rplops_example() -> list[str]:
    lines = ["RPLOPS / PLOPS: a 5-player game with a tie for 2nd (ranks 1, 2, 2, 4, 5), x = 50"]
    for label, rule in (("PLOPS (v1)", plops), ("RPLOPS2", rplops2)):
        points = [rule(1, 5), rule(2, 5, tied=2), rule(2, 5, tied=2), rule(4, 5), rule(5, 5)]
        lines.append(f"  {label:<11}" + "  ".join(f"{p:6.2f}" for p in points))
    return lines


def _puffing_billy_example() -> list[str]:
    players = ["Jenny", "Damien", "Stephen", "Sybil", "Ben"]
    money = [252_000, 248_000, 121_000, 98_000, 60_000]
    lines = ["Puffing Billy: the TGA's mock Empire Builder board"]
    for player, cash, score in zip(players, money, pb_board(money), strict=True):
        shown = "no score" if score is None else f"{score:.3f}"
        lines.append(f"  {player:<8}{cash:>9,}  {shown}")
    top = pb_final([money[:4]])[0]
    lines.append(f"  as a final board: Jenny's ratio {top.ratio:.3f}, final bonus {top.bonus}")
    return lines


def _size_matters_example() -> list[str]:
    board = [12, 8, 7, 7, 0, 0, 0]
    lines = [f"Size Matters: a 4-way draw on centres {board}"]
    lines.append("  exact        " + "  ".join(f"{s:6.2f}" for s in size_matters_board(board)[:4]))
    lines.append("  article (m2) " + "  ".join(f"{s:6.2f}" for s in size_matters_board(board, 2)[:4]))
    return lines


EXAMPLES: Sequence[Callable[[], list[str]]] = (_rplops_example, _puffing_billy_example, _size_matters_example)


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="xlscore")
def cli() -> None:
    """Tournament scoring for board-game, train-game and Diplomacy events."""


@cli.command()
def examples() -> None:
    """Score the sources' worked examples and print them.

    Example: xlscore examples
    """
    for example in EXAMPLES:
        click.echo("\n".join(example()))
        click.echo()


@cli.command()
@click.option(
    "--write",
    "folder",
    type=click.Path(file_okay=False, path_type=Path),
    help="Write the files into this folder instead of printing them.",
)
def addin(folder: Path | None) -> None:
    """Print (or write) the files that install xlscore's functions into Excel.

    classic/xlwings.conf for classic xlwings on Windows, lite/main.py and lite/requirements.txt for xlwings Lite;
    addin/README.md in the repository has the steps.

    Example: xlscore addin --write addin
    """
    from xlscore import __version__
    from xlscore.excel.addin import addin_files, write_addin

    if folder is not None:
        for path in write_addin(folder, __version__):
            click.echo(f"wrote {path}")
        return
    for name, text in addin_files(__version__).items():
        click.echo(f"==> {name} <==")
        click.echo(text)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; an XlscoreError becomes a one-line message and exit status 2."""
    try:
        cli.main(args=list(argv) if argv is not None else None, prog_name="xlscore", standalone_mode=False)
    except XlscoreError as exc:
        click.echo(f"xlscore: {exc}", err=True)
        return 2
    except click.ClickException as exc:
        exc.show()
        return exc.exit_code
    except click.exceptions.Abort:
        click.echo("xlscore: aborted", err=True)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
