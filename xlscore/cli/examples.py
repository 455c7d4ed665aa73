"""``xlscore examples``: the sources' worked examples, scored, so a coordinator can check each system against
the published figures."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import click

from xlscore.cli.app import cli


def _rplops_example() -> list[str]:
    from xlscore.core.systems.rplops import plops, rplops2

    lines = ["RPLOPS / PLOPS: a 5-player game with a tie for 2nd (ranks 1, 2, 2, 4, 5), x = 50"]
    for label, rule in (("PLOPS (v1)", plops), ("RPLOPS2", rplops2)):
        points = [rule(1, 5), rule(2, 5, tied=2), rule(2, 5, tied=2), rule(4, 5), rule(5, 5)]
        lines.append(f"  {label:<11}" + "  ".join(f"{p:6.2f}" for p in points))
    return lines


def _puffing_billy_example() -> list[str]:
    from xlscore.core.systems.puffing_billy import pb_board, pb_final

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
    from xlscore.core.systems.size_matters import size_matters_board

    board = [12, 8, 7, 7, 0, 0, 0]
    lines = [f"Size Matters: a 4-way draw on centres {board}"]
    lines.append("  exact        " + "  ".join(f"{s:6.2f}" for s in size_matters_board(board)[:4]))
    lines.append("  article (m2) " + "  ".join(f"{s:6.2f}" for s in size_matters_board(board, 2)[:4]))
    return lines


def _gibbs_example() -> list[str]:
    from xlscore.core.systems.gibbs import gibbs_game

    lines = ["Gibbs ranking points: four newcomers (1500 RP, no games) play their first 4-player game"]
    for place, rp in enumerate(gibbs_game([1500] * 4, [0] * 4, [1, 2, 3, 4]), start=1):
        lines.append(f"  place {place}  {rp:8.2f}")
    lines.append("  1500 + 0.08 x 503 x (1 - 1/4) = 1530.18 for the winner")
    return lines


def _league_example() -> list[str]:
    from xlscore.core.systems.league import league_points, league_schedule

    players = ["Ann", "Bo", "Cy", "Di", "Eve", "Fay", "Gus"]
    lines = ["Meeple League: league points in a 4-player game, and a league of 7's schedule"]
    lines.append("  places 1, 2, 3, 4:     " + "  ".join(f"{league_points(p, 4):g}" for p in (1, 2, 3, 4)))
    lines.append(f"  a tie for 2nd and 3rd: {league_points(2, 4, 2):g} each")
    for number, game in enumerate(league_schedule(players, 4), start=1):
        lines.append(f"  G{number}  " + "  ".join(f"{p:<4}" for p in game).rstrip())
    return lines


EXAMPLES: Sequence[Callable[[], list[str]]] = (
    _rplops_example,
    _puffing_billy_example,
    _size_matters_example,
    _gibbs_example,
    _league_example,
)


@cli.command()
def examples() -> None:
    """Score the sources' worked examples and print them.

    Example: xlscore examples
    """
    for example in EXAMPLES:
        click.echo("\n".join(example()))
        click.echo()
